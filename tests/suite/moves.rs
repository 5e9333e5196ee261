//! `pgn100 moves`: one row per main-line move. The rows are held to the
//! oracle games (their moves and the FEN after every ply, Hundred, Grand,
//! Chess, Royal, Dice chess), to `stats --per-game` (plies, captures,
//! checks, castlings by stage and wing, promotions, throne pawns, final
//! FEN), and the three formats to each other value by value.

use std::collections::BTreeMap;

use crate::common::{self, corpus, pgn100 as run, read_jsonl};
use pgn100::notation::{check_mark, uci_line, Letters, LongMove};
use pgn100::rules::Color;
use pgn100::rules::{Move, Position, Variant};

/// A CSV output: its header and its records.
fn csv_table(bytes: &[u8]) -> (Vec<String>, Vec<Vec<String>>) {
    let mut r = csv::Reader::from_reader(bytes);
    let header = r.headers().expect("a header").iter().map(str::to_string).collect();
    let rows = r.records().map(|x| x.expect("a record").iter().map(str::to_string).collect()).collect();
    (header, rows)
}

/// Rows as maps from column name to value.
fn records(bytes: &[u8]) -> Vec<BTreeMap<String, String>> {
    let (header, rows) = csv_table(bytes);
    rows.into_iter().map(|r| header.iter().cloned().zip(r).collect()).collect()
}

fn ok(args: &[&str]) -> Vec<u8> {
    let o = run(args);
    assert_eq!(o.status.code(), Some(0), "{args:?}: {}", String::from_utf8_lossy(&o.stderr));
    o.stdout
}

/// Rows grouped by (file, game), in order.
fn by_game(rows: &[BTreeMap<String, String>]) -> BTreeMap<(String, u64), Vec<&BTreeMap<String, String>>> {
    let mut out: BTreeMap<(String, u64), Vec<&BTreeMap<String, String>>> = BTreeMap::new();
    for r in rows {
        out.entry((r["file"].clone(), r["game"].parse().expect("game"))).or_default().push(r);
    }
    out
}

/// A FEN with its castling field left out, the en passant field as pgn100
/// writes it (Fairy-Stockfish writes it whenever a pawn attacks the square).
fn normalised(fen: &str, variant: Variant) -> String {
    let pos = Position::from_fen(fen, variant).unwrap_or_else(|e| panic!("{fen}: {e}"));
    let f: Vec<String> = pos.fen().split(' ').map(str::to_string).collect();
    format!("{} {} {} {} {}", f[0], f[1], f[3], f[4], f[5])
}

/// An oracle game as a record: Latin long notation, its variant and start.
fn record(variant: Variant, start: &Position, moves: &[Move]) -> String {
    let mut text = format!("[Variant \"{}\"]\n[FEN \"{}\"]\n\n", variant.name(), start.fen());
    let mut pos = start.clone();
    for (i, &mv) in moves.iter().enumerate() {
        if pos.turn() == Color::White {
            text.push_str(&format!("{}. ", pos.fullmoves()));
        } else if i == 0 {
            text.push_str(&format!("{}... ", pos.fullmoves()));
        }
        let written = LongMove { pos: &pos, mv, letters: Letters::Latin }.to_string();
        let mut after = pos.clone();
        after.play_unchecked(mv);
        text.push_str(&format!("{written}{} ", check_mark(&after, Letters::Latin)));
        pos = after;
    }
    text.push_str("*\n\n");
    text
}

