//! Shaping `convert`'s output: comments, NAGs, variations, tags, move
//! numbers, results and check marks left out; games cut at a ply; tags
//! added or mended; and the other forms (moves in UCI, EPD, FEN, JSON
//! lines). A shaped game is written anew from its record's tokens and the
//! one replay (the moves as [`MoveWriter`] wrote them, the positions as
//! [`Shaper`] saw them): never a second replay, never a second parse.
//!
//! A game that does not validate is written as far as it was replayed,
//! with a comment naming its first error and the result `*`; a game that
//! cannot be read is left out with its error.

use std::fmt::Write as _;
use std::ops::Range;

use super::{
    extra_texts, move_options, roster_tags, transform_with, wrong_variant, ConvertOptions, Converted, GameIn, Invalid,
    MoveWriter, Policy,
};
use crate::diag::{Code, Diagnostic, SourceFile};
use crate::notation::ast::{GameRecord, Outcome, Span, Token, TokenKind};
use crate::notation::fill::{Filler, WIDTH};
use crate::notation::pgn::tag_pair;
use crate::notation::Letters;
use crate::output::wrap::PGN_WIDTH;
use crate::replay::{DiceTurn, Flow, GameReport, Observer, Ply};
use crate::rules::{Bitboard, Color, Move, Role, Termination, VariantPosition};

/// The form of a shaped output.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub enum OutputForm {
    /// A game record (the record's notation, or PGN with `--to pgn`).
    #[default]
    Record,
    /// The record's tags and result around the main line's moves in UCI.
    Uci,
    /// One EPD line per position of the main line.
    Epd,
    /// One FEN line per game: its last position.
    Fen,
    /// One JSON object per game.
    Jsonl,
}

/// Which of the record's tags are written.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum TagChoice {
    #[default]
    All,
    None,
    /// The Seven Tag Roster, and the tags that say how to read the game
    /// (FEN, SetUp, Variant, Files, ThronePawn) where it has them.
    Seven,
    /// These tags, where the game has them (names match in any case).
    Only(Vec<String>),
}

/// A tag `--add-tags` adds.
#[derive(Copy, Clone, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum AddTag {
    // `PlyCount`: the plies written.
    #[value(name = "plycount")]
    PlyCount,
    // `FinalFEN`: the last position written.
    #[value(name = "final-fen")]
    FinalFen,
    // `HashCode`: the last position's hash, 16 hex digits.
    Hash,
    // `ECO` and `Opening` (Chess): the deepest position of the main line in lichess's table.
    Eco,
}

/// How to shape the output; the default shapes nothing.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Shape {
    pub form: OutputForm,
    pub no_comments: bool,
    pub no_nags: bool,
    pub no_variations: bool,
    pub no_move_numbers: bool,
    pub no_results: bool,
    pub no_checks: bool,
    pub tags: TagChoice,
    pub add_tags: Vec<AddTag>,
    /// Main-line plies left out at the start (the game then starts from a
    /// FEN tag).
    pub drop_plies: u32,
    /// At most this many main-line plies written.
    pub ply_limit: Option<u32>,
    /// A Result tag and result token the board contradicts are set from it.
    pub fix_results: bool,
    /// Date forms mended, empty roster tags `?`.
    pub fix_tags: bool,
    /// JSON lines: the FEN after each move.
    pub fens: bool,
    /// Each variation written as a game of its own after the game's main
    /// line (pgn-extract's `--splitvariants`).
    pub split_variations: bool,
}

impl Shape {
    /// Whether nothing is shaped.
    pub fn is_none(&self) -> bool {
        *self == Shape::default()
    }

    /// Whether games are separated by a blank line (all but the forms of
    /// a line a game).
    fn blank_between(&self) -> bool {
        matches!(self.form, OutputForm::Record | OutputForm::Uci | OutputForm::Epd)
    }
}

/// Converts and shapes every game of a decoded file.
pub fn shape_source(source: &SourceFile, options: &ConvertOptions, shape: &Shape) -> Converted {
    let mut shaper = Shaper::new(source, options, shape);
    let invalid = if options.skip_invalid { Invalid::Skip } else { Invalid::Write };
    let mut converted = transform_with(
        source,
        options.replay,
        Policy { invalid, between: false },
        &mut shaper,
        |text, GameIn { record, report, index }, shaper, out| {
            if let Some(refused) = wrong_variant(options, record, report) {
                return Err(refused);
            }
            let game = shaper.game(text, record, report, shape, index);
            // A blank line after each game (as pgn-extract writes them): a
            // file's games may be written in parts, each its own `out`.
            if !game.is_empty() {
                out.push_str(&game);
                if shape.blank_between() {
                    out.push('\n');
                }
            }
            Ok(())
        },
    );
    converted.diagnostics.append(&mut shaper.notes);
    converted.diagnostics.sort_by_key(|d| d.game);
    converted
}

