//! Hand-made Hundred positions for the rules the oracle cannot check:
//! two-stage castling (docs/rules.md 1.4), the throne pawn (1.5), promotion by
//! file (1.3), en passant (1.2). Each count is justified in its comment.

use crate::common;

use std::collections::BTreeSet;

use common::{castlings, hundred, throne_moves};
use pgn100::notation::UciMove;
use pgn100::rules::{perft, Claim, Game, Position};

/// Plays UCI-style moves (`=O` marks castling), panicking on an illegal one.
fn play(pos: &mut Position, moves: &[&str]) {
    for uci in moves {
        let m = UciMove::parse(uci)
            .and_then(|u| u.to_move(pos))
            .unwrap_or_else(|| panic!("{uci} is not legal in {}", pos.fen()));
        pos.play_unchecked(m);
    }
}

fn set(letters: &str) -> BTreeSet<char> {
    letters.chars().collect()
}

/// The same position seen from the other side: ranks mirrored, colours and
/// the side to move swapped.
fn mirror(fen: &str) -> String {
    let f: Vec<&str> = fen.split(' ').collect();
    let swap = |s: &str| -> String {
        s.chars()
            .map(|c| if c.is_ascii_uppercase() { c.to_ascii_lowercase() } else { c.to_ascii_uppercase() })
            .collect()
    };
    let placement: Vec<String> = f[0].split('/').rev().map(swap).collect();
    let turn = if f[1] == "w" { "b" } else { "w" };
    let rights = if f[2] == "-" { "-".to_string() } else { swap(f[2]) };
    format!("{} {turn} {rights} {} {} {}", placement.join("/"), f[3], f[4], f[5])
}

/// Checks the castlings of `fen` and of its mirror image.
fn castles(fen: &str, expected: &str) {
    assert_eq!(castlings(&hundred(fen)), set(expected), "{fen}");
    let m = mirror(fen);
    assert_eq!(castlings(&hundred(&m)), set(&expected.to_lowercase()), "{m}");
}

// White: Kf2, rooks a1 a2 j1 j2, none moved yet; Black: Ke10 (and what a
// case adds).
const FIRST: &str = "4k5/10/10/10/10/10/10/10/R4K3R/R8R w KQSL - 0 1";

#[test]
fn first_stage_both_wings_both_colours() {
    castles(FIRST, "KQ");
    // Kf2: e1 f1 g1 e3 f3 g3 e2 g2 = 8 steps; rooks a2 and j2 along rank 2
    // (b2..e2 = 4, g2..i2 = 3) and up their files (a3..a10, j3..j10 = 8 each),
    // rooks a1, j1 along rank 1 (b1..i1 = 8 each; e1/f1/g1 shared squares
    // still count per rook); 2 castlings.
    // 8 + (4 + 8) + (3 + 8) + 8 + 8 + 2 = 49.
    assert_eq!(hundred(FIRST).count_legal(), 49);
}

#[test]
fn first_stage_illegal_for_each_reason() {
    // No right (the king or that rook has moved).
    castles("4k5/10/10/10/10/10/10/10/R4K3R/R8R w QL - 0 1", "Q");
    castles("4k5/10/10/10/10/10/10/10/R4K3R/R8R w - - 0 1", "");
    // A square between king and rook occupied (knight on h2, bishop on c2).
    castles("4k5/10/10/10/10/10/10/10/R4K1N1R/R8R w KQSL - 0 1", "Q");
    castles("4k5/10/10/10/10/10/10/10/R1B2K3R/R8R w KQSL - 0 1", "K");
    // The king in check (rook f10 on the open f-file).
    castles("4kr4/10/10/10/10/10/10/10/R4K3R/R8R w KQSL - 0 1", "");
    // The king attacked after the move (rook h10 sees h2; rook d10 sees d2).
    castles("4k2r2/10/10/10/10/10/10/10/R4K3R/R8R w KQSL - 0 1", "Q");
    castles("3rk5/10/10/10/10/10/10/10/R4K3R/R8R w KQSL - 0 1", "K");
    // The castling rook attacked after the move (g2 after short, e2 after long).
    castles("4k1r3/10/10/10/10/10/10/10/R4K3R/R8R w KQSL - 0 1", "Q");
    castles("r3k5/10/10/10/10/4r5/10/10/R4K3R/R8R w KQSL - 0 1", "K");
    // [decision] passing over an attacked square is allowed (rook i10 sees i2, c10 sees c2).
    castles("2r1k3r1/10/10/10/10/10/10/10/R4K3R/R8R w KQSL - 0 1", "KQ");
}

