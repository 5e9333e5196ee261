//! Large inputs: read in bounded blocks that end between games, split each
//! block into chunks at game boundaries, and process the chunks in parallel
//! (rayon) with results kept in input order.
//!
//! Texts are cut only at game boundaries (a line that starts with `[` after
//! a blank line, see [`crate::notation::reader`]) that do not follow a tag
//! line, where the reader is between items: reading the chunks gives what
//! reading the whole gives (the `split` fuzz target checks it). A block grows
//! to hold a game larger than itself, up to a limit ([`MAX_GAME`],
//! `--max-game-size`): a game larger than that is streamed past, never held
//! whole, and comes as an empty block that says so ([`Oversized`]); the
//! games after it are read.

use std::collections::{BTreeMap, VecDeque};
use std::io::Read;
use std::ops::Range;
use std::panic::{catch_unwind, resume_unwind, AssertUnwindSafe};
use std::sync::{Arc, Condvar, Mutex, MutexGuard, PoisonError};

use crate::notation::decode::{binary_at, decode_vec, first_beyond_ascii, next_part, Charset, FileBytes, Width};
use crate::notation::reader::{last_boundary, next_boundary};

/// Bytes read at a time.
pub const BLOCK: usize = 4 << 20;
/// Bytes read for the first block: the threads start on it sooner (it is
/// read and decoded before any work); the blocks after it double up to
/// the full size.
const FIRST_BLOCK: usize = 256 << 10;
/// Target size of a chunk handed to one thread.
pub const CHUNK: usize = 64 << 10;
/// The default limit on the size of one game (the bytes from its start to
/// the next game's): 64 MiB.
pub const MAX_GAME: usize = 64 << 20;
/// Bytes of chunks read and not yet consumed above which
/// [`for_each_chunk`] reads no block ahead (a block of one large game is
/// read when the ones before it are consumed).
const HELD: usize = 4 * BLOCK;
/// Bytes kept at the end of what was streamed past of a large game, to find
/// the boundary of the next game across two reads.
const KEEP: usize = 8;

/// The limit on the size of one game for [`Blocks::new`], as set by
/// [`set_max_game_size`] (the command line's `--max-game-size`).
static MAX_GAME_SIZE: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(MAX_GAME);

/// Sets the limit on the size of one game of the [`Blocks`] made after it
/// (at least 1 byte); [`Blocks::max_game`] sets it for one reader.
pub fn set_max_game_size(bytes: usize) {
    MAX_GAME_SIZE.store(bytes.max(1), std::sync::atomic::Ordering::Relaxed);
}

/// The limit on the size of one game of new [`Blocks`] (see [`set_max_game_size`]).
pub fn max_game_size() -> usize {
    MAX_GAME_SIZE.load(std::sync::atomic::Ordering::Relaxed)
}

/// A game larger than the limit, streamed past: it comes as an empty
/// block, whose place ([`Blocks::last`], [`BlockStart`]) is the game's.
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

