//! One row per game as a Parquet file (`stats --per-game --format
//! parquet`), for DuckDB, Spark or pandas: the columns of the CSV, typed
//! (integers, booleans, strings; the optional plies as nullable integers),
//! written a row group at a time as the games come, so memory stays bounded
//! whatever the input's size.

use std::io::Write;
use std::sync::Arc;

use parquet::basic::{Compression, LogicalType, Repetition, Type as Physical};
use parquet::data_type::{BoolType, ByteArray, ByteArrayType, Int64Type};
use parquet::errors::ParquetError;
use parquet::file::properties::WriterProperties;
use parquet::file::writer::SerializedFileWriter;
use parquet::schema::types::Type;

use super::stats::GameStats;

/// Rows a row group holds before it is written out.
pub const ROW_GROUP: usize = 64 * 1024;

/// A value of one column of a row.
enum Value<'a> {
    Str(&'a str),
    Int(i64),
    OptInt(Option<i64>),
    Bool(bool),
}

/// The columns of a row, in the CSV's order, with their values: the one
/// list of the columns (a test holds it to the CSV header).
fn fields(g: &GameStats) -> [(&'static str, Value<'_>); 38] {
    use Value::{Bool, Int, OptInt, Str};
    let n = |v: u32| Int(i64::from(v));
    let opt = |v: Option<u32>| OptInt(v.map(i64::from));
    [
        ("file", Str(&g.file)),
        ("game", Int(i64::try_from(g.game).unwrap_or(i64::MAX))),
        ("event", Str(&g.event)),
        ("site", Str(&g.site)),
        ("date", Str(&g.date)),
        ("round", Str(&g.round)),
        ("white", Str(&g.white)),
        ("black", Str(&g.black)),
        ("result", Str(&g.result)),
        ("variant", Str(&g.variant)),
        ("valid", Bool(g.valid)),
        ("first_diagnostic", Str(&g.first_diagnostic)),
        ("plies", n(g.plies)),
        ("captures", n(g.captures)),
        ("checks", n(g.checks)),
        ("double_checks", n(g.double_checks)),
        ("castle_first_short", n(g.castle_first_short)),
        ("castle_first_long", n(g.castle_first_long)),
        ("castle_second_short", n(g.castle_second_short)),
        ("castle_second_long", n(g.castle_second_long)),
        ("promote_queen", n(g.promote_queen)),
        ("promote_prince", n(g.promote_prince)),
        ("promote_rook", n(g.promote_rook)),
        ("promote_bishop", n(g.promote_bishop)),
        ("promote_knight", n(g.promote_knight)),
        ("promote_marshal", n(g.promote_marshal)),
        ("promote_cardinal", n(g.promote_cardinal)),
        ("promote_prince_files", n(g.promote_prince_files)),
        ("throne_pawns", n(g.throne_pawns)),
        ("en_passant", n(g.en_passant)),
        ("king_captures", n(g.king_captures)),
        ("crownings", n(g.crownings)),
        ("restorations", n(g.restorations)),
        ("restorations_refused", n(g.restorations_refused)),
        ("endgame_ply", opt(g.endgame_ply)),
        ("deep_endgame_ply", opt(g.deep_endgame_ply)),
        ("claim_ply", opt(g.claim_ply)),
        ("termination", Str(&g.termination)),
    ]
}

/// The names of the columns after `termination` in the CSV: `final_fen`.
const LAST: &str = "final_fen";

/// The column names, in order.
pub fn column_names() -> Vec<&'static str> {
    let mut names: Vec<&str> = fields(&GameStats::default()).iter().map(|(name, _)| *name).collect();
    names.push(LAST);
    names
}

/// One column's values of the rows not yet written.
enum Column {
    Str(Vec<ByteArray>),
    Int(Vec<i64>),
    /// Values of the rows that have one, and a definition level a row.
    OptInt(Vec<i64>, Vec<i16>),
    Bool(Vec<bool>),
}

/// Writes game rows as a Parquet file to `W`.
pub struct ParquetRows<W: Write + Send> {
    writer: SerializedFileWriter<W>,
    columns: Vec<Column>,
    rows: usize,
    group: usize,
}

