//! `pgn100 split`

use std::collections::BTreeMap;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::Args;

use super::collect::{fatal, file_ranges, read_all};
use super::input::InputArgs;
use super::output::file_error;
use super::progress::Progress;
use super::Outcome;
use crate::commands::split::{numbered, shard_of, split_chunk, Mode, PartNames};
use crate::replay::Options;

#[derive(Args, Debug)]
#[command(
    group(clap::ArgGroup::new("mode").required(true).args(["games", "by_variant", "by_tag", "shards"])),
    after_help = "Parts are written whole or not at all: into a temporary folder in DIR, moved to their names \
when every input was read. Names: part-0001.pgn ... (--games), shard-0001.pgn ... (--shards), hundred.pgn, \
chess.pgn ... (--by-variant), the tag's value made safe as a file name, _none.pgn without it (--by-tag; a \
value whose name another value took first, as `A B` after `A/B`, gets -2, -3 ... added: one value a part). A \
game goes with the text after it up to the next game, so that the parts of --games or --shards put end to \
end give the input back byte for byte. One output, one encoding: the games of a single input are copied byte for byte; with several inputs, \
games read in another encoding than UTF-8 (Latin-1, Windows-1251, KOI8-R, ...) are written in UTF-8, and a \
note on standard error names each such input. A UTF-16 file is always written in UTF-8.\n\n\
Examples:\n  pgn100 split --games 1000 --dir parts big.pgn\n  pgn100 split --by-tag Event --dir events twic.zip\n  \
pgn100 split --shards 8 --dir shards lichess.pgn.zst\n  pgn100 split --by-variant --dir by-variant corpus/"
)]
pub struct SplitArgs {
    #[command(flatten)]
    pub input: InputArgs,
    /// N games a part.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub games: Option<u64>,
    /// One part per variant.
    #[arg(long)]
    pub by_variant: bool,
    /// One part per value of this tag.
    #[arg(long, value_name = "NAME")]
    pub by_tag: Option<String>,
    /// N parts of consecutive games with about equal bytes (for N machines); needs files, not standard input.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub shards: Option<u64>,
    /// The folder to write the parts in (made if missing).
    #[arg(long, value_name = "OUT")]
    pub dir: PathBuf,
}

impl SplitArgs {
    fn mode(&self) -> Mode {
        match (self.games, self.shards, &self.by_tag) {
            (Some(n), _, _) => Mode::Games(n),
            (_, Some(n), _) => Mode::Shards(n),
            (_, _, Some(t)) => Mode::ByTag(t.clone()),
            _ => Mode::ByVariant,
        }
    }
}

/// A part being written in the temporary folder.
struct Part {
    file: std::io::BufWriter<std::fs::File>,
    ends_line: bool,
}

/// The parts open at once; past this they are closed and opened again to append.
const OPEN: usize = 64;

struct Parts<'a> {
    tmp: &'a Path,
    open: BTreeMap<String, Part>,
    done: BTreeMap<String, bool>,
}

impl Parts<'_> {
    fn write(&mut self, name: &str, bytes: &[u8], newline_before: bool) -> std::io::Result<()> {
        if !self.open.contains_key(name) {
            if self.open.len() >= OPEN {
                let oldest = self.open.keys().next().cloned().unwrap_or_default();
                if let Some(mut p) = self.open.remove(&oldest) {
                    p.file.flush()?;
                    self.done.insert(oldest, p.ends_line);
                }
            }
            let file = std::fs::OpenOptions::new().create(true).append(true).open(self.tmp.join(name))?;
            let ends_line = self.done.remove(name).unwrap_or(true);
            self.open.insert(name.to_string(), Part { file: std::io::BufWriter::new(file), ends_line });
        }
        let Some(part) = self.open.get_mut(name) else { return Ok(()) };
        if newline_before && !part.ends_line {
            part.file.write_all(b"\n")?;
        }
        part.file.write_all(bytes)?;
        if let Some(&last) = bytes.last() {
            part.ends_line = last == b'\n';
        }
        Ok(())
    }

    fn names(mut self) -> std::io::Result<Vec<String>> {
        for (name, mut p) in std::mem::take(&mut self.open) {
            p.file.flush()?;
            self.done.insert(name, p.ends_line);
        }
        Ok(self.done.into_keys().collect())
    }
}

