//! Perft benchmark (bench binary, not a timed test): `cargo bench --bench perft`.
//!
//! Runs each position's perft several times, checks the node count against
//! the oracle's, and prints the best time and nodes per second. Single thread,
//! leaves counted in bulk, as Fairy-Stockfish's `go perft` does. Chess and
//! Chess960 positions follow the Hundred and Grand ones; `--deep` adds the
//! deeper counts.

use std::time::Instant;

use pgn100::rules::{perft, Position, Variant};

struct Case {
    name: &'static str,
    fen: &'static str,
    depth: u32,
    nodes: u64,
    variant: Variant,
}

const CASES: &[Case] = &[
    Case {
        name: "Hundred start",
        fen: "rnbnaqnbnr/rbnbqkbnbr/pppppppppp/10/10/10/10/PPPPPPPPPP/RBNBQKBNBR/RNBNAQNBNR w KQSLkqslTt - 0 1",
        depth: 4,
        nodes: 460_856,
        variant: Variant::Hundred,
    },
    Case {
        name: "Hundred start",
        fen: "rnbnaqnbnr/rbnbqkbnbr/pppppppppp/10/10/10/10/PPPPPPPPPP/RBNBQKBNBR/RNBNAQNBNR w KQSLkqslTt - 0 1",
        depth: 5,
        nodes: 15_151_280,
        variant: Variant::Hundred,
    },
    Case {
        name: "Hundred middlegame (oracle, promotions near)",
        fen: "rnbk1qn1nr/rbnb1Panbr/ppp3p1p1/4b4p/1Q3p1p2/3P1P4/4P4P/P1P3PP1P/RBNB1KBNBR/RNBNAQNBNR w - - 3 13",
        depth: 4,
        nodes: 11_226_697,
        variant: Variant::Hundred,
    },
    Case {
        name: "Hundred middlegame (oracle)",
        fen: "rnbnaqnbnr/rbn2kbnbr/p1p2ppppp/1p1pp5/10/q9/1PPN6/N2PPPPPP1/RB1BQKBNN1/R1BNAQ1BNR w - - 0 8",
        depth: 4,
        nodes: 6_054_641,
        variant: Variant::Hundred,
    },
];

const CHESS: &[Case] = &[
    Case {
        name: "Chess start",
        fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        depth: 5,
        nodes: 4_865_609,
        variant: Variant::Chess,
    },
    Case {
        name: "Chess Kiwipete",
        fen: "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        depth: 4,
        nodes: 4_085_603,
        variant: Variant::Chess,
    },
    Case {
        name: "Chess position 3",
        fen: "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        depth: 6,
        nodes: 11_030_083,
        variant: Variant::Chess,
    },
    Case {
        name: "Chess position 4",
        fen: "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        depth: 5,
        nodes: 15_833_292,
        variant: Variant::Chess,
    },
    Case {
        name: "Chess position 5",
        fen: "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        depth: 4,
        nodes: 2_103_487,
        variant: Variant::Chess,
    },
    Case {
        name: "Chess position 6",
        fen: "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
        depth: 4,
        nodes: 3_894_594,
        variant: Variant::Chess,
    },
    Case {
        name: "Chess960 bqnb1rkr (CPW)",
        fen: "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
        depth: 5,
        nodes: 8_146_062,
        variant: Variant::Chess960,
    },
];

fn main() {
    let deep = std::env::args().any(|a| a == "--deep");
    let runs = 3;
    println!("{:<46} {:>5} {:>12} {:>9} {:>10}", "position", "depth", "nodes", "best s", "M nodes/s");
    let mut cases: Vec<Case> = CASES.iter().map(|c| Case { ..*c }).collect();
    cases.push(Case {
        name: "Grand start",
        fen: "r8r/1nbqkcabn1/pppppppppp/10/10/10/10/PPPPPPPPPP/1NBQKCABN1/R8R w - - 0 1",
        depth: 4,
        nodes: 15_921_643,
        variant: Variant::Grand,
    });
    let grand = cases.len() - 1;
    // Chess and Chess960 (issue 14): the Chess Programming Wiki's positions,
    // numbers as in corpus/oracle/perft_chess.json.
    cases.extend(CHESS.iter().map(|c| Case { ..*c }));
    if deep {
        cases.push(Case { depth: 6, nodes: 494_750_575, ..CASES[0] });
        cases.push(Case { depth: 5, nodes: 959_883_584, ..cases[grand] });
        cases.push(Case { depth: 6, nodes: 119_060_324, ..CHESS[0] });
        cases.push(Case { depth: 5, nodes: 193_690_690, ..CHESS[1] });
    }
    for case in &cases {
        let pos = Position::from_fen(case.fen, case.variant).expect("valid FEN");
        let mut best = f64::MAX;
        for _ in 0..runs {
            let start = Instant::now();
            let nodes = perft(&pos, case.depth);
            best = best.min(start.elapsed().as_secs_f64());
            assert_eq!(nodes, case.nodes, "{} depth {}", case.name, case.depth);
        }
        println!(
            "{:<46} {:>5} {:>12} {:>9.3} {:>10.1}",
            case.name,
            case.depth,
            case.nodes,
            best,
            case.nodes as f64 / best / 1e6
        );
    }
}
