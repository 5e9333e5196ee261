//! Statistics: hand-counted figures on corpus files, the same aggregate for
//! any thread count and any split of the input, per-game CSV and JSON.

use std::process::Command;

use pgn100::commands::stats::{stats_text, Aggregate, GameStats};
use pgn100::replay::Options;

fn corpus(name: &str) -> String {
    std::fs::read_to_string(format!("{}/corpus/{name}", env!("CARGO_MANIFEST_DIR"))).expect("corpus file")
}

fn one(name: &str) -> GameStats {
    let (rows, _) = stats_text(name, &corpus(name), Options::default());
    assert_eq!(rows.len(), 1);
    rows.into_iter().next().expect("one game")
}

#[test]
fn hand_counted_games() {
    // 1. d3-d5 c5:d4 2. Крa1-b1 h8-h6 3. g6:h7: 5 plies, two captures, both
    // en passant, no check; 4 men at the start (<= 10: deep endgame at once).
    let g = one("valid/seed002_en_passant.pgn");
    assert_eq!((g.plies, g.captures, g.en_passant, g.checks, g.double_checks), (5, 2, 2, 0, 0));
    assert_eq!((g.endgame_ply, g.deep_endgame_ply, g.claim_ply), (Some(0), Some(0), None));
    assert_eq!((g.valid, g.result.as_str(), g.termination.as_str()), (true, "*", "none"));
    assert_eq!(g.final_fen, "k9/10/10/7P2/10/10/3p6/10/10/1K8 b - - 0 3");
    assert_eq!(g.first_move.as_deref(), Some("d3-d5"));
    // Seed 002's castling sequence: one of each stage and wing.
    let g = one("valid/seed002_castling.pgn");
    let castles = (g.castle_first_short, g.castle_first_long, g.castle_second_short, g.castle_second_long);
    assert_eq!(castles, (1, 1, 1, 1));
    assert_eq!((g.plies, g.captures, g.throne_pawns), (6, 0, 0));
    // Promotions: a10 c1 c10 h10 j10 to the prince, b1 queen, e1 rook.
    let g = one("valid/promotion_prince.pgn");
    let promos = (g.promote_queen, g.promote_prince, g.promote_rook, g.promote_bishop, g.promote_knight);
    assert_eq!(promos, (1, 5, 1, 0, 0));
    assert_eq!(g.promote_prince_files, 5);
    // The throne pawn.
    let g = one("valid/seed000_throne_pawn.pgn");
    assert_eq!((g.throne_pawns, g.plies), (1, 4));
    // An invalid game: its first diagnostic.
    let g = one("invalid/no_man.pgn");
    assert_eq!((g.valid, g.first_diagnostic.as_str(), g.plies), (false, "pgn100::no_man", 0));
}

#[test]
fn aggregate_is_the_same_for_any_split() {
    let text: String = [
        "valid/seed002_castling.pgn",
        "valid/promotion_prince.pgn",
        "invalid/no_man.pgn",
        "valid/latin_short_annotated.pgn",
    ]
    .iter()
    .map(|n| corpus(n) + "\n")
    .collect::<String>()
    .repeat(5);
    let (_, whole) = stats_text("t", &text, Options::default());
    assert_eq!((whole.games, whole.invalid), (20, 5));
    for cut in pgn100::input::batch::chunks(&text, 300).iter().map(|r| r.end) {
        let (_, a) = stats_text("t", &text[..cut], Options::default());
        let (_, b) = stats_text("t", &text[cut..], Options::default());
        assert_eq!(a.merge(b), whole, "split at {cut}");
    }
    assert_eq!(Aggregate::default().merge(whole.clone()), whole);
    // Valid games: 6, 7 and 30 plies, five times each: the 8th of 15 is 7.
    assert_eq!(whole.plies_quantile(0.5), Some(7));
}

