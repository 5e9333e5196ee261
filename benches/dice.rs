//! Dice chess (issue 15): `cargo bench --bench dice`.
//!
//! The maximum-moves check on the 400 oracle positions of
//! corpus/oracle/dice/turns_dice_sample.jsonl: `most_dice` (depth-first,
//! one die's type at a time, early exit, transpositions merged) for the
//! exact maximum, against the full list of legal turns (`legal_turns`), each
//! checked against the oracle's maximum. Prints the best of several runs in
//! checks per second and search nodes per check.

use std::time::Instant;

use pgn100::rules::dice::turns::{legal_turns, most_dice_counted};
use pgn100::rules::dice::{face_role, Dice, DicePosition};
use pgn100::rules::{Role, Square};

fn main() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/corpus/oracle/dice/turns_dice_sample.jsonl");
    let text = std::fs::read_to_string(path).expect("oracle data");
    let mut cases: Vec<(DicePosition, [Role; 3], u8)> = Vec::new();
    for line in text.lines().filter(|l| !l.is_empty()) {
        let v: serde_json::Value = serde_json::from_str(line).expect("JSON");
        let ep: Vec<Square> = v["ep"]
            .as_array()
            .expect("ep")
            .iter()
            .map(|s| Square::parse(s.as_str().expect("sq")).expect("sq"))
            .collect();
        let pos = DicePosition::from_fen_and_ep(v["fen"].as_str().expect("fen"), &ep).expect("position");
        let roll: Vec<Role> = v["roll"]
            .as_array()
            .expect("roll")
            .iter()
            .map(|f| face_role(f.as_u64().expect("face") as u8).expect("face"))
            .collect();
        cases.push((pos, roll.try_into().expect("3 dice"), v["max_dice"].as_u64().expect("max") as u8));
    }
    let once = std::env::args().any(|a| a == "--once");
    let runs = if once { 1 } else { 5 };
    let mut best_fast = f64::MAX;
    let mut nodes = 0;
    for _ in 0..runs {
        let t = Instant::now();
        nodes = 0;
        for (pos, roll, max) in &cases {
            let (found, n) = most_dice_counted(pos, Dice::of(roll));
            assert_eq!(found, *max);
            nodes += n;
        }
        best_fast = best_fast.min(t.elapsed().as_secs_f64());
    }
    let mut best_full = f64::MAX;
    let mut listed = 0;
    for _ in 0..if once { 1 } else { 3 } {
        let t = Instant::now();
        listed = 0;
        for (pos, roll, max) in &cases {
            let list = legal_turns(pos, *roll);
            assert_eq!(list.max, *max);
            listed += list.turns.len();
        }
        best_full = best_full.min(t.elapsed().as_secs_f64());
    }
    let n = cases.len() as f64;
    println!(
        "most_dice: {} checks in {:.4} s: {:.0} checks/s, {:.1} µs a check, {:.1} nodes a check",
        cases.len(),
        best_fast,
        n / best_fast,
        best_fast / n * 1e6,
        nodes as f64 / n
    );
    println!(
        "legal_turns: {} lists ({listed} turns) in {:.4} s: {:.0} lists/s, {:.0} turns/s",
        cases.len(),
        best_full,
        n / best_full,
        listed as f64 / best_full
    );
}
