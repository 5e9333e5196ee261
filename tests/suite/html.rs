//! `show --html`: the page is well-formed, holds the board of every
//! position the replay reached (each the one `show --ply` draws), the moves
//! in the record's own notation with their comments, and the links the
//! buttons and arrow keys follow, which match the lines of the record.

use crate::common::{pgn100, with_stdin};

/// The FEN `show` prints for `args`' position.
fn shown_fen(out: &std::process::Output) -> String {
    let text = String::from_utf8_lossy(&out.stdout);
    let last = text.lines().last().unwrap_or_default();
    last.split_once("FEN ").map(|(_, f)| f.to_string()).expect("a FEN line")
}

/// One of the script's arrays of node numbers (`var prev = [..]`).
fn array(page: &str, name: &str) -> Vec<i64> {
    let start = page.find(&format!("{name} = [")).expect(name) + name.len() + 4;
    let end = start + page[start..].find(']').expect("]");
    page[start..end].split(',').map(|n| n.parse().expect("a number")).collect()
}

struct Page {
    /// The FEN of each board, by node.
    fens: Vec<String>,
    /// The roll shown beneath each board (Dice chess), by node.
    rolls: Vec<Option<String>>,
    /// The text of each clickable move, by node (from 1).
    moves: Vec<String>,
    comments: Vec<String>,
    source: String,
}

fn read_page(path: &std::path::Path) -> Page {
    let source = std::fs::read_to_string(path).expect("the page");
    let doc = roxmltree::Document::parse_with_options(
        &source,
        roxmltree::ParsingOptions { allow_dtd: true, ..roxmltree::ParsingOptions::default() },
    )
    .expect("well-formed XML");
    let class = |n: &roxmltree::Node, c: &str| n.attribute("class") == Some(c);
    let mut fens = Vec::new();
    let mut rolls = Vec::new();
    for (i, board) in doc.descendants().filter(|n| class(n, "board")).enumerate() {
        assert_eq!(board.attribute("id"), Some(format!("p{i}").as_str()));
        let title = board.descendants().find(|n| n.has_tag_name("title")).expect("an SVG title");
        fens.push(title.text().unwrap_or_default().to_string());
        rolls.push(board.descendants().find(|n| class(n, "roll")).map(|n| n.text().unwrap_or_default().to_string()));
    }
    let mut moves = Vec::new();
    for (i, mv) in doc.descendants().filter(|n| class(n, "mv")).enumerate() {
        assert_eq!(mv.attribute("data-n"), Some((i + 1).to_string().as_str()));
        moves.push(mv.text().unwrap_or_default().to_string());
    }
    let comments = doc.descendants().filter(|n| class(n, "comment")).map(|n| n.text().unwrap_or_default().to_string());
    Page { fens, rolls, moves, comments: comments.collect(), source }
}

