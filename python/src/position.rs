//! `pgn100.Position`: a position of any variant, as python-chess's `Board`
//! is one of chess: its legal moves ([`LegalMove`]), moves pushed and
//! popped, check, the end of the game, the board as a mapping, the text
//! diagram and the SVG of `show`. Everything is the library's: the move
//! generator, the one UCI writer and move writer, the replay's resolver
//! of written moves ([`text::resolve`]), the diagram writers.

mod moves;
mod text;

use std::sync::Arc;

use pgn100::diag::Code;
use pgn100::notation::ast::GameRecord;
use pgn100::notation::{write_uci, Found, Letters, Reader, Style, UciMove};
use pgn100::output::diagram::{svg_diagram, text_diagram, Glyphs};
use pgn100::replay::{replay_observed, Flow, Observer, Options};
use pgn100::rules::dice::{face_role, DICE};
use pgn100::rules::{position_of, CastlingRule, Move, Role, Square, Uci, Variant, VariantPosition};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyDict;
use pyo3::PyTypeInfo;

pub use moves::{LegalMove, Outcome};

pyo3::create_exception!(
    _native,
    IllegalMoveError,
    PyValueError,
    "A move that is not legal in the position (`.code`: the diagnostic's code)."
);
pyo3::create_exception!(
    _native,
    InvalidMoveError,
    PyValueError,
    "A move whose text names no move (`.code`: the diagnostic's code)."
);
pyo3::create_exception!(
    _native,
    InvalidFenError,
    PyValueError,
    "A FEN that is no position of the variant (`.code`: `pgn100::bad_fen`)."
);

/// The exception `E` with the diagnostic's code and message.
fn error<E: PyTypeInfo>(py: Python<'_>, code: Code, message: String) -> PyErr {
    let err = PyErr::new::<E, _>(message.clone());
    let value = err.value(py);
    // Setting attributes on a new exception instance cannot fail.
    let _ = value.setattr("code", code.to_string());
    let _ = value.setattr("message", message);
    err
}

/// What a step of a position's history was.
#[derive(Clone, Copy, PartialEq)]
enum Made {
    Move(Move),
    /// Royal: the queen restored.
    Restoration,
    /// Dice chess: the turn passed.
    TurnEnd,
}

/// One step of a position's history: the position before it and what was made.
#[derive(Clone)]
pub struct Step {
    before: Arc<VariantPosition>,
    made: Made,
}

impl Step {
    fn mv(&self) -> Option<Move> {
        match self.made {
            Made::Move(m) => Some(m),
            _ => None,
        }
    }
}

/// A position of a variant, with the moves that led to it from where it
/// was set up (for `pop` and the repetitions).
#[pyclass(module = "pgn100", name = "Position")]
pub struct Position {
    pos: Arc<VariantPosition>,
    stack: Vec<Step>,
}

impl Position {
    pub fn of(pos: VariantPosition, stack: Vec<Step>) -> Position {
        Position { pos: Arc::new(pos), stack }
    }

    /// The legal moves, as the library's moves. Dice chess: the moves of
    /// every man of the player, whatever die it needs (castling included).
    fn lib_moves(&self) -> Vec<Move> {
        let mut out = Vec::new();
        self.pos.legal_moves(&mut out);
        out
    }

    /// Plays `mv` (legal here), or makes the restoration that gives
    /// `after`, keeping the position before.
    fn play(&mut self, mv: Option<Move>, after: Option<VariantPosition>) {
        let mut next = after.unwrap_or_else(|| (*self.pos).clone());
        let made = match mv {
            Some(m) => {
                next.play_unchecked(m);
                Made::Move(m)
            }
            None => Made::Restoration,
        };
        let before = std::mem::replace(&mut self.pos, Arc::new(next));
        self.stack.push(Step { before, made });
    }

    /// The legal move whose UCI is `text`: as `LegalMove.uci` writes it,
    /// with the oracle's marks (`=O`), or a castling of a variant whose
    /// castling no king step shares squares with as the king's move
    /// (`e1g1`, `e1c1`).
    fn find_uci(&self, text: &str) -> Option<Move> {
        let moves = self.lib_moves();
        let uci = |m: &Move| {
            let mut s = String::new();
            // Writing to a String cannot fail.
            let _ = write_uci(&self.pos, *m, &mut s);
            s
        };
        let exact = moves.iter().find(|m| uci(m) == text || Uci(**m).to_string() == text);
        let king_move = || {
            let by_rook = !matches!(self.pos.rules().castling_rule, CastlingRule::Fixed);
            let squares = |m: &&Move| format!("{}{}", m.from, m.to) == text;
            moves.iter().filter(|m| m.is_castle() && by_rook).find(squares)
        };
        exact.or_else(king_move).copied()
    }

