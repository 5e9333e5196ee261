//! Real chess game files beside python-chess (corpus/oracle/chess/, made by
//! make_reference.py there): every game of each file, read by pgn100 and
//! replayed as Chess, is valid exactly when python-chess found no error; a
//! valid game has python-chess's main line (UCI) and final FEN; an invalid
//! one fails at python-chess's first bad ply. The small files are in
//! corpus/chess/; the large ones are read from ../shared/chess/ by the
//! tests ignored by default (run by .ci/run with `--ignored`), which fail without it.

use crate::common;

use std::collections::HashMap;
use std::path::Path;

use common::{python_uci, read_jsonl};
use pgn100::diag::Severity;
use pgn100::notation::decode::{decode, Charset};
use pgn100::notation::{Item, Reader};
use pgn100::replay::{replay, Options};
use pgn100::rules::Variant;

/// Lines of a text by byte offset, counted once as the offsets grow.
struct Lines<'a> {
    text: &'a [u8],
    at: usize,
    line: usize,
}

impl Lines<'_> {
    /// The line (1-based) of byte offset `at`, not before the last one asked.
    fn of(&mut self, at: usize) -> usize {
        self.line += self.text.get(self.at..at).map_or(0, |t| t.iter().filter(|&&b| b == b'\n').count());
        self.at = at;
        self.line
    }
}

/// Checks every game of `pgn` against the reference `reference` (a file of
/// corpus/oracle/chess/, whose `game` entries are in file order, or every
/// 50th game with `sampled`). Returns the number of games compared.
fn check_file(pgn: &Path, reference: &str) -> usize {
    let expected = read_jsonl(&format!("oracle/chess/{reference}"));
    let by_line: HashMap<usize, &serde_json::Value> =
        expected.iter().map(|g| (g["line"].as_u64().expect("line") as usize, g)).collect();
    let bytes = std::fs::read(pgn).unwrap_or_else(|e| panic!("{}: {e}", pgn.display()));
    let text = decode(&bytes, None).text;
    let options = Options { default_variant: Some(Variant::Chess), ..Options::default() };
    let mut compared = 0;
    let mut lines = Lines { text: text.as_bytes(), at: 0, line: 1 };
    for (index, item) in Reader::new(&text).enumerate() {
        let (Item::Game(record) | Item::Broken(record, _)) = &item else { continue };
        let line = lines.of(record.span.start);
        let Some(want) = by_line.get(&line) else { continue };
        let name = format!("{} game {} (line {line})", pgn.display(), want["game"]);
        let Item::Game(record) = item else { panic!("{name}: a syntax error: {item:?}") };
        let report = replay(&record, index, options);
        let errors: Vec<_> = report.diagnostics.iter().filter(|d| d.severity == Severity::Error).collect();
        let start =
            report.start.as_ref().and_then(|p| p.plain()).unwrap_or_else(|| panic!("{name}: no start: {errors:?}"));
        assert_eq!(start.fen(), want["start_fen"].as_str().expect("start"), "{name}");
        let mut pos = start.clone();
        let ucis: Vec<String> = report
            .mainline
            .iter()
            .map(|ply| {
                let uci = python_uci(&pos, ply.mv);
                pos.play_unchecked(ply.mv);
                uci
            })
            .collect();
        let theirs: Vec<&str> = want["uci"].as_str().expect("uci").split_whitespace().collect();
        if want["valid"] == true {
            // Result-tag disagreements and mark warnings are not python-chess's business.
            assert!(
                errors.iter().all(|d| d.code == pgn100::diag::Code::ResultMismatch),
                "{name}: python-chess accepts it: {errors:?}"
            );
            assert_eq!(ucis, theirs, "{name}");
            assert_eq!(pos.fen(), want["final_fen"].as_str().expect("final"), "{name}");
        } else {
            let first = errors.first().unwrap_or_else(|| panic!("{name}: python-chess rejects it: {}", want["error"]));
            let ply = want["plies"].as_u64().expect("plies") + 1;
            assert_eq!(first.ply.map(u64::from), Some(ply), "{name}: {first:?} / {}", want["error"]);
            assert_eq!(ucis, theirs, "{name}: the moves before the error");
        }
        compared += 1;
    }
    assert_eq!(compared, expected.len(), "{}: games compared", pgn.display());
    compared
}

