//! The binary: exit statuses and output of each subcommand on corpus files.

use std::process::{Command, Output};

fn pgn100(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_pgn100"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env("NO_COLOR", "1")
        .output()
        .expect("the binary runs")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

#[test]
fn validate_valid_corpus_exits_0() {
    let o = pgn100(&["validate", "corpus/valid"]);
    assert_eq!(o.status.code(), Some(0), "{}", stdout(&o));
    let out = stdout(&o);
    assert!(out.contains("invalid; 0 error(s)"), "{out}");
    assert!(out.contains(" 0 invalid"), "{out}");
}

#[test]
fn validate_invalid_file_exits_1_with_the_underlined_token() {
    let o = pgn100(&["validate", "corpus/invalid/ambiguous_move.pgn"]);
    assert_eq!(o.status.code(), Some(1));
    let out = stdout(&o);
    assert!(out.contains("pgn100::ambiguous_move"), "{out}");
    assert!(out.contains("1. Лe1 *"), "{out}");
    assert!(out.contains("Лae1, Лje1"), "{out}");
}

#[test]
fn validate_json_has_one_object_per_diagnostic() {
    let o = pgn100(&["validate", "--format", "json", "corpus/invalid/no_man.pgn"]);
    assert_eq!(o.status.code(), Some(1));
    let out = stdout(&o);
    let lines: Vec<serde_json::Value> = out.lines().map(|l| serde_json::from_str(l).expect("JSON")).collect();
    assert_eq!(lines.len(), 1);
    let d = &lines[0];
    assert_eq!(d["code"], "pgn100::no_man");
    assert_eq!((d["line"].as_u64(), d["column"].as_u64()), (Some(9), Some(4)));
    assert_eq!((d["game"].as_u64(), d["ply"].as_u64()), (Some(0), Some(1)));
    assert_eq!(d["severity"], "error");
}

#[test]
fn warnings_pass_unless_strict() {
    let o = pgn100(&["validate", "corpus/invalid/check_mark.pgn"]);
    assert_eq!(o.status.code(), Some(0));
    let o = pgn100(&["validate", "--strict", "corpus/invalid/check_mark.pgn"]);
    assert_eq!(o.status.code(), Some(1));
}

#[test]
fn missing_file_and_bad_arguments_exit_2() {
    assert_eq!(pgn100(&["validate", "no/such/file.pgn"]).status.code(), Some(2));
    assert_eq!(pgn100(&["validate", "--encoding", "ebcdic-xyz", "corpus/valid"]).status.code(), Some(2));
    assert_eq!(pgn100(&["perft"]).status.code(), Some(2));
    assert_eq!(pgn100(&["no-such-command"]).status.code(), Some(2));
}

#[test]
fn an_encoding_is_reported_and_can_be_forced() {
    let o = pgn100(&["validate", "corpus/invalid/encoding.pgn"]);
    assert_eq!(o.status.code(), Some(0));
    assert!(stdout(&o).contains("read as windows-1251"));
    let o = pgn100(&["validate", "--encoding", "koi8-r", "corpus/invalid/encoding.pgn"]);
    assert_eq!(o.status.code(), Some(1), "read as KOI8-R the Cyrillic piece letters are garbage");
}

#[test]
fn perft_prints_the_count_and_divide_in_latin_long() {
    let o = pgn100(&["perft", "3"]);
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(stdout(&o).trim(), "16326");
    let o = pgn100(&["perft", "--divide", "1"]);
    let out = stdout(&o);
    assert!(out.contains("Nc2-b4 1") && out.contains("j3-j5 1"), "{out}");
    assert_eq!(out.lines().last(), Some("24"));
    let o = pgn100(&["perft", "--fen", "bad fen", "1"]);
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn stdin_is_read_with_a_dash() {
    use std::io::Write;
    let mut child = Command::new(env!("CARGO_BIN_EXE_pgn100"))
        .args(["validate", "-"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("spawn");
    child.stdin.take().expect("stdin").write_all(b"1. e3-e5 e8-e6 *\n").expect("write");
    let o = child.wait_with_output().expect("wait");
    assert_eq!(o.status.code(), Some(0), "{}", stdout(&o));
    assert!(stdout(&o).contains("1 game(s): 1 valid"));
}

#[test]
fn variants_explain_and_completions() {
    let o = pgn100(&["variants"]);
    assert_eq!(o.status.code(), Some(0));
    assert!(stdout(&o).contains("стоклеточные"));
    let o = pgn100(&["explain", "pgn100::ambiguous_move"]);
    assert_eq!(o.status.code(), Some(0));
    let out = stdout(&o);
    assert!(out.contains("1. Лe1 *") && out.contains("which one?"), "{out}");
    let o = pgn100(&["explain", "--list"]);
    assert_eq!(stdout(&o).lines().count(), pgn100::diag::Code::ALL.len());
    assert_eq!(pgn100(&["explain", "nonsense"]).status.code(), Some(2));
    for shell in ["bash", "zsh", "fish"] {
        let o = pgn100(&["completions", shell]);
        assert_eq!(o.status.code(), Some(0));
        assert!(stdout(&o).contains("validate"), "{shell}");
    }
}

#[test]
fn help_ends_with_examples() {
    for cmd in [&["--help"][..], &["validate", "--help"], &["perft", "--help"], &["explain", "--help"]] {
        let o = pgn100(cmd);
        assert_eq!(o.status.code(), Some(0));
        assert!(stdout(&o).contains("Examples:"), "{cmd:?}");
    }
}

#[test]
fn the_streaming_validator_agrees_with_every_golden_file() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus/invalid");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("dir")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "pgn"))
        .collect();
    files.sort();
    for path in files {
        let o = pgn100(&["validate", "--format", "json", path.to_str().expect("path")]);
        let got: String = stdout(&o)
            .lines()
            .map(|l| {
                let v: serde_json::Value = serde_json::from_str(l).expect("JSON");
                let (line, column) = (v["line"].as_u64().unwrap_or(0), v["column"].as_u64().unwrap_or(0));
                let text = |k: &str| v[k].as_str().map(str::to_string);
                let (code, message) = (text("code").unwrap_or_default(), text("message").unwrap_or_default());
                crate::corpus::golden_entry(&code, line, column, &message, text("help").as_deref())
            })
            .collect();
        let golden = std::fs::read_to_string(path.with_extension("golden")).expect("golden");
        assert_eq!(got, golden, "{}", path.display());
    }
}

#[test]
fn large_files_are_validated_in_pieces_with_file_lines() {
    // Many games, one broken near the end: its line is counted across blocks and pieces.
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("many.pgn");
    let game = "[Event \"x\"]\n[Result \"*\"]\n\n1. e3-e5 e8-e6 2. d3-d5 d8-d6 *\n\n";
    let mut text = game.repeat(60_000);
    text.push_str("[Event \"bad\"]\n[Result \"*\"]\n\n1. e3-e5 e8-e6 2. Кc2-c4 *\n\n");
    text.push_str(&game.repeat(10));
    std::fs::write(&path, &text).expect("write");
    let o = pgn100(&["validate", "--format", "json", path.to_str().expect("path")]);
    assert_eq!(o.status.code(), Some(1));
    let v: serde_json::Value = serde_json::from_str(stdout(&o).trim()).expect("one diagnostic");
    assert_eq!(v["code"], "pgn100::illegal_move");
    assert_eq!((v["line"].as_u64(), v["column"].as_u64()), (Some(60_000 * 5 + 4), Some(19)));
    assert_eq!(v["game"].as_u64(), Some(60_000));
    assert_eq!(
        v["offset"].as_u64(),
        Some((game.len() * 60_000 + "[Event \"bad\"]\n[Result \"*\"]\n\n1. e3-e5 e8-e6 2. ".len()) as u64)
    );
}

/// A Windows-1251 file that starts with more than a block (4 MB) of ASCII
/// games: the streaming reader decides the encoding on the first block that
/// is not ASCII, and gives what validating the whole file in memory gives.
#[test]
fn the_encoding_is_decided_by_the_first_block_that_is_not_ascii() {
    let ascii = "[Event \"x\"]\n[Result \"*\"]\n\n1. e3-e5 e8-e6 2. d3-d5 *\n\n".repeat(100_000);
    let cyrillic = "[Event \"Турнир\"]\n[Result \"*\"]\n\n1. Кc2-d4 Кре9-е7 *\n";
    let mut bytes = ascii.into_bytes();
    bytes.extend_from_slice(&encoding_rs::WINDOWS_1251.encode(cyrillic).0);
    assert!(bytes.len() > 4 << 20);
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("cp1251.pgn");
    std::fs::write(&path, &bytes).expect("write");
    let o = pgn100(&["validate", "--format", "json", path.to_str().expect("path")]);
    let got: Vec<(String, u64, u64)> = stdout(&o)
        .lines()
        .map(|l| {
            let v: serde_json::Value = serde_json::from_str(l).expect("JSON");
            (
                v["code"].as_str().unwrap_or("").to_string(),
                v["line"].as_u64().unwrap_or(0),
                v["column"].as_u64().unwrap_or(0),
            )
        })
        .collect();
    let whole = pgn100::analysis::validate_bytes("x", &bytes, None, pgn100::analysis::Options::default());
    let expected: Vec<(String, u64, u64)> = whole
        .diagnostics
        .iter()
        .filter(|d| d.code != pgn100::diag::Code::Encoding)
        .map(|d| {
            let j = d.json(&whole.source);
            (j.code, j.line as u64, j.column as u64)
        })
        .collect();
    assert_eq!(got[0].0, "pgn100::encoding", "{got:?}");
    assert_eq!(got[1..], expected[..], "no undecodable bytes, the same errors");
    assert_eq!(expected.len(), 1);
    assert_eq!(expected[0].0, "pgn100::wrong_man");
}

/// Memory is bounded by the block, not the file: each streaming command
/// reads a 72 MB file of small and empty games (the cases that made rows
/// and whole-file reading grow) with its data segment limited to 64 MB
/// (`ulimit -d`; one malloc arena, so that the limit counts what is used).
#[cfg(target_os = "linux")]
#[test]
fn every_streaming_command_reads_a_file_larger_than_its_memory_limit() {
    let game = "[Event \"x\"]\n[Result \"*\"]\n\n1. e3-e5 e8-e6 2. d3-d5 Кc9-d7 *\n\n[Event \"y\"]\n\n*\n\n";
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("big.pgn");
    std::fs::write(&path, game.repeat(72_000_000 / game.len())).expect("write");
    let path = path.to_str().expect("path");
    for command in ["validate", "stats", "convert --letters latin --style short", "annotate"] {
        let o = Command::new("sh")
            .arg("-c")
            .arg(format!("ulimit -d 65536 && exec \"$0\" {command} \"$1\" > /dev/null"))
            .arg(env!("CARGO_BIN_EXE_pgn100"))
            .arg(path)
            .env("MALLOC_ARENA_MAX", "1")
            .output()
            .expect("sh runs");
        assert_eq!(o.status.code(), Some(0), "{command}: {}", String::from_utf8_lossy(&o.stderr));
    }
}
