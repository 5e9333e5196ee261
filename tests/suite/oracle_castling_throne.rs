//! Depth-1 counts of corpus/oracle/castling_throne_hundred.json: two-stage
//! castling and the throne pawn (docs/rules.md 1.4, 1.5).

use crate::common;

use std::collections::BTreeSet;

use common::{castlings, hundred, read_json, throne_moves};

#[test]
fn castling_and_throne_positions_match() {
    let data = read_json("oracle/castling_throne_hundred.json");
    let entries = data.as_array().expect("a list");
    assert_eq!(entries.len(), 192);
    for e in entries {
        let fen = e["fen"].as_str().expect("fen");
        let kind = e["kind"].as_str().expect("kind");
        let pos = hundred(fen);
        assert_eq!(pos.count_legal(), e["moves_depth1"].as_u64().expect("count"), "{kind} {fen}");
        let expected: BTreeSet<char> = e["castlings"]
            .as_array()
            .expect("castlings")
            .iter()
            .map(|c| c.as_str().expect("letter").chars().next().expect("a letter"))
            .collect();
        assert_eq!(castlings(&pos), expected, "{kind} {fen}");
        let extra = e["throne_extra"].as_u64().expect("throne_extra") as usize;
        assert_eq!(throne_moves(&pos).saturating_sub(1), extra, "{kind} {fen}");
    }
}
