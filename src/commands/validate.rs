//! Validation of a whole file: every game read and replayed, syntax errors,
//! text between games, all as diagnostics in file order.

use crate::diag::{Code, Diagnostic, Severity, SourceFile};
use crate::input::batch::{BlockStart, NotText};
use crate::input::driver::{read_inputs, read_one, Block, Chunk, Config, Consumer, Damage, Error, Lost, Run};
use crate::input::paths::Input;
use crate::input::progress::Progress;
use crate::notation::decode::{binary_at, decode, first_beyond_ascii, next_part, option_name, Charset, FileBytes};
use crate::notation::{Found, GameRecord, Reader, SyntaxErrorKind};
use crate::replay::{replay, Options};

/// What validating one file found.
pub struct FileReport {
    pub source: SourceFile,
    pub diagnostics: Vec<Diagnostic>,
    pub games: usize,
    pub invalid: usize,
}

/// The note for a file read in a detected legacy encoding, at the
/// character that decided it (`at`, in the text the note is shown in);
/// `runner_up` is an encoding that read almost as well.
pub fn encoding_note(encoding: Charset, runner_up: Option<Charset>, text: &str, at: usize) -> Diagnostic {
    let name = encoding.name();
    let span = char_span(text, at);
    let d = match runner_up {
        None => Diagnostic::new(Code::Encoding, span, format!("the file is not UTF-8; read as {name}"))
            .help("pass --encoding to choose another, or save the file as UTF-8"),
        Some(other) => Diagnostic::new(
            Code::Encoding,
            span,
            format!("the file is not UTF-8; read as {name}, though {} reads almost as well", other.name()),
        )
        .help(format!(
            "if the letters look wrong, pass --encoding {} (or --encoding {} to be sure of this one)",
            option_name(other),
            option_name(encoding)
        )),
    };
    d.label("read as ".to_string() + name)
}

/// The note for a file that changes encoding (texts in several encodings
/// joined): from the game of the character at `at` (in `text`, the text
/// the note is shown in), which decided it, it is read as `now`, before
/// as `before`.
pub fn encoding_change(before: Charset, now: Charset, text: &str, at: usize) -> Diagnostic {
    let message = format!("the encoding changes: read as {} from this game on ({} before)", now.name(), before.name());
    Diagnostic::new(Code::Encoding, char_span(text, at), message)
        .label("read as ".to_string() + now.name())
        .help("the file joins texts in more than one encoding: save it in one (UTF-8), or pass --encoding to read all of it in one")
}

/// The span of the character at `at` of `text` (empty at its end).
fn char_span(text: &str, at: usize) -> std::ops::Range<usize> {
    let len = text.get(at..).and_then(|t| t.chars().next()).map_or(0, char::len_utf8);
    at..at + len
}

/// The line of `text` that holds the offset `at`: its start and its text.
fn line_at(text: &str, at: usize) -> (usize, &str) {
    let start = text.get(..at).and_then(|t| t.rfind('\n')).map_or(0, |i| i + 1);
    let end = text.get(at..).and_then(|t| t.find('\n')).map_or(text.len(), |i| at + i);
    (start, text.get(start..end).unwrap_or_default())
}

/// The diagnostic for the first undecodable byte (now U+FFFD) at `at`: a
/// warning, as a byte of a tag value or a comment does not change the
/// game (one among the moves is no token, and a syntax error).
pub fn undecodable(at: usize) -> Diagnostic {
    Diagnostic::new(Code::Undecodable, at..at + '\u{fffd}'.len_utf8(), "bytes that are no character")
        .label("undecodable byte")
        .help("check the file's encoding (--encoding)")
}

/// The diagnostic for binary data whose first NUL or control byte is at
/// offset `at` of `text` (the file's first line or so, decoded).
pub fn binary(at: usize, text: &str) -> Diagnostic {
    let end = text.get(at..).and_then(|t| t.chars().next()).map_or(at, |c| at + c.len_utf8());
    Diagnostic::new(Code::Binary, at..end, "this is not a game file: it holds binary data")
        .label("a NUL or control byte")
        .help("pass game files (text) only; for a file in UTF-16 without its BOM, pass --encoding utf-16le")
}

