//! Compressed input, recognised by its magic bytes and streamed: gzip,
//! bzip2, xz, zstd (lichess publishes `.pgn.zst`) and zip archives (TWIC's
//! form), each read through its well-kept crate. A reader that is none of
//! these is passed through unchanged.
//!
//! Errors of a decoder (corrupt or truncated data) come back as
//! [`std::io::ErrorKind::InvalidData`] errors naming the format, so that a
//! command reports them as it reports any error reading a file.

use std::io::{Read, Seek};
use std::path::Path;

/// The kinds of data told apart by their first bytes.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Compression {
    Plain,
    Gzip,
    Bzip2,
    Xz,
    Zstd,
    Zip,
}

impl Compression {
    /// Bytes enough to tell every kind from text.
    pub const MAGIC: usize = 10;

    /// The kind of data that starts with `head` (at most [`Self::MAGIC`] bytes are looked at).
    pub fn sniff(head: &[u8]) -> Compression {
        match head {
            [0x1f, 0x8b, ..] => Compression::Gzip,
            // "BZh", the block size, then the magic of a block or of the end of the stream.
            [b'B', b'Z', b'h', b'1'..=b'9', 0x31, 0x41, 0x59, 0x26, 0x53, 0x59, ..]
            | [b'B', b'Z', b'h', b'1'..=b'9', 0x17, 0x72, 0x45, 0x38, 0x50, 0x90, ..] => Compression::Bzip2,
            [0xfd, b'7', b'z', b'X', b'Z', 0x00, ..] => Compression::Xz,
            [0x28, 0xb5, 0x2f, 0xfd, ..] => Compression::Zstd,
            // A local file header, or the end record of an empty archive.
            [b'P', b'K', 3, 4, ..] | [b'P', b'K', 5, 6, ..] => Compression::Zip,
            _ => Compression::Plain,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Compression::Plain => "plain",
            Compression::Gzip => "gzip",
            Compression::Bzip2 => "bzip2",
            Compression::Xz => "xz",
            Compression::Zstd => "zstd",
            Compression::Zip => "zip",
        }
    }
}

/// Reads up to [`Compression::MAGIC`] bytes from the start of `reader`.
fn head(reader: &mut impl Read) -> std::io::Result<Vec<u8>> {
    let mut head = Vec::with_capacity(Compression::MAGIC);
    reader.by_ref().take(Compression::MAGIC as u64).read_to_end(&mut head)?;
    Ok(head)
}

/// The kind of the file at `path`, by its first bytes.
pub fn sniff_file(path: &Path) -> std::io::Result<Compression> {
    Ok(Compression::sniff(&head(&mut std::fs::File::open(path)?)?))
}

/// Bytes asked of a decoder at a time. A decoder that meets damage in
/// the middle of a read returns the error, not the bytes it decoded
/// before it in that read: asked for a little at a time, it loses at most
/// this much of the text before the damage.
pub const STEP: usize = 4 << 10;

/// A decoder's errors, worded with the format's name; read [`STEP`] bytes
/// at a time.
struct Labelled<R> {
    inner: R,
    format: Compression,
}

impl<R: Read> Read for Labelled<R> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let len = buf.len().min(STEP);
        self.inner.read(buf.get_mut(..len).unwrap_or_default()).map_err(|e| match e.kind() {
            std::io::ErrorKind::Interrupted => e,
            _ => corrupt(self.format, &e),
        })
    }
}

fn corrupt(format: Compression, e: &dyn std::fmt::Display) -> std::io::Error {
    std::io::Error::new(
        std::io::ErrorKind::InvalidData,
        format!("{} data is corrupt or truncated ({e})", format.name()),
    )
}

/// `reader` decompressed when its first bytes are those of gzip, bzip2, xz
/// or zstd data (concatenated streams read as one), as it is otherwise;
/// with the kind found. A zip archive is not opened here: it needs seeking
/// ([`zip_members`], [`open_zip_member`]).
pub fn decompress<R: Read + Send + 'static>(mut reader: R) -> std::io::Result<(Compression, Box<dyn Read + Send>)> {
    let head = head(&mut reader)?;
    let format = Compression::sniff(&head);
    let whole = std::io::Cursor::new(head).chain(reader);
    let decoded: Box<dyn Read + Send> = match format {
        Compression::Plain | Compression::Zip => Box::new(whole),
        Compression::Gzip => Box::new(flate2::read::MultiGzDecoder::new(whole)),
        Compression::Bzip2 => Box::new(bzip2::read::MultiBzDecoder::new(whole)),
        Compression::Xz => Box::new(liblzma::read::XzDecoder::new_multi_decoder(whole)),
        Compression::Zstd => Box::new(zstd::stream::read::Decoder::new(whole)?),
    };
    Ok(match format {
        Compression::Plain | Compression::Zip => (format, decoded),
        _ => (format, Box::new(Labelled { inner: decoded, format })),
    })
}

