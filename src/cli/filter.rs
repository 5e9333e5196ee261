//! `pgn100 filter`

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;

use super::collect::{fatal, file_ranges, read_all, write_game_bytes, Separation};
use super::input::InputArgs;
use super::progress::Progress;
use super::Outcome;
use crate::commands::collect::Feature;
use crate::commands::filter::{filter_chunk, parse_date_range, parse_range, reach_boards, Criteria, TagTest};
use crate::replay::Options;

#[derive(Args, Debug)]
#[command(after_help = "Every criterion given must hold; --tag criteria on the same tag name: any one of them. \
With --variant, games without a Variant tag are read as that variant and only its games match. One output, one encoding: the games of a single input are copied byte for byte, with a blank line between games (added where \
the input had none); with several inputs, \
games read in another encoding than UTF-8 (Latin-1, Windows-1251, KOI8-R, ...) are written in UTF-8, and a \
note on standard error names each such input. A UTF-16 file is always written in UTF-8.\n\n\
Examples:\n  pgn100 filter --tag 'White~Карпов' --fold games.pgn\n  \
pgn100 filter --variant chess --tag 'Event~^Tata' --result 1-0 --result 0-1 twic.zip -o decisive.pgn\n  \
pgn100 filter --plies 80.. --date 2020..2024.06 --valid corpus/\n  \
pgn100 filter --has throne-pawn --not games.pgn.zst\n  \
pgn100 filter --reaches 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR' --variant chess lichess.pgn.zst")]
pub struct FilterArgs {
    #[command(flatten)]
    pub input: InputArgs,
    /// A tag criterion: NAME=VALUE (equal) or NAME~REGEX (matches somewhere in the value); `*` for any tag.
    #[arg(long, value_name = "NAME=VALUE|NAME~REGEX")]
    pub tag: Vec<String>,
    /// Compare tag values folded: case, and Cyrillic letters that look like Latin ones (А=A, К=K, р=p ...).
    #[arg(long)]
    pub fold: bool,
    /// The Result tag is one of these (repeat the option for several), by
    /// meaning: `1-0` matches `1:0`, `1/2-1/2` matches `½-½`, `½:½` and `1/2`;
    /// without a Result tag, the result at the end of the moves.
    #[arg(long, value_name = "RESULT")]
    pub result: Vec<String>,
    /// Main-line plies replayed: MIN..MAX, MIN.., ..MAX or N.
    #[arg(long, value_name = "MIN..MAX")]
    pub plies: Option<String>,
    /// The Date tag lies in FROM..TO (partial PGN dates: 2024, 2024.03, 2024.03.15, 2024.??.??); a date the game may not lie in does not match.
    #[arg(long, value_name = "FROM..TO")]
    pub date: Option<String>,
    /// Valid games only.
    #[arg(long, conflicts_with = "invalid")]
    pub valid: bool,
    /// Invalid games only.
    #[arg(long)]
    pub invalid: bool,
    /// A position of the main line has this board (a FEN, or only its board part).
    #[arg(long, value_name = "FEN")]
    pub reaches: Option<String>,
    /// Something happens in the main line (repeat for several): games of a variant without it never match.
    #[arg(long, value_enum)]
    pub has: Vec<Feature>,
    /// Write the games that do not match instead.
    #[arg(long)]
    pub not: bool,
    /// Write to this file (whole or not at all) instead of standard output.
    #[arg(short, long)]
    pub output: Option<PathBuf>,
}

impl FilterArgs {
    pub fn criteria(&self) -> Result<Criteria, String> {
        Ok(Criteria {
            tags: self.tag.iter().map(|t| TagTest::parse(t, self.fold)).collect::<Result<_, _>>()?,
            fold: self.fold,
            variant: self.input.variant,
            results: self.result.iter().map(|r| r.trim().to_string()).collect(),
            plies: self.plies.as_deref().map(parse_range).transpose().map_err(|e| format!("--plies {e}"))?,
            date: self.date.as_deref().map(parse_date_range).transpose().map_err(|e| format!("--date {e}"))?,
            valid: match (self.valid, self.invalid) {
                (true, _) => Some(true),
                (_, true) => Some(false),
                _ => None,
            },
            reaches: self.reaches.as_deref().map(reach_boards).transpose()?.unwrap_or_default(),
            has: self.has.clone(),
            not: self.not,
        })
    }
}

pub fn run(args: &FilterArgs) -> Outcome {
    let criteria = args.criteria()?;
    let encoding = args.input.encoding()?;
    let inputs = args.input.inputs()?;
    let pool = args.input.pool()?;
    let options = Options { default_variant: args.input.variant, ..Options::default() };
    let progress = Progress::new(&inputs);
    let (mut games, mut matched) = (0usize, 0usize);
    let unreadable = super::output::to_output(args.output.as_deref(), |out| {
        let mut ends_line = Separation::default();
        read_all(
            &inputs,
            encoding,
            &pool,
            &progress,
            |text, _, at| {
                let f = filter_chunk(text, &criteria, options);
                (f.games, file_ranges(text, at, f.matched))
            },
            |_, raw, (read, ranges)| {
                games += read;
                matched += ranges.len();
                for r in &ranges {
                    write_game_bytes(out, raw.get(r), &mut ends_line).map_err(fatal)?;
                }
                Ok(())
            },
        )
    })?;
    progress.finish();
    eprintln!("pgn100 filter: {matched} of {games} game(s) matched in {} input(s)", inputs.len());
    Ok(ExitCode::from(if unreadable {
        2
    } else if matched == 0 {
        1
    } else {
        0
    }))
}