    /// The move `text` names here (a UCI move, or a move in any notation
    /// the reader reads), and the position after it when it is not simply
    /// the move played (a Royal restoration).
    fn resolve_text(&self, py: Python<'_>, text: &str) -> PyResult<(Option<Move>, Option<VariantPosition>)> {
        if let Some(m) = self.find_uci(text.trim()) {
            return Ok((Some(m), None));
        }
        let uci = UciMove::parse(text.trim());
        match text::resolve(&self.pos, text) {
            Ok(r) => Ok((r.mv, r.mv.is_none().then_some(r.after))),
            // Dice chess: a move without its turn's roll.
            Err(r) if r.code == Code::MissingDiceRoll => self.resolve_written(py, text),
            Err(r) if uci.is_some() && is_unreadable(r.code) => {
                Err(error::<IllegalMoveError>(py, Code::IllegalMove, format!("`{text}` is no legal move here")))
            }
            Err(r) if is_unreadable(r.code) => Err(error::<InvalidMoveError>(py, r.code, r.message)),
            Err(r) => Err(error::<IllegalMoveError>(py, r.code, r.message)),
        }
    }

    /// Dice chess: the legal move whose written form (either letters and
    /// style, marks aside) is `text`.
    fn resolve_written(&self, py: Python<'_>, text: &str) -> PyResult<(Option<Move>, Option<VariantPosition>)> {
        let wanted = text.trim().trim_end_matches(['+', '#', '×', '!', '?']);
        for mv in self.lib_moves() {
            let m = LegalMove { mv, before: self.pos.clone() };
            for letters in [Letters::Latin, Letters::Cyrillic] {
                for style in [Style::Long, Style::Short] {
                    if m.text(letters, style).trim_end_matches(['+', '#', '×']) == wanted {
                        return Ok((Some(mv), None));
                    }
                }
            }
        }
        Err(error::<IllegalMoveError>(py, Code::IllegalMove, format!("`{text}` is no move of the player here")))
    }

    /// The move `m` asks for here: a [`LegalMove`] or a text.
    fn resolve(&self, m: &Bound<'_, PyAny>) -> PyResult<(Option<Move>, Option<VariantPosition>)> {
        let py = m.py();
        if let Ok(lm) = m.downcast::<LegalMove>() {
            let lm = lm.get();
            if Arc::ptr_eq(&lm.before, &self.pos) || self.lib_moves().contains(&lm.mv) {
                return Ok((Some(lm.mv), None));
            }
            let message = format!("{} is not legal in this position", lm.uci());
            return Err(error::<IllegalMoveError>(py, Code::IllegalMove, message));
        }
        match m.extract::<String>() {
            Ok(text) => self.resolve_text(py, &text),
            Err(_) => Err(PyTypeError::new_err("a move is a LegalMove or a str")),
        }
    }
}

/// Whether a diagnostic code says the text names no move at all.
fn is_unreadable(code: Code) -> bool {
    matches!(code, Code::Syntax | Code::UnknownPiece | Code::OffBoard | Code::BadTag | Code::UnterminatedComment)
}

/// The three dice of a roll: three faces, as letters (`K Q R B N P`, either
/// case) or numbers (1 pawn to 6 king), spaces, commas and `<>` aside.
fn roll_of(roll: &str) -> PyResult<[Role; 3]> {
    let faces: Vec<Option<Role>> = roll
        .chars()
        .filter(|c| !matches!(c, ' ' | ',' | '<' | '>'))
        .map(|c| match c.to_digit(10) {
            Some(d) => u8::try_from(d).ok().and_then(face_role),
            None => DICE.role_of_letter(c),
        })
        .collect();
    match faces.as_slice() {
        [Some(a), Some(b), Some(c)] => Ok([*a, *b, *c]),
        _ => Err(PyValueError::new_err(format!("a roll is three dice (K Q R B N P or 1-6), not {roll:?}"))),
    }
}

