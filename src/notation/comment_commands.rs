//! The commands that programs write into comments (docs/notation.md,
//! "Comment commands"): `[%clk 1:30:00]` (the clock after the move),
//! `[%emt 0:00:12]` (the time the move took), `[%eval 0.17]`,
//! `[%eval #-3]`, `[%eval 0.17,23]` (an evaluation, from White's side, and
//! the depth it was searched to), `[%cal Ge2e4,Rd1d8]` (arrows) and
//! `[%csl Rd4,Gj10]` (highlighted squares), as lichess, ChessBase and the
//! broadcast relays write them.
//!
//! Syntax only, as the rest of `notation`: a square is a file `a` to `j`
//! and a rank `1` to `10`, whatever the board of the game. A command that
//! does not read (an unknown name, a value that is not one) is no command:
//! it stays in the comment's text, as python-chess leaves it.

/// An evaluation's score, from White's side.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Score {
    /// Centipawns (`[%eval 0.17]` is 17).
    Centipawns(i64),
    /// Mate in N moves (`#-3`: Black mates in 3).
    Mate(i64),
}

/// `[%eval ...]`: a score and the depth it was found at.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Eval {
    pub score: Score,
    pub depth: Option<u32>,
}

/// One command read in a comment. Times are in milliseconds.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Command<'a> {
    /// `[%clk H:MM:SS]`: the mover's clock after the move.
    Clock(u64),
    /// `[%emt H:MM:SS]`: the time the move took.
    Elapsed(u64),
    Eval(Eval),
    /// `[%cal ...]`: arrows, `Ge2e4,Rd1d8` (colour, from, to).
    Arrows(&'a str),
    /// `[%csl ...]`: squares, `Rd4,Gj10` (colour, square).
    Highlights(&'a str),
}

/// A part of a comment's text: text, or a command (its span in the text).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Part<'a> {
    Text(&'a str),
    Command(Command<'a>, std::ops::Range<usize>),
}

/// The parts of a comment's body (the text between the braces), in order.
pub fn parts(body: &str) -> Parts<'_> {
    Parts { body, at: 0, close: None }
}

/// The iterator of [`parts`].
pub struct Parts<'a> {
    body: &'a str,
    at: usize,
    /// The next `]` at or after the `[%` looked at (`usize::MAX`: none),
    /// found once for all the `[%` before it: no text costs more than a
    /// pass over it.
    close: Option<usize>,
}

impl<'a> Iterator for Parts<'a> {
    type Item = Part<'a>;

    fn next(&mut self) -> Option<Part<'a>> {
        let rest = self.body.get(self.at..).filter(|r| !r.is_empty())?;
        let start = self.at;
        // The next `[%` that begins a command that reads.
        let mut from = 0;
        while let Some(i) = memchr::memmem::find(rest.as_bytes().get(from..)?, b"[%").map(|i| i + from) {
            let at = start + i;
            if self.close.is_none_or(|c| c < at) {
                let after = self.body.as_bytes().get(at..).unwrap_or_default();
                self.close = Some(memchr::memchr(b']', after).map_or(usize::MAX, |c| at + c));
            }
            let close = self.close.unwrap_or(usize::MAX).saturating_sub(at);
            if let Some((command, len)) = rest.get(i..).and_then(|text| command(text, close)) {
                if i > 0 {
                    self.at = at;
                    return rest.get(..i).map(Part::Text);
                }
                self.at = start + len;
                return Some(Part::Command(command, start..start + len));
            }
            from = i + 2;
        }
        self.at = self.body.len();
        Some(Part::Text(rest))
    }
}

