//! `convert --eco` beside python-chess's reading of lichess's
//! chess-openings table: corpus/convert/eco_python_chess.py wrote, for each
//! game of the chess files below, the ECO code and name of the deepest
//! main-line position whose `board.epd()` is in the table
//! (corpus/convert/eco/FILE.tsv). pgn100 must agree on 99 % of the games or
//! more, and name none in another variant.

use super::common;

const FILES: &[&str] = &[
    "chess/lichess_db_2013-01_first32_mliebelt.pgn",
    "chess/lichess_export_mliebelt_2024-01-03.pgn",
    "chess/twic_sample_232games_mliebelt.pgn",
    "chess/2024-champions-chess-tour-finals-day5.pgn",
    "chess/2024-champions-chess-tour-finals-round-robin-stage-day3.pgn",
    "chess/2024-champions-chess-tour-finals-semi-finals-day4.pgn",
    "chess/glyphs_nags_results.pgn",
    "chess/sesse_2024-02-03_latin1.pgn",
    "chess/gnuchess_book_1.02_games21341-21370_cp437.pgn",
    "convert/variations.pgn",
];

/// pgn100's names: `ECO<TAB>Opening` or `-`, a game a line.
fn ours(file: &str) -> Vec<String> {
    let path = common::corpus(file);
    let args =
        ["convert", "--variant", "chess", "--tags", "Event", "--eco", "--to", "jsonl", path.to_str().expect("path")];
    let o = common::pgn100(&args);
    assert!(o.status.code().is_some_and(|c| c < 2), "{file}: {}", String::from_utf8_lossy(&o.stderr));
    String::from_utf8(o.stdout)
        .expect("UTF-8")
        .lines()
        .map(|line| {
            let game: serde_json::Value = serde_json::from_str(line).expect("JSON");
            let tag = |name: &str| game["tags"][name].as_str().map(str::to_string);
            match (tag("ECO"), tag("Opening")) {
                (Some(eco), Some(name)) => format!("{eco}\t{name}"),
                _ => "-".to_string(),
            }
        })
        .collect()
}

#[test]
fn eco_agrees_with_python_chess_on_99_percent_of_the_games() {
    let (mut games, mut agree, mut named) = (0, 0, 0);
    for file in FILES {
        let stem = file.rsplit('/').next().and_then(|n| n.strip_suffix(".pgn")).expect("name");
        let golden = std::fs::read_to_string(common::corpus(&format!("convert/eco/{stem}.tsv"))).expect("golden");
        let theirs: Vec<&str> = golden.lines().collect();
        let ours = ours(file);
        assert_eq!(ours.len(), theirs.len(), "{file}: games");
        for (i, (a, b)) in ours.iter().zip(&theirs).enumerate() {
            games += 1;
            named += usize::from(*b != "-");
            if a == b {
                agree += 1;
            } else {
                eprintln!("{file} game {}: pgn100 {a:?}, python-chess {b:?}", i + 1);
            }
        }
    }
    assert!(named * 10 > games * 9, "{named} of {games} games named");
    assert!(agree * 100 >= games * 99, "{agree} of {games} agree");
}

/// Only Chess games are named: the same moves read as Hundred get nothing.
#[test]
fn eco_names_no_game_of_another_variant() {
    let game = "[Event \"x\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *\n";
    let chess = common::with_stdin(&["convert", "--variant", "chess", "--eco", "-"], game.as_bytes());
    let text = String::from_utf8(chess.stdout).expect("UTF-8");
    assert!(text.contains("[ECO \"C70\"]") && text.contains("[Opening \"Ruy Lopez: Morphy Defense\"]"), "{text}");
    let hundred = common::with_stdin(&["convert", "--variant", "grand", "--eco", "-"], game.as_bytes());
    assert!(!String::from_utf8_lossy(&hundred.stdout).contains("[ECO "));
}
