//! Splits a decoded text into games and tokenizes each one (syntax only).
//!
//! The reader is an iterator of [`Item`]s: a game, a game with a syntax error
//! (the reader then resynchronises at the next line that starts with `[`,
//! or after a blank line at move number 1 or a `;` heading; the moves read
//! before the error stay the game's, and an error inside a variation costs
//! only the rest of that variation), or text between games that is not a
//! game. Nothing is skipped silently.
//! Time is linear in the input and the stack is bounded: variations are
//! flat `(`/`)` tokens.
//!
//! A *game boundary* is a line that starts with `[` after a blank line. No
//! token crosses one: a comment `{…}` or dice roll `<…>` that would is
//! unterminated, and the reader resumes at the boundary. So a text can be
//! cut at boundaries ([`next_boundary`]) and read in chunks, in parallel,
//! with the items reading it whole gives (grammar/README.md).

use super::ast::{GameRecord, Span, TokenKind};
pub use super::ast::{SyntaxError, SyntaxErrorKind};
use super::{parse, scan};

mod boundary;
mod movetext;

use boundary::{is_blank_before, memchr_newline};
pub use boundary::{is_nul_padding, last_boundary, next_boundary, nul_padding};

/// One thing the reader found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Item {
    Game(GameRecord),
    /// A game with a syntax error (the first of [`GameRecord::faults`], or
    /// its tags'): the record holds what was read around it.
    Broken(GameRecord, SyntaxError),
    /// Text between games that is not a game.
    Stray(Span),
}

impl Item {
    /// The item with every span moved `by` bytes on: an item read from a
    /// chunk of a text, placed back in the whole.
    pub fn shifted(mut self, by: usize) -> Item {
        let shift = |s: &mut Span| *s = s.start + by..s.end + by;
        match &mut self {
            Item::Game(g) | Item::Broken(g, _) => {
                shift(&mut g.span);
                g.tags.iter_mut().for_each(|t| {
                    shift(&mut t.span);
                    shift(&mut t.value_span);
                });
                g.tokens.iter_mut().for_each(|t| shift(&mut t.span));
                g.notes.iter_mut().for_each(|n| shift(&mut n.span));
                g.faults.iter_mut().for_each(|f| shift(&mut f.error.span));
            }
            Item::Stray(s) => shift(s),
        }
        if let Item::Broken(_, e) = &mut self {
            shift(&mut e.span);
        }
        self
    }

    /// The bytes of the text the item covers.
    pub fn span(&self) -> Span {
        match self {
            Item::Game(g) | Item::Broken(g, _) => g.span.clone(),
            Item::Stray(s) => s.clone(),
        }
    }
}

/// What a byte may start, for [`Reader::skip_space`]: ASCII white space,
/// the lead byte of a Unicode space or of the BOM, or neither (0).
const ASCII_SPACE: u8 = 1;
const OTHER_SPACE: u8 = 2;
static SPACE_BYTE: [u8; 256] = {
    let mut t = [0; 256];
    let mut rest: &mut [u8] = &mut t;
    let mut c: u8 = 0;
    while let Some((class, tail)) = rest.split_first_mut() {
        *class = match c {
            b' ' | b'\t' | b'\n' | b'\r' | 0x0B | 0x0C => ASCII_SPACE,
            0xC2 | 0xE1..=0xE3 | 0xEF => OTHER_SPACE,
            _ => 0,
        };
        c = c.wrapping_add(1);
        rest = tail;
    }
    t
};

/// The most tags a tag section spread over paragraphs may have: beyond,
/// a blank line ends it (and reading stays linear).
const MAX_TAGS_APART: usize = 64;

pub struct Reader<'a> {
    text: &'a str,
    pos: usize,
    /// The names of the tags kept in a record (`None`: every tag).
    keep: Option<&'a [&'a str]>,
}

