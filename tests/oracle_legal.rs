//! The legal move list of every position of
//! corpus/oracle/legal_hundred_sample.jsonl equals Fairy-Stockfish's.

mod common;

use std::collections::BTreeSet;

use common::{hundred, read_jsonl, uci_set};

#[test]
fn legal_move_lists_match_fairy_stockfish() {
    let lines = read_jsonl("oracle/legal_hundred_sample.jsonl");
    assert!(lines.len() >= 1000, "{} positions", lines.len());
    for entry in &lines {
        let fen = entry["fen"].as_str().expect("fen");
        let pos = hundred(fen);
        let expected: BTreeSet<String> =
            entry["moves"].as_array().expect("moves").iter().map(|m| m.as_str().expect("move").to_string()).collect();
        let ours = uci_set(&pos);
        assert_eq!(
            ours,
            expected,
            "{fen}\n ours only: {:?}\n theirs only: {:?}",
            ours.difference(&expected).collect::<Vec<_>>(),
            expected.difference(&ours).collect::<Vec<_>>()
        );
        assert_eq!(pos.count_legal(), expected.len() as u64, "{fen}");
    }
}