/// Writes a game that does not validate (`--to pgn`): as far as it was
/// replayed, with a comment naming its first error, the result `*`; the
/// text of the file's game, from its first byte to its last, is replaced.
pub(super) fn write_prefix(
    text: &str,
    record: &GameRecord,
    report: &GameReport,
    options: &ConvertOptions,
    moves: &mut MoveWriter<'_>,
    out: &mut String,
) {
    let shape = Shape::default();
    let news = news(record, report, options, moves);
    let facts = Facts::default();
    let game = Game {
        text,
        record,
        report,
        shape: &shape,
        pgn: options.pgn,
        news: &news,
        buf: &moves.buf,
        facts: &facts,
        line: None,
    };
    let mut written = game.record_text();
    // The file's text after the game keeps the games apart.
    written.truncate(written.trim_end().len());
    out.push_str(&written);
}

/// The new texts of the tokens written anew, in text order.
fn news(
    record: &GameRecord,
    report: &GameReport,
    options: &ConvertOptions,
    moves: &mut MoveWriter<'_>,
) -> Vec<(Span, Range<usize>)> {
    let rewrite = moves.rewrite;
    let mut news = extra_texts(record, report, &move_options(options), rewrite, moves);
    news.extend(moves.new.iter().cloned());
    news.sort_by_key(|(span, _)| span.start);
    news
}

/// What the replay showed of a game's main line, kept for its shaping.
#[derive(Default)]
struct Facts {
    /// Each ply's side and move number, and its texts (ranges of `texts`):
    /// the move in UCI, the FEN after it (when wanted).
    plies: Vec<PlyFacts>,
    texts: String,
    /// The FEN before the first move (or of the position of a game without one).
    start: Range<usize>,
    /// The position after the main line as far as replayed.
    end: Range<usize>,
    end_hash: u64,
    end_termination: Option<Termination>,
    /// The opening of the deepest main-line position in the table (`--eco`).
    opening: Option<super::eco::Opening>,
}

#[derive(Clone)]
struct PlyFacts {
    side: Color,
    number: u32,
    uci: Range<usize>,
    /// The FEN before the ply (where wanted: [`Wants::fen_before`]) and after it.
    fen_before: Range<usize>,
    fen_after: Range<usize>,
    hash_after: u64,
}

/// What the replay must keep of each ply.
#[derive(Copy, Clone, Default)]
struct Wants {
    uci: bool,
    /// The FEN after every ply.
    fens: bool,
    /// The FEN before these plies (0-based).
    fen_before: [Option<usize>; 2],
    hashes: bool,
    eco: bool,
}

/// The replay's observer when shaping: the [`MoveWriter`] writing the
/// moves, and the [`Facts`] of the main line.
pub(super) struct Shaper<'a> {
    moves: MoveWriter<'a>,
    wants: Wants,
    facts: Facts,
    /// The first position written is still to come (a turn's start).
    from_pending: bool,
    /// The results set from the board (`--fix-results`), as warnings.
    notes: Vec<Diagnostic>,
}

