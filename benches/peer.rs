//! pgn100 beside the fastest chess stack, pgn-reader 0.29.0 + shakmaty 0.30.1, on the same
//! real chess file in one run (bench binary, not a timed test):
//! `cargo bench --bench peer [-- FILE] [-- --rounds N]`.
//!
//! The file defaults to ../shared/chess/sesse_broadcasts_2016-2024.pgn (real
//! broadcasts: one line of movetext per game, an `{ [%eval] }` comment per
//! move). Each reader runs over the whole file, N rounds (default 3), the
//! two of a job in turn; the fastest round of each is printed, and their
//! ratio beside the median of the rounds' ratios:
//! - *parse*: games split and every move token read, no legality: pgn-reader
//!   with a visitor that counts SAN tokens; pgn100's `Reader` (after
//!   checking the bytes are text that reads as it is, `plain_text`, which
//!   pgn-reader does not need to do) counting move tokens;
//! - *validate*: pgn-reader + shakmaty playing every main-line SAN move
//!   (parsed, matched to a legal move, played); pgn100 taking the text (as
//!   `text_of` does), reading and replaying every game as Chess (`replay`,
//!   what `pgn100 validate --variant chess` runs per game: every move
//!   resolved and played, check marks, move numbers, result and tags
//!   checked, variations replayed).
//!   Both must play the same number of plies and stop the same games.
//!
//! Both readers must count the same games and move tokens on the file, or
//! the bench fails: a ratio is only worth printing over the same work.
//!
//! `-- --job parse-peer|parse-ours|validate-peer|validate-ours` runs one job
//! once and prints its counts, for instruction counts under callgrind
//! (`valgrind --tool=callgrind target/release/deps/peer-* --job ...`).

use std::borrow::Cow;
use std::ops::ControlFlow;
use std::time::{Duration, Instant};

use pgn100::notation::decode::{decode, plain_text};
use pgn100::notation::{Found, GameRecord, Reader, TokenKind};
use pgn100::replay::{replay, Options};
use pgn100::rules::Variant;
use pgn_reader::shakmaty::{Chess, Position};
use pgn_reader::{SanPlus, Skip, Visitor};

/// Counts games and SAN tokens (variations included, like pgn100's reader).
#[derive(Default)]
struct Count {
    games: usize,
    moves: usize,
}

impl Visitor for Count {
    type Tags = ();
    type Movetext = ();
    type Output = ();

    fn begin_tags(&mut self) -> ControlFlow<(), ()> {
        ControlFlow::Continue(())
    }
    fn begin_movetext(&mut self, _tags: ()) -> ControlFlow<(), ()> {
        ControlFlow::Continue(())
    }
    /// Variations are read (pgn-reader 0.29 skips them unless told).
    fn begin_variation(&mut self, _movetext: &mut ()) -> ControlFlow<(), Skip> {
        ControlFlow::Continue(Skip(false))
    }
    fn san(&mut self, _movetext: &mut (), _san: SanPlus) -> ControlFlow<()> {
        self.moves += 1;
        ControlFlow::Continue(())
    }
    fn end_game(&mut self, _movetext: ()) {
        self.games += 1;
    }
}

/// Plays every main-line move with shakmaty; a game stops at its first
/// illegal move.
#[derive(Default)]
struct Play {
    games: usize,
    plies: usize,
    illegal: usize,
}

impl Visitor for Play {
    type Tags = ();
    type Movetext = Option<Chess>;
    type Output = ();

    fn begin_tags(&mut self) -> ControlFlow<(), ()> {
        ControlFlow::Continue(())
    }
    fn begin_movetext(&mut self, _tags: ()) -> ControlFlow<(), Option<Chess>> {
        ControlFlow::Continue(Some(Chess::default()))
    }
    fn begin_variation(&mut self, _movetext: &mut Option<Chess>) -> ControlFlow<(), Skip> {
        ControlFlow::Continue(Skip(true))
    }
    fn san(&mut self, movetext: &mut Option<Chess>, san: SanPlus) -> ControlFlow<()> {
        if let Some(pos) = movetext {
            match san.san.to_move(pos) {
                Ok(m) => {
                    pos.play_unchecked(m);
                    self.plies += 1;
                }
                Err(_) => {
                    self.illegal += 1;
                    *movetext = None;
                }
            }
        }
        ControlFlow::Continue(())
    }
    fn end_game(&mut self, _movetext: Option<Chess>) {
        self.games += 1;
    }
}

/// The text of `bytes` as a library user holding them in memory gets it:
/// borrowed when it reads as it is (valid UTF-8, no lone CR), else decoded.
fn text_of(bytes: &[u8]) -> Cow<'_, str> {
    plain_text(bytes).map_or_else(|| Cow::Owned(decode(bytes, None).text), Cow::Borrowed)
}

/// pgn100's reader: games (read or broken) and move tokens.
fn ours(bytes: &[u8]) -> (usize, usize) {
    let text = text_of(bytes);
    let (mut games, mut moves) = (0, 0);
    let mut reader = Reader::new(&text);
    let mut record = GameRecord::default();
    while let Some(found) = reader.read_into(&mut record) {
        if matches!(found, Found::Stray(_)) {
            continue;
        }
        games += 1;
        moves += record.tokens.iter().filter(|t| matches!(t.kind, TokenKind::Move { .. })).count();
    }
    (games, moves)
}

/// pgn100's validation as Chess: games, main-line plies played, games
/// that stop at an error.
fn ours_validate(bytes: &[u8]) -> (usize, usize, usize) {
    let text = text_of(bytes);
    let options = Options { default_variant: Some(Variant::Chess), ..Options::default() };
    let (mut games, mut plies, mut stopped) = (0, 0, 0);
    let mut reader = Reader::new(&text);
    let mut record = GameRecord::default();
    while let Some(found) = reader.read_into(&mut record) {
        if found != Found::Game {
            continue;
        }
        let report = replay(&record, games, options);
        plies += report.mainline.len();
        stopped += usize::from(!report.complete);
        games += 1;
    }
    (games, plies, stopped)
}

