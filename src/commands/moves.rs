//! One row per main-line move (`pgn100 moves`): where the game is, the
//! move in UCI-style coordinates and as written, the man, what it takes,
//! check and mate by the rules (not the written marks), the castling's
//! stage and wing, the promotion, the throne pawn, the Dice chess roll and,
//! on request, the FEN after the move; and what the comments and NAGs
//! after the move say (clock, time taken, evaluation, arrows, the comment's
//! text: [`crate::notation::comment_commands`]). The rows come from the replay that
//! validates (a game's rows stop where its replay stops); variations are
//! not rows.

use std::ops::Range;

use crate::diag::{Diagnostic, Severity, SourceFile};
use crate::notation::ast::{GameRecord, RollForm, Token, TokenKind};
use crate::notation::comment_commands::{comment_body, Eval, Notes, Score};
use crate::notation::decode::FileBytes;
use crate::notation::{Found, Reader};
use crate::output::parquet::{Batch, Layout, ROW_GROUP};
use crate::output::table::{self, Cells, Row, TextFormat, Value};
use crate::replay::{replay_detected, DiceTurn, Flow, Observer, Options};
use crate::rules::{Bitboard, Color, Move, MoveKind, Role, Stage, Termination, Variant, VariantPosition, Wing};

/// A text of a game's rows: a range of [`GameMoves::texts`].
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Span {
    pub start: usize,
    pub end: usize,
}

/// One move of a game's main line. Its texts (the move in coordinates and
/// as written, the throne pawn's square, the roll, the FEN) are spans of
/// its game's [`GameMoves::texts`]: a row owns nothing, and a game's rows
/// are made without an allocation a row.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct MoveRow {
    /// The ply, from 1 (Dice chess: the move, from 1, counting every move of every turn).
    pub ply: u32,
    /// The move number of the record (Dice chess: the turn's number).
    pub move_number: u32,
    pub side: Color,
    /// Dice chess: the roll of the turn the move belongs to, as `K Q p`.
    pub roll: Option<Span>,
    /// The move in the UCI-style coordinates of the oracle data.
    pub uci: Span,
    /// The move token exactly as it stands in the record.
    pub written: Span,
    /// The man that moves.
    pub piece: Role,
    /// The man taken (a pawn en passant).
    pub captured: Option<Role>,
    /// The move gives check (by the rules; Dice chess has no check).
    pub check: bool,
    pub mate: bool,
    pub castle: Option<(Stage, Wing)>,
    pub promotion: Option<Role>,
    /// The square the throne pawn is placed on (Hundred, docs/rules.md 1.5).
    pub throne_pawn: Option<Span>,
    pub en_passant: bool,
    /// Royal: the side restored its queen before this move (docs/rules.md 5.5).
    pub restored: bool,
    /// The position after the move (only when asked for).
    pub fen: Option<Span>,
    /// What the comments and NAGs after the move say: an index of
    /// [`GameMoves::notes`] (none for a move without any).
    pub notes: Option<u32>,
}

/// What the comments and NAGs after a main-line move say (up to the next
/// move, variations aside): the commands of [`crate::notation::comment_commands`]
/// and the text without them.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct MoveNotes {
    /// Milliseconds on the mover's clock after the move (`[%clk]`).
    pub clock: Option<u64>,
    /// Milliseconds the move took (`[%emt]`).
    pub elapsed: Option<u64>,
    /// `[%eval]`, from White's side.
    pub eval: Option<Eval>,
    /// The NAGs, `$1 $14` (a glyph as its NAG: `!` is `$1`).
    pub nags: Option<Span>,
    /// The comments' text without the commands.
    pub comment: Option<Span>,
    /// The arrows of `[%cal]` and the squares of `[%csl]`, as one list
    /// (as python-chess's `arrows()`): `Ge2e4,Rd1d8,Rd4` (a square is a
    /// colour and one square).
    pub arrows: Option<Span>,
}

/// A row with nothing in it.
const EMPTY_ROW: MoveRow = MoveRow {
    ply: 0,
    move_number: 0,
    side: Color::White,
    roll: None,
    uci: Span { start: 0, end: 0 },
    written: Span { start: 0, end: 0 },
    piece: Role::Pawn,
    captured: None,
    check: false,
    mate: false,
    castle: None,
    promotion: None,
    throne_pawn: None,
    en_passant: false,
    restored: false,
    fen: None,
    notes: None,
};

impl Default for MoveRow {
    fn default() -> MoveRow {
        EMPTY_ROW
    }
}

