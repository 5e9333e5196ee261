//! Legacy encodings told apart on real files, offsets in file bytes, binary
//! input, and input text shown escaped. The oracle games written in
//! Cyrillic long and every Cyrillic file of the corpus, re-encoded in
//! Windows-1251, KOI8-R and CP866, with and without Russian words around
//! them, are detected right and give the diagnostics of the UTF-8 file.

use encoding_rs::{Encoding, IBM866, KOI8_R, UTF_8, WINDOWS_1251, WINDOWS_1252};
use pgn100::commands::{validate_bytes, FileReport};
use pgn100::diag::{Code, Severity};
use pgn100::notation::decode::decode;
use pgn100::notation::decode::Charset;
use pgn100::notation::{Letters, Style};
use pgn100::replay::Options;

use crate::common::{corpus, pgn100, read_jsonl};
use crate::oracle_notation::written;

const LEGACY: [&Encoding; 3] = [WINDOWS_1251, KOI8_R, IBM866];

/// Each diagnostic as code, line:column and message, the encoding note aside.
fn found(r: &FileReport) -> Vec<String> {
    r.diagnostics
        .iter()
        .filter(|d| d.code != Code::Encoding)
        .map(|d| {
            let (line, col) = r.source.line_col(d.span.start);
            format!("{} {line}:{col} {}", d.code, d.message)
        })
        .collect()
}

fn encode(enc: &'static Encoding, text: &str) -> Vec<u8> {
    let (bytes, _, unmappable) = enc.encode(text);
    let missing: String = text.chars().filter(|c| enc.encode(&c.to_string()).2).collect();
    assert!(!unmappable, "{} cannot write {missing:?}", enc.name());
    bytes.into_owned()
}

/// Russian words around the games: an Event tag and a comment.
fn with_words(text: &str) -> String {
    text.replace("[Event \"", "[Event \"Чемпионат города, ").replace("\n\n1. ", "\n\n{хороший ход} 1. ")
}

/// `text` in each legacy encoding (with and without words) is detected as
/// that encoding and gives the diagnostics of the UTF-8 text, and an
/// encoding note.
fn same_in_every_encoding(label: &str, text: &str) {
    // The legacy code pages have no `×`: files in them mark mate with `#`.
    let text = text.replace('×', "#");
    for text in [text.clone(), with_words(&text)] {
        let expected = found(&validate_bytes("utf8", text.as_bytes(), None, Options::default()));
        for enc in LEGACY {
            let bytes = encode(enc, &text);
            let decoded = decode(&bytes, None);
            assert_eq!(
                decoded.encoding,
                Charset::from(enc),
                "{label} read as {} in place of {}",
                decoded.encoding.name(),
                enc.name()
            );
            assert_eq!(decoded.text, text, "{label} {}", enc.name());
            let r = validate_bytes("legacy", &bytes, None, Options::default());
            assert_eq!(found(&r), expected, "{label} in {}", enc.name());
            let note = r.diagnostics.first().expect("the encoding note");
            assert_eq!((note.code, note.severity), (Code::Encoding, Severity::Note), "{label}");
            assert!(note.message.contains(enc.name()), "{label}: {}", note.message);
        }
    }
}

fn oracle_games() -> Vec<String> {
    read_jsonl("oracle/games_hundred_sample.jsonl")
        .iter()
        .map(|g| written(g, Letters::Cyrillic, Style::Long).replace('×', "#") + "\n")
        .collect()
}

/// The 500 oracle games, each alone (piece letters only: the usual export)
/// and all in one file.
#[test]
fn oracle_games_in_cyrillic_long_are_detected_in_every_encoding() {
    let games = oracle_games();
    assert_eq!(games.len(), 500);
    for (i, game) in games.iter().enumerate() {
        for text in [game.clone(), with_words(game)] {
            for enc in LEGACY {
                let d = decode(&encode(enc, &text), None);
                assert_eq!(
                    d.encoding,
                    Charset::from(enc),
                    "oracle game {i} read as {} in place of {}",
                    d.encoding.name(),
                    enc.name()
                );
            }
        }
    }
    let all = games.concat();
    let r = validate_bytes("utf8", all.as_bytes(), None, Options { strict: true, ..Options::default() });
    assert_eq!((r.games, r.invalid, r.diagnostics.len()), (500, 0, 0));
    same_in_every_encoding("the oracle games", &all);
}

