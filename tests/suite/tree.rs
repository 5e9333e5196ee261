//! `tree`: the games and results of every continuation equal python-chess's
//! on real chess files (corpus/oracle/tree/, made by its script), and a
//! count by FEN strings of `moves --fen` rows on Hundred and Grand corpora
//! with transpositions and the same games in other notations.

use std::collections::HashMap;

use serde_json::Value;

use crate::common::pgn100;

/// A continuation's figures: games, White wins, draws, Black wins.
type Figures = [u64; 4];

/// A game: its file and its number there.
type GameId = (String, u64);

/// A FEN without its move counters (python-chess's EPD).
fn epd(fen: &str) -> String {
    fen.split_whitespace().take(4).collect::<Vec<_>>().join(" ")
}

fn figures(row: &Value) -> Figures {
    ["games", "white", "draws", "black"].map(|k| row[k].as_u64().expect("a count"))
}

/// Every continuation of a `tree --format json` document, keyed by the
/// position it is played from (EPD) and its UCI. A continuation met again
/// under another line (a transposition) must have the same figures.
fn edges(doc: &Value) -> HashMap<String, Figures> {
    fn walk(from: &str, rows: &Value, out: &mut HashMap<String, Figures>) {
        for row in rows.as_array().into_iter().flatten() {
            let key = format!("{} {}", epd(from), row["uci"].as_str().expect("uci"));
            let f = figures(row);
            if let Some(old) = out.insert(key.clone(), f) {
                assert_eq!(old, f, "{key}: met twice with other figures");
            }
            walk(row["fen"].as_str().expect("fen"), &row["moves"], out);
        }
    }
    let mut out = HashMap::new();
    walk(doc["fen"].as_str().expect("the root's FEN"), &doc["moves"], &mut out);
    out
}

fn tree(args: &[&str]) -> Value {
    let out = pgn100(&[&["tree", "--format", "json"], args].concat());
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    serde_json::from_slice(&out.stdout).expect("JSON")
}

/// SAN moves from the start as movetext with move numbers.
fn numbered(sans: &str) -> String {
    sans.split_whitespace()
        .enumerate()
        .map(|(i, m)| if i % 2 == 0 { format!("{}. {m}", i / 2 + 1) } else { m.to_string() })
        .collect::<Vec<_>>()
        .join(" ")
}

fn agree_with_python_chess(set: &str, files: &[String]) {
    let reference: Value = serde_json::from_str(
        &std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/corpus/oracle/tree/chess.json"))
            .expect("the reference"),
    )
    .expect("JSON");
    let depth = reference["depth"].as_u64().expect("depth").to_string();
    let mut checked = 0;
    for entry in reference["sets"].as_array().expect("sets").iter().filter(|s| s["set"] == set) {
        let root = entry["root"].as_str().expect("root");
        let moves = numbered(root);
        let mut args = vec!["--variant", "chess", "--depth", depth.as_str()];
        if !root.is_empty() {
            args.extend(["--moves", moves.as_str()]);
        }
        args.extend(files.iter().map(String::as_str));
        let doc = tree(&args);
        assert_eq!(epd(doc["fen"].as_str().expect("fen")), entry["fen"].as_str().expect("fen"), "root {root}");
        let reached: Figures = serde_json::from_value(entry["reached"].clone()).expect("reached");
        assert_eq!(figures(&doc), reached, "games reaching {root}");
        let ours = edges(&doc);
        let theirs: HashMap<String, Figures> = serde_json::from_value(entry["edges"].clone()).expect("edges");
        for (key, f) in &theirs {
            assert_eq!(ours.get(key), Some(f), "root {root}: {key}");
        }
        assert_eq!(ours.len(), theirs.len(), "root {root}: continuations python-chess does not count");
        checked += theirs.len();
    }
    if set == "small" {
        assert!(checked > 0, "no reference for {set}");
    } else if checked == 0 {
        eprintln!("skipped: the reference has no set {set}");
    }
}