pub use crate::input::batch::binary_excerpt;

/// What validating a chunk of a file (whole games) found; the chunk's text
/// is kept only when there is something to show in it.
pub struct ChunkReport {
    pub source: Option<SourceFile>,
    pub diagnostics: Vec<Diagnostic>,
    pub games: usize,
    pub invalid: usize,
}

/// Validates a chunk of a file that starts after `lines_before` lines, at
/// `bytes` in the file; game indexes count from 0 within the chunk.
pub fn validate_chunk(name: &str, text: &str, lines_before: usize, bytes: FileBytes, options: Options) -> ChunkReport {
    let (diagnostics, games, invalid) = validate_text(text, options);
    let source = (!diagnostics.is_empty()).then(|| SourceFile::chunk(name, text.to_string(), lines_before, bytes));
    ChunkReport { source, diagnostics, games, invalid }
}

/// What [`validate_stream`] counted.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct StreamCount {
    pub games: usize,
    pub invalid: usize,
}

/// Validates every game of one file or stream, as `pgn100 validate` does:
/// `reader` is read in bounded blocks (memory does not grow with the input),
/// the chunks of a block are validated in parallel on `pool`, and `emit`
/// gets every diagnostic with the chunk of text it points into, in file
/// order, games numbered from the file's first. The encoding is detected
/// unless `encoding` names one, and noted when it is not UTF-8 (before the
/// first diagnostic of the block that decided it); binary data at the start
/// is one `binary` error and no game. An error of `reader` or of `emit`
/// ends the stream.
///
/// [`validate_bytes`] is the same validation of a text held whole; the
/// suite checks that the two agree on every file of the corpus.
pub fn validate_stream<R: std::io::Read + Send>(
    name: &str,
    reader: R,
    encoding: Option<Charset>,
    options: Options,
    pool: &rayon::ThreadPool,
    emit: impl FnMut(&Diagnostic, &SourceFile) -> std::io::Result<()>,
) -> std::io::Result<StreamCount> {
    let mut count = StreamCount::default();
    validate_stream_into(name, reader, encoding, options, pool, emit, &mut count)?;
    Ok(count)
}

/// [`validate_stream`], counting into `count`: after an error of the
/// reader (a truncated compressed file), `count` holds the games read
/// before it, every one validated.
pub fn validate_stream_into<R: std::io::Read + Send>(
    name: &str,
    reader: R,
    encoding: Option<Charset>,
    options: Options,
    pool: &rayon::ThreadPool,
    mut emit: impl FnMut(&Diagnostic, &SourceFile) -> std::io::Result<()>,
    count: &mut StreamCount,
) -> std::io::Result<()> {
    let prepare = |_: &Diagnostic, _: &SourceFile| ();
    validate_stream_prepared(name, reader, encoding, options, pool, prepare, |d, source, ()| emit(d, source), count)
}

/// [`validate_stream_into`], with each diagnostic `prepare`d on the thread
/// that found it (a rendering, say: the threads render in parallel what
/// the calling thread would render one after another) and given to `emit`
/// with it, in file order. `prepare` sees the diagnostic before its game
/// index is made the file's: the index it sees counts from the chunk's
/// first game (the diagnostics of blocks, an encoding note or a game not
/// read, are prepared on the calling thread, with the file's).
#[allow(clippy::too_many_arguments)]
pub fn validate_stream_prepared<R: std::io::Read + Send, P: Send>(
    name: &str,
    reader: R,
    encoding: Option<Charset>,
    options: Options,
    pool: &rayon::ThreadPool,
    prepare: impl Fn(&Diagnostic, &SourceFile) -> P + Sync,
    mut emit: impl FnMut(&Diagnostic, &SourceFile, P) -> std::io::Result<()>,
    count: &mut StreamCount,
) -> std::io::Result<()> {
    let config = Config { encoding, ..Config::default() };
    let mut validating = Validating::new(encoding, &prepare, &mut emit, None);
    let mut run = Run::default();
    let work = |c: &Chunk<'_>| validating_work(c, options, &prepare);
    let result = read_one(0, name, reader, &config, pool, &work, &mut validating, &mut run);
    count.games += validating.games;
    count.invalid += validating.invalid;
    result.map_err(|e| match e.downcast::<std::io::Error>() {
        Ok(e) => *e,
        Err(e) => std::io::Error::other(e.to_string()),
    })?;
    validating.failed.map_or(Ok(()), Err)
}

