//! Board patterns, pgn-extract's `FENPattern` on boards of any size: a
//! FEN board whose ranks (top first, `/` between) are patterns of squares.
//! A FEN letter is that man, a number that many empty squares; `?` is any
//! square, `!` an occupied one, `*` zero or more squares of the rank,
//! `[...]` one of the men listed and `[^...]` a square holding none of
//! them (an empty one included). `W`/`w` is any white/black man in every
//! variant; `A`/`a` too where the variant has no man lettered `a` (in
//! Hundred it is the prince, in Grand the cardinal); `m` any man but a pawn.

use crate::rules::{Board, Color, Square};

/// The text of an empty square in a rank's text.
const EMPTY: u8 = b'_';

#[derive(Clone, Debug, PartialEq, Eq)]
enum Token {
    /// `?`
    Any,
    /// `!`
    Occupied,
    /// `*`
    Star,
    /// A number: that many empty squares.
    Empty(usize),
    /// `[...]` or, negated, `[^...]`: the men listed as they are written.
    Class { negated: bool, men: Vec<u8> },
    /// A man's letter, or `W w A a m`.
    Man(u8),
}

/// A pattern of a whole board, top rank first.
#[derive(Clone, Debug)]
pub struct Pattern {
    text: String,
    ranks: Vec<Vec<Token>>,
}

impl Pattern {
    /// Parses a pattern (what follows its board, such as ` w - - 0 1`, is ignored).
    pub fn parse(text: &str) -> Result<Pattern, String> {
        let board = text.split_whitespace().next().unwrap_or("");
        let bad = |why: &str| format!("pattern {text:?}: {why}");
        let mut ranks = Vec::new();
        for rank in board.split('/') {
            ranks.push(parse_rank(rank).map_err(|e| bad(&e))?);
        }
        if ranks.len() < 2 {
            return Err(bad("write the ranks of a board, top first, separated by `/`"));
        }
        Ok(Pattern { text: board.to_string(), ranks })
    }

    /// The pattern as written.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// The same pattern with the colours swapped: ranks in the other
    /// order, every man's letter in the other case.
    pub fn reversed(&self) -> Pattern {
        let swap = |c: u8| match c {
            b'm' => b'm',
            c if c.is_ascii_uppercase() => c.to_ascii_lowercase(),
            c => c.to_ascii_uppercase(),
        };
        let ranks = self
            .ranks
            .iter()
            .rev()
            .map(|r| {
                r.iter()
                    .map(|t| match t {
                        Token::Man(c) => Token::Man(swap(*c)),
                        Token::Class { negated, men } => {
                            Token::Class { negated: *negated, men: men.iter().map(|&c| swap(c)).collect() }
                        }
                        t => t.clone(),
                    })
                    .collect()
            })
            .collect();
        let text = self.text.split('/').rev().collect::<Vec<_>>().join("/");
        let text = text.chars().map(|c| if c == 'm' { c } else { swap_char(c) }).collect();
        Pattern { text, ranks }
    }

    /// Whether `board` (`width` x `height`, the variant's) matches;
    /// `has_a`: the variant has a man lettered `a`. `buffer` holds the
    /// ranks' texts, made only when a rank is tried.
    pub fn matches(&self, board: &Board, width: u8, height: u8, has_a: bool) -> bool {
        if self.ranks.len() != usize::from(height) {
            return false;
        }
        let mut text = [EMPTY; 16];
        self.ranks.iter().enumerate().all(|(i, rank)| {
            let r = height - 1 - i as u8;
            let row = text.get_mut(..usize::from(width)).unwrap_or_default();
            for (f, slot) in row.iter_mut().enumerate() {
                *slot = Square::new(f as u8, r).and_then(|s| board.piece_at(s)).map_or(EMPTY, |p| {
                    let c = p.role.fen_char() as u8;
                    if p.color == Color::White {
                        c.to_ascii_uppercase()
                    } else {
                        c
                    }
                });
            }
            here(rank, row, has_a)
        })
    }
}

fn swap_char(c: char) -> char {
    if c.is_ascii_uppercase() {
        c.to_ascii_lowercase()
    } else {
        c.to_ascii_uppercase()
    }
}

fn parse_rank(rank: &str) -> Result<Vec<Token>, String> {
    let mut out = Vec::new();
    let mut chars = rank.bytes().peekable();
    while let Some(c) = chars.next() {
        let token = match c {
            b'?' => Token::Any,
            b'!' => Token::Occupied,
            b'*' => Token::Star,
            b'1'..=b'9' => {
                let mut n = usize::from(c - b'0');
                while let Some(d) = chars.next_if(u8::is_ascii_digit) {
                    n = n * 10 + usize::from(d - b'0');
                }
                Token::Empty(n)
            }
            b'[' => {
                let negated = chars.next_if_eq(&b'^').is_some();
                let mut men = Vec::new();
                loop {
                    match chars.next() {
                        Some(b']') => break,
                        Some(m) if is_man(m) => men.push(m),
                        Some(m) => return Err(format!("{:?} inside [...]: only men's letters", char::from(m))),
                        None => return Err("a `[` without its `]`".to_string()),
                    }
                }
                if men.is_empty() {
                    return Err("an empty [...]".to_string());
                }
                Token::Class { negated, men }
            }
            c if is_man(c) => Token::Man(c),
            c => return Err(format!("{:?} is not a pattern symbol (? ! * [ ] ^, a number, a man)", char::from(c))),
        };
        out.push(token);
    }
    if out.is_empty() {
        return Err("an empty rank".to_string());
    }
    Ok(out)
}

