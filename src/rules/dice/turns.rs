//! The turns of a roll and the maximum-moves rule (docs/rules.md 4): a turn must
//! spend as many dice as any sequence of that roll could, counting the
//! sequences that take the king (dice counted up to the capture); a turn
//! that takes the king is legal whatever it spends.
//!
//! [`legal_turns`] lists every legal turn (the `turns` command, the oracle's
//! lists). [`most_dice`] finds only how many dice the best sequence spends,
//! with one such sequence: a depth-first search that generates the moves of
//! one die's type at a time, stops as soon as a sequence reaches the dice
//! wanted, and merges transpositions (the same men, rights and dice left
//! reached by two move orders are searched once).

use std::collections::HashMap;

use super::{Dice, DicePosition, DiceUci};
use crate::rules::moves::Move;
use crate::rules::role::Role;

/// Every legal turn of a roll.
#[derive(Debug, Clone, Default)]
pub struct TurnList {
    /// The dice a maximal turn spends.
    pub max: u8,
    /// The legal turns, each its moves in order; `[[]]` for the empty turn.
    pub turns: Vec<Vec<Move>>,
    /// Sequences that could not go on but spent fewer dice than `max` and
    /// took no king: what the rule threw out.
    pub removed: usize,
}

impl TurnList {
    /// The turns as the oracle writes them: UCI moves joined by one space,
    /// sorted in byte order, `""` for the empty turn.
    pub fn texts(&self) -> Vec<String> {
        let mut out: Vec<String> = self.turns.iter().map(|t| turn_text(t)).collect();
        out.sort_unstable();
        out
    }
}

/// A turn's moves in UCI joined by one space.
pub fn turn_text(moves: &[Move]) -> String {
    let mut s = String::new();
    for (i, m) in moves.iter().enumerate() {
        if i > 0 {
            s.push(' ');
        }
        s.push_str(&DiceUci(*m).to_string());
    }
    s
}

/// The dice move `m` spends on `pos`: two for a castling.
fn cost(m: Move) -> u8 {
    if m.is_castle() {
        2
    } else {
        1
    }
}

/// One sequence that ended: its moves, the dice spent, whether it took the king.
struct Ended {
    moves: Vec<Move>,
    spent: u8,
    king: bool,
}

/// Every legal turn of `roll` on `pos` (the state at the turn's start).
/// None once a king is taken: the game is over (not even the empty turn).
pub fn legal_turns(pos: &DicePosition, roll: [Role; 3]) -> TurnList {
    if pos.king_taken().is_some() {
        return TurnList::default();
    }
    let mut ended = Vec::new();
    let mut path = Vec::with_capacity(3);
    walk(pos, Dice::of(&roll), 0, &mut path, &mut ended);
    let max = ended.iter().map(|e| e.spent).max().unwrap_or(0);
    let removed = ended.iter().filter(|e| !e.king && e.spent < max).count();
    let turns = ended.into_iter().filter(|e| e.king || e.spent == max).map(|e| e.moves).collect();
    TurnList { max, turns, removed }
}

fn walk(pos: &DicePosition, left: Dice, spent: u8, path: &mut Vec<Move>, out: &mut Vec<Ended>) {
    let mut moved = false;
    let mut moves = Vec::new();
    for role in left.roles() {
        moves.clear();
        pos.moves_of(role, role == Role::King && left.has(Role::Rook), &mut moves);
        for &m in &moves {
            moved = true;
            let mut after_left = left;
            after_left.spend(role, m.is_castle());
            let mut next = pos.clone();
            next.play(m);
            path.push(m);
            let spent = spent + cost(m);
            if next.king_taken().is_some() {
                out.push(Ended { moves: path.clone(), spent, king: true });
            } else if after_left.is_empty() {
                out.push(Ended { moves: path.clone(), spent, king: false });
            } else {
                walk(&next, after_left, spent, path, out);
            }
            path.pop();
        }
    }
    if !moved {
        out.push(Ended { moves: path.clone(), spent, king: false });
    }
}

/// The best sequence found from a state: dice it spends and its moves.
#[derive(Clone, Copy)]
struct Best {
    spent: u8,
    moves: [Option<Move>; 3],
}