impl<'a> Shaper<'a> {
    fn new(source: &'a SourceFile, options: &ConvertOptions, shape: &Shape) -> Shaper<'a> {
        let moves = MoveWriter { options: move_options(options), text: &source.text, ..MoveWriter::default() };
        let drop = shape.drop_plies as usize;
        let fens = matches!(shape.form, OutputForm::Epd) || (shape.form == OutputForm::Jsonl && shape.fens);
        let last = shape.ply_limit.map(|n| drop + n as usize);
        let wants = Wants {
            uci: matches!(shape.form, OutputForm::Uci | OutputForm::Jsonl),
            fens,
            fen_before: [Some(drop), last],
            hashes: shape.add_tags.contains(&AddTag::Hash),
            eco: shape.add_tags.contains(&AddTag::Eco),
        };
        Shaper { moves, wants, facts: Facts::default(), from_pending: false, notes: Vec::new() }
    }

    /// Writes a game in the shape asked for (empty: nothing to write).
    fn game(&mut self, text: &str, record: &GameRecord, report: &GameReport, shape: &Shape, index: usize) -> String {
        // A game shorter than the plies to leave out is left out (as
        // pgn-extract's --dropply does).
        if shape.drop_plies as usize > report.mainline.len() {
            return String::new();
        }
        let options = self.moves.options;
        let news = news(record, report, &options, &mut self.moves);
        let game = Game {
            text,
            record,
            report,
            shape,
            pgn: options.pgn_moves,
            news: &news,
            buf: &self.moves.buf,
            facts: &self.facts,
            line: None,
        };
        if let Some(note) = game.fixed_result() {
            self.notes.push(note.game(index));
        }
        match shape.form {
            OutputForm::Record if shape.split_variations => {
                let stop = game.error().map_or(usize::MAX, |d| d.span.start);
                let mut out = String::new();
                for (n, line) in split_lines(&record.tokens, stop).iter().enumerate() {
                    if n > 0 {
                        out.push('\n');
                        out.push_str(&Game { line: Some(line), ..game }.record_text());
                    } else {
                        out.push_str(&game.record_text());
                    }
                }
                out
            }
            OutputForm::Record | OutputForm::Uci => game.record_text(),
            OutputForm::Epd => game.epd(index),
            OutputForm::Fen => game.fen(),
            OutputForm::Jsonl => game.jsonl(index),
        }
    }

    fn push_fen(&mut self, pos: &VariantPosition) -> Range<usize> {
        let start = self.facts.texts.len();
        pos.write_fen(&mut self.facts.texts);
        start..self.facts.texts.len()
    }
}

impl Observer for Shaper<'_> {
    fn begin(&mut self, record: &GameRecord, letters: Letters, files_ak: bool) -> Flow {
        self.facts.plies.clear();
        self.facts.texts.clear();
        self.facts.start = 0..0;
        self.facts.end = 0..0;
        self.facts.opening = None;
        self.from_pending = false;
        self.moves.begin(record, letters, files_ak)
    }
    fn begin_turn(&mut self, before: &VariantPosition, roll: Option<([Role; 3], &Token)>) -> Flow {
        self.moves.begin_turn(before, roll)
    }
    fn before_move(&mut self, before: &VariantPosition, mv: Move) -> Flow {
        if self.facts.plies.is_empty() {
            self.facts.start = self.push_fen(before);
        }
        let start = self.facts.texts.len();
        if self.wants.uci {
            // Writing to a String cannot fail.
            let _ = crate::notation::write_uci(before, mv, &mut self.facts.texts);
        }
        let uci = start..self.facts.texts.len();
        let n = self.facts.plies.len();
        // The first position written starts a turn (Dice chess: `Game::window`).
        let turn_start = self.facts.plies.last().map(|p| p.side) != Some(before.turn());
        let first = self.wants.fen_before[0].is_some_and(|d| n == d || (n > d && turn_start && self.from_pending));
        self.from_pending = self.wants.fen_before[0] == Some(n) && !turn_start || self.from_pending && !first;
        let fen_before = if first || self.wants.fen_before[1] == Some(n) { self.push_fen(before) } else { 0..0 };
        let (side, number) = (before.turn(), before.fullmoves());
        self.facts.plies.push(PlyFacts { side, number, uci, fen_before, fen_after: 0..0, hash_after: 0 });
        Flow::Continue(())
    }
    fn after_move(&mut self, after: &VariantPosition, _checkers: Bitboard) -> Flow {
        if self.facts.plies.is_empty() {
            return Flow::Continue(());
        }
        let fen = self.wants.fens.then(|| self.push_fen(after));
        let hash = if self.wants.hashes { after.hash() } else { 0 };
        if self.wants.eco {
            if let Some(opening) = super::eco::name_of(after) {
                self.facts.opening = Some(opening);
            }
        }
        if let Some(ply) = self.facts.plies.last_mut() {
            ply.fen_after = fen.unwrap_or(0..0);
            ply.hash_after = hash;
        }
        Flow::Continue(())
    }
    fn end_turn(&mut self, after: &VariantPosition, turn: Option<&DiceTurn>) -> Flow {
        self.moves.end_turn(after, turn)
    }
    fn end(&mut self, main: &VariantPosition, termination: Option<Termination>) -> Flow {
        self.facts.end = self.push_fen(main);
        if self.facts.plies.is_empty() {
            self.facts.start = self.facts.end.clone();
        }
        self.facts.end_hash = main.hash();
        self.facts.end_termination = termination;
        self.moves.end(main, termination)
    }
    fn restored(&mut self, after: &VariantPosition) -> Flow {
        self.moves.restored(after)
    }
    fn any_move(&mut self, before: &VariantPosition, ply: Ply, token: &Token) -> Flow {
        self.moves.any_move(before, ply, token)
    }
    fn any_played(&mut self, after: &VariantPosition) -> Flow {
        self.moves.any_played(after)
    }
}

/// A word of a movetext being shaped: filled into lines, or a line of its own.
enum Word {
    Text(String),
    Line(String),
}

/// One game being shaped.
#[derive(Copy, Clone)]
struct Game<'a> {
    text: &'a str,
    record: &'a GameRecord,
    report: &'a GameReport,
    shape: &'a Shape,
    /// PGN export (`--to pgn`): PGN's result forms and line width.
    pgn: bool,
    news: &'a [(Span, Range<usize>)],
    buf: &'a str,
    facts: &'a Facts,
    /// A variation written as a game (`--split-variations`): the tokens
    /// of its line ([`split_lines`]); `None`: the game's main line.
    line: Option<&'a [usize]>,
}

