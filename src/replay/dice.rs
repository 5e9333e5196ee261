//! The replay of a Dice chess record (RULES.md 4, NOTATION.md): each turn
//! `N. <roll> m1 m2 m3` read as its roll and the moves made with it, each
//! move resolved among the moves of its man's kind and judged against the
//! dice left, the finished turn judged by the maximum-moves rule, the game
//! over once a king is taken. Variations are skipped (their parentheses
//! must balance); they are not replayed.

use super::messages::{ambiguous, role_name, unclosed_variation, unopened_variation_end};
use super::report::Ply;
use super::spec::{written, Written};
use super::{file_diagnostic, report_without_moves, tags, warnings, GameReport, Options};
use crate::commands::dice::roll_roles;
use crate::commands::dice::write::{dice_list, roll_text, write_move, write_sequence};
use crate::diag::{Code, Diagnostic};
use crate::notation::ast::{CheckMark, GameRecord, MoveText, Outcome, RollForm, Span, Token, TokenKind};
use crate::notation::{Letters, Style};
use crate::rules::dice::turns::check_turn;
use crate::rules::dice::{Dice, DicePosition, DiceResolveError, Turn, TurnError};
use crate::rules::{CastleText, Color, Move, Role, Square, Variant};

/// One turn as replayed.
#[derive(Clone, Debug)]
pub struct DiceTurn {
    /// The state at the turn's start.
    pub start: DicePosition,
    pub roll: [Role; 3],
    /// The roll's token.
    pub roll_token: usize,
    /// The moves made, with their tokens.
    pub moves: Vec<Ply>,
    /// The dice left when the turn ended.
    pub left: Dice,
}

impl DiceTurn {
    /// The player of the turn.
    pub fn color(&self) -> Color {
        self.start.turn()
    }
    /// The turn's number `N` of the record.
    pub fn number(&self) -> u32 {
        self.start.fullmoves()
    }
}

/// What the replay of a Dice chess game found.
#[derive(Clone, Debug)]
pub struct DiceReport {
    pub diagnostics: Vec<Diagnostic>,
    /// The position the game starts from (`None` when the FEN tag is bad).
    pub start: Option<DicePosition>,
    /// The turns as far as replayed.
    pub turns: Vec<DiceTurn>,
    /// The state after the last turn, when the whole game was replayed.
    pub last: Option<DicePosition>,
    /// Whether the whole main line was replayed.
    pub complete: bool,
    /// The letters of the record's moves and the form of its rolls.
    pub letters: Letters,
    pub roll_form: RollForm,
}

impl DiceReport {
    pub fn is_valid(&self) -> bool {
        !self.diagnostics.iter().any(Diagnostic::is_error)
    }
    /// The player whose king was taken, if one was.
    pub fn king_taken(&self) -> Option<Color> {
        self.last.as_ref().and_then(DicePosition::king_taken)
    }

    /// The report in the shape every variant's validation reads (the
    /// diagnostics and whether the game was replayed whole).
    pub fn game_report(&self) -> GameReport {
        let mut report = report_without_moves(Some(Variant::Dice), self.complete, false, self.letters);
        report.diagnostics.clone_from(&self.diagnostics);
        report
    }
}

/// The open turn.
struct Open {
    turn: Turn,
    start: DicePosition,
    roll_token: usize,
    moves: Vec<Ply>,
}

impl Open {
    /// The turn as replayed so far.
    fn into_turn(self) -> DiceTurn {
        DiceTurn {
            start: self.start,
            roll: self.turn.roll,
            roll_token: self.roll_token,
            moves: self.moves,
            left: self.turn.left,
        }
    }
}

struct DiceReplayer<'a> {
    record: &'a GameRecord,
    index: usize,
    options: Options,
    letters: Letters,
    /// The style of the record's first man's move (for help lines).
    style: Style,
    roll_form: RollForm,
    out: Vec<Diagnostic>,
}

/// Replays game `index` of a file as Dice chess.
pub fn replay_dice(record: &GameRecord, index: usize, options: Options) -> DiceReport {
    replay_dice_in(record, index, options, tags::letters(record))
}

