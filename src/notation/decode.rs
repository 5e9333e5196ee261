//! Bytes to text: UTF-8 (with or without BOM), Windows-1251, KOI8-R,
//! CP866, Windows-1252 (Latin-1), CP437 and CP850, detected or named
//! ([`Charset`]); UTF-16 by its BOM. A BOM stays in the text as
//! U+FEFF (the reader skips it), so decoding a text in chunks gives the
//! pieces of the whole. Binary data (NUL bytes, control characters) is
//! recognised as not a game file. [`FileBytes`] maps offsets of the decoded
//! text back to bytes of the file.

use encoding_rs::Encoding;

pub use super::charset::{encoding_by_name, option_name, Charset};
use super::detect::{detect, Detection};

/// A decoded file.
pub struct Decoded {
    pub text: String,
    /// The encoding used.
    pub encoding: Charset,
    /// Whether it was detected (not named by the user, not plain UTF-8).
    pub guessed: bool,
    /// Whether some bytes could not be decoded (they became U+FFFD).
    pub had_errors: bool,
    /// A legacy encoding that read almost as well as the one chosen.
    pub runner_up: Option<Charset>,
    /// The file offset of the first byte that marks the bytes as binary
    /// data, not text (see [`binary_at`]); the text is then empty.
    pub binary: Option<usize>,
}

impl Decoded {
    /// How the text's offsets map to the file's bytes.
    pub fn width(&self) -> Width {
        Width::of(self.encoding, self.had_errors)
    }
}

/// Bytes looked at to tell the legacy encodings apart, and binary data from text.
pub const SAMPLE: usize = 64 * 1024;

/// Where the first bytes of a file show binary data: a NUL byte, or more
/// control characters than text has (the ones text uses — tab, line ends,
/// form feed, the DOS end-of-file mark — aside) in the first [`SAMPLE`]
/// bytes. The offset is that of the first NUL or control character. NUL
/// bytes and white space that end the sample after text are padding, not
/// binary data.
pub fn binary_at(bytes: &[u8]) -> Option<usize> {
    let sample = bytes.get(..SAMPLE).unwrap_or(bytes);
    // NUL padding (NUL bytes and white space to the end of the sample,
    // after some text: a pre-allocated or truncated file) is no binary data;
    // the reader reports it (`nul_padding`).
    let body = match sample.iter().rposition(|&c| c != 0 && !c.is_ascii_whitespace()) {
        Some(last) if sample.get(last + 1..).is_some_and(|tail| tail.contains(&0)) => {
            sample.get(..=last).unwrap_or(sample)
        }
        _ => sample,
    };
    // Binary data is shown from its first NUL or control byte, padding or not.
    binary_in(body).map(|at| binary_in(sample).unwrap_or(at))
}

/// [`binary_at`] of a sample, padding and all.
fn binary_in(sample: &[u8]) -> Option<usize> {
    if let Some(nul) = memchr::memchr(0, sample) {
        return Some(nul);
    }
    // 01-08, 0E-19, 1B-1F and 7F, told without a branch and counted in
    // bytes (at most 255 a chunk), so the loop runs on vectors (the sample
    // is read at the start of every file).
    let control_bit = |b: u8| {
        u8::from(b.wrapping_sub(0x01) < 8)
            | u8::from(b.wrapping_sub(0x0e) < 12)
            | u8::from(b.wrapping_sub(0x1b) < 5)
            | u8::from(b == 0x7f)
    };
    let count: usize = sample.chunks(255).map(|c| usize::from(c.iter().fold(0u8, |n, &b| n + control_bit(b)))).sum();
    (count >= 4 && count * 32 > sample.len()).then(|| sample.iter().position(|&b| control_bit(b) != 0)).flatten()
}

