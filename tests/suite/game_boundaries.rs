//! Game files as people have them (issue 41): where one game ends and the
//! next begins. A syntax error costs its game only (the reader resumes at a
//! blank line and move number 1, a tag or a `;` heading); NUL padding at the
//! end is a warning; tag sections without moves are games; records printed
//! as books print them (a `;` heading, a paragraph a game, commas after the
//! moves, a period at the end) are one game a paragraph. Each file's counts
//! and diagnostic codes with their lines are asserted here (the wording is
//! in its golden file, tests/suite/corpus.rs), and every command counts the
//! same games in it.

use pgn100::commands::validate_bytes;
use pgn100::diag::Code;
use pgn100::notation::decode::binary_at;
use pgn100::notation::{Item, Reader};
use pgn100::replay::{replay, Options};
use pgn100::rules::Variant;

use crate::common::{corpus, pgn100, read_jsonl};

fn chess() -> Options {
    Options { default_variant: Some(Variant::Chess), ..Options::default() }
}

/// (games, invalid, [(code, line)]) of validating `bytes`.
fn outcome(bytes: &[u8], options: Options) -> (usize, usize, Vec<(Code, usize)>) {
    let report = validate_bytes("t", bytes, None, options);
    let codes = report.diagnostics.iter().map(|d| (d.code, report.source.line_col(d.span.start).0)).collect();
    (report.games, report.invalid, codes)
}

fn file(path: &str) -> Vec<u8> {
    std::fs::read(corpus(path)).unwrap_or_else(|e| panic!("{path}: {e}"))
}

#[test]
fn after_a_syntax_error_reading_resumes_at_the_next_paragraph_game() {
    // The example: one game before, three now.
    let text = "1. e2-e4 e7-e5 2. Кg1-f3 $$$ Кb8-c6\n\n1. d2-d4 d7-d5 *\n\n1. e2-e4 c7-c5 *\n";
    assert_eq!(outcome(text.as_bytes(), chess()), (3, 1, vec![(Code::NagRange, 1)]));
    use Code::*;
    assert_eq!(
        outcome(&file("invalid/syntax.resync_paragraphs.pgn"), Options::default()),
        (
            6,
            3,
            vec![
                (Syntax, 1),
                (Syntax, 5),
                (MissingResult, 9),
                (BookPunctuation, 9),
                (BookPunctuation, 9),
                (Syntax, 14),
            ]
        )
    );
    // Only a blank line before move number 1 or a heading is a new start:
    // the lines of the broken game up to it are its own.
    let text = "1. e3-e5 @@ e8-e6\n1. d3-d4 *\n; no heading: no move 1 after it\n2. d3-d4 *\n\n1. e3-e5 e8-e6 *\n";
    assert_eq!(outcome(text.as_bytes(), Options::default()), (2, 1, vec![(Code::Syntax, 1)]));
}

#[test]
fn nul_padding_at_the_end_is_a_warning_and_the_game_stays_valid() {
    assert_eq!(outcome(&file("invalid/nul_padding.pgn"), Options::default()), (2, 0, vec![(Code::NulPadding, 10)]));
    // Touching the result, as a real file ends (`0-1\0\0`), after a move
    // without a result, and before the next game's tags.
    let padded = "[Result \"0-1\"]\n\n1. e2-e4 e7-e5 0-1\0\0";
    assert_eq!(outcome(padded.as_bytes(), chess()), (1, 0, vec![(Code::NulPadding, 3)]));
    let no_result = "1. e2-e4 e7-e5\0\0\n\0";
    assert_eq!(outcome(no_result.as_bytes(), chess()), (1, 0, vec![(Code::MissingResult, 1), (Code::NulPadding, 1)]));
    // Past the first 64 KiB as within them, and before the next game's tags.
    let mut long = "[Result \"*\"]\n\n1. e2-e4 e7-e5 *\n\n".repeat(3000).into_bytes();
    assert!(long.len() > pgn100::notation::decode::SAMPLE);
    long.extend(b"[Result \"*\"]\n\n1. d2-d4 *\0\0\n\n[Result \"*\"]\n\n1. c2-c4 *\n\0\0\0\0\0\n\n");
    let want = vec![(Code::NulPadding, 12003), (Code::NulPadding, 12008)];
    assert_eq!(outcome(&long, chess()), (3002, 0, want));
    // Within the first 64 KiB, NUL bytes before more text are binary data.
    let between = "[Result \"*\"]\n\n1. e2-e4 *\0\0\n\n[Result \"*\"]\n\n1. d2-d4 *\n";
    assert_eq!(outcome(between.as_bytes(), chess()), (0, 0, vec![(Code::Binary, 3)]));
    // NUL bytes anywhere else are what they were: binary data at the
    // start, a syntax error within a game, and a file of NULs is binary.
    assert_eq!(binary_at(b"1. e2-e4 e7-e5 0-1\0\0"), None);
    assert_eq!(binary_at(b"1. e2-e4 e7-e5 0-1\0\0\n \0"), None);
    assert_eq!(binary_at(b"1. e2\0-e4 e7-e5 0-1\0\0"), Some(5));
    assert_eq!(binary_at(b"\0\0\0\0"), Some(0));
    let mut inside = "[Result \"*\"]\n\n1. e2-e4 *\n\n".repeat(3000).into_bytes();
    inside.extend(b"[Result \"*\"]\n\n1. e2-e4 \0 e7-e5 *\n");
    assert_eq!(outcome(&inside, chess()), (3001, 1, vec![(Code::Syntax, 12003)]));
}

