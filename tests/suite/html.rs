//! `show --html`: the page is well-formed, small (tens of bytes a
//! position), holds the moves in the record's own notation with their
//! comments and the links the buttons and arrow keys follow, which match the
//! lines of the record; and in a real browser its script draws, for every
//! position stepped to, the board `show --ply` gives (men, glyphs and FEN).

use crate::common::{pgn100, with_stdin};

/// The FEN `show` prints for `args`' position.
pub(crate) fn shown_fen(out: &std::process::Output) -> String {
    let text = String::from_utf8_lossy(&out.stdout);
    let last = text.lines().last().unwrap_or_default();
    last.split_once("FEN ").map(|(_, f)| f.to_string()).expect("a FEN line")
}

/// The text between `var NAME = ` and the end of its line, without `;`.
fn script_value<'a>(page: &'a str, name: &str) -> &'a str {
    let start = page.find(&format!("var {name} = ")).or_else(|| page.find(&format!(", {name} = "))).expect(name);
    let rest = &page[start..];
    let rest = &rest[rest.find(" = ").expect("=") + 3..];
    let end = rest.find([';', '\n']).expect("end");
    let value = &rest[..end];
    // `var a = [..], b = {..}`: the first value only.
    match value.find("], ").or_else(|| value.find("}, ")) {
        Some(i) => &value[..=i],
        None => value,
    }
}

/// A `[1,2,3]` array of the script.
fn numbers(page: &str, name: &str) -> Vec<i64> {
    let v = script_value(page, name).trim_start_matches('[').trim_end_matches(']');
    v.split(',').filter(|s| !s.is_empty()).map(|n| n.parse().expect("a number")).collect()
}

/// A `{3:2,4:3}` map of the script.
fn map(page: &str, name: &str) -> Vec<(usize, i64)> {
    let v = script_value(page, name).trim_start_matches('{').trim_end_matches('}');
    v.split(',')
        .filter(|s| !s.is_empty())
        .map(|kv| {
            let (k, v) = kv.split_once(':').expect("k:v");
            (k.parse().expect("a key"), v.parse().expect("a value"))
        })
        .collect()
}

/// The links of the nodes as the script derives them from `back`, `starts`
/// and `ups`: prev, next, up and the alternatives of each node.
struct Links {
    prev: Vec<i64>,
    next: Vec<i64>,
    up: Vec<i64>,
    alternatives: Vec<Vec<usize>>,
}

fn links(page: &str) -> Links {
    let back = numbers(page, "back");
    let starts: std::collections::HashMap<usize, i64> = map(page, "starts").into_iter().collect();
    let ups: std::collections::HashMap<usize, i64> = map(page, "ups").into_iter().collect();
    let n = back.len();
    let mut l = Links { prev: Vec::new(), next: vec![-1; n], up: Vec::new(), alternatives: vec![Vec::new(); n] };
    for (k, b) in back.iter().enumerate() {
        let prev = if k == 0 { -1 } else { k as i64 - b };
        l.prev.push(prev);
        if let Some(&r) = starts.get(&k) {
            l.up.push(r);
            l.alternatives[r as usize].push(k);
        } else {
            let up = ups.get(&k).copied().unwrap_or(if k == 0 { -1 } else { l.up[prev as usize] });
            l.up.push(up);
            if k > 0 && l.next[prev as usize] < 0 {
                l.next[prev as usize] = k as i64;
            }
        }
    }
    l
}

struct Page {
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
    assert_eq!(doc.descendants().filter(|n| n.has_tag_name("svg")).count(), 1, "one board");
    let list = doc.descendants().find(|n| n.attribute("id") == Some("moves")).expect("the move list");
    let mut moves = Vec::new();
    for (i, mv) in list.descendants().filter(|n| n.has_tag_name("a")).enumerate() {
        assert_eq!(mv.attribute("id"), Some(format!("m{}", i + 1).as_str()));
        moves.push(mv.text().unwrap_or_default().to_string());
    }
    let comments = doc.descendants().filter(|n| class(n, "comment")).map(|n| n.text().unwrap_or_default().to_string());
    Page { moves, comments: comments.collect(), source }
}

fn write_page(file: &str, out: &std::path::Path) -> Page {
    let o = pgn100(&["show", file, "--html", out.to_str().expect("path")]);
    assert!(o.status.success(), "{file}: {}", String::from_utf8_lossy(&o.stderr));
    read_page(out)
}

