//! The row of `stats --per-game` as the table writers see it (CSV, JSON
//! lines, Parquet: [`crate::output::table::Row`]), next to the command that
//! makes it: the one list of its columns.

use std::io::Write;

use parquet::errors::ParquetError;

use super::GameStats;
use crate::output::parquet::{Layout, ParquetRows, ROW_GROUP};
use crate::output::table::{Cells, Row, Value};

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
    fn visit(&self, cells: &mut impl Cells) {
        for (name, value) in fields(self) {
            cells.cell(name, value);
        }
        cells.cell(LAST, Value::Str(&self.final_fen));
    }
}

/// The column names of `stats --per-game`, in order.
pub fn column_names() -> Vec<&'static str> {
    crate::output::table::names(&GameStats::default())
}

/// A Parquet writer of `stats --per-game` rows, in row groups of `group`
/// rows (at least 1; [`ROW_GROUP`] by default).
pub fn parquet_rows<W: Write + Send>(out: W, group: usize) -> Result<ParquetRows<W>, ParquetError> {
    let layout = Layout { name: "game", group, no_dictionary: Vec::new(), no_statistics: Vec::new() };
    ParquetRows::like(out, &GameStats::default(), &layout)
}

/// [`parquet_rows`] in row groups of [`ROW_GROUP`] rows.
pub fn parquet_writer<W: Write + Send>(out: W) -> Result<ParquetRows<W>, ParquetError> {
    parquet_rows(out, ROW_GROUP)
}
