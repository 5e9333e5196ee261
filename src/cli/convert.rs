//! `pgn100 convert`

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{Args, ValueEnum};

use super::input::{Input, InputArgs};
use super::Outcome;
use crate::analysis::batch::{for_each_chunk, Blocks, BLOCK};
use crate::analysis::{convert_source, ConvertOptions, Converted, FilesChoice, LettersChoice, Options, StyleChoice};
use crate::diag::SourceFile;

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
    #[command(flatten)]
    pub input: InputArgs,
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
    /// Replace each input file (written to a temporary file, then renamed). Output is UTF-8; a lone CR (old Mac line end) is written as LF.
    #[arg(long)]
    pub in_place: bool,
    /// Drop games that do not validate instead of copying them unchanged.
    #[arg(long)]
    pub skip_invalid: bool,
    /// Export for another tool: pychess (Grand) or pgn (Chess).
    #[arg(long, value_enum)]
    pub to: Option<Dialect>,
}

/// A file written through a temporary file in the same directory and renamed
/// on [`AtomicFile::commit`]: it is written whole or not at all.
pub struct AtomicFile {
    tmp: tempfile::NamedTempFile,
    path: PathBuf,
}

impl AtomicFile {
    pub fn create(path: &Path) -> std::io::Result<AtomicFile> {
        let dir = match path.parent() {
            Some(d) if !d.as_os_str().is_empty() => d,
            _ => Path::new("."),
        };
        let tmp = tempfile::NamedTempFile::new_in(dir)?;
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
        Ok(AtomicFile { tmp, path: path.to_path_buf() })
    }

    pub fn commit(mut self) -> std::io::Result<()> {
        self.tmp.flush()?;
        self.tmp.as_file().sync_all()?;
        self.tmp.persist(&self.path).map_err(|e| e.error)?;
        Ok(())
    }
}

impl Write for AtomicFile {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.tmp.write(buf)
    }
    fn flush(&mut self) -> std::io::Result<()> {
        self.tmp.flush()
    }
}

/// Writes `bytes` to `path` whole or not at all.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let mut f = AtomicFile::create(path)?;
    f.write_all(bytes)?;
    f.commit()
}

/// Rewrites one input (convert, annotate) in bounded blocks, pieces in
/// parallel, output in order; returns the number of invalid games.
pub(super) fn transform_input(
    input: &Input,
    encoding: Option<&'static encoding_rs::Encoding>,
    transform: &(dyn Fn(&SourceFile) -> Converted + Sync),
    pool: &rayon::ThreadPool,
    out: &mut dyn Write,
    color: bool,
) -> Result<usize, Box<dyn std::error::Error>> {
    let name = input.name();
    let reader = input.open().map_err(|e| format!("{name}: {e}"))?;
    let (mut games_before, mut invalid) = (0, 0);
    for_each_chunk(
        Blocks::new(reader, encoding, BLOCK),
        pool,
        |text, lines, bytes| {
            let source = SourceFile::piece(name.clone(), text.to_string(), lines, bytes);
            let converted = transform(&source);
            (source, converted)
        },
        |_, _, _| Ok::<(), Box<dyn std::error::Error>>(()),
        |(source, converted)| {
            for d in &converted.diagnostics {
                let mut d = d.clone();
                d.game = d.game.map(|g| g + games_before);
                eprint!("{}", d.render(&source, color));
            }
            out.write_all(converted.text.as_bytes())?;
            games_before += converted.games;
            invalid += converted.invalid;
            Ok(())
        },
    )?;
    Ok(invalid)
}

pub fn run(args: &ConvertArgs, color: bool) -> Outcome {
    if let Some(Dialect::Pgn) = args.to {
        return Err("--to pgn exports Chess games, and the Chess rules are not implemented yet".into());
    }
    let encoding = args.input.encoding()?;
    let inputs = args.input.inputs()?;
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
        pychess: matches!(args.to, Some(Dialect::Pychess)),
        promotion_equals: false,
        single_plus: false,
        replay: Options { default_variant: args.input.variant, ..Options::default() },
    };
    let pool = rayon::ThreadPoolBuilder::new().build()?;
    let convert = |source: &SourceFile| convert_source(source, &options);
    let mut invalid = 0;
    let mut combined = match &args.output {
        Some(path) => Some(AtomicFile::create(path).map_err(|e| format!("{}: {e}", path.display()))?),
        None => None,
    };
    let mut stdout = std::io::stdout().lock();
    for input in &inputs {
        match (args.in_place, input, combined.as_mut()) {
            (true, Input::File(path), _) => {
                let mut file = AtomicFile::create(path).map_err(|e| format!("{}: {e}", path.display()))?;
                invalid += transform_input(input, encoding, &convert, &pool, &mut file, color)?;
                file.commit().map_err(|e| format!("{}: {e}", path.display()))?;
            }
            (_, _, Some(file)) => invalid += transform_input(input, encoding, &convert, &pool, file, color)?,
            _ => invalid += transform_input(input, encoding, &convert, &pool, &mut stdout, color)?,
        }
    }
    if let Some(file) = combined {
        file.commit()
            .map_err(|e| format!("{}: {e}", args.output.as_ref().map_or(String::new(), |p| p.display().to_string())))?;
    }
    stdout.flush()?;
    Ok(ExitCode::from(if invalid > 0 { 1 } else { 0 }))
}
