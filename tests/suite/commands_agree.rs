//! The commands agree with each other, run through the binary on one small
//! file of distinct games per variant (Hundred, Grand, Chess, Chess960,
//! Royal, Dice): `validate` counts the games `stats --per-game` has rows
//! for, `moves` has a row for every ply `stats` counts, `dedup` keeps every
//! distinct game once, `filter --plies`/`--has` (and `--not`) pick the games
//! the counts of `stats` and `moves` say they should, `convert` and `split`
//! lose no game, ply or final position, `show` shows every file's last game
//! and writes its page, and every FEN printed reads back to itself.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use crate::common::{corpus, pgn100};

/// One sample file: a variant's games, written into a temporary folder.
struct Sample {
    name: &'static str,
    path: PathBuf,
}

impl Sample {
    fn arg(&self) -> &str {
        self.path.to_str().expect("a UTF-8 path")
    }
}

/// The first `n` games of a corpus file (cut before the `n+1`-th `[Event`).
fn first_games(path: &str, n: usize) -> String {
    let text = std::fs::read_to_string(corpus(path)).expect("a corpus file");
    let cut = text.match_indices("\n[Event ").nth(n.saturating_sub(1)).map_or(text.len(), |(i, _)| i + 1);
    text.get(..cut).expect("a cut at a line start").to_string()
}

fn concat(paths: &[&str]) -> String {
    paths.iter().map(|p| std::fs::read_to_string(corpus(p)).expect("a corpus file")).collect()
}

fn generated(dir: &Path, variant: &str, games: &str, plies: &str) -> String {
    let out = dir.join(format!("generated-{variant}.pgn"));
    let args = ["generate", "--variant", variant, "--seed", "1", "--games", games, "--max-plies", plies];
    ok(&[&args[..], &["--letters", "latin", "--style", "short", "-o", out.to_str().expect("UTF-8")]].concat());
    std::fs::read_to_string(out).expect("the generated games")
}

