//! `pgn100 moves` beside `pgn100 validate` on the same input, whole
//! processes timed in turn (bench binary, not a timed test):
//! `cargo bench --bench moves [-- --rounds N] [-- --threads T] [-- FILE [--variant V]]`.
//!
//! Inputs, by default: the GNU Chess opening book of the shared chess
//! collection (../shared/chess/gnuchess_book_1.02.pgn, 145,716 games, 11.3
//! M plies, read `--variant chess`) and a Hundred corpus made by `pgn100
//! generate --games 3000 --seed 1` (in a temporary directory). Each round
//! runs, on 1 thread and on the default (every core), `validate`, then
//! `moves --format csv`, `jsonl` (to /dev/null) and `parquet` (to a file in
//! the temporary directory) on the same input, in turn; N rounds (default
//! 3). For each command it prints the fastest wall time and the least CPU
//! time (user + system, of the child) of the rounds, and their ratio to
//! `validate`'s of the same thread count: the CPU ratio is the one a loaded
//! machine moves least.
//!
//! Before timing it checks the work: on every input, the rows of the three
//! formats are as many (CSV lines less the header, JSON lines, the Parquet
//! file's row count), more than zero, and the exit status of `moves` is
//! `validate`'s (1 when a game is invalid). `--threads T` times T threads
//! beside 1 instead of the default.

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const BIN: &str = env!("CARGO_BIN_EXE_pgn100");

/// An input and the arguments that read it.
struct Input {
    name: String,
    args: Vec<String>,
}

/// The CPU time (user + system) of the children waited for so far
/// (`/proc/self/stat`, clock ticks of 10 ms).
fn children_cpu() -> Duration {
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    // The fields after the command name, which is in parentheses.
    let fields: Vec<&str> = stat.rsplit_once(')').map(|(_, f)| f.split_whitespace().collect()).unwrap_or_default();
    // cutime and cstime are fields 16 and 17 of the line, 14 and 15 here.
    let ticks: u64 = [13, 14].iter().filter_map(|&i| fields.get(i)?.parse::<u64>().ok()).sum();
    Duration::from_millis(ticks * 10)
}

/// Runs pgn100 with `args`, output to /dev/null: its wall and CPU time and
/// exit status.
fn run(args: &[String]) -> (Duration, Duration, Option<i32>) {
    let cpu = children_cpu();
    let t = Instant::now();
    let status =
        Command::new(BIN).args(args).stdout(Stdio::null()).stderr(Stdio::null()).status().expect("pgn100 runs");
    (t.elapsed(), children_cpu().saturating_sub(cpu), status.code())
}

/// The lines pgn100 writes to standard output with `args`, and its exit status.
fn lines(args: &[String]) -> (usize, Option<i32>) {
    let mut child =
        Command::new(BIN).args(args).stdout(Stdio::piped()).stderr(Stdio::null()).spawn().expect("pgn100 runs");
    let mut reader = BufReader::with_capacity(1 << 20, child.stdout.take().expect("its output"));
    let mut n = 0;
    loop {
        let buf = reader.fill_buf().expect("read");
        if buf.is_empty() {
            break;
        }
        n += memchr::memchr_iter(b'\n', buf).count();
        let len = buf.len();
        reader.consume(len);
    }
    (n, child.wait().expect("waited").code())
}

/// The rows of a Parquet file.
fn parquet_rows(path: &Path) -> i64 {
    use parquet::file::reader::{FileReader, SerializedFileReader};
    let reader = SerializedFileReader::new(std::fs::File::open(path).expect("the file")).expect("a Parquet file");
    reader.metadata().file_metadata().num_rows()
}

fn strings(args: &[&str]) -> Vec<String> {
    args.iter().map(|s| s.to_string()).collect()
}