#[test]
fn cyrillic_corpus_files_are_detected_in_every_encoding() {
    let mut seen = 0;
    for dir in ["valid", "invalid"] {
        let mut paths: Vec<_> =
            std::fs::read_dir(corpus(dir)).expect("corpus").map(|e| e.expect("entry").path()).collect();
        paths.sort();
        for path in paths.iter().filter(|p| p.extension().is_some_and(|e| e == "pgn")) {
            let Ok(text) = std::fs::read_to_string(path) else { continue };
            if !text.chars().any(|c| ('А'..='я').contains(&c)) {
                continue;
            }
            // Typed look-alikes (a non-breaking hyphen, a minus sign) have no
            // byte in the legacy code pages: such a file only exists in UTF-8.
            if text.replace('×', "#").chars().any(|c| LEGACY.iter().any(|enc| enc.encode(&c.to_string()).2)) {
                continue;
            }
            same_in_every_encoding(&path.display().to_string(), &text);
            seen += 1;
        }
    }
    // 6 valid files, 11 invalid ones (corrupted games: each error on its line).
    assert!(seen >= 17, "{seen} files");
}

/// When the piece letters are few and the words many, another encoding can
/// read almost as well: the note names it and how to force either.
#[test]
fn a_close_call_names_the_runner_up() {
    // Bytes E2 EE E4 E0: "вода" in Windows-1251, "тюфр" in CP866.
    let bytes = b"[Event \"\xe2\xee\xe4\xe0\"]\n\n1. e3-e5 *\n";
    let r = validate_bytes("close", bytes, None, Options::default());
    let note = r.diagnostics.first().expect("a note");
    assert_eq!(note.code, Code::Encoding);
    assert_eq!(note.message, "the file is not UTF-8; read as windows-1251, though IBM866 reads almost as well");
    let help = note.help.as_deref().unwrap_or_default();
    assert!(help.contains("--encoding ibm866"), "{help}");
    // Forced, the file reads as named, with no note.
    let r = validate_bytes("close", bytes, Some(Charset::IBM866), Options::default());
    assert!(r.diagnostics.is_empty(), "{:?}", r.diagnostics);
    assert!(r.source.text.contains("тюфр"));
    // With the piece letters of one game it is no close call.
    let game = "[Event \"вода\"]\n\n1. Кc2-d4 Кc9-d7 *\n";
    let r = validate_bytes("clear", &encode(WINDOWS_1251, game), None, Options::default());
    assert!(!r.diagnostics[0].message.contains("almost"), "{}", r.diagnostics[0].message);
}

/// JSON offsets and lengths count bytes of the file: in Windows-1251, in
/// UTF-8 with a BOM, with lone CRs, with an undecodable byte before.
#[test]
fn json_offsets_are_file_bytes() {
    let text = std::fs::read_to_string(corpus("invalid/ambiguous_move.pgn")).expect("corpus");
    let files: Vec<(&str, Vec<u8>, Vec<u8>)> = vec![
        ("windows-1251", encode(WINDOWS_1251, &text), encode(WINDOWS_1251, "Лe1")),
        ("koi8-r with lone CRs", encode(KOI8_R, &text.replace('\n', "\r")), encode(KOI8_R, "Лe1")),
        ("utf-8 with a BOM", format!("\u{feff}{text}").into_bytes(), "Лe1".as_bytes().to_vec()),
        ("utf-8, a byte lost", [&b"{\xff\xfe}\n"[..], text.as_bytes()].concat(), "Лe1".as_bytes().to_vec()),
    ];
    for (label, bytes, token) in files {
        let r = validate_bytes("x", &bytes, None, Options::default());
        let d = r.diagnostics.iter().find(|d| d.code == Code::AmbiguousMove).expect("the ambiguous move");
        let json = d.json(&r.source);
        assert_eq!(bytes.get(json.offset..json.offset + json.length), Some(token.as_slice()), "{label}: {json:?}");
    }
}

