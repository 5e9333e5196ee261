//! Which legacy encoding a file that is not UTF-8 is in. First the family,
//! by what reads as words: a byte above ASCII between Latin letters
//! (`R\xe9ti`, `Br\x81ssel`) is a Western letter; runs of such bytes are
//! Cyrillic words. Then, among the Western sets (Windows-1252 / Latin-1,
//! CP437, CP850), the one that makes those bytes Latin letters of the
//! right case; among the Cyrillic ones, the one whose decoding reads as
//! notation. Piece letters are capitals followed by
//! a square or a capture (`Фe2-h5`, `Кf3`, `Кbd4`, `К:e5`), or alone after
//! a promotion square (`a10П`, `c10=П`, `h10/П`, `a10(П)`); Russian words in
//! tags and comments are lower-case after at most one capital. A wrong code
//! page turns the capitals into small letters, box drawing or punctuation,
//! and flips the case of words. A sample from the first byte that is not
//! ASCII decides (a file may start with megabytes of Latin games).

use encoding_rs::UTF_8;

use super::charset::Charset;
use super::decode::SAMPLE;

/// The encoding chosen, and the one that read almost as well, if any.
pub struct Detection {
    pub encoding: Charset,
    pub runner_up: Option<Charset>,
}

/// Points for a piece letter with its square: one is worth a short word.
const PIECE: i64 = 8;

/// Detects the encoding of `bytes`, which are not UTF-8: the legacy
/// encoding that scores best, or UTF-8 (with undecodable bytes) when the
/// bytes are damaged UTF-8 or no legacy decoding reads as notation or words.
pub fn detect(bytes: &[u8]) -> Detection {
    // From a little before the first byte that is not ASCII: what precedes
    // a piece letter tells whether it is one.
    let first = bytes.iter().position(|b| !b.is_ascii()).unwrap_or(0).saturating_sub(16);
    let from_first = bytes.get(first..).unwrap_or(bytes);
    let sample = from_first.get(..SAMPLE).unwrap_or(from_first);
    if mostly_utf8(sample) {
        return Detection { encoding: Charset::UTF_8, runner_up: None };
    }
    let (family, score): (&[Charset], Scorer) = if western(sample) {
        (&[Charset::WINDOWS_1252, Charset::CP437, Charset::CP850], western_score)
    } else {
        (&[Charset::WINDOWS_1251, Charset::KOI8_R, Charset::IBM866], |_, text| score(text))
    };
    let mut scored: Vec<(i64, Charset)> =
        family.iter().map(|&enc| (score(sample, &enc.decode_without_bom_handling(sample).0), enc)).collect();
    // Best first; on a tie the order above (the most common first).
    scored.sort_by_key(|&(s, _)| std::cmp::Reverse(s));
    let (best, encoding) = scored.first().copied().unwrap_or((0, Charset::WINDOWS_1251));
    if best <= 0 {
        return Detection { encoding: Charset::UTF_8, runner_up: None };
    }
    // Close: the runner-up has more than half the best score.
    let runner_up = scored.get(1).filter(|&&(s, _)| s > 0 && 2 * s > best).map(|&(_, e)| e);
    Detection { encoding, runner_up }
}

/// How well a decoding (of the sample given first) reads.
type Scorer = fn(&[u8], &str) -> i64;

/// The byte at `i` of `bytes`, or a space out of range.
fn at(bytes: &[u8], i: Option<usize>) -> u8 {
    i.and_then(|i| bytes.get(i)).copied().unwrap_or(b' ')
}

/// The bytes above ASCII of `bytes` that stand alone (no such byte next to
/// them), each with the bytes before and after it.
fn lone_high(bytes: &[u8]) -> impl Iterator<Item = (usize, u8, u8)> + '_ {
    (0..bytes.len()).filter_map(move |i| {
        let (prev, b, next) = (at(bytes, i.checked_sub(1)), at(bytes, Some(i)), at(bytes, Some(i + 1)));
        (!b.is_ascii() && prev.is_ascii() && next.is_ascii()).then_some((i, prev, next))
    })
}