#[test]
fn the_page_holds_the_moves_and_the_lines_of_the_record() {
    let dir = tempfile::tempdir().expect("temp dir");
    let out = dir.path().join("game.html");
    let page = write_page("corpus/valid/latin_short_annotated.pgn", &out);
    // 1. f4 f6 {Symmetric.} (1... f7 (1... e6 2. d4) 2. e4 $1) 2. Bxa8!? ...
    // 15. Pxe7+ Qexe7: 30 main-line moves and 4 in variations.
    assert_eq!(page.moves.len(), 34);
    assert_eq!(page.moves[..8], ["f4", "f6", "f7", "e6", "d4", "e4", "Bxa8!?", "Bxa3"]);
    assert_eq!(page.moves.last().map(String::as_str), Some("Qexe7"));
    assert_eq!(page.comments, ["Symmetric.", "rooks are traded"]);
    // The links, read off the record: f7 replaces f6 (node 2) from after f4;
    // e6 replaces f7; d4 follows e6; e4 follows f7; Bxa8 follows f6.
    let l = links(&page.source);
    assert_eq!(l.prev.len(), 35);
    assert_eq!(l.prev[..9], [-1, 0, 1, 1, 1, 4, 3, 2, 7]);
    assert_eq!(l.next[..9], [1, 2, 7, 6, 5, -1, -1, 8, 9]);
    assert_eq!(l.up[..9], [-1, -1, -1, 2, 3, 3, 2, -1, -1]);
    assert_eq!(l.alternatives[..5], [vec![], vec![], vec![3], vec![4], vec![]]);
    // One entry of board changes, FEN fields and state a node.
    for name in ["changes", "tails", "states"] {
        let v = script_value(&page.source, name);
        assert_eq!(v.matches(',').count() + 1, 35, "{name}: {v}");
    }
    // A plain move stores its two squares: f3 emptied, a white pawn on f4.
    assert!(script_value(&page.source, "changes").starts_with(r#"["","f3.f4P","f8.f6p","#));
}

#[test]
fn an_invalid_game_shows_its_moves_as_far_as_they_replay_and_why_it_stops() {
    let dir = tempfile::tempdir().expect("temp dir");
    let out = dir.path().join("bad.html");
    let o = with_stdin(&["show", "-", "--html", out.to_str().expect("path")], b"1. e3-e5 e8-e6 2. b2-b9 *\n");
    assert_eq!(o.status.code(), Some(1));
    let page = read_page(&out);
    assert_eq!(page.moves, ["e3-e5", "e8-e6"]);
    assert_eq!(numbers(&page.source, "back").len(), 3);
    // Why, as `validate` says it: the message, its label and code.
    let validate = with_stdin(&["validate", "-"], b"1. e3-e5 e8-e6 2. b2-b9 *\n");
    let said = String::from_utf8_lossy(&validate.stdout).into_owned() + &String::from_utf8_lossy(&validate.stderr);
    assert!(said.contains("the man on b2 is a bishop"), "{said}");
    assert!(
        page.source.contains(r#"<p class="stops" id="stops">This game is invalid: its replay stops at b2-b9: the man on b2 is a bishop (another piece letter)."#),
        "{}",
        page.source
    );
    assert!(page.source.contains("[pgn100::wrong_man]</p>"));
    assert!(page.source.contains(r#"<span class="dead stop" title="This game is invalid: its replay stops at b2-b9"#));
    // A valid game has no such line.
    let good = dir.path().join("good.html");
    let page = write_page("corpus/valid/seed002_castling.pgn", &good);
    assert!(!page.source.contains(r#"id="stops""#));
    // A page is written whole or not at all: no page for a file without games.
    let none = dir.path().join("none.html");
    let o = with_stdin(&["show", "-", "--html", none.to_str().expect("path")], b"no games here\n");
    assert_eq!(o.status.code(), Some(2));
    assert!(!none.exists());
}

/// A game of 200 plies with 20,000 moves and more in variations nested two
/// deep: after each main-line move a variation replays it and the next
/// `LEN - 1` moves, and inside it a variation replays its second move and
/// the rest. Each variation's positions are main-line positions, so that
/// `show --ply` tells what each should be. Returns the record and its main
/// line's moves.
fn nested_game() -> (String, Vec<String>) {
    const LEN: usize = 60;
    let o = pgn100(&[
        "generate",
        "--games",
        "40",
        "--max-plies",
        "200",
        "--seed",
        "1",
        "--letters",
        "latin",
        "--style",
        "short",
    ]);
    assert!(o.status.success());
    let text = String::from_utf8_lossy(&o.stdout).into_owned();
    let moves: Vec<String> = text
        .split("[Event ")
        .map(|game| game.lines().skip(1).filter(|l| !l.starts_with('[')).collect::<Vec<_>>().join(" "))
        .map(|movetext| {
            movetext
                .split_whitespace()
                .filter(|t| !t.ends_with('.') && !["*", "1-0", "0-1", "1/2-1/2"].contains(t))
                .map(str::to_string)
                .collect::<Vec<_>>()
        })
        .find(|m| m.len() == 200)
        .expect("a game of 200 plies");
    let n = moves.len();
    let mut record = String::from("[Event \"nested\"]\n[Variant \"Hundred\"]\n\n");
    for j in 0..n {
        record.push_str(&moves[j]);
        record.push_str(" (");
        let end = (j + LEN).min(n);
        for (i, mv) in moves[j..end].iter().enumerate() {
            record.push(' ');
            record.push_str(mv);
            if i == 1 {
                record.push_str(" (");
                for mv in &moves[j + 1..end] {
                    record.push(' ');
                    record.push_str(mv);
                }
                record.push_str(" )");
            }
        }
        record.push_str(" )\n");
    }
    record.push_str("*\n");
    (record, moves)
}

/// The page of a game with 20,000 variation moves is small: some tens of
/// bytes a position (the page with an SVG a position was 242 MB).
#[test]
fn a_game_with_twenty_thousand_variation_moves_gives_a_small_page() {
    let dir = tempfile::tempdir().expect("temp dir");
    let (record, _) = nested_game();
    let out = dir.path().join("big.html");
    let o = with_stdin(&["show", "-", "--html", out.to_str().expect("path")], record.as_bytes());
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let page = read_page(&out);
    let positions = page.moves.len() + 1;
    assert!(positions > 20_200, "{positions}");
    let size = page.source.len();
    // Bytes a position: the move in the list (`<a id="m12345">Nxe10</a> `)
    // and its data; the record's own text is about 6 bytes a move.
    let per_position = size / positions;
    assert!(per_position <= 60, "{size} bytes for {positions} positions: {per_position} a position");
    let l = links(&page.source);
    assert_eq!(
        l.alternatives.iter().map(Vec::len).sum::<usize>(),
        399,
        "a variation after each main move and one in each but the last"
    );
}

/// Headless Chromium (Debian's `chromium`, or `CHROMIUM`). The tests that
/// need it are ignored by default (run by .ci/run with `--ignored`) and fail without it: they never pass
/// green without a browser.
pub(crate) fn chromium() -> std::path::PathBuf {
    std::env::var_os("CHROMIUM")
        .map(std::path::PathBuf::from)
        .or_else(|| {
            ["/usr/bin/chromium", "/usr/bin/chromium-browser"].iter().map(std::path::PathBuf::from).find(|p| p.exists())
        })
        .expect("no Chromium on this machine (apt-get install chromium, or set CHROMIUM)")
}

/// The DOM of `url` after its script ran, as headless Chromium serialises it.
pub(crate) fn dump_dom(browser: &std::path::Path, url: &str) -> String {
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
            // The test's frame reads the page's document (both are files).
            "--allow-file-access-from-files",
        ])
        .arg(format!("--user-data-dir={}", profile.path().display()))
        .args(["--dump-dom", url])
        .output()
        .expect("chromium runs");
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// Loads `page` in a frame (`size` in pixels) of a driver page that runs
/// `script` when the frame has loaded, and returns the lines the script
/// pushed to `out`. The script sees the framed page's document as `d` and
/// its window as `w`.
pub(crate) fn run_in_frame(
    browser: &std::path::Path,
    page: &std::path::Path,
    (width, height): (u32, u32),
    script: &str,
) -> Vec<String> {
    let dir = page.parent().expect("a directory");
    let name = page.file_name().and_then(|n| n.to_str()).expect("a name");
    let driver = dir.join(format!("{name}.driver.html"));
    let html = format!(
        r##"<!DOCTYPE html><html><body><iframe id="f" src="{name}" width="{width}" height="{height}"></iframe><pre id="out"></pre><script>
var f = document.getElementById("f");
f.onload = function () {{
  var d = f.contentDocument, w = f.contentWindow, out = [];
{script}  document.getElementById("out").textContent = out.join("\n");
}};
</script></body></html>"##
    );
    std::fs::write(&driver, html).expect("the driver page");
    let dom = dump_dom(browser, &format!("file://{}", driver.display()));
    let out = dom.split("<pre id=\"out\">").nth(1).and_then(|s| s.split("</pre>").next()).expect("the driver's output");
    let out = out.replace("&lt;", "<").replace("&gt;", ">").replace("&quot;", "\"").replace("&amp;", "&");
    out.lines().map(str::to_string).collect()
}

/// The men a snapshot lists, `square letter glyph` joined by commas.
pub(crate) fn men(field: &str) -> Vec<(String, String, String)> {
    field
        .split(',')
        .filter(|m| !m.is_empty())
        .map(|m| {
            let mut p = m.splitn(3, ' ').map(str::to_string);
            (p.next().unwrap_or_default(), p.next().unwrap_or_default(), p.next().unwrap_or_default())
        })
        .collect()
}

/// What the page shows after a key press.
#[derive(Debug)]
struct Shown {
    node: usize,
    /// The FEN line (without `FEN `), the state, the status, and (Dice
    /// chess) the turn's line and its roll.
    fen: String,
    state: String,
    status: String,
    turn: String,
    roll: String,
    /// The men drawn: square, FEN letter, the glyph's text.
    men: Vec<(String, String, String)>,
    /// The squares marked as the last move's (`q` and the index).
    marked: Vec<String>,
}

/// The tokens of the move list drawn on more than one line (the frame is
/// narrow, so the list wraps a lot), and what the page shows after each key
/// of each sequence (each started from the start): one browser run, the
/// page in a frame of a test page that presses the keys.
fn step(browser: &std::path::Path, page: &std::path::Path, sequences: &[&str]) -> (Vec<String>, Vec<Vec<Shown>>) {
    let seqs = sequences.iter().map(|s| format!("\"{s}\"")).collect::<Vec<_>>().join(",");
    let script = format!(
        r##"  var names = {{ R: "ArrowRight", L: "ArrowLeft", D: "ArrowDown", U: "ArrowUp", H: "Home", E: "End" }};
  function t(id) {{ var e = d.getElementById(id); return e ? e.textContent : ""; }}
  function snap() {{
    var roll = d.querySelector("#turn .roll");
    var men = Array.prototype.map.call(d.querySelectorAll("#men > *"), function (m) {{
      return m.getAttribute("data-square") + " " + m.getAttribute("data-man") + " " + m.textContent; }}).join(",");
    var marked = Array.prototype.map.call(d.querySelectorAll("#board rect.last"), function (q) {{ return q.id; }}).join(",");
    return [d.body.getAttribute("data-current"), t("fen"), t("state"), t("status"), t("turn"), roll ? roll.textContent : "", men, marked].join("\t");
  }}
  var broken = Array.prototype.filter.call(d.querySelectorAll("#moves a, #moves span"), function (e) {{
    return !/variation|comment/.test(e.className) && e.getClientRects().length > 1; }}).map(function (e) {{ return e.textContent; }});
  out.push("broken\t" + broken.join("\t"));
  [{seqs}].forEach(function (seq) {{
    d.dispatchEvent(new w.KeyboardEvent("keydown", {{ key: "Home", bubbles: true }}));
    out.push("seq\t" + seq);
    out.push(snap());
    seq.split("").forEach(function (k) {{
      d.dispatchEvent(new w.KeyboardEvent("keydown", {{ key: names[k], bubbles: true }}));
      out.push(snap());
    }});
  }});
"##
    );
    let out = run_in_frame(browser, page, (320, 600), &script);
    let mut broken = Vec::new();
    let mut runs: Vec<Vec<Shown>> = Vec::new();
    for line in &out {
        let f: Vec<&str> = line.split('\t').collect();
        match f[0] {
            "broken" => broken = f[1..].iter().filter(|s| !s.is_empty()).map(|s| s.to_string()).collect(),
            "seq" => runs.push(Vec::new()),
            _ => {
                assert_eq!(f.len(), 8, "{line}");
                let men = men(f[6]);
                runs.last_mut().expect("a sequence").push(Shown {
                    node: f[0].parse().expect("data-current"),
                    fen: f[1].trim_start_matches("FEN ").to_string(),
                    state: f[2].to_string(),
                    status: f[3].to_string(),
                    turn: f[4].to_string(),
                    roll: f[5].to_string(),
                    men,
                    marked: f[7].split(',').filter(|s| !s.is_empty()).map(str::to_string).collect(),
                });
            }
        }
    }
    assert_eq!(runs.len(), sequences.len(), "{}", out.join("\n"));
    (broken, runs)
}

/// The placement of a FEN drawn as the men of [`Shown`] are: square and
/// letter of each man, rank 1 first.
pub(crate) fn placement_men(fen: &str) -> Vec<(String, String)> {
    let placement = fen.split(' ').next().expect("a placement");
    let mut men = Vec::new();
    for (r, row) in placement.split('/').rev().enumerate() {
        let mut file = 0u8;
        let mut digits = String::new();
        for c in row.chars() {
            if c.is_ascii_digit() {
                digits.push(c);
                continue;
            }
            file += digits.parse::<u8>().unwrap_or(0);
            digits.clear();
            men.push((format!("{}{}", char::from(b'a' + file), r + 1), c.to_string()));
            file += 1;
        }
    }
    men
}

/// The glyph the page draws for a man: the chess symbol, or the letter of
/// `disc` on a disc.
pub(crate) fn glyph(man: &str, disc: &dyn Fn(&str) -> String) -> String {
    match man {
        "K" => "♔",
        "Q" => "♕",
        "R" => "♖",
        "B" => "♗",
        "N" => "♘",
        "P" => "♙",
        "k" => "♚",
        "q" => "♛",
        "r" => "♜",
        "b" => "♝",
        "n" => "♞",
        "p" => "♟",
        other => return disc(other),
    }
    .to_string()
}

/// The page shows `fen`'s board: its men on their squares with their glyphs.
fn assert_board(shown: &Shown, fen: &str, disc: &dyn Fn(&str) -> String, what: &str) {
    assert_eq!(shown.fen, fen, "{what}: the FEN line");
    let want = placement_men(fen);
    let drawn: Vec<(String, String)> = shown.men.iter().map(|(sq, man, _)| (sq.clone(), man.clone())).collect();
    assert_eq!(drawn, want, "{what}: the men drawn");
    for (sq, man, text) in &shown.men {
        assert_eq!(*text, glyph(man, disc), "{what}: the glyph on {sq}");
    }
}

/// Walks the main line of `file` from the start to its end with → in a
/// browser: at each ply the page draws the board `show --ply` gives.
/// Returns what it showed.
fn walk_main_line(
    browser: &std::path::Path,
    dir: &std::path::Path,
    file: &str,
    disc: &dyn Fn(&str) -> String,
) -> Vec<Shown> {
    let out = dir.join(format!("{}.html", file.replace('/', "_")));
    let page = write_page(file, &out);
    let l = links(&page.source);
    let mut main = 0;
    let mut node = 0usize;
    while l.next[node] >= 0 {
        node = l.next[node] as usize;
        main += 1;
    }
    let keys = "R".repeat(main);
    let (broken, mut runs) = step(browser, &out, &[&keys]);
    assert!(broken.is_empty(), "{file}: tokens broken across lines: {broken:?}");
    let shown = runs.pop().expect("a run");
    assert_eq!(shown.len(), main + 1);
    let mut node = 0usize;
    for (ply, s) in shown.iter().enumerate() {
        assert_eq!(s.node, node, "{file} ply {ply}");
        let fen = shown_fen(&pgn100(&["show", file, "--ply", &ply.to_string()]));
        assert_board(s, &fen, disc, &format!("{file} ply {ply}"));
        // The last move's from- and to-square (one for a null move).
        let marked = if ply == 0 { 0..=0 } else { 1..=2 };
        assert!(marked.contains(&s.marked.len()), "{file} ply {ply}: {:?}", s.marked);
        if ply > 0 {
            assert!(
                s.status.starts_with("after ") && s.status.contains(&page.moves[node - 1]),
                "{file} ply {ply}: {}",
                s.status
            );
        } else {
            assert_eq!(s.status, "start");
        }
        node = usize::try_from(l.next[node]).unwrap_or(node);
    }
    shown
}

/// In a real browser the page's one board is drawn by its script: stepping
/// with the keys through the main line of a game of each variant (Hundred in
/// Latin and Cyrillic letters, Grand, Chess, Chess960, Royal, Dice) shows at
/// every ply the board and FEN `show --ply` gives, each man with its glyph;
/// the move list never breaks a token across lines.
#[test]
#[ignore = "needs headless Chromium (Debian's chromium): .ci/run installs it and runs it with --ignored"]
fn a_browser_draws_the_board_show_gives_at_every_ply_of_every_variant() {
    let browser = chromium();
    let dir = tempfile::tempdir().expect("temp dir");
    // Hundred's prince is `a` in FEN; Royal's prince and princess `t`, `s`.
    let latin = |man: &str| match man.to_uppercase().as_str() {
        "A" => "P".to_string(),
        other => other.to_string(),
    };
    let cyrillic = |man: &str| match man.to_uppercase().as_str() {
        "A" => "П".to_string(),
        "T" => "Пр".to_string(),
        "S" => "Пс".to_string(),
        other => other.to_string(),
    };
    for (file, disc) in [
        ("corpus/valid/latin_short_annotated.pgn", &latin as &dyn Fn(&str) -> String),
        ("corpus/valid/cyrillic_long_annotated.pgn", &cyrillic),
        ("corpus/valid/promotion_prince.pgn", &cyrillic),
        ("corpus/valid/seed002_en_passant.pgn", &cyrillic),
        ("corpus/valid/throne_pawn_spellings.pgn", &cyrillic),
        ("corpus/valid/chess960_generated.pgn", &latin),
        ("corpus/valid/chess_real_world_features.pgn", &latin),
        ("corpus/valid/chess_null_moves.pgn", &latin),
        ("corpus/oracle/royal/royal-lat-short.pgn", &latin),
    ] {
        let shown = walk_main_line(&browser, dir.path(), file, disc);
        assert!(shown.len() > 1, "{file}");
    }
    // Grand: its marshal and cardinal on discs, lettered as the record writes them.
    let grand = |man: &str| match man.to_uppercase().as_str() {
        "C" => "М".to_string(),
        "A" => "Кд".to_string(),
        other => other.to_string(),
    };
    walk_main_line(&browser, dir.path(), "corpus/valid/grand_cyrillic.pgn", &grand);
    let grand = |man: &str| man.to_uppercase();
    walk_main_line(&browser, dir.path(), "corpus/valid/grand_pychess.pgn", &grand);
    // Two-stage castling: the caption says what each stage did.
    let shown = walk_main_line(&browser, dir.path(), "corpus/valid/seed002_castling.pgn", &latin);
    assert_eq!(shown[1].status, "after 1. 0-0-0 (castling, first stage on the short wing: king f2–h2, rook j2–g2)");
    assert_eq!(shown[5].status, "after 3. 1 (castling, second stage on the short wing: king h2–i2, rook j2–h2)");
    assert_eq!(shown[6].status, "after 3... 1-1 (castling, second stage on the long wing: king d9–b9, rook a9–c9)");
    assert_eq!(shown[6].marked.len(), 2);
}

/// Dice chess: at every move the board of `show --ply`, the turn's line
/// with the roll the record writes for the move's turn, and the state.
#[test]
#[ignore = "needs headless Chromium (Debian's chromium): .ci/run installs it and runs it with --ignored"]
fn a_browser_shows_each_dice_move_with_its_roll() {
    let browser = chromium();
    let dir = tempfile::tempdir().expect("temp dir");
    let plain = |man: &str| man.to_string();
    let game = &crate::show::dice::games()[0];
    let rolls = crate::show::dice::written_rolls(&crate::show::dice::text(crate::show::dice::LATIN)).swap_remove(0);
    let mut by_move = Vec::new();
    for (t, roll) in game["turns"].as_array().expect("turns").iter().zip(rolls) {
        by_move.extend(std::iter::repeat_n(roll, t["moves"].as_array().map_or(0, Vec::len)));
    }
    for file in [crate::show::dice::LATIN, crate::show::dice::CYRILLIC] {
        let shown = walk_main_line(&browser, dir.path(), file, &plain);
        assert_eq!(shown.len(), 128, "{file}");
        assert_eq!(shown[0].turn, "the start");
        for (ply, s) in shown.iter().enumerate().skip(1) {
            let text = String::from_utf8_lossy(&pgn100(&["show", file, "--ply", &ply.to_string()]).stdout).into_owned();
            let lines: Vec<&str> = text.lines().collect();
            // `show` prints the turn's line, then the state and the FEN.
            let (turn, state) = (lines[lines.len() - 2], lines[lines.len() - 1]);
            assert_eq!(s.turn, turn, "{file} ply {ply}");
            assert_eq!(format!("{}; FEN {}", s.state, s.fen), state, "{file} ply {ply}");
            if file == crate::show::dice::LATIN {
                assert_eq!(s.roll, by_move[ply - 1], "{file} ply {ply}");
            }
            assert!(turn.contains(&format!("roll {}:", s.roll)), "{file} ply {ply}");
        }
    }
}

/// Key presses follow the lines of the record through its variations: after
/// each sequence the page shows the node the links lead to, with the board
/// `show` gives for those moves played as a game. And in the page of 20,000
/// variation moves, stepping deep into the nested variations shows the
/// main-line positions they replay.
#[test]
#[ignore = "needs headless Chromium (Debian's chromium): .ci/run installs it and runs it with --ignored"]
fn a_browser_steps_through_the_variations_by_key_presses() {
    let browser = chromium();
    let dir = tempfile::tempdir().expect("temp dir");
    let out = dir.path().join("game.html");
    write_page("corpus/valid/latin_short_annotated.pgn", &out);
    let latin = |man: &str| if man.eq_ignore_ascii_case("a") { "P".to_string() } else { man.to_uppercase() };
    // R → next, L ← back, D ↓ the variation that replaces the current
    // move, U ↑ back to the move a variation replaces, E End, H Home.
    let cases = [
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
    ];
    let sequences: Vec<&str> = cases.iter().map(|c| c.0).collect();
    let (_, runs) = step(&browser, &out, &sequences);
    for ((keys, node, moves), run) in cases.iter().zip(&runs) {
        let last = run.last().expect("a snapshot");
        assert_eq!(last.node, *node, "{keys}");
        let fen = if *moves == "*" {
            let ply = if *node == 0 { "0" } else { "30" };
            shown_fen(&pgn100(&["show", "corpus/valid/latin_short_annotated.pgn", "--ply", ply]))
        } else {
            shown_fen(&with_stdin(&["show", "-"], moves.as_bytes()))
        };
        assert_board(last, &fen, &latin, keys);
    }

    // The big page: down into the variation after main move j, then its
    // nested one, then along it; each node's position is a main-line one.
    let (record, _) = nested_game();
    let big = dir.path().join("big.html");
    let o = with_stdin(&["show", "-", "--html", big.to_str().expect("path")], record.as_bytes());
    assert!(o.status.success());
    let file = dir.path().join("big.pgn");
    std::fs::write(&file, &record).expect("the record");
    let main_fen = |ply: usize| shown_fen(&pgn100(&["show", file.to_str().expect("path"), "--ply", &ply.to_string()]));
    // (keys, the main-line ply whose position shows)
    let cases: Vec<(String, usize)> = vec![
        ("E".to_string(), 200),
        (format!("{}D", "R".repeat(120)), 120),
        (format!("{}DRRRR", "R".repeat(120)), 124),
        (format!("{}DRDRRR", "R".repeat(150)), 154),
        (format!("{}DRDRRRUU", "R".repeat(150)), 150),
        (format!("{}DRDE", "R".repeat(100)), 159),
        (format!("{}DRDEH", "R".repeat(100)), 0),
    ];
    let sequences: Vec<&str> = cases.iter().map(|c| c.0.as_str()).collect();
    let (_, runs) = step(&browser, &big, &sequences);
    for ((keys, ply), run) in cases.iter().zip(&runs) {
        let last = run.last().expect("a snapshot");
        assert_board(last, &main_fen(*ply), &latin, &format!("big page, {} keys", keys.len()));
    }
    // Deep in a nested variation, the node is not a main-line one.
    assert!(runs[3].last().expect("a snapshot").node > 200);
}

/// The statistics page in a browser: its charts are drawn.
#[test]
#[ignore = "needs headless Chromium (Debian's chromium): .ci/run installs it and runs it with --ignored"]
fn a_browser_shows_the_charts_of_the_statistics_page() {
    let browser = chromium();
    let dir = tempfile::tempdir().expect("temp dir");
    let report = dir.path().join("report.html");
    assert!(pgn100(&["stats", "corpus/valid", "--html", report.to_str().expect("path")]).status.success());
    let dom = dump_dom(&browser, &format!("file://{}", report.display()));
    assert!(dom.matches(r#"<figure class="chart""#).count() >= 8);
    assert!(dom.matches(r#"class="bar""#).count() >= 20);
}
