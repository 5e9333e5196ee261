//! Playing a Royal move (docs/rules.md 5.3: the crowning; 5.5: the restoration
//! right spent at a queen's capture), the restoration itself, the end of
//! the game of 5.4 and perft with restorations.

use super::{has_cover, restoration, victim, PENDING};
use crate::rules::game::Termination;
use crate::rules::geometry::Square;
use crate::rules::moves::{Move, MoveKind};
use crate::rules::position::{MaybeSquare, Position};
use crate::rules::role::{Color, Piece, Role};
use crate::rules::variant::Legality;
use crate::rules::zobrist;

/// Why a queen restoration (`Пс=Ф`) cannot be made now (docs/rules.md 5.5).
#[derive(Copy, Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RestoreError {
    /// The side's queen was not taken by the last move (or the right was
    /// already spent): nothing to restore.
    #[error("no restoration is due: the side's queen was not captured by the last move with its right unused")]
    NotDue,
    /// The right is due but the side has no princess on the board.
    #[error("the side has no princess to crown")]
    NoPrincess,
    /// The record names a square the princess does not stand on.
    #[error("the princess does not stand on {0}")]
    WrongSquare(Square),
    /// Not a Royal game.
    #[error("only Royal Chess 100 has a queen restoration")]
    NotRoyal,
}

impl Position {
    /// Plays a Royal move that [`Position::legal_moves`] produced.
    pub(in crate::rules) fn play_royal(&mut self, m: Move) {
        let us = self.turn;
        let them = !us;
        let rights_before = self.rights;
        let Some(mover) = self.board.piece_at(m.from) else {
            debug_assert!(false, "no man on {}", m.from);
            return;
        };
        // Any move of the side to move ends a pending restoration (made or
        // refused, docs/rules.md 5.5).
        self.rights.clear(PENDING);
        let touched = m.from.bb() | m.to.bb();
        if !m.is_castle()
            && self.rights.bits() != 0
            && (mover.role == Role::King || (touched & self.castle_squares).any())
        {
            let rights = self.rights;
            let specs = self.castles_of(rights).map(|(_, spec)| spec);
            let mut after = rights;
            after.after_move(specs, &self.board, m.from, m.to, mover);
            self.rights = after;
        }
        let ep_before = self.ep_square.take();
        if let Some(ep) = ep_before {
            self.hash ^= zobrist::en_passant(ep);
        }
        self.take(m.from);
        let mut irreversible = mover.role == Role::Pawn;
        match m.kind {
            MoveKind::Castle(i) => self.put_castled(i, mover),
            MoveKind::EnPassant => {
                if let Some(pawn) = ep_before.and_then(|ep| victim(&self.board, ep, them)) {
                    self.take(pawn);
                }
                self.put(m.to, mover);
                irreversible = true;
            }
            MoveKind::Null | MoveKind::Throne(_) => self.put(m.to, mover),
            MoveKind::Normal | MoveKind::Promotion(_) => {
                let captured = self.take(m.to);
                if let Some(c) = captured {
                    irreversible = true;
                    self.after_capture(c);
                }
                let placed = match m.kind {
                    MoveKind::Promotion(role) => Piece::new(us, role),
                    _ => mover,
                };
                self.put(m.to, placed);
                if mover.role == Role::Pawn && m.from.rank().abs_diff(m.to.rank()) >= 2 {
                    // The first square passed (docs/notation.md), kept whether or
                    // not a capture is possible, as the oracle's FENs are.
                    if let Some(first) = m.from.offset(0, us.forward()) {
                        self.ep_square = MaybeSquare::new(Some(first));
                        self.hash ^= zobrist::en_passant(first);
                    }
                }
            }
        }
        if self.rights != rights_before {
            self.hash ^= zobrist::rights(rights_before) ^ zobrist::rights(self.rights);
        }
        self.halfmoves = if irreversible { 0 } else { self.halfmoves.saturating_add(1) };
        if us == Color::Black {
            self.fullmoves = self.fullmoves.saturating_add(1);
        }
        self.turn = them;
        self.hash ^= zobrist::turn(Color::Black);
        self.checkers = self.compute_checkers();
    }

