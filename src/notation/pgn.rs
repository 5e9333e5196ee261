//! Writing whole games: tags, numbered moves, the result, lines kept short.

use std::fmt::Write;

use super::fill::{Filler, WIDTH};
use super::write::{write_and_play, Letters, Style};
use crate::rules::{Color, Move, Position};

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
    let mut out = tag_section(tags);
    let mut pos = start.clone();
    let mut fill = Filler::new(WIDTH);
    let mut push = |out: &mut String, word: &str| fill.push(out, word);
    for (i, &m) in moves.iter().enumerate() {
        let mut word = String::new();
        if pos.turn() == Color::White {
            let _ = write!(word, "{}. ", pos.fullmoves());
        } else if i == 0 {
            let _ = write!(word, "{}... ", pos.fullmoves());
        }
        word.push_str(&write_and_play(&mut pos, m, letters, style));
        push(&mut out, &word);
    }
    push(&mut out, result);
    out.push_str("\n\n");
    out
}
