//! FEN: every reachable position of the oracle games writes and reads back
//! to the same position; every kind of bad set-up is named.

use crate::common;

use common::{hundred, read_jsonl};
use pgn100::notation::UciMove;
use pgn100::rules::{Color, FenError, FromFenError, Position, SetupProblem, Variant};

#[test]
fn writing_then_reading_gives_the_same_position() {
    let games = read_jsonl("oracle/games_hundred_sample.jsonl");
    let mut checked = 0;
    for game in games.iter().take(200) {
        let mut pos = hundred(game["start_fen"].as_str().expect("fen"));
        for uci in game["uci"].as_array().expect("moves") {
            let m = UciMove::parse(uci.as_str().expect("move")).and_then(|u| u.to_move(&pos)).expect("legal");
            pos.play_unchecked(m);
            let back = hundred(&pos.fen());
            assert_eq!(back, pos);
            assert_eq!(back.hash(), pos.hash(), "incremental hash differs from a fresh one: {}", pos.fen());
            checked += 1;
        }
    }
    assert!(checked > 5000);
}

#[test]
fn the_start_position_with_all_rights() {
    let pos = Position::start(Variant::Hundred).expect("Hundred");
    assert_eq!(
        pos.fen(),
        "rnbnaqnbnr/rbnbqkbnbr/pppppppppp/10/10/10/10/PPPPPPPPPP/RBNBQKBNBR/RNBNAQNBNR w KQSLkqslTt - 0 1"
    );
    assert_eq!(hundred(&pos.fen()), pos);
}

fn problems(fen: &str) -> Vec<SetupProblem> {
    match Position::from_fen(fen, Variant::Hundred) {
        Err(FromFenError::Position(e)) => e.problems,
        other => panic!("{fen}: expected a position error, got {other:?}"),
    }
}

fn syntax(fen: &str) -> FenError {
    match Position::from_fen(fen, Variant::Hundred) {
        Err(FromFenError::Syntax(e)) => e,
        other => panic!("{fen}: expected a syntax error, got {other:?}"),
    }
}

#[test]
fn every_problem_of_a_bad_setup_is_named() {
    assert_eq!(problems("10/10/10/10/10/10/10/10/10/K9 w - - 0 1"), vec![SetupProblem::NoKing(Color::Black)]);
    assert_eq!(problems("kk8/10/10/10/10/10/10/10/10/K9 w - - 0 1"), vec![SetupProblem::TooManyKings(Color::Black)]);
    let p = problems("P8k/10/10/10/10/10/10/10/10/K8p w - - 0 1");
    assert_eq!(p.len(), 2, "{p:?}");
    assert!(p.iter().all(|x| matches!(x, SetupProblem::PawnOnEdgeRank(_))));
    // K without the rook on j2; S beside K without the rook on its corner j1.
    let p = problems("4k5/10/10/10/10/10/10/10/R4K4/R9 w KS - 0 1");
    assert_eq!(p.len(), 2, "{p:?}");
    assert!(matches!(p[0], SetupProblem::BadRight { letter: 'K', .. }));
    assert!(matches!(p[1], SetupProblem::BadRight { letter: 'S', .. }));
    // S alone (pending) without the king where the first stage puts it.
    let p = problems("4k5/10/10/10/10/10/10/10/R4K3R/R8R w S - 0 1");
    assert!(matches!(p[..], [SetupProblem::BadRight { letter: 'S', .. }]), "{p:?}");
    // L beside Q with the corner rook on a1 is the start's right, and reads.
    assert_eq!(hundred("4k5/10/10/10/10/10/10/10/R4K3R/R8R w QL - 0 1").fen().split(' ').nth(2), Some("QL"));
    // En passant square with no pawn that can have skipped it.
    assert!(matches!(problems("k9/10/10/10/4P5/10/10/10/10/K9 w - d7 0 1")[..], [SetupProblem::BadEnPassant(_)]));
    // The side not to move is in check.
    assert_eq!(problems("k8R/10/10/10/10/10/10/10/10/K9 w - - 0 1"), vec![SetupProblem::OppositeCheck]);
    // Several problems at once are all reported.
    assert_eq!(problems("10/10/10/10/10/10/10/10/10/10 w - - 0 1").len(), 2);
}