impl<'a> Reader<'a> {
    pub fn new(text: &'a str) -> Reader<'a> {
        let pos = if text.starts_with('\u{feff}') { '\u{feff}'.len_utf8() } else { 0 };
        Reader { text, pos, keep: None }
    }

    /// Keeps in each record only the tags named in `names`, for a caller
    /// that reads no other (validate: the ones the replay reads). Every tag
    /// pair is still read, a bad one is the same syntax error and the
    /// record's span the same; the others are not copied into the record.
    pub fn keep_tags(mut self, names: &'a [&'a str]) -> Reader<'a> {
        self.keep = Some(names);
        self
    }

    /// Whether a tag named `name` is kept (see [`Reader::keep_tags`]).
    #[inline]
    fn keeps(&self, name: &str) -> bool {
        // The first byte first: most names are told by it, without a call
        // to compare the rest (five of the seven PGN tags are five letters).
        self.keep
            .is_none_or(|names| names.iter().any(|n| n.as_bytes().first() == name.as_bytes().first() && *n == name))
    }

    /// The text from the current position (always a char boundary: the
    /// position moves by whole chars, parsed prefixes and lines).
    fn rest(&self) -> &'a str {
        self.text.get(self.pos..).unwrap_or_default()
    }

    fn at_line_start(&self) -> bool {
        self.pos == 0
            || self.pos.checked_sub(1).and_then(|i| self.text.as_bytes().get(i)) == Some(&b'\n')
            || self.text.get(..self.pos).is_some_and(|before| before.ends_with('\u{feff}'))
    }

    /// Skips white space (a BOM in mid-file counts as white space).
    #[inline]
    fn skip_space(&mut self) {
        self.pos = self.space_end(self.pos);
    }

    /// The end of the white space at `i` (a BOM in mid-file counts as
    /// white space): a position, not a field, so that the movetext loop
    /// keeps its place in a register from token to token.
    #[inline(always)]
    fn space_end(&self, mut i: usize) -> usize {
        let b = self.text.as_bytes();
        // ASCII white space, by bytes; the lead bytes of the Unicode spaces
        // and of the BOM go the long way.
        while let Some(&c) = b.get(i) {
            // Most bytes are printable ASCII: told by one range test; the
            // rest by one table look-up.
            if c > b' ' && c < 0x80 {
                break;
            }
            match SPACE_BYTE.get(usize::from(c)) {
                Some(&ASCII_SPACE) => i += 1,
                Some(&OTHER_SPACE) => return self.other_space_end(i),
                _ => break,
            }
        }
        i
    }

    /// [`Reader::space_end`] from a character that may be Unicode white space.
    #[cold]
    fn other_space_end(&self, mut i: usize) -> usize {
        const BOM: &[u8] = "\u{feff}".as_bytes();
        // `i` moves by whole chars, so stays on a char boundary.
        loop {
            match super::space_len(self.text, i) {
                Some(len) => i += len,
                None if self.text.as_bytes().get(i) == BOM.first()
                    && self.text.as_bytes().get(i..i + BOM.len()) == Some(BOM) =>
                {
                    i += BOM.len()
                }
                None => break,
            }
        }
        i
    }

    /// Whether the white space before the current position holds a blank line.
    fn after_blank_line(&self) -> bool {
        self.blank_line_before(self.pos)
    }

    /// Whether the white space before `at` holds a blank line.
    fn blank_line_before(&self, at: usize) -> bool {
        let before = self.text.as_bytes().get(..at).unwrap_or_default();
        let space = before.iter().rev().take_while(|c| c.is_ascii_whitespace()).filter(|&&c| c == b'\n').count();
        space >= 2
    }

    /// Moves to the start of the next game after a syntax error: the next
    /// line that begins with `[`, or, after a blank line, one that begins
    /// with move number 1 or is a `;` heading before it; or the end.
    fn resync(&mut self) {
        let bytes = self.text.as_bytes();
        let mut i = self.pos;
        while let Some(nl) = bytes.get(i..).and_then(memchr_newline) {
            i += nl + 1;
            if bytes.get(i) == Some(&b'[') {
                self.pos = i;
                return;
            }
            if is_blank_before(bytes, i - 1) {
                let line = self.text.get(i..).unwrap_or_default();
                let indent = line.len() - line.trim_start_matches([' ', '\t']).len();
                let line = line.get(indent..).unwrap_or_default();
                if starts_first_move(line) || starts_heading(line) {
                    self.pos = i + indent;
                    return;
                }
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

    /// Reads the tag section into `game`: the end of its last tag pair, if any.
    fn read_tags(&mut self, game: &mut GameRecord) -> Result<Option<usize>, SyntaxError> {
        let mut last = None;
        let first = self.space_end(self.pos);
        loop {
            self.skip_space();
            if !self.rest().starts_with('[') {
                return Ok(last);
            }
            // A blank line and `[` are a game boundary, after a tag section
            // too: tag sections one after another are games without moves
            // (the rounds not yet played of a broadcast export); but not
            // inside one (ChessBase writes a blank line after `[Event]`).
            if last.is_some() && self.after_blank_line() && !self.tags_go_on(first) {
                return Ok(last);
            }
            let start = self.pos;
            if let Some((name, value, value_at, len)) = scan::tag_pair(self.rest()) {
                let end = start + len;
                if self.keeps(name) {
                    game.push_tag(name, value, start..end, start + value_at..end - 1);
                }
                self.pos = end;
                last = Some(end);
                continue;
            }
            match parse::tag_pair(self.rest()) {
                Ok((rest, (name, value, value_at))) => {
                    let end = self.text.len() - rest.len();
                    let value_start = start + value_at;
                    if self.keeps(name) {
                        game.push_tag(name, &value, start..end, value_start..end - 1);
                    }
                    self.pos = end;
                    last = Some(end);
                }
                Err(_) => {
                    let line_end = self.rest().find('\n').map_or(self.text.len(), |n| self.pos + n);
                    return Err(SyntaxError { kind: SyntaxErrorKind::BadTag, span: start..line_end });
                }
            }
        }
    }

    /// Whether the tag lines at the current position, after a blank line,
    /// go on the tag section that starts at `first`: they do not start with
    /// `Event` (where every game's tags start), and none of their names is
    /// one the section has.
    /// A section of more than [`MAX_TAGS_APART`] tags, or a line that is no
    /// tag pair, ends there.
    #[cold]
    #[inline(never)]
    fn tags_go_on(&self, first: usize) -> bool {
        let names = |text: &'a str| {
            text.lines()
                .map(|l| l.trim_start_matches([' ', '\t']))
                .take_while(|l| l.starts_with('['))
                .map(|l| scan::tag_pair(l).map(|(name, ..)| name))
        };
        if self.rest().starts_with("[Event ") {
            return false;
        }
        let before = self.text.get(first..self.pos).unwrap_or_default();
        let seen: Vec<Option<&str>> =
            before.lines().filter(|l| !l.trim().is_empty()).flat_map(names).take(MAX_TAGS_APART + 1).collect();
        if seen.len() > MAX_TAGS_APART || seen.contains(&None) {
            return false;
        }
        names(self.rest()).take(MAX_TAGS_APART).all(|name| name.is_some_and(|n| !seen.contains(&Some(n))))
    }
}

/// Whether `text` starts a game without tags: a move number, or a move
/// followed by another element (`e3-e5 e8-e6 *`, not the prose `e4 is good`).
fn starts_movetext(text: &str) -> bool {
    match scan::element(text, true) {
        Some(scan::Scanned { kind: TokenKind::MoveNumber { .. }, .. }) => true,
        Some(scan::Scanned { kind: TokenKind::Move { .. }, len, .. }) => {
            let next = text.get(len..).unwrap_or_default().trim_start();
            next.starts_with(['{', '(', '$', ';']) || scan::element(next, true).is_some()
        }
        _ => false,
    }
}

/// Whether `text` starts with White's move number 1 (`1.`).
fn starts_first_move(text: &str) -> bool {
    matches!(scan::number_parts(text.as_bytes(), true), Some((_, _, 1, false)))
}

/// Whether `text` starts with a heading: one or more `;` lines (`; Гамбит
/// Эванса. Морфи - Андерсен, Париж 1858`), the next line starting with move
/// number 1. A game without tags may start with one, and a blank line and
/// one end a game without a result (records as books print them).
pub fn starts_heading(text: &str) -> bool {
    let mut rest = text;
    while let Some(line) = rest.strip_prefix(';') {
        let Some(nl) = memchr_newline(line.as_bytes()) else { return false };
        rest = line.get(nl + 1..).unwrap_or_default().trim_start_matches([' ', '\t', '\r']);
    }
    rest.len() < text.len() && starts_first_move(rest)
}

/// What [`Reader::read_into`] found: the record it filled holds the game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Found {
    /// A game; one with syntax errors in its moves holds them
    /// ([`GameRecord::faults`]) and the tokens read around them: the
    /// replay plays those and reports the errors, so the moves before an
    /// error are kept in every output.
    Game,
    /// A game whose tags could not be read (the record holds the tags
    /// before the error).
    Broken(SyntaxError),
    /// Text between games that is not a game (the record is left empty).
    Stray(Span),
}

