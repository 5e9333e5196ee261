//! `pgn100 convert`

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Args, ValueEnum};

use super::input::{Input, InputArgs};
use super::output::{transform_all, AtomicFile};
use super::progress::Progress;
use super::Outcome;
use crate::commands::{convert_source, ConvertOptions, FilesChoice, LettersChoice, RollsChoice, StyleChoice};
use crate::diag::SourceFile;
use crate::input::driver::Run;
use crate::replay::Options;

#[derive(Copy, Clone, Debug, ValueEnum, PartialEq, Eq)]
pub enum Dialect {
    /// Grand Chess as pychess and Fairy-Stockfish write it.
    Pychess,
    /// Standard PGN for Chess and Chess960, as python-chess and pgn-extract
    /// export it: Seven Tag Roster first, SAN with O-O, =Q, + and #, glyphs
    /// as NAGs (`?` is `$2`), results in PGN's form (`1:0` is `1-0`), lines
    /// of at most 75 columns. It differs from pgn-extract's `-s -Wsan` in
    /// two points, where matching would lose what the file says: the tags
    /// after the roster keep their order (pgn-extract moves some, such as
    /// EventDate and Variant), and a comment is never broken across lines
    /// (pgn-extract breaks long ones at spaces, and adds `12...` after a
    /// comment where pgn100 keeps the move number as written).
    Pgn,
}

#[derive(Args, Debug)]
#[command(after_help = "Examples:\n  pgn100 convert --letters latin games.pgn > latin.pgn\n  \
pgn100 convert --style short --in-place games.pgn\n  pgn100 convert --letters cyrillic --style long -o out.pgn in.pgn")]
pub struct ConvertArgs {
    #[command(flatten)]
    pub input: InputArgs,
    /// Piece letters of the output.
    #[arg(long, value_enum, default_value = "keep")]
    pub letters: LettersChoice,
    /// Long (from-square always) or short (only what is needed) moves. `long` or `short` fills the movetext again into lines of at most 80 columns; a comment is never broken, and a movetext whose line breaks mean something (a `;` comment, a `%` line, a dice roll, a comment over several lines, a blank line, a CR) keeps them.
    #[arg(long, value_enum, default_value = "keep")]
    pub style: StyleChoice,
    /// Letter the tenth file j (a-j) or k (a-k, as seed 000).
    #[arg(long, value_enum, default_value = "keep")]
    pub files: FilesChoice,
    /// Write to this file (whole or not at all) instead of standard output.
    #[arg(short = 'o', long, conflicts_with = "in_place")]
    pub output: Option<PathBuf>,
    /// Replace each input file (written to a temporary file, then renamed). Output is UTF-8; a lone CR (old Mac line end) is written as LF.
    #[arg(long)]
    pub in_place: bool,
    /// Drop games that do not validate instead of copying them unchanged.
    #[arg(long)]
    pub skip_invalid: bool,
    /// Export Grand games for pychess and Fairy-Stockfish, or Chess games as standard PGN (a game of another variant is an error).
    #[arg(long, value_enum)]
    pub to: Option<Dialect>,
    /// Dice chess rolls: as written, in the output's letters (`<p N B>`, `<п К С>`), or as digits (`<1 2 3>`).
    #[arg(long, value_enum, default_value = "keep")]
    pub rolls: RollsChoice,
}

pub fn run(args: &ConvertArgs, color: bool) -> Outcome {
    let config = args.input.config()?;
    let inputs = args.input.inputs()?;
    if args.in_place && inputs.iter().any(|i| matches!(i, Input::Stdin)) {
        return Err("--in-place needs files, not standard input".into());
    }
    if let Some(i) = inputs.iter().find(|i| args.in_place && i.plain_file().is_none()) {
        return Err(format!("--in-place rewrites plain files: {} is compressed", i.name()).into());
    }
    let options = ConvertOptions {
        letters: args.letters,
        style: args.style,
        files: args.files,
        rolls: args.rolls,
        skip_invalid: args.skip_invalid,
        pychess: matches!(args.to, Some(Dialect::Pychess)),
        pgn: matches!(args.to, Some(Dialect::Pgn)),
        pgn_moves: false,
        promotion_equals: false,
        single_plus: false,
        replay: Options { default_variant: args.input.variant, ..Options::default() },
    };
    let pool = args.input.pool()?;
    let progress = Progress::new(&inputs);
    let convert = |source: &SourceFile| convert_source(source, &options);
    let (mut invalid, mut run) = (0, Run::default());
    if args.in_place {
        for input in &inputs {
            if let Some(path) = input.plain_file() {
                let mut file = AtomicFile::create(path)?;
                let one = std::slice::from_ref(input);
                let (bad, read) = transform_all(one, &config, &convert, &pool, &mut file, &progress, color)?;
                // A file that could not be read whole is left as it is.
                if read.damaged == 0 {
                    file.commit()?;
                }
                invalid += bad;
                run += read;
            }
        }
    } else {
        // A damaged input: the games before the damage are written.
        (invalid, run) = super::output::to_output(args.output.as_deref(), |out| {
            transform_all(&inputs, &config, &convert, &pool, out, &progress, color)
        })?;
    }
    progress.finish();
    super::report_run(&run);
    Ok(ExitCode::from(run.exit(u8::from(invalid > 0))))
}