#[test]
fn first_stage_rights_are_lost_by_moving() {
    let mut pos = hundred(FIRST);
    play(&mut pos, &["j2j3", "e10d10", "j3j2", "d10e10"]);
    assert_eq!(castlings(&pos), set("Q"), "the short rook has moved");
    let mut pos = hundred(FIRST);
    play(&mut pos, &["f2f3", "e10d10", "f3f2", "d10e10"]);
    assert_eq!(castlings(&pos), set(""), "the king has moved");
    assert_eq!(pos.fen().split(' ').nth(2), Some("-"));
}

// White after the short first stage: Kh2, Rg2, Rj2 (the corner rook has
// stepped), Ra2, Ra1; the right S pending.
const SECOND_SHORT: &str = "4k5/10/10/10/10/10/10/10/R5RK1R/R9 w S - 0 1";
// White after the long first stage: Kd2, Re2, Ra2 (stepped), Rj2, Rj1;
// Black: Ki10 (off the rooks' files).
const SECOND_LONG: &str = "8k1/10/10/10/10/10/10/10/R2KR4R/9R w L - 0 1";

#[test]
fn second_stage_both_wings_both_colours() {
    castles(SECOND_SHORT, "S");
    castles(SECOND_LONG, "L");
}

#[test]
fn the_fen_field_says_whether_the_corner_rook_has_moved() {
    // docs/notation.md, "FEN": `KS` both stages open; `K` alone, the corner rook
    // has moved (here it went away and came back), so after the first stage
    // and its step no second stage is left.
    let mut pos = hundred(FIRST);
    play(&mut pos, &["f2h2=O", "e10d10", "j1j2", "d10e10"]);
    assert_eq!(castlings(&pos), set("S"));
    assert_eq!(pos.fen().split(' ').nth(2), Some("S"));
    let mut pos = hundred("4k5/10/10/10/10/10/10/10/R4K3R/R8R w KQ - 0 1");
    play(&mut pos, &["f2h2=O", "e10d10", "j1j2", "d10e10"]);
    assert_eq!(castlings(&pos), set(""));
    assert_eq!(pos.fen().split(' ').nth(2), Some("-"));
    // The corner rook leaves and comes back: `S` and `L` go, `K`, `Q` stay,
    // and the FEN reads back to the same position.
    let mut pos = hundred(FIRST);
    play(&mut pos, &["j1i1", "e10d10", "i1j1", "d10e10", "a1b1", "e10d10", "b1a1", "d10e10"]);
    assert_eq!(pos.fen().split(' ').nth(2), Some("KQ"));
    assert_eq!(hundred(&pos.fen()), pos);
    assert_eq!(hundred(&pos.fen()).hash(), pos.hash());
}

#[test]
fn second_stage_illegal_for_each_reason() {
    // The corner rook has not stepped yet (still on j1).
    castles("4k5/10/10/10/10/10/10/10/R5RK2/R8R w S - 0 1", "");
    // The square between (i2 / b2, c2) occupied.
    castles("4k5/10/10/10/10/10/10/10/R5RKNR/R9 w S - 0 1", "");
    castles("8k1/10/10/10/10/10/10/10/RN1KR4R/9R w L - 0 1", "");
    // The king in check (rook h10 on the open h-file).
    castles("4k2r2/10/10/10/10/10/10/10/R5RK1R/R9 w S - 0 1", "");
    // The king attacked after (rook i10 sees i2), the rook attacked after
    // (its square h2 is the king's square now: a bishop on c7 sees h2).
    castles("4k3r1/10/10/10/10/10/10/10/R5RK1R/R9 w S - 0 1", "");
    castles("4k5/10/10/2b7/10/10/10/10/R5RK1R/R9 w S - 0 1", "");
    // No right: the first stage was made on the other wing (Kd2 holds L only).
    castles("8k1/10/10/10/10/10/10/10/R2KR4R/9R w - - 0 1", "");
}

