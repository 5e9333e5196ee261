//! Conversion: round trips on corpus/valid and the oracle games give the
//! original game (same tags, moves, comments, NAGs, variations); converted
//! files validate; a failure during --in-place leaves the original intact.

use crate::common;

use pgn100::commands::{convert_source, validate_source, ConvertOptions, LettersChoice, StyleChoice};
use pgn100::diag::SourceFile;
use pgn100::notation::pgn::write_game;
use pgn100::notation::{Item, Letters, Reader, Style, TokenKind};
use pgn100::replay::{replay, Options};
use pgn100::rules::Move;

/// What must survive a conversion: per game, the tags, the moves (as the
/// rules see them, variations included) and the text of every other token.
#[derive(Debug, PartialEq)]
struct Content {
    tags: Vec<(String, String)>,
    moves: Vec<Move>,
    others: Vec<String>,
}

fn content(text: &str) -> Vec<Content> {
    Reader::new(text)
        .filter_map(|item| match item {
            Item::Game(g) => Some(g),
            _ => None,
        })
        .map(|g| {
            let report = replay(&g, 0, Options { keep_all: true, ..Options::default() });
            assert!(report.is_valid(), "{:?}", report.diagnostics);
            Content {
                tags: g.tags.iter().map(|t| (t.name.clone(), t.value.clone())).collect(),
                moves: report.all.iter().map(|p| p.mv).collect(),
                others: g
                    .tokens
                    .iter()
                    .filter(|t| !matches!(t.kind, TokenKind::Move { .. }))
                    .map(|t| text[t.span.clone()].to_string())
                    .collect(),
            }
        })
        .collect()
}

fn convert(text: &str, letters: LettersChoice, style: StyleChoice) -> String {
    let source = SourceFile::new("t", text.to_string());
    let out = convert_source(&source, &ConvertOptions { letters, style, ..ConvertOptions::default() });
    assert_eq!(out.invalid, 0, "{:?}", out.diagnostics);
    let check = SourceFile::new("t", out.text.clone());
    let (diags, _, invalid) = validate_source(&check, Options::default());
    assert!(invalid == 0 && diags.iter().all(|d| !d.is_error()), "{diags:?}\n{}", out.text);
    out.text
}

fn round_trips(text: &str) {
    let original = content(text);
    assert!(!original.is_empty());
    let latin = convert(text, LettersChoice::Latin, StyleChoice::Keep);
    let back = convert(&latin, LettersChoice::Cyrillic, StyleChoice::Keep);
    assert_eq!(content(&back), original, "Cyrillic -> Latin -> Cyrillic");
    let short = convert(text, LettersChoice::Keep, StyleChoice::Short);
    let long = convert(&short, LettersChoice::Keep, StyleChoice::Long);
    assert_eq!(content(&long), original, "long -> short -> long");
    assert_eq!(content(&short), original, "short keeps the moves");
    // Converting to what it already is changes nothing at all.
    assert_eq!(convert(text, LettersChoice::Keep, StyleChoice::Keep), text);
}

#[test]
fn every_valid_corpus_file_round_trips() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus/valid");
    let mut n = 0;
    for entry in std::fs::read_dir(dir).expect("corpus/valid") {
        let path = entry.expect("entry").path();
        if path.extension().is_some_and(|e| e == "pgn") {
            round_trips(&std::fs::read_to_string(&path).expect("UTF-8"));
            n += 1;
        }
    }
    assert!(n >= 6);
}

#[test]
fn the_oracle_games_round_trip() {
    let games = common::read_jsonl("oracle/games_hundred_sample.jsonl");
    let mut text = String::new();
    for game in games.iter().step_by(4) {
        let (start, moves) = common::oracle_game(game, pgn100::rules::Variant::Hundred);
        let result = game["result"].as_str().expect("result");
        let tags = [("Result", result.to_string()), ("FEN", start.fen())];
        text.push_str(&write_game(&tags, &start, &moves, Letters::Cyrillic, Style::Long, result));
    }
    round_trips(&text);
}

