//! `pgn100 tree`

use std::io::Write;
use std::process::ExitCode;

use clap::{Args, ValueEnum};

use super::aggregate::aggregate;
use super::input::InputArgs;
use super::output::{write_atomic, Sink};
use super::Outcome;
use crate::commands::tree::{root_row, rows, tree_text, Document, Root, Row, Tree, Written};
use crate::notation::{Letters, Style};
use crate::output::table::io_error;
use crate::output::tree_page::tree_page;
use crate::replay::Options;
use crate::rules::{Variant, VariantPosition};

#[derive(Copy, Clone, Debug, ValueEnum, PartialEq, Eq)]
pub enum TreeFormat {
    /// A readable table (with --depth, the deeper continuations indented).
    Text,
    /// The continuations as nested objects (`moves` holds the next turn's).
    Json,
    /// One row per continuation, with its depth and the line from the position.
    Csv,
}

#[derive(Args, Debug)]
#[command(
    long_about = "What is played from a position over the games of a corpus, and how it scores: every \
continuation played with the number of games, White's wins, draws and Black's wins, the score of the side \
to move, its average rating (WhiteElo/BlackElo) and performance (the opponents' average plus 400 times \
wins minus losses per game), the average year and the first and last dates, and the first game that \
played it. The position is the start (by default), a FEN (--fen) or the one a line of moves reaches \
(--moves), in the variant of --variant (Hundred by default). Positions are matched by their men, side to \
move, castling rights and en passant square, so transpositions merge and games written in any letters or \
style count together. A game counts once for each continuation it plays, for --depth turns from the first \
time it reaches the position; its moves count up to the first that does not replay. A turn is one move, \
but in Dice chess the roll and the moves made with it (the continuations of a Dice position are by roll), \
and in Royal Chess 100 a queen restoration with the move it comes before. Memory grows with the \
continuations met within --depth turns.",
    after_help = "Examples:\n  pgn100 tree corpus/\n  pgn100 tree --moves \"1. e3-e5 e8-e6\" games.pgn\n  \
pgn100 tree --variant chess --depth 3 --min-games 10 --format json lichess.pgn.zst\n  \
pgn100 tree --variant grand --depth 6 --html grand.html games.pgn\n  \
pgn100 tree --variant chess --fen \"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\" games.pgn"
)]
pub struct TreeArgs {
    #[command(flatten)]
    pub input: InputArgs,
    /// The position (a FEN of the variant) instead of the start.
    #[arg(long, conflicts_with = "moves")]
    pub fen: Option<String>,
    /// The position these moves reach from the start (or from --fen), written as in a game.
    #[arg(long)]
    pub moves: Option<String>,
    /// Turns of continuations counted and written.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=64))]
    pub depth: u32,
    /// Write only continuations played in at least this many games.
    #[arg(long, default_value_t = 1)]
    pub min_games: u64,
    /// Output format.
    #[arg(long, value_enum, default_value = "text")]
    pub format: TreeFormat,
    /// Letters of the moves written.
    #[arg(long, value_enum, default_value = "latin")]
    pub letters: Letters,
    /// Style of the moves written.
    #[arg(long, value_enum, default_value = "short")]
    pub style: Style,
    /// Write to this file (whole or not at all) instead of standard output.
    #[arg(short, long)]
    pub output: Option<std::path::PathBuf>,
    /// Write the tree, --depth turns deep, as an explorer page (a board and
    /// the continuations of the position shown; clicking a move descends,
    /// back climbs; no network needed) to this file instead.
    #[arg(long, conflicts_with_all = ["format", "output"])]
    pub html: Option<std::path::PathBuf>,
}

/// The position of `--fen` / `--moves` in `variant`.
pub fn root_position(variant: Variant, fen: Option<&str>, moves: Option<&str>) -> Result<VariantPosition, String> {
    let start = match fen {
        Some(f) => VariantPosition::from_fen(f, variant).map_err(|e| format!("--fen: {e}"))?,
        None => VariantPosition::start(variant).map_err(|e| format!("{e}: give the position with --fen"))?,
    };
    let Some(moves) = moves else { return Ok(start) };
    crate::criteria::Line::replay(variant, fen, moves).map(|l| l.end).map_err(|e| format!("--moves: {e}"))
}

pub fn run(args: &TreeArgs) -> Outcome {
    let variant = args.input.variant.unwrap_or_default();
    let position = root_position(variant, args.fen.as_deref(), args.moves.as_deref())?;
    let root = Root { position, depth: args.depth };
    let options = Options { default_variant: args.input.variant, ..Options::default() };
    let mut total = Tree::default();
    let read = aggregate(
        &args.input,
        |name, text| tree_text(name, text, &root, options),
        |before, mut part| {
            part.renumber(before as u64);
            total.merge(part);
            Ok(())
        },
    )?;
    // The text report says it in its own lines; elsewhere, standard error.
    let in_text = args.html.is_none() && args.format == TreeFormat::Text && args.output.is_none();
    if let (false, Some(note)) = (in_text, other_variants_note(&total, variant)) {
        eprintln!("pgn100 tree: {note}");
    }
    let how = Written { letters: args.letters, style: args.style, depth: args.depth, min_games: args.min_games };
    let rows = rows(&total, &root, how);
    if let Some(path) = &args.html {
        let names: Vec<String> = args.input.paths.iter().map(|p| p.display().to_string()).collect();
        let sources = if names.is_empty() { "<stdin>".to_string() } else { names.join(", ") };
        write_atomic(
            path,
            tree_page(&root.position, &root_row(&total, &root), &rows, how, total.games, &sources).as_bytes(),
        )?;
        return Ok(ExitCode::from(read.exit(0)));
    }
    let mut out = Sink::open(args.output.as_deref(), false)?;
    match args.format {
        TreeFormat::Json => {
            let doc = Document {
                black: total.reached.black,
                draws: total.reached.draws,
                fen: root.position.fen(),
                games: total.reached.games,
                games_read: total.games,
                moves: &rows,
                variant: variant.name(),
                white: total.reached.white,
            };
            // The I/O error as it is (a closed pipe ends quietly).
            serde_json::to_writer_pretty(&mut out, &doc).map_err(std::io::Error::from)?;
            writeln!(out)?;
        }
        TreeFormat::Csv => write_csv(&mut out, &rows)?,
        TreeFormat::Text => write_text(&mut out, &total, &root, variant, &rows)?,
    }
    out.flush()?;
    out.commit()?;
    Ok(ExitCode::from(read.exit(0)))
}

