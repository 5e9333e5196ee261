//! The reading loop of the collector's commands (filter, dedup, split):
//! every input in turn through the parallel block driver, each chunk's
//! result handed over in input order with the bytes of its block, so that
//! games are written back in the bytes they were read from.
//!
//! One output, one encoding: with more than one input, the games of an
//! input in another encoding than UTF-8 (ASCII is UTF-8) are written in
//! UTF-8, and a note on standard error says so; a UTF-16 file is always
//! written in UTF-8. The games of a single input are copied byte for byte.

use std::ops::Range;

use super::input::Input;
use super::progress::Progress;
use crate::input::batch::BlockStart;
use crate::input::driver::{read_inputs, Block, Chunk, Config, Consumer, Damage, Error, Lost, Run};
use crate::notation::decode::{Charset, FileBytes};

/// The bytes of the block being consumed, as read from the file.
#[derive(Default)]
pub struct Raw {
    /// The file offset of `bytes[0]`.
    start: usize,
    bytes: Vec<u8>,
}

impl Raw {
    /// The file's bytes in `range` (file offsets within this block).
    pub fn get(&self, range: &Range<usize>) -> &[u8] {
        let (a, b) = (range.start.saturating_sub(self.start), range.end.saturating_sub(self.start));
        self.bytes.get(a..b).unwrap_or_default()
    }
}

/// The file offsets of `ranges` (in order, not overlapping) of `text`, a
/// chunk that starts at `at` in its file: exact in every encoding, undecodable
/// bytes and lone CRs included, so that games are written back as read.
pub fn file_ranges(text: &str, at: FileBytes, ranges: impl IntoIterator<Item = Range<usize>>) -> Vec<Range<usize>> {
    let (mut pos, mut file) = (0, at.start);
    let mut to_file = |to: usize| {
        let to = to.max(pos);
        file += at.width.bytes(text.get(pos..to).unwrap_or_default());
        pos = to;
        file
    };
    ranges.into_iter().map(|r| to_file(r.start)..to_file(r.end)).collect()
}

/// Reads `inputs` through the reading driver, runs `work(text,
/// lines_before, file bytes)` on every chunk in parallel and gives
/// `consume(input index, games of the input before the chunk, block
/// bytes, result)` the results in order; `games` counts a result's games.
/// A game not read (over the size limit, cut by damage) is reported and
/// keeps its number; a damaged or unreadable input is reported and the
/// others are read. An error of `consume` ends the reading. With more
/// than one input, games not in UTF-8 are given as UTF-8 (see the
/// module's text).
pub fn read_all<T: Send>(
    inputs: &[Input],
    config: Config,
    pool: &rayon::ThreadPool,
    progress: &Progress,
    work: impl Fn(&str, usize, FileBytes) -> T + Sync,
    games: impl Fn(&T) -> usize,
    consume: impl FnMut(usize, usize, &Raw, T) -> Result<(), Error>,
) -> Result<Run, Error> {
    let to_utf8 = inputs.len() > 1;
    let config = Config { write_back: Some(to_utf8), ..config };
    let mut consumer = Collecting { to_utf8, noted: None, raw: Raw::default(), progress, games, consume };
    let run = read_inputs(
        inputs,
        &config,
        pool,
        progress,
        |c: &Chunk<'_>| work(c.text, c.lines_before, c.bytes),
        &mut consumer,
    )?;
    super::report_run(&run);
    Ok(run)
}

/// The collector's consumer of the reading driver.
struct Collecting<'a, G, C> {
    to_utf8: bool,
    /// The input whose encoding was noted.
    noted: Option<usize>,
    /// The bytes of the block whose chunks are being consumed.
    raw: Raw,
    progress: &'a Progress,
    games: G,
    consume: C,
}

impl<T, G, C> Consumer<T> for Collecting<'_, G, C>
where
    G: Fn(&T) -> usize,
    C: FnMut(usize, usize, &Raw, T) -> Result<(), Error>,
{
    fn games(&self, part: &T) -> usize {
        (self.games)(part)
    }
    fn part(&mut self, input: usize, before: usize, part: T) -> Result<(), Error> {
        (self.consume)(input, before, &self.raw, part)
    }
    fn block(&mut self, block: Block<'_>) -> Result<(), Error> {
        let to_utf8 = self.to_utf8;
        let used = block.info.used.filter(|&e| e != Charset::UTF_8 && (to_utf8 || e.is_utf16()));
        if let (Some(used), false) = (used, self.noted == Some(block.input)) {
            self.noted = Some(block.input);
            let why = if to_utf8 { ", so that the output has one encoding" } else { "" };
            self.progress.suspend(|| {
                eprintln!("pgn100: note: {}: read as {}; its games are written in UTF-8{why}", block.name, used.name())
            });
        }
        let bytes = block.info.raw.unwrap_or_else(|| block.text.as_bytes().to_vec());
        self.raw = Raw { start: block.at.bytes.start, bytes };
        Ok(())
    }
    fn lost(&mut self, name: &str, game: usize, lost: &Lost, at: BlockStart) -> Result<(), Error> {
        crate::input::driver::report_lost(self.progress, name, game, lost, at)
    }
    fn damage(&mut self, damage: &Damage) -> Result<bool, Error> {
        crate::input::driver::report_damage(self.progress, damage)
    }
}

/// What the games written so far end with, for the blank line between
/// games (see [`write_game_bytes`]); the default is nothing written yet.
#[derive(Copy, Clone, Debug, Default)]
pub struct Separation {
    /// Line ends the next game needs before it, and how they are written.
    missing: usize,
    eol: &'static [u8],
}

/// Writes a game's bytes as read, after a blank line when the bytes
/// written before (`between` says) did not end with one: the games of the
/// output are kept apart by a blank line, as PGN writes them, even where
/// the input had none. White space and line ends are those of the input
/// (CR LF after CR LF).
pub fn write_game_bytes(
    out: &mut (impl std::io::Write + ?Sized),
    bytes: &[u8],
    between: &mut Separation,
) -> std::io::Result<()> {
    for _ in 0..between.missing {
        out.write_all(between.eol)?;
    }
    out.write_all(bytes)?;
    // The line ends among the white space that ends the game.
    let tail = bytes.iter().rev().take_while(|b| b.is_ascii_whitespace());
    let line_ends = tail.filter(|&&b| b == b'\n').count();
    let eol: &[u8] = if bytes.ends_with(b"\r\n") { b"\r\n" } else { b"\n" };
    *between = Separation { missing: 2usize.saturating_sub(line_ends), eol };
    Ok(())
}

/// An error of writing the output, which ends the command (an error of
/// reading ends only the input being read, see [`crate::input::driver`]).
#[derive(Debug)]
pub struct Fatal(pub String);

impl std::fmt::Display for Fatal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Fatal {}

/// Wraps an output error as [`Fatal`] (a closed pipe stays what it is).
pub fn fatal(e: std::io::Error) -> Box<dyn std::error::Error> {
    if e.kind() == std::io::ErrorKind::BrokenPipe {
        Box::new(e)
    } else {
        Box::new(Fatal(e.to_string()))
    }
}
