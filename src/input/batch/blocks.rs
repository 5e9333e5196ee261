//! The blocks of a reader: bounded, ending between games, decoded; a game
//! over the size limit streamed past, and the game an error of the reader
//! cuts, each standing apart as an empty block that says so.

use std::io::Read;

use super::cut::{last_cut, next_cut};
use super::{max_game_size, FIRST_BLOCK, KEEP};
use crate::notation::decode::{binary_at, decode_vec, first_beyond_ascii, next_part, Charset, FileBytes, Width};

/// A game larger than the limit, streamed past: it comes as an empty
/// block, whose place ([`Blocks::last`], `BlockStart`) is the game's.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Oversized {
    /// The game's size in bytes of the file.
    pub size: u64,
    /// The line ends in it.
    pub lines: usize,
    /// Its first line (at most [`Oversized::HEAD`] characters), decoded.
    pub head: String,
    /// The limit it is over.
    pub limit: usize,
}

impl Oversized {
    /// Characters of the first line kept.
    pub const HEAD: usize = 80;

    /// What happened, for a diagnostic or an error line.
    pub fn message(&self) -> String {
        format!(
            "a game larger than the limit of {} (--max-game-size): {} bytes, streamed past, not read",
            human_size(self.limit as u64),
            self.size
        )
    }
}

/// The game a reading error cut: the text from its start to the damage,
/// not read (a game without its end would be read as another game). It
/// comes as an empty block, whose place is the game's, just before the
/// error; the games before it are read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Truncated {
    /// Its size in bytes of the text read.
    pub size: u64,
    /// The line ends in it.
    pub lines: usize,
    /// Its first line (at most [`Oversized::HEAD`] characters), decoded.
    pub head: String,
    /// The error that cut it.
    pub why: String,
}

impl Truncated {
    /// What happened, for a diagnostic or an error line.
    pub fn message(&self) -> String {
        format!("the input is damaged inside this game ({}): it is cut, not read", self.why)
    }
}

/// Sizes written for people: `64 MiB`, `1.5 GiB`, `300 bytes`.
pub fn human_size(bytes: u64) -> String {
    const UNITS: [&str; 4] = ["KiB", "MiB", "GiB", "TiB"];
    let mut value = bytes as f64;
    let mut unit = None;
    for u in UNITS {
        if value < 1024.0 {
            break;
        }
        value /= 1024.0;
        unit = Some(u);
    }
    match unit {
        None => format!("{bytes} bytes"),
        Some(u) if value.fract() == 0.0 => format!("{value} {u}"),
        Some(u) => format!("{value:.1} {u}"),
    }
}

/// A size given as a number of bytes with an optional unit: `64M`,
/// `64MiB`, `1G`, `500k`, `1000000` (units are powers of 1024).
pub fn parse_size(s: &str) -> Result<usize, String> {
    let t = s.trim();
    let digits = t.find(|c: char| !c.is_ascii_digit()).unwrap_or(t.len());
    let (n, unit) = t.split_at(digits);
    let shift = match unit.trim().to_ascii_lowercase().as_str() {
        "" | "b" => 0,
        "k" | "kb" | "kib" => 10,
        "m" | "mb" | "mib" => 20,
        "g" | "gb" | "gib" => 30,
        "t" | "tb" | "tib" => 40,
        _ => return Err(format!("{s:?} is no size (a number of bytes, or with K, M or G: 64M)")),
    };
    let n: usize = n.parse().map_err(|_| format!("{s:?} is no size (a number of bytes, or with K, M or G: 64M)"))?;
    n.checked_mul(1usize << shift).filter(|&b| b > 0).ok_or_else(|| format!("{s:?}: the size must be from 1 byte on"))
}

