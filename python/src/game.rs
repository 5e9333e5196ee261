//! A game read through Python: its tags, diagnostics and, on first asking,
//! its moves and Dice turns, from the library's one replay (an
//! [`Observer`] of [`replay_observed`]).

use std::sync::OnceLock;

use pgn100::commands::moves::letter;
use pgn100::commands::stats::termination_name;
use pgn100::diag::{Diagnostic as LibDiagnostic, JsonDiagnostic, SourceFile};
use pgn100::notation::ast::{GameRecord, PromotionForm, RollForm, Token};
use pgn100::notation::{write_move, Form, Found, Letters, Reader, Style};
use pgn100::replay::{replay_observed, DiceTurn, Observer, Options};
use pgn100::rules::dice::DiceUci;
use pgn100::rules::{
    Bitboard, Color, Move as LibMove, MoveKind, Role, Stage, Termination, Uci, Variant, VariantPosition, Wing,
};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;

/// One diagnostic: the library's [`JsonDiagnostic`] (the object
/// `pgn100 validate --format json` writes, its fields read-only
/// attributes) and the label under its span.
#[pyclass(module = "pgn100", frozen)]
#[derive(Clone, Debug)]
pub struct Diagnostic {
    pub json: JsonDiagnostic,
    /// The label under the span.
    #[pyo3(get)]
    pub label: String,
}

#[pymethods]
impl Diagnostic {
    /// `pgn100::<name>`, as `pgn100 explain` takes it.
    #[getter]
    fn code(&self) -> &str {
        &self.json.code
    }
    /// `error`, `warning` or `note`.
    #[getter]
    fn severity(&self) -> String {
        severity_name(self.json.severity)
    }
    #[getter]
    fn message(&self) -> &str {
        &self.json.message
    }
    #[getter]
    fn help(&self) -> Option<&str> {
        self.json.help.as_deref()
    }
    #[getter]
    fn file(&self) -> &str {
        &self.json.file
    }
    /// 1-based line and column (in characters) in the file.
    #[getter]
    fn line(&self) -> usize {
        self.json.line
    }
    #[getter]
    fn column(&self) -> usize {
        self.json.column
    }
    /// Byte offset in the file (as read, before decoding).
    #[getter]
    fn offset(&self) -> usize {
        self.json.offset
    }
    /// Bytes of the file the problem covers.
    #[getter]
    fn length(&self) -> usize {
        self.json.length
    }
    /// The game's number in its file, from 1.
    #[getter]
    fn game(&self) -> Option<usize> {
        self.json.game
    }
    /// The ply (in its line, from 1) of the move the problem is about.
    #[getter]
    fn ply(&self) -> Option<u32> {
        self.json.ply
    }

    fn __repr__(&self) -> String {
        let j = &self.json;
        format!("<Diagnostic {} {} at {}:{}: {}>", self.severity(), j.code, j.line, j.column, j.message)
    }

    /// The JSON object of `validate --format json`, as a dict (serialised
    /// from the library's own struct: the same keys, always).
    fn to_dict(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        let value = serde_json::to_value(&self.json).map_err(|e| PyValueError::new_err(e.to_string()))?;
        crate::tables::json_to_py(py, &value)
    }
}

impl Diagnostic {
    /// `d` located in `source`, as `validate --format json` writes it.
    pub fn of(d: &LibDiagnostic, source: &SourceFile) -> Diagnostic {
        Diagnostic { json: d.json(source), label: d.label.clone() }
    }
}

/// A severity as JSON names it (`error`, `warning`, `note`).
pub fn severity_name(s: pgn100::diag::Severity) -> String {
    match s {
        pgn100::diag::Severity::Error => "error",
        pgn100::diag::Severity::Warning => "warning",
        pgn100::diag::Severity::Note => "note",
    }
    .to_string()
}

/// One main-line move.
#[pyclass(module = "pgn100", frozen, get_all)]
#[derive(Clone, Debug, Default)]
pub struct Move {
    /// The ply, from 1 (Dice chess: every move of every turn counts).
    pub ply: u32,
    /// The move number of the record (Dice chess: the turn's number).
    pub move_number: u32,
    /// `white` or `black`.
    pub side: String,
    /// The move in the UCI-style coordinates of `pgn100 moves`.
    pub uci: String,
    /// The move token exactly as the record has it.
    pub written: String,
    /// Standard algebraic notation, Latin letters (`Nf3`, `exd5`, `O-O`,
    /// `e8=Q+`; Hundred's prince is `P`), the check or mate mark the position bears.
    pub san: String,
    /// The FEN after the move (Dice chess: after the turn passes, on a turn's last move).
    pub fen: String,
    /// The man that moves, its FEN letter upper case.
    pub piece: String,
    /// The man taken, if any (a pawn en passant).
    pub captured: Option<String>,
    pub check: bool,
    pub mate: bool,
    /// `first` or `second` (Hundred's two stages; Chess castles in one, `first`).
    pub castle_stage: Option<String>,
    /// `short` or `long`.
    pub castle_wing: Option<String>,
    /// The FEN letter of the promotion piece.
    pub promotion: Option<String>,
    /// Hundred: the square the throne pawn is placed on.
    pub throne_pawn: Option<String>,
    pub en_passant: bool,
    /// Royal: the side restored its queen before this move.
    pub restored: bool,
    /// Dice chess: the roll of the move's turn, as `K Q p`.
    pub roll: Option<String>,
}