/// What [`validate_inputs`] counted.
#[derive(Copy, Clone, Debug, Default)]
pub struct Validated {
    pub games: usize,
    pub invalid: usize,
    /// How the inputs were read.
    pub run: Run,
}

/// Validates every game of `inputs` through the reading driver, as
/// [`validate_stream_prepared`] does one stream: `emit` gets every
/// diagnostic in input order, `damage` every input damaged or unreadable
/// (binary data is a `binary` error emitted, not damage).
#[allow(clippy::too_many_arguments)]
pub fn validate_inputs<P: Send>(
    inputs: &[Input],
    config: &Config,
    options: Options,
    pool: &rayon::ThreadPool,
    progress: &Progress,
    prepare: impl Fn(&Diagnostic, &SourceFile) -> P + Sync,
    mut emit: impl FnMut(&Diagnostic, &SourceFile, P) -> std::io::Result<()>,
    mut damage: impl FnMut(&Damage) -> std::io::Result<()>,
) -> Result<Validated, Error> {
    let mut validating = Validating::new(config.encoding, &prepare, &mut emit, Some(&mut damage));
    let work = |c: &Chunk<'_>| validating_work(c, options, &prepare);
    let run = read_inputs(inputs, config, pool, progress, work, &mut validating)?;
    Ok(Validated { games: validating.games, invalid: validating.invalid, run })
}

/// A chunk validated, its diagnostics prepared.
fn validating_work<P>(
    c: &Chunk<'_>,
    options: Options,
    prepare: &(impl Fn(&Diagnostic, &SourceFile) -> P + Sync),
) -> (ChunkReport, Vec<P>) {
    let report = validate_chunk(c.name, c.text, c.lines_before, c.bytes, options);
    let prepared: Vec<P> = match &report.source {
        Some(source) => report.diagnostics.iter().map(|d| prepare(d, source)).collect(),
        None => Vec::new(),
    };
    (report, prepared)
}

/// The diagnostics' receiver of [`Validating`].
type Emit<'a, P> = &'a mut dyn FnMut(&Diagnostic, &SourceFile, P) -> std::io::Result<()>;
/// Where [`Validating`] reports damage.
type OnDamage<'a> = &'a mut dyn FnMut(&Damage) -> std::io::Result<()>;

/// The validation's consumer of the reading driver: diagnostics numbered
/// in their file and emitted in order, with the encoding note, lost games
/// and binary data.
struct Validating<'a, P> {
    encoding: Option<Charset>,
    /// The input being read and the encoding of its blocks so far, as noted.
    noted: Option<(usize, Charset)>,
    prepare: &'a (dyn Fn(&Diagnostic, &SourceFile) -> P + Sync),
    emit: Emit<'a, P>,
    /// Where damage goes; without it, the first damage is kept (`failed`).
    damage: Option<OnDamage<'a>>,
    failed: Option<std::io::Error>,
    games: usize,
    invalid: usize,
}

impl<'a, P> Validating<'a, P> {
    fn new(
        encoding: Option<Charset>,
        prepare: &'a (dyn Fn(&Diagnostic, &SourceFile) -> P + Sync),
        emit: Emit<'a, P>,
        damage: Option<OnDamage<'a>>,
    ) -> Validating<'a, P> {
        Validating { encoding, noted: None, prepare, emit, damage, failed: None, games: 0, invalid: 0 }
    }

    fn emit(&mut self, d: &Diagnostic, source: &SourceFile, prepared: Option<P>) -> std::io::Result<()> {
        let prepared = prepared.unwrap_or_else(|| (self.prepare)(d, source));
        (self.emit)(d, source, prepared)
    }
}

