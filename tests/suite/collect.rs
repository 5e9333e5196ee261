//! The collector's commands: filter, dedup, split. filter and dedup are
//! held to pgn-extract's selections on the real chess files (its outputs in
//! corpus/oracle/corpus/, made by the script there); dedup finds exactly the
//! copies planted in generated Hundred and Grand corpora (the same games in
//! other letters, style and tags); split's parts put end to end give the
//! input back byte for byte.

use std::collections::BTreeMap;
use std::path::Path;

use crate::common::{corpus, pgn100, read_jsonl, with_stdin};

fn stdout(o: &std::process::Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &std::process::Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

const ROSTER: [&str; 7] = ["Event", "Site", "Date", "Round", "White", "Black", "Result"];

fn tag_line(line: &str) -> Option<(&str, &str)> {
    let inner = line.trim_end().strip_prefix('[')?.strip_suffix(']')?;
    let (name, rest) = inner.split_once(|c: char| c.is_whitespace())?;
    let value = rest.trim_start().strip_prefix('"')?.strip_suffix('"')?;
    name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_').then_some((name, value))
}

/// The games of a PGN text (bytes read as Latin-1, as the oracle script
/// does), each as its seven-tag-roster identity.
fn identities(data: &[u8]) -> Vec<String> {
    let text: String = data.iter().map(|&b| b as char).collect();
    let mut games: Vec<BTreeMap<String, String>> = Vec::new();
    let mut last_tag = false;
    for line in text.split('\n') {
        let line = line.trim_end_matches('\r');
        let tag = tag_line(line);
        if tag.is_some() && !last_tag {
            games.push(BTreeMap::new());
        }
        if let (Some((name, value)), Some(g)) = (tag, games.last_mut()) {
            g.entry(name.to_string()).or_insert_with(|| value.to_string());
        }
        if !line.trim().is_empty() {
            last_tag = tag.is_some();
        }
    }
    // pgn-extract writes a missing Date as "????.??.??": an unknown date either way.
    let value = |g: &BTreeMap<String, String>, t: &str| match g.get(t).map(String::as_str) {
        None | Some("????.??.??") if t == "Date" => "?".to_string(),
        v => v.unwrap_or("?").to_string(),
    };
    games.iter().map(|g| ROSTER.map(|t| value(g, t)).join("|")).collect()
}

fn fnv(lines: &[String]) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for (i, line) in lines.iter().enumerate() {
        let bytes = line.chars().map(|c| c as u32 as u8);
        for b in (i > 0).then_some(b'\n').into_iter().chain(bytes) {
            h = (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3);
        }
    }
    format!("{h:016x}")
}

/// The inputs of an oracle entry, or `None` when its files are absent here.
/// The file a case reads: in corpus/, or in the shared collection (its
/// cases run in the tests ignored by default, run by .ci/run with `--ignored`).
fn inputs(entry: &serde_json::Value) -> Vec<String> {
    let file = entry["file"].as_str().expect("file");
    let path = match entry["where"].as_str() {
        Some("corpus") => corpus(file),
        _ => crate::common::shared_chess().join(file),
    };
    assert!(path.exists(), "{} is missing", path.display());
    vec![path.to_str().expect("path").to_string()]
}

/// The cases on corpus/ files (`shared` false) or on the shared collection.
fn oracle(shared: bool) -> Vec<serde_json::Value> {
    read_jsonl("oracle/corpus/pgn_extract.jsonl").into_iter().filter(|e| (e["where"] != "corpus") == shared).collect()
}

fn check_selection(entry: &serde_json::Value, mut ours: Vec<String>) {
    ours.sort();
    let case = format!("{} on {}", entry["case"], entry["file"]);
    assert_eq!(ours.len() as u64, entry["count"].as_u64().expect("count"), "{case}");
    if let Some(ids) = entry["identities"].as_array() {
        let theirs: Vec<&str> = ids.iter().map(|i| i.as_str().expect("id")).collect();
        assert_eq!(ours, theirs, "{case}");
    }
    assert_eq!(fnv(&ours), entry["fnv"].as_str().expect("fnv"), "{case}");
}

/// pgn-extract selects only games that replay (it drops a game with an
/// illegal move): `--valid` beside each equivalent.
#[test]
fn filter_selects_the_games_pgn_extract_selects() {
    filter_as_pgn_extract(false);
}

