//! `convert`'s shaping options against pgn-extract 19.04: its answers on
//! chess files, stored by corpus/convert/pgn_extract.sh (and made again
//! live where pgn-extract is installed), compared game by game with
//! pgn100's — tags, moves, EPD boards, game counts; and `--to pgn` on
//! games that do not validate.

use super::common;

/// How a case's outputs are compared.
#[derive(Copy, Clone, PartialEq, Eq)]
enum Compare {
    /// Every game's tags (as a set) and its movetext's words.
    Games,
    /// As `Games`, the Variant tag aside (pgn-extract's -7 drops it; pgn100
    /// keeps it, since a chess game without it reads as Hundred).
    GamesButVariant,
    /// Every game's movetext words, in any case (pgn-extract writes a
    /// promotion `e7e8Q`, UCI `e7e8q`).
    Moves,
    /// Line by line, the first four fields (an EPD's board, side,
    /// castling, en passant).
    Epd,
}

/// The cases: the file name's suffix, pgn100's options, the comparison
/// (pgn-extract's options are in corpus/convert/pgn_extract.sh).
const CASES: &[(&str, &[&str], Compare)] = &[
    ("strip", &["--no-comments", "--no-nags", "--no-variations"], Compare::Games),
    ("plylimit", &["--no-comments", "--no-nags", "--no-variations", "--ply-limit", "11"], Compare::Games),
    ("dropply", &["--no-comments", "--no-nags", "--no-variations", "--drop-ply", "7"], Compare::Games),
    ("notags", &["--no-comments", "--no-nags", "--no-variations", "--no-tags"], Compare::Games),
    ("seven", &["--no-comments", "--no-nags", "--no-variations", "--seven-tags"], Compare::GamesButVariant),
    ("nochecks", &["--no-comments", "--no-nags", "--no-variations", "--no-checks"], Compare::Games),
    ("nomovenumbers", &["--no-comments", "--no-nags", "--no-variations", "--no-move-numbers"], Compare::Games),
    ("noresults", &["--no-comments", "--no-nags", "--no-variations", "--no-results"], Compare::Games),
    ("plycount", &["--no-comments", "--no-nags", "--no-variations", "--add-tags", "plycount"], Compare::Games),
    ("fixresulttags", &["--no-comments", "--no-nags", "--no-variations", "--fix-results"], Compare::Games),
    ("splitvariants", &["--no-comments", "--no-nags", "--split-variations"], Compare::Games),
    ("uci", &["--to", "uci"], Compare::Moves),
    ("epd", &["--to", "epd"], Compare::Epd),
];

const FILES: &[&str] = &[
    "convert/wrong_results.pgn",
    "convert/variations.pgn",
    "chess/glyphs_nags_results.pgn",
    "chess/lichess_db_2013-01_first32_mliebelt.pgn",
    "chess/2024-champions-chess-tour-finals-day5.pgn",
];

/// A game of an output: its tags (sorted) and its movetext's words.
type Game = (Vec<String>, Vec<String>);

fn games(text: &str) -> Vec<Game> {
    let mut out: Vec<Game> = Vec::new();
    let mut in_tags = false;
    for line in text.lines() {
        let tag = line.starts_with('[');
        if tag && !in_tags {
            out.push((Vec::new(), Vec::new()));
        }
        in_tags = tag;
        if out.is_empty() && !line.trim().is_empty() {
            // A movetext with no tags before it (--notags).
            out.push((Vec::new(), Vec::new()));
        }
        let Some(game) = out.last_mut() else { continue };
        if tag {
            game.0.push(line.to_string());
        } else {
            let ends = line.split_whitespace().last().is_some_and(|w| ["1-0", "0-1", "1/2-1/2", "*"].contains(&w));
            game.1.extend(line.split_whitespace().map(str::to_string));
            if ends && text.contains("\n\n") && !text.starts_with('[') {
                // Without tags each game ends with its result.
                out.push((Vec::new(), Vec::new()));
            }
        }
    }
    out.retain(|g| !g.0.is_empty() || !g.1.is_empty());
    for game in &mut out {
        game.0.sort();
    }
    out
}

fn compare(case: &str, file: &str, ours: &str, theirs: &str, how: Compare) {
    let what = format!("{file} {case}");
    if how == Compare::Epd {
        let fields = |t: &str| -> Vec<String> {
            t.lines().map(|l| l.split(' ').take(4).collect::<Vec<_>>().join(" ")).collect()
        };
        assert_eq!(fields(ours), fields(theirs), "{what}");
        return;
    }
    let (ours, theirs) = (games(ours), games(theirs));
    assert_eq!(ours.len(), theirs.len(), "{what}: games");
    assert!(!ours.is_empty(), "{what}: no game");
    for (i, (a, b)) in ours.iter().zip(&theirs).enumerate() {
        match how {
            Compare::Moves => {
                let lower = |w: &[String]| w.iter().map(|m| m.to_lowercase()).collect::<Vec<_>>();
                assert_eq!(lower(&a.1), lower(&b.1), "{what}: game {}", i + 1);
            }
            _ => {
                let tags = |t: &[String]| -> Vec<String> {
                    t.iter()
                        .filter(|l| how != Compare::GamesButVariant || !l.starts_with("[Variant "))
                        .cloned()
                        .collect()
                };
                assert_eq!(tags(&a.0), tags(&b.0), "{what}: game {} tags", i + 1);
                assert_eq!(a.1, b.1, "{what}: game {} moves", i + 1);
            }
        }
    }
}