fn pgn100(args: &[&str]) -> String {
    let o = Command::new(env!("CARGO_BIN_EXE_pgn100"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("runs");
    // 1: some games are invalid (corpus/invalid); 2: corpus/invalid/binary.pgn
    // is refused; the rest is counted.
    let stderr = String::from_utf8_lossy(&o.stderr);
    let refused = stderr.trim_end().ends_with("(a NUL or control byte at byte 5)");
    assert!(matches!(o.status.code(), Some(0 | 1)) || refused, "{stderr}");
    String::from_utf8(o.stdout).expect("UTF-8")
}

#[test]
fn one_and_two_threads_give_identical_output() {
    for format in ["json", "csv", "table"] {
        let one = pgn100(&["stats", "--threads", "1", "--format", format, "corpus/valid", "corpus/invalid"]);
        let two = pgn100(&["stats", "--threads", "2", "--format", format, "corpus/valid", "corpus/invalid"]);
        assert_eq!(one, two, "{format}");
        let one = pgn100(&["stats", "--per-game", "--threads", "1", "--format", format, "corpus/valid"]);
        let two = pgn100(&["stats", "--per-game", "--threads", "2", "--format", format, "corpus/valid"]);
        assert_eq!(one, two, "per game {format}");
    }
}

#[test]
fn per_game_csv_and_json() {
    let csv = pgn100(&["stats", "--per-game", "--format", "csv", "corpus/valid/seed002_en_passant.pgn"]);
    let mut lines = csv.lines();
    let header = lines.next().expect("header");
    assert!(
        header.starts_with("file,game,event,site,date,round,white,black,result,variant,valid,first_diagnostic,plies")
    );
    let row = lines.next().expect("row");
    assert!(row.contains(",Hundred,true,,5,2,0,0,"), "{row}");
    let json = pgn100(&["stats", "--per-game", "--format", "json", "corpus/valid/seed002_en_passant.pgn"]);
    let v: serde_json::Value = serde_json::from_str(json.trim()).expect("one JSON object");
    assert_eq!(v["en_passant"], 2);
    assert_eq!(v["termination"], "none");
}

/// `stats --merge` of the aggregates of two parts is `stats` of both parts
/// in one run, for every cut of a mixed input at a game boundary (Hundred,
/// Grand, Chess, an invalid game); the JSON reads back to the same
/// aggregate; what is not an aggregate is refused with exit status 2.
#[test]
fn merged_aggregates_equal_one_run_for_every_split() {
    use crate::common::pgn100 as run;
    let text: String = [
        "valid/seed002_castling.pgn",
        "valid/grand_cyrillic.pgn",
        "invalid/no_man.pgn",
        "valid/chess_real_world_features.pgn",
        "valid/latin_short_annotated.pgn",
    ]
    .iter()
    .map(|n| corpus(n) + "\n")
    .collect::<String>()
    .repeat(2);
    let dir = tempfile::tempdir().expect("temp dir");
    let path = |name: &str| dir.path().join(name).display().to_string();
    let json = |args: &[&str]| {
        let o = run(args);
        let out = String::from_utf8(o.stdout).expect("UTF-8");
        // Exit 1 exactly when an invalid game is counted.
        let invalid = serde_json::from_str::<Aggregate>(&out).expect("an aggregate").invalid;
        assert_eq!(o.status.code(), Some(i32::from(invalid > 0)), "{args:?}: {}", String::from_utf8_lossy(&o.stderr));
        out
    };
    let cuts: Vec<usize> = pgn100::input::batch::chunks(&text, 200).iter().map(|r| r.end).collect();
    assert!(cuts.len() > 5, "{} cuts", cuts.len());
    for cut in cuts {
        std::fs::write(path("a.pgn"), &text[..cut]).expect("write");
        std::fs::write(path("b.pgn"), &text[cut..]).expect("write");
        let both = json(&["stats", "--format", "json", &path("a.pgn"), &path("b.pgn")]);
        std::fs::write(path("a.json"), json(&["stats", "--format", "json", &path("a.pgn")])).expect("write");
        // An empty part counts no game, and merging it leaves the sum as it is.
        let b = run(&["stats", "--format", "json", &path("b.pgn")]);
        std::fs::write(path("b.json"), &b.stdout).expect("write");
        let merged = json(&["stats", "--merge", "--format", "json", &path("a.json"), &path("b.json")]);
        assert_eq!(merged, both, "cut at {cut}");
        let read: Aggregate = serde_json::from_str(&merged).expect("an aggregate");
        assert_eq!(serde_json::to_string_pretty(&read).expect("JSON") + "\n", merged);
    }
    let rows = run(&["stats", "--per-game", "--format", "json", "corpus/valid/seed002_castling.pgn"]);
    std::fs::write(path("rows.json"), &rows.stdout).expect("write");
    let refused = run(&["stats", "--merge", &path("rows.json")]);
    assert_eq!(refused.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&refused.stderr).contains("not an aggregate of `pgn100 stats --format json`"));
}

/// `stats --html`: a well-formed page whose charts draw the aggregate's own
/// counts (each bar's value is the count `stats --format json` gives) and
/// whose table has every row of the CSV aggregate.
#[test]
fn the_html_report_draws_the_aggregate() {
    use crate::common::pgn100 as run;
    let dir = tempfile::tempdir().expect("temp dir");
    let page = dir.path().join("report.html");
    let o = run(&["stats", "corpus/valid", "--html", page.to_str().expect("path")]);
    assert_eq!(o.status.code(), Some(0), "{}", String::from_utf8_lossy(&o.stderr));
    let agg: Aggregate =
        serde_json::from_slice(&run(&["stats", "corpus/valid", "--format", "json"]).stdout).expect("aggregate");
    let source = std::fs::read_to_string(&page).expect("the page");
    let doc = roxmltree::Document::parse_with_options(
        &source,
        roxmltree::ParsingOptions { allow_dtd: true, ..roxmltree::ParsingOptions::default() },
    )
    .expect("well-formed XML");
    let bars = |id: &str| -> Vec<(String, u64)> {
        let figure = doc.descendants().find(|n| n.attribute("id") == Some(id)).unwrap_or_else(|| panic!("chart {id}"));
        figure
            .descendants()
            .filter(|n| n.attribute("class") == Some("bar"))
            .map(|n| {
                let label = n.attribute("data-label").expect("label").to_string();
                (label, n.attribute("data-value").and_then(|v| v.parse().ok()).expect("value"))
            })
            .collect()
    };
    let results: Vec<(String, u64)> = agg.results.iter().map(|(k, v)| (k.clone(), *v)).collect();
    assert_eq!(bars("results"), results);
    let terminations: Vec<(String, u64)> = agg.terminations.iter().map(|(k, v)| (k.clone(), *v)).collect();
    assert_eq!(bars("terminations"), terminations);
    // Every valid game falls in one bin of the length histogram.
    let lengths = bars("lengths");
    assert_eq!(lengths.iter().map(|(_, n)| n).sum::<u64>(), agg.valid);
    assert!(lengths.len() >= 2, "{lengths:?}");
    for id in ["castling", "promotions", "throne-pawn", "first-moves"] {
        assert!(!bars(id).is_empty(), "{id}");
    }
    let _ = &source;
    // Bars are drawn to their chart's scale: shares of the valid games to
    // the valid games (the throne pawn's one bar is not the full width),
    // counts to their largest rounded up to 1, 2 or 5 times a power of ten.
    let width = |id: &str| -> Vec<f64> {
        let figure = doc.descendants().find(|n| n.attribute("id") == Some(id)).expect("chart");
        figure
            .descendants()
            .filter(|n| n.attribute("class") == Some("bar"))
            .map(|n| {
                let style = n.attribute("style").expect("a width");
                style.trim_start_matches("width: ").trim_end_matches('%').parse().expect("a percentage")
            })
            .collect()
    };
    let throne = bars("throne-pawn");
    assert_eq!(throne.len(), 1);
    let share = 100.0 * throne[0].1 as f64 / agg.valid as f64;
    assert!((width("throne-pawn")[0] - share).abs() < 0.01, "{share}");
    assert!(share < 100.0);
    let results = bars("results");
    let max = results.iter().map(|(_, n)| *n).max().expect("results");
    let nice = [1u64, 2, 5, 10, 20, 50, 100, 200, 500].into_iter().find(|&n| n >= max).expect("a scale");
    for ((_, n), w) in results.iter().zip(width("results")) {
        assert!((w - 100.0 * *n as f64 / nice as f64).abs() < 0.01, "{n} of {nice}: {w}");
    }
    // Counts of castlings and shares of games in charts of their own.
    assert!(bars("castling").iter().all(|(k, _)| !k.starts_with("games")));
    assert!(bars("castling-games").iter().any(|(k, _)| k.starts_with("games with")));
    let csv = String::from_utf8(run(&["stats", "corpus/valid", "--format", "csv"]).stdout).expect("CSV");
    let table = doc.descendants().find(|n| n.attribute("id") == Some("table")).expect("the table");
    let rows = table.children().filter(|n| n.has_tag_name("tr")).count();
    assert_eq!(rows, csv.lines().count(), "a header and one row per CSV row");
}

/// `stats --per-game --format parquet`: typed columns that read back to
/// exactly the values of the CSV rows, in row groups as the games come.
#[test]
fn parquet_rows_read_back_to_the_csv_values() {
    use crate::common::pgn100 as run;
    let dir = tempfile::tempdir().expect("temp dir");
    let out = dir.path().join("games.parquet");
    let o = run(&[
        "stats",
        "corpus/valid",
        "corpus/invalid",
        "--per-game",
        "--format",
        "parquet",
        "-o",
        out.to_str().expect("path"),
    ]);
    assert_eq!(o.status.code(), Some(1), "{}", String::from_utf8_lossy(&o.stderr));
    // corpus/invalid/binary.pgn cannot be read: reported, and the file
    // holds the rows of every other game (issue 54, item 3).
    assert!(out.exists());
    std::fs::remove_file(&out).expect("removed");
    let o = run(&["stats", "corpus/valid", "--per-game", "--format", "parquet", "-o", out.to_str().expect("path")]);
    assert_eq!(o.status.code(), Some(0), "{}", String::from_utf8_lossy(&o.stderr));
    let csv_out = run(&["stats", "corpus/valid", "--per-game", "--format", "csv"]).stdout;
    let mut csv_reader = csv::Reader::from_reader(csv_out.as_slice());
    let header: Vec<String> = csv_reader.headers().expect("header").iter().map(str::to_string).collect();
    let csv_rows: Vec<Vec<String>> =
        csv_reader.records().map(|r| r.expect("a row").iter().map(str::to_string).collect()).collect();
    let (names, _, rows, _) = crate::common::parquet_table(std::fs::read(&out).expect("the file"));
    assert_eq!(names, header);
    assert_eq!(names, pgn100::commands::stats::row::column_names());
    assert!(csv_rows.len() > 10);
    assert_eq!(rows, csv_rows);
    // Row groups of 3 rows: the same rows, in ceil(n / 3) groups.
    let (games, _) = stats_text("t", &corpus("valid/cyrillic_long_annotated.pgn").repeat(7), Options::default());
    let mut w = pgn100::commands::stats::row::parquet_rows(Vec::new(), 3).expect("writer");
    for g in &games {
        w.push(g).expect("a row");
    }
    let (_, _, rows, groups) = crate::common::parquet_table(w.finish().expect("the file"));
    assert_eq!((rows.len(), groups), (games.len(), games.len().div_ceil(3)));
    assert_eq!(
        rows.iter().map(|r| r[12].parse::<u32>().expect("plies")).collect::<Vec<_>>(),
        games.iter().map(|g| g.plies).collect::<Vec<_>>()
    );
}

/// The `stats` table: every label stands whole before its number, the
/// numbers in one column, whatever the variants (Dice chess has the longest
/// label, Royal and Hundred their own).
#[test]
fn the_table_label_column_holds_every_label() {
    use crate::common::pgn100 as run;
    for files in [
        &["corpus/oracle/dice/dice-lat-short.pgn"][..],
        &["corpus/valid", "corpus/oracle/royal/royal-lat-short.pgn", "corpus/oracle/dice/dice-cyr-long.pgn"],
    ] {
        let o = run(&[&["stats"][..], files].concat());
        assert_eq!(o.status.code(), Some(0), "{}", String::from_utf8_lossy(&o.stderr));
        let text = String::from_utf8(o.stdout).expect("UTF-8");
        assert!(text.contains("turns where the maximum-moves rule forced a choice "), "{text}");
        // Each row: two spaces, the key whole (as the CSV aggregate has
        // it), padded to the longest key but the openings' lines (which
        // would push every number past 100 columns), one space, the value.
        let csv = String::from_utf8(run(&[&["stats"][..], files, &["--format", "csv"]].concat()).stdout).expect("CSV");
        let mut reader = csv::Reader::from_reader(csv.as_bytes());
        let keys: Vec<(String, String, String)> = reader
            .records()
            .map(|r| r.expect("a row"))
            .map(|r| (r[0].to_string(), r[1].to_string(), r[2].to_string()))
            .collect();
        let width = keys
            .iter()
            .filter(|(section, ..)| section != "most frequent openings")
            .map(|(_, k, _)| k.chars().count())
            .max()
            .expect("rows");
        assert!(width >= 50, "{width}");
        let rows: Vec<&str> = text.lines().filter(|l| l.starts_with("  ")).collect();
        assert_eq!(rows.len(), keys.len());
        let mut longer = 0;
        for (row, (_, key, value)) in rows.iter().zip(&keys) {
            let chars: Vec<char> = row.chars().collect();
            let shown = key.chars().count().max(width);
            longer += usize::from(shown > width);
            let label: String = chars[2..2 + shown].iter().collect();
            assert_eq!(label.trim_end(), key, "{row}");
            assert_eq!(chars[2 + shown], ' ', "{row}");
            let after: String = chars[3 + shown..].iter().collect();
            let value = if value.is_empty() { "-" } else { value.as_str() };
            assert!(after.starts_with(value), "{row}: {value}");
        }
        assert!(longer > 0, "the Dice openings' lines are longer than the other labels");
    }
}

/// `stats --html` of Dice chess: turns, dice and games in charts of their
/// own, each to its whole (all turns, all dice rolled, all Dice games).
#[test]
fn the_html_report_puts_dice_turns_dice_and_games_on_their_own_scales() {
    use crate::common::pgn100 as run;
    let dir = tempfile::tempdir().expect("temp dir");
    let page = dir.path().join("dice.html");
    let file = "corpus/oracle/dice/dice-lat-short.pgn";
    assert!(run(&["stats", file, "--html", page.to_str().expect("path")]).status.success());
    let agg: Aggregate = serde_json::from_slice(&run(&["stats", file, "--format", "json"]).stdout).expect("aggregate");
    let source = std::fs::read_to_string(&page).expect("the page");
    let doc = roxmltree::Document::parse_with_options(
        &source,
        roxmltree::ParsingOptions { allow_dtd: true, ..roxmltree::ParsingOptions::default() },
    )
    .expect("well-formed XML");
    let bars = |id: &str| -> Vec<(String, u64, f64)> {
        let figure = doc.descendants().find(|n| n.attribute("id") == Some(id)).unwrap_or_else(|| panic!("chart {id}"));
        figure
            .descendants()
            .filter(|n| n.attribute("class") == Some("bar"))
            .map(|n| {
                let w = n.attribute("style").expect("style").trim_start_matches("width: ").trim_end_matches('%');
                (
                    n.attribute("data-label").expect("label").to_string(),
                    n.attribute("data-value").expect("v").parse().expect("n"),
                    w.parse().expect("w"),
                )
            })
            .collect()
    };
    let d = &agg.dice;
    for (id, whole, count) in [("dice-turns", d.turns, 5), ("dice-dice", 3 * d.turns, 1), ("dice-games", agg.valid, 3)]
    {
        let chart = bars(id);
        assert_eq!(chart.len(), count, "{id}");
        for (label, value, w) in chart {
            assert!(
                (w - 100.0 * value as f64 / whole as f64).abs() < 0.01,
                "{id} {label}: {value} of {whole} drawn {w}%"
            );
        }
    }
    let forced = &bars("dice-turns")[4];
    assert_eq!((forced.0.as_str(), forced.1), ("turns where the maximum-moves rule forced a choice", d.forced_turns));
    // No chart mixes them: there is no chart of the whole section.
    assert!(doc.descendants().all(|n| n.attribute("id") != Some("dice")));
}

/// First moves are counted by variant: `a2-a3` of Hundred is not `a2-a3`
/// of Royal. The aggregate's rows equal a count of `moves`' first plies by
/// variant and UCI, named with their variant when the games are of more
/// than one, and by their move alone when they are of one.
#[test]
fn first_moves_are_counted_by_variant() {
    let royal = "corpus/oracle/royal/royal-lat-short.pgn";
    // Hundred and Grand have their pawns on the third rank, and write a
    // pawn's move by its squares alone.
    let dir = tempfile::tempdir().expect("temp dir");
    let mut both = vec![royal.to_string()];
    for variant in ["hundred", "grand"] {
        let path = dir.path().join(format!("{variant}.pgn"));
        let games = pgn100(&["generate", "--variant", variant, "--games", "200", "--seed", "3"]);
        std::fs::write(&path, games).expect("written");
        both.push(path.display().to_string());
    }
    let both: Vec<&str> = both.iter().map(String::as_str).collect();
    let csv_rows = |args: &[&str]| -> Vec<csv::StringRecord> {
        let csv = pgn100(args);
        csv::Reader::from_reader(csv.as_bytes()).records().map(|r| r.expect("a row")).collect()
    };
    // moves: file, game, variant, date, valid, ply, ..., uci (9).
    let mut counted: std::collections::BTreeMap<String, u64> = Default::default();
    for m in csv_rows(&[&["moves", "--format", "csv"][..], &both].concat()) {
        if &m[4] == "true" && &m[5] == "1" {
            *counted.entry(format!("{}: {}", &m[2], &m[9])).or_default() += 1;
        }
    }
    // The long form's squares (no capture or castling opens a game; a
    // throne move's pawn is `; e3` there, `@e3` in UCI).
    let uci = |long: &str| {
        long.replace("; ", "@").chars().filter(|c| !c.is_ascii_uppercase() && *c != '-').collect::<String>()
    };
    let shown = |files: &[&str]| -> Vec<(String, String)> {
        csv_rows(&[&["stats", "--format", "csv"][..], files].concat())
            .iter()
            .filter(|r| &r[0] == "first moves")
            .map(|r| (r[1].to_string(), r[2].to_string()))
            .collect()
    };
    let mixed = shown(&both);
    assert_eq!(mixed.len(), 10.min(counted.len()));
    let mut variants = std::collections::BTreeSet::new();
    for (key, n) in &mixed {
        let (variant, long) = key.split_once(": ").expect("named with its variant");
        variants.insert(variant.to_string());
        assert_eq!(counted.get(&format!("{variant}: {}", uci(long))).map(u64::to_string).as_ref(), Some(n), "{key}");
    }
    assert!(variants.len() >= 2, "{mixed:?}");
    // The same pawn moves are played first in Hundred and Grand games, so
    // that a count by move alone would have merged them.
    let by_move = |v: &str| -> std::collections::BTreeSet<String> {
        counted.keys().filter_map(|k| k.strip_prefix(&format!("{v}: ")).map(str::to_string)).collect()
    };
    assert!(by_move("Grand").intersection(&by_move("Hundred")).next().is_some(), "{counted:?}");
    for (long, n) in shown(&[royal]) {
        assert!(!long.contains(": "), "{long}");
        assert_eq!(counted.get(&format!("Royal: {}", uci(&long))).map(u64::to_string), Some(n), "{long}");
    }
}

/// Seconds per move from the clocks of a real broadcast (the Champions
/// Chess Tour 2024, round 2.2, `TimeControl "600+2"`): every one of its 80
/// readings is a move counted, the first ones too, whose clock (10:03) is
/// above the base plus the increment (602 s): those took no time. By hand
/// (and with python-chess's `clock()`): each side's last reading (from
/// 600) plus 2 less this one, summed over the 80 moves, 0 where it is
/// below 0, is 1,139 s, 14.2 s a move (78 moves and 14.6 s when the first
/// two were left out).
#[test]
fn seconds_per_move_count_every_clock_reading_of_a_broadcast() {
    let file = "corpus/chess/2024-champions-chess-tour-finals-day5.pgn";
    let text = corpus("chess/2024-champions-chess-tour-finals-day5.pgn");
    // The game with the time control, and its readings in seconds, in order.
    let game = text.split("\n\n[Event").find(|g| g.contains("[TimeControl \"600+2\"]")).expect("the game");
    let readings: Vec<i64> = game
        .split("[%clk")
        .skip(1)
        .map(|r| {
            let hms = r.split(']').next().expect("a reading").trim();
            hms.split(':').fold(0, |s, n| s * 60 + n.parse::<i64>().expect("a number"))
        })
        .collect();
    assert_eq!(readings.len(), 80);
    assert_eq!(readings[..2], [603, 603], "above the base plus the increment");
    let mut last = [600, 600];
    let elapsed: i64 = readings
        .iter()
        .enumerate()
        .map(|(i, &clock)| {
            let before = std::mem::replace(&mut last[i % 2], clock);
            (before + 2 - clock).max(0)
        })
        .sum();
    assert_eq!(elapsed, 1139);
    let out = pgn100(&["stats", "--variant", "chess", "--format", "csv", file]);
    let row = out.lines().find(|l| l.starts_with("seconds per move,")).expect("the row");
    assert_eq!(row, "seconds per move,600+2,14.2 (80 moves),", "{out}");
}

/// `stats` of a Royal file names its castlings in Royal's notation
/// (`0-0`, `0-0-0`: one stage), as many of each wing as `moves` finds.
#[test]
fn royal_castlings_are_named_in_royal_notation() {
    let file = "corpus/oracle/royal/royal-lat-short.pgn";
    let out = crate::common::pgn100(&["stats", "--format", "json", file]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let agg: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    let castlings = agg["castlings"].as_object().expect("castlings");
    let names: Vec<&str> = castlings.keys().map(String::as_str).collect();
    assert_eq!(names, ["0-0 (short)", "0-0-0 (long)"]);
    let out = crate::common::pgn100(&["moves", "--format", "jsonl", file]);
    let rows: Vec<serde_json::Value> =
        String::from_utf8_lossy(&out.stdout).lines().map(|l| serde_json::from_str(l).expect("JSON")).collect();
    for (name, wing) in [("0-0 (short)", "short"), ("0-0-0 (long)", "long")] {
        let n = rows.iter().filter(|r| r["valid"] == true && r["castle_wing"] == wing).count() as u64;
        assert_eq!(castlings[name].as_u64(), Some(n), "{name}");
    }
    let text = crate::common::pgn100(&["stats", file]);
    let text = String::from_utf8_lossy(&text.stdout);
    assert!(!text.contains("0-0-0-0") && !text.contains("first, short"), "{text}");
}
