//! The native side of the `pgn100` Python package: reading, validating,
//! converting and counting game records through the pgn100 library, the
//! input read by its block reader and its chunks replayed in parallel by
//! its driver ([`for_each_chunk`]), with the GIL released. The Python side
//! (`pgn100/__init__.py`) gives the API its final shape.

mod game;
mod tables;

use std::collections::VecDeque;
use std::io::Read;
use std::path::PathBuf;
use std::sync::mpsc::{sync_channel, Receiver};
use std::sync::{Arc, Mutex};

use pgn100::cli::input::{expand, parse_encoding, Input};
use pgn100::commands::validate::binary;
use pgn100::diag::SourceFile;
use pgn100::input::batch::{for_each_chunk, Blocks, NotText, BLOCK};
use pgn100::notation::decode::Charset;
use pgn100::replay::Options;
use pgn100::rules::Variant;
use pyo3::exceptions::{PyFileNotFoundError, PyOSError, PyValueError};
use pyo3::prelude::*;

use game::{Diagnostic, Game, GameData, Move, Turn};

pyo3::create_exception!(_native, PgnError, pyo3::exceptions::PyException, "An input pgn100 cannot read.");

/// The options shared by the functions that read: the variant of games
/// without a Variant tag, the encoding, the worker threads.
struct Reading {
    options: Options,
    encoding: Option<Charset>,
    threads: Option<usize>,
}

impl Reading {
    fn new(variant: Option<&str>, encoding: Option<&str>, threads: Option<usize>, strict: bool) -> PyResult<Reading> {
        let default_variant =
            variant.map(|v| v.parse::<Variant>().map_err(|e| PyValueError::new_err(e.to_string()))).transpose()?;
        let encoding = encoding.map(parse_encoding).transpose().map_err(PyValueError::new_err)?;
        Ok(Reading { options: Options { strict, default_variant, keep_all: false }, encoding, threads })
    }

    fn pool(&self) -> PyResult<rayon::ThreadPool> {
        rayon::ThreadPoolBuilder::new()
            .num_threads(self.threads.unwrap_or(0))
            .build()
            .map_err(|e| PyOSError::new_err(e.to_string()))
    }
}

/// The inputs of `paths` (directories walked, zip archives opened), as the CLI expands them.
fn inputs(paths: &[PathBuf]) -> PyResult<Vec<Input>> {
    if paths.is_empty() {
        return Err(PyValueError::new_err("no path given"));
    }
    expand(paths).map_err(PyFileNotFoundError::new_err)
}

/// Why a read stopped: an input error, or binary data (a diagnostic).
enum Failure {
    Io(String),
    Binary(Box<Diagnostic>),
}

/// What the reading thread sends: a chunk's games, or why it stopped.
enum Sent {
    Games(Arc<str>, usize, Vec<GameData>),
    Failed(Failure),
}

/// Reads `reader` (the input `name`) chunk by chunk on `pool`, sending the
/// games in file order; false when the receiver is gone or reading failed.
fn read_input(
    name: &str,
    reader: Box<dyn Read + Send>,
    reading: &Reading,
    pool: &rayon::ThreadPool,
    tx: &std::sync::mpsc::SyncSender<Sent>,
) -> bool {
    let options = reading.options;
    let file: Arc<str> = Arc::from(name);
    let mut before = 0;
    let result = for_each_chunk(
        Blocks::new(reader, reading.encoding, BLOCK),
        pool,
        |text, lines, bytes| game::read_chunk(text, lines, bytes, options),
        |_, _, _| Ok::<(), std::io::Error>(()),
        |games: Vec<GameData>| {
            let n = games.len();
            tx.send(Sent::Games(file.clone(), before, games))
                .map_err(|_| std::io::Error::other("the reader was dropped"))?;
            before += n;
            Ok(())
        },
    );
    match result {
        Ok(()) => true,
        Err(e) => {
            let failure = match e.get_ref().and_then(|inner| inner.downcast_ref::<NotText>()) {
                Some(NotText { at, excerpt }) => {
                    let d = binary(*at, excerpt);
                    Failure::Binary(Box::new(Diagnostic::of(&d, &SourceFile::new(name, excerpt.clone()))))
                }
                None => Failure::Io(format!("{name}: {e}")),
            };
            let _ = tx.send(Sent::Failed(failure));
            false
        }
    }
}

/// An iterator over the games of an input, read by a thread of its own
/// (the GIL released), at most a few chunks ahead of the consumer.
#[pyclass(module = "pgn100")]
pub struct GameIter {
    rx: Mutex<Receiver<Sent>>,
    ready: VecDeque<Game>,
    options: Options,
}

