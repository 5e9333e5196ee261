//! Writes games of the oracle sample as PGN in our notation (a corpus and
//! benchmark builder): `cargo run --release --example oracle_to_pgn --
//! [cyrillic|latin] [long|short] [GAMES] [REPEAT] > out.pgn`.

use std::io::Write;

use pgn100::notation::pgn::write_game;
use pgn100::notation::{Letters, Style, UciMove};
use pgn100::rules::{Position, Variant};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().collect();
    let letters = if args.get(1).map(String::as_str) == Some("latin") { Letters::Latin } else { Letters::Cyrillic };
    let style = if args.get(2).map(String::as_str) == Some("short") { Style::Short } else { Style::Long };
    let limit: usize = args.get(3).and_then(|s| s.parse().ok()).unwrap_or(usize::MAX);
    let repeat: usize = args.get(4).and_then(|s| s.parse().ok()).unwrap_or(1);
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/corpus/oracle/games_hundred_sample.jsonl");
    let mut texts = Vec::new();
    for line in std::fs::read_to_string(path)?.lines().take(limit) {
        let game: serde_json::Value = serde_json::from_str(line)?;
        let start = Position::from_fen(game["start_fen"].as_str().unwrap_or_default(), Variant::Hundred)?;
        let mut pos = start.clone();
        let mut moves = Vec::new();
        for uci in game["uci"].as_array().into_iter().flatten() {
            let m = UciMove::parse(uci.as_str().unwrap_or_default()).and_then(|u| u.to_move(&pos)).ok_or("illegal")?;
            pos.play_unchecked(m);
            moves.push(m);
        }
        let result = game["result"].as_str().unwrap_or("*").to_string();
        let tags = [
            ("Event", "Oracle random game".to_string()),
            ("Site", "?".to_string()),
            ("Date", "????.??.??".to_string()),
            ("Round", game["game"].to_string()),
            ("White", "Fairy-Stockfish".to_string()),
            ("Black", "Fairy-Stockfish".to_string()),
            ("Result", result.clone()),
            ("SetUp", "1".to_string()),
            ("FEN", start.fen()),
        ];
        texts.push(write_game(&tags, &start, &moves, letters, style, &result));
    }
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    for _ in 0..repeat {
        for t in &texts {
            out.write_all(t.as_bytes())?;
        }
    }
    Ok(())
}
