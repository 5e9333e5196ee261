//! `filter --material`, `--pattern` and numeric `--tag`: held to
//! pgn-extract 19.04 game by game on the chess files (its answers stored by
//! corpus/filter/gen_golden.sh), and on Hundred, Grand, Royal and Dice
//! games to a count over the positions `moves --fen` writes.

use std::collections::BTreeMap;

use crate::common::{corpus, pgn100};
use pgn100::rules::{Variant, VariantPosition};

/// The chess files of the golden answers (under corpus/), in gen_golden.sh's order.
pub const FILES: [&str; 8] = [
    "chess/twic_sample_232games_mliebelt.pgn",
    "chess/lichess_db_2013-01_first32_mliebelt.pgn",
    "chess/lichess_export_mliebelt_2024-01-03.pgn",
    "chess/2024-champions-chess-tour-finals-day5.pgn",
    "chess/2024-champions-chess-tour-finals-semi-finals-day4.pgn",
    "chess/2024-champions-chess-tour-finals-round-robin-stage-day3.pgn",
    "chess/glyphs_nags_results.pgn",
    "filter/sesse_stalemates.pgn",
];

/// Games pgn-extract 19.04's `--repetition` misses: their third
/// occurrence of a position follows a first one that came right after a
/// pawn's double step no pawn could take en passant; pgn-extract counts
/// that unusable en passant square as part of the position, FIDE (9.2.3)
/// and python-chess do not (docs/filter.md).
const REPETITIONS_PGN_EXTRACT_MISSES: [&str; 2] = [
    "Lindores Abbey Final 8\tchess24.com INT\tCarlsen,M\tSo,W",
    "Chebanenko Memorial\tchess.com INT\tSvetushkin,D\tSmirin,I",
];

/// Each game of a PGN text as gen_golden.sh keys it: Event, Site, White,
/// Black (`?` for a missing tag), in order.
pub fn keys(pgn: &[u8]) -> Vec<String> {
    let text = String::from_utf8_lossy(pgn);
    let mut out = Vec::new();
    let mut tags: BTreeMap<&str, String> = BTreeMap::new();
    for line in text.lines() {
        let Some(rest) = line.strip_prefix('[') else { continue };
        let Some((name, value)) = rest.split_once(' ') else { continue };
        let value = value.trim_end().trim_end_matches(']').trim().trim_matches('"').to_string();
        if name == "Event" {
            tags.clear();
        }
        tags.insert(name, value.clone());
        if name == "Result" {
            let get = |n: &str| tags.get(n).cloned().unwrap_or_else(|| "?".to_string());
            out.push(format!("{}\t{}\t{}\t{}", get("Event"), get("Site"), get("White"), get("Black")));
        }
    }
    out
}

/// The games of the chess files that `pgn100 filter --variant chess ARGS` writes.
pub fn ours(args: &[&str]) -> Vec<String> {
    let mut all = Vec::new();
    for f in FILES {
        let path = corpus(f);
        let path = path.to_str().expect("a UTF-8 path");
        let mut full = vec!["filter", "--variant", "chess"];
        full.extend_from_slice(args);
        full.push(path);
        let out = pgn100(&full);
        assert!(out.status.code() == Some(0) || out.status.code() == Some(1), "{args:?} {f}: {:?}", out);
        all.extend(keys(&out.stdout));
    }
    all
}