/// [`replay_dice`] with the `letters` of the record's moves already read
/// (by the replay that found the game is Dice chess).
pub(super) fn replay_dice_in(record: &GameRecord, index: usize, options: Options, letters: Letters) -> DiceReport {
    let style = record
        .tokens
        .iter()
        .find_map(|t| match &t.kind {
            TokenKind::Move { text: MoveText::Man(m), .. } => {
                Some(if m.is_long() { Style::Long } else { Style::Short })
            }
            _ => None,
        })
        .unwrap_or(Style::Long);
    let roll_form = record
        .tokens
        .iter()
        .find_map(|t| match t.kind {
            TokenKind::DiceRoll(Some(r)) => Some(r.form),
            _ => None,
        })
        .unwrap_or(RollForm::Latin);
    let mut r = DiceReplayer { record, index, options, letters, style, roll_form, out: Vec::new() };
    let mut report = r.run();
    crate::replay::notes::lookalike_warnings(record, Some(Variant::Dice)).for_each(|d| r.push(d));
    report.diagnostics = r.out;
    report
}

impl DiceReplayer<'_> {
    fn push(&mut self, d: Diagnostic) {
        file_diagnostic(&mut self.out, self.index, self.options, d);
    }

    fn report(&self, start: Option<DicePosition>, turns: Vec<DiceTurn>, last: Option<DicePosition>) -> DiceReport {
        let complete = last.is_some();
        DiceReport {
            diagnostics: Vec::new(),
            start,
            turns,
            last,
            complete,
            letters: self.letters,
            roll_form: self.roll_form,
        }
    }

    fn run(&mut self) -> DiceReport {
        for d in tags::checks(self.record) {
            self.push(d);
        }
        let start = match self.record.tag("FEN") {
            Some(fen) => match DicePosition::from_fen(fen) {
                Ok(p) => p,
                Err(e) => {
                    let span = self.record.tags.iter().find(|t| t.name == "FEN").map_or(0..1, |t| t.value_span.clone());
                    self.push(Diagnostic::new(Code::BadFen, span, e.to_string()).label("here"));
                    return self.report(None, Vec::new(), None);
                }
            },
            None => DicePosition::start(),
        };
        let (turns, last) = self.walk(&start);
        self.report(Some(start), turns, last)
    }

    /// Plays the main line; the turns and, when it was replayed whole, the
    /// state after it.
    fn walk(&mut self, start: &DicePosition) -> (Vec<DiceTurn>, Option<DicePosition>) {
        let record = self.record;
        let mut pos = start.clone();
        let mut turns: Vec<DiceTurn> = Vec::new();
        let mut open: Option<Open> = None;
        let mut number: Option<(u32, bool, Span)> = None;
        let mut depth: Vec<Span> = Vec::new();
        let mut result_token: Option<(&Token, Outcome)> = None;
        let mut plies = 0u32;
        let mut dead = false;
        for (ti, token) in record.tokens.iter().enumerate() {
            match &token.kind {
                TokenKind::VariationStart => depth.push(token.span.clone()),
                TokenKind::VariationEnd if depth.pop().is_none() => {
                    self.push(unopened_variation_end(token.span.clone()));
                    dead = true;
                }
                TokenKind::VariationEnd => {}
                TokenKind::Result(o) => result_token = Some((token, *o)),
                _ if !depth.is_empty() || dead => {}
                TokenKind::MoveNumber { number: n, black } => number = Some((*n, *black, token.span.clone())),
                TokenKind::DiceRoll(written_roll) => {
                    if pos.king_taken().is_some() {
                        self.after_king_capture(&pos, token.span.clone(), "a new turn");
                        dead = true;
                        continue;
                    }
                    let Some(roles) = written_roll.as_ref().and_then(roll_roles) else {
                        self.push(bad_roll(token.span.clone()));
                        dead = true;
                        continue;
                    };
                    if let Some(o) = open.take() {
                        if !self.close(o, &mut pos, &mut turns) {
                            dead = true;
                            continue;
                        }
                    }
                    if let Some((n, black, span)) = number.take() {
                        self.check_number(&pos, n, black, span, plies + 1);
                    }
                    open = Some(Open { turn: Turn::new(roles), start: pos.clone(), roll_token: ti, moves: Vec::new() });
                }
                TokenKind::Move { text, check, .. } => {
                    plies += 1;
                    if pos.king_taken().is_some() {
                        self.after_king_capture(&pos, token.span.clone(), "a move");
                        dead = true;
                        continue;
                    }
                    // A move number after the open turn's moves starts a turn
                    // with no roll: the open turn is over.
                    if number.is_some() {
                        if let Some(o) = open.take() {
                            if !self.close(o, &mut pos, &mut turns) {
                                dead = true;
                                continue;
                            }
                        }
                    }
                    let Some(o) = open.as_mut() else {
                        self.push(missing_roll(token.span.clone(), &pos).ply(plies));
                        dead = true;
                        continue;
                    };
                    match self.make(&mut pos, o, text, token, plies) {
                        Some(m) => {
                            o.moves.push(Ply { mv: m, token: ti, restored: false });
                            self.marks(&pos, m, *check, token.span.clone(), plies);
                        }
                        None => {
                            dead = true;
                        }
                    }
                }
                _ => {}
            }
        }
        for span in depth {
            self.push(unclosed_variation(span));
        }
        if dead {
            if let Some(o) = open.take() {
                turns.push(o.into_turn());
            }
        } else if let Some(o) = open.take() {
            dead = !self.close(o, &mut pos, &mut turns);
        }
        if result_token.is_none() {
            self.push(warnings::missing_result(record));
        }
        if dead {
            return (turns, None);
        }
        let mut found = Vec::new();
        warnings::result(record, None, result_token, |d| found.push(d));
        for d in found {
            self.push(d);
        }
        if let (Some(loser), Some((t, written))) = (pos.king_taken(), result_token) {
            let outcome = if loser == Color::White { Outcome::BlackWins } else { Outcome::WhiteWins };
            if written != outcome {
                self.push(
                    Diagnostic::new(
                        Code::ResultMismatch,
                        t.span.clone(),
                        format!("{} takes the king on the board, but the result is {}", !loser, written.pgn()),
                    )
                    .label("this result")
                    .help(format!("write {}", outcome.pgn())),
                );
            }
        }
        (turns, Some(pos))
    }

    /// Resolves and makes one written move of the open turn.
    fn make(&mut self, pos: &mut DicePosition, o: &mut Open, text: &MoveText, token: &Token, ply: u32) -> Option<Move> {
        let span = token.span.clone();
        let resolved = match written(text, Variant::Dice, tags::Files::AJ) {
            Ok(Written::Man(spec)) => pos.resolve(&spec),
            Ok(Written::Castle(CastleText::Chess(wing))) => pos.resolve_castle(wing),
            Ok(Written::Castle(CastleText::TwoStage(..)) | Written::Null | Written::Restoration) | Err(_) => {
                self.push(
                    Diagnostic::new(Code::WrongVariantCastling, span.clone(), "Dice chess has no such move")
                        .label("not a move of Dice chess")
                        .help("castle with 0-0 or 0-0-0; every move of a turn is a man's move")
                        .ply(ply),
                );
                return None;
            }
        };
        let m = match resolved {
            Ok(m) => m,
            Err(e) => {
                let d = self.resolve_error(pos, &o.turn, e, span).ply(ply);
                self.push(d);
                return None;
            }
        };
        let before = pos.clone();
        match o.turn.play(pos, m) {
            Ok(()) => Some(m),
            Err(e) => {
                let d = match e {
                    TurnError::Over => fourth_move(span, &o.turn, self.roll_form),
                    TurnError::AfterKingCapture => {
                        Diagnostic::new(Code::MoveAfterKingCapture, span, "the king is taken")
                    }
                    TurnError::NoDie { role, left } => {
                        let castle = m.is_castle();
                        no_die(span, role, castle, left, &o.turn, self.roll_form, &before, self.letters, self.style)
                    }
                };
                self.push(d.ply(ply));
                None
            }
        }
    }

    /// Ends the open turn: judged by the maximum-moves rule, then the turn
    /// passes. False when the turn breaks the rule.
    fn close(&mut self, o: Open, pos: &mut DicePosition, turns: &mut Vec<DiceTurn>) -> bool {
        let judged = check_turn(&o.start, o.turn.roll, &o.turn.moves, o.turn.left, pos);
        let ok = match judged {
            Ok(()) => true,
            Err(e) => {
                let at = o.moves.last().map_or(o.roll_token, |p| p.token);
                let span = self.record.tokens.get(at).map_or(0..0, |t| t.span.clone());
                let roll = roll_text(&o.turn.roll, self.roll_form);
                let dice = |n: u8| if n == 1 { "1 die".to_string() } else { format!("{n} dice") };
                let longer = write_sequence(&o.start, &e.longer, self.letters, self.style);
                self.push(
                    Diagnostic::new(
                        Code::TooFewMoves,
                        span,
                        format!(
                            "the turn spends {} of {roll}, but {} can be spent: a turn must spend as many dice as it can",
                            dice(e.spent),
                            dice(e.longer_spends)
                        ),
                    )
                    .label("the turn ends here")
                    .help(format!("for example {longer}")),
                );
                false
            }
        };
        pos.end_turn();
        turns.push(o.into_turn());
        ok
    }

    fn check_number(&mut self, pos: &DicePosition, n: u32, black: bool, span: Span, ply: u32) {
        let expected = pos.fullmoves();
        if n == expected && black == (pos.turn() == Color::Black) {
            return;
        }
        let right = if pos.turn() == Color::Black { format!("{expected}...") } else { format!("{expected}.") };
        self.push(
            Diagnostic::new(
                Code::MoveNumber,
                span,
                format!("move number does not match: the next turn is {}'s turn {expected}", pos.turn()),
            )
            .label("this number")
            .help(format!("write {right}"))
            .ply(ply),
        );
    }

    fn after_king_capture(&mut self, pos: &DicePosition, span: Span, what: &str) {
        let loser = pos.king_taken().unwrap_or(Color::White);
        let result = if loser == Color::White { "0-1" } else { "1-0" };
        self.push(
            Diagnostic::new(
                Code::MoveAfterKingCapture,
                span,
                format!("{what} after {}'s king was taken: the game ended there", loser),
            )
            .label("the game is over")
            .help(format!("end the game after the capture with {result}")),
        );
    }

    /// Check and capture marks: Dice chess has no check; `#`/`×` may mark
    /// the king capture.
    fn marks(&mut self, after: &DicePosition, m: Move, check: Option<CheckMark>, span: Span, ply: u32) {
        let took_king = after.king_taken().is_some();
        let d = match check {
            Some(CheckMark::Check | CheckMark::DoubleCheck) => Some(("Dice chess has no check", "remove the `+`")),
            Some(CheckMark::Mate) if !took_king => {
                Some(("`#` or `×` marks only the king capture in Dice chess", "remove the mark"))
            }
            _ => None,
        };
        let _ = m;
        if let Some((message, help)) = d {
            self.push(Diagnostic::new(Code::CheckMark, span, message).label("this mark").help(help).ply(ply));
        }
    }

    fn resolve_error(&self, pos: &DicePosition, turn: &Turn, e: DiceResolveError, span: Span) -> Diagnostic {
        let name = role_name;
        let write = |m: Move| write_move(pos, m, self.letters, self.style);
        let list = |moves: &[Move]| moves.iter().map(|&m| write(m)).collect::<Vec<_>>().join(", ");
        let sample = || {
            let mut v = Vec::new();
            for r in turn.left.roles() {
                pos.moves_of(r, r == Role::King && turn.left.has(Role::Rook), &mut v);
            }
            let n = v.len();
            if n == 0 {
                "no die left can be spent".to_string()
            } else if n <= 8 {
                format!("moves of the dice left: {}", list(&v))
            } else {
                format!("moves of the dice left: {}, … ({n} moves)", list(v.get(..8).unwrap_or_default()))
            }
        };
        match e {
            DiceResolveError::NoMan { from } => Diagnostic::new(Code::NoMan, span, format!("no man stands on {from}"))
                .label("this from-square is empty")
                .help(sample()),
            DiceResolveError::OpponentsMan { from, role } => Diagnostic::new(
                Code::OpponentsMan,
                span,
                format!("the {} on {from} is {}'s, but {} is to move", name(role), !pos.turn(), pos.turn()),
            )
            .label("not this side's man")
            .help("check the turn order or a missing turn"),
            DiceResolveError::WrongMan { from, found } => {
                Diagnostic::new(Code::WrongMan, span, format!("the man on {from} is a {}", name(found)))
                    .label("another piece letter")
                    .help(format!("write {}{from}…", self.letters.piece(found)))
            }
            DiceResolveError::CannotGo { from, moves } => {
                let role = pos.board().piece_at(from).map_or(Role::Pawn, |p| p.role);
                let help = if moves.is_empty() {
                    format!("this {} has no move", name(role))
                } else {
                    format!("moves of this {}: {}", name(role), list(&moves))
                };
                Diagnostic::new(Code::IllegalMove, span, "illegal move: the man does not go there")
                    .label("this move")
                    .help(help)
            }
            DiceResolveError::NoCandidate { role, to } => {
                Diagnostic::new(Code::NoSuchMove, span, format!("no {} can go to {to}", name(role)))
                    .label("no such move")
                    .help(format!("{} to move: {}", pos.turn(), sample()))
            }
            DiceResolveError::Ambiguous { candidates } => {
                let from: Vec<String> = candidates.iter().map(|m| m.from.to_string()).collect();
                ambiguous(span, &from, &list(&candidates))
            }
            DiceResolveError::MissingPromotion => {
                Diagnostic::new(Code::MissingPromotion, span, "the pawn reaches the last rank and must promote")
                    .label("no promotion piece")
                    .help(format!("add one of {} after the square", promotion_letters(self.letters)))
            }
            DiceResolveError::ForbiddenPromotion { piece } => {
                Diagnostic::new(Code::ForbiddenPromotion, span, format!("a pawn cannot become a {}", name(piece)))
                    .label("not a promotion piece")
                    .help(format!("a pawn becomes one of {}", promotion_letters(self.letters)))
            }
            DiceResolveError::NotAPromotion => {
                Diagnostic::new(Code::NotAPromotion, span, "a promotion piece on a move that does not promote")
                    .label("no promotion here")
                    .help("remove the piece letter after the square")
            }
            DiceResolveError::CastlingRightLost => {
                Diagnostic::new(Code::IllegalCastling, span, "illegal castling: the king or that rook has moved")
                    .label("this castling")
                    .help(sample())
            }
            DiceResolveError::CastlingBlocked { squares } => {
                let s: Vec<String> = squares.iter().map(Square::to_string).collect();
                Diagnostic::new(
                    Code::IllegalCastling,
                    span,
                    format!("illegal castling: men stand between king and rook on {}", s.join(", ")),
                )
                .label("this castling")
                .help(sample())
            }
        }
    }
}

