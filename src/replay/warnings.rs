//! The marks and numbers a record writes around its moves, judged against
//! the board: capture and check marks, move numbers, the result.

use crate::diag::{Code, Diagnostic};
use crate::notation::ast::{CheckMark, GameRecord, ManMove, Outcome, Span, Token};
use crate::notation::{Letters, LongMove};
use crate::rules::{Bitboard, Color, Move, Position, Termination, VariantPosition};

/// A move number that is not the next move's (`pos` is the position before it).
#[inline]
pub(super) fn move_number(pos: &VariantPosition, span: Span, number: u32, black: bool, ply: u32) -> Option<Diagnostic> {
    let turn_ok = black == (pos.turn() == Color::Black);
    if number == pos.fullmoves() && turn_ok {
        return None;
    }
    wrong_move_number(pos, span, ply)
}

#[cold]
#[inline(never)]
fn wrong_move_number(pos: &VariantPosition, span: Span, ply: u32) -> Option<Diagnostic> {
    let expected = pos.fullmoves();
    let right = if pos.turn() == Color::Black { format!("{expected}...") } else { format!("{expected}.") };
    Some(
        Diagnostic::new(
            Code::MoveNumber,
            span,
            format!("move number does not match: the next move is {}'s move {expected}", pos.turn()),
        )
        .label("this number")
        .help(format!("write {right}"))
        .ply(ply),
    )
}

/// A capture mark on a move that captures nothing, or `-` on one that does.
#[inline]
pub(super) fn capture_mark(
    pos: &Position,
    m: Move,
    written: &ManMove,
    span: Span,
    letters: Letters,
    ply: u32,
) -> Option<Diagnostic> {
    let captures = pos.is_capture(m);
    let marked = written.capture.is_some();
    (marked != captures && (marked || written.dash))
        .then(|| wrong_capture_mark(LongMove { pos, mv: m, letters }, marked, span, ply))
}

/// `marked`: a capture mark on a move that takes nothing; else `-` on one
/// that takes. `right` is the move as it should be written.
#[cold]
#[inline(never)]
fn wrong_capture_mark(right: LongMove<'_>, marked: bool, span: Span, ply: u32) -> Diagnostic {
    let (message, label) = if marked {
        ("a capture mark on a move that captures nothing", "nothing to take here")
    } else {
        ("`-` on a move that captures", "this move takes a man")
    };
    Diagnostic::new(Code::CaptureMark, span, message).label(label).help(format!("write {right}")).ply(ply)
}

/// What [`check_mark`] makes of a move's check mark.
pub(super) enum MarkVerdict {
    /// The mark says what the move does.
    Right,
    /// It does not: the diagnostic.
    Wrong(Diagnostic),
    /// A check marked as one (`+`, or `++` on a double check): right unless
    /// the move mates, which the next move of the line, once found legal,
    /// rules out without the mate test ([`check_or_mark`] when no next move
    /// is found legal).
    RightUnlessMate,
}

/// Judges a move's check mark (`after` is the position after it, `checkers`
/// the men that give check there). Mate is looked for only when the move
/// gives check and the answer cannot wait for the next move.
#[inline(always)]
pub(super) fn check_mark(
    after: &Position,
    checkers: Bitboard,
    written: Option<CheckMark>,
    span: Span,
    ply: u32,
) -> MarkVerdict {
    // Most moves neither give check nor are marked: answered in line.
    if written.is_none() && checkers.is_empty() {
        return MarkVerdict::Right;
    }
    let marked_check = match written {
        Some(CheckMark::Check) => checkers.any(),
        Some(CheckMark::DoubleCheck) => checkers.more_than_one(),
        _ => false,
    };
    if marked_check {
        return MarkVerdict::RightUnlessMate;
    }
    check_or_mark(after, checkers, written, span, ply).map_or(MarkVerdict::Right, MarkVerdict::Wrong)
}

