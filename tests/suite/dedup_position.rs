//! `dedup --by-position N` and `--duplicates FILE`, held game by game to
//! pgn-extract 19.04's `--fuzzydepth N` and `-d` (its answers stored by
//! corpus/filter/gen_golden.sh) on the chess files of the filter goldens.

use crate::common::{corpus, pgn100};
use crate::filter_find::{keys, FILES};

#[test]
fn positional_copies_agree_with_pgn_extract() {
    let dir = std::env::temp_dir().join(format!("pgn100-dedup-position-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("dir");
    let copies = dir.join("copies.pgn");
    let copies = copies.to_str().expect("path");
    let paths: Vec<String> = FILES.iter().map(|f| corpus(f).to_str().expect("path").to_string()).collect();
    let mut compared = 0;
    for depth in ["0", "8", "20"] {
        let mut args = vec!["dedup", "--variant", "chess", "--by-position", depth, "--duplicates", copies];
        args.extend(paths.iter().map(String::as_str));
        let out = pgn100(&args);
        assert!(out.status.code() == Some(0) || out.status.code() == Some(1), "{out:?}");
        let golden = |name: &str| -> Vec<String> {
            let text = std::fs::read_to_string(corpus(&format!("filter/golden/{name}.tsv"))).expect("golden");
            text.lines().map(str::to_string).collect()
        };
        let kept = golden(&format!("dedup_position_{depth}"));
        let copied = golden(&format!("dedup_position_{depth}_copies"));
        assert_eq!(keys(&out.stdout), kept, "--by-position {depth}: the games kept, ours then pgn-extract's");
        let ours = std::fs::read(copies).expect("copies");
        assert_eq!(keys(&ours), copied, "--by-position {depth}: the copies, ours then pgn-extract's");
        compared += kept.len() + copied.len();
        assert!(!copied.is_empty(), "--by-position {depth}: some copies");
    }
    assert!(compared > 1000, "{compared}");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn games_of_a_checked_collection_are_left_out_as_pgn_extract_does() {
    let mut args = vec![
        "dedup".to_string(),
        "--variant".into(),
        "chess".into(),
        "--against".into(),
        corpus("chess/2024-champions-chess-tour-finals-day5.pgn").to_str().expect("path").into(),
    ];
    args.extend(FILES.iter().map(|f| corpus(f).to_str().expect("path").to_string()));
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let out = pgn100(&args);
    assert!(out.status.code() == Some(0) || out.status.code() == Some(1), "{out:?}");
    let golden = std::fs::read_to_string(corpus("filter/golden/dedup_against.tsv")).expect("golden");
    let theirs: Vec<String> = golden.lines().map(str::to_string).collect();
    let day5 = keys(&std::fs::read(corpus("chess/2024-champions-chess-tour-finals-day5.pgn")).expect("day 5"));
    assert!(!day5.is_empty() && day5.iter().all(|k| !theirs.contains(k)), "the checked games are left out");
    assert_eq!(keys(&out.stdout), theirs, "ours, then pgn-extract's");
}
