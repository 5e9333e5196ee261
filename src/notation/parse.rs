//! The productions of `grammar/pgn100.ebnf`, one nom parser each, with the
//! grammar's names. Each parses one token at the start of its input; the
//! reader (`reader.rs`) strings them together.

use std::borrow::Cow;

use nom::branch::alt;
use nom::bytes::complete::{tag, take_while1};
use nom::character::complete::{char, digit1, one_of, satisfy};
use nom::combinator::{map, opt, peek, value};
use nom::sequence::{delimited, preceded};
use nom::{IResult, Parser};

use super::ast::{
    CheckMark, Glyph, Man, ManMove, MoveText, Outcome, PromotionForm, Roll, RollForm, Script, SquareText, TokenKind,
};

type Res<'a, T> = IResult<&'a str, T>;

/// file = "a" .. "k" | Cyrillic look-alikes "а" "с" "е" "і" "ј" "һ" | capitals "A" .. "K"
pub fn file(i: &str) -> Res<'_, u8> {
    map(satisfy(|c| matches!(c, 'a'..='k' | 'A'..='K' | 'а' | 'с' | 'е' | 'і' | 'ј' | 'һ')), |c| match c {
        'а' => 0,
        'с' => 2,
        'е' => 4,
        'һ' => 7,
        'і' => 8,
        'ј' => 9,
        'A'..='K' => c as u8 - b'A',
        c => c as u8 - b'a',
    })
    .parse(i)
}

/// rank = "10" | "1" .. "9" | look-alike Cyrillic "З" for "3"
pub fn rank(i: &str) -> Res<'_, u8> {
    alt((value(9, tag("10")), map(one_of("123456789"), |c| c as u8 - b'1'), value(2, char('З')))).parse(i)
}

/// square = file rank
pub fn square(i: &str) -> Res<'_, SquareText> {
    map((file, rank), |(file, rank)| SquareText { file, rank }).parse(i)
}

/// piece = cyrillic_piece | latin_piece
pub fn piece(i: &str) -> Res<'_, (Man, Script)> {
    alt((cyrillic_piece, latin_piece)).parse(i)
}

/// cyrillic_piece = "Кр" | "Кд" | "Пр" | "Пс" | "К" | "Ф" | "П" | "Л" | "С" | "М"
///                | king look-alikes "Кp" "КР" "кр" "Kр" "Kp" | knight look-alike "к"
/// (`Пс` followed by a digit is `П` and the square `с…`).
pub fn cyrillic_piece(i: &str) -> Res<'_, (Man, Script)> {
    let princess = (tag("Пс"), peek(nom::combinator::not(satisfy(|c| c.is_ascii_digit()))));
    map(
        alt((
            value(Man::King, tag("Кр")),
            value(Man::Cardinal, tag("Кд")),
            value(Man::King, alt((tag("Кp"), tag("КР"), tag("кр"), tag("Kр"), tag("Kp")))),
            value(Man::RoyalPrince, tag("Пр")),
            value(Man::Princess, princess),
            value(Man::Knight, alt((tag("К"), tag("к")))),
            value(Man::Queen, tag("Ф")),
            value(Man::Prince, tag("П")),
            value(Man::Rook, tag("Л")),
            value(Man::Bishop, tag("С")),
            value(Man::Marshal, tag("М")),
        )),
        |m| (m, Script::Cyrillic),
    )
    .parse(i)
}

/// latin_piece = "K" | "Q" | "P" | "R" | "B" | "N" | "M" | "C" | "A" | "T" | "S"
pub fn latin_piece(i: &str) -> Res<'_, (Man, Script)> {
    map(
        map(one_of("KQPRBNMCATS"), |c| match c {
            'K' => Man::King,
            'Q' => Man::Queen,
            'P' => Man::Prince,
            'R' => Man::Rook,
            'B' => Man::Bishop,
            'N' => Man::Knight,
            'M' | 'C' => Man::Marshal,
            'A' => Man::Cardinal,
            'T' => Man::RoyalPrince,
            _ => Man::Princess,
        }),
        |m| (m, Script::Latin),
    )
    .parse(i)
}