/// The moves of `input` as many rows in every format, with validate's exit status.
fn check(input: &Input, out: &Path) {
    let with = |cmd: &[&str]| [strings(cmd), input.args.clone()].concat();
    let (_, _, validated) = run(&with(&["validate"]));
    let (csv, csv_status) = lines(&with(&["moves", "--format", "csv"]));
    let (jsonl, jsonl_status) = lines(&with(&["moves", "--format", "jsonl"]));
    let path = out.to_str().expect("a path");
    let (_, _, parquet_status) = run(&with(&["moves", "--format", "parquet", "-o", path]));
    let parquet = parquet_rows(out);
    println!("{}: {jsonl} rows; validate exits {validated:?}", input.name);
    assert!(jsonl > 0, "{}: no rows", input.name);
    assert_eq!((csv - 1, parquet), (jsonl, jsonl as i64), "{}: rows of csv, parquet, jsonl", input.name);
    assert_eq!([csv_status, jsonl_status, parquet_status], [validated; 3], "{}: exit status", input.name);
}

fn main() {
    let mut rounds = 3;
    let mut threads = None;
    let mut inputs = Vec::new();
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        match a.as_str() {
            "--rounds" => rounds = args.next().and_then(|n| n.parse().ok()).expect("--rounds N"),
            "--threads" => threads = Some(args.next().expect("--threads T")),
            "--variant" => {
                let v = args.next().expect("--variant V");
                let input: &mut Input = inputs.last_mut().expect("a file before --variant");
                input.args.splice(0..0, ["--variant".to_string(), v]);
            }
            "--bench" => {}
            file => inputs.push(Input { name: file.to_string(), args: vec![file.to_string()] }),
        }
    }
    let dir = tempfile::tempdir().expect("a temporary directory");
    if inputs.is_empty() {
        let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
        let book = ["../shared/chess", "../../shared/chess"]
            .iter()
            .map(|d| root.join(d).join("gnuchess_book_1.02.pgn"))
            .find(|p| p.exists());
        if let Some(book) = book {
            let book = book.to_str().expect("a path").to_string();
            inputs.push(Input { name: "gnuchess_book_1.02.pgn".into(), args: strings(&["--variant", "chess", &book]) });
        }
        let hundred = dir.path().join("hundred.pgn");
        let hundred = hundred.to_str().expect("a path");
        let (_, _, status) = run(&strings(&["generate", "--games", "3000", "--seed", "1", "-o", hundred]));
        assert_eq!(status, Some(0), "generate");
        inputs.push(Input { name: "generate --games 3000 --seed 1".into(), args: strings(&[hundred]) });
    }
    let out = dir.path().join("moves.parquet");
    let out_path = out.to_str().expect("a path").to_string();
    for input in &inputs {
        check(input, &out);
    }
    let many = threads.map_or_else(|| "default".to_string(), |t| t.clone());
    for input in &inputs {
        println!("\n{} ({rounds} rounds, each command in turn)", input.name);
        println!("{:<8} {:<8} {:>10} {:>10} {:>8} {:>8}", "threads", "command", "wall s", "CPU s", "wall x", "CPU x");
        for t in ["1", many.as_str()] {
            let thread_args: Vec<String> = if t == "default" { Vec::new() } else { strings(&["--threads", t]) };
            let jobs: Vec<(&str, Vec<String>)> = vec![
                ("validate", strings(&["validate"])),
                ("csv", strings(&["moves", "--format", "csv"])),
                ("jsonl", strings(&["moves", "--format", "jsonl"])),
                ("parquet", strings(&["moves", "--format", "parquet", "-o", &out_path])),
            ];
            // Per job: the fastest wall time and the least CPU time.
            let mut best = vec![(Duration::MAX, Duration::MAX); jobs.len()];
            for _ in 0..rounds {
                for (i, (_, cmd)) in jobs.iter().enumerate() {
                    let (wall, cpu, _) = run(&[cmd.clone(), thread_args.clone(), input.args.clone()].concat());
                    if let Some(b) = best.get_mut(i) {
                        *b = (b.0.min(wall), b.1.min(cpu));
                    }
                }
            }
            let (v_wall, v_cpu) = best.first().copied().expect("validate");
            for ((name, _), (wall, cpu)) in jobs.iter().zip(&best) {
                println!(
                    "{t:<8} {name:<8} {:>10.2} {:>10.2} {:>8.2} {:>8.2}",
                    wall.as_secs_f64(),
                    cpu.as_secs_f64(),
                    wall.as_secs_f64() / v_wall.as_secs_f64(),
                    cpu.as_secs_f64() / v_cpu.as_secs_f64().max(0.01)
                );
            }
        }
    }
}
