//! `pgn100 stats`

use std::io::{Read, Write};
use std::process::ExitCode;

use clap::{Args, ValueEnum};

use super::aggregate::aggregate;
use super::input::InputArgs;
use super::output::{write_atomic, Sink};
use super::Outcome;
use crate::commands::stats::{chunk_stats, Aggregate, GameStats, OPENINGS};
use crate::output::parquet::ParquetRows;
use crate::output::stats_page::stats_page;
use crate::output::table::io_error;
use crate::replay::Options;

#[derive(Copy, Clone, Debug, ValueEnum, PartialEq, Eq)]
pub enum StatsFormat {
    /// A readable table.
    Table,
    /// CSV (per game: one row a game; aggregate: section,key,value,percent_of_valid rows).
    Csv,
    /// JSON (per game: one object a line).
    Json,
    /// Parquet, typed columns (per game only, to a file: -o).
    Parquet,
}

#[derive(Args, Debug)]
#[command(
    after_help = "Examples:\n  pgn100 stats corpus/\n  pgn100 stats --per-game --format csv games.pgn > games.csv\n  \
pgn100 stats --threads 1 --format json big.pgn\n  \
pgn100 stats --format json part1.pgn > a.json; pgn100 stats --format json part2.pgn > b.json\n  \
pgn100 stats --merge a.json b.json\n  pgn100 stats corpus/ --html report.html"
)]
pub struct StatsArgs {
    #[command(flatten)]
    pub input: InputArgs,
    /// One row per game instead of the aggregate.
    #[arg(long)]
    pub per_game: bool,
    /// Output format.
    #[arg(long, value_enum, default_value = "table")]
    pub format: StatsFormat,
    /// The inputs are aggregates written by `stats --format json`: add them
    /// up (as if the games of all of them had been counted in one run).
    #[arg(long, conflicts_with_all = ["per_game", "encoding", "variant", "threads"])]
    pub merge: bool,
    /// Write to this file (whole or not at all) instead of standard output;
    /// needed for --format parquet.
    #[arg(short, long)]
    pub output: Option<std::path::PathBuf>,
    /// Write the aggregate as a web page with charts (inline SVG, readable
    /// without a network) to this file instead of standard output.
    #[arg(long, conflicts_with = "per_game")]
    pub html: Option<std::path::PathBuf>,
    /// The most frequent openings are the positions games reach after this
    /// many turns (plies; a Dice turn with its roll), merged by position,
    /// per variant (0: none).
    #[arg(long, default_value_t = crate::commands::stats::openings::DEFAULT_TURNS, value_parser = clap::value_parser!(u32).range(0..=64))]
    pub opening_turns: u32,
}

/// Writes per-game rows as they come, in input order.
enum RowWriter<W: Write + Send> {
    Csv(Box<csv::Writer<W>>),
    Json(W),
    Table(W),
    Parquet(Box<ParquetRows<W>>),
}

impl<W: Write + Send> RowWriter<W> {
    fn write(&mut self, row: &GameStats) -> Result<(), Box<dyn std::error::Error>> {
        match self {
            RowWriter::Csv(w) => w.serialize(row).map_err(io_error)?,
            RowWriter::Json(w) => writeln!(w, "{}", serde_json::to_string(row)?)?,
            RowWriter::Parquet(w) => w.push(row)?,
            RowWriter::Table(w) => writeln!(
                w,
                "{}#{:<5} {:<8} {:<8} plies {:<4} captures {:<3} checks {:<3} {}",
                row.file,
                row.game,
                row.result,
                if row.valid { "valid" } else { "invalid" },
                row.plies,
                row.captures,
                row.checks,
                row.termination
            )?,
        }
        Ok(())
    }
    /// Flushes the rows; the output back, for a file to be committed.
    /// `games`: the rows written (CSV without a row is its header alone).
    fn finish(self, games: u64) -> Result<W, Box<dyn std::error::Error>> {
        Ok(match self {
            RowWriter::Csv(mut w) => {
                if games == 0 {
                    w.write_record(crate::commands::stats::row::column_names()).map_err(io_error)?;
                }
                w.into_inner().map_err(|e| e.into_error())?
            }
            RowWriter::Json(mut w) | RowWriter::Table(mut w) => {
                w.flush()?;
                w
            }
            RowWriter::Parquet(w) => w.finish()?,
        })
    }
}

