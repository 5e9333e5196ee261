//! `filter --reaches LINE`, `--moves` and `--moves-anywhere`: a line of
//! moves read in any notation the reader reads, replayed by the rules.
//! The pgn-extract comparisons (`-x`, `-P -v`) are in filter_find.rs's
//! golden queries; here the notations agree with each other and with a
//! FEN, and `--moves-anywhere` with the moves table.

use crate::common::{corpus, pgn100};
use crate::filter_find::ours;

#[test]
fn a_line_reaches_its_position_in_any_notation() {
    let by_fen = ours(&["--reaches", "rnbqkbnr/pp2pppp/3p4/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R"]);
    assert!(by_fen.len() > 10, "{} games", by_fen.len());
    for line in ["1. e4 c5 2. Nf3 d6", "1. e2-e4 c7-c5 2. Ng1-f3 d7-d6", "e4 c5 Nf3 d6", "1. Nf3 d6 2. e4 c5"] {
        assert_eq!(ours(&["--reaches", line]), by_fen, "--reaches {line:?}");
    }
    // A line that does not replay is refused.
    let out = pgn100(&["filter", "--variant", "chess", "--reaches", "1. e5", "corpus/chess/glyphs_nags_results.pgn"]);
    assert_eq!(out.status.code(), Some(2), "{out:?}");
}

/// Each game's main-line moves (UCI) in the moves table of `path`.
fn uci_lines(path: &str, variant: &str) -> Vec<Vec<String>> {
    let out = pgn100(&["moves", "--variant", variant, "--format", "jsonl", path]);
    let mut games: Vec<Vec<String>> = Vec::new();
    for row in String::from_utf8(out.stdout).expect("utf-8").lines() {
        let row: serde_json::Value = serde_json::from_str(row).expect("json");
        let game = row["game"].as_u64().expect("game") as usize;
        while games.len() < game {
            games.push(Vec::new());
        }
        games[game - 1].push(row["uci"].as_str().expect("uci").to_string());
    }
    games
}

#[test]
fn moves_anywhere_agrees_with_the_moves_table() {
    let dir = std::env::temp_dir().join(format!("pgn100-moves-anywhere-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("dir");
    let input = corpus("chess/twic_sample_232games_mliebelt.pgn");
    let input = input.to_str().expect("path");
    let all = uci_lines(input, "chess");
    for (line, uci) in [
        ("1. Nf3 Nf6 2. c4", "g1f3 g8f6 c2c4"),
        ("1. e4 e5", "e2e4 e7e5"),
        ("1. d4 d5 2. c4 e6", "d2d4 d7d5 c2c4 e7e6"),
    ] {
        let want: Vec<String> = uci.split(' ').map(str::to_string).collect();
        let expected: Vec<&Vec<String>> = all.iter().filter(|g| g.windows(want.len()).any(|w| w == want)).collect();
        let from_start: Vec<&Vec<String>> = all.iter().filter(|g| g.starts_with(&want)).collect();
        let out = dir.join("out.pgn");
        let out = out.to_str().expect("path");
        for (option, games) in [("--moves-anywhere", &expected), ("--moves", &from_start)] {
            let run = pgn100(&["filter", "--variant", "chess", option, line, input, "-o", out]);
            assert!(run.status.code() == Some(0) || run.status.code() == Some(1), "{run:?}");
            let found = uci_lines(out, "chess");
            assert_eq!(found.iter().collect::<Vec<_>>(), *games, "{option} {line:?}");
        }
        assert!(expected.len() > from_start.len() || line != "1. Nf3 Nf6 2. c4", "{line}: anywhere finds more");
    }
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_hundred_line_reaches_the_position_moves_fen_gives() {
    let dir = std::env::temp_dir().join(format!("pgn100-reaches-line-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("dir");
    let file = dir.join("hundred.pgn");
    let path = file.to_str().expect("path");
    let gen = pgn100(&["generate", "--variant", "hundred", "--games", "40", "--seed", "7", "-o", path]);
    assert!(gen.status.success(), "{gen:?}");
    let out = pgn100(&["moves", "--fen", "--format", "jsonl", path]);
    let rows: Vec<serde_json::Value> =
        String::from_utf8(out.stdout).expect("utf-8").lines().map(|l| serde_json::from_str(l).expect("json")).collect();
    // The first game's first four moves, as written, and the board after them.
    let first: Vec<&serde_json::Value> = rows.iter().filter(|r| r["game"] == 1).take(4).collect();
    let line = format!(
        "1. {} {} 2. {} {}",
        first[0]["written"].as_str().expect("written"),
        first[1]["written"].as_str().expect("written"),
        first[2]["written"].as_str().expect("written"),
        first[3]["written"].as_str().expect("written")
    );
    let fen = first[3]["fen"].as_str().expect("fen").to_string();
    let games = |reaches: &str| {
        let run = pgn100(&["filter", "--variant", "hundred", "--reaches", reaches, path]);
        String::from_utf8(run.stdout).expect("utf-8")
    };
    let by_line = games(&line);
    assert!(!by_line.is_empty(), "{line}: the first game reaches it");
    assert_eq!(by_line, games(&fen), "{line} and {fen}");
    std::fs::remove_dir_all(&dir).ok();
}