/// The oracle games of `path` written as records and read back by `moves
/// --fen`: every row's uci is the oracle's move, its FEN the oracle's FEN
/// after that ply, the last row mates exactly when the oracle game ends in
/// checkmate.
fn oracle_rows(path: &str, variant: Variant, games: usize) {
    let oracle: Vec<serde_json::Value> = read_jsonl(path).into_iter().take(games).collect();
    let mut text = String::new();
    let mut played = Vec::new();
    let variant_of = |g: &serde_json::Value| match variant {
        Variant::Chess => common::chess_variant(g["variant"].as_str().expect("variant")),
        v => v,
    };
    for g in &oracle {
        // The oracle's moves as python-chess writes them (castling as the king's move).
        let variant = variant_of(g);
        let start = Position::from_fen(g["start_fen"].as_str().expect("start_fen"), variant).expect("start");
        let mut pos = start.clone();
        let mut moves = Vec::new();
        let mut written = Vec::new();
        for uci in g["uci"].as_array().expect("uci") {
            let m = common::legal(&pos)
                .into_iter()
                .find(|&m| common::python_uci(&pos, m) == uci.as_str().expect("move"))
                .unwrap_or_else(|| panic!("{path}: {uci} is not legal in {}", pos.fen()));
            // The row's UCI: the library's writer (python-chess's for Chess).
            written.push(common::python_uci(&pos, m));
            pos.play_unchecked(m);
            moves.push(m);
        }
        text.push_str(&record(variant, &start, &moves));
        played.push(std::mem::take(&mut written));
    }
    let dir = tempfile::tempdir().expect("temp dir");
    let file = dir.path().join("oracle.pgn");
    std::fs::write(&file, &text).expect("written");
    let rows = records(&ok(&["moves", "--fen", file.to_str().expect("path")]));
    let games_rows = by_game(&rows);
    assert_eq!(games_rows.len(), oracle.iter().filter(|g| !g["uci"].as_array().expect("uci").is_empty()).count());
    let (mut plies, mut mates) = (0, 0);
    for (i, g) in oracle.iter().enumerate() {
        let uci = &played[i];
        let fens = g["fens"].as_array().expect("fens");
        let variant = variant_of(g);
        let rows = games_rows.get(&(file.display().to_string(), i as u64 + 1)).cloned().unwrap_or_default();
        assert_eq!(rows.len(), uci.len(), "{path} game {i}");
        for (k, r) in rows.iter().enumerate() {
            assert_eq!(r["ply"], (k + 1).to_string());
            assert_eq!(r["valid"], "true", "{path} game {i}");
            assert_eq!(r["uci"], uci[k], "{path} game {i} ply {k}");
            let want = normalised(fens[k].as_str().expect("fen"), variant);
            assert_eq!(normalised(&r["fen"], variant), want, "{path} game {i} ply {k}");
            plies += 1;
        }
        let mate = g["termination"].as_str().is_some_and(|t| t == "checkmate" || t == "mate");
        if let Some(last) = rows.last() {
            assert_eq!(last["mate"] == "true", mate, "{path} game {i}: mate on the last move");
            mates += usize::from(mate);
        }
        assert!(rows.iter().rev().skip(1).all(|r| r["mate"] == "false"), "{path} game {i}: mate before the end");
    }
    assert!(plies > 1000, "{path}: {plies} plies");
    assert!(mates > 0 || variant == Variant::Chess, "{path}: no mate");
}

#[test]
fn rows_of_the_oracle_games_are_their_moves_and_positions() {
    oracle_rows("oracle/games_hundred_sample.jsonl", Variant::Hundred, 120);
    oracle_rows("oracle/games_grand_sample.jsonl", Variant::Grand, 60);
    oracle_rows("oracle/games_chess.jsonl", Variant::Chess, 61);
}

