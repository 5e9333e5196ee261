//! The reading driver: the one loop over the inputs of a run that every
//! command and the Python package read through. It opens each input,
//! reads it in blocks whose chunks are worked in parallel ([`batch`]),
//! numbers the games of each input from its first, and hands a
//! [`Consumer`] what it found in input order: the blocks, each chunk's
//! result, the games that could not be read (over the size limit, or cut
//! by damage: [`Lost`]) and the damage.
//!
//! One policy for a damaged or unreadable input: the games read before
//! the damage are consumed, the game the damage cut is a lost game, the
//! damage is reported with its place ([`Damage`]), and the other inputs
//! are read. The [`Run`] says what happened, and so the exit status: 2 when
//! no input could be opened at all, 1 when games were lost.
//!
//! [`batch`]: super::batch

use std::cell::{Cell, RefCell};
use std::io::Read;

use super::batch::{for_each_chunk, max_game_size, BlockInfo, BlockStart, Blocks, NotText, Oversized, ReadError};
use super::batch::{Truncated, BLOCK};
use super::paths::{reason, Input};
use super::progress::Progress;
use crate::diag::{Code, Diagnostic};
use crate::notation::decode::{Charset, FileBytes};

/// An error of a consumer: it ends the run.
pub type Error = Box<dyn std::error::Error>;

/// How the inputs are read.
#[derive(Copy, Clone, Debug)]
pub struct Config {
    /// The encoding named (`--encoding`), or `None` to detect it.
    pub encoding: Option<Charset>,
    /// The largest game read (`--max-game-size`).
    pub max_game: usize,
    /// For a consumer that writes games back byte for byte (filter, dedup,
    /// split): `Some(to_utf8)`, see [`Blocks::write_back`].
    pub write_back: Option<bool>,
}

impl Default for Config {
    fn default() -> Config {
        Config { encoding: None, max_game: max_game_size(), write_back: None }
    }
}

/// A chunk of whole games, as the work on it sees it.
#[derive(Copy, Clone, Debug)]
pub struct Chunk<'a> {
    /// The input's index in the run, and its name.
    pub input: usize,
    pub name: &'a str,
    pub text: &'a str,
    /// The line ends of the input before the chunk.
    pub lines_before: usize,
    /// Where the chunk lies in the input's bytes.
    pub bytes: FileBytes,
}

/// A block read, as the consumer sees it before its first chunk's result.
pub struct Block<'a> {
    pub input: usize,
    pub name: &'a str,
    /// The encoding known so far and the bytes the block was decoded from.
    pub info: BlockInfo,
    pub text: &'a str,
    pub at: BlockStart,
}

/// A game that was not read, reported as a game of its input (numbered,
/// invalid).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Lost {
    /// Larger than the limit: streamed past.
    Oversized(Oversized),
    /// Cut by damage to its input.
    Truncated(Truncated),
}

impl Lost {
    /// Its first line.
    pub fn head(&self) -> &str {
        match self {
            Lost::Oversized(o) => &o.head,
            Lost::Truncated(t) => &t.head,
        }
    }

    /// What happened to it.
    pub fn message(&self) -> String {
        match self {
            Lost::Oversized(o) => o.message(),
            Lost::Truncated(t) => t.message(),
        }
    }

    /// The diagnostic that reports it, shown in its first line ([`Lost::head`]).
    pub fn diagnostic(&self) -> Diagnostic {
        let span = 0..self.head().len();
        match self {
            Lost::Oversized(o) => Diagnostic::new(Code::GameTooLarge, span, o.message())
                .label("this game")
                .help("pass --max-game-size with a larger size to read it (it is held in memory whole)"),
            Lost::Truncated(t) => Diagnostic::new(Code::TruncatedGame, span, t.message())
                .label("this game")
                .help("the games before it are read; get the file again, or repair the archive, to read the rest"),
        }
    }
}

/// An input that could not be opened, or whose reading failed part way
/// (a truncated or corrupt compressed file or archive, binary data).
#[derive(Debug)]
pub struct Damage {
    /// The input's index in the run, and its name.
    pub input: usize,
    pub name: String,
    /// The line of its text where the damage starts, when text was read.
    pub line: Option<usize>,
    /// Whether the input was opened (its text read up to the damage).
    pub opened: bool,
    pub error: std::io::Error,
}

