//! A progress bar on standard error, for inputs large enough to take more
//! than a second or two, and only when standard error is a terminal.

use std::io::IsTerminal;

use super::input::Input;

/// Inputs smaller than this (in total) get no bar: they take about a second.
const THRESHOLD: u64 = 16 << 20;

/// A bar over the bytes of the inputs, or nothing.
pub struct Progress(Option<indicatif::ProgressBar>);

impl Progress {
    /// A bar when standard error is a terminal and the files are large.
    pub fn new(inputs: &[Input]) -> Progress {
        let total: u64 = inputs
            .iter()
            .map(|i| match i {
                Input::File(p) => std::fs::metadata(p).map_or(0, |m| m.len()),
                Input::Member { .. } | Input::Stdin => 0,
            })
            .sum();
        if !std::io::stderr().is_terminal() || total < THRESHOLD {
            return Progress(None);
        }
        let bar = indicatif::ProgressBar::new(total);
        if let Ok(style) =
            indicatif::ProgressStyle::with_template("{bar:40} {bytes}/{total_bytes} {bytes_per_sec} eta {eta}")
        {
            bar.set_style(style);
        }
        Progress(Some(bar))
    }

    /// `bytes` more have been read.
    pub fn advance(&self, bytes: usize) {
        if let Some(bar) = &self.0 {
            bar.inc(bytes as u64);
        }
    }

    /// Runs `f` (which writes to the terminal) with the bar hidden.
    pub fn suspend<T>(&self, f: impl FnOnce() -> T) -> T {
        match &self.0 {
            Some(bar) => bar.suspend(f),
            None => f(),
        }
    }

    /// Removes the bar.
    pub fn finish(&self) {
        if let Some(bar) = &self.0 {
            bar.finish_and_clear();
        }
    }
}
