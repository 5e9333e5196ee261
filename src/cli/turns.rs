//! `pgn100 turns`: every legal turn of a Dice chess roll.

use std::io::Write;
use std::process::ExitCode;

use clap::Args;

use crate::notation::parse::roll_faces;
use crate::rules::dice::turns::legal_turns;
use crate::rules::dice::DicePosition;
use crate::rules::{Bitboard, Square, Variant};

#[derive(Args, Debug)]
#[command(after_help = "Examples:\n  pgn100 turns --variant dice --roll 'p N B'\n  \
pgn100 turns --fen 'rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 2' --roll '1 1 2'\n  \
pgn100 turns --fen 'rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2' --roll '1 1 2' --ep e3\n  \
pgn100 turns --count --fen 'r1bqkbnr/ppp1ppp1/n7/3p3p/2P5/8/PPQPPPPP/RNB1KBNR w KQkq d6h6 1 2' --roll 'N p p'")]
pub struct TurnsArgs {
    /// The variant (only Dice chess has turns of several moves).
    #[arg(long, default_value = "dice")]
    pub variant: Variant,
    /// The state at the turn's start (the set-up when absent), as `show`
    /// writes it: the en passant field lists every square open for the turn,
    /// run together (`d6e6`), or `-`.
    #[arg(long)]
    pub fen: Option<String>,
    /// The three dice: letters `K Q R B N p`, Cyrillic `Кр Ф Л С К п` or faces `1`..`6`, in any order.
    #[arg(long)]
    pub roll: String,
    /// The en passant squares open during this turn, separated by commas:
    /// for a FEN whose en passant field is `-` (the oracle's FENs, which
    /// give the squares beside the FEN). With a FEN that lists squares, --ep
    /// must name the same ones.
    #[arg(long, value_delimiter = ',')]
    pub ep: Vec<String>,
    /// Print the number of turns and the dice a maximal turn spends after the list.
    #[arg(long)]
    pub count: bool,
}

pub fn run(args: &TurnsArgs) -> Result<ExitCode, Box<dyn std::error::Error>> {
    if !args.variant.rules().is_ok_and(|r| r.rolled_turns) {
        return Err(format!(
            "turns lists the turns of Dice chess; {} has one move a turn (see pgn100 perft)",
            args.variant
        )
        .into());
    }
    let roll = match roll_faces(args.roll.trim()) {
        Ok(("", r)) => r,
        _ => {
            return Err(
                format!("--roll {:?}: three faces separated by spaces, e.g. \"p N B\" or \"1 2 3\"", args.roll).into()
            )
        }
    };
    let Some(roles) = crate::replay::roll_roles(&roll) else {
        return Err("--roll: a face that is no die".into());
    };
    let mut ep = Vec::new();
    for s in args.ep.iter().filter(|s| !s.is_empty()) {
        ep.push(Square::parse(s.trim()).ok_or_else(|| format!("--ep: {s:?} is not a square"))?);
    }
    let fen = args.fen.as_deref().unwrap_or(crate::rules::dice::DICE.start_fen);
    let pos = turn_start(fen, &ep)?;
    if let Some(loser) = pos.king_taken() {
        return Err(format!("--fen: {}'s king was taken: the game is over, no turn follows", loser).into());
    }
    let list = legal_turns(&pos, roles);
    let mut out = std::io::stdout().lock();
    let texts = list.texts();
    for t in &texts {
        writeln!(out, "{}", if t.is_empty() { "-" } else { t })?;
    }
    if args.count {
        writeln!(out, "{} turns, {} dice", texts.len(), list.max)?;
    }
    Ok(ExitCode::SUCCESS)
}

/// The state at the turn's start: the FEN with its own en passant squares,
/// or with `ep` when its field is `-`. Squares in both that differ are an
/// error: the FEN is the state `show` printed, and --ep would change it.
fn turn_start(fen: &str, ep: &[Square]) -> Result<DicePosition, String> {
    let pos = DicePosition::from_fen(fen).map_err(|e| format!("--fen: {e}"))?;
    if ep.is_empty() {
        return Ok(pos);
    }
    let given = ep.iter().fold(Bitboard::EMPTY, |b, &sq| b.with(sq));
    if pos.ep_open().is_empty() {
        let plain = DicePosition::from_fen_and_ep(fen, ep).map_err(|e| format!("--ep: {e}"))?;
        return Ok(plain);
    }
    if given != pos.ep_open() {
        let list = |b: Bitboard| b.map(|sq| sq.to_string()).collect::<Vec<_>>().join(",");
        return Err(format!(
            "--ep {} contradicts the FEN's en passant field ({}): give the squares once, in the FEN",
            list(given),
            list(pos.ep_open())
        ));
    }
    Ok(pos)
}