#[pymethods]
impl Position {
    /// The start position of `variant` ("hundred", "grand", "chess",
    /// "chess960", "dice", "royal"), or the position of `fen`.
    #[new]
    #[pyo3(signature = (variant = "hundred", fen = None))]
    fn new(py: Python<'_>, variant: &str, fen: Option<&str>) -> PyResult<Position> {
        let v: Variant =
            variant.parse().map_err(|e: pgn100::rules::UnknownVariant| PyValueError::new_err(e.to_string()))?;
        let pos = position_of(v, fen).map_err(|e| error::<InvalidFenError>(py, Code::BadFen, e.to_string()))?;
        Ok(Position::of(pos, Vec::new()))
    }

    /// The variant's name ("Hundred", "Grand", "Chess", ...).
    #[getter]
    fn variant(&self) -> &'static str {
        self.pos.variant().name()
    }

    /// The legal moves (Dice chess: of every man of the player, whatever
    /// die it needs; `turns(roll)` gives a roll's turns).
    #[getter]
    fn legal_moves(&self, py: Python<'_>) -> PyResult<Vec<Py<LegalMove>>> {
        self.lib_moves().into_iter().map(|mv| Py::new(py, LegalMove { mv, before: self.pos.clone() })).collect()
    }

    /// Plays `move`: a LegalMove, a UCI move (`e2e4`, `e1g1`), or a move
    /// in any notation the reader reads (`Кg1-f3`, `Nf3`, `0-0-0-0`; Royal:
    /// `Пс=Ф`, the queen restoration). Returns the move played (None for a
    /// restoration). IllegalMoveError or InvalidMoveError if none.
    /// Dice chess: one move of the player's turn (`end_turn` passes it).
    fn push(&mut self, py: Python<'_>, r#move: &Bound<'_, PyAny>) -> PyResult<Option<Py<LegalMove>>> {
        let (mv, after) = self.resolve(r#move)?;
        let made = mv.map(|mv| Py::new(py, LegalMove { mv, before: self.pos.clone() })).transpose()?;
        self.play(mv, after);
        Ok(made)
    }

    /// Takes back the last step: returns its move (None for a Royal
    /// restoration or the end of a Dice turn). IndexError when none.
    fn pop(&mut self, py: Python<'_>) -> PyResult<Option<Py<LegalMove>>> {
        let Some(step) = self.stack.pop() else {
            return Err(pyo3::exceptions::PyIndexError::new_err("pop from a position with no move pushed"));
        };
        self.pos = step.before.clone();
        step.mv().map(|mv| Py::new(py, LegalMove { mv, before: step.before })).transpose()
    }

    /// The moves pushed since the position was set up (None for a Royal
    /// restoration or the end of a Dice turn).
    #[getter]
    fn move_stack(&self, py: Python<'_>) -> PyResult<Vec<Option<Py<LegalMove>>>> {
        let step = |s: &Step| s.mv().map(|mv| Py::new(py, LegalMove { mv, before: s.before.clone() })).transpose();
        self.stack.iter().map(step).collect()
    }

    /// The FEN (Dice chess: the en passant field lists every open square).
    fn fen(&self) -> String {
        self.pos.fen()
    }

    /// "white" or "black": the side to move (Dice chess: the turn's player).
    #[getter]
    fn turn(&self) -> String {
        self.pos.turn().to_string()
    }

    /// Whether the side to move is in check (never in Dice chess).
    fn is_check(&self) -> bool {
        self.pos.checkers().any()
    }

    /// Whether `move` (a LegalMove or a text, as `push` takes) is legal here.
    fn is_legal(&self, r#move: &Bound<'_, PyAny>) -> bool {
        self.resolve(r#move).is_ok()
    }

    /// How the board ends the game here (mate, stalemate, Royal's losing
    /// position, Dice chess's king capture, Chess's fivefold repetition and
    /// 75-move rule), or None.
    fn outcome(&self) -> Option<Outcome> {
        self.pos.termination_after_line(self.stack.iter().map(|s| &*s.before)).map(Outcome::of)
    }

    /// A copy, its history included.
    fn copy(&self) -> Position {
        Position { pos: self.pos.clone(), stack: self.stack.clone() }
    }

    fn __copy__(&self) -> Position {
        self.copy()
    }

    /// The men: a dict of square name to the man's FEN letter in the
    /// variant (White upper case), e.g. {"e1": "K"}.
    fn board<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        let rules = self.pos.rules();
        for (sq, p) in self.pos.board().pieces() {
            let c = rules.letter_of_role(p.role);
            let c = if p.color == pgn100::rules::Color::White { c.to_ascii_uppercase() } else { c };
            d.set_item(sq.to_string(), c.to_string())?;
        }
        Ok(d)
    }

    /// The man on `square` (its FEN letter), or None.
    fn piece_at(&self, square: &str) -> PyResult<Option<String>> {
        let sq = Square::parse(square).ok_or_else(|| PyValueError::new_err(format!("no square {square:?}")))?;
        let rules = self.pos.rules();
        Ok(self.pos.board().piece_at(sq).map(|p| {
            let c = rules.letter_of_role(p.role);
            if p.color == pgn100::rules::Color::White { c.to_ascii_uppercase() } else { c }.to_string()
        }))
    }

    /// Dice chess: the legal turns of `roll` (three dice: "K Q R", "kqr",
    /// "6 5 4"), each a list of moves in order (`[[]]` when the roll
    /// allows no move; none once a king is taken).
    fn turns(&self, py: Python<'_>, roll: &str) -> PyResult<Vec<Vec<Py<LegalMove>>>> {
        let list = self.pos.turns(roll_of(roll)?);
        let list = list.ok_or_else(|| PyValueError::new_err("turns are Dice chess's: a turn is one move here"))?;
        let mut out = Vec::new();
        for turn in list.turns {
            let mut pos = (*self.pos).clone();
            let mut moves = Vec::with_capacity(turn.len());
            for mv in turn {
                moves.push(Py::new(py, LegalMove { mv, before: Arc::new(pos.clone()) })?);
                pos.play_unchecked(mv);
            }
            out.push(moves);
        }
        Ok(out)
    }

    /// Dice chess: plays the moves of `turn` (LegalMoves or texts, as
    /// `push` takes) and passes the turn.
    fn push_turn(&mut self, turn: Vec<Bound<'_, PyAny>>) -> PyResult<()> {
        let depth = self.stack.len();
        let made = turn.iter().try_for_each(|m| self.resolve(m).map(|(mv, after)| self.play(mv, after)));
        if let Err(e) = made.and_then(|()| self.end_turn()) {
            if let Some(step) = self.stack.get(depth) {
                self.pos = step.before.clone();
            }
            self.stack.truncate(depth);
            return Err(e);
        }
        Ok(())
    }

    /// Dice chess: the player's turn is over; the opponent's comes.
    fn end_turn(&mut self) -> PyResult<()> {
        let mut next = (*self.pos).clone();
        next.end_turn();
        if next == *self.pos {
            return Err(PyValueError::new_err("no turn to end: a turn is one move here (turns are Dice chess's)"));
        }
        let before = std::mem::replace(&mut self.pos, Arc::new(next));
        self.stack.push(Step { before, made: Made::TurnEnd });
        Ok(())
    }

    /// Royal: whether the side to move may restore its queen now (its
    /// queen was taken by the last move and its princess stands).
    #[getter]
    fn can_restore(&self) -> bool {
        self.pos.can_restore()
    }

    /// Royal: the queen restoration (`Пс=Ф`): the princess, on `square`
    /// when given, becomes a queen; the same side moves next.
    /// IllegalMoveError with the replay's code when it may not.
    #[pyo3(signature = (square = None))]
    fn restore(&mut self, py: Python<'_>, square: Option<&str>) -> PyResult<()> {
        let sq = match square {
            Some(s) => Some(Square::parse(s).ok_or_else(|| PyValueError::new_err(format!("no square {s:?}")))?),
            None => None,
        };
        let text = match sq {
            Some(sq) => format!("Пс{sq}=Ф"),
            None => "Пс=Ф".to_string(),
        };
        let (mv, after) = self.resolve_text(py, &text)?;
        self.play(mv, after);
        Ok(())
    }

    /// The text diagram `pgn100 show` draws (FEN letters, no colour).
    fn __str__(&self) -> String {
        let last = self.stack.last().and_then(Step::mv);
        text_diagram(&self.pos, last, None, Glyphs::Letters, false)
    }

    /// The SVG diagram of `pgn100 show --svg`, for notebooks.
    fn _repr_svg_(&self) -> String {
        let last = self.stack.last().and_then(Step::mv);
        svg_diagram(&self.pos, last, Letters::Latin)
    }

    fn __repr__(&self) -> String {
        format!("<Position {} {}>", self.pos.variant().name(), self.pos.fen())
    }

    /// Equal positions: the same variant and FEN.
    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other.downcast::<Position>().is_ok_and(|o| {
            let o = o.borrow();
            o.pos.variant() == self.pos.variant() && o.pos.fen() == self.pos.fen()
        })
    }

    fn __hash__(&self) -> u64 {
        self.pos.hash()
    }
}