#[test]
fn the_page_holds_every_position_and_the_lines_of_the_record() {
    let dir = tempfile::tempdir().expect("temp dir");
    let out = dir.path().join("game.html");
    let file = "corpus/valid/latin_short_annotated.pgn";
    let o = pgn100(&["show", file, "--html", out.to_str().expect("path")]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let page = read_page(&out);
    // 1. f4 f6 {Symmetric.} (1... f7 (1... e6 2. d4) 2. e4 $1) 2. Bxa8!? ...
    // 15. Pxe7+ Qexe7: 30 main-line moves and 4 in variations.
    assert_eq!(page.moves.len(), 34);
    assert_eq!(page.fens.len(), 35);
    assert_eq!(page.moves[..8], ["f4", "f6", "f7", "e6", "d4", "e4", "Bxa8!?", "Bxa3"]);
    assert_eq!(page.moves.last().map(String::as_str), Some("Qexe7"));
    assert_eq!(page.comments, ["Symmetric.", "rooks are traded"]);
    // The links, read off the record: f7 replaces f6 (node 2) from after f4;
    // e6 replaces f7; d4 follows e6; e4 follows f7; Bxa8 follows f6.
    let (prev, next, up) = (array(&page.source, "prev"), array(&page.source, "next"), array(&page.source, "up"));
    assert_eq!(prev[..9], [-1, 0, 1, 1, 1, 4, 3, 2, 7]);
    assert_eq!(next[..9], [1, 2, 7, 6, 5, -1, -1, 8, 9]);
    assert_eq!(up[..9], [-1, -1, -1, 2, 3, 3, 2, -1, -1]);
    assert!(page.source.contains("alternatives = [[],[],[3],[4],[]"));
    // The main line is the chain of `next` from the start: its k-th board
    // is the one `show --ply k` draws.
    let mut node = 0usize;
    for ply in 0..=30 {
        let shown = pgn100(&["show", file, "--ply", &ply.to_string()]);
        assert_eq!(page.fens[node], shown_fen(&shown), "ply {ply}");
        node = usize::try_from(next[node]).unwrap_or(node);
    }
    assert_eq!(next[node], -1);
    // The variations' boards are those of the same moves played as a game.
    for (line, node) in [("1. f4 f7 2. e4 *", 6), ("1. f4 e6 2. d4 *", 5)] {
        let shown = with_stdin(&["show", "-"], line.as_bytes());
        assert_eq!(page.fens[node], shown_fen(&shown), "{line}");
    }
}

#[test]
fn an_invalid_game_shows_its_moves_as_far_as_they_replay() {
    let dir = tempfile::tempdir().expect("temp dir");
    let out = dir.path().join("bad.html");
    let o = with_stdin(&["show", "-", "--html", out.to_str().expect("path")], b"1. e3-e5 e8-e6 2. b2-b9 *\n");
    assert_eq!(o.status.code(), Some(1));
    let page = read_page(&out);
    assert_eq!(page.moves, ["e3-e5", "e8-e6"]);
    assert_eq!(page.fens.len(), 3);
    assert!(page.source.contains(r#"<span class="dead" title="not replayed">b2-b9</span>"#));
    // A page is written whole or not at all: no page for a file without games.
    let none = dir.path().join("none.html");
    let o = with_stdin(&["show", "-", "--html", none.to_str().expect("path")], b"no games here\n");
    assert_eq!(o.status.code(), Some(2));
    assert!(!none.exists());
}

/// The oracle's first Dice game: its record's rolls, one for each move
/// (the roll of the move's turn), and its number of moves.
fn dice_rolls_by_move() -> Vec<String> {
    use crate::show::dice;
    let game = &dice::games()[0];
    let rolls = dice::written_rolls(&dice::text(dice::LATIN)).swap_remove(0);
    let mut by_move = Vec::new();
    for (t, roll) in game["turns"].as_array().expect("turns").iter().zip(rolls) {
        by_move.extend(std::iter::repeat_n(roll, t["moves"].as_array().map_or(0, Vec::len)));
    }
    by_move
}

/// A Dice game's page: a board for the start and after every move, each
/// the one `show --ply` draws, each with the roll the record writes for
/// its move's turn; the moves and rolls of the record in the list, linked
/// in one line.
#[test]
fn a_dice_page_shows_every_move_and_its_roll() {
    use crate::show::dice;
    let dir = tempfile::tempdir().expect("temp dir");
    let out = dir.path().join("dice.html");
    let o = pgn100(&["show", dice::LATIN, "--html", out.to_str().expect("path")]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let page = read_page(&out);
    let rolls = dice_rolls_by_move();
    assert_eq!(rolls.len(), 127);
    assert_eq!(page.fens.len(), 128);
    assert_eq!(page.moves.len(), 127);
    assert_eq!(page.moves[..4], ["a4", "Ra3", "Re3", "Rd3"]);
    assert_eq!(page.rolls[0], None, "no roll before the first turn");
    for ply in 0..=127 {
        let shown = pgn100(&["show", dice::LATIN, "--ply", &ply.to_string()]);
        assert_eq!(page.fens[ply], shown_fen(&shown), "ply {ply}");
        if ply > 0 {
            assert_eq!(page.rolls[ply].as_deref(), Some(rolls[ply - 1].as_str()), "ply {ply}");
            let line = String::from_utf8_lossy(&shown.stdout);
            assert!(line.contains(&format!("roll {}: move", rolls[ply - 1])), "ply {ply}: {line}");
        }
    }
    let (prev, next) = (array(&page.source, "prev"), array(&page.source, "next"));
    assert_eq!(prev, (-1..127).collect::<Vec<i64>>());
    assert_eq!(next, (1..128).chain([-1]).collect::<Vec<i64>>());
    // Every roll of the record stands in the move list too (54 turns).
    assert_eq!(page.source.matches(r#"<span class="roll">"#).count(), 54 + 127);
}

/// Headless Chromium, when the machine has it (Debian's `chromium`).
fn chromium() -> Option<std::path::PathBuf> {
    let found = std::env::var_os("CHROMIUM").map(std::path::PathBuf::from).or_else(|| {
        ["/usr/bin/chromium", "/usr/bin/chromium-browser"].iter().map(std::path::PathBuf::from).find(|p| p.exists())
    });
    if found.is_none() {
        eprintln!("skipped: no Chromium on this machine (apt-get install chromium, or set CHROMIUM)");
    }
    found
}

/// The DOM of `url` after its script ran, as headless Chromium serialises it.
fn dump_dom(browser: &std::path::Path, url: &str) -> String {
    let profile = tempfile::tempdir().expect("profile dir");
    let o = std::process::Command::new(browser)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
        ])
        .arg(format!("--user-data-dir={}", profile.path().display()))
        .args(["--dump-dom", url])
        .output()
        .expect("chromium runs");
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// The boards of a dumped DOM that are not hidden, each from its number on.
fn visible_boards(dom: &str) -> Vec<&str> {
    dom.split(r#"<div class="board" id="p"#)
        .skip(1)
        .filter(|rest| rest.split_once('>').is_some_and(|(attrs, _)| !attrs.contains("hidden")))
        .collect()
}

/// In a real browser, key presses step through the page (the page presses
/// the keys of its `#keys=` on load, as keydown events): after each
/// sequence exactly one board shows, the one of the node the links lead to,
/// whose FEN is the one `show` gives for those moves. And the report's
/// charts are in the rendered page.
#[test]
fn a_browser_steps_through_the_game_by_key_presses() {
    let Some(browser) = chromium() else { return };
    let dir = tempfile::tempdir().expect("temp dir");
    let out = dir.path().join("game.html");
    let file = "corpus/valid/latin_short_annotated.pgn";
    assert!(pgn100(&["show", file, "--html", out.to_str().expect("path")]).status.success());
    let page = read_page(&out);
    // R → next, L ← back, D ↓ the variation that replaces the current
    // move, U ↑ back to the move a variation replaces, E End, H Home.
    for (keys, node, moves) in [
        ("", 0, "*"),
        ("RR", 2, "1. f4 f6 *"),
        ("RD", 1, "1. f4 *"),
        ("RRD", 3, "1. f4 f7 *"),
        ("RRDR", 6, "1. f4 f7 2. e4 *"),
        ("RRDL", 1, "1. f4 *"),
        ("RRDD", 4, "1. f4 e6 *"),
        ("RRDDR", 5, "1. f4 e6 2. d4 *"),
        ("RRDU", 2, "1. f4 f6 *"),
        ("RRDDUU", 2, "1. f4 f6 *"),
        ("RRRE", 30 + 4, "*"),
        ("RRRH", 0, "*"),
    ] {
        let url = format!("file://{}#keys={keys}", out.display());
        let dom = dump_dom(&browser, &url);
        assert!(dom.contains(&format!(r#"data-current="{node}""#)), "{keys}: {}", &dom[..dom.len().min(300)]);
        let shown = visible_boards(&dom);
        assert_eq!(shown.len(), 1, "{keys}: one board shows");
        assert!(shown[0].starts_with(&format!("{node}\"")), "{keys}");
        if moves != "*" {
            let fen = shown_fen(&with_stdin(&["show", "-"], moves.as_bytes()));
            assert_eq!(page.fens[node], fen, "{keys}");
        }
    }
    // A Dice game: the board of each node shows with its turn's roll.
    let dice = dir.path().join("dice.html");
    assert!(pgn100(&["show", crate::show::dice::LATIN, "--html", dice.to_str().expect("path")]).status.success());
    let page = read_page(&dice);
    let rolls = dice_rolls_by_move();
    for (keys, node) in [("RRR", 3usize), ("RRRRL", 3), ("E", 127), ("RRRRRRRRRR", 10)] {
        let dom = dump_dom(&browser, &format!("file://{}#keys={keys}", dice.display()));
        assert!(dom.contains(&format!(r#"data-current="{node}""#)), "dice {keys}");
        let shown = visible_boards(&dom);
        assert_eq!(shown.len(), 1, "dice {keys}: one board shows");
        assert!(shown[0].starts_with(&format!("{node}\"")), "dice {keys}");
        let roll = rolls[node - 1].replace('<', "&lt;").replace('>', "&gt;");
        let board = shown[0].split("</div>").next().unwrap_or_default();
        assert!(board.contains(&format!(r#"<span class="roll">{roll}</span>"#)), "dice {keys}: {board}");
        assert_eq!(page.rolls[node].as_deref(), Some(rolls[node - 1].as_str()));
    }
    let report = dir.path().join("report.html");
    assert!(pgn100(&["stats", "corpus/valid", "--html", report.to_str().expect("path")]).status.success());
    let dom = dump_dom(&browser, &format!("file://{}", report.display()));
    assert!(dom.matches(r#"<figure class="chart""#).count() >= 8);
    assert!(dom.matches(r#"class="bar""#).count() >= 20);
}
