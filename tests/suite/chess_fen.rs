//! FEN of Chess and Chess960 (docs/rules.md 3): the castling field as python-chess
//! reads it (`KQkq`, X-FEN, Shredder `HAha`) and writes it (X-FEN), Chess960
//! castlings where the king or rook already stands on its square or the two
//! swap, and set-ups that are errors, never panics. The expected FENs and
//! moves are python-chess 1.11.2's answers for the same input.

use crate::common;

use common::{legal, python_uci};
use pgn100::rules::{FromFenError, Position, SetupProblem, Square, Variant};

fn chess960(fen: &str) -> Position {
    Position::from_fen(fen, Variant::Chess960).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn castlings(pos: &Position) -> Vec<String> {
    legal(pos).into_iter().filter(|m| m.is_castle()).map(|m| python_uci(pos, m)).collect()
}

/// Plays the only castling of `fen` and returns the FEN after it.
fn after_castling(fen: &str) -> (String, String) {
    let mut pos = chess960(fen);
    let m = legal(&pos).into_iter().find(|m| m.is_castle()).unwrap_or_else(|| panic!("no castling in {fen}"));
    let uci = python_uci(&pos, m);
    pos.play(m).expect("legal");
    (uci, pos.fen())
}

#[test]
fn the_start_positions_read_and_write_back() {
    let chess = Position::start(Variant::Chess).expect("Chess is played");
    assert_eq!(chess.fen(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    assert_eq!(chess.count_legal(), 20);
    let c960 = Position::start(Variant::Chess960).expect("Chess960 is played");
    assert_eq!(c960.fen(), chess.fen());
}

#[test]
fn shredder_letters_are_written_as_x_fen() {
    // python-chess: Board(fen, chess960=True).fen()
    for (fen, written) in [
        (
            "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
            "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        ),
        // The f1 rook castles although h1 holds a rook farther out: its file is written.
        ("4k3/8/8/8/8/8/8/4KR1R w F - 0 1", "4k3/8/8/8/8/8/8/4KR1R w F - 0 1"),
        ("3k4/8/8/8/8/8/8/2RK4 w C - 0 1", "3k4/8/8/8/8/8/8/2RK4 w Q - 0 1"),
    ] {
        assert_eq!(chess960(fen).fen(), written, "{fen}");
        assert_eq!(chess960(written).fen(), written, "{written}");
    }
    // Standard chess reads Shredder letters of the corner rooks too.
    let pos = Position::from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1", Variant::Chess)
        .expect("corner rooks");
    assert_eq!(pos.fen(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
}

#[test]
fn chess960_castlings_with_the_king_or_rook_already_home_or_swapping() {
    // python-chess (chess960): the castling in UCI (king onto rook) and the FEN after it.
    for (fen, uci, after) in [
        // The rook is already on f1: the king alone moves, e1 -> g1.
        ("4k3/8/8/8/8/8/8/4KR1R w F - 0 1", "e1f1", "4k3/8/8/8/8/8/8/5RKR b - - 1 1"),
        // King d1 and rook c1 swap squares.
        ("3k4/8/8/8/8/8/8/2RK4 w C - 0 1", "d1c1", "3k4/8/8/8/8/8/8/2KR4 b - - 1 1"),
        // The king is already on c1: the rook alone moves, b1 -> d1, though b1 is attacked.
        ("1r1k4/8/8/8/8/8/8/1RK5 w B - 0 1", "c1b1", "1r1k4/8/8/8/8/8/8/2KR4 b - - 1 1"),
    ] {
        let pos = chess960(fen);
        assert_eq!(castlings(&pos), vec![uci.to_string()], "{fen}");
        let (king, rook) = (Square::parse(&uci[..2]).unwrap(), Square::parse(&uci[2..]).unwrap());
        let m = pos.castle_onto_rook(king, rook).expect("the castling by its rook");
        assert!(m.is_castle() && python_uci(&pos, m) == uci, "{fen}: {m:?}");
        assert_eq!(pos.castle_onto_rook(rook, king), None);
        assert_eq!(after_castling(fen), (uci.to_string(), after.to_string()), "{fen}");
    }
}

#[test]
fn the_king_may_not_pass_over_an_attacked_square() {
    // f1 attacked by the f8 rook: no short castling; the long one stays.
    let pos = Position::from_fen("4kr2/8/8/8/8/8/8/R3K2R w KQ - 0 1", Variant::Chess).expect("valid");
    assert_eq!(castlings(&pos), vec!["e1c1".to_string()]);
    // b1 attacked: the king does not pass it, so O-O-O stays legal.
    let pos = Position::from_fen("1r2k3/8/8/8/8/8/8/R3K3 w Q - 0 1", Variant::Chess).expect("valid");
    assert_eq!(castlings(&pos), vec!["e1c1".to_string()]);
}

/// A right ends when its rook moves or is taken, wherever the Chess960
/// set-up put it (here on b and g, not in the corners); a move of another
/// rook keeps it. The FENs are python-chess's (chess960=True) after each move.
#[test]
fn a_chess960_right_ends_with_its_own_rook() {
    let start = "1r2k1r1/8/N7/8/8/8/8/1R2K1R1 w BGbg - 0 1";
    for (uci, fen) in [
        ("a6b8", "1N2k1r1/8/8/8/8/8/8/1R2K1R1 b KQk - 0 1"),
        ("b1b8", "1R2k1r1/8/N7/8/8/8/8/4K1R1 b Kk - 0 1"),
        ("g1g8", "1r2k1R1/8/N7/8/8/8/8/1R2K3 b Qq - 0 1"),
        ("g1g2", "1r2k1r1/8/N7/8/8/8/6R1/1R2K3 b Qkq - 1 1"),
        ("b1c1", "1r2k1r1/8/N7/8/8/8/8/2R1K1R1 b Kkq - 1 1"),
    ] {
        let mut pos = chess960(start);
        let m = legal(&pos).into_iter().find(|&m| python_uci(&pos, m) == uci).unwrap_or_else(|| panic!("{uci}"));
        pos.play(m).expect("legal");
        assert_eq!(pos.fen(), fen, "{uci}");
    }
}

#[test]
fn contradicted_rights_and_hostile_fens_are_errors() {
    let problems = |fen: &str, variant| match Position::from_fen(fen, variant) {
        Err(FromFenError::Position(e)) => e.problems,
        other => panic!("{fen}: {other:?}"),
    };
    // Standard chess castles only with the king on e1 and the corner rooks.
    assert!(matches!(
        problems("4k3/8/8/8/8/8/8/3K3R w K - 0 1", Variant::Chess).as_slice(),
        [SetupProblem::BadRight { letter: 'K', .. }]
    ));
    assert!(matches!(
        problems("4k3/8/8/8/8/8/8/4K1R1 w K - 0 1", Variant::Chess).as_slice(),
        [SetupProblem::BadRight { letter: 'K', .. }]
    ));
    // No rook on the named file; a Hundred letter; the throne.
    assert!(matches!(
        problems("4k3/8/8/8/8/8/8/4K2R w G - 0 1", Variant::Chess960).as_slice(),
        [SetupProblem::BadRight { letter: 'G', .. }]
    ));
    assert!(!problems("4k3/8/8/8/8/8/8/4K2R w S - 0 1", Variant::Chess).is_empty());
    assert!(!problems("4k3/8/8/8/8/8/8/4K2R w T - 0 1", Variant::Chess).is_empty());
    // A man off the 8x8 board cannot even be written; a pawn on the last rank.
    assert!(!problems("4k2P/8/8/8/8/8/8/4K3 w - - 0 1", Variant::Chess).is_empty());
    for fen in [
        "",
        "8/8/8/8/8/8/8/8 w - - 0 1",
        "4k3/8/8/8/8/8/8/4K3/8 w - - 0 1",
        "4k4/8/8/8/8/8/8/4K3 w - - 0 1",
        "4k3/8/8/8/8/8/8/4K2A w - - 0 1",
        "4k3/8/8/8/8/8/8/4K3 w I - 0 1",
        "4k3/8/8/8/8/8/8/4K3 w - i6 0 1",
        "4k3/8/8/8/8/8/8/4K3 w - e9 0 1",
        "4k3/8/8/8/8/8/8/4K3 w - e6 0 1",
        "4k3/8/8/8/8/8/8/4K3 w KQkqé - 0 1",
        "4k3/8/8/8/8/8/8/4K3 w - - 99999999999 1",
        "4k3/8/8/8/8/8/8/4K3 x - - 0 1",
        "99999999999999999999k/8/8/8/8/8/8/4K3 w - - 0 1",
    ] {
        for variant in [Variant::Chess, Variant::Chess960] {
            assert!(Position::from_fen(fen, variant).is_err(), "{fen} read as {variant}");
        }
    }
}

/// A null move passes the turn as python-chess's `push(Move.null())` does:
/// the en passant chance goes, the halfmove clock counts on, the move number
/// after Black's; in check there is none. (FENs from python-chess 1.11.2.)
#[test]
fn null_moves_pass_the_turn_as_python_chess_does() {
    let mut pos = Position::from_fen("rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 3", Variant::Chess)
        .expect("fen");
    for expected in [
        "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR w KQkq - 1 4",
        "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq - 2 4",
    ] {
        let null = pos.null_move().expect("not in check");
        assert_eq!(pgn100::rules::Uci(null).to_string(), "0000");
        pos.play_unchecked(null);
        assert_eq!(pos.fen(), expected);
        assert_eq!(pos, Position::from_fen(expected, Variant::Chess).expect("fen"), "hash and state as read");
    }
    let checked = Position::from_fen("rnbqkbnr/ppppp1pp/5p2/7Q/4P3/8/PPPP1PPP/RNB1KBNR b KQkq - 1 2", Variant::Chess)
        .expect("fen");
    assert!(checked.is_check() && checked.null_move().is_none());
}

/// Chess960 start positions by number are python-chess's (all 960, from
/// corpus/oracle/chess960_starts.jsonl), and `generate --variant chess960`
/// starts its games from them, with SetUp and FEN tags, and they validate.
#[test]
fn chess960_numbering_and_generated_games_follow_python_chess() {
    let starts = common::read_jsonl("oracle/chess960_starts.jsonl");
    assert_eq!(starts.len(), 960);
    for s in &starts {
        let id = u16::try_from(s["id"].as_u64().expect("id")).expect("small");
        assert_eq!(pgn100::rules::chess960_start_fen(id).as_deref(), s["fen"].as_str(), "start {id}");
    }
    assert_eq!(pgn100::rules::chess960_start_fen(960), None);
    let o = common::pgn100(&["generate", "--variant", "chess960", "--games", "40", "--seed", "3"]);
    let text = String::from_utf8(o.stdout).expect("UTF-8");
    let fens: std::collections::BTreeSet<&str> =
        text.lines().filter_map(|l| l.strip_prefix("[FEN \"")).map(|l| l.trim_end_matches("\"]")).collect();
    assert!(fens.len() >= 30, "{} distinct starts of 40", fens.len());
    assert!(fens.iter().all(|f| starts.iter().any(|s| s["fen"] == *f)), "{fens:?}");
    let o = common::with_stdin(&["validate", "-"], text.as_bytes());
    let summary = String::from_utf8_lossy(&o.stdout).into_owned();
    assert!(summary.contains("40 game(s): 40 valid, 0 invalid"), "{summary}");
}
