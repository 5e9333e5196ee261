//! Rows as a Parquet file, for DuckDB, Spark or pandas: one row per game
//! (`stats --per-game --format parquet`) or per move (`moves --format
//! parquet`), the columns of the CSV typed (integers, booleans, strings; the
//! values a row may lack nullable), written a row group at a time as the
//! rows come, so memory stays bounded whatever the input's size.
//!
//! Rows are gathered by column in a [`Batch`] (strings end to end in one
//! buffer, a value repeated from the row before not copied again), which
//! a worker can fill in parallel and the writer append whole
//! ([`ParquetRows::append`]). A full row group's columns are encoded each
//! into its own buffer, on the threads of a pool when the writer has one
//! ([`ParquetRows::encode_in`]), and written in order.

use std::io::Write;
use std::ops::Range;
use std::sync::Arc;

use bytes::Bytes;
use parquet::basic::{Compression, LogicalType, Repetition, Type as Physical};
use parquet::column::writer::{get_column_writer, ColumnCloseResult, ColumnWriter};
use parquet::data_type::ByteArray;
use parquet::errors::ParquetError;
use parquet::file::properties::{EnabledStatistics, WriterProperties, WriterPropertiesPtr};
use parquet::file::writer::{SerializedFileWriter, SerializedPageWriter, TrackedWrite};
use parquet::schema::types::{ColumnDescPtr, ColumnPath, Type};

use crate::output::table::{Cells, Row, Value};

/// Rows a row group holds before it is written out.
pub const ROW_GROUP: usize = 64 * 1024;

/// Row groups are written out also when their strings reach this size
/// (rows that repeat a long tag stay in bounded memory).
const GROUP_BYTES: usize = 256 << 20;

/// One column's values; the optional ones with a definition level a row
/// (1: a value, 0: null).
#[derive(Clone, Debug)]
enum Column {
    /// The strings end to end in `bytes`, each value a range of them (a
    /// value equal to the one before shares its range).
    Str {
        bytes: Vec<u8>,
        values: Vec<(usize, usize)>,
        defs: Option<Vec<i16>>,
    },
    Int {
        values: Vec<i64>,
        defs: Option<Vec<i16>>,
    },
    /// Optional numbers (`Value::OptFloat`), with their definition levels.
    Float {
        values: Vec<f64>,
        defs: Vec<i16>,
    },
    Bool(Vec<bool>),
}

impl Column {
    /// An empty column for values like `value`.
    fn like(value: Value<'_>) -> Column {
        match value {
            Value::Str(_) => Column::Str { bytes: Vec::new(), values: Vec::new(), defs: None },
            Value::OptStr(_) => Column::Str { bytes: Vec::new(), values: Vec::new(), defs: Some(Vec::new()) },
            Value::Int(_) => Column::Int { values: Vec::new(), defs: None },
            Value::OptInt(_) => Column::Int { values: Vec::new(), defs: Some(Vec::new()) },
            Value::OptFloat(_) => Column::Float { values: Vec::new(), defs: Vec::new() },
            Value::Bool(_) => Column::Bool(Vec::new()),
        }
    }

    /// Adds `value` as row `row`; false when it is not of the column's
    /// kind (inlined into each column of a row, where the value's kind is
    /// known).
    #[inline(always)]
    fn push(&mut self, value: Value<'_>, row: usize) -> bool {
        match (self, value) {
            (Column::Str { bytes, values, defs: None }, Value::Str(s)) => {
                push_str(bytes, values, s.as_bytes());
                true
            }
            (Column::Str { bytes, values, defs: Some(defs) }, Value::OptStr(s)) => {
                pad(defs, row);
                defs.push(i16::from(s.is_some()));
                if let Some(s) = s {
                    push_str(bytes, values, s.as_bytes());
                }
                true
            }
            (Column::Int { values, defs: None }, Value::Int(n)) => {
                values.push(n);
                true
            }
            (Column::Int { values, defs: Some(defs) }, Value::OptInt(n)) => {
                pad(defs, row);
                defs.push(i16::from(n.is_some()));
                values.extend(n);
                true
            }
            (Column::Float { values, defs }, Value::OptFloat(x)) => {
                pad(defs, row);
                defs.push(i16::from(x.is_some()));
                values.extend(x);
                true
            }
            (Column::Bool(values), Value::Bool(b)) => {
                values.push(b);
                true
            }
            _ => false,
        }
    }

