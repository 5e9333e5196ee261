//! The move scanner (`notation::scan`) reads exactly what the nom
//! productions read (`parse::element`: result, move number, move, glyph, in
//! the reader's order): the same length and the same token, or neither
//! reads. Checked on the grammar's examples, at every character of every
//! corpus file, and on generated and mutated tokens.

use pgn100::notation::{parse, scan};
use proptest::prelude::*;

/// Both readings of `text` agree; returns whether something was read.
fn agree(text: &str, top_level: bool) -> bool {
    let by_scanner = scan::element(text, top_level).map(|s| (s.len, s.kind));
    let by_grammar = parse::element(text, top_level).ok().map(|(rest, kind)| (text.len() - rest.len(), kind));
    assert_eq!(by_scanner, by_grammar, "{text:?} (top level: {top_level})");
    by_scanner.is_some()
}

fn grammar_examples() -> Vec<String> {
    let g = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/grammar/pgn100.ebnf")).expect("grammar");
    g.lines()
        .filter_map(|l| {
            let l = l.trim();
            let rest = l.strip_prefix("(* example ").or_else(|| l.strip_prefix("(* not "))?;
            let (_, text) = rest.strip_suffix(" *)")?.split_once(": ")?;
            Some(text.to_string())
        })
        .collect()
}

#[test]
fn the_scanner_reads_the_grammar_examples_as_the_productions_do() {
    let examples = grammar_examples();
    assert!(examples.len() > 80);
    let read = examples.iter().filter(|t| agree(t, true) & agree(t, false)).count();
    assert!(read > 60, "only {read} examples read as elements");
}

fn corpus_files() -> Vec<std::path::PathBuf> {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus");
    let mut out = Vec::new();
    for dir in ["valid", "invalid", "annotate", "show"] {
        for e in std::fs::read_dir(root.join(dir)).expect("corpus dir") {
            let p = e.expect("entry").path();
            if p.extension().is_some_and(|x| x == "pgn") {
                out.push(p);
            }
        }
    }
    out.sort();
    out
}

#[test]
fn the_scanner_reads_every_suffix_of_the_corpus_as_the_productions_do() {
    let (mut positions, mut read) = (0, 0);
    for path in corpus_files() {
        let Ok(text) = std::fs::read_to_string(&path) else { continue };
        for (i, _) in text.char_indices() {
            positions += 1;
            read += usize::from(agree(&text[i..], true));
            agree(&text[i..], false);
        }
    }
    assert!(positions > 10_000 && read > 2_000, "{positions} positions, {read} read");
}

/// The forms the scanner reads in one pass (`plain_move`) and their near
/// misses, which it leaves to the long way: each reads as the productions read it.
#[test]
fn the_plain_forms_and_their_near_misses_read_alike() {
    let tokens = [
        "e4",
        "e4 ",
        "e10",
        "Nf3",
        "Nf3+",
        "Nf3++",
        "Nf3#",
        "Nf3!?",
        "Nf3+!",
        "exd5",
        "e4xd5",
        "e4:d5",
        "e4-e5",
        "ed5",
        "Nbd7",
        "N1f3",
        "R1xa3",
        "Rf10a5",
        "Ra1a10",
        "Nxf3",
        "Кg1-f3",
        "Крf8-f9",
        "Крf8-f9; e3",
        "Крf8-f9;e3",
        "Kрf8",
        "Кдb1-c3",
        "Пe8-i4",
        "e8=Q",
        "e8=Q+",
        "e8=p",
        "e8=Кр",
        "e8Q",
        "e10(Q)",
        "e10(",
        "e4(",
        "Nf3)",
        "Nf3}",
        "e4$1",
        "e5:d6 e.p.",
        "e5:d6e.p.",
        "e4,e3",
        "e-d5",
        "N-f3",
        "Nx",
        "Nb",
        "e4-",
        "xf3",
        "B3-B5",
        "B3:C4",
        "A3-A5",
        "E3",
        "Bb5",
        "Ab3",
        "Ca1-a2",
        "e4\u{a0}",
        "e4×",
        "Nf3×",
        "k1",
        "Kk11",
        "e11",
        "e0",
        "a1a",
        "Лa1-a2!!",
        // The short forms read by their shape in one look-up, each ended
        // by white space or the end, and their near misses.
        "e4+",
        "e4#",
        "exd5+",
        "exd5#",
        "e2e4",
        "e2e4+",
        "e4xd5+",
        "Nbd2+",
        "N1f3+",
        "Nxe5+",
        "Nbxd2",
        "Nbxd2+",
        "R1xe2+",
        "Ng1f3",
        "Ng1f3+",
        "Kf1",
        "Qh4#",
        "exd6 e.p.",
        "exd6 e.p",
        "e4 e.p.",
        "e4\t",
        "e4\r\n",
        "e4\u{b}",
        "e4\u{c}",
        "e4\u{1}",
        "e4\0",
        "Nf3\0",
        "ab5",
        "Nk1",
        "k9",
        "j1",
        "Kxk9",
        "e1+0",
        "Nf1 0",
        "e4+ ",
        "e4xd",
        "e4xd5x",
        "Nf3xe",
        "e2e4e",
        "e3-e5",
        "e3-e5+",
        "e3:d4",
        "e9-e10",
        "e3-e",
        "e3--e5",
        "e3-5",
        "N1-f3",
        "Nb-d2",
    ];
    for t in tokens {
        agree(t, true);
        agree(t, false);
    }
}

