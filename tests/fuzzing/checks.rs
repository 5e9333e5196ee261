//! The checks of the fuzz targets (fuzz/fuzz_targets), one function per
//! target, shared with tests/suite/fuzz_regressions.rs, which runs them on every
//! input kept under tests/fuzzing/<target>/ (the crashes the fuzzers found
//! and a seed of each kind). A check panics when a property fails.
#![allow(dead_code)]

use pgn100::commands::stats::stats_text;
use pgn100::commands::{
    annotate_source, convert_source, validate_bytes, AnnotateOptions, ConvertOptions, FilesChoice, LettersChoice,
    StyleChoice,
};
use pgn100::diag::SourceFile;
use pgn100::input::batch::{chunks, Blocks};
use pgn100::input::compressed::{decompress, open_zip_member, sniff_file, zip_members, Compression};
use pgn100::notation::decode::decode;
use pgn100::notation::pgn::write_game;
use pgn100::notation::{Item, Letters, Reader, Style};
use pgn100::replay::{replay, Options};
use pgn100::rules::dice::turns::turn_text;
use pgn100::rules::dice::{Dice, DicePosition, Turn, FACES};
use pgn100::rules::{Color, Game, Move, Position, Role, Termination, Variant};

fn is_blank(s: &str) -> bool {
    s.chars().all(|c| c.is_whitespace() || c == '\u{feff}')
}

/// Text between items: blank, or escape lines that start with `%`.
fn is_between(s: &str) -> bool {
    s.split('\n').all(|line| {
        let t = line.trim_start_matches(|c: char| c.is_whitespace() || c == '\u{feff}');
        t.is_empty() || t.starts_with('%')
    })
}

/// The reader on arbitrary bytes: decoding never fails, every item lies
/// inside the text on character boundaries and in order, every token inside
/// its game, and nothing is skipped silently — the text between items is
/// white space or `%` escape lines, the text between a game's tokens white
/// space.
pub fn read(data: &[u8]) {
    let decoded = decode(data, None);
    let text = decoded.text.as_str();
    let mut last = 0;
    for item in Reader::new(text) {
        let span = item.span();
        assert!(last <= span.start && span.start <= span.end && span.end <= text.len(), "{span:?} after {last}");
        assert!(text.is_char_boundary(span.start) && text.is_char_boundary(span.end));
        assert!(is_between(&text[last..span.start]), "skipped {:?}", &text[last..span.start]);
        match &item {
            Item::Game(g) | Item::Broken(g, _) => {
                let mut at = span.start;
                let mut spans: Vec<_> = g.tags.iter().map(|t| t.span.clone()).collect();
                spans.extend(g.tokens.iter().map(|t| t.span.clone()));
                for s in &spans {
                    assert!(at <= s.start && s.start < s.end && s.end <= span.end, "{s:?} in {span:?}");
                    assert!(text.is_char_boundary(s.start) && text.is_char_boundary(s.end));
                    if matches!(item, Item::Game(_)) {
                        assert!(is_blank(&text[at..s.start]), "lost {:?}", &text[at..s.start]);
                    }
                    at = s.end;
                }
                if let Item::Game(_) = item {
                    assert_eq!(at, span.end, "a game ends with its last token");
                }
                if let Item::Broken(_, e) = &item {
                    assert!(span.start <= e.span.start && e.span.start <= e.span.end && e.span.end <= span.end);
                }
                for t in &g.tags {
                    assert!(t.span.start < t.value_span.start && t.value_span.end < t.span.end);
                }
            }
            Item::Stray(_) => assert!(!is_blank(&text[span.clone()])),
        }
        last = span.end;
    }
    assert!(is_between(&text[last..]), "skipped at the end {:?}", &text[last..]);
}

fn pieces_read(text: &str, pieces: &[(usize, &str)]) {
    let whole: Vec<Item> = Reader::new(text).collect();
    let parts: Vec<Item> =
        pieces.iter().flat_map(|&(at, piece)| Reader::new(piece).map(move |item| item.shifted(at))).collect();
    assert_eq!(whole, parts);
}

/// Reading a text in pieces gives what reading it whole gives: the pieces
/// that `batch::chunks` and `batch::Blocks` cut (at any size) hold whole
/// items, so parallel validate, convert and stats see the games the
/// sequential reader sees.
pub fn split(data: &[u8]) {
    let Some((&size, rest)) = data.split_first() else {
        return;
    };
    // The text as decoding gives it (a lone CR is a line end).
    let text = decode(rest, Some(pgn100::notation::decode::Charset::UTF_8)).text;
    let target = 1 + usize::from(size % 64);
    let ranges = chunks(&text, target);
    let pieces: Vec<(usize, &str)> = ranges.iter().map(|r| (r.start, &text[r.clone()])).collect();
    assert_eq!(pieces.iter().map(|p| p.1).collect::<String>(), text);
    pieces_read(&text, &pieces);

    let blocks: Vec<String> = Blocks::new(text.as_bytes(), Some(pgn100::notation::decode::Charset::UTF_8), target)
        .map(|b| b.expect("reading a slice cannot fail"))
        .collect();
    assert_eq!(blocks.concat(), text);
    let mut at = 0;
    let pieces: Vec<(usize, &str)> = blocks
        .iter()
        .map(|b| {
            at += b.len();
            (at - b.len(), b.as_str())
        })
        .collect();
    pieces_read(&text, &pieces);
}

