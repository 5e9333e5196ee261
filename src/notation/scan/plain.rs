//! The scanner's fast path: the common move forms read in one pass
//! ([`plain_move`]), and the short moves by a table of their shapes.

use super::{glyph, piece};
use crate::notation::ast::{
    CheckMark, Glyph, LookAlikes as L, Man, ManMove, MoveMarks, MoveText, PromotionForm, Script, SquareText, TokenKind,
};

/// The common forms, read in one pass: an optional piece letter, Latin
/// lower-case files, `-`, `x` or `:`, an optional `=` promotion, `+`, `++`
/// or `#`, a glyph, then a plain boundary. Anything else it does not judge
/// (`None`): [`move_token`](super::move_token) then reads the token the long way, so this
/// reads nothing the productions would read differently
/// (tests/suite/scanner.rs compares every suffix of the corpus).
#[inline(always)]
pub(crate) fn plain_move(b: &[u8]) -> Option<Plain> {
    // The first 16 bytes, 0 past the end (no form reads a 0 byte, the
    // boundary at the end is told by the length). The byte at `i` is read
    // from them without a bounds check (`i & 15`): every byte read is at or
    // before the end of the move, or the move is not read, so a move that
    // ends within them was read exactly; a longer one is left to the long
    // way. Read in place, not copied (a copy on the stack had every byte
    // read wait for the copy's store), but near the end of the text.
    let tail: [u8; 16];
    let w: &[u8; 16] = match b.first_chunk::<16>() {
        Some(w) => w,
        None => {
            let mut w = [0; 16];
            w.iter_mut().zip(b).for_each(|(w, c)| *w = *c);
            tail = w;
            &tail
        }
    };
    if let Some(short) = short_move(w, b.len()) {
        return Some(short);
    }
    let at = |i: usize| w.get(i & 15).copied().unwrap_or(0);
    let (man, script, i, odd) = man_letter(w, b)?;
    let Squares { from_file, from_rank, to, sep, end: mut i } = squares(w, i, man.is_some())?;
    let has_sep = sep != 0;
    let dash = sep == b'-';
    let mut m = ManMove {
        man,
        script,
        from_file,
        from_rank,
        dash,
        capture: (has_sep && !dash).then_some(char::from(sep)),
        to,
        promotion: None,
        promotion_form: PromotionForm::Bare,
        throne: None,
        file_capture: false,
    };
    if at(i) == b'=' {
        let (p, p_script, len, o) = piece(b, i + 1)?;
        if !o.is_empty() {
            return None;
        }
        if man == Some(Man::Princess) {
            // `Псd10=Ф` is Royal's restoration: read the long way.
            return None;
        }
        m.promotion = Some(p);
        m.script = m.script.or(Some(p_script));
        m.promotion_form = PromotionForm::Equals;
        i += 1 + len;
    }
    let (check, check_len) = match at(i) {
        b'+' if at(i + 1) == b'+' => (Some(CheckMark::DoubleCheck), 2),
        b'+' => (Some(CheckMark::Check), 1),
        b'#' => (Some(CheckMark::Mate), 1),
        _ => (None, 0),
    };
    i += check_len;
    let glyph = match at(i) {
        b'!' | b'?' => glyph(b, i),
        _ => None,
    };
    if let Some((len, _)) = glyph {
        i += len;
    }
    // Past the bytes read exactly.
    if i > 15 {
        return None;
    }
    if !plain_boundary(w, b, i) {
        return None;
    }
    // The move's marks: its files (below 11) and whether a letter is
    // Cyrillic (every letter read here is a piece's).
    let bit = |f: u8| 1u16 << (f & 15);
    let files = bit(to.file) | from_file.map_or(0, bit);
    let marks = MoveMarks {
        files,
        cyrillic: m.script == Some(Script::Cyrillic),
        latin: m.script == Some(Script::Latin) && m.man != Some(Man::Pawn),
        ..MoveMarks::default()
    };
    Some(Plain { len: i, odd, m, check, glyph: glyph.map(|(_, g)| g), marks })
}

/// The byte at `i` of the window (`i & 15`: see [`plain_move`]).
#[inline(always)]
fn at(w: &[u8; 16], i: usize) -> u8 {
    w.get(i & 15).copied().unwrap_or(0)
}

