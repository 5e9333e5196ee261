//! Move resolution: what a move token says (as plain values, no text) plus a
//! position give the legal move, or the precise reason there is none.
#![expect(clippy::indexing_slicing, reason = "tables indexed by a `Color` (0 or 1) and a `Square` (below 100)")]

use super::board::Board;
use super::castling::{Rights, Stage, Wing};
use super::geometry::{Bitboard, Square, PAWN_ATTACKS};
use super::movegen::Find;
use super::moves::{Move, MoveKind};
use super::position::Position;
use super::role::{Piece, Role};

/// A move of a man as written: the parts the notation gave.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveSpec {
    pub role: Role,
    pub from_file: Option<u8>,
    pub from_rank: Option<u8>,
    pub to: Square,
    pub promotion: Option<Role>,
    pub throne: Option<Square>,
    /// Only the file of `to` is written (`de`: a pawn's capture by files):
    /// its rank is any, and the move must capture.
    pub any_rank: bool,
}

/// A castling as written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CastleText {
    /// Hundred: stage and wing.
    TwoStage(Stage, Wing),
    /// `0-0` / `0-0-0` of Chess, Dice and Royal.
    Chess(Wing),
}

/// Why a man cannot make the move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Obstacle {
    /// The man does not move that way at all.
    Geometry,
    /// A man stands in the way.
    Blocked(Square),
    /// The target holds a man of the mover's own side.
    OwnMan(Square),
    /// A pawn's diagonal step needs something to capture.
    NothingToCapture,
    /// A pawn's straight step needs an empty square.
    PawnBlocked(Square),
    /// The move would leave (or put) the own king in check.
    KingInCheck,
    /// A pawn's step to the last rank, where it must promote, but no piece
    /// is there to become (Grand: only a piece the side has lost, and it
    /// has lost none that may be had there).
    NoPromotionPiece,
    /// The man moves that way and nothing stands in the way, yet the move is
    /// not legal for a reason the other obstacles do not name (no variant
    /// has one today: a new rule must get its own obstacle).
    Unexplained,
}

/// The condition of docs/rules.md 1.4 a castling fails.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CastleFailure {
    /// First stage: the king or that rook has moved.
    FirstStageRightLost,
    /// Second stage: no first stage on this wing, or the king has moved
    /// since, or the corner rook has moved otherwise or been taken.
    SecondStageRightLost,
    /// Second stage: the corner rook has not yet stepped beside the corner.
    CornerRookNotStepped(Square),
    /// The king is not where this castling starts.
    KingNotThere(Square),
    /// The rook is not where this castling needs it.
    RookNotThere(Square),
    /// Squares between king and rook are occupied.
    Occupied(Vec<Square>),
    KingInCheck,
    /// Chess: a square the king passes over is attacked.
    KingPassesAttacked(Square),
    KingAttackedAfter(Square),
    RookAttackedAfter(Square),
}

/// Why a written move is not a legal move here.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ResolveError {
    /// Long form: the from-square is empty.
    NoMan { from: Square },
    /// Long form: the man on the from-square is the opponent's.
    OpponentsMan { from: Square, role: Role },
    /// Long form: the man on the from-square is of another kind.
    WrongMan { from: Square, found: Role },
    /// The man on `from` cannot go to `to`; `legal` are the targets it has.
    CannotGo { from: Square, obstacle: Obstacle, legal: Vec<Move> },
    /// Short form: no man of that kind can go there.
    NoCandidate { role: Role, to: Square, pinned_or_checked: Vec<Square> },
    /// Short form: more than one man of that kind can go there.
    Ambiguous { candidates: Vec<Move> },
    /// A pawn reaches the last rank without a promotion piece.
    MissingPromotion { allowed: Vec<Role> },
    /// A promotion piece not allowed on that square.
    ForbiddenPromotion { piece: Role, allowed: Vec<Role> },
    /// A promotion piece on a move that is not a promotion.
    NotAPromotion,
    /// A king move gains the throne pawn but no square is written.
    MissingThronePawn { empty: Vec<Square> },
    /// A throne square that is not an allowed empty square of the pawn rank.
    MisplacedThronePawn { square: Square, allowed: Vec<Square> },
    /// A throne mark on a move that gains no pawn.
    NoThronePawn,
    /// A castling that fails a condition.
    Castle { failure: CastleFailure },
    /// A castling token of another variant (`0-0` in Hundred).
    WrongVariantCastling,
    /// A capture by files (`de`): no man of that kind on the from-file
    /// (any, when `from_file` is `None`) can capture on the target file.
    NoFileCapture { role: Role, from_file: Option<u8>, to_file: u8 },
}

