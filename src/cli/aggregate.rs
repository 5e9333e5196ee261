//! The reading loop of the aggregating commands (stats, tree): every input
//! in turn through the parallel block driver, each chunk's part handed over
//! in input order with the number of games before it in its file.

use super::input::InputArgs;
use super::progress::Progress;
use crate::input::batch::{for_each_chunk, Blocks, BLOCK};

/// What a chunk's part says of itself to the driver.
pub trait Part: Send {
    /// The games (broken ones too) the chunk holds.
    fn games(&self) -> usize;
}

/// How the inputs were read.
#[derive(Debug, Default, Clone, Copy)]
pub struct Read {
    /// Inputs opened.
    pub opened: u64,
    /// An input could not be opened or read whole, or a game was over the
    /// size limit (the command exits 2).
    pub unreadable: bool,
}

/// Reads the inputs of `args`, runs `work(input name, chunk)` on every
/// chunk in parallel and gives `consume(games before it in its file, part)`
/// the parts in input order. An input that cannot be opened or read is
/// reported and passed over; a game over the size limit is reported (as
/// game `n` of its file, counted) and the games after it are read. A
/// broken pipe ends the reading (its error returned); any other error of
/// `consume` ends the input it came from.
pub fn aggregate<T: Part>(
    args: &InputArgs,
    work: impl Fn(&str, &str) -> T + Sync,
    mut consume: impl FnMut(usize, T) -> Result<(), Box<dyn std::error::Error>>,
) -> Result<Read, Box<dyn std::error::Error>> {
    let encoding = args.encoding()?;
    let inputs = args.inputs()?;
    let pool = args.pool()?;
    let progress = Progress::new(&inputs);
    let mut read = Read::default();
    for input in &inputs {
        let name = input.name();
        let Some(reader) = input.open_or_report(&progress) else {
            read.unreadable = true;
            continue;
        };
        read.opened += 1;
        // Games before the chunk; whether a game was over the size limit.
        let (index, oversized) = (std::cell::Cell::new(0), std::cell::Cell::new(false));
        let result = for_each_chunk(
            Blocks::new(reader, encoding, BLOCK),
            &pool,
            |text, _, _| work(&name, text),
            |info, _, at| {
                if let Some(game) = &info.oversized {
                    let line = at.lines_before + 1;
                    let n = index.get() + 1;
                    progress.suspend(|| eprintln!("pgn100: {name}:{line}: game {n}: {}", game.message()));
                    index.set(n);
                    oversized.set(true);
                }
                Ok::<(), Box<dyn std::error::Error>>(())
            },
            |part| {
                let games = part.games();
                consume(index.get(), part)?;
                index.set(index.get() + games);
                Ok(())
            },
        );
        read.unreadable |= oversized.get();
        if let Err(e) = result {
            if super::is_broken_pipe(e.as_ref()) {
                return Err(e);
            }
            progress.suspend(|| eprintln!("pgn100: {name}: {e}"));
            read.unreadable = true;
        }
    }
    progress.finish();
    Ok(read)
}

impl Part for (Vec<crate::commands::stats::GameStats>, crate::commands::stats::Aggregate) {
    fn games(&self) -> usize {
        usize::try_from(self.1.games).unwrap_or(usize::MAX)
    }
}

impl Part for crate::commands::tree::Tree {
    fn games(&self) -> usize {
        usize::try_from(self.games).unwrap_or(usize::MAX)
    }
}
