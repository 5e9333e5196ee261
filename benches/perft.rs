//! Perft benchmark (bench binary, not a timed test): `cargo bench --bench perft`.
//!
//! Runs each position's perft several times, checks the node count against
//! the oracle's, and prints the best time and nodes per second. Single thread,
//! leaves counted in bulk, as Fairy-Stockfish's `go perft` does.

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
    if deep {
        cases.push(Case { depth: 6, nodes: 494_750_575, ..CASES[0] });
        cases.push(Case { depth: 5, nodes: 959_883_584, ..cases[4] });
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
