//! A game being replayed: the position, the positions seen (for repetition)
//! and the end conditions of docs/rules.md 1.6 and 3 (Chess: the fivefold
//! repetition and the 75-move rule end the game without a claim).

use super::moves::Move;
use super::position::Position;
use super::role::Color;
use super::variant_position::VariantPosition;

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

/// The positions of a line, by hash, the current one last: how often a
/// position has stood on the board, and the draw that may be claimed. The
/// one claims engine: [`Game`], the replay (Chess's fivefold repetition)
/// and the commands that walk a replayed line (`stats`, `annotate`,
/// `filter`) all note their positions here. Only the positions since the
/// last irreversible move (the halfmove clock's) are kept: none before it
/// can come again. A buffer reused from game to game.
#[derive(Clone, Debug, Default)]
pub struct Claims {
    seen: Vec<u64>,
    /// For each side to move, a bit (chosen by the hash's top six bits) of
    /// every position in `seen`: a position whose bit is not set was not
    /// seen, and the list is not looked through.
    bits: [u64; 2],
}

/// The bit of `hash` in [`Claims::bits`].
fn bit(hash: u64) -> u64 {
    1 << (hash >> 58)
}

impl Claims {
    /// No position yet, room made for `positions`.
    pub fn with_capacity(positions: usize) -> Claims {
        Claims { seen: Vec::with_capacity(positions), bits: [0; 2] }
    }

    /// A line starts at `pos`: the positions of the last line are
    /// forgotten. (A variant without claims, Dice chess, notes nothing.)
    pub fn start(&mut self, pos: &VariantPosition) {
        self.seen.clear();
        self.bits = [0; 2];
        if let Some(pos) = pos.plain() {
            self.note(pos);
        }
    }

    /// Notes `pos`, the line's next position; whether it stood on the
    /// board before (`false`: surely not; `true`: perhaps).
    #[inline]
    pub fn note(&mut self, pos: &Position) -> bool {
        if pos.halfmoves() == 0 {
            self.seen.clear();
            self.bits = [0; 2];
        }
        let now = pos.hash();
        self.seen.push(now);
        self.bits.get_mut(pos.turn().index()).is_some_and(|b| {
            let before = *b & bit(now) != 0;
            *b |= bit(now);
            before
        })
    }

    /// How many times `pos`, the last noted, has stood on the board.
    pub fn count(&self, pos: &Position) -> usize {
        // The side to move is part of the hash: only every other position
        // back can be this one again.
        let now = pos.hash();
        self.seen.iter().rev().step_by(2).filter(|&&h| h == now).count()
    }

    /// The draw that may be claimed at `pos`, the last noted.
    pub fn claim(&self, pos: &Position) -> Option<Claim> {
        self.judge(pos, true)
    }

    /// A move was played, giving `pos`: notes it, and the draw that may be
    /// claimed now (none in a variant without claims, Dice chess).
    pub fn after(&mut self, pos: &VariantPosition) -> Option<Claim> {
        let pos = pos.plain()?;
        let maybe_seen = self.note(pos);
        self.judge(pos, maybe_seen)
    }

    /// The claim at `pos`, the last noted; `maybe_seen` false: it is new.
    fn judge(&self, pos: &Position, maybe_seen: bool) -> Option<Claim> {
        if maybe_seen && self.count(pos) >= 3 {
            Some(Claim::Threefold)
        } else if pos.halfmoves() >= pos.rules().claim_plies {
            Some(Claim::MoveRule)
        } else {
            None
        }
    }
}

#[derive(Clone, Debug)]
pub struct Game {
    position: Position,
    seen: Claims,
    plies: u32,
}

impl Game {
    pub fn new(start: Position) -> Game {
        let mut seen = Claims::with_capacity(1);
        seen.note(&start);
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
        self.seen.note(&self.position);
        self.plies += 1;
    }

    /// How many times the current position has stood on the board.
    pub fn repetitions(&self) -> usize {
        self.seen.count(&self.position)
    }

    /// The draw that may be claimed now, if any.
    pub fn claim(&self) -> Option<Claim> {
        self.seen.claim(&self.position)
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
pub fn termination_after(position: &Position, seen: &Claims) -> Option<Termination> {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Square, Variant};

    /// The claim after each ply of a line whose knights go out and back:
    /// the start position stands for the third time after 8 plies and the
    /// position after 1. Nf3 for the third time after 9; the pawn move of
    /// ply 10 starts the count again, and the position after it stands for
    /// the third time after ply 18. `Game` and a line's `Claims` agree.
    #[test]
    fn threefold_repetition_is_claimed_when_a_position_stands_a_third_time() {
        let start = Position::start(Variant::Chess).expect("start");
        let out_and_back = ["g1f3", "g8f6", "f3g1", "f6g8"];
        let back_and_out = ["f3g1", "g8f6", "g1f3", "f6g8"];
        let line =
            out_and_back.iter().chain(&out_and_back).chain(&["g1f3", "e7e6"]).chain(&back_and_out).chain(&back_and_out);
        let mut claims = Claims::default();
        claims.start(&VariantPosition::Plain(start.clone()));
        let mut game = Game::new(start);
        let mut threefolds = Vec::new();
        for (ply, uci) in (1..).zip(line) {
            let (from, to) = (Square::parse(&uci[..2]).expect("square"), Square::parse(&uci[2..]).expect("square"));
            let mut moves = Vec::new();
            game.position().legal_moves(&mut moves);
            let m = moves.into_iter().find(|m| m.from == from && m.to == to).expect("legal");
            game.play_unchecked(m);
            let claim = claims.after(&VariantPosition::Plain(game.position().clone()));
            assert_eq!(claim, game.claim(), "after {ply} plies");
            if claim == Some(Claim::Threefold) {
                threefolds.push(ply);
            }
        }
        assert_eq!(threefolds, [8, 9, 18]);
        assert_eq!(game.repetitions(), 3);
    }
}