#[pymethods]
impl Move {
    /// Whether the move takes a man.
    #[getter]
    fn capture(&self) -> bool {
        self.captured.is_some()
    }
    /// Whether the move is a castling (either stage).
    #[getter]
    fn castling(&self) -> bool {
        self.castle_stage.is_some()
    }
    /// The move's flags, as a set of names: capture, check, mate, castling,
    /// promotion, en_passant, throne_pawn, restored.
    #[getter]
    fn flags(&self) -> Vec<&'static str> {
        let mut out = Vec::new();
        for (on, name) in [
            (self.captured.is_some(), "capture"),
            (self.check, "check"),
            (self.mate, "mate"),
            (self.castle_stage.is_some(), "castling"),
            (self.promotion.is_some(), "promotion"),
            (self.en_passant, "en_passant"),
            (self.throne_pawn.is_some(), "throne_pawn"),
            (self.restored, "restored"),
        ] {
            if on {
                out.push(name);
            }
        }
        out
    }
    fn __repr__(&self) -> String {
        format!("<Move {} {} {}>", self.ply, self.uci, self.written)
    }
}

/// A Dice chess turn: its roll and its moves.
#[pyclass(module = "pgn100", frozen, get_all)]
#[derive(Clone, Debug)]
pub struct Turn {
    /// The turn's number `N` of the record.
    pub number: u32,
    /// `white` or `black`.
    pub side: String,
    /// The three dice, as Latin letters (`K Q R B N p`).
    pub roll: Vec<String>,
    /// The turn's moves (none when no move was possible).
    pub moves: Vec<Move>,
}

#[pymethods]
impl Turn {
    fn __repr__(&self) -> String {
        format!("<Turn {} {} <{}> {} move(s)>", self.number, self.side, self.roll.join(" "), self.moves.len())
    }
}

fn side(c: Color) -> String {
    if c == Color::White { "white" } else { "black" }.to_string()
}

/// The moves and turns of a game's main line, as the replay plays them.
#[derive(Default)]
struct Collect {
    moves: Vec<Move>,
    /// Dice chess: each turn's number, side, roll and moves (a range of `moves`).
    turns: Vec<(u32, Color, [Role; 3], std::ops::Range<usize>)>,
    files_ak: bool,
    /// Dice chess: the roll of the turn being made.
    roll: Option<[Role; 3]>,
    /// Dice chess: the move whose FEN is the one after its turn passes.
    passing: Option<usize>,
    legal: Vec<LibMove>,
    chess_castling: bool,
}

impl Collect {
    fn passed(&mut self, pos: &VariantPosition) {
        if let Some(m) = self.passing.take().and_then(|i| self.moves.get_mut(i)) {
            m.fen = pos.fen();
        }
    }
}

impl Observer for Collect {
    fn begin(&mut self, _record: &GameRecord, _letters: Letters, files_ak: bool) {
        self.files_ak = files_ak;
    }

    fn begin_turn(&mut self, before: &VariantPosition, roll: Option<([Role; 3], &Token)>) {
        self.passed(before);
        if let Some((roll, _)) = roll {
            self.roll = Some(roll);
        }
    }

    fn before_move(&mut self, before: &VariantPosition, m: LibMove) {
        self.chess_castling = matches!(before.variant(), Variant::Chess | Variant::Chess960 | Variant::Dice);
        let pgn100::commands::moves::MoveFacts { piece, captured, castle } =
            pgn100::commands::moves::move_facts(before, m);
        let uci = match before {
            VariantPosition::Plain(_) => Uci(m).to_string(),
            VariantPosition::Dice(_) => DiceUci(m).to_string(),
        };
        let mut san = String::new();
        let form = Form {
            letters: Letters::Latin,
            style: Style::Short,
            promotion: PromotionForm::Equals,
            files_ak: self.files_ak,
        };
        write_move(before, m, form, &mut self.legal, &mut san);
        if self.chess_castling && m.is_castle() {
            san = san.replace('0', "O");
        }
        self.moves.push(Move {
            ply: u32::try_from(self.moves.len() + 1).unwrap_or(u32::MAX),
            move_number: before.fullmoves(),
            side: side(before.turn()),
            uci,
            san,
            piece: letter(piece).to_string(),
            captured: captured.map(|r| letter(r).to_string()),
            castle_stage: castle.map(|(s, _)| if s == Stage::First { "first" } else { "second" }.to_string()),
            castle_wing: castle.map(|(_, w)| if w == Wing::Short { "short" } else { "long" }.to_string()),
            promotion: m.promotion().map(|r| letter(r).to_string()),
            throne_pawn: match m.kind {
                MoveKind::Throne(sq) => Some(sq.to_string()),
                _ => None,
            },
            en_passant: m.kind == MoveKind::EnPassant,
            roll: self.roll.map(|r| roll_letters(&r).join(" ")),
            ..Move::default()
        });
    }