/// The first place at or after `from` where a text can be cut: a game
/// boundary (see [`crate::notation::reader`]) that does not follow a tag
/// line — the tags of one game may be spread over several paragraphs.
fn next_cut(bytes: &[u8], from: usize) -> Option<usize> {
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
fn last_cut(bytes: &[u8]) -> Option<usize> {
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
                let excerpt = crate::commands::validate::binary_excerpt(&self.pending, at);
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
            let cut = if self.eof { Some(self.pending.len()) } else { last_cut(&self.pending) };
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

/// Where a block starts in its file.
#[derive(Copy, Clone, Debug, Default)]
pub struct BlockStart {
    pub lines_before: usize,
    /// Where the block lies in the file's bytes.
    pub bytes: FileBytes,
}

/// What [`for_each_chunk`]'s `on_block` is given of a block: the encoding
/// known once it was read, and the bytes it was decoded from (its own, to
/// keep without a copy).
#[derive(Clone, Debug, Default)]
pub struct BlockInfo {
    /// [`Blocks::used`] after the block.
    pub used: Option<Charset>,
    /// [`Blocks::runner_up`] after the block.
    pub runner_up: Option<Charset>,
    /// [`Blocks::decided`]: where in the block the character that decided
    /// `used` stands, when the block is the first in it.
    pub decided: Option<usize>,
    /// The bytes the block was decoded from ([`Blocks::raw`]; `None`:
    /// the text's own, which a caller that keeps them copies).
    pub raw: Option<Vec<u8>>,
    /// The game larger than the limit that the (empty) block stands for
    /// ([`Blocks::oversized`]): the caller reports it, as a game.
    pub oversized: Option<Oversized>,
}

/// A block read by one of the threads at work, cut into chunks there too.
struct ReadBlock {
    text: Arc<String>,
    /// Each chunk's range, the line ends in the block before it, and where
    /// the chunk lies in the file (found here, a chunk from the one before:
    /// a single-byte encoding's offsets are counted in characters, and
    /// counting from the block's start for every chunk was quadratic).
    chunks: Vec<(Range<usize>, usize, FileBytes)>,
    /// The line ends in the whole block.
    lines: usize,
    bytes: FileBytes,
    info: BlockInfo,
}

fn read_block<R: Read>(blocks: &mut Blocks<R>) -> Option<std::io::Result<ReadBlock>> {
    let text = match blocks.next()? {
        Ok(text) => text,
        Err(e) => return Some(Err(e)),
    };
    let newlines = |r: Range<usize>| memchr::memchr_iter(b'\n', text.as_bytes().get(r).unwrap_or_default()).count();
    let mut list = Vec::new();
    let (mut lines, mut at, mut bytes) = (0, 0, blocks.last);
    for r in chunks(&text, CHUNK) {
        lines += newlines(at..r.start);
        bytes = bytes.from(text.get(at..).unwrap_or_default(), r.start - at);
        at = r.start;
        list.push((r, lines, bytes));
    }
    lines += newlines(at..text.len());
    let oversized = blocks.oversized.take();
    lines += oversized.as_ref().map_or(0, |o| o.lines);
    let info = BlockInfo {
        used: blocks.used,
        runner_up: blocks.runner_up,
        decided: blocks.decided,
        raw: std::mem::take(&mut blocks.raw),
        oversized,
    };
    Some(Ok(ReadBlock { text: Arc::new(text), chunks: list, lines, bytes: blocks.last, info }))
}

/// A chunk not started yet.
struct Job {
    /// Its block.
    text: Arc<String>,
    /// Where it lies in the block.
    range: Range<usize>,
    /// The line ends in the file before it.
    lines: usize,
    /// Where it lies in the file.
    bytes: FileBytes,
}

/// A block, as `on_block` is to see it.
struct Started {
    info: BlockInfo,
    text: Arc<String>,
    start: BlockStart,
}

/// What happens when the consuming reaches a chunk: a block starts there,
/// or reading failed there.
enum Mark {
    Block(Box<Started>),
    Failed(std::io::Error),
}

/// What a thread of [`for_each_chunk`] takes on.
enum Task<R> {
    /// Reading the next block (the reader is the thread's meanwhile).
    Read(Box<Blocks<R>>),
    /// Working chunk `i`.
    Work(usize, Job),
}

/// What the threads of [`for_each_chunk`] share, under one lock: the work
/// waiting, the results waiting, and who waits for what.
struct Shared<R, T> {
    /// The reader, when no thread reads from it (`None` while one does,
    /// and at the end).
    reader: Option<Box<Blocks<R>>>,
    /// Reading reached the end of the input, or failed, or panicked.
    end: bool,
    /// A panic while reading, for the consuming thread to resume.
    read_panic: Option<Box<dyn std::any::Any + Send>>,
    /// Chunks not started yet, in input order, and their bytes.
    queue: VecDeque<Job>,
    waiting: usize,
    /// Chunks made so far (the index of the next one).
    queued: usize,
    /// Chunks started so far (the index of the front of `queue`).
    started: usize,
    /// The next chunk to consume.
    want: usize,
    /// The results of chunks from `want` on, by index.
    done: BTreeMap<usize, std::thread::Result<T>>,
    /// What happens at a chunk, by index: a block starts, or reading failed.
    marks: VecDeque<(usize, Mark)>,
    /// The line ends of the blocks read so far.
    lines_before: usize,
    /// Bytes of the chunks read and not consumed yet (twice a chunk's
    /// length when its block keeps its raw bytes too), and each chunk's
    /// share, in chunk order.
    held: usize,
    weights: VecDeque<usize>,
    /// The consuming is over (done, failed or panicked): the workers stop.
    stop: bool,
    /// Workers waiting for something to do and not yet woken (a count
    /// that can be higher, never lower: a worker woken for nothing
    /// counts itself again when it waits again).
    idle_workers: usize,
    /// Whether the consuming thread waits.
    consumer_waits: bool,
}

impl<R, T> Shared<R, T> {
    /// The next thing to do for any thread, if any: reading when the
    /// chunks waiting to start hold less than a block (the others work
    /// them meanwhile, no thread waits for a block) and the chunks not
    /// consumed less than [`HELD`], else the next chunk while at most
    /// `window` chunks are in work or waiting to be consumed.
    fn task(&mut self, window: usize) -> Option<Task<R>> {
        if !self.end && self.waiting < BLOCK && self.held < HELD {
            if let Some(blocks) = self.reader.take() {
                return Some(Task::Read(blocks));
            }
        }
        if self.started - self.want < window {
            let job = self.queue.pop_front()?;
            self.waiting -= job.range.len();
            self.started += 1;
            return Some(Task::Work(self.started - 1, job));
        }
        None
    }

    /// Queues the chunks of a block read, and its mark.
    fn add(&mut self, b: ReadBlock) {
        let start = BlockStart { lines_before: self.lines_before, bytes: b.bytes };
        let copies = 1 + usize::from(b.info.raw.is_some());
        let started = Started { info: b.info, text: Arc::clone(&b.text), start };
        self.marks.push_back((self.queued, Mark::Block(Box::new(started))));
        for (range, lines, bytes) in b.chunks {
            let weight = range.len() * copies;
            self.held += weight;
            self.weights.push_back(weight);
            self.waiting += range.len();
            let job = Job { text: Arc::clone(&b.text), range, lines: self.lines_before + lines, bytes };
            self.queue.push_back(job);
            self.queued += 1;
        }
        self.lines_before += b.lines;
    }
}

/// The hand-over of [`for_each_chunk`]: threads wait on a condition
/// variable when there is nothing to do, and are woken only when there is
/// (no thread spins, and a result wakes the consumer only when it is the
/// one it waits for).
struct Handoff<R, T> {
    shared: Mutex<Shared<R, T>>,
    /// Where idle workers wait.
    workers: Condvar,
    /// Where the consuming thread waits.
    consumer: Condvar,
}

impl<R: Read, T> Handoff<R, T> {
    fn new(blocks: Blocks<R>) -> Handoff<R, T> {
        let shared = Shared {
            reader: Some(Box::new(blocks)),
            end: false,
            read_panic: None,
            queue: VecDeque::new(),
            waiting: 0,
            queued: 0,
            started: 0,
            want: 0,
            done: BTreeMap::new(),
            marks: VecDeque::new(),
            lines_before: 0,
            held: 0,
            weights: VecDeque::new(),
            stop: false,
            idle_workers: 0,
            consumer_waits: false,
        };
        Handoff { shared: Mutex::new(shared), workers: Condvar::new(), consumer: Condvar::new() }
    }

    /// The shared state (a panic never happens under the lock: no caller's
    /// code runs there).
    fn lock(&self) -> MutexGuard<'_, Shared<R, T>> {
        self.shared.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Reads the next block and queues its chunks; wakes whoever waits.
    fn read(&self, mut blocks: Box<Blocks<R>>) {
        let block = catch_unwind(AssertUnwindSafe(|| read_block(&mut blocks)));
        let mut s = self.lock();
        match block {
            Err(panic) => (s.end, s.read_panic) = (true, Some(panic)),
            Ok(None) => s.end = true,
            Ok(Some(Err(e))) => {
                s.end = true;
                let at = s.queued;
                s.marks.push_back((at, Mark::Failed(e)));
            }
            Ok(Some(Ok(b))) => {
                s.add(b);
                s.reader = Some(blocks);
            }
        }
        // New chunks: work for every worker.
        let workers = std::mem::take(&mut s.idle_workers) > 0;
        let consumer = s.consumer_waits;
        drop(s);
        if workers {
            self.workers.notify_all();
        }
        if consumer {
            self.consumer.notify_one();
        }
    }

    /// Works chunk `i` and keeps its result (a panic too); wakes the
    /// consuming thread when it waits for this one.
    fn work(&self, i: usize, job: Job, work: &(impl Fn(&str, usize, FileBytes) -> T + Sync)) {
        let chunk = job.text.get(job.range.clone()).unwrap_or_default();
        let result = catch_unwind(AssertUnwindSafe(|| work(chunk, job.lines, job.bytes)));
        drop(job);
        let mut s = self.lock();
        let wake = s.consumer_waits && i == s.want;
        s.done.insert(i, result);
        drop(s);
        if wake {
            self.consumer.notify_one();
        }
    }

    /// Does `task`, the lock released.
    fn run(&self, task: Task<R>, work: &(impl Fn(&str, usize, FileBytes) -> T + Sync)) {
        match task {
            Task::Read(blocks) => self.read(blocks),
            Task::Work(i, job) => self.work(i, job, work),
        }
    }

    /// A worker: reads and works until the consuming is over.
    fn worker(&self, work: &(impl Fn(&str, usize, FileBytes) -> T + Sync), window: usize) {
        let mut s = self.lock();
        loop {
            if s.stop {
                return;
            }
            match s.task(window) {
                Some(task) => {
                    drop(s);
                    self.run(task, work);
                }
                None => {
                    s.idle_workers += 1;
                    s = self.workers.wait(s).unwrap_or_else(PoisonError::into_inner);
                    continue;
                }
            }
            s = self.lock();
        }
    }

    /// The consuming thread: consumes the results in order as they come,
    /// and reads and works like a worker while the next one is not there.
    fn consume<E: From<std::io::Error>>(
        &self,
        work: &(impl Fn(&str, usize, FileBytes) -> T + Sync),
        window: usize,
        on_block: &mut impl FnMut(BlockInfo, &str, BlockStart) -> Result<(), E>,
        consume: &mut impl FnMut(T) -> Result<(), E>,
    ) -> Result<(), E> {
        let mut reach = |mark: Mark| match mark {
            Mark::Block(b) => on_block(b.info, &b.text, b.start),
            Mark::Failed(e) => Err(E::from(e)),
        };
        loop {
            let mut s = self.lock();
            if let Some(panic) = s.read_panic.take() {
                drop(s);
                resume_unwind(panic);
            }
            let want = s.want;
            if let Some(result) = s.done.remove(&want) {
                let mut marks = Vec::new();
                while s.marks.front().is_some_and(|(at, _)| *at == want) {
                    marks.extend(s.marks.pop_front().map(|(_, mark)| mark));
                }
                s.held -= s.weights.pop_front().unwrap_or(0);
                s.want += 1;
                // A place in the window: work for one worker.
                let wake = s.idle_workers > 0;
                s.idle_workers = s.idle_workers.saturating_sub(1);
                drop(s);
                if wake {
                    self.workers.notify_one();
                }
                for mark in marks {
                    reach(mark)?;
                }
                match result {
                    Ok(t) => consume(t)?,
                    Err(panic) => resume_unwind(panic),
                }
                continue;
            }
            // Everything read is consumed: the marks left are at the end.
            if s.end && want == s.queued {
                let marks: Vec<Mark> = s.marks.drain(..).map(|(_, mark)| mark).collect();
                drop(s);
                for mark in marks {
                    reach(mark)?;
                }
                return Ok(());
            }
            match s.task(window) {
                Some(task) => {
                    drop(s);
                    self.run(task, work);
                }
                // Chunk `want` is in work on another thread, or the reader
                // is: either wakes this one.
                None => {
                    s.consumer_waits = true;
                    let mut s = self.consumer.wait(s).unwrap_or_else(PoisonError::into_inner);
                    s.consumer_waits = false;
                }
            }
        }
    }
}

/// Stops the workers when the consuming is over, however it ends (an
/// error, a panic resumed): the scope then waits only for the chunks in work.
struct StopOnDrop<'a, R, T>(&'a Handoff<R, T>);

impl<R, T> Drop for StopOnDrop<'_, R, T> {
    fn drop(&mut self) {
        let mut s = self.0.shared.lock().unwrap_or_else(PoisonError::into_inner);
        s.stop = true;
        let wake = std::mem::take(&mut s.idle_workers) > 0;
        drop(s);
        if wake {
            self.0.workers.notify_all();
        }
    }
}

