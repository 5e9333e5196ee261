//! A move written as text, resolved on a position by the library's one
//! replay: the text is read as the one move of a record that starts at
//! the position (its Variant and FEN tags), so that every notation the
//! reader reads is read, every resolution is the replay's, and every
//! refusal is the diagnostic the CLI gives.

use pgn100::commands::validate::syntax_diagnostic;
use pgn100::diag::{Code, Diagnostic as LibDiagnostic};
use pgn100::notation::ast::{GameRecord, Token};
use pgn100::notation::{Found, Reader};
use pgn100::replay::{replay_observed, Flow, Observer, Options, Ply};
use pgn100::rules::{Color, Move, VariantPosition};

/// What a text made of a position: the move it names (none for a Royal
/// queen restoration) and the position after it.
pub struct Resolved {
    pub mv: Option<Move>,
    pub after: VariantPosition,
}

/// Why a text names no move here: the diagnostic the CLI gives for it.
pub struct Refused {
    pub code: Code,
    pub message: String,
}

impl Refused {
    fn of(d: &LibDiagnostic) -> Refused {
        Refused { code: d.code, message: d.message.clone() }
    }
}

/// The moves (and restorations) the replay of the record made.
#[derive(Default)]
struct Made {
    moves: Vec<Move>,
    restorations: usize,
}

impl Observer for Made {
    fn any_move(&mut self, _before: &VariantPosition, ply: Ply, _token: &Token) -> Flow {
        self.moves.push(ply.mv);
        Flow::Continue(())
    }
    fn restored(&mut self, _after: &VariantPosition) -> Flow {
        self.restorations += 1;
        Flow::Continue(())
    }
}

/// The move `text` names on `pos` (not Dice chess, whose moves come
/// with a roll), as the replay of a game reads it.
pub fn resolve(pos: &VariantPosition, text: &str) -> Result<Resolved, Refused> {
    if text.contains(['[', ']', '{', '}', '(', ')', '\n', '\r', '%']) {
        return Err(one_move(text));
    }
    // A move number before the move, so that a Hundred castling's second
    // stage (`1`, `11`) is read as a move, not as a number.
    let dots = if pos.turn() == Color::White { "." } else { "..." };
    let record_text = format!(
        "[Variant \"{}\"]\n[FEN \"{}\"]\n\n{}{dots} {} *\n",
        pos.variant().name(),
        pos.fen(),
        pos.fullmoves(),
        text.trim()
    );
    let mut reader = Reader::new(&record_text);
    let mut record = GameRecord::default();
    let found = reader.read_into(&mut record);
    match found {
        Some(Found::Game) => {}
        Some(Found::Broken(e)) => return Err(Refused::of(&syntax_diagnostic(&record_text, e))),
        _ => return Err(one_move(text)),
    }
    let mut made = Made::default();
    let options = Options { strict: false, default_variant: None, keep_all: false };
    let report = replay_observed(&record, 0, options, &mut made);
    if let Some(d) = report.diagnostics.iter().find(|d| d.is_error()) {
        return Err(Refused::of(d));
    }
    let mv = match (made.moves.as_slice(), made.restorations) {
        ([m], 0) => Some(*m),
        ([], 1) => None,
        _ => return Err(one_move(text)),
    };
    match report.last {
        Some(after) => Ok(Resolved { mv, after }),
        None => Err(one_move(text)),
    }
}

/// The refusal of a text that is not one move.
fn one_move(text: &str) -> Refused {
    Refused { code: Code::Syntax, message: format!("`{text}` is not one move") }
}
