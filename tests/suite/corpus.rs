//! The corpus: every file of corpus/valid/ validates with no diagnostic even
//! under --strict; every file of corpus/invalid/ gives exactly the
//! diagnostics of its golden file (code, line, column, message and help: the
//! wording is tested), and every diagnostic code has such a file:
//! `CODE.pgn`, the example `pgn100 explain CODE` shows, and any number of
//! `CODE.case.pgn` for other cases of the same code.
//!
//! A golden file holds one entry per diagnostic, in order:
//!
//! ```text
//! pgn100::illegal_castling 9:4: the message
//!   help: the help, when there is one
//! ```
//!
//! After a change of wording, rewrite them all and review the diff:
//! `PGN100_BLESS=1 cargo test --release --test suite corpus::`.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use pgn100::commands::{validate_bytes, validate_stream, StreamCount};
use pgn100::diag::Code;
use pgn100::replay::Options;

fn files(dir: &str, ext: &str) -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus").join(dir);
    let mut v: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("corpus directory")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == ext))
        .collect();
    v.sort();
    v
}

/// The golden entry of one diagnostic; a line break in the message or help
/// is written `\n`, so that an entry's first line is always its header.
pub fn golden_entry(code: &str, line: u64, column: u64, message: &str, help: Option<&str>) -> String {
    let one_line = |s: &str| s.replace('\n', "\\n");
    let mut entry = format!("{code} {line}:{column}: {}\n", one_line(message));
    if let Some(help) = help {
        entry.push_str(&format!("  help: {}\n", one_line(help)));
    }
    entry
}

/// The golden text of a file's diagnostics.
fn diagnostics(path: &Path) -> String {
    let bytes = std::fs::read(path).expect("readable");
    let report = validate_bytes("test", &bytes, None, Options::default());
    report
        .diagnostics
        .iter()
        .map(|d| {
            let (line, col) = report.source.line_col(d.span.start);
            golden_entry(&d.code.to_string(), line as u64, col as u64, &d.message, d.help.as_deref())
        })
        .collect()
}

/// The golden text of a file's diagnostics as `pgn100 validate` finds them
/// (the library's streaming validation, chunks of a block in parallel),
/// with the game each one names and its byte offset in the file.
fn streamed(bytes: &[u8], options: Options, pool: &rayon::ThreadPool) -> (String, StreamCount) {
    let mut out = String::new();
    let count = validate_stream("test", bytes, None, options, pool, |d, source| {
        let (line, col) = source.line_col(d.span.start);
        out.push_str(&format!("game {:?} at {} {:?}: ", d.game, source.file_offset(d.span.start), d.severity));
        out.push_str(&golden_entry(&d.code.to_string(), line as u64, col as u64, &d.message, d.help.as_deref()));
        Ok(())
    })
    .expect("a byte slice reads");
    (out, count)
}

/// [`streamed`] of [`validate_bytes`], the whole text at once.
fn whole(bytes: &[u8], options: Options) -> (String, StreamCount) {
    let report = validate_bytes("test", bytes, None, options);
    let mut out = String::new();
    for d in &report.diagnostics {
        let (line, col) = report.source.line_col(d.span.start);
        out.push_str(&format!("game {:?} at {} {:?}: ", d.game, report.source.file_offset(d.span.start), d.severity));
        out.push_str(&golden_entry(&d.code.to_string(), line as u64, col as u64, &d.message, d.help.as_deref()));
    }
    (out, StreamCount { games: report.games, invalid: report.invalid })
}

/// Compares `got` with the golden file of `path`, or rewrites the golden
/// file when PGN100_BLESS is set.
pub fn check_golden(path: &Path, got: &str) {
    let golden_path = path.with_extension("golden");
    if std::env::var_os("PGN100_BLESS").is_some() {
        std::fs::write(&golden_path, got).unwrap_or_else(|e| panic!("{}: {e}", golden_path.display()));
        return;
    }
    let golden = std::fs::read_to_string(&golden_path).unwrap_or_else(|_| panic!("{}", golden_path.display()));
    assert_eq!(got, golden, "{} (PGN100_BLESS=1 rewrites the golden files)", path.display());
}

