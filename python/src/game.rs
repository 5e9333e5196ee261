//! A game read through Python: its tags, diagnostics and, on first asking,
//! its moves and Dice turns, from the library's one replay (an
//! [`Observer`] of [`replay_observed`]).
//!
//! What a worker makes for a game is kept as the library has it and turned
//! into Python values only when asked for: the game's text is kept once
//! (its moves point into it), the final position is kept and written as a
//! FEN on access, the variant and termination are kept as values, the tags
//! are one buffer, and the moves are replayed (and made Python objects)
//! once, on the first access.

use std::borrow::Cow;
use std::collections::HashMap;
use std::ops::Range;
use std::sync::{Arc, OnceLock};

use pgn100::commands::moves::{game_moves, letter, GameMoves, MoveNotes};
use pgn100::commands::stats::termination_name;
use pgn100::diag::{Diagnostic as LibDiagnostic, JsonDiagnostic, SourceFile};
use pgn100::notation::ast::{GameRecord, RollForm, Token, TokenKind};
use pgn100::notation::comment_commands::{Eval, Score};
use pgn100::notation::{write_san, write_uci, Found, Letters, Reader};
use pgn100::replay::{replay_observed, DiceTurn, Flow, Observer, Options, Ply};
use pgn100::rules::{
    Bitboard, Color, Move as LibMove, MoveKind, Role, Stage, Termination, Variant, VariantPosition, Wing,
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

/// One main-line move. What needs writing (UCI, the token as written,
/// the FEN, a roll) is written when asked for.
#[pyclass(module = "pgn100", frozen)]
#[derive(Clone)]
pub struct Move {
    /// The ply, from 1 (Dice chess: every move of every turn counts).
    #[pyo3(get)]
    pub ply: u32,
    /// The move number of the record (Dice chess: the turn's number).
    #[pyo3(get)]
    pub move_number: u32,
    /// `white` or `black`.
    #[pyo3(get)]
    pub side: &'static str,
    /// The library's move; whether it is a Dice chess move (whose UCI form differs).
    pub lib: LibMove,
    /// The move in UCI ([`write_uci`]).
    pub uci: String,
    /// The game's text, and the move token's span in it.
    pub source: Arc<str>,
    pub token: Range<usize>,
    /// Standard algebraic notation, Latin letters (`Nf3`, `exd5`, `O-O`,
    /// `e8=Q+`; Hundred's prince is `P`), the check or mate mark the position bears.
    #[pyo3(get)]
    pub san: String,
    /// The position after the move (Dice chess: after the turn passes, on a turn's last move).
    pub after: Option<VariantPosition>,
    /// The man that moves, its FEN letter upper case.
    #[pyo3(get)]
    pub piece: &'static str,
    /// The man taken, if any (a pawn en passant).
    #[pyo3(get)]
    pub captured: Option<&'static str>,
    #[pyo3(get)]
    pub check: bool,
    #[pyo3(get)]
    pub mate: bool,
    /// `first` or `second` (Hundred's two stages; Chess castles in one, `first`).
    #[pyo3(get)]
    pub castle_stage: Option<&'static str>,
    /// `short` or `long`.
    #[pyo3(get)]
    pub castle_wing: Option<&'static str>,
    /// The FEN letter of the promotion piece.
    #[pyo3(get)]
    pub promotion: Option<&'static str>,
    #[pyo3(get)]
    pub en_passant: bool,
    /// Royal: the side restored its queen before this move.
    #[pyo3(get)]
    pub restored: bool,
    /// Dice chess: the roll of the move's turn.
    pub roll: Option<[Role; 3]>,
    /// What the comments and NAGs after the move say.
    pub notes: Option<Box<Notes>>,
    /// The lines the record gives instead of this move, each a list of moves.
    pub variations: Vec<Vec<Move>>,
}

/// What the comments and NAGs after a move say, as the `moves` rows have
/// it ([`MoveNotes`]).
#[derive(Clone, Debug, Default)]
pub struct Notes {
    /// Milliseconds.
    clock: Option<u64>,
    elapsed: Option<u64>,
    eval: Option<Eval>,
    nags: Vec<u32>,
    comment: Option<String>,
    arrows: Vec<String>,
}

impl Notes {
    /// The notes of a `moves` row, its texts read from `game`.
    fn of(game: &GameMoves, notes: &MoveNotes) -> Notes {
        let text = |span: Option<pgn100::commands::moves::Span>| span.map(|s| game.text(s));
        Notes {
            clock: notes.clock,
            elapsed: notes.elapsed,
            eval: notes.eval,
            // `$1 $14`, as the row writes them.
            nags: text(notes.nags)
                .unwrap_or_default()
                .split_whitespace()
                .filter_map(|n| n.trim_start_matches('$').parse().ok())
                .collect(),
            comment: text(notes.comment).map(str::to_string),
            arrows: text(notes.arrows)
                .unwrap_or_default()
                .split(',')
                .filter(|a| !a.is_empty())
                .map(str::to_string)
                .collect(),
        }
    }
}

#[pymethods]
impl Move {
    /// The move in the UCI of `pgn100 moves`, as chess programs read it.
    #[getter]
    fn uci(&self) -> &str {
        &self.uci
    }
    /// The move token exactly as the record has it.
    #[getter]
    fn written(&self) -> &str {
        self.source.get(self.token.clone()).unwrap_or("")
    }
    /// The FEN after the move (Dice chess: after the turn passes, on a turn's last move).
    #[getter]
    fn fen(&self) -> String {
        self.after.as_ref().map(VariantPosition::fen).unwrap_or_default()
    }
    /// Hundred: the square the throne pawn is placed on.
    #[getter]
    fn throne_pawn(&self) -> Option<String> {
        match self.lib.kind {
            MoveKind::Throne(sq) => Some(sq.to_string()),
            _ => None,
        }
    }
    /// Dice chess: the roll of the move's turn, as `K Q p`.
    #[getter]
    fn roll(&self) -> Option<String> {
        self.roll.map(|r| roll_letters(&r).join(" "))
    }
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
            (matches!(self.lib.kind, MoveKind::Throne(_)), "throne_pawn"),
            (self.restored, "restored"),
        ] {
            if on {
                out.push(name);
            }
        }
        out
    }
    /// Seconds on the mover's clock after the move (`[%clk]`).
    #[getter]
    fn clock(&self) -> Option<f64> {
        self.notes.as_ref()?.clock.map(|ms| ms as f64 / 1000.0)
    }
    /// Seconds the move took (`[%emt]`).
    #[getter]
    fn elapsed(&self) -> Option<f64> {
        self.notes.as_ref()?.elapsed.map(|ms| ms as f64 / 1000.0)
    }
    /// `[%eval]` in centipawns, from White's side.
    #[getter]
    fn eval_cp(&self) -> Option<i64> {
        match self.notes.as_ref()?.eval?.score {
            Score::Centipawns(cp) => Some(cp),
            Score::Mate(_) => None,
        }
    }
    /// `[%eval #-3]`: mate in so many moves, from White's side (-3: Black mates in 3).
    #[getter]
    fn eval_mate(&self) -> Option<i64> {
        match self.notes.as_ref()?.eval?.score {
            Score::Mate(n) => Some(n),
            Score::Centipawns(_) => None,
        }
    }
    /// `[%eval 0.17,23]`: 23.
    #[getter]
    fn eval_depth(&self) -> Option<u32> {
        self.notes.as_ref()?.eval?.depth
    }
    /// The NAGs after the move, as numbers (a glyph as its NAG: `!` is 1).
    #[getter]
    fn nags(&self) -> Vec<u32> {
        self.notes.as_ref().map(|n| n.nags.clone()).unwrap_or_default()
    }
    /// The comments' text after the move, without the commands (`[%clk]`, ...).
    #[getter]
    fn comment(&self) -> Option<&str> {
        self.notes.as_ref()?.comment.as_deref()
    }
    /// The arrows of `[%cal]` and the squares of `[%csl]`, as python-chess's
    /// `arrows()` lists them: `Ge2e4`, `Rd4` (a colour, then one or two squares).
    #[getter]
    fn arrows(&self) -> Vec<String> {
        self.notes.as_ref().map(|n| n.arrows.clone()).unwrap_or_default()
    }
    /// The lines the record gives instead of this move, each a list of moves
    /// (as far as they replay).
    #[getter]
    fn variations(&self) -> Vec<Vec<Move>> {
        self.variations.clone()
    }
    fn __repr__(&self) -> String {
        format!("<Move {} {} {}>", self.ply, self.uci(), self.written())
    }
}