fn promotion_letters(letters: Letters) -> String {
    [Role::Queen, Role::Rook, Role::Bishop, Role::Knight].map(|r| letters.piece(r)).join(", ")
}

fn bad_roll(span: Span) -> Diagnostic {
    Diagnostic::new(Code::BadDiceRoll, span, "this dice roll is not three dice")
        .label("this roll")
        .help("write three faces separated by spaces: K Q R B N p, Кр Ф Л С К п or 1 to 6, e.g. <p N B>")
}

fn missing_roll(span: Span, pos: &DicePosition) -> Diagnostic {
    let n = pos.fullmoves();
    let number = if pos.turn() == Color::Black { format!("{n}...") } else { format!("{n}.") };
    Diagnostic::new(Code::MissingDiceRoll, span, format!("a move of {}'s turn with no dice roll before it", pos.turn()))
        .label("no roll for this turn")
        .help(format!("every turn starts with its roll: {number} <p N B> and the turn's moves"))
}

fn fourth_move(span: Span, turn: &Turn, form: RollForm) -> Diagnostic {
    Diagnostic::new(
        Code::FourthMove,
        span,
        format!("a move after the turn spent all three dice of {}", roll_text(&turn.roll, form)),
    )
    .label("no die left for it")
    .help("a turn is at most three moves, one die each (castling spends two): start the next turn with its number and roll")
}