    /// The definition levels of an optional column.
    #[inline(always)]
    fn defs_mut(&mut self) -> Option<&mut Vec<i16>> {
        match self {
            Column::Str { defs: Some(defs), .. }
            | Column::Int { defs: Some(defs), .. }
            | Column::Float { defs, .. } => Some(defs),
            _ => None,
        }
    }

    /// Writes out the nulls of an optional column up to row `rows`: the
    /// rows pushed by [`Cells::nulls`] left its levels behind (a null costs
    /// nothing a row until a value or the end of the batch comes).
    #[inline(always)]
    fn pad(&mut self, rows: usize) {
        if let Some(defs) = self.defs_mut() {
            pad(defs, rows);
        }
    }

    /// Adds the last row's value `n` times more.
    fn repeat_last(&mut self, n: usize) {
        fn repeat<T: Copy>(v: &mut Vec<T>, n: usize) {
            if let Some(&last) = v.last() {
                v.extend(std::iter::repeat_n(last, n));
            }
        }
        // An optional column repeats a value only after a row that has one.
        let valued = |defs: &Option<Vec<i16>>| defs.as_ref().is_none_or(|d| d.last() == Some(&1));
        match self {
            Column::Str { values, defs, .. } => {
                if valued(defs) {
                    repeat(values, n);
                }
                if let Some(d) = defs {
                    repeat(d, n);
                }
            }
            Column::Int { values, defs } => {
                if valued(defs) {
                    repeat(values, n);
                }
                if let Some(d) = defs {
                    repeat(d, n);
                }
            }
            Column::Float { values, defs } => {
                if defs.last() == Some(&1) {
                    repeat(values, n);
                }
                repeat(defs, n);
            }
            Column::Bool(values) => repeat(values, n),
        }
    }

    /// Adds rows `rows` of `other`, a column of the same kind; false when
    /// it is not.
    /// (`to_rows`: the rows this column's batch holds; levels of `other`
    /// short of `rows` are nulls not written out, [`Column::pad`].)
    fn append(&mut self, other: &Column, rows: Range<usize>, to_rows: usize) -> bool {
        self.pad(to_rows);
        // Levels `rows` of `d`, as far as written out.
        let written = |d: &[i16], rows: &Range<usize>| rows.start.min(d.len())..rows.end.min(d.len());
        let count = |d: &[i16], rows: Range<usize>| d.get(rows).map_or(0, |d| d.iter().filter(|&&l| l > 0).count());
        // The values of rows `rows`: all of them, or those defined.
        let defined = |defs: &Option<Vec<i16>>, rows: Range<usize>| match defs {
            None => rows,
            Some(d) => {
                let before = count(d, 0..rows.start.min(d.len()));
                before..before + count(d, written(d, &rows))
            }
        };
        let levels = |to: &mut Vec<i16>, from: &[i16], rows: Range<usize>| {
            to.extend_from_slice(from.get(written(from, &rows)).unwrap_or_default());
            to.resize(to.len() + rows.len() - written(from, &rows).len(), 0);
        };
        match (self, other) {
            (Column::Str { bytes, values, defs }, Column::Str { bytes: b, values: v, defs: d })
                if defs.is_some() == d.is_some() =>
            {
                // The values' ranges only go forward: their bytes are one
                // range of `b`, copied whole.
                let v = v.get(defined(d, rows.clone())).unwrap_or_default();
                if let (Some(&(from, _)), Some(&(_, to))) = (v.first(), v.last()) {
                    let shift = bytes.len();
                    bytes.extend_from_slice(b.get(from..to).unwrap_or_default());
                    values.extend(v.iter().map(|&(start, end)| (start - from + shift, end - from + shift)));
                }
                if let (Some(to), Some(from)) = (defs, d) {
                    levels(to, from, rows);
                }
                true
            }
            (Column::Int { values, defs }, Column::Int { values: v, defs: d }) if defs.is_some() == d.is_some() => {
                values.extend_from_slice(v.get(defined(d, rows.clone())).unwrap_or_default());
                if let (Some(to), Some(from)) = (defs, d) {
                    levels(to, from, rows);
                }
                true
            }
            (Column::Float { values, defs }, Column::Float { values: v, defs: d }) => {
                let (before, within) = (count(d, 0..rows.start.min(d.len())), count(d, written(d, &rows)));
                values.extend_from_slice(v.get(before..before + within).unwrap_or_default());
                levels(defs, d, rows);
                true
            }
            (Column::Bool(values), Column::Bool(v)) => {
                values.extend_from_slice(v.get(rows).unwrap_or_default());
                true
            }
            _ => false,
        }
    }

