//! The move scanner: one pass over the bytes of a movetext element, no
//! backtracking, no allocation. It reads exactly what the nom productions of
//! [`super::parse`] read (the grammar stays normative there;
//! tests/suite/scanner.rs proves the two agree on the grammar's examples, the
//! corpus and generated tokens), at a fraction of the cost.
//!
//! The element is chosen by its first byte: `*` and `½` are results, a digit
//! is a result, a move number or castling, `!`/`?` a glyph, anything else a
//! move. Piece letters are matched as UTF-8 byte pairs; the from-square, the
//! separator and the target are read once, and the short forms are told
//! apart by what was read (square, file, rank or nothing before the target),
//! in the order the productions try them.

use super::ast::{
    CheckMark, Glyph, LookAlikes as L, Man, ManMove, MoveText, Outcome, PromotionForm, Script, SquareText, TokenKind,
};

mod plain;

pub(crate) use plain::plain_move;

/// An element the scanner read: its length in bytes, its kind, and the
/// look-alikes it was written with (forms accepted with a warning).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Scanned {
    pub len: usize,
    pub kind: TokenKind,
    pub lookalikes: L,
}

/// One element at the start of `text`: a result, a move number, a move or a
/// glyph, tried in that order (the reader's order). `top_level`: no
/// variation is open, so `12)` is a move number, not castling `1` or a
/// number and the end of a variation.
pub fn element(text: &str, top_level: bool) -> Option<Scanned> {
    let mut kind = TokenKind::Comment;
    let (len, lookalikes) = element_into(text, top_level, &mut kind)?;
    Some(Scanned { len, kind, lookalikes })
}

/// [`element`] with the kind written to `kind` (in place, as into the
/// reader's token vector: the kind is not moved about), the length and the
/// look-alikes returned. `kind` is left as it was, or unspecified, when
/// nothing reads.
#[inline(always)]
pub fn element_into(text: &str, top_level: bool, kind: &mut TokenKind) -> Option<(usize, L)> {
    let b = text.as_bytes();
    let put = |s: Scanned, kind: &mut TokenKind| {
        *kind = s.kind;
        (s.len, s.lookalikes)
    };
    match b.first()? {
        b'*' | 0xC2 => result(text).map(|s| put(s, kind)),
        // A result's first digit is followed by `/`, `-` or `:`; a move
        // number's (`1.`, `23...`) never is.
        b'0'..=b'9' if !matches!(b.get(1), Some(b'/' | b'-' | b':')) => match move_number_into(b, top_level, kind) {
            Some(read) => Some(read),
            None => move_token(text).map(|s| put(s, kind)),
        },
        b'0'..=b'9' => {
            result(text).or_else(|| move_number(text, top_level)).or_else(|| move_token(text)).map(|s| put(s, kind))
        }
        b'!' | b'?' => {
            let (len, g) = glyph(b, 0)?;
            *kind = TokenKind::Glyph(g);
            Some((len, L::NONE))
        }
        _ => match plain_move(b) {
            Some(p) => {
                let read = (p.len, p.odd);
                *kind = p.kind();
                Some(read)
            }
            None => long_move_token(text).map(|s| put(s, kind)),
        },
    }
}

/// `result` at the start of `text`.
pub fn result(text: &str) -> Option<Scanned> {
    let b = text.as_bytes();
    let (len, o) = match b {
        [b'1', b'/', b'2', b'-', b'1', b'/', b'2', ..] => (7, Outcome::Draw),
        [b'1', b'/', b'2', ..] => (3, Outcome::Draw),
        [0xC2, 0xBD, b'-' | b':', 0xC2, 0xBD, ..] => (5, Outcome::Draw),
        [b'1', b'-' | b':', b'0', ..] => (3, Outcome::WhiteWins),
        [b'0', b'-' | b':', b'1', ..] => (3, Outcome::BlackWins),
        [b'*', ..] => (1, Outcome::Unknown),
        _ => return None,
    };
    boundary(text, len).then_some(Scanned { len, kind: TokenKind::Result(o), lookalikes: L::NONE })
}