/// The man a move starts with: its letter's man and script (none for a
/// pawn's file), the bytes read and the look-alikes met; `None` for a token
/// this path does not read.
#[inline(always)]
fn man_letter(w: &[u8; 16], b: &[u8]) -> Option<(Option<Man>, Option<Script>, usize, L)> {
    let at = |i: usize| at(w, i);
    let first = at(0);
    // A file, or a Latin piece letter `Q R B N K` (`K` not before the byte
    // 0xD1 that starts `р` or `с`), from a table: the letter changes from
    // move to move unpredictably, and a `match` on it compiles to an
    // indirect jump the processor often mispredicts.
    let latin = LATIN_FIRST.get(usize::from(first)).copied().unwrap_or(NOT_LATIN);
    let letter = match first {
        _ if latin != NOT_LATIN && !(first == b'K' && at(1) == 0xD1) => {
            let (man, script, len) = LATIN_MEN.get(usize::from(latin)).copied()?;
            (man, script, len, L::NONE)
        }
        // Кр
        0xD0 if at(1) == 0x9A && at(2) == 0xD1 && at(3) == 0x80 => {
            (Some(Man::King), Some(Script::Cyrillic), 4, L::NONE)
        }
        // Ф Л С М, К not before р д p Р, П not before р с (`piece` reads
        // those).
        0xD0 if matches!(at(1), 0xA4 | 0x9B | 0xA1 | 0x9C)
            || (at(1) == 0x9A && !matches!(at(2), 0xD0 | 0xD1 | b'p'))
            || (at(1) == 0x9F && at(2) != 0xD1) =>
        {
            let man = match at(1) {
                0xA4 => Man::Queen,
                0x9B => Man::Rook,
                0xA1 => Man::Bishop,
                0x9C => Man::Marshal,
                0x9A => Man::Knight,
                _ => Man::Prince,
            };
            (Some(man), Some(Script::Cyrillic), 2, L::NONE)
        }
        c if c.is_ascii_uppercase() || c == 0xD0 => {
            let (man, script, len, odd) = piece(b, 0)?;
            (Some(man), Some(script), len, odd)
        }
        _ => return None,
    };
    Some(letter)
}

/// The squares of a move as [`squares`] reads them.
struct Squares {
    from_file: Option<u8>,
    from_rank: Option<u8>,
    to: SquareText,
    /// `-`, `x`, `:`, or 0 for none.
    sep: u8,
    /// The bytes read to the end of the target.
    end: usize,
}

/// The squares from `i`: the from-file and from-rank written, the target,
/// the separator and the bytes read to the end of the target; `None` for a
/// form this path does not read. `man`: whether a piece letter was read (a
/// bare `x` square needs one).
#[inline(always)]
fn squares(w: &[u8; 16], mut i: usize, man: bool) -> Option<Squares> {
    let at = |i: usize| at(w, i);
    // A file at `i`: its index, 11 or more when none.
    let file_at = |i: usize| at(i).wrapping_sub(b'a');
    // A rank at `i`: its index and length (0: none).
    let rank_at = |i: usize| match at(i) {
        b'1' if at(i + 1) == b'0' => (9, 2),
        c @ b'1'..=b'9' => (c - b'1', 1),
        _ => (0, 0),
    };
    // The first coordinates: file, rank, or both.
    let f1 = file_at(i);
    let has_f1 = f1 < 11;
    i += usize::from(has_f1);
    let (r1, r1len) = rank_at(i);
    let has_r1 = r1len > 0;
    i += r1len;
    let sep = at(i);
    let has_sep = matches!(sep, b'-' | b'x' | b':');
    let dash = sep == b'-';
    i += usize::from(has_sep);
    // The target, when the first coordinates were not it.
    let tf = file_at(i);
    let (tr, tlen) = if tf < 11 { rank_at(i + 1) } else { (0, 0) };
    let (from_file, from_rank, to) = if tlen == 0 {
        if has_f1 && has_r1 && !has_sep {
            (None, None, SquareText { file: f1, rank: r1 })
        } else {
            return None;
        }
    } else if has_f1 || has_r1 {
        // `-` only between whole squares (the long form).
        if dash && !(has_f1 && has_r1) {
            return None;
        }
        i += 1 + tlen;
        (has_f1.then_some(f1), has_r1.then_some(r1), SquareText { file: tf, rank: tr })
    } else if has_sep && !dash && man {
        i += 1 + tlen;
        (None, None, SquareText { file: tf, rank: tr })
    } else {
        return None;
    };
    Some(Squares { from_file, from_rank, to, sep: if has_sep { sep } else { 0 }, end: i })
}