#[pymethods]
impl GameIter {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&mut self, py: Python<'_>) -> PyResult<Option<Game>> {
        loop {
            if let Some(g) = self.ready.pop_front() {
                return Ok(Some(g));
            }
            let rx = &self.rx;
            let sent = py.allow_threads(|| rx.lock().ok().and_then(|rx| rx.recv().ok()));
            match sent {
                None => return Ok(None),
                Some(Sent::Games(file, before, games)) => {
                    let options = self.options;
                    self.ready.extend(games.into_iter().map(|g| g.into_game(&file, before, options)));
                }
                Some(Sent::Failed(Failure::Io(e))) => return Err(PyOSError::new_err(e)),
                Some(Sent::Failed(Failure::Binary(d))) => return Err(pgn_error(py, *d)),
            }
        }
    }
}

/// A [`PgnError`] carrying the diagnostic (as `args[1]`) and its message.
fn pgn_error(py: Python<'_>, d: Diagnostic) -> PyErr {
    let j = &d.json;
    let message = format!("{}: {} ({}:{}:{})", j.code, j.message, j.file, j.line, j.column);
    match Py::new(py, d) {
        Ok(d) => PgnError::new_err((message, d)),
        Err(e) => e,
    }
}

/// Starts reading `sources` (inputs, or one text) on a thread of its own.
fn start_reading(sources: Vec<(String, Box<dyn Read + Send>)>, reading: Reading) -> PyResult<GameIter> {
    let pool = reading.pool()?;
    let options = reading.options;
    // Two chunks' games ahead of the consumer at most.
    let (tx, rx) = sync_channel(2);
    std::thread::Builder::new()
        .name("pgn100-read".into())
        .spawn(move || {
            for (name, reader) in sources {
                if !read_input(&name, reader, &reading, &pool, &tx) {
                    return;
                }
            }
        })
        .map_err(|e| PyOSError::new_err(e.to_string()))?;
    Ok(GameIter { rx: Mutex::new(rx), ready: VecDeque::new(), options })
}

/// The games of the files `paths` (compressed files and zip archives too).
#[pyfunction]
#[pyo3(signature = (paths, *, variant=None, encoding=None, threads=None))]
fn read_paths(
    paths: Vec<PathBuf>,
    variant: Option<&str>,
    encoding: Option<&str>,
    threads: Option<usize>,
) -> PyResult<GameIter> {
    let reading = Reading::new(variant, encoding, threads, false)?;
    let mut sources = Vec::new();
    for input in inputs(&paths)? {
        let reader = input.open().map_err(|e| PyOSError::new_err(input.error(&e)))?;
        sources.push((input.name(), reader));
    }
    start_reading(sources, reading)
}

/// The games of a text.
#[pyfunction]
#[pyo3(signature = (text, *, variant=None, threads=None, name="<text>"))]
fn read_text(text: String, variant: Option<&str>, threads: Option<usize>, name: &str) -> PyResult<GameIter> {
    let reading = Reading::new(variant, None, threads, false)?;
    let reader: Box<dyn Read + Send> = Box::new(std::io::Cursor::new(text.into_bytes()));
    start_reading(vec![(name.to_string(), reader)], reading)
}

/// The games of bytes (a file's content, its encoding detected unless given).
#[pyfunction]
#[pyo3(signature = (data, *, variant=None, encoding=None, threads=None, name="<bytes>"))]
fn read_bytes(
    data: Vec<u8>,
    variant: Option<&str>,
    encoding: Option<&str>,
    threads: Option<usize>,
    name: &str,
) -> PyResult<GameIter> {
    let reading = Reading::new(variant, encoding, threads, false)?;
    let reader: Box<dyn Read + Send> = Box::new(std::io::Cursor::new(data));
    start_reading(vec![(name.to_string(), reader)], reading)
}

/// What `validate` found over all inputs.
#[pyclass(module = "pgn100", frozen, get_all)]
pub struct Validation {
    /// Every diagnostic, in file order, as `validate --format json` writes them.
    pub diagnostics: Vec<Diagnostic>,
    pub files: usize,
    pub games: usize,
    pub invalid: usize,
    /// Inputs that could not be read (`path: why`).
    pub unreadable: Vec<String>,
}