#[test]
#[ignore = "reads ../shared/chess, which a clone does not have: .ci/run runs it with --ignored"]
fn filter_selects_the_games_pgn_extract_selects_in_the_shared_collection() {
    filter_as_pgn_extract(true);
}

fn filter_as_pgn_extract(shared: bool) {
    let mut checked = 0;
    for entry in oracle(shared).iter().filter(|e| e["pgn100"][0] != "dedup") {
        let files = inputs(entry);
        let mut args = vec!["filter", "--variant", "chess"];
        // pgn-extract drops a game with an illegal move (the Sesse file's
        // 192) but keeps one with bytes that are no character in its
        // encoding (the GNU Chess book's 55, DOS code-page names), which
        // pgn100 counts invalid (`undecodable`) though it replays them.
        if entry["file"] != "gnuchess_book_1.02.pgn" {
            args.push("--valid");
        }
        args.extend(entry["pgn100"].as_array().expect("args").iter().map(|a| a.as_str().expect("arg")));
        args.extend(files.iter().map(String::as_str));
        let o = pgn100(&args);
        assert!(matches!(o.status.code(), Some(0 | 1)), "{args:?}: {}", stderr(&o));
        check_selection(entry, identities(&o.stdout));
        checked += 1;
    }
    assert!(checked >= 30, "{checked}");
}

/// The copies dedup reports (every copy after the first of its group),
/// as identities read from the inputs at the reported lines.
fn reported_copies(report: &str) -> Vec<String> {
    let mut files: BTreeMap<String, Vec<String>> = BTreeMap::new();
    let mut out = Vec::new();
    let mut first = false;
    for line in report.lines() {
        if line.starts_with("group ") {
            first = true;
            continue;
        }
        let place = line.trim().rsplit_once(" (game ").map_or(line.trim(), |(p, _)| p);
        let (file, number) = place.rsplit_once(':').expect("file:line");
        let number: usize = number.parse().expect("line number");
        if std::mem::take(&mut first) {
            continue;
        }
        let lines = files.entry(file.to_string()).or_insert_with(|| {
            let bytes = std::fs::read(file).expect("input");
            bytes.iter().map(|&b| b as char).collect::<String>().split('\n').map(str::to_string).collect()
        });
        let game: Vec<u8> = lines
            .iter()
            .skip(number - 1)
            .take_while(|l| tag_line(l).is_some())
            .flat_map(|l| l.chars().map(|c| c as u32 as u8).chain([b'\n']))
            .collect();
        out.extend(identities(&game));
    }
    out
}

#[test]
fn dedup_finds_the_copies_pgn_extract_finds() {
    dedup_as_pgn_extract(false);
}

#[test]
#[ignore = "reads ../shared/chess, which a clone does not have: .ci/run runs it with --ignored"]
fn dedup_finds_the_copies_pgn_extract_finds_in_the_shared_collection() {
    dedup_as_pgn_extract(true);
}

fn dedup_as_pgn_extract(shared: bool) {
    let mut checked = 0;
    for entry in oracle(shared).iter().filter(|e| e["pgn100"][0] == "dedup") {
        let files = inputs(entry);
        let mut args = vec!["dedup", "--variant", "chess", "--report"];
        args.extend(files.iter().map(String::as_str));
        let o = pgn100(&args);
        let copies = reported_copies(&stdout(&o));
        assert_eq!(o.status.code(), Some(if copies.is_empty() { 0 } else { 1 }), "{}", stderr(&o));
        check_selection(entry, copies);
        checked += 1;
    }
    assert!(checked >= 3);
}