/// [`check_mark`] of a move that gives check or is marked, with the mate
/// test: also the verdict on a [`MarkVerdict::RightUnlessMate`] mark whose
/// line has no next legal move.
#[inline(never)]
pub(super) fn check_or_mark(
    after: &Position,
    checkers: Bitboard,
    written: Option<CheckMark>,
    span: Span,
    ply: u32,
) -> Option<Diagnostic> {
    // Royal's losing position (the mover's own king falls) is no mate.
    let mate = checkers.any() && !after.has_legal_move() && !after.is_losing_position();
    let ok = match written {
        None => checkers.is_empty(),
        Some(CheckMark::Check) => checkers.any() && !mate,
        Some(CheckMark::DoubleCheck) => checkers.more_than_one() && !mate,
        Some(CheckMark::Mate) => mate,
    };
    if ok {
        return None;
    }
    wrong_check_mark(checkers, mate, written, span, ply)
}

#[cold]
#[inline(never)]
fn wrong_check_mark(
    checkers: Bitboard,
    mate: bool,
    written: Option<CheckMark>,
    span: Span,
    ply: u32,
) -> Option<Diagnostic> {
    let (message, help) = if mate {
        ("this move mates", "mark it `#` (Latin) or `×` (Cyrillic)")
    } else if checkers.more_than_one() {
        ("this move gives double check", "mark it `++` (or `+`)")
    } else if checkers.any() {
        ("this move gives check", "mark it `+`")
    } else {
        ("this move gives no check", "remove the mark")
    };
    let message = match written {
        None => format!("{message}, but it is not marked"),
        Some(mark) => {
            let mark = match mark {
                CheckMark::Check => "`+`",
                CheckMark::DoubleCheck => "`++`",
                CheckMark::Mate => "as mate",
            };
            format!("{message}, but it is marked {mark}")
        }
    };
    Some(Diagnostic::new(Code::CheckMark, span, message).label("this move").help(help).ply(ply))
}

/// A result token that differs from the Result tag or from what the board
/// says after the main line (`end`).
pub(super) fn result(
    record: &GameRecord,
    end: Option<Termination>,
    token: Option<(&Token, Outcome)>,
    mut push: impl FnMut(Diagnostic),
) {
    let tag = super::tags::tag(record, "Result").and_then(super::tags::result_outcome);
    if let (Some((t, written)), Some(tag)) = (token, tag) {
        if written != tag {
            push(
                Diagnostic::new(
                    Code::ResultMismatch,
                    t.span.clone(),
                    format!("the result {} differs from the Result tag {}", written.pgn(), tag.pgn()),
                )
                .label("this result")
                .help("make the tag and the token agree"),
            );
        }
    }
    let board = match end {
        Some(Termination::Checkmate { winner: Color::White }) => Some((Outcome::WhiteWins, "White mates")),
        Some(Termination::Checkmate { winner: Color::Black }) => Some((Outcome::BlackWins, "Black mates")),
        Some(Termination::LosingPosition { winner: Color::White }) => {
            Some((Outcome::WhiteWins, "Black's king stands attacked without its prince: a losing position"))
        }
        Some(Termination::LosingPosition { winner: Color::Black }) => {
            Some((Outcome::BlackWins, "White's king stands attacked without its prince: a losing position"))
        }
        Some(Termination::KingCaptured { winner: Color::White }) => Some((Outcome::WhiteWins, "white takes the king")),
        Some(Termination::KingCaptured { winner: Color::Black }) => Some((Outcome::BlackWins, "black takes the king")),
        Some(Termination::Stalemate) => Some((Outcome::Draw, "the game ends in stalemate")),
        Some(Termination::FivefoldRepetition) => Some((Outcome::Draw, "the fivefold repetition ends the game")),
        Some(Termination::SeventyFiveMoves) => Some((Outcome::Draw, "the 75-move rule ends the game")),
        None => None,
    };
    if let (Some((t, written)), Some((outcome, why))) = (token, board) {
        if written != outcome {
            push(
                Diagnostic::new(
                    Code::ResultMismatch,
                    t.span.clone(),
                    format!("{why} on the board, but the result is {}", written.pgn()),
                )
                .label("this result")
                .help(format!("write {}", outcome.pgn())),
            );
        }
    }
}

/// A game with no result token.
pub(super) fn missing_result(record: &GameRecord) -> Diagnostic {
    let end = record.span.end;
    let at = record.tokens.last().map_or(end.saturating_sub(1)..end, |t| t.span.clone());
    Diagnostic::new(Code::MissingResult, at, "the game has no result")
        .label("the game ends here")
        .help("end the movetext with 1-0, 0-1, 1/2-1/2 or *")
}