#[test]
fn an_invalid_game_is_copied_unchanged_or_skipped() {
    let good = "[Result \"*\"]\n\n1. e3-e5 e8-e6 *\n\n";
    let bad = "[Result \"*\"]\n\n1. e3-e5 Кc9-c7 *\n\n";
    let text = format!("{good}{bad}{good}");
    let source = SourceFile::new("t", text.clone());
    let opts = ConvertOptions { letters: LettersChoice::Latin, ..ConvertOptions::default() };
    let out = convert_source(&source, &opts);
    assert_eq!((out.games, out.invalid), (3, 1));
    assert!(out.text.contains(bad), "{}", out.text);
    assert_eq!(out.text.matches("1. e3-e5 e8-e6 *").count(), 2);
    let out = convert_source(&source, &ConvertOptions { skip_invalid: true, ..opts });
    assert!(!out.text.contains("Кc9-c7"));
    assert_eq!(out.diagnostics.len(), 1);
}

#[test]
fn a_failure_during_in_place_leaves_the_original_intact() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("games.pgn");
    // Large enough that writing it exceeds a 1 KiB file-size limit.
    let game = "[Result \"*\"]\n\n1. e3-e5 e8-e6 2. d3-d5 d8-d6 *\n\n";
    let original = game.repeat(200);
    std::fs::write(&path, &original).expect("write");
    let status = std::process::Command::new("sh")
        .arg("-c")
        .arg(format!(
            "ulimit -f 1; exec {} convert --letters latin --in-place {}",
            env!("CARGO_BIN_EXE_pgn100"),
            path.display()
        ))
        .status()
        .expect("sh");
    assert!(!status.success(), "the write must fail under the limit");
    assert_eq!(std::fs::read_to_string(&path).expect("still there"), original);
    // Without the limit it is converted whole.
    let status = std::process::Command::new(env!("CARGO_BIN_EXE_pgn100"))
        .args(["convert", "--letters", "latin", "--style", "short", "--in-place"])
        .arg(&path)
        .status()
        .expect("run");
    assert!(status.success());
    let converted = std::fs::read_to_string(&path).expect("converted");
    assert_eq!(converted.matches("1. e5 e6 2. d5 d6 *").count(), 200);
}

/// A `;` comment runs to the end of its line: a conversion that changes the
/// moves' length leaves the lines of such a game where they are, also when
/// the comment touches a move number and starts like a throne mark (`2.;
/// e3 ...`), so that no move of the next line goes into the comment (the
/// convert fuzzer's round trip found it).
#[test]
fn a_line_comment_keeps_its_line() {
    let text = "[Event \"x\"]\n\n1. e3-e5 e8-e6 2.; e3 a comment\n2. d3-d4 d8-d7 *\n";
    round_trips(text);
    assert_eq!(content(text)[0].moves.len(), 4);
}

fn corpus_text(name: &str) -> String {
    std::fs::read_to_string(common::corpus(&format!("valid/{name}"))).expect("corpus file")
}

#[test]
fn promotion_forms_survive_a_conversion_there_and_back() {
    let latin = corpus_text("promotion_forms_latin_short.pgn");
    let long = convert(&latin, LettersChoice::Keep, StyleChoice::Long);
    assert!(long.contains("a9-a10=P c2-c1(P)") && long.contains("c9-c10/P b2-b1Q"), "{long}");
    assert_eq!(convert(&long, LettersChoice::Keep, StyleChoice::Short), latin);
    let cyrillic = convert(&latin, LettersChoice::Cyrillic, StyleChoice::Long);
    assert_eq!(convert(&cyrillic, LettersChoice::Latin, StyleChoice::Short), latin);

    let cyrillic = corpus_text("promotion_forms_cyrillic_long.pgn");
    let short = convert(&cyrillic, LettersChoice::Keep, StyleChoice::Short);
    assert!(short.contains("a10=П c1(П) 2. c10/П b1Ф"), "{short}");
    assert_eq!(convert(&short, LettersChoice::Keep, StyleChoice::Long), cyrillic);
    let latin = convert(&cyrillic, LettersChoice::Latin, StyleChoice::Short);
    assert_eq!(convert(&latin, LettersChoice::Cyrillic, StyleChoice::Long), cyrillic);
}