/// Whether the bytes above ASCII of `sample` read as Western letters
/// rather than Cyrillic words: one alone between two Latin letters counts
/// 2, one alone beside a Latin letter 1 (not a Cyrillic piece letter: one
/// before a square or a capture, or after a promotion square); a run of
/// two or more (a Cyrillic word) counts 2.
fn western(sample: &[u8]) -> bool {
    let mut west = 0i64;
    for (i, prev, next) in lone_high(sample) {
        let after = |k: usize| at(sample, Some(i + k));
        let piece = (matches!(next, b'a'..=b'k')
            && (after(2).is_ascii_digit() || matches!(after(2), b'a'..=b'k' | b':' | b'x')))
            || matches!(next, b':' | b'x')
            || prev.is_ascii_digit()
            || matches!(prev, b'=' | b'/' | b'(');
        west += match (prev.is_ascii_alphabetic(), next.is_ascii_alphabetic()) {
            (true, true) => 2,
            (true, false) | (false, true) if !piece => 1,
            _ => 0,
        };
    }
    let mut runs = 0i64;
    let mut len = 0;
    for &b in sample {
        if b.is_ascii() {
            runs += i64::from(len >= 2);
            len = 0;
        } else {
            len += 1;
        }
    }
    runs += i64::from(len >= 2);
    west > 2 * runs
}

/// How well `text` (the decoding of `sample` in a single-byte set) makes
/// the lone bytes above ASCII beside Latin letters Latin letters: a letter
/// of Latin-1 or Latin Extended (of the case of its neighbours when both
/// are small letters) earns 2; another letter (Greek, in CP437) costs 1,
/// anything else (box drawing, punctuation, controls) 2.
fn western_score(sample: &[u8], text: &str) -> i64 {
    let chars: Vec<char> = text.chars().collect();
    let mut s = 0;
    for (i, prev, next) in lone_high(sample) {
        if !prev.is_ascii_alphabetic() && !next.is_ascii_alphabetic() {
            continue;
        }
        let Some(&c) = chars.get(i) else { continue };
        let latin = matches!(c, '\u{c0}'..='\u{24f}') && !matches!(c, '\u{d7}' | '\u{f7}');
        let small = prev.is_ascii_lowercase() && next.is_ascii_lowercase();
        s += if latin && (!small || c.is_lowercase()) {
            2
        } else if c.is_alphabetic() {
            -1
        } else {
            -2
        };
    }
    s
}

/// UTF-8 with a few damaged bytes still has many well-formed letters; a
/// legacy encoding read as UTF-8 has next to none (its letters are lead
/// bytes without continuations), however much ASCII is around.
fn mostly_utf8(sample: &[u8]) -> bool {
    let (text, _) = UTF_8.decode_without_bom_handling(sample);
    let (mut letters, mut damaged) = (0usize, 0usize);
    for c in text.chars().filter(|c| !c.is_ascii()) {
        if c == '\u{fffd}' {
            damaged += 1;
        } else {
            letters += 1;
        }
    }
    letters > 10 * damaged
}

/// A file letter: Latin `a`–`k` or a Cyrillic look-alike.
fn is_file(c: char) -> bool {
    matches!(c, 'a'..='k' | 'а' | 'с' | 'е' | 'і' | 'ј' | 'һ')
}

fn is_cyrillic(c: char) -> bool {
    matches!(c, 'А'..='я' | 'Ё' | 'ё' | 'І' | 'і' | 'Ї' | 'ї' | 'Є' | 'є' | 'Ј' | 'ј' | 'Ґ' | 'ґ')
}

/// The characters after a piece letter at `rest`, if they are a piece
/// letter's continuation: the rest of a two-letter piece, then a square or
/// a capture.
fn piece_at(rest: &[char]) -> bool {
    let mut rest = rest;
    // The second letter of Кр, Кд, Пр, Пс.
    if let (Some('К'), Some('р' | 'д')) | (Some('П'), Some('р' | 'с')) = (rest.first(), rest.get(1)) {
        rest = rest.get(1..).unwrap_or_default();
    }
    match (rest.get(1), rest.get(2)) {
        (Some(&f), Some(&next)) if is_file(f) => next.is_ascii_digit() || is_file(next) || matches!(next, ':' | 'x'),
        (Some(':' | 'x' | 'х'), Some(&f)) => is_file(f),
        _ => false,
    }
}