#[test]
fn second_stage_after_the_corner_rook_steps_up() {
    let mut pos = hundred("4k5/10/10/10/10/10/10/10/R5RK2/R8R w S - 0 1");
    play(&mut pos, &["j1j2", "e10d10"]);
    assert_eq!(castlings(&pos), set("S"));
    assert_eq!(pos.fen().split(' ').nth(2), Some("S"));
    play(&mut pos, &["h2i2=O"]);
    assert_eq!(pos.fen().split(' ').next(), Some("3k6/10/10/10/10/10/10/10/R5RRK1/R9"));
    assert_eq!(pos.fen().split(' ').nth(2), Some("-"));
}

#[test]
fn second_stage_rights_are_lost() {
    // The king moves in between.
    let mut pos = hundred(SECOND_SHORT);
    play(&mut pos, &["h2h3", "e10d10", "h3h2", "d10e10"]);
    assert_eq!(castlings(&pos), set(""), "the king has moved");
    // The corner rook makes another move than its one step.
    let mut pos = hundred("4k5/10/10/10/10/10/10/10/R5RK2/R8R w S - 0 1");
    play(&mut pos, &["j1i1", "e10d10", "i1j1", "d10e10", "j1j2", "e10d10"]);
    assert_eq!(castlings(&pos), set(""), "the corner rook went to i1 first");
    // The stepped rook moves again and comes back.
    let mut pos = hundred(SECOND_SHORT);
    play(&mut pos, &["j2j3", "e10d10", "j3j2", "d10e10"]);
    assert_eq!(castlings(&pos), set(""), "the corner rook moved on from j2");
    // The stepped rook is taken (by a knight from h3), and another rook comes.
    let mut pos = hundred("4k5/10/10/10/10/10/10/7n2/R5RK1R/R9 w S - 0 1");
    play(&mut pos, &["a1b1", "h3j2", "g2g3", "e10d10", "g3j3", "d10e10", "j3j2", "e10d10"]);
    assert_eq!(castlings(&pos), set(""), "the corner rook was taken");
    // Another man standing on the step square moves away: no change.
    let mut pos = hundred("4k5/10/10/10/10/10/10/10/R5RKB1/R8R w S - 0 1");
    play(&mut pos, &["i2h3", "e10d10", "j1j2", "d10e10"]);
    assert_eq!(castlings(&pos), set("S"), "the corner rook stepped after the bishop left");
}

#[test]
fn the_seed_castling_sequence_plays() {
    // Seed 002: 1. 0-0-0 0-0-0-0 2. Лj1-j2 Лa10-a9 3. 1 1-1, both sides
    // with their corner and king's-rank rooks only.
    let mut pos = hundred("r8r/r4k3r/10/10/10/10/10/10/R4K3R/R8R w KQSLkqslTt - 0 1");
    play(&mut pos, &["f2h2=O", "f9d9=O", "j1j2", "a10a9", "h2i2=O", "d9b9=O"]);
    assert_eq!(pos.fen(), "9r/1kr1r4r/10/10/10/10/10/10/R5RRK1/R9 w Tt - 6 4");
}

#[test]
fn throne_pawn_first_arrival_gives_one_move_per_empty_square() {
    // Kf8 next to the throne f9, pawns a3..g3 (h3 i3 j3 empty), Black Ka10.
    // King: 7 plain steps + 3 throne moves (one per empty square); pawns:
    // 7 x (single + double step) = 14. Total 24.
    let pos = hundred("k9/10/5K4/10/10/10/10/PPPPPPP3/10/10 w T - 0 1");
    assert_eq!(throne_moves(&pos), 3);
    assert_eq!(pos.count_legal(), 24);
    // The gained pawn stands on i3 and may double-step.
    let mut after = pos.clone();
    play(&mut after, &["f8f9@i3", "a10b10"]);
    assert_eq!(after.fen(), "1k8/5K4/10/10/10/10/10/PPPPPPP1P1/10/10 w - - 1 2");
    play(&mut after, &["i3i5"]);
    // The right is used up: going back to f9 again gains nothing.
    let mut again = hundred("k9/10/5K4/10/10/10/10/PPPPPPP3/10/10 w - - 0 1");
    assert_eq!(throne_moves(&again), 0);
    assert_eq!(again.count_legal(), 22);
    play(&mut again, &["f8f9"]);
}

