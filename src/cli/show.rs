//! `pgn100 show`

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{Args, ValueEnum};

use super::output::{file_error, write_atomic};
use super::Outcome;
use crate::commands::dice::page::dice_game_page;
use crate::commands::dice::show::{between_turns, find_turn, frame, plies, ply_point, start_frame, DiceFrame};
use crate::diag::{Diagnostic, SourceFile};
use crate::notation::decode::decode;
use crate::notation::{GameRecord, Item, Reader};
use crate::output::diagram::{svg_diagram, text_diagram, Glyphs};
use crate::output::html::game_page;
use crate::replay::{replay, GameReport, Options};
use crate::rules::dice::DicePosition;
use crate::rules::{Color, Variant, VariantPosition};

#[derive(Copy, Clone, Debug, ValueEnum)]
pub enum GlyphsArg {
    /// FEN letters (A is the prince).
    Letters,
    /// Chess symbols; the prince as its letter.
    Unicode,
}

#[derive(Args, Debug)]
#[command(after_help = "Dice chess: --ply counts moves (a turn is up to three), not turns; --turn 12 \
(White's turn 12) or --turn 12... (Black's) shows the end of that turn, with --move K after its K-th \
move (0: before the first). Below the board: the turn, its roll as the record writes it, the dice left, \
and whose move it is.\n\n\
Examples:\n  pgn100 show games.pgn --game 3 --ply 40\n  \
pgn100 show --fen 'k9/10/5K4/10/10/10/10/PPPPPPP3/10/10 w T - 0 1'\n  pgn100 show games.pgn --svg final.svg\n  pgn100 show games.pgn --game 2 --html game2.html\n  \
pgn100 show dice.pgn --turn 7... --move 2\n  \
cat games.pgn | pgn100 show -")]
pub struct ShowArgs {
    /// The game file, `-` for standard input (not with --fen).
    #[arg(required_unless_present = "fen", conflicts_with = "fen")]
    pub file: Option<PathBuf>,
    /// Which game of the file (1 = the first).
    #[arg(long, default_value_t = 1)]
    pub game: usize,
    /// Show the position after this many plies of the main line (default: the end).
    /// Dice chess: after this many moves of the game.
    #[arg(long, conflicts_with = "fen")]
    pub ply: Option<usize>,
    /// Dice chess: show the end of this turn, `12` (White's) or `12...` (Black's).
    #[arg(long, value_name = "N[...]", conflicts_with_all = ["fen", "ply"])]
    pub turn: Option<String>,
    /// With --turn (Dice chess): after this many of the turn's moves (0: at its start).
    #[arg(long = "move", value_name = "K", requires = "turn")]
    pub moves: Option<usize>,
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
    #[arg(long, conflicts_with_all = ["fen", "ply", "turn", "svg"])]
    pub html: Option<PathBuf>,
    /// Letters of the prince in the SVG diagram.
    #[arg(long, value_enum, default_value = "latin")]
    pub letters: crate::notation::Letters,
}

