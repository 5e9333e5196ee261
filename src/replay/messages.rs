//! The text of what the replay finds wrong with a move or a variation:
//! resolve errors, piece letters and squares the variant has not, unbalanced
//! parentheses. Squares and moves are written in the record's own letters
//! and files.

use super::spec::SpecError;
use super::tags::Files;
use crate::diag::{Code, Diagnostic};
use crate::notation::ast::{GameRecord, Man, ManMove, MoveText, Script, Span, SyntaxError, SyntaxErrorKind};
use crate::notation::{Letters, LongMove, ShortMove};
use crate::rules::{
    CastleFailure, Color, Legality, Move, Obstacle, Position, ResolveError, Rights, Role, Square, Stage, Wing,
};

/// What a message knows of the record beyond the position: the letters and
/// files it writes, whether its tags switch the throne pawn off, and the
/// move as written.
pub(super) struct Context<'a> {
    pub letters: Letters,
    pub files: Files,
    /// `[ThronePawn "off"]` (or another spelling of off).
    pub throne_off: bool,
    pub text: &'a MoveText,
}

impl Context<'_> {
    /// A square as the record letters it (`k` for the tenth file of an
    /// `a-k` record).
    fn square(&self, sq: Square) -> String {
        self.in_files(sq.to_string())
    }

    /// Squares, comma-separated.
    fn squares(&self, sqs: &[Square]) -> String {
        sqs.iter().map(|&s| self.square(s)).collect::<Vec<_>>().join(", ")
    }

    /// Move text in the record's files: no letter of a move but a file is
    /// `j`, so an `a-k` record's moves get `k` for every `j`.
    fn in_files(&self, text: String) -> String {
        if self.files == Files::AK {
            text.replace('j', "k")
        } else {
            text
        }
    }

    /// The man's move as written, if the token is one.
    fn man_move(&self) -> Option<&ManMove> {
        match self.text {
            MoveText::Man(m) => Some(m),
            _ => None,
        }
    }
}

/// The target square of the move as written, when it names one.
fn to_of(cx: &Context<'_>) -> Option<Square> {
    let m = cx.man_move().filter(|m| !m.file_capture)?;
    let file = if cx.files == Files::AK && m.to.file == 10 { 9 } else { m.to.file };
    Square::new(file, m.to.rank)
}

/// The castling token whose king goes from `from` to the written target,
/// when the king move written is a castling (`Крe1-g1` for `0-0`).
fn castling_written_as_king_move(pos: &Position, from: Square, cx: &Context<'_>) -> Option<&'static str> {
    let to = to_of(cx)?;
    let us = pos.turn();
    let hundred = pos.rules().two_stage_castling();
    [(Stage::First, Wing::Short), (Stage::First, Wing::Long), (Stage::Second, Wing::Short), (Stage::Second, Wing::Long)]
        .into_iter()
        .find(|&(stage, wing)| {
            pos.castle_index(us, stage, wing).is_some_and(|i| {
                let spec = pos.castle_spec(i);
                spec.king_from == from && spec.king_to == to
            })
        })
        .map(|(stage, wing)| match (hundred, stage, wing) {
            (true, Stage::First, Wing::Short) => "0-0-0",
            (true, Stage::First, Wing::Long) => "0-0-0-0",
            (true, Stage::Second, Wing::Short) => "1",
            (true, Stage::Second, Wing::Long) => "1-1",
            (false, _, Wing::Short) => "0-0",
            (false, _, Wing::Long) => "0-0-0",
        })
}

/// The promotion rule of a variant whose pawns become only pieces their
/// side has lost (Grand), with what the side to move has lost.
fn promotion_rule(pos: &Position) -> String {
    let us = pos.turn();
    let lost: Vec<&str> = pos
        .rules()
        .promotion_limit
        .iter()
        .filter(|&&(role, cap)| pos.board().by_piece(crate::rules::Piece::new(us, role)).count() < u32::from(cap))
        .map(|&(role, _)| role_name(role))
        .collect();
    let rule = format!("in {} a pawn becomes only a piece its side has lost", pos.variant());
    if lost.is_empty() {
        format!("{rule}, and {us} has lost none")
    } else {
        format!("{rule}, and {us} has lost only: {}", lost.join(", "))
    }
}

/// How the help names the pieces a pawn may become: by file (Hundred), or
/// now (Grand: what the side has lost), or in general.
fn promotion_here(pos: &Position) -> &'static str {
    if !pos.rules().promotion_limit.is_empty() {
        "now a pawn becomes"
    } else if pos.rules().promotion.len() > 1 {
        "on this file a pawn becomes"
    } else {
        "a pawn becomes"
    }
}