/// Decodes `bytes`: as `forced` if given; else as UTF-8 when the bytes are
/// valid UTF-8; else as the legacy encoding whose decoding reads most like
/// chess notation and words (see `notation::detect`). Binary data is not decoded (see [`Decoded::binary`]).
pub fn decode(bytes: &[u8], forced: Option<Charset>) -> Decoded {
    let mut decoded = decode_as_is(bytes, forced);
    decoded.text = lone_cr_to_lf(decoded.text);
    decoded
}

/// [`decode`] of bytes the caller gives up. Text that reads as it is (not
/// binary data, no lone CR, an encoding that keeps ASCII) becomes the text
/// without a copy when it is ASCII (the common chess file) or valid UTF-8
/// that is almost all ASCII (a chess file with a few accented names), and
/// no bytes come back: the text's own are the file's. Any other text is
/// decoded into a new string and the bytes come back beside it. (UTF-8 with
/// more letters beyond ASCII, a Cyrillic record, is copied: taking it
/// without a second validation would need `unsafe`, and `std`'s validation
/// of Cyrillic costs more than the copy; of almost-ASCII text it costs less.)
pub fn decode_vec(bytes: Vec<u8>, forced: Option<Charset>) -> (Decoded, Option<Vec<u8>>) {
    // Not every encoding reads ASCII as ASCII: UTF-16, ISO-2022-JP (its
    // escapes) and the replacement encoding do not.
    let keeps_ascii = forced.is_none_or(Charset::keeps_ascii);
    let as_is = keeps_ascii
        && match beyond_ascii(&bytes) {
            Beyond::None => true,
            Beyond::Few => forced.is_none_or(|f| f == Charset::UTF_8),
            Beyond::Many => false,
        }
        && (forced.is_some() || binary_at(&bytes).is_none())
        && lone_crs(&bytes).next().is_none();
    let bytes = if as_is {
        match String::from_utf8(bytes) {
            Ok(text) => {
                let decoded = Decoded {
                    text,
                    encoding: forced.unwrap_or(Charset::UTF_8),
                    guessed: false,
                    had_errors: false,
                    runner_up: None,
                    binary: None,
                };
                return (decoded, None);
            }
            // Not UTF-8 (a legacy encoding's letters): decoded below.
            Err(e) => e.into_bytes(),
        }
    } else {
        bytes
    };
    (decode(&bytes, forced), Some(bytes))
}

/// How many bytes of a text are beyond ASCII.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Beyond {
    None,
    /// At most one byte in 64.
    Few,
    Many,
}

/// [`Beyond`] of `bytes`, in one pass that stops once there are many
/// (a Cyrillic text is told by its first piece). The bytes are counted in
/// runs of 255 with a byte-wide sum, which runs on vectors (a count into
/// `usize`, one byte at a time, ran at a fifth of the speed: 1.3 % of a
/// validation of the Sesse broadcasts, whose blocks hold a few accented
/// names).
fn beyond_ascii(bytes: &[u8]) -> Beyond {
    let limit = bytes.len() / 64;
    let mut beyond = 0;
    for piece in bytes.chunks(16 << 10) {
        beyond += piece.chunks(255).map(|run| usize::from(run.iter().fold(0u8, |n, &b| n + (b >> 7)))).sum::<usize>();
        if beyond > limit {
            return Beyond::Many;
        }
    }
    if beyond == 0 {
        Beyond::None
    } else {
        Beyond::Few
    }
}

/// The text of bytes that read as they are: valid UTF-8 (Cyrillic too, a
/// UTF-8 BOM kept as `decode` keeps it; a UTF-16 BOM is no UTF-8) that is
/// not binary data and has no lone CR. Then it is `decode(bytes, None).text`,
/// and a caller that holds the bytes in memory reads it without a copy.
/// `None` says only that `decode` is needed: binary data after a UTF-8 BOM,
/// which `decode` reads as text, is refused here too.
pub fn plain_text(bytes: &[u8]) -> Option<&str> {
    if binary_at(bytes).is_some() {
        return None;
    }
    let text = simdutf8::basic::from_utf8(bytes).ok()?;
    lone_crs(bytes).next().is_none().then_some(text)
}

