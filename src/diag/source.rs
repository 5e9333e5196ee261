//! The source index of a decoded file: byte offsets to lines and columns
//! (with marks on long lines, so a column costs little to count), and the
//! excerpts of a file that miette renders around a diagnostic.

use std::sync::Arc;

use miette::{MietteError, MietteSpanContents, SourceCode, SourceSpan, SpanContents};

use super::escape::Shown;
use crate::notation::ast::Span;
use crate::notation::decode::FileBytes;

/// A decoded file (or a chunk of one) with a line index, for spans to lines
/// and columns.
pub struct SourceFile {
    pub name: String,
    pub text: Arc<String>,
    line_starts: Vec<usize>,
    /// Every `MARK` bytes of a long line: (offset, columns from the line's
    /// start), so a column costs at most `MARK` bytes to count.
    marks: Vec<(usize, usize)>,
    /// Lines of the file before this chunk.
    lines_before: usize,
    /// Where this chunk lies in the file's bytes.
    bytes: FileBytes,
    /// Where the parts after the first lie, for a text joined from parts
    /// decoded in different encodings: (the part's first byte in `text`,
    /// where it lies in the file), in order.
    parts: Vec<(usize, FileBytes)>,
}

impl SourceFile {
    pub fn new(name: impl Into<String>, text: String) -> SourceFile {
        SourceFile::chunk(name, text, 0, FileBytes::default())
    }

    /// A chunk of a file that starts after `lines_before` lines, at `bytes`
    /// in the file: lines and offsets are reported as in the file.
    pub fn chunk(name: impl Into<String>, text: String, lines_before: usize, bytes: FileBytes) -> SourceFile {
        let line_starts: Vec<usize> =
            std::iter::once(0).chain(memchr::memchr_iter(b'\n', text.as_bytes()).map(|i| i + 1)).collect();
        let marks = long_line_marks(&text, &line_starts);
        SourceFile {
            name: name.into(),
            text: Arc::new(text),
            line_starts,
            marks,
            lines_before,
            bytes,
            parts: Vec::new(),
        }
    }

    /// A whole file whose text joins parts decoded in different encodings:
    /// `parts` gives, for each part, its first byte in `text` and where it
    /// lies in the file (the first part's at 0).
    pub fn parts(name: impl Into<String>, text: String, mut parts: Vec<(usize, FileBytes)>) -> SourceFile {
        let first =
            if parts.first().is_some_and(|&(at, _)| at == 0) { parts.remove(0).1 } else { FileBytes::default() };
        let mut source = SourceFile::chunk(name, text, 0, first);
        source.parts = parts;
        source
    }

    /// The lines around `span` (two each side), as miette's source: a report
    /// then costs the excerpt, not the whole file. A long line is cut to
    /// `CLIP` bytes each side of the span, so that many diagnostics on one
    /// long line cost linear time and output.
    pub(super) fn excerpt(&self, span: Span) -> Excerpt {
        let len = self.text.len();
        let (span_start, span_end) = (span.start.min(len), span.end.min(len));
        let first = self.local_line_col(span_start).0.saturating_sub(3);
        let last = (self.local_line_col(span_end).0 + 2).min(self.line_starts.len());
        let mut start = self.line_starts.get(first).copied().unwrap_or(0);
        let mut end = self.line_starts.get(last).copied().unwrap_or(len).max(span_end).min(len);
        if span_start - start > LONG {
            start = self.floor_boundary(span_start - CLIP);
        }
        if end - span_end > LONG {
            end = self.ceil_boundary(span_end + CLIP);
        }
        let (line, column) = self.local_line_col(start);
        Excerpt {
            name: self.name.clone(),
            shown: Shown::new(self.text.get(start..end).unwrap_or_default()),
            start,
            start_column: column - 1,
            first_line: line - 1 + self.lines_before,
        }
    }

    /// `span`, cut to its first `LONG` bytes (at a character boundary)
    /// when it is longer: what a report shows of it.
    pub(super) fn shown_span(&self, span: Span) -> Span {
        let start = span.start.min(self.text.len());
        if span.end.saturating_sub(start) <= LONG {
            return span;
        }
        start..self.floor_boundary(start + LONG).max(start)
    }

    fn floor_boundary(&self, mut i: usize) -> usize {
        while !self.text.is_char_boundary(i) {
            i -= 1;
        }
        i
    }

    fn ceil_boundary(&self, mut i: usize) -> usize {
        while !self.text.is_char_boundary(i) {
            i += 1;
        }
        i
    }

    /// 1-based line and column of an offset of this chunk.
    fn local_line_col(&self, offset: usize) -> (usize, usize) {
        let offset = offset.min(self.text.len());
        let line = self.line_starts.partition_point(|&s| s <= offset);
        let line_start = self.line_starts.get(line.saturating_sub(1)).copied().unwrap_or(0);
        // Count from the last mark of this line before the offset, if any.
        let mark = self.marks.partition_point(|&(at, _)| at <= offset);
        let (from, before) = match mark.checked_sub(1).and_then(|m| self.marks.get(m)) {
            Some(&(at, cols)) if at >= line_start => (at, cols),
            _ => (line_start, 0),
        };
        let column = before + self.text.get(from..offset).map_or(offset - from, columns) + 1;
        (line, column)
    }