/// The diagnostic for a move that does not resolve.
pub(super) fn explain(pos: &Position, e: ResolveError, span: Span, cx: &Context) -> Diagnostic {
    let sq = |s: Square| cx.square(s);
    match e {
        ResolveError::NoMan { from } => Diagnostic::new(Code::NoMan, span, format!("no man stands on {}", sq(from)))
            .label("this from-square is empty")
            .help(format!("{} to move: {}", pos.turn(), sample_moves(pos, cx))),
        ResolveError::OpponentsMan { from, role } => Diagnostic::new(
            Code::OpponentsMan,
            span,
            format!("the {} on {} is {}'s, but {} is to move", role_name(role), sq(from), !pos.turn(), pos.turn()),
        )
        .label("not this side's man")
        .help("check the move order or a missing move"),
        ResolveError::WrongMan { from, found } => {
            let message = format!("the man on {} is a {}", sq(from), role_name(found));
            let message = match look_alike(cx, found) {
                Some(hint) => format!("{message}: {hint}"),
                None => message,
            };
            Diagnostic::new(Code::WrongMan, span, message).label("another piece letter").help(format!(
                "write {}{}…",
                cx.letters.piece(found),
                sq(from)
            ))
        }
        ResolveError::CannotGo { from, obstacle, legal } => cannot_go(pos, from, obstacle, &legal, span, cx),
        ResolveError::NoCandidate { role, to, pinned_or_checked } => {
            let mut d = Diagnostic::new(Code::NoSuchMove, span, format!("no {} can go to {}", role_name(role), sq(to)))
                .label("no such move");
            d = if pinned_or_checked.is_empty() {
                d.help(format!("{} to move: {}", pos.turn(), sample_moves(pos, cx)))
            } else {
                let from: Vec<String> = pinned_or_checked.iter().map(|&s| sq(s)).collect();
                d.help(format!(
                    "the {} on {} could, but that would leave the own king in check",
                    role_name(role),
                    from.join(", ")
                ))
            };
            d
        }
        ResolveError::NoFileCapture { role, from_file, to_file } => {
            let file = |f: u8| cx.in_files(char::from(b'a' + f).to_string());
            let message = match from_file {
                Some(f) => {
                    format!("no {} on the {}-file can capture on the {}-file", role_name(role), file(f), file(to_file))
                }
                None => format!("no {} can capture on the {}-file", role_name(role), file(to_file)),
            };
            Diagnostic::new(Code::NoSuchMove, span, message).label("no such capture").help(format!(
                "{} to move: {}",
                pos.turn(),
                sample_moves(pos, cx)
            ))
        }
        ResolveError::Ambiguous { candidates } => {
            let from: Vec<String> = candidates.iter().map(|m| sq(m.from)).collect();
            ambiguous(span, &from, &written_moves(pos, &candidates, cx))
        }
        ResolveError::MissingPromotion { allowed } => {
            Diagnostic::new(Code::MissingPromotion, span, "the pawn reaches the last rank and must promote")
                .label("no promotion piece")
                .help(format!("add one of {} after the square", piece_letters(cx.letters, &allowed)))
        }
        ResolveError::ForbiddenPromotion { piece, allowed } => forbidden_promotion(pos, piece, &allowed, span, cx),
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
        .help(format!("add `; square` with one of {}", cx.squares(&empty))),
        ResolveError::MisplacedThronePawn { square, allowed } => Diagnostic::new(
            Code::MisplacedThronePawn,
            span,
            format!("the gained pawn cannot be placed on {}", sq(square)),
        )
        .label("not an empty square of the pawn rank")
        .help(format!("place it on one of {}", cx.squares(&allowed))),
        ResolveError::NoThronePawn => Diagnostic::new(
            Code::NoThronePawn,
            span,
            format!("this move gains no throne pawn: {}", no_throne_pawn_cause(pos, cx)),
        )
        .label("no pawn is gained here")
        .help("remove the `; square`"),
        ResolveError::WrongVariantCastling => {
            let variant = pos.variant();
            let (message, help) = match variant {
                v if pos.rules().two_stage_castling() => (
                    format!("{v} has no such castling"),
                    format!("{v} castles in two stages: 0-0-0 / 0-0-0-0, then 1 / 1-1"),
                ),
                v if pos.rules().castling.is_empty() => {
                    (format!("{v} has no castling"), format!("in {v} the king and the rooks make only their own moves"))
                }
                v => (format!("{v} has no such castling"), "castle with 0-0 or 0-0-0".to_string()),
            };
            Diagnostic::new(Code::WrongVariantCastling, span, message)
                .label("castling token of another variant")
                .help(help)
        }
        ResolveError::Castle { failure } => illegal_castling(pos, failure, span, cx),
    }
}

