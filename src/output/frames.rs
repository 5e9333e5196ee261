//! The positions of a replayed game as the diagrams and the game page
//! show them ([`Frame`]): the start, then the one after each move, and in
//! Dice chess where the position stands in its turn (the roll, the dice
//! left). `show` picks one of them (`commands::show`); the page
//! ([`crate::output::html`]) walks them all.

use crate::notation::ast::{GameRecord, RollForm, TokenKind};
use crate::notation::dice::{dice_list, roll_text};
use crate::notation::Letters;
use crate::output::diagram::{svg_diagram, text_diagram, Glyphs, TurnCaption};
use crate::replay::{DiceTurn, GameReport, Ply};
use crate::rules::dice::{Dice, Turn};
use crate::rules::{Color, Move, VariantPosition};

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

/// A position with no move before it: a game's start, a FEN.
pub fn start_of<'a>(pos: VariantPosition) -> Frame<'a> {
    let dice = pos.rules().rolled_turns.then(|| DiceFrame {
        turn: None,
        made: 0,
        left: Dice::of(&[]),
        over: true,
        form: RollForm::Latin,
    });
    Frame { pos, last: None, dice }
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
pub fn turn_number(n: u32, color: Color) -> String {
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