/// mover = piece | "p"
fn mover(i: &str) -> Res<'_, (Man, Script)> {
    alt((piece, value((Man::Pawn, Script::Latin), char('p')))).parse(i)
}

/// capture = ":" | "x" | "×" | look-alike Cyrillic "х"
pub fn capture(i: &str) -> Res<'_, char> {
    one_of(":x×х").parse(i)
}

const DASHES: &str = "-–‑—−";

/// dash = "-" | "–" | look-alikes "‑" (non-breaking hyphen) "—" (em dash) "−" (minus)
pub fn dash(i: &str) -> Res<'_, char> {
    one_of(DASHES).parse(i)
}

/// promotion = ("=" | "/") mover | "(" mover ")" | piece
/// (a pawn `p` is read for replay to report: a pawn cannot promote to a pawn)
pub fn promotion(i: &str) -> Res<'_, (Man, Script, PromotionForm)> {
    alt((
        map((one_of("=/"), mover), |(c, (m, script))| {
            (m, script, if c == '=' { PromotionForm::Equals } else { PromotionForm::Slash })
        }),
        map(delimited(char('('), mover, char(')')), |(m, script)| (m, script, PromotionForm::Parens)),
        map(piece, |(m, script)| (m, script, PromotionForm::Bare)),
    ))
    .parse(i)
}

/// en_passant_mark = [" "] "e.p."
pub fn en_passant_mark(i: &str) -> Res<'_, &str> {
    preceded(opt(char(' ')), tag("e.p.")).parse(i)
}

/// throne_mark = (";" | ",") { " " } square
pub fn throne_mark(i: &str) -> Res<'_, SquareText> {
    preceded((one_of(";,"), take_while_spaces), square).parse(i)
}

fn take_while_spaces(i: &str) -> Res<'_, &str> {
    nom::bytes::complete::take_while(|c| c == ' ' || c == '\t').parse(i)
}

/// `long_move = [mover] square (dash | capture) square [promotion]`
pub fn long_move(i: &str) -> Res<'_, ManMove> {
    let (rest, man) = opt(mover).parse(i)?;
    long_after(rest, man)
}

/// `long_move` without its mover.
fn long_tail(i: &str) -> Res<'_, ManMove> {
    long_after(i, None)
}

fn long_after(i: &str, man: Option<(Man, Script)>) -> Res<'_, ManMove> {
    let (rest, (from, sep, to, promo)) = (square, alt((dash, capture)), square, opt(promotion)).parse(i)?;
    let is_dash = DASHES.contains(sep);
    Ok((
        rest,
        ManMove {
            man: man.map(|m| m.0),
            script: man.map(|m| m.1).or(promo.map(|p| p.1)),
            from_file: Some(from.file),
            from_rank: Some(from.rank),
            dash: is_dash,
            capture: (!is_dash).then_some(sep),
            to,
            promotion: promo.map(|p| p.0),
            promotion_form: promo.map_or(PromotionForm::Bare, |p| p.2),
            throne: None,
            file_capture: false,
        },
    ))
}

/// `short_move = [mover] [square | file | rank] [capture] square [promotion]`
pub fn short_move(i: &str) -> Res<'_, ManMove> {
    let (rest, man) = opt(mover).parse(i)?;
    short_after(rest, man)
}

/// `short_move` without its mover.
fn short_tail(i: &str) -> Res<'_, ManMove> {
    short_after(i, None)
}

