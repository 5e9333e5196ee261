//! `pgn100 explain CODE`: what a diagnostic code means, shown on its example
//! file from corpus/invalid/ (compiled in, so the example cannot go stale:
//! the tests check the same files).

use std::io::Write;
use std::process::ExitCode;

use clap::Args;

use super::Outcome;
use crate::commands::validate_bytes;
use crate::diag::Code;
use crate::replay::Options;

#[derive(Args, Debug)]
#[command(after_help = "Examples:\n  pgn100 explain illegal_castling\n  pgn100 explain pgn100::ambiguous_move\n  \
pgn100 explain --list")]
pub struct ExplainArgs {
    /// The code, with or without `pgn100::`, in any case (pgn100 explain --list names them all).
    #[arg(required_unless_present = "list", value_parser = code_names(), ignore_case = true, hide_possible_values = true)]
    pub code: Option<String>,
    /// List every code with its one-line summary.
    #[arg(long)]
    pub list: bool,
}

/// The codes as the values of the argument: completions offer them, and a
/// mistyped one gets clap's "a similar value exists".
fn code_names() -> clap::builder::PossibleValuesParser {
    clap::builder::PossibleValuesParser::new(
        Code::ALL.iter().map(|c| clap::builder::PossibleValue::new(c.name()).alias(c.to_string())),
    )
}

macro_rules! examples {
    ($($name:literal),* $(,)?) => {
        fn example(code: Code) -> Option<&'static [u8]> {
            match code.name() {
                $($name => Some(include_bytes!(concat!("../../corpus/invalid/", $name, ".pgn"))),)*
                _ => None,
            }
        }
    };
}

examples!(
    "syntax",
    "unterminated_comment",
    "unterminated_dice_roll",
    "bad_tag",
    "bad_tag_value",
    "duplicate_tag",
    "nag_range",
    "stray_text",
    "binary",
    "encoding",
    "undecodable",
    "bad_fen",
    "unknown_variant",
    "unknown_piece",
    "off_board",
    "unbalanced_variation",
    "no_man",
    "opponents_man",
    "wrong_man",
    "illegal_move",
    "no_such_move",
    "ambiguous_move",
    "missing_promotion",
    "forbidden_promotion",
    "not_a_promotion",
    "missing_throne_pawn",
    "misplaced_throne_pawn",
    "no_throne_pawn",
    "king_capture_required",
    "king_left_attacked",
    "counter_check",
    "restoration_not_due",
    "restoration_no_princess",
    "restoration_late",
    "illegal_castling",
    "wrong_variant_castling",
    "check_mark",
    "capture_mark",
    "move_number",
    "result_mismatch",
    "missing_result",
    "lookalike",
    "book_punctuation",
    "nul_padding",
    "bad_dice_roll",
    "missing_dice_roll",
    "no_such_die",
    "fourth_move",
    "move_after_king_capture",
    "too_few_moves",
);

