//! Hostile input: pathological files finish (linear time, no panic) with the
//! right diagnostics; the same games in four encodings validate the same.

use pgn100::commands::{validate_bytes, FileReport};
use pgn100::diag::Code;
use pgn100::replay::Options;

fn check(bytes: &[u8]) -> FileReport {
    validate_bytes("hostile", bytes, None, Options::default())
}

fn codes(r: &FileReport) -> Vec<Code> {
    r.diagnostics.iter().map(|d| d.code).collect()
}

const GAME: &str = "[Event \"x\"]\n[Result \"*\"]\n\n1. e3-e5 e8-e6 2. d3-d5 *\n\n";

#[test]
fn a_fifty_megabyte_comment() {
    let text = format!("[Result \"*\"]\n\n1. e3-e5 {{{}}} e8-e6 *\n", "ж".repeat(25 << 20));
    let r = check(text.as_bytes());
    assert_eq!((r.games, r.invalid), (1, 0), "{:?}", r.diagnostics.first());
}

#[test]
fn a_ten_megabyte_line_without_newline() {
    let text = "1. e3-e5 e8-e6 2. e5-e4 e6-e5 3. e4-e5 e5-e6 ".repeat(10 << 20 >> 6);
    let r = check(text.as_bytes());
    // The moves go back and forth illegally at once (e5-e4 is backwards).
    assert_eq!(r.games, 1);
    assert_eq!(codes(&r)[0], Code::IllegalMove);
}

#[test]
fn a_file_of_only_brackets_and_nul_bytes() {
    let r = check(&b"[".repeat(100_000));
    assert!(r.games >= 1 && r.invalid == r.games);
    assert!(codes(&r).iter().all(|&c| c == Code::BadTag));
    // NUL bytes are binary data, not a game file: one error, no game.
    let r = check(&[0u8; 10_000]);
    assert_eq!((codes(&r), r.games), (vec![Code::Binary], 0));
    let mut with_nul = GAME.as_bytes().to_vec();
    with_nul.splice(40..40, [0u8]);
    let r = check(&with_nul);
    assert_eq!((codes(&r), r.games), (vec![Code::Binary], 0));
    assert_eq!(r.source.line_col(r.diagnostics[0].span.start), (4, 15));
}

#[test]
fn a_million_empty_games() {
    let text = "[Event \"\"]\n\n*\n\n".repeat(1_000_000);
    let r = check(text.as_bytes());
    assert_eq!((r.games, r.invalid), (1_000_000, 0));
    assert!(r.diagnostics.is_empty());
}

#[test]
fn broken_encodings_boms_line_ends_and_truncation() {
    // A byte above ASCII in the middle of a move token (read as a Western
    // letter, `ÿ`): no token, the game is invalid.
    let mut bytes = GAME.as_bytes().to_vec();
    let at = GAME.find("e8-e6").expect("move") + 1;
    bytes.insert(at, 0xff);
    let r = check(&bytes);
    assert!(codes(&r).contains(&Code::Syntax), "{:?}", codes(&r));
    assert_eq!(r.invalid, 1);
    // A BOM in mid-file, between games, is white space.
    let text = format!("\u{feff}{GAME}\u{feff}{GAME}");
    let r = check(text.as_bytes());
    assert_eq!((r.games, r.invalid, r.diagnostics.len()), (2, 0, 0));
    // Mixed CRLF and LF.
    let text = format!("{}{GAME}", GAME.replace('\n', "\r\n"));
    let r = check(text.as_bytes());
    assert_eq!((r.games, r.invalid, r.diagnostics.len()), (2, 0, 0));
    // A truncated last game: read, with a warning that its result is missing.
    let text = format!("{GAME}{}", &GAME[..GAME.len() - "d3-d5 *\n\n".len()]);
    let r = check(text.as_bytes());
    assert_eq!((r.games, r.invalid), (2, 0));
    assert_eq!(codes(&r), vec![Code::MissingResult]);
}