/// What is said of the games of another variant than the tree's, which
/// reach none of its positions (a Dice file read without `--variant dice`).
fn other_variants_note(tree: &Tree, variant: Variant) -> Option<String> {
    let others = &tree.other_variants;
    let (first, _) = others.first()?;
    let count: u64 = others.iter().map(|(_, n)| n).sum();
    let by_variant: Vec<String> = others.iter().map(|(v, n)| format!("{n} {}", v.name())).collect();
    let hint = if others.len() == 1 {
        format!("give --variant {} for their tree", first.name().to_lowercase())
    } else {
        "give the variant of the tree with --variant".to_string()
    };
    Some(format!(
        "{count} of {} games are of another variant than {} ({}) and reach no position of this tree: {hint}",
        tree.games,
        variant.name(),
        by_variant.join(", "),
    ))
}

fn write_csv(out: &mut impl Write, rows: &[Row]) -> Result<(), Box<dyn std::error::Error>> {
    let mut w = csv::Writer::from_writer(out);
    w.write_record([
        "depth",
        "line",
        "move",
        "uci",
        "games",
        "white",
        "draws",
        "black",
        "score",
        "rating",
        "performance",
        "year",
        "first_date",
        "last_date",
        "sample_file",
        "sample_game",
        "sample_white",
        "sample_black",
        "fen",
    ])
    .map_err(io_error)?;
    let opt = |v: Option<String>| v.unwrap_or_default();
    let mut stack: Vec<&Row> = rows.iter().rev().collect();
    while let Some(r) = stack.pop() {
        let s = r.sample.clone().unwrap_or_default();
        w.write_record([
            r.depth.to_string(),
            r.line.clone(),
            r.written.clone(),
            r.uci.clone(),
            r.games.to_string(),
            r.white.to_string(),
            r.draws.to_string(),
            r.black.to_string(),
            opt(r.score.map(|v| format!("{v:.1}"))),
            opt(r.rating.map(|v| v.to_string())),
            opt(r.performance.map(|v| v.to_string())),
            opt(r.year.map(|v| format!("{v:.1}"))),
            opt(r.first_date.clone()),
            opt(r.last_date.clone()),
            s.file,
            if s.game == 0 { String::new() } else { s.game.to_string() },
            s.white,
            s.black,
            r.fen.clone(),
        ])
        .map_err(io_error)?;
        stack.extend(r.moves.iter().rev());
    }
    w.flush()?;
    Ok(())
}

fn write_text(
    out: &mut impl Write,
    tree: &Tree,
    root: &Root,
    variant: Variant,
    rows: &[Row],
) -> Result<(), Box<dyn std::error::Error>> {
    let r = &tree.reached;
    writeln!(out, "{} {}", variant.name(), root.position.fen())?;
    writeln!(
        out,
        "{} of {} games reach it: white wins {}, draws {}, black wins {}",
        r.games, tree.games, r.white, r.draws, r.black
    )?;
    if let Some(note) = other_variants_note(tree, variant) {
        writeln!(out, "{note}")?;
    }
    if rows.is_empty() {
        writeln!(out, "no continuation is played from it")?;
        return Ok(());
    }
    let width = widest(rows, 0).max(4);
    writeln!(
        out,
        "{:<width$} {:>7} {:>6} {:>6} {:>6} {:>6} {:>6} {:>6} {:>6} {:>10} {:>10}  sample",
        "move", "games", "white", "draws", "black", "score", "rating", "perf", "year", "first", "last"
    )?;
    let mut stack: Vec<&Row> = rows.iter().rev().collect();
    while let Some(row) = stack.pop() {
        let indent = "  ".repeat(row.depth as usize - 1);
        let name = format!("{indent}{}", row.written);
        let opt = |v: Option<String>| v.unwrap_or_else(|| "-".to_string());
        let sample = row.sample.as_ref().map_or(String::new(), |s| {
            let players = if s.white.is_empty() && s.black.is_empty() {
                String::new()
            } else {
                format!(" {} - {}", s.white, s.black)
            };
            format!("{}#{}{players}", s.file, s.game)
        });
        writeln!(
            out,
            "{name:<width$} {:>7} {:>6} {:>6} {:>6} {:>6} {:>6} {:>6} {:>6} {:>10} {:>10}  {sample}",
            row.games,
            row.white,
            row.draws,
            row.black,
            opt(row.score.map(|v| format!("{v:.1}%"))),
            opt(row.rating.map(|v| v.to_string())),
            opt(row.performance.map(|v| v.to_string())),
            opt(row.year.map(|v| format!("{v:.0}"))),
            opt(row.first_date.clone()),
            opt(row.last_date.clone()),
        )?;
        stack.extend(row.moves.iter().rev());
    }
    Ok(())
}

/// The widest move column of `rows` and their continuations, indented.
fn widest(rows: &[Row], depth: usize) -> usize {
    rows.iter().map(|r| (2 * depth + r.written.chars().count()).max(widest(&r.moves, depth + 1))).max().unwrap_or(0)
}
