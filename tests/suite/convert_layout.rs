//! `convert`'s layout: the lines re-filled wherever the moves change
//! length, CRLF files included (issue 56: a CRLF file was never re-filled,
//! so `--style long` wrote lines of 158 columns).

use super::common;

/// A file with its lines ended in CRLF.
fn crlf(text: &str) -> String {
    text.replace('\n', "\r\n")
}

fn convert_stdin(args: &[&str], input: &str) -> String {
    let o = common::with_stdin(args, input.as_bytes());
    assert_eq!(o.status.code(), Some(0), "{args:?}: {}", String::from_utf8_lossy(&o.stderr));
    String::from_utf8(o.stdout).expect("UTF-8")
}

#[test]
fn a_crlf_file_is_refilled_as_its_lf_copy() {
    for (file, variant) in [
        ("chess/twic_sample_232games_mliebelt.pgn", "chess"),
        ("chess/lichess_db_2013-01_first32_mliebelt.pgn", "chess"),
        ("valid/cyrillic_long_annotated.pgn", "hundred"),
    ] {
        let Ok(lf) = std::fs::read_to_string(common::corpus(file)) else { panic!("{file}") };
        assert!(!lf.contains('\r'), "{file} is LF");
        for style in ["long", "short"] {
            let args = ["convert", "--variant", variant, "--style", style, "-"];
            let from_lf = convert_stdin(&args, &lf);
            let from_crlf = convert_stdin(&args, &crlf(&lf));
            // The same text, line ends aside, and every line ends in CRLF.
            assert_eq!(from_crlf.replace("\r\n", "\n"), from_lf, "{file} --style {style}");
            assert!(!from_crlf.replace("\r\n", "").contains('\n'), "{file}: a bare LF");
            let long = from_crlf.split("\r\n").filter(|l| l.chars().count() > 80).count();
            assert_eq!(long, 0, "{file} --style {style}: lines over 80 columns");
            // The games are kept apart by a blank line.
            let games = lf.lines().filter(|l| l.starts_with("[Event ")).count();
            let out_games = from_crlf.split("\r\n").filter(|l| l.starts_with("[Event ")).count();
            assert_eq!(out_games, games, "{file}");
            assert_eq!(from_crlf.matches("\r\n\r\n[Event ").count(), games - 1, "{file}: games apart");
        }
    }
}
