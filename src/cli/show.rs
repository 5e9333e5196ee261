//! `pgn100 show`

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Args, ValueEnum};

use super::convert::write_atomic;
use super::Outcome;
use crate::analysis::diagram::{svg_diagram, text_diagram, Glyphs};
use crate::analysis::{replay, Options};
use crate::notation::decode::decode;
use crate::notation::{Item, Letters, Reader};
use crate::rules::{Move, Position, Variant};

#[derive(Copy, Clone, Debug, ValueEnum)]
pub enum GlyphsArg {
    /// FEN letters (A is the prince).
    Letters,
    /// Chess symbols; the prince as its letter.
    Unicode,
}

#[derive(Args, Debug)]
#[command(after_help = "Examples:\n  pgn100 show games.pgn --game 3 --ply 40\n  \
pgn100 show --fen 'k9/10/5K4/10/10/10/10/PPPPPPP3/10/10 w T - 0 1'\n  pgn100 show games.pgn --svg final.svg")]
pub struct ShowArgs {
    /// The game file (not needed with --fen).
    #[arg(required_unless_present = "fen")]
    pub file: Option<PathBuf>,
    /// Which game of the file (1 = the first).
    #[arg(long, default_value_t = 1)]
    pub game: usize,
    /// Show the position after this many plies of the main line (default: the end).
    #[arg(long, conflicts_with = "fen")]
    pub ply: Option<usize>,
    /// Show this position instead of a game's.
    #[arg(long)]
    pub fen: Option<String>,
    /// The variant of a --fen position or of games without a Variant tag.
    #[arg(long)]
    pub variant: Option<Variant>,
    /// How to draw the men on the terminal.
    #[arg(long, value_enum, default_value = "letters")]
    pub pieces: GlyphsArg,
    /// Also write the position as an SVG diagram to this file.
    #[arg(long)]
    pub svg: Option<PathBuf>,
    /// Letters of the prince in the SVG diagram.
    #[arg(long, value_enum, default_value = "latin")]
    pub letters: super::convert::LettersArg,
}

/// The position to show and the move that led to it.
fn position(args: &ShowArgs) -> Result<(Position, Option<Move>), Box<dyn std::error::Error>> {
    if let Some(fen) = &args.fen {
        return Ok((Position::from_fen(fen, args.variant.unwrap_or(Variant::Hundred))?, None));
    }
    let path = args.file.as_ref().ok_or("a file or --fen is needed")?;
    let bytes = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let text = decode(&bytes, None).text;
    let index = args.game.checked_sub(1).ok_or("games are counted from 1")?;
    let record = Reader::new(&text)
        .filter_map(|item| match item {
            Item::Game(g) => Some(Ok(g)),
            Item::Broken(_, _) => Some(Err(())),
            Item::Stray(_) => None,
        })
        .nth(index)
        .ok_or_else(|| format!("{} has no game {}", path.display(), args.game))?
        .map_err(|()| format!("game {} of {} cannot be read (pgn100 validate tells why)", args.game, path.display()))?;
    let report = replay(&record, index, Options { default_variant: args.variant, ..Options::default() });
    let plies = report.mainline.len();
    let wanted = args.ply.unwrap_or(plies);
    if wanted > plies {
        return Err(format!("game {} has {plies} replayable plies, not {wanted}", args.game).into());
    }
    match (wanted, report.mainline.get(wanted.wrapping_sub(1))) {
        (0, _) => {
            let start = report.mainline.first().and(report.start);
            Ok((start.ok_or("the game has no moves")?, None))
        }
        (_, Some(ply)) => Ok((report.main_position(wanted).ok_or("no such ply")?, Some(ply.mv))),
        _ => Err("no such ply".into()),
    }
}

pub fn run(args: &ShowArgs, color: bool) -> Outcome {
    let (pos, last) = position(args)?;
    let glyphs = match args.pieces {
        GlyphsArg::Letters => Glyphs::Letters,
        GlyphsArg::Unicode => Glyphs::Unicode,
    };
    let mut out = std::io::stdout().lock();
    out.write_all(text_diagram(&pos, last, glyphs, color).as_bytes())?;
    if let Some(path) = &args.svg {
        let letters = match args.letters {
            super::convert::LettersArg::Cyrillic => Letters::Cyrillic,
            _ => Letters::Latin,
        };
        write_atomic(path, svg_diagram(&pos, last, letters).as_bytes())
            .map_err(|e| format!("{}: {e}", path.display()))?;
    }
    Ok(ExitCode::SUCCESS)
}