/// The offsets of the CRs in `bytes` that no LF follows.
fn lone_crs(bytes: &[u8]) -> impl Iterator<Item = usize> + '_ {
    memchr::memchr_iter(b'\r', bytes).filter(|&i| bytes.get(i + 1) != Some(&b'\n'))
}

/// A CR not followed by LF (old Mac files) ends a line: it becomes LF,
/// byte for byte, so offsets stay those of the file and every part —
/// reader, line numbers, rendering — sees the same lines.
fn lone_cr_to_lf(text: String) -> String {
    let lone: Vec<usize> = lone_crs(text.as_bytes()).collect();
    if lone.is_empty() {
        return text;
    }
    let mut out = text.into_bytes();
    for i in lone {
        if let Some(b) = out.get_mut(i) {
            *b = b'\n';
        }
    }
    // An ASCII byte for an ASCII byte: still UTF-8.
    String::from_utf8(out).unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned())
}

/// `bytes` in `enc`, every undecodable byte of UTF-8 one U+FFFD (so that
/// [`Width::Utf8Lossy`] maps offsets back).
fn decode_in(bytes: &[u8], enc: Charset) -> (String, bool) {
    if enc == Charset::UTF_8 {
        return utf8_lossy(bytes);
    }
    let (text, had_errors) = enc.decode_without_bom_handling(bytes);
    (text.into_owned(), had_errors)
}

/// UTF-8 with one U+FFFD for each byte that is not part of a character.
fn utf8_lossy(mut bytes: &[u8]) -> (String, bool) {
    let mut out = String::with_capacity(bytes.len());
    let mut had_errors = false;
    // Valid text (the usual case) is checked with SIMD, several times
    // faster than `std` on Cyrillic; only invalid text takes the loop.
    if let Ok(s) = simdutf8::basic::from_utf8(bytes) {
        out.push_str(s);
        return (out, had_errors);
    }
    loop {
        match std::str::from_utf8(bytes) {
            Ok(s) => {
                out.push_str(s);
                return (out, had_errors);
            }
            Err(e) => {
                let (good, rest) = bytes.split_at(e.valid_up_to());
                out.push_str(std::str::from_utf8(good).unwrap_or_default());
                let bad = e.error_len().unwrap_or(rest.len()).max(1);
                out.extend(std::iter::repeat_n('\u{fffd}', bad.min(rest.len())));
                had_errors = true;
                bytes = rest.get(bad..).unwrap_or_default();
            }
        }
    }
}

fn decode_as_is(bytes: &[u8], forced: Option<Charset>) -> Decoded {
    let done = |text: String, encoding, guessed, had_errors| Decoded {
        text,
        encoding,
        guessed,
        had_errors,
        runner_up: None,
        binary: None,
    };
    if let Some(enc) = forced {
        let (text, had_errors) = decode_in(bytes, enc);
        return done(text, enc, false, had_errors);
    }
    if let Some((enc, _)) = Encoding::for_bom(bytes) {
        let enc = Charset::Std(enc);
        let (text, had_errors) = decode_in(bytes, enc);
        return done(text, enc, enc != Charset::UTF_8, had_errors);
    }
    if let Some(at) = binary_at(bytes) {
        return Decoded { binary: Some(at), ..done(String::new(), Charset::UTF_8, false, false) };
    }
    if let Ok(s) = simdutf8::basic::from_utf8(bytes) {
        return done(s.to_string(), Charset::UTF_8, false, false);
    }
    let Detection { encoding, runner_up } = detect(bytes);
    let (text, had_errors) = decode_in(bytes, encoding);
    Decoded { runner_up, ..done(text, encoding, true, had_errors) }
}

/// The first part of a text of whole games that is in one encoding (see
/// [`next_part`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Part {
    /// Its length in bytes: the whole text, or up to the start of a game.
    pub len: usize,
    /// Its encoding; `None` when it is ASCII, which reads alike in every
    /// encoding that keeps ASCII.
    pub encoding: Option<Charset>,
    /// A legacy encoding that read almost as well, when it was detected here.
    pub runner_up: Option<Charset>,
}