/// Text blocks of a reader, each ending at a game boundary, decoded.
///
/// UTF-16 (by its BOM, or named) is turned into UTF-8 as it is read, so
/// that it is cut and decoded as UTF-8 is. An error of the reader (a
/// truncated compressed file) ends the blocks: every byte read before it
/// comes first, as blocks, then the error.
pub struct Blocks<R> {
    reader: R,
    pending: Vec<u8>,
    eof: bool,
    /// An error of the reader, given after the bytes read before it.
    failed: Option<std::io::Error>,
    /// The decoder of a UTF-16 file, which fills `pending` with UTF-8.
    utf16: Option<encoding_rs::Decoder>,
    /// Whether the reader has been looked at for a UTF-16 BOM.
    sniffed: bool,
    /// How games are written back (see [`Blocks::write_back`]).
    write_back: Option<bool>,
    /// Bytes of decoded text returned so far.
    text_consumed: usize,
    encoding: Option<Charset>,
    block: usize,
    /// Bytes to read for the coming block (see [`FIRST_BLOCK`]).
    size: usize,
    /// Whether a block had bytes that could not be decoded.
    pub had_errors: bool,
    /// The encoding named, or detected (known after the first block that
    /// is not ASCII; `None` while every block so far was ASCII): the last
    /// block's, or the one before it when that block is ASCII. A file that
    /// joins texts in several encodings changes it (see [`next_part`]).
    pub used: Option<Charset>,
    /// A legacy encoding that read almost as well as `used`.
    pub runner_up: Option<Charset>,
    /// Where in the last block's text the character that decided `used`
    /// stands, when that block is the first in it (its first character
    /// beyond ASCII; 0 when it has none, in a named encoding or UTF-16).
    pub decided: Option<usize>,
    /// The value of `used` that `decided` was last given for.
    announced: Option<Charset>,
    /// The rest of a block cut where its encoding changes, and where in it
    /// the next part starts.
    rest: Option<(Vec<u8>, usize)>,
    /// Where the last block returned lies in the file.
    pub last: FileBytes,
    /// File bytes of the blocks returned so far.
    consumed: usize,
    /// The bytes the last block returned was decoded from (for writing
    /// games back byte for byte); `None` when they are the text's own
    /// ([`decode_vec`]: ASCII is taken without a copy).
    pub raw: Option<Vec<u8>>,
    /// The limit on the size of one game.
    max_game: usize,
    /// The game streamed past in place of the last block returned (which is
    /// then empty).
    pub oversized: Option<Oversized>,
    /// The game cut by the reader's error, in place of the last block
    /// returned (which is then empty).
    pub truncated: Option<Truncated>,
}

/// The error of a reader whose first block is binary data, not text: the
/// file offset of the first NUL or control byte, and the text up to the end
/// of its line.
#[derive(Debug)]
pub struct NotText {
    pub at: usize,
    pub excerpt: String,
}

impl std::fmt::Display for NotText {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "not a game file: binary data (a NUL or control byte at byte {})", self.at)
    }
}

impl std::error::Error for NotText {}

impl<R: Read> Blocks<R> {
    /// `encoding`: as named by the user, or `None` to detect it on the first block.
    pub fn new(reader: R, encoding: Option<Charset>, block: usize) -> Blocks<R> {
        Blocks {
            reader,
            pending: Vec::new(),
            eof: false,
            failed: None,
            utf16: None,
            sniffed: false,
            write_back: None,
            text_consumed: 0,
            encoding,
            block,
            size: block.min(FIRST_BLOCK),
            had_errors: false,
            used: encoding,
            runner_up: None,
            decided: None,
            announced: None,
            rest: None,
            last: FileBytes::default(),
            consumed: 0,
            raw: None,
            max_game: max_game_size(),
            oversized: None,
            truncated: None,
        }
    }

    /// The limit on the size of one game (at least 1 byte), in place of
    /// [`max_game_size`].
    pub fn max_game(mut self, bytes: usize) -> Blocks<R> {
        self.max_game = bytes.max(1);
        self
    }

