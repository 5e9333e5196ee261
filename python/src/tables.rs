//! `stats` and `moves` as columns (a dict of lists), the rows made by the
//! library's commands on the parallel driver, as the CLI makes them.

use std::path::PathBuf;

use pgn100::commands::moves::{game_moves, GameMoves, MoveCells, MoveHead, MoveLine};
use pgn100::commands::stats::{aggregate_text, stats_text, Aggregate, GameStats};
use pgn100::input::batch::BlockStart;
use pgn100::input::driver::{read_inputs, Chunk, Consumer, Damage, Error as DriverError, Lost};
use pgn100::input::progress::Progress;
use pgn100::notation::{Found, GameRecord, Reader};
use pgn100::output::table::{names, Cells, Row, Value};
use pyo3::exceptions::PyOSError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use pyo3::IntoPyObjectExt;

use crate::{inputs, Reading};

/// What `stats` and `moves` give: the columns (or the aggregate), the
/// inputs not read whole and games not read, and the columns' data frame types.
type Table<T, D> = (T, Vec<String>, D);

/// One column's values.
enum Column {
    Str(Vec<Option<String>>),
    Int(Vec<Option<i64>>),
    Float(Vec<Option<f64>>),
    Bool(Vec<bool>),
}

/// Adds a row's cells to the columns, in order.
struct Pusher<'a> {
    columns: &'a mut Columns,
    i: usize,
}

impl Cells for Pusher<'_> {
    fn cell(&mut self, name: &'static str, value: Value<'_>) {
        let columns = &mut *self.columns;
        if self.i == columns.columns.len() {
            columns.names.push(name);
            // Nullable numbers keep a numeric type in a data frame when all are null.
            match value {
                Value::OptInt(_) => columns.dtypes.push((name, "Int64")),
                Value::OptFloat(_) => columns.dtypes.push((name, "float64")),
                _ => {}
            }
            columns.columns.push(match value {
                Value::Str(_) | Value::OptStr(_) => Column::Str(Vec::new()),
                Value::Int(_) | Value::OptInt(_) => Column::Int(Vec::new()),
                Value::OptFloat(_) => Column::Float(Vec::new()),
                Value::Bool(_) => Column::Bool(Vec::new()),
            });
        }
        if let Some(c) = columns.columns.get_mut(self.i) {
            match (c, value) {
                (Column::Str(v), Value::Str(s)) => v.push(Some(s.to_string())),
                (Column::Str(v), Value::OptStr(s)) => v.push(s.map(str::to_string)),
                (Column::Int(v), Value::Int(n)) => v.push(Some(n)),
                (Column::Int(v), Value::OptInt(n)) => v.push(n),
                (Column::Float(v), Value::OptFloat(x)) => v.push(x),
                (Column::Bool(v), Value::Bool(b)) => v.push(b),
                // Every row of a kind has the same columns (table::Row).
                _ => {}
            }
        }
        self.i += 1;
    }
}

/// Columns in the order of the rows' fields.
#[derive(Default)]
struct Columns {
    names: Vec<&'static str>,
    columns: Vec<Column>,
    /// The data frame types of the nullable numeric columns.
    dtypes: Vec<(&'static str, &'static str)>,
}

impl Columns {
    fn push(&mut self, row: &impl Row) {
        row.visit(&mut Pusher { columns: self, i: 0 });
    }

    /// The columns as a dict of lists (`empty` gives the names when there
    /// is no row), and the data frame types of the nullable numeric ones.
    fn into_py(self, py: Python<'_>, empty: &impl Row) -> PyResult<(Py<PyDict>, Py<PyDict>)> {
        let dtypes = PyDict::new(py);
        for (name, dtype) in &self.dtypes {
            dtypes.set_item(name, dtype)?;
        }
        let dtypes = dtypes.unbind();
        let d = PyDict::new(py);
        if self.columns.is_empty() {
            for name in names(empty) {
                d.set_item(name, PyList::empty(py))?;
            }
            return Ok((d.unbind(), dtypes));
        }
        for (name, c) in self.names.into_iter().zip(self.columns) {
            let list = match c {
                Column::Str(v) => v.into_py_any(py)?,
                Column::Int(v) => v.into_py_any(py)?,
                Column::Float(v) => v.into_py_any(py)?,
                Column::Bool(v) => v.into_py_any(py)?,
            };
            d.set_item(name, list)?;
        }
        Ok((d.unbind(), dtypes))
    }
}