/// Planted copies: generated games, then some of them again converted to
/// other letters and style, with other tags and a comment, in another
/// file. dedup reports exactly those pairs.
#[test]
fn dedup_finds_every_planted_copy_and_nothing_else() {
    let dir = tempfile::tempdir().expect("temp dir");
    for (variant, seed) in [("hundred", "11"), ("grand", "12")] {
        let originals = dir.path().join(format!("{variant}.pgn"));
        let o = pgn100(
            &["generate", "--variant", variant, "--games", "60", "--seed", seed, "--max-plies", "120", "-o"]
                .into_iter()
                .chain([originals.to_str().expect("path")])
                .collect::<Vec<_>>(),
        );
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        let text = std::fs::read_to_string(&originals).expect("read");
        let games: Vec<&str> = text.split("\n\n[Event").collect();
        assert_eq!(games.len(), 60);
        let planted = [3usize, 17, 18, 42, 59];
        let picked: String =
            planted
                .iter()
                .map(|&i| {
                    let g = games[i - 1];
                    let g = if g.starts_with("[Event") { g.to_string() } else { format!("[Event{g}") };
                    // Other tags, a comment: the same game.
                    g.replacen("[Event \"pgn100 generate\"]", "[Event \"Copied\"]\n[Annotator \"someone\"]", 1)
                        .replacen("\n\n1. ", "\n\n{a copy} 1. ", 1)
                        + "\n\n"
                })
                .collect();
        let copies = dir.path().join(format!("{variant}-copies.pgn"));
        let o = with_stdin(&["convert", "--letters", "latin", "--style", "short", "-"], picked.as_bytes());
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        assert_ne!(o.stdout, picked.as_bytes(), "converted");
        std::fs::write(&copies, &o.stdout).expect("write");
        let o = pgn100(&["dedup", "--report", originals.to_str().expect("p"), copies.to_str().expect("p")]);
        assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
        let report = stdout(&o);
        let groups: Vec<Vec<String>> = report
            .split("group ")
            .skip(1)
            .map(|g| g.lines().skip(1).map(|l| l.trim().rsplit_once(" (game ").expect("game").1.to_string()).collect())
            .collect();
        let expected: Vec<Vec<String>> =
            planted.iter().enumerate().map(|(k, i)| vec![format!("{i})"), format!("{})", k + 1)]).collect();
        assert_eq!(groups, expected, "{variant}: {report}");
        assert!(stderr(&o).contains("5 copies of earlier games in 5 group(s)"), "{}", stderr(&o));
        // -o writes the first copy of each: the originals, byte for byte.
        let unique = dir.path().join("unique.pgn");
        let o = pgn100(
            &["dedup", originals.to_str().expect("p"), copies.to_str().expect("p"), "-o"]
                .into_iter()
                .chain([unique.to_str().expect("p")])
                .collect::<Vec<_>>(),
        );
        assert_eq!(o.status.code(), Some(1));
        assert_eq!(std::fs::read_to_string(&unique).expect("read"), text);
        // One file alone has no copies: exit 0.
        assert_eq!(pgn100(&["dedup", "--report", originals.to_str().expect("p")]).status.code(), Some(0));
    }
}

fn run_split(args: &[&str], out: &Path) -> std::process::Output {
    let mut all = vec!["split", "--dir", out.to_str().expect("path")];
    all.extend(args);
    pgn100(&all)
}

fn concatenated(dir: &Path) -> (Vec<String>, Vec<u8>) {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .expect("dir")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    let bytes = names.iter().flat_map(|n| std::fs::read(dir.join(n)).expect("part")).collect();
    (names, bytes)
}