    /// Bytes read at most at once while a game grows past the block: a
    /// quarter of the limit (the block is searched for a boundary after
    /// each read), so that the bytes held stay within 1.25 times the limit.
    fn max_read(&self) -> usize {
        self.block.max(self.max_game / 4)
    }

    /// For a caller that writes games back (filter, dedup, split): the
    /// places of a block are those of its text, and its raw bytes are
    /// its text's own, when the file is UTF-16 or, with `to_utf8`, in an
    /// encoding other than UTF-8: the games are then written in UTF-8.
    /// Otherwise the places are the file's, as always, and the raw bytes
    /// the file's.
    pub fn write_back(mut self, to_utf8: bool) -> Blocks<R> {
        self.write_back = Some(to_utf8);
        self
    }

    /// Whether the blocks' text is written back in place of the file's bytes.
    fn text_places(&self) -> bool {
        match self.write_back {
            None => false,
            Some(to_utf8) => self.utf16.is_some() || (to_utf8 && self.used.is_some_and(|e| e != Charset::UTF_8)),
        }
    }

    /// Reads the coming block's bytes into `pending` (as UTF-8 for UTF-16);
    /// an error of the reader is kept for after them.
    fn fill(&mut self) {
        if self.eof {
            return;
        }
        let want = self.size as u64;
        let result = if self.utf16.is_some() {
            let mut raw = Vec::with_capacity(self.size);
            let result = (&mut self.reader).take(want).read_to_end(&mut raw);
            let last = result.as_ref().map_or(true, |&n| (n as u64) < want);
            self.push_utf16(&raw, last);
            result
        } else {
            // Into the vector's spare room, not a zeroed one: zeroing each 4 MB
            // block first cost 3 % of a validation, on the reading thread.
            // Exactly: a large game's bytes are not doubled by the vector.
            self.pending.reserve_exact(self.size);
            (&mut self.reader).take(want).read_to_end(&mut self.pending)
        };
        match result {
            Ok(n) if (n as u64) < want => self.eof = true,
            Ok(_) => {}
            Err(e) => (self.eof, self.failed) = (true, Some(e)),
        }
        if !self.sniffed {
            self.sniffed = true;
            self.sniff_utf16();
        }
    }

    /// At the start: a UTF-16 BOM (or UTF-16 named) turns the reading to
    /// UTF-16, the bytes read so far too.
    fn sniff_utf16(&mut self) {
        let named = self.encoding.filter(|e| e.is_utf16());
        let by_bom = match self.pending.get(..2) {
            Some([0xff, 0xfe]) => Some(Charset::UTF_16LE),
            Some([0xfe, 0xff]) => Some(Charset::UTF_16BE),
            _ => None,
        };
        let Some(enc @ Charset::Std(std)) = named.or(by_bom.filter(|_| self.encoding.is_none())) else { return };
        // The BOM stays, as U+FEFF, as `decode` keeps it.
        self.utf16 = Some(std.new_decoder_without_bom_handling());
        self.used = Some(enc);
        let raw = std::mem::take(&mut self.pending);
        self.push_utf16(&raw, self.eof);
    }

    /// `raw` UTF-16 bytes decoded onto `pending` as UTF-8.
    fn push_utf16(&mut self, raw: &[u8], last: bool) {
        let Some(decoder) = self.utf16.as_mut() else { return };
        let mut text =
            String::with_capacity(decoder.max_utf8_buffer_length(raw.len()).unwrap_or(raw.len() * 3 / 2 + 8));
        let (_, _, had_errors) = decoder.decode_to_string(raw, &mut text, last);
        self.had_errors |= had_errors;
        self.pending.extend_from_slice(text.as_bytes());
    }
}