/// The first part of `bytes` (whole games, not all ASCII) that is in one
/// encoding, given the encoding of the text before it (`used`: detected,
/// `None` while all of it was ASCII). The parts are whole games (see
/// [`next_game`]).
///
/// A file can join texts in more than one encoding (collections saved
/// apart, then concatenated). Games that are valid UTF-8 are UTF-8: a
/// legacy text of any length almost never is. From the first game that is
/// not, the encoding is detected again (or stays the legacy encoding found
/// before it), up to the next game that is valid UTF-8 beyond ASCII.
/// Damaged UTF-8 (a few undecodable bytes among UTF-8 letters) stays UTF-8
/// up to a game that reads as a legacy encoding. The whole text is one
/// part when it is in one encoding: it is validated as UTF-8 once (SIMD);
/// only a text that is not UTF-8 is looked at game by game.
pub fn next_part(bytes: &[u8], used: Option<Charset>) -> Part {
    let part = |len, encoding| Part { len, encoding, runner_up: None };
    let bad = match simdutf8::compat::from_utf8(bytes) {
        Ok(_) => return part(bytes.len(), (!bytes.is_ascii()).then_some(Charset::UTF_8)),
        Err(e) => e.valid_up_to(),
    };
    // UTF-8 letters before the game of the first byte that is not UTF-8:
    // the games before that one are UTF-8, and a part of their own when
    // that game is in a legacy encoding (not damaged UTF-8).
    let mut start = 0;
    if !bytes.get(..bad).unwrap_or_default().is_ascii() {
        while let Some(game) = next_game(bytes, start + 1).filter(|&g| g <= bad) {
            start = game;
        }
    }
    let (encoding, runner_up) = match used {
        Some(legacy) if legacy != Charset::UTF_8 && start == 0 => (legacy, None),
        _ => {
            let Detection { encoding, runner_up } = detect(bytes.get(start..).unwrap_or_default());
            (encoding, runner_up)
        }
    };
    if start > 0 && encoding != Charset::UTF_8 {
        return part(start, Some(Charset::UTF_8));
    }
    // The part ends at the first game of the other kind: valid UTF-8 beyond
    // ASCII after a legacy part; a legacy text after damaged UTF-8.
    let other = |game: &[u8]| match simdutf8::basic::from_utf8(game) {
        Ok(_) => encoding != Charset::UTF_8 && !game.is_ascii(),
        Err(_) => encoding == Charset::UTF_8 && detect(game).encoding != Charset::UTF_8,
    };
    let mut game = next_game(bytes, bad);
    while let Some(start) = game {
        game = next_game(bytes, start + 1);
        if other(bytes.get(start..game.unwrap_or(bytes.len())).unwrap_or_default()) {
            return Part { len: start, encoding: Some(encoding), runner_up };
        }
    }
    Part { len: bytes.len(), encoding: Some(encoding), runner_up }
}

/// The start of the first game at or after `from` (and after 0): a line
/// that starts with `[` after a line that is no tag (the result of the
/// game before it, say), blank lines aside: joined files need not leave a
/// blank line between their games.
fn next_game(bytes: &[u8], from: usize) -> Option<usize> {
    let finder = memchr::memmem::Finder::new(b"\n[");
    let mut at = from.saturating_sub(1);
    while let Some(i) = bytes.get(at..).and_then(|rest| finder.find(rest)) {
        let nl = at + i;
        let before = bytes.get(..nl).unwrap_or_default();
        // The last line before it that is not blank.
        if let Some(last) = before.iter().rposition(|b| !b.is_ascii_whitespace()) {
            let line = memchr::memrchr(b'\n', before.get(..last).unwrap_or_default()).map_or(0, |n| n + 1);
            let first = before.get(line..).and_then(|l| l.iter().find(|b| !b.is_ascii_whitespace()));
            if first != Some(&b'[') {
                return Some(nl + 1);
            }
        }
        at = nl + 1;
    }
    None
}