fn zip_error(e: zip::result::ZipError) -> std::io::Error {
    match e {
        zip::result::ZipError::Io(e) => corrupt(Compression::Zip, &e),
        e => corrupt(Compression::Zip, &e),
    }
}

/// How deep archives inside archives are read: an archive (depth 1) may
/// hold archives (depth 2) that hold archives (3), whose members are read
/// as files.
pub const ZIP_DEPTH: usize = 3;

/// A file member of a zip archive, or of an archive inside it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ZipEntry {
    /// The member's index in each archive on the way, outermost first; the
    /// last one is the file's.
    pub indexes: Vec<usize>,
    /// The names on the way joined by `:` (`inner.zip:game.pgn`).
    pub name: String,
    /// The file's compressed size in its archive.
    pub packed: u64,
    /// An archive inside that cannot be read (corrupt, or nested deeper
    /// than [`ZIP_DEPTH`]): why. Its members are not listed.
    pub error: Option<String>,
}

/// The file members of the zip archive at `path` in the archive's order,
/// the members of the archives inside it (recognised by their first bytes)
/// in their place. An archive inside is copied to an anonymous temporary
/// file to be read (a zip archive needs seeking), so memory stays bounded.
pub fn zip_members(path: &Path) -> std::io::Result<Vec<ZipEntry>> {
    let mut zip = zip::ZipArchive::new(std::io::BufReader::new(std::fs::File::open(path)?)).map_err(zip_error)?;
    let mut out = Vec::new();
    list_members(&mut zip, &[], "", 1, &mut out)?;
    Ok(out)
}

fn list_members<R: Read + Seek>(
    zip: &mut zip::ZipArchive<R>,
    indexes: &[usize],
    prefix: &str,
    depth: usize,
    out: &mut Vec<ZipEntry>,
) -> std::io::Result<()> {
    for i in 0..zip.len() {
        let (name, packed) = {
            let file = zip.by_index_raw(i).map_err(zip_error)?;
            // Every member but a folder is read: a member whose mode says
            // symbolic link (as a flipped bit of its attributes can) holds
            // the bytes it holds, and reading them says what they are,
            // where skipping them would lose its games without a word.
            if file.is_dir() {
                continue;
            }
            (format!("{prefix}{}", file.name()), file.compressed_size())
        };
        let path: Vec<usize> = indexes.iter().copied().chain([i]).collect();
        // A member that cannot be decompressed is listed: reading it reports the error.
        let is_zip = zip.by_index(i).ok().and_then(|mut m| head(&mut m).ok()).map(|h| Compression::sniff(&h))
            == Some(Compression::Zip);
        if !is_zip {
            out.push(ZipEntry { indexes: path, name, packed, error: None });
            continue;
        }
        let inner = if depth >= ZIP_DEPTH {
            Err(std::io::Error::new(
                std::io::ErrorKind::InvalidData,
                format!("zip archives nested more than {ZIP_DEPTH} deep are not read"),
            ))
        } else {
            spill(zip, i).and_then(|f| zip::ZipArchive::new(f).map_err(zip_error))
        };
        let listed = inner.and_then(|mut inner| {
            let mut found = Vec::new();
            list_members(&mut inner, &path, &format!("{name}:"), depth + 1, &mut found).map(|()| found)
        });
        match listed {
            Ok(found) => out.extend(found),
            Err(e) => out.push(ZipEntry { indexes: path, name, packed, error: Some(e.to_string()) }),
        }
    }
    Ok(())
}

/// Member `index` of `zip` (an archive inside it) copied to an anonymous
/// temporary file, to be opened as an archive in turn.
fn spill<R: Read + Seek>(zip: &mut zip::ZipArchive<R>, index: usize) -> std::io::Result<std::fs::File> {
    let mut member = zip.by_index(index).map_err(zip_error)?;
    let mut file = tempfile::tempfile()?;
    std::io::copy(&mut member, &mut file).map_err(|e| corrupt(Compression::Zip, &e))?;
    file.seek(std::io::SeekFrom::Start(0))?;
    Ok(file)
}

