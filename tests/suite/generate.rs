//! `generate`: reproducible from the seed, every game valid, and `stats` on
//! the written games agrees with what the generator counted as it played.

use pgn100::commands::generate::{generate_game, rng_for, write_generated};
use pgn100::commands::stats::stats_text;
use pgn100::notation::ast::RollForm;
use pgn100::notation::{Letters, Style};
use pgn100::replay::Options;
use pgn100::rules::Variant;

#[test]
fn stats_agree_with_the_generator() {
    let mut totals = [0u32; 4];
    for (i, (letters, style)) in
        [(Letters::Cyrillic, Style::Long), (Letters::Latin, Style::Short)].into_iter().cycle().take(60).enumerate()
    {
        let g = generate_game(&mut rng_for(11, i as u64), Variant::Hundred, 300).expect("Hundred");
        let text = write_generated(
            &[("Result", g.result.to_string())],
            &g,
            pgn100::notation::pgn::GameForm { letters, style, rolls: RollForm::Latin, pgn: false },
        );
        let (rows, agg) = stats_text("gen", &text, Options::default());
        assert_eq!(agg.invalid, 0, "{text}");
        let s = &rows[0];
        let r = &g.record;
        assert_eq!((s.plies, s.captures, s.checks, s.double_checks), (r.plies, r.captures, r.checks, r.double_checks));
        let castles = [s.castle_first_short, s.castle_first_long, s.castle_second_short, s.castle_second_long];
        assert_eq!(castles, r.castlings);
        let promos = [s.promote_queen, s.promote_prince, s.promote_rook, s.promote_bishop, s.promote_knight];
        assert_eq!(promos, r.promotions);
        assert_eq!((s.throne_pawns, s.en_passant), (r.throne_pawns, r.en_passant));
        assert_eq!(s.termination, r.termination);
        assert_eq!(s.result, g.result);
        totals[0] += r.castlings.iter().sum::<u32>();
        totals[1] += r.promotions.iter().sum::<u32>();
        totals[2] += r.throne_pawns + r.en_passant;
        totals[3] += u32::from(r.termination.starts_with("checkmate"));
    }
    assert!(totals.iter().all(|&t| t > 0), "the bias makes rare events happen: {totals:?}");
}

#[test]
fn the_same_seed_gives_the_same_games() {
    let run = |seed: &str| {
        let o = std::process::Command::new(env!("CARGO_BIN_EXE_pgn100"))
            .args(["generate", "--games", "20", "--seed", seed])
            .output()
            .expect("runs");
        assert!(o.status.success());
        String::from_utf8(o.stdout).expect("UTF-8")
    };
    let a = run("5");
    assert_eq!(a, run("5"));
    assert_ne!(a, run("6"));
    assert_eq!(a.matches("[Event ").count(), 20);
}

/// `generate --variant chess` (and chess960) writes what a chess program
/// reads: python-chess reads every game without an error and reaches the
/// position our replay of it ends in.
#[test]
fn generated_chess_games_read_in_python_chess() {
    let probe = std::process::Command::new("python3").args(["-c", "import chess.pgn"]).output();
    if !probe.is_ok_and(|o| o.status.success()) {
        assert!(std::env::var("CI").is_err(), "python3 with python-chess is needed (pip install chess)");
        eprintln!("skipped: no python3 with python-chess");
        return;
    }
    let script = r#"
import sys, chess.pgn
text = open(sys.argv[1], encoding="utf-8")
n = 0
while True:
    g = chess.pgn.read_game(text)
    if g is None:
        break
    assert not g.errors, (n, g.errors)
    print(g.end().board().fen())
    n += 1
"#;
    let dir = tempfile::tempdir().expect("temp dir");
    for variant in ["chess", "chess960"] {
        let path = dir.path().join(format!("{variant}.pgn"));
        let p = path.to_str().expect("path");
        let out = crate::common::pgn100(&["generate", "--variant", variant, "--games", "40", "--seed", "3", "-o", p]);
        assert!(out.status.success());
        let text = std::fs::read_to_string(&path).expect("written");
        assert!(text.contains("O-O") && !text.contains("0-0") && !text.contains("++"), "{text}");
        let py = std::process::Command::new("python3").args(["-c", script, p]).output().expect("python3 runs");
        assert!(py.status.success(), "{variant}: {}", String::from_utf8_lossy(&py.stderr));
        let theirs: Vec<String> = String::from_utf8_lossy(&py.stdout).lines().map(str::to_string).collect();
        let stats = crate::common::pgn100(&["stats", "--per-game", "--format", "json", p]);
        let ours: Vec<String> = String::from_utf8_lossy(&stats.stdout)
            .lines()
            .map(|l| {
                serde_json::from_str::<serde_json::Value>(l).expect("JSON")["final_fen"]
                    .as_str()
                    .unwrap_or("")
                    .to_string()
            })
            .collect();
        assert_eq!(theirs.len(), 40);
        assert_eq!(ours, theirs, "{variant}");
    }
}
