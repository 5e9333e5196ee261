//! A row of typed columns, and how it is written as CSV and as a line of
//! JSON (Parquet: [`crate::output::parquet`]): a kind of row lists its columns once,
//! in [`Row::visit`], so the formats cannot disagree on names, order or
//! values.
//!
//! The writers are [`Cells`], handed every column in turn; `visit` is
//! generic over them, so that a row written as CSV is one inlined pass
//! over its values into a byte buffer (`moves` writes millions of rows).
//! The bytes are those of the csv crate (quotes only where a field needs
//! them) and of serde_json (a test holds them to both).

/// The value of one column of a row.
#[derive(Copy, Clone, Debug, PartialEq)]
pub enum Value<'a> {
    Str(&'a str),
    /// A string that a row may lack (CSV: empty; JSON: null; Parquet: null).
    OptStr(Option<&'a str>),
    Int(i64),
    OptInt(Option<i64>),
    /// A number that a row may lack, not always whole (seconds on a clock).
    OptFloat(Option<f64>),
    Bool(bool),
}

/// What a row's columns are handed to, one by one, in order.
pub trait Cells {
    fn cell(&mut self, name: &'static str, value: Value<'_>);

    /// Columns without a value: `columns` (each with its kind, a `None`),
    /// as [`Cells::cell`] would take them one by one; a writer may take
    /// them at once (a row of `moves` without comments: nine empty cells).
    #[inline(always)]
    fn nulls(&mut self, columns: &'static [(&'static str, Value<'static>)]) {
        for &(name, value) in columns {
            self.cell(name, value);
        }
    }
}

/// A row: its columns in order, each with its name and value. Every row of
/// one kind visits the same columns with values of the same kinds.
pub trait Row {
    fn visit(&self, cells: &mut impl Cells);
}

/// The column names of a row.
pub fn names(row: &impl Row) -> Vec<&'static str> {
    names_where(row, |_| true)
}

/// The names of the columns of a row whose values `keep` keeps.
pub fn names_where(row: &impl Row, keep: impl Fn(Value<'_>) -> bool) -> Vec<&'static str> {
    struct Names<F>(Vec<&'static str>, F);
    impl<F: Fn(Value<'_>) -> bool> Cells for Names<F> {
        fn cell(&mut self, name: &'static str, value: Value<'_>) {
            if (self.1)(value) {
                self.0.push(name);
            }
        }
    }
    let mut names = Names(Vec::new(), keep);
    row.visit(&mut names);
    names.0
}

/// A CSV writer's error as the I/O error it is (a closed pipe stays one).
pub fn io_error(e: csv::Error) -> std::io::Error {
    match e.into_kind() {
        csv::ErrorKind::Io(e) => e,
        other => std::io::Error::other(format!("{other:?}")),
    }
}

/// A text format of rows: CSV (a header line, then a line a row) or JSON
/// lines (an object a line). A row may be written in parts (the cells of
/// one row kind, then of another): [`TextFormat::begin`], the parts'
/// [`TextFormat::cells`] (the first with `first`), [`TextFormat::end`].
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum TextFormat {
    Csv,
    Json,
}

impl TextFormat {
    /// What comes before the first row: the CSV header.
    pub fn header(self, out: &mut Vec<u8>, row: &impl Row) {
        if self == TextFormat::Csv {
            for (i, name) in names(row).into_iter().enumerate() {
                if i > 0 {
                    out.push(b',');
                }
                csv_field(out, name);
            }
            out.push(b'\n');
        }
    }

    /// Starts a row.
    pub fn begin(self, out: &mut Vec<u8>) {
        if self == TextFormat::Json {
            out.push(b'{');
        }
    }

    /// Writes the cells of `row`, each after a separator but the row's
    /// first cell (when `first`).
    #[inline]
    pub fn cells(self, out: &mut Vec<u8>, row: &impl Row, first: bool) {
        match self {
            TextFormat::Csv => row.visit(&mut CsvCells { out, first }),
            TextFormat::Json => row.visit(&mut JsonCells { out, first }),
        }
    }

    /// Ends a row.
    pub fn end(self, out: &mut Vec<u8>) {
        if self == TextFormat::Json {
            out.push(b'}');
        }
        out.push(b'\n');
    }

    /// Writes a whole row.
    pub fn row(self, out: &mut Vec<u8>, row: &impl Row) {
        self.begin(out);
        self.cells(out, row, true);
        self.end(out);
    }
}

/// A CSV record's fields: booleans `true`/`false`, a missing value empty.
struct CsvCells<'o> {
    out: &'o mut Vec<u8>,
    first: bool,
}

impl Cells for CsvCells<'_> {
    // Inlined into each column of a row, where its value's kind is known.
    #[inline(always)]
    fn cell(&mut self, _: &'static str, value: Value<'_>) {
        if !std::mem::replace(&mut self.first, false) {
            self.out.push(b',');
        }
        match value {
            Value::Str(s) | Value::OptStr(Some(s)) => csv_field(self.out, s),
            Value::OptStr(None) | Value::OptInt(None) | Value::OptFloat(None) => {}
            Value::Int(n) | Value::OptInt(Some(n)) => {
                self.out.extend_from_slice(itoa::Buffer::new().format(n).as_bytes())
            }
            Value::OptFloat(Some(x)) => float(self.out, x),
            Value::Bool(b) => self.out.extend_from_slice(if b { b"true" } else { b"false" }),
        }
    }

    #[inline(always)]
    fn nulls(&mut self, columns: &'static [(&'static str, Value<'static>)]) {
        const COMMAS: &[u8] = b",,,,,,,,,,,,,,,,";
        match (self.first, COMMAS.get(..columns.len())) {
            (false, Some(commas)) => self.out.extend_from_slice(commas),
            _ => {
                for &(name, value) in columns {
                    self.cell(name, value);
                }
            }
        }
    }
}

/// A CSV field as the csv crate writes it (`QuoteStyle::Necessary`): in
/// quotes, its quotes doubled, when it holds a comma, a quote or a line end.
#[inline]
fn csv_field(out: &mut Vec<u8>, s: &str) {
    let bytes = s.as_bytes();
    if !bytes.iter().any(|&b| matches!(b, b',' | b'"' | b'\n' | b'\r')) {
        out.extend_from_slice(bytes);
        return;
    }
    out.push(b'"');
    for &b in bytes {
        if b == b'"' {
            out.push(b'"');
        }
        out.push(b);
    }
    out.push(b'"');
}

/// A JSON object's members: `"name":value`, a missing value `null`.
struct JsonCells<'o> {
    out: &'o mut Vec<u8>,
    first: bool,
}