/// A game's rows and what every row of it repeats.
#[derive(Clone, Debug, Default)]
pub struct GameMoves {
    /// The game's index in the text read, from 0.
    pub game: usize,
    pub variant: &'static str,
    /// The Date tag.
    pub date: Span,
    /// The game replays without an error (as `validate` and `stats` judge).
    pub valid: bool,
    pub moves: Vec<MoveRow>,
    /// What the comments and NAGs of the rows say ([`MoveRow::notes`]).
    pub notes: Vec<MoveNotes>,
    /// The texts of the rows, end to end.
    pub texts: String,
}

impl GameMoves {
    /// The text `span` of the rows.
    pub fn text(&self, span: Span) -> &str {
        self.texts.get(span.start..span.end).unwrap_or_default()
    }

    /// Empties it for another game, keeping its buffers.
    fn clear(&mut self, game: usize) {
        self.game = game;
        self.variant = "";
        self.date = Span::default();
        self.valid = false;
        self.moves.clear();
        self.notes.clear();
        self.texts.clear();
    }

    /// What the comments and NAGs after the move token `tokens[at]` of
    /// `text` say, up to the next move of its line (variations aside; a
    /// variation's move: up to its end): their index in
    /// [`GameMoves::notes`], `None` when there are none. `scratch` is a
    /// buffer for the comments. (The Python package reads a variation's
    /// moves' notes here too.)
    #[inline]
    pub fn notes_after(&mut self, text: &str, tokens: &[Token], at: usize, scratch: &mut Notes) -> Option<u32> {
        // The common case, at a glance: a move with no glyph, then the
        // next move (after its number, maybe) or the end.
        let next = |i: usize| match tokens.get(i).map(|t| &t.kind) {
            None | Some(TokenKind::Move { .. } | TokenKind::Result(_)) => Some(true),
            Some(TokenKind::MoveNumber { .. }) => None,
            Some(_) => Some(false),
        };
        let bare = matches!(tokens.get(at), Some(Token { kind: TokenKind::Move { glyph: None, .. }, .. }));
        if bare && next(at + 1).or_else(|| next(at + 2)) == Some(true) {
            return None;
        }
        self.notes_slow(text, tokens, at, scratch)
    }

    /// [`GameMoves::notes_after`] when there may be something to read.
    #[inline(never)]
    fn notes_slow(&mut self, text: &str, tokens: &[Token], at: usize, scratch: &mut Notes) -> Option<u32> {
        let glyph = match tokens.get(at) {
            Some(Token { kind: TokenKind::Move { glyph, .. }, .. }) => *glyph,
            _ => None,
        };
        let mut nags: Option<usize> = None;
        let mut comments = false;
        let mut depth = 0u32;
        let mut push_nag = |game: &mut GameMoves, n: u8| {
            let start = *nags.get_or_insert(game.texts.len());
            if game.texts.len() > start {
                game.texts.push(' ');
            }
            game.texts.push('$');
            game.texts.push_str(itoa::Buffer::new().format(n));
        };
        if let Some(g) = glyph {
            push_nag(self, g.nag());
        }
        for token in tokens.get(at + 1..).unwrap_or_default() {
            match &token.kind {
                TokenKind::VariationStart => depth += 1,
                // The end of the variation the move is in.
                TokenKind::VariationEnd if depth == 0 => break,
                TokenKind::VariationEnd => depth -= 1,
                _ if depth > 0 => {}
                TokenKind::Move { .. } | TokenKind::Result(_) => break,
                TokenKind::Nag(n) => push_nag(self, *n),
                TokenKind::Glyph(g) => push_nag(self, g.nag()),
                TokenKind::Comment | TokenKind::LineComment => {
                    if !comments {
                        scratch.clear();
                        comments = true;
                    }
                    scratch.add(comment_body(text.get(token.span.clone()).unwrap_or_default()));
                }
                TokenKind::MoveNumber { .. } | TokenKind::DiceRoll(_) | TokenKind::Escape => {}
            }
        }
        if nags.is_none() && !comments {
            return None;
        }
        let nags = nags.map(|start| Span { start, end: self.texts.len() });
        let mut notes = MoveNotes { nags, ..MoveNotes::default() };
        if comments {
            let mut text_of = |s: &str| (!s.is_empty()).then(|| self.push(s));
            notes.comment = text_of(&scratch.text);
            notes.arrows = if scratch.highlights.is_empty() {
                text_of(&scratch.arrows)
            } else if scratch.arrows.is_empty() {
                text_of(&scratch.highlights)
            } else {
                let start = self.texts.len();
                self.texts.push_str(&scratch.arrows);
                self.texts.push(',');
                self.texts.push_str(&scratch.highlights);
                Some(Span { start, end: self.texts.len() })
            };
            notes.clock = scratch.clock;
            notes.elapsed = scratch.elapsed;
            notes.eval = scratch.eval;
        }
        let index = u32::try_from(self.notes.len()).ok()?;
        self.notes.push(notes);
        Some(index)
    }

