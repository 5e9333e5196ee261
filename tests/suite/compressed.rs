//! Compressed input: every format of a corpus file gives exactly the
//! diagnostics and statistics of the plain file; zip members are read in
//! order under `archive:member`; broken archives are clear errors; memory
//! stays bounded through a decompressor.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::Command;

use crate::common::{pgn100, with_stdin};

fn stdout(o: &std::process::Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn gz(data: &[u8]) -> Vec<u8> {
    let mut e = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    e.write_all(data).expect("gz");
    e.finish().expect("gz")
}

fn bz2(data: &[u8]) -> Vec<u8> {
    let mut e = bzip2::write::BzEncoder::new(Vec::new(), bzip2::Compression::default());
    e.write_all(data).expect("bz2");
    e.finish().expect("bz2")
}

fn xz(data: &[u8]) -> Vec<u8> {
    let mut e = liblzma::write::XzEncoder::new(Vec::new(), 6);
    e.write_all(data).expect("xz");
    e.finish().expect("xz")
}

fn zst(data: &[u8]) -> Vec<u8> {
    zstd::encode_all(data, 3).expect("zst")
}

/// A zip archive of the named members, deflated.
fn zip_of(members: &[(&str, &[u8])]) -> Vec<u8> {
    let mut w = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    let options = zip::write::SimpleFileOptions::default().compression_method(zip::CompressionMethod::Deflated);
    for (name, data) in members {
        w.start_file(*name, options).expect("member");
        w.write_all(data).expect("write");
    }
    w.finish().expect("zip").into_inner()
}

/// The corpus files the formats are checked on: Hundred, Grand, Chess
/// (real files), a Cyrillic file in Windows-1251 and invalid games.
const FILES: [(&str, Option<&str>); 6] = [
    ("valid/cyrillic_long_annotated.pgn", None),
    ("valid/grand_cyrillic.pgn", None),
    ("chess/twic_sample_232games_mliebelt.pgn", Some("chess")),
    ("chess/lichess_db_2013-01_first32_mliebelt.pgn", Some("chess")),
    ("invalid/ambiguous_move.pgn", None),
    ("invalid/no_man.pgn", None),
];

/// validate --format json and stats --format json of `path`, with the file
/// name in the diagnostics replaced by `name`.
fn outputs(path: &Path, variant: Option<&str>) -> (String, String, Option<i32>) {
    let p = path.to_str().expect("path");
    let mut v = vec!["validate", "--format", "json", p];
    let mut s = vec!["stats", "--format", "json", p];
    if let Some(variant) = variant {
        v.extend(["--variant", variant]);
        s.extend(["--variant", variant]);
    }
    let o = pgn100(&v);
    let diags: Vec<String> = stdout(&o)
        .lines()
        .map(|l| {
            let mut d: serde_json::Value = serde_json::from_str(l).expect("JSON");
            d["file"] = serde_json::Value::Null;
            d.to_string()
        })
        .collect();
    (diags.join("\n"), stdout(&pgn100(&s)), o.status.code())
}

#[test]
fn every_format_reads_as_the_plain_file() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut legacy = std::fs::read(crate::common::corpus("valid/cyrillic_long_annotated.pgn")).expect("read");
    legacy = encoding_rs::WINDOWS_1251.encode(&String::from_utf8(legacy).expect("UTF-8")).0.into_owned();
    for (i, (file, variant)) in FILES.iter().enumerate() {
        let plain = std::fs::read(crate::common::corpus(file)).expect("corpus file");
        let mut cases: Vec<(Vec<u8>, PathBuf)> = Vec::new();
        for (data, ext) in [(plain.clone(), "pgn"), (legacy.clone(), "1251.pgn")] {
            if ext == "1251.pgn" && i != 0 {
                continue;
            }
            let base = dir.path().join(format!("{i}.{ext}"));
            std::fs::write(&base, &data).expect("write");
            let expected = outputs(&base, *variant);
            assert!(!expected.1.is_empty(), "{file}");
            for (packed, suffix) in [(gz(&data), "gz"), (bz2(&data), "bz2"), (xz(&data), "xz"), (zst(&data), "zst")] {
                // Named so that nothing but the magic bytes tells the format.
                cases.push((packed, dir.path().join(format!("{i}.{ext}.{suffix}.data"))));
            }
            cases.push((zip_of(&[(&format!("{i}.pgn"), &data)]), dir.path().join(format!("{i}.{ext}.zip"))));
            for (packed, path) in cases.drain(..) {
                std::fs::write(&path, &packed).expect("write");
                assert_eq!(outputs(&path, *variant), expected, "{file} as {}", path.display());
            }
        }
    }
}

