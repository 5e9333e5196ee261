//! Every command that reads through the parallel driver (validate, convert,
//! stats, moves, filter, dedup, tree) writes the same bytes, says the same
//! on standard error and exits the same on one thread as on two, on files
//! of many chunks and several blocks (the driver cuts 64 KB chunks out of
//! blocks of 256 KB, then 512 KB, ...): real chess games in UTF-8, a legacy
//! code page, and Hundred games with a diagnostic of every kind.

use std::path::Path;

use crate::common::{corpus, pgn100};

/// Bytes in each sample: more than a first block and many chunks.
const AT_LEAST: usize = 300_000;

/// `text` repeated until it holds [`AT_LEAST`] bytes.
fn repeated(text: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    while out.len() < AT_LEAST {
        out.extend_from_slice(text);
        out.extend_from_slice(b"\n");
    }
    out
}

fn read(paths: &[String]) -> Vec<u8> {
    paths.iter().flat_map(|p| std::fs::read(corpus(p)).expect("a corpus file")).collect()
}

/// The corpus's files of a folder that end in `.pgn` and whose names do
/// not start with any of `except`, sorted.
fn pgn_files(dir: &str, except: &[&str]) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(corpus(dir))
        .expect("a corpus folder")
        .map(|e| e.expect("an entry").file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".pgn") && !except.iter().any(|x| n.starts_with(x)))
        .collect();
    names.sort();
    names.into_iter().map(|n| format!("{dir}/{n}")).collect()
}

/// The three samples, written into `dir`: (path, the variant to name).
fn samples(dir: &Path) -> Vec<(String, &'static str)> {
    // UTF-8 chess files (the UTF-16 and legacy copies apart).
    let chess = pgn_files("chess", &["gnuchess", "sesse", "lichess_export_mliebelt_2024-01-03.utf16le"]);
    // The GNU Chess book's games in code page 437: decoded block by block.
    let legacy = vec!["chess/gnuchess_book_1.02_games21341-21370_cp437.pgn".to_string()];
    // Hundred and its siblings, valid and not (the files in a legacy
    // encoding, UTF-16, binary or NUL-padded apart: one file has one
    // encoding, and NUL bytes in it are binary data).
    let mut hundred = pgn_files("valid", &[]);
    hundred.extend(pgn_files("invalid", &["binary", "encoding", "nul_padding", "undecodable"]));
    let mut out = Vec::new();
    for (name, files, variant) in
        [("chess", chess, "chess"), ("legacy", legacy, "chess"), ("hundred", hundred, "hundred")]
    {
        assert!(files.len() > 1 || name == "legacy", "{name}: {files:?}");
        let path = dir.join(format!("{name}.pgn"));
        std::fs::write(&path, repeated(&read(&files))).expect("a sample written");
        out.push((path.to_str().expect("a UTF-8 path").to_string(), variant));
    }
    out
}

/// What a run of the binary gave: its exit code, standard output and error.
fn run(name: &str, args: &[&str], threads: &str) -> (Option<i32>, Vec<u8>, Vec<u8>) {
    let out = pgn100(&[&[name, "--threads", threads][..], args].concat());
    (out.status.code(), out.stdout, out.stderr)
}

#[test]
fn every_command_writes_the_same_on_one_thread_and_on_two() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let samples = samples(dir.path());
    for (path, variant) in &samples {
        let file = std::fs::read(path).expect("the sample");
        assert!(file.len() >= AT_LEAST, "{path}: {} bytes", file.len());
        let commands: Vec<Vec<&str>> = vec![
            vec!["validate"],
            vec!["validate", "--format", "json", "--strict"],
            vec!["convert", "--letters", "latin", "--style", "short"],
            vec!["stats"],
            vec!["stats", "--per-game", "--format", "csv"],
            vec!["moves", "--format", "csv", "--fen"],
            vec!["filter", "--plies", "20..60"],
            vec!["filter", "--valid", "--not"],
            vec!["dedup", "--report"],
            vec!["tree", "--depth", "3", "--format", "csv"],
        ];
        let mut said = 0;
        for command in &commands {
            // The subcommand, then the common options, then the file.
            let (name, rest) = command.split_first().expect("a subcommand");
            let args: Vec<&str> = [&["--variant", variant][..], rest, &[path.as_str()]].concat();
            let (one, two) = (run(name, &args, "1"), run(name, &args, "2"));
            let args = [&[*name][..], &args].concat();
            assert!(one.0.is_some_and(|c| c < 2), "{args:?}: {}", String::from_utf8_lossy(&one.2));
            assert!(!one.1.is_empty() || !one.2.is_empty(), "{args:?}: nothing written");
            assert!(one.1 == two.1, "{args:?}: standard output differs between 1 and 2 threads");
            assert!(one.2 == two.2, "{args:?}: standard error differs between 1 and 2 threads");
            assert_eq!(one.0, two.0, "{args:?}: exit codes");
            if *name == "validate" {
                said += one.1.len() + one.2.len();
            }
        }
        // The Hundred sample has diagnostics to render, in order, from
        // every chunk (the chess games are valid: their outputs are long).
        if *variant == "hundred" {
            assert!(said > 100_000, "{path}: validate said {said} bytes");
        }
    }
}