fn short_after(rest: &str, man: Option<(Man, Script)>) -> Res<'_, ManMove> {
    let with = |from_file: Option<u8>, from_rank: Option<u8>| {
        map((opt(capture), square, opt(promotion)), move |(cap, to, promo)| (from_file, from_rank, cap, to, promo))
    };
    let (rest, (from_file, from_rank, cap, to, promo)) = alt((
        |i| {
            let (i, from) = square(i)?;
            with(Some(from.file), Some(from.rank)).parse(i)
        },
        |i| {
            let (i, f) = file(i)?;
            with(Some(f), None).parse(i)
        },
        |i| {
            let (i, r) = rank(i)?;
            with(None, Some(r)).parse(i)
        },
        with(None, None),
    ))
    .parse(rest)?;
    Ok((
        rest,
        ManMove {
            man: man.map(|m| m.0),
            script: man.map(|m| m.1).or(promo.map(|p| p.1)),
            from_file,
            from_rank,
            dash: false,
            capture: cap,
            to,
            promotion: promo.map(|p| p.0),
            promotion_form: promo.map_or(PromotionForm::Bare, |p| p.2),
            throne: None,
            file_capture: false,
        },
    ))
}

/// small_file = "a" .. "k" | Cyrillic look-alikes "а" "с" "е" "і" "ј" "һ"
/// (a file that is no capital: no piece letter, no prose word in capitals)
pub fn small_file(i: &str) -> Res<'_, u8> {
    nom::combinator::verify(file, |_| !i.starts_with(|c: char| c.is_ascii_uppercase())).parse(i)
}

/// `file_capture = small_file [capture] small_file [promotion]`: a pawn's
/// capture by files (`de`, `d:e`, `dxe`), as Russian books print it.
pub fn file_capture(i: &str) -> Res<'_, ManMove> {
    let (rest, (from, cap, to, promo)) = (small_file, opt(capture), small_file, opt(promotion)).parse(i)?;
    Ok((
        rest,
        ManMove {
            man: None,
            script: promo.map(|p| p.1),
            from_file: Some(from),
            from_rank: None,
            dash: false,
            capture: cap,
            to: SquareText { file: to, rank: 0 },
            promotion: promo.map(|p| p.0),
            promotion_form: promo.map_or(PromotionForm::Bare, |p| p.2),
            throne: None,
            file_capture: true,
        },
    ))
}

/// A move whose first letter is both a Latin piece letter and a capital file
/// (`B3-B5`), when the mover reading fails: the letter is the file.
fn capital_file_move(i: &str) -> Res<'_, ManMove> {
    mover(i)?;
    alt((long_tail, short_tail)).parse(i)
}

/// Whether `read` (a move read with a Latin mover) has a capital file after
/// its first letter.
fn capital_file_after_mover(read: &str) -> bool {
    read.as_bytes().get(1..).unwrap_or_default().windows(2).any(|w| matches!(w, [b'A'..=b'K', b'1'..=b'9']))
}

/// man_move = (long_move | short_move | file_capture) [en_passant_mark] [throne_mark]
///
/// A Latin piece letter that starts the move is its mover, unless the move
/// cannot be read so or has capital files itself (`B3-B5`, `B3:C4`) and
/// reads with the letter as a capital file.
pub fn man_move(i: &str) -> Res<'_, ManMove> {
    let (rest, mut m) = match alt((long_move, short_move)).parse(i) {
        Ok((rest, m))
            if m.script == Some(Script::Latin)
                && capital_file_after_mover(i.get(..i.len() - rest.len()).unwrap_or_default()) =>
        {
            capital_file_move(i).unwrap_or((rest, m))
        }
        Ok(read) => read,
        Err(e) => file_capture(i).or_else(|_| capital_file_move(i)).map_err(|_| e)?,
    };
    let (rest, _) = opt(en_passant_mark).parse(rest)?;
    let (rest, throne) = opt(throne_mark).parse(rest)?;
    m.throne = throne;
    Ok((rest, m))
}

/// castling = zero dash zero { dash zero }
/// (zero = "0" | "O" | "o" | look-alikes Cyrillic "О" "о"; 2 to 4 zeros;
/// any dash, as in a long move)
pub fn castling(i: &str) -> Res<'_, MoveText> {
    let zero = || one_of("0OoОо");
    let (rest, (_, more)) = (zero(), nom::multi::many_m_n(1, 3, preceded(dash, zero()))).parse(i)?;
    Ok((rest, MoveText::Zeros(1 + more.len() as u8)))
}