    /// Appends `s` to the texts; its span.
    fn push(&mut self, s: &str) -> Span {
        let start = self.texts.len();
        self.texts.push_str(s);
        Span { start, end: self.texts.len() }
    }

    /// Appends what `write` writes to the texts; its span.
    fn write(&mut self, write: impl FnOnce(&mut String)) -> Span {
        let start = self.texts.len();
        write(&mut self.texts);
        Span { start, end: self.texts.len() }
    }
}

/// The columns of a row that its game gives, the same in every row of
/// it: the file, the game's number in it (from 1), its variant, Date tag
/// and whether it is valid.
pub struct MoveHead<'a> {
    pub file: &'a str,
    pub game: usize,
    pub variant: &'a str,
    pub date: &'a str,
    pub valid: bool,
}

impl Row for MoveHead<'_> {
    fn visit(&self, cells: &mut impl Cells) {
        cells.cell("file", Value::Str(self.file));
        cells.cell("game", int(self.game));
        cells.cell("variant", Value::Str(self.variant));
        cells.cell("date", Value::Str(self.date));
        cells.cell("valid", Value::Bool(self.valid));
    }
}

/// The columns of a row after [`MoveHead`]'s: the move `row` of game
/// `moves`; `fen` whether the `fen` column is written.
pub struct MoveCells<'a> {
    pub moves: &'a GameMoves,
    pub row: &'a MoveRow,
    pub fen: bool,
}

/// One row as written: [`MoveHead`] and [`MoveCells`].
pub struct MoveLine<'a> {
    pub head: MoveHead<'a>,
    pub cells: MoveCells<'a>,
}

impl MoveLine<'_> {
    /// A row with every column, for a writer's schema.
    pub fn sample(fen: bool) -> MoveLine<'static> {
        static GAME: GameMoves = GameMoves {
            game: 0,
            variant: "",
            date: Span { start: 0, end: 0 },
            valid: false,
            moves: Vec::new(),
            notes: Vec::new(),
            texts: String::new(),
        };
        static ROW: MoveRow = EMPTY_ROW;
        let head = MoveHead { file: "", game: 0, variant: "", date: "", valid: false };
        MoveLine { head, cells: MoveCells { moves: &GAME, row: &ROW, fen } }
    }
}

impl Row for MoveLine<'_> {
    fn visit(&self, cells: &mut impl Cells) {
        self.head.visit(cells);
        self.cells.visit(cells);
    }
}

/// The Parquet layout of the rows: row groups of [`ROW_GROUP`] rows;
/// statistics for the columns of [`MoveHead`] and for the numbers and
/// flags, not for the texts of a move (a row group holds about every one,
/// and a comparison a value is the greater part of writing them); no
/// dictionary for the FEN (each is new).
pub fn parquet_layout(fen: bool) -> Layout {
    let cells = MoveLine::sample(fen).cells;
    let no_statistics = table::names_where(&cells, |v| matches!(v, Value::Str(_) | Value::OptStr(_)));
    Layout { name: "move", group: ROW_GROUP, no_dictionary: if fen { vec!["fen"] } else { Vec::new() }, no_statistics }
}

/// The FEN letter of a man, upper case: `P N B R Q K`, Hundred's prince `A`,
/// Grand's marshal `C` and cardinal `A`, Royal's prince `T` and princess `S`.
pub fn letter(role: Role) -> &'static str {
    match role {
        Role::Pawn => "P",
        Role::Knight => "N",
        Role::Bishop => "B",
        Role::Rook => "R",
        Role::Queen => "Q",
        Role::King => "K",
        Role::Prince | Role::Cardinal => "A",
        Role::Marshal => "C",
        Role::Heir => "T",
        Role::Princess => "S",
    }
}

fn int(n: impl TryInto<i64>) -> Value<'static> {
    Value::Int(n.try_into().unwrap_or(i64::MAX))
}