    fn clear(&mut self) {
        match self {
            Column::Str { bytes, values, defs } => {
                bytes.clear();
                values.clear();
                if let Some(d) = defs {
                    d.clear();
                }
            }
            Column::Int { values, defs } => {
                values.clear();
                if let Some(d) = defs {
                    d.clear();
                }
            }
            Column::Float { values, defs } => {
                values.clear();
                defs.clear();
            }
            Column::Bool(values) => values.clear(),
        }
    }

    /// The bytes of its strings.
    fn bytes(&self) -> usize {
        match self {
            Column::Str { bytes, .. } => bytes.len(),
            _ => 0,
        }
    }

    /// Encodes the column as a column chunk of `descr` in a buffer of its
    /// own, and empties it.
    fn encode(
        &mut self,
        descr: ColumnDescPtr,
        props: WriterPropertiesPtr,
        rows: usize,
    ) -> Result<(Bytes, ColumnCloseResult), ParquetError> {
        self.pad(rows);
        let mut sink = TrackedWrite::new(Vec::new());
        let mut writer = get_column_writer(descr, props, Box::new(SerializedPageWriter::new(&mut sink)));
        match (&mut *self, &mut writer) {
            (Column::Str { bytes, values, defs }, ColumnWriter::ByteArrayColumnWriter(w)) => {
                let all = Bytes::from(std::mem::take(bytes));
                let values: Vec<ByteArray> = values
                    .iter()
                    .map(|&(start, end)| {
                        ByteArray::from(if start == end { Bytes::new() } else { all.slice(start..end) })
                    })
                    .collect();
                w.write_batch(&values, defs.as_deref(), None)?;
            }
            (Column::Int { values, defs }, ColumnWriter::Int64ColumnWriter(w)) => {
                w.write_batch(values, defs.as_deref(), None)?;
            }
            (Column::Float { values, defs }, ColumnWriter::DoubleColumnWriter(w)) => {
                w.write_batch(values, Some(defs), None)?;
            }
            (Column::Bool(values), ColumnWriter::BoolColumnWriter(w)) => {
                w.write_batch(values, None, None)?;
            }
            _ => return Err(ParquetError::General("a column's values are not of its type".into())),
        }
        let close = writer.close()?;
        self.clear();
        Ok((Bytes::from(sink.into_inner()?), close))
    }
}

/// Levels `defs` with the nulls not written out up to row `rows` added.
#[inline(always)]
fn pad(defs: &mut Vec<i16>, rows: usize) {
    if defs.len() < rows {
        defs.resize(rows, 0);
    }
}

/// Adds string `s` to a column's `bytes` and `values`; a long value
/// shares the range of the value before when it is the same (a short one
/// is copied: as cheap as comparing).
#[inline]
fn push_str(bytes: &mut Vec<u8>, values: &mut Vec<(usize, usize)>, s: &[u8]) {
    if s.len() > 32 {
        if let Some(&(start, end)) = values.last() {
            if bytes.get(start..end) == Some(s) {
                values.push((start, end));
                return;
            }
        }
    }
    let start = bytes.len();
    bytes.extend_from_slice(s);
    values.push((start, bytes.len()));
}

/// Rows by column, with the columns and value kinds of a sample row.
#[derive(Clone, Debug)]
pub struct Batch {
    columns: Vec<Column>,
    rows: usize,
}

