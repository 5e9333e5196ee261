//! Bytes to text: UTF-8 (with or without BOM), Windows-1251, KOI8-R and
//! CP866, detected or named; UTF-16 by its BOM. A BOM stays in the text as
//! U+FEFF (the reader skips it), so decoding a text in pieces gives the
//! pieces of the whole.

use encoding_rs::{Encoding, IBM866, KOI8_R, UTF_8, WINDOWS_1251};

/// A decoded file.
pub struct Decoded {
    pub text: String,
    /// The encoding used.
    pub encoding: &'static Encoding,
    /// Whether it was detected (not named by the user, not plain UTF-8).
    pub guessed: bool,
    /// Whether some bytes could not be decoded (they became U+FFFD).
    pub had_errors: bool,
}

/// Bytes looked at to tell the legacy encodings apart.
const SAMPLE: usize = 256 * 1024;

/// The encodings `--encoding` accepts, by the names users type.
pub fn encoding_by_name(name: &str) -> Option<&'static Encoding> {
    match name.to_ascii_lowercase().replace('_', "-").as_str() {
        "utf8" | "utf-8" => Some(UTF_8),
        "cp1251" | "windows-1251" | "win1251" | "1251" => Some(WINDOWS_1251),
        "koi8-r" | "koi8r" | "koi8" => Some(KOI8_R),
        "cp866" | "ibm866" | "866" | "dos" => Some(IBM866),
        other => Encoding::for_label(other.as_bytes()),
    }
}

/// Decodes `bytes`: as `forced` if given; else as UTF-8 when the bytes are
/// valid UTF-8; else as the legacy Cyrillic encoding whose decoding reads most
/// like Russian chess text.
pub fn decode(bytes: &[u8], forced: Option<&'static Encoding>) -> Decoded {
    let mut decoded = decode_as_is(bytes, forced);
    decoded.text = lone_cr_to_lf(decoded.text);
    decoded
}

/// A CR not followed by LF (old Mac files) ends a line: it becomes LF,
/// byte for byte, so offsets stay those of the file and every part —
/// reader, line numbers, rendering — sees the same lines.
fn lone_cr_to_lf(text: String) -> String {
    let bytes = text.as_bytes();
    let lone: Vec<usize> = memchr::memchr_iter(b'\r', bytes).filter(|&i| bytes.get(i + 1) != Some(&b'\n')).collect();
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

fn decode_as_is(bytes: &[u8], forced: Option<&'static Encoding>) -> Decoded {
    if let Some(enc) = forced {
        let (text, had_errors) = enc.decode_without_bom_handling(bytes);
        return Decoded { text: text.into_owned(), encoding: enc, guessed: false, had_errors };
    }
    if let Ok(s) = std::str::from_utf8(bytes) {
        return Decoded { text: s.to_string(), encoding: UTF_8, guessed: false, had_errors: false };
    }
    if let Some((enc, _)) = Encoding::for_bom(bytes) {
        let (text, had_errors) = enc.decode_without_bom_handling(bytes);
        return Decoded { text: text.into_owned(), encoding: enc, guessed: true, had_errors };
    }
    // A sample decides, from the first byte that is not ASCII (a file may
    // start with megabytes of Latin games): the rest is as Russian as that.
    let first = bytes.iter().position(|b| !b.is_ascii()).unwrap_or(0);
    let from_first = bytes.get(first..).unwrap_or(bytes);
    let sample = from_first.get(..SAMPLE).unwrap_or(from_first);
    let (best, best_text) = [WINDOWS_1251, KOI8_R, IBM866]
        .into_iter()
        .map(|enc| (enc, enc.decode_without_bom_handling(sample).0))
        .max_by_key(|(_, text)| score(text))
        .unwrap_or((WINDOWS_1251, std::borrow::Cow::Borrowed("")));
    // UTF-8 with a few damaged bytes still has many well-formed letters;
    // a legacy encoding read as UTF-8 has next to none (its letters are
    // lead bytes without continuations), however much ASCII is around.
    let mostly_utf8 = {
        let (text, _) = UTF_8.decode_without_bom_handling(sample);
        let (mut letters, mut damaged) = (0usize, 0usize);
        for c in text.chars().filter(|c| !c.is_ascii()) {
            if c == '\u{fffd}' {
                damaged += 1;
            } else {
                letters += 1;
            }
        }
        // A stray byte or two in ASCII text is damage too: a legacy
        // encoding must give at least one Cyrillic word.
        letters > 10 * damaged || !has_cyrillic_word(&best_text)
    };
    let enc = if mostly_utf8 { UTF_8 } else { best };
    let (text, had_errors) = enc.decode_without_bom_handling(bytes);
    Decoded { text: text.into_owned(), encoding: enc, guessed: true, had_errors }
}

/// Whether two Cyrillic letters follow each other somewhere in `text`.
fn has_cyrillic_word(text: &str) -> bool {
    let cyrillic = |c: char| matches!(c, 'А'..='я' | 'Ё' | 'ё' | 'І' | 'і' | 'Ї' | 'ї' | 'Є' | 'є');
    let mut prev = false;
    text.chars().any(|c| {
        let now = cyrillic(c);
        let word = prev && now;
        prev = now;
        word
    })
}

/// How much `text` reads like Russian chess notation: frequent lower-case
/// Cyrillic letters and the piece letters score, upper-case runs inside
/// words and box-drawing characters (the usual signs of a wrong code page)
/// cost.
fn score(text: &str) -> i64 {
    const COMMON: &str = "оеаинтсрвлкмдпуяызгбчйхжшюцщэф";
    let mut s = 0i64;
    let mut prev_lower = false;
    for c in text.chars() {
        if let Some(rank) = COMMON.chars().position(|x| x == c) {
            s += 3 + (30 - rank as i64) / 6;
            prev_lower = true;
            continue;
        }
        match c {
            'К' | 'Ф' | 'П' | 'Л' | 'С' | 'Б' | 'Ч' | 'Ш' => s += if prev_lower { -4 } else { 2 },
            'А'..='Я' | 'Ё' => s -= if prev_lower { 4 } else { 0 },
            '\u{2500}'..='\u{259f}' => s -= 6,
            '\u{0080}'..='\u{00ff}' => s -= 4,
            _ => {}
        }
        prev_lower = false;
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_cyrillic_encoding_is_recognised() {
        let text = "[Event \"Турнир\"]\n1. Кg1-f3 Фe9-e7 2. Лa1-a2 Крf9-g9 3. Сb2-c3 Пe10-e9 {хороший ход} 1-0\n";
        for enc in [WINDOWS_1251, KOI8_R, IBM866] {
            let (bytes, _, _) = enc.encode(text);
            let d = decode(&bytes, None);
            assert_eq!(d.encoding, enc, "{}", enc.name());
            assert_eq!(d.text, text);
            assert!(d.guessed);
        }
        let d = decode(text.as_bytes(), None);
        assert_eq!((d.encoding, d.guessed), (UTF_8, false));
    }
}
