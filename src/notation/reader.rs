//! Splits a decoded text into games and tokenizes each one (syntax only).
//!
//! The reader is an iterator of [`Item`]s: a game, a game with a syntax error
//! (the reader then resynchronises at the next line that starts with `[`),
//! or text between games that is not a game. Nothing is skipped silently.
//! Time is linear in the input and the stack is bounded: variations are
//! flat `(`/`)` tokens.

use super::ast::{GameRecord, Span, Tag, Token, TokenKind};
use super::parse;

/// What went wrong in the syntax of a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SyntaxErrorKind {
    /// Text that is no token of the grammar.
    UnknownToken,
    /// `{` without its `}`.
    UnterminatedComment,
    /// `<` without its `>`.
    UnterminatedDiceRoll,
    /// A tag pair that does not follow `[Name "value"]`.
    BadTag,
    /// `$` with a number above 255.
    NagOutOfRange,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SyntaxError {
    pub kind: SyntaxErrorKind,
    pub span: Span,
}

/// One thing the reader found.
#[derive(Clone, Debug)]
pub enum Item {
    Game(GameRecord),
    /// A game cut short by a syntax error: the record up to the error.
    Broken(GameRecord, SyntaxError),
    /// Text between games that is not a game.
    Stray(Span),
}

pub struct Reader<'a> {
    text: &'a str,
    pos: usize,
}

impl<'a> Reader<'a> {
    pub fn new(text: &'a str) -> Reader<'a> {
        let pos = if text.starts_with('\u{feff}') { '\u{feff}'.len_utf8() } else { 0 };
        Reader { text, pos }
    }

    fn rest(&self) -> &'a str {
        &self.text[self.pos..]
    }

    fn at_line_start(&self) -> bool {
        self.pos == 0 || self.text.as_bytes()[self.pos - 1] == b'\n' || self.text[..self.pos].ends_with('\u{feff}')
    }

    /// Skips white space (a BOM in mid-file counts as white space).
    fn skip_space(&mut self) {
        let rest = self.rest();
        let trimmed = rest.trim_start_matches(|c: char| c.is_whitespace() || c == '\u{feff}');
        self.pos += rest.len() - trimmed.len();
    }

    /// Moves to the start of the next line that begins with `[`, or the end.
    fn resync(&mut self) {
        let bytes = self.text.as_bytes();
        let mut i = self.pos;
        while let Some(nl) = memchr_newline(&bytes[i..]) {
            i += nl + 1;
            if bytes.get(i) == Some(&b'[') {
                self.pos = i;
                return;
            }
        }
        self.pos = self.text.len();
    }

    /// The span of the run of non-blank characters at the current position.
    fn word_span(&self) -> Span {
        let rest = self.rest();
        let len = rest.find(char::is_whitespace).unwrap_or(rest.len());
        self.pos..self.pos + len
    }

    fn read_tags(&mut self, game: &mut GameRecord) -> Result<(), SyntaxError> {
        loop {
            self.skip_space();
            if !self.rest().starts_with('[') {
                return Ok(());
            }
            let start = self.pos;
            match parse::tag_pair(self.rest()) {
                Ok((rest, (name, value, value_at))) => {
                    let end = self.text.len() - rest.len();
                    let value_start = start + value_at;
                    game.tags.push(Tag {
                        name: name.to_string(),
                        value,
                        span: start..end,
                        value_span: value_start..end - 1,
                    });
                    self.pos = end;
                }
                Err(_) => {
                    let line_end = self.rest().find('\n').map_or(self.text.len(), |n| self.pos + n);
                    return Err(SyntaxError { kind: SyntaxErrorKind::BadTag, span: start..line_end });
                }
            }
        }
    }

    fn read_movetext(&mut self, game: &mut GameRecord) -> Result<(), SyntaxError> {
        loop {
            self.skip_space();
            let rest = self.rest();
            let Some(c) = rest.chars().next() else { return Ok(()) };
            if c == '[' && self.at_line_start() {
                return Ok(());
            }
            let start = self.pos;
            let (len, kind) = self.element(rest, c)?;
            self.pos += len;
            let done = matches!(kind, TokenKind::Result(_));
            game.tokens.push(Token { kind, span: start..self.pos });
            if done {
                return Ok(());
            }
        }
    }

