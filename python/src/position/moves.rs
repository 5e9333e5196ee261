//! A legal move of a [`super::Position`] and how a board ends a game, as
//! Python objects. A move keeps the position it is legal in (shared, not
//! copied) and writes its text only when asked.

use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};
use std::sync::Arc;

use pgn100::commands::moves::{letter, move_facts};
use pgn100::notation::ast::PromotionForm;
use pgn100::notation::{right_mark, write_move, write_uci, Form, Letters, Style};
use pgn100::rules::{CastlingRule, Color, Move, MoveKind, Rules, Stage, Termination, VariantPosition, Wing};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

/// A legal move of a position: its coordinates, and its text in any
/// letters and style on asking.
#[pyclass(module = "pgn100", frozen, name = "LegalMove")]
pub struct LegalMove {
    pub mv: Move,
    /// The position the move is legal in.
    pub before: Arc<VariantPosition>,
}

impl LegalMove {
    /// The move written from its position in `letters` and `style`, its
    /// check mark after it (none in Dice chess, which has no check).
    pub fn text(&self, letters: Letters, style: Style) -> String {
        let form = Form { letters, style, promotion: PromotionForm::Equals, files_ak: false };
        let mut out = String::new();
        write_move(&self.before, self.mv, form, &mut Vec::new(), &mut out);
        if self.mv.is_castle() && letters == Letters::Latin && chess_castling(self.before.rules()) {
            out = out.replace('0', "O");
        }
        let mut after = (*self.before).clone();
        after.play_unchecked(self.mv);
        out.push_str(right_mark(&after, None, letters));
        out
    }
}

/// Whether a variant's castling is the chess one (by the rook the FEN
/// names: Chess, Chess960, Dice chess), written `O-O` in SAN.
fn chess_castling(rules: &Rules) -> bool {
    matches!(rules.castling_rule, CastlingRule::ByRook { .. })
}

/// The letters a name asks for.
pub fn letters_of(name: &str) -> PyResult<Letters> {
    match name {
        "cyrillic" | "russian" => Ok(Letters::Cyrillic),
        "latin" => Ok(Letters::Latin),
        _ => Err(PyValueError::new_err(format!("letters must be \"cyrillic\" or \"latin\", not {name:?}"))),
    }
}

fn style_of(name: &str) -> PyResult<Style> {
    match name {
        "long" => Ok(Style::Long),
        "short" => Ok(Style::Short),
        _ => Err(PyValueError::new_err(format!("style must be \"long\" or \"short\", not {name:?}"))),
    }
}

#[pymethods]
impl LegalMove {
    /// The move in the UCI a program of its variant reads (Chess
    /// castling `e1g1`, Chess960's the king onto its rook, Hundred's
    /// stages marked `=O`, the throne pawn `@e3`).
    #[getter]
    pub fn uci(&self) -> String {
        let mut out = String::new();
        // Writing to a String cannot fail.
        let _ = write_uci(&self.before, self.mv, &mut out);
        out
    }

    /// The move as a record writes it: `letters` "cyrillic" or "latin",
    /// `style` "long" (`Кg1-f3`) or "short" (`Кf3`), with its check mark.
    #[pyo3(signature = (letters = "cyrillic", style = "long"))]
    fn written(&self, letters: &str, style: &str) -> PyResult<String> {
        Ok(self.text(letters_of(letters)?, style_of(style)?))
    }

    /// The move in Latin letters, short style, as SAN writes it (`Nf3`,
    /// `exd5`, `O-O`, `e8=Q+`).
    #[getter]
    fn san(&self) -> String {
        self.text(Letters::Latin, Style::Short)
    }

    /// The square the man leaves (`e2`).
    #[getter(from_square)]
    fn origin(&self) -> String {
        self.mv.from.to_string()
    }

    /// The square the man reaches (the king's, for a castling).
    #[getter]
    fn to_square(&self) -> String {
        self.mv.to.to_string()
    }

