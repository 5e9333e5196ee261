//! The cases of seed 001 that docs/rules.md 5 names, on the rules engine: the
//! prince's ten squares, d2-d5 and its en passant captures, both castlings,
//! and the two "losing position" examples of 5.4 played out with their
//! verdicts; the queen restoration of 5.5.

use std::collections::BTreeSet;

use pgn100::notation::UciMove;
use pgn100::rules::{Board, Color, Game, MoveKind, Position, Role, Square, Termination, Uci, Variant};

fn royal(fen: &str) -> Position {
    Position::from_fen(fen, Variant::Royal).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn sq(s: &str) -> Square {
    Square::parse(s).expect("a square")
}

fn play(pos: &mut Position, uci: &str) {
    let m = UciMove::parse(uci).and_then(|u| u.to_move(pos)).unwrap_or_else(|| panic!("{uci} in {}", pos.fen()));
    pos.play_unchecked(m);
}

fn moves_from(pos: &Position, from: &str) -> BTreeSet<String> {
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    moves.into_iter().filter(|m| m.from == sq(from)).map(|m| m.to.to_string()).collect()
}

fn set(squares: &[&str]) -> BTreeSet<String> {
    squares.iter().map(|s| s.to_string()).collect()
}

#[test]
fn a_prince_on_g1_controls_ten_squares_with_f1_g2_h1_occupied() {
    let ten = set(&["e1", "e3", "f1", "f2", "g2", "g3", "h1", "h2", "i1", "i3"]);
    for (fen, moves) in [
        // Own men on f1, g2, h1 (diagram 5): the prince goes to seven squares.
        ("9k/10/10/10/10/K9/10/10/6P3/5NTB2 w - - 0 1", set(&["e1", "e3", "f2", "g3", "h2", "i1", "i3"])),
        // Enemy men there: it may take each of them.
        ("9k/10/10/10/10/K9/10/10/6p3/5nTb2 w - - 0 1", ten.clone()),
    ] {
        let pos = royal(fen);
        let attacked: BTreeSet<String> =
            Board::attacks(Role::Heir, sq("g1"), pos.board().occupied()).map(|s| s.to_string()).collect();
        assert_eq!(attacked, ten, "{fen}");
        assert_eq!(moves_from(&pos, "g1"), moves, "{fen}");
    }
}

#[test]
fn d2_d5_and_the_en_passant_captures_from_c4_c5_e4_e5() {
    let mut pos = royal("9k/10/10/10/10/2p1p5/2p1p5/10/3P6/K9 w - - 0 1");
    assert_eq!(moves_from(&pos, "d2"), set(&["d3", "d4", "d5"]));
    play(&mut pos, "d2d5");
    assert_eq!(pos.ep_square(), Some(sq("d3")), "the first square passed");
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    let ep: BTreeSet<String> =
        moves.iter().filter(|m| m.kind == MoveKind::EnPassant).map(|&m| Uci(m).to_string()).collect();
    assert_eq!(ep, set(&["c4d3", "c5d4", "e4d3", "e5d4"]));
    for m in moves.iter().filter(|m| m.kind == MoveKind::EnPassant) {
        let mut after = pos.clone();
        after.play_unchecked(*m);
        assert_eq!(after.board().piece_at(sq("d5")), None, "{} takes the pawn on d5", Uci(*m));
        assert_eq!(after.board().by_piece(pgn100::rules::Piece::new(Color::White, Role::Pawn)).count(), 0);
    }
    // The chance is gone a move later.
    play(&mut pos, "j10j9");
    play(&mut pos, "a1a2");
    assert!(moves_from(&pos, "c4").iter().all(|t| t != "d3"));
}

#[test]
fn from_rank_3_a_pawn_goes_up_to_rank_5_only() {
    let pos = royal("9k/10/10/10/10/10/10/3P6/10/K9 w - - 0 1");
    assert_eq!(moves_from(&pos, "d3"), set(&["d4", "d5"]));
    let pos = royal("9k/10/10/10/10/10/3P6/10/10/K9 w - - 0 1");
    assert_eq!(moves_from(&pos, "d4"), set(&["d5"]));
}

#[test]
fn both_castlings() {
    let start = royal("r3k4r/10/10/10/10/10/10/10/10/R3K4R w KQkq - 0 1");
    let mut moves = Vec::new();
    start.legal_moves(&mut moves);
    let castles: Vec<_> = moves.iter().filter(|m| m.is_castle()).collect();
    assert_eq!(castles.len(), 2);
    for (to, rook_from, rook_to, token) in [("c1", "a1", "d1", "0-0"), ("h1", "j1", "g1", "0-0-0")] {
        let m = **castles.iter().find(|m| m.to == sq(to)).expect("castling");
        let MoveKind::Castle(i) = m.kind else { unreachable!() };
        assert_eq!(start.castle_spec(i).token(), token);
        let mut pos = start.clone();
        pos.play_unchecked(m);
        let b = pos.board();
        assert_eq!(b.piece_at(sq(to)).map(|p| p.role), Some(Role::King));
        assert_eq!(b.piece_at(sq(rook_to)).map(|p| p.role), Some(Role::Rook));
        assert_eq!(b.piece_at(sq(rook_from)), None);
        assert!(pos.fen().contains(" kqRr ") || pos.fen().contains(" kq "), "{}", pos.fen());
    }
    // A black rook on the d-file attacks d1, which 0-0 crosses; one on the
    // h-file, h1, where 0-0-0 lands.
    let pos = royal("3rk2r2/10/10/10/10/10/10/10/10/R3K4R w KQ - 0 1");
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    let targets: Vec<String> = moves.iter().filter(|m| m.is_castle()).map(|m| m.to.to_string()).collect();
    assert_eq!(targets, Vec::<String>::new());
}

/// Castlings that only a prince's or princess's attack forbids (the files
/// corpus/invalid/illegal_castling.royal_*.pgn hold the same positions and
/// their messages): Royal's own test names the attacked square the king
/// crosses or lands on, where the shared resolver's chess test, blind to
/// those men, finds no attacked square and falls back to the rook's square,
/// a condition Royal has not.
#[test]
fn a_castling_stopped_by_a_prince_or_princess_names_that_attack() {
    use pgn100::rules::{CastleFailure, CastleText, ResolveError, Wing};
    let cases = [
        ("9k/10/10/10/10/10/10/3s6/10/R3K5 w K - 0 1", Wing::Short, CastleFailure::KingPassesAttacked(sq("d1"))),
        ("9k/10/10/10/10/10/10/10/1t8/R3K5 w K - 0 1", Wing::Short, CastleFailure::KingAttackedAfter(sq("c1"))),
        ("k9/10/10/10/10/10/10/8s1/10/4K4R w Q - 0 1", Wing::Long, CastleFailure::KingPassesAttacked(sq("g1"))),
        ("k9/10/10/10/10/10/10/9s/10/4K4R w Q - 0 1", Wing::Long, CastleFailure::KingAttackedAfter(sq("h1"))),
    ];
    for (fen, wing, reason) in cases {
        let pos = royal(fen);
        let mut moves = Vec::new();
        pos.legal_moves(&mut moves);
        assert!(!moves.iter().any(|m| m.is_castle()), "{fen}");
        assert_eq!(pos.royal_castle_attack(wing), Some(reason), "{fen}");
        let Err(ResolveError::Castle { failure }) = pos.resolve_castle(CastleText::Chess(wing)) else {
            panic!("{fen}: the castling resolves");
        };
        assert!(matches!(failure, CastleFailure::RookAttackedAfter(_)), "{fen}: {failure:?}");
        // Without the prince or princess the castling is legal.
        let bare = royal(&fen.replace("3s6", "10").replace("1t8", "10").replace("8s1", "10").replace("9s", "10"));
        let mut moves = Vec::new();
        bare.legal_moves(&mut moves);
        assert!(moves.iter().any(|m| m.is_castle()), "{}", bare.fen());
        assert_eq!(bare.royal_castle_attack(wing), None);
    }
    // A check by the princess's two-step e3-e1: both tests agree.
    let pos = royal("9k/10/10/10/10/10/10/4s5/10/R3K5 w K - 0 1");
    assert_eq!(pos.royal_castle_attack(Wing::Short), Some(CastleFailure::KingInCheck));
}

fn replay(fen: &str, line: &[&str]) -> (Position, Option<Termination>) {
    let mut game = Game::new(royal(fen));
    for uci in line {
        assert_eq!(game.termination(), None, "before {uci}: {}", game.position().fen());
        let pos = game.position();
        let m = UciMove::parse(uci).and_then(|u| u.to_move(pos)).unwrap_or_else(|| panic!("{uci} in {}", pos.fen()));
        game.play_unchecked(m);
    }
    (game.position().clone(), game.termination())
}

#[test]
fn the_first_losing_position_example_black_without_prince_loses() {
    // White: king c6, bishop e6, prince e8; Black: king a10, knight b9.
    let fen = "k9/1n8/4T5/10/2K1B5/10/10/10/10/10 w - - 0 1";
    let start = royal(fen);
    assert!(moves_from(&start, "c6").contains("c7"), "a covered king may step into attack");
    let mut after = start.clone();
    play(&mut after, "c6c7");
    // L1: the one legal move is the king capture.
    let mut moves = Vec::new();
    after.legal_moves(&mut moves);
    assert_eq!(moves.iter().map(|&m| Uci(m).to_string()).collect::<Vec<_>>(), ["b9c7"]);
    let (pos, end) = replay(fen, &["c6c7", "b9c7"]);
    assert_eq!(pos.board().piece_at(sq("e8")).map(|p| (p.color, p.role)), Some((Color::White, Role::King)));
    assert!(pos.is_losing_position());
    assert_eq!(end, Some(Termination::LosingPosition { winner: Color::White }));
}

#[test]
fn the_second_losing_position_example_white_loses() {
    // The same with a black prince (on j1): both princes are crowned.
    let fen = "k9/1n8/4T5/10/2K1B5/10/10/10/10/9t w - - 0 1";
    let (pos, end) = replay(fen, &["c6c7", "b9c7"]);
    assert_eq!(end, None, "Black's king is attacked, but Black has its prince");
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    assert_eq!(moves.iter().map(|&m| Uci(m).to_string()).collect::<Vec<_>>(), ["e6a10"], "L1");
    let (pos, end) = replay(fen, &["c6c7", "b9c7", "e6a10"]);
    assert_eq!(pos.board().piece_at(sq("j1")).map(|p| (p.color, p.role)), Some((Color::Black, Role::King)));
    assert_eq!(end, Some(Termination::LosingPosition { winner: Color::Black }));
}

#[test]
fn l3_forbids_leaving_both_kings_attacked() {
    // The oracle README's (e): White, with its prince, is attacked by the
    // rook e8; the knight d6 unmasking the rook a6 would attack both kings.
    let pos = royal("t9/10/4r5/10/R2N5k/10/10/10/10/4K4T w - - 0 1");
    assert!(pos.king_attacked(Color::White));
    // Only the knight's moves that end the attack on White's king are left
    // (e4 blocks, e8 takes): E also lists the six that unmask the rook.
    assert_eq!(moves_from(&pos, "d6"), set(&["e4", "e8"]));
    // Without cover the king must leave the attack (L2).
    let pos = royal("9k/10/4r5/10/10/10/10/10/10/4K5 w - - 0 1");
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    assert!(moves.iter().all(|m| m.from == sq("e1") && m.to.file() != 4), "{moves:?}");
}

#[test]
fn l1_every_capture_of_the_king_is_legal() {
    // The oracle README's (a): E finds no move, docs/rules.md 5.3 L1 gives a10j10.
    let pos = royal("R8k/10/4r5/10/10/10/t9/10/10/4K5 w - - 0 1");
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    assert_eq!(moves.iter().map(|&m| Uci(m).to_string()).collect::<Vec<_>>(), ["a10j10"]);
    let mut after = pos.clone();
    after.play_unchecked(moves[0]);
    assert_eq!(after.board().piece_at(sq("a4")).map(|p| p.role), Some(Role::King), "the prince is crowned");
    // White's king is attacked by the rook e8 and White has no prince: but
    // it is Black's move, and White is the side not to move: White loses.
    assert_eq!(Game::new(after).termination(), Some(Termination::LosingPosition { winner: Color::Black }));
}

#[test]
fn the_restoration_right_is_spent_at_the_first_queen_capture() {
    // White's bishop takes Black's queen; Black may restore on its next
    // turn only.
    let mut pos = royal("3skq4/10/10/10/1B8/10/10/10/10/4K5 w Rr - 0 1");
    play(&mut pos, "b6f10");
    assert!(!pos.has_restoration_right(Color::Black));
    assert!(pos.can_restore());
    assert_eq!(pos.fen().split(' ').nth(2), Some("R="));
    let reread = royal(&pos.fen());
    assert!(reread.can_restore());
    let mut restored = pos.clone();
    assert_eq!(restored.restore_queen(None), Ok(sq("d10")));
    assert_eq!(restored.board().piece_at(sq("d10")).map(|p| p.role), Some(Role::Queen));
    assert_eq!(restored.turn(), Color::Black);
    // Refused: gone for good.
    play(&mut pos, "e10f10");
    play(&mut pos, "e1e2");
    assert!(!pos.can_restore());
    assert_eq!(pos.restore_queen(None), Err(pgn100::rules::RestoreError::NotDue));
    assert_eq!(pos.fen().split(' ').nth(2), Some("R"));
}
