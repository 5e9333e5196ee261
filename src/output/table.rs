//! A row of typed columns, and how it is written as CSV and as a line of
//! JSON (Parquet: [`crate::output::parquet`]): a kind of row lists its columns once,
//! in [`Row::visit`], so the formats cannot disagree on names, order or
//! values.

use std::io::Write;

/// The value of one column of a row.
#[derive(Copy, Clone, Debug, PartialEq)]
pub enum Value<'a> {
    Str(&'a str),
    /// A string that a row may lack (CSV: empty; JSON: null; Parquet: null).
    OptStr(Option<&'a str>),
    Int(i64),
    OptInt(Option<i64>),
    Bool(bool),
}

/// A row: its columns in order, each with its name and value. Every row of
/// one kind visits the same columns with values of the same kinds.
pub trait Row {
    fn visit<'a>(&'a self, f: &mut dyn FnMut(&'static str, Value<'a>));
}

/// The column names of a row.
pub fn names(row: &impl Row) -> Vec<&'static str> {
    let mut names = Vec::new();
    row.visit(&mut |name, _| names.push(name));
    names
}

/// Writes the row's column names as a CSV header.
pub fn write_csv_header<W: Write>(w: &mut csv::Writer<W>, row: &impl Row) -> std::io::Result<()> {
    w.write_record(names(row)).map_err(io_error)
}

/// A CSV writer's error as the I/O error it is (a closed pipe stays one).
pub fn io_error(e: csv::Error) -> std::io::Error {
    match e.into_kind() {
        csv::ErrorKind::Io(e) => e,
        other => std::io::Error::other(format!("{other:?}")),
    }
}

/// Writes a row as a CSV record: booleans `true`/`false`, a missing value
/// empty. `record` is a buffer kept between rows (csv's fast path).
pub fn write_csv<W: Write>(
    w: &mut csv::Writer<W>,
    record: &mut csv::ByteRecord,
    row: &impl Row,
) -> std::io::Result<()> {
    record.clear();
    let mut number = itoa::Buffer::new();
    row.visit(&mut |_, value| match value {
        Value::Str(s) | Value::OptStr(Some(s)) => record.push_field(s.as_bytes()),
        Value::OptStr(None) | Value::OptInt(None) => record.push_field(b""),
        Value::Int(n) | Value::OptInt(Some(n)) => record.push_field(number.format(n).as_bytes()),
        Value::Bool(b) => record.push_field(if b { b"true" } else { b"false" }),
    });
    w.write_byte_record(record).map_err(io_error)
}

/// Writes a row as one line of JSON: an object with the columns in order,
/// a missing value `null`.
pub fn write_json<W: Write>(w: &mut W, row: &impl Row) -> std::io::Result<()> {
    let mut line = Vec::with_capacity(256);
    line.push(b'{');
    let mut first = true;
    row.visit(&mut |name, value| {
        if !first {
            line.push(b',');
        }
        first = false;
        // Serialising a string to a Vec cannot fail.
        let _ = serde_json::to_writer(&mut line, name);
        line.push(b':');
        let _ = match value {
            Value::Str(s) | Value::OptStr(Some(s)) => serde_json::to_writer(&mut line, s),
            Value::OptStr(None) | Value::OptInt(None) => serde_json::to_writer(&mut line, &()),
            Value::Int(n) | Value::OptInt(Some(n)) => serde_json::to_writer(&mut line, &n),
            Value::Bool(b) => serde_json::to_writer(&mut line, &b),
        };
    });
    line.extend_from_slice(b"}\n");
    w.write_all(&line)
}
