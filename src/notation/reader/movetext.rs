//! The reader's movetext: its tokens, the elements the scanner does not
//! read in one step (variations, comments, book punctuation, spaced throne
//! marks), the recovery inside a variation, and the Latin look-alikes of a
//! Cyrillic record.

use std::ops::ControlFlow::{self, Break, Continue};

use super::boundary::{closing, is_blank_before, memchr_newline, nul_padding};
use super::{starts_heading, Reader};
use crate::notation::ast::{
    GameRecord, LookAlikes, Man, ManMove, MoveMarks, MoveText, ReadNote, Span, SyntaxError, SyntaxErrorKind,
    SyntaxFault, Token, TokenKind,
};
use crate::notation::{lookalike, parse, scan};

impl Reader<'_> {
    /// Reads the movetext into `game`, whose text starts at `start` (its tags'
    /// start, for [`latin_lookalikes`]).
    pub(super) fn read_movetext(&mut self, game: &mut GameRecord, start: usize) -> Result<(), SyntaxError> {
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
    pub(super) fn fault(&self, error: SyntaxError, in_variation: bool) -> SyntaxFault {
        let typo = match error.kind {
            SyntaxErrorKind::UnknownToken => crate::notation::typo::explain(self.text, error.span.clone()),
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
        if m.letters() != Some(crate::notation::ast::Script::Latin) {
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
            m.script = Some(crate::notation::ast::Script::Cyrillic);
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