impl Damage {
    /// Binary data at the start of the input, not text.
    pub fn not_text(&self) -> Option<&NotText> {
        self.error.get_ref().and_then(|e| e.downcast_ref::<NotText>())
    }
}

impl Damage {
    /// What happened, and where, without the input's name.
    pub fn what(&self) -> String {
        let why = match self.opened {
            false => reason(&self.error),
            true => self.error.to_string(),
        };
        match self.line {
            Some(line) if self.not_text().is_none() => {
                format!("{why} at line {line} of its text; the games before it are read")
            }
            _ => why,
        }
    }
}

impl std::fmt::Display for Damage {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}", self.name, self.what())
    }
}

/// What a run read.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Run {
    /// Inputs opened.
    pub opened: usize,
    /// Games, the lost ones included.
    pub games: usize,
    /// Games not read: over the size limit, or cut by damage.
    pub lost: usize,
    /// Inputs damaged or unreadable, as the consumer counted them.
    pub damaged: usize,
}

impl Run {
    /// The exit status the reading calls for: 2 when no input could be
    /// opened, 1 when an input was damaged or a game lost, else `None`
    /// (the command's own status).
    pub fn status(&self) -> Option<u8> {
        if self.damaged > 0 && self.opened == 0 {
            Some(2)
        } else if self.damaged > 0 || self.lost > 0 {
            Some(1)
        } else {
            None
        }
    }

    /// The closing line of a run that lost games, for standard error.
    pub fn summary(&self) -> Option<String> {
        (self.damaged > 0).then(|| {
            format!(
                "{} input(s) damaged or unreadable (above); {} game(s) read from {} input(s), every game before the damage",
                self.damaged, self.games, self.opened
            )
        })
    }

    /// This run's status over `code`, a command's own (0 or 1, or the
    /// command's meaning of 1).
    pub fn exit(&self, code: u8) -> u8 {
        self.status().map_or(code, |s| s.max(code))
    }
}

impl std::ops::AddAssign for Run {
    fn add_assign(&mut self, other: Run) {
        self.opened += other.opened;
        self.games += other.games;
        self.lost += other.lost;
        self.damaged += other.damaged;
    }
}

/// What a command (or the Python package) does with what is read. Only
/// [`Consumer::games`], [`Consumer::part`], [`Consumer::lost`] and
/// [`Consumer::damage`] are required.
pub trait Consumer<T> {
    /// The games (broken ones too) a chunk's result holds.
    fn games(&self, part: &T) -> usize;
    /// A chunk's result, in input order; `games_before`: the games of its
    /// input before the chunk (lost ones included).
    fn part(&mut self, input: usize, games_before: usize, part: T) -> Result<(), Error>;
    /// Game `game` (from 0) of input `name` that was not read, at `at`.
    fn lost(&mut self, name: &str, game: usize, lost: &Lost, at: BlockStart) -> Result<(), Error>;
    /// Damage to an input; returns whether it counts as damage (a
    /// consumer that makes binary data an error of its own says no).
    fn damage(&mut self, damage: &Damage) -> Result<bool, Error>;
    /// An input is opened, before its first block.
    fn start(&mut self, _input: usize, _name: &str) -> Result<(), Error> {
        Ok(())
    }
    /// A block, before its first chunk's result.
    fn block(&mut self, _block: Block<'_>) -> Result<(), Error> {
        Ok(())
    }
    /// An input is read, to its end or to its damage, with its games.
    fn end(&mut self, _input: usize, _games: usize) -> Result<(), Error> {
        Ok(())
    }
}

/// How the command line reports damage to an input, the one
/// implementation of [`Consumer::damage`] for a consumer with no policy of
/// its own: the damage on standard error (above the progress bar), counted.
pub fn report_damage(progress: &Progress, damage: &Damage) -> Result<bool, Error> {
    progress.suspend(|| eprintln!("pgn100: {damage}"));
    Ok(true)
}

/// How the command line reports a game that was not read, the one
/// implementation of [`Consumer::lost`] for a consumer that does not count
/// it: its input, line, number (from 1) and why, on standard error.
pub fn report_lost(progress: &Progress, name: &str, game: usize, lost: &Lost, at: BlockStart) -> Result<(), Error> {
    let line = at.lines_before + 1;
    progress.suspend(|| eprintln!("pgn100: {name}:{line}: game {}: {}", game + 1, lost.message()));
    Ok(())
}

