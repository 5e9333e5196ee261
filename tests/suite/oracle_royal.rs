//! Royal Chess 100 against the royal100 engine (corpus/oracle/royal, see its
//! README): every perft count with its root move list, every legal move
//! list, every game replayed FEN by FEN, and the seed's own cases of
//! docs/rules.md 5.

use crate::common;

use std::collections::BTreeSet;

use common::{read_json, read_jsonl};
use pgn100::notation::UciMove;
use pgn100::rules::{perft, Move, MoveKind, Position, Termination, Uci, Variant};

fn royal(fen: &str) -> Position {
    Position::from_fen(fen, Variant::Royal).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// A move as the oracle writes it: castling as the king's move (`e1c1`).
fn oracle_uci(m: Move) -> String {
    match m.kind {
        MoveKind::Castle(_) => format!("{}{}", m.from, m.to),
        _ => Uci(m).to_string(),
    }
}

fn uci_set(pos: &Position) -> BTreeSet<String> {
    common::legal(pos).into_iter().map(oracle_uci).collect()
}

fn strings(v: &serde_json::Value) -> BTreeSet<String> {
    v.as_array().expect("list").iter().map(|m| m.as_str().expect("move").to_string()).collect()
}

fn assert_moves(pos: &Position, expected: &BTreeSet<String>, what: &str) {
    let ours = uci_set(pos);
    assert_eq!(
        &ours,
        expected,
        "{what}: {}\n ours only: {:?}\n theirs only: {:?}",
        pos.fen(),
        ours.difference(expected).collect::<Vec<_>>(),
        expected.difference(&ours).collect::<Vec<_>>()
    );
    assert_eq!(pos.count_legal(), expected.len() as u64, "{what}");
}

#[test]
fn perft_matches() {
    let data = read_json("oracle/royal/perft_royal.json");
    let entries = data.as_array().expect("list");
    assert_eq!(entries.len(), 38);
    for entry in entries {
        let fen = entry["fen"].as_str().expect("fen");
        let pos = royal(fen);
        assert_eq!(pos.fen(), fen, "the FEN reads back");
        let depth = entry["depth"].as_u64().expect("depth") as u32;
        let nodes = entry["nodes"].as_u64().expect("nodes");
        assert_eq!(perft(&pos, depth), nodes, "{fen} depth {depth}");
        assert_moves(&pos, &strings(&entry["moves_depth1"]), entry["feature"].as_str().unwrap_or("?"));
    }
}

#[test]
fn legal_move_lists_match() {
    let lines = read_jsonl("oracle/royal/legal_royal_sample.jsonl");
    assert_eq!(lines.len(), 500);
    for entry in &lines {
        let fen = entry["fen"].as_str().expect("fen");
        let pos = royal(fen);
        assert_eq!(pos.fen(), fen, "the FEN reads back");
        assert_moves(&pos, &strings(&entry["moves"]), "legal list");
    }
}

#[test]
fn games_replay_to_the_recorded_positions() {
    let games = read_jsonl("oracle/royal/games_royal_sample.jsonl");
    assert_eq!(games.len(), 150);
    for game in &games {
        let g = &game["game"];
        let mut pos = royal(game["start_fen"].as_str().expect("start"));
        let fens = game["fens"].as_array().expect("fens");
        for (ply, (uci, fen)) in game["uci"].as_array().expect("uci").iter().zip(fens).enumerate() {
            let uci = uci.as_str().expect("uci");
            let m = UciMove::parse(uci)
                .and_then(|u| u.to_move(&pos))
                .unwrap_or_else(|| panic!("game {g} ply {ply}: {uci} not legal in {}", pos.fen()));
            pos.play_unchecked(m);
            assert_eq!(pos.fen(), fen.as_str().expect("fen"), "game {g} ply {ply} after {uci}");
        }
        let end = pgn100::rules::Game::new(pos.clone()).termination();
        match game["termination"].as_str() {
            Some("mate") => assert!(matches!(end, Some(Termination::Checkmate { .. })), "game {g}: {end:?}"),
            _ => assert_eq!(end, None, "game {g}"),
        }
    }
}
