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
use crate::input::batch::{for_each_chunk, Blocks, BLOCK};
use crate::notation::decode::{Charset, FileBytes};

/// The bytes of the block being consumed, as read from the file.
#[derive(Default)]
pub struct Raw {
    /// The file offset of `bytes[0]`.
    start: usize,
    bytes: Vec<u8>,
    /// The games over the size limit skipped in the input before the
    /// block: a command that numbers games adds them.
    pub skipped: usize,
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

/// Reads `inputs`, runs `work(text, lines_before, file bytes)` on every
/// chunk in parallel and gives `consume(input index, block bytes, result)`
/// the results in order. An input that cannot be read is reported and
/// skipped; returns whether one was. Errors of `consume` end the reading.
/// With more than one input, games not in UTF-8 are given as UTF-8 (see
/// the module's text).
pub fn read_all<T: Send>(
    inputs: &[Input],
    encoding: Option<crate::notation::decode::Charset>,
    pool: &rayon::ThreadPool,
    progress: &Progress,
    work: impl Fn(&str, usize, FileBytes) -> T + Sync,
    mut consume: impl FnMut(usize, &Raw, T) -> Result<(), Box<dyn std::error::Error>>,
) -> Result<bool, Box<dyn std::error::Error>> {
    let mut unreadable = false;
    let to_utf8 = inputs.len() > 1;
    for (i, input) in inputs.iter().enumerate() {
        let Some(reader) = input.open_or_report(progress) else {
            unreadable = true;
            continue;
        };
        // The bytes of the block whose chunks are being consumed.
        let raw = std::cell::RefCell::new(Raw::default());
        let mut noted = false;
        // Whether a game was over the size limit (the input is not read whole).
        let oversized = std::cell::Cell::new(false);
        let result = for_each_chunk(
            Blocks::new(reader, encoding, BLOCK).write_back(to_utf8),
            pool,
            &work,
            |blocks, text, at| {
                if let Some(used) = blocks.used.filter(|&e| e != Charset::UTF_8 && (to_utf8 || e.is_utf16())) {
                    if !std::mem::replace(&mut noted, true) {
                        let why = if to_utf8 { ", so that the output has one encoding" } else { "" };
                        progress.suspend(|| {
                            eprintln!(
                                "pgn100: note: {}: read as {}; its games are written in UTF-8{why}",
                                input.name(),
                                used.name()
                            )
                        });
                    }
                }
                let skipped = raw.borrow().skipped + usize::from(blocks.oversized.is_some());
                if let Some(game) = &blocks.oversized {
                    let line = at.lines_before + 1;
                    progress.suspend(|| eprintln!("pgn100: {}:{line}: {}", input.name(), game.message()));
                    oversized.set(true);
                }
                let bytes = blocks.raw.unwrap_or_else(|| text.as_bytes().to_vec());
                *raw.borrow_mut() = Raw { start: at.bytes.start, bytes, skipped };
                Ok::<(), Box<dyn std::error::Error>>(())
            },
            |t| consume(i, &raw.borrow(), t),
        );
        unreadable |= oversized.get();
        if let Err(e) = result {
            if super::is_broken_pipe(e.as_ref()) || e.downcast_ref::<Fatal>().is_some() {
                return Err(e);
            }
            progress.suspend(|| eprintln!("pgn100: {}: {e}", input.name()));
            unreadable = true;
        }
    }
    Ok(unreadable)
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
/// reading ends only the input being read).
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
