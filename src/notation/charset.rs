//! The character sets a game file may be in: the encodings of
//! `encoding_rs` (UTF-8, UTF-16, Windows-1251, KOI8-R, CP866,
//! Windows-1252, which reads ISO 8859-1 — the PGN standard's own set — as
//! well) and the DOS Western code pages CP437 and CP850, which `encoding_rs`
//! does not have: a table of their upper halves.

use encoding_rs::{Encoding, IBM866, KOI8_R, UTF_16BE, UTF_16LE, UTF_8, WINDOWS_1251, WINDOWS_1252};

/// A DOS code page: ASCII, and a character for each byte from 0x80 on.
#[derive(Debug, Eq)]
pub struct DosPage {
    /// The name `--encoding` takes.
    name: &'static str,
    high: [char; 128],
}

impl PartialEq for DosPage {
    fn eq(&self, other: &DosPage) -> bool {
        self.name == other.name
    }
}

/// An encoding of a game file.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Charset {
    /// One of `encoding_rs`.
    Std(&'static Encoding),
    /// A DOS code page.
    Dos(&'static DosPage),
}

impl From<&'static Encoding> for Charset {
    fn from(e: &'static Encoding) -> Charset {
        Charset::Std(e)
    }
}

impl Charset {
    pub const UTF_8: Charset = Charset::Std(UTF_8);
    pub const UTF_16LE: Charset = Charset::Std(UTF_16LE);
    pub const UTF_16BE: Charset = Charset::Std(UTF_16BE);
    pub const WINDOWS_1251: Charset = Charset::Std(WINDOWS_1251);
    pub const KOI8_R: Charset = Charset::Std(KOI8_R);
    pub const IBM866: Charset = Charset::Std(IBM866);
    /// Windows-1252, the superset of ISO 8859-1 (Latin-1) that files
    /// labelled Latin-1 are in practice.
    pub const WINDOWS_1252: Charset = Charset::Std(WINDOWS_1252);
    pub const CP437: Charset = Charset::Dos(&CP437_PAGE);
    pub const CP850: Charset = Charset::Dos(&CP850_PAGE);

    /// The name shown to users (`windows-1251`, `cp437`, `UTF-8`).
    pub fn name(self) -> &'static str {
        match self {
            Charset::Std(e) => e.name(),
            Charset::Dos(p) => p.name,
        }
    }

    /// Whether the set is UTF-16 (LE or BE).
    pub fn is_utf16(self) -> bool {
        self == Charset::UTF_16LE || self == Charset::UTF_16BE
    }

    /// Whether ASCII bytes read as ASCII (not in UTF-16, ISO-2022-JP or
    /// the replacement encoding).
    pub fn keeps_ascii(self) -> bool {
        match self {
            Charset::Std(e) => e.is_ascii_compatible(),
            Charset::Dos(_) => true,
        }
    }

    /// Whether each byte is one character.
    pub fn is_single_byte(self) -> bool {
        match self {
            Charset::Std(e) => e.is_single_byte(),
            Charset::Dos(_) => true,
        }
    }

    /// `bytes` decoded, a BOM kept as U+FEFF; whether some bytes were no
    /// character (each then U+FFFD).
    pub fn decode_without_bom_handling(self, bytes: &[u8]) -> (std::borrow::Cow<'_, str>, bool) {
        match self {
            Charset::Std(e) => e.decode_without_bom_handling(bytes),
            Charset::Dos(page) => {
                if bytes.is_ascii() {
                    return (String::from_utf8_lossy(bytes), false);
                }
                // Runs of ASCII (all but a few bytes of a chess file) copied
                // whole, found by SIMD UTF-8 validation; only the bytes above
                // ASCII looked up one at a time.
                let mut text = String::with_capacity(bytes.len() + bytes.len() / 16);
                let mut rest = bytes;
                while !rest.is_empty() {
                    let valid = simdutf8::compat::from_utf8(rest).map_or_else(|e| e.valid_up_to(), |_| rest.len());
                    // Valid UTF-8 may hold bytes above ASCII (two of a DOS page
                    // can make a UTF-8 character): the run ends at the first.
                    let prefix = rest.get(..valid).unwrap_or_default();
                    let ascii =
                        if prefix.is_ascii() { valid } else { prefix.iter().take_while(|b| b.is_ascii()).count() };
                    let (run, tail) = rest.split_at(ascii);
                    text.push_str(std::str::from_utf8(run).unwrap_or_default());
                    let high = tail.iter().take_while(|b| !b.is_ascii()).count();
                    let (upper, after) = tail.split_at(high);
                    text.extend(
                        upper.iter().map(|&b| page.high.get(usize::from(b & 0x7f)).copied().unwrap_or('\u{fffd}')),
                    );
                    rest = after;
                }
                (std::borrow::Cow::Owned(text), false)
            }
        }
    }

    /// `text` in this set, for tests and writers: a character the set
    /// does not have becomes `?`.
    pub fn encode(self, text: &str) -> Vec<u8> {
        match self {
            Charset::Std(e) if e == UTF_16LE => text.encode_utf16().flat_map(u16::to_le_bytes).collect(),
            Charset::Std(e) if e == UTF_16BE => text.encode_utf16().flat_map(u16::to_be_bytes).collect(),
            Charset::Std(e) => e.encode(text).0.into_owned(),
            Charset::Dos(page) => text
                .chars()
                .map(|c| match c {
                    c if c.is_ascii() => c as u8,
                    c => page.high.iter().position(|&h| h == c).map_or(b'?', |i| 0x80 | i as u8),
                })
                .collect(),
        }
    }
}

