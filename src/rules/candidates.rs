//! The quick path of move resolution (issue 13, "candidates by role"): the
//! men that can make a written move are found from the target square (the
//! attacks of that kind from `to`, which are symmetric, and the pawn pushes
//! that end there), and only those few are tested for pins and check. No move
//! list, no allocation. It answers only when exactly one legal move fits; for
//! anything else [`Position::resolve`] takes the full path, which names the
//! error.
#![expect(clippy::indexing_slicing, reason = "tables indexed by a `Color` (0 or 1) and a `Square` (below 100)")]

use super::board::Board;
use super::castling::Rights;
use super::geometry::{Bitboard, Square, PAWN_ATTACKS};
use super::moves::{Move, MoveKind};
use super::position::Position;
use super::resolve::MoveSpec;
use super::role::{Piece, Role};

/// The legal moves that fit, counted; the last one kept.
///
/// The functions that add to it are inlined into [`Position::resolve_quick`]
/// so that it lives in registers. Passed by reference to a call, it lived on
/// the stack: its move written a byte at a time, then read back by one
/// 32-bit load, which the processor cannot forward from the pending byte
/// stores (a store-forwarding stall on every resolved move: `pgn100
/// validate` of Sesse took about 3 % longer for the same instructions;
/// BENCHMARKS.md, issue 13, session of 2026-12-04, 21:05 UTC).
#[derive(Default)]
struct Fits {
    count: u32,
    last: Option<Move>,
}

impl Fits {
    fn add(&mut self, m: Move) {
        self.count += 1;
        self.last = Some(m);
    }
    fn only(self) -> Option<Move> {
        if self.count == 1 {
            self.last
        } else {
            None
        }
    }
}

impl Position {
    /// The one legal move (not a castling) that fits `spec`, or `None` when
    /// none or several do.
    pub(crate) fn resolve_quick(&self, spec: &MoveSpec) -> Option<Move> {
        let rules = self.rules();
        if rules.legality != super::variant::Legality::KingSafe {
            // Royal's legality (docs/rules.md 5.3) is the generator's alone.
            return None;
        }
        let board = self.board();
        let us = self.turn();
        let to = spec.to;
        if !rules.board.contains(to) || board.by_color(us).contains(to) {
            return None;
        }
        let mut from_mask = rules.board;
        if let Some(f) = spec.from_file {
            from_mask &= Bitboard::file(f);
        }
        if let Some(r) = spec.from_rank {
            from_mask &= Bitboard::rank(r);
        }
        let ours = board.by_piece(Piece::new(us, spec.role)) & from_mask;
        if ours.is_empty() {
            return None;
        }
        let mut fits = Fits::default();
        match spec.role {
            Role::King => self.king_fits(spec, &mut fits),
            Role::Pawn => self.pawn_fits(spec, ours, &mut fits),
            role => {
                if spec.promotion.is_some() || spec.throne.is_some() {
                    return None;
                }
                let blockers = board.occupied() | rules.outside();
                // The men of the kind that reach `to` on an empty board (one
                // load: the kinds' moves are symmetric, and no kind here
                // has Royal's two-step), usually one: each with nothing
                // between it and `to` (a leap has nothing between) fits
                // if it leaves the king safe.
                let king = self.our_king();
                for from in Board::reach(role, to) & ours {
                    if (Bitboard::between(from, to) & blockers).is_empty() && self.keeps_king_safe(king, from, to) {
                        fits.add(Move::new(from, to, MoveKind::Normal));
                    }
                }
            }
        }
        fits.only()
    }

    /// Those of `men` (ours, of one kind that is neither the king nor a
    /// pawn, each reaching `to` on this board) that may legally move to
    /// `to`: the rivals a short move's text must tell apart. `None` where
    /// only the generator knows (Royal, docs/rules.md 5.3).
    pub(crate) fn legal_from(&self, men: Bitboard, to: Square) -> Option<Bitboard> {
        if self.rules().legality != super::variant::Legality::KingSafe {
            return None;
        }
        let king = self.our_king();
        Some(men.filter(|&from| self.keeps_king_safe(king, from, to)).fold(Bitboard::EMPTY, Bitboard::with))
    }