#[test]
fn small_real_files_agree_with_python_chess() {
    let mut games = 0;
    for name in [
        "twic_sample_232games_mliebelt",
        "lichess_db_2013-01_first32_mliebelt",
        "lichess_export_mliebelt_2024-01-03",
        "2024-champions-chess-tour-finals-day5",
    ] {
        games += check_file(&common::corpus(&format!("chess/{name}.pgn")), &format!("{name}.games.jsonl"));
    }
    assert_eq!(games, 232 + 32 + 8 + 5);
}

/// The summary line of `pgn100 validate --variant chess` on `path`, and
/// its standard output.
fn validate_chess(path: &Path) -> (String, String) {
    let o = common::pgn100(&["validate", "--variant", "chess", path.to_str().expect("path")]);
    let out = String::from_utf8(o.stdout).expect("UTF-8");
    (out.lines().last().unwrap_or_default().to_string(), out)
}

/// Real files in legacy encodings (issue 41): a day of Sesse broadcasts
/// (Norwegian league names, `B\xe6rum`, `Troms\xf8`, `Lindb\xf8l`)
/// re-encoded as Latin-1 from the UTF-8 original; 30 games of the GNU Chess
/// book as they stand in it, CP437 (`N\x81rnberg`); and a file saved as
/// UTF-16 with its BOM and CRLF, as Windows Notepad saves "Unicode". Each
/// reads in its encoding, detected, with python-chess's games, moves and
/// final positions (python-chess given the encoding), and validates whole:
/// no `undecodable` byte.
#[test]
fn legacy_encoded_real_files_agree_with_python_chess() {
    for (name, reference, encoding, games) in [
        ("sesse_2024-02-03_latin1", "sesse_2024-02-03_latin1", Charset::WINDOWS_1252, 18),
        ("gnuchess_book_1.02_games21341-21370_cp437", "gnuchess_book_1.02_games21341-21370_cp437", Charset::CP437, 30),
        ("lichess_export_mliebelt_2024-01-03.utf16le", "lichess_export_mliebelt_2024-01-03", Charset::UTF_16LE, 8),
    ] {
        let path = common::corpus(&format!("chess/{name}.pgn"));
        let decoded = decode(&std::fs::read(&path).expect("corpus"), None);
        assert_eq!(decoded.encoding, encoding, "{name}");
        assert!(!decoded.had_errors, "{name}");
        assert_eq!(check_file(&path, &format!("{reference}.games.jsonl")), games, "{name}");
        let (summary, out) = validate_chess(&path);
        assert!(
            summary.contains(&format!("{games} game(s): {games} valid, 0 invalid; 0 error(s)")),
            "{name}: {summary}"
        );
        assert!(!out.contains("undecodable"), "{name}");
        let read_as = format!("read as {}", encoding.name());
        assert!(out.contains(&read_as), "{name}: {read_as}\n{out}");
    }
    // The names with letters outside ASCII are read as those letters.
    let read = |name: &str| decode(&std::fs::read(common::corpus(name)).expect("corpus"), None).text;
    let sesse = read("chess/sesse_2024-02-03_latin1.pgn");
    for name in ["Bærum-P. Stigar", "SK 1911-A. Lindbøl", "Tromsø-M. Schouten"] {
        assert!(sesse.contains(&format!("\"{name}\"")), "{name}");
    }
    let book = read("chess/gnuchess_book_1.02_games21341-21370_cp437.pgn");
    assert_eq!(book.matches("[Site \"Nürnberg\"]").count(), 6);
}

#[test]
#[ignore = "reads ../shared/chess, which a clone does not have: .ci/run runs it with --ignored"]
fn shared_real_files_agree_with_python_chess() {
    let dir = common::shared_chess();
    let mut games = 0;
    for name in [
        "cct_broadcast/2023-champions-chess-tour-finals-knockouts",
        "cct_broadcast/2024-champions-chess-tour-finals-round-robin-stage-day1",
        "cct_broadcast/2024-champions-chess-tour-finals-round-robin-stage-day2",
        "cct_broadcast/2024-champions-chess-tour-finals-round-robin-stage-day3",
        "cct_broadcast/2024-champions-chess-tour-finals-semi-finals-day4",
        "sesse_broadcasts_2016-2024",
    ] {
        let stem = name.rsplit('/').next().unwrap_or(name);
        games += check_file(&dir.join(format!("{name}.pgn")), &format!("{stem}.games.jsonl"));
    }
    // Every 50th game of the 86 MB book (the whole file is read).
    games += check_file(&dir.join("gnuchess_book_1.02.pgn"), "gnuchess_book_1.02.every50.games.jsonl");
    assert!(games > 8_000, "{games}");
}

