//! The native side of the `pgn100` Python package: reading, validating,
//! converting and counting game records through the pgn100 library, the
//! input read by its block reader and its chunks replayed in parallel by
//! its driver ([`for_each_chunk`]), with the GIL released. The Python side
//! (`pgn100/__init__.py`) gives the API its final shape.

mod game;
mod position;
mod tables;

use std::collections::VecDeque;
use std::io::Read;
use std::path::PathBuf;
use std::sync::mpsc::{sync_channel, Receiver};
use std::sync::{Arc, Mutex};

use pgn100::commands::validate::binary;
use pgn100::diag::SourceFile;
use pgn100::input::batch::{BlockStart, NotText};
use pgn100::input::driver::{read_inputs, read_one, Chunk, Config, Consumer, Damage, Error as DriverError, Lost, Run};
use pgn100::input::paths::{expand, parse_encoding, Input};
use pgn100::input::progress::Progress;
use pgn100::replay::Options;
use pgn100::rules::Variant;
use pyo3::exceptions::{PyFileNotFoundError, PyOSError, PyValueError};
use pyo3::prelude::*;

use game::{Diagnostic, Game, GameData, Move, Turn};

pyo3::create_exception!(_native, PgnError, pyo3::exceptions::PyException, "An input pgn100 cannot read.");

/// The options shared by the functions that read: the variant of games
/// without a Variant tag, the encoding, the worker threads, the largest game.
struct Reading {
    options: Options,
    config: Config,
    threads: Option<usize>,
}

impl Reading {
    fn new(
        variant: Option<&str>,
        encoding: Option<&str>,
        threads: Option<usize>,
        strict: bool,
        max_game_size: Option<usize>,
    ) -> PyResult<Reading> {
        let default_variant =
            variant.map(|v| v.parse::<Variant>().map_err(|e| PyValueError::new_err(e.to_string()))).transpose()?;
        let encoding = encoding.map(parse_encoding).transpose().map_err(PyValueError::new_err)?;
        let max_game = match max_game_size {
            Some(0) => return Err(PyValueError::new_err("max_game_size must be at least 1 byte")),
            Some(n) => n,
            None => Config::default().max_game,
        };
        Ok(Reading {
            options: Options { strict, default_variant, keep_all: false },
            config: Config { encoding, max_game, write_back: None },
            threads,
        })
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

/// Why a read stopped: binary data (a diagnostic).
enum Failure {
    Binary(Box<Diagnostic>),
}

/// What the reading thread sends: a chunk's games, damage to warn of, or
/// why it stopped.
enum Sent {
    Games(Arc<str>, usize, Vec<GameData>),
    Damage(String),
    Failed(Failure),
}

/// The package's consumer of the reading driver: the games sent in input
/// order, a game not read sent as an invalid game in its place, damage
/// sent to be warned of.
struct Sending<'a> {
    tx: &'a std::sync::mpsc::SyncSender<Sent>,
    /// The input being read.
    file: Arc<str>,
}

impl Sending<'_> {
    fn send(&self, sent: Sent) -> Result<(), DriverError> {
        self.tx.send(sent).map_err(|_| "the reader was dropped".into())
    }
}

impl Consumer<Vec<GameData>> for Sending<'_> {
    fn games(&self, part: &Vec<GameData>) -> usize {
        part.len()
    }
    fn start(&mut self, _: usize, name: &str) -> Result<(), DriverError> {
        self.file = Arc::from(name);
        Ok(())
    }
    fn part(&mut self, _: usize, before: usize, games: Vec<GameData>) -> Result<(), DriverError> {
        self.send(Sent::Games(self.file.clone(), before, games))
    }
    fn lost(&mut self, name: &str, game: usize, lost: &Lost, at: BlockStart) -> Result<(), DriverError> {
        let source = SourceFile::chunk(name, lost.head().to_string(), at.lines_before, at.bytes);
        let d = Diagnostic::of(&lost.diagnostic().game(0), &source);
        self.send(Sent::Games(self.file.clone(), game, vec![GameData::lost(d, lost.head())]))
    }
    fn damage(&mut self, damage: &Damage) -> Result<bool, DriverError> {
        if let Some(NotText { at, excerpt }) = damage.not_text() {
            let d = binary(*at, excerpt);
            let d = Diagnostic::of(&d, &SourceFile::new(damage.name.as_str(), excerpt.clone()));
            self.send(Sent::Failed(Failure::Binary(Box::new(d))))?;
            return Err("binary data".into());
        }
        self.send(Sent::Damage(damage.to_string()))?;
        Ok(true)
    }
}

/// What is read: the inputs of paths, or one text.
enum Source {
    Inputs(Vec<Input>),
    Text(String, Box<dyn Read + Send>),
}

