//! A progress bar on standard error, for inputs large enough to take more
//! than a second or two, and only when standard error is a terminal. It
//! counts the bytes of the inputs as stored: a compressed file's are the
//! compressed bytes its decoder consumes, a zip member's its compressed
//! size (told as its decompressed bytes are read), so the bar ends at its
//! total whatever the compression.

use std::io::{IsTerminal, Read};

use super::paths::Input;

/// Inputs smaller than this (in total) get no bar: they take about a second.
const THRESHOLD: u64 = 16 << 20;

/// The bytes of the inputs as stored (a zip member's compressed size).
fn total(inputs: &[Input]) -> u64 {
    inputs
        .iter()
        .map(|i| match i {
            Input::File(p) => std::fs::metadata(p).map_or(0, |m| m.len()),
            Input::Member { packed, .. } | Input::Local { packed, .. } => *packed,
            Input::Unreadable { .. } | Input::Stdin => 0,
        })
        .sum()
}

/// A bar over the bytes of the inputs, or nothing.
pub struct Progress(Option<indicatif::ProgressBar>);

impl Progress {
    /// A bar when standard error is a terminal and the files are large.
    pub fn new(inputs: &[Input]) -> Progress {
        let total = total(inputs);
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

    /// No bar.
    pub fn none() -> Progress {
        Progress(None)
    }

    /// `reader`, moving the bar by the bytes read from it.
    pub fn counted<R: Read>(&self, reader: R) -> Counted<R> {
        Counted { inner: reader, bar: self.0.clone() }
    }

    /// What moves the bar from a zip member's reading thread.
    pub fn tally(&self) -> crate::input::compressed::Tally {
        let bar = self.0.clone();
        Box::new(move |bytes| {
            if let Some(bar) = &bar {
                bar.inc(bytes);
            }
        })
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

/// A reader that moves a bar by the bytes read from it.
pub struct Counted<R> {
    inner: R,
    bar: Option<indicatif::ProgressBar>,
}

impl<R: Read> Read for Counted<R> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = self.inner.read(buf)?;
        if let Some(bar) = &self.bar {
            bar.inc(n as u64);
        }
        Ok(n)
    }
}

#[cfg(test)]
mod tests {
    use std::io::Write;

    use super::*;

    /// Every kind of input read to its end brings the bar to its total:
    /// plain, gzip (the compressed bytes, not the text's), zip members and
    /// the members of a zip inside a zip.
    #[test]
    fn the_bar_ends_at_its_total_whatever_the_compression() {
        let dir = tempfile::tempdir().expect("temp dir");
        let text = b"[Event \"x\"]\n\n1. e3-e5 *\n\n".repeat(20_000);
        let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
        gz.write_all(&text).expect("gz");
        let gz = gz.finish().expect("gz");
        let zip_of = |members: &[(&str, &[u8])]| {
            let mut w = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
            let options = zip::write::SimpleFileOptions::default().compression_method(zip::CompressionMethod::Deflated);
            for (name, data) in members {
                w.start_file(*name, options).expect("member");
                w.write_all(data).expect("write");
            }
            w.finish().expect("zip").into_inner()
        };
        let inner = zip_of(&[("a.pgn", &text), ("b.pgn", text.get(..1000).expect("1000 bytes"))]);
        let files: [(&str, Vec<u8>); 4] = [
            ("plain.pgn", text.clone()),
            ("packed.pgn.gz", gz),
            ("one.zip", zip_of(&[("a.pgn", &text)])),
            ("outer.zip", zip_of(&[("inner.zip", &inner), ("c.pgn", &text)])),
        ];
        for (name, data) in files {
            let path = dir.path().join(name);
            std::fs::write(&path, &data).expect("write");
            let inputs = super::super::paths::expand(&[path]).expect("inputs");
            let total = total(&inputs);
            assert!(total > 0 && total < text.len() as u64 * 2, "{name}: {total}");
            if name != "plain.pgn" {
                assert!(total < text.len() as u64, "{name}: {total} counts decompressed bytes");
            }
            let bar = indicatif::ProgressBar::hidden();
            bar.set_length(total);
            let progress = Progress(Some(bar.clone()));
            for input in &inputs {
                let mut read = Vec::new();
                input.open_counted(&progress).expect("open").read_to_end(&mut read).expect("read");
                assert!(read.len() >= 1000, "{name}");
            }
            assert_eq!(bar.position(), total, "{name}");
        }
    }
}
