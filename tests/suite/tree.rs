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
    assert!(checked > 0, "no reference for {set}");
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
#[ignore = "reads ../shared/chess, which a clone does not have: .ci/run runs it with --ignored"]
fn the_gnu_chess_book_agrees_with_python_chess() {
    let book = crate::common::shared_chess().join("gnuchess_book_1.02.pgn");
    agree_with_python_chess("gnuchess_book", &[book.to_str().expect("path").to_string()]);
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

/// A tree read without `--variant` is a Hundred tree: games of another
/// variant reach none of its positions, and it says so, with the option
/// that gives their tree, in the text report and (other formats) on
/// standard error.
#[test]
fn games_of_another_variant_are_named_with_the_option_for_their_tree() {
    let dice = "corpus/oracle/dice/dice-lat-short.pgn";
    let royal = "corpus/oracle/royal/royal-lat-short.pgn";
    let games =
        |file: &str| tree(&["--variant", if file == dice { "dice" } else { "royal" }, file])["games_read"].clone();
    let (d, r) = (games(dice).as_u64().expect("dice games"), games(royal).as_u64().expect("royal games"));
    assert!(d > 0 && r > 0);
    let out = pgn100(&["tree", dice]);
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains(&format!("0 of {d} games reach it")), "{text}");
    assert!(
        text.contains(&format!(
            "{d} of {d} games are of another variant than Hundred ({d} Dice) and reach no position of this tree: \
             give --variant dice for their tree"
        )),
        "{text}"
    );
    assert!(out.stderr.is_empty(), "{}", String::from_utf8_lossy(&out.stderr));
    let out = pgn100(&["tree", "--format", "json", dice, royal]);
    let doc: Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!((doc["games"].as_u64(), doc["games_read"].as_u64()), (Some(0), Some(d + r)));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains(&format!(
            "pgn100 tree: {} of {} games are of another variant than Hundred ({d} Dice, {r} Royal) and reach no \
             position of this tree: give the variant of the tree with --variant",
            d + r,
            d + r
        )),
        "{err}"
    );
    // Read in their variant, they say nothing more.
    let out = pgn100(&["tree", "--variant", "dice", dice]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains(&format!("{d} of {d} games reach it")) && !text.contains("another variant"), "{text}");
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

/// What the explorer page shows: the node, the FEN line, the line from the
/// root, the rows (move, games, white:draws:black counts of the bar, score,
/// rating, performance, year), the men (square, FEN letter, glyph) and the
/// marked squares.
#[derive(Debug, Clone, PartialEq)]
struct Explored {
    node: String,
    fen: String,
    path: String,
    rows: Vec<String>,
    men: Vec<(String, String, String)>,
    marked: usize,
}

/// Loads `page` in a browser and records what it shows at the root, after
/// clicking row `first`, then row `second` of the position reached, after
/// Backspace, and after the back button.
fn explore(browser: &std::path::Path, page: &std::path::Path, first: usize, second: usize) -> Vec<Explored> {
    let script = format!(
        r##"  function all(sel, fn) {{ return Array.prototype.map.call(d.querySelectorAll(sel), fn); }}
  function snap() {{
    var rows = all("#rows tr", function (tr) {{
      var bar = Array.prototype.map.call(tr.querySelectorAll(".bar span"), function (s) {{ return s.getAttribute("data-count"); }}).join(":");
      var widths = Array.prototype.map.call(tr.querySelectorAll(".bar span"), function (s) {{ return parseFloat(s.style.width) || 0; }});
      var sum = widths.reduce(function (a, b) {{ return a + b; }}, 0);
      return [tr.querySelector(".move").textContent, tr.querySelector(".games").textContent, bar, tr.querySelector(".score").textContent,
        tr.querySelector(".rating").textContent, tr.querySelector(".performance").textContent, tr.querySelector(".year").textContent,
        Math.round(sum)].join(" ");
    }}).join("|");
    var men = all("#men > *", function (m) {{ return m.getAttribute("data-square") + " " + m.getAttribute("data-man") + " " + m.textContent; }}).join(",");
    var path = all("#path a", function (a) {{ return a.textContent; }}).join(" ");
    return [d.body.getAttribute("data-current"), d.getElementById("fen").textContent, path, rows, men, d.querySelectorAll("#board rect.last").length].join("\t");
  }}
  function click(i) {{ d.querySelectorAll("#rows tr")[i].querySelector("a").click(); }}
  out.push(snap());
  click({first}); out.push(snap());
  click({second}); out.push(snap());
  d.dispatchEvent(new w.KeyboardEvent("keydown", {{ key: "Backspace", bubbles: true }})); out.push(snap());
  d.getElementById("back").click(); out.push(snap());
"##
    );
    let out = crate::html::run_in_frame(browser, page, (1200, 900), &script);
    out.iter()
        .map(|line| {
            let f: Vec<&str> = line.split('\t').collect();
            assert_eq!(f.len(), 6, "{line}");
            Explored {
                node: f[0].to_string(),
                fen: f[1].trim_start_matches("FEN ").to_string(),
                path: f[2].to_string(),
                rows: f[3].split('|').filter(|r| !r.is_empty()).map(str::to_string).collect(),
                men: crate::html::men(f[4]),
                marked: f[5].parse().expect("a count"),
            }
        })
        .collect()
}

