//! One position type above the engine, as shakmaty's `VariantPosition`:
//! the engine's positions of every variant ([`Position`]: Hundred, Grand,
//! Chess, Chess960, Royal) and Dice chess's ([`DicePosition`], whose turn is
//! up to three moves and which has no check), behind the accessors the
//! layers above need. The replay, and every command on it, sees only this.
//!
//! Dice chess's side to move changes only when its turn ends
//! ([`VariantPosition::end_turn`]); every other variant's turn is one move,
//! and `end_turn` does nothing there.

use std::fmt;

use super::board::Board;
use super::castling::{Stage, Wing};
use super::dice::turns::{legal_turns, TurnList};
use super::dice::{face_role, DiceFenError, DicePosition};
use super::game::{termination_after, termination_of, Claims, Termination};
use super::geometry::{Bitboard, Square};
use super::moves::{Move, MoveKind};
use super::position::{FromFenError, Position};
use super::role::{Color, Role};
use super::royal::RestoreError;
use super::variant::{Rules, UnsupportedVariant, Variant};

/// A position of any variant.
#[derive(Clone, PartialEq)]
pub enum VariantPosition {
    /// Hundred, Grand, Chess, Chess960, Royal: one engine, the variant's
    /// rules as data.
    Plain(Position),
    /// Dice chess: a position at a move of a turn (or between turns).
    Dice(DicePosition),
}

