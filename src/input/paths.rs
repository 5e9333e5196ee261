//! Inputs: files, directories (walked for `*.pgn` and `*.txt`, also
//! compressed and in zip archives) and `-`; compressed data is read through
//! [`crate::input::compressed`], a zip archive member by member (the
//! members of archives inside it too).

use std::io::Read;
use std::path::{Path, PathBuf};

use super::progress::Progress;
use crate::input::compressed::{
    decompress, local_members, open_local_member, open_zip_member, sniff_file, zip_members, Compression,
};
use crate::notation::decode::encoding_by_name;

/// `PATH: reason`, the one wording of a file error: the system's reason in
/// lower case, without "(os error N)" and without any temporary file's path.
pub fn file_error(path: &Path, e: &std::io::Error) -> String {
    format!("{}: {}", path.display(), reason(e))
}

pub(crate) fn reason(e: &std::io::Error) -> String {
    // tempfile wraps the system error with the temporary path: take the system error.
    let os = e.raw_os_error().or_else(|| {
        let inner = e.get_ref().and_then(|r| r.source()).and_then(|s| s.downcast_ref::<std::io::Error>());
        inner.and_then(std::io::Error::raw_os_error)
    });
    let text = match os {
        Some(code) => std::io::Error::from_raw_os_error(code).to_string(),
        None if e.get_ref().is_some() => e.to_string(),
        None => e.kind().to_string(),
    };
    let text = match text.rfind(" (os error ") {
        Some(at) => text.get(..at).unwrap_or(&text).to_string(),
        None => text,
    };
    let mut chars = text.chars();
    chars.next().map_or_else(String::new, |c| c.to_lowercase().collect::<String>() + chars.as_str())
}

/// One input to read.
#[derive(Clone, Debug)]
pub enum Input {
    Stdin,
    File(PathBuf),
    /// A file member of a zip archive, or of an archive inside it: its
    /// indexes on the way, its name (`inner.zip:game.pgn`) and its
    /// compressed size.
    Member {
        archive: PathBuf,
        indexes: Vec<usize>,
        name: String,
        packed: u64,
    },
    /// A member of a zip archive whose directory cannot be read (cut
    /// short), found from its own header at `offset` of the archive.
    Local {
        archive: PathBuf,
        offset: u64,
        name: String,
        packed: u64,
    },
    /// An archive inside a zip archive that cannot be read, or a zip
    /// archive that is not read whole: why. Reading it is that error; the
    /// archive's other members are read. An empty `name` is the archive's.
    Unreadable {
        archive: PathBuf,
        name: String,
        why: String,
    },
}

impl Input {
    pub fn name(&self) -> String {
        match self {
            Input::Stdin => "<stdin>".to_string(),
            Input::File(p) => p.display().to_string(),
            Input::Unreadable { archive, name, .. } if name.is_empty() => archive.display().to_string(),
            Input::Member { archive, name, .. }
            | Input::Local { archive, name, .. }
            | Input::Unreadable { archive, name, .. } => format!("{}:{name}", archive.display()),
        }
    }

    /// An error reading this input, worded as every file error is.
    pub fn error(&self, e: &std::io::Error) -> String {
        match self {
            Input::Stdin => file_error(Path::new("<stdin>"), e),
            Input::File(p) => file_error(p, e),
            Input::Member { .. } | Input::Local { .. } | Input::Unreadable { .. } => {
                file_error(Path::new(&self.name()), e)
            }
        }
    }

    /// A reader of the input, for the block reader, decompressed.
    pub fn open(&self) -> std::io::Result<Box<dyn Read + Send>> {
        self.open_counted(&Progress::none())
    }

    /// [`Input::open`], the bar of `progress` moved by the bytes of the
    /// file (compressed, as they are stored) that reading consumes, so it
    /// ends at its total.
    pub fn open_counted(&self, progress: &Progress) -> std::io::Result<Box<dyn Read + Send>> {
        let (kind, reader) = match self {
            Input::Stdin => decompress(std::io::stdin())?,
            Input::File(p) => decompress(progress.counted(std::fs::File::open(p)?))?,
            Input::Member { archive, indexes, .. } => return open_zip_member(archive, indexes, progress.tally()),
            Input::Local { archive, offset, packed, .. } => {
                let reader = open_local_member(archive, *offset);
                (progress.tally())(*packed);
                return reader;
            }
            Input::Unreadable { why, .. } => {
                return Err(std::io::Error::new(std::io::ErrorKind::InvalidData, why.clone()))
            }
        };
        if kind == Compression::Zip {
            // Members are listed from the archive's end: it must be a file.
            return Err(std::io::Error::new(
                std::io::ErrorKind::InvalidInput,
                "a zip archive is read from a file, not from standard input",
            ));
        }
        Ok(reader)
    }

