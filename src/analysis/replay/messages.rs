//! The text of what the replay finds wrong with a move or a variation:
//! resolve errors, piece letters and squares the variant has not, unbalanced
//! parentheses.

use super::spec::SpecError;
use crate::diag::{Code, Diagnostic};
use crate::notation::ast::{Man, Span};
use crate::notation::{Letters, LongMove, ShortMove};
use crate::rules::{CastleFailure, Move, Obstacle, Position, ResolveError, Role, Square, Variant};

/// The diagnostic for a move that does not resolve.
pub(super) fn explain(pos: &Position, e: ResolveError, span: Span, short: bool, letters: Letters) -> Diagnostic {
    let write = |m: Move| {
        if short {
            ShortMove { pos, mv: m, letters }.to_string()
        } else {
            LongMove { pos, mv: m, letters }.to_string()
        }
    };
    let list = |moves: &[Move]| moves.iter().map(|&m| write(m)).collect::<Vec<_>>().join(", ");
    let name = |r: Role| role_name(r);
    let piece_letters =
        |roles: &[Role]| roles.iter().map(|&r| letters.piece(r).to_string()).collect::<Vec<_>>().join(", ");
    let d = match e {
        ResolveError::NoMan { from } => Diagnostic::new(Code::NoMan, span, format!("no man stands on {from}"))
            .label("this from-square is empty")
            .help(format!("{} to move: {}", pos.turn(), sample_moves(pos, letters))),
        ResolveError::OpponentsMan { from, role } => Diagnostic::new(
            Code::OpponentsMan,
            span,
            format!("the {} on {from} is {}'s, but {} is to move", name(role), !pos.turn(), pos.turn()),
        )
        .label("not this side's man")
        .help("check the move order or a missing move"),
        ResolveError::WrongMan { from, found } => {
            Diagnostic::new(Code::WrongMan, span, format!("the man on {from} is a {}", name(found)))
                .label("another piece letter")
                .help(format!("write {}{from}…", letters.piece(found)))
        }
        ResolveError::CannotGo { from, obstacle, legal } => {
            let why = match obstacle {
                Obstacle::Geometry => "it does not move that way".to_string(),
                Obstacle::Blocked(sq) => format!("the man on {sq} is in the way"),
                Obstacle::OwnMan(sq) => format!("{sq} holds a man of its own side"),
                Obstacle::NothingToCapture => "a pawn moves diagonally only to capture".to_string(),
                Obstacle::PawnBlocked(sq) => format!("{sq} is occupied"),
                Obstacle::KingInCheck => "the own king would be in check".to_string(),
            };
            let role = pos.board().piece_at(from).map_or(Role::Pawn, |p| p.role);
            let help = if legal.is_empty() {
                format!("this {} has no legal move", name(role))
            } else {
                format!("legal moves of this {}: {}", name(role), list(&legal))
            };
            Diagnostic::new(Code::IllegalMove, span, format!("illegal move: {why}")).label("this move").help(help)
        }
        ResolveError::NoCandidate { role, to, pinned_or_checked } => {
            let mut d = Diagnostic::new(Code::NoSuchMove, span, format!("no {} can go to {to}", name(role)))
                .label("no such move");
            d = if pinned_or_checked.is_empty() {
                d.help(format!("{} to move: {}", pos.turn(), sample_moves(pos, letters)))
            } else {
                let from: Vec<String> = pinned_or_checked.iter().map(|s| s.to_string()).collect();
                d.help(format!(
                    "the {} on {} could, but that would leave the own king in check",
                    name(role),
                    from.join(", ")
                ))
            };
            d
        }
        ResolveError::Ambiguous { candidates } => {
            let from: Vec<String> = candidates.iter().map(|m| m.from.to_string()).collect();
            Diagnostic::new(
                Code::AmbiguousMove,
                span,
                format!("ambiguous move: it can be made from {}", from.join(" or ")),
            )
            .label("which one?")
            .help(format!("write one of {}", list(&candidates)))
        }
        ResolveError::MissingPromotion { allowed } => {
            Diagnostic::new(Code::MissingPromotion, span, "the pawn reaches the last rank and must promote")
                .label("no promotion piece")
                .help(format!("add one of {} after the square", piece_letters(&allowed)))
        }
        ResolveError::ForbiddenPromotion { piece, allowed } => Diagnostic::new(
            Code::ForbiddenPromotion,
            span,
            format!("a pawn cannot become a {} on this file", name(piece)),
        )
        .label("not allowed here")
        .help(format!("on this file a pawn becomes one of {}", piece_letters(&allowed))),
        ResolveError::NotAPromotion => {
            Diagnostic::new(Code::NotAPromotion, span, "a promotion piece on a move that does not promote")
                .label("no promotion here")
                .help("remove the piece letter after the square")
        }
        ResolveError::MissingThronePawn { empty } => Diagnostic::new(
            Code::MissingThronePawn,
            span,
            "the king reaches the enemy king's start square: the side gains a pawn",
        )
        .label("the gained pawn's square is missing")
        .help(format!("add `; square` with one of {}", squares(&empty))),
        ResolveError::MisplacedThronePawn { square, allowed } => {
            Diagnostic::new(Code::MisplacedThronePawn, span, format!("the gained pawn cannot be placed on {square}"))
                .label("not an empty square of the pawn rank")
                .help(format!("place it on one of {}", squares(&allowed)))
        }
        ResolveError::NoThronePawn => Diagnostic::new(Code::NoThronePawn, span, "this move gains no throne pawn")
            .label("no pawn is gained here")
            .help("only a king's first arrival on the enemy king's start square gains a pawn: remove the `; square`"),
        ResolveError::WrongVariantCastling => {
            Diagnostic::new(Code::WrongVariantCastling, span, format!("{} has no such castling", pos.variant()))
                .label("castling token of another variant")
                .help(if pos.variant() == Variant::Hundred {
                    "Hundred castles in two stages: 0-0-0 / 0-0-0-0, then 1 / 1-1"
                } else {
                    "castle with 0-0 or 0-0-0"
                })
        }
        ResolveError::Castle { failure } => {
            let why = match failure {
                CastleFailure::FirstStageRightLost => "the king or that rook has moved".to_string(),
                CastleFailure::SecondStageRightLost => {
                    "no first stage on this wing, or the king has moved since, or the corner rook has moved otherwise or been taken"
                        .to_string()
                }
                CastleFailure::CornerRookNotStepped(sq) => {
                    format!("the corner rook is still on {sq}: it must first step beside the corner")
                }
                CastleFailure::KingNotThere(sq) => format!("the king is not on {sq}"),
                CastleFailure::RookNotThere(sq) => format!("no rook on {sq}"),
                CastleFailure::Occupied(sqs) => format!("{} must be empty", squares(&sqs)),
                CastleFailure::KingInCheck => "the king is in check".to_string(),
                CastleFailure::KingAttackedAfter(sq) => format!("the king would be attacked on {sq}"),
                CastleFailure::RookAttackedAfter(sq) => format!("the rook would be attacked on {sq}"),
            };
            Diagnostic::new(Code::IllegalCastling, span, format!("castling is not allowed: {why}"))
                .label("this castling")
                .help("`pgn100 explain illegal_castling` lists the conditions")
        }
    };
    d
}

