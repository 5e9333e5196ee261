//! `pgn100 turns`: every legal turn of a Dice chess roll.

use std::io::Write;
use std::process::ExitCode;

use clap::Args;

use crate::notation::parse::roll_faces;
use crate::rules::dice::turns::legal_turns;
use crate::rules::dice::DicePosition;
use crate::rules::{Square, Variant};

#[derive(Args, Debug)]
#[command(after_help = "Examples:\n  pgn100 turns --variant dice --roll 'p N B'\n  \
pgn100 turns --variant dice --fen 'rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2' --roll '1 1 2' --ep e3")]
pub struct TurnsArgs {
    /// The variant (only Dice chess has turns of several moves).
    #[arg(long, default_value = "dice")]
    pub variant: Variant,
    /// The state at the turn's start (the set-up when absent); its en passant
    /// field is ignored, see --ep.
    #[arg(long)]
    pub fen: Option<String>,
    /// The three dice: letters `K Q R B N p`, Cyrillic `Кр Ф Л С К п` or faces `1`..`6`, in any order.
    #[arg(long)]
    pub roll: String,
    /// The en passant squares open during this turn, separated by commas.
    #[arg(long, value_delimiter = ',')]
    pub ep: Vec<String>,
    /// Print the number of turns and the dice a maximal turn spends after the list.
    #[arg(long)]
    pub count: bool,
}

pub fn run(args: &TurnsArgs) -> Result<ExitCode, Box<dyn std::error::Error>> {
    if args.variant != Variant::Dice {
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
    let pos = DicePosition::from_fen_and_ep(fen, &ep).map_err(|e| format!("--fen: {e}"))?;
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
