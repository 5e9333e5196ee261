//! Look-alikes: forms people type by mistake that the reader accepts
//! (docs/notation.md), what each is called and the token's right form.

use super::ast::LookAlikes;

/// What each look-alike is, as a warning names it.
const NAMES: &[(LookAlikes, &str)] = &[
    (LookAlikes::CYRILLIC_CAPTURE, "Cyrillic `х` read as the capture mark"),
    (LookAlikes::CYRILLIC_ZERO, "Cyrillic `О` read as the zero of castling"),
    (LookAlikes::KING_LETTERS, "mixed or lower-case letters read as the king `Кр`"),
    (LookAlikes::CAPITAL_FILE, "a capital file letter read as a small one"),
    (LookAlikes::EN_PASSANT, "an `e.p.` suffix (the move says it)"),
    (LookAlikes::SPACED_ELLIPSIS, "`...` apart from its move number"),
    (LookAlikes::PAREN_NUMBER, "`)` after a move number read as `.`"),
    (LookAlikes::SPACED_THRONE, "white space before the throne mark `;`"),
    (LookAlikes::CYRILLIC_DIGIT, "Cyrillic `З` read as the digit 3"),
    (LookAlikes::SMALL_KNIGHT, "a lower-case `к` read as the knight `К`"),
    (LookAlikes::BOOK_PUNCTUATION, "a comma or period after the move, as books print it"),
    (
        LookAlikes::LATIN_LETTER,
        "a Latin letter read as the Cyrillic one it looks like (`K` the knight `К`, `C` the bishop `С`)",
    ),
];

/// The names of the look-alikes in `read`, joined with "; ".
pub fn describe(read: LookAlikes) -> String {
    let names: Vec<&str> = NAMES.iter().filter(|(l, _)| read.contains(*l)).map(|(_, n)| *n).collect();
    names.join("; ")
}

/// `token` (a move or move number written with the look-alikes `read`) in
/// its right form.
pub fn right_form(token: &str, read: LookAlikes) -> String {
    let mut s = token.to_string();
    // The book's comma or period ends the token: it goes first.
    if read.contains(LookAlikes::BOOK_PUNCTUATION) && s.ends_with([',', '.']) {
        s.pop();
    }
    if read.contains(LookAlikes::CYRILLIC_CAPTURE) {
        s = s.replace('х', ":");
    }
    if read.contains(LookAlikes::CYRILLIC_ZERO) {
        s = s.replace(['О', 'о'], "0");
    }
    if read.contains(LookAlikes::KING_LETTERS) {
        for wrong in ["Кp", "КР", "кр", "Kр", "Kp"] {
            s = s.replace(wrong, "Кр");
        }
    }
    // Every dash is written `-` (read as one without a warning of its own).
    s = s.replace(['–', '‑', '—', '−'], "-");
    if read.contains(LookAlikes::CYRILLIC_DIGIT) {
        s = s.replace('З', "3");
    }
    if read.contains(LookAlikes::SMALL_KNIGHT) && s.starts_with('к') {
        s = s.replacen('к', "К", 1);
    }
    if read.contains(LookAlikes::LATIN_LETTER) {
        if let Some(rest) = s.strip_prefix('K') {
            s = format!("К{rest}");
        } else if let Some(rest) = s.strip_prefix('C') {
            s = format!("С{rest}");
        }
    }
    if read.contains(LookAlikes::CAPITAL_FILE) {
        s = small_files(&s);
    }
    if read.contains(LookAlikes::EN_PASSANT) {
        s = s.replace(" e.p.", "").replace("e.p.", "");
    }
    if read.contains(LookAlikes::SPACED_ELLIPSIS) {
        if let Some((number, dots)) = s.split_once(char::is_whitespace) {
            s = format!("{}{}", number.trim_end_matches('.'), dots.trim_start());
        }
    }
    if read.contains(LookAlikes::PAREN_NUMBER) {
        s = s.replace(')', ".");
    }
    if read.contains(LookAlikes::SPACED_THRONE) {
        if let Some((mv, mark)) = s.split_once(';') {
            s = format!("{};{}", mv.trim_end(), mark);
        }
    }
    latin_files(&s)
}

/// The Cyrillic look-alikes of files (`а с е і ј һ`, read silently) written
/// as the Latin files they are, where a rank follows (`Кb3-с5` is `Кb3-c5`;
/// the `с` of Royal's princess `Пс` is no file).
fn latin_files(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut chars = s.chars().peekable();
    while let Some(c) = chars.next() {
        let latin = match c {
            'а' => 'a',
            'с' => 'c',
            'е' => 'e',
            'і' => 'i',
            'ј' => 'j',
            'һ' => 'h',
            c => c,
        };
        let before_rank = chars.peek().is_some_and(char::is_ascii_digit);
        out.push(if before_rank { latin } else { c });
    }
    out
}

/// Capital files before a rank made small; a Latin piece letter that starts
/// the token and is read as its mover (`B3a4`, not `B3-B5`) stays.
fn small_files(s: &str) -> String {
    use super::ast::{MoveText, TokenKind};
    let has_mover = matches!(
        super::scan::move_token(s).map(|t| t.kind),
        Some(TokenKind::Move { text: MoveText::Man(m), .. }) if m.man.is_some()
    );
    let mut out = String::with_capacity(s.len());
    let mut chars = s.chars().peekable();
    let mut first = true;
    while let Some(c) = chars.next() {
        let before_rank = chars.peek().is_some_and(|n| matches!(n, '1'..='9'));
        let mover = first && has_mover;
        if c.is_ascii_uppercase() && c <= 'K' && before_rank && !mover {
            out.push(c.to_ascii_lowercase());
        } else {
            out.push(c);
        }
        first = false;
    }
    out
}