#[test]
fn material_patterns_and_numbers_agree_with_pgn_extract() {
    let queries = std::fs::read_to_string(corpus("filter/queries.txt")).expect("queries");
    // pgn-extract 19.04 counts a promoted man for the side that did not
    // promote (end.c adds it to the opponent's men): games with a promotion
    // are left out of the material comparison.
    let promoted = ours(&["--has", "promotion"]);
    let mut compared = 0;
    for line in queries.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()) {
        let mut fields = line.split('\t');
        let (name, kind, spec) =
            (fields.next().expect("name"), fields.next().expect("kind"), fields.next().expect("spec"));
        let tag: String = spec.chars().filter(|c| *c != ' ' && *c != '"').collect();
        let args: Vec<&str> = match kind {
            "material" => vec!["--material", spec],
            "material-white" => vec!["--material-white", spec],
            "pattern" => vec!["--pattern", spec],
            "pattern-either" => vec!["--pattern", spec, "--pattern-either"],
            "tag" => vec!["--tag", &tag],
            "flag" => spec.split_once('|').expect("pgn-extract's|ours").1.split_whitespace().collect(),
            "reaches" => vec!["--reaches", spec],
            "moves" => vec!["--moves", spec],
            other => panic!("{name}: kind {other}"),
        };
        let golden = std::fs::read_to_string(corpus(&format!("filter/golden/{name}.tsv"))).expect("golden");
        let mut theirs: Vec<String> = golden.lines().map(str::to_string).collect();
        let mut mine = ours(&args);
        if kind.starts_with("material") {
            theirs.retain(|k| !promoted.contains(k));
            mine.retain(|k| !promoted.contains(k));
        }
        if name == "repetitions" {
            let misses: Vec<&String> = mine.iter().filter(|k| !theirs.contains(k)).collect();
            assert_eq!(misses, REPETITIONS_PGN_EXTRACT_MISSES, "the repetitions pgn-extract misses");
            mine.retain(|k| !REPETITIONS_PGN_EXTRACT_MISSES.contains(&k.as_str()));
        }
        assert!(name != "stalemates" || theirs.len() > 50, "stalemates: {} games", theirs.len());
        assert_eq!(mine, theirs, "query {name} ({kind} {spec:?}): ours, then pgn-extract's");
        compared += theirs.len();
    }
    assert!(compared > 2000, "{compared} matches compared");
}