/// The byte offset of the issue: a Windows-1251 file whose diagnostic is
/// at byte 279 (306 in the decoded text).
#[test]
fn json_offset_of_a_windows_1251_file_is_not_that_of_the_text() {
    let text = with_words(&std::fs::read_to_string(corpus("invalid/wrong_man.pgn")).expect("corpus"));
    let bytes = encode(WINDOWS_1251, &text);
    let r = validate_bytes("x", &bytes, None, Options::default());
    let d = r.diagnostics.iter().find(|d| d.code == Code::WrongMan).expect("wrong man");
    let json = d.json(&r.source);
    assert_ne!(json.offset, d.span.start, "the text has two bytes a letter, the file one");
    assert_eq!(
        bytes.get(json.offset..json.offset + json.length),
        Some(encode(WINDOWS_1251, &text[d.span.clone()]).as_slice())
    );
    assert_eq!(decode(&bytes, None).encoding, Charset::WINDOWS_1251);
    assert_ne!(WINDOWS_1251, UTF_8);
}

/// A comment with an escape sequence is shown escaped: it cannot clear the
/// screen, and the underline stays under the token.
#[test]
fn control_characters_are_rendered_escaped() {
    let text = "[Event \"x\"]\n\n1. e3-e5 {\u{1b}[2J\u{1b}[31m} e8-e6 2. Лe1 *\n";
    let r = validate_bytes("x", text.as_bytes(), None, Options::default());
    let d = r.diagnostics.first().expect("a diagnostic");
    let out = d.render(&r.source, false);
    assert!(!out.contains('\u{1b}'), "{out:?}");
    assert!(out.contains("{\\x1b[2J\\x1b[31m}"), "{out}");
    assert!(out.contains("[x:3:31]"), "{out}");
    let line = out.lines().find(|l| l.contains("Лe1")).expect("the line");
    let under = out.lines().skip_while(|l| !l.contains("Лe1")).nth(1).expect("the underline");
    let col = |s: &str, pat: char| s.chars().position(|c| c == pat).expect("found");
    assert_eq!(col(line, 'Л'), col(under, '─'), "{out}");
}

#[test]
fn binary_data_is_no_game_file() {
    let r =
        validate_bytes("x", &std::fs::read(corpus("invalid/binary.pgn")).expect("corpus"), None, Options::default());
    assert_eq!((r.games, r.diagnostics.len()), (0, 1));
    assert_eq!(r.diagnostics[0].code, Code::Binary);
    let out = r.diagnostics[0].render(&r.source, false);
    assert!(!out.chars().any(|c| c.is_control() && c != '\n'), "{out:?}");
    // An ELF header, UTF-16 without its BOM: binary. With its BOM: text.
    let r = validate_bytes("x", b"\x7fELF\x02\x01\x01\0\0\0", None, Options::default());
    assert_eq!(r.diagnostics.iter().map(|d| d.code).collect::<Vec<_>>(), [Code::Binary]);
    let game = "[Event \"x\"]\n\n1. e3-e5 *\n";
    let utf16: Vec<u8> = game.encode_utf16().flat_map(u16::to_le_bytes).collect();
    assert_eq!(validate_bytes("x", &utf16, None, Options::default()).diagnostics[0].code, Code::Binary);
    let with_bom: Vec<u8> = format!("\u{feff}{game}").encode_utf16().flat_map(u16::to_le_bytes).collect();
    let r = validate_bytes("x", &with_bom, None, Options::default());
    assert_eq!((r.games, r.invalid), (1, 0), "{:?}", r.diagnostics);
}

