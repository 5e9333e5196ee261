//! `pgn100 show`: golden text and SVG diagrams (corpus/show/), the SVG
//! well-formed XML with one square per board square.

use crate::common::with_stdin;
use std::path::Path;
use std::process::Command;

fn run(args: &[&str], svg: &Path) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_pgn100"))
        .args(args)
        .arg("--svg")
        .arg(svg)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env("NO_COLOR", "1")
        .output()
        .expect("runs");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).expect("UTF-8")
}

#[test]
fn diagrams_match_their_golden_files() {
    let dir = tempfile::tempdir().expect("tempdir");
    let golden = Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus/show");
    let cases: [(&str, &[&str]); 3] = [
        ("seed002_castling", &["show", "corpus/valid/seed002_castling.pgn"]),
        ("latin_short_ply9", &["show", "corpus/valid/latin_short_annotated.pgn", "--ply", "9", "--pieces", "unicode"]),
        ("throne", &["show", "--fen", "k9/10/5K4/10/10/10/10/PPPPPPP3/10/10 w T - 0 1", "--letters", "cyrillic"]),
    ];
    for (name, args) in cases {
        let svg_path = dir.path().join(format!("{name}.svg"));
        let text = run(args, &svg_path);
        let expected = std::fs::read_to_string(golden.join(format!("{name}.txt"))).expect("golden text");
        assert_eq!(text, expected, "{name}.txt");
        let svg = std::fs::read_to_string(&svg_path).expect("svg written");
        let expected = std::fs::read_to_string(golden.join(format!("{name}.svg"))).expect("golden svg");
        assert_eq!(svg, expected, "{name}.svg");
        let doc = roxmltree::Document::parse(&svg).expect("well-formed XML");
        let squares = doc.descendants().filter(|n| n.has_tag_name("rect")).count();
        assert_eq!(squares, 101, "{name}: 100 squares and the background");
        assert_eq!(doc.root_element().tag_name().name(), "svg");
    }
}

