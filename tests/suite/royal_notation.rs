//! Royal Chess 100 records (NOTATION.md: `Пр`/`T`, `Пс`/`S`, `0-0`, `0-0-0`,
//! `Пс=Ф`/`S=Q`): the oracle's two renderings validate under --strict and
//! convert into each other; the seed's losing-position examples and a queen
//! restoration validate as records with their results.

use crate::common;

use pgn100::analysis::{convert_source, validate_text, ConvertOptions, LettersChoice, Options, StyleChoice};
use pgn100::diag::SourceFile;

fn strict() -> Options {
    Options { strict: true, ..Options::default() }
}

fn read(path: &str) -> String {
    std::fs::read_to_string(common::corpus(path)).expect("oracle rendering")
}

/// The movetext words of a file, promotions written alike (`e10=Q` and
/// `e9-e10Ф` as the writers of either style put them) and mate as `#`.
fn words(text: &str) -> Vec<String> {
    text.lines()
        .filter(|l| !l.starts_with('['))
        .flat_map(|l| l.split_whitespace())
        .map(|w| {
            let w = w.replace('×', "#");
            match w.char_indices().find(|&(i, c)| i >= 2 && c == '=') {
                Some((i, _)) => format!("{}{}", &w[..i], &w[i + 1..]),
                None => w,
            }
        })
        .collect()
}

#[test]
fn the_oracle_renderings_validate_strictly() {
    for file in ["oracle/royal/royal-cyr-long.pgn", "oracle/royal/royal-lat-short.pgn"] {
        let (diags, games, invalid) = validate_text(&read(file), strict());
        assert!(diags.is_empty(), "{file}: {diags:?}");
        assert_eq!((games, invalid), (150, 0), "{file}");
    }
}

#[test]
fn the_oracle_renderings_convert_into_each_other() {
    for (from, to, letters, style) in [
        (
            "oracle/royal/royal-cyr-long.pgn",
            "oracle/royal/royal-lat-short.pgn",
            LettersChoice::Latin,
            StyleChoice::Short,
        ),
        (
            "oracle/royal/royal-lat-short.pgn",
            "oracle/royal/royal-cyr-long.pgn",
            LettersChoice::Cyrillic,
            StyleChoice::Long,
        ),
    ] {
        let options = ConvertOptions { letters, style, ..ConvertOptions::default() };
        let out = convert_source(&SourceFile::new(from, read(from)), &options).text;
        let (diags, games, invalid) = validate_text(&out, strict());
        assert!(diags.is_empty() && games == 150 && invalid == 0, "{from}: {diags:?}");
        let (ours, theirs) = (words(&out), words(&read(to)));
        if let Some(i) = (0..ours.len().min(theirs.len())).find(|&i| ours[i] != theirs[i]) {
            panic!("{from} -> {to}: word {i}: ours {} theirs {}", ours[i], theirs[i]);
        }
        assert_eq!(ours.len(), theirs.len());
    }
}

fn record(fen: &str, moves: &str, result: &str) -> String {
    format!("[Variant \"Royal\"]\n[SetUp \"1\"]\n[FEN \"{fen}\"]\n[Result \"{result}\"]\n\n{moves} {result}\n")
}

#[test]
fn the_losing_position_examples_validate_with_their_verdicts() {
    let first = "k9/1n8/4T5/10/2K1B5/10/10/10/10/10 w - - 0 1";
    let second = "k9/1n8/4T5/10/2K1B5/10/10/10/10/9t w - - 0 1";
    for (fen, moves, result) in [
        (first, "1. Крc6-c7 Кb9:c7+", "1-0"),
        (second, "1. Крc6-c7 Кb9:c7+ 2. Сe6:a10+", "0-1"),
        (first, "1. Kc7 Nxc7+", "1-0"),
        (second, "1. Kc7 Nxc7+ 2. Bxa10+", "0-1"),
    ] {
        let (diags, _, invalid) = validate_text(&record(fen, moves, result), strict());
        assert!(diags.is_empty() && invalid == 0, "{moves}: {diags:?}");
        // The other result is contradicted by the board.
        let wrong = if result == "1-0" { "0-1" } else { "1-0" };
        let (diags, _, _) = validate_text(&record(fen, moves, wrong), strict());
        assert!(diags.iter().any(|d| d.code.name() == "result_mismatch"), "{moves}: {diags:?}");
    }
}

#[test]
fn a_queen_restoration_is_read_in_both_scripts() {
    let fen = "3skq4/10/10/10/1B8/10/10/10/10/4K5 w Rr - 0 1";
    for moves in ["1. Сb6:f10 Пс=Ф Крe10:f10", "1. Bxf10 S=Q Kxf10", "1. Сb6:f10 Псd10=Ф Фd10-d9"] {
        let (diags, _, invalid) = validate_text(&record(fen, moves, "*"), strict());
        assert!(diags.is_empty() && invalid == 0, "{moves}: {diags:?}");
    }
    // Written after the move it belongs before: a turn late.
    let (diags, _, _) = validate_text(&record(fen, "1. Сb6:f10 Крe10:f10 2. Крe1-e2 Пс=Ф", "*"), strict());
    assert!(diags.iter().any(|d| d.code.name() == "restoration_late"), "{diags:?}");
}