/// The binary: binary input is one `binary` error (exit 1) for validate and
/// reported by the other commands (exit 1); an undecodable byte makes its
/// game invalid; the encoding note is counted as a note (exit 0).
#[test]
fn binary_input_and_encoding_counts_from_the_command_line() {
    let o = pgn100(&["validate", "corpus/invalid/binary.pgn"]);
    let out = String::from_utf8_lossy(&o.stdout);
    assert_eq!(o.status.code(), Some(1), "{out}");
    assert!(
        out.contains("0 game(s): no games found; 0 valid, 0 invalid; 1 error(s), 0 warning(s) (pgn100::binary: 1)"),
        "{out}"
    );
    assert!(!o.stdout.iter().any(|&b| b < 0x20 && b != b'\n'), "raw control bytes: {out:?}");
    for command in ["stats", "convert", "annotate"] {
        let o = pgn100(&[command, "corpus/invalid/binary.pgn"]);
        // Reported, and the other inputs read: exit 1 (2 is for no input opened at all).
        assert_eq!(o.status.code(), Some(1), "{command}");
        assert!(String::from_utf8_lossy(&o.stderr).contains("not a game file"), "{command}");
    }
    // A byte no encoding reads, in a comment: a warning; the moves decide,
    // and the game is valid, in validate and in stats.
    let o = pgn100(&["validate", "corpus/invalid/undecodable.pgn"]);
    let out = String::from_utf8_lossy(&o.stdout);
    assert_eq!(o.status.code(), Some(0), "{out}");
    assert!(out.contains("1 game(s): 1 valid, 0 invalid; 0 error(s), 1 warning(s) (pgn100::undecodable: 1)"), "{out}");
    let o = pgn100(&["stats", "--per-game", "--format", "csv", "corpus/invalid/undecodable.pgn"]);
    let out = String::from_utf8_lossy(&o.stdout);
    let mut rows = csv::Reader::from_reader(out.as_bytes());
    let header = rows.headers().expect("header").clone();
    let row = rows.records().next().expect("one row").expect("csv");
    let column = |name: &str| row.get(header.iter().position(|h| h == name).expect(name)).unwrap_or("");
    assert_eq!(column("valid"), "true", "{out}");
    // Among the moves, the byte is no token: the game is invalid.
    let o = pgn100(&["validate", "corpus/invalid/undecodable.moves.pgn"]);
    let out = String::from_utf8_lossy(&o.stdout);
    assert_eq!(o.status.code(), Some(1), "{out}");
    assert!(out.contains("1 game(s): 0 valid, 1 invalid; 1 error(s), 1 warning(s)"), "{out}");
    let o = pgn100(&["validate", "corpus/invalid/encoding.pgn"]);
    let out = String::from_utf8_lossy(&o.stdout);
    assert_eq!(o.status.code(), Some(0), "{out}");
    assert!(out.contains("1 valid, 0 invalid; 0 error(s), 0 warning(s), 1 note(s) (pgn100::encoding: 1)"), "{out}");
    let o = pgn100(&["validate", "--format", "json", "corpus/invalid/encoding.pgn"]);
    let note: serde_json::Value = serde_json::from_slice(&o.stdout).expect("JSON");
    assert_eq!(note["severity"], "note");
}

/// The streaming command reads in blocks and pieces: JSON offsets are bytes
/// of the file there too, far into a Windows-1251 file with lone CRs.
#[test]
fn streamed_json_offsets_are_file_bytes() {
    let games = oracle_games();
    let bad = std::fs::read_to_string(corpus("invalid/wrong_man.pgn")).expect("corpus");
    let text = (games.concat() + "\n" + &with_words(&bad)).replace('\n', "\r");
    let bytes = encode(WINDOWS_1251, &text);
    assert!(bytes.len() > 3 * pgn100::input::batch::CHUNK, "several pieces");
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("games.pgn");
    std::fs::write(&path, &bytes).expect("written");
    let o = pgn100(&["validate", "--format", "json", path.to_str().expect("path")]);
    let lines: Vec<serde_json::Value> =
        String::from_utf8_lossy(&o.stdout).lines().map(|l| serde_json::from_str(l).expect("JSON")).collect();
    let d = lines.iter().find(|d| d["code"] == "pgn100::wrong_man").expect("the wrong man");
    let (offset, length) =
        (d["offset"].as_u64().expect("offset") as usize, d["length"].as_u64().expect("length") as usize);
    let r = validate_bytes("x", &encode(WINDOWS_1251, &bad), None, Options::default());
    let token =
        &r.source.text[r.diagnostics.iter().find(|d| d.code == Code::WrongMan).expect("wrong man").span.clone()];
    assert_eq!(bytes.get(offset..offset + length), Some(encode(WINDOWS_1251, token).as_slice()), "{d}");
}

