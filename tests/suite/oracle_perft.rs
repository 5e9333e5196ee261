//! Perft counts of corpus/oracle/perft_hundred.json (Fairy-Stockfish): every
//! position, every depth, and the depth-1 move lists and divides.

use crate::common;

use std::collections::BTreeSet;

use common::{hundred, read_json, uci_set};
use pgn100::rules::{divide, perft, Uci};

#[test]
fn every_position_and_depth_matches() {
    let data = read_json("oracle/perft_hundred.json");
    let positions = data.as_array().expect("a list");
    assert!(positions.len() >= 14);
    let mut checked = 0;
    for entry in positions {
        let fen = entry["fen"].as_str().expect("fen");
        let pos = hundred(fen);
        for (depth, count) in entry["perft"].as_object().expect("perft") {
            let depth: u32 = depth.parse().expect("depth");
            assert_eq!(perft(&pos, depth), count.as_u64().expect("count"), "{fen} depth {depth}");
            checked += 1;
        }
        if let Some(moves) = entry.get("moves").and_then(|m| m.as_array()) {
            let expected: BTreeSet<String> = moves.iter().map(|m| m.as_str().expect("move").to_string()).collect();
            assert_eq!(uci_set(&pos), expected, "{fen}");
        }
        if let Some(div) = entry.get("divide").and_then(|d| d.as_object()) {
            let ours: std::collections::BTreeMap<String, u64> =
                divide(&pos, 3).into_iter().map(|(m, n)| (Uci(m).to_string(), n)).collect();
            let theirs: std::collections::BTreeMap<String, u64> =
                div.iter().map(|(k, v)| (k.clone(), v.as_u64().expect("count"))).collect();
            assert_eq!(ours, theirs, "{fen} divide");
        }
    }
    assert!(checked > 50, "only {checked} counts checked");
}