fn ours(file: &str, options: &[&str]) -> String {
    let path = common::corpus(file);
    let mut args = vec!["convert", "--variant", "chess"];
    if !options.contains(&"--to") {
        args.extend(["--to", "pgn"]);
    }
    args.extend(options);
    args.push(path.to_str().expect("path"));
    let o = common::pgn100(&args);
    assert!(o.status.code().is_some_and(|c| c < 2), "{file} {options:?}: {}", String::from_utf8_lossy(&o.stderr));
    String::from_utf8(o.stdout).expect("UTF-8")
}

fn stem(file: &str) -> &str {
    file.rsplit('/').next().and_then(|n| n.strip_suffix(".pgn")).expect("a .pgn file")
}

#[test]
fn shaping_agrees_with_pgn_extract_game_by_game() {
    for file in FILES {
        for &(case, options, how) in CASES {
            let golden = common::corpus(&format!("convert/pgn-extract/{}.{case}", stem(file)));
            let theirs = std::fs::read_to_string(&golden).unwrap_or_else(|e| panic!("{}: {e}", golden.display()));
            compare(case, file, &ours(file, options), &theirs, how);
        }
    }
}

/// The stored answers are pgn-extract's own, where it is installed.
#[test]
fn the_stored_answers_are_pgn_extracts() {
    let pe = std::path::Path::new("/usr/games/pgn-extract");
    if !pe.exists() {
        eprintln!("pgn-extract is not installed: the stored answers stand");
        return;
    }
    let dir = std::env::temp_dir().join(format!("pgn100-pe-{}", std::process::id()));
    std::fs::create_dir_all(dir.join("corpus/convert/pgn-extract")).expect("temp dir");
    for sub in ["chess", "convert"] {
        let to = dir.join("corpus").join(sub);
        std::fs::create_dir_all(&to).expect("dir");
        for file in FILES.iter().filter(|f| f.starts_with(sub)) {
            std::fs::copy(common::corpus(file), dir.join("corpus").join(file)).expect("copy");
        }
    }
    let script = common::corpus("convert/pgn_extract.sh");
    let o = std::process::Command::new("sh").arg(script).current_dir(&dir).output().expect("sh");
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    for file in FILES {
        for (case, ..) in CASES {
            let name = format!("convert/pgn-extract/{}.{case}", stem(file));
            let live = std::fs::read(dir.join("corpus").join(&name)).expect("live");
            let stored = std::fs::read(common::corpus(&name)).expect("stored");
            assert!(live == stored, "{name}: pgn-extract answers otherwise now");
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// Issue 54 item 17: `--to pgn` on a game that does not validate wrote its
/// Russian text as it stood. Now: the moves replayed, in PGN, a comment
/// naming the error, `*`; the output reads back as valid chess.
#[test]
fn pgn_export_of_an_invalid_game_is_its_replayed_prefix() {
    let book = std::fs::read_to_string(common::corpus("valid/chess_russian_book.pgn")).expect("book");
    let broken = book.replacen("10.К:b5 cb", "10.К:b5 Кb5", 1);
    assert_ne!(broken, book);
    let o = common::with_stdin(&["convert", "--to", "pgn", "-"], broken.as_bytes());
    assert_eq!(o.status.code(), Some(1), "{}", String::from_utf8_lossy(&o.stderr));
    let out = String::from_utf8(o.stdout).expect("UTF-8");
    let first = out.split("\n\n[Event").next().expect("a game");
    assert!(!first.chars().any(|c| ('А'..='я').contains(&c)), "Cyrillic in a PGN export:\n{first}");
    assert!(first.contains("10. Nxb5 {no_such_move: "), "{first}");
    assert!(first.trim_end().ends_with('*'), "{first}");
    let back = common::with_stdin(&["validate", "--variant", "chess", "-"], out.as_bytes());
    assert_eq!(back.status.code(), Some(0), "{}", String::from_utf8_lossy(&back.stdout));
    // Both chess games out; the file's third game, of Hundred, is left out
    // with its error (it used to be copied as it stood).
    assert_eq!(broken.matches("[Event ").count(), 3);
    assert_eq!(out.matches("[Event ").count(), 2, "{out}");
    assert!(String::from_utf8_lossy(&o.stderr).contains("this game is Hundred"));
}

/// `--split-variations` in a variant pgn-extract does not read: an
/// annotated Hundred game (nested variations, comments, NAGs) gives
/// 1 + its variations games, and each replays cleanly.
#[test]
fn split_variations_of_a_hundred_game_replay_cleanly() {
    for file in ["valid/cyrillic_long_annotated.pgn", "valid/latin_short_annotated.pgn"] {
        let path = common::corpus(file);
        let text = std::fs::read_to_string(&path).expect("file");
        let o = common::pgn100(&["convert", "--split-variations", path.to_str().expect("path")]);
        assert_eq!(o.status.code(), Some(0), "{file}: {}", String::from_utf8_lossy(&o.stderr));
        let out = String::from_utf8(o.stdout).expect("UTF-8");
        let variations = pgn100::notation::Reader::new(&text)
            .filter_map(|item| match item {
                pgn100::notation::Item::Game(g) => Some(g),
                _ => None,
            })
            .map(|g| {
                g.tokens.iter().filter(|t| matches!(t.kind, pgn100::notation::TokenKind::VariationStart)).count() + 1
            })
            .sum::<usize>();
        assert!(variations > 2, "{file}: variations to split");
        assert_eq!(out.matches("[Event ").count(), variations, "{file}:\n{out}");
        assert!(!out.contains('('), "{file}: a variation left:\n{out}");
        let back = common::with_stdin(&["validate", "-"], out.as_bytes());
        assert_eq!(back.status.code(), Some(0), "{file}: {}", String::from_utf8_lossy(&back.stdout));
    }
}