impl Move {
    /// The move was played: `after` is the position after it, `checkers`
    /// the men giving check there.
    fn mark(&mut self, after: &VariantPosition, checkers: Bitboard) {
        self.check = checkers.any();
        self.mate = self.check && matches!(after.termination(), Some(Termination::Checkmate { .. }));
        if self.mate {
            self.san.push('#');
        } else if self.check {
            self.san.push('+');
        }
        self.after = Some(after.clone());
    }
}

/// A Dice chess turn: its roll and its moves.
#[pyclass(module = "pgn100", frozen)]
pub struct Turn {
    /// The turn's number `N` of the record.
    #[pyo3(get)]
    pub number: u32,
    /// `white` or `black`.
    #[pyo3(get)]
    pub side: &'static str,
    /// The three dice, as Latin letters (`K Q R B N p`).
    #[pyo3(get)]
    pub roll: Vec<String>,
    /// The turn's moves (the game's own `Move` objects).
    pub moves: Vec<Py<Move>>,
}

#[pymethods]
impl Turn {
    /// The turn's moves (none when no move was possible).
    #[getter]
    fn moves(&self, py: Python<'_>) -> Vec<Py<Move>> {
        self.moves.iter().map(|m| m.clone_ref(py)).collect()
    }

    fn __repr__(&self) -> String {
        format!("<Turn {} {} <{}> {} move(s)>", self.number, self.side, self.roll.join(" "), self.moves.len())
    }
}

