//! Property tests: for random legal games from the generator, writing and
//! reading back gives the same moves in every letter set and style, and FEN
//! write -> read gives the same position on every position reached.

use pgn100::commands::generate::{generate_game, rng_for, write_generated};
use pgn100::notation::ast::RollForm;
use pgn100::notation::{Item, Letters, Reader, Style};
use pgn100::replay::{replay, Options};
use pgn100::rules::{Position, Variant};
use proptest::prelude::*;

use crate::checks;

proptest! {
    // A fixed seed: CI runs the same cases every time.
    #![proptest_config(ProptestConfig { cases: 24, rng_seed: proptest::test_runner::RngSeed::Fixed(100), ..ProptestConfig::default() })]

    #[test]
    fn write_read_replay_gives_the_same_moves(seed in any::<u64>(), plies in 1u32..250) {
        let g = generate_game(&mut rng_for(seed, 0), Variant::Hundred, plies).expect("Hundred");
        for letters in [Letters::Cyrillic, Letters::Latin] {
            for style in [Style::Long, Style::Short] {
                let form = pgn100::notation::pgn::GameForm { letters, style, rolls: RollForm::Latin, pgn: false };
                let text = write_generated(&[("Result", g.result.to_string())], &g, form);
                let items: Vec<Item> = Reader::new(&text).collect();
                let [Item::Game(record)] = items.as_slice() else { panic!("one game expected: {text}") };
                let report = replay(record, 0, Options { strict: true, ..Options::default() });
                prop_assert!(report.diagnostics.is_empty(), "{:?}\n{}", report.diagnostics, text);
                let moves: Vec<_> = report.mainline.iter().map(|p| p.mv).collect();
                prop_assert_eq!(&moves, &g.moves);
            }
        }
    }

    #[test]
    fn fen_write_read_is_identity(seed in any::<u64>()) {
        let g = generate_game(&mut rng_for(seed, 1), Variant::Hundred, 300).expect("Hundred");
        let mut pos = g.start.plain().expect("Hundred").clone();
        for m in &g.moves {
            pos.play_unchecked(*m);
            let fen = pos.fen();
            let back = Position::from_fen(&fen, Variant::Hundred).expect("own FEN reads");
            // Exact: the castling field carries every right (docs/notation.md,
            // "FEN"), so the position read back is the same, hash included.
            prop_assert_eq!(back.fen(), fen);
            prop_assert_eq!(&back, &pos);
            prop_assert_eq!(back.hash(), pos.hash());
        }
    }
}

fn corpus_text() -> Vec<u8> {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/corpus/valid");
    let mut names: Vec<_> = std::fs::read_dir(dir).expect("corpus").map(|e| e.expect("entry").path()).collect();
    names.sort();
    names.iter().flat_map(|p| std::fs::read(p).expect("read")).collect()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, rng_seed: proptest::test_runner::RngSeed::Fixed(7), ..ProptestConfig::default() })]

    /// Arbitrary bytes, and the valid corpus with bytes flipped, inserted or
    /// cut: every command's library path finishes without a panic and the
    /// game count stays consistent.
    #[test]
    fn no_panic_on_mutated_input(
        noise in proptest::collection::vec(any::<u8>(), 0..2000),
        edits in proptest::collection::vec((any::<usize>(), any::<u8>(), 0u8..3), 0..40),
    ) {
        use pgn100::commands::{annotate_source, convert_source, validate_bytes, AnnotateOptions, ConvertOptions, LettersChoice, StyleChoice};
        use pgn100::commands::stats::stats_text;
        let mut bytes = corpus_text();
        for (at, b, op) in edits {
            let at = at % (bytes.len() + 1);
            match op {
                0 if at < bytes.len() => bytes[at] = b,
                1 => bytes.insert(at, b),
                _ if at < bytes.len() => { bytes.remove(at); }
                _ => {}
            }
        }
        for input in [&noise, &bytes] {
            let report = validate_bytes("fuzz", input, None, Options::default());
            prop_assert!(report.invalid <= report.games);
            // Binary data: one diagnostic, no text to convert.
            if report.diagnostics.first().is_some_and(|d| d.code == pgn100::diag::Code::Binary) {
                continue;
            }
            let opts = ConvertOptions { letters: LettersChoice::Latin, style: StyleChoice::Short, ..ConvertOptions::default() };
            let converted = convert_source(&report.source, &opts);
            prop_assert_eq!(converted.games, report.games);
            let annotated = annotate_source(&report.source, &AnnotateOptions::default());
            prop_assert_eq!(annotated.games, report.games);
            let (_, agg) = stats_text("fuzz", &report.source.text, Options::default());
            prop_assert_eq!(agg.games as usize, report.games);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, rng_seed: proptest::test_runner::RngSeed::Fixed(11), ..ProptestConfig::default() })]

    /// The fuzz targets' reader checks on the valid corpus with bytes
    /// flipped, inserted or cut (with `{`, `}`, `[`, `<`, `>` and blank lines
    /// likely): reading in pieces of any size gives what reading whole gives,
    /// and nothing is skipped silently.
    #[test]
    fn pieces_read_as_the_whole(
        size in any::<u8>(),
        edits in proptest::collection::vec((any::<usize>(), 0usize..10, 0u8..3), 0..60),
    ) {
        const BYTES: &[u8] = b"{}[<>\n\n\r\"]";
        let mut bytes = corpus_text();
        for (at, b, op) in edits {
            let at = at % (bytes.len() + 1);
            let b = BYTES[b % BYTES.len()];
            match op {
                0 if at < bytes.len() => bytes[at] = b,
                1 => bytes.insert(at, b),
                _ if at < bytes.len() => { bytes.remove(at); }
                _ => {}
            }
        }
        checks::read(&bytes);
        bytes.insert(0, size);
        checks::split(&bytes);
    }
}