/// `decode_vec` gives `decode`'s text and facts for any bytes, taking the
/// bytes as the text (none come back) exactly when they are ASCII, or UTF-8
/// with at most one byte in 64 beyond ASCII read as UTF-8, that reads
/// as it is: not binary, no lone CR, no UTF-16 named. `plain_text`
/// borrows exactly the UTF-8 texts that `decode` leaves as they are.
#[test]
fn decode_vec_and_plain_text_take_text_as_it_is_and_agree_with_decode() {
    use encoding_rs::UTF_16LE;
    let latin = "[Event \"x\"]\n\n1. e2-e4 e7-e5 *\n".as_bytes().to_vec();
    let cyrillic = "[Event \"Турнир\"]\n\n1. Кc2-d4 *\n".as_bytes().to_vec();
    // One accented name among many Latin games: 2 bytes beyond ASCII in
    // far more than 128; and a text just over the limit (2 in 127).
    let almost = ["[White \"Müller\"]\n\n".to_string(), "1. e2-e4 e7-e5 *\n".repeat(20)].concat().into_bytes();
    let over = ["é".to_string(), "x".repeat(125)].concat().into_bytes();
    let cases: Vec<(&str, Vec<u8>, Option<&'static Encoding>, bool)> = vec![
        ("ASCII", latin.clone(), None, true),
        ("ASCII, UTF-8 named", latin.clone(), Some(UTF_8), true),
        ("ASCII, Windows-1251 named", latin.clone(), Some(WINDOWS_1251), true),
        ("ASCII, CRLF", b"1. e2-e4 *\r\n\r\n".to_vec(), None, true),
        ("ASCII, lone CR", b"[Event \"x\"]\r\r1. e2-e4 *\r".to_vec(), None, false),
        ("ASCII, UTF-16 named", latin.clone(), Some(UTF_16LE), false),
        ("binary", b"1. e2-e4 \x01\x02\x03\x04 *\0".to_vec(), None, false),
        ("binary, UTF-8 named", b"1. e2-e4\0 *".to_vec(), Some(UTF_8), true),
        ("Cyrillic UTF-8", cyrillic.clone(), None, false),
        ("Cyrillic Windows-1251", encode(WINDOWS_1251, std::str::from_utf8(&cyrillic).expect("UTF-8")), None, false),
        ("empty", Vec::new(), None, true),
        ("ASCII, ISO-2022-JP named", b"1. e4 \x1b$B0!\x1b(B e5 *\n".to_vec(), Some(encoding_rs::ISO_2022_JP), false),
        ("ASCII, replacement named", latin.clone(), Some(encoding_rs::REPLACEMENT), false),
        ("UTF-16 BOM", b"\xFF\xFE1\x00.\x00 \x00e\x004\x00".to_vec(), None, false),
        ("UTF-8 BOM", b"\xEF\xBB\xBF1. e2-e4 *\n".to_vec(), None, false),
        ("invalid UTF-8", b"1. e2-e4 {\xFF} *\n".to_vec(), Some(UTF_8), false),
        ("almost ASCII UTF-8", almost.clone(), None, true),
        ("almost ASCII UTF-8, UTF-8 named", almost.clone(), Some(UTF_8), true),
        ("almost ASCII UTF-8, Windows-1252 named", almost.clone(), Some(WINDOWS_1252), false),
        ("almost ASCII UTF-8, lone CR", [almost.as_slice(), b"\r1. e4 *"].concat(), None, false),
        ("almost ASCII Windows-1252", encode(WINDOWS_1252, std::str::from_utf8(&almost).expect("UTF-8")), None, false),
        ("UTF-8, over one byte in 64 beyond ASCII", over.clone(), None, false),
    ];
    for (label, bytes, forced, taken) in cases {
        let forced = forced.map(Charset::from);
        let want = decode(&bytes, forced);
        let (got, raw) = pgn100::notation::decode::decode_vec(bytes.clone(), forced);
        assert_eq!(got.text, want.text, "{label}");
        assert_eq!(
            (got.encoding, got.guessed, got.had_errors, got.runner_up, got.binary),
            (want.encoding, want.guessed, want.had_errors, want.runner_up, want.binary),
            "{label}"
        );
        assert_eq!(raw.is_none(), taken, "{label}: taken as it is");
        if forced.is_none() {
            let plain = pgn100::notation::decode::plain_text(&bytes);
            assert!(plain.is_none_or(|t| t == want.text), "{label}: plain text is the decoded text");
            let utf8 = want.encoding == Charset::UTF_8 && !want.had_errors && want.binary.is_none();
            let lone_cr = bytes.iter().enumerate().any(|(i, &b)| b == b'\r' && bytes.get(i + 1) != Some(&b'\n'));
            assert_eq!(plain.is_some(), utf8 && !lone_cr, "{label}: read as it is");
        }
        match raw {
            None => assert_eq!(got.text.as_bytes(), bytes.as_slice(), "{label}: the text is the bytes"),
            Some(raw) => assert_eq!(raw, bytes, "{label}: the bytes come back"),
        }
    }
}

/// A diagnostic as its game, line, column, and code with message.
type Found = (Option<usize>, usize, usize, String);