impl Reader<'_> {
    /// The next item, read into `game` (cleared first, its buffers kept):
    /// a caller reading many games allocates once, not per game. `None` at
    /// the end. The iterator gives the same items, each in a new record.
    pub fn read_into(&mut self, game: &mut GameRecord) -> Option<Found> {
        game.clear();
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
        let starts_game = self.rest().starts_with('[') || starts_movetext(self.rest()) || starts_heading(self.rest());
        if !starts_game {
            // Text between games: up to the next line starting with `[` or a move number.
            let bytes = self.text.as_bytes();
            let mut i = self.pos;
            let mut end = self.text.len();
            while let Some(nl) = bytes.get(i..).and_then(memchr_newline) {
                i += nl + 1;
                let line = self.text.get(i..).unwrap_or_default();
                let trimmed = line.trim_start();
                if line.starts_with('[') || starts_movetext(trimmed) || starts_heading(trimmed) {
                    end = i;
                    break;
                }
            }
            self.pos = end;
            let text = self.text.get(start..end).unwrap_or_default().trim_end();
            return Some(Found::Stray(start..start + text.len()));
        }
        let tags_end = match self.read_tags(game) {
            Ok(end) => end,
            Err(e) => {
                self.resume_after(&e);
                game.span = start..self.pos;
                return Some(Found::Broken(e));
            }
        };
        match self.read_movetext(game, start) {
            Ok(()) => {
                // The game ends with its last tag or token, not the white space after.
                let last = game.tokens.last().map(|t| t.span.end).or(tags_end);
                game.span = start..last.unwrap_or(self.pos);
            }
            Err(e) => {
                // The moves read before the error are the game's; the text
                // up to where reading resumes is its too.
                self.resume_after(&e);
                let fault = self.fault(e, false);
                // A typo that joins the move before it (`Кh2 - g4`): that
                // move is the typo's, not one of the game's.
                if let (Some((_, help)), Some(last)) = (&fault.typo, game.tokens.last()) {
                    let word = self.text.get(last.span.clone()).unwrap_or_default();
                    if help.starts_with(&format!("write `{word}")) {
                        game.tokens.pop();
                    }
                }
                game.faults.push(fault);
                game.span = start..self.pos;
            }
        }
        Some(Found::Game)
    }

    /// Moves to where reading resumes after the syntax error `e`.
    fn resume_after(&mut self, e: &SyntaxError) {
        if matches!(e.kind, SyntaxErrorKind::UnterminatedComment | SyntaxErrorKind::UnterminatedDiceRoll) {
            // Resume at the game boundary that ended the search, or the end.
            self.pos = next_boundary(self.text.as_bytes(), e.span.start).unwrap_or(self.text.len());
        } else {
            self.pos = e.span.end.max(self.pos).min(self.text.len());
            // Stay on char boundaries.
            while !self.text.is_char_boundary(self.pos) {
                self.pos += 1;
            }
            self.resync();
        }
    }
}

impl Iterator for Reader<'_> {
    type Item = Item;

    fn next(&mut self) -> Option<Item> {
        let mut game = GameRecord::default();
        Some(match self.read_into(&mut game)? {
            // A game with a syntax error: the record holds the moves read.
            Found::Game => match game.faults.first() {
                Some(fault) => {
                    let error = fault.error.clone();
                    Item::Broken(game, error)
                }
                None => Item::Game(game),
            },
            Found::Broken(e) => Item::Broken(game, e),
            Found::Stray(span) => Item::Stray(span),
        })
    }
}
