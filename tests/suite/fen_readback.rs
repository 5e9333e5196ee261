//! Every FEN pgn100 prints, it reads back (issue 40): the FENs of `stats
//! --per-game` (final_fen) and `moves --fen` over one game file or more per
//! variant, and random games of every variant, each read by the library to
//! a position that writes the same FEN; a Dice position after a king
//! capture (one king on the board) is a finished game. corpus/fen/ holds the
//! golden cases: printed.tsv (positions that read back, with what they
//! are), refused.tsv (FENs that are no position, with the message),
//! turns_ep.tsv (`turns --fen` takes the FEN's en passant squares).

use std::collections::{BTreeMap, BTreeSet};

use pgn100::rules::dice::turns::legal_turns;
use pgn100::rules::dice::DicePosition;
use pgn100::rules::{Color, Role, Square, Variant, VariantPosition};

use crate::common::{corpus, pgn100, with_stdin};

/// The FEN a position read from `fen` writes (Dice chess: the en passant
/// field lists the open squares).
fn read_back(variant: Variant, fen: &str) -> Result<String, String> {
    VariantPosition::from_fen(fen, variant).map(|p| p.fen()).map_err(|e| e.to_string())
}

/// The rows of a CSV table: header name -> value.
fn csv_rows(bytes: &[u8]) -> Vec<BTreeMap<String, String>> {
    let mut reader = csv::Reader::from_reader(bytes);
    let header: Vec<String> = reader.headers().expect("a header").iter().map(str::to_string).collect();
    reader
        .records()
        .map(|r| header.iter().cloned().zip(r.expect("a record").iter().map(str::to_string)).collect())
        .collect()
}

/// What the FENs of a sweep hold.
#[derive(Default, Debug)]
struct Sweep {
    /// (variant, FEN) as printed, each once.
    fens: BTreeSet<(String, String)>,
    /// Games counted, by termination.
    terminations: BTreeMap<String, usize>,
}

/// The FENs `stats --per-game --format csv` and `moves --fen --format csv`
/// print for `args` (files and options), or for `input` on standard input.
fn sweep(args: &[&str], input: Option<&[u8]>, into: &mut Sweep) {
    let run = |cmd: &[&str]| {
        let all: Vec<&str> = cmd.iter().chain(args).copied().collect();
        let o = match input {
            Some(bytes) => with_stdin(&all, bytes),
            None => pgn100(&all),
        };
        assert!(o.status.code().is_some_and(|c| c <= 1), "{all:?}: {}", String::from_utf8_lossy(&o.stderr));
        o.stdout
    };
    for row in csv_rows(&run(&["stats", "--per-game", "--format", "csv"])) {
        *into.terminations.entry(row["termination"].clone()).or_default() += 1;
        if !row["final_fen"].is_empty() {
            into.fens.insert((row["variant"].clone(), row["final_fen"].clone()));
        }
    }
    for row in csv_rows(&run(&["moves", "--fen", "--format", "csv"])) {
        into.fens.insert((row["variant"].clone(), row["fen"].clone()));
    }
}

/// Reads every FEN back; returns how many there were by variant, and the
/// Dice ones with a king missing.
fn check_all(s: &Sweep) -> (BTreeMap<String, usize>, usize) {
    let mut by_variant = BTreeMap::new();
    let mut finished = 0;
    let mut bad = Vec::new();
    for (name, fen) in &s.fens {
        let variant: Variant = name.parse().unwrap_or_else(|_| panic!("variant {name}"));
        *by_variant.entry(variant.to_string()).or_default() += 1;
        match read_back(variant, fen) {
            Ok(back) if back == *fen => {}
            Ok(back) => bad.push(format!("{name} {fen} -> {back}")),
            Err(e) => bad.push(format!("{name} {fen}: {e}")),
        }
        if VariantPosition::from_fen(fen, variant).is_ok_and(|p| p.king_taken().is_some()) {
            finished += 1;
        }
    }
    assert!(bad.is_empty(), "{} of {} FENs do not read back:\n{}", bad.len(), s.fens.len(), bad.join("\n"));
    (by_variant, finished)
}

#[test]
fn every_fen_stats_and_moves_print_reads_back_in_every_variant() {
    let mut s = Sweep::default();
    // corpus/valid: Hundred, Grand, Chess and Chess960 games (54, 376, 1,083
    // and 825 FENs).
    sweep(&["corpus/valid"], None, &mut s);
    sweep(&["--variant", "chess", "corpus/chess/lichess_db_2013-01_first32_mliebelt.pgn"], None, &mut s);
    sweep(&["corpus/oracle/royal/royal-lat-short.pgn"], None, &mut s);
    let (by_variant, finished) = check_all(&s);
    for v in [Variant::Hundred, Variant::Grand, Variant::Chess, Variant::Chess960, Variant::Royal] {
        assert!(by_variant.get(&v.to_string()).is_some_and(|&n| n >= 50), "{v}: {by_variant:?}");
    }
    assert_eq!(finished, 0);
}