/// The bytes up to the first line end after `at` (at most 16 bytes
/// more), for showing where binary data starts: ASCII as it is (the
/// renderer escapes control characters), other bytes as `.` as in a hex
/// dump, so that offsets stay those of the file. A lone CR ends a line as
/// it does in text (an LF in its place), so that the rendered line is the
/// line the JSON gives.
pub fn binary_excerpt(bytes: &[u8], at: usize) -> String {
    let end = bytes.iter().skip(at).position(|&b| b == b'\n').map_or(bytes.len(), |n| at + n).min(at + 16);
    let shown = |(i, &b): (usize, &u8)| match b {
        b'\r' if bytes.get(i + 1) != Some(&b'\n') => '\n',
        _ if b.is_ascii() => char::from(b),
        _ => '.',
    };
    bytes.iter().take(end).enumerate().map(shown).collect()
}

/// What was streamed past of a large game, counted as the blocks count it.
#[derive(Default)]
struct Skipped {
    /// Bytes of the file.
    file: u64,
    /// Bytes of decoded text.
    text: u64,
    /// Line ends (a CR with no LF after it is one, as decoding makes it).
    lines: usize,
    /// Whether the last byte counted was a CR.
    cr: bool,
}

impl<R: Read> Blocks<R> {
    /// Streams past the game at the start of `pending`, larger than the
    /// limit, which ends at `end` (`None`: not read to its end yet), and
    /// gives the empty block that stands for it. At most [`Self::max_read`]
    /// bytes more than the limit are held at once.
    fn skip(&mut self, end: Option<usize>) -> String {
        let head = self.head();
        let mut skipped = Skipped::default();
        match end {
            Some(end) => {
                let rest = self.pending.split_off(end.min(self.pending.len()));
                let game = std::mem::replace(&mut self.pending, rest);
                self.tally(&mut skipped, &game);
            }
            None => {
                let mut window = std::mem::take(&mut self.pending);
                // `window[from..]` is not counted yet; before it, the last
                // byte streamed past that is not white space (for `follows_text`).
                let mut from = 0;
                self.size = self.block;
                loop {
                    let keep = window.len().saturating_sub(KEEP).max(from);
                    self.tally(&mut skipped, window.get(from..keep).unwrap_or_default());
                    let marker = window.get(..keep).and_then(|w| w.iter().rev().find(|b| !is_space(**b)).copied());
                    let mut next = Vec::with_capacity(KEEP + 1 + self.size);
                    next.extend(marker);
                    next.extend_from_slice(window.get(keep..).unwrap_or_default());
                    from = usize::from(marker.is_some());
                    // A boundary `\n[` whose `\n` is the last byte kept is new.
                    let search = next.len().saturating_sub(1).max(from);
                    if self.eof {
                        self.tally(&mut skipped, next.get(from..).unwrap_or_default());
                        break;
                    }
                    self.pending = next;
                    self.fill();
                    window = std::mem::take(&mut self.pending);
                    if let Some(cut) = next_cut(&window, search).filter(|&c| c > from) {
                        self.tally(&mut skipped, window.get(from..cut).unwrap_or_default());
                        self.pending = window.split_off(cut);
                        break;
                    }
                }
            }
        }
        // A CR that ends the game is a line end (the next game starts with `[`).
        skipped.lines += usize::from(skipped.cr);
        let width = match self.utf16 {
            Some(_) => Width::Utf16,
            None => Width::of(self.used.unwrap_or(Charset::UTF_8), false),
        };
        if self.text_places() {
            self.last = FileBytes { start: self.text_consumed, width: Width::Utf8 };
        } else {
            self.last = FileBytes { start: self.consumed, width };
        }
        self.consumed += usize::try_from(skipped.file).unwrap_or(usize::MAX);
        self.text_consumed += usize::try_from(skipped.text).unwrap_or(usize::MAX);
        self.raw = None;
        self.size = self.block;
        self.oversized = Some(Oversized { size: skipped.file, lines: skipped.lines, head, limit: self.max_game });
        String::new()
    }

