//! The reader on whole files: games after a broken one are still read, text
//! between games is reported, deep nesting and long comments cost no stack
//! and linear time.

use pgn100::commands::validate_bytes;
use pgn100::diag::Code;
use pgn100::notation::{Found, GameRecord, Item, Reader};
use pgn100::replay::Options;

const GOOD: &str = "[Event \"a\"]\n[Result \"*\"]\n\n1. e3-e5 e8-e6 *\n\n";

#[test]
fn a_broken_game_does_not_stop_the_next() {
    let text = format!("{GOOD}[Event \"b\"]\n[Result \"*\"]\n\n1. e3-e5 %%% e8-e6 *\n\n{GOOD}{GOOD}");
    let items: Vec<Item> = Reader::new(&text).collect();
    assert_eq!(items.len(), 4);
    assert!(matches!(items[0], Item::Game(_)));
    assert!(matches!(items[1], Item::Broken(..)));
    assert!(matches!(items[2], Item::Game(_)));
    assert!(matches!(items[3], Item::Game(_)));
    let report = validate_bytes("t", text.as_bytes(), None, Options::default());
    assert_eq!((report.games, report.invalid), (4, 1));
    let d = &report.diagnostics[0];
    assert_eq!((d.code, d.game), (Code::Syntax, Some(1)));
    assert_eq!(report.source.line_col(d.span.start), (9, 10));
}

#[test]
fn an_illegal_move_stops_only_its_game() {
    let bad = "[Result \"*\"]\n\n1. e3-e5 e8-e6 2. Кc2-c4 d8-d6 *\n\n";
    let text = format!("{GOOD}{bad}{GOOD}");
    let report = validate_bytes("t", text.as_bytes(), None, Options::default());
    assert_eq!((report.games, report.invalid), (3, 1));
    assert_eq!(report.diagnostics.len(), 1);
    let d = &report.diagnostics[0];
    assert_eq!((d.code, d.game, d.ply), (Code::IllegalMove, Some(1), Some(3)));
}

#[test]
fn text_between_games_is_reported_and_games_around_it_read() {
    let text = format!("Партия первая.\n\n{GOOD}Комментарий редакции.\n{GOOD}");
    let report = validate_bytes("t", text.as_bytes(), None, Options::default());
    assert_eq!((report.games, report.invalid), (2, 0));
    let codes: Vec<Code> = report.diagnostics.iter().map(|d| d.code).collect();
    assert_eq!(codes, vec![Code::StrayText, Code::StrayText]);
}

#[test]
fn deep_nesting_and_huge_comments_are_linear() {
    // 10,000 nested variations, each replacing Black's reply.
    let depth = 10_000;
    let mut text = String::from("[Result \"*\"]\n\n1. e3-e5 e8-e6 ");
    for _ in 0..depth {
        text.push_str("(1... d8-d6 ");
    }
    text.push_str(&")".repeat(depth));
    text.push_str(" {");
    text.push_str(&"комментарий ".repeat(500_000));
    text.push_str("} *\n");
    let report = validate_bytes("t", text.as_bytes(), None, Options { strict: true, ..Options::default() });
    assert_eq!((report.games, report.invalid), (1, 0), "{:?}", report.diagnostics.first());
    assert!(report.diagnostics.is_empty());
}

#[test]
fn unbalanced_variations_are_reported() {
    let text = "[Result \"*\"]\n\n1. e3-e5 (1. d3-d5 e8-e6 *\n";
    let report = validate_bytes("t", text.as_bytes(), None, Options::default());
    assert_eq!(report.diagnostics[0].code, Code::UnbalancedVariation);
    assert_eq!(report.invalid, 1);
}

fn codes(text: &str) -> (usize, usize, Vec<Code>) {
    let report = validate_bytes("t", text.as_bytes(), None, Options::default());
    (report.games, report.invalid, report.diagnostics.iter().map(|d| d.code).collect())
}

#[test]
fn movetext_without_tags_or_numbers_is_a_game() {
    // Was stray text: 0 games, the illegal move never seen.
    let (games, invalid, found) = codes("e3-e5 e8-e6 Кc2-d5 *\n");
    assert_eq!((games, invalid), (1, 1), "{found:?}");
    assert!(found.contains(&Code::IllegalMove) && !found.contains(&Code::StrayText), "{found:?}");
    // Prose that starts with a move is still stray text.
    assert_eq!(codes("e4 is good\n"), (0, 0, vec![Code::StrayText]));
}