fn side(c: Color) -> &'static str {
    if c == Color::White {
        "white"
    } else {
        "black"
    }
}

/// The moves and turns of a game's main line, as the replay plays them.
struct Collect {
    /// The game's text.
    source: Arc<str>,
    moves: Vec<Move>,
    /// Dice chess: each turn's number, side, roll and moves (a range of `moves`).
    turns: Vec<TurnData>,
    files_ak: bool,
    /// Dice chess: the roll of the turn being made.
    roll: Option<[Role; 3]>,
    /// Dice chess: the move whose FEN is the one after its turn passes.
    passing: Option<usize>,
    legal: Vec<LibMove>,
    /// Every move of every line, in token order: the move, the position
    /// before it and the one after it (when it was played).
    any: Vec<(Ply, VariantPosition, Option<VariantPosition>)>,
}

impl Collect {
    /// Move `m` played from `before` as the `ply`th, its check and mate not yet known.
    fn made(&mut self, before: &VariantPosition, m: LibMove, ply: u32) -> Move {
        let pgn100::commands::moves::MoveFacts { piece, captured, castle } =
            pgn100::commands::moves::move_facts(before, m);
        let mut uci = String::new();
        // Writing to a String cannot fail.
        let _ = write_uci(before, m, &mut uci);
        let mut san = String::new();
        write_san(before, m, self.files_ak, &mut self.legal, &mut san);
        Move {
            ply,
            move_number: before.fullmoves(),
            side: side(before.turn()),
            lib: m,
            uci,
            source: self.source.clone(),
            token: 0..0,
            san,
            after: None,
            piece: letter(piece),
            captured: captured.map(letter),
            check: false,
            mate: false,
            castle_stage: castle.map(|(s, _)| if s == Stage::First { "first" } else { "second" }),
            castle_wing: castle.map(|(_, w)| if w == Wing::Short { "short" } else { "long" }),
            promotion: m.promotion().map(letter),
            en_passant: m.kind == MoveKind::EnPassant,
            restored: false,
            roll: self.roll,
            notes: None,
            variations: Vec::new(),
        }
    }

    fn passed(&mut self, pos: &VariantPosition) {
        if let Some(m) = self.passing.take().and_then(|i| self.moves.get_mut(i)) {
            m.after = Some(pos.clone());
        }
    }
}

impl Observer for Collect {
    fn begin(&mut self, _record: &GameRecord, _letters: Letters, files_ak: bool) -> Flow {
        self.files_ak = files_ak;
        Flow::Continue(())
    }

    fn begin_turn(&mut self, before: &VariantPosition, roll: Option<([Role; 3], &Token)>) -> Flow {
        self.passed(before);
        if let Some((roll, _)) = roll {
            self.roll = Some(roll);
        }
        Flow::Continue(())
    }