    /// The crowning of 5.3 when a king falls, the right of 5.5 when a queen
    /// does (`captured` is already off the board; the rights are updated
    /// in place, the hash by the caller).
    fn after_capture(&mut self, captured: Piece) {
        let victim = captured.color;
        match captured.role {
            Role::King => {
                if let Some(prince) = self.board.by_piece(Piece::new(victim, Role::Heir)).first() {
                    self.take(prince);
                    self.put(prince, Piece::new(victim, Role::King));
                }
                // Only the original king castles.
                self.rights.clear(crate::rules::castling::Rights::castling_of(victim));
            }
            Role::Queen if self.rights.has(restoration(victim)) => {
                self.rights.clear(restoration(victim));
                // Due on the victim's next turn only if a princess stands to
                // be crowned (so the FEN's `=` says all the state holds).
                if self.board.by_piece(Piece::new(victim, Role::Princess)).any() {
                    self.rights.set(PENDING);
                }
            }
            _ => {}
        }
    }

    /// Royal: replaces the princess of the side to move by a queen on her
    /// square (docs/rules.md 5.5), when the record names `square` it must be
    /// hers. The turn stays; the move of that ply follows. Returns the
    /// square.
    pub fn restore_queen(&mut self, square: Option<Square>) -> Result<Square, RestoreError> {
        if !self.rules().queen_restoration {
            return Err(RestoreError::NotRoyal);
        }
        let us = self.turn;
        if !self.rights.has(PENDING) {
            // A right spent with no princess to crown is never due: say why.
            let spent = !self.rights.has(restoration(us));
            let princess = self.board.by_piece(Piece::new(us, Role::Princess)).any();
            return Err(if spent && !princess { RestoreError::NoPrincess } else { RestoreError::NotDue });
        }
        let princesses = self.board.by_piece(Piece::new(us, Role::Princess));
        let Some(at) = (match square {
            Some(sq) if princesses.contains(sq) => Some(sq),
            Some(sq) if princesses.any() => return Err(RestoreError::WrongSquare(sq)),
            _ => princesses.first(),
        }) else {
            return Err(RestoreError::NoPrincess);
        };
        let before = self.rights;
        self.rights.clear(PENDING);
        self.hash ^= zobrist::rights(before) ^ zobrist::rights(self.rights);
        self.take(at);
        self.put(at, Piece::new(us, Role::Queen));
        self.checkers = self.compute_checkers();
        Ok(at)
    }

    /// Royal: the losing position of 5.4, the side not to move having its
    /// king attacked and no cover (its opponent, to move, wins).
    pub fn is_losing_position(&self) -> bool {
        self.rules().legality == Legality::Cover
            && !has_cover(self.board(), !self.turn())
            && self.king_attacked(!self.turn())
    }
}

/// The end of docs/rules.md 5.4 before the ones every variant has: the losing
/// position.
pub(crate) fn termination(pos: &Position) -> Option<Termination> {
    pos.is_losing_position().then_some(Termination::LosingPosition { winner: pos.turn() })
}

/// Perft counting each move also after a restoration that may be made
/// first (restoration and move make one choice of the ply).
pub(crate) fn perft(pos: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let restored = pos.can_restore().then(|| {
        let mut r = pos.clone();
        let _ = r.restore_queen(None);
        r
    });
    let mut total = 0;
    for p in std::iter::once(pos).chain(restored.as_ref()) {
        if depth == 1 {
            total += p.count_legal();
        } else {
            let mut moves = Vec::with_capacity(128);
            p.legal_moves(&mut moves);
            for m in moves {
                let mut child = p.clone();
                child.play_unchecked(m);
                total += perft(&child, depth - 1);
            }
        }
    }
    total
}
