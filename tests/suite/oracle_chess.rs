//! Chess and Chess960 beside python-chess (corpus/oracle/chess_oracle.py):
//! the legal moves of every position of legal_chess.jsonl, and every random
//! game of games_chess.jsonl replayed ply by ply with the FEN after each ply
//! (X-FEN castling letters, en passant only when legal) and the end:
//! checkmate, stalemate, the 75-move rule and the fivefold repetition, and
//! the threefold and 50-move claims on the way.

use crate::common;

use std::collections::BTreeSet;

use common::{chess_variant, legal, python_uci, read_jsonl};
use pgn100::notation::pgn::write_game;
use pgn100::notation::{Found, GameRecord, Letters, Reader, Style};
use pgn100::replay::{replay, Options};
use pgn100::rules::{CastleText, Claim, Color, Game, MoveKind, Position, Termination, Wing};

fn expected_end(name: &str) -> Option<Termination> {
    match name {
        "checkmate" | "stalemate" => None, // judged from the position below
        "seventyfive_moves" => Some(Termination::SeventyFiveMoves),
        "fivefold_repetition" => Some(Termination::FivefoldRepetition),
        "ply_cap" => None,
        other => panic!("unknown termination {other}"),
    }
}

#[test]
fn legal_moves_and_fen_match_python_chess() {
    let lines = read_jsonl("oracle/legal_chess.jsonl");
    assert!(lines.len() >= 300, "{} positions", lines.len());
    let mut castling_positions = 0;
    for entry in &lines {
        let fen = entry["fen"].as_str().expect("fen");
        let variant = chess_variant(entry["variant"].as_str().expect("variant"));
        let pos = Position::from_fen(fen, variant).unwrap_or_else(|e| panic!("{fen}: {e}"));
        assert_eq!(pos.fen(), fen, "FEN round trip");
        let ours: BTreeSet<String> = legal(&pos).into_iter().map(|m| python_uci(&pos, m)).collect();
        let theirs: BTreeSet<String> =
            entry["moves"].as_array().expect("moves").iter().map(|m| m.as_str().expect("move").to_string()).collect();
        assert_eq!(
            ours,
            theirs,
            "{fen}\n ours only: {:?}\n theirs only: {:?}",
            ours.difference(&theirs).collect::<Vec<_>>(),
            theirs.difference(&ours).collect::<Vec<_>>()
        );
        assert_eq!(pos.count_legal(), theirs.len() as u64, "{fen}");
        castling_positions += usize::from(legal(&pos).iter().any(|m| m.is_castle()));
        let end = Game::new(pos.clone()).termination();
        assert_eq!(pos.is_checkmate(), entry["checkmate"] == true, "{fen}");
        assert_eq!(pos.is_stalemate(), entry["stalemate"] == true, "{fen}");
        assert_eq!(end == Some(Termination::SeventyFiveMoves), entry["seventyfive_moves"] == true, "{fen}");
        assert_eq!(pos.is_insufficient_material(), entry["insufficient_material"] == true, "{fen}");
    }
    assert!(castling_positions >= 10, "only {castling_positions} positions with a castling");
}

#[test]
fn random_games_replay_as_python_chess_plays_them() {
    let games = read_jsonl("oracle/games_chess.jsonl");
    assert!(games.len() >= 50, "{} games", games.len());
    let mut ends = BTreeSet::new();
    let mut plies = 0;
    let mut claims = 0;
    for (g, game) in games.iter().enumerate() {
        let variant = chess_variant(game["variant"].as_str().expect("variant"));
        let start_fen = game["start_fen"].as_str().expect("start_fen");
        let start = Position::from_fen(start_fen, variant).unwrap_or_else(|e| panic!("game {g}: {start_fen}: {e}"));
        assert_eq!(start.fen(), start_fen, "game {g}: start FEN round trip");
        let mut game_state = Game::new(start);
        let fens = game["fens"].as_array().expect("fens");
        let threefold: BTreeSet<u64> =
            game["threefold"].as_array().expect("threefold").iter().map(|p| p.as_u64().expect("ply")).collect();
        for (i, uci) in game["uci"].as_array().expect("uci").iter().enumerate() {
            let uci = uci.as_str().expect("move");
            let pos = game_state.position().clone();
            assert_eq!(game_state.termination(), None, "game {g} ply {i}: ended early in {}", pos.fen());
            let m = legal(&pos)
                .into_iter()
                .find(|&m| python_uci(&pos, m) == uci)
                .unwrap_or_else(|| panic!("game {g} ply {i}: {uci} not legal in {}", pos.fen()));
            game_state.play_unchecked(m);
            let fen = fens[i].as_str().expect("fen");
            assert_eq!(game_state.position().fen(), fen, "game {g} ply {i} after {uci}");
            // The claims of docs/rules.md 3: threefold as python-chess's
            // is_repetition(3), then 50 moves by the halfmove clock of its FEN.
            let halfmoves: u32 = fen.split(' ').nth(4).and_then(|h| h.parse().ok()).expect("halfmove clock");
            let claim = if threefold.contains(&(i as u64 + 1)) {
                Some(Claim::Threefold)
            } else if halfmoves >= 100 {
                Some(Claim::MoveRule)
            } else {
                None
            };
            assert_eq!(game_state.claim(), claim, "game {g} ply {i}: {fen}");
            claims += usize::from(claim.is_some());
            plies += 1;
        }
        let end = game["termination"].as_str().expect("termination");
        let pos = game_state.position();
        let ours = game_state.termination();
        match end {
            "checkmate" => assert_eq!(ours, Some(Termination::Checkmate { winner: !pos.turn() }), "game {g}"),
            "stalemate" => assert_eq!(ours, Some(Termination::Stalemate), "game {g}"),
            other => assert_eq!(ours, expected_end(other), "game {g}: {}", pos.fen()),
        }
        ends.insert(end.to_string());
    }
    // The data reaches every end it is meant to test.
    for end in ["checkmate", "stalemate", "seventyfive_moves", "fivefold_repetition", "ply_cap"] {
        assert!(ends.contains(end), "no game ends by {end}");
    }
    assert!(plies > 5_000 && claims > 100, "{plies} plies, {claims} with a claim");
}