#[test]
fn fen_syntax_errors() {
    assert_eq!(syntax("10/10 w - -"), FenError::RankCount { found: 2, expected: 10 });
    assert_eq!(
        syntax("k9/10/10/10/10/10/10/10/10/K10 w - - 0 1"),
        FenError::RankWidth { rank: 1, found: 11, expected: 10 }
    );
    assert_eq!(
        syntax("k9/10/10/10/10/10/10/10/10/K8 w - - 0 1"),
        FenError::RankWidth { rank: 1, found: 9, expected: 10 }
    );
    assert_eq!(syntax("k9/10/10/10/10/10/10/10/10/X9 w - - 0 1"), FenError::PieceLetter('X'));
    assert_eq!(syntax("k9/10/10/10/10/10/10/10/10/K9 x - - 0 1"), FenError::Turn("x".into()));
    assert_eq!(syntax("k9/10/10/10/10/10/10/10/10/K9 w Z - 0 1"), FenError::CastlingLetter('Z'));
    assert_eq!(syntax("k9/10/10/10/10/10/10/10/10/K9 w - z9 0 1"), FenError::EnPassant("z9".into()));
    assert!(matches!(syntax("k9/10/10/10/10/10/10/10/10/K9 w - - x 1"), FenError::Clock { .. }));
    assert_eq!(syntax("k9"), FenError::FieldCount(1));
    assert_eq!(syntax("k9/10/10/10/10/10/10/10/10/K9 w - - 0 1 x"), FenError::FieldCount(7));
    assert_eq!(syntax("k9/10/10/10/10/10/10/10/10/K9 w - - 0 1 x y z"), FenError::FieldCount(9));
    // The placement is read byte by byte: a letter outside ASCII is named
    // whole, a run of empty squares past the edge and a rank too short or
    // too long are found where they are, a trailing `/` is one rank more.
    assert_eq!(syntax("k9/10/10/10/10/10/10/10/10/Kф8 w - - 0 1"), FenError::PieceLetter('ф'));
    assert_eq!(syntax("k9/10/10/10/10/10/10/10/10/K9Я w - - 0 1"), FenError::PieceLetter('Я'));
    for (fen, rank, found) in [
        ("k9/10/10/11/10/10/10/10/10/K9", 7, 11),
        ("k9/10/10/55/10/10/10/10/10/K9", 7, 55),
        ("k9/10/9/10/10/10/10/10/10/K9", 8, 9),
        ("k9/10/10/10/10/10/10/10/10/K4K4K", 1, 11),
        ("k9/10/10/10/10/10/10/10/10/", 1, 0),
    ] {
        assert_eq!(syntax(&format!("{fen} w - - 0 1")), FenError::RankWidth { rank, found, expected: 10 }, "{fen}");
    }
    assert_eq!(syntax("k9/10/10/10/10/10/10/10/10/K9/ w - - 0 1"), FenError::RankCount { found: 11, expected: 10 });
    // A run written with a leading zero is still its number.
    assert_eq!(hundred("k9/010/10/10/10/10/10/10/10/K9 w - -").fen(), "k9/10/10/10/10/10/10/10/10/K9 w - - 0 1");
    // Clocks may be left out.
    assert_eq!(hundred("k9/10/10/10/10/10/10/10/10/K9 w - -").fen(), "k9/10/10/10/10/10/10/10/10/K9 w - - 0 1");
}

/// The replay keeps the last FEN tag it read (games of a file often share
/// one): each game still starts from its own tag's position, and a game's
/// own changes to it (`[ThronePawn "off"]`) stay with that game.
#[test]
fn games_that_share_a_fen_each_start_from_their_own() {
    use pgn100::notation::{GameRecord, Reader};
    use pgn100::replay::{replay, Options};

    let x = "9k/10/10/10/10/10/10/10/10/R8K w Tt - 0 1";
    let y = "k9/10/10/10/10/10/10/10/10/K8R w - - 0 1";
    let game = |fen: &str, tags: &str, moves: &str| format!("[FEN \"{fen}\"]\n{tags}\n1. {moves} *\n\n");
    let text = [
        game(x, "", "Лa1-d1"),
        game(x, "[ThronePawn \"off\"]", "Лa1-d1"),
        game(x, "", "Лa1-d1"),
        game(y, "", "Лa1-d1"),
        game(y, "", "Лj1-g1"),
        game(x, "", "Лa1-c1"),
        game(y, "", "Лj1-g1"),
        game(y, "[Variant \"Grand\"]", "Лj1-g1"),
    ]
    .concat();
    let mut reader = Reader::new(&text);
    let mut record = GameRecord::default();
    let mut ends = Vec::new();
    let mut variants = Vec::new();
    while reader.read_into(&mut record).is_some() {
        let report = replay(&record, ends.len(), Options::default());
        variants.push(report.last.as_ref().map(|p| p.variant()));
        ends.push(report.last.map(|p| p.fen()));
    }
    // The same FEN in another variant is that variant's position.
    assert_eq!(variants.last(), Some(&Some(Variant::Grand)));
    assert_eq!(variants.iter().filter(|v| **v == Some(Variant::Grand)).count(), 1);
    let after = |fen: &str| Some(fen.to_string());
    assert_eq!(
        ends,
        [
            after("9k/10/10/10/10/10/10/10/10/3R5K b Tt - 1 1"),
            after("9k/10/10/10/10/10/10/10/10/3R5K b - - 1 1"),
            after("9k/10/10/10/10/10/10/10/10/3R5K b Tt - 1 1"),
            None,
            after("k9/10/10/10/10/10/10/10/10/K5R3 b - - 1 1"),
            after("9k/10/10/10/10/10/10/10/10/2R6K b Tt - 1 1"),
            after("k9/10/10/10/10/10/10/10/10/K5R3 b - - 1 1"),
            after("k9/10/10/10/10/10/10/10/10/K5R3 b - - 1 1"),
        ]
    );
}