#[test]
fn look_alikes_are_written_in_their_right_form() {
    let path = common::corpus("invalid/lookalike.pgn");
    let text = std::fs::read_to_string(path).expect("lookalike.pgn");
    let out = convert(&text, LettersChoice::Keep, StyleChoice::Keep);
    // A dash other than `-` is no look-alike (read without a warning): a
    // token with no other look-alike keeps it, as every token is kept. A
    // token written in its right form has Latin files (`е3` is `e3`).
    for right in ["1. Крf8-f9; e3 Крa10-b10 2. e3-e5", "1. 0-0-0 0-0-0-0 2. Лj1‑j2 2... Лa10−a9", "c5:d4 2. Крa1-b1"]
    {
        assert!(out.contains(right), "{right:?} not in\n{out}");
    }
    let (diags, games, invalid) =
        validate_source(&SourceFile::new("t", out), Options { strict: true, ..Options::default() });
    assert_eq!((games, invalid), (3, 0), "{diags:?}");
    assert!(diags.is_empty(), "{diags:?}");
}

/// `--to pgn` of records as books print them (no tags, a `;` heading,
/// commas, a final period, no result, `1.e4` with the number touching the
/// move): each game gets the roster and a blank line, the heading becomes a
/// brace comment (PGN's export form; pgn-extract 19.04 stops at a `;` at
/// the start of the movetext), `1. e4` is spaced, and the game ends with
/// PGN's `*` (on a line of its own past 75 columns). A tag section without moves ends with its Result tag's result.
#[test]
fn pgn_export_of_book_records() {
    let book = "; Гамбит Эванса. Морфи - Андерсен\n\
                1. e2-e4 e7-e5, 2. Кg1-f3 Кb8-c6, 3. Сf1-c4 Сf8-c5,4. b2-b4 Сc5:b4.\n\n\
                1.e4 e5 2.Кf3 d6 3.d4 Сg4 4.de С:f3 5.Ф:f3 de\n\n\
                [Event \"Round 9\"]\n[Variant \"Chess\"]\n[Result \"1/2\"]\n";
    let chess = Options { default_variant: Some(pgn100::rules::Variant::Chess), ..Options::default() };
    let options = ConvertOptions { pgn: true, replay: chess, ..ConvertOptions::default() };
    let out = convert_source(&SourceFile::new("t", book.to_string()), &options);
    assert_eq!(out.invalid, 0, "{:?}", out.diagnostics);
    let roster = |event: &str, result: &str| {
        format!(
            "[Event \"{event}\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"?\"]\n[Black \"?\"]\n[Result \"{result}\"]\n"
        )
    };
    let want = format!(
        "{}\n{{Гамбит Эванса. Морфи - Андерсен}} 1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. b4 Bxb4\n*\n\n\
         {}\n1. e4 e5 2. Nf3 d6 3. d4 Bg4 4. dxe5 Bxf3 5. Qxf3 dxe5 *\n\n\
         {}[Variant \"Chess\"]\n\n1/2-1/2\n",
        roster("?", "*"),
        roster("?", "*"),
        roster("Round 9", "1/2-1/2")
    );
    assert_eq!(out.text, want);
    // It reads back: three valid games.
    let (diags, games, invalid) = validate_source(&SourceFile::new("t", out.text.clone()), chess);
    assert_eq!((games, invalid), (3, 0), "{diags:?}");
}

/// A pawn's `p` is no letter the writers keep (they drop it), so a pawn
/// written `p:g5` takes the record's letters, as the same move without the
/// `p` does on the next conversion: in a Cyrillic record its capture is
/// `:` (it was written `f6xg5`, Latin, and converted again `f6:g5`:
/// FUZZING.md item 23), in a Latin record `x`. Each output converts to
/// itself.
#[test]
fn a_pawns_p_takes_the_records_letters() {
    for (record, long, short) in [
        ("1. Кi4 e7 2. Кg5 f6 3. c4 p:g5 *", "3. c3-c4 f6:g5 *", "3. c4 f:g5 *"),
        ("1. Кi4 e7 2. Кg5 f6 3. c4 pxg5 *", "3. c3-c4 f6:g5 *", "3. c4 f:g5 *"),
        ("1. Ni4 e7 2. Ng5 f6 3. c4 p:g5 *", "3. c3-c4 f6xg5 *", "3. c4 fxg5 *"),
    ] {
        let text = format!("[Variant \"Hundred\"]\n\n{record}\n");
        for (style, want) in [(StyleChoice::Long, long), (StyleChoice::Short, short)] {
            let once = convert(&text, LettersChoice::Keep, style);
            assert!(once.contains(want), "{want:?} not in\n{once}");
            assert_eq!(convert(&once, LettersChoice::Keep, style), once);
        }
    }
}