/// Dice chess: the last position of every game won by a king capture has
/// one king, and reads back as that finished game.
#[test]
fn every_dice_fen_reads_back_the_king_captures_included() {
    let mut s = Sweep::default();
    sweep(&["corpus/oracle/dice/dice-lat-short.pgn"], None, &mut s);
    let (by_variant, finished) = check_all(&s);
    let won: usize = s.terminations.iter().filter(|(t, _)| t.starts_with("king capture")).map(|(_, n)| n).sum();
    assert_eq!(won, 291, "{:?}", s.terminations);
    // Each game's last position differs from every other game's.
    assert_eq!(finished, won);
    assert!(by_variant["Dice"] > 40_000, "{by_variant:?}");
}

/// Random games of every variant (`generate`), read back the same way.
#[test]
fn every_fen_of_generated_games_reads_back() {
    let mut s = Sweep::default();
    for v in ["hundred", "grand", "chess", "chess960", "dice", "royal"] {
        let o = pgn100(&["generate", "--variant", v, "--games", "6", "--seed", "40", "--letters", "latin"]);
        assert_eq!(o.status.code(), Some(0), "{v}");
        sweep(&["-"], Some(&o.stdout), &mut s);
    }
    let (by_variant, finished) = check_all(&s);
    assert_eq!(by_variant.len(), 6, "{by_variant:?}");
    let won: usize = s.terminations.iter().filter(|(t, _)| t.starts_with("king capture")).map(|(_, n)| n).sum();
    assert!(won > 0, "{:?}", s.terminations);
    assert_eq!(finished, won);
}

/// The lines of a tab-separated corpus file, comments skipped.
fn tsv(path: &str) -> Vec<Vec<String>> {
    let text = std::fs::read_to_string(corpus(path)).unwrap_or_else(|e| panic!("{path}: {e}"));
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| l.split('\t').map(str::to_string).collect())
        .collect()
}

/// The text `show` prints below the board: the state line's two parts.
fn shown(variant: &str, fen: &str) -> Result<(String, String), String> {
    let o = pgn100(&["show", "--variant", variant, "--fen", fen]);
    let out = String::from_utf8_lossy(&o.stdout);
    let line = out.lines().rev().find(|l| l.contains("; FEN ")).map(str::to_string);
    match (o.status.code(), line) {
        (Some(0), Some(l)) => {
            let (state, fen) = l.split_once("; FEN ").unwrap_or_default();
            Ok((state.to_string(), fen.to_string()))
        }
        _ => Err(String::from_utf8_lossy(&o.stderr).trim().to_string()),
    }
}