impl Game<'_> {
    /// The main-line plies replayed.
    fn replayed(&self) -> usize {
        self.report.mainline.len()
    }

    /// The plies written: a range of the main line.
    fn window(&self) -> Range<usize> {
        let len = self.replayed();
        let mut from = (self.shape.drop_plies as usize).min(len);
        // A Dice chess turn is not cut: the game starts with the next one
        // (a position holds no dice).
        let side = |n: usize| self.facts.plies.get(n).map(|p| p.side);
        while from > 0 && from < len && side(from - 1) == side(from) {
            from += 1;
        }
        let to = self.shape.ply_limit.map_or(len, |n| from.saturating_add(n as usize).min(len));
        from..to
    }

    /// The FEN of the position before main-line ply `n` (`n` = the plies
    /// replayed: the last position), when the replay kept it.
    fn fen_before(&self, n: usize) -> &str {
        let facts = self.facts;
        let range = match n.checked_sub(1) {
            None => facts.start.clone(),
            Some(_) if n >= self.replayed() => facts.end.clone(),
            Some(i) => match facts.plies.get(n) {
                Some(p) if !p.fen_before.is_empty() => p.fen_before.clone(),
                _ => facts.plies.get(i).map_or(0..0, |p| p.fen_after.clone()),
            },
        };
        facts.texts.get(range).unwrap_or_default()
    }

    /// The hash of the position before main-line ply `n`, as [`Game::fen_before`].
    fn hash_before(&self, n: usize) -> u64 {
        match n.checked_sub(1) {
            _ if n >= self.replayed() => self.facts.end_hash,
            Some(i) => self.facts.plies.get(i).map_or(0, |p| p.hash_after),
            None => 0,
        }
    }

    /// The game's first error (it was replayed as far as that).
    fn error(&self) -> Option<&Diagnostic> {
        self.report.diagnostics.iter().find(|d| d.is_error())
    }

    /// The result the board gives, where it ends the game (`--fix-results`).
    fn board_result(&self) -> Option<Outcome> {
        if self.error().is_some() || self.window().end < self.replayed() {
            return None;
        }
        match self.report.end? {
            Termination::Checkmate { winner }
            | Termination::LosingPosition { winner }
            | Termination::KingCaptured { winner } => {
                Some(if winner == Color::White { Outcome::WhiteWins } else { Outcome::BlackWins })
            }
            Termination::Stalemate | Termination::FivefoldRepetition | Termination::SeventyFiveMoves => {
                Some(Outcome::Draw)
            }
        }
    }

    /// The warning that `--fix-results` set the result from the board,
    /// where the result token or the Result tag said otherwise.
    fn fixed_result(&self) -> Option<Diagnostic> {
        let board = self.board_result().filter(|_| self.shape.fix_results)?;
        let record = self.record;
        let token = record.result().filter(|(_, o)| *o != board).map(|(t, o)| (t.span.clone(), o));
        let tag = record.tags.iter().find(|t| t.name == "Result");
        let tag = tag
            .filter(|t| Outcome::from_text(&t.value) != Some(board))
            .map(|t| (t.span.clone(), Outcome::from_text(&t.value)));
        let (span, said) = match (token, tag) {
            (Some((span, o)), _) => (span, o.pgn().to_string()),
            (None, Some((span, o))) => (span, o.map_or("no result", Outcome::pgn).to_string()),
            (None, None) => return None,
        };
        let end = match self.report.end {
            Some(Termination::Checkmate { .. }) => " (mate)",
            Some(Termination::LosingPosition { .. }) => " (a losing position)",
            Some(Termination::KingCaptured { .. }) => " (a king taken)",
            Some(Termination::Stalemate) => " (stalemate)",
            Some(Termination::FivefoldRepetition) => " (fivefold repetition)",
            Some(Termination::SeventyFiveMoves) => " (75-move rule)",
            None => "",
        };
        Some(
            Diagnostic::new(
                Code::ResultMismatch,
                span,
                format!("the result was {said}; the board ends the game{end}: written {}", board.pgn()),
            )
            .label("set from the board"),
        )
    }

    /// The game's result: as its result token or Result tag says, set from
    /// the board with `--fix-results`, `*` when cut or broken off.
    fn result(&self) -> Outcome {
        let cut = self.error().is_some() || self.window().end < self.replayed() || self.line.is_some();
        if cut {
            return Outcome::Unknown;
        }
        let written =
            self.record.result().map(|(_, o)| o).or_else(|| self.record.tag("Result").and_then(Outcome::from_text));
        match (self.shape.fix_results, self.board_result()) {
            (true, Some(board)) => board,
            _ => written.unwrap_or(Outcome::Unknown),
        }
    }

    /// The result's text: as written unless PGN export or changed.
    fn result_text(&self) -> String {
        let outcome = self.result();
        match self.record.result() {
            Some((token, o)) if o == outcome && !self.pgn => self.token_text(token).to_string(),
            _ => outcome.pgn().to_string(),
        }
    }

    fn token_text(&self, token: &Token) -> &str {
        self.text.get(token.span.clone()).unwrap_or_default()
    }

    /// The tag pairs written.
    fn tags(&self) -> Vec<(String, String)> {
        let record = self.record;
        let own = |t: &crate::notation::ast::Tag| (t.name.clone(), t.value.clone());
        let roster = || roster_tags(record).into_iter().map(|(n, v)| (n.to_string(), v));
        let rest = || record.tags.iter().filter(|t| !roster_tags(record).iter().any(|(n, _)| *n == t.name));
        let mut tags: Vec<(String, String)> = match &self.shape.tags {
            TagChoice::None => return Vec::new(),
            TagChoice::All if self.pgn => roster().chain(rest().map(own)).collect(),
            TagChoice::All => record.tags.iter().map(own).collect(),
            TagChoice::Seven => {
                const READING: [&str; 5] = ["Variant", "SetUp", "FEN", "Files", "ThronePawn"];
                roster().chain(record.tags.iter().filter(|t| READING.contains(&t.name.as_str())).map(own)).collect()
            }
            TagChoice::Only(names) => {
                record.tags.iter().filter(|t| names.iter().any(|n| n.eq_ignore_ascii_case(&t.name))).map(own).collect()
            }
        };
        let mut set = |name: &str, value: String| match tags.iter_mut().find(|(n, _)| n == name) {
            Some(tag) => tag.1 = value,
            None => tags.push((name.to_string(), value)),
        };
        let window = self.window();
        if window.start > 0 {
            set("SetUp", "1".to_string());
            set("FEN", self.fen_before(window.start).to_string());
        }
        if self.shape.fix_results && self.board_result().is_some() && record.tag("Result").is_some() {
            set("Result", self.result().pgn().to_string());
        }
        if self.line.is_some() && record.tag("Result").is_some() {
            set("Result", Outcome::Unknown.pgn().to_string());
        }
        for add in &self.shape.add_tags {
            match add {
                AddTag::PlyCount => set("PlyCount", self.line_plies().unwrap_or(window.len()).to_string()),
                AddTag::FinalFen => set("FinalFEN", self.fen_before(window.end).to_string()),
                AddTag::Hash => set("HashCode", format!("{:016x}", self.hash_before(window.end))),
                AddTag::Eco => {
                    // (A variation's line is not the main line the opening was found on.)
                    let named = super::eco::names(self.report.variant) && self.line.is_none();
                    if let Some(opening) = self.facts.opening.filter(|_| named) {
                        set("ECO", opening.eco.to_string());
                        set("Opening", opening.name.to_string());
                    }
                }
            }
        }
        if self.shape.fix_tags {
            for (name, value) in &mut tags {
                mend_tag(name, value);
            }
        }
        tags
    }

    /// The text of a move token as written anew, or as it stands.
    fn move_text(
        &self,
        token: &Token,
        news: &mut std::iter::Peekable<std::slice::Iter<'_, (Span, Range<usize>)>>,
    ) -> String {
        while news.peek().is_some_and(|(span, _)| span.start < token.span.start) {
            news.next();
        }
        let written = match news.peek() {
            Some((span, range)) if span.start == token.span.start => self.buf.get(range.clone()).unwrap_or_default(),
            _ => self.token_text(token),
        };
        let (bare, check, glyph) = split_marks(written);
        let mut word = bare.to_string();
        if !self.shape.no_checks {
            word.push_str(check);
        }
        if !self.shape.no_nags {
            word.push_str(glyph);
        }
        word
    }

    /// The game as a record: its tags, then its movetext shaped, filled.
    fn record_text(&self) -> String {
        let mut out = String::new();
        for (name, value) in self.tags() {
            out.push_str(&tag_pair(&name, &value));
            out.push('\n');
        }
        let words = if self.shape.form == OutputForm::Uci { self.uci_words() } else { self.movetext_words() };
        if words.is_empty() {
            return out;
        }
        if !out.is_empty() {
            out.push('\n');
        }
        let mut fill = Filler::new(if self.pgn { PGN_WIDTH } else { WIDTH });
        for word in words {
            match word {
                Word::Text(w) => fill.push(&mut out, &w),
                Word::Line(line) => {
                    if !fill.at_start() {
                        out.push('\n');
                    }
                    out.push_str(&line);
                    out.push('\n');
                    fill = Filler::new(if self.pgn { PGN_WIDTH } else { WIDTH });
                }
            }
        }
        if !out.ends_with('\n') {
            out.push('\n');
        }
        out
    }

    /// The words of the main line in UCI, and the result.
    fn uci_words(&self) -> Vec<Word> {
        let facts = self.facts;
        let mut words: Vec<Word> = (facts.plies.get(self.window()).unwrap_or_default().iter())
            .map(|p| Word::Text(facts.texts.get(p.uci.clone()).unwrap_or_default().to_string()))
            .collect();
        if !self.shape.no_results {
            words.push(Word::Text(self.result_text()));
        }
        words
    }

    /// The moves of a variation's line ([`Game::line`]).
    fn line_plies(&self) -> Option<usize> {
        let tokens = &self.record.tokens;
        let moves =
            self.line?.iter().filter(|&&i| matches!(tokens.get(i).map(|t| &t.kind), Some(TokenKind::Move { .. })));
        Some(moves.count())
    }

    /// The words of a variation's line ([`Game::line`]): its tokens as
    /// one line, shaped as the main line's.
    /// A NAG, glyph, comment or `%` line, as the shaping keeps or drops it
    /// (the one rule of the main line and of a split variation).
    fn annotation(&self, token: &Token, shape: &Shape, words: &mut Words) {
        let text = self.token_text(token);
        match token.kind {
            TokenKind::Nag(_) | TokenKind::Glyph(_) if !shape.no_nags => words.push(text.to_string(), Last::Nag),
            TokenKind::Comment | TokenKind::LineComment if !shape.no_comments => {
                words.push(comment(token, text), Last::Comment)
            }
            TokenKind::Escape if !shape.no_comments => words.words.push(Word::Line(text.trim_end().to_string())),
            _ => {}
        }
    }

    fn line_words(&self, line: &[usize]) -> Vec<Word> {
        let shape = self.shape;
        let mut words = Words::default();
        let mut news = self.news.iter().peekable();
        for token in line.iter().filter_map(|&i| self.record.tokens.get(i)) {
            match &token.kind {
                TokenKind::Move { .. } => words.push(self.move_text(token, &mut news), Last::Move),
                TokenKind::MoveNumber { black, .. } => {
                    let wanted = !*black || !matches!(words.last, Last::Move | Last::Nag);
                    if !shape.no_move_numbers && wanted {
                        words.push(self.token_text(token).to_string(), Last::Number);
                    }
                }
                TokenKind::DiceRoll(_) => words.push(self.move_text(token, &mut news), Last::Roll),
                TokenKind::Nag(_)
                | TokenKind::Glyph(_)
                | TokenKind::Comment
                | TokenKind::LineComment
                | TokenKind::Escape => self.annotation(token, shape, &mut words),
                TokenKind::Result(_) | TokenKind::VariationStart | TokenKind::VariationEnd => {}
            }
        }
        if !shape.no_results {
            words.push(self.result_text(), Last::Comment);
        }
        words.words
    }

    /// The words of the movetext, shaped.
    fn movetext_words(&self) -> Vec<Word> {
        if let Some(line) = self.line {
            return self.line_words(line);
        }
        let no_variations = self.shape.no_variations || self.shape.split_variations;
        let shape = self.shape;
        let window = self.window();
        let stop = self.error().map_or(usize::MAX, |d| d.span.start);
        let mut words = Words::default();
        let mut news = self.news.iter().peekable();
        let (mut depth, mut main, mut variation_of) = (0usize, 0usize, 0usize);
        for token in &self.record.tokens {
            if token.span.start >= stop {
                break;
            }
            // The main-line ply a token goes with: a move its own, a number
            // or roll the next move's, anything else the move before it.
            let slot = match &token.kind {
                TokenKind::Result(_) => continue,
                TokenKind::Move { .. } | TokenKind::MoveNumber { .. } | TokenKind::DiceRoll(_) if depth == 0 => {
                    Some(main)
                }
                _ if depth > 0 => variation_of.checked_sub(1),
                _ => main.checked_sub(1),
            };
            let kept = slot.map_or(window.start == 0, |n| window.contains(&n));
            match &token.kind {
                TokenKind::VariationStart => {
                    if depth == 0 {
                        variation_of = main;
                    }
                    depth += 1;
                    if kept && !no_variations {
                        words.open();
                    }
                }
                TokenKind::VariationEnd => {
                    depth = depth.saturating_sub(1);
                    if kept && !no_variations {
                        words.close();
                    }
                }
                _ if depth > 0 && no_variations => {}
                TokenKind::Move { .. } if depth == 0 => {
                    if kept {
                        if !shape.no_move_numbers {
                            words.number_main(self.facts.plies.get(main));
                        }
                        words.main_side = self.facts.plies.get(main).map(|p| p.side);
                        let word = self.move_text(token, &mut news);
                        words.push(word, Last::Move);
                    }
                    main += 1;
                }
                _ if !kept => {}
                TokenKind::Move { .. } => words.push(self.move_text(token, &mut news), Last::Move),
                TokenKind::MoveNumber { black, .. } => {
                    // A black move's number only where something came
                    // between it and White's move, as pgn-extract writes it.
                    let wanted = !*black || !matches!(words.last, Last::Move | Last::Nag);
                    if !shape.no_move_numbers && wanted {
                        words.push(self.token_text(token).to_string(), Last::Number);
                        words.numbered |= depth == 0;
                    }
                }
                TokenKind::DiceRoll(_) => words.push(self.move_text(token, &mut news), Last::Roll),
                TokenKind::Nag(_)
                | TokenKind::Glyph(_)
                | TokenKind::Comment
                | TokenKind::LineComment
                | TokenKind::Escape => self.annotation(token, shape, &mut words),
                TokenKind::Result(_) => {}
            }
        }
        while words.opened > 0 {
            words.close();
        }
        if let Some(error) = self.error() {
            let message = error.message.split_whitespace().collect::<Vec<_>>().join(" ").replace('}', ")");
            words.push(format!("{{{}: {message}}}", error.code.name()), Last::Comment);
        }
        if !shape.no_results {
            words.push(self.result_text(), Last::Comment);
        }
        words.words
    }

    /// The EPD lines of the positions written: board, side, castling and
    /// en passant as the variant's FEN writes them, then the game's names.
    fn epd(&self, index: usize) -> String {
        let record = self.record;
        let tag = |name: &str| record.tag(name).unwrap_or("?").replace(['"', ';'], "'");
        let c0 = format!("{}-{} {} {} {}", tag("White"), tag("Black"), tag("Event"), tag("Site"), tag("Date"));
        let mut out = String::new();
        for n in self.window().start..=self.window().end {
            let fen = self.fen_before(n);
            let _ = writeln!(
                out,
                "{} c0 \"{c0}\"; c1 \"{}\"; id \"game {} ply {n}\";",
                epd_fields(fen),
                self.result().pgn(),
                index + 1
            );
        }
        out
    }

    /// The last position written, as a FEN line.
    fn fen(&self) -> String {
        format!("{}\n", self.fen_before(self.window().end))
    }

    /// The game as one JSON object on a line.
    fn jsonl(&self, index: usize) -> String {
        let tags: serde_json::Map<String, serde_json::Value> =
            self.tags().into_iter().map(|(n, v)| (n, serde_json::Value::String(v))).collect();
        let window = self.window();
        let facts = self.facts;
        let plies = facts.plies.get(window.clone()).unwrap_or_default();
        let uci: Vec<&str> = plies.iter().map(|p| facts.texts.get(p.uci.clone()).unwrap_or_default()).collect();
        let written: Vec<&str> = (self.report.mainline.get(window.clone()).unwrap_or_default().iter())
            .map(|p| self.record.tokens.get(p.token).map_or("", |t| self.token_text(t)))
            .collect();
        let mut game = serde_json::json!({
            "game": index + 1,
            "tags": tags,
            "start_fen": self.fen_before(window.start),
            "uci": uci,
            "moves": written,
            "result": self.result().pgn(),
            "valid": self.error().is_none(),
        });
        if let Some(object) = game.as_object_mut() {
            if self.shape.fens {
                let fens: Vec<&str> = (window.start + 1..=window.end).map(|n| self.fen_before(n)).collect();
                object.insert("fens".to_string(), serde_json::json!(fens));
            }
            if let Some(error) = self.error() {
                object.insert("error".to_string(), format!("{}: {}", error.code.name(), error.message).into());
            }
        }
        format!("{game}\n")
    }
}

