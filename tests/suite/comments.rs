//! Clocks, evaluations and comments as data: the `moves` columns clock,
//! elapsed, eval_cp, eval_mate, eval_depth, nags, comment and arrows held
//! to what python-chess reads in the same comments (`node.clock()`,
//! `node.emt()`, `node.eval()`, `node.eval_depth()`, `node.nags`,
//! `node.arrows()`, the comment;
//! corpus/oracle/chess/comments.jsonl, made by make_comment_reference.py)
//! on the lichess broadcast exports and the Chess games of
//! corpus/comments/, and to the values written in the games of the other
//! variants there (10x10 squares, Dice chess turns, variations aside).

use std::collections::BTreeMap;

use serde_json::Value;

use crate::common::{pgn100 as run, read_jsonl};

const FILES: [&str; 5] = [
    "corpus/chess/2024-champions-chess-tour-finals-day5.pgn",
    "corpus/chess/2024-champions-chess-tour-finals-semi-finals-day4.pgn",
    "corpus/chess/2024-champions-chess-tour-finals-round-robin-stage-day3.pgn",
    "corpus/comments/commands_every_variant.pgn",
    "corpus/comments/eval_depth.pgn",
];

/// The rows of `moves --format jsonl` of `files` (games without a Variant
/// tag are Chess games), by (file, game, ply).
fn rows(files: &[&str]) -> BTreeMap<(String, u64, u64), serde_json::Map<String, Value>> {
    let mut args = vec!["moves", "--format", "jsonl", "--variant", "chess"];
    args.extend(files);
    let o = run(&args);
    assert_eq!(o.status.code(), Some(0), "{}", String::from_utf8_lossy(&o.stderr));
    String::from_utf8(o.stdout)
        .expect("UTF-8")
        .lines()
        .map(|line| {
            let row: serde_json::Map<String, Value> = serde_json::from_str(line).expect("a JSON object");
            let key = (
                row["file"].as_str().expect("file").to_string(),
                row["game"].as_u64().expect("game"),
                row["ply"].as_u64().expect("ply"),
            );
            (key, row)
        })
        .collect()
}

/// A text column as a list: NAGs `$1 $14` as numbers, arrows as marks; sorted.
fn list(v: &Value, split: char) -> Vec<String> {
    let mut items: Vec<String> = v
        .as_str()
        .unwrap_or("")
        .split(split)
        .filter(|s| !s.is_empty())
        .map(|s| s.trim_start_matches('$').to_string())
        .collect();
    items.sort();
    items
}

fn seconds(v: &Value) -> Option<f64> {
    v.as_f64()
}

#[test]
fn clocks_evaluations_and_comments_are_python_chess_s() {
    let ours = rows(&FILES);
    let reference = read_jsonl("oracle/chess/comments.jsonl");
    assert!(reference.len() > 3000);
    let (mut clocks, mut evals, mut depths, mut others) = (0, 0, 0, 0);
    for want in &reference {
        let key = (
            want["file"].as_str().expect("file").to_string(),
            want["game"].as_u64().expect("game"),
            want["ply"].as_u64().expect("ply"),
        );
        let got = ours.get(&key).unwrap_or_else(|| panic!("no row {key:?}"));
        let at = format!("{key:?}");
        for (ours, theirs) in [("clock", "clock"), ("elapsed", "emt")] {
            match (seconds(&got[ours]), seconds(&want[theirs])) {
                (Some(a), Some(b)) => assert!((a - b).abs() < 1e-9, "{at} {ours}: {a} against {b}"),
                (a, b) => assert_eq!(a, b, "{at} {ours}"),
            }
        }
        assert_eq!(got["eval_cp"].as_i64(), want["eval_cp"].as_i64(), "{at} eval_cp");
        assert_eq!(got["eval_mate"].as_i64(), want["eval_mate"].as_i64(), "{at} eval_mate");
        assert_eq!(got["eval_depth"].as_i64(), want["eval_depth"].as_i64(), "{at} eval_depth");
        let nags: Vec<String> = want["nags"].as_array().expect("nags").iter().map(|n| n.to_string()).collect();
        let mut nags = nags;
        nags.sort();
        assert_eq!(list(&got["nags"], ' '), nags, "{at} nags");
        let arrows: Vec<String> =
            want["arrows"].as_array().expect("arrows").iter().map(|a| a.as_str().expect("mark").to_string()).collect();
        assert_eq!(list(&got["arrows"], ','), arrows, "{at} arrows");
        let comment = got["comment"].as_str().unwrap_or("").split_whitespace().collect::<Vec<_>>().join(" ");
        assert_eq!(comment, want["comment"].as_str().expect("comment"), "{at} comment");
        clocks += usize::from(!got["clock"].is_null());
        evals += usize::from(!got["eval_cp"].is_null() || !got["eval_mate"].is_null());
        depths += usize::from(!got["eval_depth"].is_null());
        others += usize::from(!got["nags"].is_null() || !got["arrows"].is_null() || !got["comment"].is_null());
    }
    // Every Chess row is in the reference (the games of other variants aside).
    let chess = ours.values().filter(|r| matches!(r["variant"].as_str(), Some("Chess" | "Chess960"))).count();
    assert_eq!(chess, reference.len());
    assert!(clocks > 3000 && evals > 3000 && depths >= 30 && others >= 3, "{clocks} {evals} {depths} {others}");
}

