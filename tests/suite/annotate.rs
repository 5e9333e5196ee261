//! Annotation: the oracle games with their marks and move numbers stripped
//! come back exactly as our writer wrote them; comments on throne pawns,
//! stages, claims and the outcome appear where they belong.

use crate::common;

use pgn100::commands::{annotate_source, AnnotateOptions};
use pgn100::diag::SourceFile;
use pgn100::notation::pgn::write_game;
use pgn100::notation::{Letters, Style};

fn annotate(text: &str, options: AnnotateOptions) -> String {
    let out = annotate_source(&SourceFile::new("t", text.to_string()), &options);
    assert_eq!(out.invalid, 0, "{:?}", out.diagnostics);
    out.text
}

/// Removes check and mate marks and move numbers from the movetext.
fn strip(text: &str) -> String {
    let mut out = String::new();
    for line in text.split_inclusive('\n') {
        if line.starts_with('[') {
            out.push_str(line);
            continue;
        }
        let words: Vec<String> = line
            .split(' ')
            .filter(|w| !(w.ends_with('.') && w[..w.len() - 1].chars().all(|c| c.is_ascii_digit()) && w.len() > 1))
            .map(|w| w.replace(['+', '×', '#'], ""))
            .collect();
        out.push_str(&words.join(" "));
    }
    out
}

/// Drops claim comments (Fairy-Stockfish's games play on past them) and the
/// black move number the annotator writes after a comment.
fn without_claims(text: &str) -> String {
    let mut out = text.to_string();
    for claim in [
        "{threefold repetition: a draw can be claimed}",
        "{80 moves without capture or pawn move: a draw can be claimed}",
    ] {
        while let Some(i) = out.find(claim) {
            let mut end = i + claim.len();
            let rest = &out[end..];
            let number = rest.trim_start().split(' ').next().unwrap_or("");
            if number.ends_with("...") {
                end += rest.len() - rest.trim_start().len() + number.len();
            }
            out.replace_range(i..end, "");
        }
    }
    out
}

#[test]
fn stripped_oracle_games_get_their_marks_and_numbers_back() {
    let games = common::read_jsonl("oracle/games_hundred_sample.jsonl");
    let mut checked = 0;
    for (letters, style) in [(Letters::Cyrillic, Style::Long), (Letters::Latin, Style::Short)] {
        for game in games.iter().step_by(10) {
            let (start, moves) = common::oracle_game(game, pgn100::rules::Variant::Hundred);
            let result = game["result"].as_str().expect("result");
            let tags = [("Result", result.to_string()), ("FEN", start.fen())];
            let written = write_game(&tags, &start, &moves, letters, style, result);
            let annotated = without_claims(&annotate(&strip(&written), AnnotateOptions::default()));
            let expected = match game["termination"].as_str() {
                Some("checkmate") => {
                    let who = if result == "1-0" { "white" } else { "black" };
                    written.replace(&format!(" {result}\n"), &format!(" {{checkmate, {who} wins}} {result}\n"))
                }
                Some("stalemate") => written.replace(" 1/2-1/2\n", " {stalemate: a draw} 1/2-1/2\n"),
                _ => written.clone(),
            };
            // Lines may differ where a comment was added: compare without wrapping.
            let flat = |s: &str| s.split_whitespace().collect::<Vec<_>>().join(" ");
            assert_eq!(flat(&annotated), flat(&expected), "game {}", game["game"]);
            checked += 1;
        }
    }
    assert!(checked >= 100);
}

#[test]
fn comments_on_throne_stages_claims_and_result() {
    let text = "[Result \"0-1\"]\n[FEN \"k9/10/5K4/10/10/10/10/PPPPPPP3/10/10 w T - 0 1\"]\n\n\
                1. Крf8-f9; i3+ {a comment} Крa10-b10 2. Крf9-f10 (2. i3-i5) Крb10-a10 1-0\n";
    let out = annotate(text, AnnotateOptions { stages: true, ..AnnotateOptions::default() });
    assert!(out.contains("1. Крf8-f9; i3 {white gains the throne pawn on i3} {a comment} 1... Крa10-b10"), "{out}");
    assert!(out.contains("2. Крf9-f10 (2. i3-i5) 2... Крb10-a10 1-0"), "{out}");
    assert!(!out.contains("endgame"), "the game starts in the deep endgame: {out}");

    let rep = "[Result \"*\"]\n[FEN \"k9/10/10/10/10/10/10/10/10/K9 w - - 0 1\"]\n\n\
               1. Крa1-a2 Крa10-a9 2. Крa2-a1 Крa9-a10 3. Крa1-a2 Крa10-a9 4. Крa2-a1 Крa9-a10 *\n";
    let out = annotate(rep, AnnotateOptions { fen: true, ..AnnotateOptions::default() });
    assert!(out.contains("4... Крa9-a10 {threefold repetition: a draw can be claimed}"), "{out}");
    assert!(out.contains("{k9/10/10/10/10/10/10/10/K9/10 b - - 1 1}"), "{out}");

    let stages = "[Result \"*\"]\n\n1. e3-e5 e8-e6 *\n";
    let out = annotate(stages, AnnotateOptions { stages: true, ..AnnotateOptions::default() });
    assert_eq!(out, stages, "60 men: no stage yet");
}

#[test]
fn golden_annotations() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus/annotate");
    let chess = pgn100::replay::Options { default_variant: Some(pgn100::rules::Variant::Chess), ..Default::default() };
    let cases = [
        ("marks_numbers_comments", AnnotateOptions { stages: true, ..AnnotateOptions::default() }),
        ("seed002_castling", AnnotateOptions { fen: true, ..AnnotateOptions::default() }),
        // A book's comma or period stays after the move, the mark before it.
        ("book_punctuation", AnnotateOptions { replay: chess, ..AnnotateOptions::default() }),
        // A pawn's Latin `p` in a Cyrillic record: the mate mark is the
        // record's `×`, not `#`.
        ("pawn_letter_mate", AnnotateOptions::default()),
    ];
    for (name, options) in cases {
        let input = std::fs::read_to_string(dir.join(format!("{name}.pgn"))).expect("input");
        let expected = std::fs::read_to_string(dir.join(format!("{name}.annotated"))).expect("golden");
        assert_eq!(annotate(&input, options), expected, "{name}");
    }
}