/// The lines of a movetext (`--split-variations`), as pgn-extract's
/// `--splitvariants` writes them: the main line first, then each variation
/// after the line it is in, nested ones after it, each in text order. A
/// line is the tokens of the line it branches from up to the move it
/// replaces (that move's number left out), then its own, its own
/// variations left out; the main line keeps its result. Only tokens that
/// start before `stop` (a game's first error) are taken. Nesting is walked
/// with a stack of its own: no recursion, however deep the file nests.
fn split_lines(tokens: &[Token], stop: usize) -> Vec<Vec<usize>> {
    let taken = tokens.iter().take_while(|t| t.span.start < stop).count();
    let tokens = tokens.get(..taken).unwrap_or_default();
    let mut lines = Vec::new();
    // The lines to write: where each starts, and the tokens before it.
    let mut todo: Vec<(usize, Vec<usize>)> = vec![(0, Vec::new())];
    while let Some((from, mut line)) = todo.pop() {
        let mut nested: Vec<(usize, Vec<usize>)> = Vec::new();
        // Where the line's last move of its own is.
        let mut last_move = None;
        let mut i = from;
        while let Some(token) = tokens.get(i) {
            match token.kind {
                TokenKind::VariationStart => {
                    let mut before: Vec<usize> =
                        line.get(..last_move.unwrap_or(line.len())).unwrap_or_default().to_vec();
                    while before
                        .last()
                        .is_some_and(|&b| matches!(tokens.get(b).map(|t| &t.kind), Some(TokenKind::MoveNumber { .. })))
                    {
                        before.pop();
                    }
                    nested.push((i + 1, before));
                    i = variation_end(tokens, i);
                    continue;
                }
                TokenKind::VariationEnd => break,
                TokenKind::Result(_) if from > 0 => {}
                TokenKind::Move { .. } => {
                    last_move = Some(line.len());
                    line.push(i);
                }
                _ => line.push(i),
            }
            i += 1;
        }
        lines.push(line);
        todo.extend(nested.into_iter().rev());
    }
    lines
}