#[test]
fn the_last_move_is_marked_and_bad_requests_fail() {
    let dir = tempfile::tempdir().expect("tempdir");
    let text = run(&["show", "corpus/valid/seed002_en_passant.pgn", "--ply", "2"], &dir.path().join("x.svg"));
    // 1... c5:d4 e.p.: from c5 to d4 marked, the pawn on d5 gone.
    assert!(text.contains(" 4     .    (p)    ."), "{text}");
    assert!(text.contains(" 5  .    ( )    .     ."), "{text}");
    let bad = Command::new(env!("CARGO_BIN_EXE_pgn100"))
        .args(["show", "corpus/valid/seed002_en_passant.pgn", "--ply", "99"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("runs");
    assert_eq!(bad.status.code(), Some(2));
}

#[test]
fn show_reads_standard_input_and_refuses_a_fen_with_a_file() {
    let file = std::fs::read(Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus/valid/seed002_castling.pgn"))
        .expect("corpus file");
    let from_file = with_stdin(&["show", "corpus/valid/seed002_castling.pgn"], b"");
    let from_stdin = with_stdin(&["show", "-"], &file);
    assert_eq!(from_stdin.status.code(), Some(0), "{}", String::from_utf8_lossy(&from_stdin.stderr));
    assert_eq!(from_stdin.stdout, from_file.stdout);
    let both = with_stdin(
        &["show", "--fen", "k9/10/10/10/10/10/10/10/10/9K w - - 0 1", "corpus/valid/seed002_castling.pgn"],
        b"",
    );
    assert_eq!(both.status.code(), Some(2));
}

#[test]
fn show_says_where_an_invalid_game_stops() {
    let game = b"[Result \"*\"]\n\n1. e3-e5 e8-e6 2. \xd0\x9ac2-c4 *\n";
    let o = with_stdin(&["show", "-"], game);
    assert_eq!(o.status.code(), Some(1));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("pgn100::illegal_move") && err.contains("where its replay stops"), "{err}");
    // The position after the two plies that were replayed.
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(out.contains("white to move"), "{out}");
    // A ply before the error is shown as asked, without complaint.
    assert_eq!(with_stdin(&["show", "-", "--ply", "1"], game).status.code(), Some(0));
    let o = with_stdin(&["show", "-", "--ply", "3"], game);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("its replay stops at ply 3"));
}

#[test]
fn show_states_mate_stalemate_and_check() {
    for (fen, state) in [
        ("k9/1Q8/2K7/10/10/10/10/10/10/10 b - - 0 1", "checkmate, white wins"),
        ("k9/10/1Q8/2K7/10/10/10/10/10/10 b - - 0 1", "stalemate"),
        ("k9/10/2Q7/10/10/10/10/10/10/9K b - - 0 1", "black to move, in check"),
    ] {
        let o = with_stdin(&["show", "--fen", fen], b"");
        assert_eq!(o.status.code(), Some(0), "{fen}: {}", String::from_utf8_lossy(&o.stderr));
        let out = String::from_utf8_lossy(&o.stdout);
        assert!(out.lines().last().is_some_and(|l| l.starts_with(state)), "{fen}: {out}");
    }
}

/// The oracle's Dice games (corpus/oracle/dice/) and one of their records.
pub mod dice {
    use crate::common::read_jsonl;
    use pgn100::notation::{GameRecord, Item, Reader};

    pub const LATIN: &str = "corpus/oracle/dice/dice-lat-short.pgn";
    pub const CYRILLIC: &str = "corpus/oracle/dice/dice-cyr-long.pgn";

    pub fn games() -> Vec<serde_json::Value> {
        read_jsonl("oracle/dice/games_dice_sample.jsonl")
    }

    pub fn text(file: &str) -> String {
        std::fs::read_to_string(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(file)).expect("oracle PGN")
    }

    pub fn records(text: &str) -> Vec<GameRecord> {
        Reader::new(text)
            .filter_map(|item| match item {
                Item::Game(g) => Some(g),
                _ => None,
            })
            .collect()
    }

    /// The rolls of each game of a file as written (`<R R p>`), read off
    /// the text by their brackets, one list a game.
    pub fn written_rolls(text: &str) -> Vec<Vec<String>> {
        text.split("[Event ")
            .skip(1)
            .map(|game| {
                let moves: String = game.lines().filter(|l| !l.starts_with('[')).collect::<Vec<_>>().join(" ");
                moves.split('<').skip(1).map(|r| format!("<{}>", r.split_once('>').expect("a closed roll").0)).collect()
            })
            .collect()
    }

    /// The oracle's roll in the Latin letters or the digits of its files.
    pub fn roll(turn: &serde_json::Value, digits: bool) -> String {
        let faces: Vec<String> = turn["roll"]
            .as_array()
            .expect("roll")
            .iter()
            .map(|f| {
                let f = f.as_u64().expect("face") as usize;
                if digits {
                    f.to_string()
                } else {
                    ["p", "N", "B", "R", "Q", "K"][f - 1].to_string()
                }
            })
            .collect();
        format!("<{}>", faces.join(" "))
    }

    pub fn strings(v: &serde_json::Value) -> Vec<String> {
        v.as_array().expect("list").iter().map(|s| s.as_str().expect("string").to_string()).collect()
    }

    /// A FEN with its en passant field replaced by `-` (the oracle's form),
    /// and that field.
    pub fn split_ep(fen: &str) -> (String, String) {
        let mut fields: Vec<&str> = fen.split(' ').collect();
        let ep = fields.get(3).copied().unwrap_or_default().to_string();
        if let Some(f) = fields.get_mut(3) {
            *f = "-";
        }
        (fields.join(" "), ep)
    }
}

/// Every position of every oracle Dice game, in both its records (Latin
/// short, Cyrillic long), as `show` computes it: the start, then after each
/// move the oracle's FEN, with the en passant squares open for the turn
/// that moves (the next turn's once a turn is over), the roll the record
/// writes for the move's turn, and the turn's start for every turn.
#[test]
fn dice_positions_after_every_move_are_the_oracles() {
    use pgn100::commands::show::{dice_frame, frames};
    use pgn100::replay::{replay, Options};
    let games = dice::games();
    for (file, digits) in [(dice::LATIN, false), (dice::CYRILLIC, true)] {
        let text = dice::text(file);
        let records = dice::records(&text);
        let rolls = dice::written_rolls(&text);
        assert_eq!((records.len(), rolls.len()), (games.len(), games.len()), "{file}");
        let mut positions = 0;
        for (i, (g, record)) in games.iter().zip(&records).enumerate() {
            let report = replay(record, i, Options::default());
            assert!(report.complete && report.is_valid(), "{file} game {i}");
            let shown = frames(record, &report);
            let turns = g["turns"].as_array().expect("turns");
            assert_eq!(rolls[i].len(), turns.len(), "{file} game {i}: a roll a turn");
            let mut k = 0;
            assert_eq!(shown[0].fen(), g["start_fen"].as_str().expect("start"), "game {i}");
            for (ti, t) in turns.iter().enumerate() {
                let fens = dice::strings(&t["fens"]);
                let ep = dice::strings(&t["ep"]).concat();
                let next_ep = turns.get(ti + 1).map(|n| dice::strings(&n["ep"]).concat());
                assert_eq!(rolls[i][ti], dice::roll(t, digits), "{file} game {i} turn {ti}: the record's roll");
                // The turn's start: the men as the oracle's last FEN, this
                // player to move with all three dice, this turn's squares.
                let start = dice_frame(record, &report, ti, 0).expect("every turn has a start");
                assert_eq!(start.roll().as_deref(), Some(rolls[i][ti].as_str()), "{file} game {i} turn {ti}");
                if !fens.is_empty() {
                    let (_, open) = dice::split_ep(&start.fen());
                    assert_eq!(open, if ep.is_empty() { "-".to_string() } else { ep.clone() }, "game {i} turn {ti}");
                    let dice = start.dice.as_ref().expect("a Dice position");
                    assert_eq!(dice.left.count(), 3);
                    assert!(!dice.over);
                }
                for (j, fen) in fens.iter().enumerate() {
                    k += 1;
                    let f = shown.get(k).unwrap_or_else(|| panic!("{file} game {i}: position {k}"));
                    let (plain, open) = dice::split_ep(&f.fen());
                    assert_eq!(plain, *fen, "{file} game {i} turn {ti} move {j}");
                    let last = j + 1 == fens.len();
                    let want = if last { next_ep.clone() } else { Some(ep.clone()) };
                    if let Some(want) = want {
                        let want = if want.is_empty() { "-".to_string() } else { want };
                        assert_eq!(open, want, "{file} game {i} turn {ti} move {j}: open en passant squares");
                    }
                    assert_eq!(f.roll().as_deref(), Some(rolls[i][ti].as_str()), "{file} game {i} turn {ti}");
                    let dice = f.dice.as_ref().expect("a Dice position");
                    assert_eq!((dice.made, dice.over), (j + 1, last), "{file} game {i} turn {ti} move {j}");
                    positions += 1;
                }
            }
            assert_eq!(shown.len(), k + 1, "{file} game {i}: the start and a position a move");
        }
        let moves: usize = games
            .iter()
            .flat_map(|g| {
                g["turns"].as_array().expect("turns").iter().map(|t| t["moves"].as_array().map_or(0, Vec::len))
            })
            .sum();
        assert_eq!(positions, moves, "{file}");
    }
}

/// What `show` prints for a Dice position: the turn's line (if any) and
/// the FEN of the last line.
fn dice_show(args: &[&str]) -> (Option<String>, String) {
    let o = crate::common::pgn100(args);
    assert_eq!(o.status.code(), Some(0), "{args:?}: {}", String::from_utf8_lossy(&o.stderr));
    let out = String::from_utf8(o.stdout).expect("UTF-8");
    let lines: Vec<&str> = out.lines().collect();
    let fen = lines.last().and_then(|l| l.split_once("; FEN ")).map(|(_, f)| f.to_string()).expect("a FEN line");
    let turn = lines.iter().rev().nth(1).filter(|l| l.starts_with("turn ")).map(|l| (*l).to_string());
    // Eight ranks and the files' letters, the turn's line, the state.
    assert_eq!(lines.len(), 9 + usize::from(turn.is_some()) + 1, "{out}");
    (turn, fen)
}

/// `show --ply k` at every move of a few oracle Dice games (one with a
/// promotion, one castling, en passant captures; both records): the board's
/// FEN is the oracle's after that move and the turn's line names the turn
/// and the roll the record writes. `--turn` at every turn (its end, and
/// with `--move 0` its start) agrees.
#[test]
fn show_draws_every_move_of_dice_games_with_their_rolls() {
    let games = dice::games();
    for (file, digits, game) in [
        (dice::LATIN, false, 0usize),
        (dice::LATIN, false, 36),
        (dice::CYRILLIC, true, 50),
        (dice::CYRILLIC, true, 188),
    ] {
        let g = &games[game];
        let game_arg = (game + 1).to_string();
        let rolls = dice::written_rolls(&dice::text(file)).swap_remove(game);
        let base = ["show", file, "--game", game_arg.as_str()];
        let (turn, fen) = dice_show(&[&base[..], &["--ply", "0"]].concat());
        assert_eq!((turn, fen.as_str()), (None, g["start_fen"].as_str().expect("start")));
        let mut ply = 0;
        let mut last_fen = fen;
        for (ti, t) in g["turns"].as_array().expect("turns").iter().enumerate() {
            let n = t["moves"].as_array().map_or(0, Vec::len);
            let roll = &rolls[ti];
            assert_eq!(*roll, dice::roll(t, digits));
            let number = if ti % 2 == 0 { format!("{}.", ti / 2 + 1) } else { format!("{}...", ti / 2 + 1) };
            let color = if ti % 2 == 0 { "white" } else { "black" };
            let head = format!("turn {number} of {color}, roll {roll}: ");
            for (j, want) in dice::strings(&t["fens"]).iter().enumerate() {
                ply += 1;
                let (line, fen) = dice_show(&[&base[..], &["--ply", &ply.to_string()]].concat());
                assert_eq!(dice::split_ep(&fen).0, *want, "{file} game {game} ply {ply}");
                let line = line.expect("a turn's line");
                assert!(
                    line.starts_with(&format!("{head}move {} of {n}, ", j + 1)),
                    "{file} game {game} ply {ply}: {line}"
                );
                last_fen = fen;
            }
            // The turn's end is its last move's position (or, for an empty
            // turn, the one before with the turn passed).
            let (line, fen) = dice_show(&[&base[..], &["--turn", &number]].concat());
            let line = line.expect("a turn's line");
            assert!(line.starts_with(&head), "{line}");
            if n > 0 {
                assert_eq!(fen, last_fen, "{file} game {game} turn {number}");
            } else {
                assert!(line.ends_with("no die can be spent, the turn is empty"), "{line}");
                assert_eq!(dice::split_ep(&fen).0.split(' ').next(), last_fen.split(' ').next());
            }
            let (line, _) = dice_show(&[&base[..], &["--turn", &number, "--move", "0"]].concat());
            let line = line.expect("a turn's line");
            assert!(n == 0 || line.starts_with(&format!("{head}before its first move")), "{line}");
        }
        // Without --ply: the end, the king taken.
        let o = crate::common::pgn100(&base);
        let out = String::from_utf8_lossy(&o.stdout);
        let winner = if g["result"] == "1-0" { "white" } else { "black" };
        assert!(out.lines().last().is_some_and(|l| l.starts_with(&format!("{winner} took"))), "{out}");
        assert_eq!(dice_show(&base).1, last_fen);
    }
}

/// A Dice FEN `show` prints is read back by `show --fen --variant dice`
/// (the en passant squares too); bad requests fail with exit 2.
#[test]
fn a_dice_fen_is_shown_again_and_bad_requests_fail() {
    let (_, fen) = dice_show(&["show", dice::LATIN, "--ply", "3"]);
    assert!(fen.contains(" a3 "), "{fen}: the square a2-a4 skipped is open");
    let (turn, again) = dice_show(&["show", "--fen", &fen, "--variant", "dice"]);
    assert_eq!((turn, again), (None, fen));
    for args in [
        &["show", dice::LATIN, "--ply", "128"][..],
        &["show", dice::LATIN, "--turn", "28"],
        &["show", dice::LATIN, "--turn", "1.", "--move", "4"],
        &["show", dice::LATIN, "--turn", "x"],
        &["show", "corpus/valid/seed002_castling.pgn", "--turn", "1"],
        &["show", dice::LATIN, "--move", "1"],
    ] {
        let o = crate::common::pgn100(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(!o.stderr.is_empty(), "{args:?}");
    }
    // A Dice game whose replay stops: the position where it stops, exit 1.
    let o = with_stdin(&["show", "-"], b"[Variant \"Dice\"]\n\n1. <p p p> e4 d4 Nf3 *\n");
    assert_eq!(o.status.code(), Some(1));
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(out.contains("turn 1. of white, roll <p p p>: move 2 of 2, d4; dice left: p"), "{out}");
    assert!(String::from_utf8_lossy(&o.stderr).contains("where its replay stops"));
}