/// The Royal oracle games as their PGN file has them: the oracle's moves
/// and FENs, mate where the oracle says mate.
#[test]
fn royal_rows_are_the_oracle_games() {
    let oracle = read_jsonl("oracle/royal/games_royal_sample.jsonl");
    let rows = records(&ok(&["moves", "--fen", "corpus/oracle/royal/royal-lat-short.pgn"]));
    let games = by_game(&rows);
    assert_eq!(games.len(), oracle.len());
    for (i, ((_, n), rows)) in games.iter().enumerate() {
        let g = &oracle[i];
        assert_eq!(*n, i as u64 + 1);
        let uci: Vec<&str> = rows.iter().map(|r| r["uci"].trim_end_matches("=O")).collect();
        let want: Vec<&str> = g["uci"].as_array().expect("uci").iter().map(|u| u.as_str().expect("move")).collect();
        assert_eq!(uci, want, "royal game {i}");
        let fens: Vec<&str> = rows.iter().map(|r| r["fen"].as_str()).collect();
        let want: Vec<&str> = g["fens"].as_array().expect("fens").iter().map(|u| u.as_str().expect("fen")).collect();
        assert_eq!(fens, want, "royal game {i}");
        let mate = g["termination"] == "mate";
        assert_eq!(rows.last().map(|r| r["mate"] == "true"), Some(mate), "royal game {i}");
        assert!(rows.iter().all(|r| r["variant"] == "Royal" && r["roll"].is_empty()));
    }
}

/// Dice chess: a row per move of every turn with its turn's number, side
/// and roll, the oracle's moves and FENs (the en passant field aside: the
/// oracle keeps the open squares apart).
#[test]
fn dice_rows_are_the_oracle_turns() {
    let oracle = read_jsonl("oracle/dice/games_dice_sample.jsonl");
    let rows = records(&ok(&["moves", "--fen", "corpus/oracle/dice/dice-lat-short.pgn"]));
    let games = by_game(&rows);
    let faces = ["", "p", "N", "B", "R", "Q", "K"];
    let without_ep = |fen: &str| {
        let mut f: Vec<&str> = fen.split(' ').collect();
        f[3] = "-";
        f.join(" ")
    };
    let mut checked = 0;
    for (i, g) in oracle.iter().enumerate() {
        let Some(rows) = games.get(&("corpus/oracle/dice/dice-lat-short.pgn".to_string(), i as u64 + 1)) else {
            continue;
        };
        let mut want = Vec::new();
        // The turns alternate from White's first, numbered as in PGN.
        let (mut number, mut side) = (1, "white");
        for t in g["turns"].as_array().expect("turns") {
            let roll: Vec<&str> =
                t["roll"].as_array().expect("roll").iter().map(|f| faces[f.as_u64().expect("face") as usize]).collect();
            for (m, fen) in t["moves"].as_array().expect("moves").iter().zip(t["fens"].as_array().expect("fens")) {
                want.push((
                    number.to_string(),
                    side,
                    roll.join(" "),
                    m.as_str().expect("uci"),
                    fen.as_str().expect("fen"),
                ));
            }
            if side == "black" {
                number += 1;
            }
            side = if side == "white" { "black" } else { "white" };
        }
        assert_eq!(rows.len(), want.len(), "dice game {i}");
        for (r, (number, side, roll, uci, fen)) in rows.iter().zip(&want) {
            assert_eq!((&r["move_number"], r["side"].as_str(), &r["roll"]), (number, *side, roll), "dice game {i}");
            assert_eq!((r["uci"].as_str(), without_ep(&r["fen"])), (*uci, fen.to_string()), "dice game {i}");
            assert_eq!((r["check"].as_str(), r["mate"].as_str()), ("false", "false"));
        }
        checked += 1;
    }
    assert_eq!(checked, oracle.len());
}

