//! `pgn100 convert`

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Args, ValueEnum};

use super::input::{Input, InputArgs};
use super::output::{transform_all, AtomicFile};
use super::progress::Progress;
use super::Outcome;
use crate::commands::{
    convert_source, shape_source, AddTag, ConvertOptions, FilesChoice, LettersChoice, OutputForm, RollsChoice, Shape,
    StyleChoice, TagChoice,
};
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
    /// comment where pgn100 keeps the move number as written). A game that
    /// does not validate is written as far as it was replayed, with a
    /// comment naming its first error and the result `*`; a game that
    /// cannot be read, or of another variant, is left out with its error.
    Pgn,
    /// Any variant: the tags and result around the main line's moves in
    /// UCI, as chess programs read them (`e2e4`, castling `e1g1`, a
    /// promotion `e9e10q`, Hundred's throne pawn `f8f9@e3`).
    Uci,
    /// Any variant: one EPD line per position of the main line (the first
    /// before the first move): board, side, castling and en passant as the
    /// variant's FEN writes them, then `c0` (players, event, site, date),
    /// `c1` (result) and `id` (`game N ply M`).
    Epd,
    /// Any variant: one FEN line per game, its last position.
    Fen,
    /// Any variant: one JSON object per line and game: `game`, `tags`,
    /// `start_fen`, `uci`, `moves` (as written), `result`, `valid`
    /// (`error` when not), and `fens` with `--fens`.
    Jsonl,
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
    /// Long (from-square always) or short (only what is needed) moves. `long` or `short` fills the movetext again into lines of at most 80 columns; a comment is never broken, and a movetext whose line breaks mean something (a `;` comment, a `%` line, a dice roll, a comment over several lines, a blank line, a CR that ends no line) keeps them; a CRLF file keeps its line ends.
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
    #[command(flatten)]
    pub shape: ShapeArgs,
}

/// Shaping the output (docs/convert.md). Any of these writes each game
/// anew: its tags a line each, a blank line, its movetext filled into
/// lines of at most 80 columns (75 with `--to pgn`), a blank line between
/// games; a game that does not validate as far as it was replayed, with a
/// comment naming its first error and the result `*`.
#[derive(Args, Debug, Default)]
pub struct ShapeArgs {
    /// Leave out comments (`{...}`, `;...`, `%` lines).
    #[arg(long, help_heading = "Shaping")]
    pub no_comments: bool,
    /// Leave out NAGs (`$2`) and glyphs (`!?`).
    #[arg(long, help_heading = "Shaping")]
    pub no_nags: bool,
    /// Leave out variations.
    #[arg(long, help_heading = "Shaping")]
    pub no_variations: bool,
    /// Leave out every tag.
    #[arg(long, help_heading = "Shaping", conflicts_with_all = ["seven_tags", "tags"])]
    pub no_tags: bool,
    /// Leave out move numbers.
    #[arg(long, help_heading = "Shaping")]
    pub no_move_numbers: bool,
    /// Leave out the result at the end of the moves.
    #[arg(long, help_heading = "Shaping")]
    pub no_results: bool,
    /// Leave out check and mate marks (`+`, `#`, `×`).
    #[arg(long, help_heading = "Shaping")]
    pub no_checks: bool,
    /// Only the Seven Tag Roster (in its order, `?` where missing), and the
    /// Variant, SetUp, FEN, Files and ThronePawn tags where the game has them.
    #[arg(long, help_heading = "Shaping", conflicts_with = "tags")]
    pub seven_tags: bool,
    /// Only these tags, where the game has them (names in any case).
    #[arg(long, help_heading = "Shaping", value_delimiter = ',', value_name = "NAME,...")]
    pub tags: Option<Vec<String>>,
    /// Write at most N plies of each game's main line (the result is then `*`).
    #[arg(long, help_heading = "Shaping", value_name = "N")]
    pub ply_limit: Option<u32>,
    /// Start each game at its ply N (1 is the first move), with SetUp and FEN tags.
    #[arg(long, help_heading = "Shaping", value_name = "N", conflicts_with = "drop_ply", value_parser = clap::value_parser!(u32).range(1..))]
    pub start_ply: Option<u32>,
    /// Leave out the first N plies of each game, with SetUp and FEN tags (pgn-extract's --dropply).
    #[arg(long, help_heading = "Shaping", value_name = "N")]
    pub drop_ply: Option<u32>,
    /// Add (or set) tags: PlyCount (plies written), FinalFEN (the last
    /// position written), HashCode (its hash), ECO and Opening (as --eco).
    #[arg(long, help_heading = "Shaping", value_enum, value_delimiter = ',', value_name = "TAG,...")]
    pub add_tags: Vec<AddTag>,
    /// Where the board ends the game (mate, stalemate, Royal's losing
    /// position, a king taken in Dice chess), set the Result tag and the
    /// result from it, with a `result_mismatch` warning when they said
    /// otherwise (pgn-extract's --fixresulttags).
    #[arg(long, help_heading = "Shaping")]
    pub fix_results: bool,
    /// Mend tags: dates as `2024.01.05`, empty roster tags `?`, a Result
    /// tag in PGN's form.
    #[arg(long, help_heading = "Shaping")]
    pub fix_tags: bool,
    /// With `--to jsonl`: the FEN after each move.
    #[arg(long, help_heading = "Shaping")]
    pub fens: bool,
    /// Chess: add (or set) the ECO and Opening tags from lichess's
    /// chess-openings table (CC0), by the deepest position of the main
    /// line found in it (a transposition gets its name). Other variants
    /// get none.
    #[arg(long, help_heading = "Shaping")]
    pub eco: bool,
    /// Write each variation as a game of its own after its game, as
    /// pgn-extract splits them: the moves from the start to the
    /// variation's, then its own (nested variations are games too, after
    /// it), with the game's tags and the result `*`. The main line is
    /// written first, without its variations.
    #[arg(long, help_heading = "Shaping", conflicts_with_all = ["no_variations", "ply_limit", "start_ply", "drop_ply"])]
    pub split_variations: bool,
}

