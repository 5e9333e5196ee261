//! The one rule for a game without a Variant tag (no `--variant` either):
//! read as Hundred, and counted as Chess when it fails as Hundred and
//! replays cleanly as Chess, by every command that counts games by their
//! variant, as `validate` says in its help.

use serde_json::Value;

use crate::common::pgn100;

/// 32 chess games of lichess, no Variant tag.
const CHESS: &str = "corpus/chess/lichess_db_2013-01_first32_mliebelt.pgn";

/// `games` generated Hundred games written without their Variant tag.
fn untagged_hundred(dir: &std::path::Path, games: &str) -> String {
    let out = pgn100(&["generate", "--games", games, "--seed", "7", "--max-plies", "16"]);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).expect("UTF-8");
    assert!(text.contains("[Variant \"Hundred\"]\n"));
    let path = dir.join("hundred.pgn");
    std::fs::write(&path, text.replace("[Variant \"Hundred\"]\n", "")).expect("write");
    path.to_str().expect("path").to_string()
}

/// The JSON lines of a command's output.
fn json_lines(out: &std::process::Output) -> Vec<Value> {
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8_lossy(&out.stdout).lines().map(|l| serde_json::from_str(l).expect("JSON")).collect()
}

fn json(out: &std::process::Output) -> Value {
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    serde_json::from_slice(&out.stdout).expect("JSON")
}

/// `validate` gives the rule's help on each chess game (the reference the
/// other commands follow).
#[test]
fn validate_says_the_chess_games_replay_cleanly_as_chess() {
    let out = pgn100(&["validate", CHESS]);
    let text = String::from_utf8_lossy(&out.stdout).to_string() + &String::from_utf8_lossy(&out.stderr);
    assert_eq!(text.matches("it replays cleanly as Chess").count(), 32, "{text}");
}

/// A Hundred tree over a Hundred file and a chess file counts the Hundred
/// games only: the same continuations as over the Hundred file alone, and
/// the chess games named as games of another variant.
#[test]
fn a_hundred_tree_never_counts_a_chess_game() {
    let dir = tempfile::tempdir().expect("temp dir");
    let hundred = untagged_hundred(dir.path(), "20");
    let alone = json(&pgn100(&["tree", "--format", "json", &hundred]));
    let out = pgn100(&["tree", "--format", "json", &hundred, CHESS]);
    let both = json(&out);
    assert_eq!(alone["games"].as_u64(), Some(20));
    assert_eq!(both["games"].as_u64(), Some(20));
    assert_eq!(both["games_read"].as_u64(), Some(52));
    assert_eq!(both["moves"], alone["moves"]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("32 of 52 games are of another variant than Hundred (32 Chess)"), "{err}");
}

/// `stats` without `--variant` counts the chess games as Chess, valid,
/// with the note; the Hundred games stay Hundred.
#[test]
fn stats_counts_untagged_chess_games_as_chess() {
    let dir = tempfile::tempdir().expect("temp dir");
    let hundred = untagged_hundred(dir.path(), "5");
    let rows = json_lines(&pgn100(&["stats", "--per-game", "--format", "json", &hundred, CHESS]));
    assert_eq!(rows.len(), 37);
    let of = |v: &str| rows.iter().filter(|r| r["variant"] == v).collect::<Vec<_>>();
    assert_eq!(of("Hundred").len(), 5);
    let chess = of("Chess");
    assert_eq!(chess.len(), 32);
    for r in chess {
        assert_eq!((&r["valid"], &r["first_diagnostic"]), (&Value::Bool(true), &Value::from("pgn100::read_as_chess")));
    }
    // --variant hundred reads them all as Hundred, as before.
    // (Invalid games: exit status 1.)
    let out = pgn100(&["stats", "--per-game", "--format", "json", "--variant", "hundred", CHESS]);
    let rows: Vec<Value> =
        String::from_utf8_lossy(&out.stdout).lines().map(|l| serde_json::from_str(l).expect("JSON")).collect();
    assert_eq!(rows.len(), 32);
    assert!(rows.iter().all(|r| r["variant"] == "Hundred" && r["valid"] == false));
}

/// `split --by-variant` puts the chess games in chess.pgn.
#[test]
fn split_by_variant_puts_untagged_chess_games_with_chess() {
    let dir = tempfile::tempdir().expect("temp dir");
    let hundred = untagged_hundred(dir.path(), "5");
    let parts = dir.path().join("parts");
    let out = pgn100(&["split", "--by-variant", "--dir", parts.to_str().expect("path"), &hundred, CHESS]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let games = |name: &str| std::fs::read_to_string(parts.join(name)).map_or(0, |t| t.matches("[Event ").count());
    assert_eq!((games("hundred.pgn"), games("chess.pgn")), (5, 32));
}

/// `moves` writes the chess games' rows as Chess, valid, in full.
#[test]
fn moves_reads_untagged_chess_games_as_chess() {
    let rows = json_lines(&pgn100(&["moves", "--format", "jsonl", CHESS]));
    assert!(rows.len() > 32 * 20, "{} rows", rows.len());
    assert!(rows.iter().all(|r| r["variant"] == "Chess" && r["valid"] == true));
}
