//! `--skip N` and `--limit N` (alias `--first N`): which of the games a
//! command would write it writes, for every command that writes games
//! (`#[command(flatten)]` a [`RangeArgs`]). Reading stops once the limit
//! is met.

use clap::Args;

use crate::input::driver::Run;

#[derive(Args, Debug, Default, Clone, Copy)]
pub struct RangeArgs {
    /// Leave out the first N games that would be written.
    #[arg(long, value_name = "N", default_value_t = 0)]
    pub skip: usize,
    /// Write at most N games (after --skip), then stop reading, as pgn-extract's stopafter option does; --first N is the same.
    #[arg(long, value_name = "N", alias = "first")]
    pub limit: Option<usize>,
}

/// Counts the games a command would write against a [`RangeArgs`].
#[derive(Debug, Clone, Copy)]
pub struct Counter {
    skip: usize,
    limit: Option<usize>,
    /// Games that would have been written so far.
    seen: usize,
    /// Games written so far.
    pub written: usize,
}

impl RangeArgs {
    pub fn counter(&self) -> Counter {
        Counter { skip: self.skip, limit: self.limit, seen: 0, written: 0 }
    }
}

impl Counter {
    /// One more game would be written: whether it is.
    pub fn take(&mut self) -> bool {
        self.seen += 1;
        let take = self.seen > self.skip && !self.full();
        self.written += usize::from(take);
        take
    }

    /// Whether the limit is met: nothing more will be written.
    pub fn full(&self) -> bool {
        self.limit.is_some_and(|n| self.written >= n)
    }

    /// `Err(Enough)` once the limit is met, to end the reading (a
    /// consumer's error ends it); [`Counter::finish`] turns it back.
    pub fn check(&self) -> Result<(), Box<dyn std::error::Error>> {
        if self.full() {
            Err(Box::new(Enough))
        } else {
            Ok(())
        }
    }

    /// The reading's outcome, a stop for [`Enough`] counted as a
    /// reading that went well (its games: `games` read until then).
    pub fn finish(
        result: Result<Run, Box<dyn std::error::Error>>,
        games: usize,
    ) -> Result<Run, Box<dyn std::error::Error>> {
        match result {
            Err(e) if e.is::<Enough>() => Ok(Run { opened: 1, games, ..Run::default() }),
            other => other,
        }
    }
}

/// The limit is met: the reading ends here.
#[derive(Debug)]
pub struct Enough;

impl std::fmt::Display for Enough {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("the --limit is met")
    }
}

impl std::error::Error for Enough {}