/// The whole GNU Chess book (CP437: 55 tags hold `\x81`, ü) reads as
/// CP437 and has the valid games python-chess finds, the 55 too
/// (corpus/oracle/chess/gnuchess_book_1.02.valid.json).
#[test]
#[ignore = "reads ../shared/chess, which a clone does not have: .ci/run runs it with --ignored"]
fn gnuchess_book_reads_the_valid_games_python_chess_reads() {
    let dir = common::shared_chess();
    let want = common::read_json("oracle/chess/gnuchess_book_1.02.valid.json");
    let (games, valid) = (want["games"].as_u64().expect("games"), want["valid"].as_u64().expect("valid"));
    let path = dir.join("gnuchess_book_1.02.pgn");
    let (summary, out) = validate_chess(&path);
    let invalid = games - valid;
    assert!(summary.contains(&format!("{games} game(s): {valid} valid, {invalid} invalid; 0 error(s)")), "{summary}");
    assert!(out.contains("read as cp437"), "{summary}");
    assert!(!out.contains("undecodable"), "{summary}");
    let text = decode(&std::fs::read(&path).expect("the book"), None).text;
    assert_eq!(text.matches("[Site \"Brüssel\"]").count(), 2);
}

/// The move tokens (text) of every game of a text, by game.
fn move_texts(text: &str) -> Vec<Vec<String>> {
    Reader::new(text)
        .filter_map(|item| match item {
            Item::Game(g) => Some(
                g.tokens
                    .iter()
                    .filter(|t| matches!(t.kind, pgn100::notation::TokenKind::Move { .. }))
                    .map(|t| text.get(t.span.clone()).unwrap_or_default().to_string())
                    .collect(),
            ),
            _ => None,
        })
        .collect()
}

/// `convert --to pgn` writes the move text pgn-extract's `-s -Wsan` writes
/// (corpus/oracle/chess/*.pgn-extract.pgn), the Seven Tag Roster first, in
/// lines of at most 75 characters (pgn-extract's) where it re-wraps, and its
/// output validates as Chess.
#[test]
fn pgn_export_writes_the_moves_pgn_extract_writes() {
    for name in [
        "twic_sample_232games_mliebelt",
        "lichess_db_2013-01_first32_mliebelt",
        "lichess_export_mliebelt_2024-01-03",
        "2024-champions-chess-tour-finals-day5",
    ] {
        let path = common::corpus(&format!("chess/{name}.pgn"));
        let o = common::pgn100(&["convert", "--to", "pgn", "--variant", "chess", path.to_str().expect("path")]);
        assert_eq!(o.status.code(), Some(0), "{name}: {}", String::from_utf8_lossy(&o.stderr));
        let ours = String::from_utf8(o.stdout).expect("UTF-8");
        let theirs = std::fs::read_to_string(common::corpus(&format!("oracle/chess/{name}.pgn-extract.pgn")))
            .expect("pgn-extract's export");
        let (a, b) = (move_texts(&ours), move_texts(&theirs));
        assert_eq!(a.len(), b.len(), "{name}: games");
        for (i, (x, y)) in a.iter().zip(&b).enumerate() {
            assert_eq!(x, y, "{name} game {}", i + 1);
        }
        // The broadcast's games hold comments over several lines: their
        // movetext keeps its lines as written (src/output/wrap.rs), of up
        // to 80 columns there.
        let width = if name.starts_with("2024-champions") { 80 } else { 75 };
        assert!(ours.lines().all(|l| l.chars().count() <= width), "{name}: a line over {width} characters");
        for item in Reader::new(&ours) {
            let Item::Game(g) = item else { panic!("{name}: {item:?}") };
            let names: Vec<&str> = g.tags.iter().take(7).map(|t| t.name.as_str()).collect();
            assert_eq!(names, ["Event", "Site", "Date", "Round", "White", "Black", "Result"], "{name}");
        }
        let o = common::with_stdin(&["validate", "--variant", "chess", "-"], ours.as_bytes());
        assert_eq!(o.status.code(), Some(0), "{name}: {}", String::from_utf8_lossy(&o.stdout));
    }
}