/// Per game: the rows' counts are stats' columns.
fn assert_agrees_with_stats(args: &[&str]) {
    let mut moves_args = vec!["moves", "--fen"];
    moves_args.extend(args);
    let o = run(&moves_args);
    assert!(matches!(o.status.code(), Some(0 | 1)), "{args:?}: {}", String::from_utf8_lossy(&o.stderr));
    let rows = records(&o.stdout);
    let games = by_game(&rows);
    let mut stats_args = vec!["stats", "--per-game", "--format", "csv"];
    stats_args.extend(args);
    let stats = records(&run(&stats_args).stdout);
    assert!(!stats.is_empty());
    let count = |rows: &[&BTreeMap<String, String>], f: &dyn Fn(&BTreeMap<String, String>) -> bool| {
        rows.iter().filter(|r| f(r)).count().to_string()
    };
    let mut with_rows = 0;
    for s in &stats {
        let key = (s["file"].clone(), s["game"].parse().expect("game"));
        let rows = games.get(&key).cloned().unwrap_or_default();
        let at = format!("{args:?} {key:?}");
        assert_eq!(rows.len().to_string(), s["plies"], "{at}: plies");
        if rows.is_empty() {
            continue;
        }
        with_rows += 1;
        assert!(
            rows.iter().all(|r| r["valid"] == s["valid"] && r["variant"] == s["variant"] && r["date"] == s["date"]),
            "{at}"
        );
        assert_eq!(count(&rows, &|r| r["capture"] == "true"), s["captures"], "{at}: captures");
        if s["variant"] != "Dice" {
            assert_eq!(count(&rows, &|r| r["captured"] == "K"), s["king_captures"], "{at}");
            assert_eq!(count(&rows, &|r| r["check"] == "true"), s["checks"], "{at}: checks");
        }
        for (stage, wing) in [("first", "short"), ("first", "long"), ("second", "short"), ("second", "long")] {
            let n = count(&rows, &|r| r["castle_stage"] == stage && r["castle_wing"] == wing);
            assert_eq!(n, s[&format!("castle_{stage}_{wing}")], "{at}: castling {stage} {wing}");
        }
        assert_eq!(count(&rows, &|r| !r["throne_pawn"].is_empty()), s["throne_pawns"], "{at}: throne pawns");
        assert_eq!(count(&rows, &|r| r["en_passant"] == "true"), s["en_passant"], "{at}: en passant");
        assert_eq!(count(&rows, &|r| r["restored"] == "true"), s["restorations"], "{at}: restorations");
        for (letter, column) in [("Q", "promote_queen"), ("R", "promote_rook"), ("B", "promote_bishop")] {
            assert_eq!(count(&rows, &|r| r["promotion"] == letter), s[column], "{at}: {column}");
        }
        let promotions: usize = ["queen", "prince", "rook", "bishop", "knight", "marshal", "cardinal"]
            .iter()
            .map(|p| s[&format!("promote_{p}")].parse::<usize>().expect("count"))
            .sum();
        assert_eq!(count(&rows, &|r| !r["promotion"].is_empty()), promotions.to_string(), "{at}: promotions");
        let plies: Vec<String> = rows.iter().map(|r| r["ply"].clone()).collect();
        assert_eq!(plies, (1..=rows.len()).map(|n| n.to_string()).collect::<Vec<_>>(), "{at}");
        if s["valid"] == "true" && s["variant"] != "Dice" {
            assert_eq!(rows.last().map(|r| r["fen"].as_str()), Some(s["final_fen"].as_str()), "{at}: final FEN");
        }
    }
    assert_eq!(with_rows, games.len(), "{args:?}: every game with rows is a game of stats");
}

/// `games` generated games in a file of `dir`; its path.
fn generated(dir: &tempfile::TempDir, games: &str, seed: &str) -> String {
    let path = dir.path().join("random.pgn").to_str().expect("path").to_string();
    ok(&["generate", "--games", games, "--seed", seed, "-o", &path]);
    path
}

