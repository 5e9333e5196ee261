//! `--skip`, `--limit` (alias `--first`) on `filter` and `dedup`: the
//! games written are a slice of those written without them, and reading
//! stops once the limit is met.

use crate::common::{corpus, pgn100};
use crate::filter_find::keys;

const TWIC: &str = "chess/twic_sample_232games_mliebelt.pgn";

fn run(args: &[&str]) -> (Vec<String>, String) {
    let out = pgn100(args);
    assert!(out.status.code() == Some(0) || out.status.code() == Some(1), "{args:?}: {out:?}");
    (keys(&out.stdout), String::from_utf8_lossy(&out.stderr).into_owned())
}

#[test]
fn skip_and_limit_slice_the_games_written() {
    let path = corpus(TWIC);
    let path = path.to_str().expect("path");
    for command in [&["filter", "--variant", "chess", "--tag", "Result=1-0"][..], &["dedup", "--variant", "chess"]] {
        let with = |extra: &[&str]| {
            let mut args = command.to_vec();
            args.extend_from_slice(extra);
            args.push(path);
            run(&args).0
        };
        let all = with(&[]);
        assert!(all.len() > 20, "{command:?}: {} games", all.len());
        assert_eq!(with(&["--skip", "2", "--limit", "3"]), all[2..5].to_vec(), "{command:?}");
        assert_eq!(with(&["--first", "4"]), all[..4].to_vec(), "{command:?}");
        assert_eq!(with(&["--skip", "20"]), all[20..].to_vec(), "{command:?}");
        assert_eq!(with(&["--limit", "0"]), Vec::<String>::new(), "{command:?}");
    }
}

#[test]
fn reading_stops_once_the_limit_is_met() {
    let dir = std::env::temp_dir().join(format!("pgn100-limit-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("dir");
    let one = std::fs::read(corpus(TWIC)).expect("read");
    let big = dir.join("big.pgn");
    let mut text = Vec::new();
    for _ in 0..60 {
        text.extend_from_slice(&one);
        text.extend_from_slice(b"\n\n");
    }
    std::fs::write(&big, &text).expect("write");
    let big = big.to_str().expect("path");
    let total = 60 * 232;
    let read = |stderr: &str| -> usize {
        // "pgn100 filter: M of N game(s) matched ..."
        let n = stderr.split(" of ").nth(1).and_then(|r| r.split(' ').next()).expect("the summary");
        n.parse().expect("a count")
    };
    let (all, stderr) = run(&["filter", "--variant", "chess", "--tag", "Result=1-0", big]);
    assert_eq!(read(&stderr), total, "{stderr}");
    let (first, stderr) = run(&["filter", "--variant", "chess", "--tag", "Result=1-0", "--limit", "2", big]);
    assert_eq!(first, all[..2].to_vec());
    assert!(read(&stderr) < total / 2, "games read with --limit 2: {stderr}");
    std::fs::remove_dir_all(&dir).ok();
}
