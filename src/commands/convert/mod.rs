//! Conversion between Cyrillic and Latin letters and long and short style.
//! Only move tokens are rewritten (from the replayed position, so short moves
//! get exactly the disambiguation they need); every other byte — tags,
//! comments, NAGs, glyphs, move numbers, results, text between games — is
//! copied as it stands. A game that does not validate is copied unchanged
//! (or dropped) with its diagnostics, never half-converted.
#![expect(
    clippy::string_slice,
    reason = "every offset is a span the reader made on this text, or a cursor set to the end of one, so on char boundaries and in order (the `read` fuzz target checks it)"
)]

use crate::diag::{Code, Diagnostic, SourceFile};
use crate::notation::ast::{CheckMark, GameRecord, MoveText, PromotionForm, RollForm, Script, Span, Token, TokenKind};
use crate::notation::dice::roll_text;
use crate::notation::{mate_mark, promotion_form, write_move, Form, Found, Letters, Reader, Style};
use crate::output::wrap::{self, Fill};
use crate::replay::{replay_observed, Flow, GameReport, Observer, Options, Ply};
use crate::rules::{Role, Rules, Termination, VariantPosition};

pub mod eco;
mod shape;
pub use shape::{shape_source, AddTag, OutputForm, Shape, TagChoice};

// The choices are the command line's values too (`clap::ValueEnum`): one
// type per idea, no copy of it in the CLI. Their notes are `//`, not `///`,
// so that `--help` lists the values as before.

/// Letters of the output.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default, clap::ValueEnum)]
pub enum LettersChoice {
    #[default]
    Keep,
    Cyrillic,
    Latin,
}

/// Style of the output.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default, clap::ValueEnum)]
pub enum StyleChoice {
    #[default]
    Keep,
    Long,
    Short,
}

/// How the tenth file is lettered in the output.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default, clap::ValueEnum)]
pub enum FilesChoice {
    #[default]
    Keep,
    // `a`..`j`
    #[value(name = "a-j")]
    AJ,
    // `a`..`k`, as seed 000 writes
    #[value(name = "a-k")]
    AK,
}

/// How Dice chess rolls are written in the output.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default, clap::ValueEnum)]
pub enum RollsChoice {
    #[default]
    Keep,
    // In the letters of the output's moves: `<p N B>`, `<п К С>`.
    Letters,
    // `<1 2 3>`
    Digits,
}

#[derive(Copy, Clone, Debug, Default)]
pub struct ConvertOptions {
    /// How Dice chess rolls are written.
    pub rolls: RollsChoice,
    pub letters: LettersChoice,
    pub style: StyleChoice,
    pub files: FilesChoice,
    /// Drop games that do not validate instead of copying them.
    pub skip_invalid: bool,
    /// Write Grand games as pychess and Fairy-Stockfish do: Latin short
    /// moves, `=` before a promotion piece, `[Variant "Grand"]`, and
    /// `[SetUp "1"]` with a `[FEN]`. Other games are copied unchanged.
    pub pychess: bool,
    /// Write Chess games as standard PGN, as python-chess and pgn-extract
    /// export them: the Seven Tag Roster first, SAN with `O-O`, `=Q`, and
    /// `+`/`#` as the position has them. Other games are copied unchanged.
    pub pgn: bool,
    /// Write `=` before a promotion piece (`e10=Q`).
    pub promotion_equals: bool,
    /// Write a double check `+`, as SAN does, not `++`.
    pub single_plus: bool,
    /// Moves as PGN writes them: `O-O`, and `+`/`#` from the position, not
    /// the record (set by [`ConvertOptions::pgn`]).
    pub pgn_moves: bool,
    pub replay: Options,
}

/// The converted text and what was found on the way.
pub struct Converted {
    pub text: String,
    /// Errors of the games copied unchanged or dropped.
    pub diagnostics: Vec<Diagnostic>,
    pub games: usize,
    /// Games copied unchanged (or dropped) because they do not validate.
    pub invalid: usize,
}

/// Converts every game of a decoded file.
impl LettersChoice {
    /// The letters of a move written in `script` (`None`: a move with no
    /// letter the writers keep, a pawn's, written as the record's `letters`).
    pub fn for_move(self, script: Option<Script>, letters: Letters) -> Letters {
        match (self, script) {
            (LettersChoice::Cyrillic, _) => Letters::Cyrillic,
            (LettersChoice::Latin, _) => Letters::Latin,
            (LettersChoice::Keep, Some(Script::Cyrillic)) => Letters::Cyrillic,
            (LettersChoice::Keep, Some(Script::Latin)) => Letters::Latin,
            (LettersChoice::Keep, None) => letters,
        }
    }
}