    fn before_move(&mut self, before: &VariantPosition, m: LibMove) -> Flow {
        let ply = u32::try_from(self.moves.len() + 1).unwrap_or(u32::MAX);
        let made = self.made(before, m, ply);
        self.moves.push(made);
        Flow::Continue(())
    }

    fn after_move(&mut self, after: &VariantPosition, checkers: Bitboard) -> Flow {
        if let Some(m) = self.moves.last_mut() {
            m.mark(after, checkers);
        }
        Flow::Continue(())
    }

    fn any_move(&mut self, before: &VariantPosition, ply: Ply, _token: &Token) -> Flow {
        self.any.push((ply, before.clone(), None));
        Flow::Continue(())
    }

    fn any_played(&mut self, after: &VariantPosition) -> Flow {
        if let Some(last) = self.any.last_mut() {
            last.2 = Some(after.clone());
        }
        Flow::Continue(())
    }

    fn end_turn(&mut self, _after: &VariantPosition, turn: Option<&DiceTurn>) -> Flow {
        let Some(turn) = turn else { return Flow::Continue(()) };
        if !turn.plies.is_empty() {
            self.passing = turn.plies.end.checked_sub(1);
        }
        self.turns.push((turn.number(), turn.color(), turn.roll, turn.plies.clone()));
        Flow::Continue(())
    }

    fn end(&mut self, main: &VariantPosition, _termination: Option<Termination>) -> Flow {
        self.passed(main);
        Flow::Continue(())
    }
}

/// The Latin letters of a roll's dice.
fn roll_letters(roll: &[Role; 3]) -> Vec<String> {
    let text = pgn100::notation::dice::roll_text(roll, RollForm::Latin);
    text.trim_start_matches('<').trim_end_matches('>').split_whitespace().map(str::to_string).collect()
}

/// A Dice chess turn as the replay gives it: its number, side, roll and
/// moves (a range of the game's moves).
pub type TurnData = (u32, Color, [Role; 3], Range<usize>);

/// The moves and turns of the game whose text is `source`, replayed; each
/// main-line move with what its comments and NAGs say (the `moves` rows')
/// and its variations.
pub fn moves_of(source: &Arc<str>, options: Options) -> (Vec<Move>, Vec<TurnData>) {
    let mut reader = Reader::new(source);
    let mut record = GameRecord::default();
    let Some(Found::Game) = reader.read_into(&mut record) else { return (Vec::new(), Vec::new()) };
    let mut c = Collect {
        source: source.clone(),
        moves: Vec::new(),
        turns: Vec::new(),
        files_ak: false,
        roll: None,
        passing: None,
        legal: Vec::new(),
        any: Vec::new(),
    };
    let report = replay_observed(&record, 0, options, &mut c);
    let mut rows = game_moves(source, &record, 0, options, false);
    let main: std::collections::HashSet<usize> = report.mainline.iter().map(|p| p.token).collect();
    let mut others = variation_moves(&mut c, &record, &main);
    let mut scratch = pgn100::notation::comment_commands::Notes::default();
    for (&token, m) in others.iter_mut() {
        let notes = rows.notes_after(source, &record.tokens, token, &mut scratch);
        let notes = notes.and_then(|n| rows.notes.get(n as usize));
        m.notes = notes.map(|n| Box::new(Notes::of(&rows, n)));
    }
    let lines = variation_lines(&record);
    for (i, (m, ply)) in c.moves.iter_mut().zip(&report.mainline).enumerate() {
        if let Some(t) = record.tokens.get(ply.token) {
            m.token = t.span.clone();
        }
        m.restored = ply.restored;
        let notes = rows.moves.get(i).and_then(|r| r.notes).and_then(|n| rows.notes.get(n as usize));
        m.notes = notes.map(|n| Box::new(Notes::of(&rows, n)));
        m.variations = variations_of(ply.token, m.ply, &lines, &mut others, 0);
    }
    (c.moves, c.turns)
}