/// `move_number` at the start of `text` (`12)` only at the top level).
pub fn move_number(text: &str, top_level: bool) -> Option<Scanned> {
    let mut kind = TokenKind::Comment;
    let (len, lookalikes) = move_number_into(text.as_bytes(), top_level, &mut kind)?;
    Some(Scanned { len, kind, lookalikes })
}

/// [`move_number`] into `kind`: the length and look-alikes.
#[inline(always)]
fn move_number_into(b: &[u8], top_level: bool, kind: &mut TokenKind) -> Option<(usize, L)> {
    let (len, lookalikes, number, black) = number_parts(b, top_level)?;
    *kind = TokenKind::MoveNumber { number, black };
    Some((len, lookalikes))
}

/// [`move_number`] in parts: the length, the look-alikes, the number and
/// whether it is black's (`12...`).
#[inline(always)]
pub(crate) fn number_parts(b: &[u8], top_level: bool) -> Option<(usize, L, u32, bool)> {
    let mut i = 0;
    let mut number: u32 = 0;
    while let Some(d) = b.get(i).filter(|c| c.is_ascii_digit()) {
        number = number.wrapping_mul(10).wrapping_add(u32::from(d - b'0'));
        i += 1;
    }
    if i == 0 {
        return None;
    }
    // Nine digits cannot overflow; more are read again, saturating.
    if i > 9 {
        number = b.iter().take(i).fold(0u32, |n, d| n.saturating_mul(10).saturating_add(u32::from(d - b'0')));
    }
    // `...`, `…`, `..`, `.` [spaces (`...` | `…`)], `)`.
    let (dots, black, lookalikes) = match b.get(i) {
        Some(b'.') => match b.get(i + 1) {
            Some(b'.') if b.get(i + 2) == Some(&b'.') => (3, true, L::NONE),
            Some(b'.') => (2, true, L::NONE),
            // One space and a move (`1. e3-e5`) is no spaced ellipsis.
            Some(b' ' | b'\t') if !matches!(b.get(i + 2), Some(b' ' | b'\t' | b'.' | 0xE2)) => (1, false, L::NONE),
            Some(b' ' | b'\t') => match b.get(i + 1..).and_then(spaced_ellipsis) {
                Some(n) => (1 + n, true, L::SPACED_ELLIPSIS),
                None => (1, false, L::NONE),
            },
            _ => (1, false, L::NONE),
        },
        Some(0xE2) if b.get(i + 1..i + 3) == Some(&[0x80, 0xA6]) => (3, true, L::NONE),
        Some(b')') if top_level => (1, false, L::PAREN_NUMBER),
        _ => return None,
    };
    Some((i + dots, lookalikes, number, black))
}

/// Spaces then `...` or `…`, after a move number's `.`: the length.
fn spaced_ellipsis(b: &[u8]) -> Option<usize> {
    let spaces = b.iter().take_while(|c| matches!(c, b' ' | b'\t')).count();
    if spaces == 0 {
        return None;
    }
    match b.get(spaces..)? {
        [b'.', b'.', b'.', ..] | [0xE2, 0x80, 0xA6, ..] => Some(spaces + 3),
        [b'.', b'.', ..] => Some(spaces + 2),
        _ => None,
    }
}

/// A move number without its period at the start of `text`, as PGN's import
/// format allows (`2 Nf3`, `16 ... Kg7`, `16 ..Kg7`): the length, the
/// number, whether an ellipsis after it makes it Black's, and the
/// look-alikes (spaces before the ellipsis, as in `16. ...`). The
/// production `bare_number`; the reader tries it only where no element
/// reads, and on a bare `1` that opens the first move (elsewhere Hundred's
/// second stage of castling), so the common path never looks for it.
#[cold]
pub fn bare_number(text: &str) -> Option<(usize, u32, bool, L)> {
    let b = text.as_bytes();
    let digits = b.iter().take_while(|c| c.is_ascii_digit()).count();
    if digits == 0 {
        return None;
    }
    let number = b.iter().take(digits).fold(0u32, |n, d| n.saturating_mul(10).saturating_add(u32::from(d - b'0')));
    let after = b.get(digits..).unwrap_or_default();
    let spaces = after.iter().take_while(|c| matches!(c, b' ' | b'\t')).count();
    let dots = match after.get(spaces..).unwrap_or_default() {
        [b'.', b'.', b'.', ..] | [0xE2, 0x80, 0xA6, ..] => 3,
        [b'.', b'.', ..] => 2,
        _ => return boundary(text, digits).then_some((digits, number, false, L::NONE)),
    };
    let odd = if spaces > 0 { L::SPACED_ELLIPSIS } else { L::NONE };
    Some((digits + spaces + dots, number, true, odd))
}