pub fn run(args: &StatsArgs) -> Outcome {
    if args.merge {
        return merge(args);
    }
    let options = Options { default_variant: args.input.variant, ..Options::default() };
    let mut rows = match (args.per_game, args.format) {
        (false, StatsFormat::Parquet) => return Err("--format parquet is for --per-game rows".into()),
        (false, _) => None,
        (true, StatsFormat::Csv) => Some(RowWriter::Csv(Box::new(csv::Writer::from_writer(Sink::open(
            args.output.as_deref(),
            args.format == StatsFormat::Parquet,
        )?)))),
        (true, StatsFormat::Json) => {
            Some(RowWriter::Json(Sink::open(args.output.as_deref(), args.format == StatsFormat::Parquet)?))
        }
        (true, StatsFormat::Table) => {
            Some(RowWriter::Table(Sink::open(args.output.as_deref(), args.format == StatsFormat::Parquet)?))
        }
        (true, StatsFormat::Parquet) => {
            Some(RowWriter::Parquet(Box::new(crate::commands::stats::row::parquet_writer(Sink::open(
                args.output.as_deref(),
                args.format == StatsFormat::Parquet,
            )?)?)))
        }
    };
    let mut total = Aggregate::default();
    let read = aggregate(
        &args.input,
        |name, text| chunk_stats(name, text, options, args.per_game, args.opening_turns),
        |before, (part_rows, agg)| {
            if let Some(w) = rows.as_mut() {
                for mut row in part_rows {
                    // Games are numbered from 1 in their file.
                    row.game += before + 1;
                    w.write(&row)?;
                }
            }
            total = std::mem::take(&mut total).merge(agg);
            Ok(())
        },
    )?;
    total.files += read.opened as u64;
    match rows {
        // A damaged input: the rows of the games before the damage are written.
        Some(w) => w.finish(total.games)?.commit()?,
        None => write_aggregate(&total, args)?,
    }
    Ok(ExitCode::from(read.exit(u8::from(total.invalid > 0))))
}

fn write_aggregate(total: &Aggregate, args: &StatsArgs) -> Result<(), Box<dyn std::error::Error>> {
    if let Some(path) = &args.html {
        let names: Vec<String> = args.input.paths.iter().map(|p| p.display().to_string()).collect();
        let title =
            format!("pgn100 stats: {}", if names.is_empty() { "<stdin>".to_string() } else { names.join(", ") });
        write_atomic(path, stats_page(&total.figures(), &title).as_bytes())?;
        return Ok(());
    }
    let mut out = Sink::open(args.output.as_deref(), args.format == StatsFormat::Parquet)?;
    match args.format {
        StatsFormat::Parquet => return Err("--format parquet is for --per-game rows".into()),
        StatsFormat::Json => writeln!(out, "{}", serde_json::to_string_pretty(total)?)?,
        StatsFormat::Csv => {
            let mut w = csv::Writer::from_writer(&mut out);
            w.write_record(["section", "key", "value", "percent_of_valid"])?;
            for row in total.rows() {
                let percent = row.percent.map_or_else(String::new, |p| format!("{p:.1}"));
                w.write_record([row.section, row.key.as_str(), row.value.as_str(), percent.as_str()])?;
            }
            w.flush()?;
        }
        StatsFormat::Table => {
            let mut last = "";
            let rows = total.rows();
            // The label column as wide as the longest label (Dice chess has
            // a long one), so that no label runs into its number; the
            // openings' lines (a Dice line runs past 100 columns) are not
            // padded to, and stand before their count.
            let width =
                rows.iter().filter(|r| r.section != OPENINGS).map(|r| r.key.chars().count()).max().unwrap_or(0).max(40);
            for row in rows {
                if row.section != last {
                    writeln!(out, "{}", row.section)?;
                    last = row.section;
                }
                let value = if row.value.is_empty() { "-" } else { row.value.as_str() };
                match row.percent {
                    Some(p) => writeln!(out, "  {:<width$} {value} ({p:.1}% of valid games)", row.key)?,
                    None => writeln!(out, "  {:<width$} {value}", row.key)?,
                }
            }
        }
    }
    out.flush()?;
    out.commit()?;
    Ok(())
}

/// `stats --merge`: the aggregates of the inputs added up, written as any
/// aggregate is; exit 1 when they count an invalid game, as `stats` does.
fn merge(args: &StatsArgs) -> Outcome {
    let mut total = Aggregate::default();
    for input in args.input.inputs()? {
        let mut text = String::new();
        input.open().and_then(|mut r| r.read_to_string(&mut text)).map_err(|e| input.error(&e))?;
        let part: Aggregate = serde_json::from_str(&text)
            .map_err(|e| format!("{}: not an aggregate of `pgn100 stats --format json` ({e})", input.name()))?;
        total = total.merge(part);
    }
    write_aggregate(&total, args)?;
    Ok(ExitCode::from(u8::from(total.invalid > 0)))
}