impl<P> Consumer<(ChunkReport, Vec<P>)> for Validating<'_, P> {
    fn games(&self, part: &(ChunkReport, Vec<P>)) -> usize {
        part.0.games
    }

    fn part(&mut self, _: usize, before: usize, (chunk, prepared): (ChunkReport, Vec<P>)) -> Result<(), Error> {
        if let Some(source) = &chunk.source {
            for (d, p) in chunk.diagnostics.iter().zip(prepared) {
                let mut d = d.clone();
                d.game = d.game.map(|g| g + before);
                self.emit(&d, source, Some(p))?;
            }
        }
        self.games += chunk.games;
        self.invalid += chunk.invalid;
        Ok(())
    }

    fn block(&mut self, block: Block<'_>) -> Result<(), Error> {
        // Noted at the character that decided it: when the file is not
        // UTF-8, and wherever it changes (the encoding of the input's
        // blocks so far, as noted).
        if self.noted.is_some_and(|(input, _)| input != block.input) {
            self.noted = None;
        }
        if let (None, Some(used), Some(decided)) = (self.encoding, block.info.used, block.info.decided) {
            let (start, line) = line_at(block.text, decided);
            let note = match self.noted.replace((block.input, used)).map(|(_, e)| e) {
                None if used != Charset::UTF_8 => {
                    Some(encoding_note(used, block.info.runner_up, line, decided - start))
                }
                Some(before) if before != used => Some(encoding_change(before, used, line, decided - start)),
                _ => None,
            };
            if let Some(d) = note {
                let lines = block.at.lines_before
                    + memchr::memchr_iter(b'\n', block.text.as_bytes().get(..start).unwrap_or_default()).count();
                let source =
                    SourceFile::chunk(block.name, line.to_string(), lines, block.at.bytes.from(block.text, start));
                self.emit(&d, &source, None)?;
            }
        }
        Ok(())
    }

    fn lost(&mut self, name: &str, game: usize, lost: &Lost, at: BlockStart) -> Result<(), Error> {
        let d = lost.diagnostic().game(game);
        let source = SourceFile::chunk(name, lost.head().to_string(), at.lines_before, at.bytes);
        self.emit(&d, &source, None)?;
        self.games += 1;
        self.invalid += 1;
        Ok(())
    }

    fn damage(&mut self, damage: &Damage) -> Result<bool, Error> {
        if let Some(NotText { at, excerpt }) = damage.not_text() {
            let d = binary(*at, excerpt);
            self.emit(&d, &SourceFile::new(damage.name.as_str(), excerpt.clone()), None)?;
            return Ok(false);
        }
        match self.damage.as_mut() {
            Some(report) => report(damage)?,
            None => {
                let what = damage.what();
                self.failed.get_or_insert(std::io::Error::new(damage.error.kind(), what));
            }
        }
        Ok(true)
    }
}

/// Decodes `bytes` (detecting the encoding unless `encoding` names one) and
/// validates every game; the encoding is noted when it was detected and is
/// not UTF-8. Binary data is one `binary` error and no game.
pub fn validate_bytes(name: &str, bytes: &[u8], encoding: Option<Charset>, options: Options) -> FileReport {
    if encoding.is_none() && !bytes.is_ascii() && binary_at(bytes).is_none() && next_part(bytes, None).len < bytes.len()
    {
        return validate_parts(name, bytes, options);
    }
    let decoded = decode(bytes, encoding);
    if let Some(at) = decoded.binary {
        let text = binary_excerpt(bytes, at);
        let diagnostics = vec![binary(at, &text)];
        return FileReport { source: SourceFile::new(name, text), diagnostics, games: 0, invalid: 0 };
    }
    let mut diagnostics = Vec::new();
    if decoded.guessed && decoded.encoding != Charset::UTF_8 {
        let at = first_beyond_ascii(&decoded.text);
        diagnostics.push(encoding_note(decoded.encoding, decoded.runner_up, &decoded.text, at));
    }
    let bytes = FileBytes { start: 0, width: decoded.width() };
    let source = SourceFile::chunk(name, decoded.text, 0, bytes);
    let (found, games, invalid) = validate_source(&source, options);
    diagnostics.extend(found);
    FileReport { source, diagnostics, games, invalid }
}