/// The index after the `)` that closes the variation opened at `open`.
fn variation_end(tokens: &[Token], open: usize) -> usize {
    let mut depth = 0usize;
    for (i, token) in tokens.iter().enumerate().skip(open) {
        match token.kind {
            TokenKind::VariationStart => depth += 1,
            TokenKind::VariationEnd => {
                depth = depth.saturating_sub(1);
                if depth == 0 {
                    return i + 1;
                }
            }
            _ => {}
        }
    }
    tokens.len()
}

/// What the last word of a movetext was.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
enum Last {
    #[default]
    Nothing,
    Move,
    Number,
    Nag,
    Roll,
    /// A comment, or a variation's start or end: a black move after it
    /// gets its number again.
    Comment,
}

/// The words of a movetext being shaped.
#[derive(Default)]
struct Words {
    words: Vec<Word>,
    last: Last,
    /// A `(` waits for the word it opens; `opened` variations are open.
    open: bool,
    opened: usize,
    /// The side of the last main-line move written, and whether a number
    /// was written for the next.
    main_side: Option<Color>,
    numbered: bool,
}

impl Words {
    fn push(&mut self, word: String, last: Last) {
        match (self.words.last_mut(), self.open) {
            (Some(Word::Text(before)), true) => before.push_str(&word),
            _ => self.words.push(Word::Text(word)),
        }
        self.open = false;
        self.last = last;
        if last == Last::Move {
            self.numbered = false;
        }
    }