/// The rows the page should show for a `tree --format json` node's moves.
fn expected_rows(rows: &Value) -> Vec<String> {
    let opt = |v: &Value| if v.is_null() { "-".to_string() } else { v.to_string() };
    rows.as_array()
        .into_iter()
        .flatten()
        .map(|r| {
            let [_, w, d, b] = figures(r);
            let score = r["score"].as_f64().map_or("-".to_string(), |s| format!("{s}%"));
            let year = r["year"].as_f64().map_or("-".to_string(), |y| format!("{}", y.round()));
            let widths = if w + d + b > 0 { 100 } else { 0 };
            format!(
                "{} {} {w}:{d}:{b} {score} {} {} {year} {widths}",
                r["move"].as_str().expect("move"),
                r["games"],
                opt(&r["rating"]),
                opt(&r["performance"])
            )
        })
        .collect()
}

/// The page draws `fen`'s men with their glyphs.
fn assert_men(shown: &Explored, fen: &str, disc: &dyn Fn(&str) -> String, what: &str) {
    let want = crate::html::placement_men(fen);
    let drawn: Vec<(String, String)> = shown.men.iter().map(|(sq, man, _)| (sq.clone(), man.clone())).collect();
    assert_eq!(drawn, want, "{what}: the men drawn");
    for (sq, man, text) in &shown.men {
        assert_eq!(*text, crate::html::glyph(man, disc), "{what}: the glyph on {sq}");
    }
}