/// The moves of the variations (every move the replay played whose token
/// is not one of `main`'s), by their token.
fn variation_moves(
    c: &mut Collect,
    record: &GameRecord,
    main: &std::collections::HashSet<usize>,
) -> HashMap<usize, Move> {
    let any = std::mem::take(&mut c.any);
    let mut out = HashMap::new();
    for (ply, before, after) in any {
        let Some(after) = after.filter(|_| !main.contains(&ply.token)) else { continue };
        let mut m = c.made(&before, ply.mv, 0);
        m.mark(&after, after.checkers());
        m.restored = ply.restored;
        if let Some(t) = record.tokens.get(ply.token) {
            m.token = t.span.clone();
        }
        out.insert(ply.token, m);
    }
    out
}

/// The variations of a record: for a move's token, the lines given
/// instead of it, each its move tokens.
fn variation_lines(record: &GameRecord) -> HashMap<usize, Vec<Vec<usize>>> {
    let mut lines: HashMap<usize, Vec<Vec<usize>>> = HashMap::new();
    // The lines open: the move each replaces and its moves so far.
    let mut open: Vec<(Option<usize>, Vec<usize>)> = vec![(None, Vec::new())];
    for (i, token) in record.tokens.iter().enumerate() {
        match token.kind {
            TokenKind::Move { .. } => {
                if let Some((_, line)) = open.last_mut() {
                    line.push(i);
                }
            }
            TokenKind::VariationStart => {
                let replaced = open.last().and_then(|(_, line)| line.last().copied());
                open.push((replaced, Vec::new()));
            }
            TokenKind::VariationEnd if open.len() > 1 => {
                if let Some((Some(replaced), line)) = open.pop() {
                    lines.entry(replaced).or_default().push(line);
                }
            }
            _ => {}
        }
    }
    lines
}

/// Variations nested deeper are left out (a hostile file cannot exhaust the stack).
const MAX_NESTING: usize = 64;

/// The variations of the move of token `token`, the `ply`th: its lines,
/// each as far as it replays.
fn variations_of(
    token: usize,
    ply: u32,
    lines: &HashMap<usize, Vec<Vec<usize>>>,
    moves: &mut HashMap<usize, Move>,
    depth: usize,
) -> Vec<Vec<Move>> {
    if depth >= MAX_NESTING {
        return Vec::new();
    }
    let Some(of) = lines.get(&token) else { return Vec::new() };
    let mut out = Vec::new();
    for line in of {
        let mut made = Vec::new();
        for (k, &t) in line.iter().enumerate() {
            let Some(mut m) = moves.remove(&t) else { break };
            m.ply = ply.saturating_add(u32::try_from(k).unwrap_or(u32::MAX));
            m.variations = variations_of(t, m.ply, lines, moves, depth + 1);
            made.push(m);
        }
        if !made.is_empty() {
            out.push(made);
        }
    }
    out
}

/// The moves and turns of a replay as Python objects, a turn's moves the
/// game's own.
fn into_objects(py: Python<'_>, moves: Vec<Move>, turns: Vec<TurnData>) -> PyResult<Replayed> {
    let moves = moves.into_iter().map(|m| Py::new(py, m)).collect::<PyResult<Vec<_>>>()?;
    let turns = turns
        .into_iter()
        .map(|(number, color, roll, plies)| {
            let of_turn = moves.get(plies).unwrap_or_default().iter().map(|m| m.clone_ref(py)).collect();
            Py::new(py, Turn { number, side: side(color), roll: roll_letters(&roll), moves: of_turn })
        })
        .collect::<PyResult<Vec<_>>>()?;
    Ok(Replayed { moves, turns })
}

/// A game's main line as Python objects, made on first asking.
pub struct Replayed {
    moves: Vec<Py<Move>>,
    turns: Vec<Py<Turn>>,
}

/// Where the replay of a game ended: the final position and how the board ends it.
#[derive(Default)]
pub struct End {
    pub position: Option<VariantPosition>,
    pub termination: Option<Termination>,
}

impl Observer for End {
    fn end(&mut self, main: &VariantPosition, termination: Option<Termination>) -> Flow {
        self.position = Some(main.clone());
        self.termination = termination;
        Flow::Continue(())
    }
}

/// A game's tag pairs in one buffer: each pair's name and value end there.
#[derive(Default)]
pub struct Tags {
    text: String,
    ends: Vec<(u32, u32)>,
}