/// The line and column of a rendered diagnostic's first source header.
fn header(rendered: &str) -> Option<(usize, usize)> {
    let inner = rendered.split_once("[fuzz.pgn:")?.1.split_once(']')?.0;
    let (line, column) = inner.split_once(':')?;
    Some((line.parse().ok()?, column.parse().ok()?))
}

/// Every command's library path on arbitrary bytes: validate (plain and
/// strict), rendering every diagnostic, convert with everything kept (which
/// must give the text back), annotate and stats. Counts agree and every
/// diagnostic points inside the text.
pub fn validate(data: &[u8]) {
    let strict = data.first().is_some_and(|b| b & 1 == 1);
    let options = Options { strict, ..Options::default() };
    let report = validate_bytes("fuzz.pgn", data, None, options);
    let source = &report.source;
    assert!(report.invalid <= report.games);
    for d in &report.diagnostics {
        assert!(d.span.start <= d.span.end && d.span.end <= source.text.len(), "{d:?}");
        assert!(source.text.is_char_boundary(d.span.start) && source.text.is_char_boundary(d.span.end));
        // The rendered header `[fuzz.pgn:LINE:COLUMN]` says what the JSON says.
        let rendered = d.render(source, false);
        let json = d.json(source);
        if let Some(at) = header(&rendered) {
            assert_eq!(at, (json.line, json.column), "{rendered}");
        }
    }
    // Binary data: one diagnostic, no text to convert.
    if report.diagnostics.first().is_some_and(|d| d.code == pgn100::diag::Code::Binary) {
        assert_eq!((report.games, report.diagnostics.len()), (0, 1));
        return;
    }
    let kept = convert_source(source, &ConvertOptions { replay: options, ..ConvertOptions::default() });
    assert_eq!(kept.games, report.games);
    assert_eq!(kept.invalid, report.invalid);
    // Convert writes the look-alikes the replay warned of (book commas,
    // Cyrillic files, ...) in their right form, and nothing else: without
    // them the text comes back byte for byte, with them a second pass
    // changes nothing.
    use pgn100::diag::Code;
    let lookalikes = report.diagnostics.iter().any(|d| matches!(d.code, Code::Lookalike | Code::BookPunctuation));
    if lookalikes {
        let options = ConvertOptions { replay: options, ..ConvertOptions::default() };
        let again = convert_source(&SourceFile::new("fuzz.pgn", kept.text.clone()), &options);
        assert_eq!(again.text, kept.text, "convert with everything kept, twice");
        assert_eq!((again.games, again.invalid), (kept.games, kept.invalid));
    } else {
        assert_eq!(kept.text, *source.text, "convert with everything kept changes nothing");
    }
    let annotated = annotate_source(source, &AnnotateOptions::default());
    assert_eq!(annotated.games, report.games);
    let (rows, total) = stats_text("fuzz.pgn", &source.text, options);
    assert_eq!(rows.len(), report.games);
    assert_eq!(total.games as usize, report.games);
}

/// Per game: whether it validates, and its main line.
fn games(text: &str) -> Vec<(bool, Vec<Move>)> {
    let mut out = Vec::new();
    for item in Reader::new(text) {
        match item {
            Item::Game(record) => {
                let report = replay(&record, out.len(), Options::default());
                out.push((report.is_valid(), report.mainline.iter().map(|p| p.mv).collect()));
            }
            Item::Broken(..) => out.push((false, Vec::new())),
            Item::Stray(_) => {}
        }
    }
    out
}

fn convert_text(text: &str, letters: LettersChoice, style: StyleChoice) -> String {
    convert_with(text, ConvertOptions { letters, style, ..ConvertOptions::default() })
}

fn convert_with(text: &str, options: ConvertOptions) -> String {
    convert_source(&SourceFile::new("fuzz.pgn", text.to_string()), &options).text
}

/// Conversion loses nothing: for any text, every game that validates still
/// validates after conversion to any letters and style, with the same main
/// line; converting back gives the first conversion again; games that do
/// not validate are copied unchanged.
pub fn convert(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    let before = games(&text);
    for letters in [LettersChoice::Latin, LettersChoice::Cyrillic] {
        for style in [StyleChoice::Short, StyleChoice::Long] {
            let once = convert_text(&text, letters, style);
            let after = games(&once);
            assert_eq!(before.len(), after.len(), "{once}");
            for (b, a) in before.iter().zip(&after) {
                if b.0 {
                    assert_eq!(b, a, "{once}");
                }
            }
            let (back_letters, back_style) = match (letters, style) {
                (LettersChoice::Latin, StyleChoice::Short) => (LettersChoice::Cyrillic, StyleChoice::Long),
                (LettersChoice::Cyrillic, StyleChoice::Long) => (LettersChoice::Latin, StyleChoice::Short),
                (l, StyleChoice::Short) => (l, StyleChoice::Long),
                (l, _) => (l, StyleChoice::Short),
            };
            let there = convert_text(&once, back_letters, back_style);
            assert_eq!(
                convert_text(&there, letters, style),
                once,
                "round trip through {back_letters:?} {back_style:?}"
            );
        }
    }
    // The tenth file lettered `k`, then `j` again: the same games, and the
    // second conversion is stable.
    for files in [FilesChoice::AK, FilesChoice::AJ] {
        let options = ConvertOptions { files, style: StyleChoice::Long, ..ConvertOptions::default() };
        let once = convert_with(&text, options);
        let after = games(&once);
        assert_eq!(before.len(), after.len(), "{once}");
        for (b, a) in before.iter().zip(&after) {
            if b.0 {
                assert_eq!(b, a, "{once}");
            }
        }
        assert_eq!(convert_with(&once, options), once, "{files:?} twice");
    }
}