/// In a real browser, the explorer page of every variant: clicking a move,
/// then a move of the position it reaches, shows the board of the FEN
/// `tree --format json` gives there (and, but in Dice chess, the board
/// `show --ply 2` draws after those two moves), the line from the root and
/// the rows of the continuations with their counts; Backspace and the back
/// button climb again.
#[test]
#[ignore = "needs headless Chromium (Debian's chromium): .ci/run installs it and runs it with --ignored"]
fn a_browser_descends_and_climbs_the_tree_page_of_every_variant() {
    let browser = crate::html::chromium();
    let dir = tempfile::tempdir().expect("temp dir");
    let p = |name: &str| dir.path().join(name).to_str().expect("path").to_string();
    let (hundred, grand) = (p("hundred.pgn"), p("grand.pgn"));
    for (variant, file, seed) in [("hundred", &hundred, "7"), ("grand", &grand, "8")] {
        let out = pgn100(&[
            "generate",
            "--variant",
            variant,
            "--games",
            "80",
            "--seed",
            seed,
            "--max-plies",
            "8",
            "-o",
            file,
        ]);
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    }
    let cyrillic = |man: &str| match man.to_uppercase().as_str() {
        "A" => "П".to_string(),
        other => other.to_string(),
    };
    let grand_cyrillic = |man: &str| match man.to_uppercase().as_str() {
        "C" => "М".to_string(),
        "A" => "Кд".to_string(),
        other => other.to_string(),
    };
    let upper = |man: &str| man.to_uppercase();
    let chess960 = "nrkqnbbr/pppppppp/8/8/8/8/PPPPPPPP/NRKQNBBR w KQkq - 0 1";
    /// Variant, inputs, letters, the root's FEN, the text of a disc.
    type Case<'a> = (&'a str, Vec<&'a str>, &'a str, Option<&'a str>, &'a dyn Fn(&str) -> String);
    let cases: [Case; 6] = [
        ("hundred", vec![hundred.as_str()], "cyrillic", None, &cyrillic),
        ("grand", vec![grand.as_str(), "corpus/valid/grand_cyrillic.pgn"], "cyrillic", None, &grand_cyrillic),
        ("royal", vec!["corpus/oracle/royal/royal-lat-short.pgn"], "latin", None, &upper),
        ("chess", vec!["corpus/chess/twic_sample_232games_mliebelt.pgn"], "latin", None, &upper),
        ("chess960", vec!["corpus/valid/chess960_generated.pgn"], "latin", Some(chess960), &upper),
        ("dice", vec!["corpus/oracle/dice/dice-lat-short.pgn"], "latin", None, &upper),
    ];
    for (variant, files, letters, fen, disc) in cases {
        let page = dir.path().join(format!("{variant}.html"));
        let mut args = vec!["--variant", variant, "--depth", "3", "--letters", letters];
        if let Some(f) = fen {
            args.extend(["--fen", f]);
        }
        args.extend(files.iter().copied());
        let out = pgn100(&[&["tree", "--html", page.to_str().expect("path")], &args[..]].concat());
        assert!(out.status.success(), "{variant}: {}", String::from_utf8_lossy(&out.stderr));
        let doc = tree(&args);
        // Down the second most played move where it has continuations, then
        // the last continuation of the position reached.
        let top = doc["moves"].as_array().expect("rows");
        let first = (0..top.len()).rev().find(|&i| i <= 1 && !top[i]["moves"].as_array().is_none_or(Vec::is_empty));
        let first = first.unwrap_or_else(|| panic!("{variant}: no line two turns deep"));
        let one = &top[first];
        let second = one["moves"].as_array().map_or(0, Vec::len) - 1;
        let two = &one["moves"][second];
        let shown = explore(&browser, &page, first, second);
        assert_eq!(shown.len(), 5, "{variant}");
        let what = |s: &str| format!("{variant}: {s}");
        // The root.
        assert_eq!(shown[0].node, "0", "{}", what("root"));
        assert_eq!(shown[0].fen, doc["fen"].as_str().expect("fen"), "{}", what("root"));
        assert_eq!(shown[0].path, "start");
        assert_eq!(shown[0].rows, expected_rows(&doc["moves"]), "{}", what("root rows"));
        assert_men(&shown[0], doc["fen"].as_str().expect("fen"), disc, &what("root"));
        assert_eq!(shown[0].marked, 0);
        // One level down, then two.
        for (s, row, line) in [
            (&shown[1], one, one["move"].as_str().expect("move").to_string()),
            (
                &shown[2],
                two,
                format!("{} {}", one["move"].as_str().expect("move"), two["move"].as_str().expect("move")),
            ),
        ] {
            let fen = row["fen"].as_str().expect("fen");
            assert_eq!(s.fen, fen, "{}", what(&line));
            assert_eq!(s.path, format!("start {line}"), "{}", what(&line));
            assert_eq!(s.rows, expected_rows(&row["moves"]), "{}", what(&line));
            assert_men(s, fen, disc, &what(&line));
            // The last move's squares; none for a Dice turn without a move.
            let moved = row["uci"].as_str().and_then(|u| u.split(' ').next_back()).is_some_and(|w| w.len() > 3);
            let marked = if moved { 1..=2 } else { 0..=0 };
            assert!(marked.contains(&s.marked), "{}: {} marked", what(&line), s.marked);
        }
        assert!(!shown[1].rows.is_empty(), "{}", what("rows one level down"));
        // The board after the two moves as `show` replays them.
        if variant != "dice" {
            let record = dir.path().join(format!("{variant}-line.pgn"));
            let setup = fen.map_or(String::new(), |f| format!("[SetUp \"1\"]\n[FEN \"{f}\"]\n\n"));
            let line = format!("{} {}", one["move"].as_str().expect("move"), two["move"].as_str().expect("move"));
            std::fs::write(&record, format!("{setup}{} *\n", numbered(&line))).expect("the line");
            let out = pgn100(&["show", "--variant", variant, record.to_str().expect("path"), "--ply", "2"]);
            assert!(out.status.success(), "{variant}: {}", String::from_utf8_lossy(&out.stderr));
            assert_eq!(epd(&crate::html::shown_fen(&out)), epd(&shown[2].fen), "{}", what("show --ply 2"));
        }
        // Back: the key, then the button.
        assert_eq!(shown[3], shown[1], "{}", what("Backspace"));
        assert_eq!(shown[4].node, "0", "{}", what("back"));
        assert_eq!(shown[4].rows, shown[0].rows, "{}", what("back"));
        assert_eq!(shown[4].fen, shown[0].fen, "{}", what("back"));
    }
}