/// The diagnostic for a written move that names nothing on the board.
pub(super) fn spec_error(e: SpecError, span: Span) -> Diagnostic {
    match e {
        SpecError::UnknownPiece { man, variant } => {
            Diagnostic::new(Code::UnknownPiece, span, format!("{variant} has no {}", man_name(man)))
                .label("this piece letter")
                .help("the letters are listed in NOTATION.md (`pgn100 explain unknown_piece`)")
        }
        SpecError::OffBoard { file } => {
            let msg = if file == 10 {
                "file k is not on the board (files are a to j)"
            } else {
                "this record letters its files a to k, and has no j"
            };
            Diagnostic::new(Code::OffBoard, span, msg)
                .label("this square")
                .help("add [Files \"a-k\"] for records that write k for the tenth file")
        }
    }
}

/// A `(` with no move before it to replace.
pub(super) fn variation_without_move(span: Span) -> Diagnostic {
    Diagnostic::new(Code::UnbalancedVariation, span, "a variation with no move before it")
        .label("nothing to replace")
        .help("a variation follows the move it replaces")
}

/// A `)` that closes nothing.
pub(super) fn unopened_variation_end(span: Span) -> Diagnostic {
    Diagnostic::new(Code::UnbalancedVariation, span, "`)` closes no variation")
        .label("no `(` before this")
        .help("remove it, or open the variation with `(`")
}

/// A `(` never closed.
pub(super) fn unclosed_variation(span: Span) -> Diagnostic {
    Diagnostic::new(Code::UnbalancedVariation, span, "this variation is never closed")
        .label("opened here")
        .help("close it with `)` before the result")
}

fn man_name(m: Option<Man>) -> &'static str {
    match m {
        None | Some(Man::Pawn) => "pawn",
        Some(Man::King) => "king",
        Some(Man::Queen) => "queen",
        Some(Man::Prince) => "prince (queen + knight)",
        Some(Man::Rook) => "rook",
        Some(Man::Bishop) => "bishop",
        Some(Man::Knight) => "knight",
        Some(Man::Marshal) => "marshal",
        Some(Man::Cardinal) => "cardinal",
        Some(Man::RoyalPrince) => "prince of Royal Chess (Пр)",
        Some(Man::Princess) => "princess (Пс)",
    }
}

fn role_name(r: Role) -> &'static str {
    match r {
        Role::Pawn => "pawn",
        Role::Knight => "knight",
        Role::Bishop => "bishop",
        Role::Rook => "rook",
        Role::Queen => "queen",
        Role::King => "king",
        Role::Prince => "prince",
        Role::Marshal => "marshal",
        Role::Cardinal => "cardinal",
    }
}

fn squares(sqs: &[Square]) -> String {
    sqs.iter().map(|s| s.to_string()).collect::<Vec<_>>().join(", ")
}

/// A few legal moves, for help lines.
fn sample_moves(pos: &Position, letters: Letters) -> String {
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    let n = moves.len();
    let mut s: Vec<String> = moves.iter().take(8).map(|&m| LongMove { pos, mv: m, letters }.to_string()).collect();
    if n > 8 {
        s.push(format!("… ({n} legal moves)"));
    }
    if s.is_empty() {
        "no legal move".to_string()
    } else {
        s.join(", ")
    }
}