/// restoration = ("Пс" | "S") [square] "=" ("Ф" | "Q")
pub fn restoration(i: &str) -> Res<'_, MoveText> {
    let (rest, (_, square, _, _)) = (alt((tag("Пс"), tag("S"))), opt(square), char('='), one_of("ФQ")).parse(i)?;
    Ok((rest, MoveText::Restoration { square }))
}

/// null_move = "--" | "Z0"
pub fn null_move(i: &str) -> Res<'_, MoveText> {
    value(MoveText::Null, alt((tag("--"), tag("Z0")))).parse(i)
}

/// second_stage = "1-1" | "1"
pub fn second_stage(i: &str) -> Res<'_, MoveText> {
    alt((value(MoveText::Ones(2), tag("1-1")), value(MoveText::Ones(1), tag("1")))).parse(i)
}

/// check_mark = "++" | "+" | "#" | "×"
pub fn check_mark(i: &str) -> Res<'_, CheckMark> {
    alt((
        value(CheckMark::DoubleCheck, tag("++")),
        value(CheckMark::Check, tag("+")),
        value(CheckMark::Mate, one_of("#×")),
    ))
    .parse(i)
}

/// glyph = "!!" | "??" | "!?" | "?!" | "!" | "?"
pub fn glyph(i: &str) -> Res<'_, Glyph> {
    alt((
        value(Glyph::Brilliant, tag("!!")),
        value(Glyph::Blunder, tag("??")),
        value(Glyph::Interesting, tag("!?")),
        value(Glyph::Dubious, tag("?!")),
        value(Glyph::Good, tag("!")),
        value(Glyph::Mistake, tag("?")),
    ))
    .parse(i)
}

/// A token ends at white space, at the end, or before `( ) { } $ ;` or a NUL byte.
fn boundary(i: &str) -> Res<'_, ()> {
    match i.chars().next() {
        None => Ok((i, ())),
        Some(c) if c.is_whitespace() || "(){}$;\0".contains(c) => Ok((i, ())),
        Some(_) => Err(nom::Err::Error(nom::error::Error::new(i, nom::error::ErrorKind::Verify))),
    }
}

/// move = (castling | second_stage | null_move | restoration | man_move) [check_mark] [glyph]
pub fn move_token(i: &str) -> Res<'_, TokenKind> {
    let (rest, (text, check, glyph)) = (
        alt((castling, second_stage, null_move, restoration, map(man_move, MoveText::Man))),
        opt(check_mark),
        opt(glyph),
    )
        .parse(i)?;
    let (rest, ()) = boundary(rest)?;
    Ok((rest, TokenKind::Move { text, check, glyph }))
}

/// move_number = digit { digit } ("..." | "…" | ".." | "." [spaces ("..." | "…")] | ")")
pub fn move_number(i: &str) -> Res<'_, TokenKind> {
    move_number_in(i, true)
}

/// `move_number` where `)` ends a number only at the top level (outside a
/// variation, where `1)` would be castling `1` and the end of the variation).
pub fn move_number_in(i: &str, top_level: bool) -> Res<'_, TokenKind> {
    let (rest, digits) = digit1(i)?;
    let spaced = preceded((char('.'), nom::character::complete::space1), alt((tag("..."), tag("…"), tag(".."))));
    let paren = nom::combinator::verify(tag(")"), |_: &str| top_level);
    let (rest, dots) =
        alt((tag("..."), tag("…"), tag(".."), value("...", spaced), tag("."), value(".", paren))).parse(rest)?;
    let number = digits.parse().unwrap_or(u32::MAX);
    Ok((rest, TokenKind::MoveNumber { number, black: dots != "." }))
}