impl Row for MoveCells<'_> {
    #[inline]
    fn visit(&self, cells: &mut impl Cells) {
        use Value::{Bool, OptStr, Str};
        let (g, r) = (self.moves, self.row);
        let text = |span: Option<Span>| span.map(|s| g.text(s));
        cells.cell("ply", int(r.ply));
        cells.cell("move_number", int(r.move_number));
        cells.cell("side", Str(if r.side == Color::White { "white" } else { "black" }));
        cells.cell("roll", OptStr(text(r.roll)));
        cells.cell("uci", Str(g.text(r.uci)));
        cells.cell("written", Str(g.text(r.written)));
        cells.cell("piece", Str(letter(r.piece)));
        cells.cell("capture", Bool(r.captured.is_some()));
        cells.cell("captured", OptStr(r.captured.map(letter)));
        cells.cell("check", Bool(r.check));
        cells.cell("mate", Bool(r.mate));
        let stage = r.castle.map(|(s, _)| if s == Stage::First { "first" } else { "second" });
        cells.cell("castle_stage", OptStr(stage));
        cells.cell("castle_wing", OptStr(r.castle.map(|(_, w)| if w == Wing::Short { "short" } else { "long" })));
        cells.cell("promotion", OptStr(r.promotion.map(letter)));
        cells.cell("throne_pawn", OptStr(text(r.throne_pawn)));
        cells.cell("en_passant", Bool(r.en_passant));
        cells.cell("restored", Bool(r.restored));
        match r.notes.and_then(|i| g.notes.get(i as usize)) {
            Some(notes) => notes_cells(g, notes, cells),
            None => cells.nulls(NO_NOTES),
        }
        if self.fen {
            cells.cell("fen", OptStr(text(r.fen)));
        }
    }
}

/// The columns of [`MoveNotes`], without a value.
const NO_NOTES: &[(&str, Value<'static>)] = &[
    ("clock", Value::OptFloat(None)),
    ("elapsed", Value::OptFloat(None)),
    ("eval_cp", Value::OptInt(None)),
    ("eval_mate", Value::OptInt(None)),
    ("eval_depth", Value::OptInt(None)),
    ("nags", Value::OptStr(None)),
    ("comment", Value::OptStr(None)),
    ("arrows", Value::OptStr(None)),
];

/// The columns of a move's [`MoveNotes`] (those of [`NO_NOTES`]).
#[inline(never)]
fn notes_cells(g: &GameMoves, notes: &MoveNotes, cells: &mut impl Cells) {
    use Value::{OptFloat, OptInt, OptStr};
    let text = |span: Option<Span>| span.map(|s| g.text(s));
    let seconds = |ms: Option<u64>| ms.map(|ms| ms as f64 / 1000.0);
    cells.cell("clock", OptFloat(seconds(notes.clock)));
    cells.cell("elapsed", OptFloat(seconds(notes.elapsed)));
    let score = notes.eval.map(|e| e.score);
    cells.cell("eval_cp", OptInt(if let Some(Score::Centipawns(cp)) = score { Some(cp) } else { None }));
    cells.cell("eval_mate", OptInt(if let Some(Score::Mate(n)) = score { Some(n) } else { None }));
    cells.cell("eval_depth", OptInt(notes.eval.and_then(|e| e.depth).map(i64::from)));
    cells.cell("nags", OptStr(text(notes.nags)));
    cells.cell("comment", OptStr(text(notes.comment)));
    cells.cell("arrows", OptStr(text(notes.arrows)));
}

/// What a move is, read in the position before it (the `moves` rows and
/// the Python package's moves say it alike).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct MoveFacts {
    /// The man that moves.
    pub piece: Role,
    /// The man it takes (a pawn taken en passant too).
    pub captured: Option<Role>,
    /// A castling's stage and wing.
    pub castle: Option<(Stage, Wing)>,
}

/// The [`MoveFacts`] of `m` played from `pos`.
pub fn move_facts(pos: &VariantPosition, m: Move) -> MoveFacts {
    let piece = pos.board().piece_at(m.from).map_or(Role::King, |p| p.role);
    let captured = match m.kind {
        MoveKind::EnPassant => Some(Role::Pawn),
        _ if pos.is_capture(m) => pos.board().piece_at(m.to).map(|p| p.role),
        _ => None,
    };
    let castle = pos.castle_kind(m);
    MoveFacts { piece, captured, castle }
}