impl Position {
    /// Resolves a written move of a man. The quick path (candidates by role,
    /// no allocation) answers when exactly one legal move fits; otherwise the
    /// full path finds the error.
    pub fn resolve(&self, spec: &MoveSpec) -> Result<Move, ResolveError> {
        if spec.any_rank {
            return self.resolve_file_capture(spec);
        }
        match self.resolve_quick(spec) {
            Some(m) => Ok(m),
            None => self.resolve_full(spec),
        }
    }

    /// Resolution from the legal moves to `spec.to`: the reference, and the
    /// only path that names errors.
    fn resolve_full(&self, spec: &MoveSpec) -> Result<Move, ResolveError> {
        let mut legal = Vec::new();
        self.legal_moves_to(spec.to.bb(), &mut legal);
        let us = self.turn();
        let board = self.board();
        let from_ok =
            |sq: Square| spec.from_file.is_none_or(|f| f == sq.file()) && spec.from_rank.is_none_or(|r| r == sq.rank());
        let by_kind: Vec<Move> = legal
            .iter()
            .copied()
            .filter(|m| {
                !m.is_castle()
                    && m.to == spec.to
                    && from_ok(m.from)
                    && board.piece_at(m.from).map(|p| p.role) == Some(spec.role)
            })
            .collect();
        let matching: Vec<Move> = by_kind
            .iter()
            .copied()
            .filter(|m| {
                m.promotion() == spec.promotion
                    && match m.kind {
                        MoveKind::Throne(sq) => spec.throne == Some(sq),
                        _ => spec.throne.is_none(),
                    }
            })
            .collect();
        match matching.as_slice() {
            [m] => return Ok(*m),
            [_, ..] => return Err(ResolveError::Ambiguous { candidates: matching }),
            [] => {}
        }
        if let Some(&m) = by_kind.first() {
            // Right man and square: the promotion or throne part is wrong.
            if m.promotion().is_some() {
                let allowed = self.promotion_choices(m.to);
                return Err(match spec.promotion {
                    None => ResolveError::MissingPromotion { allowed },
                    Some(piece) => ResolveError::ForbiddenPromotion { piece, allowed },
                });
            }
            if spec.promotion.is_some() {
                return Err(ResolveError::NotAPromotion);
            }
            let empty: Vec<Square> = by_kind
                .iter()
                .filter_map(|m| if let MoveKind::Throne(sq) = m.kind { Some(sq) } else { None })
                .collect();
            return Err(match spec.throne {
                None => ResolveError::MissingThronePawn { empty },
                Some(square) if !empty.is_empty() => ResolveError::MisplacedThronePawn { square, allowed: empty },
                Some(_) => ResolveError::NoThronePawn,
            });
        }
        if let Some(from) = spec.from_file.zip(spec.from_rank).and_then(|(f, r)| Square::new(f, r)) {
            self.legal_moves(&mut legal);
            return Err(self.why_not(from, spec, &legal));
        }
        // Short form: which men of that kind could go there but for a check?
        let ours = board.by_piece(Piece::new(us, spec.role));
        let blocked_by_check: Vec<Square> = ours
            .filter(|&from| from_ok(from) && matches!(self.obstacle(from, spec.role, spec.to), Obstacle::KingInCheck))
            .collect();
        Err(ResolveError::NoCandidate { role: spec.role, to: spec.to, pinned_or_checked: blocked_by_check })
    }