/// Bytes sent at a time from the thread that reads a zip member.
const PIECE: usize = 256 << 10;
/// Pieces in flight: memory stays within `PIECES * PIECE`.
const PIECES: usize = 4;

/// What is told, as a member is read, of its compressed bytes consumed:
/// the share of its compressed size that the bytes read so far are of its
/// size, all of it at the end.
pub type Tally = Box<dyn FnMut(u64) + Send>;

/// The file member at `indexes` (see [`ZipEntry`]) of the zip archive at
/// `path`, decompressed as it is read. A member borrows its archive, so it
/// is read on a thread of its own that hands the bytes over in bounded
/// pieces; the thread ends when the reader is dropped. The member's own
/// data, when compressed again, is decompressed too.
pub fn open_zip_member(path: &Path, indexes: &[usize], mut tally: Tally) -> std::io::Result<Box<dyn Read + Send>> {
    let Some((&index, outer)) = indexes.split_last() else {
        return Err(std::io::Error::new(std::io::ErrorKind::InvalidInput, "no member named"));
    };
    let mut zip = zip::ZipArchive::new(std::fs::File::open(path)?).map_err(zip_error)?;
    for &i in outer {
        let inner = spill(&mut zip, i)?;
        zip = zip::ZipArchive::new(inner).map_err(zip_error)?;
    }
    // Fail here, not in the thread, when the member cannot be opened.
    let (size, packed) = {
        let m = zip.by_index(index).map_err(zip_error)?;
        (m.size(), m.compressed_size())
    };
    let (tx, rx) = std::sync::mpsc::sync_channel::<std::io::Result<Vec<u8>>>(PIECES);
    std::thread::spawn(move || {
        let member = match zip.by_index(index) {
            Ok(m) => m,
            Err(e) => return drop(tx.send(Err(zip_error(e)))),
        };
        let (mut read, mut told) = (0u64, 0u64);
        pump(member, &tx, |n| {
            if n == 0 {
                return tally(packed.saturating_sub(told));
            }
            read += n;
            let share = (u128::from(packed) * u128::from(read.min(size)) / u128::from(size.max(1))) as u64;
            tally(share.saturating_sub(told));
            told = told.max(share);
        });
    });
    let reader = Pieces { rx, piece: Vec::new(), at: 0 };
    Ok(decompress(reader)?.1)
}

/// The file members of a zip archive whose directory cannot be read (an
/// archive cut short, as an interrupted download leaves it), found from
/// their own headers in file order: each one's name, compressed size and
/// the offset of its header ([`open_local_member`] reads it). The listing
/// stops at the first header that is not there whole, or whose data has
/// no size in it (a member written as a stream); the member the file ends
/// in is listed, its data cut. Nested archives are not opened.
pub fn local_members(path: &Path) -> std::io::Result<Vec<(String, u64, u64)>> {
    let mut file = std::io::BufReader::new(std::fs::File::open(path)?);
    let mut out = Vec::new();
    let mut at = 0u64;
    loop {
        let mut header = [0u8; 30];
        if file.read_exact(&mut header).is_err() || header.get(..4) != Some(b"PK\x03\x04") {
            return Ok(out);
        }
        // Little-endian numbers of the header.
        let number =
            |at: usize, len: usize| header.iter().skip(at).take(len).rev().fold(0u64, |n, &b| n << 8 | u64::from(b));
        let (flags, packed, names, extra) = (number(6, 2), number(18, 4), number(26, 2), number(28, 2));
        let mut name = vec![0u8; usize::try_from(names).unwrap_or(0)];
        if file.read_exact(&mut name).is_err() {
            return Ok(out);
        }
        let name = String::from_utf8_lossy(&name).into_owned();
        // Sizes after the data (flag bit 3), or in a zip64 field: unknown here.
        let unknown = flags & 8 != 0 && packed == 0 || packed == 0xffff_ffff;
        if !name.ends_with('/') && !unknown {
            out.push((name, packed, at));
        }
        if unknown {
            return Ok(out);
        }
        let skip = i64::try_from(extra + packed).unwrap_or(i64::MAX);
        file.seek_relative(skip)?;
        at += 30 + names + extra + packed;
    }
}

