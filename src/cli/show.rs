//! `pgn100 show`

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{Args, ValueEnum};

use super::convert::ScriptArg;
use super::output::{file_error, write_atomic};
use super::Outcome;
use crate::analysis::diagram::{svg_diagram, text_diagram, Glyphs};
use crate::analysis::html::game_page;
use crate::analysis::{replay, Options};
use crate::diag::{Diagnostic, SourceFile};
use crate::notation::decode::decode;
use crate::notation::{GameRecord, Item, Reader};
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
pgn100 show --fen 'k9/10/5K4/10/10/10/10/PPPPPPP3/10/10 w T - 0 1'\n  pgn100 show games.pgn --svg final.svg\n  pgn100 show games.pgn --game 2 --html game2.html\n  \
cat games.pgn | pgn100 show -")]
pub struct ShowArgs {
    /// The game file, `-` for standard input (not with --fen).
    #[arg(required_unless_present = "fen", conflicts_with = "fen")]
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
    /// Write the game as one self-contained web page to this file instead:
    /// its boards, its moves and comments, steps by buttons and arrow keys.
    #[arg(long, conflicts_with_all = ["fen", "ply", "svg"])]
    pub html: Option<PathBuf>,
    /// Letters of the prince in the SVG diagram.
    #[arg(long, value_enum, default_value = "latin")]
    pub letters: ScriptArg,
}

/// The position to show, the move that led to it, and where the replay
/// stopped short of the requested ply (the error, in its file).
struct Shown {
    pos: Position,
    last: Option<Move>,
    stopped: Option<(Diagnostic, SourceFile)>,
}

fn read_input(path: &Path) -> Result<(String, Vec<u8>), String> {
    if path.as_os_str() == "-" {
        let mut bytes = Vec::new();
        std::io::stdin().read_to_end(&mut bytes).map_err(|e| file_error(Path::new("<stdin>"), &e))?;
        return Ok(("<stdin>".to_string(), bytes));
    }
    let bytes = std::fs::read(path).map_err(|e| file_error(path, &e))?;
    Ok((path.display().to_string(), bytes))
}

/// Game `--game` of the file: its name, the decoded text, the record and
/// its index.
fn read_game(args: &ShowArgs) -> Result<(String, String, GameRecord, usize), Box<dyn std::error::Error>> {
    let path = args.file.as_ref().ok_or("a file or --fen is needed")?;
    let (name, bytes) = read_input(path)?;
    let text = decode(&bytes, None).text;
    let index = args.game.checked_sub(1).ok_or("games are counted from 1")?;
    let record = Reader::new(&text)
        .filter_map(|item| match item {
            Item::Game(g) => Some(Ok(g)),
            Item::Broken(_, _) => Some(Err(())),
            Item::Stray(_) => None,
        })
        .nth(index)
        .ok_or_else(|| format!("{name} has no game {}", args.game))?
        .map_err(|()| format!("game {} of {name} cannot be read (pgn100 validate tells why)", args.game))?;
    Ok((name, text, record, index))
}

/// A Dice game's positions are not drawn from its record yet (its turns are
/// not plies of one side each): said plainly, not as a game of no moves.
fn no_dice(report: &crate::analysis::GameReport, game: usize) -> Result<(), String> {
    match report.variant {
        Some(Variant::Dice) => Err(format!(
            "game {game} is Dice chess, whose records show cannot draw yet; `pgn100 show --fen FEN --variant dice` \
             draws a position, `pgn100 annotate --fen --dice` gives the FEN after every move"
        )),
        _ => Ok(()),
    }
}

fn position(args: &ShowArgs) -> Result<Shown, Box<dyn std::error::Error>> {
    if let Some(fen) = &args.fen {
        let pos = Position::from_fen(fen, args.variant.unwrap_or(Variant::Hundred))?;
        return Ok(Shown { pos, last: None, stopped: None });
    }
    let (name, text, record, index) = read_game(args)?;
    let report = replay(&record, index, Options { default_variant: args.variant, ..Options::default() });
    no_dice(&report, args.game)?;
    let plies = report.mainline.len();
    let error = report.diagnostics.iter().find(|d| d.is_error()).cloned();
    let wanted = args.ply.unwrap_or(plies);
    if wanted > plies {
        let why = match &error {
            Some(d) => format!("its replay stops at ply {}: {}", plies + 1, d.message),
            None => "the game is no longer".to_string(),
        };
        return Err(format!("game {} has {plies} replayable plies, not {wanted}; {why}", args.game).into());
    }
    // Without --ply the end is asked for: an error short of it is said.
    let stopped = error.filter(|_| args.ply.is_none()).map(|d| (d, SourceFile::new(name, text.clone())));
    let last = wanted.checked_sub(1).and_then(|i| report.mainline.get(i)).map(|ply| ply.mv);
    let pos = report.main_position(wanted).ok_or("the game has no position to show")?;
    Ok(Shown { pos, last, stopped })
}

/// `--html`: the game as a page, with every position its replay reached.
fn page(args: &ShowArgs, out: &Path) -> Outcome {
    let (_, text, record, index) = read_game(args)?;
    let options = Options { default_variant: args.variant, keep_all: true, ..Options::default() };
    let report = replay(&record, index, options);
    no_dice(&report, args.game)?;
    if report.start.is_none() {
        let why = report.diagnostics.first().map_or_else(String::new, |d| format!(": {}", d.message));
        return Err(format!("game {} has no position to show{why}", args.game).into());
    }
    write_atomic(out, game_page(&record, &text, &report, report.letters).as_bytes())?;
    if !report.complete {
        eprintln!("pgn100: game {} is invalid; the page shows its moves as far as they replay", args.game);
        return Ok(ExitCode::from(1));
    }
    Ok(ExitCode::SUCCESS)
}

pub fn run(args: &ShowArgs, color: bool) -> Outcome {
    if let Some(out) = &args.html {
        return page(args, out);
    }
    let Shown { pos, last, stopped } = position(args)?;
    let glyphs = match args.pieces {
        GlyphsArg::Letters => Glyphs::Letters,
        GlyphsArg::Unicode => Glyphs::Unicode,
    };
    let mut out = std::io::stdout().lock();
    out.write_all(text_diagram(&pos, last, glyphs, color).as_bytes())?;
    if let Some(path) = &args.svg {
        write_atomic(path, svg_diagram(&pos, last, args.letters.letters()).as_bytes())?;
    }
    out.flush()?;
    if let Some((d, source)) = stopped {
        eprint!("{}", d.render(&source, color));
        eprintln!("pgn100: game {} is invalid; the position shown is where its replay stops", args.game);
        return Ok(ExitCode::from(1));
    }
    Ok(ExitCode::SUCCESS)
}