#[test]
fn valid_files_have_no_diagnostic_even_when_strict() {
    let files = files("valid", "pgn");
    assert!(files.len() >= 6);
    for path in files {
        let bytes = std::fs::read(&path).expect("readable");
        let report = validate_bytes("test", &bytes, None, Options { strict: true, ..Options::default() });
        assert!(report.diagnostics.is_empty(), "{}: {:?}", path.display(), report.diagnostics);
        assert!(report.games >= 1 && report.invalid == 0);
    }
}

#[test]
fn invalid_files_match_their_golden_diagnostics() {
    let mut covered = BTreeSet::new();
    for path in files("invalid", "pgn") {
        let got = diagnostics(&path);
        check_golden(&path, &got);
        for word in [".md", ".ebnf", "src/", "grammar/"] {
            assert!(!got.contains(word), "{}: a message points at {word}, which a user does not have", path.display());
        }
        // `CODE.pgn` is the example `explain` shows; `CODE.case.pgn` another case.
        let stem = path.file_stem().and_then(|s| s.to_str()).expect("name");
        let name = stem.split('.').next().unwrap_or(stem);
        let code = Code::from_name(name).unwrap_or_else(|| panic!("{stem} names no diagnostic code"));
        assert!(got.lines().any(|l| l.starts_with(&format!("{code} "))), "{stem} does not produce its code");
        covered.insert(code);
    }
    // Every variant has its rules now: `unsupported_variant` is only
    // `convert --to`'s refusal of a game of another variant
    // (tests/suite/cli.rs, convert_to_pychess_refuses_a_hundred_game).
    // `game_too_large` needs a game over the limit (64 MiB, or one set by
    // --max-game-size, which the golden files do not take): tests/suite/limits.rs.
    // `truncated_game` needs a damaged compressed file (a plain file is read
    // whole): tests/suite/damaged.rs makes them.
    let untested = [Code::UnsupportedVariant, Code::GameTooLarge, Code::TruncatedGame, Code::ReadAsChess];
    // `read_as_chess` is a note of the commands that count games by their
    // variant, not of `validate`: tests/suite/stats.rs.
    let missing: Vec<&Code> = Code::ALL.iter().filter(|c| !covered.contains(c) && !untested.contains(c)).collect();
    assert!(missing.is_empty(), "codes without a corpus/invalid file: {missing:?}");
}

/// The binary streams every file through `validate_stream` (bounded blocks,
/// chunks in parallel), the tests mostly call `validate_bytes` (the text
/// whole): the two give the same diagnostics (code, severity, game, line,
/// column, byte offset, message, help) and counts on every file of the
/// corpus, plain and strict, on 1 and 2 threads, and on the corpus's games
/// many times over (so that a file spans many chunks).
#[test]
fn streaming_and_whole_text_validation_agree() {
    let pools: Vec<rayon::ThreadPool> =
        [1, 2].iter().map(|&n| rayon::ThreadPoolBuilder::new().num_threads(n).build().expect("pool")).collect();
    let mut paths = files("valid", "pgn");
    paths.extend(files("invalid", "pgn"));
    assert!(paths.len() > 80, "{}", paths.len());
    let mut all = Vec::new();
    for path in &paths {
        let bytes = std::fs::read(path).expect("readable");
        for strict in [false, true] {
            let options = Options { strict, ..Options::default() };
            let expected = whole(&bytes, options);
            for pool in &pools {
                assert_eq!(streamed(&bytes, options, pool), expected, "{} (strict: {strict})", path.display());
            }
        }
        if std::str::from_utf8(&bytes).is_ok() && !bytes.contains(&0) {
            all.extend_from_slice(&bytes);
            all.extend_from_slice(b"\n\n");
        }
    }
    // About 1 MB: more than one chunk, invalid games among valid ones.
    let many = all.repeat((1 << 20) / all.len().max(1) + 1);
    let expected = whole(&many, Options::default());
    assert!(expected.1.games > 1000 && expected.1.invalid > 100, "{:?}", expected.1);
    for pool in &pools {
        assert_eq!(streamed(&many, Options::default(), pool), expected);
    }
}