#[test]
fn rows_count_what_stats_counts() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = generated(&dir, "300", "2026");
    let path = path.as_str();
    assert_agrees_with_stats(&[path]);
    assert_agrees_with_stats(&["corpus/valid"]);
    assert_agrees_with_stats(&["corpus/oracle/dice/dice-lat-short.pgn", "corpus/oracle/royal/royal-lat-short.pgn"]);
    assert_agrees_with_stats(&["--variant", "chess", "corpus/chess/twic_sample_232games_mliebelt.pgn"]);
    let invalid: Vec<String> = std::fs::read_dir(corpus("invalid"))
        .expect("corpus/invalid")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "pgn") && !p.ends_with("binary.pgn"))
        .map(|p| p.strip_prefix(env!("CARGO_MANIFEST_DIR")).expect("in the crate").display().to_string())
        .collect();
    assert!(invalid.len() > 40);
    assert_agrees_with_stats(&invalid.iter().map(String::as_str).collect::<Vec<_>>());
    // The generated games start from the start position: their uci column
    // replays to the fen column.
    let rows = records(&ok(&["moves", "--fen", path]));
    for ((_, game), rows) in by_game(&rows) {
        let start = Position::start(Variant::Hundred).expect("start");
        let moves = uci_line(&start, rows.iter().map(|r| r["uci"].as_str())).expect("the uci column is legal");
        let mut pos = start;
        for (m, r) in moves.into_iter().zip(&rows) {
            pos.play_unchecked(m);
            assert_eq!(pos.fen(), r["fen"], "game {game} ply {}", r["ply"]);
        }
    }
}

/// JSON lines' values as the CSV writes them, in the order of `header`;
/// each line's keys are those of `header`, in that order.
fn json_rows(bytes: &[u8], header: &[String]) -> Vec<Vec<String>> {
    std::str::from_utf8(bytes)
        .expect("UTF-8")
        .lines()
        .map(|line| {
            let v: serde_json::Map<String, serde_json::Value> = serde_json::from_str(line).expect("a JSON object");
            assert_eq!(v.len(), header.len(), "{line}");
            let at: Vec<usize> =
                header.iter().map(|h| line.find(&format!("\"{h}\":")).expect("the column's key")).collect();
            assert!(at.windows(2).all(|w| w[0] < w[1]), "keys out of order: {line}");
            header
                .iter()
                .map(|h| match &v[h] {
                    serde_json::Value::String(s) => s.clone(),
                    serde_json::Value::Null => String::new(),
                    other => other.to_string(),
                })
                .collect()
        })
        .collect()
}

/// The three formats hold the same rows, value by value; Parquet types
/// them (nullable exactly where a row may lack a value) and is written
/// whole or not at all.
#[test]
fn parquet_and_json_lines_read_back_to_the_csv_values() {
    let dir = tempfile::tempdir().expect("temp dir");
    let out = dir.path().join("moves.parquet");
    let out_path = out.to_str().expect("path");
    let inputs = [
        "corpus/valid",
        "corpus/oracle/dice/dice-lat-short.pgn",
        "corpus/oracle/royal/royal-lat-short.pgn",
        "corpus/comments/commands_every_variant.pgn",
        "corpus/chess/2024-champions-chess-tour-finals-semi-finals-day4.pgn",
    ];
    let args = |format: &'static str| -> Vec<&str> {
        let mut v = vec!["moves", "--fen", "--format", format];
        v.extend(inputs);
        v
    };
    let (header, csv_rows) = csv_table(&ok(&args("csv")));
    assert!(csv_rows.len() > 10_000);
    let mut parquet_args = args("parquet");
    parquet_args.extend(["-o", out_path]);
    ok(&parquet_args);
    let (names, nullable, rows, _) = common::parquet_table(std::fs::read(&out).expect("the file"));
    assert_eq!(names, header);
    assert_eq!(rows, csv_rows);
    let optional: Vec<&str> = names.iter().zip(&nullable).filter(|(_, n)| **n).map(|(c, _)| c.as_str()).collect();
    assert_eq!(
        optional,
        [
            "roll",
            "captured",
            "castle_stage",
            "castle_wing",
            "promotion",
            "throne_pawn",
            "clock",
            "elapsed",
            "eval_cp",
            "eval_mate",
            "eval_depth",
            "nags",
            "comment",
            "arrows",
            "fen"
        ]
    );
    assert_eq!(json_rows(&ok(&args("jsonl")), &header), csv_rows);
    // Each kind of move is among the rows.
    let column = |name: &str| header.iter().position(|h| h == name).expect("a column");
    for (name, value) in [
        ("castle_stage", "second"),
        ("piece", "A"),
        ("roll", "K Q p"),
        ("variant", "Grand"),
        ("clock", "179.9"),
        ("eval_mate", "-3"),
        ("arrows", "Ge2e4,Ra10j10,Rj8,Gj10"),
    ] {
        assert!(csv_rows.iter().any(|r| r[column(name)] == value), "no row with {name} {value}");
    }
    assert!(csv_rows.iter().any(|r| !r[column("throne_pawn")].is_empty()));
    assert!(csv_rows.iter().any(|r| r[column("mate")] == "true"));
    assert!(csv_rows.iter().any(|r| r[column("en_passant")] == "true"));
    // Without --fen there is no fen column.
    let (plain, _) = csv_table(&ok(&["moves", "corpus/valid"]));
    assert_eq!(plain, header.get(..header.len() - 1).expect("columns"));
    // Parquet needs a file; an input that cannot be read is reported, and
    // the file holds the rows of every other game (issue 54, item 3).
    let o = run(&["moves", "--format", "parquet", "corpus/valid"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("-o FILE"));
    std::fs::remove_file(&out).expect("removed");
    let o = run(&["moves", "--format", "parquet", "-o", out_path, "corpus/valid", "corpus/invalid/binary.pgn"]);
    assert_eq!(o.status.code(), Some(1), "{}", String::from_utf8_lossy(&o.stderr));
    let (_, _, rows, _) = common::parquet_table(std::fs::read(&out).expect("the file"));
    assert_eq!(rows, csv_table(&ok(&["moves", "--format", "csv", "corpus/valid"])).1);
}

