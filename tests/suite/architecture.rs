//! The shape of the code, checked: what names a variant outside the rules
//! (docs/architecture.md, "Adding a variant").

use std::path::Path;

/// Where a variant is named outside `src/rules`: a variant by its enum
/// value, a position by its variant's type (the enum's arms), or the
/// variant-only views of a position. Each line is a place a new variant
/// may need a line. (`Variant::Chess` covers `Variant::Chess960`.) The
/// face's own constructors and methods (`VariantPosition::start`,
/// `from_fen`, `fen`) name no variant and are not counted.
const NAMES: [&str; 11] = [
    "Variant::Hundred",
    "Variant::Grand",
    "Variant::Chess",
    "Variant::Dice",
    "Variant::Royal",
    "VariantPosition::Plain",
    "VariantPosition::Dice",
    ".plain()",
    ".dice()",
    ".plain_mut()",
    ".dice_mut()",
];

/// The lines of the `.rs` files under `dir` (but `src/rules`) that name a
/// variant, outside their unit tests.
fn naming_lines(dir: &Path, out: &mut Vec<String>) {
    let mut entries: Vec<_> =
        std::fs::read_dir(dir).expect("source folder").map(|e| e.expect("entry").path()).collect();
    entries.sort();
    for path in entries {
        if path.ends_with("src/rules") {
            continue;
        }
        if path.is_dir() {
            naming_lines(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            let text = std::fs::read_to_string(&path).expect("source");
            // A file's unit tests (its `#[cfg(test)]` module, at its end)
            // name the variants they set up: not places a variant changes.
            for (i, line) in text.lines().enumerate().take_while(|(_, l)| l.trim() != "#[cfg(test)]") {
                if NAMES.iter().any(|n| line.contains(n)) {
                    out.push(format!("{}:{}: {}", path.display(), i + 1, line.trim()));
                }
            }
        }
    }
}

/// The places that name a variant outside `src/rules` do not grow: a
/// new one asks the position or its `Rules` instead (docs/architecture.md).
/// The bound comes down as the places move into the rules; the goal is 10,
/// each a name or tag mapping. Today's 23: `cli/variants.rs`'s
/// descriptions (6, a name mapping); the one move writer's choice of the
/// engine's or Dice chess's writer (`notation/write.rs` 6, `notation/pgn.rs`
/// 2); the replay's Dice turn walk (`replay/dice.rs` 5) and its one-move
/// walk, which resolves on the engine's position (`replay/mod.rs` 3); and
/// `stats`' count of a move of the engine's position (1).
#[test]
fn variant_names_outside_the_rules_do_not_grow() {
    const AT_MOST: usize = 23;
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut lines = Vec::new();
    naming_lines(&root.join("src"), &mut lines);
    naming_lines(&root.join("python/src"), &mut lines);
    assert!(lines.len() <= AT_MOST, "{} places name a variant outside src/rules:\n{}", lines.len(), lines.join("\n"));
    // The check sees them (it cannot pass by reading nothing).
    assert!(lines.iter().any(|l| l.contains("src/cli/variants.rs")), "{lines:?}");
}

/// The `.rs` files under `dir`, sorted, with their text.
fn sources(dir: &Path) -> Vec<(std::path::PathBuf, String)> {
    let mut out = Vec::new();
    let mut entries: Vec<_> =
        std::fs::read_dir(dir).expect("source folder").map(|e| e.expect("entry").path()).collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            out.extend(sources(&path));
        } else if path.extension().is_some_and(|e| e == "rs") {
            let text = std::fs::read_to_string(&path).expect("source");
            out.push((path, text));
        }
    }
    out
}

/// The lines of `text` that are code, not comments (`//`, `///`, `//!`).
fn code_lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.lines().enumerate().filter(|(_, l)| !l.trim_start().starts_with("//")).map(|(i, l)| (i + 1, l))
}

/// Arrows run down only (docs/architecture.md, "The layers"): the inputs
/// and the outputs import neither the commands nor the command line, and
/// inside the rules the board does not call the Royal module, which
/// imports the board.
#[test]
fn no_arrow_runs_back_up() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut wrong = Vec::new();
    let mut seen = 0;
    for layer in ["src/output", "src/input"] {
        for (path, text) in sources(&root.join(layer)) {
            seen += 1;
            for (n, line) in code_lines(&text) {
                if line.contains("crate::commands") || line.contains("crate::cli") {
                    wrong.push(format!("{}:{n}: {}", path.display(), line.trim()));
                }
            }
        }
    }
    let board = std::fs::read_to_string(root.join("src/rules/board.rs")).expect("board.rs");
    for (n, line) in code_lines(&board) {
        if line.contains("royal::") {
            wrong.push(format!("src/rules/board.rs:{n}: {}", line.trim()));
        }
    }
    assert!(seen > 10, "the check reads the layers' files ({seen})");
    assert!(wrong.is_empty(), "imports that run back up:\n{}", wrong.join("\n"));
}