pub fn convert_source(source: &SourceFile, options: &ConvertOptions) -> Converted {
    // The moves are written as the replay plays them (`MoveWriter`), and
    // when they change length (long to short form and back) the lines are
    // filled again as they are written (`Lines`). PGN export fills its 75
    // columns, as pgn-extract, once the game is written.
    let fill = (options.style != StyleChoice::Keep && !options.pgn && !options.pychess).then_some(wrap::WIDTH);
    let mut writer = MoveWriter { options: move_options(options), text: &source.text, fill, ..MoveWriter::default() };
    // PGN export writes a game that does not validate as far as it was
    // replayed (`shape::write_prefix`), a game of another variant not at all.
    let invalid = match (options.skip_invalid, options.pgn) {
        (true, _) => Invalid::Skip,
        (false, true) => Invalid::Write,
        (false, false) => Invalid::Copy,
    };
    transform_with(
        source,
        options.replay,
        Policy { invalid, between: true },
        &mut writer,
        |text, GameIn { record, report, .. }, writer, out| {
            if let Some(refused) = wrong_variant(options, record, report) {
                return Err(refused);
            }
            if !report.is_valid() {
                shape::write_prefix(text, record, report, options, writer, out);
                return Ok(());
            }
            let start = out.len();
            write_game(text, record, report, options, writer, out);
            let width = if options.pgn {
                Some(wrap::PGN_WIDTH)
            } else {
                matches!(writer.lines, Lines::Later).then_some(wrap::WIDTH)
            };
            if let Some(width) = width {
                wrap::rewrap_game_to(out, start, width);
            }
            if fill.is_some() || options.pgn {
                wrap::crlf_line_ends(out, start, &text[record.span.clone()]);
            }
            Ok(())
        },
    )
}

/// `pychess` exports Grand games and `pgn` Chess games: a game of another
/// variant is an error (it is copied unchanged, as an invalid game is).
fn wrong_variant(options: &ConvertOptions, record: &GameRecord, report: &GameReport) -> Option<Diagnostic> {
    // The export targets are the rules' (`pychess_export`, `pgn_records`).
    let (name, wanted, exported, hint): (_, _, fn(&Rules) -> bool, _) = if options.pychess {
        ("pychess", "Grand games", |r| r.pychess_export, "grand")
    } else if options.pgn {
        ("pgn", "Chess and Chess960 games", |r| r.pgn_records, "chess")
    } else {
        return None;
    };
    let variant = report.variant?;
    if variant.rules().is_ok_and(exported) {
        return None;
    }
    let at = record.span.start;
    Some(
        Diagnostic::new(
            Code::UnsupportedVariant,
            at..at,
            format!("--to {name} exports {wanted}; this game is {variant}"),
        )
        .help(format!("convert it without --to, or give --variant {hint} if it is such a game without a Variant tag")),
    )
}

/// Runs `write` on every game of a file that validates, copying everything
/// else — text between games, and games that do not validate (unless
/// `skip_invalid`), with their errors as diagnostics — as it stands.
/// `write` appends the game's text, from `record.span.start` to its end, or
/// writes nothing and refuses the game with a diagnostic: the game is then
/// invalid, as one that does not validate.
pub fn transform_source(
    source: &SourceFile,
    replay_options: Options,
    skip_invalid: bool,
    mut write: impl FnMut(&str, &GameRecord, &GameReport, &mut String) -> Result<(), Diagnostic>,
) -> Converted {
    transform_observed(source, replay_options, skip_invalid, &mut (), |text, record, report, (), out| {
        write(text, record, report, out)
    })
}

/// [`transform_source`] with `observer` seeing each game's replay
/// ([`Observer::begin`] starts each game), `write` getting it after.
pub fn transform_observed<O: Observer>(
    source: &SourceFile,
    replay_options: Options,
    skip_invalid: bool,
    observer: &mut O,
    mut write: impl FnMut(&str, &GameRecord, &GameReport, &mut O, &mut String) -> Result<(), Diagnostic>,
) -> Converted {
    let invalid = if skip_invalid { Invalid::Skip } else { Invalid::Copy };
    transform_with(source, replay_options, Policy { invalid, between: true }, observer, |text, game, o, out| {
        write(text, game.record, game.report, o, out)
    })
}

/// A game [`transform_with`] gives its `write`: its record, its report,
/// its index in the file.
pub(crate) struct GameIn<'a> {
    pub record: &'a GameRecord,
    pub report: &'a GameReport,
    pub index: usize,
}

/// What [`transform_with`] does with a game that does not validate.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Invalid {
    /// Copied as it stands.
    Copy,
    /// Left out.
    Skip,
    /// Given to `write` as a valid game is (its report says how far it
    /// was replayed); a game that cannot be read, or that `write`
    /// refuses, is left out.
    Write,
}

