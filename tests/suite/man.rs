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