/// Why a FEN is not a position of the variant asked for.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum VariantFenError {
    #[error(transparent)]
    Plain(#[from] FromFenError),
    #[error(transparent)]
    Dice(#[from] DiceFenError),
}

impl From<UnsupportedVariant> for VariantFenError {
    fn from(e: UnsupportedVariant) -> VariantFenError {
        VariantFenError::Plain(e.into())
    }
}

impl VariantPosition {
    /// The set-up position of `variant`.
    pub fn start(variant: Variant) -> Result<VariantPosition, UnsupportedVariant> {
        Ok(match variant {
            Variant::Dice => VariantPosition::Dice(DicePosition::start()),
            v => VariantPosition::Plain(Position::start(v)?),
        })
    }

    /// The position a FEN of `variant` describes (Dice chess: the en passant
    /// field lists every open square, as [`VariantPosition::fen`] writes it).
    pub fn from_fen(fen: &str, variant: Variant) -> Result<VariantPosition, VariantFenError> {
        Ok(match variant {
            Variant::Dice => VariantPosition::Dice(DicePosition::from_fen(fen)?),
            v => VariantPosition::Plain(Position::from_fen(fen, v)?),
        })
    }

    /// The variant's rules as data: board, men, promotion, castling.
    pub fn rules(&self) -> &'static Rules {
        match self {
            VariantPosition::Plain(p) => p.rules(),
            VariantPosition::Dice(p) => p.rules(),
        }
    }

    pub fn variant(&self) -> Variant {
        match self {
            VariantPosition::Plain(p) => p.variant(),
            VariantPosition::Dice(_) => Variant::Dice,
        }
    }

    pub fn board(&self) -> &Board {
        match self {
            VariantPosition::Plain(p) => p.board(),
            VariantPosition::Dice(p) => p.board(),
        }
    }

    /// Men on the board, both sides, kings included.
    pub fn men(&self) -> u32 {
        self.board().occupied().count()
    }

    /// The side to move (Dice chess: the player of the turn).
    pub fn turn(&self) -> Color {
        match self {
            VariantPosition::Plain(p) => p.turn(),
            VariantPosition::Dice(p) => p.turn(),
        }
    }

    /// A Zobrist hash of the men, the side to move (and, outside Dice
    /// chess, the castling rights and the en passant square).
    pub fn hash(&self) -> u64 {
        match self {
            VariantPosition::Plain(p) => p.hash(),
            VariantPosition::Dice(p) => p.hash(),
        }
    }

    /// The FEN, which [`VariantPosition::from_fen`] reads back.
    pub fn fen(&self) -> String {
        match self {
            VariantPosition::Plain(p) => p.fen(),
            VariantPosition::Dice(p) => p.fen_with_ep(),
        }
    }

    /// Appends the FEN ([`VariantPosition::fen`]) to `out`.
    pub fn write_fen(&self, out: &mut String) {
        match self {
            VariantPosition::Plain(p) => p.write_fen(out),
            VariantPosition::Dice(p) => p.write_fen_with_ep(out),
        }
    }

    pub fn halfmoves(&self) -> u32 {
        match self {
            VariantPosition::Plain(p) => p.halfmoves(),
            VariantPosition::Dice(p) => p.halfmoves(),
        }
    }

    pub fn fullmoves(&self) -> u32 {
        match self {
            VariantPosition::Plain(p) => p.fullmoves(),
            VariantPosition::Dice(p) => p.fullmoves(),
        }
    }

    /// The men giving check to the side to move (none in Dice chess, which
    /// has no check).
    pub fn checkers(&self) -> Bitboard {
        match self {
            VariantPosition::Plain(p) => p.checkers(),
            VariantPosition::Dice(_) => Bitboard::EMPTY,
        }
    }

    /// The role of the man `m` moves (the king for a castling).
    pub fn mover(&self, m: Move) -> Option<Role> {
        self.board().piece_at(m.from).filter(|p| p.color == self.turn()).map(|p| p.role)
    }

    /// Whether `m` takes a man (en passant included).
    pub fn is_capture(&self, m: Move) -> bool {
        match self {
            VariantPosition::Plain(p) => p.is_capture(m),
            VariantPosition::Dice(p) => p.is_capture(m),
        }
    }

    /// Whether `m` ends the game by taking the enemy king (Dice chess;
    /// elsewhere a king is not taken, or, in Royal, a prince is crowned
    /// in its place and the game goes on).
    pub fn ends_by_king_capture(&self, m: Move) -> bool {
        match self {
            VariantPosition::Plain(_) => false,
            VariantPosition::Dice(p) => p.takes_king(m),
        }
    }

    /// The stage and wing of `m`, if it castles (Dice chess, whose
    /// castling has one stage: by the king's direction).
    pub fn castle_kind(&self, m: Move) -> Option<(Stage, Wing)> {
        let MoveKind::Castle(i) = m.kind else { return None };
        Some(match self {
            VariantPosition::Plain(p) => {
                let spec = p.castle_spec(i);
                (spec.stage, spec.wing)
            }
            VariantPosition::Dice(_) => {
                (Stage::First, if m.to.file() > m.from.file() { Wing::Short } else { Wing::Long })
            }
        })
    }

    /// The square of the rook that `m` castles with, if it castles with a
    /// rook of the castling table.
    pub fn castle_rook_from(&self, m: Move) -> Option<Square> {
        match (self, m.kind) {
            (VariantPosition::Plain(p), MoveKind::Castle(i)) => Some(p.castle_spec(i).rook_from),
            _ => None,
        }
    }

    /// Whether the side to move may still restore its queen (Royal's
    /// right, docs/rules.md 5.5): a move now refuses it.
    pub fn can_restore(&self) -> bool {
        self.plain().is_some_and(Position::can_restore)
    }

    /// The hash of this position once its turn is over ([`Self::end_turn`]):
    /// the position the other side's turn starts from.
    pub fn hash_after_turn(&self) -> u64 {
        match self {
            VariantPosition::Plain(p) => p.hash(),
            VariantPosition::Dice(p) => {
                let mut next = p.clone();
                next.end_turn();
                next.hash()
            }
        }
    }

    /// Whether the variant knows check (Dice chess does not: its king is
    /// taken).
    pub fn has_check(&self) -> bool {
        self.plain().is_some()
    }

    /// Whether the side to move is mated.
    pub fn is_checkmate(&self) -> bool {
        self.plain().is_some_and(Position::is_checkmate)
    }

    /// Restores the queen of the side to move (Royal's right, docs/rules.md
    /// 5.5), on `square` or the one the rules choose; an error where the
    /// variant has no restorations or the right does not hold.
    pub fn restore_queen(&mut self, square: Option<Square>) -> Result<Square, RestoreError> {
        match self {
            VariantPosition::Plain(p) => p.restore_queen(square),
            VariantPosition::Dice(_) => Err(RestoreError::NotRoyal),
        }
    }

    /// The side whose king was taken, ending the game (Dice chess), if one was.
    pub fn king_taken(&self) -> Option<Color> {
        match self {
            VariantPosition::Plain(_) => None,
            VariantPosition::Dice(p) => p.king_taken(),
        }
    }

    /// Plays `m`, a move found legal here (Dice chess: a move of the turn,
    /// whose player stays until [`VariantPosition::end_turn`]).
    #[inline]
    pub fn play_unchecked(&mut self, m: Move) {
        match self {
            VariantPosition::Plain(p) => p.play_unchecked(m),
            VariantPosition::Dice(p) => p.play(m),
        }
    }

    /// The turn is over: in Dice chess the opponent's turn comes; elsewhere
    /// (a turn is one move, already played) nothing changes.
    pub fn end_turn(&mut self) {
        if let VariantPosition::Dice(p) = self {
            p.end_turn();
        }
    }

    /// How the board ends the game here, if it does: mate, stalemate,
    /// Royal's losing position, or Dice chess's king capture.
    pub fn termination(&self) -> Option<Termination> {
        match self {
            VariantPosition::Plain(p) => termination_of(p),
            VariantPosition::Dice(p) => p.king_taken().map(|loser| Termination::KingCaptured { winner: !loser }),
        }
    }

    /// Every legal move here. Dice chess: every move of the player's men,
    /// whatever die it needs (castling included), none once a king is taken.
    pub fn legal_moves(&self, out: &mut Vec<Move>) {
        match self {
            VariantPosition::Plain(p) => p.legal_moves(out),
            VariantPosition::Dice(p) if p.king_taken().is_none() => {
                for role in (1..=6).filter_map(face_role) {
                    p.moves_of(role, role == Role::King, out);
                }
            }
            VariantPosition::Dice(_) => {}
        }
    }

    /// [`VariantPosition::termination`], the positions before this one
    /// (`earlier`, as played) telling the repetitions that end a game.
    pub fn termination_after_line<'a>(
        &self,
        earlier: impl IntoIterator<Item = &'a VariantPosition>,
    ) -> Option<Termination> {
        let mut claims = Claims::with_capacity(64);
        for e in earlier.into_iter().filter_map(VariantPosition::plain) {
            claims.note(e);
        }
        self.termination_after(&mut claims)
    }

    /// Dice chess: the legal turns of `roll` here; `None` in the variants
    /// whose turn is one move.
    pub fn turns(&self, roll: [Role; 3]) -> Option<TurnList> {
        self.dice().map(|p| legal_turns(p, roll))
    }

    /// [`Self::termination`], where the line's positions were noted in
    /// `history` (this one not yet): the draws by repetition too, in a
    /// variant that ends a game by them.
    pub fn termination_after(&self, history: &mut Claims) -> Option<Termination> {
        match self {
            VariantPosition::Plain(p) => {
                history.note(p);
                termination_after(p, history)
            }
            VariantPosition::Dice(_) => self.termination(),
        }
    }

    /// Plays without the throne pawn (`[ThronePawn "off"]`): its rights
    /// are cleared, where the variant has them.
    pub fn disable_throne_pawn(&mut self) {
        if let VariantPosition::Plain(p) = self {
            p.disable_throne_pawn();
        }
    }

    pub fn plain(&self) -> Option<&Position> {
        match self {
            VariantPosition::Plain(p) => Some(p),
            VariantPosition::Dice(_) => None,
        }
    }

    pub fn plain_mut(&mut self) -> Option<&mut Position> {
        match self {
            VariantPosition::Plain(p) => Some(p),
            VariantPosition::Dice(_) => None,
        }
    }

    pub fn dice(&self) -> Option<&DicePosition> {
        match self {
            VariantPosition::Dice(p) => Some(p),
            VariantPosition::Plain(_) => None,
        }
    }

    pub fn dice_mut(&mut self) -> Option<&mut DicePosition> {
        match self {
            VariantPosition::Dice(p) => Some(p),
            VariantPosition::Plain(_) => None,
        }
    }
}

/// The position of `fen` in `variant`, or the variant's set-up without one.
pub fn position_of(variant: Variant, fen: Option<&str>) -> Result<VariantPosition, VariantFenError> {
    match fen {
        Some(fen) => VariantPosition::from_fen(fen, variant),
        None => Ok(VariantPosition::start(variant)?),
    }
}

impl From<Position> for VariantPosition {
    fn from(p: Position) -> VariantPosition {
        VariantPosition::Plain(p)
    }
}

impl From<DicePosition> for VariantPosition {
    fn from(p: DicePosition) -> VariantPosition {
        VariantPosition::Dice(p)
    }
}

impl fmt::Debug for VariantPosition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            VariantPosition::Plain(p) => p.fmt(f),
            VariantPosition::Dice(p) => p.fmt(f),
        }
    }
}