fn round_trip(pos: &Position) {
    let fen = pos.fen();
    let back = Position::from_fen(&fen, pos.variant()).unwrap_or_else(|e| panic!("own FEN {fen:?}: {e}"));
    // Exact: the castling field carries every right (docs/notation.md, "FEN").
    assert_eq!(back.fen(), fen);
    assert_eq!(&back, pos, "{fen}");
    assert_eq!(back.hash(), pos.hash(), "{fen}");
}

/// FEN and moves on arbitrary positions: a FEN that reads writes back to a
/// FEN that reads to the same FEN; every legal move, written in each letter
/// set and style in a game from that position, reads and replays to the
/// same move; the positions after every legal move round-trip too.
pub fn fen(data: &[u8]) {
    let Some((&which, rest)) = data.split_first() else {
        return;
    };
    // Modulo 6, in the order of `Variant::ALL`: Hundred, Grand, Chess,
    // Chess960, Dice, Royal (the first four as the first campaign's bytes).
    let variant = Variant::ALL[usize::from(which) % Variant::ALL.len()];
    let Ok(fen) = std::str::from_utf8(rest) else {
        return;
    };
    if variant == Variant::Dice {
        return dice_fen(fen);
    }
    let Ok(pos) = Position::from_fen(fen, variant) else {
        return;
    };
    round_trip(&pos);
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    assert_eq!(moves.len() as u64, pos.count_legal());
    assert_eq!(!moves.is_empty(), pos.has_legal_move());
    let tags = [("Variant", variant.name().to_string()), ("SetUp", "1".to_string()), ("FEN", pos.fen())];
    for &m in &moves {
        let mut after = pos.clone();
        after.play_unchecked(m);
        round_trip(&after);
        let result = match Game::new(after.clone()).termination() {
            Some(
                Termination::Checkmate { winner: Color::White } | Termination::LosingPosition { winner: Color::White },
            ) => "1-0",
            Some(
                Termination::Checkmate { winner: Color::Black } | Termination::LosingPosition { winner: Color::Black },
            ) => "0-1",
            Some(Termination::KingCaptured { winner: Color::White }) => "1-0",
            Some(Termination::KingCaptured { winner: Color::Black }) => "0-1",
            Some(Termination::Stalemate | Termination::FivefoldRepetition | Termination::SeventyFiveMoves) => "1/2-1/2",
            None => "*",
        };
        for letters in [Letters::Cyrillic, Letters::Latin] {
            for style in [Style::Long, Style::Short] {
                let text = write_game(&tags, &pos, &[m], letters, style, result);
                let items: Vec<Item> = Reader::new(&text).collect();
                let [Item::Game(record)] = items.as_slice() else { panic!("one game expected: {text}") };
                let report = replay(record, 0, Options { strict: true, ..Options::default() });
                assert!(report.diagnostics.is_empty(), "{:?}\n{text}", report.diagnostics);
                assert_eq!(report.mainline.iter().map(|p| p.mv).collect::<Vec<_>>(), vec![m], "{text}");
            }
        }
    }
}

/// Dice chess's FEN (its en passant field lists every open square): a FEN
/// that reads writes a FEN that reads to the same position and hash; the
/// moves of each die's man, played, give positions whose FEN reads back,
/// and at the next turn's start the same position,
/// each moved by a man of that die (the king for a castling).
fn dice_fen(fen: &str) {
    let Ok(pos) = DicePosition::from_fen(fen) else {
        return;
    };
    // `whole`: at a turn's start, where the FEN is the whole state; within
    // a turn the squares its double steps open for the next turn are not
    // written, and only the FEN itself must read back.
    let round = |p: &DicePosition, whole: bool| {
        let fen = p.fen_with_ep();
        let back = DicePosition::from_fen(&fen).unwrap_or_else(|e| panic!("own FEN {fen:?}: {e}"));
        assert_eq!(back.fen_with_ep(), fen);
        if whole {
            assert_eq!(&back, p, "{fen}");
            assert_eq!(back.hash(), p.hash(), "{fen}");
        }
    };
    round(&pos, true);
    if pos.king_taken().is_some() {
        return;
    }
    let mut moves = Vec::new();
    for role in FACES {
        for castle in [false, true] {
            moves.clear();
            pos.moves_of(role, castle, &mut moves);
            assert_eq!(pos.can_move(role, castle), !moves.is_empty());
            for &m in &moves {
                assert_eq!(pos.mover(m), Some(if m.is_castle() { Role::King } else { role }), "{m:?} {fen}");
                let mut after = pos.clone();
                after.play(m);
                round(&after, false);
                after.end_turn();
                round(&after, true);
            }
        }
    }
}

// ---------------------------------------------------------------------
// Compressed input.

/// What reading an input gives, as every command reads it (the inputs
/// `expand` finds, each opened and cut into blocks): per input, its blocks
/// and the error that ended it, if one did; or the error of `expand`.
type Outcome = Result<Vec<(Vec<String>, Option<String>)>, String>;

