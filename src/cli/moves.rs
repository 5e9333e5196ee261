//! `pgn100 moves`

use std::process::ExitCode;

use clap::{Args, ValueEnum};

use super::collect::{fatal, read_all};
use super::input::{Input, InputArgs};
use super::output::Sink;
use super::progress::Progress;
use super::Outcome;
use crate::commands::moves::{moves_chunk, MoveLine, MovesChunk};
use crate::output::parquet::{ParquetRows, ROW_GROUP};
use crate::output::table::{write_csv, write_csv_header, write_json, Row};
use crate::replay::Options;

#[derive(Copy, Clone, Debug, ValueEnum, PartialEq, Eq)]
pub enum MovesFormat {
    /// CSV with a header line.
    Csv,
    /// One JSON object a line.
    Jsonl,
    /// Parquet, typed columns (to a file: -o).
    Parquet,
}

#[derive(Args, Debug)]
#[command(
    long_about = "One row per move of every game's main line (variations are not rows): file, game (its \
number in the file, from 1), variant, date (the Date tag), valid (the game replays without an error), ply \
(from 1), move_number (Dice chess: the turn's number), side, roll (Dice chess: the roll of the move's turn, \
as `K Q p`), uci (UCI-style coordinates of the oracle data: `f8f9@e3` places a throne pawn, castling is the \
king's move marked `=O`, except in Dice chess, `e1g1`), written (the token as the record has it), piece \
(the man's FEN letter, upper case), capture, captured, check and mate (by the rules, not the written marks), \
castle_stage (first, second), castle_wing (short, long), promotion, throne_pawn (its square), en_passant, \
restored (Royal: the queen was restored before the move) and, with --fen, fen: the position after the \
move. A game whose replay stops at an error has its rows up to there, its errors are reported on standard \
error as validate reports them, and the exit status is 1.",
    after_help = "Examples:\n  pgn100 moves games.pgn > moves.csv\n  \
pgn100 moves --format parquet -o moves.parquet corpus/\n  pgn100 moves --format jsonl --fen --game 3 games.pgn"
)]
pub struct MovesArgs {
    #[command(flatten)]
    pub input: InputArgs,
    /// Output format.
    #[arg(long, value_enum, default_value = "csv")]
    pub format: MovesFormat,
    /// Write to this file (whole or not at all) instead of standard output;
    /// needed for --format parquet.
    #[arg(short, long)]
    pub output: Option<std::path::PathBuf>,
    /// Add the column fen: the position after the move (Dice chess: after
    /// the turn passes, on the last move of a turn).
    #[arg(long)]
    pub fen: bool,
    /// Only the moves of game N (from 1) of each file.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub game: Option<u64>,
}

/// Writes rows as they come, in input order.
enum RowWriter {
    Csv(Box<csv::Writer<Sink>>, csv::ByteRecord),
    Jsonl(Sink),
    Parquet(Box<ParquetRows<Sink>>),
}

impl RowWriter {
    fn open(args: &MovesArgs) -> Result<RowWriter, Box<dyn std::error::Error>> {
        let sink = Sink::open(args.output.as_deref(), args.format == MovesFormat::Parquet)?;
        let sample = MoveLine::sample(args.fen);
        Ok(match args.format {
            MovesFormat::Csv => {
                let mut w = csv::Writer::from_writer(sink);
                write_csv_header(&mut w, &sample)?;
                RowWriter::Csv(Box::new(w), csv::ByteRecord::new())
            }
            MovesFormat::Jsonl => RowWriter::Jsonl(sink),
            MovesFormat::Parquet => RowWriter::Parquet(Box::new(ParquetRows::like(sink, &sample, "move", ROW_GROUP)?)),
        })
    }

    fn write(&mut self, row: &impl Row) -> std::io::Result<()> {
        match self {
            RowWriter::Csv(w, record) => write_csv(w, record, row),
            RowWriter::Jsonl(w) => write_json(w, row),
            RowWriter::Parquet(w) => w.push(row).map_err(std::io::Error::other),
        }
    }

    fn finish(self) -> Result<Sink, Box<dyn std::error::Error>> {
        Ok(match self {
            RowWriter::Csv(w, _) => w.into_inner().map_err(|e| e.into_error())?,
            RowWriter::Jsonl(mut w) => {
                std::io::Write::flush(&mut w)?;
                w
            }
            RowWriter::Parquet(w) => w.finish()?,
        })
    }
}

pub fn run(args: &MovesArgs, color: bool) -> Outcome {
    let encoding = args.input.encoding()?;
    let inputs = args.input.inputs()?;
    let pool = args.input.pool()?;
    let options = Options { default_variant: args.input.variant, ..Options::default() };
    let progress = Progress::new(&inputs);
    let mut rows = RowWriter::open(args)?;
    let (mut games, mut invalid) = (0usize, 0usize);
    let wanted = args.game.and_then(|n| usize::try_from(n).ok());
    let mut at = (usize::MAX, 0); // the input being read, and its games before the chunk
    let unreadable = read_all(
        &inputs,
        encoding,
        &pool,
        &progress,
        // The chunk's source is named when it is consumed.
        |text, lines, bytes| moves_chunk("", text, lines, bytes, options, args.fen),
        |i, raw, mut chunk: MovesChunk| {
            if at.0 != i {
                at = (i, 0);
            }
            // Games over the size limit keep their numbers.
            let before = at.1 + raw.skipped;
            let name = inputs.get(i).map(Input::name).unwrap_or_default();
            if let Some(source) = chunk.source.as_mut() {
                source.name.clone_from(&name);
                for d in &chunk.errors {
                    let number = d.game.map_or(0, |g| g + before + 1);
                    if wanted.is_none_or(|n| n == number) {
                        let mut d = d.clone();
                        d.game = d.game.map(|g| g + before);
                        progress.suspend(|| eprint!("{}", d.render(source, color)));
                    }
                }
            }
            for game in &chunk.games {
                // Games are numbered from 1 in their file.
                let number = before + game.game + 1;
                if wanted.is_some_and(|n| n != number) {
                    continue;
                }
                games += 1;
                invalid += usize::from(!game.valid);
                for row in &game.moves {
                    let line = MoveLine { file: &name, game: number, moves: game, row, fen: args.fen };
                    rows.write(&line).map_err(fatal)?;
                }
            }
            at.1 += chunk.games.len();
            Ok(())
        },
    )?;
    progress.finish();
    if invalid > 0 {
        eprintln!(
            "pgn100: {invalid} of {games} game(s) invalid: their rows stop where the replay stops (column valid false)"
        );
    }
    // A file is committed only when every input could be read.
    let sink = rows.finish()?;
    if !unreadable {
        sink.commit()?;
    }
    Ok(ExitCode::from(if unreadable {
        2
    } else if invalid > 0 {
        1
    } else {
        0
    }))
}