/// The command at the start of `text` (which begins with `[%`, and has
/// its first `]` at `close`, if that is inside it), and its length.
fn command(text: &str, close: usize) -> Option<(Command<'_>, usize)> {
    let body = text.get(2..close)?;
    let name_len = body.bytes().take_while(u8::is_ascii_lowercase).count();
    let name = body.get(..name_len)?;
    let after = body.get(name_len..)?;
    let spaces = after.bytes().take_while(|b| matches!(b, b' ' | b'\t' | b'\n' | b'\r')).count();
    if spaces == 0 {
        return None;
    }
    let value = after.get(spaces..)?.trim_end();
    let len = close + 1;
    let command = match name {
        "clk" => Command::Clock(duration(value)?),
        "emt" => Command::Elapsed(duration(value)?),
        "eval" => Command::Eval(eval(value)?),
        "cal" => Command::Arrows(marks(value, true)?),
        "csl" => Command::Highlights(marks(value, false)?),
        _ => return None,
    };
    Some((command, len))
}

/// Up to `max` ASCII digits at the start of `s` as a number, and the rest
/// (`None`: no digit, or more than `max`).
fn digits(s: &str, max: usize) -> Option<(u64, &str)> {
    let n = s.bytes().take_while(u8::is_ascii_digit).count();
    if n == 0 || n > max {
        return None;
    }
    let value = s.get(..n)?.bytes().fold(0u64, |v, d| v * 10 + u64::from(d - b'0'));
    Some((value, s.get(n..)?))
}

/// `H:MM:SS` or `H:MM:SS.fff` (any number of decimals, rounded to the
/// millisecond), in milliseconds.
fn duration(value: &str) -> Option<u64> {
    let (hours, rest) = digits(value, 6)?;
    let (minutes, rest) = digits(rest.strip_prefix(':')?, 6)?;
    let (seconds, rest) = digits(rest.strip_prefix(':')?, 6)?;
    let millis = match rest.strip_prefix('.') {
        None if rest.is_empty() => 0,
        None => return None,
        Some(fraction) => {
            if !fraction.bytes().all(|b| b.is_ascii_digit()) {
                return None;
            }
            decimals(fraction, 3)
        }
    };
    let whole = hours.checked_mul(3600)?.checked_add(minutes.checked_mul(60)?)?.checked_add(seconds)?;
    whole.checked_mul(1000)?.checked_add(millis)
}

/// The first `places` decimals of a run of digits as a number, rounded
/// half up on the next (so `places` 3 of `"9996"` is 1000: a carry).
fn decimals(fraction: &str, places: usize) -> u64 {
    let b = fraction.as_bytes();
    let mut value = 0u64;
    for i in 0..places {
        value = value * 10 + b.get(i).map_or(0, |d| u64::from(d - b'0'));
    }
    value + u64::from(b.get(places).is_some_and(|&d| d >= b'5'))
}

/// `0.17`, `-1.5`, `+3`, `.5` (pawns, rounded to the centipawn), or
/// `#3`, `#-3`, `#+3` (mate), then optionally `,DEPTH`.
fn eval(value: &str) -> Option<Eval> {
    let (score, depth) = match value.split_once(',') {
        Some((score, depth)) => {
            let (depth, rest) = digits(depth.trim(), 9)?;
            if !rest.is_empty() {
                return None;
            }
            (score.trim_end(), Some(u32::try_from(depth).ok()?))
        }
        None => (value, None),
    };
    let (mate, score) = match score.strip_prefix('#') {
        Some(s) => (true, s),
        None => (false, score),
    };
    let (negative, unsigned) = match score.as_bytes().first() {
        Some(b'-') => (true, score.get(1..)?),
        Some(b'+') => (false, score.get(1..)?),
        _ => (false, score),
    };
    let sign = if negative { -1 } else { 1 };
    let score = if mate {
        let (n, rest) = digits(unsigned, 9)?;
        if !rest.is_empty() {
            return None;
        }
        Score::Mate(sign * i64::try_from(n).ok()?)
    } else {
        let (whole, fraction) = match unsigned.split_once('.') {
            Some((w, f)) => (w, f),
            None => (unsigned, ""),
        };
        let whole = if whole.is_empty() {
            if fraction.is_empty() {
                return None;
            }
            0
        } else {
            let (n, rest) = digits(whole, 10)?;
            if !rest.is_empty() {
                return None;
            }
            n
        };
        if !fraction.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        let cp = whole * 100 + decimals(fraction, 2);
        Score::Centipawns(sign * i64::try_from(cp).ok()?)
    };
    Some(Eval { score, depth })
}