    fn open(&mut self) {
        self.push("(".to_string(), Last::Comment);
        self.open = true;
        self.opened += 1;
    }

    /// Ends a variation: `)` after its last word.
    fn close(&mut self) {
        if self.opened == 0 {
            return;
        }
        self.opened -= 1;
        match (self.words.last_mut(), self.open) {
            (Some(Word::Text(last)), false) => last.push(')'),
            (Some(Word::Text(last)), true) => {
                // An empty variation: nothing opened.
                last.pop();
                if last.is_empty() {
                    self.words.pop();
                }
            }
            _ => {}
        }
        self.open = false;
        self.last = Last::Comment;
    }

    /// The number before a main-line move (`ply`), where the record gave
    /// none and one is due: at the start, before White's move after
    /// Black's, before a move after a comment or a variation.
    fn number_main(&mut self, ply: Option<&PlyFacts>) {
        let Some(ply) = ply else { return };
        // (Consecutive moves of one side are one Dice chess turn: no number
        // within it.)
        let due = self.main_side.is_none()
            || (self.main_side != Some(ply.side) && (ply.side == Color::White || self.last == Last::Comment));
        if due && !self.numbered {
            let dots = if ply.side == Color::White { "." } else { "..." };
            self.push(format!("{}{dots}", ply.number), Last::Number);
        }
    }
}

