//! `show`: the position of a replayed game at a point of its main line
//! (after `--ply N` moves, at its end, or in Dice chess at a move of a
//! turn), with what [`crate::output::diagram`] tells beside the board, and
//! every position of a game for its page ([`crate::output::html`]).
//!
//! Every variant's turn is its one move but Dice chess's, which is up to
//! three: there a position also falls in a turn, whose roll the record
//! writes, with dice left. Its FEN is docs/notation.md's (the open en passant
//! squares listed), the oracle's FEN but for that field: once a turn's last
//! move is made the turn has passed, and the FEN names the player whose
//! turn comes.

use crate::notation::ast::{GameRecord, RollForm, TokenKind};
use crate::notation::dice::{dice_list, roll_text};
use crate::notation::Letters;
use crate::output::diagram::{svg_diagram, text_diagram, Glyphs, TurnCaption};
use crate::replay::{DiceTurn, GameReport, Ply};
use crate::rules::dice::{Dice, Turn};
use crate::rules::{Color, Move, Variant, VariantFenError, VariantPosition};

/// Where in a game to look.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum At {
    /// After the main line, as far as it was replayed.
    End,
    /// After this many moves of the main line (0: the start).
    Ply(usize),
    /// Dice chess: turn `number` of `color` (the record's `N.` or `N...`),
    /// after `made` of its moves (`None`: all of them, the turn passed).
    Turn { number: u32, color: Color, made: Option<usize> },
}

/// A position of a game, as shown.
#[derive(Clone, Debug)]
pub struct Frame<'a> {
    /// The position (a Dice turn passed once it is over).
    pub pos: VariantPosition,
    /// The move that led here and its token.
    pub last: Option<Ply>,
    /// Dice chess: where the position stands in the game's turns.
    pub dice: Option<DiceFrame<'a>>,
}

/// Where a Dice chess position stands in the game's turns.
#[derive(Clone, Debug)]
pub struct DiceFrame<'a> {
    /// The turn the position falls in; `None` before the first turn (or for
    /// a position given by its FEN).
    pub turn: Option<&'a DiceTurn>,
    /// How many of that turn's moves are made.
    pub made: usize,
    /// The dice of the turn not spent yet.
    pub left: Dice,
    /// Whether the turn is over: all its moves made and the turn passed.
    pub over: bool,
    /// How the record writes this turn's roll.
    pub form: RollForm,
}

/// Why a game has no position where it was asked for: a full sentence.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct NoPosition(pub String);

/// The position of a FEN of `variant` (a Dice chess one between turns).
pub fn fen_frame<'a>(fen: &str, variant: Variant) -> Result<Frame<'a>, VariantFenError> {
    Ok(start_of(VariantPosition::from_fen(fen, variant)?))
}

/// A position with no move before it: a game's start, a FEN.
fn start_of<'a>(pos: VariantPosition) -> Frame<'a> {
    let dice = pos.rules().rolled_turns.then(|| DiceFrame {
        turn: None,
        made: 0,
        left: Dice::of(&[]),
        over: true,
        form: RollForm::Latin,
    });
    Frame { pos, last: None, dice }
}

