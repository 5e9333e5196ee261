//! `pgn100 filter`

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;

use super::collect::{fatal, file_ranges, read_all, write_game_bytes, Separation};
use super::input::InputArgs;
use super::progress::Progress;
use super::range::{Counter, RangeArgs};
use super::Outcome;
use crate::commands::collect::{Ending, Feature};
use crate::commands::filter::{filter_chunk, parse_date_range, parse_range, reach_boards, Criteria, TagTest};
use crate::criteria::{BoardCriteria, Line, Sequence, Sides};
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
pgn100 filter --variant chess --material 'rp r' --tag 'WhiteElo>=2600' twic.pgn\n  \
pgn100 filter --pattern '*/*/*/*/*/*/*/??KR????' --pattern-either games.pgn\n  \
pgn100 filter --reaches 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR' --variant chess lichess.pgn.zst")]
pub struct FilterArgs {
    #[command(flatten)]
    pub input: InputArgs,
    /// A tag criterion: NAME=VALUE (equal), NAME!=VALUE, NAME~REGEX (matches somewhere in the value), or a number compared: NAME<N, NAME<=N, NAME>N, NAME>=N (WhiteElo>=2700; a value that is no number does not match); `*` for any tag.
    #[arg(long, value_name = "NAME=VALUE|NAME~REGEX|NAME>=N")]
    pub tag: Vec<String>,
    /// |WhiteElo - BlackElo| lies in MIN..MAX (games without both Elo tags do not match).
    #[arg(long, value_name = "MIN..MAX")]
    pub elo_diff: Option<String>,
    /// The game was won (by its Result) by the higher-rated or the lower-rated player (by the Elo tags).
    #[arg(long, value_enum)]
    pub winner: Option<Winner>,
    /// A material balance the main line holds (repeat for several: any one), either side first, in pgn-extract's language (its -z): `[STABILITY] SET1 [SET2]`, as `rp r` (a rook and pawn against a rook) or `q*r*l2>=p* q=r=p=` (two minor pieces up); see docs/filter.md.
    #[arg(long, value_name = "SPEC")]
    pub material: Vec<String>,
    /// As --material, with SET1 White's men (pgn-extract's -y).
    #[arg(long, value_name = "SPEC")]
    pub material_white: Vec<String>,
    /// Material balances, one a line as --material (either side first); lines starting with `%` are comments.
    #[arg(long, value_name = "FILE")]
    pub material_file: Vec<PathBuf>,
    /// A board pattern a main-line position matches (repeat for several: any one), as pgn-extract's FENPattern: the FEN board with `?` any square, `!` an occupied one, `*` zero or more squares, `[..]`/`[^..]` men listed or not, `W`/`w` any white/black man (`A`/`a` too where no man is lettered `a`); see docs/filter.md.
    #[arg(long, value_name = "FENPATTERN")]
    pub pattern: Vec<String>,
    /// Each --pattern matches with its colours reversed too (pgn-extract's FENPatternI).
    #[arg(long, requires = "pattern")]
    pub pattern_either: bool,
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
    /// A position of the main line has this board, by any move order (as pgn-extract's -x): a FEN, only its board part, or a line of moves that reaches it, written as in a game (`1. e4 c5 2. Nf3 d6`, `1. e3-e5 e8-e6`, Cyrillic), replayed in the --variant (without it, in every variant it replays in).
    #[arg(long, value_name = "FEN|LINE")]
    pub reaches: Option<String>,
    /// The main line starts with these moves, in this order (as pgn-extract's -P -v), written as in a game; moves are compared as the rules read them (`Nf3` is `Ng1-f3`).
    #[arg(long, value_name = "LINE")]
    pub moves: Option<String>,
    /// The main line plays these moves one after another somewhere (as --moves, from any ply).
    #[arg(long, value_name = "LINE")]
    pub moves_anywhere: Option<String>,
    /// Something happens in the main line (repeat for several): games of a variant without it never match.
    #[arg(long, value_enum)]
    pub has: Vec<Feature>,
    /// The board ends the main line so (repeat for several: any one), whatever the Result tag says: checkmate, stalemate, repetition (the last position stands for the third time), claim (a draw may be claimed: repetition or the move rule), king-capture, losing-position (Royal), seventy-five (Chess's 75-move rule).
    #[arg(long, value_enum)]
    pub ends: Vec<Ending>,
    /// Write the games that do not match instead.
    #[arg(long)]
    pub not: bool,
    #[command(flatten)]
    pub range: RangeArgs,
    /// Write to this file (whole or not at all) instead of standard output.
    #[arg(short, long)]
    pub output: Option<PathBuf>,
}

