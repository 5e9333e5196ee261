//! A game report keeps moves, not positions: the positions it plays again
//! (main line, every kept move with its variations) are the ones the oracle
//! games pass through, variations nested and side by side included.

use crate::common;

use pgn100::notation::{check_mark, uci_line, Item, Letters, LongMove, Reader};
use pgn100::replay::{replay, Flow, Options};
use pgn100::rules::{Move, Position};

/// A move written in Latin long notation with its mark; its position noted.
fn write(out: &mut String, befores: &mut Vec<String>, pos: &Position, mv: Move) {
    let mut after = pos.clone();
    after.play_unchecked(mv);
    out.push_str(&format!("{}{} ", LongMove { pos, mv, letters: Letters::Latin }, check_mark(&after, Letters::Latin)));
    befores.push(pos.fen());
}

/// The main line of an oracle game with variations after every seventh move
/// (`m (m (m) m') (m)`: the move again, nested, then a sibling), and the
/// position before each written move in token order.
fn with_variations(start: &Position, moves: &[Move]) -> (String, Vec<String>, Vec<Position>) {
    let mut positions = vec![start.clone()];
    for &m in moves {
        let mut next = positions.last().cloned().unwrap_or_else(|| start.clone());
        next.play_unchecked(m);
        positions.push(next);
    }
    let mut text = format!("[FEN \"{}\"]\n\n", start.fen());
    let mut befores = Vec::new();
    for (i, (&m, pos)) in moves.iter().zip(&positions).enumerate() {
        write(&mut text, &mut befores, pos, m);
        if i % 7 == 3 && i + 1 < moves.len() {
            text.push_str("( ");
            write(&mut text, &mut befores, pos, m);
            text.push_str("( ");
            write(&mut text, &mut befores, pos, m);
            text.push_str(") ");
            write(&mut text, &mut befores, &positions[i + 1], moves[i + 1]);
            text.push_str(") ( ");
            write(&mut text, &mut befores, pos, m);
            text.push_str(") ");
        }
    }
    text.push_str("*\n");
    (text, befores, positions)
}

#[test]
fn positions_played_again_are_the_oracle_positions() {
    for game in common::read_jsonl("oracle/games_hundred_sample.jsonl").iter().take(60) {
        let start = common::hundred(game["start_fen"].as_str().expect("fen"));
        let ucis = game["uci"].as_array().expect("uci").iter().map(|u| u.as_str().expect("move"));
        let moves = uci_line(&start, ucis).expect("legal");
        let (text, befores, positions) = with_variations(&start, &moves);
        let Some(Item::Game(record)) = Reader::new(&text).next() else { panic!("a game: {text}") };
        let report = replay(&record, 0, Options { keep_all: true, ..Options::default() });
        assert!(report.is_valid() && report.complete, "{:?}\n{text}", report.diagnostics.first());

        let mut kept = Vec::new();
        report.for_each_kept(|before, ply, after| {
            assert!(common::legal(before.plain().expect("Hundred")).contains(&ply.mv));
            let mut played = before.clone();
            played.play_unchecked(ply.mv);
            assert_eq!(played.fen(), after.fen());
            kept.push(before.fen());
        });
        assert_eq!(kept, befores, "{text}");

        let mut main = Vec::new();
        report.for_each_main(|before, _| main.push(before.fen()));
        let expected: Vec<String> = positions.iter().take(moves.len()).map(Position::fen).collect();
        assert_eq!(main, expected);
        let n = moves.len();
        assert_eq!(report.main_position(n).map(|p| p.fen()), positions.last().map(Position::fen));
        assert_eq!(report.last.as_ref().map(|p| p.fen()), positions.last().map(Position::fen));
        assert!(report.main_position(n + 1).is_none());
        // Positions are copied where a line starts or goes on after a
        // variation (five times per block of four variation moves), not per move.
        assert_eq!(report.resumes.len(), 1 + 5 * (befores.len() - n) / 4);
    }
}

/// An observer that stops the replay at its `stop_at`-th main-line move
/// and counts every call it gets.
struct StopAt {
    stop_at: usize,
    moves: usize,
    calls_after_stop: usize,
    stopped: bool,
}

impl pgn100::replay::Observer for StopAt {
    fn after_move(&mut self, _after: &pgn100::rules::VariantPosition, _c: pgn100::rules::Bitboard) -> Flow {
        self.calls_after_stop += usize::from(self.stopped);
        self.moves += 1;
        self.stopped = self.moves == self.stop_at;
        if self.stopped {
            Flow::Break(())
        } else {
            Flow::Continue(())
        }
    }
    fn end(&mut self, _: &pgn100::rules::VariantPosition, _: Option<pgn100::rules::Termination>) -> Flow {
        self.calls_after_stop += usize::from(self.stopped);
        Flow::Continue(())
    }
    fn any_played(&mut self, _after: &pgn100::rules::VariantPosition) -> Flow {
        self.calls_after_stop += usize::from(self.stopped);
        Flow::Continue(())
    }
}

/// An observer's `Break` stops the game at once, in every variant's file
/// of the valid corpus: no call after it, the report holds the moves made
/// until then and says it stopped; a `Continue` observer sees them all.
#[test]
fn an_observer_stops_the_replay_at_once() {
    use pgn100::replay::replay_observed;
    let mut checked = 0;
    for entry in std::fs::read_dir(common::corpus("valid")).expect("corpus/valid") {
        let text = std::fs::read_to_string(entry.expect("entry").path()).expect("read");
        for (index, item) in Reader::new(&text).enumerate() {
            let Item::Game(record) = item else { continue };
            let options = Options::default();
            let mut all = StopAt { stop_at: usize::MAX, moves: 0, calls_after_stop: 0, stopped: false };
            let full = replay_observed(&record, index, options, &mut all);
            assert!(!full.stopped);
            if full.mainline.len() < 4 {
                continue;
            }
            let mut stop = StopAt { stop_at: 3, moves: 0, calls_after_stop: 0, stopped: false };
            let report = replay_observed(&record, index, options, &mut stop);
            assert!(report.stopped);
            assert_eq!(stop.calls_after_stop, 0);
            assert_eq!(report.mainline, full.mainline[..report.mainline.len()]);
            assert!(report.mainline.len() >= 3 && report.mainline.len() < full.mainline.len());
            checked += 1;
        }
    }
    assert!(checked > 10, "{checked} games checked");
}