/// Pieces of tokens: letters, squares, separators, marks, and the
/// look-alikes the reader accepts.
const FRAGMENTS: &[&str] = &[
    "К", "Кр", "Кд", "Кp", "КР", "кр", "Kр", "П", "Пр", "Пс", "Ф", "Л", "С", "М", "K", "Q", "P", "R", "B", "N", "M",
    "C", "A", "I", "T", "S", "p", "a", "b", "c", "e", "h", "j", "k", "l", "E", "J", "а", "с", "е", "і", "ј", "һ", "р",
    "1", "2", "3", "9", "10", "0", "-", "–", "—", "−", "‑", ":", "x", "×", "х", "=", "/", "(", ")", ";", ",", " ",
    "\t", "\n", "e.p.", " e.p.", "+", "++", "#", "!", "?", "!?", "O", "o", "О", "о", "1/2", "½", "*", ".", "...", "…",
    " ...", "$", "{", "e3", "d10", "f9", "1-0", "0-1", "0-0", "1-1", "\u{a0}", "\u{feff}", "Ё",
];

fn fragments() -> impl Strategy<Value = String> {
    prop::collection::vec(prop::sample::select(FRAGMENTS), 1..9).prop_map(|v| v.concat())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 20_000, ..ProptestConfig::default() })]

    #[test]
    fn generated_tokens_read_alike(text in fragments(), top_level in any::<bool>()) {
        agree(&text, top_level);
    }

    #[test]
    fn mutated_tokens_read_alike(
        base in prop::sample::select(grammar_examples()),
        at in any::<prop::sample::Index>(),
        insert in prop::sample::select(FRAGMENTS),
        delete in 0usize..3,
    ) {
        let chars: Vec<char> = base.chars().collect();
        let i = at.index(chars.len() + 1);
        let mut text: String = chars[..i].iter().collect();
        text.push_str(insert);
        text.extend(chars.iter().skip(i + delete));
        agree(&text, true);
        agree(&text, false);
    }

    #[test]
    fn arbitrary_text_reads_alike(text in "\\PC{0,12}") {
        agree(&text, true);
    }
}

/// The tag-pair fast path (`scan::tag_pair`) reads what `parse::tag_pair`
/// reads whenever it reads; returns whether it read.
fn tags_agree(text: &str) -> bool {
    let Some((name, value, value_at, len)) = scan::tag_pair(text) else { return false };
    match parse::tag_pair(text) {
        Ok((rest, (n, v, at))) => {
            assert_eq!((name, value, value_at, len), (n, &*v, at, text.len() - rest.len()), "{text:?}");
        }
        Err(e) => panic!("{text:?}: the fast path reads {name:?} {value:?}, the production fails: {e:?}"),
    }
    true
}

/// Every `[` of the corpus and of the shared chess files (when present),
/// with the rest of the file after it.
#[test]
fn the_tag_fast_path_reads_every_tag_of_the_corpus_as_the_production_does() {
    let mut files = corpus_files();
    if let Ok(dir) = std::fs::read_dir("/work/shared/chess") {
        files
            .extend(dir.filter_map(|e| e.ok()).map(|e| e.path()).filter(|p| p.extension().is_some_and(|x| x == "pgn")));
    }
    let (mut tags, mut fast) = (0, 0);
    for path in files {
        let Ok(text) = std::fs::read_to_string(&path) else { continue };
        for (i, _) in text.match_indices('[') {
            let read = tags_agree(&text[i..]);
            // The ratio is of the tag lines ( `[` in comments are not tags).
            if i == 0 || text.as_bytes()[i - 1] == b'\n' {
                tags += 1;
                fast += usize::from(read);
            }
            // The line alone, and cut short.
            let line = text[i..].split('\n').next().unwrap_or_default();
            tags_agree(line);
            if let Some((cut, _)) = line.char_indices().nth(line.chars().count() / 2) {
                tags_agree(&line[..cut]);
            }
        }
    }
    assert!(tags > 1_000 && fast * 10 > tags * 8, "{fast} of {tags} tags read by the fast path");
}

#[test]
fn the_tag_fast_path_and_the_production_agree_on_edge_cases() {
    let lines = [
        "[Event \"x\"]",
        "[Event \"x\"]\n",
        "[Event \"x\"]\r\n",
        "[Event \"\"]",
        "[Event\"x\"]",
        "[ Event  \"x\"  ]",
        "[\tEvent\t\"x\"\t]",
        "[Event \"x\" ]x",
        "[Event \"a]b\"]",
        "[Event \"a\\\"b\"]",
        "[Event \"a\\\\b\"]",
        "[Event \"a\\b\"]",
        "[Event \"x",
        "[Event \"x\"",
        "[Event \"x\n\"]",
        "[Event x\"]",
        "[Event \"x\"\r]",
        "[\"x\"]",
        "[]",
        "[",
        "[Évent \"x\"]",
        "[EventЁ \"x\"]",
        "[Event名 \"x\"]",
        "[Event_1 \"x\"]",
        "[_ \"x\"]",
        "[Event-1 \"x\"]",
        "[Event \"значение\"]",
        "[Event \"x\"]]",
        "[Event\u{a0}\"x\"]",
    ];
    let read = lines.iter().filter(|l| tags_agree(l)).count();
    assert!(read >= 10, "only {read} read by the fast path");
}

const TAG_FRAGMENTS: &[&str] =
    &["[", "]", "\"", "\\", "\\\"", " ", "\t", "\r", "\n", "Event", "_", "1", "x", "Ё", "名", "é", "\u{a0}", "-", "="];

proptest! {
    #![proptest_config(ProptestConfig { cases: 20_000, ..ProptestConfig::default() })]

    #[test]
    fn generated_tag_lines_read_alike(parts in prop::collection::vec(prop::sample::select(TAG_FRAGMENTS), 0..10)) {
        tags_agree(&format!("[{}", parts.concat()));
        tags_agree(&format!("[Event \"{}", parts.concat()));
    }
}
