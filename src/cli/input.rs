//! The input options of the commands that read game files, turned into
//! the reading driver's inputs and configuration ([`crate::input`]).

use std::path::PathBuf;

use crate::input::driver::Config;
pub use crate::input::paths::{expand, parse_encoding, Input};
use crate::rules::Variant;

/// The input options shared by the commands that read game files.
#[derive(clap::Args, Debug)]
pub struct InputArgs {
    /// Files or directories (walked for *.pgn and *.txt); `-` or nothing for standard input.
    pub paths: Vec<PathBuf>,
    /// Read the files in this encoding instead of detecting it (utf-8, utf-16le, utf-16be, windows-1251,
    /// koi8-r, cp866, latin1 / windows-1252, cp437, cp850).
    #[arg(long)]
    pub encoding: Option<String>,
    /// The variant of games without a Variant tag.
    #[arg(long)]
    pub variant: Option<Variant>,
    /// Worker threads (default: all cores).
    #[arg(long)]
    pub threads: Option<usize>,
    /// The largest game read (bytes, or with K, M or G: 64M, 1G); a larger
    /// one is an error naming it, streamed past without being held, and the
    /// games after it are read.
    #[arg(long, value_name = "SIZE", default_value = "64M", value_parser = crate::input::batch::parse_size)]
    pub max_game_size: usize,
}

impl InputArgs {
    pub fn inputs(&self) -> Result<Vec<Input>, String> {
        expand(&self.paths)
    }
    /// The worker threads (`--threads`).
    pub fn pool(&self) -> Result<rayon::ThreadPool, rayon::ThreadPoolBuildError> {
        rayon::ThreadPoolBuilder::new().num_threads(self.threads.unwrap_or(0)).build()
    }
    pub fn encoding(&self) -> Result<Option<crate::notation::decode::Charset>, String> {
        self.encoding.as_deref().map(parse_encoding).transpose()
    }
    /// The reading driver's configuration.
    pub fn config(&self) -> Result<Config, String> {
        Ok(Config { encoding: self.encoding()?, max_game: self.max_game_size, write_back: None })
    }
}
