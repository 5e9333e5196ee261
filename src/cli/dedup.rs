//! `pgn100 dedup`

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;

use super::collect::{fatal, file_ranges, read_all, write_game_bytes, Separation};
use super::input::InputArgs;
use super::progress::Progress;
use super::range::{Counter, RangeArgs};
use super::Outcome;
use crate::commands::dedup::{key_chunk_by, Place, Seen};
use crate::input::driver::Run;
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
    /// Copies are games whose boards are the same after N plies of the main line (0: at its end; a shorter game: at its end), however they got there (as pgn-extract's fuzzydepth option): men on squares only, not the side to move, castling or en passant.
    #[arg(long, value_name = "N")]
    pub by_position: Option<u32>,
    /// Write the copies of earlier games (those left out) to this file, whole or not at all (as pgn-extract's -d).
    #[arg(long, value_name = "FILE")]
    pub duplicates: Option<PathBuf>,
    /// Leave out the games that are copies of a game of these files or directories, a collection already checked (as pgn-extract's -c); their own games are not written.
    #[arg(long, value_name = "FILE")]
    pub against: Vec<PathBuf>,
    #[command(flatten)]
    pub range: RangeArgs,
}

pub fn run(args: &DedupArgs) -> Outcome {
    let config = args.input.config()?;
    let inputs = args.input.inputs()?;
    let pool = args.input.pool()?;
    let options = Options { default_variant: args.input.variant, ..Options::default() };
    let progress = Progress::new(&inputs);
    let mut seen = Seen::new(args.report);
    let write_games = args.output.is_some() || !args.report;
    let mut range = args.range.counter();
    let mut games_read = 0;
    // No --against: no checked collection (expanding no paths would read standard input).
    let checked = if args.against.is_empty() { Vec::new() } else { crate::input::paths::expand(&args.against)? };
    if !checked.is_empty() {
        // The checked collection's games, known before the inputs' (their
        // places numbered after the inputs').
        let base = inputs.len() as u32;
        let read = read_all(
            &checked,
            config,
            &pool,
            &progress,
            |text, lines, _| (lines, key_chunk_by(text, options, args.by_position).1),
            |(_, games)| games.len(),
            |input, before, _, (lines, games)| {
                for (number, g) in games.iter().enumerate() {
                    let game = (before + number + 1) as u64;
                    let place = Place { input: base + input as u32, line: (lines + g.line + 1) as u64, game };
                    seen.know(g.key, place);
                }
                Ok(())
            },
        )?;
        if read.status() == Some(2) {
            return Err("--against: no file could be read".into());
        }
    }
    let mut copies = args.duplicates.as_deref().map(super::output::AtomicFile::create).transpose()?;
    let mut copies_line = Separation::default();
    let by_position = args.by_position;
    let mut run = |out: &mut dyn Write| -> Result<Run, Box<dyn std::error::Error>> {
        let mut ends_line = Separation::default();
        let read = read_all(
            &inputs,
            config,
            &pool,
            &progress,
            |text, lines, at| {
                let (_, games) = key_chunk_by(text, options, by_position);
                let ranges = file_ranges(text, at, games.iter().map(|g| g.range.clone()));
                (lines, games, ranges)
            },
            |(_, games, _)| games.len(),
            |input, before, raw, (lines, games, ranges)| {
                for (number, (g, r)) in games.iter().zip(&ranges).enumerate() {
                    // Games not read keep their numbers.
                    let game = (before + number + 1) as u64;
                    let place = Place { input: input as u32, line: (lines + g.line + 1) as u64, game };
                    if !seen.add(g.key, place) {
                        if let Some(copies) = copies.as_mut() {
                            write_game_bytes(copies, raw.get(r), &mut copies_line).map_err(fatal)?;
                        }
                    } else if write_games && range.take() {
                        write_game_bytes(out, raw.get(r), &mut ends_line).map_err(fatal)?;
                    }
                }
                games_read += games.len();
                range.check()
            },
        );
        Counter::finish(read, games_read)
    };
    let read = if write_games {
        super::output::to_output(args.output.as_deref(), |out| run(out))?
    } else {
        run(&mut std::io::sink())?
    };
    if let Some(copies) = copies {
        copies.commit()?;
    }
    progress.finish();
    if args.report {
        let mut out = std::io::stdout().lock();
        for (i, group) in seen.groups().iter().enumerate() {
            writeln!(out, "group {}: {} copies", i + 1, group.len())?;
            for p in group.iter() {
                let name = inputs.iter().chain(&checked).nth(p.input as usize).map(|i| i.name()).unwrap_or_default();
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
    Ok(ExitCode::from(read.exit(u8::from(seen.duplicates > 0))))
}
