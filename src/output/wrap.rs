//! Filling a converted game's movetext into lines again: when moves change
//! length (long to short form and back), the old line breaks no longer fit;
//! the movetext is filled into lines of at most [`WIDTH`] columns, as PGN
//! exporters write it. Convert fills it as it writes the game ([`Fill`]:
//! the text of the file in pieces, the moves it writes between them), or
//! the whole game once written ([`rewrap_game_to`]): the same filling.
//!
//! Only line breaks and the spaces between tokens change: a comment `{...}`
//! is never broken, a throne mark stays with its move, and movetext whose
//! line structure means something (a `;` comment, a `%` escape line, a
//! dice roll, a comment over several lines, a blank line, a carriage
//! return but a CRLF line end's) is left as it stands. A game whose lines
//! end in CRLF is filled as one whose lines end in `\n`, and its line ends
//! are then written as CRLF again ([`crlf_line_ends`]). The result depends only on the tokens, so
//! converting there and back gives the same text.

use crate::notation::fill::Filler;
pub use crate::notation::fill::WIDTH;
use crate::notation::scan::throne_mark_at;

/// The width of PGN export (`convert --to pgn`): pgn-extract's 75 columns.
pub const PGN_WIDTH: usize = 75;

/// Re-wraps the movetext of the game text that `out` holds from `start` on
/// into lines of at most `width` columns, or leaves it as it stands when its
/// line breaks carry meaning.
pub fn rewrap_game_to(out: &mut String, start: usize, width: usize) {
    let Some(body) = out.get(start..).map(|game| start + movetext_start(game)) else { return };
    let movetext = out.split_off(body);
    let trimmed = movetext.trim_end();
    let mark = out.len();
    if fill_movetext(trimmed, width, out) {
        out.push_str(movetext.get(trimmed.len()..).unwrap_or_default());
    } else {
        out.truncate(mark);
        out.push_str(&movetext);
    }
}

/// Writes the line ends of `out` from `start` on as CRLF when every line
/// of `game`, the game's text in the file, ends so: the filling writes
/// `\n` alone.
pub fn crlf_line_ends(out: &mut String, start: usize, game: &str) {
    let b = game.as_bytes();
    let crlf =
        b.contains(&b'\n') && b.iter().enumerate().all(|(i, &c)| c != b'\n' || (i > 0 && b.get(i - 1) == Some(&b'\r')));
    let Some(written) = out.get(start..) else { return };
    if !crlf || !written.contains('\n') {
        return;
    }
    let mut fixed = String::with_capacity(written.len() + written.len() / 32);
    let mut last = 0u8;
    for c in written.chars() {
        if c == '\n' && last != b'\r' {
            fixed.push('\r');
        }
        fixed.push(c);
        last = if c.is_ascii() { c as u8 } else { 0 };
    }
    out.truncate(start);
    out.push_str(&fixed);
}