fn read_input(bytes: &[u8], block: usize) -> Outcome {
    use std::io::Write;
    let mut file = tempfile::NamedTempFile::new().expect("a temporary file");
    file.write_all(bytes).expect("write the temporary file");
    file.flush().expect("flush");
    // The inputs of the file as the command line's `expand` lists them,
    // opened as `Input::open` opens them (src/cli/input.rs).
    let path = file.path();
    let kind = sniff_file(path).map_err(|e| e.to_string())?;
    let mut opened: Vec<std::io::Result<Box<dyn std::io::Read + Send>>> = Vec::new();
    if kind == Compression::Zip {
        for entry in zip_members(path).map_err(|e| e.to_string())? {
            opened.push(match entry.error {
                Some(why) => Err(std::io::Error::new(std::io::ErrorKind::InvalidData, why)),
                None => open_zip_member(path, &entry.indexes, Box::new(|_| {})),
            });
        }
    } else {
        opened.push(std::fs::File::open(path).and_then(decompress).map(|(_, r)| r));
    }
    let mut out = Vec::new();
    for input in opened {
        let mut blocks = Vec::new();
        let mut error = None;
        match input {
            Ok(reader) => {
                for b in Blocks::new(reader, Some(pgn100::notation::decode::Charset::UTF_8), block) {
                    match b {
                        Ok(text) => blocks.push(text),
                        Err(e) => {
                            error = Some(e.to_string());
                            break;
                        }
                    }
                }
            }
            Err(e) => error = Some(e.to_string()),
        }
        out.push((blocks, error));
    }
    Ok(out)
}

fn zip_of(name: &str, data: &[u8], deflate: bool) -> Vec<u8> {
    use std::io::Write;
    let mut w = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    let method = if deflate { zip::CompressionMethod::Deflated } else { zip::CompressionMethod::Stored };
    let options = zip::write::SimpleFileOptions::default().compression_method(method);
    w.start_file(name, options).expect("zip member");
    w.write_all(data).expect("zip write");
    w.finish().expect("zip finish").into_inner()
}

/// The archive kinds of the `compressed` target, by its first byte.
fn archive(kind: u8, text: &[u8]) -> Vec<u8> {
    use std::io::Write;
    match kind % 8 {
        0 => {
            let mut e = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
            e.write_all(text).expect("gzip");
            e.finish().expect("gzip")
        }
        1 => {
            let mut e = bzip2::write::BzEncoder::new(Vec::new(), bzip2::Compression::fast());
            e.write_all(text).expect("bzip2");
            e.finish().expect("bzip2")
        }
        2 => {
            let mut e = liblzma::write::XzEncoder::new(Vec::new(), 0);
            e.write_all(text).expect("xz");
            e.finish().expect("xz")
        }
        3 => {
            // With the frame's checksum, so that damage is always seen.
            let mut e = zstd::stream::write::Encoder::new(Vec::new(), 1).expect("zstd");
            e.include_checksum(true).expect("zstd checksum");
            e.write_all(text).expect("zstd");
            e.finish().expect("zstd")
        }
        4 => zip_of("games.pgn", text, true),
        5 => zip_of("games.pgn", text, false),
        // Nested three deep (read), then four deep (one error, not read).
        6 => zip_of("a.zip", &zip_of("b.zip", &zip_of("games.pgn", text, true), false), true),
        _ => zip_of("a.zip", &zip_of("b.zip", &zip_of("c.zip", &zip_of("games.pgn", text, true), true), true), true),
    }
}

/// The items of blocks read one after the other (cut between games).
fn items_of(blocks: &[String]) -> Vec<Item> {
    Reader::new(&blocks.concat()).collect()
}