/// How [`transform_with`] treats what is not a valid game.
#[derive(Copy, Clone, Debug)]
pub(crate) struct Policy {
    pub invalid: Invalid,
    /// The text between games is copied (else `write` separates the games).
    pub between: bool,
}

/// [`transform_observed`] with the treatment of invalid games and of the
/// text between games chosen.
pub(crate) fn transform_with<O: Observer>(
    source: &SourceFile,
    replay_options: Options,
    policy: Policy,
    observer: &mut O,
    mut write: impl FnMut(&str, GameIn<'_>, &mut O, &mut String) -> Result<(), Diagnostic>,
) -> Converted {
    let skip_invalid = policy.invalid != Invalid::Copy;
    let text = source.text.as_str();
    let mut out = String::with_capacity(text.len() + text.len() / 8);
    let mut cursor = 0;
    let mut diagnostics = Vec::new();
    let (mut games, mut invalid) = (0, 0);
    let mut reader = Reader::new(text);
    let mut record = GameRecord::default();
    while let Some(found) = reader.read_into(&mut record) {
        let report = match found {
            Found::Game => Some(replay_observed(&record, games, replay_options, observer)),
            Found::Broken(e) => {
                let fate = if skip_invalid { "left out" } else { "copied unchanged" };
                diagnostics.push(
                    Diagnostic::new(Code::Syntax, e.span, format!("this game cannot be read; it is {fate}"))
                        .label("here")
                        .game(games),
                );
                None
            }
            Found::Stray(_) => continue,
        };
        if policy.between {
            out.push_str(&text[cursor..record.span.start]);
        }
        // Bytes that are no character: a warning (see validate).
        crate::commands::validate::lost_bytes(text, &record.span, games, &mut diagnostics);
        // `Err(None)`: the game does not validate; `Err(Some(d))`: `write` refused it.
        let written = match &report {
            Some(r) if r.is_valid() => {
                write(text, GameIn { record: &record, report: r, index: games }, observer, &mut out).map_err(Some)
            }
            Some(r) if policy.invalid == Invalid::Write => {
                match write(text, GameIn { record: &record, report: r, index: games }, observer, &mut out) {
                    Ok(()) => {
                        invalid += 1;
                        diagnostics.extend(r.diagnostics.iter().filter(|d| d.is_error()).cloned());
                        Ok(())
                    }
                    Err(refused) => Err(Some(refused)),
                }
            }
            _ => Err(None),
        };
        match written {
            Ok(()) => {}
            Err(refused) => {
                invalid += 1;
                match (refused, report) {
                    (Some(d), _) => diagnostics.push(d.game(games)),
                    (None, Some(report)) => {
                        diagnostics.extend(report.diagnostics.into_iter().filter(Diagnostic::is_error));
                    }
                    (None, None) => {}
                }
                if !skip_invalid {
                    out.push_str(&text[record.span.clone()]);
                } else {
                    // The game goes with the blank lines after it: one gap stays, not two.
                    let rest = &text[record.span.end..];
                    cursor = record.span.end + (rest.len() - rest.trim_start().len());
                    games += 1;
                    continue;
                }
            }
        }
        cursor = record.span.end;
        games += 1;
    }
    if policy.between {
        out.push_str(&text[cursor..]);
    }
    Converted { text: out, diagnostics, games, invalid }
}

/// Appends the game with its move tokens rewritten: the usual game's
/// movetext as the writer wrote it, filled or not ([`Lines`]); any other
/// from the writer's moves and the text of the file (its lines filled,
/// when they are to be, once it is written: [`Lines::Later`]).
fn write_game(
    text: &str,
    record: &GameRecord,
    report: &GameReport,
    options: &ConvertOptions,
    moves: &mut MoveWriter<'_>,
    out: &mut String,
) {
    // A game of another variant never comes here (`wrong_variant`).
    if options.pychess {
        // The rest of the game as the moves were written (`move_options`).
        let pychess = move_options(options);
        // Tags pychess needs, after the last tag.
        let mut extra = String::new();
        if record.tag("Variant").is_none() {
            extra.push_str("\n[Variant \"Grand\"]");
        }
        if record.tag("FEN").is_some() && record.tag("SetUp").is_none() {
            extra.push_str("\n[SetUp \"1\"]");
        }
        let mut game = String::new();
        write_game(text, record, report, &pychess, moves, &mut game);
        if let (false, Some(last)) = (extra.is_empty(), record.tags.last()) {
            let at = last.span.end - record.span.start;
            game.insert_str(at, &extra);
        }
        out.push_str(&game);
        return;
    }
    if options.pgn {
        let pgn = move_options(options);
        let mut game = String::new();
        write_game(text, record, report, &pgn, moves, &mut game);
        let tags_end = record.tags.last().map_or(0, |t| t.span.end - record.span.start);
        out.push_str(&roster_first(record));
        let mut movetext = game.get(tags_end..).unwrap_or_default().to_string();
        if record.tags.is_empty() {
            // A record without tags (as books print games): the roster's
            // last line end and the blank line before the moves.
            out.push_str("\n\n");
        }
        // PGN's export form has comments in braces only: a `;` comment (a
        // book's heading line) becomes one.
        let mut from = 0;
        for token in record.tokens.iter().filter(|t| t.kind == TokenKind::LineComment) {
            let written = text.get(token.span.clone()).unwrap_or_default();
            let Some(at) = movetext.get(from..).and_then(|m| m.find(written)).map(|i| from + i) else { continue };
            let inner = written.trim_start_matches(';').trim().replace('}', ")");
            let braced = if inner.is_empty() { String::new() } else { format!("{{{inner}}}") };
            movetext.replace_range(at..at + written.len(), &braced);
            from = at + braced.len();
        }
        // The result token in PGN's form (`1:0` is `1-0`): it ends the game.
        match record.result() {
            Some((token, outcome)) => {
                let written = text.get(token.span.clone()).unwrap_or_default();
                if written != outcome.pgn() && movetext.ends_with(written) {
                    movetext.truncate(movetext.len() - written.len());
                    movetext.push_str(outcome.pgn());
                }
            }
            None => {
                // PGN ends every game with one: the Result tag's (`*` when
                // there is none), after the moves, or a line of its own
                // after a `;` comment or the tags of a game without moves.
                let tag = record.tag("Result").and_then(crate::notation::ast::Outcome::from_text);
                let result = tag.map_or("*", |o| o.pgn());
                let end = movetext.trim_end().len();
                let sep = match record.tokens.last() {
                    None if !record.tags.is_empty() => "\n\n",
                    None => "",
                    Some(_) => " ",
                };
                movetext.insert_str(end, &format!("{sep}{result}"));
            }
        }
        out.push_str(&movetext);
        return;
    }
    // The writer worked both out for this game, with these options
    // (`move_options`: the inner ones of `--to`).
    let (ak_in, ak_out, rewrite) = (moves.ak_in, moves.ak_out, moves.rewrite);
    let mut cursor = record.span.start;
    // The Files tags follow the output's lettering: every one goes, and
    // `[Files "a-k"]` ends the tags when the output letters `k`.
    if ak_in != ak_out {
        let last = record.tags.len().checked_sub(1);
        // A game whose only tags are Files tags keeps one, saying the new
        // lettering: without a tag, what follows might read as no game (a
        // glyph, or nothing at all).
        let only_files = record.tags.iter().all(|t| t.name == "Files");
        for (i, tag) in record.tags.iter().enumerate() {
            let is_last = Some(i) == last;
            if tag.name == "Files" {
                out.push_str(&text[cursor..tag.span.start]);
                cursor = tag.span.end;
                if is_last && (ak_out || only_files) {
                    out.push_str(if ak_out { "[Files \"a-k\"]" } else { "[Files \"a-j\"]" });
                    continue;
                }
                // Its line end too, within the game (it may end with this tag).
                let rest = &text[cursor..record.span.end];
                if rest.starts_with("\r\n") {
                    cursor += 2;
                } else if rest.starts_with('\n') {
                    cursor += 1;
                }
            } else if ak_out && is_last {
                out.push_str(&text[cursor..tag.span.end]);
                out.push_str("\n[Files \"a-k\"]");
                cursor = tag.span.end;
            }
        }
    }
    // The new text of tokens, in text order: every move when rewriting (as
    // the replay wrote them into the writer's buffer), and the other tokens
    // written anew (`extra_texts`, appended to it); the texts are ranges of
    // that one buffer.
    let mut extra = extra_texts(record, report, options, rewrite, moves);
    if extra.is_empty() && moves.in_order && moves.pending.is_none() && ak_in == ak_out {
        // The usual game: its moves written in order with the text between
        // them, after its tags as they stand.
        out.push_str(&text[cursor..moves.stream_start]);
        moves.finish(record.span.end);
        out.push_str(&moves.buf);
        return;
    }
    // The rewritten moves and the other new texts, merged in text order.
    if let Lines::Fill { .. } = moves.lines {
        moves.lines = Lines::Later;
    }
    let buf = &moves.buf;
    let mut new = moves.new.clone();
    new.append(&mut extra);
    new.sort_by_key(|(span, _)| span.start);
    for (span, written) in new {
        push_gap(out, text, cursor, span.start, moves.options.pgn_moves);
        out.push_str(buf.get(written).unwrap_or_default());
        cursor = span.end;
    }
    out.push_str(book_space(text, cursor, record.span.end));
    out.push_str(&text[cursor..record.span.end]);
}

/// The texts of tokens written anew besides the moves, appended to the
/// writer's buffer: Royal's queen restorations in the letters asked for,
/// and the tokens written with look-alikes in their right form.
fn extra_texts(
    record: &GameRecord,
    report: &GameReport,
    options: &ConvertOptions,
    rewrite: bool,
    moves: &mut MoveWriter<'_>,
) -> Vec<(Span, std::ops::Range<usize>)> {
    let buf = &mut moves.buf;
    let mut extra: Vec<(Span, std::ops::Range<usize>)> = Vec::new();
    // Royal's queen restorations, in the letters asked for.
    if rewrite && options.letters != LettersChoice::Keep {
        for token in &record.tokens {
            if let TokenKind::Move { text: MoveText::Restoration { square }, .. } = &token.kind {
                let latin = options.letters == LettersChoice::Latin;
                let start = buf.len();
                buf.push_str(if latin { "S" } else { "Пс" });
                if let Some(s) = square {
                    buf.push(char::from(b'a' + s.file));
                    buf.push_str(&(u32::from(s.rank) + 1).to_string());
                }
                buf.push_str(if latin { "=Q" } else { "=Ф" });
                extra.push((token.span.clone(), start..buf.len()));
            }
        }
    }
    // The look-alikes the replay warned of (not a chess `e.p.`, see
    // `lookalike_warnings`) are written in their right form.
    let chess = report.variant.and_then(|v| v.rules().ok()).is_some_and(|r| r.pgn_records);
    for note in record.notes.iter().filter(|n| !(chess && n.read == crate::notation::ast::LookAlikes::EN_PASSANT)) {
        if let Some(token) = record.tokens.iter().find(|t| t.span == note.span) {
            let rewritten = moves.new.iter().chain(&extra).any(|(span, _)| *span == note.span);
            if !rewritten {
                let start = buf.len();
                buf.push_str(&note.right);
                extra.push((token.span.clone(), start..buf.len()));
            }
        }
    }
    extra
}

/// A space to write before the text from `cursor` to `end` when the move
/// written before it was read with a book's comma that touched the next
/// move number (`Сf8-c5,4.`): the comma goes, the space keeps them apart.
fn book_space(text: &str, cursor: usize, end: usize) -> &'static str {
    let touching = text.get(..cursor).is_some_and(|t| t.ends_with(','))
        && text.get(cursor..end).is_some_and(|gap| gap.starts_with(|c: char| c.is_ascii_digit()));
    if touching {
        " "
    } else {
        ""
    }
}