#[test]
fn the_printed_fens_of_the_corpus_read_back_as_what_they_are() {
    let lines = tsv("fen/printed.tsv");
    assert!(lines.len() >= 12);
    let mut over = 0;
    for l in &lines {
        let [variant, what, fen, _from] = l.as_slice() else { panic!("four columns: {l:?}") };
        let v: Variant = variant.parse().expect("variant");
        assert_eq!(read_back(v, fen).as_deref(), Ok(fen.as_str()), "{variant} {fen}");
        let (state, back) = shown(&variant.to_lowercase(), fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        assert_eq!(&back, fen);
        if v == Variant::Dice {
            let pos = DicePosition::from_fen(fen).expect("read above");
            let taken = pos.king_taken().map(|c| format!("over:{c}"));
            assert_eq!(taken.as_deref().unwrap_or("play"), what, "{fen}");
            if let Some(loser) = pos.king_taken() {
                over += 1;
                assert_eq!(state, format!("{} took {loser}'s king and wins", !loser), "{fen}");
                // No turn follows: the library lists none, the command refuses.
                let list = legal_turns(&pos, [Role::Pawn, Role::Knight, Role::King]);
                assert!(list.turns.is_empty() && list.max == 0, "{fen}");
                let o = pgn100(&["turns", "--fen", fen, "--roll", "p N K"]);
                assert_eq!(o.status.code(), Some(2));
                let err = String::from_utf8_lossy(&o.stderr);
                assert!(err.contains(&format!("{loser}'s king was taken: the game is over")), "{err}");
            }
        } else {
            assert_eq!(what, "play");
        }
    }
    assert_eq!(over, 3);
}

#[test]
fn fens_that_are_no_position_are_refused_with_their_reason() {
    let lines = tsv("fen/refused.tsv");
    assert!(lines.len() >= 6);
    for l in &lines {
        let [variant, fen, message] = l.as_slice() else { panic!("three columns: {l:?}") };
        let v: Variant = variant.parse().expect("variant");
        assert_eq!(read_back(v, fen).as_ref(), Err(message), "{variant} {fen}");
        assert_eq!(shown(&variant.to_lowercase(), fen), Err(format!("pgn100: {message}")), "{fen}");
    }
}

/// The squares of a Dice FEN's en passant field (`d6h6`).
fn ep_squares(field: &str) -> Vec<Square> {
    if field == "-" {
        return Vec::new();
    }
    (0..field.len()).step_by(2).map(|i| Square::parse(&field[i..i + 2]).expect("a square")).collect()
}

/// The count line of `turns --count` (`2682 turns, 3 dice`) as a number.
fn turns_count(args: &[&str]) -> Result<usize, String> {
    let all: Vec<&str> = ["turns", "--count"].iter().chain(args).copied().collect();
    let o = pgn100(&all);
    let out = String::from_utf8_lossy(&o.stdout);
    match (o.status.code(), out.lines().last().and_then(|l| l.split_once(" turns, "))) {
        (Some(0), Some((n, _))) => Ok(n.parse().expect("a count")),
        _ => Err(String::from_utf8_lossy(&o.stderr).trim().to_string()),
    }
}

#[test]
fn turns_takes_the_en_passant_squares_of_the_fen_show_prints() {
    let lines = tsv("fen/turns_ep.tsv");
    assert!(lines.len() >= 6);
    for l in &lines {
        let [file, game, ply, roll, ep, with, without] = l.as_slice() else { panic!("seven columns: {l:?}") };
        let o = pgn100(&["show", "--game", game, "--ply", ply, file]);
        let out = String::from_utf8_lossy(&o.stdout);
        let fen = out.lines().find_map(|l| l.split_once("; FEN ")).map(|(_, f)| f.to_string()).expect("a FEN");
        let fields: Vec<&str> = fen.split(' ').collect();
        assert_eq!(fields[3], ep, "{fen}");
        let plain = [&fields[..3], &["-"], &fields[4..]].concat().join(" ");
        let ep_arg = ep_squares(ep).iter().map(Square::to_string).collect::<Vec<_>>().join(",");
        let with: usize = with.parse().expect("count");
        let without: usize = without.parse().expect("count");
        assert_ne!(with, without, "{l:?}: the squares change nothing");
        // The FEN as shown; the FEN without squares and --ep naming them;
        // both, the squares in another order; the FEN without squares alone.
        assert_eq!(turns_count(&["--fen", &fen, "--roll", roll]), Ok(with), "{fen} {roll}");
        assert_eq!(turns_count(&["--fen", &plain, "--roll", roll, "--ep", &ep_arg]), Ok(with), "{plain}");
        let reversed = ep_squares(ep).iter().rev().map(Square::to_string).collect::<Vec<_>>().join(",");
        assert_eq!(turns_count(&["--fen", &fen, "--roll", roll, "--ep", &reversed]), Ok(with), "{fen}");
        assert_eq!(turns_count(&["--fen", &plain, "--roll", roll]), Ok(without), "{plain}");
        // The library: the FEN's field is the oracle's state of a turn.
        let pos = DicePosition::from_fen(&fen).expect("a position");
        let oracle_state = DicePosition::from_fen_and_ep(&plain, &ep_squares(ep)).expect("a position");
        assert_eq!(pos, oracle_state);
        let roles: Vec<Role> = roll
            .split(' ')
            .map(|f| match f {
                "p" => Role::Pawn,
                "N" => Role::Knight,
                other => panic!("face {other}"),
            })
            .collect();
        let roles: [Role; 3] = roles.try_into().expect("three dice");
        assert_eq!(legal_turns(&pos, roles).turns.len(), with);
        // --ep that names other squares than the FEN's is refused.
        let other = if ep.starts_with("a") { "b" } else { "a" };
        let rank = &ep[1..2];
        let o = pgn100(&["turns", "--fen", &fen, "--roll", roll, "--ep", &format!("{other}{rank}")]);
        assert_eq!(o.status.code(), Some(2), "{fen}");
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(err.contains("contradicts the FEN's en passant field"), "{err}");
    }
}

#[test]
fn perft_refuses_dice_chess_and_points_to_turns() {
    // White's king on e1 attacked by the rook on e8: chess would count
    // the evasions; Dice chess has no check.
    for args in [
        &["perft", "1", "--variant", "dice"][..],
        &["perft", "2", "--variant", "dice", "--divide"],
        &["perft", "1", "--variant", "dice", "--fen", "4r1k1/8/8/8/8/8/8/4K3 w - - 0 1"],
    ] {
        let o = pgn100(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(o.stdout.is_empty(), "{args:?}: no count");
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(err.contains("Dice chess has turns") && err.contains("pgn100 turns --count"), "{err}");
    }
    // `turns` counts there instead: every turn of the roll, the rook's
    // capture of the king on e1 among them (it ends the game).
    let fen = "4r1k1/8/8/8/8/8/8/4K3 b - - 0 1";
    let pos = DicePosition::from_fen(fen).expect("a position");
    assert_eq!(pos.turn(), Color::Black);
    let list = legal_turns(&pos, [Role::Rook, Role::Pawn, Role::Pawn]);
    assert!(list.texts().contains(&"e8e1".to_string()), "{:?}", list.texts());
    // The rook's 11 other moves (a8-d8, f8, e7-e2): no pawn to spend more.
    assert_eq!(list.turns.len(), 12);
    assert_eq!(turns_count(&["--fen", fen, "--roll", "R p p"]), Ok(12));
    // The other variants still count.
    let o = pgn100(&["perft", "1", "--variant", "chess", "--fen", "4r1k1/8/8/8/8/8/8/4K3 w - - 0 1"]);
    assert_eq!(String::from_utf8_lossy(&o.stdout).trim(), "4");
}