/// Whether the move ends at `i` on a plain boundary: the end of the text,
/// white space, `)`, `{`, `}` or `$`. An `e.p.` after one space, a `(` (a
/// promotion `(Q)` or a variation) and `;` (a throne mark) are read the
/// long way.
#[inline(always)]
fn plain_boundary(w: &[u8; 16], b: &[u8], i: usize) -> bool {
    let at = |i: usize| at(w, i);
    if i < b.len() {
        match at(i) {
            b' ' if b.get(i + 1..i + 5) == Some(b"e.p.") => return false,
            b' ' | b'\t' | b'\n' | b'\r' | 0x0B | 0x0C | b')' | b'{' | b'}' | b'$' => {}
            _ => return false,
        }
    }
    true
}

/// The short Latin forms of up to five bytes ended by white space or the
/// end (`e4`, `Nf3`, `exd5`, `Nbd2`, `R1e2`, `Qxe5+`, `Ng1f3`; a check `+`
/// or mate `#` last): most moves of an ordinary chess file; and a pawn's
/// long form `e3-e5`, most of a Hundred file's. The shape is
/// told from the classes of the bytes in one look-up ([`SHAPES`]), not byte
/// by byte: each step of the general reading waits on the one before (where
/// the next part starts), and the shape changes from move to move, which a
/// branch on it mispredicts. `None` for any other token: [`plain_move`]
/// reads it the general way, and reads these the same (tests/suite/scanner.rs).
#[inline(always)]
fn short_move(w: &[u8; 16], text_len: usize) -> Option<Plain> {
    let at = |i: u8| w.get(usize::from(i & 15)).copied().unwrap_or(0);
    let word = u64::from_le_bytes(*w.first_chunk::<8>()?);
    // The first byte below `!` (white space, or the zeros past the end):
    // the borrows of the subtraction run upwards only from such a byte, so
    // the lowest bit set is exact.
    let low = word.wrapping_sub(0x2121_2121_2121_2121) & !word & 0x8080_8080_8080_8080;
    let len = low.trailing_zeros() / 8;
    if !(2..=5).contains(&len) {
        return None;
    }
    let len = len as u8;
    // Ended by white space the general reading takes (` e.p.` after a
    // pawn's capture is left to it), or by the end of the text.
    match at(len) {
        b' ' if w.get(usize::from(len) + 1..usize::from(len) + 5) == Some(b"e.p.") => return None,
        b' ' | b'\t' | b'\n' | b'\r' | 0x0B | 0x0C => {}
        0 if usize::from(len) == text_len => {}
        _ => return None,
    }
    let class = |i: u8| if i < len { SHORT_CLASS.get(usize::from(at(i))).copied().unwrap_or(0) } else { 0 };
    // A file or a piece letter first, told apart without a branch (pawn
    // and piece moves alternate unpredictably).
    let first = class(0);
    if first != FILE && first != PIECE {
        return None;
    }
    let piece = first == PIECE;
    let shape = SHAPES.get(shape_key(len, piece, [class(1), class(2), class(3)])).copied().unwrap_or(NO_SHAPE);
    // The fifth byte, not in the key: the check of a move whose target
    // ends at the fourth, else the target's rank.
    if shape.to == NONE || (len == 5 && class(4) != if shape.check == 4 { CHECK } else { DIGIT }) {
        return None;
    }
    // A file's entry is the pawn's: no letter, no script.
    let (man, script, _) = *LATIN_MEN.get(usize::from(LATIN_FIRST.get(usize::from(at(0))).copied()?))?;
    let to = SquareText { file: at(shape.to).wrapping_sub(b'a'), rank: at(shape.to + 1).wrapping_sub(b'1') };
    let from_file = (shape.from_file != NONE).then(|| at(shape.from_file).wrapping_sub(b'a'));
    let from_rank = (shape.from_rank != NONE).then(|| at(shape.from_rank).wrapping_sub(b'1'));
    let check = (shape.check != NONE).then(|| if at(shape.check) == b'+' { CheckMark::Check } else { CheckMark::Mate });
    // A separator between the squares: `-` (the long form) or a capture mark.
    let dash = shape.sep != NONE && at(shape.sep) == b'-';
    let m = ManMove {
        man,
        script,
        from_file,
        from_rank,
        dash,
        capture: (shape.sep != NONE && !dash).then(|| char::from(at(shape.sep))),
        to,
        promotion: None,
        promotion_form: PromotionForm::Bare,
        throne: None,
        file_capture: false,
    };
    let bit = |f: u8| 1u16 << (f & 15);
    let files = bit(to.file) | from_file.map_or(0, bit);
    let marks = MoveMarks { files, latin: script.is_some(), ..MoveMarks::default() };
    Some(Plain { len: usize::from(len), odd: L::NONE, m, check, glyph: None, marks })
}