/// Who won, by rating (`--winner`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Winner {
    HigherRated,
    LowerRated,
}

impl FilterArgs {
    fn board(&self) -> Result<BoardCriteria, String> {
        let mut board = BoardCriteria::default();
        for m in &self.material {
            board.add_material(m, Sides::Either)?;
        }
        for m in &self.material_white {
            board.add_material(m, Sides::White)?;
        }
        for path in &self.material_file {
            let text = std::fs::read_to_string(path).map_err(|e| format!("--material-file {}: {e}", path.display()))?;
            let before = board.material.len();
            board.add_material(&text, Sides::Either).map_err(|e| format!("{}: {e}", path.display()))?;
            if board.material.len() == before {
                return Err(format!("--material-file {}: no material balance in it", path.display()));
            }
        }
        for p in &self.pattern {
            board.add_pattern(p, self.pattern_either)?;
        }
        Ok(board)
    }

    fn sequences(&self) -> Result<Vec<Sequence>, String> {
        let mut all = Vec::new();
        for (name, line, anywhere) in
            [("--moves", &self.moves, false), ("--moves-anywhere", &self.moves_anywhere, true)]
        {
            if let Some(line) = line {
                let lines = Line::in_variants(self.input.variant, line).map_err(|e| format!("{name}: {e}"))?;
                all.push(Sequence { lines, anywhere });
            }
        }
        Ok(all)
    }

    pub fn criteria(&self) -> Result<Criteria, String> {
        Criteria::check_results(&self.result)?;
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
            reaches: self
                .reaches
                .as_deref()
                .map(|r| reach_boards(r, self.input.variant))
                .transpose()?
                .unwrap_or_default(),
            has: self.has.clone(),
            ends: self.ends.clone(),
            board: self.board()?,
            sequences: self.sequences()?,
            elo_diff: self.elo_diff.as_deref().map(parse_range).transpose().map_err(|e| format!("--elo-diff {e}"))?,
            winner_higher: self.winner.map(|w| w == Winner::HigherRated),
            not: self.not,
        })
    }
}

pub fn run(args: &FilterArgs) -> Outcome {
    let criteria = args.criteria()?;
    let config = args.input.config()?;
    let inputs = args.input.inputs()?;
    let pool = args.input.pool()?;
    let options = Options { default_variant: args.input.variant, ..Options::default() };
    let progress = Progress::new(&inputs);
    let (mut games, mut matched) = (0usize, 0usize);
    let mut range = args.range.counter();
    // A damaged input: the games before the damage are written.
    let run = super::output::to_output(args.output.as_deref(), |out| {
        let mut ends_line = Separation::default();
        let read = read_all(
            &inputs,
            config,
            &pool,
            &progress,
            |text, _, at| {
                let f = filter_chunk(text, &criteria, options);
                (f.games, file_ranges(text, at, f.matched))
            },
            |(read, _)| *read,
            |_, _, raw, (read, ranges)| {
                games += read;
                matched += ranges.len();
                for r in ranges.iter().filter(|_| range.take()) {
                    write_game_bytes(out, raw.get(r), &mut ends_line).map_err(fatal)?;
                }
                range.check()
            },
        );
        Counter::finish(read, games)
    })?;
    progress.finish();
    let written = if args.range.skip > 0 || args.range.limit.is_some() {
        format!(", {} written", range.written)
    } else {
        String::new()
    };
    eprintln!("pgn100 filter: {matched} of {games} game(s) matched in {} input(s){written}", inputs.len());
    Ok(ExitCode::from(run.exit(u8::from(matched == 0))))
}
