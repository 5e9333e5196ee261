//! Replays every game of corpus/oracle/games_hundred_sample.jsonl: after each
//! ply the board, side to move, en passant square and clocks equal the
//! recorded FEN's, and the game ends as recorded.

use crate::common;

use common::{hundred, read_jsonl};
use pgn100::notation::UciMove;

/// A FEN without its castling field, its en passant field made legal-only
/// (Fairy-Stockfish writes it whenever a pawn attacks the square).
fn normalised(fen: &str) -> String {
    let pos = hundred(fen);
    let fields: Vec<String> = pos.fen().split(' ').map(str::to_string).collect();
    format!("{} {} {} {} {}", fields[0], fields[1], fields[3], fields[4], fields[5])
}

#[test]
fn games_replay_to_the_recorded_positions_and_results() {
    let games = read_jsonl("oracle/games_hundred_sample.jsonl");
    assert_eq!(games.len(), 500);
    let (mut plies, mut mates, mut stalemates) = (0, 0, 0);
    for (g, game) in games.iter().enumerate() {
        let mut pos = hundred(game["start_fen"].as_str().expect("start_fen"));
        let fens = game["fens"].as_array().expect("fens");
        let moves = game["uci"].as_array().expect("uci");
        assert_eq!(fens.len(), moves.len(), "game {g}");
        for (ply, (uci, fen)) in moves.iter().zip(fens).enumerate() {
            let uci = uci.as_str().expect("move");
            let m = UciMove::parse(uci)
                .and_then(|u| u.to_move(&pos))
                .unwrap_or_else(|| panic!("game {g} ply {ply}: {uci} is not legal in {}", pos.fen()));
            pos.play_unchecked(m);
            let ours = pos.fen();
            let ours: Vec<&str> = ours.split(' ').collect();
            let ours = format!("{} {} {} {} {}", ours[0], ours[1], ours[3], ours[4], ours[5]);
            assert_eq!(ours, normalised(fen.as_str().expect("fen")), "game {g} ply {ply} after {uci}");
            plies += 1;
        }
        match game["termination"].as_str().expect("termination") {
            "checkmate" => {
                assert!(pos.is_checkmate(), "game {g} should end in mate: {}", pos.fen());
                mates += 1;
            }
            "stalemate" => {
                assert!(pos.is_stalemate(), "game {g} should end in stalemate: {}", pos.fen());
                stalemates += 1;
            }
            _ => assert!(pos.has_legal_move(), "game {g} ended early: {}", pos.fen()),
        }
    }
    assert!(plies > 10_000 && mates > 0, "{plies} plies, {mates} mates, {stalemates} stalemates");
}