#[test]
fn real_chess_files_agree_with_python_chess() {
    let files: Vec<String> = [
        "twic_sample_232games_mliebelt.pgn",
        "lichess_db_2013-01_first32_mliebelt.pgn",
        "lichess_export_mliebelt_2024-01-03.pgn",
        "2024-champions-chess-tour-finals-day5.pgn",
    ]
    .iter()
    .map(|f| format!("corpus/chess/{f}"))
    .collect();
    agree_with_python_chess("small", &files);
}

#[test]
fn the_gnu_chess_book_agrees_with_python_chess() {
    let book = concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/chess/gnuchess_book_1.02.pgn");
    if !std::path::Path::new(book).exists() {
        eprintln!("skipped: {book} is not on this machine");
        return;
    }
    agree_with_python_chess("gnuchess_book", &[book.to_string()]);
}

/// The tree counted by brute force from `moves --fen` rows: positions as
/// FEN strings (not hashes), results from `stats --per-game`.
fn brute_force(
    files: &[&str],
    variant: &str,
    start_fen: &str,
    root_fen: &str,
    depth: usize,
) -> (Figures, HashMap<String, Figures>) {
    let out = pgn100(&[&["stats", "--per-game", "--format", "json", "--variant", variant], files].concat());
    let mut results = HashMap::new();
    for line in String::from_utf8_lossy(&out.stdout).lines() {
        let g: Value = serde_json::from_str(line).expect("a row");
        results.insert((g["file"].as_str().expect("file").to_string(), g["game"].as_u64().expect("game")), g);
    }
    let out = pgn100(&[&["moves", "--fen", "--format", "jsonl", "--variant", variant], files].concat());
    // Each game's positions (from the start) and moves.
    let mut games: Vec<(GameId, Vec<String>, Vec<String>)> = Vec::new();
    for line in String::from_utf8_lossy(&out.stdout).lines() {
        let m: Value = serde_json::from_str(line).expect("a row");
        let id = (m["file"].as_str().expect("file").to_string(), m["game"].as_u64().expect("game"));
        if games.last().is_none_or(|g| g.0 != id) {
            games.push((id.clone(), vec![epd(start_fen)], Vec::new()));
        }
        let g = games.last_mut().expect("a game");
        g.1.push(epd(m["fen"].as_str().expect("fen")));
        g.2.push(m["uci"].as_str().expect("uci").to_string());
    }
    let add = |f: &mut Figures, result: &str| {
        f[0] += 1;
        match result {
            "1-0" => f[1] += 1,
            "1/2-1/2" => f[2] += 1,
            "0-1" => f[3] += 1,
            _ => {}
        }
    };
    let (mut reached, mut edges) = ([0; 4], HashMap::new());
    for (id, positions, moves) in &games {
        let result = results[id]["result"].as_str().expect("result");
        let Some(first) = positions.iter().position(|p| *p == epd(root_fen)) else { continue };
        add(&mut reached, result);
        let mut seen = Vec::new();
        for ply in first..(first + depth).min(moves.len()) {
            let key = format!("{} {}", positions[ply], moves[ply]);
            if !seen.contains(&key) {
                add(edges.entry(key.clone()).or_insert([0; 4]), result);
                seen.push(key);
            }
        }
    }
    (reached, edges)
}

fn agree_with_brute_force(variant: &str, files: &[&str], moves: Option<&str>) {
    let mut args = vec!["--variant", variant, "--depth", "4"];
    if let Some(m) = moves {
        args.extend(["--moves", m]);
    }
    args.extend(files);
    let doc = tree(&args);
    let start = tree(&[&["--variant", variant, "--min-games", "1000000"], files].concat());
    let start_fen = start["fen"].as_str().expect("the start's FEN");
    let (reached, theirs) = brute_force(files, variant, start_fen, doc["fen"].as_str().expect("fen"), 4);
    assert!(reached[0] > 0, "no game reaches the root");
    assert_eq!(figures(&doc), reached);
    assert_eq!(edges(&doc), theirs);
}