/// A game's main-line steps, each with the position after it.
type Steps = Vec<(Step, Arc<VariantPosition>)>;

/// What [`line_of`] gathers from the replay of a game's main line.
#[derive(Default)]
struct Line {
    /// Each main-line step, with the position after it.
    steps: Steps,
    /// The position the coming turn begins at.
    turn_start: Option<Arc<VariantPosition>>,
}

impl Observer for Line {
    fn begin_turn(
        &mut self,
        before: &VariantPosition,
        _roll: Option<([Role; 3], &pgn100::notation::ast::Token)>,
    ) -> Flow {
        self.turn_start = Some(Arc::new(before.clone()));
        Flow::Continue(())
    }
    fn restored(&mut self, after: &VariantPosition) -> Flow {
        if let Some(before) = self.turn_start.take() {
            self.steps.push((Step { before, made: Made::Restoration }, Arc::new(after.clone())));
        }
        Flow::Continue(())
    }
    fn before_move(&mut self, before: &VariantPosition, mv: Move) -> Flow {
        let mut after = before.clone();
        after.play_unchecked(mv);
        self.steps.push((Step { before: Arc::new(before.clone()), made: Made::Move(mv) }, Arc::new(after)));
        Flow::Continue(())
    }
    fn end_turn(&mut self, after: &VariantPosition, _turn: Option<&pgn100::replay::DiceTurn>) -> Flow {
        let mut passed = after.clone();
        passed.end_turn();
        // Dice chess: the turn passes (in the other variants nothing changes).
        if passed != *after {
            self.steps.push((Step { before: Arc::new(after.clone()), made: Made::TurnEnd }, Arc::new(passed)));
        }
        Flow::Continue(())
    }
}

