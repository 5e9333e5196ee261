//! Where a text can be cut between games, and chunks cut there.

use std::ops::Range;

use crate::notation::reader::{last_boundary, next_boundary};

/// The first place at or after `from` where a text can be cut: a game
/// boundary (see [`crate::notation::reader`]) that does not follow a tag
/// line — the tags of one game may be spread over several paragraphs.
pub(super) fn next_cut(bytes: &[u8], from: usize) -> Option<usize> {
    let mut at = from;
    loop {
        let b = next_boundary(bytes, at)?;
        if follows_text(bytes, b) {
            return Some(b);
        }
        at = b + 1;
    }
}

/// The last place in `bytes` (after position 0) where it can be cut.
pub(super) fn last_cut(bytes: &[u8]) -> Option<usize> {
    let mut end = bytes.len();
    loop {
        let b = last_boundary(bytes.get(..end)?)?;
        if follows_text(bytes, b) {
            return Some(b);
        }
        end = b.checked_sub(1)?;
    }
}

/// Whether the reader is surely between games at `at`: the last byte before
/// it that is not ASCII white space is ASCII and not the `]` of a tag (after
/// a tag, the reader reads on to more tags over blank lines). A byte that is
/// not ASCII may belong to white space the reader skips (a BOM, a no-break
/// space, in any encoding): no cut there.
fn follows_text(bytes: &[u8], at: usize) -> bool {
    let before = bytes.get(..at).unwrap_or_default();
    // The ASCII white space of `char::is_whitespace`: \t \n \v \f \r and space.
    match before.iter().rev().find(|&&b| !matches!(b, b'\t'..=b'\r' | b' ')) {
        Some(&b) => b.is_ascii() && b != b']',
        None => true,
    }
}

/// Splits `text` into ranges of about `target` bytes at game boundaries.
pub fn chunks(text: &str, target: usize) -> Vec<Range<usize>> {
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    let mut start = 0;
    while start < bytes.len() {
        let end = match next_cut(bytes, start + target) {
            Some(b) if b > start => b,
            _ => bytes.len(),
        };
        out.push(start..end);
        start = end;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chunks_end_between_games() {
        let game = "[Event \"x\"]\n\n1. e3-e5 *\n\n";
        let text = game.repeat(100);
        let parts = chunks(&text, 50);
        assert!(parts.len() > 10);
        for r in &parts {
            assert!(text[r.clone()].starts_with("[Event"));
        }
        assert_eq!(parts.last().map(|r| r.end), Some(text.len()));
    }
}