impl Tags {
    fn of(record: &GameRecord) -> Tags {
        let mut tags = Tags::default();
        for t in &record.tags {
            tags.text.push_str(&t.name);
            let name = tags.text.len();
            tags.text.push_str(&t.value);
            tags.ends.push((u32::try_from(name).unwrap_or(0), u32::try_from(tags.text.len()).unwrap_or(0)));
        }
        tags
    }

    /// The (name, value) pairs, in the order of the record.
    fn pairs(&self) -> impl Iterator<Item = (&str, &str)> {
        let mut start = 0;
        self.ends.iter().map(move |&(name, value)| {
            let (name, value) = (name as usize, value as usize);
            let pair = (self.text.get(start..name).unwrap_or(""), self.text.get(name..value).unwrap_or(""));
            start = value;
            pair
        })
    }

    /// The last value of the tag `name`.
    fn get(&self, name: &str) -> Option<&str> {
        self.pairs().filter(|(n, _)| *n == name).last().map(|(_, v)| v)
    }
}

/// A game of the input: what reading and replaying it found.
#[pyclass(module = "pgn100", frozen)]
pub struct Game {
    /// The input the game comes from.
    pub file: Arc<str>,
    /// The game's number in its file, from 1.
    #[pyo3(get)]
    pub number: usize,
    pub tags: Tags,
    pub variant: Option<Variant>,
    /// No error: the whole game replays.
    #[pyo3(get)]
    pub valid: bool,
    pub diagnostics: Vec<Diagnostic>,
    /// The diagnostics as Python objects, made on first asking: every
    /// `Game.diagnostics` gives the same objects, as `Game.moves` does.
    pub diagnostic_objects: OnceLock<Vec<Py<Diagnostic>>>,
    /// The position after the main line as far as replayed.
    pub end: Option<VariantPosition>,
    pub result: Option<Cow<'static, str>>,
    pub termination: Option<Termination>,
    /// The game's text as it stands in the input (decoded).
    pub text: Arc<str>,
    pub options: Options,
    pub replayed: OnceLock<Replayed>,
}

impl Game {
    fn replayed(&self, py: Python<'_>) -> PyResult<&Replayed> {
        if let Some(r) = self.replayed.get() {
            return Ok(r);
        }
        let (moves, turns) = py.allow_threads(|| moves_of(&self.text, self.options));
        let made = into_objects(py, moves, turns)?;
        Ok(self.replayed.get_or_init(|| made))
    }
}

#[pymethods]
impl Game {
    /// The input the game comes from (`<text>` for a text).
    #[getter]
    fn file(&self) -> &str {
        &self.file
    }

    /// The game's diagnostics, as `validate` reports them.
    #[getter]
    fn diagnostics(&self, py: Python<'_>) -> PyResult<Vec<Py<Diagnostic>>> {
        let objects = match self.diagnostic_objects.get() {
            Some(objects) => objects,
            None => {
                let made = self.diagnostics.iter().map(|d| Py::new(py, d.clone())).collect::<PyResult<Vec<_>>>()?;
                self.diagnostic_objects.get_or_init(|| made)
            }
        };
        Ok(objects.iter().map(|d| d.clone_ref(py)).collect())
    }