/// `convert --to pgn` of a game with glyphs, NAGs and the three results,
/// written as Russian books write them (`1:0`, `½:½`, `1/2`, `0:1`), is
/// pgn-extract's `-s -Wsan` export of the same game in PGN's forms, byte
/// for byte but for pgn-extract's last blank line: glyphs become NAGs
/// (`Bg4?` is `Bg4 $2`), results PGN's, lines of 75 columns
/// (corpus/oracle/chess/glyphs_nags_results.pgn-extract.pgn, made once with
/// pgn-extract 19.04).
#[test]
fn pgn_export_is_pgn_extracts_for_glyphs_and_russian_results() {
    let pgn = std::fs::read_to_string(common::corpus("chess/glyphs_nags_results.pgn")).expect("corpus file");
    let russian = pgn
        .replace("[Result \"1-0\"]", "[Result \"1:0\"]")
        .replace(" 1-0\n", " 1:0\n")
        .replace("[Result \"1/2-1/2\"]", "[Result \"½:½\"]")
        .replace(" 1/2-1/2\n", " 1/2\n")
        .replace("[Result \"0-1\"]", "[Result \"0:1\"]")
        .replace(" 0-1\n", " 0:1\n");
    assert_eq!(russian.matches(':').count(), 5, "the Russian results are in place");
    let theirs = std::fs::read_to_string(common::corpus("oracle/chess/glyphs_nags_results.pgn-extract.pgn"))
        .expect("pgn-extract's export");
    for input in [&pgn, &russian] {
        let o = common::with_stdin(&["convert", "--to", "pgn", "--variant", "chess", "-"], input.as_bytes());
        assert_eq!(o.status.code(), Some(0), "{}", String::from_utf8_lossy(&o.stderr));
        let ours = String::from_utf8(o.stdout).expect("UTF-8");
        assert_eq!(format!("{ours}\n"), theirs);
    }
}

/// A game of another variant is an error of `--to pgn`, left out: a PGN
/// file gets no Hundred record.
#[test]
fn pgn_export_refuses_a_hundred_game() {
    let path = common::corpus("valid/seed002_castling.pgn");
    let o = common::pgn100(&["convert", "--to", "pgn", path.to_str().expect("path")]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        String::from_utf8_lossy(&o.stderr).contains("--to pgn exports Chess and Chess960 games; this game is Hundred")
    );
    assert!(o.stdout.is_empty(), "{}", String::from_utf8_lossy(&o.stdout));
}

/// Russian chess notation: the real games written in Cyrillic long form
/// (`Кg1-f3`, `e5:f4`, `0-0`) and short form (`Кf3`), in UTF-8,
/// Windows-1251 and KOI8-R (mate as
/// `#`: the code pages have no `×`), validate cleanly as Chess and export to
/// the PGN the original file exports to.
#[test]
fn russian_long_notation_round_trips_to_pgn() {
    let path = common::corpus("chess/twic_sample_232games_mliebelt.pgn");
    let path = path.to_str().expect("path");
    let pgn = |o: std::process::Output| {
        assert_eq!(o.status.code(), Some(0), "{}", String::from_utf8_lossy(&o.stderr));
        String::from_utf8(o.stdout).expect("UTF-8")
    };
    let direct = pgn(common::pgn100(&["convert", "--variant", "chess", "--to", "pgn", path]));
    let russian = |style: &str| {
        pgn(common::pgn100(&["convert", "--variant", "chess", "--letters", "cyrillic", "--style", style, path]))
    };
    let (long, short) = (russian("long"), russian("short"));
    assert!(long.contains("Кg1-f3") && long.contains("0-0") && long.contains(':'), "Russian long notation");
    assert!(short.contains(" Кf3 ") && short.contains(" Л") && !short.contains("Кg1-f3"), "Russian short notation");
    let legacy = |text: &str, enc: &'static encoding_rs::Encoding| enc.encode(&text.replace('×', "#")).0.into_owned();
    for (name, bytes) in [
        ("long, UTF-8", long.as_bytes().to_vec()),
        ("long, Windows-1251", legacy(&long, encoding_rs::WINDOWS_1251)),
        ("long, KOI8-R", legacy(&long, encoding_rs::KOI8_R)),
        ("short, UTF-8", short.as_bytes().to_vec()),
        ("short, Windows-1251", legacy(&short, encoding_rs::WINDOWS_1251)),
    ] {
        let o = common::with_stdin(&["validate", "--variant", "chess", "-"], &bytes);
        let summary = String::from_utf8_lossy(&o.stdout).into_owned();
        assert!(summary.contains("232 game(s): 232 valid, 0 invalid; 0 error(s), 0 warning(s)"), "{name}: {summary}");
        let back = pgn(common::with_stdin(&["convert", "--variant", "chess", "--to", "pgn", "-"], &bytes));
        assert_eq!(back, direct, "{name}");
    }
}