/// Compressed input: a text packed as gzip, bzip2, xz, zstd, zip (stored or
/// deflated) or zip inside zip inside zip reads, through the inputs and
/// blocks every command reads, exactly as the plain text; four deep is one
/// error naming the limit. Damaged archives never panic: a truncated one
/// ends with an error (never a silent end), after blocks whose games are
/// the first games of the plain text, but the cut one (which may read as
/// other items); a
/// corrupt one (one byte changed) gives an error or the plain text (every
/// format here checks its data).
///
/// Input: a byte for the kind (low three bits) and the damage (none,
/// truncated, one byte changed), two for where the damage is, one for the
/// changed byte's mask and the block size, then the text.
pub fn compressed(data: &[u8]) {
    let Some((&[how, at0, at1, mask], text)) = data.split_first_chunk::<4>() else {
        return;
    };
    let block = 16 + usize::from(mask % 64) * 4;
    let plain = read_input(text, block).expect("a plain file is an input");
    let packed = archive(how, text);
    let damage = (how >> 3) % 3;
    let at = usize::from(u16::from_le_bytes([at0, at1])) % packed.len().max(1);
    let damaged = match damage {
        0 => packed.clone(),
        1 => packed.get(..at).unwrap_or_default().to_vec(),
        _ => {
            let mut d = packed.clone();
            if let Some(b) = d.get_mut(at) {
                *b ^= mask | 1;
            }
            d
        }
    };
    let read = read_input(&damaged, block);
    if Compression::sniff(damaged.get(..Compression::MAGIC).unwrap_or(&damaged)) == Compression::Plain {
        // Damage that leaves no archive is text of its own: no panic is all.
        return;
    }
    let errors = |o: &Outcome| match o {
        Err(_) => 1,
        Ok(inputs) => inputs.iter().filter(|i| i.1.is_some()).count(),
    };
    if damage == 0 {
        if how % 8 == 7 {
            let inputs = read.expect("an archive nested four deep is listed");
            assert_eq!(inputs.len(), 1);
            assert!(inputs[0].0.is_empty());
            assert!(inputs[0].1.as_deref().is_some_and(|e| e.contains("nested")), "{inputs:?}");
        } else {
            assert_eq!(read, Ok(plain), "kind {}", how % 8);
        }
        return;
    }
    let [(plain_blocks, None)] = plain.as_slice() else {
        // Binary text: the damaged archive's own errors are all there is to see.
        return;
    };
    if damage == 1 {
        assert!(errors(&read) > 0, "a truncated archive read without an error: {read:?}");
        // Every input read before the damage: the games of the plain text
        // that end before it (the next one too: the cut one may read as
        // other items) are the first games read.
        let whole = items_of(plain_blocks);
        for (blocks, _) in read.iter().flatten() {
            let items = items_of(blocks);
            // The text read, but its end: a character cut in two, or a CR
            // whose LF was cut off (decoding makes a lone CR a line end).
            let read = blocks.concat();
            let read = read.trim_end_matches(['\u{fffd}', '\n']);
            assert!(plain_blocks.concat().starts_with(read));
            let before = whole.windows(2).take_while(|w| w[1].span().end <= read.len()).count();
            assert_eq!(items.get(..before), whole.get(..before), "the games before the damage");
        }
    } else if errors(&read) == 0 {
        // Changed but read without an error: the text must be the plain
        // one (a zip member whose changed name makes it a directory is no
        // input: no games, no error).
        for input in read.iter().flatten() {
            assert_eq!(&input.0, plain_blocks, "a corrupt archive read as other text");
        }
    }
}

// ---------------------------------------------------------------------
// The corpus tools: split, filter, dedup.

/// `split`, `filter` and `dedup` on a text cut in chunks as the parallel
/// driver cuts it: the parts of `split` joined are the text, and each part
/// reads alone as its games read in the whole; `filter` and `filter --not`
/// share out the games, and `filter --valid` keeps exactly the games that
/// replay without error; `dedup` keeps one game of each key, games
/// converted to other letters and style have the keys they had, and the
/// games of one key have the same variant, start and main line.
///
/// Input: a byte for the chunk size and a criterion, then the text.
pub fn tools(data: &[u8]) {
    use pgn100::commands::dedup::{key_chunk, Place, Seen};
    use pgn100::commands::filter::{filter_chunk, Criteria, TagTest};
    use pgn100::commands::split::{split_chunk, Mode};
    let Some((&how, rest)) = data.split_first() else {
        return;
    };
    let text = String::from_utf8_lossy(rest);
    let text = text.as_ref();
    let options = Options::default();
    let ranges = chunks(text, 1 + usize::from(how % 16) * 8);

    // split (by games, and by a tag): the CLI's pieces, the text before a
    // chunk's first game going with it.
    let mode = if how & 16 == 0 { Mode::Games(2) } else { Mode::ByTag("White".to_string()) };
    let mut pieces: Vec<(usize, &str)> = Vec::new();
    let mut count = 0;
    for r in &ranges {
        let chunk = &text[r.clone()];
        let (prefix, parts) = split_chunk(chunk, &mode, options);
        count += parts.len();
        let mut at = 0;
        for (i, p) in parts.iter().enumerate() {
            assert_eq!(p.range.start, if i == 0 { prefix } else { at });
            let start = if i == 0 { 0 } else { p.range.start };
            pieces.push((r.start + start, &chunk[start..p.range.end]));
            at = p.range.end;
            if let Mode::ByTag(name) = &mode {
                let record = Reader::new(&chunk[p.range.clone()]).find_map(|item| match item {
                    Item::Game(g) | Item::Broken(g, _) => Some(g),
                    Item::Stray(_) => None,
                });
                let value = record.as_ref().and_then(|g| g.tag(name)).unwrap_or_default();
                assert_eq!(p.value, value, "the value a game is split by");
            }
        }
        if parts.is_empty() {
            pieces.push((r.start, chunk));
        } else {
            assert_eq!(at, chunk.len(), "the last game takes the chunk's end");
        }
    }
    assert_eq!(pieces.iter().map(|p| p.1).collect::<String>(), text, "split then join");
    pieces_read(text, &pieces);

    // filter: a criterion and its --not share out the games.
    let criteria = match (how >> 5) % 4 {
        0 => Criteria { valid: Some(true), ..Criteria::default() },
        1 => Criteria {
            tags: vec![TagTest::parse("White~^[A-ZА-Я]", true).expect("a regex")],
            fold: true,
            ..Criteria::default()
        },
        2 => Criteria { results: vec!["1-0".to_string(), "½-½".to_string()], ..Criteria::default() },
        _ => Criteria { plies: Some((2, 40)), variant: Some(Variant::Hundred), ..Criteria::default() },
    };
    let not = Criteria { not: true, ..criteria.clone() };
    let (mut kept, mut dropped, mut counted) = (Vec::new(), Vec::new(), 0);
    for r in &ranges {
        let chunk = &text[r.clone()];
        let a = filter_chunk(chunk, &criteria, options);
        let b = filter_chunk(chunk, &not, options);
        assert_eq!(a.games, b.games);
        counted += a.games;
        kept.extend(a.matched.iter().map(|m| m.start + r.start..m.end + r.start));
        dropped.extend(b.matched.iter().map(|m| m.start + r.start..m.end + r.start));
    }
    assert_eq!(counted, count, "filter and split count the same games");
    assert_eq!(kept.len() + dropped.len(), count);
    let mut all: Vec<_> = kept.iter().chain(&dropped).map(|r| (r.start, r.end)).collect();
    all.sort_unstable();
    all.dedup();
    assert_eq!(all.len(), count, "a game both kept and dropped");
    if criteria.valid == Some(true) {
        // The games that replay without error, read each alone.
        for r in kept.iter().chain(&dropped) {
            let alone = games(&text[r.clone()]);
            assert_eq!(alone.len(), 1, "{:?}", &text[r.clone()]);
            assert_eq!(alone[0].0, kept.contains(r), "{:?}", &text[r.clone()]);
        }
    }

    // dedup: one game of each key kept.
    let keyed: Vec<(Option<u128>, std::ops::Range<usize>)> = ranges
        .iter()
        .flat_map(|r| key_chunk(&text[r.clone()], options).1.into_iter().map(|k| (k.key, k.range)).collect::<Vec<_>>())
        .collect();
    assert_eq!(keyed.len(), count);
    let mut seen = Seen::new(true);
    let mut first = std::collections::HashSet::new();
    for (n, (key, _)) in keyed.iter().enumerate() {
        let place = Place { input: 0, line: n as u64, game: n as u64 };
        assert_eq!(seen.add(*key, place), key.is_none_or(|k| first.insert(k)));
    }
    assert_eq!(seen.games as usize, count);
    assert_eq!(seen.duplicates as usize + first.len() + seen.uncompared as usize, count);
    // Games of one key: the same variant, start and main line.
    let before: Vec<Option<u128>> = key_chunk(text, options).1.into_iter().map(|k| k.key).collect();
    let mut idents = Vec::new();
    for item in Reader::new(text) {
        match item {
            Item::Game(record) => {
                let report = replay(&record, idents.len(), options);
                let start = report.start.as_ref().map(|p| p.hash());
                idents.push((report.variant, start, report.mainline.iter().map(|p| p.mv).collect::<Vec<_>>()));
            }
            Item::Broken(..) => idents.push((None, None, Vec::new())),
            Item::Stray(_) => {}
        }
    }
    assert_eq!(before.len(), idents.len());
    let mut by_key = std::collections::HashMap::new();
    for (key, ident) in before.iter().zip(&idents) {
        if let Some(key) = key {
            assert_eq!(*by_key.entry(*key).or_insert(ident), ident, "two games of one key");
        }
    }
    // Converted to other letters and style, the valid games keep their keys.
    let converted = convert_text(text, LettersChoice::Latin, StyleChoice::Short);
    let after: Vec<Option<u128>> = key_chunk(&converted, options).1.into_iter().map(|k| k.key).collect();
    assert_eq!(before.len(), after.len());
    for (b, a) in before.iter().zip(&after) {
        if b.is_some() {
            assert_eq!(b, a, "{converted}");
        }
    }
}