    /// The man that moves, as a Latin letter (`P N B R Q K`, `A` prince and
    /// cardinal, `C` marshal, `T` heir; the king for a castling).
    #[getter]
    fn piece(&self) -> &'static str {
        letter(move_facts(&self.before, self.mv).piece)
    }

    /// Whether the move takes a man (en passant included).
    #[getter]
    fn capture(&self) -> bool {
        self.before.is_capture(self.mv)
    }

    /// The man taken, as a Latin letter, or None.
    #[getter]
    fn captured(&self) -> Option<&'static str> {
        move_facts(&self.before, self.mv).captured.map(letter)
    }

    /// The piece a pawn becomes, as a Latin letter, or None.
    #[getter]
    fn promotion(&self) -> Option<&'static str> {
        self.mv.promotion().map(letter)
    }

    /// Whether the move is a castling (either stage of Hundred's).
    #[getter]
    fn castling(&self) -> bool {
        self.mv.is_castle()
    }

    /// A castling's stage: "first" or "second" (Hundred's two; every other
    /// variant's castling is "first"), else None.
    #[getter]
    fn castle_stage(&self) -> Option<&'static str> {
        let (stage, _) = move_facts(&self.before, self.mv).castle?;
        Some(if stage == Stage::First { "first" } else { "second" })
    }

    /// A castling's wing: "short" or "long", else None.
    #[getter]
    fn castle_wing(&self) -> Option<&'static str> {
        let (_, wing) = move_facts(&self.before, self.mv).castle?;
        Some(if wing == Wing::Short { "short" } else { "long" })
    }

    /// Whether the move takes en passant.
    #[getter]
    fn en_passant(&self) -> bool {
        self.mv.kind == MoveKind::EnPassant
    }

    /// Hundred: the square of the throne pawn the king's move gains, else None.
    #[getter]
    fn throne_pawn(&self) -> Option<String> {
        match self.mv.kind {
            MoveKind::Throne(sq) => Some(sq.to_string()),
            _ => None,
        }
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .downcast::<LegalMove>()
            .is_ok_and(|o| o.get().mv == self.mv && o.get().before.hash() == self.before.hash())
    }

    fn __hash__(&self) -> u64 {
        let mut h = DefaultHasher::new();
        self.mv.hash(&mut h);
        self.before.hash().hash(&mut h);
        h.finish()
    }

    fn __str__(&self) -> String {
        self.uci()
    }

    fn __repr__(&self) -> String {
        format!("<LegalMove {}>", self.uci())
    }
}

/// How the board ends a game: its termination and winner.
#[pyclass(module = "pgn100", frozen, name = "Outcome")]
pub struct Outcome {
    /// `checkmate`, `stalemate`, `losing_position` (Royal), `king_captured`
    /// (Dice chess), `fivefold_repetition`, `seventyfive_moves` (Chess).
    #[pyo3(get)]
    termination: &'static str,
    /// "white", "black", or None for a draw.
    #[pyo3(get)]
    winner: Option<&'static str>,
}

impl Outcome {
    pub fn of(t: Termination) -> Outcome {
        let side = |c: Color| Some(if c == Color::White { "white" } else { "black" });
        let (termination, winner) = match t {
            Termination::Checkmate { winner } => ("checkmate", side(winner)),
            Termination::LosingPosition { winner } => ("losing_position", side(winner)),
            Termination::KingCaptured { winner } => ("king_captured", side(winner)),
            Termination::Stalemate => ("stalemate", None),
            Termination::FivefoldRepetition => ("fivefold_repetition", None),
            Termination::SeventyFiveMoves => ("seventyfive_moves", None),
        };
        Outcome { termination, winner }
    }
}

#[pymethods]
impl Outcome {
    /// "1-0", "0-1" or "1/2-1/2", as python-chess's `Outcome.result()`.
    fn result(&self) -> &'static str {
        match self.winner {
            Some("white") => "1-0",
            Some(_) => "0-1",
            None => "1/2-1/2",
        }
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .downcast::<Outcome>()
            .is_ok_and(|o| o.get().termination == self.termination && o.get().winner == self.winner)
    }

    fn __repr__(&self) -> String {
        format!("<Outcome {} winner={}>", self.termination, self.winner.unwrap_or("None"))
    }
}
