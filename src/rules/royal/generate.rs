//! Royal's legal moves (docs/rules.md 5.2, 5.3): the moves of 5.2 made on a copy
//! of the board and kept when they pass L1–L3 in order.
#![expect(
    clippy::indexing_slicing,
    reason = "every index is a `Square` (below `SQUARES` = 100) or a `Color` (0 or 1), into tables of exactly those lengths"
)]

use super::attacks::attackers;
use super::{has_cover, long_advance, passed_squares, victim};
use crate::rules::board::Board;
use crate::rules::castling::{CastleSpec, Rights};
use crate::rules::geometry::{Bitboard, Square, PAWN_ATTACKS};
use crate::rules::movegen::Sink;
use crate::rules::moves::{Move, MoveKind};
use crate::rules::position::Position;
use crate::rules::resolve::CastleFailure;
use crate::rules::role::{Color, Piece, Role};

/// The pieces a pawn may become (docs/rules.md 5.2).
const PROMOTION: [Role; 4] = [Role::Queen, Role::Rook, Role::Bishop, Role::Knight];

/// What the legality test needs of the position before the move.
struct Judge<'a> {
    board: &'a Board,
    us: Color,
    king: Square,
    their_king: Option<Square>,
    cover: bool,
    /// Every move of 5.2, L1–L3 not applied (to name the rule a written
    /// move breaks).
    pseudo: bool,
}

impl Judge<'_> {
    /// L2 and L3 for the move of `mover` from `from` to `to`, taking the man
    /// on `captured` (if any) and leaving `placed` on `to`.
    fn allows(&self, from: Square, to: Square, captured: Option<Square>, placed: Piece) -> bool {
        if self.pseudo {
            return true;
        }
        let mut after = self.board.clone();
        after.take(from);
        if let Some(c) = captured {
            after.take(c);
        }
        after.put(to, placed);
        let king = if from == self.king { to } else { self.king };
        let occupied = after.occupied();
        if !attackers(&after, king, !self.us, occupied).any() {
            return true;
        }
        // L2: without cover the king must not stay attacked; L3: never both.
        self.cover && !self.their_king.is_some_and(|k| attackers(&after, k, self.us, occupied).any())
    }
}

/// Generates the legal moves with a target (the king's, for castling) in
/// `restrict`. None in a losing position (5.4: the game is over) or for a
/// side without a king.
pub(crate) fn generate<S: Sink>(pos: &Position, sink: &mut S, restrict: Bitboard) {
    generate_with(pos, sink, restrict, false);
}

/// The moves of 5.2 with a target in `restrict`, the rules of 5.3 not
/// applied (castling keeps its own conditions).
pub(crate) fn generate_pseudo<S: Sink>(pos: &Position, sink: &mut S, restrict: Bitboard) {
    generate_with(pos, sink, restrict, true);
}

fn generate_with<S: Sink>(pos: &Position, sink: &mut S, restrict: Bitboard, pseudo: bool) {
    let board = pos.board();
    let us = pos.turn();
    let them = !us;
    let Some(king) = board.king_of(us) else { return };
    let occupied = board.occupied();
    let their_king = board.king_of(them);
    if let Some(k) = their_king {
        let hits = attackers(board, k, us, occupied);
        if hits.any() && !pseudo {
            // L1: the king capture is compulsory; without cover the
            // attacked side has already lost.
            if has_cover(board, them) && restrict.contains(k) {
                capture_king(pos, sink, hits, k);
            }
            return;
        }
    }
    let judge = Judge { board, us, king, their_king, cover: has_cover(board, us), pseudo };
    let ours = board.by_color(us);
    for from in ours & !board.by_role(Role::Pawn) {
        let Some(mover) = board.piece_at(from) else { continue };
        let targets = Board::attacks(mover.role, from, occupied) & !ours & restrict;
        let legal = targets.filter(|&to| judge.allows(from, to, Some(to).filter(|&t| occupied.contains(t)), mover));
        let legal = legal.fold(Bitboard::EMPTY, Bitboard::with);
        if legal.any() {
            sink.targets(from, legal);
        }
        if sink.full() {
            return;
        }
    }
    pawn_moves(pos, sink, &judge, restrict);
    if sink.full() {
        return;
    }
    en_passant(pos, sink, &judge, restrict);
    if pos.checkers().is_empty() {
        castling(pos, sink, king, restrict);
    }
}