/// A space to write between a move number and the move that touches it
/// (`1.e4`, as people type) in PGN export, which writes `1. e4`: `gap` is
/// the text before the move.
fn number_space(gap: &str, pgn: bool) -> &'static str {
    if pgn && gap.ends_with(['.', '…']) {
        " "
    } else {
        ""
    }
}

/// Appends the text of the file between two tokens written anew, from
/// `from` to `to`, as it stands: with the space a book's comma leaves
/// ([`book_space`]) and, in PGN export, after a move number
/// ([`number_space`]).
fn push_gap(out: &mut String, text: &str, from: usize, to: usize, pgn_moves: bool) {
    let gap = text.get(from..to).unwrap_or_default();
    out.push_str(book_space(text, from, to));
    match gap {
        " " => out.push(' '),
        gap => out.push_str(gap),
    }
    out.push_str(number_space(gap, pgn_moves));
}

/// The options the moves of a game are written with: `--to pychess` and
/// `--to pgn` write Latin short moves of their own form.
fn move_options(options: &ConvertOptions) -> ConvertOptions {
    let export = ConvertOptions {
        letters: LettersChoice::Latin,
        style: StyleChoice::Short,
        files: FilesChoice::AJ,
        pychess: false,
        pgn: false,
        promotion_equals: true,
        single_plus: true,
        ..*options
    };
    if options.pychess {
        export
    } else if options.pgn {
        ConvertOptions { pgn_moves: true, ..export }
    } else {
        *options
    }
}

