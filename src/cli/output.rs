//! Output plumbing shared by the commands that write files: a file written
//! whole or not at all, file errors worded one way, and the rewriting of
//! inputs (convert, annotate) in bounded blocks with the files kept apart.

use std::io::Write;
use std::path::{Path, PathBuf};

use super::input::Input;
use super::progress::Progress;
use crate::commands::Converted;
use crate::diag::SourceFile;
use crate::input::batch::BlockStart;
use crate::input::driver::{read_inputs, Chunk, Config, Consumer, Damage, Error as DriverError, Lost, Run};

pub use crate::input::paths::file_error;

/// A file written through a temporary file in the same directory and renamed
/// on [`AtomicFile::commit`]: it is written whole or not at all. A symbolic
/// link is written through (its target is replaced, the link stays). A path
/// that is no regular file (`/dev/null`, `/dev/stdout`, a named pipe) is
/// written to itself: a rename would put a regular file in its place.
pub struct AtomicFile {
    out: Target,
    path: PathBuf,
}

enum Target {
    Temporary(tempfile::NamedTempFile),
    InPlace(std::fs::File),
}

impl AtomicFile {
    /// Errors are already worded with the path ([`file_error`]).
    pub fn create(path: &Path) -> Result<AtomicFile, String> {
        if path.is_dir() || path.as_os_str().to_string_lossy().ends_with(std::path::MAIN_SEPARATOR) {
            return Err(format!("{}: is a directory; give the name of a file to write", path.display()));
        }
        if std::fs::metadata(path).is_ok_and(|m| !m.is_file()) {
            let file = std::fs::OpenOptions::new().write(true).open(path).map_err(|e| file_error(path, &e))?;
            return Ok(AtomicFile { out: Target::InPlace(file), path: path.to_path_buf() });
        }
        let target = match std::fs::symlink_metadata(path) {
            Ok(m) if m.file_type().is_symlink() => resolve_link(path),
            _ => path.to_path_buf(),
        };
        Self::create_at(target).map_err(|e| file_error(path, &e))
    }

    fn create_at(path: PathBuf) -> std::io::Result<AtomicFile> {
        let dir = match path.parent() {
            Some(d) if !d.as_os_str().is_empty() => d,
            _ => Path::new("."),
        };
        let tmp = tempfile::NamedTempFile::new_in(dir)?;
        // Keep the permissions of the file replaced; a new file gets rw-r--r--.
        let permissions = match std::fs::metadata(&path) {
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
        Ok(AtomicFile { out: Target::Temporary(tmp), path })
    }

    /// Renames the written file into place; errors are worded with the path.
    pub fn commit(self) -> Result<(), String> {
        let path = self.path;
        let result = (|| -> std::io::Result<()> {
            match self.out {
                Target::Temporary(mut tmp) => {
                    tmp.flush()?;
                    tmp.as_file().sync_all()?;
                    tmp.persist(&path).map_err(|e| e.error)?;
                }
                Target::InPlace(mut file) => file.flush()?,
            }
            Ok(())
        })();
        result.map_err(|e| file_error(&path, &e))
    }
}

/// The file a symbolic link finally names (a dangling link: the path it
/// names, to be created).
fn resolve_link(path: &Path) -> PathBuf {
    if let Ok(real) = std::fs::canonicalize(path) {
        return real;
    }
    match std::fs::read_link(path) {
        Ok(target) if target.is_absolute() => target,
        Ok(target) => path.parent().map_or(target.clone(), |dir| dir.join(&target)),
        Err(_) => path.to_path_buf(),
    }
}

impl Write for AtomicFile {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        match &mut self.out {
            Target::Temporary(tmp) => tmp.write(buf),
            Target::InPlace(file) => file.write(buf),
        }
    }
    fn flush(&mut self) -> std::io::Result<()> {
        match &mut self.out {
            Target::Temporary(tmp) => tmp.flush(),
            Target::InPlace(file) => file.flush(),
        }
    }
}

/// Where rows go (`stats`, `moves`): standard output, or a file written
/// whole at the end ([`Sink::commit`]).
pub enum Sink {
    Stdout(std::io::BufWriter<std::io::Stdout>),
    File(AtomicFile),
}

