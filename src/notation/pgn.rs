//! Writing whole games: tags, numbered moves, the result, lines kept short.

use std::fmt::Write;

use std::ops::Range;

use super::ast::RollForm;
use super::dice::{roll_text, write_move};
use super::fill::{Filler, WIDTH};
use super::write::{write_and_play, Letters, Style};
use crate::rules::{Color, Move, Position, Role, VariantPosition};

/// Writes a PGN tag pair with the value escaped.
pub fn tag_pair(name: &str, value: &str) -> String {
    let escaped = value.replace('\\', "\\\\").replace('"', "\\\"");
    format!("[{name} \"{escaped}\"]")
}

/// The tag pairs of `tags`, a line each, and the blank line after them
/// (nothing when there are none).
pub fn tag_section(tags: &[(&str, String)]) -> String {
    let mut out = String::new();
    for (name, value) in tags {
        out.push_str(&tag_pair(name, value));
        out.push('\n');
    }
    if !tags.is_empty() {
        out.push('\n');
    }
    out
}

/// Writes a game: `tags` (in order), then the moves from `start` numbered
/// and wrapped at about 80 characters, then `result`. Returns the text,
/// ending with a blank line.
pub fn write_game(
    tags: &[(&str, String)],
    start: &Position,
    moves: &[Move],
    letters: Letters,
    style: Style,
    result: &str,
) -> String {
    let form = GameForm { letters, style, rolls: RollForm::Latin, pgn: false };
    write_turns(tags, &start.clone().into(), moves, &[], form, result)
}

/// A Dice chess turn of a game to write: its roll and its moves' range.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RolledTurn {
    pub roll: [Role; 3],
    pub moves: Range<usize>,
}

/// How [`write_turns`] writes the moves.
#[derive(Copy, Clone, Debug)]
pub struct GameForm {
    pub letters: Letters,
    pub style: Style,
    /// Dice chess: the rolls' form.
    pub rolls: RollForm,
    /// As chess programs write PGN: castling with the variant's
    /// [`Rules::castle_letter`](crate::rules::Rules::castle_letter), one `+`
    /// for a double check.
    pub pgn: bool,
}

/// The one writer of a whole game in every variant: `tags`, then the
/// moves from `start` numbered (Dice chess: every turn of `turns`
/// `N. <roll> m1 m2 m3`, Black's `N... <roll> …`), lines filled to
/// [`WIDTH`], `result`, a blank line.
pub fn write_turns(
    tags: &[(&str, String)],
    start: &VariantPosition,
    moves: &[Move],
    turns: &[RolledTurn],
    form: GameForm,
    result: &str,
) -> String {
    let mut out = tag_section(tags);
    let mut fill = Filler::new(WIDTH);
    let mut pos = start.clone();
    // A turn is one move but in Dice chess.
    let count = if turns.is_empty() { moves.len() } else { turns.len() };
    for i in 0..count {
        let (roll, range) = match turns.get(i) {
            Some(t) => (Some(t.roll), t.moves.clone()),
            None => (None, i..i + 1),
        };
        let white = pos.turn() == Color::White;
        let mut number = format!("{}.", pos.fullmoves());
        if !white {
            number.push_str("..");
        }
        let moves = moves.get(range).unwrap_or_default();
        match roll {
            Some(roll) => {
                fill.push(&mut out, &number);
                fill.push(&mut out, &roll_text(&roll, form.rolls));
                for &m in moves {
                    fill.push(&mut out, &write_and_play_any(&mut pos, m, form));
                }
            }
            // A move with its number (Black's only at the start), one word.
            None => {
                let mut word = String::new();
                if white || i == 0 {
                    let _ = write!(word, "{number} ");
                }
                for &m in moves {
                    word.push_str(&write_and_play_any(&mut pos, m, form));
                }
                fill.push(&mut out, &word);
            }
        }
        pos.end_turn();
    }
    fill.push(&mut out, result);
    out.push_str("\n\n");
    out
}

/// `m` written from `pos` (with its check mark outside Dice chess), then played.
fn write_and_play_any(pos: &mut VariantPosition, m: Move, form: GameForm) -> String {
    let castle_letter = form.pgn.then(|| pos.rules().castle_letter).filter(|_| m.is_castle());
    let mut s = match pos {
        VariantPosition::Plain(p) => write_and_play(p, m, form.letters, form.style),
        VariantPosition::Dice(p) => {
            let s = write_move(p, m, form.letters, form.style);
            p.play(m);
            s
        }
    };
    if let Some(c) = castle_letter {
        s = s.replace('0', &c.to_string());
    }
    if form.pgn {
        if let Some(plain) = s.strip_suffix("++") {
            s = format!("{plain}+");
        }
    }
    s
}