/// `move_token` at the start of `text`.
pub fn move_token(text: &str) -> Option<Scanned> {
    match plain_move(text.as_bytes()) {
        Some(p) => Some(Scanned { len: p.len, lookalikes: p.odd, kind: p.kind() }),
        None => long_move_token(text),
    }
}

/// [`move_token`] for the forms [`plain_move`] leaves.
#[inline(never)]
fn long_move_token(text: &str) -> Option<Scanned> {
    let b = text.as_bytes();
    let mut odd = L::NONE;
    let (mut i, move_text) = match b.first()? {
        b'0' | b'O' | b'o' | 0xD0 if zero(b, 0).is_some() => {
            let (n, len) = castling(b, &mut odd)?;
            (len, MoveText::Zeros(n))
        }
        b'1' => match b {
            [b'1', b'-', b'1', ..] => (3, MoveText::Ones(2)),
            _ => (1, MoveText::Ones(1)),
        },
        b'-' | b'Z' => match b {
            [b'-', b'-', ..] | [b'Z', b'0', ..] => (2, MoveText::Null),
            _ => return None,
        },
        // Royal's restoration (`Пс=Ф`, `S=Q`), tried on princess letters
        // only, before the move it could also read as (`Псd10=Ф`).
        b'S' | 0xD0 if princess_letter(b) && restoration(b).is_some() => {
            let (square, len, o) = restoration(b)?;
            odd |= o;
            (len, MoveText::Restoration { square })
        }
        _ => {
            let (m, len) = man_move(b, &mut odd)?;
            (len, MoveText::Man(m))
        }
    };
    let check = match check_mark(b, i) {
        Some((len, c)) => {
            i += len;
            Some(c)
        }
        None => None,
    };
    let glyph = match glyph(b, i) {
        Some((len, g)) => {
            i += len;
            Some(g)
        }
        None => None,
    };
    boundary(text, i).then_some(Scanned {
        len: i,
        kind: TokenKind::Move { text: move_text, check, glyph },
        lookalikes: odd,
    })
}

/// Whether `b` starts with the princess's letter (`Пс`, `S`).
#[inline]
fn princess_letter(b: &[u8]) -> bool {
    matches!(b, [b'S', ..] | [0xD0, 0x9F, 0xD1, 0x81, ..])
}

/// `restoration` (`Пс=Ф`, `S=Q`, `Псd10=Ф`): the square, the length and
/// the look-alikes.
#[cold]
fn restoration(b: &[u8]) -> Option<(Option<SquareText>, usize, L)> {
    let i = match b {
        [b'S', ..] => 1,
        [0xD0, 0x9F, 0xD1, 0x81, ..] => 4,
        _ => return None,
    };
    let (square, i, odd) = match square(b, i) {
        Some((s, len, o)) => (Some(s), i + len, o),
        None => (None, i, L::NONE),
    };
    match b.get(i..)? {
        [b'=', b'Q', ..] => Some((square, i + 2, odd)),
        [b'=', 0xD0, 0xA4, ..] => Some((square, i + 3, odd)),
        _ => None,
    }
}

/// A zero of castling at `i`: its length and whether it is a look-alike.
fn zero(b: &[u8], i: usize) -> Option<(usize, L)> {
    match b.get(i..)? {
        [b'0' | b'O' | b'o', ..] => Some((1, L::NONE)),
        // Cyrillic `О`, `о`
        [0xD0, 0x9E | 0xBE, ..] => Some((2, L::CYRILLIC_ZERO)),
        _ => None,
    }
}