/// The pictures of the position to show (terminal text and SVG), and where
/// the replay stopped short of the requested ply (the error, in its file).
struct Shown {
    text: String,
    svg: String,
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

fn glyphs(args: &ShowArgs) -> Glyphs {
    match args.pieces {
        GlyphsArg::Letters => Glyphs::Letters,
        GlyphsArg::Unicode => Glyphs::Unicode,
    }
}

fn position(args: &ShowArgs, color: bool) -> Result<Shown, Box<dyn std::error::Error>> {
    let glyphs = glyphs(args);
    let letters = args.letters;
    if let Some(fen) = &args.fen {
        if args.variant == Some(Variant::Dice) {
            let f = between_turns(DicePosition::from_fen(fen)?);
            return Ok(Shown { text: f.text(None, glyphs, color), svg: f.svg(letters), stopped: None });
        }
        let pos = VariantPosition::from_fen(fen, args.variant.unwrap_or(Variant::Hundred))?;
        let (text, svg) = (text_diagram(&pos, None, glyphs, color), svg_diagram(&pos, None, letters));
        return Ok(Shown { text, svg, stopped: None });
    }
    let (name, text, record, index) = read_game(args)?;
    let options = Options { default_variant: args.variant, ..Options::default() };
    let report = replay(&record, index, options);
    if report.variant == Some(Variant::Dice) {
        return dice_position(args, color, (name, text, record), &report);
    }
    if args.turn.is_some() {
        return Err("--turn and --move are for Dice chess records, whose turns are up to three moves; use --ply".into());
    }
    let plies = report.mainline.len();
    let error = report.diagnostics.iter().find(|d| d.is_error()).cloned();
    let wanted = args.ply.unwrap_or(plies);
    if wanted > plies {
        return Err(format!(
            "game {} has {plies} replayable plies, not {wanted}; {}",
            args.game,
            why(error.as_ref(), plies)
        )
        .into());
    }
    // Without --ply the end is asked for: an error short of it is said.
    let stopped = error.filter(|_| args.ply.is_none()).map(|d| (d, SourceFile::new(name, text.clone())));
    let last = wanted.checked_sub(1).and_then(|i| report.mainline.get(i)).map(|ply| ply.mv);
    let pos = report.main_position(wanted).ok_or("the game has no position to show")?;
    let (text, svg) = (text_diagram(&pos, last, glyphs, color), svg_diagram(&pos, last, letters));
    Ok(Shown { text, svg, stopped })
}

/// Why a game has no more plies: where its replay stopped, if it did.
fn why(error: Option<&Diagnostic>, plies: usize) -> String {
    match error {
        Some(d) => format!("its replay stops at ply {}: {}", plies + 1, d.message),
        None => "the game ends there".to_string(),
    }
}

/// `12` (White's turn 12) or `12...` (Black's); `12.` is White's too.
fn parse_turn(s: &str) -> Result<(u32, Color), String> {
    let (digits, color) = match s.strip_suffix("...") {
        Some(n) => (n, Color::Black),
        None => (s.strip_suffix('.').unwrap_or(s), Color::White),
    };
    let n = digits
        .parse::<u32>()
        .map_err(|_| format!("--turn {s}: write a turn number, 12 (White's) or 12... (Black's)"))?;
    Ok((n, color))
}

/// A Dice game's position: after `--ply` moves, at `--turn` (after `--move`
/// of its moves), or by default at the end of the last turn.
fn dice_position(
    args: &ShowArgs,
    color: bool,
    (name, text, record): (String, String, GameRecord),
    report: &GameReport,
) -> Result<Shown, Box<dyn std::error::Error>> {
    let error = report.diagnostics.iter().find(|d| d.is_error()).cloned();
    let plies = plies(report);
    let frame: Option<DiceFrame<'_>> = match (&args.turn, args.ply) {
        (Some(t), _) => {
            let (n, side) = parse_turn(t)?;
            let number = if side == Color::White { format!("{n}.") } else { format!("{n}...") };
            let Some(i) = find_turn(report, n, side) else {
                return Err(
                    format!("game {} has no turn {number}{}", args.game, dice_why(report, error.as_ref())).into()
                );
            };
            let moves = report.turns.get(i).map_or(0, |t| t.plies.len());
            let made = args.moves.unwrap_or(moves);
            if made > moves {
                let noun = if moves == 1 { "move" } else { "moves" };
                return Err(
                    format!("turn {number} of game {} has {moves} replayed {noun}, not {made}", args.game).into()
                );
            }
            frame(&record, report, i, made)
        }
        (None, Some(p)) if p > plies => {
            let why = dice_why(report, error.as_ref());
            return Err(format!("game {} has {plies} replayable moves, not {p}{why}", args.game).into());
        }
        (None, Some(p)) => match ply_point(report, p) {
            Some((i, made)) => frame(&record, report, i, made),
            None => start_frame(report),
        },
        (None, None) => match report.turns.len().checked_sub(1) {
            Some(i) => frame(&record, report, i, report.turns.get(i).map_or(0, |t| t.plies.len())),
            None => start_frame(report),
        },
    };
    let f = frame
        .ok_or_else(|| format!("game {} has no position to show{}", args.game, dice_why(report, error.as_ref())))?;
    let line = f.turn_line(&record, &text);
    let shown_text = f.text(line.as_deref(), glyphs(args), color);
    let svg = f.svg(args.letters);
    // Without --ply or --turn the end is asked for: an error short of it is said.
    let stopped =
        error.filter(|_| args.ply.is_none() && args.turn.is_none()).map(|d| (d, SourceFile::new(name, text.clone())));
    Ok(Shown { text: shown_text, svg, stopped })
}

/// Why a Dice game has no more moves or turns: where its replay stopped.
fn dice_why(report: &GameReport, error: Option<&Diagnostic>) -> String {
    match error {
        Some(d) if !report.complete => format!("; its replay stops: {}", d.message),
        _ => String::new(),
    }
}

/// `--html`: the game as a page, with every position its replay reached.
fn page(args: &ShowArgs, out: &Path) -> Outcome {
    let (_, text, record, index) = read_game(args)?;
    let options = Options { default_variant: args.variant, keep_all: true, ..Options::default() };
    let report = replay(&record, index, options);
    if report.start.is_none() {
        let why = report.diagnostics.first().map_or_else(String::new, |d| format!(": {}", d.message));
        return Err(format!("game {} has no position to show{why}", args.game).into());
    }
    let html = match report.variant {
        Some(Variant::Dice) => dice_game_page(&record, &text, &report),
        _ => game_page(&record, &text, &report, report.letters),
    };
    write_atomic(out, html.as_bytes())?;
    Ok(if report.complete { ExitCode::SUCCESS } else { invalid_page(args.game) })
}

fn invalid_page(game: usize) -> ExitCode {
    eprintln!("pgn100: game {game} is invalid; the page shows its moves as far as they replay");
    ExitCode::from(1)
}

pub fn run(args: &ShowArgs, color: bool) -> Outcome {
    if let Some(out) = &args.html {
        return page(args, out);
    }
    let Shown { text, svg, stopped } = position(args, color)?;
    let mut out = std::io::stdout().lock();
    out.write_all(text.as_bytes())?;
    if let Some(path) = &args.svg {
        write_atomic(path, svg.as_bytes())?;
    }
    out.flush()?;
    if let Some((d, source)) = stopped {
        eprint!("{}", d.render(&source, color));
        eprintln!("pgn100: game {} is invalid; the position shown is where its replay stops", args.game);
        return Ok(ExitCode::from(1));
    }
    Ok(ExitCode::SUCCESS)
}