// ---------------------------------------------------------------------
// Dice chess turns.

/// Every sequence of moves of `roll` from `pos` that ends (no die left, no
/// die that can be spent, or the king taken), with the dice left and the
/// position at its end: the brute force the `turns` list is checked by.
fn sequences(pos: &DicePosition, turn: &Turn, out: &mut Vec<(Turn, DicePosition)>) {
    if !turn.can_go_on(pos) {
        out.push((turn.clone(), pos.clone()));
        return;
    }
    let mut moves = Vec::new();
    for role in turn.left.roles() {
        moves.clear();
        pos.moves_of(role, role == Role::King && turn.left.has(Role::Rook), &mut moves);
        for &m in &moves {
            let (mut next, mut t) = (pos.clone(), turn.clone());
            t.play(&mut next, m).unwrap_or_else(|e| panic!("{m:?} of {role:?} from {}: {e:?}", pos.fen_with_ep()));
            sequences(&next, &t, out);
        }
    }
}

/// `turns` on a Dice chess position and roll: the list (`legal_turns`)
/// holds each turn once; the dice a maximal turn spends (`turns --count`)
/// are what the maximum-moves search finds; and the list is exactly the
/// sequences of the roll that the rule a replay applies (`check_turn`)
/// accepts — found here by brute force, move by move.
///
/// Input: three bytes for the roll (faces modulo 6), then a FEN, or bytes
/// choosing moves from the set-up (one move of any man a byte, a turn
/// ending on an odd byte).
pub fn turns(data: &[u8]) {
    use pgn100::rules::dice::turns::{check_turn, legal_turns, most_dice, most_dice_counted};
    let Some((&[a, b, c], rest)) = data.split_first_chunk::<3>() else {
        return;
    };
    let roll = [a, b, c].map(|f| FACES[usize::from(f % 6)]);
    let pos = match std::str::from_utf8(rest).ok().and_then(|f| DicePosition::from_fen(f).ok()) {
        Some(p) => p,
        None => {
            let mut p = DicePosition::start();
            let mut moves = Vec::new();
            for &byte in rest.iter().take(60) {
                if p.king_taken().is_some() {
                    break;
                }
                moves.clear();
                for role in FACES {
                    p.moves_of(role, role == Role::King, &mut moves);
                }
                if let Some(&m) = moves.get(usize::from(byte) % moves.len().max(1)) {
                    p.play(m);
                }
                if byte & 1 == 1 || moves.is_empty() {
                    p.end_turn();
                }
            }
            p
        }
    };
    let list = legal_turns(&pos, roll);
    if pos.king_taken().is_some() {
        assert!(list.turns.is_empty());
        return;
    }
    let texts = list.texts();
    let mut unique = texts.clone();
    unique.dedup();
    assert_eq!(unique.len(), texts.len(), "a turn listed twice");
    let fen = pos.fen_with_ep();
    assert_eq!(most_dice(&pos, Dice::of(&roll), 3).0, list.max, "{fen} {roll:?}");
    assert_eq!(most_dice_counted(&pos, Dice::of(&roll)).0, list.max, "{fen} {roll:?}");
    let mut ended = Vec::new();
    sequences(&pos, &Turn::new(roll), &mut ended);
    let mut accepted: Vec<String> = ended
        .iter()
        .filter(|(t, end)| check_turn(&pos, roll, &t.moves, t.left, end).is_ok())
        .map(|(t, _)| turn_text(&t.moves))
        .collect();
    accepted.sort_unstable();
    assert_eq!(accepted, texts, "{fen} {roll:?}");
    for (t, end) in &ended {
        if end.king_taken().is_none() {
            assert!(t.spent() <= list.max);
        }
    }
}