/// `bare_number = digit { digit } ( [spaces] ("..." | "…" | "..") | boundary )`
/// (a move number without its period, as PGN's import format allows: the
/// reader tries it where no element reads, and on a bare `1` that opens the
/// record's first move)
pub fn bare_number(i: &str) -> Res<'_, TokenKind> {
    let (rest, digits) = digit1(i)?;
    let number = digits.parse().unwrap_or(u32::MAX);
    let mut ellipsis = preceded(nom::character::complete::space0, alt((tag("..."), tag("…"), tag(".."))));
    if let Ok((rest, _)) = Parser::<&str>::parse(&mut ellipsis, rest) as Res<'_, &str> {
        return Ok((rest, TokenKind::MoveNumber { number, black: true }));
    }
    let (rest, ()) = boundary(rest)?;
    Ok((rest, TokenKind::MoveNumber { number, black: false }))
}

/// One element of the movetext that is not punctuation, as the reader tries
/// them: result, move number, move, glyph (the scanner's reference).
pub fn element(i: &str, top_level: bool) -> Res<'_, TokenKind> {
    alt((result, |i| move_number_in(i, top_level), move_token, map(glyph, TokenKind::Glyph))).parse(i)
}

/// result = "1-0" | "0-1" | "1/2-1/2" | "½-½" | "*" | "1:0" | "0:1" | "½:½" | "1/2"
pub fn result(i: &str) -> Res<'_, TokenKind> {
    let (rest, o) = alt((
        value(Outcome::Draw, alt((tag("1/2-1/2"), tag("½-½"), tag("½:½"), tag("1/2")))),
        value(Outcome::WhiteWins, alt((tag("1-0"), tag("1:0")))),
        value(Outcome::BlackWins, alt((tag("0-1"), tag("0:1")))),
        value(Outcome::Unknown, tag("*")),
    ))
    .parse(i)?;
    let (rest, ()) = boundary(rest)?;
    Ok((rest, TokenKind::Result(o)))
}

/// nag = "$" digit { digit }   (0 to 255)
pub fn nag(i: &str) -> Res<'_, TokenKind> {
    let (rest, digits) = preceded(char('$'), digit1).parse(i)?;
    match digits.parse::<u8>() {
        Ok(n) => Ok((rest, TokenKind::Nag(n))),
        Err(_) => Err(nom::Err::Failure(nom::error::Error::new(i, nom::error::ErrorKind::Digit))),
    }
}

/// tag_name = letter_or_digit_or_underscore { letter_or_digit_or_underscore }
pub fn tag_name(i: &str) -> Res<'_, &str> {
    take_while1(|c: char| c.is_alphanumeric() || c == '_').parse(i)
}

/// tag_value = '"' { char | '\"' | '\\' } '"'  (on one line)
pub fn tag_value(i: &str) -> Res<'_, Cow<'_, str>> {
    let (mut rest, _) = char('"').parse(i)?;
    // Most values hold no escape: borrowed whole up to the closing quote.
    let plain = rest.bytes().position(|b| matches!(b, b'"' | b'\\' | b'\n'));
    if let Some(n) = plain.filter(|&n| rest.as_bytes().get(n) == Some(&b'"')) {
        if let (Some(value), Some(after)) = (rest.get(..n), rest.get(n + 1..)) {
            return Ok((after, Cow::Borrowed(value)));
        }
    }
    let mut value = String::new();
    loop {
        let mut chars = rest.chars();
        match chars.next() {
            Some('"') => return Ok((chars.as_str(), Cow::Owned(value))),
            Some('\\') => match chars.next() {
                Some(c @ ('"' | '\\')) => {
                    value.push(c);
                    rest = chars.as_str();
                }
                _ => {
                    value.push('\\');
                    rest = rest.get('\\'.len_utf8()..).unwrap_or_default();
                }
            },
            Some('\n') | None => {
                return Err(nom::Err::Failure(nom::error::Error::new(i, nom::error::ErrorKind::Char)));
            }
            Some(c) => {
                value.push(c);
                rest = chars.as_str();
            }
        }
    }
}