/// The offset of the first character beyond ASCII of `text`: the one that
/// decided its encoding (0 when there is none).
pub fn first_beyond_ascii(text: &str) -> usize {
    text.bytes().position(|b| !b.is_ascii()).unwrap_or(0)
}

/// How many bytes of the file a byte of decoded text stands for.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub enum Width {
    /// UTF-8: a byte for a byte.
    #[default]
    Utf8,
    /// UTF-8 with undecodable bytes: a U+FFFD for each of them.
    Utf8Lossy,
    /// A single-byte encoding: a byte for each character.
    SingleByte,
    /// UTF-16: two bytes for each UTF-16 unit.
    Utf16,
}

impl Width {
    /// The width of text decoded from `enc`.
    pub fn of(enc: Charset, had_errors: bool) -> Width {
        if enc == Charset::UTF_8 {
            if had_errors {
                Width::Utf8Lossy
            } else {
                Width::Utf8
            }
        } else if enc.is_utf16() {
            Width::Utf16
        } else {
            Width::SingleByte
        }
    }

    /// The file bytes that `text` was decoded from.
    pub fn bytes(self, text: &str) -> usize {
        match self {
            Width::Utf8 => text.len(),
            Width::Utf8Lossy => text.len() - 2 * text.matches('\u{fffd}').count(),
            Width::SingleByte => text.chars().count(),
            Width::Utf16 => 2 * text.chars().map(char::len_utf16).sum::<usize>(),
        }
    }
}

/// Where a decoded text (a file, a block, a chunk of one) lies in its file.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct FileBytes {
    /// The file offset of the text's first byte.
    pub start: usize,
    pub width: Width,
}

impl FileBytes {
    /// The file offset of `at`, a byte offset in `text` (clamped to its
    /// length and to a character boundary below).
    pub fn offset(self, text: &str, at: usize) -> usize {
        let mut at = at.min(text.len());
        while !text.is_char_boundary(at) {
            at -= 1;
        }
        self.start + self.width.bytes(text.get(..at).unwrap_or_default())
    }