/// The encodings `--encoding` accepts, by the names users type: the
/// single-byte encodings (the DOS code pages CP437 and CP850 too), UTF-8
/// and UTF-16 (the ones whose offsets map back to file bytes).
pub fn encoding_by_name(name: &str) -> Option<Charset> {
    match name.to_ascii_lowercase().replace('_', "-").as_str() {
        "utf8" | "utf-8" => Some(Charset::UTF_8),
        "cp1251" | "windows-1251" | "win1251" | "1251" => Some(Charset::WINDOWS_1251),
        "koi8-r" | "koi8r" | "koi8" => Some(Charset::KOI8_R),
        "cp866" | "ibm866" | "866" | "dos" => Some(Charset::IBM866),
        "latin1" | "latin-1" | "iso-8859-1" | "iso8859-1" | "cp1252" | "windows-1252" | "win1252" | "1252" => {
            Some(Charset::WINDOWS_1252)
        }
        "cp437" | "ibm437" | "437" | "dos-us" => Some(Charset::CP437),
        "cp850" | "ibm850" | "850" | "dos-latin-1" => Some(Charset::CP850),
        "utf16" | "utf-16" => Some(Charset::UTF_16LE),
        other => Encoding::for_label(other.as_bytes())
            .filter(|e| e.is_single_byte() || *e == UTF_8 || *e == UTF_16LE || *e == UTF_16BE)
            .map(Charset::Std),
    }
}

/// The name to pass to `--encoding` for `enc`.
pub fn option_name(enc: Charset) -> String {
    enc.name().to_ascii_lowercase()
}

/// The names `--encoding` lists in its help and errors.
pub const NAMES: &str = "utf-8, utf-16le, utf-16be, windows-1251, koi8-r, cp866, latin1 (windows-1252), cp437, cp850";

const CP437_PAGE: DosPage = DosPage {
    name: "cp437",
    high: [
        '\u{00c7}', '\u{00fc}', '\u{00e9}', '\u{00e2}', '\u{00e4}', '\u{00e0}', '\u{00e5}', '\u{00e7}', '\u{00ea}',
        '\u{00eb}', '\u{00e8}', '\u{00ef}', '\u{00ee}', '\u{00ec}', '\u{00c4}', '\u{00c5}', '\u{00c9}', '\u{00e6}',
        '\u{00c6}', '\u{00f4}', '\u{00f6}', '\u{00f2}', '\u{00fb}', '\u{00f9}', '\u{00ff}', '\u{00d6}', '\u{00dc}',
        '\u{00a2}', '\u{00a3}', '\u{00a5}', '\u{20a7}', '\u{0192}', '\u{00e1}', '\u{00ed}', '\u{00f3}', '\u{00fa}',
        '\u{00f1}', '\u{00d1}', '\u{00aa}', '\u{00ba}', '\u{00bf}', '\u{2310}', '\u{00ac}', '\u{00bd}', '\u{00bc}',
        '\u{00a1}', '\u{00ab}', '\u{00bb}', '\u{2591}', '\u{2592}', '\u{2593}', '\u{2502}', '\u{2524}', '\u{2561}',
        '\u{2562}', '\u{2556}', '\u{2555}', '\u{2563}', '\u{2551}', '\u{2557}', '\u{255d}', '\u{255c}', '\u{255b}',
        '\u{2510}', '\u{2514}', '\u{2534}', '\u{252c}', '\u{251c}', '\u{2500}', '\u{253c}', '\u{255e}', '\u{255f}',
        '\u{255a}', '\u{2554}', '\u{2569}', '\u{2566}', '\u{2560}', '\u{2550}', '\u{256c}', '\u{2567}', '\u{2568}',
        '\u{2564}', '\u{2565}', '\u{2559}', '\u{2558}', '\u{2552}', '\u{2553}', '\u{256b}', '\u{256a}', '\u{2518}',
        '\u{250c}', '\u{2588}', '\u{2584}', '\u{258c}', '\u{2590}', '\u{2580}', '\u{03b1}', '\u{00df}', '\u{0393}',
        '\u{03c0}', '\u{03a3}', '\u{03c3}', '\u{00b5}', '\u{03c4}', '\u{03a6}', '\u{0398}', '\u{03a9}', '\u{03b4}',
        '\u{221e}', '\u{03c6}', '\u{03b5}', '\u{2229}', '\u{2261}', '\u{00b1}', '\u{2265}', '\u{2264}', '\u{2320}',
        '\u{2321}', '\u{00f7}', '\u{2248}', '\u{00b0}', '\u{2219}', '\u{00b7}', '\u{221a}', '\u{207f}', '\u{00b2}',
        '\u{25a0}', '\u{00a0}',
    ],
};