/// A square `a1` to `j10` at the start of `s`, and the rest.
fn square(s: &str) -> Option<&str> {
    let rest = s.strip_prefix(|c: char| ('a'..='j').contains(&c))?;
    match rest.as_bytes() {
        [b'1', b'0', ..] => rest.get(2..),
        [b'1'..=b'9', ..] => rest.get(1..),
        _ => None,
    }
}

/// A list of marks, `Ge2e4,Rd1d8` (`arrows`: colour and two squares) or
/// `Rd4,Gj10` (colour and one square): the list as written.
fn marks(value: &str, arrows: bool) -> Option<&str> {
    for mark in value.split(',') {
        let rest = mark.trim().strip_prefix(['R', 'G', 'Y', 'B'])?;
        let rest = square(rest)?;
        let rest = if arrows { square(rest)? } else { rest };
        if !rest.is_empty() {
            return None;
        }
    }
    Some(value)
}

/// What the comments after a move say: the commands read and the text
/// without them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Notes {
    /// Milliseconds on the mover's clock after the move (the first `[%clk]`).
    pub clock: Option<u64>,
    /// Milliseconds the move took (the first `[%emt]`).
    pub elapsed: Option<u64>,
    /// The first `[%eval]`.
    pub eval: Option<Eval>,
    /// The arrows of every `[%cal]`, comma-separated.
    pub arrows: String,
    /// The squares of every `[%csl]`, comma-separated.
    pub highlights: String,
    /// The comments' text without the commands: each trimmed, the
    /// non-empty ones joined by a space.
    pub text: String,
}

impl Notes {
    /// Adds the comment body `body` (the text between the braces, or after `;`).
    pub fn add(&mut self, body: &str) {
        let mut text = String::new();
        let mut after_command = false;
        for part in parts(body) {
            match part {
                Part::Text(t) if after_command && (text.is_empty() || text.ends_with(char::is_whitespace)) => {
                    text.push_str(t.trim_start());
                }
                Part::Text(t) => text.push_str(t),
                Part::Command(c, _) => {
                    after_command = true;
                    // Where a command stood, the text on either side stays apart.
                    if !text.is_empty() && !text.ends_with(char::is_whitespace) {
                        text.push(' ');
                    }
                    match c {
                        Command::Clock(ms) => {
                            self.clock.get_or_insert(ms);
                        }
                        Command::Elapsed(ms) => {
                            self.elapsed.get_or_insert(ms);
                        }
                        Command::Eval(e) => {
                            self.eval.get_or_insert(e);
                        }
                        Command::Arrows(a) => push_list(&mut self.arrows, a),
                        Command::Highlights(h) => push_list(&mut self.highlights, h),
                    }
                }
            }
        }
        let text = text.trim();
        if !text.is_empty() {
            if !self.text.is_empty() {
                self.text.push(' ');
            }
            self.text.push_str(text);
        }
    }

    /// Empties it, keeping its buffers.
    pub fn clear(&mut self) {
        self.clock = None;
        self.elapsed = None;
        self.eval = None;
        self.arrows.clear();
        self.highlights.clear();
        self.text.clear();
    }
}

/// Adds the marks of `list` to `to`, after a comma.
fn push_list(to: &mut String, list: &str) {
    for mark in list.split(',') {
        if !to.is_empty() {
            to.push(',');
        }
        to.push_str(mark.trim());
    }
}