/// `stats` on Chess games speaks chess: castling as O-O and O-O-O (counted
/// as python-chess's SAN has them), first moves in SAN, no Hundred stages.
#[test]
fn chess_stats_count_what_python_chess_plays() {
    let games = read_jsonl("oracle/chess/twic_sample_232games_mliebelt.games.jsonl");
    let san: Vec<Vec<String>> = games
        .iter()
        .map(|g| {
            g["san"]
                .as_str()
                .expect("san")
                .split_whitespace()
                .map(|m| m.trim_end_matches(['+', '#']).to_string())
                .collect()
        })
        .collect();
    let count = |token: &str| san.iter().flatten().filter(|m| *m == token).count();
    let e4 = san.iter().filter(|g| g.first().map(String::as_str) == Some("e4")).count();
    let path = common::corpus("chess/twic_sample_232games_mliebelt.pgn");
    let o = common::pgn100(&["stats", "--variant", "chess", "--format", "csv", path.to_str().expect("path")]);
    let out = String::from_utf8(o.stdout).expect("UTF-8");
    for row in [
        format!("castling,O-O (short),{},", count("O-O")),
        format!("castling,O-O-O (long),{},", count("O-O-O")),
        format!("first moves,e4,{e4},"),
    ] {
        assert!(out.lines().any(|l| l == row), "{row} in\n{out}");
    }
    assert!(!out.contains("stages,") && !out.contains("second stage") && !out.contains("0-0-0"), "{out}");
}

/// corpus/valid/chess_real_world_features.pgn (BOM, CRLF, clock comments,
/// NAGs, nested variations, `e.p.` (no look-alike in Chess), `;` and `%`
/// lines, `O-O` and `0-0`, a null move,
/// `=Q` and bare `Q`, over-disambiguated `Qhh5`) reads as python-chess 1.11.2
/// reads it: the same main-line lengths and final positions.
#[test]
fn real_world_features_read_as_python_chess_reads_them() {
    let bytes = std::fs::read(common::corpus("valid/chess_real_world_features.pgn")).expect("corpus");
    let text = decode(&bytes, None).text;
    let games: Vec<_> = Reader::new(&text)
        .filter_map(|item| match item {
            Item::Game(g) => Some(g),
            _ => None,
        })
        .collect();
    let python_chess = [
        (16, "r1bqr1k1/pppnb1pp/4pn2/3p4/3P4/3B1N2/PPP2PPP/RNBQ1RK1 w - - 6 9"),
        (9, "8/8/8/7Q/Q4k2/R7/R7/4K3 b - - 4 5"),
    ];
    assert_eq!(games.len(), python_chess.len());
    for (i, (g, (plies, fen))) in games.iter().zip(python_chess).enumerate() {
        let report = replay(g, i, Options::default());
        assert!(report.is_valid(), "{:?}", report.diagnostics);
        assert_eq!(report.mainline.len(), plies);
        assert_eq!(report.last.as_ref().map(pgn100::rules::VariantPosition::fen).as_deref(), Some(fen));
    }
}
