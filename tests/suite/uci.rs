//! The UCI chess programs read ([`pgn100::notation::write_uci`]: Chess
//! castling `e1g1`, Chess960 castling the king onto its rook) is read back
//! by [`UciMove`] as the move it names, in every position of
//! legal_chess.jsonl (python-chess's legal moves, which
//! oracle_chess.rs compares with the written ones).

use crate::common;

use common::{chess_variant, legal, python_uci, read_jsonl};
use pgn100::notation::UciMove;
use pgn100::rules::Position;

#[test]
fn written_uci_reads_back_as_its_move() {
    let lines = read_jsonl("oracle/legal_chess.jsonl");
    let mut castlings = 0;
    for entry in &lines {
        let fen = entry["fen"].as_str().expect("fen");
        let variant = chess_variant(entry["variant"].as_str().expect("variant"));
        let pos = Position::from_fen(fen, variant).unwrap_or_else(|e| panic!("{fen}: {e}"));
        for m in legal(&pos) {
            let uci = python_uci(&pos, m);
            assert!(!uci.contains("=O"), "{fen}: {uci}");
            assert_eq!(UciMove::parse(&uci).and_then(|u| u.to_move(&pos)), Some(m), "{fen}: {uci}");
            castlings += usize::from(m.is_castle());
        }
    }
    assert!(castlings >= 10, "{castlings} castlings");
}