impl<W: Write + Send> ParquetRows<W> {
    pub fn new(out: W) -> Result<ParquetRows<W>, ParquetError> {
        Self::with_row_group(out, ROW_GROUP)
    }

    /// A writer of row groups of `group` rows (at least 1).
    pub fn with_row_group(out: W, group: usize) -> Result<ParquetRows<W>, ParquetError> {
        let sample = GameStats::default();
        let mut schema_fields = Vec::new();
        let mut columns = Vec::new();
        let string = |name: &str| {
            Type::primitive_type_builder(name, Physical::BYTE_ARRAY)
                .with_repetition(Repetition::REQUIRED)
                .with_logical_type(Some(LogicalType::String))
                .build()
        };
        for (name, value) in fields(&sample) {
            let (field, column) = match value {
                Value::Str(_) => (string(name)?, Column::Str(Vec::new())),
                Value::Int(_) => (
                    Type::primitive_type_builder(name, Physical::INT64)
                        .with_repetition(Repetition::REQUIRED)
                        .build()?,
                    Column::Int(Vec::new()),
                ),
                Value::OptInt(_) => (
                    Type::primitive_type_builder(name, Physical::INT64)
                        .with_repetition(Repetition::OPTIONAL)
                        .build()?,
                    Column::OptInt(Vec::new(), Vec::new()),
                ),
                Value::Bool(_) => (
                    Type::primitive_type_builder(name, Physical::BOOLEAN)
                        .with_repetition(Repetition::REQUIRED)
                        .build()?,
                    Column::Bool(Vec::new()),
                ),
            };
            schema_fields.push(Arc::new(field));
            columns.push(column);
        }
        schema_fields.push(Arc::new(string(LAST)?));
        columns.push(Column::Str(Vec::new()));
        let schema = Type::group_type_builder("game").with_fields(schema_fields).build()?;
        let props = WriterProperties::builder()
            .set_compression(Compression::SNAPPY)
            .set_created_by(format!("pgn100 {}", env!("CARGO_PKG_VERSION")))
            .build();
        let writer = SerializedFileWriter::new(out, Arc::new(schema), Arc::new(props))?;
        Ok(ParquetRows { writer, columns, rows: 0, group: group.max(1) })
    }

    /// Adds a row; a full row group is written out.
    pub fn push(&mut self, g: &GameStats) -> Result<(), ParquetError> {
        let values = fields(g).into_iter().map(|(_, v)| v).chain([Value::Str(&g.final_fen)]);
        for (column, value) in self.columns.iter_mut().zip(values) {
            match (column, value) {
                (Column::Str(v), Value::Str(s)) => v.push(ByteArray::from(s)),
                (Column::Int(v), Value::Int(n)) => v.push(n),
                (Column::OptInt(v, defs), Value::OptInt(n)) => {
                    defs.push(i16::from(n.is_some()));
                    v.extend(n);
                }
                (Column::Bool(v), Value::Bool(b)) => v.push(b),
                _ => return Err(ParquetError::General("a column changed its type".into())),
            }
        }
        self.rows += 1;
        if self.rows == self.group {
            self.flush()?;
        }
        Ok(())
    }

    fn flush(&mut self) -> Result<(), ParquetError> {
        if self.rows == 0 {
            return Ok(());
        }
        let mut group = self.writer.next_row_group()?;
        for column in &mut self.columns {
            let mut w = group.next_column()?.ok_or_else(|| ParquetError::General("fewer columns".into()))?;
            match column {
                Column::Str(v) => {
                    w.typed::<ByteArrayType>().write_batch(v, None, None)?;
                    v.clear();
                }
                Column::Int(v) => {
                    w.typed::<Int64Type>().write_batch(v, None, None)?;
                    v.clear();
                }
                Column::OptInt(v, defs) => {
                    w.typed::<Int64Type>().write_batch(v, Some(defs), None)?;
                    v.clear();
                    defs.clear();
                }
                Column::Bool(v) => {
                    w.typed::<BoolType>().write_batch(v, None, None)?;
                    v.clear();
                }
            }
            w.close()?;
        }
        group.close()?;
        self.rows = 0;
        Ok(())
    }

    /// Writes the last row group and the footer; the output back.
    pub fn finish(mut self) -> Result<W, ParquetError> {
        self.flush()?;
        self.writer.into_inner()
    }
}