impl Write for Sink {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        match self {
            Sink::Stdout(w) => w.write(buf),
            Sink::File(w) => w.write(buf),
        }
    }
    fn flush(&mut self) -> std::io::Result<()> {
        match self {
            Sink::Stdout(w) => w.flush(),
            Sink::File(w) => w.flush(),
        }
    }
}

impl Sink {
    /// The file `path` (`-o`), else standard output; `parquet`: the format
    /// is Parquet, which is written to a file only.
    pub fn open(path: Option<&Path>, parquet: bool) -> Result<Sink, String> {
        match path {
            Some(path) => Ok(Sink::File(AtomicFile::create(path)?)),
            None if parquet => Err("--format parquet writes a file: give it with -o FILE".to_string()),
            None => Ok(Sink::Stdout(std::io::BufWriter::new(std::io::stdout()))),
        }
    }
    /// Puts a file in place; standard output was written already.
    pub fn commit(self) -> Result<(), String> {
        match self {
            Sink::Stdout(_) => Ok(()),
            Sink::File(f) => f.commit(),
        }
    }
}

/// Writes `bytes` to `path` whole or not at all; errors worded with the path.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> Result<(), String> {
    let mut f = AtomicFile::create(path)?;
    f.write_all(bytes).map_err(|e| file_error(path, &e))?;
    f.commit()
}

/// An output that several inputs are written to one after the other: each
/// input after the first starts after a blank line, whatever the one before
/// ended with (a file without a final newline would otherwise run into the
/// next file's first tag).
pub struct Joined<'a> {
    out: &'a mut dyn Write,
    /// The last two bytes written (0 when none).
    tail: [u8; 2],
    written: bool,
}

impl<'a> Joined<'a> {
    pub fn new(out: &'a mut dyn Write) -> Joined<'a> {
        Joined { out, tail: [0; 2], written: false }
    }

    /// Called before each input: separates it from what was written before.
    fn next_input(&mut self) -> std::io::Result<()> {
        if !self.written {
            return Ok(());
        }
        let sep: &[u8] = match self.tail {
            [b'\n', b'\n'] => b"",
            [_, b'\n'] => b"\n",
            _ => b"\n\n",
        };
        self.write_all(sep)
    }
}

impl Write for Joined<'_> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        let n = self.out.write(buf)?;
        let done = buf.get(..n).unwrap_or_default();
        match done {
            [] => {}
            [b] => {
                let [_, last] = self.tail;
                self.tail = [last, *b];
            }
            [.., a, b] => self.tail = [*a, *b],
        }
        self.written |= n > 0;
        Ok(n)
    }
    fn flush(&mut self) -> std::io::Result<()> {
        self.out.flush()
    }
}

/// Rewrites every input in turn (convert, annotate) into `out` through the
/// reading driver, chunks in parallel, output in order, each input after
/// a line break when the one before did not end with one; returns the
/// number of invalid games (the games not read among them) and how the
/// inputs were read. A damaged or unreadable input is reported, its games
/// before the damage written, and the other inputs are read.
pub fn transform_all(
    inputs: &[Input],
    config: &Config,
    transform: &(dyn Fn(&SourceFile) -> Converted + Sync),
    pool: &rayon::ThreadPool,
    out: &mut dyn Write,
    progress: &Progress,
    color: bool,
) -> Result<(usize, Run), Box<dyn std::error::Error>> {
    let mut consumer = Transforming { out: Joined::new(out), invalid: 0, progress, color };
    let work = |c: &Chunk<'_>| {
        let source = SourceFile::chunk(c.name, c.text.to_string(), c.lines_before, c.bytes);
        let converted = transform(&source);
        // Rendered by the thread that found them (what they show does
        // not depend on the games before the chunk).
        let rendered: String = converted.diagnostics.iter().map(|d| d.render(&source, color)).collect();
        (converted, rendered)
    };
    let run = read_inputs(inputs, config, pool, progress, work, &mut consumer)?;
    consumer.out.flush()?;
    Ok((consumer.invalid, run))
}

/// The rewriting commands' consumer of the reading driver.
struct Transforming<'a, 'b> {
    out: Joined<'b>,
    invalid: usize,
    progress: &'a Progress,
    color: bool,
}