    /// Whether moving our man (not the king) from `from` to `to`, taking
    /// what stands there, leaves our king (on `king`) out of check.
    #[inline(always)]
    fn keeps_king_safe(&self, king: Square, from: Square, to: Square) -> bool {
        let board = self.board();
        if self.checkers().is_empty() {
            // Out of check only a pin can forbid the move: a rider of theirs
            // behind `from` on the one line from the king through it. Most
            // men share no line with the king, or no rider of theirs stands
            // on that ray at all: then the occupancy is never needed.
            let riders = board.riders_on_ray(king, from, !self.turn()).without(to);
            if riders.is_empty() {
                return true;
            }
            let occupied = board.occupied().without(from).with(to) | self.rules().outside();
            return (Bitboard::ray_towards(king, from, occupied) & riders).is_empty();
        }
        let occupied = board.occupied().without(from).with(to) | self.rules().outside();
        board.attackers_to(king, !self.turn(), occupied).without(to).is_empty()
    }

    // Inlined so that `fits` stays in registers: see `Fits`.
    #[inline(always)]
    fn king_fits(&self, spec: &MoveSpec, fits: &mut Fits) {
        let rules = self.rules();
        let us = self.turn();
        let king = self.our_king();
        let to = spec.to;
        if spec.promotion.is_some() || !Bitboard::king_attacks(king).contains(to) {
            return;
        }
        let without_king = self.board().occupied().without(king);
        let throne = rules.throne.map(|t| t[us.index()]).filter(|_| self.rights().has(Rights::throne(us)));
        if Some(to) == throne {
            let empties = rules.pawn_rank[us.index()] & rules.board & !without_king.with(to);
            if empties.any() {
                // The gain is part of the move: only throne moves exist here.
                if let Some(pawn) = spec.throne.filter(|&p| empties.contains(p)) {
                    if !self.attacked_after(to, without_king.with(to).with(pawn)) {
                        fits.add(Move::new(king, to, MoveKind::Throne(pawn)));
                    }
                }
                return;
            }
        }
        if spec.throne.is_none() && !self.attacked_after(to, without_king) {
            fits.add(Move::new(king, to, MoveKind::Normal));
        }
    }

    // Inlined so that `fits` stays in registers: see `Fits`.
    #[inline(always)]
    fn pawn_fits(&self, spec: &MoveSpec, ours: Bitboard, fits: &mut Fits) {
        if spec.throne.is_some() {
            return;
        }
        let rules = self.rules();
        let board = self.board();
        let us = self.turn();
        let to = spec.to;
        let back = -us.forward();
        let capturers = Bitboard(PAWN_ATTACKS[(!us).index()][to.index()]) & ours;
        let king = self.our_king();
        if board.by_color(!us).contains(to) {
            for from in capturers {
                if self.keeps_king_safe(king, from, to) {
                    self.add_pawn_move(spec, from, fits);
                }
            }
            return;
        }
        if board.occupied().contains(to) {
            return;
        }
        if self.ep_square() == Some(to) && spec.promotion.is_none() {
            if let Some(captured) = to.up(back) {
                for from in capturers {
                    if self.en_passant_is_safe(king, from, to, captured) {
                        fits.add(Move::new(from, to, MoveKind::EnPassant));
                    }
                }
            }
        }
        let Some(one) = to.up(back) else { return };
        if ours.contains(one) {
            if self.keeps_king_safe(king, one, to) {
                self.add_pawn_move(spec, one, fits);
            }
        } else if !board.occupied().contains(one) && rules.board.contains(one) {
            if let Some(two) = one.up(back).filter(|&s| ours.contains(s)) {
                if rules.pawn_rank[us.index()].contains(two) && self.keeps_king_safe(king, two, to) {
                    self.add_pawn_move(spec, two, fits);
                }
            }
        }
    }

    /// A legal pawn move from `from` to `spec.to`: plain, or each promotion
    /// the square allows (as the generator lists them, one per class).
    // Inlined so that `fits` stays in registers: see `Fits`.
    #[inline(always)]
    fn add_pawn_move(&self, spec: &MoveSpec, from: Square, fits: &mut Fits) {
        let rules = self.rules();
        let us = self.turn();
        let to = spec.to;
        let last = rules.promotion_rank[us.index()].contains(to);
        let optional = rules.promotion_optional[us.index()].contains(to);
        match spec.promotion {
            None if !last => fits.add(Move::new(from, to, MoveKind::Normal)),
            None => {}
            Some(_) if !last && !optional => {}
            Some(role) => {
                for (squares, roles) in self.promotion_classes().iter() {
                    if squares.contains(to) && roles.contains(&role) {
                        fits.add(Move::new(from, to, MoveKind::Promotion(role)));
                    }
                }
            }
        }
    }
}