#[test]
fn split_parts_put_end_to_end_give_the_input_back() {
    let dir = tempfile::tempdir().expect("temp dir");
    let twic = corpus("chess/twic_sample_232games_mliebelt.pgn");
    let plain = std::fs::read(&twic).expect("read");
    let zst = dir.path().join("twic.pgn.zst");
    std::fs::write(&zst, zstd::encode_all(plain.as_slice(), 3).expect("zst")).expect("write");
    // A Windows-1251 file comes back in its own bytes.
    let cyrillic = std::fs::read_to_string(corpus("valid/cyrillic_long_annotated.pgn")).expect("read");
    let legacy = dir.path().join("cp1251.pgn");
    std::fs::write(&legacy, encoding_rs::WINDOWS_1251.encode(&cyrillic).0).expect("write");
    for (input, expected) in [
        (twic.clone(), plain.clone()),
        (zst.clone(), plain.clone()),
        (legacy.clone(), std::fs::read(&legacy).expect("r")),
    ] {
        for (k, args) in [vec!["--games", "50"], vec!["--shards", "3"], vec!["--games", "1"]].iter().enumerate() {
            let out = dir.path().join(format!("out-{k}-{}", input.file_name().expect("name").to_string_lossy()));
            let mut a = args.clone();
            a.push(input.to_str().expect("path"));
            let o = run_split(&a, &out);
            assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
            let (names, bytes) = concatenated(&out);
            assert!(bytes == expected, "{args:?} {}", input.display());
            assert!(names.iter().all(|n| !n.starts_with('.')), "no temporary folder left: {names:?}");
            if input == twic && args[0] == "--games" && args[1] == "50" {
                let want: Vec<String> = (1..=5).map(|i| format!("part-{i:04}.pgn")).collect();
                assert_eq!(names, want);
            }
            if input == twic && args[0] == "--shards" {
                assert_eq!(names, ["shard-0001.pgn", "shard-0002.pgn", "shard-0003.pgn"]);
                let sizes: Vec<u64> =
                    names.iter().map(|n| std::fs::metadata(out.join(n)).expect("meta").len()).collect();
                let (lo, hi) = (sizes.iter().min().expect("min"), sizes.iter().max().expect("max"));
                assert!(hi - lo < 4000, "balanced bytes: {sizes:?}");
            }
        }
    }
    // By tag: one part per value, each game in the part of its value.
    let out = dir.path().join("by-event");
    assert_eq!(run_split(&["--by-tag", "Event", twic.to_str().expect("p")], &out).status.code(), Some(0));
    let (names, bytes) = concatenated(&out);
    assert!(names.contains(&"Lindores_Abbey_Prelim.pgn".to_string()), "{names:?}");
    assert_eq!(bytes.len(), plain.len());
    for n in &names {
        let ids = identities(&std::fs::read(out.join(n)).expect("part"));
        assert!(ids.iter().all(|id| format!("{}.pgn", id.split('|').next().expect("event").replace(' ', "_")) == *n));
    }
    // By variant, over the valid corpus.
    let out = dir.path().join("by-variant");
    assert_eq!(run_split(&["--by-variant", "corpus/valid"], &out).status.code(), Some(0));
    let (names, _) = concatenated(&out);
    assert_eq!(names, ["chess.pgn", "chess960.pgn", "grand.pgn", "hundred.pgn"]);
    let o = pgn100(&["filter", "--variant", "grand", &out.join("grand.pgn").to_string_lossy()]);
    assert!(stderr(&o).contains(" of ") && o.status.code() == Some(0));
    let all = pgn100(&["validate", &out.join("grand.pgn").to_string_lossy()]);
    assert!(stdout(&all).contains("0 invalid"), "{}", stdout(&all));
}

#[test]
fn exit_statuses() {
    let twic = "corpus/chess/twic_sample_232games_mliebelt.pgn";
    // filter: 0 something matched, 1 nothing did, 2 bad arguments or input.
    assert_eq!(pgn100(&["filter", "--variant", "chess", "--result", "1-0", twic]).status.code(), Some(0));
    assert_eq!(pgn100(&["filter", "--variant", "chess", "--tag", "White=Nobody", twic]).status.code(), Some(1));
    for bad in [
        vec!["filter", "--tag", "White", twic],
        vec!["filter", "--tag", "White~(", twic],
        vec!["filter", "--plies", "x..3", twic],
        vec!["filter", "--date", "20.1..", twic],
        vec!["filter", "--reaches", "not a fen", twic],
        vec!["filter", "--valid", "--invalid", twic],
        vec!["filter", "no/such/file.pgn"],
        vec!["dedup", "no/such/file.pgn"],
        vec!["split", "--dir", "x", twic],
        vec!["split", "--games", "0", "--dir", "x", twic],
    ] {
        let o = pgn100(&bad);
        assert_eq!(o.status.code(), Some(2), "{bad:?}");
        assert!(!stderr(&o).contains("panic"), "{bad:?}: {}", stderr(&o));
    }
    let o = with_stdin(&["split", "--shards", "2", "--dir", "x", "-"], b"");
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("--shards needs files"), "{}", stderr(&o));
    // A file that cannot be read among others: the others are read, exit 2.
    let o = pgn100(&["filter", "--variant", "chess", "--result", "1-0", twic, "corpus/invalid/binary.pgn"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("98 of 232"), "{}", stderr(&o));
}