impl Best {
    const NONE: Best = Best { spent: 0, moves: [None; 3] };
    fn then(m: Move, rest: Best) -> Best {
        let [a, b, _] = rest.moves;
        Best { spent: cost(m) + rest.spent, moves: [Some(m), a, b] }
    }
}

/// The search of [`most_dice`]: transpositions keyed by the men, the player,
/// the castling rights and the dice left.
struct Search {
    /// The best found from a state, and whether the search there was whole
    /// (not cut short by `enough`).
    seen: HashMap<(u64, u8, u32), (Best, bool)>,
    /// Nodes visited (for the bench).
    nodes: u64,
}

/// The most dice any sequence of `left` can spend on `pos`, with one such
/// sequence, searching no further once a sequence spends `enough` dice
/// (`left.count()` for the exact maximum).
pub fn most_dice(pos: &DicePosition, left: Dice, enough: u8) -> (u8, Vec<Move>) {
    let mut s = Search { seen: HashMap::new(), nodes: 0 };
    let best = s.best(pos, left, enough.min(left.count()), 0);
    (best.spent, best.moves.into_iter().flatten().collect())
}

/// [`most_dice`] with the number of positions it visited.
pub fn most_dice_counted(pos: &DicePosition, left: Dice) -> (u8, u64) {
    let mut s = Search { seen: HashMap::new(), nodes: 0 };
    let best = s.best(pos, left, left.count(), 0);
    (best.spent, s.nodes)
}

impl Search {
    fn best(&mut self, pos: &DicePosition, left: Dice, enough: u8, depth: u8) -> Best {
        self.nodes += 1;
        // Two moves or more can reach one state by two paths.
        let key = (pos.hash(), pos.castling, left.key());
        if depth >= 2 {
            if let Some(&(b, whole)) = self.seen.get(&key) {
                if whole || b.spent >= enough {
                    return b;
                }
            }
        }
        let mut best = Best::NONE;
        let mut whole = true;
        let mut moves = Vec::new();
        'roles: for role in left.roles() {
            moves.clear();
            pos.moves_of(role, role == Role::King && left.has(Role::Rook), &mut moves);
            for &m in &moves {
                let mut after_left = left;
                after_left.spend(role, m.is_castle());
                let candidate = if pos.takes_king(m) || after_left.is_empty() {
                    Best::then(m, Best::NONE)
                } else {
                    let mut next = pos.clone();
                    next.play(m);
                    let need = enough.saturating_sub(cost(m));
                    Best::then(m, self.best(&next, after_left, need, depth + 1))
                };
                if candidate.spent > best.spent {
                    best = candidate;
                    if best.spent >= enough {
                        whole = best.spent >= left.count();
                        break 'roles;
                    }
                }
            }
        }
        if depth >= 2 {
            self.seen.insert(key, (best, whole));
        }
        best
    }
}

/// Why a written turn breaks the maximum-moves rule.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TooFewMoves {
    pub spent: u8,
    /// A sequence that spends more.
    pub longer: Vec<Move>,
    pub longer_spends: u8,
}

/// Judges a finished turn: `start` the state at its start, `moves` the
/// turn as made, `end` the state after it. A turn that took the king or
/// spent every die is legal; otherwise no sequence of the roll may spend more.
pub fn check_turn(
    start: &DicePosition,
    roll: [Role; 3],
    moves: &[Move],
    left: Dice,
    end: &DicePosition,
) -> Result<(), TooFewMoves> {
    let spent = 3 - left.count();
    if end.king_taken().is_some() || left.is_empty() {
        return Ok(());
    }
    // A turn that could go on is short by the next move.
    let (more, next) = most_dice(end, left, 1);
    if more > 0 {
        let mut longer = moves.to_vec();
        longer.extend(next);
        let longer_spends = spent + more;
        return Err(TooFewMoves { spent, longer, longer_spends });
    }
    let (best, longer) = most_dice(start, Dice::of(&roll), spent + 1);
    if best > spent {
        return Err(TooFewMoves { spent, longer, longer_spends: best });
    }
    Ok(())
}