/// `castling`: the number of zeros (2 to 4) and the length.
fn castling(b: &[u8], odd: &mut L) -> Option<(u8, usize)> {
    let (mut i, o) = zero(b, 0)?;
    *odd |= o;
    let mut n = 1;
    while n < 4 {
        let Some(dash) = dash_len(b, i) else { break };
        match zero(b, i + dash) {
            Some((len, o)) => {
                *odd |= o;
                i += dash + len;
                n += 1;
            }
            None => break,
        }
    }
    (n >= 2).then_some((n, i))
}

/// `man_move`: the move and its length.
fn man_move(b: &[u8], odd: &mut L) -> Option<(ManMove, usize)> {
    let first = mover(b, 0);
    let mut own = L::NONE;
    let read = man_move_after(b, first, &mut own);
    // A capital file that is also a Latin piece letter (`B3-B5`, `B3:C4`):
    // the letter is a file when the mover reading fails or has capital files
    // itself, and the move reads without a mover.
    if first.is_some() && read.as_ref().is_none_or(|_| own.contains(L::CAPITAL_FILE)) {
        let mut plain = L::NONE;
        if let Some(found) = man_move_after(b, None, &mut plain) {
            *odd |= plain;
            return Some(found);
        }
    }
    *odd |= own;
    read
}

/// The man move after `mover` (the piece letter read at the start, if any).
fn man_move_after(b: &[u8], mover: Option<(Man, Script, usize, L)>, all_odd: &mut L) -> Option<(ManMove, usize)> {
    let mut own = L::NONE;
    let odd = &mut own;
    let (man, script, mut i) = match mover {
        Some((man, script, len, o)) => {
            *odd |= o;
            (Some(man), Some(script), len)
        }
        None => (None, None, 0),
    };
    let mut m = ManMove {
        man,
        script,
        from_file: None,
        from_rank: None,
        dash: false,
        capture: None,
        to: SquareText { file: 0, rank: 0 },
        promotion: None,
        promotion_form: PromotionForm::Bare,
        throne: None,
        file_capture: false,
    };
    let first = square(b, i);
    // long_move: square, dash or capture, square.
    let long = first.and_then(|(from, len, o1)| {
        let (sep, sep_len, o2) = separator(b, i + len)?;
        let (to, to_len, o3) = square(b, i + len + sep_len)?;
        Some((from, sep, to, len + sep_len + to_len, o1 | o2 | o3))
    });
    if let Some((from, sep, to, len, o)) = long {
        *odd |= o;
        m.from_file = Some(from.file);
        m.from_rank = Some(from.rank);
        match sep {
            Sep::Dash => m.dash = true,
            Sep::Capture(c) => m.capture = Some(c),
        }
        m.to = to;
        i += len;
    } else {
        // short_move: square, file, rank or nothing, then [capture] square,
        // the productions' order. Only one of the first three can start at
        // `i` (a square's file is never a whole from-part: a digit follows
        // it, and no capture or square starts with a digit), so the first
        // that reads is the one tried; a square read and no target after it
        // is the target itself (from-part nothing).
        let (from_file, from_rank, from_len, o1) = match first {
            Some((s, len, o)) => (Some(s.file), Some(s.rank), len, o),
            None => match file(b, i) {
                Some((f, len, o)) => (Some(f), None, len, o),
                None => match rank(b, i) {
                    Some((r, len, o)) => (None, Some(r), len, o),
                    None => (None, None, 0, L::NONE),
                },
            },
        };
        let target = |at: usize| {
            let (cap, cap_len, o2) = match capture(b, at) {
                Some((c, l, o)) => (Some(c), l, o),
                None => (None, 0, L::NONE),
            };
            let (to, to_len, o3) = square(b, at + cap_len)?;
            Some((cap, to, cap_len + to_len, o2 | o3))
        };
        let (from_file, from_rank, cap, to, len, o) = match (target(i + from_len), first) {
            (Some((cap, to, len, o)), _) => (from_file, from_rank, cap, to, from_len + len, o1 | o),
            (None, Some((to, len, o))) => (None, None, None, to, len, o),
            // file_capture: a pawn's capture by files (`de`, `d:e`).
            (None, None) if mover.is_none() => {
                let (from, to, cap, len, o) = file_capture(b)?;
                m.file_capture = true;
                (Some(from), None, cap, SquareText { file: to, rank: 0 }, len, o)
            }
            (None, None) => return None,
        };
        *odd |= o;
        m.from_file = from_file;
        m.from_rank = from_rank;
        m.capture = cap;
        m.to = to;
        i += len;
    }
    if let Some((man, script, form, len, o)) = promotion(b, i) {
        *odd |= o;
        m.promotion = Some(man);
        m.script = m.script.or(Some(script));
        m.promotion_form = form;
        i += len;
    }
    if let Some(len) = en_passant_mark(b, i) {
        *odd |= L::EN_PASSANT;
        i += len;
    }
    if let Some((sq, len, o)) = throne_mark(b, i) {
        *odd |= o;
        m.throne = Some(sq);
        i += len;
    }
    *all_odd |= own;
    Some((m, i))
}

