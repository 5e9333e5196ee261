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
use pgn100::notation::decode::decode;
use pgn100::notation::pgn::write_game;
use pgn100::notation::{Item, Letters, Reader, Style};
use pgn100::replay::{replay, Options};
use pgn100::rules::{Color, Game, Move, Position, Termination, Variant};

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
    assert_eq!(kept.text, *source.text, "convert with everything kept changes nothing");
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
    let variant = match which % 4 {
        0 => Variant::Hundred,
        1 => Variant::Grand,
        2 => Variant::Chess,
        _ => Variant::Chess960,
    };
    let Ok(fen) = std::str::from_utf8(rest) else {
        return;
    };
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
            Some(Termination::KingCaptured { .. }) => unreachable!("the engine's variants take no king"),
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