impl ShapeArgs {
    /// The shape asked for, in `form`.
    fn shape(&self, form: OutputForm) -> Shape {
        let tags = if self.no_tags {
            TagChoice::None
        } else if self.seven_tags {
            TagChoice::Seven
        } else if let Some(names) = &self.tags {
            TagChoice::Only(names.iter().map(|n| n.trim().to_string()).collect())
        } else {
            TagChoice::All
        };
        Shape {
            form,
            no_comments: self.no_comments,
            no_nags: self.no_nags,
            no_variations: self.no_variations,
            no_move_numbers: self.no_move_numbers,
            no_results: self.no_results,
            no_checks: self.no_checks,
            tags,
            add_tags: {
                let mut tags = self.add_tags.clone();
                if self.eco && !tags.contains(&AddTag::Eco) {
                    tags.push(AddTag::Eco);
                }
                tags
            },
            drop_plies: self.drop_ply.or(self.start_ply.map(|n| n - 1)).unwrap_or(0),
            ply_limit: self.ply_limit,
            fix_results: self.fix_results,
            fix_tags: self.fix_tags,
            fens: self.fens,
            split_variations: self.split_variations,
        }
    }
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
    let form = match args.to {
        Some(Dialect::Uci) => OutputForm::Uci,
        Some(Dialect::Epd) => OutputForm::Epd,
        Some(Dialect::Fen) => OutputForm::Fen,
        Some(Dialect::Jsonl) => OutputForm::Jsonl,
        _ => OutputForm::Record,
    };
    let shape = args.shape.shape(form);
    if shape.fens && form != OutputForm::Jsonl {
        return Err("--fens goes with --to jsonl".into());
    }
    if shape.split_variations
        && (form != OutputForm::Record || shape.add_tags.iter().any(|t| !matches!(t, AddTag::PlyCount | AddTag::Eco)))
    {
        return Err("--split-variations writes game records: it goes without --to uci, epd, fen or jsonl, and adds no tag but plycount and eco".into());
    }
    let pool = args.input.pool()?;
    let progress = Progress::new(&inputs);
    let convert = |source: &SourceFile| {
        if shape.is_none() {
            convert_source(source, &options)
        } else {
            shape_source(source, &options, &shape)
        }
    };
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
