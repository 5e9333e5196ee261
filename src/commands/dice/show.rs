//! Dice chess positions as `show` draws them: the state after any move of
//! a replayed record (or at any move of any turn), with the turn it falls
//! in, that turn's roll as the record writes it, the dice left and whose
//! move it is. The FEN is NOTATION.md's (the open en passant squares
//! listed), the oracle's FEN but for that field: once a turn's last move is
//! made the turn has passed, and the FEN names the player whose turn comes.

use crate::notation::ast::{GameRecord, RollForm, TokenKind};
use crate::notation::dice::{dice_list, roll_text};
use crate::notation::Letters;
use crate::output::diagram::{svg_board, text_board, Glyphs};
use crate::replay::{DiceTurn, GameReport, Ply};
use crate::rules::dice::{Dice, DicePosition, Turn, DICE};
use crate::rules::{Color, Move};

/// A position of a Dice game, as shown.
#[derive(Clone, Debug)]
pub struct DiceFrame<'a> {
    /// The turn the position falls in; `None` before the first turn (or for
    /// a position given by its FEN).
    pub turn: Option<&'a DiceTurn>,
    /// How many of that turn's moves are made.
    pub made: usize,
    /// The state, the turn passed once it is over.
    pub pos: DicePosition,
    /// The dice of the turn not spent yet.
    pub left: Dice,
    /// The last move made (of this turn) and its token.
    pub last: Option<Ply>,
    /// Whether the turn is over: all its moves made and the turn passed.
    pub over: bool,
    /// How the record writes this turn's roll.
    pub form: RollForm,
}

/// The turn (index into `report.turns`) and how many of its moves are made
/// after `plies` moves of the game: `None` for 0 (the start) or more
/// moves than were replayed.
pub fn ply_point(report: &GameReport, plies: usize) -> Option<(usize, usize)> {
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

/// The moves of the game as far as replayed.
pub fn plies(report: &GameReport) -> usize {
    report.turns.iter().map(|t| t.plies.len()).sum()
}

/// The index of turn `number` of `color` (the record's `N.` or `N...`).
pub fn find_turn(report: &GameReport, number: u32, color: Color) -> Option<usize> {
    report.turns.iter().position(|t| t.number() == number && t.color() == color)
}

/// The start of the game (before its first roll); `None` when the record's
/// FEN tag is bad.
pub fn start_frame(report: &GameReport) -> Option<DiceFrame<'_>> {
    report.start.as_ref().and_then(|p| p.dice()).cloned().map(between_turns)
}

/// A state between turns (a game's start, a FEN): no roll yet.
pub fn between_turns<'a>(pos: DicePosition) -> DiceFrame<'a> {
    DiceFrame { turn: None, made: 0, pos, left: Dice::of(&[]), last: None, over: true, form: RollForm::Latin }
}

/// Turn `index` of the record after `made` of its moves (at most as many as
/// it has). The turn is over after its last move unless the replay stopped
/// in it.
pub fn frame<'a>(record: &GameRecord, report: &'a GameReport, index: usize, made: usize) -> Option<DiceFrame<'a>> {
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
    Some(DiceFrame { turn: Some(turn), made, pos, left: t.left, last: moves.last().copied(), over, form })
}

/// Every position of the replayed main line: the start, then the one after
/// each move (the empty turns have none).
pub fn frames<'a>(record: &GameRecord, report: &'a GameReport) -> Vec<DiceFrame<'a>> {
    let mut out: Vec<DiceFrame<'a>> = start_frame(report).into_iter().collect();
    for (i, turn) in report.turns.iter().enumerate() {
        out.extend((1..=turn.plies.len()).filter_map(|made| frame(record, report, i, made)));
    }
    out
}

/// `N.` or `N...`.
fn number(n: u32, color: Color) -> String {
    if color == Color::White {
        format!("{n}.")
    } else {
        format!("{n}...")
    }
}

impl DiceFrame<'_> {
    /// The last move.
    pub fn last_move(&self) -> Option<Move> {
        self.last.map(|p| p.mv)
    }

    /// The roll as the record writes it: `<R B Q>`, `<4 3 5>`.
    pub fn roll(&self) -> Option<String> {
        self.turn.map(|t| roll_text(&t.roll, self.form))
    }

    /// The turn's line, `text` the record's text: `turn 5... of black, roll
    /// <B R Q>: move 2 of 3, Rh3; dice left: Q`. `None` between turns.
    pub fn turn_line(&self, record: &GameRecord, text: &str) -> Option<String> {
        let [turn, roll, rest] = self.turn_parts(record, text)?;
        Some(format!("{turn}, roll {roll}{rest}"))
    }

    /// The turn's line in three parts: `turn 5... of black`, the roll
    /// `<B R Q>`, and the rest `: move 2 of 3, Rh3; dice left: Q`.
    pub fn turn_parts(&self, record: &GameRecord, text: &str) -> Option<[String; 3]> {
        let turn = self.turn?;
        let head = format!("turn {} of {}", number(turn.number(), turn.color()), turn.color());
        let left = dice_list(self.left.each(), self.form);
        let n = turn.plies.len();
        let rest = match self.last {
            None if self.over => ": no die can be spent, the turn is empty".to_string(),
            None => format!(": before its first move; dice left: {left}"),
            Some(ply) => {
                let written = record.tokens.get(ply.token).and_then(|t| text.get(t.span.clone())).unwrap_or("?");
                let spendable = if self.over && !self.left.is_empty() && self.pos.king_taken().is_none() {
                    ", none can be spent"
                } else {
                    ""
                };
                format!(": move {} of {n}, {written}; dice left: {left}{spendable}", self.made)
            }
        };
        Some([head, self.roll()?, rest])
    }

    /// What the position is: who took the king, whose turn comes, or who
    /// moves on with which dice.
    pub fn state(&self) -> String {
        let side = self.pos.turn();
        if let Some(loser) = self.pos.king_taken() {
            return format!("{} took {loser}'s king and wins", !loser);
        }
        if self.over {
            format!("{side}'s turn {} comes next, with a new roll", self.pos.fullmoves())
        } else {
            format!("{side} to move, dice left: {}", dice_list(self.left.each(), self.form))
        }
    }

    /// The FEN: NOTATION.md's, with the open en passant squares.
    pub fn fen(&self) -> String {
        self.pos.fen_with_ep()
    }

    /// The terminal picture: the board, the turn's line (of
    /// [`DiceFrame::turn_line`]), the state and the FEN.
    pub fn text(&self, turn_line: Option<&str>, glyphs: Glyphs, color: bool) -> String {
        let mut out = text_board(self.pos.board(), &DICE, self.last_move(), glyphs, color);
        if let Some(line) = turn_line {
            out.push_str(line);
            out.push('\n');
        }
        out.push_str(&format!("{}; FEN {}\n", self.state(), self.fen()));
        out
    }

    /// The SVG diagram, titled with the FEN.
    pub fn svg(&self, letters: Letters) -> String {
        svg_board(self.pos.board(), &DICE, &self.fen(), self.last_move(), letters)
    }
}