/// The start position of a game's record and its main line's steps as
/// far as it replays (a Dice turn's end and a Royal restoration are steps).
pub fn line_of(text: &str, options: Options) -> Option<(VariantPosition, Steps)> {
    let mut reader = Reader::new(text);
    let mut record = GameRecord::default();
    if !matches!(reader.read_into(&mut record), Some(Found::Game)) {
        return None;
    }
    let mut line = Line::default();
    let report = replay_observed(&record, 0, options, &mut line);
    Some((report.start?, line.steps))
}

/// `Game.board()`: the start position.
pub fn game_board(text: &str, options: Options) -> Option<Position> {
    line_of(text, options).map(|(start, _)| Position::of(start, Vec::new()))
}

/// `Game.positions()`: the position after each main-line move, each with
/// the moves before it (so that `pop` walks back). In Dice chess the
/// position after a turn's last move is the one with the turn passed.
pub fn game_positions(text: &str, options: Options) -> Vec<Position> {
    let Some((_, steps)) = line_of(text, options) else { return Vec::new() };
    let mut out: Vec<Position> = Vec::new();
    for (i, (step, after)) in steps.iter().enumerate() {
        let stack: Vec<Step> = steps.iter().take(i + 1).map(|(s, _)| s.clone()).collect();
        let position = Position { pos: after.clone(), stack };
        let after_move = i > 0 && steps.get(i - 1).is_some_and(|(s, _)| s.mv().is_some());
        match step.made {
            Made::Move(_) => out.push(position),
            // A Dice turn's end replaces its last move's position.
            Made::TurnEnd if after_move => {
                out.pop();
                out.push(position);
            }
            // A Royal restoration is no move: the next move's position follows
            // it; an empty Dice turn has no move.
            Made::Restoration | Made::TurnEnd => {}
        }
    }
    out
}

/// Adds the Position classes and move errors to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Position>()?;
    m.add_class::<LegalMove>()?;
    m.add_class::<Outcome>()?;
    m.add("IllegalMoveError", m.py().get_type::<IllegalMoveError>())?;
    m.add("InvalidMoveError", m.py().get_type::<InvalidMoveError>())?;
    m.add("InvalidFenError", m.py().get_type::<InvalidFenError>())?;
    Ok(())
}