/// The position of game `game` (counted from 1, for the messages) of
/// `record`, replayed as `report`, at `at`.
pub fn frame_at<'a>(record: &GameRecord, report: &'a GameReport, game: usize, at: At) -> Result<Frame<'a>, NoPosition> {
    let dice = report.variant.and_then(|v| v.rules().ok()).is_some_and(|r| r.rolled_turns);
    let plies = report.mainline.len();
    let noun = if dice { "moves" } else { "plies" };
    let unit = if dice { "move" } else { "ply" };
    let stops = report
        .diagnostics
        .iter()
        .find(|d| d.is_error())
        .filter(|_| !report.complete)
        .map(|d| format!("; its replay stops at {unit} {}: {}", plies + 1, d.message));
    let stops = stops.as_deref();
    // No start (a bad FEN tag, an unknown variant): the error says why.
    let no_position = || {
        let why =
            report.diagnostics.iter().find(|d| d.is_error()).map_or_else(String::new, |d| format!(": {}", d.message));
        NoPosition(format!("game {game} has no position to show{why}"))
    };
    match at {
        At::Turn { .. } if !dice => Err(NoPosition(
            "--turn and --move are for Dice chess records, whose turns are up to three moves; use --ply".to_string(),
        )),
        At::Turn { number, color, made } => {
            let written = turn_number(number, color);
            let Some(i) = report.turns.iter().position(|t| t.number() == number && t.color() == color) else {
                return Err(NoPosition(format!("game {game} has no turn {written}{}", stops.unwrap_or_default())));
            };
            let moves = report.turns.get(i).map_or(0, |t| t.plies.len());
            let made = made.unwrap_or(moves);
            if made > moves {
                let noun = if moves == 1 { "move" } else { "moves" };
                return Err(NoPosition(format!(
                    "turn {written} of game {game} has {moves} replayed {noun}, not {made}"
                )));
            }
            dice_frame(record, report, i, made).ok_or_else(no_position)
        }
        At::Ply(n) if n > plies => Err(NoPosition(format!(
            "game {game} has {plies} replayable {noun}, not {n}{}",
            stops.unwrap_or("; the game ends there")
        ))),
        At::Ply(n) if dice => ply_point(report, n)
            .map_or_else(|| report.start.clone().map(start_of), |(i, made)| dice_frame(record, report, i, made))
            .ok_or_else(no_position),
        At::End if dice => match report.turns.len().checked_sub(1) {
            Some(i) => dice_frame(record, report, i, report.turns.get(i).map_or(0, |t| t.plies.len())),
            None => report.start.clone().map(start_of),
        }
        .ok_or_else(no_position),
        At::Ply(n) => plain_frame(report, n).ok_or_else(no_position),
        At::End => plain_frame(report, plies).ok_or_else(no_position),
    }
}

/// After `n` moves of a main line of one move a turn.
fn plain_frame(report: &GameReport, n: usize) -> Option<Frame<'_>> {
    let pos = report.main_position(n)?;
    let last = n.checked_sub(1).and_then(|i| report.mainline.get(i)).copied();
    Some(Frame { pos, last, dice: None })
}

/// Every position of the replay (made with `keep_all`) in the order of
/// [`GameReport::for_each_kept`]: the start, then the one after each move
/// (Dice chess: of the main line; its empty turns have none).
pub fn frames<'a>(record: &GameRecord, report: &'a GameReport) -> Vec<Frame<'a>> {
    let mut out = Vec::new();
    for_each_frame(record, report, |frame| out.push(frame.clone()));
    out
}

/// Calls `f` with every position of [`frames`] in turn, one at a time: a
/// game page of many thousand positions never holds them all.
pub fn for_each_frame<'a>(record: &GameRecord, report: &'a GameReport, mut f: impl FnMut(&Frame<'a>)) {
    if let Some(start) = report.start.clone() {
        f(&start_of(start));
    }
    if report.turns.is_empty() {
        let mut frame: Option<Frame<'a>> = None;
        report.for_each_kept(|_, ply, after| {
            let frame = match frame.as_mut() {
                Some(frame) => {
                    frame.pos.clone_from(after);
                    frame.last = Some(ply);
                    frame
                }
                None => frame.insert(Frame { pos: after.clone(), last: Some(ply), dice: None }),
            };
            f(frame);
        });
        return;
    }
    for (i, turn) in report.turns.iter().enumerate() {
        for made in 1..=turn.plies.len() {
            if let Some(frame) = dice_frame(record, report, i, made) {
                f(&frame);
            }
        }
    }
}

/// The Dice turn (index into `report.turns`) and how many of its moves are
/// made after `plies` moves of the game: `None` for 0 (the start) or more
/// moves than were replayed.
fn ply_point(report: &GameReport, plies: usize) -> Option<(usize, usize)> {
    let mut seen = 0;
    for (i, turn) in report.turns.iter().enumerate() {
        let n = turn.plies.len();
        if plies > seen && plies <= seen + n {
            return Some((i, plies - seen));
        }
        seen += n;
    }
    None
}