    fn after_move(&mut self, after: &VariantPosition, checkers: Bitboard) {
        let Some(m) = self.moves.last_mut() else { return };
        m.check = checkers.any();
        m.mate = m.check && matches!(after.termination(), Some(Termination::Checkmate { .. }));
        if m.mate {
            m.san.push('#');
        } else if m.check {
            m.san.push('+');
        }
        m.fen = after.fen();
    }

    fn end_turn(&mut self, _after: &VariantPosition, turn: Option<&DiceTurn>) {
        let Some(turn) = turn else { return };
        if !turn.plies.is_empty() {
            self.passing = turn.plies.end.checked_sub(1);
        }
        self.turns.push((turn.number(), turn.color(), turn.roll, turn.plies.clone()));
    }

    fn end(&mut self, main: &VariantPosition, _termination: Option<Termination>) {
        self.passed(main);
    }
}

/// The Latin letters of a roll's dice.
fn roll_letters(roll: &[Role; 3]) -> Vec<String> {
    let text = pgn100::notation::dice::roll_text(roll, RollForm::Latin);
    text.trim_start_matches('<').trim_end_matches('>').split_whitespace().map(str::to_string).collect()
}

/// The moves and turns of a game's text (its first game), replayed.
pub fn moves_of(text: &str, options: Options) -> (Vec<Move>, Vec<Turn>) {
    let mut reader = Reader::new(text);
    let mut record = GameRecord::default();
    let Some(Found::Game) = reader.read_into(&mut record) else { return (Vec::new(), Vec::new()) };
    let mut c = Collect::default();
    let report = replay_observed(&record, 0, options, &mut c);
    for (m, ply) in c.moves.iter_mut().zip(&report.mainline) {
        m.written = record.tokens.get(ply.token).and_then(|t| text.get(t.span.clone())).unwrap_or("").to_string();
        m.restored = ply.restored;
    }
    let turns = c
        .turns
        .iter()
        .map(|(number, color, roll, plies)| Turn {
            number: *number,
            side: side(*color),
            roll: roll_letters(roll),
            moves: c.moves.get(plies.clone()).unwrap_or_default().to_vec(),
        })
        .collect();
    (c.moves, turns)
}

/// Where the replay of a game ended: the final FEN and how the board ends it.
#[derive(Default)]
pub struct End {
    pub fen: Option<String>,
    pub termination: Option<Termination>,
}

impl Observer for End {
    fn end(&mut self, main: &VariantPosition, termination: Option<Termination>) {
        self.fen = Some(main.fen());
        self.termination = termination;
    }
}

/// A game of the input: what reading and replaying it found.
#[pyclass(module = "pgn100", frozen)]
pub struct Game {
    /// The input the game comes from (`<text>` for a text).
    #[pyo3(get)]
    pub file: String,
    /// The game's number in its file, from 1.
    #[pyo3(get)]
    pub number: usize,
    pub tags: Vec<(String, String)>,
    /// The variant the game was replayed as (`None` when its Variant tag names none).
    #[pyo3(get)]
    pub variant: Option<String>,
    /// No error: the whole game replays.
    #[pyo3(get)]
    pub valid: bool,
    #[pyo3(get)]
    pub diagnostics: Vec<Diagnostic>,
    /// The FEN after the main line as far as replayed.
    #[pyo3(get)]
    pub final_fen: Option<String>,
    /// The result token, else the Result tag (`1-0`, `0-1`, `1/2-1/2`, `*`).
    #[pyo3(get)]
    pub result: Option<String>,
    /// How the board ends the game (`checkmate (white wins)`, `stalemate`, ...), as `stats` names it.
    #[pyo3(get)]
    pub termination: Option<String>,
    /// The game's text as it stands in the input (decoded).
    #[pyo3(get)]
    pub source: String,
    pub options: Options,
    pub replayed: OnceLock<(Vec<Move>, Vec<Turn>)>,
}

impl Game {
    fn replayed(&self, py: Python<'_>) -> &(Vec<Move>, Vec<Turn>) {
        if let Some(r) = self.replayed.get() {
            return r;
        }
        let made = py.allow_threads(|| moves_of(&self.source, self.options));
        self.replayed.get_or_init(|| made)
    }
}