/// Validates the files `paths` as `pgn100 validate` does.
#[pyfunction]
#[pyo3(signature = (paths, *, variant=None, encoding=None, strict=false, threads=None))]
fn validate(
    py: Python<'_>,
    paths: Vec<PathBuf>,
    variant: Option<&str>,
    encoding: Option<&str>,
    strict: bool,
    threads: Option<usize>,
) -> PyResult<Validation> {
    let reading = Reading::new(variant, encoding, threads, strict)?;
    let inputs = inputs(&paths)?;
    let pool = reading.pool()?;
    Ok(py.allow_threads(|| {
        let mut v = Validation { diagnostics: Vec::new(), files: 0, games: 0, invalid: 0, unreadable: Vec::new() };
        for input in &inputs {
            let name = input.name();
            let reader = match input.open() {
                Ok(r) => r,
                Err(e) => {
                    v.unreadable.push(input.error(&e));
                    continue;
                }
            };
            v.files += 1;
            let mut count = pgn100::commands::StreamCount::default();
            let result = pgn100::commands::validate_stream_into(
                &name,
                reader,
                reading.encoding,
                reading.options,
                &pool,
                |d, source| {
                    v.diagnostics.push(Diagnostic::of(d, source));
                    Ok(())
                },
                &mut count,
            );
            v.games += count.games;
            v.invalid += count.invalid;
            if let Err(e) = result {
                v.unreadable.push(format!("{name}: {e}"));
            }
        }
        v
    }))
}

/// `convert`'s output of `text`, and the diagnostics of the games copied
/// unchanged (or dropped) because they do not validate.
#[pyfunction]
#[pyo3(signature = (text, *, letters="keep", style="keep", to=None, files="keep", rolls="keep", skip_invalid=false, variant=None))]
#[allow(clippy::too_many_arguments)]
fn convert(
    py: Python<'_>,
    text: String,
    letters: &str,
    style: &str,
    to: Option<&str>,
    files: &str,
    rolls: &str,
    skip_invalid: bool,
    variant: Option<&str>,
) -> PyResult<(String, Vec<Diagnostic>, usize, usize)> {
    use clap::ValueEnum;
    use pgn100::commands::{convert_source, ConvertOptions, FilesChoice, LettersChoice, RollsChoice, StyleChoice};
    fn choice<T: ValueEnum>(what: &str, s: &str) -> PyResult<T> {
        T::from_str(s, true).map_err(|_| {
            let names: Vec<String> = T::value_variants()
                .iter()
                .filter_map(|v| v.to_possible_value())
                .map(|p| p.get_name().to_string())
                .collect();
            PyValueError::new_err(format!("{what} must be one of {}, not {s:?}", names.join(", ")))
        })
    }
    let reading = Reading::new(variant, None, None, false)?;
    let (pychess, pgn) = match to {
        None => (false, false),
        Some("pychess") => (true, false),
        Some("pgn") => (false, true),
        Some(other) => {
            return Err(PyValueError::new_err(format!("to must be None, 'pgn' or 'pychess', not {other:?}")))
        }
    };
    let options = ConvertOptions {
        letters: choice::<LettersChoice>("letters", letters)?,
        style: choice::<StyleChoice>("style", style)?,
        files: choice::<FilesChoice>("files", files)?,
        rolls: choice::<RollsChoice>("rolls", rolls)?,
        skip_invalid,
        pychess,
        pgn,
        pgn_moves: false,
        promotion_equals: false,
        single_plus: false,
        replay: reading.options,
    };
    Ok(py.allow_threads(|| {
        let source = SourceFile::new("<text>", text);
        let out = convert_source(&source, &options);
        let diagnostics = out.diagnostics.iter().map(|d| Diagnostic::of(d, &source)).collect();
        (out.text, diagnostics, out.games, out.invalid)
    }))
}

#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(read_paths, m)?)?;
    m.add_function(wrap_pyfunction!(read_text, m)?)?;
    m.add_function(wrap_pyfunction!(read_bytes, m)?)?;
    m.add_function(wrap_pyfunction!(validate, m)?)?;
    m.add_function(wrap_pyfunction!(convert, m)?)?;
    m.add_function(wrap_pyfunction!(tables::stats, m)?)?;
    m.add_function(wrap_pyfunction!(tables::moves, m)?)?;
    m.add_class::<Game>()?;
    m.add_class::<Move>()?;
    m.add_class::<Turn>()?;
    m.add_class::<Diagnostic>()?;
    m.add_class::<GameIter>()?;
    m.add_class::<Validation>()?;
    m.add("PgnError", m.py().get_type::<PgnError>())?;
    Ok(())
}
