//! Conversion of Dice chess games: every move token rewritten from the
//! replayed position (letters, long or short style), every roll in letters
//! or digits as asked; all other bytes copied as they stand.
#![expect(
    clippy::string_slice,
    reason = "every offset is a span the reader made on this text, or a cursor set to the end of one, so on char boundaries and in order"
)]

use crate::commands::convert::{ConvertOptions, LettersChoice, RollsChoice, StyleChoice};
use crate::notation::ast::{CheckMark, GameRecord, MoveText, PromotionForm, RollForm, TokenKind};
use crate::notation::dice::{roll_text, write_move};
use crate::notation::{promotion_text, Letters, Style};
use crate::replay::GameReport;
use crate::rules::MoveKind;

/// Appends the Dice game `record` of `text`, replayed as `report`, rewritten.
pub fn write_game(text: &str, record: &GameRecord, report: &GameReport, options: &ConvertOptions, out: &mut String) {
    let mut new: Vec<(std::ops::Range<usize>, String)> = Vec::new();
    for turn in &report.turns {
        if let Some(token) = record.tokens.get(turn.roll_token) {
            let written = match &token.kind {
                TokenKind::DiceRoll(Some(r)) => r.form,
                _ => report.roll_form,
            };
            let form = match options.rolls {
                RollsChoice::Keep => written,
                RollsChoice::Digits => RollForm::Digits,
                RollsChoice::Letters => match (options.letters, report.letters) {
                    (LettersChoice::Cyrillic, _) | (LettersChoice::Keep, Letters::Cyrillic) => RollForm::Cyrillic,
                    _ => RollForm::Latin,
                },
            };
            if options.rolls != RollsChoice::Keep {
                new.push((token.span.clone(), roll_text(&turn.roll, form)));
            }
        }
        let mut pos = turn.start.clone();
        for ply in report.turn_plies(turn) {
            let Some(token) = record.tokens.get(ply.token) else { continue };
            let TokenKind::Move { text: move_text, check, glyph } = &token.kind else { continue };
            let (script, long, promotion_form) = match move_text {
                MoveText::Man(m) => (m.script, m.is_long(), m.promotion.map(|_| m.promotion_form)),
                _ => (None, true, None),
            };
            let letters = options.letters.for_move(script, report.letters);
            let style = match options.style {
                StyleChoice::Keep if long => Style::Long,
                StyleChoice::Keep | StyleChoice::Short => Style::Short,
                StyleChoice::Long => Style::Long,
            };
            let mut s = write_move(&pos, ply.mv, letters, style);
            if let (MoveKind::Promotion(role), Some(form)) = (ply.mv.kind, promotion_form) {
                // The record's own form of the promotion, when the style is kept.
                let default = promotion_text(letters, style, role);
                if options.style == StyleChoice::Keep && form != PromotionForm::Bare && s.ends_with(default.as_str()) {
                    s.truncate(s.len() - default.len());
                    form.write(letters.piece(role), &mut s);
                }
            }
            if let Some(CheckMark::Mate) = check {
                s.push(if letters == Letters::Cyrillic { '×' } else { '#' });
            }
            if let Some(g) = glyph {
                s.push_str(g.as_str());
            }
            new.push((token.span.clone(), s));
            pos.play(ply.mv);
        }
    }
    new.sort_by_key(|(span, _)| span.start);
    let mut cursor = record.span.start;
    for (span, written) in new {
        out.push_str(&text[cursor..span.start]);
        out.push_str(&written);
        cursor = span.end;
    }
    out.push_str(&text[cursor..record.span.end]);
}
