//! The committed man pages are what the code generates: regenerate them with
//! `cargo run -- man --dir man` when the command line changes.

#[test]
fn committed_man_pages_match_the_generated_ones() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("man");
    let pages = pgn100::cli::man::pages();
    assert!(pages.len() >= 6);
    for (name, text) in pages {
        let committed = std::fs::read_to_string(dir.join(&name)).unwrap_or_default();
        assert!(committed == text, "man/{name} is stale: run `cargo run -- man --dir man`");
        assert!(text.contains(".SH"), "{name}");
    }
    let main = std::fs::read_to_string(dir.join("pgn100.1")).expect("pgn100.1");
    for section in ["EXIT STATUS", "ENVIRONMENT", "EXAMPLES", "VARIANTS", "NOTATION", "DIAGNOSTICS"] {
        assert!(main.contains(section), "{section}");
    }
}

#[test]
fn every_command_page_has_exit_status_examples_and_all_other_pages() {
    let pages = pgn100::cli::man::pages();
    let names: Vec<String> = pages.iter().map(|(n, _)| n.trim_end_matches(".1").to_string()).collect();
    assert_eq!(names.len(), 17, "{names:?}");
    assert!(!names.iter().any(|n| n == "pgn100-man"), "the maintainers' command has no page");
    for (name, text) in &pages {
        let this = name.trim_end_matches(".1");
        assert!(text.contains(".SH \"EXIT STATUS\"") || text.contains(".SH EXIT STATUS"), "{name}");
        assert!(!text.contains("EXTRA"), "{name}: clap's EXTRA heading");
        let see_also = text.split("SEE ALSO").nth(1).unwrap_or_else(|| panic!("{name}: SEE ALSO"));
        for other in names.iter().filter(|n| n.as_str() != this) {
            let roff = format!("{}(1)", other.replace('-', "\\-"));
            assert!(see_also.contains(&roff), "{name}: SEE ALSO lacks {other}");
        }
        for file in ["RULES.md", "NOTATION.md", "grammar/", "src/"] {
            assert!(!text.contains(file), "{name} points at {file}, which a user does not have");
        }
    }
    let validate = &pages.iter().find(|(n, _)| n == "pgn100-validate.1").expect("validate page").1;
    for field in ["code", "severity", "offset, length", "game", "ply", "from 1"] {
        assert!(validate.contains(field), "validate: JSON field {field}");
    }
}