impl Consumer<(Converted, String)> for Transforming<'_, '_> {
    fn games(&self, part: &(Converted, String)) -> usize {
        part.0.games
    }
    fn start(&mut self, _: usize, _: &str) -> Result<(), DriverError> {
        Ok(self.out.next_input()?)
    }
    fn part(&mut self, _: usize, _: usize, (converted, rendered): (Converted, String)) -> Result<(), DriverError> {
        if !rendered.is_empty() {
            self.progress.suspend(|| eprint!("{rendered}"));
        }
        self.out.write_all(converted.text.as_bytes())?;
        self.invalid += converted.invalid;
        Ok(())
    }
    fn lost(&mut self, name: &str, game: usize, lost: &Lost, at: BlockStart) -> Result<(), DriverError> {
        // An invalid game, not written.
        let d = lost.diagnostic().game(game);
        let source = SourceFile::chunk(name, lost.head().to_string(), at.lines_before, at.bytes);
        self.progress.suspend(|| eprint!("{}", d.render(&source, self.color)));
        self.invalid += 1;
        Ok(())
    }
    fn damage(&mut self, damage: &Damage) -> Result<bool, DriverError> {
        crate::input::driver::report_damage(self.progress, damage)
    }
}

/// Runs `write` on the file `path` (written whole or not at all) or, without
/// one, on standard output.
pub fn to_output<T>(
    path: Option<&Path>,
    write: impl FnOnce(&mut dyn Write) -> Result<T, Box<dyn std::error::Error>>,
) -> Result<T, Box<dyn std::error::Error>> {
    match path {
        Some(path) => {
            let mut file = AtomicFile::create(path)?;
            let value = write(&mut file)?;
            file.commit()?;
            Ok(value)
        }
        None => {
            use std::io::IsTerminal;
            let stdout = std::io::stdout();
            let terminal = stdout.is_terminal();
            let mut out = stdout.lock();
            let value = if terminal {
                // Input text on a terminal: no escape sequence reaches it.
                let mut shown = Escaping::new(&mut out);
                let value = write(&mut shown)?;
                shown.flush()?;
                value
            } else {
                write(&mut out)?
            };
            out.flush()?;
            Ok(value)
        }
    }
}

/// A writer that shows control characters and bidirectional overrides
/// escaped (`\x1b`), as [`crate::diag::escape`] does for diagnostics: for
/// text written to a terminal. A character split between two writes is
/// held until its last byte comes; bytes that are no UTF-8 are shown as
/// U+FFFD.
pub struct Escaping<W: Write> {
    inner: W,
    /// The start of a character whose other bytes are still to come.
    pending: Vec<u8>,
}

impl<W: Write> Escaping<W> {
    pub fn new(inner: W) -> Escaping<W> {
        Escaping { inner, pending: Vec::new() }
    }
}

impl<W: Write> Write for Escaping<W> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.pending.extend_from_slice(buf);
        let bytes = std::mem::take(&mut self.pending);
        let (text, rest) = match std::str::from_utf8(&bytes) {
            Ok(text) => (std::borrow::Cow::Borrowed(text), &[][..]),
            // An incomplete character at the end waits for the next write.
            Err(e) if e.error_len().is_none() => {
                let (done, rest) = bytes.split_at(e.valid_up_to());
                (String::from_utf8_lossy(done), rest)
            }
            Err(_) => (String::from_utf8_lossy(&bytes), &[][..]),
        };
        self.inner.write_all(crate::diag::escape(&text).as_bytes())?;
        self.pending = rest.to_vec();
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        if !self.pending.is_empty() {
            let rest = std::mem::take(&mut self.pending);
            self.inner.write_all(String::from_utf8_lossy(&rest).as_bytes())?;
        }
        self.inner.flush()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A `{\x1b[2J}` comment cannot clear the screen, a character split
    /// between writes comes out whole, and ordinary text is unchanged.
    #[test]
    fn escaping_writer_shows_controls_and_keeps_split_characters() {
        let mut out = Vec::new();
        let mut w = Escaping::new(&mut out);
        let text = "1. Кg1-f3 {\x1b[2J\u{202e}x}\t*\n".as_bytes();
        let (a, b) = text.split_at(4); // inside `К`
        w.write_all(a).unwrap();
        w.write_all(b).unwrap();
        w.flush().unwrap();
        assert_eq!(String::from_utf8(out).unwrap(), "1. Кg1-f3 {\\x1b[2J\\u{202e}x}\t*\n");
    }
}