/// Every function of `text` (by its `fn` keyword) with its first line and
/// its length in lines, to its closing brace. Strings, characters and
/// comments are skipped (their braces do not count); a declaration without
/// a body is none.
fn function_lengths(text: &str) -> Vec<(String, usize, usize)> {
    let b = text.as_bytes();
    let (mut i, mut line, mut depth, mut brackets) = (0, 1, 0usize, 0usize);
    // Functions open: name, first line, the depth its body opens at
    // (`None` before its `{`) and the depth of brackets at its `fn` (a `;`
    // there ends a declaration; one in `[u8; 16]` does not).
    let mut open: Vec<(String, usize, Option<usize>, usize)> = Vec::new();
    let mut out = Vec::new();
    let word_at = |i: usize| b.get(i).is_some_and(|c| c.is_ascii_alphanumeric() || *c == b'_');
    while i < b.len() {
        let c = b[i];
        match c {
            b'\n' => line += 1,
            b'/' if b.get(i + 1) == Some(&b'/') => {
                while i < b.len() && b[i] != b'\n' {
                    i += 1;
                }
                continue;
            }
            b'/' if b.get(i + 1) == Some(&b'*') => {
                i += 2;
                while i + 1 < b.len() && !(b[i] == b'*' && b[i + 1] == b'/') {
                    line += usize::from(b[i] == b'\n');
                    i += 1;
                }
                i += 2;
                continue;
            }
            b'r' if !word_at(i.wrapping_sub(1)) && matches!(b.get(i + 1), Some(b'#' | b'"')) => {
                // A raw string r#"…"#: up to the quote and as many #.
                let hashes = b[i + 1..].iter().take_while(|&&h| h == b'#').count();
                if b.get(i + 1 + hashes) == Some(&b'"') {
                    let close: Vec<u8> = std::iter::once(b'"').chain(std::iter::repeat_n(b'#', hashes)).collect();
                    i += 2 + hashes;
                    while i < b.len() && !b[i..].starts_with(&close) {
                        line += usize::from(b[i] == b'\n');
                        i += 1;
                    }
                    i += close.len();
                    continue;
                }
            }
            b'"' => {
                i += 1;
                while i < b.len() && b[i] != b'"' {
                    if b[i] == b'\\' {
                        i += 1;
                    }
                    line += usize::from(b.get(i) == Some(&b'\n'));
                    i += 1;
                }
            }
            b'\'' => {
                // A character ('{', '\'', '\u{7b}'), not a lifetime ('a).
                if b.get(i + 1) == Some(&b'\\') {
                    i += 3;
                    while i < b.len() && b[i] != b'\'' {
                        i += 1;
                    }
                } else if b.get(i + 2) == Some(&b'\'') {
                    i += 2;
                } else if let Some(len) = text.get(i + 1..).and_then(|t| t.chars().next()).map(char::len_utf8) {
                    if b.get(i + 1 + len) == Some(&b'\'') {
                        i += 1 + len;
                    }
                }
            }
            b'f' if !word_at(i.wrapping_sub(1))
                && b.get(i + 1) == Some(&b'n')
                && b.get(i + 2).is_some_and(|c| c.is_ascii_whitespace()) =>
            {
                let name: String =
                    text[i + 3..].trim_start().chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
                if !name.is_empty() {
                    open.push((name, line, None, brackets));
                }
            }
            b'{' => {
                if let Some(f) = open.last_mut().filter(|f| f.2.is_none()) {
                    f.2 = Some(depth);
                }
                depth += 1;
            }
            b'}' => {
                depth = depth.saturating_sub(1);
                if open.last().is_some_and(|f| f.2 == Some(depth)) {
                    if let Some((name, first, ..)) = open.pop() {
                        out.push((name, first, line - first + 1));
                    }
                }
            }
            b'(' | b'[' => brackets += 1,
            b')' | b']' => brackets = brackets.saturating_sub(1),
            b';' if open.last().is_some_and(|f| f.2.is_none() && f.3 == brackets) => {
                open.pop();
            }
            _ => {}
        }
        i += 1;
    }
    out
}

/// Functions a reader can hold: none in `src` is over 150 lines, but the
/// ones listed, which are to be split (the list can only shrink).
#[test]
fn no_function_is_over_150_lines() {
    const LIMIT: usize = 150;
    const EXCEPTIONS: [&str; 1] = ["src/replay/mod.rs walk"];
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let (mut long, mut functions) = (Vec::new(), 0);
    for (path, text) in sources(&root.join("src")) {
        let file = path.strip_prefix(root).expect("under the root").display().to_string();
        for (name, first, lines) in function_lengths(&text) {
            functions += 1;
            if lines > LIMIT && !EXCEPTIONS.contains(&format!("{file} {name}").as_str()) {
                long.push(format!("{file}:{first}: {name}: {lines} lines"));
            }
        }
    }
    assert!(functions > 1000, "the count sees the functions ({functions})");
    assert!(long.is_empty(), "functions over {LIMIT} lines:\n{}", long.join("\n"));
    // The counter counts: a function of 3 lines, braces in strings and
    // characters not counted.
    let sample = "fn a(w: [u8; 2]) {\n    let s = \"}\"; let c = '{'; let q = '\\'';\n}\nfn b();\n";
    assert_eq!(function_lengths(sample), [("a".to_string(), 1, 3)]);
}

/// The calls that open an input or read its blocks: a loop of reading of
/// its own wherever they are called.
const READING: [&str; 6] =
    ["input.open(", ".open_counted(", ".open_or_report(", "Blocks::new(", "for_each_chunk(", "decompress("];

/// One driver reads (docs/architecture.md, "Reading"): outside
/// `src/input`, at most one place opens inputs itself — `stats --merge`,
/// which reads aggregates (JSON), not games.
#[test]
fn reading_loops_outside_the_input_layer() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut loops = Vec::new();
    for dir in ["src", "python/src"] {
        for (path, text) in sources(&root.join(dir)) {
            if path.starts_with(root.join("src/input")) {
                continue;
            }
            for (n, line) in code_lines(&text) {
                if READING.iter().any(|r| line.contains(r)) {
                    loops.push(format!("{}:{n}: {}", path.display(), line.trim()));
                }
            }
        }
    }
    assert!(loops.len() <= 1, "reading loops outside src/input:\n{}", loops.join("\n"));
    assert!(loops.iter().all(|l| l.contains("src/cli/stats.rs")), "{loops:?}");
}