#[test]
fn a_material_file_is_its_lines_and_comments() {
    let dir = std::env::temp_dir().join(format!("pgn100-material-file-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("dir");
    let file = dir.join("endings.txt");
    std::fs::write(&file, "% rook endings\n\nr+p* r=p*\n% queen endings\nq+p* q#p*\n").expect("write");
    let path = file.to_str().expect("path");
    let both = ours(&["--material-file", path]);
    let mut one_by_one = ours(&["--material", "r+p* r=p*", "--material", "q+p* q#p*"]);
    assert_eq!(both, one_by_one);
    one_by_one.retain(|k| !ours(&["--material", "r+p* r=p*"]).contains(k));
    assert!(!one_by_one.is_empty(), "the queen endings add games");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn criteria_that_cannot_match_are_refused() {
    for args in [
        &["filter", "--result", "foo", "corpus/chess/glyphs_nags_results.pgn"][..],
        &["filter", "--plies", "10..5", "corpus/chess/glyphs_nags_results.pgn"],
        &["filter", "--date", "2024..2020", "corpus/chess/glyphs_nags_results.pgn"],
        &["filter", "--material", "r= p", "corpus/chess/glyphs_nags_results.pgn"],
        &["filter", "--pattern", "8/[x", "corpus/chess/glyphs_nags_results.pgn"],
        &["filter", "--tag", "WhiteElo>=abc", "corpus/chess/glyphs_nags_results.pgn"],
    ] {
        let out = pgn100(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(out.stdout.is_empty(), "{args:?}");
        assert!(!out.stderr.is_empty(), "{args:?}");
    }
}

/// A game's positions: the start, then after each move, as FEN boards
/// expanded to one character a square (`_` empty), top rank first.
type Boards = Vec<Vec<Vec<u8>>>;

fn expand(fen: &str) -> Vec<Vec<u8>> {
    let board = fen.split(' ').next().expect("board");
    board
        .split('/')
        .map(|rank| {
            let mut row = Vec::new();
            let mut number = 0usize;
            for c in rank.bytes() {
                if c.is_ascii_digit() {
                    number = number * 10 + usize::from(c - b'0');
                    continue;
                }
                row.extend(std::iter::repeat_n(b'_', number));
                number = 0;
                row.push(c);
            }
            row.extend(std::iter::repeat_n(b'_', number));
            row
        })
        .collect()
}

/// Random games of `variant` and each one's positions from `moves --fen`.
fn variant_games(variant: Variant, name: &str, dir: &std::path::Path) -> (String, Vec<Boards>) {
    let file = dir.join(format!("{name}.pgn"));
    let path = file.to_str().expect("path").to_string();
    let gen =
        pgn100(&["generate", "--variant", name, "--games", "60", "--seed", "5", "--letters", "latin", "-o", &path]);
    assert!(gen.status.success(), "{gen:?}");
    let out = pgn100(&["moves", "--fen", "--format", "jsonl", &path]);
    assert!(out.status.success(), "{out:?}");
    let start = expand(&VariantPosition::start(variant).expect("start").fen());
    let mut games: Vec<Boards> = Vec::new();
    for line in String::from_utf8(out.stdout).expect("utf-8").lines() {
        let row: serde_json::Value = serde_json::from_str(line).expect("json");
        let game = row["game"].as_u64().expect("game") as usize;
        while games.len() < game {
            games.push(vec![start.clone()]);
        }
        games.last_mut().expect("a game").push(expand(row["fen"].as_str().expect("fen")));
    }
    while games.len() < 60 {
        games.push(vec![start.clone()]);
    }
    (path, games)
}

fn count(board: &[Vec<u8>], man: u8) -> i32 {
    board.iter().flatten().filter(|&&c| c == man).count() as i32
}

/// Whether `holds` is true in more than `stability` consecutive positions
/// each followed by a move (every position but the last).
fn stable(boards: &Boards, stability: usize, holds: impl Fn(&[Vec<u8>]) -> bool) -> bool {
    let mut run = 0;
    for b in boards.iter().take(boards.len().saturating_sub(1)) {
        run = if holds(b) { run + 1 } else { 0 };
        if run > stability {
            return true;
        }
    }
    false
}

/// The game numbers (from 1) that `pgn100 filter ARGS FILE` writes.
fn matched(args: &[&str], path: &str) -> Vec<usize> {
    let mut full = vec!["filter"];
    full.extend_from_slice(args);
    full.push(path);
    let out = pgn100(&full);
    let text = String::from_utf8(out.stdout).expect("utf-8");
    text.lines()
        .filter_map(|l| l.strip_prefix("[Generator \"pgn100 seed 5 game "))
        .map(|n| n.trim_end_matches("\"]").parse().expect("game number"))
        .collect()
}

#[test]
fn material_and_patterns_agree_with_moves_fen_in_every_variant() {
    let dir = std::env::temp_dir().join(format!("pgn100-filter-variants-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("dir");
    for (variant, name) in
        [(Variant::Hundred, "hundred"), (Variant::Grand, "grand"), (Variant::Royal, "royal"), (Variant::Dice, "dice")]
    {
        let (path, games) = variant_games(variant, name, &dir);
        let rules = variant.rules().expect("rules");
        let has_a = rules.role_of_letter('a').is_some();
        let height = usize::from(rules.height);
        let expect = |f: &dyn Fn(&Boards) -> bool| -> Vec<usize> {
            games.iter().enumerate().filter(|(_, g)| f(g)).map(|(i, _)| i + 1).collect()
        };
        let minors = |b: &[Vec<u8>], white: bool| {
            if white {
                count(b, b'B') + count(b, b'N')
            } else {
                count(b, b'b') + count(b, b'n')
            }
        };
        let rest = |r: usize| vec!["*"; r].join("/");
        let checks: Vec<(Vec<String>, Vec<usize>)> = vec![
            (
                vec!["--material".into(), "q*r*b*n*p*a*c*t*s* q*r<b*n*p*a*c*t*s*".into()],
                expect(&|g| {
                    stable(g, 2, |b| count(b, b'R') < count(b, b'r'))
                        || stable(g, 2, |b| count(b, b'r') < count(b, b'R'))
                }),
            ),
            (
                vec!["--material-white".into(), "q0r*b*n*p*a*c*t*s*".into()],
                expect(&|g| stable(g, 2, |b| count(b, b'Q') == 0)),
            ),
            (
                vec!["--material".into(), "4 Ф*Л*С*К*п*П*М*Кд*Пр*Пс* Ф*Л1>=С*К*п*П*М*Кд*Пр*Пс*".into()],
                expect(&|g| {
                    stable(g, 4, |b| count(b, b'r') == count(b, b'R') + 1)
                        || stable(g, 4, |b| count(b, b'R') == count(b, b'r') + 1)
                }),
            ),
            (
                vec!["--material".into(), "0 q*r*l2-p*a*c*t*s* q*r*l*p*a*c*t*s*".into()],
                expect(&|g| stable(g, 0, |b| minors(b, true) <= 2 || minors(b, false) <= 2)),
            ),
            (
                vec!["--pattern".into(), format!("*W*/{}", rest(height - 1))],
                expect(&|g| g.iter().any(|b| b.first().is_some_and(|r| r.iter().any(u8::is_ascii_uppercase)))),
            ),
            (
                vec!["--pattern".into(), format!("*W*/{}", rest(height - 1)), "--pattern-either".into()],
                expect(&|g| {
                    g.iter().any(|b| {
                        b.first().is_some_and(|r| r.iter().any(u8::is_ascii_uppercase))
                            || b.last().is_some_and(|r| r.iter().any(u8::is_ascii_lowercase))
                    })
                }),
            ),
            (
                vec!["--pattern".into(), format!("{}/*a*/{}", rest(3), rest(height - 4))],
                expect(&|g| {
                    g.iter().any(|b| {
                        b.get(3)
                            .is_some_and(|r| r.iter().any(|&c| if has_a { c == b'a' } else { c.is_ascii_lowercase() }))
                    })
                }),
            ),
            (
                vec!["--pattern".into(), format!("{}/?[^Pp]!*/{}", rest(4), rest(height - 5))],
                expect(&|g| {
                    g.iter().any(|b| {
                        b.get(4).is_some_and(|r| {
                            r.get(1).is_some_and(|&c| c != b'P' && c != b'p') && r.get(2).is_some_and(|&c| c != b'_')
                        })
                    })
                }),
            ),
        ];
        let mut telling = 0;
        for (args, expected) in checks {
            let args: Vec<&str> = args.iter().map(String::as_str).collect();
            let got = matched(&args, &path);
            assert_eq!(got, expected, "{name} {args:?}");
            assert!(!expected.is_empty(), "{name} {args:?}: no game to compare");
            if expected.len() < games.len() {
                telling += 1;
            }
        }
        assert!(telling >= 5, "{name}: only {telling} checks leave some games out");
    }
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn has_and_ends_read_the_record_and_the_board() {
    let file = "corpus/chess/2024-champions-chess-tour-finals-semi-finals-day4.pgn";
    let count = |args: &[&str]| {
        let mut full = vec!["filter", "--variant", "chess"];
        full.extend_from_slice(args);
        full.push(file);
        keys(&pgn100(&full).stdout).len()
    };
    let all = count(&[]);
    // Every game of this broadcast has [%clk] and [%eval] after every move.
    assert_eq!(count(&["--has", "clock"]), all);
    assert_eq!(count(&["--has", "eval"]), all);
    assert_eq!(count(&["--has", "comment"]), all);
    assert_eq!(count(&["--has", "variation"]), 0);
    let plain = "corpus/chess/lichess_db_2013-01_first32_mliebelt.pgn";
    let out = pgn100(&["filter", "--variant", "chess", "--has", "clock", plain]);
    assert_eq!(out.status.code(), Some(1), "no clocks there");
    // A mate by the board, whatever the Result tag says.
    let game = "[Result \"*\"]\n\n1. f3 e5 2. g4 Qh4# *\n";
    let out = crate::common::with_stdin(&["filter", "--variant", "chess", "--ends", "checkmate", "-"], game.as_bytes());
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let out = crate::common::with_stdin(
        &["filter", "--variant", "chess", "--has", "checkmate", "--not", "-"],
        game.as_bytes(),
    );
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    let repeated = "[Result \"*\"]\n\n1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 *\n";
    for (ends, code) in [("repetition", 0), ("claim", 0), ("stalemate", 1)] {
        let out =
            crate::common::with_stdin(&["filter", "--variant", "chess", "--ends", ends, "-"], repeated.as_bytes());
        assert_eq!(out.status.code(), Some(code), "{ends}: {out:?}");
    }
}

#[test]
fn numbers_in_tags_elo_difference_and_winner() {
    let game = |w: &str, b: &str, r: &str| {
        format!("[WhiteElo \"{w}\"]\n[BlackElo \"{b}\"]\n[Result \"{r}\"]\n\n1. e4 {r}\n\n")
    };
    let text = [
        game("2700", "2500", "1-0"),
        game("2400", "2600", "1-0"),
        game("?", "2600", "0-1"),
        game("2500", "2500", "1/2-1/2"),
    ]
    .concat();
    let count = |args: &[&str]| {
        let mut full = vec!["filter", "--variant", "chess"];
        full.extend_from_slice(args);
        full.push("-");
        let out = crate::common::with_stdin(&full, text.as_bytes());
        String::from_utf8_lossy(&out.stdout).matches("[WhiteElo").count()
    };
    assert_eq!(count(&["--tag", "WhiteElo>=2500"]), 2);
    assert_eq!(count(&["--tag", "WhiteElo<2500"]), 1);
    assert_eq!(count(&["--tag", "WhiteElo!=2500"]), 3);
    assert_eq!(count(&["--elo-diff", "150..250"]), 2);
    assert_eq!(count(&["--elo-diff", "0"]), 1);
    assert_eq!(count(&["--winner", "higher-rated"]), 1);
    assert_eq!(count(&["--winner", "lower-rated"]), 1);
}
