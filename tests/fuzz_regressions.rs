//! Every input under tests/fuzzing/<target>/ — what the fuzzers found, and a
//! few seeds — through the same check as its fuzz target (FUZZING.md).

#[path = "fuzzing/checks.rs"]
mod checks;

fn run(target: &str, check: fn(&[u8])) {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fuzzing").join(target);
    let mut names: Vec<_> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.expect("directory entry").path())
        .collect();
    names.sort();
    assert!(!names.is_empty(), "no inputs in {}", dir.display());
    for path in names {
        let data = std::fs::read(&path).expect("read input");
        let outcome = std::panic::catch_unwind(|| check(&data));
        assert!(outcome.is_ok(), "{} fails its check", path.display());
    }
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
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus/invalid");
    let mut n = 0;
    for entry in std::fs::read_dir(dir).expect("corpus/invalid") {
        let path = entry.expect("entry").path();
        if path.extension().is_some_and(|e| e == "pgn") {
            checks::validate(&std::fs::read(&path).expect("read"));
            n += 1;
        }
    }
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