    /// The variant the game was replayed as (`None` when its Variant tag names none).
    #[getter]
    fn variant(&self) -> Option<&'static str> {
        self.variant.map(Variant::name)
    }

    /// The FEN after the main line as far as replayed.
    #[getter]
    fn final_fen(&self) -> Option<String> {
        self.end.as_ref().map(VariantPosition::fen)
    }

    /// The result token, else the Result tag (`1-0`, `0-1`, `1/2-1/2`, `*`).
    #[getter]
    fn result(&self) -> Option<&str> {
        self.result.as_deref()
    }

    /// How the board ends the game (`checkmate (white wins)`, `stalemate`, ...), as `stats` names it.
    #[getter]
    fn termination(&self) -> &'static str {
        termination_name(self.termination)
    }

    /// The game's text as it stands in the input (decoded).
    #[getter]
    fn source(&self) -> &str {
        &self.text
    }

    /// The tag pairs, in the order of the record (a name given twice: its last value).
    #[getter]
    fn tags<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        for (k, v) in self.tags.pairs() {
            d.set_item(k, v)?;
        }
        Ok(d)
    }

    /// The main line's moves as far as replayed (replayed on first use;
    /// the same `Move` objects on every access).
    #[getter]
    fn moves(&self, py: Python<'_>) -> PyResult<Vec<Py<Move>>> {
        Ok(self.replayed(py)?.moves.iter().map(|m| m.clone_ref(py)).collect())
    }

    /// Dice chess: the main line's turns (empty in every other variant).
    #[getter]
    fn turns(&self, py: Python<'_>) -> PyResult<Vec<Py<Turn>>> {
        Ok(self.replayed(py)?.turns.iter().map(|t| t.clone_ref(py)).collect())
    }

    /// The game as a `chess.pgn.Game` of python-chess (Chess and Chess960
    /// games): its tags as headers, its main line as python-chess's moves.
    /// ImportError when python-chess is not installed.
    fn to_python_chess(slf: &Bound<'_, Self>) -> PyResult<Py<PyAny>> {
        let py = slf.py();
        Ok(py.import("pgn100")?.getattr("_to_python_chess")?.call1((slf,))?.unbind())
    }

    /// The start position of the game, a `Position` (None when its tags
    /// give none: an unknown variant, a bad FEN).
    fn board(&self, py: Python<'_>) -> Option<crate::position::Position> {
        py.allow_threads(|| crate::position::game_board(&self.text, self.options))
    }

    /// The position after each main-line move as far as the game replays,
    /// as `Position`s whose `pop()` walks back to the start (Dice chess:
    /// after a turn's last move, the turn passed).
    fn positions(&self, py: Python<'_>) -> Vec<crate::position::Position> {
        py.allow_threads(|| crate::position::game_positions(&self.text, self.options))
    }

    fn __repr__(&self) -> String {
        let tag = |n: &str| self.tags.get(n).unwrap_or("?");
        format!(
            "<Game {}#{} {} {} - {} {} {}>",
            self.file,
            self.number,
            self.variant().unwrap_or("?"),
            tag("White"),
            tag("Black"),
            self.result().unwrap_or("?"),
            if self.valid { "valid" } else { "invalid" }
        )
    }
}

/// A game's data as read in a worker, before its number in the file is known.
pub struct GameData {
    pub index: usize,
    pub tags: Tags,
    pub variant: Option<Variant>,
    pub valid: bool,
    pub diagnostics: Vec<Diagnostic>,
    pub end: Option<VariantPosition>,
    pub result: Option<Cow<'static, str>>,
    pub termination: Option<Termination>,
    pub text: Arc<str>,
}

impl GameData {
    /// A game that was not read (over the size limit, cut by damage): an
    /// invalid game, its diagnostic `d`, its text its first line `head`.
    pub fn lost(d: Diagnostic, head: &str) -> GameData {
        GameData {
            index: 0,
            tags: Tags::default(),
            variant: None,
            valid: false,
            diagnostics: vec![d],
            end: None,
            result: None,
            termination: None,
            text: Arc::from(head),
        }
    }

    /// The game, numbered after `before` games of its file.
    pub fn into_game(self, file: &Arc<str>, before: usize, options: Options) -> Game {
        let mut diagnostics = self.diagnostics;
        for d in &mut diagnostics {
            d.json.game = d.json.game.map(|g| g + before);
            d.json.file = file.to_string();
        }
        Game {
            file: file.clone(),
            number: before + self.index + 1,
            tags: self.tags,
            variant: self.variant,
            valid: self.valid,
            diagnostics,
            diagnostic_objects: OnceLock::new(),
            end: self.end,
            result: self.result,
            termination: self.termination,
            text: self.text,
            options,
            replayed: OnceLock::new(),
        }
    }
}

/// Reads every game of a chunk of a file (starting after `lines` lines, at
/// `bytes` in the file): tags, diagnostics as `validate` reports them
/// (text between games aside), the final position, the game's text.
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
                (report.diagnostics, report.variant, valid)
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
        let result = record
            .result()
            .map(|(_, o)| Cow::Borrowed(o.pgn()))
            .or_else(|| record.tag("Result").map(|r| Cow::Owned(r.to_string())));
        games.push(GameData {
            index,
            tags: Tags::of(&record),
            variant,
            valid,
            diagnostics,
            end: end.position,
            result,
            termination: end.termination,
            text: Arc::from(text.get(record.span.clone()).unwrap_or("")),
        });
    }
    games
}