/// `stats`' most frequent openings of N turns agree with `tree --depth N`:
/// the games that reach each position after N turns are the games of the
/// distinct continuations at depth N that lead to it (transpositions merge
/// in both), on real chess files, on Hundred games with planted
/// transpositions in three notations, and on Dice chess games.
#[test]
fn stats_openings_agree_with_the_tree_at_their_depth() {
    let dir = tempfile::tempdir().expect("temp dir");
    let generated = dir.path().join("hundred.pgn");
    let g = generated.to_str().expect("path");
    assert!(pgn100(&["generate", "--games", "150", "--seed", "45", "--max-plies", "12", "-o", g]).status.success());
    for (variant, name, turns, files) in [
        (
            "chess",
            "Chess",
            "4",
            vec![
                "corpus/chess/twic_sample_232games_mliebelt.pgn",
                "corpus/chess/lichess_db_2013-01_first32_mliebelt.pgn",
            ],
        ),
        ("hundred", "Hundred", "4", vec![g, "corpus/tree/hundred_transpositions.pgn"]),
        // Turns of several moves reach one position many ways, and a rook
        // gone and back leaves a position of other castling rights.
        ("dice", "Dice", "2", vec!["corpus/oracle/dice/dice-lat-short.pgn"]),
    ] {
        let depth: u64 = turns.parse().expect("a number");
        // Distinct continuations (position from, moves) at depth N: their
        // games, by the position they lead to.
        let doc = tree(&[&["--variant", variant, "--depth", turns], &files[..]].concat());
        fn walk(from: &str, rows: &Value, depth: u64, seen: &mut HashMap<String, (String, u64)>) {
            for row in rows.as_array().into_iter().flatten() {
                let fen = row["fen"].as_str().expect("fen");
                if row["depth"].as_u64() == Some(depth) {
                    let key = format!("{} {}", epd(from), row["uci"].as_str().expect("uci"));
                    seen.insert(key, (epd(fen), row["games"].as_u64().expect("games")));
                }
                walk(fen, &row["moves"], depth, seen);
            }
        }
        let mut edges = HashMap::new();
        walk(doc["fen"].as_str().expect("fen"), &doc["moves"], depth, &mut edges);
        let mut want: HashMap<String, u64> = HashMap::new();
        for (to, games) in edges.into_values() {
            *want.entry(to).or_default() += games;
        }
        let out = pgn100(
            &[&["stats", "--format", "json", "--variant", variant, "--opening-turns", turns], &files[..]].concat(),
        );
        let agg: Value = serde_json::from_slice(&out.stdout).expect("JSON");
        assert_eq!(agg["openings"]["turns"].as_u64(), Some(depth));
        let openings = agg["openings"]["by_variant"][name].as_object().expect("openings of the variant");
        let got: HashMap<String, u64> = openings
            .values()
            .map(|o| (epd(o["fen"].as_str().expect("fen")), o["games"].as_u64().expect("games")))
            .collect();
        assert!(got.len() > 5, "{variant}: {} openings", got.len());
        assert_eq!(got, want, "{variant}");
        // The table shows the most frequent first, with its line.
        let (best_fen, best) = want.iter().max_by_key(|(f, n)| (**n, std::cmp::Reverse((*f).clone()))).expect("one");
        let line = openings.values().find(|o| epd(o["fen"].as_str().unwrap_or_default()) == *best_fen).expect("it");
        let table = pgn100(&[&["stats", "--variant", variant, "--opening-turns", turns], &files[..]].concat());
        let table = String::from_utf8_lossy(&table.stdout);
        let first = table.lines().skip_while(|l| l != &"most frequent openings").nth(1).expect("a row");
        assert!(first.contains(&format!("{name}: {}", line["line"].as_str().expect("line"))), "{first}");
        assert!(first.trim_end().ends_with(&format!(" {best}")), "{first}");
    }
    // Planted: four games in three notations reach the same position after
    // four turns by two move orders.
    let out = pgn100(&["stats", "--format", "json", "--opening-turns", "4", "corpus/tree/hundred_transpositions.pgn"]);
    let agg: Value = serde_json::from_slice(&out.stdout).expect("JSON");
    let counts: Vec<u64> = agg["openings"]["by_variant"]["Hundred"]
        .as_object()
        .expect("openings")
        .values()
        .filter_map(|o| o["games"].as_u64())
        .collect();
    assert!(counts.contains(&4), "{counts:?}");
}