/// A [`file_capture`] read: the from-file, the target file, the capture
/// mark, the length, the look-alikes.
type FileCapture = (u8, u8, Option<char>, usize, L);

/// `file_capture` at the start (`de`, `d:e`, `dxe`).
#[cold]
fn file_capture(b: &[u8]) -> Option<FileCapture> {
    let small = |i: usize| match b.get(i) {
        Some(c) if c.is_ascii_uppercase() => None,
        _ => file(b, i),
    };
    let (from, flen, o1) = small(0)?;
    let (cap, cap_len, o2) = match capture(b, flen) {
        Some((c, l, o)) => (Some(c), l, o),
        None => (None, 0, L::NONE),
    };
    let (to, tlen, o3) = small(flen + cap_len)?;
    Some((from, to, cap, flen + cap_len + tlen, o1 | o2 | o3))
}

/// `file` at `i`: index, length, look-alike.
fn file(b: &[u8], i: usize) -> Option<(u8, usize, L)> {
    match b.get(i..)? {
        [c @ b'a'..=b'k', ..] => Some((c - b'a', 1, L::NONE)),
        [c @ b'A'..=b'K', ..] => Some((c - b'A', 1, L::CAPITAL_FILE)),
        // а с е і ј һ
        [0xD0, 0xB0, ..] => Some((0, 2, L::NONE)),
        [0xD1, 0x81, ..] => Some((2, 2, L::NONE)),
        [0xD0, 0xB5, ..] => Some((4, 2, L::NONE)),
        [0xD2, 0xBB, ..] => Some((7, 2, L::NONE)),
        [0xD1, 0x96, ..] => Some((8, 2, L::NONE)),
        [0xD1, 0x98, ..] => Some((9, 2, L::NONE)),
        _ => None,
    }
}

/// `rank` at `i`: index, length, look-alike.
fn rank(b: &[u8], i: usize) -> Option<(u8, usize, L)> {
    match b.get(i..)? {
        [b'1', b'0', ..] => Some((9, 2, L::NONE)),
        [c @ b'1'..=b'9', ..] => Some((c - b'1', 1, L::NONE)),
        // Cyrillic З for 3 (scanned books)
        [0xD0, 0x97, ..] => Some((2, 2, L::CYRILLIC_DIGIT)),
        _ => None,
    }
}

/// `square` at `i`.
fn square(b: &[u8], i: usize) -> Option<(SquareText, usize, L)> {
    let (file, flen, odd) = file(b, i)?;
    let (rank, rlen, o) = rank(b, i + flen)?;
    Some((SquareText { file, rank }, flen + rlen, odd | o))
}