/// Written moves resolve to exactly the legal moves that fit them (the check
/// of oracle_legal.rs, by kind, disambiguation and promotion), and `0-0` /
/// `0-0-0` to the legal castling of that wing or to an error.
#[test]
fn written_moves_resolve_to_the_legal_moves() {
    let mut tried = 0;
    let mut castled = 0;
    for entry in read_jsonl("oracle/legal_chess.jsonl") {
        let fen = entry["fen"].as_str().expect("fen");
        let variant = chess_variant(entry["variant"].as_str().expect("variant"));
        let pos = Position::from_fen(fen, variant).unwrap_or_else(|e| panic!("{fen}: {e}"));
        tried += crate::oracle_legal::resolve_agrees_with_the_move_list(&pos);
        for wing in [Wing::Short, Wing::Long] {
            let legal_castle = legal(&pos)
                .into_iter()
                .find(|m| matches!(m.kind, MoveKind::Castle(i) if pos.castle_spec(i).wing == wing));
            match (legal_castle, pos.resolve_castle(CastleText::Chess(wing))) {
                (Some(m), Ok(r)) => {
                    assert_eq!(m, r, "{fen}");
                    castled += 1;
                }
                (None, Err(_)) => {}
                (m, r) => panic!("{fen} {wing:?}: legal {m:?}, resolved {r:?}"),
            }
        }
    }
    assert!(tried > 30_000 && castled >= 10, "{tried} written moves, {castled} castlings");
}

/// The same games as records (Latin short SAN, their Variant and FEN tags,
/// the result the end gives), replayed as `pgn100 validate` replays them:
/// each one is valid without a single diagnostic, and its report ends the
/// game as python-chess ends it, the fivefold repetition included (which
/// needs the main line's positions, not the last one alone).
#[test]
fn random_game_records_end_as_python_chess_ends_them() {
    let games = read_jsonl("oracle/games_chess.jsonl");
    let mut ends = BTreeSet::new();
    for (g, game) in games.iter().enumerate() {
        let variant = chess_variant(game["variant"].as_str().expect("variant"));
        let start_fen = game["start_fen"].as_str().expect("start_fen");
        let start = Position::from_fen(start_fen, variant).unwrap_or_else(|e| panic!("game {g}: {e}"));
        let mut pos = start.clone();
        let mut moves = Vec::new();
        for uci in game["uci"].as_array().expect("uci") {
            let uci = uci.as_str().expect("move");
            let m = legal(&pos).into_iter().find(|&m| python_uci(&pos, m) == uci).expect("legal");
            pos.play(m).expect("legal");
            moves.push(m);
        }
        let end = game["termination"].as_str().expect("termination");
        let expected = match end {
            "checkmate" => Some(Termination::Checkmate { winner: !pos.turn() }),
            "stalemate" => Some(Termination::Stalemate),
            other => expected_end(other),
        };
        // The result the end gives: `*` for a game cut off at the ply cap.
        let result = match expected {
            Some(Termination::Checkmate { winner: Color::White }) => "1-0",
            Some(Termination::Checkmate { winner: Color::Black }) => "0-1",
            Some(_) => "1/2-1/2",
            None => "*",
        };
        let tags =
            [("Variant", variant.name().to_string()), ("FEN", start_fen.to_string()), ("Result", result.to_string())];
        let text = write_game(&tags, &start, &moves, Letters::Latin, Style::Short, result);
        let mut record = GameRecord::default();
        assert_eq!(Reader::new(&text).read_into(&mut record), Some(Found::Game), "game {g}");
        let report = replay(&record, 1, Options::default());
        assert!(report.diagnostics.is_empty(), "game {g} ({end}): {:?}\n{text}", report.diagnostics);
        assert_eq!(report.mainline.len(), moves.len(), "game {g}");
        assert_eq!(report.end, expected, "game {g} ({end}): {}", pos.fen());
        ends.insert(end);
    }
    for end in ["checkmate", "stalemate", "seventyfive_moves", "fivefold_repetition", "ply_cap"] {
        assert!(ends.contains(end), "no game ends by {end}");
    }
}