/// Runs `work` on every chunk of every input in parallel through the
/// reading driver and `consume` on the results in order (with the input's
/// name and its games before the chunk). A damaged or unreadable input,
/// and a game not read, are reported (`path: why`, in the list returned)
/// and the others are read, as the command does; only paths that name
/// nothing are an error. Also returns the inputs opened.
fn each_chunk<T: Send>(
    paths: &[PathBuf],
    reading: &Reading,
    work: impl Fn(&str, &str, usize, pgn100::notation::decode::FileBytes) -> T + Sync,
    games_of: impl Fn(&T) -> usize,
    consume: impl FnMut(&str, usize, T),
) -> PyResult<(Vec<String>, usize)> {
    let pool = reading.pool()?;
    let inputs = inputs(paths)?;
    let mut tabling = Tabling { name: String::new(), games_of, consume, unreadable: Vec::new() };
    let work = |c: &Chunk<'_>| work(c.name, c.text, c.lines_before, c.bytes);
    let run = read_inputs(&inputs, &reading.config, &pool, &Progress::none(), work, &mut tabling)
        .map_err(|e| PyOSError::new_err(e.to_string()))?;
    Ok((tabling.unreadable, run.opened))
}

/// The tables' consumer of the reading driver.
struct Tabling<G, C> {
    /// The input being read.
    name: String,
    games_of: G,
    consume: C,
    unreadable: Vec<String>,
}

impl<T, G: Fn(&T) -> usize, C: FnMut(&str, usize, T)> Consumer<T> for Tabling<G, C> {
    fn games(&self, part: &T) -> usize {
        (self.games_of)(part)
    }
    fn start(&mut self, _: usize, name: &str) -> Result<(), DriverError> {
        name.clone_into(&mut self.name);
        Ok(())
    }
    fn part(&mut self, _: usize, before: usize, part: T) -> Result<(), DriverError> {
        (self.consume)(&self.name, before, part);
        Ok(())
    }
    fn lost(&mut self, name: &str, game: usize, lost: &Lost, at: BlockStart) -> Result<(), DriverError> {
        let line = at.lines_before + 1;
        self.unreadable.push(format!("{name}:{line}: game {}: {}", game + 1, lost.message()));
        Ok(())
    }
    fn damage(&mut self, damage: &Damage) -> Result<bool, DriverError> {
        self.unreadable.push(damage.to_string());
        Ok(true)
    }
}

/// `stats --per-game` as columns, or the aggregate of `stats --format json`
/// as a dict; and the inputs that could not be read.
#[pyfunction]
#[pyo3(signature = (paths, *, per_game=true, variant=None, encoding=None, threads=None, max_game_size=None))]
pub fn stats(
    py: Python<'_>,
    paths: Vec<PathBuf>,
    per_game: bool,
    variant: Option<&str>,
    encoding: Option<&str>,
    threads: Option<usize>,
    max_game_size: Option<usize>,
) -> PyResult<Table<Py<PyAny>, Option<Py<PyDict>>>> {
    let reading = Reading::new(variant, encoding, threads, false, max_game_size)?;
    let options = reading.options;
    if !per_game {
        let mut total = Aggregate::default();
        let (unreadable, opened) = py.allow_threads(|| {
            each_chunk(
                &paths,
                &reading,
                |name, text, _, _| aggregate_text(name, text, options),
                |a| a.games as usize,
                |_, _, a| total = std::mem::take(&mut total).merge(a),
            )
        })?;
        // The inputs read, as the command counts them.
        total.files = opened as u64;
        let json = serde_json::to_value(&total).map_err(|e| PyOSError::new_err(e.to_string()))?;
        return Ok((json_to_py(py, &json)?, unreadable, None));
    }
    let (columns, unreadable) = py.allow_threads(|| {
        let mut columns = Columns::default();
        each_chunk(
            &paths,
            &reading,
            |name, text, _, _| stats_text(name, text, options).0,
            Vec::len,
            |_, before, rows| {
                for mut row in rows {
                    // Games are numbered from 1 in their file.
                    row.game += before + 1;
                    columns.push(&row);
                }
            },
        )
        .map(|(unreadable, _)| (columns, unreadable))
    })?;
    let (columns, dtypes) = columns.into_py(py, &GameStats::default())?;
    Ok((columns.into_any(), unreadable, Some(dtypes)))
}

