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
        let text = write_generated(&[("Result", g.result.to_string())], &g, letters, style, RollForm::Latin);
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