/// tag_pair = "[" ws tag_name ws tag_value ws "]"
pub fn tag_pair(i: &str) -> Res<'_, (&str, Cow<'_, str>, usize)> {
    let (rest, _) = (char('['), take_while_spaces).parse(i)?;
    let (rest, name) = tag_name(rest)?;
    let (rest, _) = take_while_spaces(rest)?;
    let value_at = i.len() - rest.len();
    let (rest, value) = tag_value(rest)?;
    let (rest, _) = (take_while_spaces, char(']')).parse(rest)?;
    Ok((rest, (name, value, value_at)))
}

/// die_face = "K" | "Q" | "R" | "B" | "N" | "p" | "P" | "Кр" | "Ф" | "Л" | "С" | "К" | "п" | "1" .. "6"
///
/// The man a face names, and how it was written (digits: 1 pawn, 2 knight,
/// 3 bishop, 4 rook, 5 queen, 6 king).
pub fn die_face(i: &str) -> Res<'_, (Man, RollForm)> {
    alt((
        map(one_of("KQRBNpP"), |c| {
            let man = match c {
                'K' => Man::King,
                'Q' => Man::Queen,
                'R' => Man::Rook,
                'B' => Man::Bishop,
                'N' => Man::Knight,
                _ => Man::Pawn,
            };
            (man, RollForm::Latin)
        }),
        value((Man::King, RollForm::Cyrillic), tag("Кр")),
        map(one_of("ФЛСКп"), |c| {
            let man = match c {
                'Ф' => Man::Queen,
                'Л' => Man::Rook,
                'С' => Man::Bishop,
                'К' => Man::Knight,
                _ => Man::Pawn,
            };
            (man, RollForm::Cyrillic)
        }),
        map(one_of("123456"), |c| {
            let man = match c {
                '1' => Man::Pawn,
                '2' => Man::Knight,
                '3' => Man::Bishop,
                '4' => Man::Rook,
                '5' => Man::Queen,
                _ => Man::King,
            };
            (man, RollForm::Digits)
        }),
    ))
    .parse(i)
}

/// roll_faces = die_face spaces die_face spaces die_face
pub fn roll_faces(i: &str) -> Res<'_, Roll> {
    let (rest, (a, _, b, _, c)) = (die_face, spaces, die_face, spaces, die_face).parse(i)?;
    let forms = [a.1, b.1, c.1];
    let form = if forms.contains(&RollForm::Cyrillic) {
        RollForm::Cyrillic
    } else if forms.iter().all(|f| *f == RollForm::Digits) {
        RollForm::Digits
    } else {
        RollForm::Latin
    };
    Ok((rest, Roll { faces: [a.0, b.0, c.0], form }))
}

/// `roll = "<" [spaces] roll_faces [spaces] ">"` (the text of a dice_roll token)
pub fn roll(i: &str) -> Res<'_, Roll> {
    delimited((char('<'), opt(spaces)), roll_faces, (opt(spaces), char('>'))).parse(i)
}

fn spaces(i: &str) -> Res<'_, &str> {
    take_while1(|c| c == ' ' || c == '\t').parse(i)
}

/// The productions of the grammar that are one parser each, by name.
pub const PRODUCTIONS: &[&str] = &[
    "file",
    "rank",
    "square",
    "piece",
    "cyrillic_piece",
    "latin_piece",
    "capture",
    "dash",
    "promotion",
    "en_passant_mark",
    "throne_mark",
    "long_move",
    "short_move",
    "small_file",
    "file_capture",
    "man_move",
    "castling",
    "second_stage",
    "null_move",
    "restoration",
    "check_mark",
    "glyph",
    "move_token",
    "move_number",
    "bare_number",
    "result",
    "nag",
    "tag_name",
    "tag_value",
    "tag_pair",
    "die_face",
    "roll_faces",
    "roll",
];

