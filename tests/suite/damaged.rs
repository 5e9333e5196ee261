//! Damaged inputs lose no good game (issue 54, items 1 to 4): a zip cut
//! short, a zip member with damaged bytes, a gzip cut short, binary data.
//! Every command reads every game before the damage and every other
//! input, reports the damage with its place and the game it cut as
//! `truncated_game`, exits 1, and writes its `-o` file with every good game.
//! The damaged files are made here from a corpus file, and what can be
//! decoded of them is found with flate2, apart from pgn100's reading.

use std::io::{Read, Write};
use std::path::Path;

use crate::common::pgn100;

const TWIC: &str = "chess/twic_sample_232games_mliebelt.pgn";

fn plain() -> Vec<u8> {
    std::fs::read(crate::common::corpus(TWIC)).expect("corpus file")
}

fn stdout(o: &std::process::Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &std::process::Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// A zip archive of one deflated member `a.pgn`.
fn zip_of(data: &[u8]) -> Vec<u8> {
    let mut w = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    let options = zip::write::SimpleFileOptions::default().compression_method(zip::CompressionMethod::Deflated);
    w.start_file("a.pgn", options).expect("member");
    w.write_all(data).expect("write");
    w.finish().expect("zip").into_inner()
}

/// What a decoder gives before its error (or its end).
fn decoded(mut r: impl Read) -> Vec<u8> {
    let mut out = Vec::new();
    let mut byte = [0u8; 1];
    while let Ok(1) = r.read(&mut byte) {
        out.push(byte[0]);
    }
    out
}

/// The deflated data of the first member of zip archive `zip`, as flate2 decodes it.
fn member_prefix(zip: &[u8]) -> Vec<u8> {
    let le = |at: usize| usize::from(u16::from_le_bytes([zip[at], zip[at + 1]]));
    let data = &zip[30 + le(26) + le(28)..];
    decoded(flate2::read::DeflateDecoder::new(data))
}

/// The games whose text lies whole in `prefix` of `plain` (a game ends
/// where the next one starts), and whether a game is cut there.
fn whole_games(plain: &[u8], prefix: &[u8]) -> usize {
    let same = plain.iter().zip(prefix).take_while(|(a, b)| a == b).count();
    let starts = String::from_utf8_lossy(&plain[..same]).matches("[Event ").count();
    starts.saturating_sub(1)
}

/// The number before " game(s)" in validate's summary.
fn validated_games(out: &str) -> usize {
    let line = out.lines().rfind(|l| l.contains(" game(s)")).unwrap_or_else(|| panic!("{out}"));
    line.split(" game(s)").next().and_then(|l| l.rsplit(' ').next()).and_then(|n| n.parse().ok()).expect("count")
}

fn path(p: &Path) -> &str {
    p.to_str().expect("path")
}

/// Issue 54 item 1: `validate good.pgn cut.zip`, the zip cut at 30,000
/// bytes (before its directory), read every game of good.pgn and the
/// games of the zip before the cut, report the cut with its place, exit
/// 1, with a summary; so do stats, moves, filter, tree, dedup and convert,
/// and so does a directory holding both.
#[test]
fn a_truncated_zip_keeps_its_good_games_and_the_other_inputs() {
    let dir = tempfile::tempdir().expect("temp dir");
    let plain = plain();
    let zip = zip_of(&plain);
    assert!(zip.len() > 40_000, "{}", zip.len());
    let cut = zip.get(..30_000).expect("cut").to_vec();
    let before = whole_games(&plain, &member_prefix(&cut));
    assert!(before > 50 && before < 232, "{before}");
    let both = dir.path().join("both");
    std::fs::create_dir(&both).expect("dir");
    std::fs::write(both.join("good.pgn"), &plain).expect("write");
    std::fs::write(both.join("cut.zip"), &cut).expect("write");
    let (good, cut) = (both.join("good.pgn"), both.join("cut.zip"));
    let good_games = 232 + before;
    for inputs in [vec![path(&good), path(&cut)], vec![path(&both)]] {
        let run = |args: &[&str]| {
            let mut all = args.to_vec();
            all.extend(["--variant", "chess"]);
            all.extend(&inputs);
            let o = pgn100(&all);
            let err = stderr(&o);
            assert_eq!(o.status.code(), Some(1), "{args:?}: {err}");
            assert!(!err.contains("panic"), "{err}");
            assert!(err.contains("cut.zip:a.pgn: zip data is corrupt or truncated"), "{args:?}: {err}");
            assert!(err.contains("at line "), "the place of the damage: {err}");
            assert!(err.contains("2 input(s) damaged or unreadable"), "the summary: {err}");
            o
        };
        let o = run(&["validate", "--format", "json"]);
        // Every good game, and the cut one as truncated_game.
        let err = stderr(&o);
        assert!(err.contains(&format!("{} game(s): {good_games} valid, 1 invalid", good_games + 1)), "{err}");
        let lines: Vec<serde_json::Value> =
            stdout(&o).lines().map(|l| serde_json::from_str(l).expect("JSON")).collect();
        let cut_games: Vec<_> = lines.iter().filter(|d| d["code"] == "pgn100::truncated_game").collect();
        assert_eq!(cut_games.len(), 1, "{lines:?}");
        assert_eq!(cut_games[0]["game"].as_u64(), Some(before as u64 + 1), "numbered in its file");
        let o = run(&["stats", "--format", "json"]);
        let stats: serde_json::Value = serde_json::from_str(&stdout(&o)).expect("JSON");
        assert_eq!(stats["games"].as_u64(), Some(good_games as u64), "{stats}");
        let o = run(&["filter"]);
        assert_eq!(stdout(&o).matches("[Event ").count(), good_games);
        let o = run(&["convert"]);
        assert_eq!(stdout(&o).matches("[Event ").count(), good_games);
        let o = run(&["dedup"]);
        assert!(stderr(&o).contains(&format!("dedup: {good_games} game(s)")), "{}", stderr(&o));
        let o = run(&["tree", "--format", "json"]);
        let tree: serde_json::Value = serde_json::from_str(&stdout(&o)).expect("JSON");
        assert_eq!(tree["games_read"].as_u64(), Some(good_games as u64), "{}", stdout(&o));
        let o = run(&["moves", "--format", "csv"]);
        let games: std::collections::BTreeSet<(String, String)> = stdout(&o)
            .lines()
            .skip(1)
            .map(|l| {
                let cells: Vec<&str> = l.split(',').collect();
                (cells[0].to_string(), cells[1].to_string())
            })
            .collect();
        assert_eq!(games.len(), good_games, "moves: the rows of every good game");
    }
}

/// Issue 54 item 2: eight 0xFF bytes at offset 30,000 of a zipped
/// collection: the games decoded before the damage are read, the cut one
/// is `truncated_game`, then the damage is reported.
#[test]
fn a_zip_member_with_damaged_bytes_keeps_the_games_before_them() {
    let dir = tempfile::tempdir().expect("temp dir");
    let plain = plain();
    let mut zip = zip_of(&plain);
    for b in zip.iter_mut().skip(30_000).take(8) {
        *b = 0xff;
    }
    // But the last piece pgn100 asks of a decoder, which a decoder that
    // meets damage may lose with its error (`compressed::STEP`).
    let mut prefix = member_prefix(&zip);
    prefix.truncate(prefix.len().saturating_sub(pgn100::input::compressed::STEP));
    let before = whole_games(&plain, &prefix);
    assert!(before > 50, "{before}");
    let file = dir.path().join("bad.zip");
    std::fs::write(&file, &zip).expect("write");
    let o = pgn100(&["validate", "--variant", "chess", path(&file)]);
    let (out, err) = (stdout(&o), stderr(&o));
    assert_eq!(o.status.code(), Some(1), "{err}");
    assert!(validated_games(&out) > before, "{before} games before the damage: {out}");
    assert!(out.contains("pgn100::truncated_game"), "{out}");
    assert!(err.contains("bad.zip:a.pgn: zip data is corrupt or truncated"), "{err}");
}

/// Issue 54 items 3 and 4: `-o` writes every good game of a run with a
/// damaged input (convert, stats --per-game, moves), binary data among the
/// inputs too; the game a truncated gzip cuts is `truncated_game`, not a
/// valid game with a `missing_result` warning.
#[test]
fn output_files_hold_every_good_game_and_the_cut_game_is_truncated() {
    let dir = tempfile::tempdir().expect("temp dir");
    let plain = plain();
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    gz.write_all(&plain).expect("gz");
    let gz = gz.finish().expect("gz");
    let cut = gz.get(..gz.len() / 2).expect("half").to_vec();
    let before = whole_games(&plain, &decoded(flate2::read::MultiGzDecoder::new(cut.as_slice())));
    assert!(before > 50 && before < 232, "{before}");
    let (good, cut_gz, binary) = (dir.path().join("good.pgn"), dir.path().join("cut.pgn.gz"), dir.path().join("b.pgn"));
    std::fs::write(&good, &plain).expect("write");
    std::fs::write(&cut_gz, &cut).expect("write");
    std::fs::write(&binary, b"\x7fELF\x02\x01\x01\0\0\0\0\0\0\0\0\0\x03\0>\0").expect("write");
    let out = dir.path().join("out");
    let o_path = path(&out);
    for (args, count) in [
        (vec!["convert", "-o", o_path], "[Event "),
        (vec!["stats", "--per-game", "--format", "csv", "-o", o_path], "\n"),
        (vec!["moves", "--format", "csv", "--game", "1", "-o", o_path], ",1,"),
    ] {
        let _ = std::fs::remove_file(&out);
        let mut all = args.clone();
        all.extend(["--variant", "chess", path(&cut_gz), path(&good)]);
        let o = pgn100(&all);
        assert_eq!(o.status.code(), Some(1), "{args:?}: {}", stderr(&o));
        let written = std::fs::read_to_string(&out).unwrap_or_else(|e| panic!("{args:?}: no file: {e}"));
        let n = written.matches(count).count();
        match args[0] {
            "convert" => assert_eq!(n, 232 + before, "convert"),
            // The header and a row a game.
            "stats" => assert_eq!(n, 1 + 232 + before, "stats"),
            // Game 1 of each file.
            _ => assert!(written.contains("cut.pgn.gz,1,") && written.contains("good.pgn,1,"), "moves"),
        }
    }
    // Binary data is reported; the other input is written.
    let o = pgn100(&["convert", "--variant", "chess", path(&binary), path(&good)]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert!(stderr(&o).contains("binary data"), "{}", stderr(&o));
    assert_eq!(stdout(&o).matches("[Event ").count(), 232);
    // The cut game: truncated_game at its first line, not missing_result.
    let o = pgn100(&["validate", "--variant", "chess", "--format", "json", path(&cut_gz)]);
    let lines: Vec<serde_json::Value> = stdout(&o).lines().map(|l| serde_json::from_str(l).expect("JSON")).collect();
    let last = lines.last().expect("a diagnostic");
    assert_eq!(last["code"], "pgn100::truncated_game", "{last}");
    assert_eq!(last["game"].as_u64(), Some(before as u64 + 1), "{last}");
    assert!(!lines.iter().any(|d| d["code"] == "pgn100::missing_result"), "{lines:?}");
    assert!(stderr(&o).contains(&format!("{} game(s): {before} valid, 1 invalid", before + 1)), "{}", stderr(&o));
}

/// `show` and `split --shards` read through the reading driver (issue 53):
/// a gzip cut short before a good file costs only the games the damage cut,
/// the good file's games are read, the damage is reported, and the exit
/// status is 1. (Before, `show` read the first input only and stopped at
/// its damage; `split --shards` measured its inputs apart from the driver
/// and failed on the damage before reading a game.)
#[test]
fn show_and_split_shards_read_past_a_truncated_gzip() {
    let dir = tempfile::tempdir().expect("temp dir");
    let plain = plain();
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    gz.write_all(&plain).expect("gz");
    let gz = gz.finish().expect("gz");
    let cut = gz.get(..gz.len() / 2).expect("half").to_vec();
    let before = whole_games(&plain, &decoded(flate2::read::MultiGzDecoder::new(cut.as_slice())));
    assert!(before > 50 && before < 232, "{before}");
    let folder = dir.path().join("in");
    std::fs::create_dir(&folder).expect("folder");
    let (cut_gz, good) = (folder.join("a.pgn.gz"), folder.join("b.pgn"));
    std::fs::write(&cut_gz, &cut).expect("write");
    std::fs::write(&good, &plain).expect("write");

    // The folder's games are numbered across its files: the cut one's
    // whole games, the game the damage cut, then the good file's.
    for (in_good, game) in [(1, before + 2), (232, before + 233)] {
        let game = game.to_string();
        let o = pgn100(&["show", "--variant", "chess", path(&folder), "--game", &game]);
        assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
        assert!(stderr(&o).contains("a.pgn.gz: "), "{}", stderr(&o));
        let want = pgn100(&["show", "--variant", "chess", path(&good), "--game", &in_good.to_string()]);
        assert_eq!(want.status.code(), Some(0), "{}", stderr(&want));
        assert!(!stdout(&want).is_empty());
        assert_eq!(stdout(&o), stdout(&want), "game {game} of the folder is game {in_good} of the good file");
    }
    // A game before the damage, from the cut file.
    let o = pgn100(&["show", "--variant", "chess", path(&cut_gz), "--game", "1"]);
    let want = pgn100(&["show", "--variant", "chess", path(&good), "--game", "1"]);
    assert_eq!(stdout(&o), stdout(&want));

    let out = dir.path().join("shards");
    let o = pgn100(&["split", "--shards", "3", "--dir", path(&out), path(&cut_gz), path(&good)]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert!(stderr(&o).contains("a.pgn.gz: "), "{}", stderr(&o));
    let mut shards: Vec<_> = std::fs::read_dir(&out).expect("shards").map(|e| e.expect("entry").path()).collect();
    shards.sort();
    assert!(shards.len() > 1, "{shards:?}");
    let all: Vec<u8> = shards.iter().flat_map(|p| std::fs::read(p).expect("shard")).collect();
    // The good file whole, at the end, after the cut file's games.
    assert!(all.ends_with(&plain), "the good file's games are written byte for byte");
    let starts = String::from_utf8_lossy(&all).matches("[Event ").count();
    assert!(starts >= 232 + before, "{starts} games written, {before} before the damage");
}
