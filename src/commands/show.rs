//! `show`: the position of a replayed game at a point of its main line
//! (after `--ply N` moves, at its end, or in Dice chess at a move of a
//! turn), with what [`crate::output::diagram`] tells beside the board (the
//! positions themselves are [`crate::output::frames`]).
//!
//! Every variant's turn is its one move but Dice chess's, which is up to
//! three: there a position also falls in a turn, whose roll the record
//! writes, with dice left. Its FEN is docs/notation.md's (the open en passant
//! squares listed), the oracle's FEN but for that field: once a turn's last
//! move is made the turn has passed, and the FEN names the player whose
//! turn comes.

use crate::notation::ast::GameRecord;
pub use crate::output::frames::{dice_frame, for_each_frame, frames, DiceFrame, Frame};
use crate::output::frames::{start_of, turn_number};
use crate::replay::GameReport;
use crate::rules::{Color, Variant, VariantFenError, VariantPosition};

/// Where in a game to look.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum At {
    /// After the main line, as far as it was replayed.
    End,
    /// After this many moves of the main line (0: the start).
    Ply(usize),
    /// Dice chess: turn `number` of `color` (the record's `N.` or `N...`),
    /// after `made` of its moves (`None`: all of them, the turn passed).
    Turn { number: u32, color: Color, made: Option<usize> },
}

/// Why a game has no position where it was asked for: a full sentence.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct NoPosition(pub String);

/// The position of a FEN of `variant` (a Dice chess one between turns).
pub fn fen_frame<'a>(fen: &str, variant: Variant) -> Result<Frame<'a>, VariantFenError> {
    Ok(start_of(VariantPosition::from_fen(fen, variant)?))
}

/// The position of game `game` (counted from 1, for the messages) of
/// `record`, replayed as `report`, at `at`.
pub fn frame_at<'a>(record: &GameRecord, report: &'a GameReport, game: usize, at: At) -> Result<Frame<'a>, NoPosition> {
    let dice = report.variant.and_then(|v| v.rules().ok()).is_some_and(|r| r.rolled_turns);
    let plies = report.mainline.len();
    let noun = if dice { "moves" } else { "plies" };
    let unit = if dice { "move" } else { "ply" };
    let stops = report
        .diagnostics
        .iter()
        .find(|d| d.is_error())
        .filter(|_| !report.complete)
        .map(|d| format!("; its replay stops at {unit} {}: {}", plies + 1, d.message));
    let stops = stops.as_deref();
    // No start (a bad FEN tag, an unknown variant): the error says why.
    let no_position = || {
        let why =
            report.diagnostics.iter().find(|d| d.is_error()).map_or_else(String::new, |d| format!(": {}", d.message));
        NoPosition(format!("game {game} has no position to show{why}"))
    };
    match at {
        At::Turn { .. } if !dice => Err(NoPosition(
            "--turn and --move are for Dice chess records, whose turns are up to three moves; use --ply".to_string(),
        )),
        At::Turn { number, color, made } => {
            let written = turn_number(number, color);
            let Some(i) = report.turns.iter().position(|t| t.number() == number && t.color() == color) else {
                return Err(NoPosition(format!("game {game} has no turn {written}{}", stops.unwrap_or_default())));
            };
            let moves = report.turns.get(i).map_or(0, |t| t.plies.len());
            let made = made.unwrap_or(moves);
            if made > moves {
                let noun = if moves == 1 { "move" } else { "moves" };
                return Err(NoPosition(format!(
                    "turn {written} of game {game} has {moves} replayed {noun}, not {made}"
                )));
            }
            dice_frame(record, report, i, made).ok_or_else(no_position)
        }
        At::Ply(n) if n > plies => Err(NoPosition(format!(
            "game {game} has {plies} replayable {noun}, not {n}{}",
            stops.unwrap_or("; the game ends there")
        ))),
        At::Ply(n) if dice => ply_point(report, n)
            .map_or_else(|| report.start.clone().map(start_of), |(i, made)| dice_frame(record, report, i, made))
            .ok_or_else(no_position),
        At::End if dice => match report.turns.len().checked_sub(1) {
            Some(i) => dice_frame(record, report, i, report.turns.get(i).map_or(0, |t| t.plies.len())),
            None => report.start.clone().map(start_of),
        }
        .ok_or_else(no_position),
        At::Ply(n) => plain_frame(report, n).ok_or_else(no_position),
        At::End => plain_frame(report, plies).ok_or_else(no_position),
    }
}

/// After `n` moves of a main line of one move a turn.
fn plain_frame(report: &GameReport, n: usize) -> Option<Frame<'_>> {
    let pos = report.main_position(n)?;
    let last = n.checked_sub(1).and_then(|i| report.mainline.get(i)).copied();
    Some(Frame { pos, last, dice: None })
}

/// The Dice turn (index into `report.turns`) and how many of its moves are
/// made after `plies` moves of the game: `None` for 0 (the start) or more
/// moves than were replayed.
fn ply_point(report: &GameReport, plies: usize) -> Option<(usize, usize)> {
    let mut seen = 0;
    for (i, turn) in report.turns.iter().enumerate() {
        let n = turn.plies.len();
        if plies > seen && plies <= seen + n {
            return Some((i, plies - seen));
        }
        seen += n;
    }
    None
}
