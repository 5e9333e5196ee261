//! filter and dedup throughput on 1 and 2 threads beside pgn-extract on the
//! same real chess file, and the cost of reading it zstd-compressed
//! (bench binary, not a timed test): `cargo bench --bench corpus [-- FILE] [-- --rounds N]`.
//!
//! The file defaults to the Sesse broadcasts of the shared chess collection
//! (../shared/chess/, or the one above a worktree). pgn100 runs through the
//! same block driver as the commands ([`for_each_chunk`]), best of N rounds
//! (default 3); pgn-extract (/usr/games/pgn-extract, when installed) runs as
//! a process writing to /dev/null. The bench checks its results and fails
//! when they disagree: the same counts on 1 and 2 threads and on the plain
//! and the compressed file, and pgn-extract's counts (it drops games with
//! an illegal move, so pgn100's are of valid games).

use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use pgn100::commands::dedup::{key_chunk, Place, Seen};
use pgn100::commands::filter::{filter_chunk, parse_range, Criteria, TagTest};
use pgn100::commands::validate_chunk;
use pgn100::input::batch::{for_each_chunk, Blocks, BLOCK};
use pgn100::input::compressed::decompress;
use pgn100::replay::Options;
use pgn100::rules::Variant;

const PGN_EXTRACT: &str = "/usr/games/pgn-extract";

fn default_file() -> Option<PathBuf> {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    ["../shared/chess", "../../shared/chess"]
        .iter()
        .map(|d| root.join(d).join("sesse_broadcasts_2016-2024.pgn"))
        .find(|p| p.exists())
}

fn pool(threads: usize) -> rayon::ThreadPool {
    rayon::ThreadPoolBuilder::new().num_threads(threads).build().expect("pool")
}

fn options() -> Options {
    Options { default_variant: Some(Variant::Chess), ..Options::default() }
}

/// Best time of `rounds` runs of `f`, and its (checked equal) result.
fn best<T: PartialEq + std::fmt::Debug>(rounds: usize, mut f: impl FnMut() -> T) -> (Duration, T) {
    let mut out: Option<(Duration, T)> = None;
    for _ in 0..rounds {
        let t = Instant::now();
        let r = f();
        let d = t.elapsed();
        match &mut out {
            Some((best, first)) => {
                assert_eq!(*first, r, "the same result every round");
                *best = (*best).min(d);
            }
            None => out = Some((d, r)),
        }
    }
    out.expect("one round at least")
}

fn open(path: &Path) -> Box<dyn std::io::Read + Send> {
    decompress(std::fs::File::open(path).expect("open")).expect("decompress").1
}

/// Games matched and read by `filter` with `criteria`.
fn filter(path: &Path, criteria: &Criteria, threads: usize) -> (usize, usize) {
    let (mut matched, mut games) = (0, 0);
    for_each_chunk(
        Blocks::new(open(path), None, BLOCK),
        &pool(threads),
        |text, _, _| filter_chunk(text, criteria, options()),
        |_, _, _| Ok::<(), std::io::Error>(()),
        |f| {
            matched += f.matched.len();
            games += f.games;
            Ok(())
        },
    )
    .expect("read");
    (matched, games)
}

/// Games and copies found by `dedup`.
fn dedup(path: &Path, threads: usize) -> (u64, u64) {
    let mut seen = Seen::default();
    let mut n = 0;
    for_each_chunk(
        Blocks::new(open(path), None, BLOCK),
        &pool(threads),
        |text, _, _| key_chunk(text, options()).1,
        |_, _, _| Ok::<(), std::io::Error>(()),
        |games| {
            for g in games {
                n += 1;
                seen.add(g.key, Place { input: 0, line: g.line as u64, game: n });
            }
            Ok(())
        },
    )
    .expect("read");
    (seen.games, seen.duplicates)
}

/// Games and invalid games by `validate`.
fn validate(path: &Path, threads: usize) -> (usize, usize) {
    let (mut games, mut invalid) = (0, 0);
    for_each_chunk(
        Blocks::new(open(path), None, BLOCK),
        &pool(threads),
        |text, lines, bytes| validate_chunk("x", text, lines, bytes, options()),
        |_, _, _| Ok::<(), std::io::Error>(()),
        |c| {
            games += c.games;
            invalid += c.invalid;
            Ok(())
        },
    )
    .expect("read");
    (games, invalid)
}

