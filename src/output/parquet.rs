//! Rows as a Parquet file, for DuckDB, Spark or pandas: one row per game
//! (`stats --per-game --format parquet`) or per move (`moves --format
//! parquet`), the columns of the CSV typed (integers, booleans, strings; the
//! values a row may lack nullable), written a row group at a time as the
//! rows come, so memory stays bounded whatever the input's size.

use std::io::Write;
use std::sync::Arc;

use parquet::basic::{Compression, LogicalType, Repetition, Type as Physical};
use parquet::data_type::{BoolType, ByteArray, ByteArrayType, Int64Type};
use parquet::errors::ParquetError;
use parquet::file::properties::WriterProperties;
use parquet::file::writer::SerializedFileWriter;
use parquet::schema::types::Type;

use crate::commands::stats::GameStats;
use crate::output::table::{Row, Value};

/// Rows a row group holds before it is written out.
pub const ROW_GROUP: usize = 64 * 1024;

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

impl Row for GameStats {
    fn visit<'a>(&'a self, f: &mut dyn FnMut(&'static str, Value<'a>)) {
        for (name, value) in fields(self) {
            f(name, value);
        }
        f(LAST, Value::Str(&self.final_fen));
    }
}

/// The column names of `stats --per-game`, in order.
pub fn column_names() -> Vec<&'static str> {
    crate::output::table::names(&GameStats::default())
}

/// One column's values of the rows not yet written; the optional ones
/// with a definition level a row (1: a value, 0: null).
enum Column {
    Str(Vec<ByteArray>),
    OptStr(Vec<ByteArray>, Vec<i16>),
    Int(Vec<i64>),
    OptInt(Vec<i64>, Vec<i16>),
    Bool(Vec<bool>),
}

/// Writes rows as a Parquet file to `W`; every row has the columns of the
/// sample it was made with.
pub struct ParquetRows<W: Write + Send> {
    writer: SerializedFileWriter<W>,
    columns: Vec<Column>,
    rows: usize,
    group: usize,
}

impl<W: Write + Send> ParquetRows<W> {
    /// A writer of `stats --per-game` rows.
    pub fn new(out: W) -> Result<ParquetRows<W>, ParquetError> {
        Self::with_row_group(out, ROW_GROUP)
    }

    /// A writer of `stats --per-game` rows, in row groups of `group` rows (at least 1).
    pub fn with_row_group(out: W, group: usize) -> Result<ParquetRows<W>, ParquetError> {
        Self::like(out, &GameStats::default(), "game", group)
    }

    /// A writer of rows with the columns of `sample` (the schema named
    /// `name`), in row groups of `group` rows (at least 1).
    pub fn like(out: W, sample: &impl Row, name: &str, group: usize) -> Result<ParquetRows<W>, ParquetError> {
        let mut schema_fields = Vec::new();
        let mut columns = Vec::new();
        let mut failed = None;
        sample.visit(&mut |name, value| {
            let (physical, repetition, column) = match value {
                Value::Str(_) => (Physical::BYTE_ARRAY, Repetition::REQUIRED, Column::Str(Vec::new())),
                Value::OptStr(_) => {
                    (Physical::BYTE_ARRAY, Repetition::OPTIONAL, Column::OptStr(Vec::new(), Vec::new()))
                }
                Value::Int(_) => (Physical::INT64, Repetition::REQUIRED, Column::Int(Vec::new())),
                Value::OptInt(_) => (Physical::INT64, Repetition::OPTIONAL, Column::OptInt(Vec::new(), Vec::new())),
                Value::Bool(_) => (Physical::BOOLEAN, Repetition::REQUIRED, Column::Bool(Vec::new())),
            };
            let mut field = Type::primitive_type_builder(name, physical).with_repetition(repetition);
            if physical == Physical::BYTE_ARRAY {
                field = field.with_logical_type(Some(LogicalType::String));
            }
            match field.build() {
                Ok(field) => schema_fields.push(Arc::new(field)),
                Err(e) => failed = Some(e),
            }
            columns.push(column);
        });
        if let Some(e) = failed {
            return Err(e);
        }
        let schema = Type::group_type_builder(name).with_fields(schema_fields).build()?;
        let props = WriterProperties::builder()
            .set_compression(Compression::SNAPPY)
            .set_created_by(format!("pgn100 {}", env!("CARGO_PKG_VERSION")))
            .build();
        let writer = SerializedFileWriter::new(out, Arc::new(schema), Arc::new(props))?;
        Ok(ParquetRows { writer, columns, rows: 0, group: group.max(1) })
    }

    /// Adds a row; a full row group is written out.
    pub fn push(&mut self, row: &impl Row) -> Result<(), ParquetError> {
        let mut columns = self.columns.iter_mut();
        let mut ok = true;
        row.visit(&mut |_, value| {
            let fits = match (columns.next(), value) {
                (Some(Column::Str(v)), Value::Str(s)) => {
                    v.push(ByteArray::from(s));
                    true
                }
                (Some(Column::OptStr(v, defs)), Value::OptStr(s)) => {
                    defs.push(i16::from(s.is_some()));
                    v.extend(s.map(ByteArray::from));
                    true
                }
                (Some(Column::Int(v)), Value::Int(n)) => {
                    v.push(n);
                    true
                }
                (Some(Column::OptInt(v, defs)), Value::OptInt(n)) => {
                    defs.push(i16::from(n.is_some()));
                    v.extend(n);
                    true
                }
                (Some(Column::Bool(v)), Value::Bool(b)) => {
                    v.push(b);
                    true
                }
                _ => false,
            };
            ok &= fits;
        });
        if !ok || columns.next().is_some() {
            return Err(ParquetError::General("a row's columns are not those of the file".into()));
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
                Column::OptStr(v, defs) => {
                    w.typed::<ByteArrayType>().write_batch(v, Some(defs), None)?;
                    v.clear();
                    defs.clear();
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