/// What `validate` streams of `bytes` (on 2 threads): every diagnostic as
/// game, line, column, code and message, the encoding notes apart; and
/// the games and invalid ones counted.
fn streamed(bytes: &[u8]) -> (Vec<Found>, Vec<String>, (usize, usize)) {
    let pool = rayon::ThreadPoolBuilder::new().num_threads(2).build().expect("pool");
    let (mut found, mut notes) = (Vec::new(), Vec::new());
    let count = pgn100::commands::validate_stream("x", bytes, None, Options::default(), &pool, |d, source| {
        let (line, col) = source.line_col(d.span.start);
        if d.code == Code::Encoding {
            let under = source.text.get(d.span.clone()).unwrap_or_default();
            notes.push(format!("{line}:{col} {under:?} {}", d.message));
        } else {
            found.push((d.game, line, col, format!("{} {}", d.code, d.message)));
        }
        Ok(())
    })
    .expect("a byte slice reads");
    (found, notes, (count.games, count.invalid))
}

/// [`streamed`]'s reading of `bytes` by `validate_bytes` (the library's
/// validation of a text held whole), with each diagnostic's file offset
/// checked: the bytes there are the diagnostic's text, encoded as its part
/// of the file is.
fn whole(bytes: &[u8]) -> (Vec<Found>, Vec<String>, (usize, usize)) {
    let r = validate_bytes("x", bytes, None, Options::default());
    let (mut found, mut notes) = (Vec::new(), Vec::new());
    for d in &r.diagnostics {
        let (line, col) = r.source.line_col(d.span.start);
        let under = r.source.text.get(d.span.clone()).unwrap_or_default();
        let at = r.source.file_offset(d.span.start);
        let in_file = [UTF_8, WINDOWS_1251].iter().any(|e| bytes[at..].starts_with(&encode(e, under)));
        assert!(in_file, "{under:?} at byte {at}");
        if d.code == Code::Encoding {
            notes.push(format!("{line}:{col} {under:?} {}", d.message));
        } else {
            found.push((d.game, line, col, format!("{} {}", d.code, d.message)));
        }
    }
    (found, notes, (r.games, r.invalid))
}

/// The line and column (counted in characters, from 1) of the first
/// character beyond ASCII of `text`.
fn first_beyond_ascii(text: &str) -> (usize, usize) {
    let at = text.find(|c: char| !c.is_ascii()).expect("a letter beyond ASCII");
    let before = &text[..at];
    let line_start = before.rfind('\n').map_or(0, |n| n + 1);
    (before.matches('\n').count() + 1, before[line_start..].chars().count() + 1)
}