/// Writes the moves of a game as the replay plays them, every line in
/// token order, so that each move is played once: its text from the
/// position before it, its marks (with `pgn_moves`) from the position after;
/// and a Dice chess game's rolls as its turns begin.
#[derive(Default)]
struct MoveWriter<'a> {
    /// The text of the file.
    text: &'a str,
    options: ConvertOptions,
    /// The letters of the record's moves, and whether the record and the
    /// output letter the tenth file `k`.
    letters: Letters,
    ak_in: bool,
    ak_out: bool,
    /// The board was looked at: a board without a tenth file keeps the
    /// record's lettering ([`MoveWriter::board`]).
    board_seen: bool,
    /// Whether the moves are written at all (see `write_game`).
    rewrite: bool,
    buf: String,
    /// The spans of the rewritten tokens and their new text in `buf`.
    new: Vec<(Span, std::ops::Range<usize>)>,
    /// The move being written.
    pending: Option<Pending>,
    /// Room for the legal moves the short style looks at.
    legal: Vec<crate::rules::Move>,
    /// While the tokens come in text order (`in_order`), `buf` holds the
    /// game's text from `stream_start` (the end of its tags) to `cursor`
    /// as written: each token after the text between it and the last.
    in_order: bool,
    stream_start: usize,
    cursor: usize,
    /// The width to fill the lines to (when the moves change length).
    fill: Option<usize>,
    /// How the game's lines are laid out.
    lines: Lines,
}

