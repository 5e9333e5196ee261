//! Perft of Chess and Chess960 (docs/rules.md 3) against the published numbers in
//! corpus/oracle/perft_chess.json (the Chess Programming Wiki's "Perft
//! Results" positions: start, Kiwipete, positions 3 to 6 and the mirror of 4;
//! Chess960 positions of its "Chess960 Perft Results"; Chess960 start
//! positions counted by python-chess), to every depth of at most a few
//! million leaves, and all 960 start positions (chess960_starts.jsonl) to
//! depth 3. Deeper counts run in `cargo bench --bench perft`.

use crate::common;

use common::{chess_variant, read_json};
use pgn100::rules::{perft, Position};

/// The deepest counts this test runs (the whole file stays near a second).
const MAX_LEAVES: u64 = 5_000_000;

#[test]
fn published_perft_numbers_match() {
    let data = read_json("oracle/perft_chess.json");
    let positions = data.as_array().expect("a list");
    let mut checked = 0;
    let mut leaves = 0;
    let mut names = Vec::new();
    for entry in positions {
        let fen = entry["fen"].as_str().expect("fen");
        let variant = chess_variant(entry["variant"].as_str().expect("variant"));
        let pos = Position::from_fen(fen, variant).unwrap_or_else(|e| panic!("{fen}: {e}"));
        for (depth, count) in entry["perft"].as_object().expect("perft") {
            let depth: u32 = depth.parse().expect("depth");
            let count = count.as_u64().expect("count");
            if count <= MAX_LEAVES {
                assert_eq!(perft(&pos, depth), count, "{} ({fen}) depth {depth}", entry["name"]);
                checked += 1;
                leaves += count;
            }
        }
        names.push(entry["name"].as_str().expect("name").to_string());
    }
    for name in ["start", "kiwipete", "position 3", "position 4", "position 4 mirrored", "position 5", "position 6"] {
        assert!(names.iter().any(|n| n == name), "{name} missing");
    }
    assert!(names.iter().filter(|n| n.starts_with("960")).count() >= 8, "{names:?}");
    assert!(checked >= 50 && leaves >= 15_000_000, "{checked} counts, {leaves} leaves");
}

/// All 960 Chess960 start positions (corpus/oracle/chess960_starts.jsonl,
/// python-chess's): each reads in X-FEN and in Shredder letters to the same
/// position, writes the X-FEN back, and counts python-chess's perft to depth 3.
#[test]
fn every_chess960_start_position_matches_python_chess() {
    let lines = common::read_jsonl("oracle/chess960_starts.jsonl");
    assert_eq!(lines.len(), 960);
    let mut fens = std::collections::BTreeSet::new();
    for entry in &lines {
        let fen = entry["fen"].as_str().expect("fen");
        let shredder = entry["shredder_fen"].as_str().expect("shredder_fen");
        let pos = Position::from_fen(fen, pgn100::rules::Variant::Chess960).unwrap_or_else(|e| panic!("{fen}: {e}"));
        let from_shredder = Position::from_fen(shredder, pgn100::rules::Variant::Chess960)
            .unwrap_or_else(|e| panic!("{shredder}: {e}"));
        assert_eq!(pos, from_shredder, "{shredder}");
        assert_eq!(from_shredder.fen(), fen);
        for (depth, count) in entry["perft"].as_object().expect("perft") {
            let depth: u32 = depth.parse().expect("depth");
            assert_eq!(perft(&pos, depth), count.as_u64().expect("count"), "{fen} depth {depth}");
        }
        fens.insert(fen.to_string());
    }
    assert_eq!(fens.len(), 960, "960 different start positions");
}
