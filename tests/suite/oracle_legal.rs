//! The legal move list of every position of
//! corpus/oracle/legal_hundred_sample.jsonl equals Fairy-Stockfish's.

use crate::common;

use common::read_jsonl;

#[test]
fn legal_move_lists_match_fairy_stockfish() {
    let lines = read_jsonl("oracle/legal_hundred_sample.jsonl");
    assert!(lines.len() >= 1000, "{} positions", lines.len());
    for entry in &lines {
        common::assert_oracle_moves(entry, pgn100::rules::Variant::Hundred);
    }
}