/// The rows come in input order whatever the threads: a file of many
/// chunks gives the same bytes with 1 and 2 threads, in every format.
#[test]
fn threads_do_not_change_the_rows() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = generated(&dir, "800", "11");
    let path = path.as_str();
    assert!(std::fs::metadata(path).expect("file").len() > 4 * (64 << 10), "several chunks");
    for format in ["csv", "jsonl", "parquet"] {
        let outputs: Vec<Vec<u8>> = ["1", "2"]
            .iter()
            .map(|threads| {
                let out = dir.path().join(format!("{format}{threads}"));
                ok(&["moves", "--threads", threads, "--format", format, "-o", out.to_str().expect("path"), path]);
                std::fs::read(&out).expect("written")
            })
            .collect();
        assert!(outputs[0].len() > 1000);
        assert!(outputs[0] == outputs[1], "{format}: 1 and 2 threads differ");
        if format == "parquet" {
            // Row groups made of the rows of many chunks, their columns
            // encoded apart: the CSV's values.
            let (_, _, rows, groups) = common::parquet_table(outputs[0].clone());
            assert!(groups > 1, "{groups} row groups");
            assert_eq!(rows, csv_table(&ok(&["moves", path])).1);
        }
    }
    let rows = records(&ok(&["moves", path]));
    let games: Vec<u64> = rows.iter().map(|r| r["game"].parse().expect("game")).collect();
    assert!(games.windows(2).all(|w| w[0] <= w[1]) && games.last() == Some(&800));
}

