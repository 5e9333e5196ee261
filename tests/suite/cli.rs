//! The binary: exit statuses and output of each subcommand on corpus files.

use crate::common::{pgn100, with_stdin};
use std::process::{Command, Output};

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
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
    assert_eq!((d["game"].as_u64(), d["ply"].as_u64()), (Some(1), Some(1)), "games are numbered from 1");
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
    assert_eq!(v["game"].as_u64(), Some(60_001), "the 60,001st game");
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
    let whole = pgn100::commands::validate_bytes("x", &bytes, None, pgn100::replay::Options::default());
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

#[test]
fn strict_counts_text_that_is_not_a_game() {
    let o = with_stdin(&["validate", "-"], b"[Event \"x\"]\n\n1. e3-e5 *\n\nhello\n");
    assert_eq!(o.status.code(), Some(0), "{}", stdout(&o));
    let o = with_stdin(&["validate", "--strict", "-"], b"[Event \"x\"]\n\n1. e3-e5 *\n\nhello\n");
    assert_eq!(o.status.code(), Some(1), "{}", stdout(&o));
    assert!(stdout(&o).contains("1 error(s)"), "{}", stdout(&o));
}

#[test]
fn no_games_is_said_and_is_an_error_under_strict() {
    let dir = tempfile::tempdir().expect("tempdir");
    let empty = dir.path().join("empty.pgn");
    std::fs::write(&empty, "").expect("write");
    let empty_dir = dir.path().join("nothing");
    std::fs::create_dir(&empty_dir).expect("mkdir");
    for path in [empty.to_str().expect("path"), "/dev/null", empty_dir.to_str().expect("path")] {
        let o = pgn100(&["validate", path]);
        assert_eq!(o.status.code(), Some(0), "{path}");
        assert!(stdout(&o).contains("no games found"), "{path}: {}", stdout(&o));
        let o = pgn100(&["validate", "--strict", path]);
        assert_eq!(o.status.code(), Some(1), "{path}: {}", stdout(&o));
    }
    let o = with_stdin(&["validate", "--strict", "-"], b"hello\n");
    assert_eq!(o.status.code(), Some(1), "{}", stdout(&o));
}

/// Two files, the first without a final newline: converted or annotated
/// together, they are still two games that validate.
#[test]
fn several_files_are_kept_apart_in_one_output() {
    let dir = tempfile::tempdir().expect("tempdir");
    let a = dir.path().join("a.pgn");
    let b = dir.path().join("b.pgn");
    std::fs::write(&a, "[Event \"a\"]\n[Result \"*\"]\n\n1. e3-e5 e8-e6 *").expect("write");
    std::fs::write(&b, "[Event \"b\"]\n[Result \"*\"]\n\n1. d3-d5 d8-d6 *\n").expect("write");
    let (a, b) = (a.to_str().expect("path"), b.to_str().expect("path"));
    for args in [&["convert", "--letters", "latin", a, b][..], &["annotate", a, b]] {
        let o = pgn100(args);
        assert_eq!(o.status.code(), Some(0), "{args:?}: {}", stderr(&o));
        let check = with_stdin(&["validate", "--strict", "-"], &o.stdout);
        assert!(stdout(&check).contains("2 game(s): 2 valid"), "{args:?}: {}\n{}", stdout(&o), stdout(&check));
        assert_eq!(check.status.code(), Some(0), "{args:?}: {}", stdout(&check));
    }
}

#[test]
fn convert_skip_invalid_leaves_one_gap_where_a_game_was() {
    let text = "[Event \"1\"]\n[Result \"*\"]\n\n1. e3-e5 *\n\n[Event \"2\"]\n[Result \"*\"]\n\n1. Кc2-c4 *\n\n\
[Event \"3\"]\n[Result \"*\"]\n\n1. d3-d5 *\n";
    let o = with_stdin(&["convert", "--skip-invalid", "-"], text.as_bytes());
    assert_eq!(o.status.code(), Some(1));
    let out = stdout(&o);
    assert_eq!(
        out, "[Event \"1\"]\n[Result \"*\"]\n\n1. e3-e5 *\n\n[Event \"3\"]\n[Result \"*\"]\n\n1. d3-d5 *\n",
        "{out:?}"
    );
}

