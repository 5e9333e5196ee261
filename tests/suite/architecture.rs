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