#[test]
fn tag_sections_without_moves_are_games_without_moves() {
    use Code::MissingResult;
    let got = outcome(&file("invalid/missing_result.tag_sections.pgn"), Options::default());
    assert_eq!(got, (4, 0, vec![(MissingResult, 17), (MissingResult, 25), (MissingResult, 33)]));
    let items: Vec<Item> =
        Reader::new(std::str::from_utf8(&file("invalid/missing_result.tag_sections.pgn")).expect("UTF-8")).collect();
    let rounds: Vec<(Option<&str>, usize)> = items
        .iter()
        .map(|i| match i {
            Item::Game(g) => (g.tag("Round"), g.tokens.len()),
            other => panic!("{other:?}"),
        })
        .collect();
    assert_eq!(rounds, vec![(Some("1"), 4), (Some("2"), 0), (Some("3"), 0), (Some("4"), 0)]);
    // Tags, a blank line and the movetext stay one game.
    assert_eq!(outcome(b"[Result \"*\"]\n[Variant \"Chess\"]\n\n1. e2-e4 *\n", Options::default()), (1, 0, vec![]));
}

#[test]
fn book_records_are_one_game_a_paragraph_with_their_heading() {
    let bytes = file("books/classics_book_form.pgn");
    let (games, invalid, codes) = outcome(&bytes, chess());
    assert_eq!((games, invalid), (11, 0));
    let count = |c: Code| codes.iter().filter(|(code, _)| *code == c).count();
    // One warning for each comma after a move and each period that ends a
    // game (the three games that end in a result have none, and no
    // missing_result either).
    let text = std::str::from_utf8(&bytes).expect("UTF-8");
    let movetext: Vec<&str> = text.lines().filter(|l| !l.starts_with(';')).collect();
    let commas: usize = movetext.iter().map(|l| l.matches(',').count()).sum();
    let periods = text.split("\n\n").filter(|p| p.trim_end().ends_with('.')).count();
    assert_eq!((commas, periods), (216, 8));
    assert_eq!(count(Code::BookPunctuation), commas + periods);
    assert_eq!(count(Code::MissingResult), 8);
    let expected = read_jsonl("books/classics_book_form.fens.jsonl");
    let dashed: usize = expected.iter().map(|g| g["captures_written_with_dash"].as_u64().expect("n") as usize).sum();
    assert_eq!((count(Code::CaptureMark), dashed), (2, 2));
    assert_eq!(codes.len(), count(Code::BookPunctuation) + 8 + 2);
    // The games python-chess replayed (final_fens.py): each paragraph is
    // one game from its heading line, ending where python-chess ends it.
    let report = validate_bytes("t", &bytes, None, chess());
    let mut n = 0;
    for (index, item) in Reader::new(text).enumerate() {
        let Item::Game(record) = item else { panic!("{item:?}") };
        let want = &expected[index];
        let line = report.source.line_col(record.span.start).0;
        assert_eq!(line as u64, want["line"].as_u64().expect("line"), "game {index}");
        let heading = record.tokens.first().and_then(|t| text.get(t.span.clone())).expect("a heading");
        assert_eq!(heading.trim_start_matches(';').trim(), want["heading"].as_str().expect("heading"));
        let game = replay(&record, index, chess());
        assert!(game.is_valid(), "game {index}: {:?}", game.diagnostics);
        assert_eq!(game.mainline.len() as u64, want["plies"].as_u64().expect("plies"), "game {index}");
        let fen = game.last.as_ref().map(pgn100::rules::VariantPosition::fen);
        assert_eq!(fen.as_deref(), want["final_fen"].as_str(), "game {index}");
        n += 1;
    }
    assert_eq!(n, expected.len());
    // Without --variant chess the records are Hundred's and fail, one
    // game a paragraph still.
    assert_eq!(validate_bytes("t", &bytes, None, Options::default()).games, 11);
}

