//! Dice chess records: the oracle's two renderings of its 300 games (Latin
//! short with letter rolls, Cyrillic long with digit rolls) validate with no
//! diagnostic under --strict and replay to the oracle's turns (the same
//! rolls, moves, open en passant squares and final position); a turn cut
//! short is reported by the maximum-moves rule at that very turn.

use crate::common::read_jsonl;

use pgn100::commands::validate_bytes;
use pgn100::diag::Code;
use pgn100::notation::{GameRecord, Item, Reader};
use pgn100::replay::{replay, Options};
use pgn100::rules::dice::{role_face, DiceUci};

fn corpus(path: &str) -> String {
    std::fs::read_to_string(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus").join(path)).expect(path)
}

pub fn records(text: &str) -> Vec<GameRecord> {
    Reader::new(text)
        .filter_map(|i| match i {
            Item::Game(g) => Some(g),
            _ => None,
        })
        .collect()
}

const RENDERINGS: [&str; 2] = ["oracle/dice/dice-lat-short.pgn", "oracle/dice/dice-cyr-long.pgn"];

#[test]
fn both_renderings_validate_with_no_diagnostic_when_strict() {
    for path in RENDERINGS {
        let text = corpus(path);
        let report = validate_bytes(path, text.as_bytes(), None, Options { strict: true, ..Options::default() });
        assert_eq!((report.games, report.invalid), (300, 0), "{path}");
        assert!(report.diagnostics.is_empty(), "{path}: {:?}", report.diagnostics.first());
    }
}

#[test]
fn both_renderings_replay_to_the_oracle_turns() {
    let games = read_jsonl("oracle/dice/games_dice_sample.jsonl");
    for path in RENDERINGS {
        let recs = records(&corpus(path));
        assert_eq!(recs.len(), games.len(), "{path}");
        for (rec, g) in recs.iter().zip(&games) {
            let seed = &g["seed"];
            let report = replay(rec, 0, Options { strict: true, ..Options::default() });
            assert!(report.diagnostics.is_empty(), "{path} seed {seed}: {:?}", report.diagnostics);
            let turns = g["turns"].as_array().expect("turns");
            assert_eq!(report.turns.len(), turns.len(), "{path} seed {seed}");
            let mut last_fen = None;
            for (ours, theirs) in report.turns.iter().zip(turns) {
                let roll: Vec<u64> = ours.roll.iter().map(|&r| u64::from(role_face(r).expect("a die"))).collect();
                let want: Vec<u64> =
                    theirs["roll"].as_array().expect("roll").iter().map(|f| f.as_u64().expect("face")).collect();
                assert_eq!(roll, want, "{path} seed {seed}: the roll in the order written");
                let ep: Vec<String> = ours.start.ep_open().map(|s| s.to_string()).collect();
                let want_ep: Vec<String> =
                    theirs["ep"].as_array().expect("ep").iter().map(|s| s.as_str().expect("sq").to_string()).collect();
                assert_eq!(ep, want_ep, "{path} seed {seed}");
                let moves: Vec<String> = report.turn_plies(ours).iter().map(|p| DiceUci(p.mv).to_string()).collect();
                let want_moves: Vec<String> = theirs["moves"]
                    .as_array()
                    .expect("moves")
                    .iter()
                    .map(|s| s.as_str().expect("uci").to_string())
                    .collect();
                assert_eq!(moves, want_moves, "{path} seed {seed}");
                if let Some(f) = theirs["fens"].as_array().and_then(|f| f.last()) {
                    last_fen = Some(f.as_str().expect("fen").to_string());
                }
            }
            let last = report.last.as_ref().expect("replayed whole");
            if turns.last().is_some_and(|t| !t["moves"].as_array().expect("moves").is_empty()) {
                // The oracle's FEN: the en passant field always `-`.
                assert_eq!(Some(last.dice().expect("Dice").fen()), last_fen, "{path} seed {seed}: the final position");
            }
            let taken = g["termination"] == "king-capture";
            assert_eq!(last.king_taken().is_some(), taken, "{path} seed {seed}");
        }
    }
}

#[test]
fn a_turn_cut_short_breaks_the_maximum_moves_rule_there() {
    let text = corpus("oracle/dice/dice-lat-short.pgn");
    let recs = records(&text);
    let games = read_jsonl("oracle/dice/games_dice_sample.jsonl");
    let mut checked = 0;
    for (rec, g) in recs.iter().zip(&games).take(60) {
        let report = replay(rec, 0, Options::default());
        // The first turn of three moves that does not take the king.
        let Some(turn) = report.turns.iter().find(|t| t.plies.len() == 3 && t.left.is_empty()) else { continue };
        let Some(cut) = report.turn_plies(turn).last().map(|p| rec.tokens[p.token].span.clone()) else { continue };
        let turn_end = report.turn_plies(turn)[1].token;
        let game_text = &text[rec.span.start..rec.span.end];
        let local = (cut.start - rec.span.start)..(cut.end - rec.span.start);
        let corrupted = format!("{}{}", &game_text[..local.start], &game_text[local.end..]);
        let bad = records(&corrupted);
        let report = replay(&bad[0], 0, Options::default());
        let first = report.diagnostics.iter().find(|d| d.is_error()).unwrap_or_else(|| panic!("seed {}", g["seed"]));
        assert_eq!(first.code, Code::TooFewMoves, "seed {}: {first:?}", g["seed"]);
        assert_eq!(first.span, bad[0].tokens[turn_end].span, "seed {}: at the cut turn", g["seed"]);
        checked += 1;
    }
    assert!(checked >= 50, "{checked} games");
}

#[test]
fn the_renderings_convert_into_each_other() {
    use pgn100::commands::{convert_source, ConvertOptions, LettersChoice, RollsChoice, StyleChoice};
    use pgn100::diag::SourceFile;
    let lat = corpus("oracle/dice/dice-lat-short.pgn");
    let cyr = corpus("oracle/dice/dice-cyr-long.pgn");
    let convert = |text: &str, letters, style, rolls| {
        let source = SourceFile::new("x", text.to_string());
        let out = convert_source(&source, &ConvertOptions { letters, style, rolls, ..ConvertOptions::default() });
        assert_eq!((out.games, out.invalid), (300, 0));
        out.text
    };
    // The same tokens (line breaks are the writer's own).
    let words = |s: &str| s.split_whitespace().map(str::to_string).collect::<Vec<_>>();
    let same = |a: &str, b: &str, what: &str| {
        let (a, b) = (words(a), words(b));
        let at = a.iter().zip(&b).position(|(x, y)| x != y);
        assert!(at.is_none() && a.len() == b.len(), "{what}: first difference at word {at:?}");
    };
    let to_cyr = convert(&lat, LettersChoice::Cyrillic, StyleChoice::Long, RollsChoice::Digits);
    same(&to_cyr, &cyr, "Latin short -> Cyrillic long with digit rolls is the oracle's Cyrillic file");
    let to_lat = convert(&cyr, LettersChoice::Latin, StyleChoice::Short, RollsChoice::Letters);
    same(&to_lat, &lat, "Cyrillic long -> Latin short with letter rolls is the oracle's Latin file");
    // Cyrillic letters in the rolls read back to the same games.
    let cyr_letters = convert(&lat, LettersChoice::Cyrillic, StyleChoice::Short, RollsChoice::Letters);
    assert!(cyr_letters.contains("<Кр "), "Cyrillic roll letters");
    let back = convert(&cyr_letters, LettersChoice::Latin, StyleChoice::Short, RollsChoice::Letters);
    same(&back, &lat, "Cyrillic letters and back");
}

#[test]
fn generated_dice_games_validate_in_every_form() {
    use pgn100::commands::generate::{generate_game, rng_for, write_generated};
    use pgn100::notation::ast::RollForm;
    use pgn100::notation::{Letters, Style};
    let forms = [
        (Letters::Latin, Style::Short, RollForm::Latin),
        (Letters::Cyrillic, Style::Long, RollForm::Digits),
        (Letters::Cyrillic, Style::Short, RollForm::Cyrillic),
    ];
    let mut taken = 0;
    for i in 0..12u64 {
        let g = generate_game(&mut rng_for(5, i), pgn100::rules::Variant::Dice, 120).expect("Dice is played");
        let (letters, style, rolls) = forms[i as usize % 3];
        let form = pgn100::notation::pgn::GameForm { letters, style, rolls, pgn: false };
        let text = write_generated(&[("Variant", "Dice".to_string()), ("Result", g.result.to_string())], &g, form);
        let report = validate_bytes("g", text.as_bytes(), None, Options { strict: true, ..Options::default() });
        assert!(report.diagnostics.is_empty(), "game {i}: {:?}\n{text}", report.diagnostics.first());
        let rec = &records(&text)[0];
        let replayed = replay(rec, 0, Options::default());
        assert_eq!(replayed.turns.len(), g.turns.len(), "game {i}");
        taken += usize::from(g.result != "*");
    }
    assert!(taken > 0, "some game ends with a king capture");
}

#[test]
fn stats_count_the_oracle_games_as_the_oracle_does() {
    use pgn100::commands::stats::aggregate_text;
    let want: serde_json::Value = serde_json::from_str(&corpus("oracle/dice/stats.json")).expect("stats.json");
    for path in RENDERINGS {
        let agg = aggregate_text(path, &corpus(path), Options::default());
        let d = &agg.dice;
        let n = |k: &str| want[k].as_u64().expect(k);
        assert_eq!(agg.valid, n("games"), "{path}");
        assert_eq!(d.turns, n("turns"), "{path}");
        assert_eq!(d.moves_per_turn[0], n("empty_turns"), "{path}");
        assert_eq!(d.forced_turns, n("turns_where_max_rule_removed_sequences"), "{path}");
        assert_eq!(d.king_captures, [n("white_wins"), n("black_wins")], "{path}");
        assert_eq!(d.king_captures_with_dice_left, n("king_capture_with_dice_left"), "{path}");
        assert_eq!(agg.promotions.values().sum::<u64>(), 384, "{path}: the oracle README's promotions");
    }
}

#[test]
fn annotate_tells_the_dice_left_and_the_king_captures() {
    use pgn100::commands::{annotate_source, AnnotateOptions};
    use pgn100::diag::SourceFile;
    let text = corpus("oracle/dice/dice-lat-short.pgn");
    let out = annotate_source(
        &SourceFile::new("x", text.clone()),
        &AnnotateOptions { dice: true, ..AnnotateOptions::default() },
    );
    assert_eq!((out.games, out.invalid), (300, 0));
    let games = read_jsonl("oracle/dice/games_dice_sample.jsonl");
    let moves: usize = games
        .iter()
        .flat_map(|g| g["turns"].as_array().expect("turns"))
        .map(|t| t["moves"].as_array().expect("m").len())
        .sum();
    assert_eq!(out.text.matches("{dice left: ").count(), moves);
    assert_eq!(out.text.matches(" takes the king and wins}").count(), 291, "the oracle's king captures");
    let report = validate_bytes("a", out.text.as_bytes(), None, Options { strict: true, ..Options::default() });
    assert!(report.diagnostics.is_empty(), "the annotated file still validates");
    // The moves stay as written.
    let strip = |s: &str| {
        let mut o = String::new();
        let mut depth = 0;
        for c in s.chars() {
            match c {
                '{' => depth += 1,
                '}' => depth -= 1,
                _ if depth == 0 => o.push(c),
                _ => {}
            }
        }
        o.split_whitespace().collect::<Vec<_>>().join(" ")
    };
    assert_eq!(strip(&out.text), strip(&text));
}

#[test]
fn annotate_fen_writes_the_oracle_positions_and_reads_them_back() {
    use pgn100::commands::{annotate_source, AnnotateOptions};
    use pgn100::diag::SourceFile;
    use pgn100::notation::TokenKind;
    use pgn100::rules::{Variant, VariantPosition};
    let games = read_jsonl("oracle/dice/games_dice_sample.jsonl");
    for path in RENDERINGS {
        let text = corpus(path);
        let out =
            annotate_source(&SourceFile::new("x", text), &AnnotateOptions { fen: true, ..AnnotateOptions::default() });
        assert_eq!((out.games, out.invalid), (300, 0), "{path}");
        let recs = records(&out.text);
        assert_eq!(recs.len(), games.len(), "{path}");
        for (rec, g) in recs.iter().zip(&games) {
            let seed = &g["seed"];
            // The FEN after each move, in the order of the moves.
            let fens: Vec<&str> = rec
                .tokens
                .iter()
                .filter(|t| matches!(t.kind, TokenKind::Comment))
                .map(|t| out.text[t.span.clone()].trim_matches(['{', '}']))
                .filter(|c| c.contains('/'))
                .collect();
            let want: Vec<&str> = g["turns"]
                .as_array()
                .expect("turns")
                .iter()
                .flat_map(|t| t["fens"].as_array().expect("fens"))
                .map(|f| f.as_str().expect("fen"))
                .collect();
            assert_eq!(fens.len(), want.len(), "{path} seed {seed}: one FEN a move");
            for (ours, theirs) in fens.iter().zip(&want) {
                let pos = VariantPosition::from_fen(ours, Variant::Dice)
                    .unwrap_or_else(|e| panic!("{path} seed {seed}: {ours} does not read back: {e}"));
                assert_eq!(pos.fen(), *ours, "{path} seed {seed}: the FEN read back writes the same");
                // The oracle writes no en passant squares.
                assert_eq!(pos.dice().expect("Dice").fen(), *theirs, "{path} seed {seed}");
            }
        }
    }
}

#[test]
fn convert_of_the_rolls_alone_keeps_every_move_as_written() {
    use pgn100::commands::{convert_source, ConvertOptions, FilesChoice, RollsChoice};
    use pgn100::diag::SourceFile;
    let lat = corpus("oracle/dice/dice-lat-short.pgn");
    let convert = |options: ConvertOptions| {
        let out = convert_source(&SourceFile::new("x", lat.clone()), &options);
        assert_eq!((out.games, out.invalid), (300, 0));
        out.text
    };
    // Nothing asked of the moves, and no tenth file to letter: as it stands.
    assert_eq!(convert(ConvertOptions::default()), lat);
    assert_eq!(convert(ConvertOptions { files: FilesChoice::AK, ..ConvertOptions::default() }), lat);
    let digits = convert(ConvertOptions { rolls: RollsChoice::Digits, ..ConvertOptions::default() });
    let words = |s: &str| s.split_whitespace().map(str::to_string).collect::<Vec<_>>();
    let (ours, theirs) = (words(&digits), words(&lat));
    assert_eq!(ours.len(), theirs.len());
    let (mut rolls, mut in_roll) = (0, false);
    for (a, b) in ours.iter().zip(&theirs) {
        in_roll |= b.starts_with('<');
        if in_roll {
            rolls += usize::from(b.starts_with('<'));
            assert!(a.trim_matches(['<', '>']).chars().all(|c| c.is_ascii_digit()), "{a} for {b}");
        } else {
            assert_eq!(a, b, "a move or tag as written");
        }
        in_roll &= !b.ends_with('>');
    }
    let turns: usize = read_jsonl("oracle/dice/games_dice_sample.jsonl")
        .iter()
        .map(|g| g["turns"].as_array().expect("turns").len())
        .sum();
    assert_eq!(rolls, turns, "every roll in digits");
}
