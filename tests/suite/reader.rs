//! The reader on whole files: games after a broken one are still read, text
//! between games is reported, deep nesting and long comments cost no stack
//! and linear time.

use pgn100::analysis::{validate_bytes, Options};
use pgn100::diag::Code;
use pgn100::notation::{Item, Reader};

const GOOD: &str = "[Event \"a\"]\n[Result \"*\"]\n\n1. e3-e5 e8-e6 *\n\n";

#[test]
fn a_broken_game_does_not_stop_the_next() {
    let text = format!("{GOOD}[Event \"b\"]\n[Result \"*\"]\n\n1. e3-e5 %%% e8-e6 *\n\n{GOOD}{GOOD}");
    let items: Vec<Item> = Reader::new(&text).collect();
    assert_eq!(items.len(), 4);
    assert!(matches!(items[0], Item::Game(_)));
    assert!(matches!(items[1], Item::Broken(..)));
    assert!(matches!(items[2], Item::Game(_)));
    assert!(matches!(items[3], Item::Game(_)));
    let report = validate_bytes("t", text.as_bytes(), None, Options::default());
    assert_eq!((report.games, report.invalid), (4, 1));
    let d = &report.diagnostics[0];
    assert_eq!((d.code, d.game), (Code::Syntax, Some(1)));
    assert_eq!(report.source.line_col(d.span.start), (9, 10));
}

#[test]
fn an_illegal_move_stops_only_its_game() {
    let bad = "[Result \"*\"]\n\n1. e3-e5 e8-e6 2. Кc2-c4 d8-d6 *\n\n";
    let text = format!("{GOOD}{bad}{GOOD}");
    let report = validate_bytes("t", text.as_bytes(), None, Options::default());
    assert_eq!((report.games, report.invalid), (3, 1));
    assert_eq!(report.diagnostics.len(), 1);
    let d = &report.diagnostics[0];
    assert_eq!((d.code, d.game, d.ply), (Code::IllegalMove, Some(1), Some(3)));
}

#[test]
fn text_between_games_is_reported_and_games_around_it_read() {
    let text = format!("Партия первая.\n\n{GOOD}Комментарий редакции.\n{GOOD}");
    let report = validate_bytes("t", text.as_bytes(), None, Options::default());
    assert_eq!((report.games, report.invalid), (2, 0));
    let codes: Vec<Code> = report.diagnostics.iter().map(|d| d.code).collect();
    assert_eq!(codes, vec![Code::StrayText, Code::StrayText]);
}

#[test]
fn deep_nesting_and_huge_comments_are_linear() {
    // 10,000 nested variations, each replacing Black's reply.
    let depth = 10_000;
    let mut text = String::from("[Result \"*\"]\n\n1. e3-e5 e8-e6 ");
    for _ in 0..depth {
        text.push_str("(1... d8-d6 ");
    }
    text.push_str(&")".repeat(depth));
    text.push_str(" {");
    text.push_str(&"комментарий ".repeat(500_000));
    text.push_str("} *\n");
    let report = validate_bytes("t", text.as_bytes(), None, Options { strict: true, ..Options::default() });
    assert_eq!((report.games, report.invalid), (1, 0), "{:?}", report.diagnostics.first());
    assert!(report.diagnostics.is_empty());
}

#[test]
fn unbalanced_variations_are_reported() {
    let text = "[Result \"*\"]\n\n1. e3-e5 (1. d3-d5 e8-e6 *\n";
    let report = validate_bytes("t", text.as_bytes(), None, Options::default());
    assert_eq!(report.diagnostics[0].code, Code::UnbalancedVariation);
    assert_eq!(report.invalid, 1);
}