#[test]
fn convert_writes_book_records_without_their_punctuation() {
    for args in [&["convert", "--variant", "chess"][..], &["convert", "--variant", "chess", "--letters", "latin"][..]] {
        let mut args = args.to_vec();
        args.push("corpus/books/classics_book_form.pgn");
        let o = pgn100(&args);
        assert_eq!(o.status.code(), Some(0), "{args:?}: {}", String::from_utf8_lossy(&o.stderr));
        let out = String::from_utf8(o.stdout).expect("UTF-8");
        // The headings stay; no comma or period is left after a move.
        assert_eq!(out.lines().filter(|l| l.starts_with("; ")).count(), 11);
        let moves: String = out.lines().filter(|l| !l.starts_with(';')).collect::<Vec<_>>().join("\n");
        assert!(!moves.contains(','), "{args:?}: {moves}");
        // A period ends only move numbers (`14.`).
        let stray_period = moves
            .split_whitespace()
            .find(|w| w.ends_with('.') && !w.trim_end_matches('.').chars().all(|c| c.is_ascii_digit()));
        assert_eq!(stray_period, None, "{args:?}");
        // And it reads back clean: the same games, no book_punctuation.
        let (games, invalid, codes) = outcome(out.as_bytes(), chess());
        assert_eq!((games, invalid), (11, 0));
        assert!(codes.iter().all(|(c, _)| matches!(c, Code::MissingResult | Code::CaptureMark)), "{codes:?}");
    }
}

/// Games counted by validate, stats, convert, filter, dedup and split.
fn counts(path: &str, variant: &str) -> Vec<(&'static str, usize)> {
    let number = |text: &str, before: &str| -> usize {
        let at = text.find(before).unwrap_or_else(|| panic!("{before:?} in {text}"));
        let digits: String =
            text[..at].chars().rev().take_while(char::is_ascii_digit).collect::<Vec<_>>().into_iter().rev().collect();
        digits.parse().unwrap_or_else(|_| panic!("{text}"))
    };
    let run = |args: &[&str]| {
        let mut all = vec![args[0], "--variant", variant];
        all.extend(&args[1..]);
        all.push(path);
        let o = pgn100(&all);
        assert!(o.status.code().is_some_and(|c| c < 2), "{all:?}: {}", String::from_utf8_lossy(&o.stderr));
        (String::from_utf8_lossy(&o.stdout).into_owned(), String::from_utf8_lossy(&o.stderr).into_owned())
    };
    let mut out = Vec::new();
    out.push(("validate", number(&run(&["validate"]).0, " game(s)")));
    let stats = run(&["stats", "--per-game", "--format", "csv"]).0;
    out.push(("stats", stats.lines().count() - 1));
    let converted = run(&["convert"]).0;
    let options = Options { default_variant: variant.parse::<Variant>().ok(), ..Options::default() };
    out.push(("convert", validate_bytes("t", converted.as_bytes(), None, options).games));
    out.push(("filter", number(&run(&["filter"]).1, " game(s)")));
    out.push(("dedup", number(&run(&["dedup"]).1, " game(s)")));
    let dir = std::env::temp_dir().join(format!("pgn100-split-{}-{}", std::process::id(), path.replace('/', "_")));
    let _ = std::fs::remove_dir_all(&dir);
    let dir_s = dir.to_str().expect("a path").to_string();
    run(&["split", "--games", "1", "--dir", &dir_s]);
    out.push(("split", std::fs::read_dir(&dir).map_or(0, |d| d.count())));
    let _ = std::fs::remove_dir_all(&dir);
    out
}

#[test]
fn every_command_counts_the_same_games_in_the_new_files() {
    for (path, variant, games) in [
        ("corpus/invalid/syntax.resync_paragraphs.pgn", "hundred", 6),
        ("corpus/invalid/nul_padding.pgn", "hundred", 2),
        ("corpus/invalid/missing_result.tag_sections.pgn", "hundred", 4),
        ("corpus/invalid/book_punctuation.pgn", "hundred", 2),
        ("corpus/books/classics_book_form.pgn", "chess", 11),
    ] {
        let got = counts(path, variant);
        assert!(got.iter().all(|(_, n)| *n == games), "{path}: {got:?}");
    }
}

