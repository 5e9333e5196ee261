//! `pgn100 show`

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{Args, ValueEnum};

use super::output::write_atomic;
use super::Outcome;
use crate::commands::show::{fen_frame, frame_at, At};
use crate::diag::{Diagnostic, SourceFile};
use crate::input::batch::BlockStart;
use crate::input::driver::{read_inputs, report_damage, Chunk, Config, Consumer, Damage, Enough, Error, Lost, Run};
use crate::input::paths::Input;
use crate::input::progress::Progress;
use crate::notation::{GameRecord, Item, Reader};
use crate::output::diagram::Glyphs;
use crate::output::html::game_page;
use crate::replay::{replay, Options};
use crate::rules::{Color, Variant};

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
    /// one board set to each of its positions, its moves and comments, steps
    /// by buttons and arrow keys.
    #[arg(long, conflicts_with_all = ["fen", "ply", "turn", "svg"])]
    pub html: Option<PathBuf>,
    /// The largest game read (bytes, or with K, M or G: 64M, 1G); a larger
    /// one is streamed past without being held.
    #[arg(long, value_name = "SIZE", default_value = "64M", value_parser = crate::input::batch::parse_size)]
    pub max_game_size: usize,
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

/// Game `--game` of the inputs the file names (compressed too; a zip
/// archive's members or a folder's files in turn, the games numbered across
/// them), read through the reading driver up to the game: its input's name,
/// the text of the chunk that holds it, the record, its index and where the
/// chunk starts; and the run so far, damage reported as every command
/// reports it. A game over `--max-game-size` is streamed past.
fn read_game(args: &ShowArgs) -> Result<(Game, Run), Box<dyn std::error::Error>> {
    let path = args.file.as_ref().ok_or("a file or --fen is needed")?;
    let inputs = super::input::expand(std::slice::from_ref(path))?;
    let index = args.game.checked_sub(1).ok_or("games are counted from 1")?;
    let config = Config { encoding: None, max_game: args.max_game_size, write_back: None };
    let pool = rayon::ThreadPoolBuilder::new().build()?;
    let progress = Progress::none();
    let work = |c: &Chunk<'_>| {
        let games = Reader::new(c.text).filter(|item| !matches!(item, Item::Stray(_))).count();
        (games, c.text.to_string(), BlockStart { lines_before: c.lines_before, bytes: c.bytes })
    };
    let mut seeking =
        Seeking { index, number: args.game, before: 0, name: String::new(), found: None, progress: &progress };
    let run = read_inputs(&inputs, &config, &pool, &progress, work, &mut seeking)?;
    // Only damage sets the exit status: the games streamed past are not show's.
    let run = Run { lost: 0, ..run };
    match seeking.found {
        Some(found) => Ok((found?, run)),
        None if run.damaged > 0 && run.opened == 0 => Err(format!("{} cannot be read", path.display()).into()),
        None => {
            Err(format!("{} has no game {}", inputs.first().map_or_else(String::new, Input::name), args.game).into())
        }
    }
}

/// The consumer that keeps game `index` (from 0, across the inputs).
struct Seeking<'a> {
    index: usize,
    /// The game's number as asked (`--game`), for the messages.
    number: usize,
    /// The games of the inputs before the current one.
    before: usize,
    /// The current input's name.
    name: String,
    /// The game, or why it cannot be shown.
    found: Option<Result<Game, String>>,
    progress: &'a Progress,
}

impl Consumer<(usize, String, BlockStart)> for Seeking<'_> {
    fn games(&self, part: &(usize, String, BlockStart)) -> usize {
        part.0
    }
    fn part(&mut self, _input: usize, games_before: usize, part: (usize, String, BlockStart)) -> Result<(), Error> {
        let (games, text, start) = part;
        let first = self.before + games_before;
        if !(first..first + games).contains(&self.index) {
            return Ok(());
        }
        let nth = self.index - first;
        let game = Reader::new(&text).filter(|item| !matches!(item, Item::Stray(_))).nth(nth);
        self.found = Some(match game {
            Some(Item::Game(record)) => Ok(Game { name: self.name.clone(), text, record, index: self.index, start }),
            _ => Err(format!("game {} of {} cannot be read (pgn100 validate tells why)", self.number, self.name)),
        });
        Err(Box::new(Enough))
    }
    fn lost(&mut self, name: &str, game: usize, lost: &Lost, _: BlockStart) -> Result<(), Error> {
        if self.before + game == self.index {
            self.found = Some(Err(format!("game {} of {name}: {}", self.number, lost.message())));
            return Err(Box::new(Enough));
        }
        // Another game not read (over the size limit) is streamed past: show
        // reads only its own game. A game cut by damage comes with the
        // damage, which is reported.
        Ok(())
    }
    fn damage(&mut self, damage: &Damage) -> Result<bool, Error> {
        report_damage(self.progress, damage)
    }
    fn start(&mut self, _input: usize, name: &str) -> Result<(), Error> {
        name.clone_into(&mut self.name);
        Ok(())
    }
    fn end(&mut self, _input: usize, games: usize) -> Result<(), Error> {
        self.before += games;
        Ok(())
    }
}

