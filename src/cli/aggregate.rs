//! The aggregating commands (stats, tree) on the reading driver: each
//! chunk's part handed over in input order with the number of games
//! before it in its file.

use super::input::InputArgs;
use super::progress::Progress;
use crate::input::batch::BlockStart;
use crate::input::driver::{read_inputs, Chunk, Consumer, Damage, Error, Lost, Run};

/// What a chunk's part says of itself to the driver.
pub trait Part: Send {
    /// The games (broken ones too) the chunk holds.
    fn games(&self) -> usize;
}

/// Reads the inputs of `args`, runs `work(input name, chunk)` on every
/// chunk in parallel and gives `consume(games before it in its file, part)`
/// the parts in input order. A game not read (over the size limit, cut by
/// damage) is reported as game `n` of its file, and the games after it
/// are read; a damaged or unreadable input is reported and the others are
/// read (see [`crate::input::driver`]). An error of `consume` ends the run.
pub fn aggregate<T: Part>(
    args: &InputArgs,
    work: impl Fn(&str, &str) -> T + Sync,
    consume: impl FnMut(usize, T) -> Result<(), Error>,
) -> Result<Run, Error> {
    let inputs = args.inputs()?;
    let pool = args.pool()?;
    let progress = Progress::new(&inputs);
    let mut consumer = Aggregating { consume, progress: &progress };
    let run =
        read_inputs(&inputs, &args.config()?, &pool, &progress, |c: &Chunk<'_>| work(c.name, c.text), &mut consumer)?;
    progress.finish();
    super::report_run(&run);
    Ok(run)
}

struct Aggregating<'a, F> {
    consume: F,
    progress: &'a Progress,
}

impl<T: Part, F: FnMut(usize, T) -> Result<(), Error>> Consumer<T> for Aggregating<'_, F> {
    fn games(&self, part: &T) -> usize {
        part.games()
    }
    fn part(&mut self, _: usize, before: usize, part: T) -> Result<(), Error> {
        (self.consume)(before, part)
    }
    fn lost(&mut self, name: &str, game: usize, lost: &Lost, at: BlockStart) -> Result<(), Error> {
        crate::input::driver::report_lost(self.progress, name, game, lost, at)
    }
    fn damage(&mut self, damage: &Damage) -> Result<bool, Error> {
        crate::input::driver::report_damage(self.progress, damage)
    }
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
