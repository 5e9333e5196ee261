//! The limit on a game's size: a game larger than `--max-game-size` is an
//! error naming it (file, game, line), streamed past in bounded memory, and
//! the games after it are read, in every command that reads games. A zip
//! bomb (a small archive holding one game of hundreds of megabytes) and a
//! huge game piped on standard input run within a memory bound, measured
//! as the child's peak resident size.

use std::io::{Read, Write};
use std::process::{Command, Output, Stdio};

const SMALL: &str = "[Event \"small\"]\n\n1. e3-e5 e8-e6 *\n\n";
/// The last game: an illegal move, whose error shows that it was read.
const LAST: &str = "[Event \"last\"]\n\n1. e3-e9 *\n";
/// The huge game starts on this line (after three small games of 4 lines).
const HUGE_LINE: usize = 13;

/// Three small games, one whose comment is `lines` lines of 1,023 `x`
/// (1 KiB a line), a small game and [`LAST`].
fn write_games(out: &mut impl Write, lines: usize) -> std::io::Result<()> {
    for _ in 0..3 {
        out.write_all(SMALL.as_bytes())?;
    }
    out.write_all(b"[Event \"huge\"]\n\n1. e3-e5 {")?;
    let line: Vec<u8> = [vec![b'x'; 1023], vec![b'\n']].concat();
    let piece = line.repeat(1024);
    for _ in 0..lines / 1024 {
        out.write_all(&piece)?;
    }
    out.write_all(&line.repeat(lines % 1024))?;
    out.write_all(b"} *\n\n")?;
    out.write_all(SMALL.as_bytes())?;
    out.write_all(LAST.as_bytes())
}

/// Where the illegal move of [`LAST`] is when the huge comment has `lines`
/// lines: its line and its byte offset.
fn last_move(lines: usize) -> (usize, usize) {
    let before_huge = 3 * SMALL.len();
    let huge = "[Event \"huge\"]\n\n1. e3-e5 {".len() + 1024 * lines + "} *\n\n".len();
    let line = HUGE_LINE + 2 + lines + 2 + 4 + 2;
    (line, before_huge + huge + SMALL.len() + LAST.find("e3-e9").expect("move"))
}

/// What writes a child's standard input.
type Feed = Box<dyn FnOnce(&mut dyn Write) + Send>;

/// The child's peak resident size so far (VmHWM), in KiB.
fn peak_kib(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// Runs the binary, `feed` writing its standard input on a thread, and
/// polls its peak resident size every few milliseconds until it ends: the
/// output and the largest peak seen, in MiB.
fn measured(args: &[&str], feed: Option<Feed>) -> (Output, u64) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_pgn100"))
        .args(args)
        .env("NO_COLOR", "1")
        .stdin(if feed.is_some() { Stdio::piped() } else { Stdio::null() })
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn");
    let feeder = feed.map(|f| {
        let mut stdin = child.stdin.take().expect("stdin");
        std::thread::spawn(move || f(&mut stdin))
    });
    let drain = |r: Option<Box<dyn Read + Send>>| {
        std::thread::spawn(move || {
            let mut bytes = Vec::new();
            if let Some(mut r) = r {
                r.read_to_end(&mut bytes).expect("read");
            }
            bytes
        })
    };
    let stdout = drain(child.stdout.take().map(|r| Box::new(r) as Box<dyn Read + Send>));
    let stderr = drain(child.stderr.take().map(|r| Box::new(r) as Box<dyn Read + Send>));
    let mut peak = 0;
    let status = loop {
        if let Some(kib) = peak_kib(child.id()) {
            peak = peak.max(kib);
        }
        if let Some(status) = child.try_wait().expect("wait") {
            break status;
        }
        std::thread::sleep(std::time::Duration::from_millis(3));
    };
    if let Some(f) = feeder {
        f.join().expect("feeder");
    }
    let output = Output { status, stdout: stdout.join().expect("stdout"), stderr: stderr.join().expect("stderr") };
    (output, peak >> 10)
}

/// The diagnostics of `validate --format json`, as (code, game, line, offset).
fn diagnostics(o: &Output) -> Vec<(String, u64, u64, u64)> {
    String::from_utf8_lossy(&o.stdout)
        .lines()
        .filter_map(|l| serde_json::from_str::<serde_json::Value>(l).ok())
        .map(|d| {
            let n = |k: &str| d[k].as_u64().unwrap_or(u64::MAX);
            (d["code"].as_str().unwrap_or_default().to_string(), n("game"), n("line"), n("offset"))
        })
        .collect()
}

