//! The engine's share of validation (issue 13): `cargo bench --bench resolve`.
//!
//! Replays the 500 oracle games of corpus/oracle/games_hundred_sample.jsonl
//! from written moves (`MoveSpec`s, long form with the from-square and short
//! form with the least disambiguation), as a validator does: resolve, play,
//! read the check, and at the end ask whether the side to move has a move.
//! Checks every resolved move against the oracle's, and prints the best of
//! several runs in plies per second, nanoseconds and heap allocations per ply
//! (a counting allocator). The second figure of each form adds
//! `has_legal_move` after every ply, as the replay did before issue 13.
//!
//! `cargo bench --bench resolve -- --job N --once` runs job N (0..4) once,
//! for instruction counts: `valgrind --tool=callgrind
//! --toggle-collect='*replay*' target/release/deps/resolve-* --job 0 --once`.

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

use pgn100::notation::UciMove;
use pgn100::rules::{Move, MoveKind, MoveSpec, Position, Variant};

struct Counting;

static ALLOCATIONS: AtomicU64 = AtomicU64::new(0);

// SAFETY: forwards to the system allocator unchanged, counting calls.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        // SAFETY: the caller's layout is passed on as given.
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: `ptr` came from `System.alloc` with this layout.
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

struct Game {
    start: Position,
    plies: Vec<(MoveSpec, MoveSpec, Move)>,
}

/// The written forms of `m`: long (from-square given) and short (the least
/// the position needs: nothing, the file, the rank, or both).
fn specs(pos: &Position, m: Move) -> (MoveSpec, MoveSpec) {
    let role = pos.board().piece_at(m.from).expect("a man moves").role;
    let throne = match m.kind {
        MoveKind::Throne(sq) => Some(sq),
        _ => None,
    };
    let spec = |file: Option<u8>, rank: Option<u8>| MoveSpec {
        role,
        from_file: file,
        from_rank: rank,
        to: m.to,
        promotion: m.promotion(),
        throne,
        any_rank: false,
    };
    let mut legal = Vec::new();
    pos.legal_moves(&mut legal);
    let rivals: Vec<Move> = legal
        .into_iter()
        .filter(|o| {
            o.to == m.to
                && o.kind == m.kind
                && !o.is_castle()
                && pos.board().piece_at(o.from).map(|p| p.role) == Some(role)
        })
        .collect();
    let unique = |keep: &dyn Fn(&Move) -> bool| rivals.iter().filter(|o| keep(o)).count() == 1;
    let (f, r) = (m.from.file(), m.from.rank());
    let short = if unique(&|_| true) {
        spec(None, None)
    } else if unique(&|o| o.from.file() == f) {
        spec(Some(f), None)
    } else if unique(&|o| o.from.rank() == r) {
        spec(None, Some(r))
    } else {
        spec(Some(f), Some(r))
    };
    (spec(Some(f), Some(r)), short)
}

fn load() -> Vec<Game> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/corpus/oracle/games_hundred_sample.jsonl");
    let text = std::fs::read_to_string(path).expect("oracle games");
    text.lines()
        .map(|line| {
            let v: serde_json::Value = serde_json::from_str(line).expect("JSON");
            let start =
                Position::from_fen(v["start_fen"].as_str().expect("fen"), Variant::Hundred).expect("start position");
            let mut pos = start.clone();
            let mut plies = Vec::new();
            for uci in v["uci"].as_array().expect("moves") {
                let m = UciMove::parse(uci.as_str().expect("move")).and_then(|u| u.to_move(&pos)).expect("legal");
                let (long, short) = specs(&pos, m);
                plies.push((long, short, m));
                pos.play_unchecked(m);
            }
            Game { start, plies }
        })
        .collect()
}

/// One pass over every game; returns (plies, checks, games with a move left).
#[inline(never)]
fn replay(games: &[Game], short: bool, every_ply: bool) -> (u64, u64, u64) {
    let (mut plies, mut checks, mut alive) = (0, 0, 0);
    for g in games {
        let mut pos = g.start.clone();
        for (long, short_spec, expected) in &g.plies {
            let spec = if short { short_spec } else { long };
            let m = pos.resolve(spec).expect("the oracle's move resolves");
            assert_eq!(m, *expected);
            pos.play_unchecked(m);
            checks += u64::from(pos.is_check());
            if every_ply {
                alive += u64::from(pos.has_legal_move());
            }
            plies += 1;
        }
        if !every_ply {
            alive += u64::from(pos.has_legal_move());
        }
    }
    (plies, checks, alive)
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let once = args.iter().any(|a| a == "--once");
    let job: Option<usize> =
        args.iter().position(|a| a == "--job").and_then(|i| args.get(i + 1)).and_then(|n| n.parse().ok());
    let games = load();
    let expected_plies: u64 = games.iter().map(|g| g.plies.len() as u64).sum();
    println!(
        "{} games, {} plies; a Position is {} bytes",
        games.len(),
        expected_plies,
        std::mem::size_of::<Position>()
    );
    println!("{:<44} {:>10} {:>8} {:>12}", "job", "M plies/s", "ns/ply", "allocs/ply");
    let jobs = [
        ("long form: resolve, play, check", false, false),
        ("long form, has_legal_move every ply", false, true),
        ("short form: resolve, play, check", true, false),
        ("short form, has_legal_move every ply", true, true),
    ];
    for (i, &(name, short, every_ply)) in jobs.iter().enumerate() {
        if job.is_some_and(|j| j != i) {
            continue;
        }
        let mut best = f64::MAX;
        let mut allocations = 0;
        let mut counts = None;
        for _ in 0..if once { 1 } else { 5 } {
            let before = ALLOCATIONS.load(Ordering::Relaxed);
            let t = Instant::now();
            let c = replay(&games, short, every_ply);
            best = best.min(t.elapsed().as_secs_f64());
            allocations = ALLOCATIONS.load(Ordering::Relaxed) - before;
            assert!(counts.is_none_or(|k| k == c));
            counts = Some(c);
        }
        let (plies, _, _) = counts.expect("ran");
        assert_eq!(plies, expected_plies);
        println!(
            "{:<44} {:>10.2} {:>8.0} {:>12.3}",
            name,
            plies as f64 / best / 1e6,
            best * 1e9 / plies as f64,
            allocations as f64 / plies as f64
        );
    }
}