/// The other variants: the values their comments say, with 10x10 squares,
/// a variation's comment left to the variation, Dice chess moves of a turn.
#[test]
fn commands_in_every_variant() {
    let file = "corpus/comments/commands_every_variant.pgn";
    let ours = rows(&[file]);
    let cell = |game: u64, ply: u64, column: &str| -> String {
        let row = ours.get(&(file.to_string(), game, ply)).unwrap_or_else(|| panic!("no row {game} {ply}"));
        match &row[column] {
            Value::Null => String::new(),
            Value::String(s) => s.clone(),
            other => other.to_string(),
        }
    };
    let columns = ["clock", "elapsed", "eval_cp", "eval_mate", "eval_depth", "nags", "comment", "arrows"];
    let want: &[(u64, u64, [&str; 8])] = &[
        // Hundred; the game comment before the first move is no move's.
        (1, 1, ["600.0", "", "17", "", "23", "", "", ""]),
        (1, 2, ["598.5", "1.5", "", "", "", "", "", ""]),
        (1, 3, ["", "", "", "", "", "$1 $14", "Takes the corner", "Ge2e4,Ra10j10,Rj8,Gj10"]),
        (1, 4, ["", "", "", "", "", "", "", ""]),
        (1, 5, ["", "", "", "-3", "", "", "", ""]),
        (1, 6, ["540.0", "", "", "", "", "", "a line comment", ""]),
        // Grand: two comments joined, a broken command left as text.
        (2, 2, ["295.0", "5.0", "-50", "", "", "", "", ""]),
        (2, 3, ["", "", "125", "", "30", "", "", ""]),
        (2, 4, ["", "", "", "", "", "", "", "Bj10a1,Yj10,Ba1"]),
        (2, 5, ["", "", "", "", "", "$1 $18", "winning really", ""]),
        (2, 6, ["", "", "", "", "", "", "[%clk 1:00:00 broken]", ""]),
        // Dice chess: a turn's moves each have their own.
        (5, 1, ["", "3.0", "", "", "", "", "", ""]),
        (5, 2, ["", "", "", "", "", "", "", ""]),
        (5, 3, ["590.0", "", "40", "", "", "", "", ""]),
        (5, 6, ["", "", "", "", "", "", "", "Rf3"]),
        (5, 13, ["480.0", "", "", "", "", "", "mate soon", ""]),
        // Royal.
        (6, 2, ["900.0", "", "", "", "", "", "", "Gh10h8"]),
        (6, 6, ["", "60.0", "-999", "", "", "", "", ""]),
    ];
    for &(game, ply, values) in want {
        let got: Vec<String> = columns.iter().map(|c| cell(game, ply, c)).collect();
        assert_eq!(got, values, "game {game} ply {ply}");
    }
    // The same through CSV and Parquet: tests/suite/moves.rs holds the formats to each other.
    let variants: Vec<&str> =
        (1..=6).map(|g| ours[&(file.to_string(), g, 1)]["variant"].as_str().expect("variant")).collect();
    assert_eq!(variants, ["Hundred", "Grand", "Chess", "Chess960", "Dice", "Royal"]);
}