/// Reads `reader` in blocks and runs `work(chunk, lines_before, bytes)`
/// on every chunk of every block in parallel on the threads of `pool`;
/// `on_block` sees each block before its first chunk's result, `consume`
/// gets the results in input order, on the calling thread.
///
/// The calling thread is one of the threads at work: it consumes each
/// result as soon as it is there and, while the next one is not, reads
/// the next block (and cuts it into chunks) or works a chunk, as the other
/// threads (`pool`'s threads but one) do; with one thread, it does
/// everything, with no hand-over. Threads wait on a condition variable,
/// never spinning, and are woken only when there is something for them.
/// The chunks run on from one block into the next (no thread waits at a
/// block's end). At most 4 chunks per thread are in work or waiting to be
/// consumed, and a block is read ahead only when the chunks waiting to
/// start hold less than a block and the chunks not consumed hold less
/// than 16 MB (`HELD`), so memory does not grow with the number of games
/// in a block or file, nor with the size of its games (a block of one
/// large game is read once the blocks before it are consumed).
pub fn for_each_chunk<R: Read + Send, T: Send, E: From<std::io::Error>>(
    blocks: Blocks<R>,
    pool: &rayon::ThreadPool,
    work: impl Fn(&str, usize, FileBytes) -> T + Sync,
    mut on_block: impl FnMut(BlockInfo, &str, BlockStart) -> Result<(), E>,
    mut consume: impl FnMut(T) -> Result<(), E>,
) -> Result<(), E> {
    if pool.current_num_threads() == 1 {
        return one_thread(blocks, work, on_block, consume);
    }
    let threads = pool.current_num_threads().max(1);
    let window = 4 * threads;
    let handoff = Handoff::new(blocks);
    let (handoff, work) = (&handoff, &work);
    pool.in_place_scope(|scope| {
        let _stop = StopOnDrop(handoff);
        for _ in 1..threads {
            scope.spawn(move |_| handoff.worker(work, window));
        }
        handoff.consume(work, window, &mut on_block, &mut consume)
    })
}