#[test]
fn throne_pawn_full_rank_keeps_the_right() {
    // All ten pawns on rank 3: Kf8 has 8 plain steps, pawns 20 moves.
    let mut pos = hundred("k9/10/5K4/10/10/10/10/PPPPPPPPPP/10/10 w T - 0 1");
    assert_eq!(throne_moves(&pos), 0);
    assert_eq!(pos.count_legal(), 28);
    play(&mut pos, &["f8f9", "a10b10", "f9f8", "b10a10", "a3a4", "a10b10"]);
    // Back on the throne with a3 empty now: the pawn is gained there.
    assert_eq!(throne_moves(&pos), 1);
    assert_eq!(pos.fen().split(' ').nth(2), Some("T"));
}

#[test]
fn throne_pawn_can_block_a_check() {
    // Kf8 in check from the rook f1; pawns a3..e3. Only the steps off the
    // f-file (e7 g7 e8 g8 e9 g9 = 6) and the throne move placing the pawn on
    // f3, which closes the file, are legal: 7.
    let pos = hundred("k9/10/5K4/10/10/10/10/PPPPP5/10/5r4 w T - 0 1");
    assert!(pos.is_check());
    assert_eq!(throne_moves(&pos), 1);
    assert_eq!(pos.count_legal(), 7);
}

#[test]
fn throne_pawn_rule_off_and_for_black() {
    // The same position without the right (rule switched off): 22 moves.
    assert_eq!(hundred("k9/10/5K4/10/10/10/10/PPPPPPP3/10/10 w - - 0 1").count_legal(), 22);
    // Black's throne is f2 and Black's pawn rank 8.
    let pos = hundred(&mirror("k9/10/5K4/10/10/10/10/PPPPPPP3/10/10 w T - 0 1"));
    assert_eq!(throne_moves(&pos), 3);
    assert_eq!(pos.count_legal(), 24);
}

#[test]
fn rules_1_6_a_throne_pawn_gain_resets_the_80_move_count() {
    // docs/rules.md 1.6 [decision]: the gain counts as a pawn move. 159 plies
    // without capture or pawn move; the throne move with its pawn resets the
    // count, the same king move without a gain (rule off) reaches 160.
    let fen = "k9/10/5K4/10/10/10/10/PPPPPPP3/10/10 w T - 159 90";
    let mut game = Game::new(hundred(fen));
    let gain = UciMove::parse("f8f9@i3").and_then(|u| u.to_move(game.position())).expect("legal");
    game.play_unchecked(gain);
    assert_eq!(game.position().halfmoves(), 0);
    assert_eq!(game.claim(), None);
    let mut game = Game::new(hundred(&fen.replace(" T ", " - ")));
    let step = UciMove::parse("f8f9").and_then(|u| u.to_move(game.position())).expect("legal");
    game.play_unchecked(step);
    assert_eq!(game.position().halfmoves(), 160);
    assert_eq!(game.claim(), Some(Claim::MoveRule));
}

#[test]
fn promotion_choices_depend_on_the_file() {
    // Ka1 (a2 b1 b2 = 3 moves) and a pawn on a9: a10 allows Q P R B N = 5.
    assert_eq!(hundred("9k/P9/10/10/10/10/10/10/10/K9 w - - 0 1").count_legal(), 8);
    // On b9: b10 allows Q R B N = 4.
    assert_eq!(hundred("9k/1P8/10/10/10/10/10/10/10/K9 w - - 0 1").count_legal(), 7);
    // b9 takes on a10 (5 choices) or goes to b10 (4): 9 + 3.
    assert_eq!(hundred("n8k/1P8/10/10/10/10/10/10/10/K9 w - - 0 1").count_legal(), 12);
    // Black on c2: c1 is a bishop square, 5 choices; Kj10 has 3 steps.
    assert_eq!(hundred("9k/10/10/10/10/10/10/10/2p7/9K b - - 0 1").count_legal(), 8);
    // Each choice by its letter; the prince only where allowed.
    let pos = hundred("9k/P9/10/10/10/10/10/10/10/K9 w - - 0 1");
    for uci in ["a9a10q", "a9a10a", "a9a10r", "a9a10b", "a9a10n"] {
        assert!(UciMove::parse(uci).and_then(|u| u.to_move(&pos)).is_some(), "{uci}");
    }
    let pos = hundred("9k/1P8/10/10/10/10/10/10/10/K9 w - - 0 1");
    assert!(UciMove::parse("b9b10a").and_then(|u| u.to_move(&pos)).is_none());
    assert!(UciMove::parse("b9b10").and_then(|u| u.to_move(&pos)).is_none(), "promotion is mandatory");
}