/// Plays main lines with pgn-reader + shakmaty: games, plies, illegal.
fn peer_validate(bytes: &[u8]) -> Play {
    let mut play = Play::default();
    pgn_reader::Reader::new(bytes).visit_all_games(&mut play).expect("read");
    play
}

/// One job, once, its counts printed (for callgrind).
fn one_job(job: &str, bytes: &[u8]) {
    match job {
        "parse-peer" => {
            let mut count = Count::default();
            pgn_reader::Reader::new(bytes).visit_all_games(&mut count).expect("read");
            println!("{} games, {} moves", count.games, count.moves);
        }
        "parse-ours" => println!("{:?} (games, moves)", ours(bytes)),
        "validate-peer" => {
            let p = peer_validate(bytes);
            println!("{} games, {} plies, {} illegal", p.games, p.plies, p.illegal);
        }
        "validate-ours" => println!("{:?} (games, plies, stopped)", ours_validate(bytes)),
        other => panic!("unknown job {other}: parse-peer, parse-ours, validate-peer or validate-ours"),
    }
}

/// Runs `a` and `b` in turn, `rounds` times each (so that a change of the
/// host's load during the run weighs on both alike): the fastest time of
/// each with its result, and the median of the rounds' ratios (the time of
/// `a` over the time of `b`: above 1 when `b` is faster).
fn in_turn<A, B>(rounds: usize, mut a: impl FnMut() -> A, mut b: impl FnMut() -> B) -> Paired<A, B> {
    let mut round = || {
        let t = Instant::now();
        let ra = a();
        let ta = t.elapsed();
        let t = Instant::now();
        let rb = b();
        (ta, ra, t.elapsed(), rb)
    };
    let (ta, ra, tb, rb) = round();
    let mut ratios = vec![ta.as_secs_f64() / tb.as_secs_f64()];
    let mut paired = Paired { a: (ta, ra), b: (tb, rb), median_ratio: 0.0 };
    for _ in 1..rounds {
        let (ta, ra, tb, rb) = round();
        ratios.push(ta.as_secs_f64() / tb.as_secs_f64());
        paired.a = (ta.min(paired.a.0), ra);
        paired.b = (tb.min(paired.b.0), rb);
    }
    ratios.sort_by(f64::total_cmp);
    paired.median_ratio = ratios.get(ratios.len() / 2).copied().unwrap_or(f64::NAN);
    paired
}

/// What [`in_turn`] measured.
struct Paired<A, B> {
    a: (Duration, A),
    b: (Duration, B),
    median_ratio: f64,
}

fn main() {
    let mut args = std::env::args().skip(1).filter(|a| a != "--bench");
    let mut path = concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/chess/sesse_broadcasts_2016-2024.pgn").to_string();
    let mut rounds = 3;
    let mut job = None;
    while let Some(a) = args.next() {
        if a == "--job" {
            job = Some(args.next().expect("--job NAME"));
        } else if a == "--rounds" {
            rounds = args.next().and_then(|n| n.parse().ok()).expect("--rounds N");
        } else {
            path = a;
        }
    }
    let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let mb = bytes.len() as f64 / 1e6;
    if let Some(job) = job {
        one_job(&job, &bytes);
        return;
    }
    println!("{path}: {mb:.1} MB, best of {rounds} rounds, the two readers run in turn");

    let parse = in_turn(
        rounds,
        || {
            let mut count = Count::default();
            pgn_reader::Reader::new(bytes.as_slice()).visit_all_games(&mut count).expect("read");
            count
        },
        || ours(&bytes),
    );
    let ((t_peer, peer), (t_ours, (games, moves))) = (parse.a, parse.b);
    assert_eq!(
        (games, moves),
        (peer.games, peer.moves),
        "pgn100 and pgn-reader must read the same games and move tokens"
    );
    let row = |job: &str, t: Duration, plies: usize| {
        let s = t.as_secs_f64();
        println!("{job:<34} {s:>8.3} s {:>8.1} MB/s {:>7.2} M moves/s", mb / s, plies as f64 / s / 1e6);
    };
    println!("{games} games, {moves} move tokens");
    row("parse  pgn-reader", t_peer, peer.moves);
    row("parse  pgn100 (decode + read)", t_ours, moves);
    println!(
        "parse ratio pgn100 / pgn-reader: {:.2}x (median of the rounds: {:.2}x)",
        t_peer.as_secs_f64() / t_ours.as_secs_f64(),
        parse.median_ratio
    );
    let validate = in_turn(rounds, || peer_validate(&bytes), || ours_validate(&bytes));
    let ((t_play, play), (t_valid, (v_games, v_plies, v_stopped))) = (validate.a, validate.b);
    row("validate  pgn-reader + shakmaty", t_play, play.plies);
    row("validate  pgn100 (decode + read + replay)", t_valid, v_plies);
    println!(
        "validate ratio pgn100 / pgn-reader + shakmaty: {:.2}x (median of the rounds: {:.2}x)",
        t_play.as_secs_f64() / t_valid.as_secs_f64(),
        validate.median_ratio
    );
    println!(
        "shakmaty: {} games, {} plies played, {} games stopped at an illegal move",
        play.games, play.plies, play.illegal
    );
    println!("pgn100:   {v_games} games, {v_plies} plies played, {v_stopped} games stopped at an error");
    assert_eq!((v_games, v_plies, v_stopped), (play.games, play.plies, play.illegal), "the same work");
}