    /// Resolves a capture written by files (`de`): the one legal capture of
    /// a man of that kind from the from-file onto the target file.
    fn resolve_file_capture(&self, spec: &MoveSpec) -> Result<Move, ResolveError> {
        let mut legal = Vec::new();
        self.legal_moves(&mut legal);
        let board = self.board();
        let by_kind: Vec<Move> = legal
            .iter()
            .copied()
            .filter(|&m| {
                !m.is_castle()
                    && m.to.file() == spec.to.file()
                    && spec.from_file.is_none_or(|f| f == m.from.file())
                    && spec.from_rank.is_none_or(|r| r == m.from.rank())
                    && board.piece_at(m.from).map(|p| p.role) == Some(spec.role)
                    && self.is_capture(m)
            })
            .collect();
        let matching: Vec<Move> = by_kind.iter().copied().filter(|m| m.promotion() == spec.promotion).collect();
        match matching.as_slice() {
            [m] => return Ok(*m),
            [_, ..] => return Err(ResolveError::Ambiguous { candidates: matching }),
            [] => {}
        }
        match by_kind.first() {
            Some(m) if m.promotion().is_some() => {
                let allowed = self.promotion_choices(m.to);
                Err(match spec.promotion {
                    None => ResolveError::MissingPromotion { allowed },
                    Some(piece) => ResolveError::ForbiddenPromotion { piece, allowed },
                })
            }
            Some(_) => Err(ResolveError::NotAPromotion),
            None => {
                Err(ResolveError::NoFileCapture { role: spec.role, from_file: spec.from_file, to_file: spec.to.file() })
            }
        }
    }

    /// Why the man on `from` cannot make the written move.
    fn why_not(&self, from: Square, spec: &MoveSpec, legal: &[Move]) -> ResolveError {
        let Some(piece) = self.board().piece_at(from) else {
            return ResolveError::NoMan { from };
        };
        if piece.color != self.turn() {
            return ResolveError::OpponentsMan { from, role: piece.role };
        }
        if piece.role != spec.role {
            return ResolveError::WrongMan { from, found: piece.role };
        }
        let legal: Vec<Move> = legal.iter().copied().filter(|m| m.from == from && !m.is_castle()).collect();
        ResolveError::CannotGo { from, obstacle: self.obstacle(from, spec.role, spec.to), legal }
    }

    /// The first reason a man of kind `role` on `from` cannot go to `to`.
    fn obstacle(&self, from: Square, role: Role, to: Square) -> Obstacle {
        let board = self.board();
        let us = self.turn();
        if board.by_color(us).contains(to) {
            return Obstacle::OwnMan(to);
        }
        if role == Role::Pawn {
            return self.pawn_obstacle(from, to);
        }
        let empty_board = Board::attacks(role, from, self.rules().outside());
        if !empty_board.contains(to) {
            return Obstacle::Geometry;
        }
        let reach = Board::attacks(role, from, board.occupied() | self.rules().outside());
        if !reach.contains(to) {
            let between = Bitboard::between(from, to) & board.occupied();
            // The blocker nearest to the mover.
            let nearest = between.min_by_key(|sq| {
                (sq.file() as i32 - from.file() as i32).abs() + (sq.rank() as i32 - from.rank() as i32).abs()
            });
            return nearest.map_or(Obstacle::Geometry, Obstacle::Blocked);
        }
        self.rule_obstacle(from, to, false)
    }

    /// Why a man that moves from `from` to `to` that way, with nothing in
    /// the way, still cannot: no piece to promote to, or the own king left
    /// in check (found on a copy of the board, never assumed).
    fn rule_obstacle(&self, from: Square, to: Square, en_passant: bool) -> Obstacle {
        let us = self.turn();
        let board = self.board();
        let Some(piece) = board.piece_at(from) else { return Obstacle::Unexplained };
        if piece.role == Role::Pawn
            && self.rules().promotion_rank[us.index()].contains(to)
            && self.promotion_choices(to).is_empty()
        {
            return Obstacle::NoPromotionPiece;
        }
        let mut after = board.clone();
        after.take(to);
        if en_passant {
            if let Some(captured) = to.offset(0, -us.forward()) {
                after.take(captured);
            }
        }
        after.take(from);
        after.put(to, piece);
        let outside = self.rules().outside();
        match after.king_of(us) {
            Some(king) if after.is_attacked(king, !us, after.occupied() | outside) => Obstacle::KingInCheck,
            _ => Obstacle::Unexplained,
        }
    }