#[test]
fn the_same_games_in_four_encodings_validate_the_same() {
    let text =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/corpus/valid/cyrillic_long_annotated.pgn"))
            .expect("corpus")
            + &std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/corpus/invalid/wrong_man.pgn"))
                .expect("corpus");
    let utf8 = check(text.as_bytes());
    let expected: Vec<(Code, (usize, usize))> =
        utf8.diagnostics.iter().map(|d| (d.code, utf8.source.line_col(d.span.start))).collect();
    assert_eq!(expected.len(), 1, "{expected:?}"); // the wrong man
    for enc in [encoding_rs::WINDOWS_1251, encoding_rs::KOI8_R, encoding_rs::IBM866] {
        let (bytes, _, lossy) = enc.encode(&text);
        assert!(!lossy);
        let r = check(&bytes);
        let got: Vec<(Code, (usize, usize))> = r
            .diagnostics
            .iter()
            .filter(|d| d.code != Code::Encoding)
            .map(|d| (d.code, r.source.line_col(d.span.start)))
            .collect();
        assert_eq!(got, expected, "{}", enc.name());
        assert!(r.diagnostics[0].message.contains(enc.name()), "{}", r.diagnostics[0].message);
        assert_eq!(r.source.text.as_str(), text);
    }
}

/// An unterminated comment is reported and reading goes on at the next game
/// (it used to swallow the rest of the file); a comment that runs over a
/// game boundary ends there. Many of them still read in linear time.
#[test]
fn unterminated_comments_lose_only_their_own_game() {
    let text =
        format!("[Event \"a\"]\n\n1. e3-e5 {{ never closed\n\n{GAME}[Event \"c\"]\n\n1. e3-e5 {{ runs\n\n{GAME}}} *\n");
    let r = check(text.as_bytes());
    // Games a and c are broken, the two others read; the `} *` after the
    // last one is stray text.
    assert_eq!((r.games, r.invalid), (4, 2), "{:?}", codes(&r));
    assert_eq!(codes(&r), [Code::UnterminatedComment, Code::UnterminatedComment, Code::StrayText]);

    // 200,000 games, each with a comment that is never closed, no `}` anywhere.
    let text = "[Event \"x\"]\n\n1. e3-e5 { open\n\n".repeat(200_000);
    let r = check(text.as_bytes());
    assert_eq!((r.games, r.invalid), (200_000, 200_000));
}

/// Old Mac files end lines with a lone CR: they read as with LF, with the
/// same lines and columns in the diagnostics.
#[test]
fn lone_carriage_returns_end_lines() {
    let lf = format!("{GAME}{GAME}[Event \"y\"]\n\n1. e3-e5 e8-e6 2. e5-e4 *\n");
    let cr = lf.replace('\n', "\r");
    let (a, b) = (check(lf.as_bytes()), check(cr.as_bytes()));
    assert_eq!((b.games, b.invalid), (3, 1));
    let at = |r: &FileReport| -> Vec<(Code, usize, usize)> {
        r.diagnostics
            .iter()
            .map(|d| (d.code, r.source.line_col(d.span.start).0, r.source.line_col(d.span.start).1))
            .collect()
    };
    assert_eq!(at(&a), at(&b));
    assert_eq!(at(&b)[0].1, 13, "{:?}", at(&b));
}

/// 100,000 bad games on one 1.1 MB line: every diagnostic renders a cut
/// excerpt of the line (linear output, it was the whole line each time).
#[test]
fn many_errors_on_one_long_line_render_in_linear_size() {
    let text = "1. e3-e6 * ".repeat(100_000);
    let r = check(text.as_bytes());
    assert_eq!((r.games, r.invalid), (100_000, 100_000));
    let rendered: usize = r.diagnostics.iter().map(|d| d.render(&r.source, false).len()).sum();
    assert!(rendered < 100_000 * 1_500, "{rendered} bytes");
    let last = r.diagnostics.last().expect("diagnostics");
    assert_eq!(r.source.line_col(last.span.start), (1, text.len() - "e3-e6 * ".len() + 1));
}
