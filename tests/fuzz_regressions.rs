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

#[test]
fn convert() {
    run("convert", checks::convert);
}

#[test]
fn fen() {
    run("fen", checks::fen);
}
