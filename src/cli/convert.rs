//! `pgn100 convert`

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{Args, ValueEnum};

use super::input::{expand, parse_encoding, Input};
use super::Outcome;
use crate::analysis::{convert_source, ConvertOptions, FilesChoice, LettersChoice, Options, StyleChoice};
use crate::diag::SourceFile;
use crate::notation::decode::decode;
use crate::rules::Variant;

#[derive(Copy, Clone, Debug, ValueEnum)]
pub enum LettersArg {
    Keep,
    Cyrillic,
    Latin,
}

#[derive(Copy, Clone, Debug, ValueEnum)]
pub enum StyleArg {
    Keep,
    Long,
    Short,
}

#[derive(Copy, Clone, Debug, ValueEnum)]
pub enum FilesArg {
    Keep,
    #[value(name = "a-j")]
    AJ,
    #[value(name = "a-k")]
    AK,
}

#[derive(Copy, Clone, Debug, ValueEnum)]
pub enum Dialect {
    /// Grand Chess as pychess and Fairy-Stockfish write it.
    Pychess,
    /// Standard PGN (SAN) for Chess.
    Pgn,
}

#[derive(Args, Debug)]
#[command(after_help = "Examples:\n  pgn100 convert --letters latin games.pgn > latin.pgn\n  \
pgn100 convert --style short --in-place games.pgn\n  pgn100 convert --letters cyrillic --style long -o out.pgn in.pgn")]
pub struct ConvertArgs {
    /// Files or directories (walked for *.pgn and *.txt); `-` or nothing for standard input.
    pub paths: Vec<PathBuf>,
    /// Piece letters of the output.
    #[arg(long, value_enum, default_value = "keep")]
    pub letters: LettersArg,
    /// Long (from-square always) or short (only what is needed) moves.
    #[arg(long, value_enum, default_value = "keep")]
    pub style: StyleArg,
    /// Letter the tenth file j (a-j) or k (a-k, as seed 000).
    #[arg(long, value_enum, default_value = "keep")]
    pub files: FilesArg,
    /// Write to this file (whole or not at all) instead of standard output.
    #[arg(short = 'o', long, conflicts_with = "in_place")]
    pub output: Option<PathBuf>,
    /// Replace each input file (written to a temporary file, then renamed). Output is UTF-8.
    #[arg(long)]
    pub in_place: bool,
    /// Drop games that do not validate instead of copying them unchanged.
    #[arg(long)]
    pub skip_invalid: bool,
    /// Export for another tool: pychess (Grand) or pgn (Chess).
    #[arg(long, value_enum)]
    pub to: Option<Dialect>,
    /// Read the files in this encoding instead of detecting it.
    #[arg(long)]
    pub encoding: Option<String>,
    /// The variant of games without a Variant tag.
    #[arg(long)]
    pub variant: Option<Variant>,
}

/// Writes `bytes` to `path` through a temporary file in the same directory
/// and a rename: the file is written whole or not at all.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    let mut tmp = tempfile::NamedTempFile::new_in(dir)?;
    // Keep the permissions of the file replaced; a new file gets rw-r--r--.
    let permissions = match std::fs::metadata(path) {
        Ok(m) => m.permissions(),
        Err(_) => {
            #[cfg(unix)]
            {
                use std::os::unix::fs::PermissionsExt;
                std::fs::Permissions::from_mode(0o644)
            }
            #[cfg(not(unix))]
            {
                tmp.as_file().metadata()?.permissions()
            }
        }
    };
    tmp.as_file().set_permissions(permissions)?;
    tmp.write_all(bytes)?;
    tmp.as_file().sync_all()?;
    tmp.persist(path).map_err(|e| e.error)?;
    Ok(())
}

pub fn run(args: &ConvertArgs, color: bool) -> Outcome {
    if let Some(to) = args.to {
        let (what, variant) = match to {
            Dialect::Pychess => ("--to pychess", "Grand"),
            Dialect::Pgn => ("--to pgn", "Chess"),
        };
        return Err(format!("{what} exports {variant} games, and the {variant} rules are not implemented yet").into());
    }
    let encoding = args.encoding.as_deref().map(parse_encoding).transpose()?;
    let inputs = expand(&args.paths)?;
    if args.in_place && inputs.iter().any(|i| matches!(i, Input::Stdin)) {
        return Err("--in-place needs files, not standard input".into());
    }
    let options = ConvertOptions {
        letters: match args.letters {
            LettersArg::Keep => LettersChoice::Keep,
            LettersArg::Cyrillic => LettersChoice::Cyrillic,
            LettersArg::Latin => LettersChoice::Latin,
        },
        style: match args.style {
            StyleArg::Keep => StyleChoice::Keep,
            StyleArg::Long => StyleChoice::Long,
            StyleArg::Short => StyleChoice::Short,
        },
        files: match args.files {
            FilesArg::Keep => FilesChoice::Keep,
            FilesArg::AJ => FilesChoice::AJ,
            FilesArg::AK => FilesChoice::AK,
        },
        skip_invalid: args.skip_invalid,
        replay: Options { default_variant: args.variant, ..Options::default() },
    };
    let mut combined = String::new();
    let mut invalid = 0;
    let mut stdout = std::io::stdout().lock();
    for input in &inputs {
        let bytes = input.read().map_err(|e| format!("{}: {e}", input.name()))?;
        let source = SourceFile::new(input.name(), decode(&bytes, encoding).text);
        let converted = convert_source(&source, &options);
        invalid += converted.invalid;
        for d in &converted.diagnostics {
            eprint!("{}", d.render(&source, color));
        }
        match (&args.output, args.in_place, input) {
            (_, true, Input::File(path)) => {
                write_atomic(path, converted.text.as_bytes()).map_err(|e| format!("{}: {e}", path.display()))?
            }
            (Some(_), _, _) => combined.push_str(&converted.text),
            _ => stdout.write_all(converted.text.as_bytes())?,
        }
    }
    if let Some(path) = &args.output {
        write_atomic(path, combined.as_bytes()).map_err(|e| format!("{}: {e}", path.display()))?;
    }
    stdout.flush()?;
    Ok(ExitCode::from(if invalid > 0 { 1 } else { 0 }))
}
