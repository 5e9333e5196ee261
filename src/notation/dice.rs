//! Dice chess moves and rolls as text (docs/notation.md): the writers of
//! `crate::notation::write` for a [`DicePosition`], where every move of the
//! men counts (no check), and rolls as letters or digits.

use std::fmt::Write as _;

use super::ast::{PromotionForm, RollForm};
use super::{promotion_form, Letters, Style};
use crate::rules::dice::{role_face, DicePosition};
use crate::rules::{Move, MoveKind, Role};

/// `m` written from `pos` (the position before it): long `Кg1-f3`,
/// `e7:f6`, `e7-e8Ф`; short `Nf3`, `exf6`, `b1=N`, `Nbd2`; castling `0-0`.
pub fn write_move(pos: &DicePosition, m: Move, letters: Letters, style: Style) -> String {
    let mut s = String::with_capacity(8);
    write_move_with(pos, m, letters, style, promotion_form(letters, style), &mut s);
    s
}

/// [`write_move`] appended to `out`, its promotion in the form `promotion`.
pub fn write_move_with(
    pos: &DicePosition,
    m: Move,
    letters: Letters,
    style: Style,
    promotion: PromotionForm,
    s: &mut String,
) {
    if let MoveKind::Castle(_) = m.kind {
        s.push_str(if m.to.file() > m.from.file() { "0-0" } else { "0-0-0" });
        return;
    }
    let role = pos.board().piece_at(m.from).map_or(Role::Pawn, |p| p.role);
    let capture = pos.is_capture(m);
    match style {
        Style::Long => {
            s.push_str(letters.piece(role));
            let _ = write!(s, "{}", m.from);
            s.push(if capture { letters.capture() } else { '-' });
        }
        Style::Short if role == Role::Pawn => {
            if capture {
                s.push(char::from(b'a' + m.from.file()));
                s.push(letters.capture());
            }
        }
        Style::Short => {
            s.push_str(letters.piece(role));
            let mut rivals = Vec::new();
            pos.moves_of(role, false, &mut rivals);
            rivals.retain(|o| o.to == m.to && o.from != m.from);
            if !rivals.is_empty() {
                if rivals.iter().all(|o| o.from.file() != m.from.file()) {
                    s.push(char::from(b'a' + m.from.file()));
                } else if rivals.iter().all(|o| o.from.rank() != m.from.rank()) {
                    let _ = write!(s, "{}", m.from.rank() + 1);
                } else {
                    let _ = write!(s, "{}", m.from);
                }
            }
            if capture {
                s.push(letters.capture());
            }
        }
    }
    let _ = write!(s, "{}", m.to);
    if let MoveKind::Promotion(r) = m.kind {
        promotion.write(letters.piece(r), s);
    }
}

/// A die's face as a roll writes it: `K Q R B N p`, `Кр Ф Л С К п`, `1`..`6`.
pub fn face_text(role: Role, form: RollForm) -> String {
    match form {
        RollForm::Digits => role_face(role).map_or_else(|| "?".to_string(), |f| f.to_string()),
        RollForm::Latin if role == Role::Pawn => "p".to_string(),
        RollForm::Cyrillic if role == Role::Pawn => "п".to_string(),
        RollForm::Latin => Letters::Latin.piece(role).to_string(),
        RollForm::Cyrillic => Letters::Cyrillic.piece(role).to_string(),
    }
}

/// A roll: `<p N B>`, `<1 2 3>`, `<п К С>`.
pub fn roll_text(roll: &[Role], form: RollForm) -> String {
    let faces: Vec<String> = roll.iter().map(|&r| face_text(r, form)).collect();
    format!("<{}>", faces.join(" "))
}

/// Dice, for messages: `K, R` (Latin letters), or "none".
pub fn dice_list(dice: impl Iterator<Item = Role>, form: RollForm) -> String {
    let v: Vec<String> = dice.map(|r| face_text(r, form)).collect();
    if v.is_empty() {
        "none".to_string()
    } else {
        v.join(", ")
    }
}

/// A sequence of moves written from `pos`, each from the position before it.
pub fn write_sequence(pos: &DicePosition, moves: &[Move], letters: Letters, style: Style) -> String {
    let mut p = pos.clone();
    let mut out = Vec::with_capacity(moves.len());
    for &m in moves {
        out.push(write_move(&p, m, letters, style));
        p.play(m);
    }
    out.join(" ")
}