/// `piece` at `i`: the man, its script, the length, look-alike.
fn piece(b: &[u8], i: usize) -> Option<(Man, Script, usize, L)> {
    // Every piece letter starts with a capital Latin letter or the lead
    // byte of a Cyrillic capital (or `к`): most bytes are told at once.
    let lat = |m| Some((m, Script::Latin, 1, L::NONE));
    match b.get(i)? {
        b'K' if b.get(i + 1..i + 3) != Some(&[0xD1, 0x80]) && b.get(i + 1) != Some(&b'p') => return lat(Man::King),
        b'Q' => return lat(Man::Queen),
        b'P' => return lat(Man::Prince),
        b'R' => return lat(Man::Rook),
        b'B' => return lat(Man::Bishop),
        b'N' => return lat(Man::Knight),
        b'K' | 0xD0 => {}
        c if c.is_ascii_uppercase() => {}
        _ => return None,
    }
    let cyr = |m, len| Some((m, Script::Cyrillic, len, L::NONE));
    let odd = |m, len| Some((m, Script::Cyrillic, len, L::KING_LETTERS));
    match b.get(i..)? {
        // К: Кр, Кд, look-alikes Кp and КР, else К
        [0xD0, 0x9A, 0xD1, 0x80, ..] => cyr(Man::King, 4),
        [0xD0, 0x9A, 0xD0, 0xB4, ..] => cyr(Man::Cardinal, 4),
        [0xD0, 0x9A, b'p', ..] => odd(Man::King, 3),
        [0xD0, 0x9A, 0xD0, 0xA0, ..] => odd(Man::King, 4),
        [0xD0, 0x9A, ..] => cyr(Man::Knight, 2),
        // кр; к (the knight in lower case)
        [0xD0, 0xBA, 0xD1, 0x80, ..] => odd(Man::King, 4),
        [0xD0, 0xBA, ..] => Some((Man::Knight, Script::Cyrillic, 2, L::SMALL_KNIGHT)),
        // П: Пр, Пс not before a digit, else П
        [0xD0, 0x9F, 0xD1, 0x80, ..] => cyr(Man::RoyalPrince, 4),
        [0xD0, 0x9F, 0xD1, 0x81, d, ..] if d.is_ascii_digit() => cyr(Man::Prince, 2),
        [0xD0, 0x9F, 0xD1, 0x81, ..] => cyr(Man::Princess, 4),
        [0xD0, 0x9F, ..] => cyr(Man::Prince, 2),
        [0xD0, 0xA4, ..] => cyr(Man::Queen, 2),
        [0xD0, 0x9B, ..] => cyr(Man::Rook, 2),
        [0xD0, 0xA1, ..] => cyr(Man::Bishop, 2),
        [0xD0, 0x9C, ..] => cyr(Man::Marshal, 2),
        // Latin K with Cyrillic р, all-Latin Kp
        [b'K', 0xD1, 0x80, ..] => odd(Man::King, 3),
        [b'K', b'p', ..] => odd(Man::King, 2),
        [b'K', ..] => lat(Man::King),
        [b'Q', ..] => lat(Man::Queen),
        [b'P', ..] => lat(Man::Prince),
        [b'R', ..] => lat(Man::Rook),
        [b'B', ..] => lat(Man::Bishop),
        [b'N', ..] => lat(Man::Knight),
        [b'M' | b'C', ..] => lat(Man::Marshal),
        [b'A', ..] => lat(Man::Cardinal),
        [b'T', ..] => lat(Man::RoyalPrince),
        [b'S', ..] => lat(Man::Princess),
        _ => None,
    }
}

/// `mover` at `i`.
fn mover(b: &[u8], i: usize) -> Option<(Man, Script, usize, L)> {
    match b.get(i) {
        Some(b'p') => Some((Man::Pawn, Script::Latin, 1, L::NONE)),
        _ => piece(b, i),
    }
}

/// `capture` at `i`: the mark, its length, look-alike.
fn capture(b: &[u8], i: usize) -> Option<(char, usize, L)> {
    match b.get(i..)? {
        [b':', ..] => Some((':', 1, L::NONE)),
        [b'x', ..] => Some(('x', 1, L::NONE)),
        [0xC3, 0x97, ..] => Some(('×', 2, L::NONE)),
        // Cyrillic х
        [0xD1, 0x85, ..] => Some(('х', 2, L::CYRILLIC_CAPTURE)),
        _ => None,
    }
}

enum Sep {
    Dash,
    Capture(char),
}

