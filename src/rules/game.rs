//! A game being replayed: the position, the positions seen (for repetition)
//! and the end conditions of docs/rules.md 1.6 and 3 (Chess: the fivefold
//! repetition and the 75-move rule end the game without a claim).

use super::moves::Move;
use super::position::Position;
use super::role::Color;

/// How the board ends a game.
#[derive(Copy, Clone, Eq, PartialEq, Debug, serde::Serialize)]
pub enum Termination {
    /// The side to move is mated; the other side wins.
    Checkmate { winner: Color },
    /// Royal (docs/rules.md 5.4): the side not to move has its king attacked and
    /// no prince; the side to move wins.
    LosingPosition { winner: Color },
    /// Dice chess (docs/rules.md 4): a move took the king; its taker wins.
    KingCaptured { winner: Color },
    /// The side to move has no legal move and is not in check: a draw.
    Stalemate,
    /// The same position for the fifth time (Chess): a draw without a claim.
    FivefoldRepetition,
    /// 75 moves by each side without capture or pawn move, the last not a
    /// mate (Chess): a draw without a claim.
    SeventyFiveMoves,
}

/// A draw a player may claim (claims are not automatic).
#[derive(Copy, Clone, Eq, PartialEq, Debug, serde::Serialize)]
pub enum Claim {
    /// The same position for the third time.
    Threefold,
    /// 80 moves by each side (Hundred; Chess 50; the variant's
    /// `claim_plies`) without capture or pawn move.
    MoveRule,
}

/// The positions of a game, by hash, the current one last: how often a
/// position has stood on the board. Only the positions since the last
/// irreversible move (the halfmove clock's) are compared: none before it
/// can come again.
#[derive(Clone, Debug)]
pub struct Seen(Vec<u64>);

impl Seen {
    /// No position yet, room made for `positions`.
    pub fn with_capacity(positions: usize) -> Seen {
        Seen(Vec::with_capacity(positions))
    }

    /// Notes `position`, the game's next (its start first).
    #[inline]
    pub fn push(&mut self, position: &Position) {
        self.0.push(position.hash());
    }

    /// How many times `position`, the last noted, has stood on the board.
    pub fn count(&self, position: &Position) -> usize {
        let now = position.hash();
        let since = usize::try_from(position.halfmoves()).unwrap_or(usize::MAX).saturating_add(1);
        self.0.iter().rev().take(since).filter(|&&h| h == now).count()
    }
}

#[derive(Clone, Debug)]
pub struct Game {
    position: Position,
    seen: Seen,
    plies: u32,
}

impl Game {
    pub fn new(start: Position) -> Game {
        let mut seen = Seen::with_capacity(1);
        seen.push(&start);
        Game { position: start, seen, plies: 0 }
    }

    pub fn position(&self) -> &Position {
        &self.position
    }

    /// Plies played since the start.
    pub fn plies(&self) -> u32 {
        self.plies
    }

    /// Plays a legal move (one from [`Position::legal_moves`]).
    pub fn play_unchecked(&mut self, m: Move) {
        self.position.play_unchecked(m);
        self.seen.push(&self.position);
        self.plies += 1;
    }

    /// How many times the current position has stood on the board.
    pub fn repetitions(&self) -> usize {
        self.seen.count(&self.position)
    }

    /// The draw that may be claimed now, if any.
    pub fn claim(&self) -> Option<Claim> {
        if self.repetitions() >= 3 {
            Some(Claim::Threefold)
        } else if self.position.halfmoves() >= self.position.rules().claim_plies {
            Some(Claim::MoveRule)
        } else {
            None
        }
    }

    /// Checkmate or stalemate on the board; then, in a variant that has
    /// them, the draws without a claim (the 75-move rule before the fivefold
    /// repetition, as python-chess orders them).
    pub fn termination(&self) -> Option<Termination> {
        termination_after(&self.position, &self.seen)
    }
}

/// [`Game::termination`] of `position`, reached through the positions
/// `seen` (itself noted last).
pub fn termination_after(position: &Position, seen: &Seen) -> Option<Termination> {
    termination_of(position).or_else(|| {
        let auto = position.rules().auto_draw?;
        (seen.count(position) >= auto.repetitions).then_some(Termination::FivefoldRepetition)
    })
}

/// [`Game::termination`] of a position whose earlier positions are not
/// known (a game that starts there): every end but the fivefold repetition,
/// which needs them. No clone of the position, no list of positions.
pub fn termination_of(position: &Position) -> Option<Termination> {
    if position.rules().legality == super::variant::Legality::Cover {
        if let Some(end) = super::royal::termination(position) {
            return Some(end);
        }
    }
    if !position.has_legal_move() {
        return Some(if position.is_check() {
            Termination::Checkmate { winner: !position.turn() }
        } else {
            Termination::Stalemate
        });
    }
    let auto = position.rules().auto_draw?;
    (position.halfmoves() >= auto.plies).then_some(Termination::SeventyFiveMoves)
}
