//! `pgn100 show`: golden text and SVG diagrams (corpus/show/), the SVG
//! well-formed XML with one square per board square.

use std::path::Path;
use std::process::Command;

fn run(args: &[&str], svg: &Path) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_pgn100"))
        .args(args)
        .arg("--svg")
        .arg(svg)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env("NO_COLOR", "1")
        .output()
        .expect("runs");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).expect("UTF-8")
}

#[test]
fn diagrams_match_their_golden_files() {
    let dir = tempfile::tempdir().expect("tempdir");
    let golden = Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus/show");
    let cases: [(&str, &[&str]); 3] = [
        ("seed002_castling", &["show", "corpus/valid/seed002_castling.pgn"]),
        ("latin_short_ply9", &["show", "corpus/valid/latin_short_annotated.pgn", "--ply", "9", "--pieces", "unicode"]),
        ("throne", &["show", "--fen", "k9/10/5K4/10/10/10/10/PPPPPPP3/10/10 w T - 0 1", "--letters", "cyrillic"]),
    ];
    for (name, args) in cases {
        let svg_path = dir.path().join(format!("{name}.svg"));
        let text = run(args, &svg_path);
        let expected = std::fs::read_to_string(golden.join(format!("{name}.txt"))).expect("golden text");
        assert_eq!(text, expected, "{name}.txt");
        let svg = std::fs::read_to_string(&svg_path).expect("svg written");
        let expected = std::fs::read_to_string(golden.join(format!("{name}.svg"))).expect("golden svg");
        assert_eq!(svg, expected, "{name}.svg");
        let doc = roxmltree::Document::parse(&svg).expect("well-formed XML");
        let squares = doc.descendants().filter(|n| n.has_tag_name("rect")).count();
        assert_eq!(squares, 101, "{name}: 100 squares and the background");
        assert_eq!(doc.root_element().tag_name().name(), "svg");
    }
}

#[test]
fn the_last_move_is_marked_and_bad_requests_fail() {
    let dir = tempfile::tempdir().expect("tempdir");
    let text = run(&["show", "corpus/valid/seed002_en_passant.pgn", "--ply", "2"], &dir.path().join("x.svg"));
    // 1... c5:d4 e.p.: from c5 to d4 marked, the pawn on d5 gone.
    assert!(text.contains(" 4     .    (p)    ."), "{text}");
    assert!(text.contains(" 5  .    ( )    .     ."), "{text}");
    let bad = Command::new(env!("CARGO_BIN_EXE_pgn100"))
        .args(["show", "corpus/valid/seed002_en_passant.pgn", "--ply", "99"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("runs");
    assert_eq!(bad.status.code(), Some(2));
}