impl Batch {
    /// An empty batch of rows like `sample`.
    pub fn like(sample: &impl Row) -> Batch {
        struct Kinds(Vec<Column>);
        impl Cells for Kinds {
            fn cell(&mut self, _: &'static str, value: Value<'_>) {
                self.0.push(Column::like(value));
            }
        }
        let mut kinds = Kinds(Vec::new());
        sample.visit(&mut kinds);
        Batch { columns: kinds.0, rows: 0 }
    }

    /// Adds a row, which must have the sample's columns.
    pub fn push(&mut self, row: &impl Row) -> Result<(), ParquetError> {
        struct Push<'b> {
            columns: std::slice::IterMut<'b, Column>,
            row: usize,
            ok: bool,
        }
        impl Cells for Push<'_> {
            #[inline(always)]
            fn cell(&mut self, _: &'static str, value: Value<'_>) {
                let row = self.row;
                self.ok &= self.columns.next().is_some_and(|c| c.push(value, row));
            }

            /// Nulls are left to [`Column::pad`]: only skipped here (the
            /// columns' kinds are the sample's, whose row visited the same).
            #[inline(always)]
            fn nulls(&mut self, columns: &'static [(&'static str, Value<'static>)]) {
                if let Some(last) = columns.len().checked_sub(1) {
                    self.ok &= self.columns.nth(last).is_some();
                }
            }
        }
        let mut push = Push { columns: self.columns.iter_mut(), row: self.rows, ok: true };
        row.visit(&mut push);
        if !push.ok || push.columns.next().is_some() {
            return Err(mismatch());
        }
        self.rows += 1;
        Ok(())
    }

    /// Adds row `row` `n` times.
    pub fn push_repeated(&mut self, row: &impl Row, n: usize) -> Result<(), ParquetError> {
        if n == 0 {
            return Ok(());
        }
        let at = self.rows;
        self.push(row)?;
        for column in &mut self.columns {
            column.pad(at + 1);
            column.repeat_last(n - 1);
        }
        self.rows = at + n;
        Ok(())
    }

    /// The number of rows.
    pub fn len(&self) -> usize {
        self.rows
    }

    pub fn is_empty(&self) -> bool {
        self.rows == 0
    }

    /// Empties the batch, keeping its buffers.
    pub fn clear(&mut self) {
        self.columns.iter_mut().for_each(Column::clear);
        self.rows = 0;
    }
}

fn mismatch() -> ParquetError {
    ParquetError::General("a row's columns are not those of the file".into())
}

/// How a file is laid out: the schema's name, the rows of a row group (at
/// least 1; rows appended a batch at a time may fill a group past it by a
/// batch), the columns without a dictionary (their values hardly repeat)
/// and those without statistics (every row group holds about every value:
/// min and max would not let a reader skip one, and cost a comparison a
/// value).
#[derive(Clone, Debug)]
pub struct Layout {
    pub name: &'static str,
    pub group: usize,
    pub no_dictionary: Vec<&'static str>,
    pub no_statistics: Vec<&'static str>,
}

/// Writes rows as a Parquet file to `W`; every row has the columns of the
/// sample it was made with.
pub struct ParquetRows<W: Write + Send> {
    writer: SerializedFileWriter<W>,
    pending: Batch,
    group: usize,
    pool: Option<Arc<rayon::ThreadPool>>,
}