    /// The game at the start of `pending`, cut by the reader's error (all
    /// of `pending`), given as an empty block that says so; white space
    /// alone is no game.
    fn cut_game(&mut self) -> String {
        let head = self.head();
        let game = std::mem::take(&mut self.pending);
        let mut skipped = Skipped::default();
        self.tally(&mut skipped, &game);
        skipped.lines += usize::from(skipped.cr);
        let width = match self.utf16 {
            Some(_) => Width::Utf16,
            None => Width::of(self.used.unwrap_or(Charset::UTF_8), false),
        };
        self.last = match self.text_places() {
            true => FileBytes { start: self.text_consumed, width: Width::Utf8 },
            false => FileBytes { start: self.consumed, width },
        };
        self.consumed += usize::try_from(skipped.file).unwrap_or(usize::MAX);
        self.text_consumed += usize::try_from(skipped.text).unwrap_or(usize::MAX);
        self.raw = None;
        if game.iter().all(|&b| is_space(b)) {
            return String::new();
        }
        let why = self.failed.as_ref().map(ToString::to_string).unwrap_or_default();
        self.truncated = Some(Truncated { size: skipped.file, lines: skipped.lines, head, why });
        String::new()
    }

    /// The first line of `pending`, decoded, at most [`Oversized::HEAD`] characters.
    fn head(&self) -> String {
        let line = self.pending.get(..4 * Oversized::HEAD).unwrap_or(&self.pending);
        let line = line.split(|&b| b == b'\n' || b == b'\r').next().unwrap_or_default();
        let text = match self.used {
            Some(enc) if self.utf16.is_none() && enc.keeps_ascii() => enc.decode_without_bom_handling(line).0,
            _ => String::from_utf8_lossy(line),
        };
        text.chars().take(Oversized::HEAD).collect()
    }

    /// Counts `bytes` streamed past, as the blocks count the bytes they return.
    fn tally(&self, skipped: &mut Skipped, bytes: &[u8]) {
        let (Some(&first), Some(&last)) = (bytes.first(), bytes.last()) else { return };
        skipped.file += match self.utf16 {
            // `pending` holds UTF-8: two bytes a UTF-16 unit, four for a
            // character beyond the BMP (a lead byte from F0 on).
            Some(_) => bytes
                .iter()
                .map(|&b| {
                    if b & 0xc0 == 0x80 {
                        0
                    } else if b >= 0xf0 {
                        4
                    } else {
                        2
                    }
                })
                .sum(),
            None => bytes.len() as u64,
        };
        skipped.text += match self.used {
            // Decoded a piece at a time, not held whole.
            Some(enc) if self.utf16.is_none() && enc != Charset::UTF_8 => {
                bytes.chunks(1 << 20).map(|piece| enc.decode_without_bom_handling(piece).0.len() as u64).sum()
            }
            _ => bytes.len() as u64,
        };
        let lone_crs = memchr::memchr_iter(b'\r', bytes).filter(|&i| bytes.get(i + 1).is_some_and(|&b| b != b'\n'));
        skipped.lines += memchr::memchr_iter(b'\n', bytes).count() + lone_crs.count();
        skipped.lines += usize::from(skipped.cr && first != b'\n');
        skipped.cr = last == b'\r';
    }
}

/// ASCII white space as `char::is_whitespace` has it (see `follows_text`).
fn is_space(b: u8) -> bool {
    matches!(b, b'\t'..=b'\r' | b' ')
}

impl<R: Read> Iterator for Blocks<R> {
    type Item = std::io::Result<String>;

