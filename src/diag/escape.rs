//! Input text shown on a terminal: control characters (escape sequences,
//! NUL, backspace, C1 controls) and bidirectional overrides are written
//! escaped (`\x1b`, `\u{202e}`), so a `{\x1b[2J}` comment cannot clear the
//! screen and no text can hide or reorder what is shown. Tab and line ends
//! stay.

use std::borrow::Cow;
use std::fmt::Write;

/// Whether `c` is shown escaped.
fn hidden(c: char) -> bool {
    (c.is_control() && !matches!(c, '\n' | '\t' | '\r'))
        || matches!(c, '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
}

fn push_escaped(out: &mut String, c: char) {
    // Writing to a String cannot fail.
    let _ = if c.is_ascii() { write!(out, "\\x{:02x}", c as u32) } else { write!(out, "\\u{{{:x}}}", c as u32) };
}

/// `text` with its hidden characters escaped.
pub fn escape(text: &str) -> Cow<'_, str> {
    if !text.chars().any(hidden) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 16);
    for c in text.chars() {
        if hidden(c) {
            push_escaped(&mut out, c);
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

/// A text as shown, with the map from its offsets to those of the text.
pub struct Shown {
    pub text: String,
    /// For each escaped character: the offset after it in the text, the
    /// offset after its escape in the shown text, and the characters the
    /// escapes up to it add.
    escapes: Vec<(usize, usize, usize)>,
}

impl Shown {
    pub fn new(text: &str) -> Shown {
        let mut shown = Shown { text: String::with_capacity(text.len()), escapes: Vec::new() };
        let mut added = 0;
        for (i, c) in text.char_indices() {
            if hidden(c) {
                let before = shown.text.len();
                push_escaped(&mut shown.text, c);
                added += shown.text.len() - before - 1;
                shown.escapes.push((i + c.len_utf8(), shown.text.len(), added));
            } else {
                shown.text.push(c);
            }
        }
        shown
    }

    /// The shown offset of an offset of the text.
    pub fn offset(&self, at: usize) -> usize {
        let n = self.escapes.partition_point(|&(end, _, _)| end <= at);
        match n.checked_sub(1).and_then(|k| self.escapes.get(k)) {
            Some(&(end, shown_end, _)) => shown_end + (at - end),
            None => at,
        }
    }

    /// The characters escapes add before a shown offset.
    pub fn added_before(&self, shown_at: usize) -> usize {
        let n = self.escapes.partition_point(|&(_, shown_end, _)| shown_end <= shown_at);
        n.checked_sub(1).and_then(|k| self.escapes.get(k)).map_or(0, |&(_, _, added)| added)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn control_characters_are_escaped_and_offsets_follow() {
        let text = "1. e3-e5 {\u{1b}[2J\u{202e}ж} e8-e6\t*";
        let shown = Shown::new(text);
        assert_eq!(shown.text, "1. e3-e5 {\\x1b[2J\\u{202e}ж} e8-e6\t*");
        assert_eq!(escape(text), shown.text);
        let at = text.find("e8").expect("e8");
        assert_eq!(shown.text.get(shown.offset(at)..shown.offset(at) + 2), Some("e8"));
        assert_eq!(shown.offset(3), 3);
        assert_eq!(shown.added_before(shown.offset(at)), 3 + 7);
        assert!(matches!(escape("plain"), Cow::Borrowed(_)));
    }
}
