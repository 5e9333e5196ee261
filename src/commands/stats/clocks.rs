//! The time-control view of `stats`: games by their `TimeControl` tag, and
//! the time a main-line move took, from the comments' commands
//! ([`crate::notation::comment_commands`]): `[%emt]` where written, else the
//! difference of a side's `[%clk]` readings plus the increment of a
//! `TimeControl` of the form `BASE` or `BASE+INCREMENT` (seconds; a side's
//! first reading counts from BASE). A reading above the one before plus
//! the increment (a clock set above the tag's base, time an arbiter gave)
//! is a move that took no time: counted, as 0 seconds. Syntax only: the main line is the
//! record's moves outside variations, whether or not they replay. Counts
//! only, so merging is exact.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::notation::ast::{GameRecord, MoveText, TokenKind};
use crate::notation::comment_commands::{comment_body, Notes};

/// Moves whose time is known, and that time in milliseconds, summed.
#[derive(Copy, Clone, Debug, Default, Serialize, Deserialize, PartialEq, Eq)]
#[serde(default, deny_unknown_fields)]
pub struct TimedMoves {
    pub moves: u64,
    pub millis: u64,
}

/// Games by time control and the time their moves took.
#[derive(Clone, Debug, Default, Serialize, Deserialize, PartialEq, Eq)]
#[serde(default, deny_unknown_fields)]
pub struct TimeStats {
    /// Games by their `TimeControl` tag, as written (games without one are not counted).
    pub by_time_control: BTreeMap<String, u64>,
    /// Moves with a known time, by `TimeControl` tag (`none` without one).
    pub timed_moves: BTreeMap<String, TimedMoves>,
}

/// `BASE` or `BASE+INCREMENT` in seconds, as milliseconds.
fn base_and_increment(tc: &str) -> Option<(u64, u64)> {
    let number = |s: &str| -> Option<u64> {
        (!s.is_empty() && s.bytes().all(|b| b.is_ascii_digit()) && s.len() <= 9)
            .then(|| s.parse::<u64>().ok())
            .flatten()
            .map(|n| n * 1000)
    };
    match tc.trim().split_once('+') {
        Some((base, inc)) => Some((number(base)?, number(inc)?)),
        None => Some((number(tc.trim())?, 0)),
    }
}

impl TimeStats {
    pub fn is_empty(&self) -> bool {
        self.by_time_control.is_empty() && self.timed_moves.is_empty()
    }

    /// Adds a game read from `text`.
    pub fn add(&mut self, record: &GameRecord, text: &str) {
        let tc = record.tag("TimeControl");
        if let Some(tc) = tc {
            *self.by_time_control.entry(tc.to_string()).or_default() += 1;
        }
        // Nothing to read in a game without a comment.
        if !record.tokens.iter().any(|t| matches!(t.kind, TokenKind::Comment | TokenKind::LineComment)) {
            return;
        }
        let clocks = tc.and_then(base_and_increment).filter(|_| record.tag("Variant") != Some("Dice"));
        let mut timed = TimedMoves::default();
        // Each side's last clock reading (white, black).
        let mut last: [Option<u64>; 2] = [clocks.map(|(base, _)| base); 2];
        let mut side = 0usize;
        let mut moves = 0usize;
        let mut depth = 0u32;
        let mut notes = Notes::default();
        let mut pending = false;
        let finish = |notes: &Notes, side: usize, last: &mut [Option<u64>; 2], timed: &mut TimedMoves| {
            let from_clock = notes.clock.and_then(|clock| {
                let slot = last.get_mut(side)?;
                let before = slot.replace(clock);
                let (_, increment) = clocks?;
                Some((before? + increment).saturating_sub(clock))
            });
            if let Some(ms) = notes.elapsed.or(from_clock) {
                timed.moves += 1;
                timed.millis += ms;
            }
        };
        for token in &record.tokens {
            match &token.kind {
                TokenKind::VariationStart => depth += 1,
                TokenKind::VariationEnd => depth = depth.saturating_sub(1),
                _ if depth > 0 => {}
                TokenKind::MoveNumber { black, .. } if moves == 0 => side = usize::from(*black),
                TokenKind::Move { text: MoveText::Restoration { .. }, .. } => {}
                TokenKind::Move { .. } => {
                    if pending {
                        finish(&notes, side, &mut last, &mut timed);
                        side ^= 1;
                    } else if moves > 0 {
                        side ^= 1;
                    }
                    notes.clear();
                    pending = true;
                    moves += 1;
                }
                TokenKind::Comment | TokenKind::LineComment if pending => {
                    notes.add(comment_body(text.get(token.span.clone()).unwrap_or_default()));
                }
                _ => {}
            }
        }
        if pending {
            finish(&notes, side, &mut last, &mut timed);
        }
        if timed.moves > 0 {
            let t = self.timed_moves.entry(tc.unwrap_or("none").to_string()).or_default();
            t.moves += timed.moves;
            t.millis += timed.millis;
        }
    }

