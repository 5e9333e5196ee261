//! Dice chess in the one walk of a record (docs/rules.md 4, docs/notation.md): each
//! turn `N. <roll> m1 m2 m3` read as its roll and the moves made with it,
//! each move resolved among the moves of its man's kind and judged against
//! the dice left, the finished turn judged by the maximum-moves rule, the
//! game over once a king is taken. Variations are read (their parentheses
//! must balance), not replayed.

use super::messages::{ambiguous, role_name};
use super::report::{DiceTurn, Ply};
use super::spec::{roll_roles, written, Written};
use super::{tags, Heed, Main, Observer, Replayer};
use crate::diag::{Code, Diagnostic};
use crate::notation::ast::{CheckMark, GameRecord, MoveText, RollForm, Span, Token, TokenKind};
use crate::notation::dice::{dice_list, roll_text, write_move, write_sequence};
use crate::notation::{Letters, Style};
use crate::rules::dice::turns::check_turn;
use crate::rules::dice::{Dice, DicePosition, DiceResolveError, Turn, TurnError};
use crate::rules::{Bitboard, CastleText, Color, Move, Role, Square, VariantPosition};

/// The Dice chess state of the main line's walk.
pub(super) struct Turns {
    /// The turn being made.
    open: Option<Open>,
    /// The move number read since the last move, for the next turn.
    number: Option<(u32, bool, Span)>,
    /// Move tokens read.
    plies: u32,
    /// The style of the record's first man's move (for help lines).
    style: Style,
    /// How the record writes its rolls.
    pub(super) roll_form: RollForm,
}

/// The open turn.
struct Open {
    turn: Turn,
    start: DicePosition,
    roll_token: usize,
    /// Its first move's index in the main line.
    first: usize,
}

impl Turns {
    pub(super) fn new(record: &GameRecord) -> Turns {
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
        Turns { open: None, number: None, plies: 0, style, roll_form }
    }
}

impl Open {
    /// The turn as replayed so far.
    fn record(self, main: &Main) -> DiceTurn {
        DiceTurn {
            start: self.start,
            roll: self.turn.roll,
            roll_token: self.roll_token,
            plies: self.first..main.plies.len(),
            left: self.turn.left,
        }
    }
}