/// A collection in UTF-8 and one in Windows-1251 joined byte for byte, as
/// concatenated downloads are (no blank line between them), in both
/// orders: every game reads as it reads alone (the same text, the same
/// diagnostics at the same places), and a note says where the encoding
/// changes, at the first letter of the part that decided it; in blocks of
/// every size, so that the change falls inside a block and at its edge.
#[test]
fn a_file_in_two_encodings_reads_each_game_in_its_own() {
    let read = |path: &str| std::fs::read_to_string(corpus(path)).expect("corpus");
    let games = oracle_games();
    let utf8_text: String = [
        read("valid/grand_cyrillic.pgn"),
        read("valid/throne_pawn_spellings.pgn"),
        games[..150].concat(),
        read("invalid/ambiguous_move.pgn"),
    ]
    .concat();
    let legacy_text = std::fs::read(corpus("invalid/encoding.pgn")).expect("corpus");
    let legacy_text = decode(&legacy_text, Some(Charset::WINDOWS_1251)).text
        + &with_words(&(games[150..300].concat() + &read("invalid/wrong_man.pgn")));
    let utf8 = utf8_text.clone().into_bytes();
    let legacy = encode(WINDOWS_1251, &legacy_text);
    let (utf8_alone, legacy_alone) = (streamed(&utf8), streamed(&legacy));
    assert!(utf8_alone.1.is_empty() && legacy_alone.1.len() == 1, "{:?} {:?}", utf8_alone.1, legacy_alone.1);
    for (first, second) in [(&utf8_alone, &legacy_alone), (&legacy_alone, &utf8_alone)] {
        assert!(!first.0.is_empty() && !second.0.is_empty(), "diagnostics to compare");
    }
    let parts = [("UTF-8", &utf8_text, &utf8, &utf8_alone), ("windows-1251", &legacy_text, &legacy, &legacy_alone)];
    for order in [[0, 1], [1, 0]] {
        let [(name1, text1, bytes1, alone1), (name2, text2, bytes2, alone2)] = order.map(|i| parts[i]);
        assert!(text1.ends_with("*\n") && text2.starts_with("[Event"), "joined with no blank line");
        let joined = [bytes1.as_slice(), bytes2.as_slice()].concat();
        let (found, notes, count) = streamed(&joined);
        // Each game as alone: the second part's games and lines after the first's.
        let lines = text1.matches('\n').count();
        let mut expected = alone1.0.clone();
        expected.extend(
            alone2
                .0
                .iter()
                .map(|(game, line, col, what)| (game.map(|g| g + alone1.2 .0), line + lines, *col, what.clone())),
        );
        assert_eq!(found, expected, "{name1} then {name2}");
        assert_eq!(count, (alone1.2 .0 + alone2.2 .0, alone1.2 .1 + alone2.2 .1), "{name1} then {name2}");
        // The notes: the first part's, if any, then the change.
        let (line, col) = first_beyond_ascii(text2);
        let under = text2.chars().find(|c| !c.is_ascii()).expect("a letter");
        let mut want = alone1.1.clone();
        want.push(format!(
            "{}:{col} \"{under}\" the encoding changes: read as {name2} from this game on ({name1} before)",
            line + lines
        ));
        assert_eq!(notes, want, "{name1} then {name2}");
        // The library's validation of the text held whole reads it alike.
        assert_eq!(whole(&joined), (found, notes, count), "validate_bytes: {name1} then {name2}");
        // The text, in blocks of every size.
        for block in [1000, 5000, pgn100::input::batch::BLOCK] {
            let mut blocks = pgn100::input::batch::Blocks::new(joined.as_slice(), None, block);
            let text: String = blocks.by_ref().map(|b| b.expect("read")).collect();
            assert!(text == format!("{text1}{text2}"), "{name1} then {name2}, blocks of {block}");
        }
    }
    // From the command line: every game, and the note.
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("joined.pgn");
    std::fs::write(&path, [utf8.as_slice(), legacy.as_slice()].concat()).expect("written");
    let o = pgn100(&["validate", path.to_str().expect("path")]);
    let out = String::from_utf8_lossy(&o.stdout);
    let games = utf8_alone.2 .0 + legacy_alone.2 .0;
    let invalid = utf8_alone.2 .1 + legacy_alone.2 .1;
    assert!(out.contains(&format!("{games} game(s): {} valid, {invalid} invalid", games - invalid)), "{out}");
    assert!(out.contains("the encoding changes: read as windows-1251 from this game on (UTF-8 before)"), "{out}");
}

/// The note points at the first letter beyond ASCII, which decided the
/// encoding, not at the first line of the file (or of its block): far
/// into a file of Latin games, in the file read whole, streamed, and on
/// the command line.
#[test]
fn the_encoding_note_points_at_the_letter_that_decided() {
    let latin = std::fs::read_to_string(corpus("valid/latin_short_annotated.pgn")).expect("corpus");
    let cyrillic = "[Event \"Турнир\"]\n\n1. Кc2-d4 Кc9-d7 *\n";
    let text = latin.repeat(2000) + "\n" + cyrillic;
    let bytes = encode(WINDOWS_1251, &text);
    let (line, col) = first_beyond_ascii(&text);
    assert!(line > 20_000 && bytes.len() > 2 * pgn100::input::batch::BLOCK / 16, "{line}");
    let r = validate_bytes("x", &bytes, None, Options::default());
    let note = r.diagnostics.first().expect("the note");
    assert_eq!((note.code, r.source.line_col(note.span.start)), (Code::Encoding, (line, col)));
    assert_eq!(r.source.text.get(note.span.clone()), Some("Т"));
    let (_, notes, _) = streamed(&bytes);
    assert_eq!(notes, [format!("{line}:{col} \"Т\" the file is not UTF-8; read as windows-1251")]);
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("late.pgn");
    std::fs::write(&path, &bytes).expect("written");
    let o = pgn100(&["validate", "--format", "json", path.to_str().expect("path")]);
    let note: serde_json::Value = serde_json::from_slice(&o.stdout).expect("JSON");
    let offset = note["offset"].as_u64().expect("offset") as usize;
    assert_eq!(bytes.get(offset..offset + 1), Some(encode(WINDOWS_1251, "Т").as_slice()), "{note}");
}
