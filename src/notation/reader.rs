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

use std::ops::ControlFlow::{self, Break, Continue};

use super::ast::{
    GameRecord, LookAlikes, Man, ManMove, MoveMarks, MoveText, ReadNote, Span, SyntaxFault, Token, TokenKind,
};
pub use super::ast::{SyntaxError, SyntaxErrorKind};
use super::{lookalike, parse, scan};

mod boundary;

use boundary::{closing, is_blank_before, memchr_newline};
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

    /// Reads the movetext into `game`, whose text starts at `start` (its tags'
    /// start, for [`latin_lookalikes`]).
    fn read_movetext(&mut self, game: &mut GameRecord, start: usize) -> Result<(), SyntaxError> {
        // The marks of the moves, gathered as they are read: every token of
        // the record is pushed here (`read_into` cleared it).
        let mut marks = MoveMarks::default();
        let (mut depth, mut moves) = (0, false);
        // A token no element reads inside a variation costs the rest of
        // that variation, not the main line: reading goes on after its `)`.
        let read = loop {
            match self.movetext_tokens(game, &mut marks, depth, moves) {
                Ok(()) => break Ok(()),
                Err((e, open, moved)) if open > 0 && self.skip_variation(&e, game) => {
                    game.faults.push(self.fault(e, true));
                    (depth, moves) = (open - 1, moved);
                }
                Err((e, ..)) => break Err(e),
            }
        };
        let tags = self.text.get(start..self.pos).unwrap_or_default();
        if marks.latin && latin_lookalikes(self.text, game, (!marks.cyrillic).then_some(tags)) {
            // Every Latin letter is read as the Cyrillic one.
            marks.latin = false;
        }
        game.set_read_marks(marks);
        read
    }

    /// Reads the movetext's tokens into `game` from the current position,
    /// `depth` variations open and `moves` whether a move was read: up to
    /// the end of the game, or a syntax error (with the depth and `moves`
    /// where it stood, for [`Self::read_movetext`] to read on).
    fn movetext_tokens(
        &mut self,
        game: &mut GameRecord,
        marks: &mut MoveMarks,
        mut depth: usize,
        mut moves: bool,
    ) -> Result<(), (SyntaxError, usize, bool)> {
        let bytes = self.text.as_bytes();
        // The place, kept here from token to token (in a register, not
        // stored and loaded again through `self.pos` on every token: the
        // next token's place waits on it); `self.pos` is set from it before
        // anything that reads it, and read back after anything that moves it.
        let mut pos = self.pos;
        loop {
            pos = self.space_end(pos);
            let start = pos;
            let Some(rest) = bytes.get(start..) else {
                self.pos = pos;
                return Ok(());
            };
            let Some(&c) = rest.first() else {
                self.pos = pos;
                return Ok(());
            };
            // The common elements first, read straight into their token:
            // the same as `scan::element_into` reads for them.
            match c {
                b'a'..=b'k' | b'A'..=b'Z' | 0xD0 => {
                    if let Some(plain) = scan::plain_move(rest) {
                        moves = true;
                        marks.files |= plain.marks.files;
                        marks.cyrillic |= plain.marks.cyrillic;
                        marks.latin |= plain.marks.latin;
                        let odd = plain.odd;
                        // A king move with no check mark or glyph may take a
                        // throne mark written apart: looked for once the
                        // token is pushed (the token is built in place).
                        let end = start + plain.len;
                        // (Told by `&`, not by a branch at each test:
                        // a king's move comes unpredictably.)
                        let king = Self::may_take_spaced_throne(&plain.m)
                            & plain.check.is_none()
                            & plain.glyph.is_none()
                            & scan::may_be_spaced_throne(bytes, end);
                        pos = end;
                        game.tokens.push(Token { kind: plain.kind(), span: start..end });
                        if king || !odd.is_empty() {
                            self.pos = pos;
                            self.after_plain_move(game, king, odd, marks);
                            pos = self.pos;
                        }
                        continue;
                    }
                }
                b'0'..=b'9' if !matches!(rest.get(1), Some(b'/' | b'-' | b':')) => {
                    if let Some((len, read, number, black)) = scan::number_parts(rest, depth == 0) {
                        // A blank line and move number 1 start the next game.
                        if number == 1 && !black && moves && depth == 0 && self.blank_line_before(start) {
                            self.pos = start;
                            return Ok(());
                        }
                        pos = start + len;
                        let span = start..pos;
                        if !read.is_empty() {
                            self.note(game, span.clone(), read);
                        }
                        game.tokens.push(Token { kind: TokenKind::MoveNumber { number, black }, span });
                        continue;
                    }
                }
                // A comment, the commonest punctuation, straight into its
                // token: its kind never goes through a returned value, which
                // the stack copied in overlapping halves that the processor
                // cannot forward to the loads after them (a store-forwarding
                // stall on every comment).
                b'{' => {
                    self.pos = start;
                    pos = start
                        + self
                            .delimited(rest, b'}', SyntaxErrorKind::UnterminatedComment)
                            .map_err(|e| (e, depth, moves))?;
                    game.tokens.push(Token { kind: TokenKind::Comment, span: start..pos });
                    continue;
                }
                _ => {}
            }
            self.pos = pos;
            if let ControlFlow::Break(end) = self.other_element(game, marks, c, &mut depth, &mut moves) {
                return end.map_err(|e| (e, depth, moves));
            }
            pos = self.pos;
        }
    }

    /// The elements the loop of [`Self::movetext_tokens`] leaves, at the
    /// current position (which starts with `c`): the end of the game or
    /// variation tokens, punctuation, `%` escapes and the rarer elements.
    /// `Break` with the end of the movetext, or the current position moved
    /// past the element read.
    #[inline(always)]
    fn other_element(
        &mut self,
        game: &mut GameRecord,
        marks: &mut MoveMarks,
        c: u8,
        depth: &mut usize,
        moves: &mut bool,
    ) -> ControlFlow<Result<(), SyntaxError>> {
        let start = self.pos;
        let rest = self.rest();
        match c {
            b'[' if self.at_line_start() => return Break(Ok(())),
            // Punctuation: no look-alikes.
            // A blank line and a `;` heading before move number 1
            // start the next game (records as books print them).
            b';' if *moves && *depth == 0 && self.after_blank_line() && starts_heading(rest) => return Break(Ok(())),
            b'<' | b'(' | b')' | b';' | b'$' => {
                let (len, kind) = match self.punctuation(rest, c) {
                    Ok(read) => read,
                    Err(e) => return Break(Err(e)),
                };
                match kind {
                    TokenKind::VariationStart => {
                        *depth += 1;
                        marks.variations = true;
                    }
                    TokenKind::VariationEnd => *depth = depth.saturating_sub(1),
                    TokenKind::LineComment | TokenKind::DiceRoll(_) => marks.lines = true,
                    _ => {}
                }
                self.pos += len;
                game.tokens.push(Token { kind, span: start..self.pos });
            }
            b'%' if self.at_line_start() => {
                let len = rest.find('\n').unwrap_or(rest.len());
                self.pos += len;
                marks.lines = true;
                game.tokens.push(Token { kind: TokenKind::Escape, span: start..self.pos });
            }
            _ => {
                let mut kind = TokenKind::Comment;
                let Some((mut len, mut read)) = scan::element_into(rest, *depth == 0, &mut kind) else {
                    return match self.no_element(game, marks, *depth == 0) {
                        // NUL padding ends the game; a book's comma or
                        // period was read with its move.
                        Some(true) => Break(Ok(())),
                        Some(false) => {
                            *moves = true;
                            Continue(())
                        }
                        None => Break(Err(SyntaxError { kind: SyntaxErrorKind::UnknownToken, span: self.word_span() })),
                    };
                };
                let mut done = false;
                match &mut kind {
                    // A blank line and move number 1 start the next game.
                    TokenKind::MoveNumber { number: 1, black: false }
                        if *moves && *depth == 0 && self.after_blank_line() =>
                    {
                        return Break(Ok(()));
                    }
                    // A bare `1` opening the first move, or before an
                    // ellipsis, is a move number without its period.
                    TokenKind::Move { text: MoveText::Ones(1), check: None, glyph: None }
                        if self.bare_one_is_number(game, rest) =>
                    {
                        self.bare_number(game, rest);
                        return Continue(());
                    }
                    TokenKind::Move { text, check: None, glyph: None } => {
                        *moves = true;
                        if let MoveText::Man(m) = text {
                            Self::spaced_throne(self.text, start, m, &mut len, &mut read);
                        }
                    }
                    TokenKind::Move { .. } => *moves = true,
                    TokenKind::Result(_) => done = true,
                    _ => {}
                }
                if let TokenKind::Move { text: MoveText::Man(m), .. } = &kind {
                    marks.add(m);
                }
                self.pos += len;
                let span = start..self.pos;
                if !read.is_empty() {
                    self.note(game, span.clone(), read);
                }
                game.tokens.push(Token { kind, span });
                if done {
                    return Break(Ok(()));
                }
            }
        }
        Continue(())
    }

    /// The rare part of a plain move just pushed (the last token): a throne
    /// mark written apart when `king` (see [`Self::spaced_throne`]), and the
    /// note of its look-alikes `odd`.
    #[cold]
    fn after_plain_move(&mut self, game: &mut GameRecord, king: bool, mut odd: LookAlikes, marks: &mut MoveMarks) {
        let Some(token) = game.tokens.last_mut() else { return };
        let start = token.span.start;
        let mut len = token.span.len();
        if let (true, TokenKind::Move { text: MoveText::Man(m), .. }) = (king, &mut token.kind) {
            if Self::spaced_throne(self.text, start, m, &mut len, &mut odd) {
                marks.add(m);
                token.span.end = start + len;
                self.pos = start + len;
            }
        }
        if !odd.is_empty() {
            self.note(game, start..start + len, odd);
        }
    }

    /// What is at the current position when no element reads there: NUL
    /// padding to the end of the text or a game boundary (`Some(true)`: the
    /// game ends before it), or a move with a book's comma or period after
    /// it (`e7-e5,`, `Сf8-c5,4.`, `Фg6-h6.`), then read as that move with a
    /// `book_punctuation` note (`Some(false)`); else `None`, a syntax error.
    #[cold]
    #[inline(never)]
    fn no_element(&mut self, game: &mut GameRecord, marks: &mut MoveMarks, top_level: bool) -> Option<bool> {
        let bytes = self.text.as_bytes();
        if bytes.get(self.pos) == Some(&0) {
            return nul_padding(bytes, self.pos).map(|_| true);
        }
        let rest = self.rest();
        if self.bare_number(game, rest) || self.apart_ellipsis(game, rest) {
            return Some(false);
        }
        let (len, kind, read) = book_punctuated(rest, top_level)?;
        if let TokenKind::Move { text: MoveText::Man(m), .. } = &kind {
            marks.add(m);
        }
        let start = self.pos;
        let span = start..start + len;
        let token = rest.get(..len - 1).unwrap_or_default();
        let right = lookalike::right_form(token, read);
        game.notes.push(ReadNote { span: span.clone(), read: read | LookAlikes::BOOK_PUNCTUATION, right });
        game.tokens.push(Token { kind, span });
        self.pos = start + len;
        Some(false)
    }

    /// The rest of the variation in which `error` stands, skipped: from the
    /// error to the `)` that closes it (nested variations, comments and
    /// `;` comments passed over), which is pushed as its end. Whether there
    /// was one before the next game boundary or the end (else the position
    /// stays).
    #[cold]
    #[inline(never)]
    fn skip_variation(&mut self, error: &SyntaxError, game: &mut GameRecord) -> bool {
        if !matches!(error.kind, SyntaxErrorKind::UnknownToken | SyntaxErrorKind::NagOutOfRange) {
            return false;
        }
        let bytes = self.text.as_bytes();
        let mut i = error.span.start;
        let mut open = 1usize;
        while let Some(&c) = bytes.get(i) {
            match c {
                b'{' => match bytes.get(i..).map(|rest| closing(rest, b'}')) {
                    Some(Ok(n)) => i += n,
                    _ => return false,
                },
                b';' if i == 0 || bytes.get(i - 1).is_some_and(u8::is_ascii_whitespace) => {
                    i += memchr_newline(bytes.get(i..).unwrap_or_default()).unwrap_or(0)
                }
                b'(' => open += 1,
                b')' => {
                    open -= 1;
                    if open == 0 {
                        game.tokens.push(Token { kind: TokenKind::VariationEnd, span: i..i + 1 });
                        self.pos = i + 1;
                        return true;
                    }
                }
                b'\n' if bytes.get(i + 1) == Some(&b'[') && is_blank_before(bytes, i) => return false,
                _ => {}
            }
            i += 1;
        }
        false
    }

    /// The fault `error` of the game being read, with a typo's message.
    #[cold]
    fn fault(&self, error: SyntaxError, in_variation: bool) -> SyntaxFault {
        let typo = match error.kind {
            SyntaxErrorKind::UnknownToken => super::typo::explain(self.text, error.span.clone()),
            _ => None,
        };
        SyntaxFault { error, typo, in_variation }
    }

    /// Reads a move number without its period at the current position
    /// (`rest`), as PGN's import format allows (`2 Nf3`, `16 ... Kg7`):
    /// whether there was one.
    #[cold]
    fn bare_number(&mut self, game: &mut GameRecord, rest: &str) -> bool {
        let Some((len, number, black, read)) = scan::bare_number(rest) else { return false };
        let span = self.pos..self.pos + len;
        if !read.is_empty() {
            self.note(game, span.clone(), read);
        }
        game.tokens.push(Token { kind: TokenKind::MoveNumber { number, black }, span });
        self.pos += len;
        true
    }

    /// An ellipsis at the current position (`rest`) apart from White's move
    /// number before it, on the next line too (`18.` then `..Bb7`): the
    /// number is Black's, with the spaced-ellipsis look-alike note. Whether
    /// there was one.
    #[cold]
    fn apart_ellipsis(&mut self, game: &mut GameRecord, rest: &str) -> bool {
        let len = match rest.as_bytes() {
            [b'.', b'.', b'.', ..] | [0xE2, 0x80, 0xA6, ..] => 3,
            [b'.', b'.', ..] => 2,
            _ => return false,
        };
        let Some(token) = game.tokens.last_mut() else { return false };
        let TokenKind::MoveNumber { black: black @ false, .. } = &mut token.kind else { return false };
        *black = true;
        let span = token.span.start..self.pos + len;
        self.pos += len;
        self.note(game, span, LookAlikes::SPACED_ELLIPSIS);
        true
    }

    /// Whether a bare `1` at the current position (`rest`) is move number 1
    /// without its period rather than Hundred's second stage of castling:
    /// when an ellipsis follows it (`1 ... e5`), or when it opens the
    /// record's first move: no move number above 1 and at most one move read
    /// before it, and it starts the movetext or a variation (`1 e4 e5 2 Nf3`,
    /// `1. e4 (1 d4 d5)`). The second stage follows the first stage and the
    /// reply, so it never opens the first move (docs/notation.md).
    #[cold]
    #[inline(never)]
    fn bare_one_is_number(&self, game: &GameRecord, rest: &str) -> bool {
        if matches!(scan::bare_number(rest), Some((_, _, true, _))) {
            return true;
        }
        let skipped = |t: &&Token| {
            !matches!(t.kind, TokenKind::Comment | TokenKind::Nag(_) | TokenKind::LineComment | TokenKind::Escape)
        };
        let opens = match game.tokens.iter().rev().find(skipped) {
            None => true,
            Some(t) => matches!(t.kind, TokenKind::VariationStart),
        };
        let mut moves = 0;
        for t in &game.tokens {
            match t.kind {
                TokenKind::MoveNumber { number, .. } if number > 1 => return false,
                TokenKind::Move { .. } => moves += 1,
                _ => {}
            }
        }
        opens && moves <= 1
    }

    /// Whether `m` is a king move without a throne mark of its own: the only
    /// move a throne mark written apart can follow.
    #[inline(always)]
    fn may_take_spaced_throne(m: &ManMove) -> bool {
        m.man == Some(Man::King) && m.throne.is_none()
    }

    /// A king move `m` of `len` bytes at `start`, with no check mark or
    /// glyph, takes a throne mark written apart (`Крf8-f9 ; e3`): a look-alike.
    /// Whether it took one.
    #[inline]
    fn spaced_throne(text: &str, start: usize, m: &mut ManMove, len: &mut usize, read: &mut LookAlikes) -> bool {
        if Self::may_take_spaced_throne(m) {
            if let Some((sq, more)) = scan::spaced_throne(text, start + *len) {
                m.throne = Some(sq);
                *len += more;
                *read |= LookAlikes::SPACED_THRONE;
                return true;
            }
        }
        false
    }

    /// Notes the token at `span`, written with the look-alikes `read`.
    #[cold]
    fn note(&self, game: &mut GameRecord, span: Span, read: LookAlikes) {
        let token = self.text.get(span.clone()).unwrap_or_default();
        game.notes.push(ReadNote { span, read, right: lookalike::right_form(token, read) });
    }

    /// The length of the comment or dice roll at `rest` (the current
    /// position), up to its `close`: it ends before the next game boundary,
    /// or it is the error `kind`, which underlines its first line.
    fn delimited(&self, rest: &[u8], close: u8, kind: SyntaxErrorKind) -> Result<usize, SyntaxError> {
        match closing(rest, close) {
            Ok(n) => Ok(n + 1),
            Err(limit) => {
                let line = memchr_newline(rest.get(..limit).unwrap_or_default()).unwrap_or(limit);
                Err(SyntaxError { kind, span: self.pos..self.pos + line })
            }
        }
    }

    /// The punctuation element at `rest` (which starts with `c`: `< ( ) ; $`;
    /// a comment `{` is read in the loop): its length and kind.
    fn punctuation(&self, rest: &str, c: u8) -> Result<(usize, TokenKind), SyntaxError> {
        Ok(match c {
            b'<' => {
                let len = self.delimited(rest.as_bytes(), b'>', SyntaxErrorKind::UnterminatedDiceRoll)?;
                let faces = rest.get(..len).and_then(|t| parse::roll(t).ok()).filter(|(r, _)| r.is_empty());
                (len, TokenKind::DiceRoll(faces.map(|(_, roll)| roll)))
            }
            b'(' => (1, TokenKind::VariationStart),
            b')' => (1, TokenKind::VariationEnd),
            b';' => (memchr_newline(rest.as_bytes()).unwrap_or(rest.len()), TokenKind::LineComment),
            _ => match parse::nag(rest) {
                Ok((r, kind)) => (rest.len() - r.len(), kind),
                Err(_) => return Err(SyntaxError { kind: SyntaxErrorKind::NagOutOfRange, span: self.word_span() }),
            },
        })
    }
}