    fn pawn_obstacle(&self, from: Square, to: Square) -> Obstacle {
        let us = self.turn();
        let board = self.board();
        let f = us.forward();
        if Bitboard(PAWN_ATTACKS[us.index()][from.index()]).contains(to) {
            let ep = self.ep_square() == Some(to);
            return if board.by_color(!us).contains(to) || ep {
                self.rule_obstacle(from, to, ep && !board.by_color(!us).contains(to))
            } else {
                Obstacle::NothingToCapture
            };
        }
        let one = from.offset(0, f);
        let two = one.and_then(|s| s.offset(0, f));
        if Some(to) == one || (Some(to) == two && self.rules().pawn_rank[us.index()].contains(from)) {
            for sq in [one, two].into_iter().flatten() {
                if board.occupied().contains(sq) {
                    return Obstacle::PawnBlocked(sq);
                }
                if sq == to {
                    break;
                }
            }
            return self.rule_obstacle(from, to, false);
        }
        Obstacle::Geometry
    }

    /// Resolves a written castling.
    pub fn resolve_castle(&self, text: CastleText) -> Result<Move, ResolveError> {
        let us = self.turn();
        let (stage, wing) = match text {
            CastleText::TwoStage(s, w) if self.rules().two_stage_castling() => (s, w),
            CastleText::Chess(w) if !self.rules().two_stage_castling() => (Stage::First, w),
            _ => return Err(ResolveError::WrongVariantCastling),
        };
        let Some(index) = self.castle_index(us, stage, wing) else {
            return Err(ResolveError::WrongVariantCastling);
        };
        let spec = self.castle_spec(index);
        let kind = MoveKind::Castle(index);
        if self.rules().legality == super::variant::Legality::Cover {
            let mut find = Find { wanted: |m: Move| m.kind == kind, found: None };
            self.generate(&mut find, spec.king_to.bb());
            if let Some(m) = find.found {
                return Ok(m);
            }
        } else if !self.is_check()
            && self.rights().has(spec.right)
            && self.our_king() == spec.king_from
            && self.castle_is_legal(spec)
        {
            // This castling alone is judged (as the generator judges each).
            return Ok(Move::new(spec.king_from, spec.king_to, kind));
        }
        let board = self.board();
        let rook = Some(Piece::new(us, Role::Rook));
        let rights = self.rights();
        let failure = if !rights.has(spec.right)
            || (stage == Stage::Second && rights.has(Rights::castle_bit(us, Stage::First, wing)))
        {
            if stage == Stage::First {
                CastleFailure::FirstStageRightLost
            } else {
                CastleFailure::SecondStageRightLost
            }
        } else if board.piece_at(spec.king_from) != Some(Piece::new(us, Role::King)) {
            CastleFailure::KingNotThere(spec.king_from)
        } else if stage == Stage::Second && board.piece_at(spec.corner) == rook {
            CastleFailure::CornerRookNotStepped(spec.corner)
        } else if board.piece_at(spec.rook_from) != rook {
            CastleFailure::RookNotThere(spec.rook_from)
        } else if (board.occupied() & spec.between).any() {
            CastleFailure::Occupied((board.occupied() & spec.between).collect())
        } else if self.is_check() {
            CastleFailure::KingInCheck
        } else if let Some(sq) =
            { spec.king_path }.find(|&sq| self.attacked_after(sq, board.occupied().without(spec.king_from)))
        {
            CastleFailure::KingPassesAttacked(sq)
        } else {
            let after =
                board.occupied().without(spec.king_from).without(spec.rook_from).with(spec.king_to).with(spec.rook_to);
            if self.attacked_after(spec.king_to, after) {
                CastleFailure::KingAttackedAfter(spec.king_to)
            } else {
                CastleFailure::RookAttackedAfter(spec.rook_to)
            }
        };
        Err(ResolveError::Castle { failure })
    }
}