#[test]
fn en_passant_legal_expired_and_pinned() {
    // White pawn e6, Black pawn d6 that has just come from d8: e6xd7 e.p.
    // Ka1: 3; e6-e7 and e6xd7: 2. Total 5; without the right 4.
    let legal = "k9/10/10/10/3pP5/10/10/10/10/K9 w - d7 0 1";
    assert_eq!(hundred(legal).count_legal(), 5);
    assert_eq!(hundred(&legal.replace(" d7 ", " - ")).count_legal(), 4);
    // Made by a real double step, then taken; the taken pawn disappears.
    let mut pos = hundred("k9/10/3p6/10/4P5/10/10/10/10/K9 b - - 0 1");
    play(&mut pos, &["d8d6"]);
    assert_eq!(pos.ep_square().map(|s| s.to_string()), Some("d7".into()));
    let mut taken = pos.clone();
    play(&mut taken, &["e6d7"]);
    assert_eq!(taken.fen(), "k9/10/10/3P6/10/10/10/10/10/K9 b - - 0 2");
    // Expired: one move each later it is gone.
    play(&mut pos, &["a1a2", "a10b10"]);
    assert_eq!(pos.ep_square(), None);
    assert!(UciMove::parse("e6d7").and_then(|u| u.to_move(&pos)).is_none());
    // Pinned along the rank: Ka6, e6 and d6 between it and the rook j6.
    // Ka6: a5 a7 b5 b6 b7 = 5; e6-e7 = 1; e6xd7 would expose the king. 6.
    let pinned = hundred("k9/10/10/10/K2pP4r/10/10/10/10/10 w - d7 0 1");
    assert_eq!(pinned.count_legal(), 6);
    assert_eq!(pinned.ep_square(), None, "no legal capture: the square is not kept");
}

#[test]
fn start_position_with_rights_has_the_oracle_counts() {
    // Castling and the throne pawn cannot happen within 5 plies of the set-up,
    // so the counts with rights equal Fairy-Stockfish's without them.
    let pos = Position::start(pgn100::rules::Variant::Hundred).expect("Hundred");
    assert_eq!(pos.fen().split(' ').nth(2), Some("KQSLkqslTt"));
    assert_eq!(perft(&pos, 4), 460_856);
}

#[test]
fn threefold_repetition_and_the_eighty_move_claim() {
    let mut game = Game::new(hundred("k9/10/10/10/10/10/10/10/10/K9 w - - 0 1"));
    let step = |g: &mut Game, uci: &str| {
        let m = UciMove::parse(uci).and_then(|u| u.to_move(g.position())).expect("legal");
        g.play_unchecked(m);
    };
    // The start position stands for the 2nd time after four plies, the 3rd after eight.
    for _ in 0..2 {
        assert_eq!(game.claim(), None);
        for uci in ["a1a2", "a10a9", "a2a1", "a9a10"] {
            step(&mut game, uci);
        }
    }
    assert_eq!(game.repetitions(), 3);
    assert_eq!(game.claim(), Some(Claim::Threefold));
    // 160 plies without capture or pawn move: the 80-move claim, not before.
    assert_eq!(Game::new(hundred("k9/10/10/10/10/10/10/10/10/K9 w - - 159 90")).claim(), None);
    assert_eq!(Game::new(hundred("k9/10/10/10/10/10/10/10/10/K9 w - - 160 90")).claim(), Some(Claim::MoveRule));
}