/// The game [`read_game`] found.
struct Game {
    name: String,
    /// The text of the block that holds it.
    text: String,
    record: GameRecord,
    index: usize,
    /// Where the block starts in the file.
    start: BlockStart,
}

fn glyphs(args: &ShowArgs) -> Glyphs {
    match args.pieces {
        GlyphsArg::Letters => Glyphs::Letters,
        GlyphsArg::Unicode => Glyphs::Unicode,
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

/// Where the arguments look: `--turn` (and `--move`), `--ply`, or the end.
fn at(args: &ShowArgs) -> Result<At, String> {
    Ok(match (&args.turn, args.ply) {
        (Some(t), _) => {
            let (number, color) = parse_turn(t)?;
            At::Turn { number, color, made: args.moves }
        }
        (None, Some(n)) => At::Ply(n),
        (None, None) => At::End,
    })
}

fn position(args: &ShowArgs, color: bool) -> Result<(Shown, Run), Box<dyn std::error::Error>> {
    let (glyphs, letters) = (glyphs(args), args.letters);
    if let Some(fen) = &args.fen {
        let f = fen_frame(fen, args.variant.unwrap_or_default())?;
        return Ok((Shown { text: f.text(None, glyphs, color), svg: f.svg(letters), stopped: None }, Run::default()));
    }
    let at = at(args)?;
    let (Game { name, text, record, index, start }, run) = read_game(args)?;
    let options = Options { default_variant: args.variant, ..Options::default() };
    let report = replay(&record, index, options);
    let f = frame_at(&record, &report, args.game, at)?;
    // Without --ply or --turn the end is asked for: an error short of it is said.
    let error = report.diagnostics.iter().find(|d| d.is_error()).cloned();
    let stopped = error
        .filter(|_| at == At::End)
        .map(|d| (d, SourceFile::chunk(name, text.clone(), start.lines_before, start.bytes)));
    Ok((Shown { text: f.text(Some((&record, &text)), glyphs, color), svg: f.svg(letters), stopped }, run))
}

/// `--html`: the game as a page, with every position its replay reached.
fn page(args: &ShowArgs, out: &Path) -> Outcome {
    let (Game { text, record, index, .. }, run) = read_game(args)?;
    let options = Options { default_variant: args.variant, keep_all: true, ..Options::default() };
    let report = replay(&record, index, options);
    if report.start.is_none() {
        let why = report.diagnostics.first().map_or_else(String::new, |d| format!(": {}", d.message));
        return Err(format!("game {} has no position to show{why}", args.game).into());
    }
    let html = game_page(&record, &text, &report, report.letters);
    write_atomic(out, html.as_bytes())?;
    let code = if report.complete { 0 } else { invalid_page(args.game) };
    super::report_run(&run);
    Ok(ExitCode::from(run.exit(code)))
}

fn invalid_page(game: usize) -> u8 {
    eprintln!("pgn100: game {game} is invalid; the page shows its moves as far as they replay");
    1
}

pub fn run(args: &ShowArgs, color: bool) -> Outcome {
    if let Some(out) = &args.html {
        return page(args, out);
    }
    let (Shown { text, svg, stopped }, run) = position(args, color)?;
    let mut out = std::io::stdout().lock();
    out.write_all(text.as_bytes())?;
    if let Some(path) = &args.svg {
        write_atomic(path, svg.as_bytes())?;
    }
    out.flush()?;
    let mut code = 0;
    if let Some((d, source)) = stopped {
        eprint!("{}", d.render(&source, color));
        eprintln!("pgn100: game {} is invalid; the position shown is where its replay stops", args.game);
        code = 1;
    }
    super::report_run(&run);
    Ok(ExitCode::from(run.exit(code)))
}