/// What a move is, read in the position before it: the row without the
/// parts the record or the position after it give; its texts written to
/// `game`'s.
fn row_before(game: &mut GameMoves, pos: &VariantPosition, m: Move, ply: u32) -> MoveRow {
    let MoveFacts { piece, captured, castle } = move_facts(pos, m);
    // Writing to a String cannot fail.
    let uci = game.write(|out| {
        let _ = crate::notation::write_uci(pos, m, out);
    });
    let throne_pawn = match m.kind {
        MoveKind::Throne(sq) => Some(game.write(|out| {
            let _ = sq.write_to(out);
        })),
        _ => None,
    };
    MoveRow {
        ply,
        move_number: pos.fullmoves(),
        side: pos.turn(),
        uci,
        piece,
        captured,
        castle,
        promotion: m.promotion(),
        throne_pawn,
        en_passant: m.kind == MoveKind::EnPassant,
        ..MoveRow::default()
    }
}

/// Makes the rows as the replay plays the main line.
struct Rows<'g> {
    game: &'g mut GameMoves,
    fen: bool,
    /// Dice chess: the roll of the turn being made, as `K Q p`.
    roll: Option<Span>,
    /// Dice chess: the row of a turn's last move, whose FEN is the one
    /// after the turn passes (as the oracle data writes it), known when
    /// the next turn begins or the game ends.
    passing: Option<usize>,
}

impl Rows<'_> {
    /// The FEN after the turn of row [`Rows::passing`] passed: `pos`.
    fn passed(&mut self, pos: &VariantPosition) {
        if let (Some(i), true) = (self.passing.take(), self.fen) {
            let fen = self.game.write(|out| pos.write_fen(out));
            if let Some(row) = self.game.moves.get_mut(i) {
                row.fen = Some(fen);
            }
        }
    }
}

impl Observer for Rows<'_> {
    fn begin(&mut self, record: &GameRecord, _: crate::notation::Letters, _: bool) -> Flow {
        self.game.date = self.game.push(record.tag("Date").unwrap_or(""));
        Flow::Continue(())
    }

    fn begin_turn(&mut self, before: &VariantPosition, roll: Option<([Role; 3], &Token)>) -> Flow {
        self.passed(before);
        if let Some((roll, _)) = roll {
            let text = crate::notation::dice::roll_text(&roll, RollForm::Latin);
            self.roll = Some(self.game.push(text.trim_start_matches('<').trim_end_matches('>')));
        }
        Flow::Continue(())
    }

    fn before_move(&mut self, before: &VariantPosition, m: Move) -> Flow {
        let ply = u32::try_from(self.game.moves.len() + 1).unwrap_or(u32::MAX);
        let mut row = row_before(self.game, before, m, ply);
        row.roll = self.roll;
        self.game.moves.push(row);
        Flow::Continue(())
    }

    fn after_move(&mut self, after: &VariantPosition, checkers: Bitboard) -> Flow {
        let fen = self.fen.then(|| self.game.write(|out| after.write_fen(out)));
        let Some(row) = self.game.moves.last_mut() else { return Flow::Continue(()) };
        row.check = checkers.any();
        // Mate is looked for only after a check.
        row.mate = row.check && matches!(after.termination(), Some(Termination::Checkmate { .. }));
        row.fen = fen;
        Flow::Continue(())
    }

    fn end_turn(&mut self, _after: &VariantPosition, turn: Option<&DiceTurn>) -> Flow {
        if let Some(turn) = turn.filter(|t| !t.plies.is_empty()) {
            self.passing = turn.plies.end.checked_sub(1);
        }
        Flow::Continue(())
    }

    fn end(&mut self, main: &VariantPosition, _termination: Option<Termination>) -> Flow {
        self.passed(main);
        Flow::Continue(())
    }
}

impl GameMoves {
    /// The rows of one game (`index` from 0 in the text read) in place of
    /// those held.
    pub fn read(&mut self, text: &str, record: &GameRecord, index: usize, options: Options, fen: bool) {
        self.clear(index);
        let mut rows = Rows { game: self, fen, roll: None, passing: None };
        let reset = |rows: &mut Rows| {
            rows.game.clear(index);
            (rows.roll, rows.passing) = (None, None);
        };
        let report = replay_detected(record, index, options, &mut rows, reset);
        let mut scratch = Notes::default();
        for (i, ply) in report.mainline.iter().enumerate() {
            let written = record.tokens.get(ply.token).and_then(|t| text.get(t.span.clone())).unwrap_or("");
            let written = self.push(written);
            let notes = self.notes_after(text, &record.tokens, ply.token, &mut scratch);
            if let Some(row) = self.moves.get_mut(i) {
                row.written = written;
                row.restored = ply.restored;
                row.notes = notes;
            }
        }
        self.variant = report.variant.map_or("", Variant::name);
        self.valid = report.is_valid();
    }
}