/// A game whose replay stops: its rows up to there (valid false), its
/// errors on standard error as validate reports them, exit 1; --game N
/// keeps the rows of game N.
#[test]
fn invalid_games_keep_their_rows_up_to_the_error() {
    for file in [
        "corpus/invalid/illegal_castling.second_stage.pgn",
        "corpus/invalid/fourth_move.pgn",
        "corpus/invalid/restoration_late.pgn",
    ] {
        let o = run(&["moves", file]);
        assert_eq!(o.status.code(), Some(1), "{file}");
        let stderr = String::from_utf8_lossy(&o.stderr);
        let validate = String::from_utf8(run(&["validate", "--format", "json", file]).stdout).expect("UTF-8");
        let errors: Vec<serde_json::Value> = validate
            .lines()
            .map(|l| serde_json::from_str::<serde_json::Value>(l).expect("JSON"))
            .filter(|d| d["severity"] == "error")
            .collect();
        assert!(!errors.is_empty(), "{file}");
        for d in &errors {
            let code = d["code"].as_str().expect("code");
            assert!(stderr.contains(code), "{file}: {code} not reported:\n{stderr}");
            assert!(stderr.contains(d["message"].as_str().expect("message")), "{file}");
        }
        let rows = records(&o.stdout);
        let ply = errors[0]["ply"].as_u64().expect("the error's ply");
        assert_eq!(rows.len() as u64, ply - 1, "{file}: rows up to the error");
        assert!(rows.iter().all(|r| r["valid"] == "false"));
    }
    let all = records(&ok(&["moves", "corpus/oracle/royal/royal-lat-short.pgn"]));
    let second: Vec<_> = all.iter().filter(|r| r["game"] == "2").cloned().collect();
    assert!(!second.is_empty());
    assert_eq!(records(&ok(&["moves", "--game", "2", "corpus/oracle/royal/royal-lat-short.pgn"])), second);
    // Parquet keeps the same rows (the game's rows cut from its chunk's).
    let dir = tempfile::tempdir().expect("temp dir");
    let out = dir.path().join("second.parquet");
    let out_path = out.to_str().expect("path");
    ok(&["moves", "--game", "2", "--format", "parquet", "-o", out_path, "corpus/oracle/royal/royal-lat-short.pgn"]);
    let (names, _, rows, _) = common::parquet_table(std::fs::read(&out).expect("the file"));
    let want: Vec<Vec<String>> = second.iter().map(|r| names.iter().map(|n| r[n].clone()).collect()).collect();
    assert_eq!(rows, want);
}

/// The Parquet file's layout: statistics where a reader can skip row
/// groups by them (the game's columns and the numbers: min and max of each
/// group's rows), none for the texts of a move, no dictionary for the FEN.
#[test]
fn parquet_statistics_are_on_the_game_columns() {
    use parquet::basic::Encoding;
    use parquet::file::reader::{FileReader, SerializedFileReader};
    use parquet::file::statistics::Statistics;
    let dir = tempfile::tempdir().expect("temp dir");
    let path = generated(&dir, "600", "5");
    let out = dir.path().join("moves.parquet");
    ok(&["moves", "--fen", "--format", "parquet", "-o", out.to_str().expect("path"), &path]);
    let rows = records(&ok(&["moves", &path]));
    let reader = SerializedFileReader::new(std::fs::File::open(&out).expect("the file")).expect("Parquet");
    let groups = reader.metadata().row_groups();
    assert!(groups.len() > 1);
    let column = |name: &str| {
        let schema = reader.metadata().file_metadata().schema_descr();
        (0..schema.num_columns()).find(|&i| schema.column(i).name() == name).expect("a column")
    };
    let mut at = 0;
    for group in groups {
        let n = usize::try_from(group.num_rows()).expect("rows");
        let games: Vec<i64> =
            rows.get(at..at + n).expect("rows").iter().map(|r| r["game"].parse().expect("game")).collect();
        match group.column(column("game")).statistics() {
            Some(Statistics::Int64(s)) => {
                assert_eq!((s.min_opt(), s.max_opt()), (games.iter().min(), games.iter().max()));
            }
            other => panic!("game: {other:?}"),
        }
        for name in ["file", "variant", "date", "ply", "check"] {
            assert!(group.column(column(name)).statistics().is_some(), "{name}");
        }
        for name in ["uci", "written", "side", "piece", "fen"] {
            assert!(group.column(column(name)).statistics().is_none_or(|s| s.min_bytes_opt().is_none()), "{name}");
        }
        let fen = group.column(column("fen"));
        assert!(!fen.encodings().any(|e| e == Encoding::RLE_DICTIONARY || e == Encoding::PLAIN_DICTIONARY));
        assert!(group.column(column("uci")).encodings().any(|e| e == Encoding::RLE_DICTIONARY));
        at += n;
    }
    assert_eq!(at, rows.len());
}
