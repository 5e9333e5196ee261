//! Inputs: files, directories (walked for `*.pgn` and `*.txt`) and `-`.

use std::io::Read;
use std::path::{Path, PathBuf};

use super::output::file_error;
use crate::notation::decode::encoding_by_name;
use crate::rules::Variant;

/// One input to read.
#[derive(Clone, Debug)]
pub enum Input {
    Stdin,
    File(PathBuf),
}

impl Input {
    pub fn name(&self) -> String {
        match self {
            Input::Stdin => "<stdin>".to_string(),
            Input::File(p) => p.display().to_string(),
        }
    }

    /// An error reading this input, worded as every file error is.
    pub fn error(&self, e: &std::io::Error) -> String {
        match self {
            Input::Stdin => file_error(Path::new("<stdin>"), e),
            Input::File(p) => file_error(p, e),
        }
    }

    /// A reader of the input, for the block reader.
    pub fn open(&self) -> std::io::Result<Box<dyn Read + Send>> {
        Ok(match self {
            Input::Stdin => Box::new(std::io::stdin()),
            Input::File(p) => Box::new(std::fs::File::open(p)?),
        })
    }
}

/// The input options shared by the commands that read game files.
#[derive(clap::Args, Debug)]
pub struct InputArgs {
    /// Files or directories (walked for *.pgn and *.txt); `-` or nothing for standard input.
    pub paths: Vec<PathBuf>,
    /// Read the files in this encoding instead of detecting it (utf-8, windows-1251, koi8-r, cp866).
    #[arg(long)]
    pub encoding: Option<String>,
    /// The variant of games without a Variant tag.
    #[arg(long)]
    pub variant: Option<Variant>,
    /// Worker threads (default: all cores).
    #[arg(long)]
    pub threads: Option<usize>,
}

impl InputArgs {
    pub fn inputs(&self) -> Result<Vec<Input>, String> {
        expand(&self.paths)
    }
    /// The worker threads (`--threads`).
    pub fn pool(&self) -> Result<rayon::ThreadPool, rayon::ThreadPoolBuildError> {
        rayon::ThreadPoolBuilder::new().num_threads(self.threads.unwrap_or(0)).build()
    }
    pub fn encoding(&self) -> Result<Option<&'static encoding_rs::Encoding>, String> {
        self.encoding.as_deref().map(parse_encoding).transpose()
    }
}

/// Expands the command line's paths; no path means standard input.
pub fn expand(paths: &[PathBuf]) -> Result<Vec<Input>, String> {
    if paths.is_empty() {
        return Ok(vec![Input::Stdin]);
    }
    let mut out = Vec::new();
    for p in paths {
        if p.as_os_str() == "-" {
            out.push(Input::Stdin);
        } else if p.is_dir() {
            walk(p, &mut out).map_err(|e| file_error(p, &e))?;
        } else if p.exists() {
            out.push(Input::File(p.clone()));
        } else {
            return Err(format!("{}: no such file or directory", p.display()));
        }
    }
    Ok(out)
}

fn walk(dir: &Path, out: &mut Vec<Input>) -> std::io::Result<()> {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)?.map(|e| e.map(|e| e.path())).collect::<Result<_, _>>()?;
    entries.sort();
    for p in entries {
        if p.is_dir() {
            walk(&p, out)?;
        } else if p.extension().is_some_and(|e| e.eq_ignore_ascii_case("pgn") || e.eq_ignore_ascii_case("txt")) {
            out.push(Input::File(p));
        }
    }
    Ok(())
}

/// The `--encoding` value, checked.
pub fn parse_encoding(name: &str) -> Result<&'static encoding_rs::Encoding, String> {
    encoding_by_name(name).ok_or_else(|| format!("unknown encoding {name:?} (utf-8, windows-1251, koi8-r, cp866)"))
}
