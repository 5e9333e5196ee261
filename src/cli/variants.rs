//! `pgn100 variants`

use std::io::Write;
use std::process::ExitCode;

use super::Outcome;
use crate::rules::Variant;

/// One line on each variant.
pub fn summary(v: Variant) -> &'static str {
    match v {
        Variant::Hundred => "100-square chess (Стоклеточные шахматы): prince, two-stage castling, throne pawn",
        Variant::Grand => "Grand Chess (Freeling): 10x10, marshal and cardinal, promotion to lost pieces",
        Variant::Chess => "Chess, FIDE laws",
        Variant::Chess960 => "Chess960 (Fischer random): Chess from a FEN start, castling by its king and rook files",
        Variant::Dice => "Dice chess: three dice name the men that move",
        Variant::Royal => "Royal Chess 100 (Королевские шахматы-100): prince and princess",
    }
}

pub fn run() -> Outcome {
    let mut out = std::io::stdout().lock();
    for v in Variant::ALL {
        let state = if v.rules().is_ok() { "played" } else { "read only (rules not implemented yet)" };
        writeln!(out, "{:<8} {}", v.name(), summary(v))?;
        writeln!(out, "         aliases: {}", v.aliases().join(", "))?;
        writeln!(out, "         {state}")?;
    }
    Ok(ExitCode::SUCCESS)
}