/// Byte classes of [`short_move`]: anything else (0), a file `a`-`k`, a
/// rank digit `1`-`9`, a capture mark `x` or `:`, a check `+` or mate `#`,
/// a Latin piece letter `Q R B N K`, the long form's `-`.
const FILE: u8 = 1;
const DIGIT: u8 = 2;
const TAKES: u8 = 3;
const CHECK: u8 = 4;
const PIECE: u8 = 5;
const DASH: u8 = 6;

#[expect(clippy::indexing_slicing, reason = "bytes index a table of 256; built at compile time")]
const SHORT_CLASS: [u8; 256] = {
    let mut t = [0u8; 256];
    // Files and piece letters as the general reading's first byte tells them.
    let mut c = 0;
    while c < 256 {
        t[c] = match LATIN_FIRST[c] {
            NOT_LATIN => 0,
            0 => FILE,
            _ => PIECE,
        };
        c += 1;
    }
    let mut d = b'1';
    while d <= b'9' {
        t[d as usize] = DIGIT;
        d += 1;
    }
    t[b'x' as usize] = TAKES;
    t[b':' as usize] = TAKES;
    t[b'+' as usize] = CHECK;
    t[b'#' as usize] = CHECK;
    t[b'-' as usize] = DASH;
    t
};

/// Where a short move's parts stand: byte offsets, [`NONE`] for a part not written.
#[derive(Copy, Clone)]
struct Shape {
    from_file: u8,
    from_rank: u8,
    /// `-`, `x` or `:` between the squares.
    sep: u8,
    /// The target's file (its rank follows); [`NONE`]: not a short move.
    to: u8,
    check: u8,
}

const NONE: u8 = u8::MAX;
const NO_SHAPE: Shape = Shape { from_file: NONE, from_rank: NONE, sep: NONE, to: NONE, check: NONE };

/// The key of [`SHAPES`]: a move's length (2 to 5), whether a piece letter
/// leads, and the classes of its bytes 1 to 3 (0 past its end). The fifth
/// byte's class follows from the shape ([`short_move`]).
const fn shape_key(len: u8, piece: bool, classes: [u8; 3]) -> usize {
    ((len - 2) as usize) << 10
        | (piece as usize) << 9
        | (classes[0] as usize) << 6
        | (classes[1] as usize) << 3
        | classes[2] as usize
}

/// A [`Shape`]'s offsets: from-file, from-rank, separator, target, check.
const fn shape(from_file: u8, from_rank: u8, sep: u8, to: u8, check: u8) -> Shape {
    Shape { from_file, from_rank, sep, to, check }
}