impl<W: Write + Send> ParquetRows<W> {
    /// A writer of rows with the columns of `sample`, laid out as `layout` says.
    pub fn like(out: W, sample: &impl Row, layout: &Layout) -> Result<ParquetRows<W>, ParquetError> {
        struct Schema {
            fields: Vec<Arc<Type>>,
            failed: Option<ParquetError>,
        }
        impl Cells for Schema {
            fn cell(&mut self, name: &'static str, value: Value<'_>) {
                let (physical, repetition) = match value {
                    Value::Str(_) => (Physical::BYTE_ARRAY, Repetition::REQUIRED),
                    Value::OptStr(_) => (Physical::BYTE_ARRAY, Repetition::OPTIONAL),
                    Value::Int(_) => (Physical::INT64, Repetition::REQUIRED),
                    Value::OptInt(_) => (Physical::INT64, Repetition::OPTIONAL),
                    Value::OptFloat(_) => (Physical::DOUBLE, Repetition::OPTIONAL),
                    Value::Bool(_) => (Physical::BOOLEAN, Repetition::REQUIRED),
                };
                let mut field = Type::primitive_type_builder(name, physical).with_repetition(repetition);
                if physical == Physical::BYTE_ARRAY {
                    field = field.with_logical_type(Some(LogicalType::String));
                }
                match field.build() {
                    Ok(field) => self.fields.push(Arc::new(field)),
                    Err(e) => self.failed = Some(e),
                }
            }
        }
        let mut schema = Schema { fields: Vec::new(), failed: None };
        sample.visit(&mut schema);
        if let Some(e) = schema.failed {
            return Err(e);
        }
        let schema = Type::group_type_builder(layout.name).with_fields(schema.fields).build()?;
        let mut props = WriterProperties::builder()
            .set_compression(Compression::SNAPPY)
            .set_created_by(format!("pgn100 {}", env!("CARGO_PKG_VERSION")));
        for &column in &layout.no_dictionary {
            props = props.set_column_dictionary_enabled(ColumnPath::from(column), false);
        }
        for &column in &layout.no_statistics {
            props = props.set_column_statistics_enabled(ColumnPath::from(column), EnabledStatistics::None);
        }
        let writer = SerializedFileWriter::new(out, Arc::new(schema), Arc::new(props.build()))?;
        Ok(ParquetRows { writer, pending: Batch::like(sample), group: layout.group.max(1), pool: None })
    }

    /// Encodes the columns of each row group on the threads of `pool`.
    pub fn encode_in(&mut self, pool: Arc<rayon::ThreadPool>) {
        self.pool = Some(pool);
    }

    /// Adds a row; a full row group is written out.
    pub fn push(&mut self, row: &impl Row) -> Result<(), ParquetError> {
        self.pending.push(row)?;
        self.flush_full()
    }

    /// Adds rows `rows` of each of `parts`, batches side by side whose
    /// columns, in order, are those of the file; a full row group is
    /// written out.
    pub fn append(&mut self, parts: &[(&Batch, Range<usize>)]) -> Result<(), ParquetError> {
        let n = parts.first().map_or(0, |(_, r)| r.len());
        let width: usize = parts.iter().map(|(b, _)| b.columns.len()).sum();
        if width != self.pending.columns.len() || parts.iter().any(|(b, r)| r.len() != n || r.end > b.rows) {
            return Err(mismatch());
        }
        let mut columns = self.pending.columns.iter_mut();
        for (batch, rows) in parts {
            for (from, to) in batch.columns.iter().zip(&mut columns) {
                if !to.append(from, rows.clone(), self.pending.rows) {
                    return Err(mismatch());
                }
            }
        }
        self.pending.rows += n;
        self.flush_full()
    }

    /// Writes the row group out if it is full.
    fn flush_full(&mut self) -> Result<(), ParquetError> {
        if self.pending.rows >= self.group
            || self.pending.columns.iter().map(Column::bytes).sum::<usize>() >= GROUP_BYTES
        {
            self.flush()?;
        }
        Ok(())
    }

    fn flush(&mut self) -> Result<(), ParquetError> {
        if self.pending.rows == 0 {
            return Ok(());
        }
        let descr = self.writer.schema_descr().columns().to_vec();
        let props = Arc::clone(self.writer.properties());
        let columns = &mut self.pending.columns;
        let rows = self.pending.rows;
        let encode = |(column, descr): (&mut Column, ColumnDescPtr)| column.encode(descr, Arc::clone(&props), rows);
        let chunks: Vec<Result<(Bytes, ColumnCloseResult), ParquetError>> = match &self.pool {
            Some(pool) => pool.install(|| {
                use rayon::prelude::*;
                columns.par_iter_mut().zip(descr).map(encode).collect()
            }),
            _ => columns.iter_mut().zip(descr).map(encode).collect(),
        };
        let mut group = self.writer.next_row_group()?;
        for chunk in chunks {
            let (bytes, close) = chunk?;
            group.append_column(&bytes, close)?;
        }
        group.close()?;
        self.pending.rows = 0;
        Ok(())
    }