/// The six sample files, in a temporary folder that lives as long as the
/// returned handle.
fn samples() -> (tempfile::TempDir, Vec<Sample>) {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let d = dir.path();
    let texts: [(&'static str, String); 6] = [
        // The one-game Hundred files of corpus/valid that are not copies of
        // each other: a throne pawn, both castling stages, promotions, en passant.
        (
            "hundred",
            concat(&[
                "valid/cyrillic_long_annotated.pgn",
                "valid/promotion_forms_cyrillic_long.pgn",
                "valid/promotion_prince.pgn",
                "valid/seed000_throne_pawn.pgn",
                "valid/seed002_castling.pgn",
                "valid/seed002_en_passant.pgn",
            ]),
        ),
        // grand_pychess.pgn holds the same two games.
        ("grand", concat(&["valid/grand_cyrillic.pgn"]) + &generated(d, "grand", "4", "80")),
        (
            "chess",
            concat(&[
                "chess/lichess_export_mliebelt_2024-01-03.pgn",
                "valid/chess_real_world_features.pgn",
                "valid/chess_null_moves.pgn",
            ]),
        ),
        // Game 4 starts nrkbqrbn and castles long with the king staying on c8.
        ("chess960", generated(d, "chess960", "6", "60")),
        // The oracle's games take no king; the generated ones do.
        ("royal", first_games("oracle/royal/royal-lat-short.pgn", 6) + &generated(d, "royal", "6", "120")),
        ("dice", first_games("oracle/dice/dice-lat-short.pgn", 8)),
    ];
    let samples = texts
        .into_iter()
        .map(|(name, text)| {
            let path = d.join(format!("{name}.pgn"));
            std::fs::write(&path, text).expect("a sample written");
            Sample { name, path }
        })
        .collect();
    (dir, samples)
}

/// Runs the binary; the exit status must be `code`.
fn run_code(args: &[&str], code: i32) -> Vec<u8> {
    let o = pgn100(args);
    assert_eq!(
        o.status.code(),
        Some(code),
        "{args:?}\n{}\n{}",
        String::from_utf8_lossy(&o.stderr),
        String::from_utf8_lossy(&o.stdout)
    );
    o.stdout
}

fn ok(args: &[&str]) -> Vec<u8> {
    run_code(args, 0)
}

type Row = BTreeMap<String, String>;

/// A CSV output: its header and its rows by column name.
fn csv_rows(bytes: &[u8]) -> (Vec<String>, Vec<Row>) {
    let mut r = csv::Reader::from_reader(bytes);
    let header: Vec<String> = r.headers().expect("a header").iter().map(str::to_string).collect();
    let rows = r
        .records()
        .map(|x| header.iter().cloned().zip(x.expect("a record").iter().map(str::to_string)).collect())
        .collect();
    (header, rows)
}

/// `stats --per-game --format csv` of a file.
fn stats(path: &str) -> Vec<Row> {
    csv_rows(&ok(&["stats", "--per-game", "--format", "csv", path])).1
}

/// A game's stats row without the columns that name where it was read
/// (file, number): what stays the same when the game is copied elsewhere.
fn game_only(rows: &[Row]) -> Vec<Vec<(String, String)>> {
    rows.iter()
        .map(|r| r.iter().filter(|(k, _)| *k != "file" && *k != "game").map(|(k, v)| (k.clone(), v.clone())).collect())
        .collect()
}

fn num(row: &Row, column: &str) -> u64 {
    row.get(column).and_then(|v| v.parse().ok()).unwrap_or_else(|| panic!("{column} in {row:?}"))
}

/// `moves --fen --format csv` of a file, grouped by game number.
fn moves(path: &str) -> BTreeMap<u64, Vec<Row>> {
    let mut games: BTreeMap<u64, Vec<Row>> = BTreeMap::new();
    for row in csv_rows(&ok(&["moves", "--fen", "--format", "csv", path])).1 {
        games.entry(num(&row, "game")).or_default().push(row);
    }
    games
}

/// The number of games `validate` reports (all of them valid, exit 0).
fn validated_games(path: &str) -> usize {
    let out = String::from_utf8(ok(&["validate", path])).expect("UTF-8");
    let summary = out.lines().last().expect("a summary line");
    let games = summary.split(" game(s)").next().and_then(|s| s.rsplit(' ').next()).and_then(|n| n.parse().ok());
    let games = games.unwrap_or_else(|| panic!("no game count in {summary:?}"));
    assert!(summary.contains(&format!("{games} valid, 0 invalid")), "{summary}");
    games
}

/// The FEN on the last line of `show` that has one.
fn shown_fen(out: &[u8]) -> String {
    let text = String::from_utf8_lossy(out);
    let line = text.lines().rev().find_map(|l| l.split_once("FEN ")).map(|(_, f)| f.to_string());
    line.unwrap_or_else(|| panic!("no FEN line in {text}"))
}

#[test]
fn validate_stats_and_moves_count_the_same_games_and_plies() {
    let (_dir, samples) = samples();
    for s in &samples {
        let rows = stats(s.arg());
        assert_eq!(rows.len(), validated_games(s.arg()), "{}: one stats row a game", s.name);
        assert!(rows.len() >= 5, "{}: a multi-game sample", s.name);
        let moves = moves(s.arg());
        for r in &rows {
            let game = num(r, "game");
            let plies = moves.get(&game).map_or(0, Vec::len);
            assert_eq!(plies as u64, num(r, "plies"), "{} game {game}: moves rows = stats plies", s.name);
        }
        let total: u64 = rows.iter().map(|r| num(r, "plies")).sum();
        assert_eq!(moves.values().map(Vec::len).sum::<usize>() as u64, total, "{}", s.name);
    }
}

/// The games as dedup sees them: variant and main-line moves (with the
/// rolls of Dice chess).
fn game_keys(path: &str, rows: &[Row]) -> Vec<(String, Vec<(String, String)>)> {
    let moves = moves(path);
    rows.iter()
        .map(|r| {
            let line = moves
                .get(&num(r, "game"))
                .map_or_else(Vec::new, |m| m.iter().map(|x| (x["roll"].clone(), x["uci"].clone())).collect());
            (r["variant"].clone(), line)
        })
        .collect()
}

#[test]
fn dedup_keeps_every_distinct_game_once() {
    let (_dir, samples) = samples();
    for s in &samples {
        let rows = stats(s.arg());
        let keys = game_keys(s.arg(), &rows);
        assert_eq!(keys.iter().collect::<BTreeSet<_>>().len(), keys.len(), "{}: the sample's games differ", s.name);
        let kept = String::from_utf8(ok(&["dedup", s.arg()])).expect("UTF-8");
        let out = s.path.with_extension("dedup.pgn");
        std::fs::write(&out, kept).expect("written");
        assert_eq!(game_only(&stats(out.to_str().expect("UTF-8"))), game_only(&rows), "{}: dedup keeps all", s.name);
        // The file twice: every game has a copy (exit 1), each is kept once.
        let once = run_code(&["dedup", s.arg(), s.arg()], 1);
        std::fs::write(&out, once).expect("written");
        assert_eq!(game_only(&stats(out.to_str().expect("UTF-8"))), game_only(&rows), "{}: twice, kept once", s.name);
    }
}

/// The features of `filter --has`, and whether a game has each by its
/// stats row and by its moves rows (the two must agree).
const FEATURES: [&str; 6] = ["throne-pawn", "first-stage", "second-stage", "promotion", "en-passant", "king-capture"];

fn has_by_stats(row: &Row, feature: &str) -> Option<bool> {
    let sum = |columns: &[&str]| columns.iter().map(|c| num(row, c)).sum::<u64>() > 0;
    Some(match feature {
        "throne-pawn" => sum(&["throne_pawns"]),
        "first-stage" => sum(&["castle_first_short", "castle_first_long"]),
        "second-stage" => sum(&["castle_second_short", "castle_second_long"]),
        "promotion" => sum(&[
            "promote_queen",
            "promote_prince",
            "promote_rook",
            "promote_bishop",
            "promote_knight",
            "promote_marshal",
            "promote_cardinal",
        ]),
        "en-passant" => sum(&["en_passant"]),
        "king-capture" => sum(&["king_captures"]),
        _ => return None,
    })
}

fn has_by_moves(moves: &[Row], feature: &str) -> bool {
    moves.iter().any(|m| match feature {
        "throne-pawn" => !m["throne_pawn"].is_empty(),
        "first-stage" => m["castle_stage"] == "first",
        "second-stage" => m["castle_stage"] == "second",
        "promotion" => !m["promotion"].is_empty(),
        "en-passant" => m["en_passant"] == "true",
        "king-capture" => m["captured"] == "K",
        other => panic!("no feature {other}"),
    })
}

/// `filter ARGS` (and `filter --not ARGS`) on a sample write exactly the
/// games `wanted` picks (and the others), in order.
fn assert_filter(s: &Sample, rows: &[Row], args: &[&str], wanted: &[bool]) {
    let out = s.path.with_extension("filtered.pgn");
    let out_arg = out.to_str().expect("UTF-8");
    for not in [false, true] {
        let expected: Vec<Row> = rows.iter().zip(wanted).filter(|(_, w)| **w != not).map(|(r, _)| r.clone()).collect();
        let mut cmd = vec!["filter", s.arg(), "-o", out_arg];
        cmd.extend(args);
        if not {
            cmd.push("--not");
        }
        // As grep: exit 1 when no game matches (the output then empty).
        run_code(&cmd, if expected.is_empty() { 1 } else { 0 });
        let picked = stats(out_arg);
        assert_eq!(game_only(&picked), game_only(&expected), "{}: {cmd:?}", s.name);
    }
}

#[test]
fn filter_picks_the_games_the_counts_say() {
    let (_dir, samples) = samples();
    for s in &samples {
        let rows = stats(s.arg());
        let moves = moves(s.arg());
        let plies: Vec<u64> = rows.iter().map(|r| num(r, "plies")).collect();
        let mut sorted = plies.clone();
        sorted.sort_unstable();
        let (a, b) = (sorted[sorted.len() / 3], sorted[2 * sorted.len() / 3]);
        let within: Vec<bool> = plies.iter().map(|p| (a..=b).contains(p)).collect();
        assert!(within.iter().any(|w| !w), "{}: {a}..{b} leaves games out", s.name);
        assert_filter(s, &rows, &["--plies", &format!("{a}..{b}")], &within);
        let from: Vec<bool> = plies.iter().map(|p| *p >= b).collect();
        assert_filter(s, &rows, &["--plies", &format!("{b}..")], &from);
        for feature in FEATURES {
            let wanted: Vec<bool> = rows
                .iter()
                .map(|r| {
                    let by_moves = has_by_moves(moves.get(&num(r, "game")).map_or(&[], Vec::as_slice), feature);
                    if let Some(by_stats) = has_by_stats(r, feature) {
                        assert_eq!(by_stats, by_moves, "{} game {}: {feature} by stats and moves", s.name, r["game"]);
                    }
                    by_moves
                })
                .collect();
            assert_filter(s, &rows, &["--has", feature], &wanted);
        }
    }
}

#[test]
fn the_samples_have_every_feature_somewhere() {
    // So that the filter test above is not only about games without them.
    let (_dir, samples) = samples();
    let mut seen = BTreeSet::new();
    for s in &samples {
        let moves = moves(s.arg());
        for game in moves.values() {
            seen.extend(FEATURES.iter().filter(|f| has_by_moves(game, f)).map(|f| (s.name, *f)));
        }
    }
    for expected in [
        ("hundred", "throne-pawn"),
        ("hundred", "first-stage"),
        ("hundred", "second-stage"),
        ("hundred", "promotion"),
        ("hundred", "en-passant"),
        ("grand", "promotion"),
        ("chess", "first-stage"),
        ("chess960", "first-stage"),
        ("royal", "king-capture"),
        ("dice", "promotion"),
        ("dice", "king-capture"),
    ] {
        assert!(seen.contains(&expected), "{expected:?} in {seen:?}");
    }
}

#[test]
fn convert_there_and_back_keeps_plies_and_final_positions() {
    let (_dir, samples) = samples();
    let keep = |rows: &[Row]| -> Vec<(String, String, String)> {
        rows.iter().map(|r| (r["plies"].clone(), r["final_fen"].clone(), r["valid"].clone())).collect()
    };
    for s in &samples {
        let before = keep(&stats(s.arg()));
        let mut from = s.path.clone();
        for (i, (letters, style)) in [("cyrillic", "long"), ("latin", "short"), ("cyrillic", "long")].iter().enumerate()
        {
            let to = s.path.with_extension(format!("convert{i}.pgn"));
            let (f, t) = (from.to_str().expect("UTF-8"), to.to_str().expect("UTF-8"));
            ok(&["convert", "--letters", letters, "--style", style, f, "-o", t]);
            assert_eq!(keep(&stats(t)), before, "{}: convert --letters {letters} --style {style}", s.name);
            from = to;
        }
    }
}

#[test]
fn split_parts_put_together_give_the_games_back() {
    let (_dir, samples) = samples();
    for s in &samples {
        let rows = stats(s.arg());
        let parts = s.path.with_extension("parts");
        ok(&["split", "--games", "3", "--dir", parts.to_str().expect("UTF-8"), s.arg()]);
        let mut names: Vec<PathBuf> =
            std::fs::read_dir(&parts).expect("the parts").map(|e| e.expect("an entry").path()).collect();
        names.sort();
        assert_eq!(names.len(), rows.len().div_ceil(3), "{}: parts of 3 games", s.name);
        let joined: Vec<u8> = names.iter().flat_map(|p| std::fs::read(p).expect("a part")).collect();
        assert_eq!(joined, std::fs::read(&s.path).expect("the sample"), "{}: the parts end to end", s.name);
        let out = s.path.with_extension("joined.pgn");
        std::fs::write(&out, joined).expect("written");
        let back = stats(out.to_str().expect("UTF-8"));
        let strip = |rows: &[Row]| -> Vec<Row> {
            rows.iter()
                .map(|r| r.iter().filter(|(k, _)| *k != "file").map(|(k, v)| (k.clone(), v.clone())).collect())
                .collect()
        };
        assert_eq!(strip(&back), strip(&rows), "{}: the same games in the same order", s.name);
    }
}

#[test]
fn show_shows_the_last_game_and_writes_its_page() {
    let (_dir, samples) = samples();
    for s in &samples {
        let rows = stats(s.arg());
        let last = rows.last().expect("games");
        let n = last["game"].clone();
        let fen = shown_fen(&ok(&["show", s.arg(), "--game", &n]));
        assert_eq!(fen, last["final_fen"], "{} game {n}: show's FEN is stats' final FEN", s.name);
        let page = s.path.with_extension("html");
        ok(&["show", s.arg(), "--game", &n, "--html", page.to_str().expect("UTF-8")]);
        let html = std::fs::read_to_string(&page).expect("the page");
        assert!(html.starts_with("<!DOCTYPE html>") && html.contains("</html>"), "{}: a page", s.name);
    }
}

#[test]
fn every_fen_printed_reads_back_to_itself() {
    let (_dir, samples) = samples();
    for s in &samples {
        let rows = stats(s.arg());
        let moves = moves(s.arg());
        // (variant, FEN): every final FEN, the last game's as show prints
        // it, the FEN after every castling, promotion, throne pawn, en
        // passant, restoration and king capture, and every 25th other one.
        let mut fens: BTreeSet<(String, String)> = BTreeSet::new();
        for r in &rows {
            fens.insert((r["variant"].to_lowercase(), r["final_fen"].clone()));
        }
        let last = rows.last().expect("games");
        let shown = shown_fen(&ok(&["show", s.arg(), "--game", &last["game"]]));
        fens.insert((last["variant"].to_lowercase(), shown));
        for (i, m) in moves.values().flatten().enumerate() {
            let special = !m["castle_stage"].is_empty()
                || !m["promotion"].is_empty()
                || !m["throne_pawn"].is_empty()
                || m["en_passant"] == "true"
                || m["restored"] == "true"
                || m["captured"] == "K";
            if special || i % 25 == 0 {
                fens.insert((m["variant"].to_lowercase(), m["fen"].clone()));
            }
        }
        for (variant, fen) in fens {
            let read = shown_fen(&ok(&["show", "--variant", &variant, "--fen", &fen]));
            assert_eq!(read, fen, "{}: show --variant {variant} --fen", s.name);
        }
    }
}