/// Dice turn `index` of the record after `made` of its moves (at most as
/// many as it has). The turn is over after its last move unless the replay
/// stopped in it.
pub fn dice_frame<'a>(record: &GameRecord, report: &'a GameReport, index: usize, made: usize) -> Option<Frame<'a>> {
    let turn = report.turns.get(index)?;
    let moves = report.turn_plies(turn).get(..made)?;
    let mut pos = turn.start.clone();
    let mut t = Turn::new(turn.roll);
    for ply in moves {
        // The replay made these very moves with these dice.
        let _ = t.play(&mut pos, ply.mv);
    }
    let closed = index + 1 < report.turns.len() || report.complete;
    let over = made == turn.plies.len() && closed;
    if over {
        pos.end_turn();
    }
    let form = match record.tokens.get(turn.roll_token).map(|t| &t.kind) {
        Some(TokenKind::DiceRoll(Some(r))) => r.form,
        _ => report.roll_form,
    };
    let dice = DiceFrame { turn: Some(turn), made, left: t.left, over, form };
    Some(Frame { pos: pos.into(), last: moves.last().copied(), dice: Some(dice) })
}

/// `N.` or `N...`.
fn turn_number(n: u32, color: Color) -> String {
    if color == Color::White {
        format!("{n}.")
    } else {
        format!("{n}...")
    }
}

impl Frame<'_> {
    /// The last move.
    pub fn last_move(&self) -> Option<Move> {
        self.last.map(|p| p.mv)
    }

    /// The FEN (Dice chess: docs/notation.md's, with the open en passant squares).
    pub fn fen(&self) -> String {
        self.pos.fen()
    }

    /// Dice chess: the roll of the position's turn as the record writes it:
    /// `<R B Q>`, `<4 3 5>`.
    pub fn roll(&self) -> Option<String> {
        let d = self.dice.as_ref()?;
        d.turn.map(|t| roll_text(&t.roll, d.form))
    }

    /// Dice chess: the turn's line and the dice left, `record` and the text
    /// it was read from giving the move as written; `None` in every other
    /// variant.
    pub fn caption(&self, record: Option<(&GameRecord, &str)>) -> Option<TurnCaption> {
        let written = self.last.and_then(|ply| {
            let (record, text) = record?;
            text.get(record.tokens.get(ply.token)?.span.clone())
        });
        self.caption_with(written.unwrap_or("?"))
    }

    /// [`Frame::caption`] with `written` standing for the last move as the
    /// record writes it.
    pub fn caption_with(&self, written: &str) -> Option<TurnCaption> {
        let d = self.dice.as_ref()?;
        let left = Some((d.left, d.form)).filter(|_| !d.over);
        let Some(turn) = d.turn else { return Some(TurnCaption { line: None, left }) };
        let head = format!("turn {} of {}", turn_number(turn.number(), turn.color()), turn.color());
        let dice = dice_list(d.left.each(), d.form);
        let rest = match self.last {
            None if d.over => ": no die can be spent, the turn is empty".to_string(),
            None => format!(": before its first move; dice left: {dice}"),
            Some(_) => {
                let spendable = if d.over && !d.left.is_empty() && self.pos.king_taken().is_none() {
                    ", none can be spent"
                } else {
                    ""
                };
                format!(": move {} of {}, {written}; dice left: {dice}{spendable}", d.made, turn.plies.len())
            }
        };
        Some(TurnCaption { line: Some([head, roll_text(&turn.roll, d.form), rest]), left })
    }

    /// The terminal picture: the board, the turn's line (Dice chess), the
    /// state and the FEN.
    pub fn text(&self, record: Option<(&GameRecord, &str)>, glyphs: Glyphs, color: bool) -> String {
        text_diagram(&self.pos, self.last_move(), self.caption(record).as_ref(), glyphs, color)
    }

    /// The SVG diagram, titled with the FEN.
    pub fn svg(&self, letters: Letters) -> String {
        svg_diagram(&self.pos, self.last_move(), letters)
    }
}