/// [`validate_bytes`] of a file that joins texts in more than one encoding
/// (collections saved apart, then concatenated), as `validate` reads it:
/// each part decoded in its own encoding ([`next_part`]), noted where the
/// file is not UTF-8 and wherever the encoding changes, at the character
/// that decided it; the parts' texts joined and validated as one.
fn validate_parts(name: &str, bytes: &[u8], options: Options) -> FileReport {
    let (mut text, mut notes, mut parts) = (String::new(), Vec::new(), Vec::new());
    let (mut at, mut used, mut noted) = (0, None, None::<Charset>);
    while at < bytes.len() {
        let part = next_part(bytes.get(at..).unwrap_or_default(), used);
        let decoded = decode(bytes.get(at..at + part.len).unwrap_or_default(), part.encoding.or(used));
        used = part.encoding.or(used);
        if let Some(now) = used.filter(|&u| noted != Some(u)) {
            let decided = first_beyond_ascii(&decoded.text);
            let note = match noted.replace(now) {
                None if now != Charset::UTF_8 => {
                    Some(encoding_note(now, part.runner_up.or(decoded.runner_up), &decoded.text, decided))
                }
                Some(before) => Some(encoding_change(before, now, &decoded.text, decided)),
                None => None,
            };
            notes.extend(note.map(|mut n| {
                n.span = n.span.start + text.len()..n.span.end + text.len();
                n
            }));
        }
        parts.push((text.len(), FileBytes { start: at, width: decoded.width() }));
        text.push_str(&decoded.text);
        at += part.len.max(1);
    }
    let source = SourceFile::parts(name, text, parts);
    let (found, games, invalid) = validate_source(&source, options);
    // The notes go before the first diagnostic at or after their place.
    let mut diagnostics = Vec::with_capacity(notes.len() + found.len());
    let mut notes = notes.into_iter().peekable();
    for d in found {
        while let Some(n) = notes.next_if(|n| n.span.start <= d.span.start) {
            diagnostics.push(n);
        }
        diagnostics.push(d);
    }
    diagnostics.extend(notes);
    FileReport { source, diagnostics, games, invalid }
}

/// Reads every game of a decoded file and replays it: the diagnostics in
/// file order, the number of games, the number of invalid games.
pub fn validate_source(source: &SourceFile, options: Options) -> (Vec<Diagnostic>, usize, usize) {
    validate_text(&source.text, options)
}

/// [`validate_source`] on bare text.
pub fn validate_text(text: &str, options: Options) -> (Vec<Diagnostic>, usize, usize) {
    let mut out = Vec::new();
    let (mut games, mut invalid) = (0, 0);
    let mut reader = Reader::new(text).keep_tags(&crate::replay::READ_TAGS);
    let mut record = GameRecord::default();
    while let Some(found) = reader.read_into(&mut record) {
        match found {
            Found::Game => {
                let report = replay(&record, games, options);
                // Under --strict every warning is an error, this one too
                // (as stray text, it leaves the game's validity to its moves).
                let lost = lost_bytes(text, &record.span, games, &mut out) && options.strict;
                if let Some(d) = out.last_mut().filter(|_| lost) {
                    d.severity = Severity::Error;
                }
                invalid += usize::from(!report.is_valid());
                merge_in_order(&mut out, report.diagnostics);
                games += 1;
            }
            Found::Broken(e) => {
                lost_bytes(text, &record.span, games, &mut out);
                merge_in_order(&mut out, vec![syntax_diagnostic(text, e).game(games)]);
                invalid += 1;
                games += 1;
            }
            Found::Stray(span) => {
                let padding = text.get(span.clone()).is_some_and(crate::notation::reader::is_nul_padding);
                let mut d = if padding {
                    Diagnostic::new(Code::NulPadding, span, "NUL bytes after the game: the file's padding, ignored")
                        .label("NUL padding")
                        .help("cut the file after the last game's result")
                } else {
                    Diagnostic::new(Code::StrayText, span, "text between games that is not a game")
                        .label("not a game")
                        .help("make it a comment `{ ... }` inside a game, or remove it")
                };
                // Under --strict every warning is an error, this one too.
                if options.strict {
                    d.severity = Severity::Error;
                }
                out.push(d);
            }
        }
    }
    (out, games, invalid)
}