/// Whether `text`, a game's text up to the end of its last tag, is tag
/// lines and blank lines alone: then the movetext starts on the lines
/// after it, as [`rewrap_game_to`] takes it ([`head_len`] after a tag).
pub fn tags_only(text: &str) -> bool {
    movetext_start(text) == text.len()
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

/// How much of `text`, the text of a game after its tags (or all of it,
/// with no tags) up to where a move is written anew, or to its end when
/// `complete`, comes before the movetext and stays as it stands, as
/// [`rewrap_game_to`] takes it: after a tag the rest of its line, then blank
/// lines and lines that start with `[`. `None` when that may run on past
/// `text`.
pub fn head_len(text: &str, after_tag: bool, complete: bool) -> Option<usize> {
    let first = match (after_tag, text.find('\n')) {
        (false, _) => 0,
        (true, Some(i)) => i + 1,
        (true, None) => return complete.then_some(text.len()),
    };
    let rest = text.get(first..)?;
    let at = movetext_start(rest);
    if at < rest.len() || complete || rest.is_empty() || rest.ends_with('\n') {
        return Some(first + at);
    }
    // The last line goes on past `text`: with a move, so it is no blank
    // line; it is the movetext's first unless it starts with `[`.
    let last = rest.rfind('\n').map_or(0, |i| i + 1);
    rest.get(last..)?.trim().is_empty().then_some(first + last)
}

/// Whether the character at byte `i` of `text` is white space.
fn space_at(text: &str, i: usize) -> bool {
    crate::notation::space_len(text, i).is_some()
}

/// The bytes that [`Fill`] looks at one by one: ASCII white space,
/// the lead bytes of the other Unicode spaces (`C2`, `E1`–`E3`), and the
/// marks that change its state (`<`, `{`, `}`, `;`, `,`). Every other byte
/// (when not at the start of a line) is part of a unit and nothing else.
#[expect(clippy::indexing_slicing, reason = "a byte indexes a table of 256, `i` stays below the length of `bytes`")]
const SPECIAL: [bool; 256] = {
    let mut t = [false; 256];
    let bytes = b"\t\n\x0B\x0C\r <{};,\xC2\xE1\xE2\xE3";
    let mut i = 0;
    while i < bytes.len() {
        t[bytes[i] as usize] = true;
        i += 1;
    }
    t
};

/// How many of the bytes of `word` (little-endian: its first byte lowest)
/// come before the first that is below `!` (white space among them) or one
/// of `<{};,` or the lead byte of a Unicode space (`C2`, `E1`-`E3`; and
/// `E0`): bytes
/// that the one-by-one reading of [`Fill`] takes as plain; and
/// how many characters they start (those that are no UTF-8 continuation
/// byte). Each test flags bytes whose lowest flag is exact (a subtraction's
/// borrow runs upwards only from a flagged byte), so the lowest flag of all
/// of them is too.
#[inline(always)]
fn plain_run(word: u64) -> (usize, usize) {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    let zero = |v: u64| v.wrapping_sub(ONES) & !v & HIGH;
    let below = word.wrapping_sub(0x21 * ONES) & !word;
    let marks = [b'<', b'{', b'}', b';', b',', 0xC2].iter().fold(0, |m, &c| m | zero(word ^ (u64::from(c) * ONES)));
    // `E0` to `E3` in one test (`E0` is flagged too: it is then read one
    // by one, as it is plain there).
    let e0_e3 = zero((word ^ (0xE0 * ONES)) & (0xFC * ONES));
    let flags = (below | marks | e0_e3) & HIGH;
    let bytes = flags.trailing_zeros() / 8;
    // The continuation bytes (`10xxxxxx`) among them.
    let taken = u64::MAX.checked_shr(64 - 8 * bytes).unwrap_or(0);
    let continuations = word & !(word << 1) & HIGH & taken;
    (bytes as usize, (bytes - continuations.count_ones()) as usize)
}

#[inline(always)]
fn special(c: u8) -> bool {
    SPECIAL.get(usize::from(c)).copied().unwrap_or(true)
}

/// Appends `movetext` filled into lines of at most `width` characters to
/// `out`; `false` (with part of it appended) when its line breaks carry
/// meaning ([`Fill`]).
fn fill_movetext(movetext: &str, width: usize, out: &mut String) -> bool {
    let mut fill = Fill::new(width);
    fill.text(out, movetext) && fill.end(out)
}

/// Movetext being filled into lines as it is written, in pieces: the text
/// of the file as it stands ([`Fill::text`]: white space, move numbers,
/// comments, glyphs, results, and in a whole game's text its moves too),
/// and the moves written anew ([`Fill::word_start`], [`Fill::word_end`]),
/// each part of the unit it touches. One pass over the text of the file; a
/// move written anew is never looked at again.
///
/// The units laid out are runs of text without white space outside
/// comments; a comment is never broken, and a throne mark stays with its
/// move (`Крf8-f9; e3` is one unit). A unit is written as it comes, after
/// one space when it is not the first; when it ends and would pass the
/// width, that space becomes a line break.
///
/// The line breaks carry meaning, and the movetext is to stay as it
/// stands (the answer `false`, with part of it appended), at a `<` or a
/// carriage return (not one of a CRLF line end), a blank line, a line that starts with `%` or `[`, a
/// comment over several lines or not closed, or a `;` outside comments
/// that is no throne mark but a comment to the end of the line.
#[derive(Clone, Debug)]
pub struct Fill {
    fill: Filler,
    in_comment: bool,
    /// At the start of a line (its white space is skipped).
    line_start: bool,
    /// The last byte read was a line break that ended a line: a second
    /// one makes a blank line.
    after_break: bool,
    /// The last character read was white space (a `;` after it is no
    /// throne mark).
    after_space: bool,
    /// A unit is being written: `Some`, with where its space was written
    /// (`None`: the first unit has none).
    unit: Option<Option<usize>>,
    /// Its length in characters so far.
    chars: usize,
}

impl Fill {
    pub fn new(width: usize) -> Fill {
        Fill {
            fill: Filler::new(width),
            in_comment: false,
            line_start: true,
            after_break: false,
            after_space: true,
            unit: None,
            chars: 0,
        }
    }

    /// Starts a unit unless one is being written: its space first, if it
    /// is not the first.
    #[inline(always)]
    fn open(&mut self, out: &mut String) {
        if self.unit.is_none() {
            self.unit = Some(if self.fill.at_start() {
                None
            } else {
                out.push(' ');
                Some(out.len() - 1)
            });
        }
    }

    /// Ends the unit being written: its space becomes a line break when
    /// it passes the width.
    #[inline(always)]
    fn close(&mut self, out: &mut String) {
        if let Some(space) = self.unit.take() {
            let sep = self.fill.place(self.chars);
            self.chars = 0;
            if let (Some(b'\n'), Some(at)) = (sep, space) {
                out.replace_range(at..at + 1, "\n");
            }
        }
    }

    /// Starts a word written anew (a move): part of the unit it touches,
    /// never broken. Its text is what is appended to `out` from here on
    /// until [`Fill::word_end`].
    #[inline]
    pub fn word_start(&mut self, out: &mut String) {
        self.open(out);
    }

    /// Ends the word whose text starts at `start` of `out`.
    #[inline]
    pub fn word_end(&mut self, out: &str, start: usize) {
        self.chars += out.get(start..).map_or(0, |w| w.bytes().filter(|&c| c & 0xC0 != 0x80).count());
        self.line_start = false;
        self.after_break = false;
        self.after_space = false;
    }

    /// Appends `text`, text of the file, filled; `false` (with part of it
    /// appended) when the line breaks carry meaning.
    #[inline]
    pub fn text(&mut self, out: &mut String, text: &str) -> bool {
        // The commonest text between two moves: a space or a line break,
        // or a move number (or another unit of plain bytes) between them.
        let is_break = |c: &u8| matches!(c, b' ' | b'\n');
        let (first, inner, last) = match text.as_bytes() {
            [c] if is_break(c) => (*c, &[][..], *c),
            [a, inner @ .., z] if is_break(a) && is_break(z) && !inner.is_empty() => (*a, inner, *z),
            _ => return self.pieces(out, text),
        };
        // (A line does not start with `%` or `[`.)
        let line_start_ok = first == b' ' || !matches!(inner.first(), Some(b'%' | b'['));
        if !self.line_start && !self.in_comment && line_start_ok && inner.iter().all(|&c| !special(c)) {
            self.close(out);
            if let Some(unit) = text.get(1..text.len() - 1).filter(|u| !u.is_empty()) {
                self.open(out);
                out.push_str(unit);
                self.chars = inner.iter().filter(|&&c| c & 0xC0 != 0x80).count();
                self.close(out);
            }
            self.after_space = true;
            if last == b'\n' {
                self.line_start = true;
                self.after_break = true;
            }
            return true;
        }
        self.pieces(out, text)
    }

    /// [`Fill::text`] of any text.
    fn pieces(&mut self, out: &mut String, text: &str) -> bool {
        let b = text.as_bytes();
        // Where the text of the unit being written starts in `text` (what
        // is not yet appended).
        let mut from = 0;
        // Where a throne mark being read ends: no unit ends before it.
        let mut glued_to = 0;
        let mut i = 0;
        while let Some(&c) = b.get(i) {
            if c == b'\r' && b.get(i + 1) == Some(&b'\n') && !self.in_comment {
                // A CRLF line end is a line end, as `\n` alone: the `\r`
                // ends the unit and is left out (the line ends are written
                // as the game's afterwards: `crlf_line_ends`).
                if self.unit.is_some() {
                    out.push_str(text.get(from..i).unwrap_or_default());
                    self.close(out);
                }
                self.after_space = true;
                i += 1;
                continue;
            }
            if !self.line_start && !special(c) {
                // A run of plain bytes, all of the unit.
                if self.unit.is_none() {
                    self.open(out);
                    from = i;
                }
                self.chars += usize::from(c & 0xC0 != 0x80);
                i += 1;
                // Eight bytes at a time while they are plain (the end of
                // a unit found without a branch per byte), then byte by byte.
                while let Some(word) = b.get(i..).and_then(<[u8]>::first_chunk::<8>) {
                    let (plain, plain_chars) = plain_run(u64::from_le_bytes(*word));
                    i += plain;
                    self.chars += plain_chars;
                    if plain < 8 {
                        break;
                    }
                }
                while let Some(&c) = b.get(i) {
                    if special(c) {
                        break;
                    }
                    self.chars += usize::from(c & 0xC0 != 0x80);
                    i += 1;
                }
                self.after_space = false;
                continue;
            }
            if c == b' ' && !self.line_start && !self.in_comment && i >= glued_to {
                // The usual end of a unit (a space within a line means nothing below).
                if self.unit.is_some() {
                    out.push_str(text.get(from..i).unwrap_or_default());
                    self.close(out);
                }
                self.after_space = true;
                i += 1;
                continue;
            }
            // Whether the line breaks carry meaning.
            let after_break = std::mem::take(&mut self.after_break);
            let mut skipped = false;
            if self.line_start {
                if space_at(text, i) || (c & 0xC0 == 0x80) {
                    skipped = true;
                    if c == b'\n' && after_break {
                        return false;
                    }
                } else if c == b'%' || c == b'[' {
                    return false;
                } else {
                    self.line_start = false;
                }
            }
            if !skipped {
                match c {
                    b'<' | b'\r' => return false,
                    b'\n' if self.in_comment => return false,
                    b'\n' => {
                        self.line_start = true;
                        self.after_break = true;
                    }
                    // A throne mark touches its move (`e5 ; e3 ...` may be a comment).
                    b';' if !self.in_comment && (self.after_space || throne_mark_at(text, i).is_none()) => {
                        return false;
                    }
                    _ => {}
                }
            }
            // The units.
            match c {
                b'{' => self.in_comment = true,
                b'}' => self.in_comment = false,
                b';' | b',' if !self.in_comment => {
                    glued_to = throne_mark_at(text, i).map_or(0, |len| i + len);
                }
                _ if !self.in_comment && i >= glued_to => {
                    if let Some(len) = crate::notation::space_len(text, i) {
                        if self.unit.is_some() {
                            out.push_str(text.get(from..i).unwrap_or_default());
                            self.close(out);
                        }
                        self.after_space = true;
                        // The continuation bytes of a space change nothing above.
                        i += len;
                        continue;
                    }
                }
                _ => {}
            }
            if self.unit.is_none() {
                self.open(out);
                from = i;
            }
            self.after_space = text.get(i..).and_then(|r| r.chars().next()).is_some_and(char::is_whitespace);
            self.chars += usize::from(c & 0xC0 != 0x80);
            i += 1;
        }
        if self.unit.is_some() {
            out.push_str(text.get(from..).unwrap_or_default());
        }
        true
    }

    /// Ends the movetext: `false` when a comment is not closed.
    pub fn end(&mut self, out: &mut String) -> bool {
        if self.in_comment {
            return false;
        }
        self.close(out);
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Whether the `;` at `at` is a throne mark: it touches its move (`e5 ; e3
    /// ...` may be a comment) and a square follows.
    fn is_throne_mark(text: &str, at: usize) -> bool {
        let touching = text.get(..at).and_then(|t| t.chars().next_back()).is_some_and(|c| !c.is_whitespace());
        touching && throne_mark_at(text, at).is_some()
    }

    /// The game's text with its movetext (what follows the tag lines) filled
    /// into lines of at most `width` characters (a longer token gets a line of
    /// its own); `None` when the movetext is to stay as it is.
    fn rewrap(game: &str, width: usize) -> Option<String> {
        let body = movetext_start(game);
        let (head, movetext) = (game.get(..body)?, game.get(body..)?);
        let trimmed = movetext.trim_end();
        let tail = movetext.get(trimmed.len()..)?;
        let mut out = String::with_capacity(game.len());
        out.push_str(head);
        if !fill_movetext(trimmed, width, &mut out) {
            return None;
        }
        out.push_str(tail);
        Some(out)
    }

    /// The re-wrapping as first written, three passes (wrappable, units,
    /// filling): what the one-pass [`fill_movetext`] must give.
    fn reference(game: &str, width: usize) -> Option<String> {
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
                    b'\r' if b.get(i + 1) == Some(&b'\n') && !in_comment => {}
                    b'<' | b'\r' => return false,
                    b'\n'
                        if in_comment
                            || b.get(i + 1) == Some(&b'\n')
                            || movetext.get(i + 1..).is_some_and(|r| r.starts_with("\r\n")) =>
                    {
                        return false
                    }
                    b'\n' => line_start = true,
                    b'{' => in_comment = true,
                    b'}' => in_comment = false,
                    b';' if !in_comment && !is_throne_mark(movetext, i) => return false,
                    _ => {}
                }
            }
            !in_comment
        }
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

    #[test]
    fn one_pass_fills_as_the_reference() {
        // Pieces of movetext, odd ones included, joined in many orders.
        let plain = [
            "1.",
            "e5",
            "Крf8-f9;",
            "e3",
            "Крf8-f9; e3",
            "Крf8-f9; e3+",
            "Крf8-f9;e3#!",
            "Кf3,e4",
            "{a b}",
            " ",
            "  ",
            "\n",
            "×",
            "Фd1:d8×",
            "e10Ф",
            "$1",
            "!?",
            "1-0",
            "*",
            "Лj1-j2",
            "П",
            "a",
            "—",
        ];
        let odd = [
            "{x\ny}", "\n\n", "\t", "\u{a0}", "\u{2003}", "\u{3000}", "\u{85}", ";", "; e3", " ;e3", "%x", "[t]",
            "<r>", "\r\n", "{", "}", "\u{b}", "\u{c}", "\n ", "\n\u{a0}",
        ];
        let mut next = crate::testing::numbers(2026_u64);
        let mut wrapped = 0;
        for round in 0..20_000 {
            let mut game = String::from(if round % 3 == 0 { "[Event \"x\"]\n\n" } else { "" });
            let len = next(40);
            for _ in 0..len {
                game.push_str(if next(40) == 0 { odd[next(odd.len())] } else { plain[next(plain.len())] });
                if next(2) == 0 {
                    game.push(' ');
                }
            }
            for width in [10, 80] {
                let want = reference(&game, width);
                wrapped += usize::from(want.as_ref().is_some_and(|w| *w != game));
                assert_eq!(rewrap(&game, width), want, "{game:?} at {width}");
            }
            let mut out = String::from("before\n");
            out.push_str(&game);
            rewrap_game_to(&mut out, 7, WIDTH);
            let want = reference(&game, WIDTH).unwrap_or_else(|| game.clone());
            assert_eq!(out, format!("before\n{want}"), "{game:?}");
        }
        // Both kinds of movetext were met.
        assert!((5_000..35_000).contains(&wrapped), "{wrapped}");
    }

    #[test]
    fn filling_in_pieces_fills_as_the_whole_text() {
        // The text of the file in pieces, with moves written anew (words)
        // between them, as convert writes a game: filled as the whole
        // text is, or refused as it is.
        let words = ["e5", "Фd1:d8×", "e10Ф", "Лj1-j2", "Кf3", "0-0", "c5:d4!?", "a"];
        let texts = [
            " ", "1. ", " {a b} ", "\n", " $1 ", "!? ", " 2... ", "\n3.", "\u{a0}", " {x\ny} ", "\n\n", "\r\n",
            " ; c\n", "<r>", "\n%x\n", "{", "} ", "; e3 ", "\n \n", "\u{2003}", "1-0", "", "[t]\n", "\n[", "\n4. ",
            " 5.\n", "\n[t] ", "\n%x ", "\n6...\n", " } ", " { ",
        ];
        let mut next = crate::testing::numbers(2027_u64);
        let (mut filled, mut refused) = (0, 0);
        for _ in 0..20_000 {
            let pieces: Vec<(bool, &str)> = (0..next(30))
                .map(|i| if i % 2 == 1 { (true, words[next(words.len())]) } else { (false, texts[next(texts.len())]) })
                .collect();
            let whole: String = pieces.iter().map(|(_, p)| *p).collect();
            let trimmed = whole.trim_end();
            for width in [12, 80] {
                let mut want = String::new();
                let want = fill_movetext(trimmed, width, &mut want).then_some(want);
                let mut out = String::new();
                let mut fill = Fill::new(width);
                let mut at = 0;
                let mut ok = true;
                for (word, piece) in &pieces {
                    // The pieces up to the end of the trimmed text.
                    let piece = piece.get(..trimmed.len().saturating_sub(at).min(piece.len())).unwrap_or(piece);
                    at += piece.len();
                    if *word && !piece.is_empty() {
                        fill.word_start(&mut out);
                        let start = out.len();
                        out.push_str(piece);
                        fill.word_end(&out, start);
                    } else if !fill.text(&mut out, piece) {
                        ok = false;
                        break;
                    }
                }
                let got = (ok && fill.end(&mut out)).then_some(out);
                if want.is_some() {
                    filled += 1;
                } else {
                    refused += 1;
                }
                assert_eq!(got, want, "{pieces:?} at {width}");
            }
        }
        assert!(filled > 5_000 && refused > 5_000, "{filled} {refused}");
    }

    #[test]
    fn plain_run_counts_the_bytes_and_characters_read_one_by_one_as_plain() {
        // The bytes the words pass over are plain to the one-by-one reading.
        let plain = |c: u8| c >= b'!' && !b"<{};,\xC2\xE0\xE1\xE2\xE3".contains(&c);
        for c in 0..=255u8 {
            assert!(!plain(c) || !special(c), "{c:#x}");
        }
        let want = |w: &[u8; 8]| {
            let n = w.iter().position(|&c| !plain(c)).unwrap_or(8);
            (n, w.iter().take(n).filter(|&&c| c & 0xC0 != 0x80).count())
        };
        // Every byte value at every place of words of Latin and of
        // Cyrillic letters, and a second flagged byte last (a borrow from
        // the lower must not hide or move the count).
        for base in [*b"Nf3e4Qd8", *"Кр:e\u{444}".as_bytes().first_chunk::<8>().expect("8 bytes")] {
            for c in 0..=255u8 {
                for at in 0..8 {
                    let mut w = base;
                    w[at] = c;
                    assert_eq!(plain_run(u64::from_le_bytes(w)), want(&w), "{w:x?}");
                    for c2 in [0u8, b' ', 0x80, 0xC2, 0xE3, 0xFF, b'{'] {
                        w[7] = c2;
                        assert_eq!(plain_run(u64::from_le_bytes(w)), want(&w), "{w:x?}");
                    }
                }
            }
        }
    }

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
        // With a check mark after it too, as the reader reads the move.
        let moves: String =
            (1..=12).map(|n| format!("{n}. Крf8-f9; e3 Крf2-f1\n")).collect::<String>().replacen("e3 ", "e3+ ", 6);
        let game = format!("[Event \"x\"]\n\n{moves}*\n");
        let wrapped = rewrap(&game, 40).expect("a throne mark is no comment");
        assert!(wrapped.lines().all(|l| l.chars().count() <= 40), "{wrapped}");
        assert!(wrapped.lines().all(|l| !l.ends_with(';')), "{wrapped}");
        assert_eq!(wrapped.matches("Крf8-f9; e3").count(), 12, "{wrapped}");
        assert_eq!(wrapped.matches("Крf8-f9; e3+").count(), 6, "{wrapped}");
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