/// What `validate` must find around a huge game of `lines` comment lines:
/// the huge game (4th) named at its line, and the last game's illegal move
/// at its line and byte, counted across the bytes streamed past.
fn expected(lines: usize) -> Vec<(String, u64, u64, u64)> {
    let (line, offset) = last_move(lines);
    vec![
        ("pgn100::game_too_large".to_string(), 4, HUGE_LINE as u64, (3 * SMALL.len()) as u64),
        ("pgn100::illegal_move".to_string(), 6, line as u64, offset as u64),
    ]
}

/// A zip archive of a few MB holding a game of 512 MiB, read at
/// the default limit (64 MiB) on one and two threads: the five other games
/// are read, the huge one is an error naming it, and the peak memory stays
/// far below the game's size.
#[test]
fn a_zip_bomb_is_read_within_bounded_memory() {
    let dir = tempfile::tempdir().expect("dir");
    let path = dir.path().join("bomb.zip");
    let lines = 512 * 1024;
    {
        let mut w = zip::ZipWriter::new(std::fs::File::create(&path).expect("create"));
        let options = zip::write::SimpleFileOptions::default()
            .compression_method(zip::CompressionMethod::Deflated)
            .compression_level(Some(1))
            .large_file(true);
        w.start_file("games.pgn", options).expect("member");
        write_games(&mut w, lines).expect("write");
        w.finish().expect("finish");
    }
    let packed = std::fs::metadata(&path).expect("size").len();
    assert!(packed < 8 << 20, "the archive is {packed} bytes");
    let path = path.to_str().expect("path");
    for threads in ["1", "2"] {
        let (o, peak) = measured(&["validate", "--format", "json", "--threads", threads, path], None);
        assert_eq!(o.status.code(), Some(1), "{}", String::from_utf8_lossy(&o.stderr));
        assert_eq!(diagnostics(&o), expected(lines), "{threads} thread(s)");
        assert!(String::from_utf8_lossy(&o.stderr).contains("6 game(s): 4 valid, 2 invalid"));
        // Held whole, the game alone would be 512 MiB (twice that decoded).
        assert!(peak < 200, "{threads} thread(s): peak {peak} MiB");
    }
}

/// A plain huge game piped on standard input (nothing to seek, nothing
/// compressed), with a limit of 4 MiB: the same errors, in memory bounded
/// by the limit, not by the 256 MiB game.
#[test]
fn a_huge_game_on_standard_input_is_streamed_past() {
    let lines = 256 * 1024;
    let feed: Feed = Box::new(move |w| {
        // The child may stop reading early only by failing, which the
        // assertions below report.
        let _ = write_games(&mut std::io::BufWriter::new(w), lines);
    });
    let (o, peak) = measured(&["validate", "--format", "json", "--max-game-size", "4M", "-"], Some(feed));
    assert_eq!(o.status.code(), Some(1), "{}", String::from_utf8_lossy(&o.stderr));
    assert_eq!(diagnostics(&o), expected(lines));
    assert!(peak < 100, "peak {peak} MiB");
}