    /// Writes the last row group and the footer; the output back.
    pub fn finish(mut self) -> Result<W, ParquetError> {
        self.flush()?;
        self.writer.into_inner()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A row of every kind of value: its first two columns, its last three.
    #[derive(Clone, Debug)]
    struct Full(Head, Tail);
    #[derive(Clone, Debug)]
    struct Head(String, Option<String>);
    #[derive(Clone, Debug)]
    struct Tail(i64, Option<i64>, bool, Option<f64>);

    impl Row for Head {
        fn visit(&self, cells: &mut impl Cells) {
            cells.cell("s", Value::Str(&self.0));
            cells.cell("o", Value::OptStr(self.1.as_deref()));
        }
    }
    impl Row for Tail {
        fn visit(&self, cells: &mut impl Cells) {
            cells.cell("n", Value::Int(self.0));
            cells.cell("m", Value::OptInt(self.1));
            cells.cell("b", Value::Bool(self.2));
            cells.cell("f", Value::OptFloat(self.3));
        }
    }
    impl Row for Full {
        fn visit(&self, cells: &mut impl Cells) {
            self.0.visit(cells);
            self.1.visit(cells);
        }
    }

    /// Rows with runs of equal values, long (shared) and short (copied),
    /// and nulls, some of them in runs too.
    fn rows(n: usize) -> Vec<Full> {
        (0..n)
            .map(|i| {
                let long = format!("a value long enough to be shared with the row before: {}", i / 4);
                let s = if i % 3 == 0 { long } else { format!("v{}", i / 2) };
                let o = (i % 5 > 1).then(|| if i % 2 == 0 { "x".to_string() } else { "y\"\n,".repeat(i % 4) });
                let f = (i % 4 != 1).then(|| i as f64 / 10.0);
                Full(Head(s, o), Tail(i as i64 - 7, (i % 7 < 3).then_some(i as i64 * 1000), i % 3 == 1, f))
            })
            .collect()
    }

    /// The rows and row groups of a file.
    fn read(bytes: Vec<u8>) -> (Vec<String>, usize) {
        use parquet::file::reader::{FileReader, SerializedFileReader};
        let reader = SerializedFileReader::new(Bytes::from(bytes)).expect("a Parquet file");
        let groups = reader.metadata().num_row_groups();
        let rows = reader.get_row_iter(None).expect("rows").map(|r| r.expect("a row").to_string()).collect();
        (rows, groups)
    }

    fn layout(group: usize) -> Layout {
        Layout { name: "t", group, no_dictionary: vec!["o"], no_statistics: vec!["s", "n"] }
    }

    /// Rows appended as batches (side by side, in ranges of any length,
    /// some pushed repeated) read back as the same rows pushed one by one,
    /// encoded on one thread or on a pool: the same bytes.
    #[test]
    fn batches_read_back_as_the_rows() {
        let all = rows(300);
        let sample = all.first().cloned().expect("a row");
        let mut one = ParquetRows::like(Vec::new(), &sample, &layout(64)).expect("writer");
        for r in &all {
            one.push(r).expect("a row");
        }
        let by_row = one.finish().expect("the file");
        let (want, groups) = read(by_row.clone());
        assert_eq!((want.len(), groups), (300, 5));
        assert!(want.iter().any(|r| r.contains("o: null")) && want.iter().any(|r| r.contains("m: null")));
        assert!(want.iter().any(|r| r.contains("f: null")) && want.iter().any(|r| r.contains("f: 29.9")));

        let mut files = Vec::new();
        for pool in [None, Some(Arc::new(rayon::ThreadPoolBuilder::new().num_threads(2).build().expect("pool")))] {
            let mut w = ParquetRows::like(Vec::new(), &sample, &layout(64)).expect("writer");
            if let Some(pool) = pool {
                w.encode_in(pool);
            }
            let (mut head, mut tail) = (Batch::like(&sample.0), Batch::like(&sample.1));
            let mut at = 0usize;
            for (k, size) in [1, 0, 17, 40, 3, 90, 60, 89].into_iter().enumerate() {
                head.clear();
                tail.clear();
                // The tail holds rows before and after those appended.
                let extra = k % 3;
                for r in all.get(at.saturating_sub(extra)..(at + size + extra).min(all.len())).expect("rows") {
                    tail.push(&r.1).expect("tail");
                }
                let first = extra.min(at);
                // Runs of equal rows are pushed once, repeated.
                let mut i = at;
                while i < at + size {
                    let r = &all.get(i).expect("row").0;
                    let run = all
                        .get(i..at + size)
                        .expect("rows")
                        .iter()
                        .take_while(|x| x.0 .0 == r.0 && x.0 .1 == r.1)
                        .count();
                    head.push_repeated(r, run).expect("head");
                    i += run;
                }
                w.append(&[(&head, 0..head.len()), (&tail, first..first + size)]).expect("appended");
                at += size;
            }
            assert_eq!(at, all.len());
            let file = w.finish().expect("the file");
            let (got, groups) = read(file.clone());
            assert_eq!(got, want);
            // A group is written when a batch fills it: at 151 rows and at 149.
            assert_eq!(groups, 2);
            files.push(file);
        }
        assert!(files.first() == files.last(), "a pool encodes the same bytes");
        // A batch of other columns is refused.
        let mut w = ParquetRows::like(Vec::new(), &sample, &layout(64)).expect("writer");
        let tail = Batch::like(&sample.1);
        assert!(w.append(&[(&tail, 0..0), (&tail, 0..0)]).is_err());
        assert!(w.push(&sample.0).is_err());
    }

    /// Rows whose optional columns are handed over at once
    /// ([`Cells::nulls`], their levels written out later) read back as the
    /// same rows handed over one by one, appended in ranges or pushed.
    #[test]
    fn nulls_at_once_read_back_as_nulls() {
        struct Notes(u32, Option<f64>, Option<String>, bool);
        const NONE: &[(&str, Value<'static>)] = &[("x", Value::OptFloat(None)), ("s", Value::OptStr(None))];
        impl Row for Notes {
            fn visit(&self, cells: &mut impl Cells) {
                cells.cell("n", Value::Int(i64::from(self.0)));
                if self.3 && self.1.is_none() && self.2.is_none() {
                    cells.nulls(NONE);
                } else {
                    cells.cell("x", Value::OptFloat(self.1));
                    cells.cell("s", Value::OptStr(self.2.as_deref()));
                }
                cells.cell("b", Value::Bool(self.0 % 2 == 0));
            }
        }
        let rows = |at_once: bool| -> Vec<Notes> {
            (0..500u32)
                .map(|i| {
                    let x = (i % 97 == 3 || i % 13 == 0).then(|| f64::from(i) / 8.0);
                    let s = (i % 89 == 5).then(|| format!("c{i}"));
                    Notes(i, x, s, at_once)
                })
                .collect()
        };
        let sample = Notes(0, None, None, true);
        let mut files = Vec::new();
        for (at_once, by_batch) in [(false, false), (true, false), (true, true)] {
            let mut w = ParquetRows::like(Vec::new(), &sample, &layout(64)).expect("writer");
            let all = rows(at_once);
            if by_batch {
                let mut batch = Batch::like(&sample);
                for r in &all {
                    batch.push(r).expect("a row");
                }
                for range in [0..1, 1..200, 200..203, 203..500] {
                    w.append(&[(&batch, range)]).expect("appended");
                }
            } else {
                for r in &all {
                    w.push(r).expect("a row");
                }
            }
            files.push(read(w.finish().expect("the file")).0);
        }
        let first = files.first().expect("a file");
        assert_eq!(first.len(), 500, "{:?}", first.get(..6));
        assert!(first.iter().any(|r| r.contains("x: 0.375")), "{:?}", first.get(..6));
        assert!(first.iter().any(|r| r.contains("s: \"c5\"")) && first.iter().any(|r| r.contains("x: null")));
        assert!(files.iter().all(|f| f == first));
    }
}