    fn next(&mut self) -> Option<Self::Item> {
        self.oversized = None;
        self.truncated = None;
        self.decided = None;
        if let Some((bytes, at)) = self.rest.take() {
            return Some(Ok(self.decode_part(bytes, at)));
        }
        loop {
            self.fill();
            if self.pending.is_empty() {
                return self.failed.take().map(Err);
            }
            // Binary data is refused at the start, before any text is made of it.
            let at_start = self.consumed == 0 && self.encoding.is_none() && self.utf16.is_none();
            if let Some(at) = binary_at(&self.pending).filter(|_| at_start) {
                let excerpt = binary_excerpt(&self.pending, at);
                (self.pending, self.eof) = (Vec::new(), true);
                return Some(Err(std::io::Error::new(std::io::ErrorKind::InvalidData, NotText { at, excerpt })));
            }
            // Only the first game of `pending` can be larger than the limit:
            // it grows by reads of at most a quarter of the limit while it
            // has no boundary, and is cut off at the first one.
            if self.pending.len() > self.max_game {
                let end = next_cut(&self.pending, 0).filter(|&c| c > 0);
                let end = end.or(self.eof.then_some(self.pending.len()));
                if end.is_none_or(|end| end > self.max_game) {
                    return Some(Ok(self.skip(end)));
                }
            }
            let cut = match (self.eof, &self.failed) {
                (true, None) => Some(self.pending.len()),
                // The last game before an error is cut: it comes apart.
                (true, Some(_)) => match last_cut(&self.pending) {
                    Some(cut) => Some(cut),
                    None => return Some(Ok(self.cut_game())),
                },
                (false, _) => last_cut(&self.pending),
            };
            // A game larger than the block: read more before cutting.
            let Some(cut) = cut.filter(|&c| c > 0) else {
                self.size = (self.size * 2).min(self.max_read());
                continue;
            };
            // Doubling up to the block; back to it after a large game.
            self.size = (self.size * 2).min(self.block);
            let rest = self.pending.split_off(cut);
            let bytes = std::mem::replace(&mut self.pending, rest);
            return Some(Ok(self.decode_part(bytes, 0)));
        }
    }
}

impl<R: Read> Blocks<R> {
    /// Decodes the block `bytes[at..]` as the block returned: the whole of
    /// it, or its first part in one encoding when the file changes encoding
    /// in it ([`next_part`]; the rest is kept for the next call).
    fn decode_part(&mut self, bytes: Vec<u8>, at: usize) -> String {
        // UTF-16 is UTF-8 in `pending`.
        let named = if self.utf16.is_some() { Some(Charset::UTF_8) } else { self.encoding };
        let whole = bytes.get(at..).unwrap_or_default();
        // ASCII reads the same in every encoding: the first block with
        // other bytes decides (a file can start with 4 MB of Latin games).
        let ascii = whole.is_ascii();
        let part = (named.is_none() && !ascii).then(|| next_part(whole, self.used));
        let len = part.map_or(whole.len(), |p| p.len);
        let own = if at == 0 && len == bytes.len() {
            bytes
        } else {
            let own = whole.get(..len).unwrap_or_default().to_vec();
            if at + len < bytes.len() {
                self.rest = Some((bytes, at + len));
            }
            own
        };
        let forced = named.or(part.and_then(|p| p.encoding)).or(self.used);
        let (decoded, raw) = decode_vec(own, forced);
        if let Some(p) = part.filter(|p| p.encoding.is_some() && p.encoding != self.used) {
            (self.used, self.runner_up) = (p.encoding, p.runner_up);
        }
        if self.used.is_some() && self.used != self.announced {
            self.announced = self.used;
            self.decided = Some(first_beyond_ascii(&decoded.text));
        }
        self.had_errors |= decoded.had_errors;
        let (width, len) = match self.utf16 {
            Some(_) => (Width::Utf16, Width::Utf16.bytes(&decoded.text)),
            None => (decoded.width(), len),
        };
        if self.text_places() {
            self.last = FileBytes { start: self.text_consumed, width: Width::Utf8 };
            self.raw = None;
        } else {
            self.last = FileBytes { start: self.consumed, width };
            self.raw = raw;
        }
        self.consumed += len;
        self.text_consumed += decoded.text.len();
        decoded.text
    }
}