/// pgn-extract's time and the number of games it wrote.
fn pgn_extract(rounds: usize, args: &[&str], path: &Path) -> Option<(Duration, usize)> {
    if !Path::new(PGN_EXTRACT).exists() {
        return None;
    }
    let out = std::env::temp_dir().join(format!("pgn100-bench-{}.pgn", std::process::id()));
    let (d, n) = best(rounds, || {
        let status = std::process::Command::new(PGN_EXTRACT)
            .arg("-s")
            .args(args)
            .arg(format!("-o{}", out.display()))
            .arg(path)
            .stderr(std::process::Stdio::null())
            .status()
            .expect("pgn-extract runs");
        assert!(status.success());
        std::fs::read_to_string(&out).unwrap_or_default().matches("\n[Event ").count()
            + usize::from(std::fs::read_to_string(&out).unwrap_or_default().starts_with("[Event "))
    });
    let _ = std::fs::remove_file(out);
    Some((d, n))
}

fn mbs(bytes: u64, d: Duration) -> f64 {
    bytes as f64 / 1e6 / d.as_secs_f64()
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).filter(|a| a != "--bench").collect();
    let rounds = args.iter().position(|a| a == "--rounds").and_then(|i| args.get(i + 1)?.parse().ok()).unwrap_or(3);
    let file = args.iter().find(|a| !a.starts_with("--") && a.parse::<usize>().is_err()).map(PathBuf::from);
    let Some(file) = file.or_else(default_file) else {
        println!("corpus bench: no chess file (give one, or have ../shared/chess/): skipped");
        return;
    };
    let bytes = std::fs::metadata(&file).expect("file").len();
    println!("{} ({:.1} MB), best of {rounds}", file.display(), bytes as f64 / 1e6);

    let by_tag = Criteria {
        tags: vec![TagTest::parse("White~^Carlsen", false).expect("tag")],
        valid: Some(true),
        ..Criteria::default()
    };
    let by_plies =
        Criteria { plies: Some(parse_range("40..80").expect("range")), valid: Some(true), ..Criteria::default() };
    for (name, criteria, theirs) in [
        ("filter --tag White~^Carlsen", &by_tag, vec!["-TwCarlsen"]),
        ("filter --plies 40..80", &by_plies, vec!["-pl40", "-pu80"]),
    ] {
        let (d1, r1) = best(rounds, || filter(&file, criteria, 1));
        let (d2, r2) = best(rounds, || filter(&file, criteria, 2));
        assert_eq!(r1, r2, "{name}: 1 and 2 threads");
        print!(
            "{name:<30} {} of {} games: 1 thread {:6.1} MB/s, 2 threads {:6.1} MB/s",
            r1.0,
            r1.1,
            mbs(bytes, d1),
            mbs(bytes, d2)
        );
        match pgn_extract(rounds, &theirs, &file) {
            Some((d, n)) => {
                assert_eq!(n, r1.0, "{name}: pgn-extract {theirs:?} selects as many games");
                println!("; pgn-extract {} {:6.1} MB/s", theirs.join(" "), mbs(bytes, d));
            }
            None => println!("; pgn-extract not installed"),
        }
    }
    let (d1, r1) = best(rounds, || dedup(&file, 1));
    let (d2, r2) = best(rounds, || dedup(&file, 2));
    assert_eq!(r1, r2, "dedup: 1 and 2 threads");
    print!(
        "{:<30} {} copies in {} games: 1 thread {:6.1} MB/s, 2 threads {:6.1} MB/s",
        "dedup",
        r1.1,
        r1.0,
        mbs(bytes, d1),
        mbs(bytes, d2)
    );
    match pgn_extract(rounds, &["-D"], &file) {
        Some((d, n)) => println!("; pgn-extract -D {:6.1} MB/s ({n} games kept)", mbs(bytes, d)),
        None => println!("; pgn-extract not installed"),
    }

    // The same file zstd-compressed (level 3, lichess's): validate both.
    let zst = std::env::temp_dir().join(format!("pgn100-bench-{}.pgn.zst", std::process::id()));
    let data = std::fs::read(&file).expect("read");
    std::fs::File::create(&zst).and_then(|mut f| f.write_all(&zstd::encode_all(data.as_slice(), 3)?)).expect("zst");
    for threads in [1, 2] {
        let (dp, rp) = best(rounds, || validate(&file, threads));
        let (dz, rz) = best(rounds, || validate(&zst, threads));
        assert_eq!(rp, rz, "the compressed file reads as the plain one");
        let overhead = 100.0 * (dz.as_secs_f64() / dp.as_secs_f64() - 1.0);
        println!(
            "validate, {threads} thread(s): plain {:6.1} MB/s, .zst {:6.1} MB/s: {overhead:+.1} % (goal <= 20 %)",
            mbs(bytes, dp),
            mbs(bytes, dz)
        );
    }
    let _ = std::fs::remove_file(zst);
}