impl Replayer<'_> {
    /// One token of a Dice chess main line (not a variation's, not a
    /// result); false when the replay stops here.
    pub(super) fn dice_token(
        &mut self,
        t: &mut Turns,
        pos: &mut VariantPosition,
        main: &mut Main,
        ti: usize,
        token: &Token,
        observer: &mut Heed<impl Observer>,
    ) -> bool {
        let Some(dice) = pos.dice() else { return false };
        match &token.kind {
            TokenKind::MoveNumber { number, black } => t.number = Some((*number, *black, token.span.clone())),
            TokenKind::DiceRoll(written_roll) => {
                if dice.king_taken().is_some() {
                    self.after_king_capture(dice, token.span.clone(), "a new turn");
                    return false;
                }
                let Some(roles) = written_roll.as_ref().and_then(roll_roles) else {
                    self.push(bad_roll(token.span.clone()));
                    return false;
                };
                if let Some(o) = t.open.take() {
                    if !self.close(o, t, pos, main, observer) {
                        return false;
                    }
                }
                let Some(dice) = pos.dice() else { return false };
                if let Some((n, black, span)) = t.number.take() {
                    self.check_number(dice, n, black, span, t.plies + 1);
                }
                t.open =
                    Some(Open { turn: Turn::new(roles), start: dice.clone(), roll_token: ti, first: main.plies.len() });
                observer.begin_turn(pos, Some((roles, token)));
            }
            TokenKind::Move { text, check, .. } => {
                t.plies += 1;
                let ply = t.plies;
                if dice.king_taken().is_some() {
                    self.after_king_capture(dice, token.span.clone(), "a move");
                    return false;
                }
                // A move number after the open turn's moves starts a turn
                // with no roll: the open turn is over.
                if t.number.is_some() {
                    if let Some(o) = t.open.take() {
                        if !self.close(o, t, pos, main, observer) {
                            return false;
                        }
                    }
                }
                let before = pos.clone();
                let (Some(o), Some(dice)) = (t.open.as_mut(), pos.dice_mut()) else {
                    if let Some(dice) = pos.dice() {
                        self.push(missing_roll(token.span.clone(), dice).ply(ply));
                    }
                    return false;
                };
                let Some(m) = self.make(dice, o, text, token, ply, t.style, t.roll_form) else { return false };
                let took_king = dice.king_taken().is_some();
                let at = Ply { mv: m, token: ti, restored: false };
                main.plies.push(at);
                observer.before_move(&before, m);
                observer.any_move(&before, at, token);
                observer.any_played(pos);
                observer.after_move(pos, Bitboard::EMPTY);
                self.marks(took_king, *check, token.span.clone(), ply);
            }
            _ => {}
        }
        true
    }

    /// The walk is over: the open turn is judged and closed (or, when the
    /// replay stopped, kept as far as it went). False when the game does
    /// not stand.
    pub(super) fn end_dice(
        &mut self,
        t: &mut Turns,
        pos: &mut VariantPosition,
        main: &mut Main,
        dead: bool,
        observer: &mut Heed<impl Observer>,
    ) -> bool {
        let Some(o) = t.open.take() else { return !dead };
        if dead {
            let turn = o.record(main);
            observer.end_turn(pos, Some(&turn));
            main.turns.push(turn);
            return false;
        }
        self.close(o, t, pos, main, observer)
    }

    /// Resolves and makes one written move of the open turn.
    #[expect(clippy::too_many_arguments, reason = "the parts of one move and its messages")]
    fn make(
        &mut self,
        pos: &mut DicePosition,
        o: &mut Open,
        text: &MoveText,
        token: &Token,
        ply: u32,
        style: Style,
        form: RollForm,
    ) -> Option<Move> {
        let span = token.span.clone();
        let resolved = match written(text, pos.rules().variant, tags::Files::AJ) {
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
                let d = self.resolve_error(pos, &o.turn, e, span, style).ply(ply);
                self.push(d);
                return None;
            }
        };
        let before = pos.clone();
        match o.turn.play(pos, m) {
            Ok(()) => Some(m),
            Err(e) => {
                let d = match e {
                    TurnError::Over => fourth_move(span, &o.turn, form),
                    TurnError::AfterKingCapture => {
                        Diagnostic::new(Code::MoveAfterKingCapture, span, "the king is taken")
                    }
                    TurnError::NoDie { role, left } => {
                        let castle = m.is_castle();
                        no_die(span, role, castle, left, &o.turn, form, &before, self.letters, style)
                    }
                };
                self.push(d.ply(ply));
                None
            }
        }
    }

    /// Ends the open turn: judged by the maximum-moves rule, then the turn
    /// passes. False when the turn breaks the rule.
    fn close(
        &mut self,
        o: Open,
        t: &Turns,
        pos: &mut VariantPosition,
        main: &mut Main,
        observer: &mut Heed<impl Observer>,
    ) -> bool {
        let Some(dice) = pos.dice() else { return false };
        let judged = check_turn(&o.start, o.turn.roll, &o.turn.moves, o.turn.left, dice);
        let ok = match judged {
            Ok(()) => true,
            Err(e) => {
                let at = main.plies.get(o.first..).and_then(<[Ply]>::last).map_or(o.roll_token, |p| p.token);
                let span = self.record.tokens.get(at).map_or(0..0, |t| t.span.clone());
                let roll = roll_text(&o.turn.roll, t.roll_form);
                let dice = |n: u8| if n == 1 { "1 die".to_string() } else { format!("{n} dice") };
                let longer = write_sequence(&o.start, &e.longer, self.letters, t.style);
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
        let turn = o.record(main);
        observer.end_turn(pos, Some(&turn));
        pos.end_turn();
        main.turns.push(turn);
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
    fn marks(&mut self, took_king: bool, check: Option<CheckMark>, span: Span, ply: u32) {
        let d = match check {
            Some(CheckMark::Check | CheckMark::DoubleCheck) => Some(("Dice chess has no check", "remove the `+`")),
            Some(CheckMark::Mate) if !took_king => {
                Some(("`#` or `×` marks only the king capture in Dice chess", "remove the mark"))
            }
            _ => None,
        };
        if let Some((message, help)) = d {
            self.push(Diagnostic::new(Code::CheckMark, span, message).label("this mark").help(help).ply(ply));
        }
    }

    fn resolve_error(
        &self,
        pos: &DicePosition,
        turn: &Turn,
        e: DiceResolveError,
        span: Span,
        style: Style,
    ) -> Diagnostic {
        let name = role_name;
        let write = |m: Move| write_move(pos, m, self.letters, style);
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