#[test]
fn a_blank_line_and_move_number_one_start_a_new_game() {
    // Was one game of four plies.
    let text = "1. e3-e5 e8-e6\n\n1. d3-d5 d8-d6 *\n";
    let items: Vec<Item> = Reader::new(text).collect();
    assert!(matches!(items.as_slice(), [Item::Game(a), Item::Game(b)] if a.tokens.len() == 3 && b.tokens.len() == 4));
    let (games, invalid, found) = codes(text);
    assert_eq!((games, invalid), (2, 0));
    assert_eq!(found, vec![Code::MissingResult]);
}

fn lookalikes(token_line: &str) -> Vec<(Code, String)> {
    let report = validate_bytes("t", token_line.as_bytes(), None, Options::default());
    report.diagnostics.iter().map(|d| (d.code, d.help.clone().unwrap_or_default())).collect()
}

#[test]
fn look_alikes_are_read_with_a_warning_that_gives_the_right_form() {
    // Each was a syntax error (or, for `1)` and ` ; e3`, another reading).
    let start = "[FEN \"k9/10/5K4/10/10/10/10/PPPP1PPPPP/10/10 w T - 0 1\"]\n\n";
    let cases = [
        ("1. Kрf8-f9; e3 *", "write `Крf8-f9; e3`"),
        ("1. Кpf8-f9; e3 *", "write `Крf8-f9; e3`"),
        ("1. КРf8-f9; e3 *", "write `Крf8-f9; e3`"),
        ("1. крf8-f9; e3 *", "write `Крf8-f9; e3`"),
        ("1. Крf8-f9 ; e3 *", "write `Крf8-f9; e3`"),
        // Two look-alikes in one move: one note, over the throne mark too.
        ("1. КРf8-f9 ; e3 *", "write `Крf8-f9; e3`"),
        ("1. Крf8—f9  ; e3 *", "write `Крf8-f9; e3`"),
        ("1. Крf8-f9; E3 *", "write `Крf8-f9; e3`"),
        ("1) Крf8-f9; e3 *", "write `1.`"),
    ];
    for (moves, help) in cases {
        let found = lookalikes(&format!("{start}{moves}\n"));
        assert_eq!(found, vec![(Code::Lookalike, help.to_string())], "{moves}");
    }
    // Every dash is `-`, without a warning (grammar/README.md): one rule.
    for moves in ["1. Крf8—f9; e3 *", "1. Крf8−f9; e3 *", "1. Крf8‑f9; e3 *", "1. Крf8–f9; e3 *"] {
        assert_eq!(lookalikes(&format!("{start}{moves}\n")), vec![], "{moves}");
    }
    // Scanned books: Cyrillic З for 3, an all-Latin Kp, a lower-case к.
    let found = lookalikes("1. dЗ-d5 e8-e6 2. e3-e4 кc9-b7 3. Kpf2-e3 *\n");
    let helps: Vec<&str> = found.iter().map(|(_, h)| h.as_str()).collect();
    assert_eq!(helps, ["write `d3-d5`", "write `Кc9-b7`", "write `Крf2-e3`"]);
    let found = lookalikes("1. e3-e5 1. ... e8-e6 *\n");
    assert_eq!(found, vec![(Code::Lookalike, "write `1...`".to_string())]);
    let found = lookalikes("1. E3-E5 e8-e6 *\n");
    assert_eq!(found, vec![(Code::Lookalike, "write `e3-e5`".to_string())]);
    let found = lookalikes("[FEN \"r8r/r4k3r/10/10/10/10/10/10/R4K3R/R8R w KQkqTt - 0 1\"]\n\n1. О-О-О *\n");
    assert_eq!(found.first(), Some(&(Code::Lookalike, "write `0-0-0`".to_string())));
    let ep = "[FEN \"k9/10/7p2/10/6P3/2p7/10/3P6/10/K9 w - - 0 1\"]\n\n1. d3-d5 c5хd4 e.p. *\n";
    let found = lookalikes(ep);
    assert_eq!(found, vec![(Code::Lookalike, "write `c5:d4`".to_string())]);
}