#[test]
fn zip_members_are_read_in_order_under_their_names() {
    let dir = tempfile::tempdir().expect("temp dir");
    let bad = std::fs::read(crate::common::corpus("invalid/no_man.pgn")).expect("read");
    let good = std::fs::read(crate::common::corpus("valid/seed002_castling.pgn")).expect("read");
    let archive = dir.path().join("twic.zip");
    std::fs::write(&archive, zip_of(&[("b.pgn", &good), ("twic1500.pgn", &bad), ("readme.bin", b"\0\0")])).expect("w");
    let o = pgn100(&["validate", "--format", "json", archive.to_str().expect("path")]);
    assert_eq!(o.status.code(), Some(1));
    let lines: Vec<serde_json::Value> = stdout(&o).lines().map(|l| serde_json::from_str(l).expect("JSON")).collect();
    let files: Vec<&str> = lines.iter().filter_map(|d| d["file"].as_str()).collect();
    assert!(files.iter().any(|f| f.ends_with("twic.zip:twic1500.pgn")), "{files:?}");
    let no_man = lines.iter().find(|d| d["code"] == "pgn100::no_man").expect("no_man");
    assert_eq!((no_man["line"].as_u64(), no_man["column"].as_u64()), (Some(9), Some(4)));
    // Every file member is read, the binary one reported as binary data.
    assert!(lines
        .iter()
        .any(|d| d["code"] == "pgn100::binary" && d["file"].as_str().is_some_and(|f| f.ends_with(":readme.bin"))));
    // A directory is walked for archives too.
    let o = pgn100(&["stats", "--format", "json", dir.path().to_str().expect("path")]);
    let stats: serde_json::Value = serde_json::from_str(&stdout(&o)).expect("JSON");
    assert_eq!(stats["files"], 3, "{stats}");
}

#[test]
fn broken_archives_are_clear_errors() {
    let dir = tempfile::tempdir().expect("temp dir");
    let plain = std::fs::read(crate::common::corpus("chess/twic_sample_232games_mliebelt.pgn")).expect("read");
    let archive = zip_of(&[("a.pgn", &plain)]);
    let mut broken_zip = archive.clone();
    // Damage the deflated data in the middle of the member.
    for b in broken_zip.iter_mut().skip(archive.len() / 2).take(64) {
        *b ^= 0x5a;
    }
    for (name, data, words) in [
        ("cut.pgn.gz", gz(&plain).get(..5000).expect("cut").to_vec(), "gzip data is corrupt or truncated"),
        ("cut.pgn.bz2", bz2(&plain).get(..5000).expect("cut").to_vec(), "bzip2 data is corrupt or truncated"),
        ("cut.pgn.xz", xz(&plain).get(..5000).expect("cut").to_vec(), "xz data is corrupt or truncated"),
        ("cut.pgn.zst", zst(&plain).get(..5000).expect("cut").to_vec(), "zstd data is corrupt or truncated"),
        ("cut.zip", archive.get(..archive.len() - 30).expect("cut").to_vec(), "zip data is corrupt or truncated"),
        ("broken.zip", broken_zip, "zip data is corrupt or truncated"),
    ] {
        let path = dir.path().join(name);
        std::fs::write(&path, data).expect("write");
        for command in ["validate", "stats", "convert"] {
            let o = pgn100(&[command, "--variant", "chess", path.to_str().expect("path")]);
            let err = String::from_utf8_lossy(&o.stderr);
            // The games before the damage are read: exit 1.
            assert_eq!(o.status.code(), Some(1), "{command} {name}: {err}");
            assert!(err.contains(words) && err.contains(name), "{command} {name}: {err}");
            assert!(!err.contains("panic"), "{err}");
        }
    }
    // Standard input: the stream formats are read, a zip archive is refused clearly.
    let o = with_stdin(&["validate", "--variant", "chess", "-"], &zst(&plain));
    assert!(stdout(&o).contains("232 game(s): 232 valid"), "{}", stdout(&o));
    let o = with_stdin(&["validate", "-"], &archive);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("zip archive is read from a file"));
    // A compressed file is never rewritten in place.
    let path = dir.path().join("x.pgn.gz");
    std::fs::write(&path, gz(&plain)).expect("write");
    let o = pgn100(&["convert", "--in-place", path.to_str().expect("path")]);
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(std::fs::read(&path).expect("read"), gz(&plain));
}

