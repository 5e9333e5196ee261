//! Shared helpers of the integration tests: the oracle data in corpus/oracle.
#![allow(dead_code)]

use std::collections::BTreeSet;
use std::path::PathBuf;

use pgn100::rules::{Move, MoveKind, Position, Uci, Variant};

/// The large real chess files (`../shared/chess` beside the clone, as CI
/// lays it out, or beside a worktree's folder). The tests that read them
/// are ignored by default (run by .ci/run with `--ignored`) and fail when the folder is missing: they never
/// pass green without their data.
pub fn shared_chess() -> PathBuf {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    [root.join("../shared/chess"), root.join("../../shared/chess")]
        .into_iter()
        .find(|d| d.is_dir())
        .unwrap_or_else(|| panic!("../shared/chess is missing beside {}: this test reads its files", root.display()))
}

pub fn corpus(path: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("corpus").join(path)
}

pub fn read_json(path: &str) -> serde_json::Value {
    let text = std::fs::read_to_string(corpus(path)).unwrap_or_else(|e| panic!("{path}: {e}"));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{path}: {e}"))
}

pub fn read_jsonl(path: &str) -> Vec<serde_json::Value> {
    let text = std::fs::read_to_string(corpus(path)).unwrap_or_else(|e| panic!("{path}: {e}"));
    text.lines().filter(|l| !l.trim().is_empty()).map(|l| serde_json::from_str(l).expect("a JSON line")).collect()
}

pub fn hundred(fen: &str) -> Position {
    Position::from_fen(fen, Variant::Hundred).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

pub fn legal(pos: &Position) -> Vec<Move> {
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    moves
}

/// The legal moves as UCI-style strings (throne placements included).
pub fn uci_set(pos: &Position) -> BTreeSet<String> {
    legal(pos).into_iter().map(|m| Uci(m).to_string()).collect()
}

/// The legal castling moves, by FEN right letter.
pub fn castlings(pos: &Position) -> BTreeSet<char> {
    legal(pos)
        .into_iter()
        .filter_map(|m| match m.kind {
            MoveKind::Castle(i) => Some(pos.castle_spec(i).right.letter()),
            _ => None,
        })
        .collect()
}

pub fn throne_moves(pos: &Position) -> usize {
    legal(pos).into_iter().filter(|m| matches!(m.kind, MoveKind::Throne(_))).count()
}

pub fn grand(fen: &str) -> Position {
    Position::from_fen(fen, Variant::Grand).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// The start position and the moves of an oracle game (`start_fen`, `uci`).
pub fn oracle_game(game: &serde_json::Value, variant: Variant) -> (Position, Vec<Move>) {
    let start = Position::from_fen(game["start_fen"].as_str().expect("start_fen"), variant).expect("start");
    let ucis = game["uci"].as_array().expect("uci").iter().map(|u| u.as_str().expect("move"));
    let moves = pgn100::notation::uci_line(&start, ucis).unwrap_or_else(|(i, m)| panic!("ply {i}: {m} is not legal"));
    (start, moves)
}

/// Checks a position's legal moves against an oracle entry (`fen`, `moves`):
/// the same set as UCI strings, and the same number counted in bulk.
pub fn assert_oracle_moves(entry: &serde_json::Value, variant: Variant) {
    let fen = entry["fen"].as_str().expect("fen");
    let pos = Position::from_fen(fen, variant).unwrap_or_else(|e| panic!("{fen}: {e}"));
    let expected: BTreeSet<String> =
        entry["moves"].as_array().expect("moves").iter().map(|m| m.as_str().expect("move").to_string()).collect();
    let ours = uci_set(&pos);
    assert_eq!(
        ours,
        expected,
        "{fen}\n ours only: {:?}\n theirs only: {:?}",
        ours.difference(&expected).collect::<Vec<_>>(),
        expected.difference(&ours).collect::<Vec<_>>()
    );
    assert_eq!(pos.count_legal(), expected.len() as u64, "{fen}");
}

/// Runs the binary (NO_COLOR, from the crate's directory).
pub fn pgn100(args: &[&str]) -> std::process::Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_pgn100"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env("NO_COLOR", "1")
        .output()
        .expect("the binary runs")
}

/// Runs the binary with `input` on its standard input (NO_COLOR, from the
/// crate's directory).
pub fn with_stdin(args: &[&str], input: &[u8]) -> std::process::Output {
    use std::io::Write;
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_pgn100"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env("NO_COLOR", "1")
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("spawn");
    child.stdin.take().expect("stdin").write_all(input).expect("write");
    child.wait_with_output().expect("wait")
}

/// A move as python-chess writes it in UCI: castling as the king's move
/// (`e1g1`) in Chess, as the king onto its rook (`e1h1`) in Chess960.
pub fn python_uci(pos: &Position, m: Move) -> String {
    match m.kind {
        MoveKind::Castle(i) if pos.variant() == Variant::Chess960 => {
            format!("{}{}", m.from, pos.castle_spec(i).rook_from)
        }
        MoveKind::Castle(_) => format!("{}{}", m.from, m.to),
        _ => Uci(m).to_string(),
    }
}

/// A chess variant by the name the oracle data gives it.
pub fn chess_variant(name: &str) -> Variant {
    match name {
        "chess" => Variant::Chess,
        "chess960" => Variant::Chess960,
        other => panic!("not a chess variant: {other}"),
    }
}

/// A Parquet file's column names, whether each is nullable, its rows as
/// strings the way the CSV writes them (null empty) and its row groups.
pub fn parquet_table(bytes: Vec<u8>) -> (Vec<String>, Vec<bool>, Vec<Vec<String>>, usize) {
    use parquet::file::reader::{FileReader, SerializedFileReader};
    use parquet::record::Field;
    let reader = SerializedFileReader::new(bytes::Bytes::from(bytes)).expect("a Parquet file");
    let groups = reader.metadata().num_row_groups();
    let columns = reader.metadata().file_metadata().schema_descr().columns().to_vec();
    let names = columns.iter().map(|c| c.name().to_string()).collect();
    let nullable = columns.iter().map(|c| c.max_def_level() == 1).collect();
    let rows = reader
        .get_row_iter(None)
        .expect("rows")
        .map(|row| {
            row.expect("a row")
                .get_column_iter()
                .map(|(_, field)| match field {
                    Field::Str(s) => s.clone(),
                    Field::Long(n) => n.to_string(),
                    // As the CSV writes a number that may have a fraction.
                    Field::Double(x) => format!("{x:?}"),
                    Field::Bool(b) => b.to_string(),
                    Field::Null => String::new(),
                    other => panic!("unexpected field {other:?}"),
                })
                .collect()
        })
        .collect();
    (names, nullable, rows, groups)
}