#[cfg(test)]
mod tests {
    use super::super::FailsAfter;
    use super::*;

    /// The game an error of the reader cuts comes apart, as an empty block
    /// that says so, after the games before it and before the error (the
    /// last game before an error is never known whole); white space alone
    /// before the error is no game.
    #[test]
    fn the_game_an_error_cuts_comes_apart() {
        let games = "[Event \"a\"]\n\n1. e3-e5 *\n\n[Event \"b\"]\n\n1. e3-e5 *\n\n";
        let cut = "[Event \"c\"]\n\n1. e3-e5 e8";
        for (text, whole, lost) in [
            (format!("{games}{cut}"), games, Some(cut)),
            (games.to_string(), "[Event \"a\"]\n\n1. e3-e5 *\n\n", Some("[Event \"b\"]\n\n1. e3-e5 *\n\n")),
            ("\n \n".to_string(), "", None),
        ] {
            let mut blocks = Blocks::new(FailsAfter(text.as_bytes()), None, 1000);
            let (mut read, mut truncated, mut at) = (String::new(), None, None);
            let error = loop {
                match blocks.next() {
                    Some(Ok(b)) => {
                        if let Some(t) = blocks.truncated.take() {
                            (truncated, at) = (Some(t), Some(blocks.last.start));
                        }
                        read.push_str(&b);
                    }
                    Some(Err(e)) => break e,
                    None => panic!("no error"),
                }
            };
            assert_eq!(error.to_string(), "the disk is gone");
            assert_eq!(read, whole);
            match lost {
                Some(lost) => {
                    let t = truncated.expect("the cut game");
                    let head = lost.lines().next().unwrap_or_default();
                    assert_eq!(
                        (t.head.as_str(), t.size, t.lines),
                        (head, lost.len() as u64, lost.matches('\n').count())
                    );
                    assert!(t.message().contains("the disk is gone"), "{}", t.message());
                    assert_eq!(at, Some(whole.len()));
                }
                None => assert!(truncated.is_none()),
            }
        }
    }

    /// A game over the limit comes as one empty block that says so, at
    /// its place, with its size, lines and first line; the blocks around
    /// it are the text without it. At the start, in the middle, at the
    /// end; LF, CRLF and lone CR; UTF-8, Windows-1251 and UTF-16; the
    /// boundary after it falling anywhere across two reads.
    #[test]
    fn a_game_over_the_limit_is_streamed_past() {
        let small = "[Event \"Турнир\"]\n\n1. e3-e5 *\n\n";
        let huge = |eol: &str, inner: &str| {
            format!("[Event \"huge\"]{eol}{eol}1. e3-e5 {{{}}} *{eol}{eol}", format!("жx{inner}").repeat(3000))
        };
        // Games end in LF or CRLF (a file of lone CRs has no boundary the
        // blocks cut at: it is one game); the comment's lines in LF, CRLF
        // or lone CR, each one line.
        for (eol, inner) in [("\n", "\n"), ("\r\n", "\r\n"), ("\n", "\r"), ("\r\n", "\r")] {
            let small = small.replace('\n', eol);
            for (before, after) in [(0, 3), (5, 4), (7, 0)] {
                let huge = huge(eol, inner);
                let text = format!("{}{huge}{}", small.repeat(before), small.repeat(after));
                for enc in [Charset::UTF_8, Charset::WINDOWS_1251, Charset::UTF_16LE] {
                    let bytes = enc.encode(&text);
                    let size = enc.encode(&huge).len() as u64;
                    // Reads of 100 to 103 bytes: the boundary after the game
                    // falls at every place of a read.
                    for block in [100, 101, 102, 103] {
                        let mut blocks = Blocks::new(bytes.as_slice(), Some(enc), block).max_game(5000);
                        let (mut got, mut marks) = (String::new(), Vec::new());
                        while let Some(b) = blocks.next() {
                            let b = b.expect("read");
                            if let Some(o) = blocks.oversized.take() {
                                assert!(b.is_empty());
                                marks.push((o, blocks.last.start, got.matches('\n').count()));
                            }
                            got.push_str(&b);
                        }
                        let what = format!("{eol:?} {inner:?} {before}/{after} {} {block}", enc.name());
                        // Lone CRs are line ends, as decoding makes them.
                        assert_eq!(got, format!("{}{}", small.repeat(before), small.repeat(after)), "{what}");
                        let [(o, start, lines_before)] = marks.as_slice() else { panic!("{what}: {marks:?}") };
                        assert_eq!(o.size, size, "{what}");
                        assert_eq!(
                            o.lines,
                            huge.replace("\r\n", "\n").replace('\r', "\n").matches('\n').count(),
                            "{what}"
                        );
                        assert_eq!((o.head.as_str(), o.limit), ("[Event \"huge\"]", 5000), "{what}");
                        assert_eq!(*start, enc.encode(&small.repeat(before)).len(), "{what}");
                        assert_eq!(*lines_before, 4 * before, "{what}");
                    }
                }
            }
        }
        // Under the limit, the same game comes whole.
        let text = format!("{small}{}{small}", huge("\n", "\n"));
        let blocks: Vec<String> =
            Blocks::new(text.as_bytes(), None, 100).max_game(1 << 20).map(|b| b.expect("read")).collect();
        assert_eq!(blocks.concat(), text);
    }