/// The body of a comment token's text: `{ ... }` without its braces, `; ...`
/// without its semicolon.
pub fn comment_body(token: &str) -> &str {
    if let Some(inner) = token.strip_prefix('{') {
        inner.strip_suffix('}').unwrap_or(inner)
    } else {
        token.strip_prefix(';').unwrap_or(token)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn notes(body: &str) -> Notes {
        let mut n = Notes::default();
        n.add(body);
        n
    }

    #[test]
    fn the_commands_of_lichess_and_the_relays() {
        let n = notes(" [%clk 1:30:00] [%emt 0:00:12.5] [%eval 0.17,23] ");
        assert_eq!((n.clock, n.elapsed), (Some(5_400_000), Some(12_500)));
        assert_eq!(n.eval, Some(Eval { score: Score::Centipawns(17), depth: Some(23) }));
        assert_eq!(n.text, "");
        let n = notes("White resigns [%eval #-3] soon");
        assert_eq!(n.eval, Some(Eval { score: Score::Mate(-3), depth: None }));
        assert_eq!(n.text, "White resigns soon");
        for (text, cp) in [("-1.5", -150), ("+3", 300), (".5", 50), ("0.299", 30), ("-0.07", -7), ("12.", 1200)] {
            assert_eq!(eval(text).map(|e| e.score), Some(Score::Centipawns(cp)), "{text}");
        }
        assert_eq!(eval("#+2").map(|e| e.score), Some(Score::Mate(2)));
        assert_eq!(duration("0:00:07.9996"), Some(8000));
    }

    #[test]
    fn arrows_and_squares_on_every_board() {
        let n = notes("[%cal Ge2e4,Ra10j10] [%csl Rd4,Gj10][%cal Ya1b2] good");
        assert_eq!(n.arrows, "Ge2e4,Ra10j10,Ya1b2");
        assert_eq!(n.highlights, "Rd4,Gj10");
        assert_eq!(n.text, "good");
        // Off the largest board, a colour that is none, a missing square.
        for bad in ["[%cal Ge2k4]", "[%csl Rd11]", "[%csl Xd4]", "[%cal Ge2]", "[%csl Rd4,]"] {
            let n = notes(bad);
            assert_eq!((n.arrows.as_str(), n.highlights.as_str(), n.text.as_str()), ("", "", bad), "{bad}");
        }
    }

    #[test]
    fn what_does_not_read_stays_text() {
        for bad in [
            "[%clk 1:30]",
            "[%clk]",
            "[%clk1:00:00]",
            "[%clk 1:00:00x]",
            "[%eval 0.1.2]",
            "[%eval #]",
            "[%eval 0.17,]",
            "[%eval abc]",
            "[%evp 0.17]",
            "[%clk 9999999:00:00]",
            "[%eval 99999999999]",
            "[%clk 1:00:00",
        ] {
            let n = notes(bad);
            assert_eq!(n, Notes { text: bad.to_string(), ..Notes::default() }, "{bad}");
        }
        // The first of each is kept; text on both sides stays apart.
        let n = notes("a[%clk 0:01:00]b [%clk 0:02:00]");
        assert_eq!((n.clock, n.text.as_str()), (Some(60_000), "a b"));
    }

    /// No text makes the reading panic or loop: every byte string of a
    /// hostile alphabet up to a length, and long runs.
    #[test]
    fn hostile_comments() {
        let alphabet =
            ["[%", "]", "clk ", "eval ", "cal ", "#", "-", ".", ",", "9", "0", ":", "é", " ", "G", "a1", "j10"];
        let mut texts = vec![String::new()];
        for _ in 0..4 {
            let mut next = Vec::new();
            for t in &texts {
                for a in alphabet {
                    next.push(format!("{t}{a}"));
                }
            }
            texts = next;
        }
        let mut n = Notes::default();
        for t in &texts {
            n.clear();
            n.add(t);
            // The text kept is never longer than the comment.
            assert!(n.text.len() <= t.len() + 1, "{t:?}");
            let spans: usize = parts(t).map(|p| if let Part::Command(_, r) = p { r.len() } else { 0 }).sum();
            assert!(spans <= t.len());
        }
        let long = format!("[%clk {}:00:00] {}", "9".repeat(100_000), "[%".repeat(50_000));
        n.clear();
        n.add(&long);
        assert_eq!(n.clock, None);
        assert_eq!(comment_body("{ x }"), " x ");
        assert_eq!(comment_body("{"), "");
        assert_eq!(comment_body("; y"), " y");
    }
}