const CP850_PAGE: DosPage = DosPage {
    name: "cp850",
    high: [
        '\u{00c7}', '\u{00fc}', '\u{00e9}', '\u{00e2}', '\u{00e4}', '\u{00e0}', '\u{00e5}', '\u{00e7}', '\u{00ea}',
        '\u{00eb}', '\u{00e8}', '\u{00ef}', '\u{00ee}', '\u{00ec}', '\u{00c4}', '\u{00c5}', '\u{00c9}', '\u{00e6}',
        '\u{00c6}', '\u{00f4}', '\u{00f6}', '\u{00f2}', '\u{00fb}', '\u{00f9}', '\u{00ff}', '\u{00d6}', '\u{00dc}',
        '\u{00f8}', '\u{00a3}', '\u{00d8}', '\u{00d7}', '\u{0192}', '\u{00e1}', '\u{00ed}', '\u{00f3}', '\u{00fa}',
        '\u{00f1}', '\u{00d1}', '\u{00aa}', '\u{00ba}', '\u{00bf}', '\u{00ae}', '\u{00ac}', '\u{00bd}', '\u{00bc}',
        '\u{00a1}', '\u{00ab}', '\u{00bb}', '\u{2591}', '\u{2592}', '\u{2593}', '\u{2502}', '\u{2524}', '\u{00c1}',
        '\u{00c2}', '\u{00c0}', '\u{00a9}', '\u{2563}', '\u{2551}', '\u{2557}', '\u{255d}', '\u{00a2}', '\u{00a5}',
        '\u{2510}', '\u{2514}', '\u{2534}', '\u{252c}', '\u{251c}', '\u{2500}', '\u{253c}', '\u{00e3}', '\u{00c3}',
        '\u{255a}', '\u{2554}', '\u{2569}', '\u{2566}', '\u{2560}', '\u{2550}', '\u{256c}', '\u{00a4}', '\u{00f0}',
        '\u{00d0}', '\u{00ca}', '\u{00cb}', '\u{00c8}', '\u{0131}', '\u{00cd}', '\u{00ce}', '\u{00cf}', '\u{2518}',
        '\u{250c}', '\u{2588}', '\u{2584}', '\u{00a6}', '\u{00cc}', '\u{2580}', '\u{00d3}', '\u{00df}', '\u{00d4}',
        '\u{00d2}', '\u{00f5}', '\u{00d5}', '\u{00b5}', '\u{00fe}', '\u{00de}', '\u{00da}', '\u{00db}', '\u{00d9}',
        '\u{00fd}', '\u{00dd}', '\u{00af}', '\u{00b4}', '\u{00ad}', '\u{00b1}', '\u{2017}', '\u{00be}', '\u{00b6}',
        '\u{00a7}', '\u{00f7}', '\u{00b8}', '\u{00b0}', '\u{00a8}', '\u{00b7}', '\u{00b9}', '\u{00b3}', '\u{00b2}',
        '\u{25a0}', '\u{00a0}',
    ],
};

#[cfg(test)]
mod tests {
    use super::*;

    /// Every byte of a DOS page reads as one character and writes back.
    #[test]
    fn dos_pages_round_trip() {
        let all: Vec<u8> = (0..=255u8).collect();
        for page in [Charset::CP437, Charset::CP850] {
            let (text, bad) = page.decode_without_bom_handling(&all);
            assert!(!bad);
            assert_eq!(text.chars().count(), 256);
            assert_eq!(page.encode(&text), all, "{}", page.name());
        }
        assert_eq!(Charset::CP437.decode_without_bom_handling(b"Br\x81ssel").0, "Brüssel");
        // Runs of ASCII and of high bytes in every order, two high bytes
        // that make a UTF-8 character (\xc3\xa9) among them: the same as a
        // byte at a time.
        let mixed = b"\xc3\xa9t\xe9 Br\x81\x81ssel \x81\n1. e4 {\x9a}\xc3\xa9".repeat(50);
        for page in [Charset::CP437, Charset::CP850] {
            let Charset::Dos(p) = page else { continue };
            let one_by_one: String = mixed
                .iter()
                .map(|&b| if b.is_ascii() { char::from(b) } else { p.high[usize::from(b & 0x7f)] })
                .collect();
            assert_eq!(page.decode_without_bom_handling(&mixed).0, one_by_one, "{}", page.name());
        }
        assert_eq!(Charset::CP850.decode_without_bom_handling(b"S\x84misch \xb5").0, "Sämisch Á");
    }
}