#[test]
fn convert_to_pychess_refuses_a_hundred_game() {
    let o = pgn100(&["convert", "--to", "pychess", "corpus/valid/seed002_castling.pgn"]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert!(stderr(&o).contains("exports Grand games; this game is Hundred"), "{}", stderr(&o));
    assert!(stderr(&o).contains("pgn100::unsupported_variant"), "{}", stderr(&o));
    let help = stdout(&pgn100(&["convert", "--help"]));
    assert!(help.contains("pychess") && help.contains("Chess games as standard PGN"), "{help}");
}

#[test]
fn in_place_writes_through_a_symbolic_link() {
    let dir = tempfile::tempdir().expect("tempdir");
    let real = dir.path().join("real.pgn");
    let link = dir.path().join("link.pgn");
    std::fs::copy(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus/valid/seed002_castling.pgn"), &real)
        .expect("copy");
    std::os::unix::fs::symlink("real.pgn", &link).expect("symlink");
    let o = pgn100(&["convert", "--letters", "latin", "--in-place", link.to_str().expect("path")]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(std::fs::symlink_metadata(&link).expect("link").file_type().is_symlink(), "the link stays a link");
    let text = std::fs::read_to_string(&real).expect("real");
    assert!(text.contains("1. 0-0-0 0-0-0-0 2. Rj1-j2 Ra10-a9"), "the target is converted: {text}");
}

#[test]
fn file_errors_are_worded_one_way() {
    let dir = tempfile::tempdir().expect("tempdir");
    let missing = dir.path().join("no/such/dir/out.pgn");
    let missing = missing.to_str().expect("path");
    let o = pgn100(&["show", "--fen", "k9/10/10/10/10/10/10/10/10/9K w - - 0 1", "--svg", missing]);
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(stderr(&o), format!("pgn100: {missing}: no such file or directory\n"), "no temporary path");
    let o = pgn100(&["generate", "--games", "1", "-o", missing]);
    assert_eq!(stderr(&o), format!("pgn100: {missing}: no such file or directory\n"));
    let o = pgn100(&["validate", "no/such/file.pgn"]);
    assert_eq!(stderr(&o), "pgn100: no/such/file.pgn: no such file or directory\n");
    let d = format!("{}/", dir.path().display());
    let o = pgn100(&["generate", "--games", "1", "-o", &d]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("is a directory"), "{}", stderr(&o));
}

#[test]
fn letters_keep_means_nothing_for_new_text() {
    assert_eq!(pgn100(&["generate", "--letters", "keep"]).status.code(), Some(2));
    assert_eq!(pgn100(&["generate", "--style", "keep"]).status.code(), Some(2));
    let o = pgn100(&["show", "--fen", "k9/10/10/10/10/10/10/10/10/9K w - - 0 1", "--letters", "keep"]);
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn help_subcommand_explain_in_any_case_and_completions() {
    let o = pgn100(&["help", "validate"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(stdout(&o).contains("--strict"));
    let o = pgn100(&["explain", "AMBIGUOUS_MOVE"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(stdout(&o).contains("which one?"));
    let o = pgn100(&["explain", "ambigous_move"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("ambiguous_move"), "did you mean: {}", stderr(&o));
    let bash = stdout(&pgn100(&["completions", "bash"]));
    assert!(bash.contains("ambiguous_move"), "the codes are offered");
    assert!(!bash.contains("pgn100,man)"), "the hidden man command is not");
    let fish = stdout(&pgn100(&["completions", "fish"]));
    assert!(!fish.contains("-a \"man\""), "nor in fish");
    assert!(fish.contains("validate"));
}

#[test]
fn perft_gives_no_speed_for_a_run_too_short_to_time() {
    let o = pgn100(&["perft", "1"]);
    assert_eq!(stdout(&o).trim(), "24");
    assert_eq!(stderr(&o), "24 nodes in under 0.01 s\n");
}

#[test]
fn stats_numbers_games_from_1_and_exits_1_on_invalid_games() {
    let o = pgn100(&["stats", "--per-game", "--format", "csv", "corpus/valid/seed002_en_passant.pgn"]);
    let out = stdout(&o);
    let row = out.lines().nth(1).expect("a row");
    assert!(row.starts_with("corpus/valid/seed002_en_passant.pgn,1,"), "{row}");
    let o = pgn100(&["stats", "corpus/invalid/no_man.pgn"]);
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(pgn100(&["stats", "corpus/valid"]).status.code(), Some(0));
}

#[test]
fn stats_csv_values_are_numbers_with_percentages_apart() {
    let o = pgn100(&["stats", "--format", "csv", "corpus/valid"]);
    let mut reader = csv::Reader::from_reader(o.stdout.as_slice());
    let header = reader.headers().expect("header").clone();
    assert_eq!(header.iter().collect::<Vec<_>>(), ["section", "key", "value", "percent_of_valid"]);
    let mut percents = 0;
    for record in reader.records() {
        let r = record.expect("row");
        let value = r.get(2).expect("value");
        assert!(value.is_empty() || value.parse::<f64>().is_ok(), "{r:?}");
        let percent = r.get(3).expect("percent");
        if !percent.is_empty() {
            let p: f64 = percent.parse().expect("a number");
            assert!((0.0..=100.0).contains(&p), "{r:?}");
            percents += 1;
        }
    }
    assert!(percents > 0);
}

#[test]
fn stats_leaves_out_the_rules_a_variant_lacks() {
    let grand = pgn100(&["stats", "corpus/valid/grand_cyrillic.pgn"]);
    let out = stdout(&grand);
    assert!(!out.contains("castling") && !out.contains("throne pawn"), "{out}");
    let hundred = stdout(&pgn100(&["stats", "corpus/valid/seed002_castling.pgn"]));
    assert!(hundred.contains("castling") && hundred.contains("throne pawn"), "{hundred}");
}

#[test]
fn a_claimable_draw_is_a_termination() {
    let game = "[Result \"*\"]\n\n1. Кc2-d4 Кc9-d7 2. Кd4-c2 Кd7-c9 3. Кc2-d4 Кc9-d7 4. Кd4-c2 Кd7-c9 *\n";
    let o = with_stdin(&["stats", "--per-game", "--format", "json", "-"], game.as_bytes());
    let v: serde_json::Value = serde_json::from_str(stdout(&o).trim()).expect("one object");
    assert_eq!(v["termination"], "draw claimable (threefold repetition)", "{v}");
}

/// The README names every command, and the user documentation (the README
/// and docs/) every option of each.
#[test]
fn readme_and_help_name_the_same_commands() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let readme = std::fs::read_to_string(root.join("README.md")).expect("README");
    let mut docs = readme.clone();
    for entry in std::fs::read_dir(root.join("docs")).expect("docs") {
        let path = entry.expect("docs entry").path();
        if path.extension().is_some_and(|e| e == "md") && !path.ends_with("benchmarks-history.md") {
            docs.push_str(&std::fs::read_to_string(&path).expect("doc"));
        }
    }
    let help = stdout(&pgn100(&["--help"]));
    let commands: Vec<&str> = help
        .lines()
        .skip_while(|l| !l.starts_with("Commands:"))
        .skip(1)
        .take_while(|l| l.starts_with("  "))
        .filter_map(|l| l.split_whitespace().next())
        .filter(|c| *c != "help")
        .collect();
    assert!(commands.len() >= 10, "{help}");
    for c in commands {
        assert!(readme.contains(&format!("pgn100 {c}")), "README does not list {c}");
        let options = stdout(&pgn100(&[c, "--help"]));
        for option in options.split_whitespace().filter(|w| w.starts_with("--") && w.len() > 2) {
            let option = option.trim_end_matches([',', '.', ')']);
            if ["--help", "--color", "--version"].contains(&option) || option.contains('=') {
                continue;
            }
            assert!(docs.contains(option), "neither README nor docs/ mention {c} {option}");
        }
    }
    for file in ["RULES.md", "NOTATION.md", "grammar/", "src/"] {
        assert!(!help.contains(file), "--help points at {file}");
    }
}

#[test]
fn annotate_writes_its_comments_after_the_nag_of_a_move() {
    let o = with_stdin(&["annotate", "--fen", "-"], b"[Result \"*\"]\n\n1. e3-e5 $1 e8-e6 *\n");
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.contains("1. e3-e5 $1 {"), "{out}");
}