#[test]
fn a_space_before_the_throne_mark_does_not_swallow_the_line() {
    // Was: `; e3 Крa10-b10 *` a line comment, the result lost.
    let text = "[FEN \"k9/10/5K4/10/10/10/10/PPPP1PPPPP/10/10 w T - 0 1\"]\n\n1. Крf8-f9 ; e3 Крa10-b10 *\n";
    let report = validate_bytes("t", text.as_bytes(), None, Options::default());
    let found: Vec<Code> = report.diagnostics.iter().map(|d| d.code).collect();
    assert_eq!(found, vec![Code::Lookalike]);
    // A line comment after a move that is not a king's stays a comment.
    let (_, _, found) = codes("1. e3-e5 ; e8 was better\n*\n");
    assert!(!found.contains(&Code::Lookalike) && !found.contains(&Code::Syntax), "{found:?}");
}

#[test]
fn one_paren_as_a_move_number_is_a_number_outside_variations() {
    // Was second-stage castling `1` and a stray `)`.
    let (games, invalid, found) = codes("1) e3-e5 e8-e6 *\n");
    assert_eq!((games, invalid, found), (1, 0, vec![Code::Lookalike]));
    // Inside a variation, `1)` stays castling and the variation's end.
    let items: Vec<Item> = Reader::new("1. e3-e5 (1. 1) *\n").collect();
    let Item::Game(g) = &items[0] else { panic!("{items:?}") };
    assert!(g.tokens.iter().any(|t| matches!(t.kind, pgn100::notation::TokenKind::VariationEnd)));
}

#[test]
fn a_pawn_promoting_to_a_pawn_reaches_replay() {
    // Was a syntax error.
    let text = "[FEN \"k9/4P5/10/10/10/10/10/10/10/K9 w - - 0 1\"]\n\n1. e10=p *\n";
    let (games, invalid, found) = codes(text);
    assert_eq!((games, invalid), (1, 1));
    assert!(!found.contains(&Code::Syntax), "{found:?}");
}

/// `read_into` with one record reused for every game gives exactly the
/// items the iterator gives (a fresh record each): nothing of a longer game
/// before stays in the record. Every corpus file, and all of them in one
/// text so games of every size follow each other.
#[test]
fn a_reused_record_reads_as_a_fresh_one() {
    let mut all = String::new();
    let mut files = 0;
    for dir in ["valid", "invalid", "chess"] {
        let mut paths: Vec<_> = std::fs::read_dir(crate::common::corpus(dir))
            .expect("corpus dir")
            .map(|e| e.expect("entry").path())
            .filter(|p| p.extension().is_some_and(|e| e == "pgn"))
            .collect();
        paths.sort();
        for path in paths {
            let bytes = std::fs::read(&path).expect("read");
            all.push_str(&String::from_utf8_lossy(&bytes));
            all.push_str("\n\n");
            files += 1;
        }
    }
    assert!(files > 50, "{files} corpus files");
    let expected: Vec<Item> = Reader::new(&all).collect();
    let mut reader = Reader::new(&all);
    let mut record = GameRecord::default();
    let mut got = Vec::new();
    while let Some(found) = reader.read_into(&mut record) {
        got.push(match found {
            Found::Game => match record.faults.first() {
                Some(fault) => Item::Broken(record.clone(), fault.error.clone()),
                None => Item::Game(record.clone()),
            },
            Found::Broken(e) => Item::Broken(record.clone(), e),
            Found::Stray(span) => {
                assert_eq!(record, GameRecord::default(), "a stray item leaves the record empty");
                Item::Stray(span)
            }
        });
    }
    assert!(expected.len() > 200, "{} items", expected.len());
    assert_eq!(got, expected);
}

/// Every `.pgn` file under `dir`, in name order.
fn pgn_files(dir: &std::path::Path, out: &mut Vec<std::path::PathBuf>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir).expect("corpus dir").flatten().map(|e| e.path()).collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            pgn_files(&p, out);
        } else if p.extension().is_some_and(|e| e == "pgn") {
            out.push(p);
        }
    }
}

