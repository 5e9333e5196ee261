//! The reading loop of the collector's commands (filter, dedup, split):
//! every input in turn through the parallel block driver, each chunk's
//! result handed over in input order with the input's encoding, so that
//! games are written back in the bytes they were read from.

use std::borrow::Cow;

use encoding_rs::Encoding;

use super::input::Input;
use super::progress::Progress;
use crate::analysis::batch::{for_each_chunk, Blocks, BLOCK};
use crate::notation::decode::FileBytes;

/// A chunk's text again in the input's encoding (single-byte encodings
/// give back the bytes read; UTF-8 is the text itself).
pub fn in_encoding<'a>(text: &'a str, encoding: Option<&'static Encoding>) -> Cow<'a, [u8]> {
    match encoding {
        Some(e) if e != encoding_rs::UTF_8 && e.output_encoding() == e => e.encode(text).0,
        _ => Cow::Borrowed(text.as_bytes()),
    }
}

/// Reads `inputs`, runs `work(text, lines_before)` on every chunk in
/// parallel and gives `consume(input index, encoding, result)` the results
/// in order. An input that cannot be read is reported and skipped; returns
/// whether one was. Errors of `consume` end the reading.
pub fn read_all<T: Send>(
    inputs: &[Input],
    encoding: Option<&'static Encoding>,
    pool: &rayon::ThreadPool,
    progress: &Progress,
    work: impl Fn(&str, usize) -> T + Sync,
    mut consume: impl FnMut(usize, Option<&'static Encoding>, T) -> Result<(), Box<dyn std::error::Error>>,
) -> Result<bool, Box<dyn std::error::Error>> {
    let mut unreadable = false;
    for (i, input) in inputs.iter().enumerate() {
        let reader = match input.open() {
            Ok(r) => r,
            Err(e) => {
                progress.suspend(|| eprintln!("pgn100: {}", input.error(&e)));
                unreadable = true;
                continue;
            }
        };
        let used = std::cell::Cell::new(encoding);
        let result = for_each_chunk(
            Blocks::new(reader, encoding, BLOCK),
            pool,
            |text, lines, _: FileBytes| work(text, lines),
            |blocks, block, _| {
                progress.advance(block.len());
                if let (None, Some(u)) = (encoding, blocks.used) {
                    used.set(Some(u));
                }
                Ok::<(), Box<dyn std::error::Error>>(())
            },
            |t| consume(i, used.get(), t),
        );
        if let Err(e) = result {
            if super::is_broken_pipe(e.as_ref()) || e.downcast_ref::<Fatal>().is_some() {
                return Err(e);
            }
            progress.suspend(|| eprintln!("pgn100: {}: {e}", input.name()));
            unreadable = true;
        }
    }
    Ok(unreadable)
}

/// An error of writing the output, which ends the command (an error of
/// reading ends only the input being read).
#[derive(Debug)]
pub struct Fatal(pub String);

impl std::fmt::Display for Fatal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Fatal {}

/// Wraps an output error as [`Fatal`] (a closed pipe stays what it is).
pub fn fatal(e: std::io::Error) -> Box<dyn std::error::Error> {
    if e.kind() == std::io::ErrorKind::BrokenPipe {
        Box::new(e)
    } else {
        Box::new(Fatal(e.to_string()))
    }
}
