//! The oracle games written in our notation (Cyrillic long, Latin short)
//! read and replay with no diagnostic at all; our Latin short writer agrees
//! with Fairy-Stockfish's SAN; a corrupted move is rejected exactly there.

use crate::common;

use common::read_jsonl;
use pgn100::diag::Code;
use pgn100::notation::pgn::write_game;
use pgn100::notation::{Item, Letters, Reader, ShortMove, Style};
use pgn100::replay::{replay, Options};
use pgn100::rules::{Move, Position};

fn game_moves(game: &serde_json::Value) -> (Position, Vec<Move>) {
    common::oracle_game(game, pgn100::rules::Variant::Hundred)
}

pub fn written(game: &serde_json::Value, letters: Letters, style: Style) -> String {
    let (start, moves) = game_moves(game);
    let tags = [
        ("Event", format!("oracle game {}", game["game"])),
        ("Variant", "Hundred".to_string()),
        ("FEN", start.fen()),
        ("SetUp", "1".to_string()),
        ("Result", game["result"].as_str().expect("result").to_string()),
    ];
    write_game(&tags, &start, &moves, letters, style, game["result"].as_str().expect("result"))
}

fn read_one(text: &str) -> pgn100::notation::GameRecord {
    let items: Vec<Item> = Reader::new(text).collect();
    match items.as_slice() {
        [Item::Game(g)] => g.clone(),
        other => panic!("expected one game, got {other:?}\n{text}"),
    }
}

#[test]
fn oracle_games_in_both_notations_validate_cleanly() {
    let games = read_jsonl("oracle/games_hundred_sample.jsonl");
    for (i, game) in games.iter().enumerate() {
        for (letters, style) in [(Letters::Cyrillic, Style::Long), (Letters::Latin, Style::Short)] {
            let text = written(game, letters, style);
            let record = read_one(&text);
            let report = replay(&record, 0, Options { strict: true, ..Options::default() });
            assert!(report.diagnostics.is_empty(), "game {i} {letters:?} {style:?}: {:?}\n{text}", report.diagnostics);
            assert_eq!(report.mainline.len(), game["uci"].as_array().expect("uci").len());
        }
    }
}

#[test]
fn latin_short_writer_agrees_with_fairy_stockfish_san() {
    let games = read_jsonl("oracle/games_hundred_sample.jsonl");
    let mut compared = 0;
    for game in &games {
        let (start, moves) = game_moves(game);
        let mut pos = start;
        for (m, san) in moves.iter().zip(game["san"].as_array().expect("san")) {
            let ours = ShortMove { pos: &pos, mv: *m, letters: Letters::Latin }.to_string();
            pos.play_unchecked(*m);
            let ours = ours + pgn100::notation::check_mark(&pos, Letters::Latin).replace("++", "+").as_str();
            // Fairy-Stockfish writes the prince `A`, and Hundred's promotions
            // sometimes bare: the `=` is compared in the Grand test.
            let theirs = san.as_str().expect("san").replace('=', "").replace('A', "P");
            assert_eq!(ours.replace('=', ""), theirs);
            compared += 1;
        }
    }
    assert!(compared > 10_000);
}

#[test]
fn a_corrupted_move_is_rejected_at_exactly_that_move() {
    let games = read_jsonl("oracle/games_hundred_sample.jsonl");
    for (i, game) in games.iter().enumerate().step_by(5) {
        let (_, moves) = game_moves(game);
        if moves.len() < 6 {
            continue;
        }
        let text = written(game, Letters::Cyrillic, Style::Long);
        let record = read_one(&text);
        // The k-th move token: make its target the square it comes from.
        let k = (i * 7) % moves.len();
        let move_tokens: Vec<&pgn100::notation::Token> =
            record.tokens.iter().filter(|t| matches!(t.kind, pgn100::notation::TokenKind::Move { .. })).collect();
        let span = move_tokens[k].span.clone();
        let from = moves[k].from.to_string();
        let original = &text[span.clone()];
        let sep = original.find(['-', ':']).expect("long form");
        let corrupted_move = format!("{}{}", &original[..=sep], from);
        let corrupted = format!("{}{}{}", &text[..span.start], corrupted_move, &text[span.end..]);
        let record = read_one(&corrupted);
        let report = replay(&record, 0, Options::default());
        let errors: Vec<_> = report.diagnostics.iter().filter(|d| d.is_error()).collect();
        assert_eq!(errors.len(), 1, "game {i}: {:?}", report.diagnostics);
        assert_eq!(errors[0].span.start, span.start, "game {i}: {:?}", errors[0]);
        assert!(matches!(errors[0].code, Code::IllegalMove | Code::NoSuchMove), "{:?}", errors[0]);
        assert_eq!(report.mainline.len(), k, "replay stops at the corrupted move");
    }
}

#[test]
fn a_rival_that_is_pinned_or_blocked_needs_no_disambiguation() {
    use pgn100::rules::Variant;
    // The expected texts are python-chess's `Board.san` for the same moves.
    // Both knights reach f3; the one on d2 is pinned to the king by the
    // bishop on b4 (`Nf3`), or free without it (`Ngf3`). The
    // rooks on a1 and h1 both see d1 until a man stands between (the king
    // off the first rank).
    let cases = [
        ("4k3/8/8/8/1b6/8/3N4/4K1N1 w - - 0 1", "g1f3", "Nf3"),
        ("4k3/8/8/8/8/8/3N4/4K1N1 w - - 0 1", "g1f3", "Ngf3"),
        ("4k3/8/8/8/8/8/4K3/R6R w - - 0 1", "a1d1", "Rad1"),
        ("4k3/8/8/8/8/8/4K3/R4N1R w - - 0 1", "a1d1", "Rd1"),
        // In check, the rivals that block it.
        ("4r1k1/8/8/8/8/8/2N3N1/4K3 w - - 0 1", "c2e3", "Nce3"),
        ("4r1k1/8/8/8/1b6/6N1/3N4/4K3 w - - 0 1", "g3e4", "Ne4"),
    ];
    for (fen, uci, san) in cases {
        let pos = Position::from_fen(fen, Variant::Chess).expect("fen");
        let m = pgn100::notation::uci_line(&pos, [uci]).expect("legal")[0];
        assert_eq!(ShortMove { pos: &pos, mv: m, letters: Letters::Latin }.to_string(), san, "{fen} {uci}");
    }
}