/// PGN's import forms and the forms of annotated files (issue 54, items 5,
/// 6, 8, 11): corpus/chess/import_forms.pgn, four real games (TWIC) written
/// with move numbers without a period, Black's numbers as `12..`, `12. ..`,
/// `12 ...` and `12 ..`, a blank line after `[Event]`, castling with an em
/// or en dash, and annotations with variations in those forms
/// (corpus/oracle/chess/make_import_forms.py). Each game reads whole with
/// python-chess's plies, main line and final FEN.
#[test]
fn import_forms_read_as_python_chess_reads_them() {
    use pgn100::diag::Severity;
    let text = String::from_utf8(file("chess/import_forms.pgn")).expect("UTF-8");
    let expected = read_jsonl("oracle/chess/import_forms.games.jsonl");
    let items: Vec<Item> = Reader::new(&text).collect();
    assert_eq!(items.len(), expected.len(), "games");
    for (index, (item, want)) in items.into_iter().zip(&expected).enumerate() {
        let Item::Game(record) = item else { panic!("game {}: {item:?}", index + 1) };
        let report = replay(&record, index, chess());
        let errors: Vec<_> = report.diagnostics.iter().filter(|d| d.severity == Severity::Error).collect();
        assert!(errors.is_empty(), "game {}: {errors:?}", index + 1);
        let mut pos = report.start.as_ref().and_then(|p| p.plain()).expect("start").clone();
        assert_eq!(pos.fen(), want["start_fen"].as_str().expect("start"));
        let ucis: Vec<String> = report
            .mainline
            .iter()
            .map(|ply| {
                let uci = crate::common::python_uci(&pos, ply.mv);
                pos.play_unchecked(ply.mv);
                uci
            })
            .collect();
        assert_eq!(ucis.join(" "), want["uci"].as_str().expect("uci"), "game {}", index + 1);
        assert_eq!(ucis.len() as u64, want["plies"].as_u64().expect("plies"));
        assert_eq!(pos.fen(), want["final_fen"].as_str().expect("final"), "game {}", index + 1);
    }
    // Every command counts the four games, all valid.
    let path = corpus("chess/import_forms.pgn");
    let o = pgn100(&["validate", "--variant", "chess", path.to_str().expect("path")]);
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(out.contains("4 game(s): 4 valid, 0 invalid; 0 error(s)"), "{out}");
}

/// A blank line inside the tags (ChessBase writes one after `[Event]`) does
/// not split the game, as python-chess reads it; a blank line and a tag the
/// section already has (a second `[Event]`) starts the next game, where
/// python-chess would merge the two sections into one game.
#[test]
fn a_blank_line_inside_the_tags_does_not_split_the_game() {
    let chessbase = "[Event \"x\"]\n\n[Site \"y\"]\n[Variant \"chess\"]\n[Result \"*\"]\n\n1. e4 e5 *\n";
    let items: Vec<Item> = Reader::new(chessbase).collect();
    let [Item::Game(game)] = items.as_slice() else { panic!("{items:?}") };
    assert_eq!((game.tag("Event"), game.tag("Site"), game.tokens.len()), (Some("x"), Some("y"), 4));
    assert_eq!(outcome(chessbase.as_bytes(), chess()), (1, 0, vec![]));
    // Two blank-line gaps and a comment line inside one tag section.
    let spread = "[Event \"x\"]\n\n[Site \"y\"]\n\n[White \"a\"]\n[Result \"*\"]\n\n1. e4 *\n";
    let items: Vec<Item> = Reader::new(spread).collect();
    assert!(matches!(items.as_slice(), [Item::Game(g)] if g.tag("White") == Some("a")), "{items:?}");
    // A broadcast's rounds not yet played: each section its own game.
    let rounds =
        "[Event \"A\"]\n[Round \"1\"]\n[Result \"*\"]\n\n[Event \"A\"]\n[Round \"2\"]\n[Result \"*\"]\n\n1. e4 *\n";
    let items: Vec<Item> = Reader::new(rounds).collect();
    let [Item::Game(first), Item::Game(second)] = items.as_slice() else { panic!("{items:?}") };
    assert_eq!((first.tag("Round"), first.tokens.len()), (Some("1"), 0));
    assert_eq!((second.tag("Round"), second.tokens.len()), (Some("2"), 3));
    // Where the next section repeats a tag only further down, it is still
    // the next game; so is one that starts with `[Event]`.
    let later = "[Event \"A\"]\n[Round \"1\"]\n\n[Site \"s\"]\n[Round \"2\"]\n\n1. e4 *\n";
    assert_eq!(Reader::new(later).count(), 2);
    let event = "[Site \"s\"]\n\n[Event \"A\"]\n\n1. e4 *\n";
    assert_eq!(Reader::new(event).count(), 2);
}

