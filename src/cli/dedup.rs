//! `pgn100 dedup`

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;

use super::collect::{fatal, file_ranges, read_all, write_game_bytes, Separation};
use super::input::InputArgs;
use super::progress::Progress;
use super::Outcome;
use crate::commands::dedup::{key_chunk, Place, Seen};
use crate::replay::Options;

#[derive(Args, Debug)]
#[command(after_help = "Copies are games of the same variant and start position with the same main-line moves, \
whatever letters, style, tags, comments or file they are written in. A game that does not replay without \
error is compared with none (and written). Exit status: 0 no copies, 1 copies found, 2 an input could not be read. One output, one encoding: the games of a single input are copied byte for byte, with a blank line between games (added where \
the input had none); with several inputs, \
games read in another encoding than UTF-8 (Latin-1, Windows-1251, KOI8-R, ...) are written in UTF-8, and a \
note on standard error names each such input. A UTF-16 file is always written in UTF-8.\n\n\
Examples:\n  pgn100 dedup --report corpus/ twic.zip\n  pgn100 dedup a.pgn b.pgn.zst -o unique.pgn\n  \
pgn100 dedup --variant chess --report -o unique.pgn lichess.pgn.zst")]
pub struct DedupArgs {
    #[command(flatten)]
    pub input: InputArgs,
    /// List each group of copies with the file, line and game number of every copy (on standard output).
    #[arg(long)]
    pub report: bool,
    /// Write the first copy of each game (and every game compared with none) to this file, whole or not at all; without --report, standard output is used when -o is not given.
    #[arg(short, long)]
    pub output: Option<PathBuf>,
}

pub fn run(args: &DedupArgs) -> Outcome {
    let encoding = args.input.encoding()?;
    let inputs = args.input.inputs()?;
    let pool = args.input.pool()?;
    let options = Options { default_variant: args.input.variant, ..Options::default() };
    let progress = Progress::new(&inputs);
    let mut seen = Seen::new(args.report);
    let write_games = args.output.is_some() || !args.report;
    let mut run = |out: &mut dyn Write| -> Result<bool, Box<dyn std::error::Error>> {
        let (mut current, mut number, mut ends_line) = (usize::MAX, 0u64, Separation::default());
        read_all(
            &inputs,
            encoding,
            &pool,
            &progress,
            |text, lines, at| {
                let (_, games) = key_chunk(text, options);
                let ranges = file_ranges(text, at, games.iter().map(|g| g.range.clone()));
                (lines, games, ranges)
            },
            |input, raw, (lines, games, ranges)| {
                if input != current {
                    (current, number) = (input, 0);
                }
                for (g, r) in games.iter().zip(&ranges) {
                    number += 1;
                    // Games over the size limit keep their numbers.
                    let game = number + raw.skipped as u64;
                    let place = Place { input: input as u32, line: (lines + g.line + 1) as u64, game };
                    if seen.add(g.key, place) && write_games {
                        write_game_bytes(out, raw.get(r), &mut ends_line).map_err(fatal)?;
                    }
                }
                Ok(())
            },
        )
    };
    let unreadable = if write_games {
        super::output::to_output(args.output.as_deref(), |out| run(out))?
    } else {
        run(&mut std::io::sink())?
    };
    progress.finish();
    if args.report {
        let mut out = std::io::stdout().lock();
        for (i, group) in seen.groups().iter().enumerate() {
            writeln!(out, "group {}: {} copies", i + 1, group.len())?;
            for p in group.iter() {
                let name = inputs.get(p.input as usize).map(|i| i.name()).unwrap_or_default();
                writeln!(out, "  {name}:{} (game {})", p.line, p.game)?;
            }
        }
        out.flush()?;
    }
    eprintln!(
        "pgn100 dedup: {} game(s), {} copies of earlier games in {} group(s){}",
        seen.games,
        seen.duplicates,
        seen.group_count,
        if seen.uncompared == 0 {
            String::new()
        } else {
            format!("; {} game(s) not replayed without error, compared with none", seen.uncompared)
        }
    );
    Ok(ExitCode::from(if unreadable {
        2
    } else if seen.duplicates > 0 {
        1
    } else {
        0
    }))
}