    /// [`Input::open`], or `None` with the error reported on standard
    /// error (above the progress bar): the commands that read many inputs
    /// go on with the next one.
    pub fn open_or_report(&self, progress: &Progress) -> Option<Box<dyn Read + Send>> {
        match self.open_counted(progress) {
            Ok(r) => Some(r),
            Err(e) => {
                progress.suspend(|| eprintln!("pgn100: {}", self.error(&e)));
                None
            }
        }
    }

    /// The bytes of the input's text (decompressed), read once through,
    /// for a command that must know the size of the whole before it reads
    /// its games (`split --shards`). An input that cannot be opened counts
    /// 0, a damaged one the bytes before the damage: the reading driver
    /// reports either when the games are read.
    pub fn text_bytes(&self) -> u64 {
        let Ok(mut reader) = self.open() else { return 0 };
        let (mut total, mut buf) = (0u64, vec![0u8; 1 << 16]);
        loop {
            match reader.read(&mut buf) {
                Ok(0) => return total,
                Ok(n) => total += n as u64,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
                Err(_) => return total,
            }
        }
    }

    /// The path of an input that is a plain (not compressed) file, which
    /// can be rewritten in place.
    pub fn plain_file(&self) -> Option<&Path> {
        match self {
            Input::File(p) if sniff_file(p).is_ok_and(|k| k == Compression::Plain) => Some(p),
            _ => None,
        }
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
            push_file(p, &mut out)?;
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
        } else if is_game_archive(&p)
            || p.extension().is_some_and(|e| e.eq_ignore_ascii_case("pgn") || e.eq_ignore_ascii_case("txt"))
        {
            push_file(&p, out).map_err(std::io::Error::other)?;
        }
    }
    Ok(())
}

/// A file found in a directory that holds games compressed: `*.zip`, or
/// `*.pgn` / `*.txt` with `.gz`, `.bz2`, `.xz` or `.zst` after it.
fn is_game_archive(p: &Path) -> bool {
    let name = p.file_name().map(|n| n.to_string_lossy().to_ascii_lowercase()).unwrap_or_default();
    name.ends_with(".zip")
        || [".gz", ".bz2", ".xz", ".zst"]
            .iter()
            .any(|c| name.strip_suffix(c).is_some_and(|stem| stem.ends_with(".pgn") || stem.ends_with(".txt")))
}

/// A file, or the file members of a zip archive in their order (the
/// archive is recognised by its first bytes, whatever its name).
fn push_file(p: &Path, out: &mut Vec<Input>) -> Result<(), String> {
    if sniff_file(p).map_err(|e| file_error(p, &e))? != Compression::Zip {
        out.push(Input::File(p.to_path_buf()));
        return Ok(());
    }
    let entries = match zip_members(p) {
        Ok(entries) => entries,
        // No directory (an archive cut short): the members that have their
        // own header, then the damage, which their reading reports too.
        Err(e) => {
            for (name, packed, offset) in local_members(p).map_err(|e| file_error(p, &e))? {
                out.push(Input::Local { archive: p.to_path_buf(), offset, name, packed });
            }
            let why = format!("{}; its members were read from their own headers", reason(&e));
            out.push(Input::Unreadable { archive: p.to_path_buf(), name: String::new(), why });
            return Ok(());
        }
    };
    for entry in entries {
        let archive = p.to_path_buf();
        out.push(match entry.error {
            Some(why) => Input::Unreadable { archive, name: entry.name, why },
            None => Input::Member { archive, indexes: entry.indexes, name: entry.name, packed: entry.packed },
        });
    }
    Ok(())
}

/// The `--encoding` value, checked.
pub fn parse_encoding(name: &str) -> Result<crate::notation::decode::Charset, String> {
    encoding_by_name(name).ok_or_else(|| format!("unknown encoding {name:?} ({})", crate::notation::charset::NAMES))
}
