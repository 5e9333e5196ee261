//! Grand Chess against Fairy-Stockfish: perft (every position; depths up to
//! 20 M leaves), the legal move lists of every sample position, and every
//! sample game replayed FEN by FEN. The same engine as Hundred: only the
//! variant's tables differ.

use crate::common;

use std::collections::BTreeSet;

use common::{grand, read_json, read_jsonl, uci_set};
use pgn100::notation::UciMove;
use pgn100::rules::perft;

#[test]
fn perft_matches() {
    let data = read_json("oracle/perft_grand.json");
    let mut checked = 0;
    for entry in data.as_array().expect("list") {
        let fen = entry["fen"].as_str().expect("fen");
        let pos = grand(fen);
        for (depth, count) in entry["perft"].as_object().expect("perft") {
            let count = count.as_u64().expect("count");
            if count > 20_000_000 {
                continue; // the benchmark runs these
            }
            assert_eq!(perft(&pos, depth.parse().expect("depth")), count, "{fen} depth {depth}");
            checked += 1;
        }
        if let Some(moves) = entry.get("moves").and_then(|m| m.as_array()) {
            let expected: BTreeSet<String> = moves.iter().map(|m| m.as_str().expect("move").to_string()).collect();
            assert_eq!(uci_set(&pos), expected, "{fen}");
        }
    }
    assert!(checked > 40);
}

#[test]
fn legal_move_lists_match() {
    let lines = read_jsonl("oracle/legal_grand_sample.jsonl");
    assert!(lines.len() >= 1000);
    for entry in &lines {
        common::assert_oracle_moves(entry, pgn100::rules::Variant::Grand);
    }
}

#[test]
fn games_replay_to_the_recorded_positions() {
    let games = read_jsonl("oracle/games_grand_sample.jsonl");
    assert_eq!(games.len(), 500);
    for (g, game) in games.iter().enumerate() {
        let mut pos = grand(game["start_fen"].as_str().expect("start"));
        for (ply, (uci, fen)) in
            game["uci"].as_array().expect("uci").iter().zip(game["fens"].as_array().expect("fens")).enumerate()
        {
            let uci = uci.as_str().expect("uci");
            let m = UciMove::parse(uci)
                .and_then(|u| u.to_move(&pos))
                .unwrap_or_else(|| panic!("game {g} ply {ply}: {uci} not legal in {}", pos.fen()));
            pos.play_unchecked(m);
            let theirs = grand(fen.as_str().expect("fen")).fen();
            assert_eq!(pos.fen(), theirs, "game {g} ply {ply} after {uci}");
        }
        match game["termination"].as_str() {
            Some("checkmate") => assert!(pos.is_checkmate(), "game {g}"),
            Some("stalemate") => assert!(pos.is_stalemate(), "game {g}"),
            _ => {}
        }
    }
}

#[test]
fn latin_short_writer_agrees_with_fairy_stockfish_san() {
    use pgn100::notation::{check_mark, Letters, ShortMove};
    let games = read_jsonl("oracle/games_grand_sample.jsonl");
    let mut compared = 0;
    for game in &games {
        let mut pos = grand(game["start_fen"].as_str().expect("start"));
        for (uci, san) in game["uci"].as_array().expect("uci").iter().zip(game["san"].as_array().expect("san")) {
            let m = UciMove::parse(uci.as_str().expect("uci")).and_then(|u| u.to_move(&pos)).expect("legal");
            let mut ours = ShortMove { pos: &pos, mv: m, letters: Letters::Latin }.to_string();
            pos.play_unchecked(m);
            ours.push_str(&check_mark(&pos, Letters::Latin).replace("++", "+"));
            // Both write promotions `=Q` (PGN's form).
            assert_eq!(ours, san.as_str().expect("san"));
            compared += 1;
        }
    }
    assert!(compared > 10_000);
}

#[test]
fn cyrillic_records_validate_and_export_to_pychess_san() {
    use pgn100::commands::{convert_source, validate_text, ConvertOptions};
    use pgn100::diag::SourceFile;
    use pgn100::notation::pgn::write_game;
    use pgn100::notation::{Item, Letters, Reader, Style, TokenKind};
    use pgn100::replay::Options;
    let games = read_jsonl("oracle/games_grand_sample.jsonl");
    for game in games.iter().step_by(5) {
        let (start, moves) = common::oracle_game(game, pgn100::rules::Variant::Grand);
        let result = game["result"].as_str().expect("result");
        let tags = [("Variant", "Grand".to_string()), ("Result", result.to_string())];
        let text = write_game(&tags, &start, &moves, Letters::Cyrillic, Style::Long, result);
        let (diags, games, invalid) = validate_text(&text, Options { strict: true, ..Options::default() });
        assert!(diags.is_empty() && games == 1 && invalid == 0, "{diags:?}\n{text}");
        let options = ConvertOptions { pychess: true, ..ConvertOptions::default() };
        let out = convert_source(&SourceFile::new("t", text), &options).text;
        let record = match Reader::new(&out).next() {
            Some(Item::Game(g)) => g,
            other => panic!("{other:?}"),
        };
        let written: Vec<&str> = record
            .tokens
            .iter()
            .filter(|t| matches!(t.kind, TokenKind::Move { .. }))
            .map(|t| &out[t.span.clone()])
            .collect();
        let san: Vec<&str> = game["san"].as_array().expect("san").iter().map(|s| s.as_str().expect("s")).collect();
        if let Some(i) = (0..written.len().min(san.len())).find(|&i| written[i] != san[i]) {
            panic!("game {}: ply {i}: ours {} theirs {}", game["game"], written[i], san[i]);
        }
        assert_eq!(written.len(), san.len());
        assert!(out.contains("[Variant \"Grand\"]"));
        // And the pychess text reads back.
        let (diags, _, invalid) = validate_text(&out, Options { strict: true, ..Options::default() });
        assert!(diags.is_empty() && invalid == 0, "{diags:?}");
    }
}