/// The diagnostic of a game the reader could not read (`e`, found in
/// `text`): its code, message, help and span, as `validate` reports it.
pub fn syntax_diagnostic(text: &str, e: crate::notation::SyntaxError) -> Diagnostic {
    let typo = match e.kind {
        SyntaxErrorKind::UnknownToken => crate::notation::typo::explain(text, e.span.clone()),
        _ => None,
    };
    crate::replay::syntax_error(&e, typo.as_ref())
}

/// Bytes that are no character (U+FFFD) in a game: the first one is
/// reported, as a warning (the moves decide whether the game is valid).
/// Whether there was one.
pub fn lost_bytes(text: &str, span: &std::ops::Range<usize>, game: usize, out: &mut Vec<Diagnostic>) -> bool {
    let lost = first_lost(text, span);
    if let Some(at) = lost {
        out.push(undecodable(at).game(game));
    }
    lost.is_some()
}

/// Where the first byte that is no character (U+FFFD) of `span` stands.
pub fn first_lost(text: &str, span: &std::ops::Range<usize>) -> Option<usize> {
    // U+FFFD is EF BF BD; EF leads only U+F000 to U+FFFF, rare in game
    // text, where `str::find` would stop at every BD (the second byte of
    // Cyrillic `н`).
    let bytes = text.get(span.clone())?.as_bytes();
    let mut at = 0;
    while let Some(i) = bytes.get(at..).and_then(|b| memchr::memchr(0xEF, b)) {
        if bytes.get(at + i..at + i + 3) == Some("\u{fffd}".as_bytes()) {
            return Some(span.start + at + i);
        }
        at += i + 1;
    }
    None
}

/// Appends the diagnostics of a game after an `undecodable` one of the same
/// game, keeping file order.
pub fn merge_in_order(out: &mut Vec<Diagnostic>, found: Vec<Diagnostic>) {
    let lost = out.last().filter(|d| d.code == Code::Undecodable).map(|d| d.span.start);
    match lost {
        Some(at) => {
            let before = found.iter().take_while(|d| d.span.start < at).count();
            let at_end = out.pop();
            let mut found = found.into_iter();
            out.extend(found.by_ref().take(before));
            out.extend(at_end);
            out.extend(found);
        }
        None => out.extend(found),
    }
}

#[cfg(test)]
mod tests {
    use super::first_lost;

    #[test]
    fn the_first_lost_byte_is_found_among_cyrillic_and_other_ef_characters() {
        // `н` ends in BD, U+F8FF starts with EF: neither is a lost byte.
        let text = "1. Кнf3 {н \u{f8ff}} e3-e4 {\u{fffd}} \u{fffd}";
        let first = text.find('\u{fffd}').expect("one");
        assert_eq!(first_lost(text, &(0..text.len())), Some(first));
        assert_eq!(first_lost(text, &(first + 3..text.len())), Some(text.rfind('\u{fffd}').expect("two")));
        assert_eq!(first_lost(text, &(0..first)), None);
        // Out of range or cut mid-character: nothing.
        assert_eq!(first_lost(text, &(0..text.len() + 1)), None);
        assert_eq!(first_lost(text, &(first..first + 2)), None);
        assert_eq!(first_lost(text, &(first + 1..text.len())), None);
    }
}