/// [`for_each_chunk`] on one thread: every block read, worked and
/// consumed in turn by the calling thread, in the same order (`on_block`
/// before the block's first result, a reading error after every result
/// read before it). No thread is handed work or woken, and a block's
/// memory is freed before the next is read, so the allocator gives the
/// same pages again (with a thread reading ahead, a fresh block's pages
/// were faulted in one by one: two to four times the system time of a
/// single-threaded reader, `--threads 1`).
fn one_thread<R: Read, T, E: From<std::io::Error>>(
    mut blocks: Blocks<R>,
    work: impl Fn(&str, usize, FileBytes) -> T,
    mut on_block: impl FnMut(BlockInfo, &str, BlockStart) -> Result<(), E>,
    mut consume: impl FnMut(T) -> Result<(), E>,
) -> Result<(), E> {
    let mut lines_before = 0;
    while let Some(block) = read_block(&mut blocks) {
        let b = block?;
        on_block(b.info, &b.text, BlockStart { lines_before, bytes: b.bytes })?;
        for (r, lines, bytes) in b.chunks {
            consume(work(b.text.get(r).unwrap_or_default(), lines_before + lines, bytes))?;
        }
        lines_before += b.lines;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::decode::Charset;

    /// A reader that gives `data`, then fails.
    struct FailsAfter<'a>(&'a [u8]);
    impl Read for FailsAfter<'_> {
        fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
            if self.0.is_empty() {
                return Err(std::io::Error::other("the disk is gone"));
            }
            let n = buf.len().min(self.0.len());
            let (now, rest) = self.0.split_at(n);
            buf.get_mut(..n).unwrap_or_default().copy_from_slice(now);
            self.0 = rest;
            Ok(n)
        }
    }

    /// Every chunk of every block is worked on once and consumed in input
    /// order, with the line number and file offset of its start; each
    /// block is seen by `on_block` just before its first chunk's result;
    /// a reading error comes after every result read before it.
    #[test]
    fn chunks_come_in_order_across_blocks() {
        // 1.4 MB in blocks of at most 200 KB, each of several chunks.
        let text: String = (0..50_000).map(|i| format!("[Event \"{i}\"]\n\n1. e3-e5 *\n\n")).collect();
        let pool = rayon::ThreadPoolBuilder::new().num_threads(3).build().expect("pool");
        for fail in [false, true] {
            let mut events = Vec::new();
            let work = |chunk: &str, lines: usize, bytes: FileBytes| (chunk.to_string(), lines, bytes.start);
            let result = {
                let events = std::cell::RefCell::new(&mut events);
                let on_block = |_: BlockInfo, block: &str, at: BlockStart| -> std::io::Result<()> {
                    events.borrow_mut().push(format!("block {} {} {}", at.lines_before, at.bytes.start, block.len()));
                    Ok(())
                };
                let consume = |(chunk, lines, start): (String, usize, usize)| -> std::io::Result<()> {
                    events.borrow_mut().push(format!("chunk {lines} {start} {}", chunk.len()));
                    events.borrow_mut().push(chunk);
                    Ok(())
                };
                if fail {
                    let blocks = Blocks::new(FailsAfter(text.as_bytes()), None, 200_000);
                    for_each_chunk(blocks, &pool, work, on_block, consume)
                } else {
                    let blocks = Blocks::new(text.as_bytes(), None, 200_000);
                    for_each_chunk(blocks, &pool, work, on_block, consume)
                }
            };
            // The chunks, joined, are the text; each starts at its line and byte.
            let mut whole = String::new();
            // A block is seen when every chunk before it is consumed (its
            // line and byte are those of the text so far), and its first
            // chunk comes next.
            let (mut blocks, mut block_end) = (0, 0);
            for e in &events {
                let numbers =
                    |rest: &str| rest.split(' ').map(|n| n.parse::<usize>().expect("number")).collect::<Vec<_>>();
                if let Some(b) = e.strip_prefix("block ") {
                    let n = numbers(b);
                    assert_eq!((n[0], n[1]), (whole.matches('\n').count(), whole.len()), "{e}");
                    assert_eq!(whole.len(), block_end, "{e}: a block seen before the last one's chunks");
                    block_end = n[1] + n[2];
                    blocks += 1;
                } else if let Some(c) = e.strip_prefix("chunk ") {
                    let n = numbers(c);
                    assert!(whole.len() < block_end, "{e}: a chunk past its block");
                    assert_eq!((n[0], n[1]), (whole.matches('\n').count(), whole.len()), "{e}");
                } else {
                    whole.push_str(e);
                }
            }
            let chunks = events.iter().filter(|e| e.starts_with("chunk ")).count();
            assert!(blocks > 5 && chunks > 2 * blocks, "{blocks} blocks, {chunks} chunks");
            if fail {
                // What was read before the error is all there, in order.
                assert!(result.is_err_and(|e| e.to_string() == "the disk is gone"));
                assert!(text.starts_with(&whole) && !whole.is_empty());
            } else {
                assert!(result.is_ok());
                assert_eq!(whole, text);
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
