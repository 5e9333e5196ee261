//! `stats` for Dice chess games: the usual columns (moves as plies,
//! captures, promotions, castlings, en passant, the king capture as the
//! termination) and the turns: moves per turn, dice left unspent, how often
//! the maximum-moves rule forced a choice (took sequences away), empty turns.

use serde::{Deserialize, Serialize};

use crate::commands::stats::GameStats;
use crate::notation::ast::GameRecord;
use crate::replay::{replay_dice, Options};
use crate::rules::dice::turns::legal_turns;
use crate::rules::{Color, MoveKind, Role};

/// The turns of Dice chess games, summed.
#[derive(Clone, Debug, Default, Serialize, Deserialize, PartialEq, Eq)]
#[serde(default, deny_unknown_fields)]
pub struct DiceStats {
    pub turns: u64,
    /// Turns of 0, 1, 2 and 3 moves.
    pub moves_per_turn: [u64; 4],
    /// Dice left unspent at the end of a turn.
    pub dice_unused: u64,
    /// Turns where the maximum-moves rule took sequences away.
    pub forced_turns: u64,
    /// Games won by taking the king: by White, by Black, and with dice left.
    pub king_captures: [u64; 2],
    pub king_captures_with_dice_left: u64,
}

impl DiceStats {
    pub fn add(&mut self, o: &DiceStats) {
        self.turns += o.turns;
        for (a, b) in self.moves_per_turn.iter_mut().zip(o.moves_per_turn) {
            *a += b;
        }
        self.dice_unused += o.dice_unused;
        self.forced_turns += o.forced_turns;
        for (a, b) in self.king_captures.iter_mut().zip(o.king_captures) {
            *a += b;
        }
        self.king_captures_with_dice_left += o.king_captures_with_dice_left;
    }

    /// The aggregate's lines.
    pub fn rows(&self) -> Vec<(&'static str, String)> {
        let moves: u64 = self.moves_per_turn.iter().enumerate().map(|(n, c)| n as u64 * c).sum();
        let mean = if self.turns > 0 { format!("{:.2}", moves as f64 / self.turns as f64) } else { String::new() };
        let [m0, m1, m2, m3] = self.moves_per_turn;
        vec![
            ("turns", self.turns.to_string()),
            ("moves per turn (mean)", mean),
            ("empty turns", m0.to_string()),
            ("turns of 1 move", m1.to_string()),
            ("turns of 2 moves", m2.to_string()),
            ("turns of 3 moves", m3.to_string()),
            ("dice unused", self.dice_unused.to_string()),
            ("turns where the maximum-moves rule forced a choice", self.forced_turns.to_string()),
            ("king captured by white", self.king_captures[0].to_string()),
            ("king captured by black", self.king_captures[1].to_string()),
            ("king captured with dice left", self.king_captures_with_dice_left.to_string()),
        ]
    }
}

/// Replays a Dice chess game and counts it into `s` (its header).
pub fn game_stats(mut s: GameStats, index: usize, record: &GameRecord, options: Options, rows: bool) -> GameStats {
    let report = replay_dice(record, index, options);
    let first_error = report.diagnostics.iter().find(|d| d.is_error()).or(report.diagnostics.first());
    s.variant = "Dice".to_string();
    s.valid = report.is_valid();
    s.first_diagnostic = first_error.map_or_else(String::new, |d| d.code.to_string());
    let mut d = DiceStats::default();
    for turn in &report.turns {
        d.turns += 1;
        if let Some(c) = d.moves_per_turn.get_mut(turn.moves.len()) {
            *c += 1;
        }
        let mut pos = turn.start.clone();
        for ply in &turn.moves {
            let m = ply.mv;
            s.plies += 1;
            s.captures += u32::from(pos.is_capture(m));
            match m.kind {
                MoveKind::Castle(_) if m.to.file() > m.from.file() => s.castle_first_short += 1,
                MoveKind::Castle(_) => s.castle_first_long += 1,
                MoveKind::EnPassant => s.en_passant += 1,
                MoveKind::Promotion(Role::Queen) => s.promote_queen += 1,
                MoveKind::Promotion(Role::Rook) => s.promote_rook += 1,
                MoveKind::Promotion(Role::Bishop) => s.promote_bishop += 1,
                MoveKind::Promotion(_) => s.promote_knight += 1,
                _ => {}
            }
            pos.play(m);
        }
        if pos.king_taken().is_some() {
            d.king_captures_with_dice_left += u64::from(!turn.left.is_empty());
        } else {
            d.dice_unused += u64::from(turn.left.count());
        }
        if legal_turns(&turn.start, turn.roll).removed > 0 {
            d.forced_turns += 1;
        }
    }
    if let Some(loser) = report.king_taken() {
        let winner = !loser;
        if let Some(c) = d.king_captures.get_mut(winner.index()) {
            *c += 1;
        }
        s.termination = format!("king capture ({} wins)", if winner == Color::White { "white" } else { "black" });
    }
    if let (true, Some(last)) = (rows, &report.last) {
        s.final_fen = last.fen_with_ep();
    }
    s.dice = Some(d);
    s
}