impl Cells for JsonCells<'_> {
    #[inline(always)]
    fn cell(&mut self, name: &'static str, value: Value<'_>) {
        if !std::mem::replace(&mut self.first, false) {
            self.out.push(b',');
        }
        json_string(self.out, name);
        self.out.push(b':');
        match value {
            Value::Str(s) | Value::OptStr(Some(s)) => json_string(self.out, s),
            Value::OptStr(None) | Value::OptInt(None) | Value::OptFloat(None) => self.out.extend_from_slice(b"null"),
            Value::Int(n) | Value::OptInt(Some(n)) => {
                self.out.extend_from_slice(itoa::Buffer::new().format(n).as_bytes())
            }
            // JSON has no NaN nor infinity: serde_json writes them null.
            Value::OptFloat(Some(x)) if !x.is_finite() => self.out.extend_from_slice(b"null"),
            Value::OptFloat(Some(x)) => float(self.out, x),
            Value::Bool(b) => self.out.extend_from_slice(if b { b"true" } else { b"false" }),
        }
    }
}

/// A number as serde_json and the csv crate write an `f64` (the shortest
/// text that reads back as it, `5400.0`, `59.9`).
fn float(out: &mut Vec<u8>, x: f64) {
    use std::io::Write;
    let _ = write!(out, "{x:?}");
}

/// A JSON string as serde_json writes it: a string with nothing to escape
/// is copied between quotes, any other is serde_json's own.
#[inline]
fn json_string(out: &mut Vec<u8>, s: &str) {
    if s.bytes().any(|b| b < 0x20 || b == b'"' || b == b'\\') {
        // Serialising a string to a Vec cannot fail.
        let _ = serde_json::to_writer(&mut *out, s);
    } else {
        out.push(b'"');
        out.extend_from_slice(s.as_bytes());
        out.push(b'"');
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Strings<'a>(&'a [&'a str]);

    impl Row for Strings<'_> {
        fn visit(&self, cells: &mut impl Cells) {
            for s in self.0 {
                cells.cell("a \"name\"", Value::Str(s));
            }
            cells.cell("n", Value::OptInt(None));
            cells.cell("m", Value::Int(-12));
            cells.cell("b", Value::Bool(true));
            cells.cell("o", Value::OptStr(None));
            cells.cell("x", Value::OptFloat(Some(5400.0)));
            cells.cell("y", Value::OptFloat(Some(-59.9)));
            cells.cell("z", Value::OptFloat(None));
        }
    }

    const FIELDS: &[&str] = &[
        "",
        "plain",
        "a,b",
        "say \"hi\"",
        "line\nend",
        "cr\r",
        "\"",
        ",",
        "tab\t",
        "back\\slash",
        "\u{1}\u{1f}",
        "Кр",
        "#x",
    ];

    /// The fields the csv crate quotes are those quoted here, the same way.
    #[test]
    fn csv_fields_are_the_csv_crates() {
        let mut ours = Vec::new();
        TextFormat::Csv.row(&mut ours, &Strings(FIELDS));
        let mut theirs = csv::Writer::from_writer(Vec::new());
        let mut record: Vec<&str> = FIELDS.to_vec();
        let (x, y) =
            (serde_json::to_string(&5400.0f64).expect("json"), serde_json::to_string(&-59.9f64).expect("json"));
        record.extend(["", "-12", "true", "", &x, &y, ""]);
        theirs.write_record(&record).expect("written");
        assert_eq!(String::from_utf8(ours), String::from_utf8(theirs.into_inner().expect("flushed")));
    }

    /// A JSON line is serde_json's object of the same members, byte for byte.
    #[test]
    fn json_lines_are_serde_jsons() {
        for field in FIELDS {
            let mut ours = Vec::new();
            TextFormat::Json.row(&mut ours, &Strings(&[field]));
            let theirs = format!(
                "{{{}:{},\"n\":null,\"m\":-12,\"b\":true,\"o\":null,\"x\":{},\"y\":{},\"z\":null}}\n",
                serde_json::to_string("a \"name\"").expect("json"),
                serde_json::to_string(field).expect("json"),
                serde_json::to_string(&5400.0f64).expect("json"),
                serde_json::to_string(&-59.9f64).expect("json"),
            );
            assert_eq!(String::from_utf8(ours).expect("UTF-8"), theirs);
        }
    }
}
