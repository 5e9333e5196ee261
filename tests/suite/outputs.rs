//! Where output goes: `-o` to a path that is no regular file (a device,
//! `/dev/stdout`, a named pipe), a closed output pipe, and the parts of
//! `split --by-tag`.

use std::path::Path;
use std::process::{Command, Output, Stdio};

use crate::common::pgn100;

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

const CASTLING: &str = "corpus/valid/seed002_castling.pgn";
const TWIC: &str = "corpus/chess/twic_sample_232games_mliebelt.pgn";

/// `-o /dev/stdout` writes to the standard output (a pipe here) what the
/// command writes there without `-o`: the path is written to, not replaced.
#[test]
fn output_to_dev_stdout_is_the_standard_output() {
    for args in [
        vec!["moves", CASTLING],
        vec!["stats", "--per-game", "--format", "csv", CASTLING],
        vec!["stats", CASTLING],
        vec!["filter", CASTLING],
        vec!["dedup", CASTLING],
        vec!["convert", "--letters", "latin", CASTLING],
        vec!["annotate", CASTLING],
        vec!["tree", "--format", "json", CASTLING],
        vec!["generate", "--games", "2"],
    ] {
        let plain = pgn100(&args);
        assert_eq!(plain.status.code(), Some(0), "{args:?}: {}", stderr(&plain));
        let mut to = args.clone();
        to.extend(["-o", "/dev/stdout"]);
        let o = pgn100(&to);
        assert_eq!(o.status.code(), Some(0), "{to:?}: {}", stderr(&o));
        assert!(o.stdout == plain.stdout, "{to:?}: not what standard output gets");
    }
}

