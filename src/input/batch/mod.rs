//! Large inputs: read in bounded blocks that end between games, split each
//! block into chunks at game boundaries, and process the chunks in parallel
//! (rayon) with results kept in input order.
//!
//! Texts are cut only at game boundaries (a line that starts with `[` after
//! a blank line, see [`crate::notation::reader`]) that do not follow a tag
//! line, where the reader is between items: reading the chunks gives what
//! reading the whole gives (the `split` fuzz target checks it). A block grows
//! to hold a game larger than itself, up to a limit ([`MAX_GAME`],
//! `--max-game-size`): a game larger than that is streamed past, never held
//! whole, and comes as an empty block that says so ([`Oversized`]); the
//! games after it are read.
//!
//! `blocks`: the blocks of a reader, decoded, a game over the limit or
//! cut by an error of the reader standing apart; `cut`: where a text can
//! be cut between games; `handoff`: the chunks of the blocks worked in
//! parallel and consumed in input order.

mod blocks;
mod cut;
mod handoff;

pub use blocks::{binary_excerpt, human_size, parse_size, Blocks, NotText, Oversized, Truncated};
pub use cut::chunks;
pub use handoff::{for_each_chunk, BlockInfo, BlockStart, ReadError};

/// Bytes read at a time.
pub const BLOCK: usize = 4 << 20;
/// Bytes read for the first block: the threads start on it sooner (it is
/// read and decoded before any work); the blocks after it double up to
/// the full size.
const FIRST_BLOCK: usize = 256 << 10;
/// Target size of a chunk handed to one thread.
pub const CHUNK: usize = 64 << 10;
/// The default limit on the size of one game (the bytes from its start to
/// the next game's): 64 MiB.
pub const MAX_GAME: usize = 64 << 20;
/// Bytes of chunks read and not yet consumed above which
/// [`for_each_chunk`] reads no block ahead (a block of one large game is
/// read when the ones before it are consumed).
const HELD: usize = 4 * BLOCK;
/// Bytes kept at the end of what was streamed past of a large game, to find
/// the boundary of the next game across two reads.
const KEEP: usize = 8;

/// The limit on the size of one game for [`Blocks::new`], as set by
/// [`set_max_game_size`] (the command line's `--max-game-size`).
static MAX_GAME_SIZE: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(MAX_GAME);

/// Sets the limit on the size of one game of the [`Blocks`] made after it
/// (at least 1 byte); [`Blocks::max_game`] sets it for one reader.
pub fn set_max_game_size(bytes: usize) {
    MAX_GAME_SIZE.store(bytes.max(1), std::sync::atomic::Ordering::Relaxed);
}

/// The limit on the size of one game of new [`Blocks`] (see [`set_max_game_size`]).
pub fn max_game_size() -> usize {
    MAX_GAME_SIZE.load(std::sync::atomic::Ordering::Relaxed)
}

/// A reader that gives `data`, then fails (for the tests).
#[cfg(test)]
struct FailsAfter<'a>(&'a [u8]);

#[cfg(test)]
impl std::io::Read for FailsAfter<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        if self.0.is_empty() {
            return Err(std::io::Error::other("the disk is gone"));
        }
        let n = buf.len().min(self.0.len());
        let (now, rest) = self.0.split_at(n);
        buf.get_mut(..n).unwrap_or_default().copy_from_slice(now);
        self.0 = rest;
        Ok(n)
    }
}