/// Moves as the record writes them (its letters, long or short form,
/// files), separated by commas.
fn written_moves(pos: &Position, moves: &[Move], cx: &Context) -> String {
    let letters = cx.letters;
    let short = cx.man_move().is_some_and(|m| !m.is_long());
    let write = |m: Move| {
        cx.in_files(if short {
            ShortMove { pos, mv: m, letters }.to_string()
        } else {
            LongMove { pos, mv: m, letters }.to_string()
        })
    };
    moves.iter().map(|&m| write(m)).collect::<Vec<_>>().join(", ")
}

/// A man that cannot make the move written: why, and what it can do.
fn cannot_go(pos: &Position, from: Square, obstacle: Obstacle, legal: &[Move], span: Span, cx: &Context) -> Diagnostic {
    let sq = |s: Square| cx.square(s);
    let why = match obstacle {
        Obstacle::Geometry => "it does not move that way".to_string(),
        Obstacle::Blocked(s) => format!("the man on {} is in the way", sq(s)),
        Obstacle::OwnMan(s) => format!("{} holds a man of its own side", sq(s)),
        Obstacle::NothingToCapture => "a pawn moves diagonally only to capture".to_string(),
        Obstacle::PawnBlocked(s) => format!("{} is occupied", sq(s)),
        Obstacle::KingInCheck => "the own king would be in check".to_string(),
        Obstacle::NoPromotionPiece => {
            format!("the pawn would have to promote on {}, but {}", sq(to_of(cx).unwrap_or(from)), promotion_rule(pos))
        }
        Obstacle::Unexplained => format!("{} does not allow it here", pos.variant()),
    };
    let role = pos.board().piece_at(from).map_or(Role::Pawn, |p| p.role);
    let castling = (role == Role::King).then(|| castling_written_as_king_move(pos, from, cx)).flatten();
    let help = if let Some(token) = castling {
        format!("castling is written `{token}`, not as a move of the king")
    } else if legal.is_empty() {
        format!("this {} has no legal move", role_name(role))
    } else {
        format!("legal moves of this {}: {}", role_name(role), written_moves(pos, legal, cx))
    };
    Diagnostic::new(Code::IllegalMove, span, format!("illegal move: {why}")).label("this move").help(help)
}

/// A promotion to a man the rules do not allow here.
fn forbidden_promotion(pos: &Position, piece: Role, allowed: &[Role], span: Span, cx: &Context) -> Diagnostic {
    let allowed_here = format!("{} one of {}", promotion_here(pos), piece_letters(cx.letters, allowed));
    if matches!(piece, Role::King | Role::Pawn) {
        return Diagnostic::new(
            Code::ForbiddenPromotion,
            span,
            if piece == Role::Pawn {
                "a pawn cannot promote to a pawn: on the last rank it becomes a piece"
            } else {
                "a pawn never becomes a king, on any file"
            },
        )
        .label("not a promotion piece")
        .help(allowed_here);
    }
    Diagnostic::new(
        Code::ForbiddenPromotion,
        span,
        if pos.rules().promotion_limit.is_empty() {
            format!("a pawn cannot become a {} on this file", role_name(piece))
        } else {
            format!("a pawn cannot become a {} now: {}", role_name(piece), promotion_rule(pos))
        },
    )
    .label("not allowed here")
    .help(allowed_here)
}

/// The letters of `roles`, separated by commas.
fn piece_letters(letters: Letters, roles: &[Role]) -> String {
    roles.iter().map(|&r| letters.piece(r).to_string()).collect::<Vec<_>>().join(", ")
}