/// Notes beyond the summary, where the rules need saying.
fn notes(code: Code) -> &'static str {
    match code {
        Code::IllegalCastling => {
            "Hundred castles in two stages. First stage: 0-0-0 (king f2-h2, rook j2-g2) or \
0-0-0-0 (king f2-d2, rook a2-e2), only if neither the king nor that rook has moved. Second stage: 1 \
(king h2-i2, rook j2-h2) or 1-1 (king d2-b2, rook a2-c2), only after the first stage on the same wing, \
if the king has not moved since and the corner rook has made only its one step from the corner. Either \
stage: the king not in check, the squares between empty, and neither the king nor the castling rook \
attacked after the move. Passing over an attacked square is allowed."
        }
        Code::MissingThronePawn | Code::MisplacedThronePawn | Code::NoThronePawn => {
            "The first time a king moves onto the enemy king's start square (f9 for White, f2 for Black), its \
side gains a pawn, placed as part of the move on an empty square of its pawn rank (3 for White, 8 for \
Black), written after the move: Крf8-f9; e3. When that rank is full, nothing is gained \
and the right is kept. [ThronePawn \"off\"] switches the rule off for a game."
        }
        Code::MissingPromotion | Code::ForbiddenPromotion | Code::NotAPromotion => {
            "A pawn on the last rank must become a piece: on files a, c, h, j a queen, prince, \
rook, bishop or knight; on files b, d, e, f, g, i a queen, rook, bishop or knight. Write the letter after \
the square: e9-e10Ф, e10=Q, c10/П or a10(P)."
        }
        Code::UnknownPiece => {
            "Piece letters, Cyrillic and Latin. Hundred: king Кр K, queen Ф Q, prince П P, rook Л R, bishop С B, \
knight К N; a pawn takes no letter (Latin p accepted). Grand: the same without the prince, and marshal М \
(Latin C or M), cardinal Кд (Latin A). The Cyrillic С (bishop) and К (knight) look like the Latin C \
(Grand's marshal) and K (king)."
        }
        Code::CheckMark => "+ marks check (any check), ++ a double check, # or × mate. --strict makes this an error.",
        Code::Encoding => {
            "A note, counted apart from errors and warnings: files that are not UTF-8 are read in a Western or a \
Cyrillic encoding, decided by what reads as words. A byte above ASCII between Latin letters (R\u{e9}ti, \
Br\u{fc}ssel) is a Western letter: the file is read as Windows-1252 (which reads ISO 8859-1, Latin-1, \
the PGN standard's own set), CP437 or CP850 (DOS), whichever makes those bytes Latin letters. Runs of \
such bytes are Cyrillic words: the file is read as Windows-1251, KOI8-R or CP866, whichever makes it read \
as notation (piece letters followed by squares, Кf3, Фe2-h5, and Russian words in tags and comments). A \
file in UTF-16 is read by its BOM. When another encoding reads almost as well, the note names it. The \
note points at the first byte beyond ASCII, which decided. A file that joins texts in several encodings \
(collections in UTF-8 and in Windows-1251 concatenated) is read game by game in each: valid UTF-8 is \
UTF-8, and from the first game that is not, the encoding is detected again; a note says where it \
changes. --encoding NAME chooses."
        }
        Code::ReadAsChess => {
            "A note, counted apart from errors and warnings: a game without a Variant tag is read as Hundred \
unless --variant names another variant. When it fails as Hundred and replays cleanly as Chess (an \
ordinary chess game in a Hundred collection), stats, tree, split --by-variant, filter and moves count it \
as a Chess game and give this note; validate reports the Hundred error and says in its help that the game \
replays cleanly as Chess. [Variant \"Chess\"] or --variant chess says it."
        }
        Code::Undecodable => {
            "Bytes that are no character in the file's encoding (shown as \u{fffd}): a warning, the first one of \
each game. In a tag value or a comment they do not change the game, whose moves decide whether it is \
valid; among the moves such a byte is no token (a syntax error). --strict makes this an error. \
--encoding NAME reads the file in another encoding."
        }
        Code::Binary => {
            "A file whose first 64 KiB hold a NUL byte (other than NUL padding at their end, see nul_padding), or control characters in more than one byte of 32, is \
binary data (an executable, a tar or 7z archive, a UTF-16 file without its BOM), not a game file (gzip, bzip2, xz and zstd data and zip archives are recognised and read): validate reports \
this error and reads no game; the other commands report the file and read the other inputs (exit status 1). A UTF-16 file \
with its BOM is read as text; --encoding names an encoding and turns the check off."
        }
        Code::BookPunctuation => {
            "Books and web pages print a game as a paragraph of prose: a comma after each move or pair of moves (1. e2-e4 e7-e5, 2. Кg1-f3 Кb8-c6,3. ...) and a period after the last. The comma or period is read as the end of its move; convert writes the record without it. Such records have no tags: a game is one paragraph, its `;` heading line (Гамбит Эванса. Морфи - Андерсен, Париж 1858) is kept as the game's comment, and a blank line followed by a heading or by move number 1 starts the next game."
        }
        Code::GameTooLarge => {
            "A game (the text from its first line to the next game's) larger than the limit, 64 MiB unless \
--max-game-size sets another (64M, 1G, a number of bytes), is not held in memory: it is read past, a piece at a \
time, and reported as an invalid game naming its first line, and the games after it are read. A game of \
that size is no real game: a comment of gigabytes in a crafted archive (a zip bomb) would otherwise take \
that much memory. Every command that reads games has the option."
        }
        Code::TruncatedGame => {
            "A compressed file or zip archive that is cut short (an interrupted download) or corrupt (a bad \
checksum, damaged bytes) can be read up to the damage. Every game before it is read; the game the damage falls \
in is this error, at its first line (it is not read: a game without its end would be read as another, shorter \
game); the damage itself is reported after it, with its place, and the other inputs are read. The exit status \
is 1. A zip archive cut before its directory is read from its members' own headers."
        }
        Code::NulPadding => {
            "A file cut short in a download, or written into a pre-allocated file, ends with NUL bytes. NUL bytes and white space that run from the last game to the end of the file (or to the next game's tags) are padding: reported once, not read as a game, and the game before them stays valid. NUL bytes anywhere else are binary data or a syntax error."
        }
        _ => "",
    }
}

pub fn run(args: &ExplainArgs, color: bool) -> Outcome {
    let mut out = std::io::stdout().lock();
    if args.list {
        for c in Code::ALL {
            writeln!(out, "{:<32} {:<8} {}", c.to_string(), format!("{:?}", c.severity()).to_lowercase(), c.summary())?;
        }
        return Ok(ExitCode::SUCCESS);
    }
    let name = args.code.as_deref().unwrap_or_default().to_lowercase();
    let Some(code) = Code::from_name(&name) else {
        return Err(format!("{name:?} is no diagnostic code (pgn100 explain --list)").into());
    };
    writeln!(out, "{code} ({:?})\n", code.severity())?;
    writeln!(out, "{}.", capitalise(code.summary()))?;
    let notes = notes(code);
    if !notes.is_empty() {
        writeln!(out, "\n{notes}")?;
    }
    if let Some(bytes) = example(code) {
        let report = validate_bytes(&format!("example {}.pgn", code.name()), bytes, None, Options::default());
        writeln!(out, "\nExample:\n")?;
        for line in report.source.text.lines() {
            writeln!(out, "    {}", crate::diag::escape(line))?;
        }
        writeln!(out)?;
        for d in report.diagnostics.iter().filter(|d| d.code == code) {
            write!(out, "{}", d.render(&report.source, color))?;
        }
    }
    Ok(ExitCode::SUCCESS)
}

fn capitalise(s: &str) -> String {
    let mut c = s.chars();
    c.next().map_or_else(String::new, |f| f.to_uppercase().collect::<String>() + c.as_str())
}