/// Runs the production `name` on `input`: `Some(true)` when it parses the
/// whole input, `Some(false)` when it does not, `None` for an unknown name.
pub fn production(name: &str, input: &str) -> Option<bool> {
    fn whole<T>(r: Res<'_, T>) -> bool {
        matches!(r, Ok(("", _)))
    }
    Some(match name {
        "file" => whole(file(input)),
        "rank" => whole(rank(input)),
        "square" => whole(square(input)),
        "piece" => whole(piece(input)),
        "cyrillic_piece" => whole(cyrillic_piece(input)),
        "latin_piece" => whole(latin_piece(input)),
        "capture" => whole(capture(input)),
        "dash" => whole(dash(input)),
        "promotion" => whole(promotion(input)),
        "en_passant_mark" => whole(en_passant_mark(input)),
        "throne_mark" => whole(throne_mark(input)),
        "long_move" => whole(long_move(input)),
        "short_move" => whole(short_move(input)),
        "small_file" => whole(small_file(input)),
        "file_capture" => whole(file_capture(input)),
        "man_move" => whole(man_move(input)),
        "castling" => whole(castling(input)),
        "second_stage" => whole(second_stage(input)),
        "null_move" => whole(null_move(input)),
        "restoration" => whole(restoration(input)),
        "check_mark" => whole(check_mark(input)),
        "glyph" => whole(glyph(input)),
        "move_token" => whole(move_token(input)),
        "move_number" => whole(move_number(input)),
        "bare_number" => whole(bare_number(input)),
        "result" => whole(result(input)),
        "nag" => whole(nag(input)),
        "tag_name" => whole(tag_name(input)),
        "tag_value" => whole(tag_value(input)),
        "tag_pair" => whole(tag_pair(input)),
        "die_face" => whole(die_face(input)),
        "roll_faces" => whole(roll_faces(input)),
        "roll" => whole(roll(input)),
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mv(s: &str) -> ManMove {
        match move_token(s) {
            Ok(("", TokenKind::Move { text: MoveText::Man(m), .. })) => m,
            other => panic!("{s}: {other:?}"),
        }
    }

    #[test]
    fn long_and_short_moves() {
        let m = mv("Лa1-a2");
        assert_eq!(
            (m.man, m.from_file, m.from_rank, m.to),
            (Some(Man::Rook), Some(0), Some(0), SquareText { file: 0, rank: 1 })
        );
        assert!(m.dash);
        let m = mv("c5:d4");
        assert_eq!((m.man, m.capture), (None, Some(':')));
        let m = mv("Кbd4");
        assert_eq!((m.man, m.from_file, m.from_rank), (Some(Man::Knight), Some(1), None));
        let m = mv("Л1a2");
        assert_eq!((m.from_file, m.from_rank), (None, Some(0)));
        let m = mv("ed5");
        assert_eq!((m.man, m.from_file, m.to.file), (None, Some(4), 3));
        let m = mv("Крf8-f9; е3");
        assert_eq!((m.man, m.throne), (Some(Man::King), Some(SquareText { file: 4, rank: 2 })));
        assert_eq!(mv("e9-e10Ф").promotion, Some(Man::Queen));
        assert_eq!(mv("e10=p").promotion, Some(Man::Pawn));
        assert_eq!(mv("a10(P)").promotion, Some(Man::Prince));
        assert_eq!(mv("c10/П").promotion, Some(Man::Prince));
        assert_eq!(mv("Пс3").to, SquareText { file: 2, rank: 2 });
        assert_eq!(mv("Псd1-d3").man, Some(Man::Princess));
        assert_eq!(mv("a10").to.rank, 9);
    }

    #[test]
    fn castling_results_and_numbers() {
        assert!(matches!(move_token("0-0-0-0"), Ok(("", TokenKind::Move { text: MoveText::Zeros(4), .. }))));
        assert!(matches!(
            move_token("1-1+"),
            Ok(("", TokenKind::Move { text: MoveText::Ones(2), check: Some(CheckMark::Check), .. }))
        ));
        assert!(matches!(result("1-0"), Ok(("", TokenKind::Result(Outcome::WhiteWins)))));
        assert!(matches!(result("½:½"), Ok(("", TokenKind::Result(Outcome::Draw)))));
        assert!(result("1-1").is_err());
        assert!(matches!(move_number("12…"), Ok(("", TokenKind::MoveNumber { number: 12, black: true }))));
        assert!(move_token("e4e").is_err());
    }
}
