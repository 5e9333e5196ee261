//! Royal Chess 100 records (docs/notation.md: `Пр`/`T`, `Пс`/`S`, `0-0`, `0-0-0`,
//! `Пс=Ф`/`S=Q`): the oracle's two renderings validate under --strict and
//! convert into each other; the seed's losing-position examples and a queen
//! restoration validate as records with their results.

use crate::common;

use pgn100::commands::{convert_source, validate_text, ConvertOptions, LettersChoice, StyleChoice};
use pgn100::diag::SourceFile;
use pgn100::replay::Options;

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

/// The seed's second example and a queen restoration, as one file.
fn events() -> String {
    let second = "k9/1n8/4T5/10/2K1B5/10/10/10/10/9t w - - 0 1";
    let queen = "3skq4/10/10/10/1B8/10/10/10/10/4K5 w Rr - 0 1";
    let refused = "3skq4/10/10/10/1B8/10/10/10/10/4K5 w Rr - 0 1";
    [
        record(second, "1. Крc6-c7 Кb9:c7+ 2. Сe6:a10+", "0-1"),
        record(queen, "1. Сb6:f10 Псd10=Ф Крe10:f10", "*"),
        record(refused, "1. Сb6:f10 Крe10:f10", "*"),
    ]
    .join("\n")
}

#[test]
fn stats_count_king_captures_crownings_restorations_and_losing_positions() {
    let agg = pgn100::commands::stats::aggregate_text("t", &events(), Options::default());
    assert_eq!(agg.valid, 3);
    assert_eq!((agg.king_captures, agg.crownings), (2, 2));
    assert_eq!((agg.restorations, agg.restorations_refused), (1, 1));
    assert_eq!(agg.losing_positions, 1);
    assert!(agg.rows().iter().any(|r| r.section == "royal" && r.key == "queens restored" && r.value == "1"));
}

#[test]
fn annotate_comments_on_crownings_restorations_and_the_losing_position() {
    use pgn100::commands::{annotate_source, AnnotateOptions};
    let out = annotate_source(&SourceFile::new("t", events()), &AnnotateOptions::default()).text;
    for comment in [
        "{white's king captured: its prince is crowned on e8}",
        "{black's king captured: its prince is crowned on j1}",
        "{losing position: white's king attacked without its prince, black wins}",
        "Псd10=Ф Крe10:f10 {black restored its queen (the princess crowned) before this move}",
        "Крe10:f10 {black refused its queen restoration: the right is gone}",
    ] {
        assert!(out.contains(comment), "{comment}\n{out}");
    }
    // The annotated file validates as it stands.
    let (diags, _, invalid) = validate_text(&out, strict());
    assert!(diags.is_empty() && invalid == 0, "{diags:?}");
}

#[test]
fn show_draws_prince_and_princess_in_the_terminal_and_in_svg() {
    use pgn100::notation::Letters;
    use pgn100::output::diagram::{svg_diagram, text_diagram, Glyphs};
    use pgn100::rules::{Variant, VariantPosition};
    let start = VariantPosition::start(Variant::Royal).expect("Royal is played");
    for glyphs in [Glyphs::Letters, Glyphs::Unicode] {
        let text = text_diagram(&start, None, None, glyphs, false);
        let first = text.lines().find(|l| l.trim_start().starts_with("1 ")).expect("rank 1");
        let tenth = text.lines().find(|l| l.trim_start().starts_with("10 ")).expect("rank 10");
        assert!(first.contains('S') && first.contains('T'), "{text}");
        assert!(tenth.contains('s') && tenth.contains('t'), "{text}");
    }
    for (letters, prince, princess) in [(Letters::Cyrillic, ">Пр<", ">Пс<"), (Letters::Latin, ">T<", ">S<")] {
        let svg = svg_diagram(&start, None, letters);
        assert_eq!(svg.matches(prince).count(), 2, "{svg}");
        assert_eq!(svg.matches(princess).count(), 2, "{svg}");
    }
}

#[test]
fn generated_royal_games_validate_strictly() {
    use pgn100::commands::generate::{generate_game, rng_for, write_generated};
    use pgn100::notation::ast::RollForm;
    use pgn100::notation::{Letters, Style};
    for i in 0..20 {
        let g = generate_game(&mut rng_for(16, i), pgn100::rules::Variant::Royal, 300).expect("a game");
        let tags = [("Variant", "Royal".to_string()), ("Result", g.result.to_string())];
        for (letters, style) in [(Letters::Cyrillic, Style::Long), (Letters::Latin, Style::Short)] {
            let text = write_generated(
                &tags,
                &g,
                pgn100::notation::pgn::GameForm { letters, style, rolls: RollForm::Latin, pgn: false },
            );
            let (diags, games, invalid) = validate_text(&text, strict());
            assert!(diags.is_empty() && games == 1 && invalid == 0, "{diags:?}\n{text}");
        }
    }
}
