//! The replay's wording for a promotion to a pawn, whatever the reader makes
//! of the text (corpus/invalid/forbidden_promotion.pawn.pgn is the file case).

use pgn100::analysis::{replay, Options};
use pgn100::diag::Code;
use pgn100::notation::ast::MoveText;
use pgn100::notation::{Item, Man, Reader, TokenKind};

#[test]
fn a_promotion_to_a_pawn_says_a_pawn_cannot_promote_to_a_pawn() {
    let text = "[FEN \"k9/4P5/10/10/10/10/10/10/10/K9 w - - 0 1\"]\n\n1. e9-e10Q *\n";
    let Some(Item::Game(mut record)) = Reader::new(text).next() else { panic!("one game") };
    for token in &mut record.tokens {
        if let TokenKind::Move { text: MoveText::Man(m), .. } = &mut token.kind {
            m.promotion = Some(Man::Pawn);
        }
    }
    let report = replay(&record, 0, Options::default());
    let d = report.diagnostics.first().expect("a diagnostic");
    assert_eq!(d.code, Code::ForbiddenPromotion);
    assert_eq!(d.message, "a pawn cannot promote to a pawn: on the last rank it becomes a piece");
    assert_eq!(d.help.as_deref(), Some("on this file a pawn becomes one of Q, R, B, N"));
}
