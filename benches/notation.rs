//! Reader and validation throughput (bench binary, not a timed test):
//! `cargo bench --bench notation [-- MB] [parse]` (`parse`: parse figures only).
//!
//! Builds a Hundred corpus in memory from the oracle games (written in
//! Cyrillic long notation and in Latin short notation, each game with its
//! FEN tag), repeated until it reaches MB megabytes (default 50), then times,
//! single-threaded: parse only (games and tokens; into one reused record,
//! as validate reads, and through the iterator, a record per game), parse + replay
//! (validation), and conversion to the other letters and style. Every game
//! must validate with no error.

use std::time::Instant;

use pgn100::commands::{convert_source, validate_source, ConvertOptions, LettersChoice, StyleChoice};
use pgn100::diag::SourceFile;
use pgn100::notation::pgn::write_game;
use pgn100::notation::{uci_line, Found, GameRecord, Item, Letters, Reader, Style};
use pgn100::replay::Options;
use pgn100::rules::{Position, Variant};

fn corpus(letters: Letters, style: Style, megabytes: usize) -> (String, usize) {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/corpus/oracle/games_hundred_sample.jsonl");
    let data = std::fs::read_to_string(path).expect("oracle games");
    let mut one = String::new();
    let mut plies = 0;
    for line in data.lines() {
        let game: serde_json::Value = serde_json::from_str(line).expect("json");
        let start = Position::from_fen(game["start_fen"].as_str().expect("fen"), Variant::Hundred).expect("fen");
        let ucis = game["uci"].as_array().expect("uci").iter().map(|u| u.as_str().expect("move"));
        let moves = uci_line(&start, ucis).expect("legal");
        plies += moves.len();
        let result = game["result"].as_str().expect("result");
        let tags = [("Event", "bench".to_string()), ("Result", result.to_string()), ("FEN", start.fen())];
        one.push_str(&write_game(&tags, &start, &moves, letters, style, result));
    }
    let repeat = (megabytes << 20).div_ceil(one.len());
    (one.repeat(repeat), plies * repeat)
}

fn main() {
    let megabytes: usize = std::env::args().skip(1).find_map(|a| a.parse().ok()).unwrap_or(50);
    // `-- MB parse`: the parse figures only.
    let parse_only = std::env::args().any(|a| a == "parse");
    println!("{:<24} {:>8} {:>8} {:>8} {:>10} {:>11}", "corpus / job", "MB", "seconds", "MB/s", "games/s", "plies/s");
    for (name, letters, style) in
        [("Cyrillic long", Letters::Cyrillic, Style::Long), ("Latin short", Letters::Latin, Style::Short)]
    {
        let (text, plies) = corpus(letters, style, megabytes);
        let mb = text.len() as f64 / (1 << 20) as f64;

        // Parse as validate, stats and convert read: one record, its
        // buffers reused from game to game (`Reader::read_into`).
        let start = Instant::now();
        let (mut games, mut tokens) = (0usize, 0usize);
        let mut record = GameRecord::default();
        let mut reader = Reader::new(&text);
        while let Some(found) = reader.read_into(&mut record) {
            assert!(found == Found::Game, "unexpected {found:?}");
            games += 1;
            tokens += record.tokens.len();
        }
        let parse = start.elapsed().as_secs_f64();
        assert!(tokens > games);
        report(&format!("{name}: parse"), mb, parse, games, plies);

        // The iterator: a new record (and its allocations) per game.
        let start = Instant::now();
        let (mut items, mut item_tokens) = (0usize, 0usize);
        for item in Reader::new(&text) {
            match item {
                Item::Game(g) => {
                    items += 1;
                    item_tokens += g.tokens.len();
                }
                other => panic!("unexpected {other:?}"),
            }
        }
        let iterate = start.elapsed().as_secs_f64();
        assert!(items == games && item_tokens == tokens);
        report(&format!("{name}: parse, iter"), mb, iterate, games, plies);
        if parse_only {
            continue;
        }

        let source = SourceFile::new("bench", text);
        let start = Instant::now();
        let (diags, n, invalid) = validate_source(&source, Options::default());
        let validate = start.elapsed().as_secs_f64();
        assert!(diags.is_empty() && invalid == 0 && n == games, "{:?}", diags.first());
        report(&format!("{name}: validate"), mb, validate, games, plies);

        // Convert to the other letters and style.
        let (letters, style) = match letters {
            Letters::Cyrillic => (LettersChoice::Latin, StyleChoice::Short),
            Letters::Latin => (LettersChoice::Cyrillic, StyleChoice::Long),
        };
        let start = Instant::now();
        let out = convert_source(&source, &ConvertOptions { letters, style, ..ConvertOptions::default() });
        let convert = start.elapsed().as_secs_f64();
        assert!(out.invalid == 0 && out.games == games);
        report(&format!("{name}: convert"), mb, convert, games, plies);
    }
}

fn report(name: &str, mb: f64, secs: f64, games: usize, plies: usize) {
    println!(
        "{name:<24} {mb:>8.1} {secs:>8.2} {:>8.1} {:>10.0} {:>11.0}",
        mb / secs,
        games as f64 / secs,
        plies as f64 / secs
    );
}