/// A syntax error costs the moves after it, not the game (issue 54 item 7):
/// the moves before it are replayed and kept in every output (plies, final
/// FEN, `moves` rows, stats per game), the game invalid with the error.
#[test]
fn a_syntax_error_keeps_the_moves_before_it() {
    let text = "[Event \"x\"]\n[Variant \"chess\"]\n[Result \"*\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 @@ a6 4. Ba4 *\n\n\
                [Event \"y\"]\n[Variant \"chess\"]\n[Result \"*\"]\n\n1. d4 d5 *\n";
    let items: Vec<Item> = Reader::new(text).collect();
    let [Item::Broken(record, e), Item::Game(_)] = items.as_slice() else { panic!("{items:?}") };
    assert_eq!(text.get(e.span.clone()), Some("@@"));
    let report = replay(record, 0, chess());
    assert_eq!(report.mainline.len(), 5);
    let codes: Vec<Code> = report.diagnostics.iter().map(|d| d.code).collect();
    assert_eq!(codes, vec![Code::Syntax], "no missing result: the error is the news");
    assert!(!report.is_valid());
    assert_eq!(outcome(text.as_bytes(), chess()), (2, 1, vec![(Code::Syntax, 5)]));
    // The commands: stats per game, moves rows.
    let dir = std::env::temp_dir().join(format!("pgn100-forms-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join("cut.pgn");
    std::fs::write(&path, text).expect("write");
    let path = path.to_str().expect("path");
    let o = pgn100(&["stats", "--per-game", "--format", "json", path]);
    let rows: Vec<serde_json::Value> =
        String::from_utf8_lossy(&o.stdout).lines().map(|l| serde_json::from_str(l).expect("json")).collect();
    assert_eq!(rows.len(), 2, "{rows:?}");
    assert_eq!((rows[0]["plies"].as_u64(), rows[0]["valid"].as_bool()), (Some(5), Some(false)));
    assert_eq!(rows[0]["first_diagnostic"].as_str(), Some("pgn100::syntax"));
    assert_eq!(
        rows[0]["final_fen"].as_str(),
        Some("r1bqkbnr/pppp1ppp/2n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3"),
        "python-chess's FEN after 3. Bb5"
    );
    let o = pgn100(&["moves", "--format", "jsonl", path]);
    let moves = String::from_utf8_lossy(&o.stdout).lines().count();
    assert_eq!(moves, 5 + 2, "the five moves before the error, then the next game's two");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A syntax error inside a variation costs the rest of that variation: the
/// main line is read on after its `)`, so the main line's own first error
/// is reported too, and its moves are all kept.
#[test]
fn an_error_inside_a_variation_does_not_hide_the_main_line() {
    let text = "[Variant \"chess\"]\n\n1. e4 e5 (1... c5 2. @@ d6 {a (comment)} 3. d4) 2. Nf3 Nc6 3. Bb5 Nf3 *\n";
    let items: Vec<Item> = Reader::new(text).collect();
    let [Item::Broken(record, e)] = items.as_slice() else { panic!("{items:?}") };
    assert_eq!(text.get(e.span.clone()), Some("@@"));
    let report = replay(record, 0, chess());
    let found: Vec<(Code, Option<u32>)> = report.diagnostics.iter().map(|d| (d.code, d.ply)).collect();
    assert_eq!(found, vec![(Code::Syntax, None), (Code::NoSuchMove, Some(6))]);
    assert_eq!(report.mainline.len(), 5);
    // With a move for the error the main line reads the same.
    let fixed = text.replace("@@ ", "Nf3 ");
    let fixed_report = replay(
        &Reader::new(&fixed)
            .next()
            .map(|i| match i {
                Item::Game(g) => g,
                other => panic!("{other:?}"),
            })
            .expect("game"),
        0,
        chess(),
    );
    assert_eq!(fixed_report.mainline.len(), 5);
}