/// What a consumer returns as its error when it has what it needs (`show`
/// has its game): [`read_inputs`] stops there and returns the run so far,
/// not an error.
#[derive(Debug)]
pub struct Enough;

impl std::fmt::Display for Enough {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("the consumer has what it needs")
    }
}

impl std::error::Error for Enough {}

/// Why the reading of one input stopped.
enum Stop {
    Read(ReadError),
    Consumer(Error),
}

impl From<ReadError> for Stop {
    fn from(e: ReadError) -> Stop {
        Stop::Read(e)
    }
}

/// Reads every input in turn, `work` on every chunk in parallel on
/// `pool`, the consumer told everything in input order (see the module's
/// text). An error of the consumer ends the run ([`Enough`] ends it as
/// done); damage to an input ends only that input.
pub fn read_inputs<T: Send, C: Consumer<T> + ?Sized>(
    inputs: &[Input],
    config: &Config,
    pool: &rayon::ThreadPool,
    progress: &Progress,
    work: impl Fn(&Chunk<'_>) -> T + Sync,
    consumer: &mut C,
) -> Result<Run, Error> {
    let mut run = Run::default();
    for (index, input) in inputs.iter().enumerate() {
        let name = input.name();
        match input.open_counted(progress) {
            Ok(reader) => match read_one(index, &name, reader, config, pool, &work, consumer, &mut run) {
                Err(e) if e.is::<Enough>() => return Ok(run),
                read => read?,
            },
            Err(error) => {
                let damage = Damage { input: index, name, line: None, opened: false, error };
                run.damaged += usize::from(consumer.damage(&damage)?);
            }
        }
    }
    Ok(run)
}

/// [`read_inputs`] for one input opened (`reader`, input `index` called
/// `name`), counted into `run`.
#[allow(clippy::too_many_arguments)]
pub fn read_one<T: Send, C: Consumer<T> + ?Sized>(
    index: usize,
    name: &str,
    reader: impl Read + Send,
    config: &Config,
    pool: &rayon::ThreadPool,
    work: &(impl Fn(&Chunk<'_>) -> T + Sync),
    consumer: &mut C,
    run: &mut Run,
) -> Result<(), Error> {
    run.opened += 1;
    consumer.start(index, name)?;
    let mut blocks = Blocks::new(reader, config.encoding, BLOCK).max_game(config.max_game);
    if let Some(to_utf8) = config.write_back {
        blocks = blocks.write_back(to_utf8);
    }
    // The games of the input so far, and the lost ones among them.
    let (games, lost) = (Cell::new(0), Cell::new(0));
    let shared = RefCell::new(&mut *consumer);
    let result = for_each_chunk(
        blocks,
        pool,
        |text, lines_before, bytes| work(&Chunk { input: index, name, text, lines_before, bytes }),
        |mut info, text, at| -> Result<(), Stop> {
            let gone = match (info.oversized.take(), info.truncated.take()) {
                (Some(o), _) => Some(Lost::Oversized(o)),
                (None, Some(t)) => Some(Lost::Truncated(t)),
                (None, None) => None,
            };
            let mut consumer = shared.borrow_mut();
            consumer.block(Block { input: index, name, info, text, at }).map_err(Stop::Consumer)?;
            if let Some(gone) = gone {
                consumer.lost(name, games.get(), &gone, at).map_err(Stop::Consumer)?;
                games.set(games.get() + 1);
                lost.set(lost.get() + 1);
            }
            Ok(())
        },
        |part| {
            let mut consumer = shared.borrow_mut();
            let n = consumer.games(&part);
            consumer.part(index, games.get(), part).map_err(Stop::Consumer)?;
            games.set(games.get() + n);
            Ok(())
        },
    );
    run.games += games.get();
    run.lost += lost.get();
    match result {
        Ok(()) => {}
        Err(Stop::Consumer(e)) => return Err(e),
        Err(Stop::Read(ReadError { error, lines })) => {
            let damage = Damage { input: index, name: name.to_string(), line: Some(lines + 1), opened: true, error };
            run.damaged += usize::from(consumer.damage(&damage)?);
        }
    }
    consumer.end(index, games.get())
}