    /// Where the part of `text` from `at` on lies in the file.
    pub fn from(self, text: &str, at: usize) -> FileBytes {
        FileBytes { start: self.offset(text, at), width: self.width }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_cyrillic_encoding_is_recognised() {
        let text = "[Event \"Турнир\"]\n1. Кg1-f3 Фe9-e7 2. Лa1-a2 Крf9-g9 3. Сb2-c3 Пe10-e9 {хороший ход} 1-0\n";
        for enc in [Charset::WINDOWS_1251, Charset::KOI8_R, Charset::IBM866] {
            let bytes = enc.encode(text);
            let d = decode(&bytes, None);
            assert_eq!(d.encoding, enc, "{}", enc.name());
            assert_eq!(d.text, text);
            assert!(d.guessed);
        }
        let d = decode(text.as_bytes(), None);
        assert_eq!((d.encoding, d.guessed), (Charset::UTF_8, false));
    }

    /// Every offset of a decoded text maps to the file byte it came from.
    #[test]
    fn offsets_map_to_file_bytes() {
        let text = "\u{feff}[Event \"Турнир\"]\n1. Кg1-f3 {№ «x»} *\n";
        for enc in [Charset::UTF_8, Charset::WINDOWS_1251, Charset::KOI8_R, Charset::IBM866, Charset::UTF_16LE] {
            let bytes = enc.encode(text);
            let d = decode(&bytes, Some(enc));
            let file = FileBytes { start: 0, width: d.width() };
            let k = d.text.find('К').expect("К");
            let k_bytes = enc.encode("К");
            let at = file.offset(&d.text, k);
            assert_eq!(bytes.get(at..at + k_bytes.len()), Some(k_bytes.as_slice()), "{}", enc.name());
            assert_eq!(file.offset(&d.text, d.text.len()), bytes.len(), "{}", enc.name());
        }
        // Undecodable UTF-8: one U+FFFD a byte.
        let bytes = b"1. e3-e5 {\xe2\x82 \xff\xfe} \xd0\x9a *";
        let d = decode(bytes, None);
        assert_eq!(d.width(), Width::Utf8Lossy);
        let file = FileBytes { start: 7, width: d.width() };
        let k = d.text.find('К').expect("К");
        assert_eq!(file.offset(&d.text, k), 7 + bytes.iter().position(|&b| b == 0xd0).expect("К"));
        assert_eq!(file.offset(&d.text, d.text.len()), 7 + bytes.len());
    }

    /// The parts of a text in one encoding each: games joined with no
    /// blank line between them, in UTF-8 and Windows-1251 either way
    /// round; damaged UTF-8 stays UTF-8; ASCII games join the part after.
    #[test]
    fn texts_in_two_encodings_come_in_parts() {
        let utf8 = "[Event \"Турнир\"]\n\n1. Кc2-d4 Кc9-d7 *\n";
        let legacy = Charset::WINDOWS_1251.encode("[Event \"Чемпионат города\"]\n\n1. Кc2-d4 {хороший ход} *\n");
        let ascii = "[Event \"x\"]\n\n1. e3-e5 *\n";
        let parts = |bytes: &[u8], mut used: Option<Charset>| {
            let mut out = Vec::new();
            let mut at = 0;
            while at < bytes.len() {
                let part = next_part(bytes.get(at..).unwrap_or_default(), used);
                assert!(part.len > 0);
                out.push((part.len, part.encoding.map(Charset::name)));
                used = part.encoding.or(used);
                at += part.len;
            }
            out
        };
        let (u, l, a) = (utf8.len(), legacy.len(), ascii.len());
        let joined = [utf8.as_bytes(), ascii.as_bytes(), &legacy, utf8.as_bytes()].concat();
        assert_eq!(parts(&joined, None), [(u + a, Some("UTF-8")), (l, Some("windows-1251")), (u, Some("UTF-8"))]);
        let joined = [&legacy, ascii.as_bytes(), utf8.as_bytes(), &legacy].concat();
        let one_part = [(l + a, Some("windows-1251")), (u, Some("UTF-8")), (l, Some("windows-1251"))];
        assert_eq!(parts(&joined, None), one_part);
        // A byte lost among UTF-8 letters is no change of encoding.
        let damaged = [utf8.as_bytes(), b"[Event \"\xff\"]\n\n1. \xd0\x9ac2-d4 *\n", utf8.as_bytes()].concat();
        assert_eq!(parts(&damaged, None), [(damaged.len(), Some("UTF-8"))]);
        // A tag line after a tag line, or a blank line after one, is no game's start.
        assert_eq!(next_game(b"[A \"1\"]\n\n[B \"2\"]\n1. e4 *\n[A \"1\"]", 0), Some(25));
    }

    #[test]
    fn binary_data_is_no_text() {
        assert_eq!(binary_at(b"\x7fELF\x02\x01\x01\0\0"), Some(7));
        assert_eq!(decode(b"\x7fELF\x02\x01\x01\0\0", None).binary, Some(7));
        let with_escape = b"1. e3-e5 {\x1b[2J} *\n".repeat(3);
        assert_eq!(binary_at(&with_escape), None);
        let controls: Vec<u8> = (0..400u32).map(|i| if i % 8 == 0 { 0x02 } else { b'a' }).collect();
        assert_eq!(binary_at(&controls), Some(0));
        // UTF-16 with its BOM is text.
        let utf16: Vec<u8> = "\u{feff}1. e3-e5 *".encode_utf16().flat_map(u16::to_le_bytes).collect();
        assert_eq!(decode(&utf16, None).text, "\u{feff}1. e3-e5 *");
    }
}