/// One record reused for every game (its tag strings kept from game to
/// game) reads every game of the corpus as a new record does, and the move
/// marks the reader keeps are the ones a walk over the tokens finds.
#[test]
fn a_reused_record_reads_as_a_new_one_and_keeps_its_move_marks() {
    use pgn100::notation::ast::MoveMarks;
    let mut files = Vec::new();
    pgn_files(&crate::common::corpus(""), &mut files);
    let (mut games, mut cyrillic, mut file_k, mut variations) = (0, 0, 0, 0);
    for path in &files {
        let bytes = std::fs::read(path).expect("read");
        let text = pgn100::notation::decode::decode(&bytes, None).text;
        let fresh: Vec<GameRecord> = Reader::new(&text)
            .filter_map(|item| match item {
                Item::Game(g) | Item::Broken(g, _) => Some(g),
                Item::Stray(_) => None,
            })
            .collect();
        let mut reader = Reader::new(&text);
        let mut record = GameRecord::default();
        let mut i = 0;
        while let Some(found) = reader.read_into(&mut record) {
            if matches!(found, Found::Stray(_)) {
                continue;
            }
            assert_eq!(Some(&record), fresh.get(i), "{} game {i}", path.display());
            let marks = record.move_marks();
            assert_eq!(marks, MoveMarks::of(&record.tokens), "{} game {i}", path.display());
            cyrillic += usize::from(marks.cyrillic);
            file_k += usize::from(marks.files & (1 << 10) != 0);
            variations += usize::from(marks.variations);
            i += 1;
        }
        assert_eq!(i, fresh.len(), "{}", path.display());
        games += i;
    }
    assert!(
        games > 1000 && cyrillic > 100 && file_k > 0 && variations > 0,
        "{games} games, {cyrillic} Cyrillic, {file_k} with file k, {variations} with a variation"
    );
    // A token pushed by hand is seen by a walk, not missed.
    let mut record = Reader::new(GOOD).find_map(|i| if let Item::Game(g) = i { Some(g) } else { None }).expect("game");
    let before = record.move_marks();
    let mut extra = Reader::new("[Result \"*\"]\n\n1. Фk2-k5 *\n")
        .find_map(|i| if let Item::Game(g) = i { Some(g) } else { None })
        .expect("game");
    let queen = extra.tokens.remove(1);
    record.tokens.insert(0, queen);
    let after = record.move_marks();
    assert!(!before.cyrillic && after.cyrillic && after.files & (1 << 10) != 0, "{before:?} {after:?}");
    // So is a variation opened by hand: the replay must keep the position for it.
    let mut opened = Reader::new("[Result \"*\"]\n\n1. e3-e5 (1. d3-d5) *\n")
        .find_map(|i| if let Item::Game(g) = i { Some(g) } else { None })
        .expect("game");
    assert!(opened.move_marks().variations);
    let paren = opened.tokens.remove(2);
    assert!(!opened.move_marks().variations, "{:?}", opened.tokens);
    record.tokens.insert(2, paren);
    assert!(!before.variations && record.move_marks().variations);
}

/// A reader that keeps some tags reads what one that keeps all reads, on
/// every file of the corpus and on the cases where the tags decide
/// something: the same items, spans, tokens and notes, the same errors,
/// and of the tags those named, in order.
#[test]
fn keeping_some_tags_reads_the_same_games() {
    const KEPT: [&str; 3] = ["Result", "FEN", "Variant"];
    let mut texts: Vec<String> = vec![
        // Tags only: the game ends at its last tag, kept or not.
        "[Event \"a\"]\n[Site \"b\"]\n\n[Event \"c\"]\n[Result \"*\"]\n\n".to_string(),
        // A bad tag after one that is not kept; an escaped value.
        "[Event \"a\"]\n[Site b]\n\n1. e4 *\n\n[Event \"q\\\"\"]\n[Result \"1-0\"]\n\n1. e4 1-0\n".to_string(),
        // Tag sections over blank lines, one kept.
        "[Event \"a\"]\n\n[Result \"*\"]\n\n1. e4 *\n".to_string(),
    ];
    texts.extend(corpus_texts());
    assert!(texts.len() > 50, "{} texts", texts.len());
    let mut kept_some = 0;
    for text in &texts {
        let (mut all, mut some) = (Reader::new(text), Reader::new(text).keep_tags(&KEPT));
        let (mut a, mut s) = (GameRecord::default(), GameRecord::default());
        loop {
            let (found_all, found_some) = (all.read_into(&mut a), some.read_into(&mut s));
            assert_eq!(found_all, found_some);
            if found_all.is_none() {
                break;
            }
            assert_eq!((&a.span, &a.tokens, &a.notes), (&s.span, &s.tokens, &s.notes));
            let named: Vec<_> = a.tags.iter().filter(|t| KEPT.contains(&t.name.as_str())).cloned().collect();
            assert_eq!(s.tags, named);
            kept_some += usize::from(!s.tags.is_empty() && s.tags.len() < a.tags.len());
        }
    }
    assert!(kept_some > 100, "{kept_some} records with some of their tags kept");
}