/// The short moves by [`shape_key`]; every other key is [`NO_SHAPE`].
#[expect(clippy::indexing_slicing, reason = "keys below 4096 index a table of 4096; built at compile time")]
static SHAPES: [Shape; 4096] = {
    const N: u8 = NONE;
    let mut t = [NO_SHAPE; 4096];
    // Pawns: `e4`, `e4+`, `exd5`, `exd5+`, `e2e4`, `e2e4+`, `e4xd5`, and
    // the long form's `e3-e5` (Hundred's pawns, most of its moves).
    t[shape_key(5, false, [DIGIT, DASH, FILE])] = shape(0, 1, 2, 3, N);
    t[shape_key(2, false, [DIGIT, 0, 0])] = shape(N, N, N, 0, N);
    t[shape_key(3, false, [DIGIT, CHECK, 0])] = shape(N, N, N, 0, 2);
    t[shape_key(4, false, [TAKES, FILE, DIGIT])] = shape(0, N, 1, 2, N);
    t[shape_key(5, false, [TAKES, FILE, DIGIT])] = shape(0, N, 1, 2, 4);
    t[shape_key(4, false, [DIGIT, FILE, DIGIT])] = shape(0, 1, N, 2, N);
    t[shape_key(5, false, [DIGIT, FILE, DIGIT])] = shape(0, 1, N, 2, 4);
    t[shape_key(5, false, [DIGIT, TAKES, FILE])] = shape(0, 1, 2, 3, N);
    // Pieces: `Nf3`, `Nf3+`, `Nxe5`, `Nxe5+`, `Nbd2`, `Nbd2+`, `R1e2`,
    // `R1e2+`, `Nbxd2`, `R1xe2`, `Ng1f3`.
    t[shape_key(3, true, [FILE, DIGIT, 0])] = shape(N, N, N, 1, N);
    t[shape_key(4, true, [FILE, DIGIT, CHECK])] = shape(N, N, N, 1, 3);
    t[shape_key(4, true, [TAKES, FILE, DIGIT])] = shape(N, N, 1, 2, N);
    t[shape_key(5, true, [TAKES, FILE, DIGIT])] = shape(N, N, 1, 2, 4);
    t[shape_key(4, true, [FILE, FILE, DIGIT])] = shape(1, N, N, 2, N);
    t[shape_key(5, true, [FILE, FILE, DIGIT])] = shape(1, N, N, 2, 4);
    t[shape_key(4, true, [DIGIT, FILE, DIGIT])] = shape(N, 1, N, 2, N);
    t[shape_key(5, true, [DIGIT, FILE, DIGIT])] = shape(N, 1, N, 2, 4);
    t[shape_key(5, true, [FILE, TAKES, FILE])] = shape(1, N, 2, 3, N);
    t[shape_key(5, true, [DIGIT, TAKES, FILE])] = shape(N, 1, 2, 3, N);
    t[shape_key(5, true, [FILE, DIGIT, FILE])] = shape(1, 2, N, 3, N);
    t
};

/// [`LATIN_MEN`]'s index of a move's first byte: a file `a`-`k` (0) or a
/// Latin piece letter `Q R B N K`; [`NOT_LATIN`] for any other byte.
#[expect(clippy::indexing_slicing, reason = "bytes index a table of 256; built at compile time")]
const LATIN_FIRST: [u8; 256] = {
    let mut table = [NOT_LATIN; 256];
    let mut c = b'a';
    while c <= b'k' {
        table[c as usize] = 0;
        c += 1;
    }
    table[b'Q' as usize] = 1;
    table[b'R' as usize] = 2;
    table[b'B' as usize] = 3;
    table[b'N' as usize] = 4;
    table[b'K' as usize] = 5;
    table
};

/// A byte [`LATIN_FIRST`] does not read.
const NOT_LATIN: u8 = u8::MAX;

/// The man, script and letter length of each [`LATIN_FIRST`] index.
const LATIN_MEN: [(Option<Man>, Option<Script>, usize); 6] = [
    (None, None, 0),
    (Some(Man::Queen), Some(Script::Latin), 1),
    (Some(Man::Rook), Some(Script::Latin), 1),
    (Some(Man::Bishop), Some(Script::Latin), 1),
    (Some(Man::Knight), Some(Script::Latin), 1),
    (Some(Man::King), Some(Script::Latin), 1),
];

/// A move [`plain_move`] read: its length, look-alikes, parts and marks.
pub(crate) struct Plain {
    pub len: usize,
    pub odd: L,
    pub m: ManMove,
    pub check: Option<CheckMark>,
    pub glyph: Option<Glyph>,
    pub marks: MoveMarks,
}

impl Plain {
    pub(crate) fn kind(self) -> TokenKind {
        TokenKind::Move { text: MoveText::Man(self.m), check: self.check, glyph: self.glyph }
    }
}
