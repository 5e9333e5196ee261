//! Re-wrapping a converted game's movetext: when moves change length (long
//! to short form and back), the old line breaks no longer fit; the movetext
//! is filled again into lines of at most [`WIDTH`] columns, as PGN exporters
//! write it.
//!
//! Only line breaks and the spaces between tokens change: a comment `{...}`
//! is never broken, a throne mark stays with its move, and movetext whose
//! line structure means something (a `;` comment, a `%` escape line, a dice roll, a comment over several lines,
//! a blank line, a carriage return) is left as it stands. The result depends
//! only on the tokens, so converting there and back gives the same text.

use crate::notation::fill::Filler;
pub use crate::notation::fill::WIDTH;
use crate::notation::scan::throne_mark_at;

/// Re-wraps the movetext of the game text that `out` holds from `start` on.
pub fn rewrap_game(out: &mut String, start: usize) {
    if let Some(wrapped) = out.get(start..).and_then(|game| rewrap(game, WIDTH)) {
        out.truncate(start);
        out.push_str(&wrapped);
    }
}

/// The game's text with its movetext (what follows the tag lines) filled
/// into lines of at most `width` characters (a longer token gets a line of
/// its own); `None` when the movetext is to stay as it is.
pub fn rewrap(game: &str, width: usize) -> Option<String> {
    let body = movetext_start(game);
    let (head, movetext) = (game.get(..body)?, game.get(body..)?);
    let trimmed = movetext.trim_end();
    let tail = movetext.get(trimmed.len()..)?;
    if !wrappable(trimmed) {
        return None;
    }
    let mut out = String::with_capacity(game.len());
    out.push_str(head);
    let mut fill = Filler::new(width);
    for_each_unit(trimmed, |unit| fill.push(&mut out, unit))?;
    out.push_str(tail);
    Some(out)
}

/// Where the movetext starts: after the leading tag lines and blank lines.
fn movetext_start(game: &str) -> usize {
    let mut at = 0;
    for line in game.split_inclusive('\n') {
        let t = line.trim();
        if !(t.is_empty() || t.starts_with('[')) {
            break;
        }
        at += line.len();
    }
    at
}

/// Whether the character at byte `i` of `text` is white space.
fn space_at(text: &str, i: usize) -> bool {
    crate::notation::space_len(text, i).is_some()
}

/// Whether line breaks in `movetext` carry no meaning: no `<` or carriage
/// return, no blank line, no line that starts with `%` or `[`, no comment
/// over several lines, and every `;` outside comments a throne mark
/// (`Крf8-f9; e3`), not a comment to the end of the line. One pass over the
/// bytes (every byte looked at is ASCII).
fn wrappable(movetext: &str) -> bool {
    let b = movetext.as_bytes();
    let mut in_comment = false;
    let mut line_start = true;
    for (i, &c) in b.iter().enumerate() {
        if line_start {
            if space_at(movetext, i) || (c & 0xC0 == 0x80) {
                continue;
            }
            if c == b'%' || c == b'[' {
                return false;
            }
            line_start = false;
        }
        match c {
            b'<' | b'\r' => return false,
            b'\n' if in_comment || b.get(i + 1) == Some(&b'\n') => return false,
            b'\n' => line_start = true,
            b'{' => in_comment = true,
            b'}' => in_comment = false,
            b';' if !in_comment && !is_throne_mark(movetext, i) => return false,
            _ => {}
        }
    }
    !in_comment
}

/// Whether the `;` at `at` is a throne mark: it touches its move (`e5 ; e3
/// ...` may be a comment) and a square follows.
fn is_throne_mark(text: &str, at: usize) -> bool {
    let touching = text.get(..at).and_then(|t| t.chars().next_back()).is_some_and(|c| !c.is_whitespace());
    touching && throne_mark_at(text, at).is_some()
}

/// Calls `f` on each unit to lay out: runs of text without white space
/// outside comments; a throne mark stays with its move (`Крf8-f9; e3` is
/// one unit). `None` if a unit is not on char boundaries (never: units
/// start and end next to ASCII bytes or white space).
fn for_each_unit(movetext: &str, mut f: impl FnMut(&str)) -> Option<()> {
    let b = movetext.as_bytes();
    let mut start = None;
    let mut in_comment = false;
    let mut glued_to = 0;
    let mut i = 0;
    while let Some(&c) = b.get(i) {
        match c {
            b'{' => in_comment = true,
            b'}' => in_comment = false,
            b';' | b',' if !in_comment => {
                glued_to = throne_mark_at(movetext, i).map_or(0, |len| i + len);
            }
            _ if !in_comment && i >= glued_to && space_at(movetext, i) => {
                if let Some(s) = start.take() {
                    f(movetext.get(s..i)?);
                }
                i += movetext.get(i..).and_then(|r| r.chars().next()).map_or(1, char::len_utf8);
                continue;
            }
            _ => {}
        }
        start.get_or_insert(i);
        i += 1;
    }
    if let Some(s) = start {
        f(movetext.get(s..)?);
    }
    Some(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fills_lines_and_keeps_comments_whole() {
        let moves: String = (1..=30).map(|n| format!("{n}. e5 e6 ")).collect();
        let game = format!("[Event \"x\"]\n\n{}{{a comment with spaces}} *\n", moves.replace(' ', "\n"));
        let wrapped = rewrap(&game, 80).expect("wrapped");
        assert!(wrapped.starts_with("[Event \"x\"]\n\n1. e5 e6 2. e5 e6"));
        assert!(wrapped.lines().all(|l| l.chars().count() <= 80), "{wrapped}");
        assert!(wrapped.contains("{a comment with spaces}"));
        assert!(wrapped.ends_with("*\n"));
        let flat = |s: &str| s.split_whitespace().collect::<Vec<_>>().join(" ");
        assert_eq!(flat(&wrapped), flat(&game));
        assert_eq!(rewrap(&wrapped, 80).as_deref(), Some(wrapped.as_str()), "stable");
    }

    #[test]
    fn keeps_the_throne_mark_with_its_move() {
        let moves: String = (1..=12).map(|n| format!("{n}. Крf8-f9; e3 Крf2-f1\n")).collect();
        let game = format!("[Event \"x\"]\n\n{moves}*\n");
        let wrapped = rewrap(&game, 40).expect("a throne mark is no comment");
        assert!(wrapped.lines().all(|l| l.chars().count() <= 40), "{wrapped}");
        assert!(wrapped.lines().all(|l| !l.ends_with(';')), "{wrapped}");
        assert_eq!(wrapped.matches("Крf8-f9; e3").count(), 12, "{wrapped}");
        assert_ne!(wrapped, game);
    }

    #[test]
    fn leaves_meaningful_line_breaks() {
        for movetext in [
            "1. e5 ; to the end\ne6 *",
            "1. e5 ; e3 was better\ne6 *",
            "1. e5 {two\nlines} *",
            "1. e5\n\n2. d5 *",
            "1. e5\n% escape\n*",
        ] {
            assert_eq!(rewrap(movetext, 80), None, "{movetext:?}");
        }
    }
}