/// Every `.pgn` file of the corpus, decoded.
fn corpus_texts() -> Vec<String> {
    let mut texts = Vec::new();
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus");
    let mut dirs = vec![dir];
    while let Some(d) = dirs.pop() {
        for entry in std::fs::read_dir(&d).expect("corpus directory") {
            let path = entry.expect("entry").path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "pgn") {
                let bytes = std::fs::read(&path).expect("corpus file");
                texts.push(pgn100::notation::decode::decode(&bytes, None).text);
            }
        }
    }
    texts
}

/// The replay reads no tag but `replay::READ_TAGS` (those `validate` keeps):
/// every game of the corpus replays from a record of those tags alone as
/// from one of all its tags, with the same diagnostics, validity, moves and
/// final position, in every variant the corpus holds and with `--strict`.
#[test]
fn the_replay_reads_only_the_tags_validate_keeps() {
    use pgn100::replay::{replay, READ_TAGS};
    let (mut games, mut dropped) = (0, 0);
    for text in corpus_texts() {
        let (mut all, mut kept) = (Reader::new(&text), Reader::new(&text).keep_tags(&READ_TAGS));
        let (mut a, mut k) = (GameRecord::default(), GameRecord::default());
        while let (Some(found), found_kept) = (all.read_into(&mut a), kept.read_into(&mut k)) {
            assert_eq!(Some(found.clone()), found_kept);
            if !matches!(found, Found::Game) {
                continue;
            }
            dropped += a.tags.len() - k.tags.len();
            for options in [Options::default(), Options { strict: true, ..Options::default() }] {
                let (x, y) = (replay(&a, games, options), replay(&k, games, options));
                assert_eq!(format!("{:?}", x.diagnostics), format!("{:?}", y.diagnostics), "game {games}");
                assert_eq!(x.is_valid(), y.is_valid());
                assert_eq!(x.mainline.len(), y.mainline.len());
                assert_eq!(x.last.map(|p| p.fen()), y.last.map(|p| p.fen()));
            }
            games += 1;
        }
    }
    assert!(games > 1000 && dropped > 1000, "{games} games, {dropped} tags left out");
}

/// The kinds of the tokens of `text`'s first game (which reads whole).
fn kinds(text: &str) -> Vec<pgn100::notation::TokenKind> {
    match Reader::new(text).next() {
        Some(Item::Game(g)) => g.tokens.into_iter().map(|t| t.kind).collect(),
        other => panic!("{text:?}: {other:?}"),
    }
}

fn number(n: u32, black: bool) -> pgn100::notation::TokenKind {
    pgn100::notation::TokenKind::MoveNumber { number: n, black }
}