/// `dash | capture` at `i`.
fn separator(b: &[u8], i: usize) -> Option<(Sep, usize, L)> {
    match dash_len(b, i) {
        Some(len) => Some((Sep::Dash, len, L::NONE)),
        None => capture(b, i).map(|(c, len, o)| (Sep::Capture(c), len, o)),
    }
}

/// The length of a `dash` at `i`: `-`, or – (en dash), ‑ (non-breaking
/// hyphen), — (em dash), − (minus), typography read as `-` without a
/// warning (grammar/README.md), in long moves and castling alike.
#[inline]
fn dash_len(b: &[u8], i: usize) -> Option<usize> {
    match b.get(i..)? {
        [b'-', ..] => Some(1),
        [0xE2, 0x80, 0x91 | 0x93 | 0x94, ..] | [0xE2, 0x88, 0x92, ..] => Some(3),
        _ => None,
    }
}

/// `promotion` at `i`: the man, the form, the length, look-alike.
fn promotion(b: &[u8], i: usize) -> Option<(Man, Script, PromotionForm, usize, L)> {
    // A pawn `p` is read after `=`, `/` and in `( )`, for replay to report.
    let target = |at: usize| mover(b, at);
    match b.get(i)? {
        c @ (b'=' | b'/') => {
            let (man, script, len, o) = target(i + 1)?;
            let form = if *c == b'=' { PromotionForm::Equals } else { PromotionForm::Slash };
            Some((man, script, form, 1 + len, o))
        }
        b'(' => match target(i + 1) {
            Some((man, script, len, o)) if b.get(i + 1 + len) == Some(&b')') => {
                Some((man, script, PromotionForm::Parens, len + 2, o))
            }
            _ => None,
        },
        _ => piece(b, i).map(|(man, script, len, o)| (man, script, PromotionForm::Bare, len, o)),
    }
}

/// `en_passant_mark` at `i`: `e.p.`, touching the move or after one space.
fn en_passant_mark(b: &[u8], i: usize) -> Option<usize> {
    match b.get(i..)? {
        [b'e', b'.', b'p', b'.', ..] => Some(4),
        [b' ', b'e', b'.', b'p', b'.', ..] => Some(5),
        _ => None,
    }
}

/// `throne_mark` at `i`: the square, the length, look-alike.
fn throne_mark(b: &[u8], i: usize) -> Option<(SquareText, usize, L)> {
    if !matches!(b.get(i), Some(b';' | b',')) {
        return None;
    }
    let spaces = b.get(i + 1..)?.iter().take_while(|c| matches!(c, b' ' | b'\t')).count();
    let (sq, len, o) = square(b, i + 1 + spaces)?;
    Some((sq, 1 + spaces + len, o))
}

/// `check_mark` at `i`.
fn check_mark(b: &[u8], i: usize) -> Option<(usize, CheckMark)> {
    match b.get(i..)? {
        [b'+', b'+', ..] => Some((2, CheckMark::DoubleCheck)),
        [b'+', ..] => Some((1, CheckMark::Check)),
        [b'#', ..] => Some((1, CheckMark::Mate)),
        [0xC3, 0x97, ..] => Some((2, CheckMark::Mate)),
        _ => None,
    }
}

/// `glyph` at `i`.
fn glyph(b: &[u8], i: usize) -> Option<(usize, Glyph)> {
    match b.get(i..)? {
        [b'!', b'!', ..] => Some((2, Glyph::Brilliant)),
        [b'?', b'?', ..] => Some((2, Glyph::Blunder)),
        [b'!', b'?', ..] => Some((2, Glyph::Interesting)),
        [b'?', b'!', ..] => Some((2, Glyph::Dubious)),
        [b'!', ..] => Some((1, Glyph::Good)),
        [b'?', ..] => Some((1, Glyph::Mistake)),
        _ => None,
    }
}

/// A token ends at the end, at white space, or before `( ) { } $ ;` or a
/// NUL byte (the padding a pre-allocated file ends with: `0-1\0\0`).
pub(crate) fn boundary(text: &str, i: usize) -> bool {
    match text.as_bytes().get(i) {
        None => true,
        Some(c) => b"(){}$;\0".contains(c) || super::space_len(text, i).is_some(),
    }
}