/// How [`MoveWriter`] lays out a game's lines.
#[derive(Default)]
enum Lines {
    /// As they stand in the file.
    #[default]
    Keep,
    /// Filled as the game is written: its text in order, each move (a
    /// word) as it is written. `head`: the text before the movetext
    /// ([`wrap::head_len`]) is still to come, after a tag or not.
    Fill { fill: Fill, head: Option<bool> },
    /// As they stand while the game is written, then filled
    /// ([`wrap::rewrap_game_to`]): the game is not written in order, or
    /// its movetext does not start as the filling as it is written takes it.
    Later,
}

/// A move of [`MoveWriter`] waiting for its marks: its span, where its
/// text starts in the buffer, the mark and glyph written on it, its letters.
type Pending = (Span, usize, Option<CheckMark>, Option<crate::notation::ast::Glyph>, Letters);

impl MoveWriter<'_> {
    /// Whether the moves are rewritten: when their letters, style, tenth
    /// file or marks change.
    fn wants_rewrite(&self) -> bool {
        let o = &self.options;
        o.letters != LettersChoice::Keep
            || o.style != StyleChoice::Keep
            || self.ak_in != self.ak_out
            || o.promotion_equals
            || o.single_plus
    }

    /// The game's board, seen once: one without a tenth file (Chess, Dice
    /// chess) keeps the record's lettering, and no Files tag is added.
    fn board(&mut self, pos: &VariantPosition) {
        if !self.board_seen {
            self.board_seen = true;
            if pos.rules().width < 10 && self.ak_out != self.ak_in {
                self.ak_out = self.ak_in;
                self.rewrite = self.wants_rewrite();
            }
        }
    }

    /// Appends the text between the last token written and `token`, while
    /// the tokens come in order (and each move was played: its marks written).
    #[inline]
    fn gap(&mut self, token: &Token) {
        match self.text.get(self.cursor..token.span.start) {
            Some(gap) if self.in_order && self.pending.is_none() && token.span.start >= self.cursor => {
                let space = book_space(self.text, self.cursor, token.span.start);
                let filled = matches!(self.lines, Lines::Fill { .. })
                    && (space.is_empty() || self.fill_text(space, false))
                    && self.fill_text(gap, false);
                if !filled {
                    push_gap(&mut self.buf, self.text, self.cursor, token.span.start, self.options.pgn_moves);
                }
                self.cursor = token.span.end;
            }
            _ => self.in_order = false,
        }
    }

    /// Appends `text`, text of the file, filled ([`Lines::Fill`]): the
    /// text before the movetext first as it stands. `false`: not filled,
    /// and the lines as they stand from now on ([`MoveWriter::unfill`]);
    /// `text` is then still to be appended.
    fn fill_text(&mut self, text: &str, complete: bool) -> bool {
        let Lines::Fill { fill, head } = &mut self.lines else { return false };
        let mut text = text;
        if let Some(after_tag) = *head {
            let Some((before, movetext)) =
                wrap::head_len(text, after_tag, complete).and_then(|n| text.split_at_checked(n))
            else {
                self.unfill(Lines::Later);
                return false;
            };
            self.buf.push_str(before);
            text = movetext;
            *head = None;
        }
        if !fill.text(&mut self.buf, text) {
            self.unfill(Lines::Keep);
            return false;
        }
        true
    }

    /// Goes back to the lines as they stand, then `lines`: the game's text
    /// written so far is written again, from the text of the file and the
    /// moves written (`new`), as [`MoveWriter::gap`] writes it.
    #[cold]
    #[inline(never)]
    fn unfill(&mut self, lines: Lines) {
        let filled = std::mem::take(&mut self.buf);
        let mut at = self.stream_start;
        for (span, written) in &mut self.new {
            push_gap(&mut self.buf, self.text, at, span.start, self.options.pgn_moves);
            let start = self.buf.len();
            self.buf.push_str(filled.get(written.clone()).unwrap_or_default());
            *written = start..self.buf.len();
            at = span.end;
        }
        self.lines = lines;
    }

    /// Ends the filled movetext ([`Fill::end`]); `false` as
    /// [`MoveWriter::fill_text`].
    fn fill_end(&mut self) -> bool {
        let Lines::Fill { fill, .. } = &mut self.lines else { return false };
        if !fill.end(&mut self.buf) {
            self.unfill(Lines::Keep);
            return false;
        }
        true
    }

    /// Appends the rest of the game after the last token written, to `end`
    /// (filled, or as it stands).
    fn finish(&mut self, end: usize) {
        let space = book_space(self.text, self.cursor, end);
        let rest = self.text.get(self.cursor..end).unwrap_or_default();
        let trimmed = rest.trim_end();
        let filled = matches!(self.lines, Lines::Fill { .. })
            && (space.is_empty() || self.fill_text(space, true))
            && self.fill_text(trimmed, true)
            && self.fill_end();
        if filled {
            self.buf.push_str(rest.get(trimmed.len()..).unwrap_or_default());
        } else {
            self.buf.push_str(space);
            self.buf.push_str(rest);
        }
    }

    /// How rolls are written: `None` as they stand.
    fn roll_form(&self) -> Option<RollForm> {
        match (self.options.rolls, self.options.letters, self.letters) {
            (RollsChoice::Keep, ..) => None,
            (RollsChoice::Digits, ..) => Some(RollForm::Digits),
            (RollsChoice::Letters, LettersChoice::Cyrillic, _)
            | (RollsChoice::Letters, LettersChoice::Keep, Letters::Cyrillic) => Some(RollForm::Cyrillic),
            (RollsChoice::Letters, ..) => Some(RollForm::Latin),
        }
    }
}

