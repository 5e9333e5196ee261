//! The legal move list of every position of
//! corpus/oracle/legal_hundred_sample.jsonl equals Fairy-Stockfish's, and
//! written moves resolve to exactly the moves of that list.

use crate::common;

use std::collections::BTreeSet;

use common::read_jsonl;
use pgn100::rules::{Move, MoveKind, MoveSpec, Position, Role, Square, Variant};

#[test]
fn legal_move_lists_match_fairy_stockfish() {
    let lines = read_jsonl("oracle/legal_hundred_sample.jsonl");
    assert!(lines.len() >= 1000, "{} positions", lines.len());
    for entry in &lines {
        common::assert_oracle_moves(entry, Variant::Hundred);
    }
}

/// `resolve` (whose quick path finds the men by role from the target square,
/// issue 13) against a reference made from the legal-move list: for every
/// target square of a legal move and every kind of man, with no
/// disambiguation and with each movers' file, rank and square, with each
/// promotion and throne choice there (and ones that are not there), it
/// succeeds exactly when one legal move fits, with that move. Returns the
/// number of written moves tried.
pub(crate) fn resolve_agrees_with_the_move_list(pos: &Position) -> usize {
    let legal = common::legal(pos);
    let role_at = |sq: Square| pos.board().piece_at(sq).map(|p| p.role);
    let throne_of = |m: &Move| if let MoveKind::Throne(sq) = m.kind { Some(sq) } else { None };
    let targets: BTreeSet<Square> = legal.iter().filter(|m| !m.is_castle()).map(|m| m.to).collect();
    let mut tried = 0;
    for &to in &targets {
        let here: Vec<Move> = legal.iter().copied().filter(|m| m.to == to && !m.is_castle()).collect();
        let mut froms = vec![(None, None)];
        for m in &here {
            let (f, r) = (m.from.file(), m.from.rank());
            froms.extend([(Some(f), None), (None, Some(r)), (Some(f), Some(r)), (Some((f + 1) % 10), None)]);
        }
        let promotions: BTreeSet<Option<Role>> =
            here.iter().map(|m| m.promotion()).chain([None, Some(Role::Queen), Some(Role::Prince)]).collect();
        let thrones: BTreeSet<Option<Square>> =
            here.iter().map(throne_of).chain([None, Square::new(0, 2), Square::new(0, 7)]).collect();
        let movers: BTreeSet<Option<Role>> = here.iter().map(|m| role_at(m.from)).collect();
        for role in Role::ALL {
            // Every form for the kinds that move here; the plain one for the others.
            let some = movers.contains(&Some(role));
            let froms = if some { &froms[..] } else { &froms[..1] };
            let promotions: Vec<Option<Role>> = if some && role == Role::Pawn {
                promotions.iter().copied().collect()
            } else {
                vec![None, Some(Role::Queen)]
            };
            let thrones: Vec<Option<Square>> =
                if some && role == Role::King { thrones.iter().copied().collect() } else { vec![None] };
            for &(from_file, from_rank) in froms {
                for &promotion in &promotions {
                    for &throne in &thrones {
                        let spec = MoveSpec { role, from_file, from_rank, to, promotion, throne, any_rank: false };
                        let fits: Vec<&Move> = here
                            .iter()
                            .filter(|m| {
                                role_at(m.from) == Some(role)
                                    && from_file.is_none_or(|f| f == m.from.file())
                                    && from_rank.is_none_or(|r| r == m.from.rank())
                                    && m.promotion() == promotion
                                    && throne_of(m) == throne
                            })
                            .collect();
                        match (fits.as_slice(), pos.resolve(&spec)) {
                            ([m], Ok(r)) => assert_eq!(**m, r, "{spec:?} in {}", pos.fen()),
                            ([m], Err(e)) => panic!("{spec:?} in {}: {m:?} fits, got {e:?}", pos.fen()),
                            (_, Ok(r)) => panic!("{spec:?} in {}: {} fit, got {r:?}", pos.fen(), fits.len()),
                            (_, Err(_)) => {}
                        }
                        tried += 1;
                    }
                }
            }
        }
    }
    tried
}

#[test]
fn resolve_finds_exactly_the_moves_of_the_move_list() {
    let mut tried = 0;
    for (file, variant) in
        [("oracle/legal_hundred_sample.jsonl", Variant::Hundred), ("oracle/legal_grand_sample.jsonl", Variant::Grand)]
    {
        for entry in read_jsonl(file).iter().step_by(2) {
            let pos = Position::from_fen(entry["fen"].as_str().expect("fen"), variant).expect("position");
            tried += resolve_agrees_with_the_move_list(&pos);
        }
    }
    // Castling, throne and en passant positions, and their successors.
    let data = common::read_json("oracle/castling_throne_hundred.json");
    for e in data.as_array().expect("a list") {
        let pos = common::hundred(e["fen"].as_str().expect("fen"));
        tried += resolve_agrees_with_the_move_list(&pos);
        for m in common::legal(&pos).into_iter().step_by(3) {
            let mut after = pos.clone();
            after.play_unchecked(m);
            tried += resolve_agrees_with_the_move_list(&after);
        }
    }
    assert!(tried > 500_000, "{tried}");
}