/// The member whose local header is at `offset` of the zip archive at
/// `path` (see [`local_members`]), decompressed as it is read, its data
/// checked as it ends: a member cut short is an error after its bytes.
pub fn open_local_member(path: &Path, offset: u64) -> std::io::Result<Box<dyn Read + Send>> {
    let mut file = std::io::BufReader::new(std::fs::File::open(path)?);
    file.seek(std::io::SeekFrom::Start(offset))?;
    let (tx, rx) = std::sync::mpsc::sync_channel::<std::io::Result<Vec<u8>>>(PIECES);
    std::thread::spawn(move || {
        let member = match zip::read::read_zipfile_from_stream(&mut file) {
            Ok(Some(m)) => m,
            Ok(None) => return,
            Err(e) => return drop(tx.send(Err(zip_error(e)))),
        };
        pump(member, &tx, |_| {});
    });
    Ok(decompress(Pieces { rx, piece: Vec::new(), at: 0 })?.1)
}

/// Sends the bytes of `member` over `tx` in pieces, to its end or to an
/// error (the bytes decoded before it first, then the error), telling
/// `read` the size of each piece, and 0 at the end.
fn pump(member: impl Read, tx: &std::sync::mpsc::SyncSender<std::io::Result<Vec<u8>>>, mut read: impl FnMut(u64)) {
    // A little at a time, as the stream formats are read (see STEP).
    let mut member = Labelled { inner: member, format: Compression::Zip };
    loop {
        let mut piece = Vec::with_capacity(PIECE);
        let result = member.by_ref().take(PIECE as u64).read_to_end(&mut piece);
        if !piece.is_empty() {
            read(piece.len() as u64);
            if tx.send(Ok(piece)).is_err() {
                return;
            }
        }
        match result {
            Ok(0) => return read(0),
            Ok(_) => {}
            Err(e) => return drop(tx.send(Err(e))),
        }
    }
}

/// The reading end of a zip member's thread.
struct Pieces {
    rx: std::sync::mpsc::Receiver<std::io::Result<Vec<u8>>>,
    piece: Vec<u8>,
    at: usize,
}

impl Read for Pieces {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        while self.at >= self.piece.len() {
            match self.rx.recv() {
                Ok(piece) => (self.piece, self.at) = (piece?, 0),
                // The thread is done: the end of the member.
                Err(_) => return Ok(0),
            }
        }
        let rest = self.piece.get(self.at..).unwrap_or_default();
        let n = rest.len().min(buf.len());
        buf.get_mut(..n).unwrap_or_default().copy_from_slice(rest.get(..n).unwrap_or_default());
        self.at += n;
        Ok(n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_is_never_taken_for_compressed_data() {
        for text in ["[Event \"x\"]", "BZh9 is a tag", "PK", "", "1. e4"] {
            assert_eq!(Compression::sniff(text.as_bytes()), Compression::Plain, "{text}");
        }
    }

    #[test]
    fn each_stream_format_reads_back() {
        use std::io::Write;
        let text = b"[Event \"x\"]\n\n1. e3-e5 *\n\n".repeat(1000);
        let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
        gz.write_all(&text).expect("gz");
        let gz = gz.finish().expect("gz");
        let bz = {
            let mut e = bzip2::write::BzEncoder::new(Vec::new(), bzip2::Compression::default());
            e.write_all(&text).expect("bz");
            e.finish().expect("bz")
        };
        let xz = {
            let mut e = liblzma::write::XzEncoder::new(Vec::new(), 6);
            e.write_all(&text).expect("xz");
            e.finish().expect("xz")
        };
        let zst = zstd::encode_all(text.as_slice(), 3).expect("zst");
        for (data, kind) in [
            (gz, Compression::Gzip),
            (bz, Compression::Bzip2),
            (xz, Compression::Xz),
            (zst, Compression::Zstd),
            (text.clone(), Compression::Plain),
        ] {
            let (found, mut r) = decompress(std::io::Cursor::new(data.clone())).expect("open");
            assert_eq!(found, kind);
            let mut back = Vec::new();
            r.read_to_end(&mut back).expect("read");
            assert_eq!(back, text, "{kind:?}");
            // Cut short: an error that names the format, never a panic or a silent end.
            if kind != Compression::Plain {
                let cut = data.get(..data.len() / 2).expect("half").to_vec();
                let (_, mut r) = decompress(std::io::Cursor::new(cut)).expect("open");
                let e = r.read_to_end(&mut Vec::new()).expect_err("truncated");
                assert_eq!(e.kind(), std::io::ErrorKind::InvalidData, "{kind:?}");
                assert!(e.to_string().contains(kind.name()), "{e}");
            }
        }
    }
}