    /// One movetext element at `rest` (which starts with `c`): its length and kind.
    fn element(&self, rest: &str, c: char) -> Result<(usize, TokenKind), SyntaxError> {
        let start = self.pos;
        let until = |close: char, kind: SyntaxErrorKind| match rest.find(close) {
            Some(n) => Ok(n + close.len_utf8()),
            None => Err(SyntaxError { kind, span: start..start + rest.len() }),
        };
        let line = || rest.find('\n').unwrap_or(rest.len());
        let simple = |len, kind| Ok((len, kind));
        match c {
            '{' => simple(until('}', SyntaxErrorKind::UnterminatedComment)?, TokenKind::Comment),
            '<' => simple(until('>', SyntaxErrorKind::UnterminatedDiceRoll)?, TokenKind::DiceRoll),
            '(' => simple(1, TokenKind::VariationStart),
            ')' => simple(1, TokenKind::VariationEnd),
            ';' => simple(line(), TokenKind::LineComment),
            '%' if self.at_line_start() => simple(line(), TokenKind::Escape),
            '$' => match parse::nag(rest) {
                Ok((r, kind)) => simple(rest.len() - r.len(), kind),
                Err(_) => Err(SyntaxError { kind: SyntaxErrorKind::NagOutOfRange, span: self.word_span() }),
            },
            _ => {
                let parsed = parse::result(rest)
                    .or_else(|_| parse::move_number(rest))
                    .or_else(|_| parse::move_token(rest))
                    .or_else(|_| nom::Parser::parse(&mut nom::combinator::map(parse::glyph, TokenKind::Glyph), rest));
                match parsed {
                    Ok((r, kind)) => simple(rest.len() - r.len(), kind),
                    Err(_) => Err(SyntaxError { kind: SyntaxErrorKind::UnknownToken, span: self.word_span() }),
                }
            }
        }
    }

    fn looks_like_movetext(&self) -> bool {
        parse::move_number(self.rest()).is_ok()
    }
}

fn memchr_newline(bytes: &[u8]) -> Option<usize> {
    bytes.iter().position(|&b| b == b'\n')
}

impl Iterator for Reader<'_> {
    type Item = Item;

    fn next(&mut self) -> Option<Item> {
        self.skip_space();
        // `%` escape lines between games belong to no game (PGN 6).
        while self.rest().starts_with('%') && self.at_line_start() {
            self.pos += self.rest().find('\n').unwrap_or(self.rest().len());
            self.skip_space();
        }
        if self.pos >= self.text.len() {
            return None;
        }
        let start = self.pos;
        let starts_game = self.rest().starts_with('[') || self.looks_like_movetext();
        if !starts_game {
            // Text between games: up to the next line starting with `[` or a move number.
            let bytes = self.text.as_bytes();
            let mut i = self.pos;
            let mut end = self.text.len();
            while let Some(nl) = memchr_newline(&bytes[i..]) {
                i += nl + 1;
                let line = &self.text[i..];
                if line.starts_with('[') || parse::move_number(line.trim_start()).is_ok() {
                    end = i;
                    break;
                }
            }
            self.pos = end;
            let text = self.text[start..end].trim_end();
            return Some(Item::Stray(start..start + text.len()));
        }
        let mut game = GameRecord::default();
        let outcome = self.read_tags(&mut game).and_then(|()| self.read_movetext(&mut game));
        game.span = start..self.pos;
        match outcome {
            Ok(()) => Some(Item::Game(game)),
            Err(e) => {
                self.pos = e.span.end.max(self.pos).min(self.text.len());
                // Stay on char boundaries.
                while !self.text.is_char_boundary(self.pos) {
                    self.pos += 1;
                }
                self.resync();
                game.span = start..self.pos;
                Some(Item::Broken(game, e))
            }
        }
    }
}