/// Move numbers as PGN's import format and annotated files write them
/// (issue 54 item 5): without a period, and Black's with `..`, `. ..`,
/// ` ...` and ` ..`; Hundred's bare `1` stays its second stage of castling.
#[test]
fn move_numbers_without_a_period_and_blacks_forms() {
    use pgn100::notation::{MoveText, TokenKind};
    let k = kinds("1 e4 e5 2 Nf3 *");
    assert_eq!(k.len(), 6);
    assert_eq!((&k[0], &k[3]), (&number(1, false), &number(2, false)));
    for text in [
        "1. e4 e5 2. Nf3 Nc6 16..Kg7 *",
        "1. e4 e5 2. Nf3 Nc6 16. ..Kf8 *",
        "1. e4 e5 2. Nf3 Nc6 16 ... Kg7 *",
        "1. e4 e5 2. Nf3 Nc6 16 ..Kg7 *",
        "1. e4 e5 2. Nf3 Nc6 16...Kg7 *",
        "1. e4 e5 2. Nf3 Nc6 16.\n..Kg7 *",
    ] {
        let k = kinds(text);
        assert_eq!((k.len(), &k[6]), (9, &number(16, true)), "{text}");
    }
    assert_eq!(kinds("[Event \"x\"]\n\n1 ... e5 *")[0], number(1, true));
    // A bare `1` that opens a variation of the first move is a number.
    let k = kinds("1. e4 (1 d4 d5) 1... e5 *");
    assert_eq!(k[3], number(1, false));
    // Hundred: after the first stage and the reply, `1` is the second stage.
    let hundred = "1. e3-e5 e8-e6 2. 0-0-0 Кb10-c8 3 1 Кc8-d6 4 1-1 *";
    let k = kinds(hundred);
    let ones: Vec<_> = k.iter().filter(|t| matches!(t, TokenKind::Move { text: MoveText::Ones(_), .. })).collect();
    assert_eq!(ones.len(), 2, "{k:?}");
    assert_eq!(k[6], number(3, false));
    // A look-alike note for the spaces before an ellipsis, none for a bare number.
    let record = match Reader::new("1 e4 e5 2 Nf3 Nc6 3 ... a6 *").next() {
        Some(Item::Game(g)) => g,
        other => panic!("{other:?}"),
    };
    assert_eq!(record.notes.len(), 1);
    assert_eq!(record.notes[0].right, "3...");
}

/// Castling printed with a typeset dash (issue 54 item 11) reads as castling,
/// as the long moves' dashes always did.
#[test]
fn castling_with_an_em_or_en_dash() {
    use pgn100::notation::{MoveText, TokenKind};
    for (text, zeros) in [("0—0", 2), ("0—0—0", 3), ("0–0–0", 3), ("O—O", 2), ("0−0", 2), ("0–0–0–0", 4)]
    {
        let k = kinds(&format!("1. e3-e5 e8-e6 2. {text} *"));
        assert!(matches!(k[4], TokenKind::Move { text: MoveText::Zeros(z), .. } if z == zeros), "{text}: {k:?}");
    }
    let text = "[Variant \"chess\"]\n\n1. e2—e4 e7—e5 2. Кg1—f3 Кb8—c6 3. Сf1—c4 Сf8—c5 4. 0—0 Кg8—f6 5. d2—d3 0—0 *\n";
    let report = validate_bytes("t", text.as_bytes(), None, Options::default());
    assert_eq!((report.games, report.invalid), (1, 0), "{:?}", report.diagnostics);
}

/// Russian notation typed on a Latin keyboard (issue 54 item 12): Latin `K`
/// for the knight `К`, `C` for the bishop `С`; read so, with a look-alike
/// warning each, where a `C` shows the record means them so. A Latin record
/// with another piece letter, or with no `C`, keeps `K` as the king.
#[test]
fn an_all_latin_lookalike_record_reads_as_cyrillic() {
    let text =
        "[Variant \"chess\"]\n[Result \"*\"]\n\n1. e2-e4 e7-e5 2. Kg1-f3 Kb8-c6 3. Cf1-c4 Cf8-c5 4. 0-0 Kg8-f6 *\n";
    let report = validate_bytes("t", text.as_bytes(), None, Options::default());
    assert_eq!((report.games, report.invalid), (1, 0), "{:?}", report.diagnostics);
    let lookalikes = report.diagnostics.iter().filter(|d| d.code == Code::Lookalike).count();
    assert_eq!(lookalikes, 5, "{:?}", report.diagnostics);
    // Latin with a knight letter: K is the king, and `Kg1-f3` no king move.
    let latin = "[Variant \"chess\"]\n[Result \"*\"]\n\n1. e2-e4 e7-e5 2. Kg1-f3 Nb8-c6 3. Cf1-c4 *\n";
    let report = validate_bytes("t", latin.as_bytes(), None, Options::default());
    assert_eq!(report.invalid, 1);
    assert!(report.diagnostics.iter().all(|d| d.code != Code::Lookalike));
    // K moves and no C: the king.
    let kings = "[Variant \"chess\"]\n[Result \"*\"]\n\n1. e2-e4 e7-e5 2. Ke1-e2 Ke8-e7 *\n";
    let report = validate_bytes("t", kings.as_bytes(), None, Options::default());
    assert_eq!((report.games, report.invalid), (1, 0), "{:?}", report.diagnostics);
}