/// Reads `source` chunk by chunk on `pool`, sending the games in file order.
fn read_source(source: Source, reading: &Reading, pool: &rayon::ThreadPool, tx: &std::sync::mpsc::SyncSender<Sent>) {
    let options = reading.options;
    let work = |c: &Chunk<'_>| game::read_chunk(c.text, c.lines_before, c.bytes, options);
    let mut sending = Sending { tx, file: Arc::from("") };
    // The reading ends early only when the iterator is dropped, or at binary data (sent).
    let _ = match source {
        Source::Inputs(inputs) => {
            read_inputs(&inputs, &reading.config, pool, &Progress::none(), work, &mut sending).map(drop)
        }
        Source::Text(name, reader) => {
            read_one(0, &name, reader, &reading.config, pool, &work, &mut sending, &mut Run::default())
        }
    };
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
                Some(Sent::Damage(why)) => warn_unreadable(py, &why)?,
                Some(Sent::Failed(Failure::Binary(d))) => return Err(pgn_error(py, *d)),
            }
        }
    }
}

/// Warns of a damaged or unreadable input (`pgn100.UnreadableInputWarning`).
fn warn_unreadable(py: Python<'_>, why: &str) -> PyResult<()> {
    let category = py.import("pgn100")?.getattr("UnreadableInputWarning")?;
    let message = std::ffi::CString::new(format!("pgn100: {why}")).unwrap_or_default();
    PyErr::warn(py, &category, &message, 1)
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

/// Starts reading `source` on a thread of its own.
fn start_reading(source: Source, reading: Reading) -> PyResult<GameIter> {
    let pool = reading.pool()?;
    let options = reading.options;
    // Two chunks' games ahead of the consumer at most.
    let (tx, rx) = sync_channel(2);
    std::thread::Builder::new()
        .name("pgn100-read".into())
        .spawn(move || read_source(source, &reading, &pool, &tx))
        .map_err(|e| PyOSError::new_err(e.to_string()))?;
    Ok(GameIter { rx: Mutex::new(rx), ready: VecDeque::new(), options })
}

/// The games of the files `paths` (compressed files and zip archives too).
#[pyfunction]
#[pyo3(signature = (paths, *, variant=None, encoding=None, threads=None, max_game_size=None))]
fn read_paths(
    paths: Vec<PathBuf>,
    variant: Option<&str>,
    encoding: Option<&str>,
    threads: Option<usize>,
    max_game_size: Option<usize>,
) -> PyResult<GameIter> {
    let reading = Reading::new(variant, encoding, threads, false, max_game_size)?;
    start_reading(Source::Inputs(inputs(&paths)?), reading)
}

/// The games of a text.
#[pyfunction]
#[pyo3(signature = (text, *, variant=None, threads=None, name="<text>", max_game_size=None))]
fn read_text(
    text: String,
    variant: Option<&str>,
    threads: Option<usize>,
    name: &str,
    max_game_size: Option<usize>,
) -> PyResult<GameIter> {
    let reading = Reading::new(variant, None, threads, false, max_game_size)?;
    let reader: Box<dyn Read + Send> = Box::new(std::io::Cursor::new(text.into_bytes()));
    start_reading(Source::Text(name.to_string(), reader), reading)
}

/// The games of bytes (a file's content, its encoding detected unless given).
#[pyfunction]
#[pyo3(signature = (data, *, variant=None, encoding=None, threads=None, name="<bytes>", max_game_size=None))]
fn read_bytes(
    data: Vec<u8>,
    variant: Option<&str>,
    encoding: Option<&str>,
    threads: Option<usize>,
    name: &str,
    max_game_size: Option<usize>,
) -> PyResult<GameIter> {
    let reading = Reading::new(variant, encoding, threads, false, max_game_size)?;
    let reader: Box<dyn Read + Send> = Box::new(std::io::Cursor::new(data));
    start_reading(Source::Text(name.to_string(), reader), reading)
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
    let reading = Reading::new(variant, encoding, threads, strict, None)?;
    let inputs = inputs(&paths)?;
    let pool = reading.pool()?;
    py.allow_threads(|| {
        let (mut diagnostics, mut unreadable) = (Vec::new(), Vec::new());
        let validated = pgn100::commands::validate::validate_inputs(
            &inputs,
            &reading.config,
            reading.options,
            &pool,
            &Progress::none(),
            |_, _| (),
            |d, source, ()| {
                diagnostics.push(Diagnostic::of(d, source));
                Ok(())
            },
            |damage| {
                unreadable.push(damage.to_string());
                Ok(())
            },
        )
        .map_err(|e| e.to_string());
        validated.map(|v| Validation {
            diagnostics,
            files: v.run.opened,
            games: v.games,
            invalid: v.invalid,
            unreadable,
        })
    })
    .map_err(PyOSError::new_err)
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
    let reading = Reading::new(variant, None, None, false, None)?;
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
    position::register(m)?;
    Ok(())
}