/// The Latin look-alikes of a record written in Cyrillic letters: when
/// every Latin piece letter among its moves is a `K` (not `Kp`, the king's
/// look-alike) or a `C`, each is read as the Cyrillic `К` (knight) or `С`
/// (bishop) that it looks like, with a `lookalike` note; a record that
/// writes any other Latin letter (`N`, `Q`, `=Q`) mixes the scripts, and
/// its `K` stays the king, its `C` Grand's marshal (docs/notation.md).
/// `all_latin`: the record has no Cyrillic letter (`Kg1-f3 ... Cf1-c4`,
/// typed on a Latin keyboard), with the text of its tags: read so only when
/// a `C` is among its letters (a Latin record of `K` moves alone keeps its
/// king) and the tags name no Grand chess, whose `C` is the marshal. Whether
/// it read them so. Stops at the first other Latin letter (a chess record's
/// first `N`).
#[cold]
#[inline(never)]
fn latin_lookalikes(text: &str, game: &mut GameRecord, all_latin: Option<&str>) -> bool {
    let mut found = Vec::new();
    let mut bishop = false;
    for (i, token) in game.tokens.iter().enumerate() {
        let TokenKind::Move { text: MoveText::Man(m), .. } = &token.kind else { continue };
        if m.letters() != Some(super::ast::Script::Latin) {
            continue;
        }
        let mut chars = text.get(token.span.clone()).unwrap_or_default().chars();
        let (first, second) = (chars.next(), chars.next());
        let king_letters = matches!(second, Some('p' | 'P' | 'р' | 'Р'));
        match (m.man, first) {
            (Some(Man::King), Some('K')) if !king_letters => found.push((i, Man::Knight)),
            (Some(Man::Marshal), Some('C')) => {
                bishop = true;
                found.push((i, Man::Bishop));
            }
            // A Latin record's letter: the scripts are mixed.
            _ => return false,
        }
    }
    if let Some(tags) = all_latin {
        if !bishop || names_grand(tags) {
            return false;
        }
    }
    for (i, man) in found {
        let Some(token) = game.tokens.get_mut(i) else { continue };
        if let TokenKind::Move { text: MoveText::Man(m), .. } = &mut token.kind {
            m.man = Some(man);
            m.script = Some(super::ast::Script::Cyrillic);
        }
        let span = token.span.clone();
        let written = text.get(span.clone()).unwrap_or_default();
        match game.notes.iter_mut().find(|n| n.span == span) {
            Some(note) => {
                note.read |= LookAlikes::LATIN_LETTER;
                note.right = lookalike::right_form(written, note.read);
            }
            None => game.notes.push(ReadNote {
                span,
                read: LookAlikes::LATIN_LETTER,
                right: lookalike::right_form(written, LookAlikes::LATIN_LETTER),
            }),
        }
    }
    game.notes.sort_by_key(|n| n.span.start);
    true
}