/// Every capture of the enemy king on `k` by the men `hits` (L1).
fn capture_king<S: Sink>(pos: &Position, sink: &mut S, hits: Bitboard, k: Square) {
    let last = pos.rules().promotion_rank[pos.turn().index()];
    for from in hits {
        if pos.board().piece_at(from).is_some_and(|p| p.role == Role::Pawn) && last.contains(k) {
            sink.promotions(from, k.bb(), &PROMOTION);
        } else {
            sink.targets(from, k.bb());
        }
    }
}

fn pawn_moves<S: Sink>(pos: &Position, sink: &mut S, judge: &Judge<'_>, restrict: Bitboard) {
    let board = pos.board();
    let us = pos.turn();
    let last = pos.rules().promotion_rank[us.index()];
    let empty = !board.occupied() & Bitboard::FULL;
    let (long_from, farthest) = long_advance(us);
    let pawn = Piece::new(us, Role::Pawn);
    for from in board.by_piece(pawn) {
        let mut targets = Bitboard(PAWN_ATTACKS[us.index()][from.index()]) & board.by_color(!us);
        let mut sq = from;
        while let Some(next) = sq.offset(0, us.forward()).filter(|&s| empty.contains(s)) {
            targets = targets.with(next);
            if !long_from.contains(from) || next.rank() == farthest {
                break;
            }
            sq = next;
        }
        let occupied = board.occupied();
        for to in targets & restrict {
            let captured = Some(to).filter(|&t| occupied.contains(t));
            if last.contains(to) {
                for role in PROMOTION {
                    if judge.allows(from, to, captured, Piece::new(us, role)) {
                        sink.push(Move::new(from, to, MoveKind::Promotion(role)));
                    }
                }
            } else if judge.allows(from, to, captured, pawn) {
                sink.push(Move::new(from, to, MoveKind::Normal));
            }
        }
    }
}

/// Captures of the pawn that just passed the en passant squares, on any of
/// them (docs/rules.md 5.2).
fn en_passant<S: Sink>(pos: &Position, sink: &mut S, judge: &Judge<'_>, restrict: Bitboard) {
    let Some(ep) = pos.ep_square() else { return };
    let board = pos.board();
    let us = pos.turn();
    let Some(pawn) = victim(board, ep, !us) else { return };
    let ours = board.by_piece(Piece::new(us, Role::Pawn));
    for to in passed_squares(board, ep, !us) & restrict {
        for from in Bitboard(PAWN_ATTACKS[(!us).index()][to.index()]) & ours {
            if judge.allows(from, to, Some(pawn), Piece::new(us, Role::Pawn)) {
                sink.push(Move::new(from, to, MoveKind::EnPassant));
            }
        }
    }
}

/// Castling of docs/rules.md 5.2 (the king not attacked: the caller checks).
fn castling<S: Sink>(pos: &Position, sink: &mut S, king: Square, restrict: Bitboard) {
    let us = pos.turn();
    let board = pos.board();
    let rook = Some(Piece::new(us, Role::Rook));
    for (i, spec) in pos.castles_of(Rights(pos.rights().0 & Rights::castling_of(us).0)) {
        if spec.king_from != king || !restrict.contains(spec.king_to) {
            continue;
        }
        if board.piece_at(spec.rook_from) != rook || (board.occupied() & spec.between).any() {
            continue;
        }
        if castle_attack(pos, spec).is_some() {
            continue;
        }
        sink.push(Move::new(spec.king_from, spec.king_to, MoveKind::Castle(i)));
    }
}

/// The first attack that forbids the castling `spec` of the side to move
/// (docs/rules.md 5.2, with the attack test of 5.3): the king attacked, a square
/// it crosses attacked (the king lifted, the rook home), the square it
/// lands on attacked once king and rook have moved. `None` when no attack
/// stands in its way. Royal has no condition on the rook's square.
pub(crate) fn castle_attack(pos: &Position, spec: &CastleSpec) -> Option<CastleFailure> {
    let board = pos.board();
    let them = !pos.turn();
    if pos.checkers().any() {
        return Some(CastleFailure::KingInCheck);
    }
    let lifted = board.occupied().without(spec.king_from);
    if let Some(sq) = { spec.king_path }.find(|&sq| attackers(board, sq, them, lifted).any()) {
        return Some(CastleFailure::KingPassesAttacked(sq));
    }
    let mut after = board.clone();
    if let (Some(k), Some(r)) = (after.take(spec.king_from), after.take(spec.rook_from)) {
        after.put(spec.king_to, k);
        after.put(spec.rook_to, r);
    }
    attackers(&after, spec.king_to, them, after.occupied())
        .any()
        .then_some(CastleFailure::KingAttackedAfter(spec.king_to))
}