/// `moves` as columns: one row per main-line move; and the inputs that could not be read.
#[pyfunction]
#[pyo3(signature = (paths, *, fen=false, variant=None, encoding=None, threads=None))]
pub fn moves(
    py: Python<'_>,
    paths: Vec<PathBuf>,
    fen: bool,
    variant: Option<&str>,
    encoding: Option<&str>,
    threads: Option<usize>,
) -> PyResult<Table<Py<PyDict>, Py<PyDict>>> {
    let reading = Reading::new(variant, encoding, threads, false, None)?;
    let options = reading.options;
    let (columns, unreadable) = py.allow_threads(|| {
        let mut columns = Columns::default();
        each_chunk(
            &paths,
            &reading,
            |_, text, _, _| chunk_moves(text, options, fen),
            |games: &Vec<GameMoves>| games.len(),
            |name, before, games| {
                for (index, game) in games.iter().enumerate() {
                    let number = before + index + 1;
                    let date = game.text(game.date);
                    for row in &game.moves {
                        let head =
                            MoveHead { file: name, game: number, variant: game.variant, date, valid: game.valid };
                        columns.push(&MoveLine { head, cells: MoveCells { moves: game, row, fen } });
                    }
                }
            },
        )
        .map(|(unreadable, _)| (columns, unreadable))
    })?;
    let (columns, dtypes) = columns.into_py(py, &MoveLine::sample(fen))?;
    Ok((columns, unreadable, dtypes))
}

/// The rows of every game of a chunk (a game that cannot be read has none).
fn chunk_moves(text: &str, options: pgn100::replay::Options, fen: bool) -> Vec<GameMoves> {
    let mut games = Vec::new();
    let mut reader = Reader::new(text);
    let mut record = GameRecord::default();
    while let Some(found) = reader.read_into(&mut record) {
        match found {
            Found::Game => games.push(game_moves(text, &record, games.len(), options, fen)),
            Found::Broken(_) => games.push(GameMoves::default()),
            Found::Stray(_) => {}
        }
    }
    games
}

/// A JSON value as the Python value `json.loads` would give.
pub fn json_to_py(py: Python<'_>, v: &serde_json::Value) -> PyResult<Py<PyAny>> {
    use serde_json::Value as J;
    Ok(match v {
        J::Null => py.None(),
        J::Bool(b) => b.into_py_any(py)?,
        J::Number(n) => match (n.as_i64(), n.as_u64(), n.as_f64()) {
            (Some(i), _, _) => i.into_py_any(py)?,
            (None, Some(u), _) => u.into_py_any(py)?,
            (None, None, f) => f.unwrap_or(f64::NAN).into_py_any(py)?,
        },
        J::String(s) => s.into_py_any(py)?,
        J::Array(a) => {
            let items = a.iter().map(|x| json_to_py(py, x)).collect::<PyResult<Vec<_>>>()?;
            PyList::new(py, items)?.into_any().unbind()
        }
        J::Object(o) => {
            let d = PyDict::new(py);
            for (k, x) in o {
                d.set_item(k, json_to_py(py, x)?)?;
            }
            d.into_any().unbind()
        }
    })
}