/// Whether the tag section `tags` has a Variant tag that names Grand chess.
fn names_grand(tags: &str) -> bool {
    tags.lines().filter_map(|l| scan::tag_pair(l.trim_start())).any(|(name, value, ..)| {
        name == "Variant" && (value.to_lowercase().contains("grand") || value.to_lowercase().contains("гранд"))
    })
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

/// A move with a book's comma or period after it, at the start of `text`
/// (where no element reads): the length with the mark, the move, and its
/// look-alikes. The comma (`e7-e5,`) may touch the next move number
/// (`Сf8-c5,4.`); the period ends the record (`Фg6-h6.`).
fn book_punctuated(text: &str, top_level: bool) -> Option<(usize, TokenKind, LookAlikes)> {
    let b = text.as_bytes();
    let word = b.iter().position(u8::is_ascii_whitespace).unwrap_or(b.len());
    let word_bytes = b.get(..word)?;
    let first_comma = memchr::memchr(b',', word_bytes);
    let last = word.checked_sub(1).filter(|&l| matches!(word_bytes.get(l), Some(b',' | b'.')));
    for at in [first_comma, last].into_iter().flatten() {
        let mark = *b.get(at)?;
        let after_ok = match b.get(at + 1) {
            Some(c) if mark == b',' && c.is_ascii_digit() => true,
            _ => scan::boundary(text, at + 1),
        };
        if !after_ok {
            continue;
        }
        let mut kind = TokenKind::Comment;
        let head = text.get(..at)?;
        match scan::element_into(head, top_level, &mut kind) {
            Some((len, read)) if len == at && matches!(kind, TokenKind::Move { .. }) => {
                return Some((at + 1, kind, read));
            }
            _ => {}
        }
    }
    None
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