/// Whether a promotion keeps the record's own form `form` (`=Q`, `(Q)`,
/// `/Q`, bare): in every variant but Dice chess, whose records take the
/// form of the style they are written in, as its oracle's renderings do
/// (`b1=N` in Latin short, `b2-b1К` in Cyrillic long): there the record's
/// form stays only when the style is kept and the form is not bare.
fn keeps_form(before: &VariantPosition, style: StyleChoice, form: PromotionForm) -> bool {
    !before.rules().rolled_turns || (style == StyleChoice::Keep && form != PromotionForm::Bare)
}

impl Observer for MoveWriter<'_> {
    fn begin(&mut self, record: &GameRecord, letters: Letters, ak_in: bool) -> Flow {
        self.ak_in = ak_in;
        self.ak_out = match self.options.files {
            FilesChoice::Keep => ak_in,
            FilesChoice::AJ => false,
            FilesChoice::AK => true,
        };
        self.letters = letters;
        self.rewrite = self.wants_rewrite();
        self.board_seen = false;
        self.buf.clear();
        self.new.clear();
        self.pending = None;
        self.stream_start = record.tags.last().map_or(record.span.start, |t| t.span.end);
        self.cursor = self.stream_start;
        self.in_order = true;
        // Not a game with a `;` comment, as the reader read it: it runs to
        // the end of its line, which must stay where it is (`2.; e3 ...` is
        // such a comment, though a filling that looked at the text alone
        // might take it for a throne mark). Nor an escape line or a dice
        // roll.
        self.lines = match self.fill {
            Some(width) if !record.move_marks().lines => {
                let tags = self.text.get(record.span.start..self.stream_start).unwrap_or_default();
                if wrap::tags_only(tags) {
                    Lines::Fill { fill: Fill::new(width), head: Some(!record.tags.is_empty()) }
                } else {
                    Lines::Later
                }
            }
            _ => Lines::Keep,
        };
        Flow::Continue(())
    }

    fn begin_turn(&mut self, before: &VariantPosition, roll: Option<([Role; 3], &Token)>) -> Flow {
        self.board(before);
        let (Some((roll, token)), Some(form)) = (roll, self.roll_form()) else { return Flow::Continue(()) };
        // (A game with a roll keeps its lines: `MoveMarks::lines`.)
        self.gap(token);
        let start = self.buf.len();
        self.buf.push_str(&roll_text(&roll, form));
        self.new.push((token.span.clone(), start..self.buf.len()));
        Flow::Continue(())
    }

    fn any_move(&mut self, before: &VariantPosition, ply: Ply, token: &Token) -> Flow {
        let TokenKind::Move { text: move_text, check, glyph } = &token.kind else { return Flow::Continue(()) };
        if !self.rewrite {
            return Flow::Continue(());
        }
        let options = &self.options;
        let (script, long) = match move_text {
            MoveText::Man(m) => (m.letters(), m.is_long()),
            _ => (None, true),
        };
        let letters = options.letters.for_move(script, self.letters);
        let long = match options.style {
            StyleChoice::Keep => long,
            StyleChoice::Long => true,
            StyleChoice::Short => false,
        };
        let style = if long { Style::Long } else { Style::Short };
        // The record's own form of a promotion, unless asked for `=`.
        let promotion = match move_text {
            _ if options.promotion_equals => PromotionForm::Equals,
            MoveText::Man(m) if m.promotion.is_some() && keeps_form(before, options.style, m.promotion_form) => {
                m.promotion_form
            }
            _ => promotion_form(letters, style),
        };
        let (pgn_castle, form) =
            (options.pgn_moves && ply.mv.is_castle(), Form { letters, style, promotion, files_ak: self.ak_out });
        self.gap(token);
        if let Lines::Fill { fill, .. } = &mut self.lines {
            fill.word_start(&mut self.buf);
        }
        let start = self.buf.len();
        write_move(before, ply.mv, form, &mut self.legal, &mut self.buf);
        if pgn_castle {
            // PGN's castling letter.
            let written = self.buf.split_off(start).replace('0', "O");
            self.buf.push_str(&written);
        }
        self.pending = Some((token.span.clone(), start, *check, *glyph, letters));
        Flow::Continue(())
    }

    fn any_played(&mut self, after: &VariantPosition) -> Flow {
        let Some((span, start, check, glyph, letters)) = self.pending.take() else { return Flow::Continue(()) };
        let buf = &mut self.buf;
        match (self.options.pgn_moves, after) {
            // The marks the position bears.
            (true, after) if after.is_checkmate() => buf.push('#'),
            (true, after) if after.checkers().any() => buf.push('+'),
            (true, _) => {}
            // Dice chess has no check: a `+` (the replay warned of it) goes.
            (false, after)
                if !after.has_check() && matches!(check, Some(CheckMark::Check | CheckMark::DoubleCheck)) => {}
            (false, _) => match check {
                Some(CheckMark::Check) => buf.push('+'),
                Some(CheckMark::DoubleCheck) => buf.push_str(if self.options.single_plus { "+" } else { "++" }),
                Some(CheckMark::Mate) => buf.push_str(mate_mark(letters)),
                None => {}
            },
        }
        match glyph {
            // PGN's export form: a glyph is its NAG, apart (`Bg4 $2`), as
            // pgn-extract writes it; the same annotation (`?` is NAG 2).
            Some(g) if self.options.pgn_moves => {
                buf.push_str(" $");
                buf.push_str(&g.nag().to_string());
            }
            Some(g) => buf.push_str(g.as_str()),
            None => {}
        }
        if let Lines::Fill { fill, .. } = &mut self.lines {
            fill.word_end(buf, start);
        }
        self.new.push((span, start..buf.len()));
        Flow::Continue(())
    }

    fn end(&mut self, main: &VariantPosition, _termination: Option<Termination>) -> Flow {
        // A game with no move.
        self.board(main);
        Flow::Continue(())
    }
}

