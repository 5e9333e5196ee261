//! What `validate` prints of a wall of warnings (`--errors-only`,
//! `--summary`, `--max-warnings`), held to the plain run's counts and to
//! golden files; and the blank line `filter` and `dedup` keep between the
//! games they write. The golden files are corpus/report/*.golden
//! (`PGN100_BLESS=1` rewrites them).

use std::collections::BTreeMap;

use crate::common::{corpus, pgn100};

/// Compares `got` with corpus/report/`name`, or rewrites it when
/// PGN100_BLESS is set.
fn check_golden(name: &str, got: &str) {
    let path = corpus("report").join(name);
    if std::env::var_os("PGN100_BLESS").is_some() {
        std::fs::write(&path, got).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        return;
    }
    let golden = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    assert_eq!(got, golden, "{} (PGN100_BLESS=1 rewrites the golden files)", path.display());
}

const BOOK: &str = "corpus/books/classics_book_form.pgn";

/// `validate` of the book with `options`: standard output, standard error
/// and the exit status.
fn validate(options: &[&str]) -> (String, String, Option<i32>) {
    let mut args = vec!["validate"];
    args.extend_from_slice(options);
    args.push(BOOK);
    let o = pgn100(&args);
    (String::from_utf8_lossy(&o.stdout).into_owned(), String::from_utf8_lossy(&o.stderr).into_owned(), o.status.code())
}

/// The codes of the diagnostics a text output shows, counted (the line
/// that starts each one is its code alone).
fn shown(out: &str) -> BTreeMap<String, usize> {
    let mut n = BTreeMap::new();
    for line in out.lines().filter(|l| l.starts_with("pgn100::") && !l.contains(' ')) {
        *n.entry(line.to_string()).or_default() += 1;
    }
    n
}

/// The counts of the last line, `(pgn100::code: n, ...)`.
fn counted(last: &str) -> BTreeMap<String, usize> {
    let list = last.rsplit_once(" (").map(|(_, l)| l.trim_end_matches(')')).unwrap_or_default();
    list.split(", ")
        .filter_map(|item| item.split_once(": "))
        .map(|(code, n)| (code.to_string(), n.parse().expect("a count")))
        .collect()
}

#[test]
fn errors_only_prints_the_errors_and_counts_everything() {
    let (all, _, status) = validate(&[]);
    let last = all.lines().last().expect("the last line").to_string();
    let counts = counted(&last);
    assert!(counts.get("pgn100::book_punctuation").is_some_and(|&n| n > 100), "{last}");
    assert_eq!(shown(&all), counts, "every diagnostic printed without options");
    let (errors, _, errors_status) = validate(&["--errors-only"]);
    // The same last line and exit status; only the errors' codes printed.
    assert_eq!((errors.lines().last(), errors_status), (Some(last.as_str()), status));
    assert!(!errors.contains("⚠"), "a warning printed");
    assert_eq!(shown(&errors), BTreeMap::from([("pgn100::wrong_man".to_string(), 11)]));
    check_golden("book.errors-only.golden", &errors);
    // In JSON: the errors' lines, the last line on standard error.
    let (json, stderr, json_status) = validate(&["--errors-only", "--format", "json"]);
    assert_eq!((stderr.trim_end(), json_status), (last.as_str(), status));
    let severities: Vec<String> = json
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).expect("JSON")["severity"].to_string())
        .collect();
    assert_eq!(severities, vec!["\"error\""; 11]);
}

#[test]
fn max_warnings_caps_each_code_and_says_how_many_more() {
    let (all, _, status) = validate(&[]);
    let last = all.lines().last().expect("the last line").to_string();
    let counts = counted(&last);
    let (capped, _, capped_status) = validate(&["--max-warnings", "2"]);
    assert_eq!((capped.lines().last(), capped_status), (Some(last.as_str()), status));
    // Two of each warning, every error; a line for each code cut short
    // with the rest, which add up to the last line's counts.
    let printed = shown(&capped);
    for (code, &n) in &counts {
        let errors = code == "pgn100::wrong_man";
        let want = if errors { n } else { n.min(2) };
        assert_eq!(printed.get(code), Some(&want), "{code}");
        let more = format!("{code}: {} more not shown (--max-warnings 2)", n - want);
        assert_eq!(capped.lines().any(|l| l == more), n > want, "{more}");
    }
    check_golden("book.max-warnings.golden", &capped);
    // The same in JSON, the lines saying what was not shown on standard error.
    let (json, stderr, _) = validate(&["--max-warnings", "2", "--format", "json"]);
    let mut codes: BTreeMap<String, usize> = BTreeMap::new();
    for line in json.lines() {
        let d: serde_json::Value = serde_json::from_str(line).expect("JSON");
        *codes.entry(d["code"].as_str().expect("code").to_string()).or_default() += 1;
    }
    assert_eq!(codes, printed);
    check_golden("book.max-warnings.json.golden", &format!("{json}{stderr}"));
}

#[test]
fn summary_tables_the_counts_by_code() {
    let (all, _, _) = validate(&[]);
    let last = all.lines().last().expect("the last line").to_string();
    let (out, _, _) = validate(&["--errors-only", "--summary"]);
    let table: Vec<&str> = out.lines().skip_while(|l| *l != "diagnostics by code:").skip(1).collect();
    // A row per code (each of one severity here), most frequent first,
    // with the counts of the last line; then the last line.
    let mut rows = BTreeMap::new();
    let mut previous = usize::MAX;
    for row in &table[..table.len() - 1] {
        let words: Vec<&str> = row.split_whitespace().collect();
        let n: usize = words[0].parse().expect("a count");
        assert!(n <= previous, "{row}");
        previous = n;
        rows.insert(words[2].to_string(), n);
    }
    assert_eq!(rows, counted(&last));
    assert_eq!(table.last(), Some(&last.as_str()));
    check_golden("book.summary.golden", &out);
    let (_, stderr, _) = validate(&["--errors-only", "--summary", "--format", "json"]);
    assert_eq!(stderr, out.get(out.find("diagnostics by code:").expect("the table")..).expect("the table"));
}

/// Games with no blank line between them (the last without a line end)
/// are written with one by `filter` and `dedup`, each game's bytes as
/// read; the output reads back as the same games.
#[test]
fn filter_and_dedup_keep_a_blank_line_between_games() {
    let input = std::fs::read_to_string(corpus("report/no_blank_lines.pgn")).expect("corpus");
    assert!(!input.contains("\n\n[") && !input.ends_with('\n'));
    for command in ["filter", "dedup"] {
        let o = pgn100(&[command, "--variant", "chess", "corpus/report/no_blank_lines.pgn"]);
        let out = String::from_utf8(o.stdout).expect("UTF-8");
        let games: Vec<&str> = out.split("\n\n[").collect();
        assert_eq!(games.len(), if command == "dedup" { 4 } else { 5 }, "{command}: {out}");
        for game in &games {
            let game = game.trim_start_matches('[').trim_end();
            assert!(input.contains(game), "{command}: {game:?} is not as read");
        }
        check_golden(&format!("no_blank_lines.{command}.golden"), &out);
        // CR LF: the blank line is written in CR LF.
        let crlf = input.replace('\n', "\r\n");
        let o = crate::common::with_stdin(&[command, "--variant", "chess", "-"], crlf.as_bytes());
        let out = String::from_utf8(o.stdout).expect("UTF-8");
        assert_eq!(
            out,
            std::fs::read_to_string(corpus(&format!("report/no_blank_lines.{command}.golden")))
                .expect("golden")
                .replace('\n', "\r\n"),
            "{command} CR LF"
        );
    }
}
