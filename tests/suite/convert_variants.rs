//! `convert`'s shaping options on Hundred, Grand, Royal and Dice chess
//! files (the Royal and Dice ones the first four games of the oracle
//! files corpus/oracle/{royal,dice}/): golden outputs (corpus/convert/variants/FILE.CASE;
//! `PGN100_BLESS=1 cargo test --release --test suite convert_variants`
//! rewrites them), and cross checks with `moves`: the UCI moves are its
//! `uci` column, each EPD line's board its FEN for that ply.

use super::common;

const FILES: &[&str] = &[
    "valid/cyrillic_long_annotated.pgn",
    "valid/latin_short_annotated.pgn",
    "valid/grand_cyrillic.pgn",
    "convert/variants/royal-cyr-long-first4.pgn",
    "convert/variants/dice-lat-short-first4.pgn",
];

/// The cases: the golden file's suffix and the options.
const CASES: &[(&str, &[&str])] = &[
    ("strip", &["--no-comments", "--no-nags", "--no-variations"]),
    ("notags", &["--no-tags", "--no-move-numbers", "--no-results", "--no-checks"]),
    ("seven", &["--seven-tags"]),
    ("plylimit", &["--ply-limit", "9"]),
    ("dropply", &["--drop-ply", "6", "--no-variations"]),
    ("uci", &["--to", "uci"]),
    ("epd", &["--to", "epd"]),
    ("fen", &["--to", "fen"]),
    ("jsonl", &["--to", "jsonl", "--fens"]),
    ("addtags", &["--add-tags", "plycount,final-fen,hash"]),
    ("fixresults", &["--fix-results", "--no-variations"]),
    ("split", &["--split-variations"]),
];

fn stem(file: &str) -> &str {
    file.rsplit('/').next().and_then(|n| n.strip_suffix(".pgn")).expect("a .pgn file")
}

fn run(args: &[&str]) -> String {
    let o = common::pgn100(args);
    assert!(o.status.code().is_some_and(|c| c < 2), "{args:?}: {}", String::from_utf8_lossy(&o.stderr));
    String::from_utf8(o.stdout).expect("UTF-8")
}

fn convert(file: &str, options: &[&str]) -> String {
    let path = common::corpus(file);
    let mut args = vec!["convert"];
    args.extend(options);
    args.push(path.to_str().expect("path"));
    run(&args)
}

#[test]
fn shaping_other_variants_gives_the_golden_outputs() {
    let bless = std::env::var_os("PGN100_BLESS").is_some();
    for file in FILES {
        for (case, options) in CASES {
            let got = convert(file, options);
            assert!(!got.is_empty(), "{file} {case}: nothing written");
            let golden = common::corpus(&format!("convert/variants/{}.{case}", stem(file)));
            if bless {
                std::fs::create_dir_all(golden.parent().expect("dir")).expect("dir");
                std::fs::write(&golden, &got).expect("write");
                continue;
            }
            let want = std::fs::read_to_string(&golden).unwrap_or_else(|e| panic!("{}: {e}", golden.display()));
            assert!(got == want, "{file} {case}: not as {} (PGN100_BLESS=1 rewrites it)", golden.display());
        }
    }
}

/// `moves`'s rows of a file: (game, ply, uci, fen).
fn moves(file: &str) -> Vec<(u64, u64, String, String)> {
    let path = common::corpus(file);
    run(&["moves", "--fen", "--format", "jsonl", path.to_str().expect("path")])
        .lines()
        .map(|l| {
            let row: serde_json::Value = serde_json::from_str(l).expect("JSON");
            let text = |k: &str| row[k].as_str().unwrap_or_default().to_string();
            (row["game"].as_u64().expect("game"), row["ply"].as_u64().expect("ply"), text("uci"), text("fen"))
        })
        .collect()
}

#[test]
fn uci_and_epd_agree_with_moves() {
    for file in FILES {
        let rows = moves(file);
        assert!(!rows.is_empty(), "{file}");
        // `--to uci`: a game's words but its tags and result are `moves`'s uci column.
        let uci = convert(file, &["--to", "uci", "--no-tags", "--no-results"]);
        let ours: Vec<Vec<&str>> =
            uci.split("\n\n").filter(|g| !g.trim().is_empty()).map(|g| g.split_whitespace().collect()).collect();
        for (i, game) in ours.iter().enumerate() {
            let theirs: Vec<&str> = rows.iter().filter(|r| r.0 == i as u64 + 1).map(|r| r.2.as_str()).collect();
            assert_eq!(*game, theirs, "{file} game {}", i + 1);
        }
        // `--to epd`: the line of ply M (after M plies) is `moves`'s FEN of
        // ply M without its counters.
        let epd = convert(file, &["--to", "epd"]);
        let mut checked = 0;
        for line in epd.lines().filter(|l| !l.is_empty()) {
            let (board, rest) = line.split_once(" c0 ").expect("c0");
            let id = rest.rsplit_once("id \"game ").expect("id").1.trim_end_matches("\";");
            let (game, ply) = id.split_once(" ply ").expect("ply");
            let (game, ply): (u64, u64) = (game.parse().expect("game"), ply.parse().expect("ply"));
            if ply == 0 {
                continue;
            }
            let row = rows.iter().find(|r| r.0 == game && r.1 == ply).expect("a row");
            let fields: Vec<&str> = row.3.split(' ').collect();
            let fen = fields.get(..fields.len() - 2).expect("counters").join(" ");
            // (Within a Dice chess turn `moves` writes the side and en
            // passant square of the turn's end: the men alone are compared.)
            if file.contains("dice") {
                assert_eq!(board.split(' ').next(), fen.split(' ').next(), "{file} game {game} ply {ply}");
            } else {
                assert_eq!(board, fen, "{file} game {game} ply {ply}");
            }
            checked += 1;
        }
        assert_eq!(checked, rows.len(), "{file}: a line a ply");
    }
}