    #[test]
    fn sizes_parse() {
        assert_eq!(parse_size("64M"), Ok(64 << 20));
        assert_eq!(parse_size("64MiB"), Ok(64 << 20));
        assert_eq!(parse_size("1g"), Ok(1 << 30));
        assert_eq!(parse_size("500k"), Ok(500 << 10));
        assert_eq!(parse_size("1000"), Ok(1000));
        for bad in ["", "M", "0", "1.5G", "12 parsecs", "-1"] {
            assert!(parse_size(bad).is_err(), "{bad}");
        }
        assert_eq!(human_size(64 << 20), "64 MiB");
        assert_eq!(human_size(1536 << 20), "1.5 GiB");
        assert_eq!(human_size(300), "300 bytes");
    }

    #[test]
    fn blocks_cover_the_input_exactly_at_boundaries() {
        let game = "[Event \"x\"]\r\n\r\n1. e3-e5 *\r\n\r\n";
        let text = game.repeat(1000);
        let blocks: Vec<String> = Blocks::new(text.as_bytes(), None, 1000).map(|b| b.expect("read")).collect();
        assert!(blocks.len() > 5);
        assert_eq!(blocks.concat(), text);
        assert!(blocks.iter().all(|b| b.starts_with("[Event")));
        // The encoding is decided by the first block that is not ASCII.
        let mut text = game.repeat(200).into_bytes();
        text.extend(Charset::WINDOWS_1251.encode("[Event \"Турнир\"]\r\n\r\n1. Кc2-d4 *\r\n\r\n"));
        let mut blocks = Blocks::new(text.as_slice(), None, 1000);
        let decoded: Vec<String> = blocks.by_ref().map(|b| b.expect("read")).collect();
        assert_eq!((blocks.used, blocks.had_errors), (Some(Charset::WINDOWS_1251), false));
        assert!(decoded.concat().ends_with("[Event \"Турнир\"]\r\n\r\n1. Кc2-d4 *\r\n\r\n"));
        // One game bigger than the block still comes whole.
        let big = format!("[Event \"big\"]\n\n1. e3-e5 {{{}}} *\n\n", "x".repeat(5000));
        let blocks: Vec<String> = Blocks::new(big.as_bytes(), None, 100).map(|b| b.expect("read")).collect();
        assert_eq!(blocks, vec![big]);
    }
}
