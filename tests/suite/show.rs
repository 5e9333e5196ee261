//! `pgn100 show`: golden text and SVG diagrams (corpus/show/), the SVG
//! well-formed XML with one square per board square.

use crate::common::with_stdin;
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

#[test]
fn show_reads_standard_input_and_refuses_a_fen_with_a_file() {
    let file = std::fs::read(Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus/valid/seed002_castling.pgn"))
        .expect("corpus file");
    let from_file = with_stdin(&["show", "corpus/valid/seed002_castling.pgn"], b"");
    let from_stdin = with_stdin(&["show", "-"], &file);
    assert_eq!(from_stdin.status.code(), Some(0), "{}", String::from_utf8_lossy(&from_stdin.stderr));
    assert_eq!(from_stdin.stdout, from_file.stdout);
    let both = with_stdin(
        &["show", "--fen", "k9/10/10/10/10/10/10/10/10/9K w - - 0 1", "corpus/valid/seed002_castling.pgn"],
        b"",
    );
    assert_eq!(both.status.code(), Some(2));
}

#[test]
fn show_says_where_an_invalid_game_stops() {
    let game = b"[Result \"*\"]\n\n1. e3-e5 e8-e6 2. \xd0\x9ac2-c4 *\n";
    let o = with_stdin(&["show", "-"], game);
    assert_eq!(o.status.code(), Some(1));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("pgn100::illegal_move") && err.contains("where its replay stops"), "{err}");
    // The position after the two plies that were replayed.
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(out.contains("white to move"), "{out}");
    // A ply before the error is shown as asked, without complaint.
    assert_eq!(with_stdin(&["show", "-", "--ply", "1"], game).status.code(), Some(0));
    let o = with_stdin(&["show", "-", "--ply", "3"], game);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("its replay stops at ply 3"));
}

#[test]
fn show_states_mate_stalemate_and_check() {
    for (fen, state) in [
        ("k9/1Q8/2K7/10/10/10/10/10/10/10 b - - 0 1", "checkmate, white wins"),
        ("k9/10/1Q8/2K7/10/10/10/10/10/10 b - - 0 1", "stalemate"),
        ("k9/10/2Q7/10/10/10/10/10/10/9K b - - 0 1", "black to move, in check"),
    ] {
        let o = with_stdin(&["show", "--fen", fen], b"");
        assert_eq!(o.status.code(), Some(0), "{fen}: {}", String::from_utf8_lossy(&o.stderr));
        let out = String::from_utf8_lossy(&o.stdout);
        assert!(out.lines().last().is_some_and(|l| l.starts_with(state)), "{fen}: {out}");
    }
}

/// A Dice game is refused by name (exit 2), not shown as a game of no moves.
#[test]
fn show_says_it_cannot_draw_a_dice_record_yet() {
    for extra in [&[][..], &["--html", "/nonexistent-dir/x.html"][..]] {
        let mut args = vec!["show", "corpus/oracle/dice/dice-lat-short.pgn"];
        args.extend_from_slice(extra);
        let o = crate::common::pgn100(&args);
        assert_eq!(o.status.code(), Some(2));
        assert!(String::from_utf8_lossy(&o.stderr).contains("is Dice chess, whose records show cannot draw yet"));
    }
}