/// Whether `c` names a man in a pattern: a FEN letter of some variant,
/// `W`/`w` (`A`/`a`) any white/black man, `m` any man but a pawn.
fn is_man(c: u8) -> bool {
    b"KQRBNPACTSWkqrbnpactswm".contains(&c)
}

/// Whether pattern man `p` fits the square's text `t`.
fn one(p: u8, t: u8, has_a: bool) -> bool {
    match p {
        _ if p == t => true,
        b'W' => t.is_ascii_uppercase(),
        b'w' => t.is_ascii_lowercase(),
        b'A' if !has_a => t.is_ascii_uppercase(),
        b'a' if !has_a => t.is_ascii_lowercase(),
        b'm' => t != EMPTY && !t.eq_ignore_ascii_case(&b'p'),
        _ => false,
    }
}

/// Pike's matcher: whether `pattern` matches all of `text`.
fn here(pattern: &[Token], text: &[u8], has_a: bool) -> bool {
    let Some((first, rest)) = pattern.split_first() else { return text.is_empty() };
    if *first == Token::Star {
        return (0..=text.len()).rev().any(|skip| text.get(skip..).is_some_and(|t| here(rest, t, has_a)));
    }
    let Some((&t, after)) = text.split_first() else { return false };
    match first {
        Token::Any => here(rest, after, has_a),
        Token::Occupied => t != EMPTY && here(rest, after, has_a),
        Token::Man(p) => one(*p, t, has_a) && here(rest, after, has_a),
        Token::Class { negated, men } => {
            let listed = t != EMPTY && men.iter().any(|&p| one(p, t, has_a));
            listed != *negated && here(rest, after, has_a)
        }
        Token::Empty(n) => {
            text.get(..*n).is_some_and(|e| e.iter().all(|&c| c == EMPTY))
                && text.get(*n..).is_some_and(|t| here(rest, t, has_a))
        }
        Token::Star => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Variant, VariantPosition};

    fn board(fen: &str, v: Variant) -> Board {
        VariantPosition::from_fen(fen, v).expect("fen").board().clone()
    }

    #[test]
    fn the_manual_examples() {
        let start = board("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", Variant::Chess);
        let p = Pattern::parse("rnbqkbnr/*/*/*/*/*/*/RNBQKBNR").expect("pattern");
        assert!(p.matches(&start, 8, 8, false));
        assert!(Pattern::parse("!!!!!!!!/aaaaaaaa/8/8/8/8/AAAAAAAA/[R][^Pp]??????")
            .expect("p")
            .matches(&start, 8, 8, false));
        assert!(!Pattern::parse("*/*/*/*/4P3/*/*/*").expect("p").matches(&start, 8, 8, false));
        assert!(!p.matches(&start, 10, 10, false));
        let e4 = board("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1", Variant::Chess);
        assert!(Pattern::parse("*/*/*/*/4P3/*/*/*").expect("p").matches(&e4, 8, 8, false));
        let black_e5 = Pattern::parse("*/*/*/4p3/*/*/*/*").expect("p");
        assert!(!black_e5.matches(&e4, 8, 8, false));
        let reversed = black_e5.reversed();
        assert_eq!(reversed.text(), "*/*/*/*/4P3/*/*/*");
        assert!(reversed.matches(&e4, 8, 8, false));
    }

    #[test]
    fn a_is_the_prince_in_hundred() {
        let fen = VariantPosition::start(Variant::Hundred).expect("start").fen();
        let b = board(&fen, Variant::Hundred);
        let top = fen.split('/').next().expect("rank");
        let whole = format!("{top}/*/*/*/*/*/*/*/*/*");
        assert!(Pattern::parse(&whole).expect("p").matches(&b, 10, 10, true));
        assert!(Pattern::parse("*a*/*/*/*/*/*/*/*/*/*").expect("p").matches(&b, 10, 10, true));
        assert!(!Pattern::parse("WWWWWWWWWW/*/*/*/*/*/*/*/*/*").expect("p").matches(&b, 10, 10, true));
        assert!(Pattern::parse("wwwwwwwwww/wwwwwwwwww/*/*/*/*/*/*/*/*").expect("p").matches(&b, 10, 10, true));
        assert!(Pattern::parse("x/8").is_err());
        assert!(Pattern::parse("[/8").is_err());
    }
}
