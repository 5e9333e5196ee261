//! Every input under tests/fuzzing/<target>/ — what the fuzzers found, and a
//! few seeds — through the same check as its fuzz target (FUZZING.md).

use crate::checks;

/// Runs `check` on every file of `dir` (below the repository) whose name
/// passes `keep`; returns how many.
fn run_dir(dir: &str, keep: fn(&std::path::Path) -> bool, check: fn(&[u8])) -> usize {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(dir);
    let mut names: Vec<_> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.expect("directory entry").path())
        .filter(|p| keep(p))
        .collect();
    names.sort();
    for path in &names {
        let data = std::fs::read(path).expect("read input");
        let outcome = std::panic::catch_unwind(|| check(&data));
        assert!(outcome.is_ok(), "{} fails its check", path.display());
    }
    names.len()
}

fn run(target: &str, check: fn(&[u8])) {
    let n = run_dir(&format!("tests/fuzzing/{target}"), |_| true, check);
    assert!(n > 0, "no inputs for {target}");
}

#[test]
fn read() {
    run("read", checks::read);
}

#[test]
fn split() {
    run("split", checks::split);
}

#[test]
fn validate() {
    run("validate", checks::validate);
}

/// The golden files of every diagnostic code, through the same check.
#[test]
fn validate_every_invalid_corpus_file() {
    let n = run_dir("corpus/invalid", |p| p.extension().is_some_and(|e| e == "pgn"), checks::validate);
    assert!(n >= 30, "{n} files");
}

#[test]
fn convert() {
    run("convert", checks::convert);
}

#[test]
fn fen() {
    run("fen", checks::fen);
}

#[test]
fn compressed() {
    run("compressed", checks::compressed);
}

#[test]
fn damaged() {
    run("damaged", checks::damaged);
}

#[test]
fn tools() {
    run("tools", checks::tools);
}

#[test]
fn turns() {
    run("turns", checks::turns);
}

#[test]
fn pages() {
    run("pages", checks::pages);
}
