//! Where games end in a text: game boundaries, NUL padding, and the close
//! of a comment or dice roll, which never crosses a boundary.

/// The length of the NUL padding at `at`: NUL bytes and white space up to
/// the end of the text, a tag at the start of a line (the padding's line
/// end counts as the blank line of a game boundary) or a blank line, as a
/// pre-allocated or truncated file ends, or a file appended to one. `None`
/// when other text follows on the next line. Reading resumes at each of
/// these after a broken game, so a part that `split` cuts there ends with
/// the padding, and reads alone as it reads in its file.
pub fn nul_padding(bytes: &[u8], at: usize) -> Option<usize> {
    let rest = bytes.get(at..)?;
    if rest.first() != Some(&0) {
        return None;
    }
    let len = rest.iter().position(|&c| c != 0 && !c.is_ascii_whitespace()).unwrap_or(rest.len());
    let end = at + len;
    let boundary = bytes.get(end) == Some(&b'[') && bytes.get(end - 1) == Some(&b'\n');
    // White space after the last NUL holding a blank line.
    let tail = rest.get(..len).unwrap_or_default();
    let after_nul = tail.iter().rposition(|&c| c == 0).map_or(0, |i| i + 1);
    let blank_line = tail.get(after_nul..).unwrap_or_default().iter().filter(|&&c| c == b'\n').count() >= 2;
    (end == bytes.len() || boundary || blank_line).then_some(len)
}

/// Whether `text` (stray text, as the reader gives it) is NUL padding:
/// NUL bytes and white space only.
pub fn is_nul_padding(text: &str) -> bool {
    text.starts_with('\0') && text.bytes().all(|c| c == 0 || c.is_ascii_whitespace())
}

pub(super) fn memchr_newline(bytes: &[u8]) -> Option<usize> {
    memchr::memchr(b'\n', bytes)
}

/// The offset of the first `close` in `bytes` before the next game
/// boundary, or else `Err` with the boundary's offset (or the length). The
/// bytes looked at are those of the comment, or those skipped after it, so
/// reading stays linear.
pub(super) fn closing(bytes: &[u8], close: u8) -> Result<usize, usize> {
    let mut at = 0;
    while let Some(i) = bytes.get(at..).and_then(|rest| memchr::memchr2(close, b'\n', rest)) {
        let i = at + i;
        if bytes.get(i) == Some(&close) {
            return Ok(i);
        }
        if bytes.get(i + 1) == Some(&b'[') && is_blank_before(bytes, i) {
            return Err(i + 1);
        }
        at = i + 1;
    }
    Err(bytes.len())
}

/// The first game boundary at or after `from`: the index of a `[` that
/// starts a line after a blank line (`\n\n[` or `\n\r\n[`).
pub fn next_boundary(bytes: &[u8], from: usize) -> Option<usize> {
    let finder = memchr::memmem::Finder::new(b"\n[");
    let mut at = from.min(bytes.len());
    while let Some(i) = bytes.get(at..).and_then(|rest| finder.find(rest)) {
        let nl = at + i;
        if is_blank_before(bytes, nl) {
            return Some(nl + 1);
        }
        at = nl + 1;
    }
    None
}

/// The last game boundary in `bytes` (after position 0), if any.
pub fn last_boundary(bytes: &[u8]) -> Option<usize> {
    let finder = memchr::memmem::FinderRev::new(b"\n[");
    let mut end = bytes.len();
    while let Some(nl) = bytes.get(..end).and_then(|head| finder.rfind(head)) {
        if is_blank_before(bytes, nl) {
            return Some(nl + 1);
        }
        end = nl;
    }
    None
}

/// Whether the line that ends at the newline `nl` is empty (`\n\n` or `\n\r\n`).
pub(super) fn is_blank_before(bytes: &[u8], nl: usize) -> bool {
    match nl.checked_sub(1).map(|i| bytes.get(i)) {
        Some(Some(b'\n')) => true,
        Some(Some(b'\r')) => nl >= 2 && bytes.get(nl - 2) == Some(&b'\n'),
        _ => false,
    }
}