#[pymethods]
impl Game {
    /// The tag pairs, in the order of the record (a name given twice: its last value).
    #[getter]
    fn tags<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        for (k, v) in &self.tags {
            d.set_item(k, v)?;
        }
        Ok(d)
    }

    /// The main line's moves as far as replayed (replayed on first use).
    #[getter]
    fn moves(&self, py: Python<'_>) -> Vec<Move> {
        self.replayed(py).0.clone()
    }

    /// Dice chess: the main line's turns (empty in every other variant).
    #[getter]
    fn turns(&self, py: Python<'_>) -> Vec<Turn> {
        self.replayed(py).1.clone()
    }

    /// The game as a `chess.pgn.Game` of python-chess (Chess and Chess960
    /// games): its tags as headers, its main line as python-chess's moves.
    /// ImportError when python-chess is not installed.
    fn to_python_chess(slf: &Bound<'_, Self>) -> PyResult<Py<PyAny>> {
        let py = slf.py();
        Ok(py.import("pgn100")?.getattr("_to_python_chess")?.call1((slf,))?.unbind())
    }

    fn __repr__(&self) -> String {
        let tag = |n: &str| self.tags.iter().rev().find(|(k, _)| k == n).map_or("?", |(_, v)| v.as_str());
        format!(
            "<Game {}#{} {} {} - {} {} {}>",
            self.file,
            self.number,
            self.variant.as_deref().unwrap_or("?"),
            tag("White"),
            tag("Black"),
            self.result.as_deref().unwrap_or("?"),
            if self.valid { "valid" } else { "invalid" }
        )
    }
}

/// A game's data as read in a worker, before its number in the file is known.
pub struct GameData {
    pub index: usize,
    pub tags: Vec<(String, String)>,
    pub variant: Option<String>,
    pub valid: bool,
    pub diagnostics: Vec<Diagnostic>,
    pub final_fen: Option<String>,
    pub result: Option<String>,
    pub termination: Option<String>,
    pub source: String,
}

impl GameData {
    /// The game, numbered after `before` games of its file.
    pub fn into_game(self, file: &str, before: usize, options: Options) -> Game {
        let mut diagnostics = self.diagnostics;
        for d in &mut diagnostics {
            d.json.game = d.json.game.map(|g| g + before);
            d.json.file = file.to_string();
        }
        Game {
            file: file.to_string(),
            number: before + self.index + 1,
            tags: self.tags,
            variant: self.variant,
            valid: self.valid,
            diagnostics,
            final_fen: self.final_fen,
            result: self.result,
            termination: self.termination,
            source: self.source,
            options,
            replayed: OnceLock::new(),
        }
    }
}

/// Reads every game of a chunk of a file (starting after `lines` lines, at
/// `bytes` in the file): tags, diagnostics as `validate` reports them
/// (text between games aside), the final position.
pub fn read_chunk(
    text: &str,
    lines: usize,
    bytes: pgn100::notation::decode::FileBytes,
    options: Options,
) -> Vec<GameData> {
    use pgn100::commands::validate::{lost_bytes, merge_in_order, syntax_diagnostic};
    let mut games = Vec::new();
    let mut source: Option<SourceFile> = None;
    let mut reader = Reader::new(text);
    let mut record = GameRecord::default();
    while let Some(found) = reader.read_into(&mut record) {
        let index = games.len();
        let mut end = End::default();
        let (found, variant, valid) = match found {
            Found::Game => {
                let report = replay_observed(&record, index, options, &mut end);
                let valid = report.is_valid();
                (report.diagnostics, report.variant.map(|v| v.name().to_string()), valid)
            }
            Found::Broken(e) => (vec![syntax_diagnostic(text, e).game(index)], None, false),
            Found::Stray(_) => continue,
        };
        let mut diags = Vec::new();
        lost_bytes(text, &record.span, index, &mut diags);
        merge_in_order(&mut diags, found);
        let diagnostics = if diags.is_empty() {
            Vec::new()
        } else {
            let src = source.get_or_insert_with(|| SourceFile::chunk("", text.to_string(), lines, bytes));
            diags.iter().map(|d| Diagnostic::of(d, src)).collect()
        };
        let result =
            record.result().map(|(_, o)| o.pgn().to_string()).or_else(|| record.tag("Result").map(str::to_string));
        games.push(GameData {
            index,
            tags: record.tags.iter().map(|t| (t.name.clone(), t.value.clone())).collect(),
            variant,
            valid,
            diagnostics,
            final_fen: end.fen,
            result,
            termination: end.termination.map(|t| termination_name(Some(t)).to_string()),
            source: text.get(record.span.clone()).unwrap_or("").to_string(),
        });
    }
    games
}