#[expect(clippy::too_many_arguments, reason = "the parts of one message")]
fn no_die(
    span: Span,
    role: Role,
    castle: bool,
    left: Dice,
    turn: &Turn,
    form: RollForm,
    pos: &DicePosition,
    letters: Letters,
    style: Style,
) -> Diagnostic {
    let left_text = dice_list(left.each(), form);
    let message = if castle {
        format!("castling spends a king die and a rook die, but the dice left are {left_text}")
    } else {
        format!("a {} moves, but no {} die is left: the dice left are {left_text}", role_name(role), role_name(role))
    };
    let mut v = Vec::new();
    for r in left.roles() {
        pos.moves_of(r, r == Role::King && left.has(Role::Rook), &mut v);
    }
    let help = match v.as_slice() {
        [] => format!("no die left can be spent: the turn of {} ends here", roll_text(&turn.roll, form)),
        some => {
            let shown: Vec<String> = some.iter().take(8).map(|&m| write_move(pos, m, letters, style)).collect();
            let more = if some.len() > 8 { format!(", … ({} moves)", some.len()) } else { String::new() };
            format!("a man of a type among the dice left moves: {}{more}", shown.join(", "))
        }
    };
    Diagnostic::new(Code::NoSuchDie, span, message).label("no die for this man").help(help)
}