// ---------------------------------------------------------------------
// Pages.

fn parses_as_xml(page: &str, what: &str) {
    let options = roxmltree::ParsingOptions { allow_dtd: true, ..roxmltree::ParsingOptions::default() };
    if let Err(e) = roxmltree::Document::parse_with_options(page, options) {
        panic!("{what} is not XML: {e}\n{page}");
    }
}

/// The page writers write XML whatever the text: `show --html`'s page of
/// the first game, `stats --html`'s page (titled by the text's first line)
/// and `show`'s SVG diagram of a FEN of any variant.
///
/// Input: a byte (even: the text's first game and its stats; odd: a FEN,
/// the variant the byte's others bits modulo 6), then the text or FEN.
pub fn pages(data: &[u8]) {
    use pgn100::commands::show::fen_frame;
    use pgn100::commands::stats::aggregate_text;
    use pgn100::output::html::game_page;
    use pgn100::output::stats_page::stats_page;
    let Some((&how, rest)) = data.split_first() else {
        return;
    };
    let text = String::from_utf8_lossy(rest);
    if how & 1 == 1 {
        let variant = Variant::ALL[usize::from(how >> 1) % Variant::ALL.len()];
        if let Ok(frame) = fen_frame(&text, variant) {
            for letters in [Letters::Latin, Letters::Cyrillic] {
                parses_as_xml(&frame.svg(letters), "the SVG diagram");
            }
        }
        return;
    }
    let title = text.lines().next().unwrap_or_default();
    parses_as_xml(
        &stats_page(&aggregate_text("fuzz.pgn", &text, Options::default()).figures(), title),
        "the stats page",
    );
    let Some(Item::Game(record)) = Reader::new(&text).find(|i| !matches!(i, Item::Stray(_))) else {
        return;
    };
    let report = replay(&record, 0, Options { keep_all: true, ..Options::default() });
    if report.start.is_none() {
        return;
    }
    parses_as_xml(&game_page(&record, &text, &report, report.letters), "the game page");
}

// ---------------------------------------------------------------------
// Damaged containers, through the reading driver.

/// What the reading driver gave of one run: each input's games (the text
/// of each game read, `None` for a game not read) and the damage reported.
#[derive(Default)]
struct Collected {
    games: Vec<Vec<Option<String>>>,
    damaged: usize,
    not_text: bool,
}

impl pgn100::input::driver::Consumer<Vec<String>> for Collected {
    fn games(&self, part: &Vec<String>) -> usize {
        part.len()
    }
    fn start(&mut self, _: usize, _: &str) -> Result<(), pgn100::input::driver::Error> {
        self.games.push(Vec::new());
        Ok(())
    }
    fn part(&mut self, _: usize, before: usize, part: Vec<String>) -> Result<(), pgn100::input::driver::Error> {
        let games = self.games.last_mut().expect("an input started");
        assert_eq!(before, games.len(), "games numbered in their input, lost ones included");
        games.extend(part.into_iter().map(Some));
        Ok(())
    }
    fn lost(
        &mut self,
        _: &str,
        game: usize,
        _: &pgn100::input::driver::Lost,
        _: pgn100::input::batch::BlockStart,
    ) -> Result<(), pgn100::input::driver::Error> {
        let games = self.games.last_mut().expect("an input started");
        assert_eq!(game, games.len(), "a lost game numbered in its place");
        games.push(None);
        Ok(())
    }
    fn damage(&mut self, d: &pgn100::input::driver::Damage) -> Result<bool, pgn100::input::driver::Error> {
        self.not_text |= d.not_text().is_some();
        self.damaged += 1;
        Ok(true)
    }
}