/// A comment as one word in braces (a `;` comment's text put in them),
/// its line breaks spaces.
fn comment(token: &Token, written: &str) -> String {
    let inner = match token.kind {
        TokenKind::Comment => written.trim_start_matches('{').trim_end_matches('}').to_string(),
        _ => written.trim_start_matches(';').replace('}', ")"),
    };
    let inner = inner.replace("\r\n", " ").replace(['\r', '\n'], " ");
    format!("{{{inner}}}")
}

/// A move's text split into the move, its check or mate mark and its
/// glyph (`Bg4+!?` is `Bg4`, `+`, `!?`; PGN export's `Bg4 $2` is `Bg4`,
/// ``, ` $2`).
fn split_marks(word: &str) -> (&str, &str, &str) {
    let (word, nag) = match word.find(" $") {
        Some(at) => word.split_at(at),
        None => (word, ""),
    };
    let marked = word.trim_end_matches(['!', '?', '‼', '⁇', '⁉', '⁈']);
    let glyph = if nag.is_empty() { word.get(marked.len()..).unwrap_or_default() } else { nag };
    let bare = marked.trim_end_matches(['+', '#', '×']);
    (bare, marked.get(bare.len()..).unwrap_or_default(), glyph)
}

/// The EPD fields of a FEN: every field but the two move counters.
fn epd_fields(fen: &str) -> &str {
    let mut end = fen.len();
    for _ in 0..2 {
        match fen.get(..end).and_then(|f| f.rsplit_once(' ')) {
            Some((head, counter)) if counter.chars().all(|c| c.is_ascii_digit()) && !counter.is_empty() => {
                end = head.len();
            }
            _ => break,
        }
    }
    fen.get(..end).unwrap_or(fen)
}

/// `--fix-tags`: a Date in another form (`2024-1-5`, `2024/01/05`) as
/// PGN's `2024.01.05`, unknown parts `??`; an empty roster tag `?`.
fn mend_tag(name: &str, value: &mut String) {
    if name == "Date" || name == "EventDate" || name == "UTCDate" {
        let parts: Vec<&str> = value.trim().split(['.', '-', '/']).collect();
        if let [year, month, day] = parts[..] {
            let part = |p: &str, width: usize| match p.parse::<u32>() {
                Ok(n) => format!("{n:0width$}"),
                Err(_) => "?".repeat(width),
            };
            if year.len() == 4 {
                *value = format!("{}.{}.{}", part(year, 4), part(month, 2), part(day, 2));
            }
        } else if value.trim().is_empty() {
            *value = "????.??.??".to_string();
        }
    } else if value.trim().is_empty() && ["Event", "Site", "Round", "White", "Black"].contains(&name) {
        *value = "?".to_string();
    } else if name == "Result" && Outcome::from_text(value).is_none() {
        *value = "*".to_string();
    } else if name == "Result" {
        *value = Outcome::from_text(value).map_or("*", Outcome::pgn).to_string();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn marks_split_from_the_move() {
        assert_eq!(split_marks("Bg4+!?"), ("Bg4", "+", "!?"));
        assert_eq!(split_marks("Bg4 $2"), ("Bg4", "", " $2"));
        assert_eq!(split_marks("Крe1-f1×"), ("Крe1-f1", "×", ""));
        assert_eq!(split_marks("e4"), ("e4", "", ""));
    }

    #[test]
    fn epd_drops_the_counters() {
        assert_eq!(epd_fields("8/8/8/8/8/8/8/K6k w - - 0 1"), "8/8/8/8/8/8/8/K6k w - -");
        assert_eq!(epd_fields("8/8 w -"), "8/8 w -");
    }

    #[test]
    fn dates_are_mended() {
        let mut d = "2024-1-5".to_string();
        mend_tag("Date", &mut d);
        assert_eq!(d, "2024.01.05");
        let mut r = String::new();
        mend_tag("Round", &mut r);
        assert_eq!(r, "?");
    }
}