/// The length of a throne mark (`; e3`, `,e3`) at `at` whose move ends at
/// a token boundary after it, or after the check mark and glyph the move
/// may bear (`Крg2-f2; d8+`), as a move is read: what tells it from a `;`
/// comment.
pub fn throne_mark_at(text: &str, at: usize) -> Option<usize> {
    let b = text.as_bytes();
    let (_, len, _) = throne_mark(b, at)?;
    let mut end = at + len;
    end += check_mark(b, end).map_or(0, |(n, _)| n);
    end += glyph(b, end).map_or(0, |(n, _)| n);
    boundary(text, end).then_some(len)
}

/// White space, `;` and a square after a king move at `at` (`Крf8-f9 ; e3`,
/// a look-alike of the throne mark), ending at a token boundary: the square
/// and the length read.
#[inline]
pub fn spaced_throne(text: &str, at: usize) -> Option<(SquareText, usize)> {
    if may_be_spaced_throne(text.as_bytes(), at) {
        spaced_throne_after(text, at)
    } else {
        None
    }
}

/// The first test of [`spaced_throne`]: most king moves are followed by one
/// space and the next element, told by two bytes.
#[inline(always)]
pub(crate) fn may_be_spaced_throne(b: &[u8], at: usize) -> bool {
    matches!(b.get(at..at + 2), Some([b' ' | b'\t', b' ' | b'\t' | b';']))
}

/// [`spaced_throne`] past its first test.
fn spaced_throne_after(text: &str, at: usize) -> Option<(SquareText, usize)> {
    let b = text.as_bytes();
    let spaces = b.get(at..)?.iter().take_while(|c| matches!(c, b' ' | b'\t')).count();
    if spaces == 0 || b.get(at + spaces) != Some(&b';') {
        return None;
    }
    let (sq, len, _) = throne_mark(b, at + spaces)?;
    let end = at + spaces + len;
    boundary(text, end).then_some((sq, end - at))
}

/// The bytes of a plain tag name: ASCII letters, digits and `_`.
static NAME_BYTE: [bool; 256] = {
    let mut t = [false; 256];
    let mut rest: &mut [bool] = &mut t;
    let mut c: u8 = 0;
    while let Some((name, tail)) = rest.split_first_mut() {
        *name = c.is_ascii_alphanumeric() || c == b'_';
        c = c.wrapping_add(1);
        rest = tail;
    }
    t
};

/// A tag pair read by bytes: what `parse::tag_pair` reads from `text` when
/// the pair is plain (an ASCII name, a value without `\`), as (name, value,
/// offset of the value's quote, length); `None` when it is not plain, and
/// the production then reads it (tests/suite/scanner.rs compares the two
/// on every tag line of the corpus and on generated lines).
#[inline]
pub fn tag_pair(text: &str) -> Option<(&str, &str, usize, usize)> {
    let b = text.as_bytes();
    if b.first() != Some(&b'[') {
        return None;
    }
    let spaces = |mut i: usize| {
        while matches!(b.get(i), Some(b' ' | b'\t')) {
            i += 1;
        }
        i
    };
    let name_at = spaces(1);
    let name = b.get(name_at..).unwrap_or_default();
    let i =
        name_at + name.iter().position(|c| !NAME_BYTE.get(usize::from(*c)).is_some_and(|&n| n)).unwrap_or(name.len());
    // A non-ASCII letter may go on the name: the production's reading.
    if i == name_at || b.get(i).is_none_or(|c| !c.is_ascii()) {
        return None;
    }
    let name_end = i;
    let value_at = spaces(i);
    if b.get(value_at) != Some(&b'"') {
        return None;
    }
    let body = b.get(value_at + 1..)?;
    let n = memchr::memchr3(b'"', b'\\', b'\n', body)?;
    if body.get(n) != Some(&b'"') {
        return None;
    }
    let close = value_at + 1 + n;
    let end = spaces(close + 1);
    if b.get(end) != Some(&b']') {
        return None;
    }
    Some((text.get(name_at..name_end)?, text.get(value_at + 1..close)?, value_at, end + 1))
}
