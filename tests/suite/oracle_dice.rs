//! Dice chess beside the independent Python reference of docs/rules.md 4
//! (corpus/oracle/dice/): every turn list of turns_dice_sample.jsonl
//! reproduced exactly, and every game of games_dice_sample.jsonl replayed
//! turn by turn to the same en passant squares, turn counts, maxima, FENs
//! and result.

use crate::common::read_jsonl;

use pgn100::rules::dice::turns::{legal_turns, most_dice, turn_text};
use pgn100::rules::dice::{face_role, Dice, DicePosition, DiceUci, Turn};
use pgn100::rules::{Role, Square};

fn squares(v: &serde_json::Value) -> Vec<Square> {
    v.as_array().expect("ep").iter().map(|s| Square::parse(s.as_str().expect("square")).expect("square")).collect()
}

fn roll(v: &serde_json::Value) -> [Role; 3] {
    let faces: Vec<Role> =
        v.as_array().expect("roll").iter().map(|f| face_role(f.as_u64().expect("face") as u8).expect("1..6")).collect();
    faces.try_into().expect("three dice")
}

fn strings(v: &serde_json::Value) -> Vec<String> {
    v.as_array().expect("list").iter().map(|s| s.as_str().expect("string").to_string()).collect()
}

#[test]
fn every_turn_list_of_the_oracle_is_reproduced() {
    let lines = read_jsonl("oracle/dice/turns_dice_sample.jsonl");
    assert_eq!(lines.len(), 400);
    let mut total = 0;
    for e in &lines {
        let fen = e["fen"].as_str().expect("fen");
        let pos = DicePosition::from_fen_and_ep(fen, &squares(&e["ep"])).unwrap_or_else(|err| panic!("{fen}: {err}"));
        assert_eq!(pos.fen(), fen, "FEN round trip");
        let r = roll(&e["roll"]);
        let list = legal_turns(&pos, r);
        let id = &e["id"];
        assert_eq!(u64::from(list.max), e["max_dice"].as_u64().expect("max"), "id {id} max");
        assert_eq!(list.texts(), strings(&e["turns"]), "id {id}: {fen} roll {:?}", e["roll"]);
        assert_eq!(list.turns.len() as u64, e["count"].as_u64().expect("count"), "id {id} count");
        assert_eq!(list.removed as u64, e["removed"].as_u64().expect("removed"), "id {id} removed");
        let (fast, witness) = most_dice(&pos, Dice::of(&r), 3);
        assert_eq!(fast, list.max, "id {id}: the fast search's maximum");
        if fast > 0 {
            let text = turn_text(&witness);
            assert!(list.texts().contains(&text), "id {id}: the witness {text} is a legal turn");
        }
        total += list.turns.len();
    }
    assert_eq!(total, 192_830, "the oracle README's total");
}

#[test]
fn every_oracle_game_replays_turn_by_turn() {
    let games = read_jsonl("oracle/dice/games_dice_sample.jsonl");
    assert_eq!(games.len(), 300);
    let mut turns = 0;
    for g in &games {
        let seed = &g["seed"];
        let mut pos = DicePosition::from_fen(g["start_fen"].as_str().expect("fen")).expect("start");
        let mut winner = None;
        for (ti, t) in g["turns"].as_array().expect("turns").iter().enumerate() {
            let want_ep: Vec<String> = strings(&t["ep"]);
            let ours_ep: Vec<String> = pos.ep_open().map(|s| s.to_string()).collect();
            assert_eq!(ours_ep, want_ep, "seed {seed} turn {ti}: open en passant squares");
            let r = roll(&t["roll"]);
            let list = legal_turns(&pos, r);
            assert_eq!(list.turns.len() as u64, t["legal"].as_u64().expect("legal"), "seed {seed} turn {ti}");
            assert_eq!(u64::from(list.max), t["max"].as_u64().expect("max"), "seed {seed} turn {ti}");
            let moves = strings(&t["moves"]);
            let fens = strings(&t["fens"]);
            assert!(list.texts().contains(&moves.join(" ")), "seed {seed} turn {ti}: the turn played is legal");
            let mut turn = Turn::new(r);
            for (i, (uci, fen)) in moves.iter().zip(&fens).enumerate() {
                let mut all = Vec::new();
                for role in turn.left.roles() {
                    pos.moves_of(role, role == Role::King && turn.left.has(Role::Rook), &mut all);
                }
                let m = *all.iter().find(|m| DiceUci(**m).to_string() == *uci).unwrap_or_else(|| {
                    panic!("seed {seed} turn {ti}: {uci} not found");
                });
                turn.play(&mut pos, m).expect("a die for it");
                let last = i + 1 == moves.len();
                if last {
                    if let Some(c) = pos.king_taken() {
                        winner = Some(!c);
                    }
                    pos.end_turn();
                }
                assert_eq!(pos.fen(), *fen, "seed {seed} turn {ti} move {uci}");
            }
            if moves.is_empty() {
                pos.end_turn();
            }
            turns += 1;
        }
        let result = match winner {
            Some(pgn100::rules::Color::White) => "1-0",
            Some(pgn100::rules::Color::Black) => "0-1",
            None => "*",
        };
        assert_eq!(result, g["result"].as_str().expect("result"), "seed {seed}");
    }
    assert_eq!(turns, 21_543, "the oracle README's total");
}

/// The roll as the command line takes it, in one of the three forms.
fn roll_arg(v: &serde_json::Value, form: usize) -> String {
    let letters = [["p", "N", "B", "R", "Q", "K"], ["п", "К", "С", "Л", "Ф", "Кр"], ["1", "2", "3", "4", "5", "6"]];
    let faces: Vec<&str> =
        v.as_array().expect("roll").iter().map(|f| letters[form][f.as_u64().expect("face") as usize - 1]).collect();
    faces.join(" ")
}

#[test]
fn the_turns_command_prints_the_oracle_lists() {
    let lines = read_jsonl("oracle/dice/turns_dice_sample.jsonl");
    let mut seen = std::collections::BTreeSet::new();
    let mut n = 0;
    // The first list of each kind, and a few more: each run is a process.
    for e in &lines {
        let why = e["why"].as_str().expect("why").to_string();
        if !seen.insert(why) && e["id"].as_u64().expect("id") % 40 != 0 {
            continue;
        }
        let ep: Vec<&str> = e["ep"].as_array().expect("ep").iter().map(|s| s.as_str().expect("sq")).collect();
        let roll = roll_arg(&e["roll"], n % 3);
        let mut args = vec!["turns", "--variant", "dice", "--fen", e["fen"].as_str().expect("fen"), "--roll", &roll];
        let ep = ep.join(",");
        if !ep.is_empty() {
            args.extend(["--ep", ep.as_str()]);
        }
        let o = crate::common::pgn100(&args);
        assert_eq!(o.status.code(), Some(0), "{args:?}: {}", String::from_utf8_lossy(&o.stderr));
        let want: Vec<String> =
            strings(&e["turns"]).into_iter().map(|t| if t.is_empty() { "-".to_string() } else { t }).collect();
        let got: Vec<String> = String::from_utf8_lossy(&o.stdout).lines().map(str::to_string).collect();
        assert_eq!(got, want, "{args:?}");
        n += 1;
    }
    assert!(n >= 10, "{n} lists");
}