/// A castling its conditions forbid, and which one.
fn illegal_castling(pos: &Position, failure: CastleFailure, span: Span, cx: &Context) -> Diagnostic {
    let sq = |s: Square| cx.square(s);
    let why = match royal_castle_failure(pos, failure, cx) {
        CastleFailure::FirstStageRightLost => "the king or that rook has moved".to_string(),
        CastleFailure::SecondStageRightLost => second_stage_cause(pos, cx),
        CastleFailure::CornerRookNotStepped(s) => {
            format!("the corner rook is still on {}: it must first step beside the corner", sq(s))
        }
        CastleFailure::KingNotThere(s) => format!("the king is not on {}", sq(s)),
        CastleFailure::RookNotThere(s) => format!("no rook on {}", sq(s)),
        CastleFailure::Occupied(sqs) => format!("{} must be empty", cx.squares(&sqs)),
        CastleFailure::KingInCheck => "the king is in check".to_string(),
        CastleFailure::KingPassesAttacked(s) => {
            format!("the king would pass over {}, which is attacked", sq(s))
        }
        CastleFailure::KingAttackedAfter(s) => format!("the king would be attacked on {}", sq(s)),
        CastleFailure::RookAttackedAfter(s) => format!("the rook would be attacked on {}", sq(s)),
    };
    Diagnostic::new(Code::IllegalCastling, span, format!("castling is not allowed: {why}"))
        .label("this castling")
        .help("`pgn100 explain illegal_castling` lists the conditions")
}

/// Why a second-stage castling has lost its right, as far as the position
/// tells: the first stage not played on that wing, or the man that castles
/// not where the first stage and the corner rook's step left it.
fn second_stage_cause(pos: &Position, cx: &Context) -> String {
    let us = pos.turn();
    let wing = match cx.text {
        MoveText::Ones(1) => crate::rules::Wing::Short,
        _ => crate::rules::Wing::Long,
    };
    let first = pos.rules().castling.iter().find(|c| c.color == us && c.stage == Stage::First && c.wing == wing);
    let second = pos.rules().castling.iter().find(|c| c.color == us && c.stage == Stage::Second && c.wing == wing);
    let (Some(first), Some(second)) = (first, second) else {
        return "this wing has no second stage".to_string();
    };
    let board = pos.board();
    let ours = |sq: Square, role: Role| board.piece_at(sq).is_some_and(|p| p.color == us && p.role == role);
    if pos.rights().has(Rights::castle_bit(us, Stage::First, wing)) {
        format!("the first stage {} has not been played on this wing", first.token())
    } else if !ours(second.king_from, Role::King) {
        format!("the king is not on {}, where the first stage {} puts it", cx.square(second.king_from), first.token())
    } else if !ours(second.rook_from, Role::Rook) {
        format!("no rook on {}, beside the corner", cx.square(second.rook_from))
    } else if ours(second.corner, Role::Rook) {
        format!("the corner rook is still on {}: it must first step beside the corner", cx.square(second.corner))
    } else {
        "the king or the corner rook has moved since the first stage".to_string()
    }
}

/// Why a throne-pawn mark gains nothing.
fn no_throne_pawn_cause(pos: &Position, cx: &Context) -> String {
    let us = pos.turn();
    let variant = pos.variant();
    if pos.rules().throne.is_none() {
        return format!("{variant} has no throne pawn");
    }
    if cx.throne_off {
        return "the ThronePawn tag switches the rule off in this game".to_string();
    }
    let (throne, rank) = match us {
        Color::White => (Square::new(5, 8), 2),
        Color::Black => (Square::new(5, 1), 7),
    };
    let king_to_throne = cx.man_move().is_some_and(|m| m.man == Some(Man::King))
        && throne.is_some_and(|t| cx.man_move().is_some_and(|m| m.to.file == t.file() && m.to.rank == t.rank()));
    let throne_name = throne.map_or_else(String::new, |t| cx.square(t));
    if !king_to_throne {
        return format!("only a king's move onto the enemy king's start square, {throne_name}, gains a pawn");
    }
    if !pos.rights().has(Rights::throne(us)) {
        return format!("{us}'s right is spent: the pawn is gained once, on the king's first arrival on {throne_name}");
    }
    let full = (0..10).filter_map(|f| Square::new(f, rank)).all(|s| pos.board().piece_at(s).is_some());
    if full {
        return format!("{us}'s pawn rank {} is full (the right is kept for a later arrival)", rank + 1);
    }
    "the move gains no pawn".to_string()
}