/// The rows of one game (`index` from 0 in the text read).
pub fn game_moves(text: &str, record: &GameRecord, index: usize, options: Options, fen: bool) -> GameMoves {
    let mut game = GameMoves::default();
    game.read(text, record, index, options, fen);
    game
}

/// How a chunk's rows are written by the worker that reads it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum RowsFormat {
    Text(TextFormat),
    Parquet,
}

/// A chunk's rows, without the columns of [`MoveHead`] (which the
/// consumer, knowing the games before the chunk, adds).
pub enum ChunkRows {
    /// CSV or JSON lines: each row's text from the cells of [`MoveCells`]
    /// on (each after its separator) to its line end, end to end; row `i`
    /// ends at `ends[i]`.
    Text { bytes: Vec<u8>, ends: Vec<usize> },
    /// The columns of [`MoveCells`].
    Columns(Batch),
}

/// A game of a chunk: its index in the chunk (from 0), what its rows
/// repeat, and its rows in [`MovesChunk::rows`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChunkGame {
    pub game: usize,
    pub variant: &'static str,
    pub date: String,
    pub valid: bool,
    pub rows: Range<usize>,
}

impl ChunkGame {
    /// Its [`MoveHead`], as game number `game` of `file`.
    pub fn head<'a>(&'a self, file: &'a str, game: usize) -> MoveHead<'a> {
        MoveHead { file, game, variant: self.variant, date: &self.date, valid: self.valid }
    }
}

/// The rows of a chunk of text (whole games of a file).
pub struct MovesChunk {
    pub games: Vec<ChunkGame>,
    pub rows: ChunkRows,
    /// The errors of the chunk's invalid games, as `validate` reports them
    /// (game indexes from 0 in the chunk), and the text they point into.
    pub errors: Vec<Diagnostic>,
    pub source: Option<SourceFile>,
}

/// The rows of every game of a chunk of a file that starts after
/// `lines_before` lines, at `bytes` in the file, written as `format` asks
/// (`fen`: with the column fen); with the errors of its invalid games as
/// `validate` reports them.
pub fn moves_chunk(
    name: &str,
    text: &str,
    lines_before: usize,
    bytes: FileBytes,
    options: Options,
    fen: bool,
    format: RowsFormat,
) -> Result<MovesChunk, parquet::errors::ParquetError> {
    let mut games = Vec::new();
    let mut rows = match format {
        RowsFormat::Text(_) => ChunkRows::Text { bytes: Vec::new(), ends: Vec::new() },
        RowsFormat::Parquet => ChunkRows::Columns(Batch::like(&MoveLine::sample(fen).cells)),
    };
    let mut count = 0;
    let mut reader = Reader::new(text);
    let mut record = GameRecord::default();
    let mut game = GameMoves::default();
    let mut invalid = false;
    while let Some(found) = reader.read_into(&mut record) {
        let index = games.len();
        match found {
            Found::Game => game.read(text, &record, index, options, fen),
            Found::Broken(_) => game.clear(index),
            Found::Stray(_) => continue,
        }
        for row in &game.moves {
            let cells = MoveCells { moves: &game, row, fen };
            match (&mut rows, format) {
                (ChunkRows::Text { bytes, ends }, RowsFormat::Text(format)) => {
                    format.cells(bytes, &cells, false);
                    format.end(bytes);
                    ends.push(bytes.len());
                }
                (ChunkRows::Columns(batch), _) => batch.push(&cells)?,
                _ => {}
            }
        }
        invalid |= !game.valid;
        let rows = count..count + game.moves.len();
        let date = game.text(game.date).to_string();
        games.push(ChunkGame { game: index, variant: game.variant, date, valid: game.valid, rows });
        count += game.moves.len();
    }
    // The errors are found again by validate's own reading, only where a game failed.
    let (errors, source) = if invalid {
        let report = super::validate_chunk(name, text, lines_before, bytes, options);
        let errors: Vec<Diagnostic> =
            report.diagnostics.into_iter().filter(|d| d.severity == Severity::Error && d.game.is_some()).collect();
        (errors, report.source)
    } else {
        (Vec::new(), None)
    };
    Ok(MovesChunk { games, rows, errors, source })
}
