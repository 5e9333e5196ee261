//! `pgn100 moves`

use std::io::Write;
use std::process::ExitCode;
use std::sync::Arc;

use clap::{Args, ValueEnum};

use super::collect::{fatal, read_all};
use super::input::{Input, InputArgs};
use super::output::Sink;
use super::progress::Progress;
use super::Outcome;
use crate::commands::moves::parquet_layout;
use crate::commands::moves::{moves_chunk, ChunkGame, ChunkRows, MoveLine, MovesChunk, RowsFormat};
use crate::output::parquet::{Batch, ParquetRows};
use crate::output::table::TextFormat;
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
as `K Q p`), uci (the UCI chess programs read: Chess castling `e1g1`, Chess960 castling the king onto its \
rook, `e1h1`; elsewhere the oracle data's marks, `f8f9@e3` placing a throne pawn, castling the king's move \
marked `=O`, `f2h2=O`), written (the token as the record has it), piece \
(the man's FEN letter, upper case), capture, captured, check and mate (by the rules, not the written marks), \
castle_stage (first, second), castle_wing (short, long), promotion, throne_pawn (its square), en_passant, \
restored (Royal: the queen was restored before the move); what the comments and NAGs after the move say \
(variations aside): clock (seconds on the mover's clock after the move, `[%clk 1:30:00]`), elapsed (seconds \
the move took, `[%emt 0:00:12]`), eval_cp and eval_mate (`[%eval 0.17]` is 17 centipawns, `[%eval #-3]` \
mate in 3 for Black: from White's side), eval_depth (the depth the evaluation was searched to, `[%eval 0.17,23]` \
is 23; empty when the command gives none), nags (`$1 $14`; a glyph `!` is `$1`), comment (the comments' text \
without those commands) and arrows (`[%cal Ge2e4]` and `[%csl Rd4]` as one list, `Ge2e4,Rd4`; squares \
a1 to j10); and, with --fen, fen: the position after the move. A game whose replay stops at an error has its rows up to there, its errors are reported on standard \
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

/// Writes rows as they come, in input order: the workers wrote them but
/// for the columns of [`crate::commands::moves::MoveHead`], added here.
enum RowWriter {
    /// CSV or JSON lines; a chunk's lines are gathered in the buffer.
    Text(TextFormat, Sink, Vec<u8>),
    /// Parquet; the head columns of a chunk's rows are gathered in the batch.
    Parquet(Box<ParquetRows<Sink>>, Batch),
}

impl RowWriter {
    fn open(args: &MovesArgs, pool: &Arc<rayon::ThreadPool>) -> Result<RowWriter, Box<dyn std::error::Error>> {
        let mut sink = Sink::open(args.output.as_deref(), args.format == MovesFormat::Parquet)?;
        let sample = MoveLine::sample(args.fen);
        Ok(match args.format.rows() {
            RowsFormat::Text(format) => {
                let mut header = Vec::new();
                format.header(&mut header, &sample);
                sink.write_all(&header)?;
                RowWriter::Text(format, sink, Vec::new())
            }
            RowsFormat::Parquet => {
                let mut w = ParquetRows::like(sink, &sample, &parquet_layout(args.fen))?;
                w.encode_in(Arc::clone(pool));
                RowWriter::Parquet(Box::new(w), Batch::like(&sample.head))
            }
        })
    }

    /// Writes the rows of `chunk`'s games `games` (in order), the games
    /// numbered from `number(game)` in file `file`.
    fn write(
        &mut self,
        chunk: &MovesChunk,
        games: &[&ChunkGame],
        file: &str,
        number: impl Fn(&ChunkGame) -> usize,
    ) -> Result<(), Box<dyn std::error::Error>> {
        match (self, &chunk.rows) {
            (RowWriter::Text(format, sink, out), ChunkRows::Text { bytes, ends }) => {
                let mut head = Vec::new();
                out.clear();
                for game in games {
                    head.clear();
                    format.begin(&mut head);
                    format.cells(&mut head, &game.head(file, number(game)), true);
                    let mut start = game.rows.start.checked_sub(1).and_then(|i| ends.get(i)).copied().unwrap_or(0);
                    for &end in ends.get(game.rows.clone()).unwrap_or_default() {
                        out.extend_from_slice(&head);
                        out.extend_from_slice(bytes.get(start..end).unwrap_or_default());
                        start = end;
                    }
                }
                sink.write_all(out).map_err(fatal)
            }
            (RowWriter::Parquet(w, head), ChunkRows::Columns(batch)) => {
                // The games' rows in runs of games next to each other.
                let mut i = 0;
                while let Some(first) = games.get(i) {
                    let mut rows = first.rows.start..first.rows.start;
                    head.clear();
                    while let Some(game) = games.get(i).filter(|g| g.rows.start == rows.end) {
                        rows.end = game.rows.end;
                        head.push_repeated(&game.head(file, number(game)), game.rows.len())?;
                        i += 1;
                    }
                    w.append(&[(head, 0..head.len()), (batch, rows)]).map_err(|e| fatal(std::io::Error::other(e)))?;
                }
                Ok(())
            }
            _ => Err("the rows of a chunk are not in the output's format".into()),
        }
    }

    fn finish(self) -> Result<Sink, Box<dyn std::error::Error>> {
        Ok(match self {
            RowWriter::Text(_, mut w, _) => {
                w.flush()?;
                w
            }
            RowWriter::Parquet(w, _) => w.finish()?,
        })
    }
}

impl MovesFormat {
    /// How the workers write the rows.
    fn rows(self) -> RowsFormat {
        match self {
            MovesFormat::Csv => RowsFormat::Text(TextFormat::Csv),
            MovesFormat::Jsonl => RowsFormat::Text(TextFormat::Json),
            MovesFormat::Parquet => RowsFormat::Parquet,
        }
    }
}

pub fn run(args: &MovesArgs, color: bool) -> Outcome {
    let config = args.input.config()?;
    let inputs = args.input.inputs()?;
    let pool = Arc::new(args.input.pool()?);
    let options = Options { default_variant: args.input.variant, ..Options::default() };
    let progress = Progress::new(&inputs);
    let mut rows = RowWriter::open(args, &pool)?;
    let (mut games, mut invalid) = (0usize, 0usize);
    let wanted = args.game.and_then(|n| usize::try_from(n).ok());
    let format = args.format.rows();
    let read = read_all(
        &inputs,
        config,
        &pool,
        &progress,
        // The chunk's source is named when it is consumed.
        |text, lines, bytes| moves_chunk("", text, lines, bytes, options, args.fen, format),
        |chunk| chunk.as_ref().map_or(0, |c| c.games.len()),
        // Games not read keep their numbers.
        |i, before, _, chunk| {
            let mut chunk = chunk.map_err(|e| fatal(std::io::Error::other(e)))?;
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
            // Games are numbered from 1 in their file.
            let number = |game: &ChunkGame| before + game.game + 1;
            let kept: Vec<&ChunkGame> = chunk.games.iter().filter(|g| wanted.is_none_or(|n| n == number(g))).collect();
            games += kept.len();
            invalid += kept.iter().filter(|g| !g.valid).count();
            rows.write(&chunk, &kept, &name, number)?;
            Ok(())
        },
    )?;
    progress.finish();
    if invalid > 0 {
        eprintln!(
            "pgn100: {invalid} of {games} game(s) invalid: their rows stop where the replay stops (column valid false)"
        );
    }
    // A damaged input: the rows of the games before the damage are written.
    rows.finish()?.commit()?;
    Ok(ExitCode::from(read.exit(u8::from(invalid > 0))))
}