pub fn run(args: &SplitArgs) -> Outcome {
    let mode = args.mode();
    let config = args.input.config()?;
    let inputs = args.input.inputs()?;
    let pool = args.input.pool()?;
    let options = Options { default_variant: args.input.variant, ..Options::default() };
    // Shards need the size of the whole: the bytes of the text read (decompressed).
    let total = match mode {
        Mode::Shards(_) => Some(text_bytes(&inputs)?),
        _ => None,
    };
    std::fs::create_dir_all(&args.dir).map_err(|e| file_error(&args.dir, &e))?;
    let tmp = tempfile::Builder::new()
        .prefix(".pgn100-split-")
        .tempdir_in(&args.dir)
        .map_err(|e| file_error(&args.dir, &e))?;
    let mut parts = Parts { tmp: tmp.path(), open: BTreeMap::new(), done: BTreeMap::new() };
    let progress = Progress::new(&inputs);
    let (mut games, mut offset, mut current) = (0u64, 0u64, usize::MAX);
    let mut last: Option<String> = None;
    let mut named = PartNames::default();
    let read = read_all(
        &inputs,
        config,
        &pool,
        &progress,
        |text, _, at| {
            let (_, pieces) = split_chunk(text, &mode, options);
            // The text before a chunk's first game goes with that game; a
            // chunk without a game (stray text only) is one piece.
            let mut ranges: Vec<std::ops::Range<usize>> = pieces.iter().map(|p| p.range.clone()).collect();
            match ranges.first_mut() {
                Some(first) => first.start = 0,
                None if !text.is_empty() => ranges.push(0..text.len()),
                None => {}
            }
            let values: Vec<Option<String>> = if pieces.is_empty() {
                ranges.iter().map(|_| None).collect()
            } else {
                pieces.into_iter().map(|p| Some(p.value)).collect()
            };
            (file_ranges(text, at, ranges), values)
        },
        |(_, values)| values.iter().filter(|v| v.is_some()).count(),
        |input, _, raw, (ranges, values)| {
            let first_of_input = input != current;
            current = input;
            for (i, (r, value)) in ranges.iter().zip(values).enumerate() {
                let bytes = raw.get(r);
                let is_game = value.is_some();
                let name = match (&mode, value) {
                    // Text without a game: with the last part written.
                    (_, None) => last.clone().unwrap_or_else(|| match &mode {
                        Mode::Games(_) => numbered("part", 1),
                        Mode::Shards(_) => numbered("shard", 1),
                        Mode::ByVariant | Mode::ByTag(_) => "_none.pgn".to_string(),
                    }),
                    (Mode::Games(n), Some(_)) => numbered("part", games / n + 1),
                    (Mode::Shards(n), Some(_)) => numbered("shard", shard_of(offset, total.unwrap_or(0), *n) + 1),
                    (Mode::ByVariant | Mode::ByTag(_), Some(v)) => named.name(&v),
                };
                parts.write(&name, bytes, first_of_input && i == 0).map_err(fatal)?;
                offset += bytes.len() as u64;
                last = Some(name);
                games += u64::from(is_game);
            }
            Ok(())
        },
    )?;
    progress.finish();
    let names = parts.names().map_err(|e| file_error(tmp.path(), &e))?;
    for name in &names {
        let target = args.dir.join(name);
        std::fs::rename(tmp.path().join(name), &target).map_err(|e| file_error(&target, &e))?;
    }
    eprintln!("pgn100 split: {games} game(s) in {} part(s) in {}", names.len(), args.dir.display());
    Ok(ExitCode::from(read.exit(0)))
}

/// The bytes of text of every input (decompressed; a damaged one's up to
/// its damage, which the reading reports).
fn text_bytes(inputs: &[super::input::Input]) -> Result<u64, Box<dyn std::error::Error>> {
    if inputs.iter().any(|input| matches!(input, super::input::Input::Stdin)) {
        return Err("--shards needs files, not standard input: it reads them twice".into());
    }
    Ok(inputs.iter().map(super::input::Input::text_bytes).sum())
}