    pub fn merge(&mut self, other: TimeStats) {
        for (k, v) in other.by_time_control {
            *self.by_time_control.entry(k).or_default() += v;
        }
        for (k, v) in other.timed_moves {
            let t = self.timed_moves.entry(k).or_default();
            t.moves += v.moves;
            t.millis += v.millis;
        }
    }

    /// The rows of `stats`: (section, key, value).
    pub fn rows(&self) -> Vec<(&'static str, String, String)> {
        let mut rows = Vec::new();
        let mut tcs: Vec<(&String, &u64)> = self.by_time_control.iter().collect();
        tcs.sort_by(|a, b| b.1.cmp(a.1).then(a.0.cmp(b.0)));
        for (tc, n) in tcs {
            rows.push(("time controls", tc.clone(), n.to_string()));
        }
        for (tc, t) in &self.timed_moves {
            if t.moves > 0 {
                let mean = t.millis as f64 / t.moves as f64 / 1000.0;
                rows.push(("seconds per move", tc.clone(), format!("{mean:.1} ({} moves)", t.moves)));
            }
        }
        rows
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::{Found, Reader};

    fn stats(text: &str) -> TimeStats {
        let mut reader = Reader::new(text);
        let mut record = GameRecord::default();
        let mut s = TimeStats::default();
        while let Some(found) = reader.read_into(&mut record) {
            if matches!(found, Found::Game) {
                s.add(&record, text);
            }
        }
        s
    }

    #[test]
    fn time_per_move_from_clocks_and_increments() {
        // White: 600 -> 598 (+5: 7 s), 598 -> 590 (+5: 13 s); Black: emt 3 s,
        // then 596 -> 590 (+5: 11 s); a variation's clock is no main-line move's.
        let text = "[TimeControl \"600+5\"]\n\n1. e4 {[%clk 0:09:58]} e5 {[%clk 0:09:56] [%emt 0:00:03]} \
                    2. Nf3 {[%clk 0:09:50]} (2. d4 {[%clk 0:01:00]}) Nc6 {[%clk 0:09:50]} *\n\n\
                    [TimeControl \"600+5\"]\n\n1. d4 *\n\n[TimeControl \"40/7200\"]\n\n1. c4 {[%clk 1:59:00]} *\n";
        let s = stats(text);
        assert_eq!(s.by_time_control, BTreeMap::from([("600+5".into(), 2), ("40/7200".into(), 1)]));
        assert_eq!(s.timed_moves.get("600+5"), Some(&TimedMoves { moves: 4, millis: 7_000 + 3_000 + 13_000 + 11_000 }));
        // An unknown form of time control: no clock difference is taken.
        assert_eq!(s.timed_moves.get("40/7200"), None);
        let rows = s.rows();
        assert!(rows.contains(&("seconds per move", "600+5".into(), "8.5 (4 moves)".into())), "{rows:?}");
        let mut twice = s.clone();
        twice.merge(s.clone());
        assert_eq!(twice.by_time_control.get("600+5"), Some(&4));
        assert_eq!(base_and_increment("180+2"), Some((180_000, 2_000)));
        assert_eq!(base_and_increment("-"), None);
    }
}
