//! `pgn100 stats`

use std::io::{IsTerminal, Write};
use std::process::ExitCode;

use clap::{Args, ValueEnum};

use super::input::{Input, InputArgs};
use super::Outcome;
use crate::analysis::batch::{for_each_chunk, Blocks, BLOCK};
use crate::analysis::stats::{aggregate_text, stats_text, Aggregate, GameStats};
use crate::analysis::Options;

#[derive(Copy, Clone, Debug, ValueEnum, PartialEq, Eq)]
pub enum StatsFormat {
    /// A readable table.
    Table,
    /// CSV (per game: one row a game; aggregate: section,key,value rows).
    Csv,
    /// JSON (per game: one object a line).
    Json,
}

#[derive(Args, Debug)]
#[command(
    after_help = "Examples:\n  pgn100 stats corpus/\n  pgn100 stats --per-game --format csv games.pgn > games.csv\n  \
pgn100 stats --threads 1 --format json big.pgn"
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
    /// Worker threads (default: all cores).
    #[arg(long)]
    pub threads: Option<usize>,
}

/// Writes per-game rows as they come, in input order.
enum RowWriter<W: Write> {
    Csv(Box<csv::Writer<W>>),
    Json(W),
    Table(W),
}

impl<W: Write> RowWriter<W> {
    fn write(&mut self, row: &GameStats) -> Result<(), Box<dyn std::error::Error>> {
        match self {
            RowWriter::Csv(w) => w.serialize(row)?,
            RowWriter::Json(w) => writeln!(w, "{}", serde_json::to_string(row)?)?,
            RowWriter::Table(w) => writeln!(
                w,
                "{}#{:<5} {:<8} {:<8} plies {:<4} captures {:<3} checks {:<3} {}",
                row.file,
                row.game + 1,
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
    fn flush(&mut self) -> std::io::Result<()> {
        match self {
            RowWriter::Csv(w) => w.flush(),
            RowWriter::Json(w) | RowWriter::Table(w) => w.flush(),
        }
    }
}

fn progress(inputs: &[Input]) -> Option<indicatif::ProgressBar> {
    let total: u64 = inputs
        .iter()
        .map(|i| match i {
            Input::File(p) => std::fs::metadata(p).map_or(0, |m| m.len()),
            Input::Stdin => 0,
        })
        .sum();
    if !std::io::stderr().is_terminal() || total < (32 << 20) {
        return None;
    }
    let bar = indicatif::ProgressBar::new(total);
    if let Ok(style) =
        indicatif::ProgressStyle::with_template("{bar:40} {bytes}/{total_bytes} {bytes_per_sec} eta {eta}")
    {
        bar.set_style(style);
    }
    Some(bar)
}

pub fn run(args: &StatsArgs) -> Outcome {
    let encoding = args.input.encoding()?;
    let inputs = args.input.inputs()?;
    let pool = rayon::ThreadPoolBuilder::new().num_threads(args.threads.unwrap_or(0)).build()?;
    let options = Options { default_variant: args.input.variant, ..Options::default() };
    let bar = progress(&inputs);
    let stdout = std::io::stdout().lock();
    let mut rows = match (args.per_game, args.format) {
        (false, _) => None,
        (true, StatsFormat::Csv) => Some(RowWriter::Csv(Box::new(csv::Writer::from_writer(stdout)))),
        (true, StatsFormat::Json) => Some(RowWriter::Json(stdout)),
        (true, StatsFormat::Table) => Some(RowWriter::Table(stdout)),
    };
    let mut total = Aggregate::default();
    let mut unreadable = false;
    for input in &inputs {
        let name = input.name();
        let reader = match input.open() {
            Ok(r) => r,
            Err(e) => {
                eprintln!("pgn100: {name}: {e}");
                unreadable = true;
                continue;
            }
        };
        total.files += 1;
        let mut index = 0;
        let result = for_each_chunk(
            Blocks::new(reader, encoding, BLOCK),
            &pool,
            |text, _, _| {
                if args.per_game {
                    stats_text(&name, text, options)
                } else {
                    (Vec::new(), aggregate_text(&name, text, options))
                }
            },
            |_, block, _| {
                if let Some(bar) = &bar {
                    bar.inc(block.len() as u64);
                }
                Ok::<(), Box<dyn std::error::Error>>(())
            },
            |(part_rows, agg)| {
                if let Some(w) = rows.as_mut() {
                    for mut row in part_rows {
                        row.game += index;
                        w.write(&row)?;
                    }
                }
                index += agg.games as usize;
                total = std::mem::take(&mut total).merge(agg);
                Ok(())
            },
        );
        if let Err(e) = result {
            if super::is_broken_pipe(e.as_ref()) {
                return Err(e);
            }
            eprintln!("pgn100: {name}: {e}");
            unreadable = true;
        }
    }
    if let Some(bar) = &bar {
        bar.finish_and_clear();
    }
    match rows.as_mut() {
        Some(w) => w.flush()?,
        None => write_aggregate(&total, args.format)?,
    }
    Ok(ExitCode::from(if unreadable { 2 } else { 0 }))
}

fn write_aggregate(total: &Aggregate, format: StatsFormat) -> Result<(), Box<dyn std::error::Error>> {
    let mut out = std::io::stdout().lock();
    match format {
        StatsFormat::Json => writeln!(out, "{}", serde_json::to_string_pretty(total)?)?,
        StatsFormat::Csv => {
            let mut w = csv::Writer::from_writer(out);
            w.write_record(["section", "key", "value"])?;
            for (section, key, value) in total.rows() {
                w.write_record([section, key.as_str(), value.as_str()])?;
            }
            w.flush()?;
        }
        StatsFormat::Table => {
            let mut last = "";
            for (section, key, value) in total.rows() {
                if section != last {
                    writeln!(out, "{section}")?;
                    last = section;
                }
                writeln!(out, "  {key:<40} {value}")?;
            }
        }
    }
    Ok(())
}