/// Every command that reads games reports the game over the limit with
/// its file and line (or game), keeps its memory bounded, and reads the
/// games after it: its output is the output of the same file without the
/// huge game (the game numbers after it one higher). A game under the limit
/// is read whole.
#[test]
fn every_command_skips_the_huge_game_and_reads_the_others() {
    let dir = tempfile::tempdir().expect("dir");
    let lines = 24 * 1024;
    let with = dir.path().join("with.pgn");
    write_games(&mut std::io::BufWriter::new(std::fs::File::create(&with).expect("create")), lines).expect("write");
    let text = std::fs::read_to_string(&with).expect("read");
    let huge = text.find("[Event \"huge\"]").expect("huge");
    let after = huge + text.get(huge..).and_then(|t| t.find("} *\n\n")).expect("end") + "} *\n\n".len();
    let without = dir.path().join("without.pgn");
    std::fs::write(&without, [&text[..huge], &text[after..]].concat()).expect("write");
    drop(text);
    let (with, without) = (with.to_str().expect("path"), without.to_str().expect("path"));
    let run = |args: &[&str], file: &str| {
        let args: Vec<&str> = args.iter().copied().chain([file, "--max-game-size", "1M"]).collect();
        let (o, peak) = measured(&args, None);
        assert!(peak < 100, "{args:?}: peak {peak} MiB");
        let text = |b: &[u8]| String::from_utf8_lossy(b).replace(file, "FILE");
        (o.status.code(), text(&o.stdout), text(&o.stderr))
    };
    // convert and annotate: an invalid game, reported as validate does.
    for cmd in ["convert", "annotate"] {
        let (code, out, err) = run(&[cmd], with);
        assert_eq!(code, Some(1), "{cmd}: {err}");
        assert!(err.contains("pgn100::game_too_large") && err.contains(&format!("FILE:{HUGE_LINE}")), "{cmd}: {err}");
        assert_eq!(out, run(&[cmd], without).1, "{cmd}");
    }
    // The others: an error naming the place and the game (exit 1: a game
    // was not read), the same output as without the huge game.
    for args in [
        &["stats", "--format", "json"][..],
        &["filter", "--tag", "Event~."],
        &["filter", "--tag", "Event~.", "--not"],
        &["dedup"],
    ] {
        let (code, out, err) = run(args, with);
        assert_eq!(code, Some(1), "{args:?}: {err}");
        assert!(err.contains(&format!("FILE:{HUGE_LINE}: ")) && err.contains("--max-game-size"), "{args:?}: {err}");
        assert_eq!(out, run(args, without).1, "{args:?}");
    }
    let (code, _, err) = run(&["stats", "--format", "json"], with);
    assert!(
        code == Some(1) && err.contains(&format!("FILE:{HUGE_LINE}: game 4: a game larger than the limit of 1 MiB")),
        "{err}"
    );
    // moves: the rows of the games after the huge one carry numbers one higher.
    let (code, out, err) = run(&["moves", "--format", "csv"], with);
    assert_eq!(code, Some(1), "moves: {err}");
    let renumbered: Vec<String> = run(&["moves", "--format", "csv"], without)
        .1
        .lines()
        .map(|row| {
            let mut cells: Vec<String> = row.split(',').map(str::to_string).collect();
            if let Some(n) = cells.get(1).and_then(|g| g.parse::<usize>().ok()).filter(|&n| n >= 4) {
                cells[1] = (n + 1).to_string();
            }
            cells.join(",")
        })
        .collect();
    assert_eq!(out.lines().collect::<Vec<_>>(), renumbered, "moves");
    assert!(renumbered.iter().any(|r| r.split(',').nth(1) == Some("5")), "moves: the game after the huge one has rows");
    // dedup --report: the copies after the huge game at their lines and numbers.
    let (code, out, err) = run(&["dedup", "--report"], with);
    assert_eq!(code, Some(1), "dedup --report: {err}");
    let last_small = format!("FILE:{} (game 5)", last_move(lines).0 - 6);
    assert!(out.contains("FILE:1 (game 1)") && out.contains(&last_small), "dedup --report: {out}");
    // split: the parts hold the other games.
    let parts = |file: &str, name: &str| {
        let dir = dir.path().join(name);
        let (code, _, err) = run(&["split", "--games", "2", "--dir", dir.to_str().expect("path")], file);
        let mut names: Vec<_> = std::fs::read_dir(&dir).expect("parts").map(|e| e.expect("entry").path()).collect();
        names.sort();
        (code, err, names.iter().map(|p| std::fs::read(p).expect("part")).collect::<Vec<_>>())
    };
    let (code, err, got) = parts(with, "with");
    assert_eq!(code, Some(1), "split: {err}");
    assert_eq!(got, parts(without, "without").2, "split");
    // show: the game after the huge one is game 5; the huge one is refused.
    let (code, out, err) = run(&["show", "--game", "5"], with);
    assert_eq!(code, Some(0), "show: {err}");
    assert_eq!(out, run(&["show", "--game", "4"], without).1);
    let (code, _, err) = run(&["show", "--game", "4"], with);
    assert_eq!(code, Some(2));
    assert!(err.contains("game 4 of FILE") && err.contains("--max-game-size"), "show: {err}");
    // Under the limit the huge game is read whole: six games, one invalid.
    let (o, _) = measured(&["validate", "--format", "json", "--max-game-size", "64M", with], None);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("6 game(s): 5 valid, 1 invalid"), "{err}");
}