/// A named pipe given to `-o` stays a named pipe, and its reader gets the
/// rows (a rename over it would leave a regular file, as it would over
/// `/dev/null` when run as root).
#[test]
fn output_to_a_named_pipe_goes_through_it() {
    use std::os::unix::fs::FileTypeExt;
    let dir = tempfile::tempdir().expect("tempdir");
    let fifo = dir.path().join("rows.fifo");
    let made = Command::new("mkfifo").arg(&fifo).status().expect("mkfifo runs");
    assert!(made.success());
    let path = fifo.clone();
    // Blocks until a writer opens the pipe: left running if none ever does.
    let reader = std::thread::spawn(move || std::fs::read(path).expect("read the pipe"));
    let o = pgn100(&["moves", "-o", fifo.to_str().expect("path"), CASTLING]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let kind = std::fs::symlink_metadata(&fifo).expect("still there").file_type();
    assert!(kind.is_fifo(), "the named pipe was replaced by {kind:?}");
    let rows = reader.join().expect("reader");
    assert_eq!(rows, pgn100(&["moves", CASTLING]).stdout);
}

/// The write end of a pipe whose reader is gone.
fn closed_pipe() -> Stdio {
    let mut gone = Command::new("true").stdin(Stdio::piped()).spawn().expect("true runs");
    let end = gone.stdin.take().expect("its input");
    gone.wait().expect("true ends");
    Stdio::from(end)
}

/// man pgn100: "A closed output pipe ends the program quietly with status
/// 0", whatever the command and format (`| head`).
#[test]
fn a_closed_output_pipe_ends_every_command_quietly() {
    let cases: Vec<Vec<&str>> = vec![
        vec!["tree", "--variant", "chess", "--depth", "3", "--format", "json", TWIC],
        vec!["tree", "--variant", "chess", "--depth", "3", "--format", "csv", TWIC],
        vec!["tree", "--variant", "chess", "--depth", "3", TWIC],
        vec!["completions", "bash"],
        vec!["completions", "zsh"],
        vec!["completions", "fish"],
        vec!["completions", "elvish"],
        vec!["completions", "powershell"],
        vec!["moves", "--variant", "chess", TWIC],
        vec!["stats", "--per-game", "--format", "csv", "--variant", "chess", TWIC],
        vec!["convert", "--variant", "chess", "--to", "pgn", TWIC],
        vec!["generate", "--games", "50"],
        vec!["explain", "--list"],
    ];
    for args in cases {
        let o = Command::new(env!("CARGO_BIN_EXE_pgn100"))
            .args(&args)
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .env("NO_COLOR", "1")
            .stdout(closed_pipe())
            .stderr(Stdio::piped())
            .output()
            .expect("runs");
        assert_eq!(o.status.code(), Some(0), "{args:?}: {}", stderr(&o));
        assert!(!stderr(&o).contains("pipe") && !stderr(&o).contains("panicked"), "{args:?}: {}", stderr(&o));
    }
}

/// `split --by-tag`: one part a value. Values that make the same file name
/// (as `Nikolic, Predrag` and `Nikolic Predrag`, both White in the GNU
/// Chess book, or `?` and no tag) are parts of their own.
#[test]
fn split_by_tag_gives_each_value_its_own_part() {
    let text = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(TWIC)).expect("twic");
    let games: Vec<&str> = text.split("\n\n[Event ").take(5).collect();
    let whites = ["Nikolic, Predrag", "Nikolic Predrag", "?", "", "Nikolic, Predrag"];
    let mut input = String::new();
    for (k, (game, white)) in games.iter().zip(whites).enumerate() {
        let game = if k == 0 { game.to_string() } else { format!("[Event {game}") };
        let start = game.find("[White \"").expect("a White tag");
        let end = start + game[start..].find('\n').expect("its line") + 1;
        let tag = if white.is_empty() { String::new() } else { format!("[White \"{white}\"]\n") };
        input.push_str(&format!("{}{tag}{}\n\n", &game[..start], game[end..].trim_end()));
    }
    let dir = tempfile::tempdir().expect("tempdir");
    let file = dir.path().join("whites.pgn");
    std::fs::write(&file, &input).expect("write");
    let out = dir.path().join("parts");
    let o = pgn100(&["split", "--by-tag", "White", "--dir", out.to_str().expect("p"), file.to_str().expect("p")]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let mut parts: Vec<(String, Vec<String>)> = std::fs::read_dir(&out)
        .expect("parts")
        .map(|e| {
            let path = e.expect("entry").path();
            let part = std::fs::read_to_string(&path).expect("part");
            let games: Vec<&str> = part.split("[Event ").skip(1).collect();
            let values = games
                .iter()
                .map(|g| g.split_once("[White \"").map_or("", |(_, v)| v.split_once('"').expect("value").0).to_string())
                .collect();
            (path.file_name().expect("name").to_string_lossy().into_owned(), values)
        })
        .collect();
    parts.sort();
    let expected: Vec<(String, Vec<String>)> = [
        ("Nikolic_Predrag-2.pgn", vec!["Nikolic Predrag"]),
        ("Nikolic_Predrag.pgn", vec!["Nikolic, Predrag", "Nikolic, Predrag"]),
        ("_none-2.pgn", vec!["?"]),
        ("_none.pgn", vec![""]),
    ]
    .into_iter()
    .map(|(n, v)| (n.to_string(), v.into_iter().map(String::from).collect()))
    .collect();
    assert_eq!(parts, expected);
}

/// CSV of rows has its header line when there is no row, as `moves`
/// writes it: `stats --per-game --format csv` of an input without a game
/// (text only, or nothing) is its header, which a CSV reader takes as a
/// table of no rows.
#[test]
fn per_game_csv_of_no_game_is_its_header() {
    let dir = tempfile::tempdir().expect("tempdir");
    let text = dir.path().join("no_games.pgn");
    std::fs::write(&text, "Games of the club, spring season: none recorded.\n").expect("write");
    let empty = dir.path().join("empty.pgn");
    std::fs::write(&empty, "").expect("write");
    let header = pgn100::commands::stats::row::column_names().join(",") + "\n";
    for file in [&text, &empty] {
        let file = file.to_str().expect("path");
        let o = pgn100(&["stats", "--per-game", "--format", "csv", file]);
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        assert_eq!(String::from_utf8_lossy(&o.stdout), header, "{file}");
        let moves = pgn100(&["moves", file]);
        assert_eq!(moves.stdout.iter().filter(|&&b| b == b'\n').count(), 1, "moves: the header alone");
    }
    // With games, the header once, then a row a game.
    let o = pgn100(&["stats", "--per-game", "--format", "csv", CASTLING]);
    let out = String::from_utf8_lossy(&o.stdout).into_owned();
    assert!(out.starts_with(&header) && out.lines().count() == 2, "{out}");
}