    /// 1-based line and column (in characters) in the file of a byte offset
    /// of this chunk.
    pub fn line_col(&self, offset: usize) -> (usize, usize) {
        let (line, column) = self.local_line_col(offset);
        (line + self.lines_before, column)
    }

    /// The byte offset in the file of an offset of this chunk.
    pub fn file_offset(&self, offset: usize) -> usize {
        match self.parts.iter().rev().find(|&&(at, _)| at <= offset) {
            Some(&(at, bytes)) => bytes.offset(self.text.get(at..).unwrap_or_default(), offset - at),
            None => self.bytes.offset(&self.text, offset),
        }
    }
}

/// A line longer than this around a span is cut in a rendered excerpt...
const LONG: usize = 1024;
/// ...to this many bytes each side of the span.
const CLIP: usize = 240;
/// Distance between two marks of a long line.
const MARK: usize = 4096;

/// Marks every `MARK` bytes of every line longer than that.
fn long_line_marks(text: &str, line_starts: &[usize]) -> Vec<(usize, usize)> {
    let mut marks = Vec::new();
    let ends = line_starts.iter().skip(1).copied().chain(std::iter::once(text.len()));
    for (&start, end) in line_starts.iter().zip(ends) {
        let (mut at, mut cols) = (start, 0);
        while end - at > MARK {
            let mut next = at + MARK;
            while !text.is_char_boundary(next) {
                next += 1;
            }
            cols += text.get(at..next).map_or(0, columns);
            marks.push((next, cols));
            at = next;
        }
    }
    marks
}

/// A window of a source file (a copy of it) that reports positions as in
/// the whole file.
/// Its text is a copy with control characters escaped; its offsets are
/// those of the chunk before `start`, and of the shown window after it.
pub(super) struct Excerpt {
    name: String,
    shown: Shown,
    /// Offset of the window in the chunk.
    start: usize,
    /// Columns before the window on its first line (when a long line is cut).
    start_column: usize,
    /// 0-based line number of the window's first line.
    first_line: usize,
}

/// The columns a text takes: its characters, a BOM not counted.
fn columns(text: &str) -> usize {
    text.chars().filter(|&c| c != '\u{feff}').count()
}

impl Excerpt {
    /// The offset in the excerpt's terms of an offset of the chunk.
    pub(super) fn shown_offset(&self, offset: usize) -> usize {
        self.start + self.shown.offset(offset.saturating_sub(self.start))
    }

    /// The characters escapes add between two offsets of the shown window.
    fn added_between(&self, from: usize, to: usize) -> usize {
        self.shown.added_before(to).saturating_sub(self.shown.added_before(from))
    }
}

impl SourceCode for Excerpt {
    fn read_span<'a>(
        &'a self,
        span: &SourceSpan,
        context_lines_before: usize,
        context_lines_after: usize,
    ) -> Result<Box<dyn SpanContents<'a> + 'a>, MietteError> {
        let window = self.shown.text.as_str();
        let offset = span.offset().checked_sub(self.start).ok_or(MietteError::OutOfBounds)?;
        let local = SourceSpan::new(offset.into(), span.len());
        let c = window.read_span(&local, context_lines_before, context_lines_after)?;
        let local_start = c.span().offset();
        let absolute = SourceSpan::new((local_start + self.start).into(), c.span().len());
        // miette counts columns in bytes; ours count characters (as the
        // JSON form does), a BOM not included.
        let before = window.get(..local_start).unwrap_or_default();
        let column = match before.rfind('\n') {
            Some(nl) => before.get(nl + 1..).map_or(0, columns) - self.added_between(nl + 1, local_start),
            None => self.start_column + columns(before) - self.added_between(0, local_start),
        };
        Ok(Box::new(MietteSpanContents::new_named(
            self.name.clone(),
            c.data(),
            absolute,
            c.line() + self.first_line,
            column,
            c.line_count(),
        )))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Columns through the marks of long lines are the characters counted
    /// from the line's start.
    #[test]
    fn columns_on_long_lines_count_characters() {
        let line = "1. Кc2-d4 Кре9-е7 {жёлтый} ".repeat(2000);
        let text = format!("[Event \"x\"]\n\n{line}\n{line}\n*\n");
        let file = SourceFile::new("x", text.clone());
        assert!(file.marks.len() > 10);
        for offset in (0..text.len()).step_by(997).filter(|&i| text.is_char_boundary(i)) {
            let line_start = text[..offset].rfind('\n').map_or(0, |i| i + 1);
            let line = text[..offset].matches('\n').count() + 1;
            assert_eq!(file.line_col(offset), (line, text[line_start..offset].chars().count() + 1), "{offset}");
        }
    }
}
