//! `annotate` for Dice chess: the moves stay as written; comments tell the
//! dice left after each move (with `--dice`), the king capture, and the
//! turns where the maximum-moves rule forced a promotion (every legal turn
//! of the roll promotes, though some sequence of it did not); `--fen` adds
//! the FEN (en passant squares listed) after each move.
#![expect(
    clippy::string_slice,
    reason = "every offset is a span the reader made on this text, or a cursor set to the end of one"
)]

use crate::commands::annotate::AnnotateOptions;
use crate::notation::ast::GameRecord;
use crate::notation::dice::dice_list;
use crate::replay::GameReport;
use crate::rules::dice::turns::legal_turns;
use crate::rules::dice::Turn;
use crate::rules::MoveKind;

/// Appends the Dice game `record` of `text`, replayed as `report`, with its comments.
pub fn write_game(text: &str, record: &GameRecord, report: &GameReport, options: &AnnotateOptions, out: &mut String) {
    let mut after: Vec<(usize, Vec<String>)> = Vec::new();
    for turn in &report.turns {
        let mut pos = turn.start.clone();
        let mut t = Turn::new(turn.roll);
        let promotes = report.turn_plies(turn).iter().any(|p| matches!(p.mv.kind, MoveKind::Promotion(_)));
        let forced = promotes && {
            let list = legal_turns(&turn.start, turn.roll);
            list.removed > 0
                && list.turns.iter().all(|moves| moves.iter().any(|m| matches!(m.kind, MoveKind::Promotion(_))))
        };
        for (i, ply) in report.turn_plies(turn).iter().enumerate() {
            let promotion = matches!(ply.mv.kind, MoveKind::Promotion(_));
            if t.play(&mut pos, ply.mv).is_err() {
                break;
            }
            let mut c = Vec::new();
            if forced && promotion {
                c.push("the maximum-moves rule forces this promotion".to_string());
            }
            if let Some(loser) = pos.king_taken() {
                c.push(format!("{} takes the king and wins", !loser));
            }
            if options.dice {
                let last = i + 1 == report.turn_plies(turn).len();
                let left = dice_list(t.left.each(), report.roll_form);
                c.push(if last && !t.left.is_empty() && pos.king_taken().is_none() {
                    format!("dice left: {left}, none can be spent")
                } else {
                    format!("dice left: {left}")
                });
            }
            if options.fen {
                let mut shown = pos.clone();
                if i + 1 == report.turn_plies(turn).len() {
                    shown.end_turn();
                }
                c.push(shown.fen_with_ep());
            }
            if !c.is_empty() {
                after.push((ply.token, c));
            }
        }
    }
    let mut cursor = record.span.start;
    for (token, comments) in after {
        let Some(t) = record.tokens.get(token) else { continue };
        out.push_str(&text[cursor..t.span.end]);
        for c in comments {
            out.push_str(" {");
            out.push_str(&c);
            out.push('}');
        }
        cursor = t.span.end;
    }
    out.push_str(&text[cursor..record.span.end]);
}