/// The texts of the games (broken ones too) of `text`, and where each starts.
fn game_texts(text: &str) -> Vec<(usize, String)> {
    Reader::new(text)
        .filter(|item| !matches!(item, Item::Stray(_)))
        .map(|item| (item.span().start, text.get(item.span()).unwrap_or_default().to_string()))
        .collect()
}

/// What the format's own decoder gives of `damaged` (the archive kind
/// `kind` of [`damaged`]) before its error; for a zip archive, what its
/// member's deflated data gives when the archive is cut after the member's
/// header, else nothing.
fn decoded_before_damage(kind: u8, damaged: &[u8], cut: bool) -> Vec<u8> {
    use std::io::Read;
    let mut reader: Box<dyn Read> = match kind {
        0 => Box::new(flate2::read::MultiGzDecoder::new(damaged)),
        1 => Box::new(bzip2::read::MultiBzDecoder::new(damaged)),
        2 => Box::new(liblzma::read::XzDecoder::new_multi_decoder(damaged)),
        3 => match zstd::stream::read::Decoder::new(damaged) {
            Ok(d) => Box::new(d),
            Err(_) => return Vec::new(),
        },
        _ => {
            let number = |at: usize| {
                usize::from(damaged.get(at).copied().unwrap_or(0))
                    | usize::from(damaged.get(at + 1).copied().unwrap_or(0)) << 8
            };
            let data = 30 + number(26) + number(28);
            match damaged.get(data..) {
                Some(rest) if cut => Box::new(flate2::read::DeflateDecoder::new(rest)),
                _ => return Vec::new(),
            }
        }
    };
    // A byte at a time: every byte the decoder gives before its error.
    let mut out = Vec::new();
    let mut byte = [0u8; 1];
    while let Ok(1) = reader.read(&mut byte) {
        out.push(byte[0]);
    }
    out
}

/// Damaged containers read through the reading driver, as every command
/// reads: good games packed as gzip, bzip2, xz, zstd or a deflated zip,
/// then cut or with bits flipped. Every game whose text the format's own
/// decoder gives whole before the damage (the next game starts before it)
/// is read, the first games in order; the games of an input are numbered
/// one after the other, the games not read (cut by the damage) in their
/// place; a damaged archive whose text is not the whole text reports
/// damage; nothing panics.
///
/// Input: a byte for the kind (modulo 5) and the damage (bit 3: a flipped
/// byte, else a cut), two for where, one for the flipped bits, then the
/// text (UTF-8).
pub fn damaged(data: &[u8]) {
    use pgn100::input::driver::{read_inputs, Chunk, Config};
    let Some((&[how, at0, at1, mask], bytes)) = data.split_first_chunk::<4>() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(bytes) else {
        return;
    };
    let kind = how % 5;
    let packed = archive(kind, bytes);
    let at = usize::from(u16::from_le_bytes([at0, at1])) % packed.len().max(1);
    let flip = how & 8 != 0;
    let mut damaged = packed.clone();
    match flip {
        true => {
            if let Some(b) = damaged.get_mut(at) {
                *b ^= mask | 1;
            }
        }
        false => damaged.truncate(at),
    }
    if Compression::sniff(damaged.get(..Compression::MAGIC).unwrap_or(&damaged)) == Compression::Plain {
        // Damage that leaves no archive is text of its own.
        return;
    }
    let mut file = tempfile::NamedTempFile::new().expect("a temporary file");
    std::io::Write::write_all(&mut file, &damaged).expect("write the temporary file");
    let Ok(inputs) = pgn100::input::paths::expand(&[file.path().to_path_buf()]) else {
        return;
    };
    static POOL: std::sync::OnceLock<rayon::ThreadPool> = std::sync::OnceLock::new();
    let pool = POOL.get_or_init(|| rayon::ThreadPoolBuilder::new().num_threads(2).build().expect("pool"));
    let config =
        Config { encoding: Some(pgn100::notation::decode::Charset::UTF_8), max_game: 1 << 20, write_back: None };
    let work = |c: &Chunk<'_>| game_texts(c.text).into_iter().map(|(_, g)| g).collect::<Vec<String>>();
    let mut got = Collected::default();
    let progress = pgn100::input::progress::Progress::none();
    let run = read_inputs(&inputs, &config, pool, &progress, work, &mut got).expect("the consumer never fails");
    assert_eq!(run.damaged, got.damaged);
    let read: Vec<Option<String>> = got.games.concat();
    let plain = game_texts(text);
    let prefix = decoded_before_damage(kind, &damaged, !flip);
    let same = prefix.iter().zip(bytes).take_while(|(a, b)| a == b).count();
    // The games whose text is whole before the damage (the next one starts
    // before it), but in the last piece a decoder is asked for (lost with
    // its error, see compressed::STEP).
    let before = same.saturating_sub(pgn100::input::compressed::STEP);
    let whole = plain.windows(2).take_while(|w| w[1].0 <= before).count();
    if got.not_text {
        return;
    }
    let wanted: Vec<Option<String>> = plain.iter().take(whole).map(|(_, g)| Some(g.clone())).collect();
    assert_eq!(read.get(..whole), Some(wanted.as_slice()), "the games before the damage, {whole} of them");
    if same < bytes.len() || prefix.len() != bytes.len() {
        let all: Vec<Option<String>> = plain.iter().map(|(_, g)| Some(g.clone())).collect();
        assert!(run.damaged > 0 || read == all, "damage read as whole without a word");
    }
}