/// What only replay tells: --has counts agree with stats' per-game counts,
/// --not writes exactly the rest, --reaches finds the position after a
/// move, look-alikes fold, partial dates.
#[test]
fn filter_criteria_on_the_corpus() {
    let o = pgn100(&["stats", "--per-game", "--format", "json", "corpus/valid"]);
    let rows: Vec<serde_json::Value> = stdout(&o).lines().map(|l| serde_json::from_str(l).expect("JSON")).collect();
    let count = |key: &str| rows.iter().filter(|r| r[key].as_u64().unwrap_or(0) > 0).count();
    let matched = |args: &[&str]| -> usize {
        let mut a = vec!["filter"];
        a.extend(args);
        a.push("corpus/valid");
        let o = pgn100(&a);
        let err = stderr(&o);
        err.split(" of ").next().and_then(|s| s.rsplit(' ').next()).and_then(|n| n.parse().ok()).expect("count")
    };
    assert_eq!(matched(&["--has", "throne-pawn"]), count("throne_pawns"));
    assert_eq!(matched(&["--has", "en-passant"]), count("en_passant"));
    let promoted = rows
        .iter()
        .filter(|r| {
            [
                "promote_queen",
                "promote_prince",
                "promote_rook",
                "promote_bishop",
                "promote_knight",
                "promote_marshal",
                "promote_cardinal",
            ]
            .iter()
            .any(|k| r[*k].as_u64().unwrap_or(0) > 0)
        })
        .count();
    assert_eq!(matched(&["--has", "promotion"]), promoted);
    let castled =
        |keys: [&str; 2]| rows.iter().filter(|r| keys.iter().any(|k| r[*k].as_u64().unwrap_or(0) > 0)).count();
    assert_eq!(matched(&["--has", "first-stage"]), castled(["castle_first_short", "castle_first_long"]));
    assert_eq!(matched(&["--has", "second-stage"]), castled(["castle_second_short", "castle_second_long"]));
    assert!(matched(&["--has", "second-stage"]) > 0);
    assert!(matched(&["--has", "throne-pawn"]) > 0);
    // --not: the rest, byte for byte: the two outputs add up to the input.
    let twic = "corpus/chess/twic_sample_232games_mliebelt.pgn";
    let yes = pgn100(&["filter", "--variant", "chess", "--tag", "Round~^1", twic]).stdout;
    let no = pgn100(&["filter", "--variant", "chess", "--tag", "Round~^1", "--not", twic]).stdout;
    assert_eq!(yes.len() + no.len(), std::fs::read(twic).expect("read").len());
    assert_eq!(identities(&yes).len() + identities(&no).len(), 232);
    // --reaches: after 1. e4 (whole FEN or board part).
    let e4 =
        pgn100(&["filter", "--variant", "chess", "--reaches", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR", twic]);
    let any_tag = pgn100(&["filter", "--variant", "chess", "--tag", "*~nothing", "--not", twic]);
    assert!(stderr(&any_tag).contains("232 of 232"));
    let any_tag = pgn100(&["filter", "--variant", "chess", "--tag", "*~^Lindores", twic]);
    assert_eq!(identities(&any_tag.stdout).iter().filter(|i| !i.starts_with("Lindores")).count(), 0);
    let n_e4 = identities(&e4.stdout).len();
    let text = std::fs::read_to_string(twic).expect("read");
    let starting_e4 = text.matches("\n1. e4 ").count() + text.matches("\n1.e4 ").count();
    assert!(n_e4 >= starting_e4 && starting_e4 > 10, "{n_e4} {starting_e4}");
    // Folding: a Cyrillic name typed with Latin look-alikes matches only folded.
    let game = "[Event \"Турнир\"]\n[White \"Kарпов, A\"]\n[Date \"1975.??.??\"]\n\n1. e3-e5 *\n\n";
    let exact = with_stdin(&["filter", "--tag", "White~^Карпов", "-"], game.as_bytes());
    assert_eq!(exact.status.code(), Some(1));
    let folded = with_stdin(&["filter", "--fold", "--tag", "White~^карпов", "-"], game.as_bytes());
    assert_eq!(folded.stdout, game.as_bytes());
    let equal = with_stdin(&["filter", "--fold", "--tag", "White=КАРПОВ, а", "-"], game.as_bytes());
    assert_eq!(equal.stdout, game.as_bytes());
    // Partial dates: 1975.??.?? lies in 1970..1979 and in 1975, not in 1975.03..1976.
    for (range, code) in
        [("1970..1979", 0), ("1975", 0), ("1975.03..1976", 1), ("..1974", 1), ("1975.02.01..", 1), ("1975.01.01..", 0)]
    {
        let o = with_stdin(&["filter", "--date", range, "-"], game.as_bytes());
        assert_eq!(o.status.code(), Some(code), "{range}");
    }
}