/// A truncated `.gz` is one story in every command: every game up to the
/// damage is read (as many as `zcat | pgn100 validate -` finds in what
/// can be decompressed, but the last, which the damage cuts: validate
/// reports it as `truncated_game`), then the truncation is an error naming
/// the file, and the exit status is 1.
#[test]
fn a_truncated_gz_reads_every_game_up_to_the_damage() {
    use std::io::Read;
    let plain = std::fs::read(crate::common::corpus("chess/twic_sample_232games_mliebelt.pgn")).expect("read");
    let packed = gz(&plain);
    let cut = packed.get(..packed.len() / 2).expect("cut").to_vec();
    // What zcat gives: the bytes decompressed before the error.
    let mut prefix = Vec::new();
    let mut decoder = flate2::read::MultiGzDecoder::new(cut.as_slice());
    let mut buf = [0u8; 4096];
    while let Ok(n @ 1..) = decoder.read(&mut buf) {
        prefix.extend_from_slice(buf.get(..n).expect("read"));
    }
    let o = with_stdin(&["validate", "--variant", "chess", "-"], &prefix);
    let summary = stdout(&o);
    let games: usize = summary
        .lines()
        .last()
        .and_then(|l| l.split(" game(s)").next())
        .and_then(|l| l.rsplit(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("{summary}"));
    assert!(games > 100 && games < 232, "{games}");
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("cut.pgn.gz");
    std::fs::write(&path, &cut).expect("write");
    let path = path.to_str().expect("path");
    for command in ["validate", "stats", "convert", "annotate", "dedup"] {
        let o = pgn100(&[command, "--variant", "chess", path]);
        let (out, err) = (stdout(&o), String::from_utf8_lossy(&o.stderr).into_owned());
        assert_eq!(o.status.code(), Some(1), "{command}: {err}");
        assert!(err.contains("cut.pgn.gz: gzip data is corrupt or truncated"), "{command}: {err}");
        let whole = games - 1;
        let read = match command {
            "validate" => {
                out.lines().last().is_some_and(|l| l.contains(&format!(" {games} game(s): {whole} valid, 1 invalid")))
            }
            "stats" => out.lines().any(|l| l.split_whitespace().collect::<Vec<_>>() == ["games", &whole.to_string()]),
            "dedup" => err.contains(&format!("dedup: {whole} game(s)")),
            _ => out.matches("[Event ").count() == whole,
        };
        assert!(read, "{command}: {games} games\n{}\n{err}", out.lines().last().unwrap_or_default());
    }
}

/// Memory is bounded through the decompressor: a 72 MB file of small games,
/// zstd-compressed and zipped, is read by validate, stats, filter, dedup and
/// split with the data segment limited to 64 MB (as the plain file is in `cli`).
#[cfg(target_os = "linux")]
#[test]
fn a_compressed_file_larger_than_the_memory_limit_streams() {
    let game = "[Event \"x\"]\n[Result \"*\"]\n\n1. e3-e5 e8-e6 2. d3-d5 Кc9-d7 *\n\n[Event \"y\"]\n\n*\n\n";
    let dir = tempfile::tempdir().expect("temp dir");
    let text = game.repeat(72_000_000 / game.len());
    for (name, data) in [("big.pgn.zst", zst(text.as_bytes())), ("big.zip", zip_of(&[("big.pgn", text.as_bytes())]))] {
        let path = dir.path().join(name);
        std::fs::write(&path, data).expect("write");
        let parts = dir.path().join(format!("parts-{name}"));
        let split = format!("split --games 400000 --dir {}", parts.display());
        // dedup exits 1: the file is the same two games over and over.
        for (command, code) in
            [("validate", 0), ("stats", 0), ("filter --result '*'", 0), ("dedup", 1), (split.as_str(), 0)]
        {
            let o = Command::new("sh")
                .arg("-c")
                .arg(format!("ulimit -d 65536 && exec \"$0\" {command} \"$1\" > /dev/null"))
                .arg(env!("CARGO_BIN_EXE_pgn100"))
                .arg(&path)
                .env("MALLOC_ARENA_MAX", "1")
                .output()
                .expect("sh runs");
            assert_eq!(o.status.code(), Some(code), "{command} {name}: {}", String::from_utf8_lossy(&o.stderr));
        }
    }
}

/// TWIC-like bundles: zip archives inside a zip archive are read, their
/// members in their place under `outer.zip:inner.zip:game.pgn`; an inner
/// archive that is corrupt is a clear error naming it while every other
/// member is read; nesting deeper than three archives is refused clearly.
#[test]
fn zips_inside_zips_are_read() {
    let dir = tempfile::tempdir().expect("temp dir");
    let twic = std::fs::read(crate::common::corpus("chess/twic_sample_232games_mliebelt.pgn")).expect("read");
    let bad = std::fs::read(crate::common::corpus("invalid/no_man.pgn")).expect("read");
    let text = String::from_utf8_lossy(&twic).into_owned();
    let cut = text.match_indices("[Event ").map(|(i, _)| i).nth(100).expect("100 games");
    let (first, second) = twic.split_at(cut);
    let plain = dir.path().join("all.pgn");
    std::fs::write(&plain, &twic).expect("write");
    let games = |o: &std::process::Output| {
        let s = stdout(o);
        let line = s.lines().find(|l| l.contains(" game(s)"))?;
        line.split(" game(s)").next()?.rsplit(' ').next()?.parse::<usize>().ok()
    };
    let expected = games(&pgn100(&["validate", "--variant", "chess", plain.to_str().expect("path")]));
    assert_eq!(expected, Some(232));

    let inner = zip_of(&[("twic1.pgn", first), ("twic2.pgn", second)]);
    let deeper = zip_of(&[("bad.pgn", &bad)]);
    let middle = zip_of(&[("deeper.zip", &deeper)]);
    let mut broken = zip_of(&[("x.pgn", first)]);
    let cut_at = broken.len() - 30;
    broken.truncate(cut_at);
    let outer = dir.path().join("outer.zip");
    std::fs::write(&outer, zip_of(&[("inner.zip", &inner), ("broken.zip", &broken), ("middle.zip", &middle)]))
        .expect("write");
    let path = outer.to_str().expect("path");
    let o = pgn100(&["validate", "--variant", "chess", path]);
    let err = String::from_utf8_lossy(&o.stderr).into_owned();
    assert_eq!(o.status.code(), Some(1), "{err}");
    assert!(!err.contains("panic"), "{err}");
    assert!(err.contains("outer.zip:broken.zip: zip data is corrupt or truncated"), "{err}");
    // Every game of the inner archive and the one three archives deep.
    assert_eq!(games(&o).map(|n| n - 1), expected, "{}", stdout(&o));
    let o = pgn100(&["validate", "--variant", "hundred", "--format", "json", path]);
    let lines: Vec<serde_json::Value> = stdout(&o).lines().map(|l| serde_json::from_str(l).expect("JSON")).collect();
    let no_man = lines.iter().find(|d| d["code"] == "pgn100::no_man").expect("no_man");
    assert!(
        no_man["file"].as_str().is_some_and(|f| f.ends_with("outer.zip:middle.zip:deeper.zip:bad.pgn")),
        "{no_man}"
    );
    let stats: serde_json::Value =
        serde_json::from_str(&stdout(&pgn100(&["stats", "--variant", "chess", "--format", "json", path])))
            .expect("JSON");
    assert_eq!(stats["games"], 233, "{stats}");
    // filter writes back every game it reads, the inner archives' included.
    let o = pgn100(&["filter", "--variant", "chess", path]);
    assert_eq!(stdout(&o).matches("[Event ").count(), 233);

    // A fourth archive (b.zip is `middle`, deeper.zip in it) is not opened.
    let too_deep = dir.path().join("deep.zip");
    std::fs::write(&too_deep, zip_of(&[("a.zip", &zip_of(&[("b.zip", &middle)])), ("ok.pgn", &bad)])).expect("write");
    let o = pgn100(&["validate", too_deep.to_str().expect("path")]);
    let err = String::from_utf8_lossy(&o.stderr).into_owned();
    assert!(
        err.contains("deep.zip:a.zip:b.zip:deeper.zip: zip archives nested more than 3 deep are not read"),
        "{err}"
    );
    assert!(stdout(&o).contains("1 game(s)"), "{}", stdout(&o));
}

/// `show` reads a compressed file as the other commands do (it said
/// "binary data" of a `.pgn.gz`): the same diagram as of the plain file.
#[test]
fn show_reads_a_compressed_file() {
    let dir = tempfile::tempdir().expect("temp dir");
    let plain = std::fs::read(crate::common::corpus("valid/seed002_castling.pgn")).expect("corpus file");
    let (p, z) = (dir.path().join("g.pgn"), dir.path().join("g.pgn.gz"));
    std::fs::write(&p, &plain).expect("write");
    std::fs::write(&z, gz(&plain)).expect("write");
    let show = |path: &Path| pgn100(&["show", path.to_str().expect("path"), "--ply", "3"]);
    let (want, got) = (show(&p), show(&z));
    assert!(want.status.success() && got.status.success(), "{}", String::from_utf8_lossy(&got.stderr));
    assert!(stdout(&want).contains("FEN "), "{}", stdout(&want));
    assert_eq!(stdout(&got), stdout(&want));
}