#[test]
fn hundred_transpositions_and_notations_merge_as_fen_strings_do() {
    let dir = std::env::temp_dir().join(format!("pgn100-tree-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let generated = dir.join("hundred.pgn");
    let latin = dir.join("hundred_latin_short.pgn");
    let g = generated.to_str().expect("path");
    let l = latin.to_str().expect("path");
    assert!(pgn100(&["generate", "--games", "120", "--seed", "41", "--max-plies", "30", "-o", g]).status.success());
    let out = pgn100(&["convert", "--letters", "latin", "--style", "short", "-o", l, g]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let files = ["corpus/tree/hundred_transpositions.pgn", g, l];
    agree_with_brute_force("hundred", &files, None);
    agree_with_brute_force("hundred", &files, Some("1. e5 e6 2. d5 d6"));
    // The planted transposition: four games in three notations, two move
    // orders, reach it; three play the same knight move.
    let doc = tree(&["--moves", "1. d3-d5 d8-d6 2. e3-e5 e8-e6", "corpus/tree/hundred_transpositions.pgn"]);
    assert_eq!(figures(&doc), [4, 1, 1, 1]);
    assert_eq!(doc["moves"][0]["move"], "Nb4");
    assert_eq!(figures(&doc["moves"][0]), [3, 1, 1, 1]);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn grand_trees_agree_with_fen_strings() {
    let dir = std::env::temp_dir().join(format!("pgn100-tree-grand-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let generated = dir.join("grand.pgn");
    let g = generated.to_str().expect("path");
    let out =
        pgn100(&["generate", "--variant", "grand", "--games", "150", "--seed", "5", "--max-plies", "20", "-o", g]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    agree_with_brute_force("grand", &[g, "corpus/valid/grand_cyrillic.pgn"], None);
    let _ = std::fs::remove_dir_all(&dir);
}

/// The same games written twice (Cyrillic long and Latin short) count each
/// continuation twice as often, with the same moves: Dice chess by roll and
/// turn, Royal Chess 100 with its restorations.
#[test]
fn dice_and_royal_games_in_two_notations_count_together() {
    for (variant, one, other) in [
        ("dice", "corpus/oracle/dice/dice-cyr-long.pgn", "corpus/oracle/dice/dice-lat-short.pgn"),
        ("royal", "corpus/oracle/royal/royal-cyr-long.pgn", "corpus/oracle/royal/royal-lat-short.pgn"),
    ] {
        let single = edges(&tree(&["--variant", variant, "--depth", "3", one]));
        let both = edges(&tree(&["--variant", variant, "--depth", "3", one, other]));
        assert!(single.len() > 50, "{variant}: {} continuations", single.len());
        assert_eq!(single.len(), both.len(), "{variant}");
        for (key, f) in &single {
            assert_eq!(both.get(key), Some(&f.map(|n| 2 * n)), "{variant}: {key}");
        }
    }
}

/// A continuation's sample game is numbered within its own file, however
/// many games the inputs before it hold (and however the file is cut into
/// chunks).
#[test]
fn samples_are_numbered_within_their_files() {
    let dir = tempfile::tempdir().expect("temp dir");
    let game =
        |white: &str, moves: &str| format!("[White \"{white}\"]\n[Black \"b\"]\n[Result \"1-0\"]\n\n{moves} 1-0\n\n");
    let first: String = (0..5).map(|i| game(&format!("w{i}"), "1. e4 e5")).collect();
    let second = format!("{}{}", game("x", "1. e4 c5"), game("y", "1. d4 d5"));
    let (a, b) = (dir.path().join("a.pgn"), dir.path().join("b.pgn"));
    std::fs::write(&a, first).expect("a");
    std::fs::write(&b, second).expect("b");
    let doc = tree(&["--variant", "chess", a.to_str().expect("a"), b.to_str().expect("b")]);
    let rows = doc["moves"].as_array().expect("rows");
    let d4 = rows.iter().find(|r| r["uci"] == "d2d4").expect("d4");
    assert_eq!(d4["sample"]["file"].as_str().map(|f| f.ends_with("b.pgn")), Some(true), "{d4}");
    assert_eq!(d4["sample"]["game"], 2, "{d4}");
    assert_eq!(d4["sample"]["white"], "y");
    let e4 = rows.iter().find(|r| r["uci"] == "e2e4").expect("e4");
    assert_eq!((e4["games"].as_u64(), e4["sample"]["game"].as_u64()), (Some(6), Some(1)));
}