/// The Seven Tag Roster of PGN, in its order.
const ROSTER: [(&str, &str); 7] = [
    ("Event", "?"),
    ("Site", "?"),
    ("Date", "????.??.??"),
    ("Round", "?"),
    ("White", "?"),
    ("Black", "?"),
    ("Result", "*"),
];

/// The Seven Tag Roster of a game, in its order: a missing tag with its
/// unknown value, the Result tag from the result token when missing and in
/// PGN's form (`1:0` is `1-0`).
fn roster_tags(record: &GameRecord) -> Vec<(&'static str, String)> {
    let result = record.result().map(|(_, o)| o.pgn());
    ROSTER
        .iter()
        .map(|&(name, unknown)| {
            let mut value = record.tag(name).or(if name == "Result" { result } else { None }).unwrap_or(unknown);
            if name == "Result" {
                value = crate::notation::ast::Outcome::from_text(value).map_or(value, |o| o.pgn());
            }
            (name, value.to_string())
        })
        .collect()
}

/// The tag lines of a game for PGN export: the Seven Tag Roster first, in
/// its order ([`roster_tags`]), then the other tags as they stand.
fn roster_first(record: &GameRecord) -> String {
    let mut out = String::new();
    for (name, value) in roster_tags(record) {
        out.push_str(&crate::notation::pgn::tag_pair(name, &value));
        out.push('\n');
    }
    for tag in record.tags.iter().filter(|t| !ROSTER.iter().any(|(n, _)| *n == t.name)) {
        out.push_str(&crate::notation::pgn::tag_pair(&tag.name, &tag.value));
        out.push('\n');
    }
    // The game's text after its last tag starts with that tag's line end.
    out.pop();
    out
}