/// The hint for a Latin letter where the record writes Cyrillic ones and the
/// Cyrillic letter that looks the same was meant: `K` (king) for `К`
/// (knight), `C` (Grand's marshal) for `С` (bishop).
fn look_alike(cx: &Context, found: Role) -> Option<String> {
    let m = cx.man_move()?;
    if cx.letters != Letters::Cyrillic || m.script != Some(Script::Latin) {
        return None;
    }
    let (latin, meant) = match (m.man?, found) {
        (Man::King, Role::Knight) => ("K", "knight"),
        _ => return None,
    };
    Some(format!("the Latin `{latin}` is the king; the {meant} is the Cyrillic `{}`", cx.letters.piece(found)))
}

/// The diagnostic for a written move that names nothing on the board.
pub(super) fn spec_error(e: SpecError, span: Span, cx: &Context) -> Diagnostic {
    match e {
        SpecError::UnknownPiece { man, variant } => {
            let latin_c =
                matches!(cx.man_move(), Some(m) if m.man == Some(Man::Marshal) && m.script == Some(Script::Latin));
            // A Latin `C` where the variant has no marshal: a bishop `С`
            // written in the wrong script, as the books' records often have.
            let no_marshal = variant.rules().is_ok_and(|r| !r.has_role(Role::Marshal));
            let help = if no_marshal && latin_c {
                match cx.letters {
                    Letters::Cyrillic => "did you mean the bishop `С`? That is the Cyrillic letter: \
                                          a Latin `C` is Grand's marshal"
                        .to_string(),
                    Letters::Latin => "did you mean the bishop? In Latin letters it is `B` (`С` in Cyrillic); \
                                       `C` is Grand's marshal"
                        .to_string(),
                }
            } else {
                format!("`pgn100 explain unknown_piece` lists the letters of {variant}")
            };
            Diagnostic::new(Code::UnknownPiece, span, format!("{variant} has no {}", man_name(man)))
                .label("this piece letter")
                .help(help)
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
/// A null move (`--`) while the side to move is in check.
/// A move of 5.2 that a rule of docs/rules.md 5.3 forbids (Royal).
pub(super) fn royal_violation(v: crate::rules::Violation, span: Span, pos: &Position, cx: &Context<'_>) -> Diagnostic {
    use crate::rules::Violation;
    let d = match v {
        Violation::KingCaptureRequired { king } => Diagnostic::new(
            Code::KingCaptureRequired,
            span,
            format!("the enemy king on {king} is attacked: it must be taken"),
        )
        .label("not the king capture"),
        Violation::KingLeftAttacked => Diagnostic::new(
            Code::KingLeftAttacked,
            span,
            "without its prince the side must not leave its king attacked",
        )
        .label("the king would stand attacked"),
        Violation::CounterCheck => {
            Diagnostic::new(Code::CounterCheck, span, "this move leaves both kings attacked: no counter-check")
                .label("both kings attacked")
        }
    };
    d.help(format!("{} to move: {}", pos.turn(), sample_moves(pos, cx)))
}

/// Royal: the reason a castling is illegal, with the attacks judged by
/// Royal's own test (docs/rules.md 5.2, 5.3: princes and princesses attack, one
/// step and two; the rook's square is no condition) rather than the chess
/// test the shared resolver names them with. The other reasons are the same
/// in every variant.
fn royal_castle_failure(pos: &Position, failure: CastleFailure, cx: &Context<'_>) -> CastleFailure {
    let attack = matches!(
        failure,
        CastleFailure::KingInCheck
            | CastleFailure::KingPassesAttacked(_)
            | CastleFailure::KingAttackedAfter(_)
            | CastleFailure::RookAttackedAfter(_)
    );
    if pos.rules().legality != Legality::Cover || !attack {
        return failure;
    }
    let wing = match cx.text {
        MoveText::Zeros(2) => crate::rules::Wing::Short,
        _ => crate::rules::Wing::Long,
    };
    pos.royal_castle_attack(wing).unwrap_or(failure)
}

/// A queen restoration that cannot be made.
pub(super) fn bad_restoration(e: crate::rules::RestoreError, late: bool, span: Span) -> Diagnostic {
    use crate::rules::RestoreError;
    match e {
        RestoreError::NotDue | RestoreError::NotRoyal if late => Diagnostic::new(
            Code::RestorationLate,
            span,
            "a queen restoration a turn late: moving without it refused the right",
        )
        .label("one turn too late")
        .help("restore at the start of the very next turn after the queen's capture, before that turn's move"),
        RestoreError::NotDue | RestoreError::NotRoyal => Diagnostic::new(
            Code::RestorationNotDue,
            span,
            "no queen restoration is due: the last move took no queen of this side with its right unused",
        )
        .label("no right to restore")
        .help("the right is spent at the first capture of one of the side's queens, and used only on the next turn"),
        RestoreError::NoPrincess => {
            Diagnostic::new(Code::RestorationNoPrincess, span, "the side has no princess on the board to crown queen")
                .label("no princess")
                .help("without a princess the right is gone: remove the restoration")
        }
        RestoreError::WrongSquare(sq) => {
            Diagnostic::new(Code::RestorationNoPrincess, span, format!("the princess does not stand on {sq}"))
                .label("no princess here")
                .help("write her square, or `Пс=Ф` without one")
        }
    }
}

/// The note of a game counted as Chess by the rule of [`super::chess_instead`].
pub(super) fn read_as_chess(record: &GameRecord) -> Diagnostic {
    let at = record.tokens.first().map_or(record.span.start..record.span.start, |t| t.span.clone());
    Diagnostic::new(
        Code::ReadAsChess,
        at,
        "the game has no Variant tag and fails as Hundred; it replays cleanly as Chess, so it is counted as Chess",
    )
    .label("read as Chess")
    .help("add [Variant \"Chess\"] to say so, or pass --variant to read every game without the tag in one variant")
}

pub(super) fn null_move_in_check(span: Span) -> Diagnostic {
    Diagnostic::new(Code::IllegalMove, span, "a null move while in check: the king would stay attacked")
        .label("null move")
        .help("a null move (`--`) passes the turn only when the king is not in check")
}

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

/// The diagnostic of the syntax error `e` (with a known typo's message and
/// help): its code, message, help and span, as `validate` reports it.
pub fn syntax(e: &SyntaxError, typo: Option<&(String, String)>) -> Diagnostic {
    let (code, message, help) = match e.kind {
        SyntaxErrorKind::UnknownToken => match typo {
            Some((message, help)) => (Code::Syntax, message.as_str(), help.as_str()),
            None => (
                Code::Syntax,
                "this is no move, number, comment or result",
                "a move looks like Кg1-f3, Nf3, e2-e4, e4, 0-0-0 or 1 (every token: NOTATION in `man pgn100`)",
            ),
        },
        SyntaxErrorKind::UnterminatedComment => {
            (Code::UnterminatedComment, "the comment is never closed", "close it with `}`")
        }
        SyntaxErrorKind::UnterminatedDiceRoll => {
            (Code::UnterminatedDiceRoll, "the dice roll is never closed", "close it with `>`")
        }
        SyntaxErrorKind::BadTag => (Code::BadTag, "this tag pair is malformed", "write [Name \"value\"] on one line"),
        SyntaxErrorKind::NagOutOfRange => (Code::NagRange, "NAGs go from $0 to $255", "use a NAG from $0 to $255"),
    };
    let mut span = e.span.clone();
    if code == Code::UnterminatedComment || code == Code::UnterminatedDiceRoll {
        span = span.start..span.start + 1;
    }
    Diagnostic::new(code, span, message).label("here").help(help)
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

/// A move that more than one man could make: from the squares `from`,
/// written as one of `moves`.
pub(super) fn ambiguous(span: Span, from: &[String], moves: &str) -> Diagnostic {
    Diagnostic::new(Code::AmbiguousMove, span, format!("ambiguous move: it can be made from {}", from.join(" or ")))
        .label("which one?")
        .help(format!("write one of {moves}"))
}

pub(super) fn role_name(r: Role) -> &'static str {
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
        Role::Heir => "prince",
        Role::Princess => "princess",
    }
}

/// A few legal moves, for help lines.
fn sample_moves(pos: &Position, cx: &Context) -> String {
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    let n = moves.len();
    let letters = cx.letters;
    let mut s: Vec<String> =
        moves.iter().take(8).map(|&m| cx.in_files(LongMove { pos, mv: m, letters }.to_string())).collect();
    if n > 8 {
        s.push(format!("… ({n} legal moves)"));
    }
    if s.is_empty() {
        "no legal move".to_string()
    } else {
        s.join(", ")
    }
}