/// How much `text` reads as Cyrillic chess notation: piece letters with
/// their squares, and well-formed Russian words (at most one capital, then
/// small letters, with a vowel); words of another shape, box drawing and
/// Latin-1 signs (the marks of a wrong code page) cost.
fn score(text: &str) -> i64 {
    let chars: Vec<char> = text.chars().collect();
    let mut s = 0i64;
    let mut i = 0;
    while let Some(&c) = chars.get(i) {
        let rest = chars.get(i..).unwrap_or_default();
        let after_letter = i.checked_sub(1).and_then(|p| chars.get(p)).is_some_and(|p| p.is_alphabetic());
        if is_cyrillic(c) {
            let len = rest.iter().take_while(|&&c| is_cyrillic(c)).count();
            let prev = i.checked_sub(1).and_then(|p| chars.get(p)).copied();
            let promotion = prev.is_some_and(|p| p.is_ascii_digit() || matches!(p, '=' | '/' | '('))
                && (len == 1 || (len == 2 && matches!(rest.get(..2), Some(['К', 'р' | 'д'] | ['П', 'р' | 'с']))));
            if matches!(c, 'К' | 'Ф' | 'П' | 'Л' | 'С' | 'М') && (promotion || (!after_letter && piece_at(rest)))
            {
                s += PIECE;
            } else if len >= 3 && !after_letter {
                s += word_score(rest.get(..len).unwrap_or_default());
            }
            i += len.max(1);
            continue;
        }
        match c {
            '\u{2500}'..='\u{259f}' | '\u{00a0}'..='\u{00bf}' => s -= 2,
            '\u{0080}'..='\u{009f}' => s -= 4,
            _ => {}
        }
        i += 1;
    }
    s
}

/// A word of three letters or more: its length when it is shaped as a
/// Russian word, less than nothing when not.
fn word_score(word: &[char]) -> i64 {
    let len = word.len() as i64;
    let tail = word.get(1..).unwrap_or_default();
    let lower = tail.iter().all(|c| c.is_lowercase());
    let upper = word.iter().all(|c| c.is_uppercase());
    let vowel = word.iter().any(|c| "аеёиоуыэюяАЕЁИОУЫЭЮЯіІ".contains(*c));
    match (lower, upper, vowel) {
        (true, _, true) => len,
        // A word in capitals: a heading, or a wrong code page; neither way.
        (_, true, true) => 0,
        _ => -len,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Piece letters alone decide, in every encoding, even against words
    /// of the wrong code page.
    #[test]
    fn piece_letters_decide() {
        let text = "1. Кg1-f3 Фe9-e7 2. Лa1-a2 Крf9-g9 3. Сb2-c3 Пe10-e9 4. Кbd4 К:e5 *\n";
        for enc in [Charset::WINDOWS_1251, Charset::KOI8_R, Charset::IBM866] {
            let bytes = enc.encode(text);
            let d = detect(&bytes);
            assert_eq!(d.encoding, enc, "{}", enc.name());
            assert_eq!(d.runner_up, None, "{}", enc.name());
        }
    }

    #[test]
    fn words_without_pieces_decide() {
        let text = "[Event \"Чемпионат города\"]\n\n1. e3-e5 {хороший ход} *\n";
        for enc in [Charset::WINDOWS_1251, Charset::KOI8_R, Charset::IBM866] {
            assert_eq!(detect(&enc.encode(text)).encoding, enc, "{}", enc.name());
        }
    }

    /// Accented names in tags: each Western set is told from the others
    /// and from the Cyrillic ones.
    #[test]
    fn western_names_decide() {
        let text = "[White \"Réti, Richard\"]\n[Black \"Van Nüss, Alfred\"]\n[Site \"Brüssel\"]\n\
                    [Annotator \"Sämisch\"]\n\n1. e4 e5 {à la Nimzowitsch} 1-0\n";
        for enc in [Charset::WINDOWS_1252, Charset::CP437] {
            let d = detect(&enc.encode(text));
            assert_eq!(d.encoding, enc, "{}", enc.name());
        }
        // CP850 has letters where CP437 draws boxes.
        let text = "[White \"Ónodi, Ádám\"]\n[Black \"Guimarães, João\"]\n\n1. e4 e5 1-0\n";
        assert_eq!(detect(&Charset::CP850.encode(text)).encoding, Charset::CP850);
        // Windows-1252's letters in 0x80-0x9F (`Š` 0x8A, `š` 0x9A, `Ž`
        // 0x8E, `ž` 0x9E), which Latin-1 has as control characters.
        let text = "[White \"Šeško, Tomaž\"]\n[Black \"Žužek, Boštjan\"]\n\n1. e4 e5 1-0\n";
        let bytes = Charset::WINDOWS_1252.encode(text);
        assert!(bytes.contains(&0x8A) && bytes.contains(&0x9E));
        assert_eq!(detect(&bytes).encoding, Charset::WINDOWS_1252);
        // A Cyrillic name is still Cyrillic.
        let text = "[White \"Алехин\"]\n\n1. e4 e5 1-0\n";
        assert_eq!(detect(&Charset::WINDOWS_1251.encode(text)).encoding, Charset::WINDOWS_1251);
    }
}
