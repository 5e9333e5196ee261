//! `stats` and `moves` as columns (a dict of lists), the rows made by the
//! library's commands on the parallel driver, as the CLI makes them.

use std::path::PathBuf;

use pgn100::commands::moves::{game_moves, GameMoves, MoveCells, MoveHead, MoveLine};
use pgn100::commands::stats::{aggregate_text, stats_text, Aggregate, GameStats};
use pgn100::input::batch::{for_each_chunk, Blocks, BLOCK};
use pgn100::notation::{Found, GameRecord, Reader};
use pgn100::output::table::{names, Cells, Row, Value};
use pyo3::exceptions::PyOSError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use pyo3::IntoPyObjectExt;

use crate::{inputs, Reading};

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
}

impl Columns {
    fn push(&mut self, row: &impl Row) {
        row.visit(&mut Pusher { columns: self, i: 0 });
    }

    /// The columns as a dict of lists; `empty` gives the names when there is no row.
    fn into_py(self, py: Python<'_>, empty: &impl Row) -> PyResult<Py<PyDict>> {
        let d = PyDict::new(py);
        if self.columns.is_empty() {
            for name in names(empty) {
                d.set_item(name, PyList::empty(py))?;
            }
            return Ok(d.unbind());
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
        Ok(d.unbind())
    }
}

/// Runs `work` on every chunk of every input in parallel and `consume`
/// on the results in order (with the input's name and its games before
/// the chunk). An input that cannot be read is reported (`path: why`, in
/// the list returned) and the others are read, as the command does; only
/// paths that name nothing are an error.
fn each_chunk<T: Send>(
    paths: &[PathBuf],
    reading: &Reading,
    work: impl Fn(&str, &str, usize, pgn100::notation::decode::FileBytes) -> T + Sync,
    games_of: impl Fn(&T) -> usize,
    mut consume: impl FnMut(&str, usize, T),
) -> PyResult<Vec<String>> {
    let pool = reading.pool()?;
    let mut unreadable = Vec::new();
    for input in inputs(paths)? {
        let name = input.name();
        let reader = match input.open() {
            Ok(r) => r,
            Err(e) => {
                unreadable.push(input.error(&e));
                continue;
            }
        };
        let mut before = 0;
        let read = for_each_chunk(
            Blocks::new(reader, reading.encoding, BLOCK),
            &pool,
            |text, lines, bytes| work(&name, text, lines, bytes),
            |_, _, _| Ok::<(), std::io::Error>(()),
            |t| {
                let n = games_of(&t);
                consume(&name, before, t);
                before += n;
                Ok(())
            },
        );
        if let Err(e) = read {
            unreadable.push(format!("{name}: {e}"));
        }
    }
    Ok(unreadable)
}

/// `stats --per-game` as columns, or the aggregate of `stats --format json`
/// as a dict; and the inputs that could not be read.
#[pyfunction]
#[pyo3(signature = (paths, *, per_game=true, variant=None, encoding=None, threads=None))]
pub fn stats(
    py: Python<'_>,
    paths: Vec<PathBuf>,
    per_game: bool,
    variant: Option<&str>,
    encoding: Option<&str>,
    threads: Option<usize>,
) -> PyResult<(Py<PyAny>, Vec<String>)> {
    let reading = Reading::new(variant, encoding, threads, false)?;
    let options = reading.options;
    if !per_game {
        let mut total = Aggregate::default();
        let unreadable = py.allow_threads(|| {
            each_chunk(
                &paths,
                &reading,
                |name, text, _, _| aggregate_text(name, text, options),
                |a| a.games as usize,
                |_, _, a| total = std::mem::take(&mut total).merge(a),
            )
        })?;
        // The inputs read, as the command counts them.
        total.files = (inputs(&paths)?.len() - unreadable.len()) as u64;
        let json = serde_json::to_value(&total).map_err(|e| PyOSError::new_err(e.to_string()))?;
        return Ok((json_to_py(py, &json)?, unreadable));
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
        .map(|unreadable| (columns, unreadable))
    })?;
    Ok((columns.into_py(py, &GameStats::default())?.into_any(), unreadable))
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
) -> PyResult<(Py<PyDict>, Vec<String>)> {
    let reading = Reading::new(variant, encoding, threads, false)?;
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
        .map(|unreadable| (columns, unreadable))
    })?;
    Ok((columns.into_py(py, &MoveLine::sample(fen))?, unreadable))
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
