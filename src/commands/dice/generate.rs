//! Random Dice chess games, reproducible from a seed: each turn three dice
//! rolled (faces 1 to 6) and one of the roll's legal turns (the
//! maximum-moves rule applied) chosen uniformly, as the oracle's games are
//! made, until a king is taken or the turn limit.

use rand_chacha::ChaCha8Rng;
use rand_core::Rng;

use crate::notation::ast::RollForm;
use crate::notation::dice::{roll_text, write_move};
use crate::notation::fill::{Filler, WIDTH};
use crate::notation::pgn::tag_section;
use crate::notation::{Letters, Style};
use crate::rules::dice::turns::legal_turns;
use crate::rules::dice::{face_role, DicePosition};
use crate::rules::{Color, Move, Role};

/// A generated game: its turns (roll and moves) and result.
pub struct DiceGame {
    pub start: DicePosition,
    pub turns: Vec<([Role; 3], Vec<Move>)>,
    pub result: &'static str,
}

/// One random game of at most `max_turns` turns.
pub fn generate_dice_game(rng: &mut ChaCha8Rng, max_turns: u32) -> DiceGame {
    let start = DicePosition::start();
    let mut pos = start.clone();
    let mut turns = Vec::new();
    let mut result = "*";
    for _ in 0..max_turns {
        let roll = [0; 3].map(|_| face_role((rng.next_u64() % 6) as u8 + 1).unwrap_or(Role::Pawn));
        let list = legal_turns(&pos, roll);
        let n = list.turns.len().max(1) as u64;
        let pick = usize::try_from(rng.next_u64() % n).unwrap_or(0);
        let moves = list.turns.into_iter().nth(pick).unwrap_or_default();
        for &m in &moves {
            pos.play(m);
        }
        turns.push((roll, moves));
        if let Some(loser) = pos.king_taken() {
            result = if loser == Color::White { "0-1" } else { "1-0" };
            break;
        }
        pos.end_turn();
    }
    DiceGame { start, turns, result }
}

/// The game's text: `tags`, then every turn `N. <roll> m1 m2 m3` (Black's
/// `N... <roll> …`), lines filled to [`WIDTH`], the result.
pub fn write_dice_game(
    tags: &[(&str, String)],
    g: &DiceGame,
    letters: Letters,
    style: Style,
    rolls: RollForm,
) -> String {
    let mut out = tag_section(tags);
    let mut fill = Filler::new(WIDTH);
    let mut pos = g.start.clone();
    for (roll, moves) in &g.turns {
        let n = pos.fullmoves();
        let number = if pos.turn() == Color::White { format!("{n}.") } else { format!("{n}...") };
        fill.push(&mut out, &number);
        fill.push(&mut out, &roll_text(roll, rolls));
        for &m in moves {
            fill.push(&mut out, &write_move(&pos, m, letters, style));
            pos.play(m);
        }
        pos.end_turn();
    }
    fill.push(&mut out, g.result);
    out.push_str("\n\n");
    out
}
