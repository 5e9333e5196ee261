//! The corpus: every file of corpus/valid/ validates with no diagnostic even
//! under --strict; every file of corpus/invalid/ gives exactly the
//! diagnostics (code, line, column) of its golden file, and every diagnostic
//! code has such a file.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use pgn100::analysis::{validate_bytes, Options};
use pgn100::diag::Code;

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

fn diagnostics(path: &Path) -> Vec<String> {
    let bytes = std::fs::read(path).expect("readable");
    let report = validate_bytes("test", &bytes, None, Options::default());
    report
        .diagnostics
        .iter()
        .map(|d| {
            let (line, col) = report.source.line_col(d.span.start);
            format!("{} {line}:{col}", d.code)
        })
        .collect()
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
        let golden_path = path.with_extension("golden");
        let golden = std::fs::read_to_string(&golden_path).unwrap_or_else(|_| panic!("{}", golden_path.display()));
        let expected: Vec<&str> = golden.lines().filter(|l| !l.trim().is_empty()).collect();
        let got = diagnostics(&path);
        assert_eq!(got, expected, "{}", path.display());
        let stem = path.file_stem().and_then(|s| s.to_str()).expect("name");
        let code = Code::from_name(stem).unwrap_or_else(|| panic!("{stem} names no diagnostic code"));
        assert!(got.iter().any(|l| l.starts_with(&format!("{code} "))), "{stem} does not produce its code");
        covered.insert(code);
    }
    let missing: Vec<&Code> = Code::ALL.iter().filter(|c| !covered.contains(c)).collect();
    assert!(missing.is_empty(), "codes without a corpus/invalid file: {missing:?}");
}
