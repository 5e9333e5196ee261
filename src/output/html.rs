//! A game as one self-contained web page (`show --html`): the board as an
//! SVG diagram for every position the replay reached (main line and
//! variations, drawn as `show --svg` draws them; a Dice chess position with
//! its turn's line), the move
//! list in the record's own notation with its comments, and a few lines of
//! script to step through it with buttons and arrow keys. No network, no
//! external script or font. The page is well-formed XML (XHTML served as
//! HTML), so it can be read back and checked.

use std::fmt::Write as _;

use crate::commands::show::Frame;
use crate::notation::ast::{GameRecord, TokenKind};
use crate::notation::Letters;
use crate::output::diagram::{state, xml};
use crate::replay::GameReport;

/// One position of the page: node 0 is the start, node k > 0 the position
/// after a replayed move.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Node {
    /// The move token that led here (`None` for the start).
    pub token: Option<usize>,
    /// The node before the move.
    pub prev: Option<usize>,
    /// The next move in the same line.
    pub next: Option<usize>,
    /// First moves of the variations that replace this node's move.
    pub alternatives: Vec<usize>,
    /// The move a variation's nodes replace (its first move's), for "up".
    pub up: Option<usize>,
}

/// The nodes of a replay made with `keep_all`, in token order: their links
/// follow the lines of the record.
pub fn nodes(record: &GameRecord, report: &GameReport) -> Vec<Node> {
    let by_token: std::collections::HashMap<usize, usize> =
        report.all.iter().enumerate().map(|(i, ply)| (ply.token, i + 1)).collect();
    let mut nodes = vec![Node::default(); report.all.len() + 1];
    /// A line: its current node, the node before that, the move it replaces.
    struct Line {
        last: usize,
        before: Option<usize>,
        replaces: Option<usize>,
    }
    let mut line = Line { last: 0, before: None, replaces: None };
    let mut stack: Vec<Line> = Vec::new();
    for (ti, token) in record.tokens.iter().enumerate() {
        match token.kind {
            TokenKind::VariationStart => {
                let start = line.before.unwrap_or(line.last);
                let replaces = Some(line.last).filter(|_| line.before.is_some());
                stack.push(std::mem::replace(&mut line, Line { last: start, before: None, replaces }));
            }
            TokenKind::VariationEnd => {
                if let Some(parent) = stack.pop() {
                    line = parent;
                }
            }
            TokenKind::Move { .. } => {
                let Some(&k) = by_token.get(&ti) else { continue };
                let first_of_variation = line.before.is_none() && line.replaces.is_some();
                if let Some(node) = nodes.get_mut(k) {
                    node.token = Some(ti);
                    node.prev = Some(line.last);
                    node.up = line.replaces;
                }
                if first_of_variation {
                    if let Some(r) = line.replaces.and_then(|r| nodes.get_mut(r)) {
                        r.alternatives.push(k);
                    }
                } else if let Some(p) = nodes.get_mut(line.last) {
                    p.next.get_or_insert(k);
                }
                line.before = Some(line.last);
                line.last = k;
            }
            _ => {}
        }
    }
    nodes
}

/// The page of one game. `report` must come from a replay with `keep_all`,
/// `frames` its positions ([`crate::commands::show::frames`]: the start,
/// then one after each move of [`GameReport::for_each_kept`]); `text` is
/// the decoded text the record was read from. Under a board whose position
/// falls in a Dice chess turn: the turn's line (its roll marked) and the state.
pub fn game_page(
    record: &GameRecord,
    text: &str,
    report: &GameReport,
    frames: &[Frame<'_>],
    letters: Letters,
) -> String {
    let nodes = nodes(record, report);
    let mut boards = Vec::with_capacity(frames.len());
    for frame in frames {
        let mut board = frame.svg(letters);
        if let Some(caption) = frame.caption(Some((record, text))) {
            let line = match &caption.line {
                Some([turn, roll, rest]) => {
                    format!(r#"{}, roll <span class="roll">{}</span>{}"#, xml(turn), xml(roll), xml(rest))
                }
                None => "the start".to_string(),
            };
            let state = xml(&state(&frame.pos, caption.left));
            let _ = write!(board, r#"<p class="turn">{line}</p><p class="state">{state}</p>"#);
        }
        boards.push(board);
    }
    page(record, text, &nodes, &boards)
}

/// The page of `record` (read from `text`) with a board for each node:
/// `boards[n]` is the content of node `n`'s board (its SVG and any caption).
fn page(record: &GameRecord, text: &str, nodes: &[Node], boards: &[String]) -> String {
    let token_text = |i: usize| record.tokens.get(i).and_then(|t| text.get(t.span.clone())).unwrap_or_default();
    let tag = |name: &str| record.tag(name).unwrap_or("?");
    let title = format!("{} – {}, {} {}", tag("White"), tag("Black"), tag("Event"), tag("Date"));

    let mut all_boards = String::new();
    for (n, board) in boards.iter().enumerate() {
        let hidden = if n == 0 { "" } else { r#" hidden="hidden""# };
        let _ = write!(all_boards, r#"<div class="board" id="p{n}"{hidden}>{board}</div>"#);
        all_boards.push('\n');
    }

    // The move list: every token in its own notation; replayed moves can be
    // clicked; variations in brackets, comments beside their move.
    let by_token: std::collections::HashMap<usize, usize> =
        nodes.iter().enumerate().filter_map(|(k, node)| Some((node.token?, k))).collect();
    let mut moves = String::new();
    let mut depth = 0usize;
    for (i, token) in record.tokens.iter().enumerate() {
        let written = xml(token_text(i));
        match &token.kind {
            TokenKind::Move { .. } => match by_token.get(&i) {
                Some(k) => {
                    let _ = write!(moves, r#"<a class="mv" id="m{k}" data-n="{k}">{written}</a> "#);
                }
                None => {
                    let _ = write!(moves, r#"<span class="dead" title="not replayed">{written}</span> "#);
                }
            },
            TokenKind::Comment => {
                let inner = token_text(i).trim_start_matches('{').trim_end_matches('}').trim();
                let _ = write!(moves, r#"<span class="comment">{}</span> "#, xml(inner));
            }
            TokenKind::LineComment => {
                let inner = token_text(i).trim_start_matches(';').trim();
                let _ = write!(moves, r#"<span class="comment">{}</span> "#, xml(inner));
            }
            TokenKind::VariationStart => {
                depth += 1;
                moves.push_str(r#"<span class="variation">( "#);
            }
            TokenKind::VariationEnd if depth > 0 => {
                depth -= 1;
                moves.push_str(")</span> ");
            }
            TokenKind::MoveNumber { .. } => {
                let _ = write!(moves, r#"<span class="number">{written}</span> "#);
            }
            TokenKind::DiceRoll(_) => {
                let _ = write!(moves, r#"<span class="roll">{written}</span> "#);
            }
            _ => {
                let _ = write!(moves, "<span>{written}</span> ");
            }
        }
    }
    moves.push_str(&"</span>".repeat(depth));

    let links = |f: &dyn Fn(&Node) -> Option<usize>| {
        nodes
            .iter()
            .map(|node| f(node).map_or_else(|| "-1".to_string(), |k| k.to_string()))
            .collect::<Vec<_>>()
            .join(",")
    };
    let alternatives = nodes
        .iter()
        .map(|node| format!("[{}]", node.alternatives.iter().map(usize::to_string).collect::<Vec<_>>().join(",")))
        .collect::<Vec<_>>()
        .join(",");
    let tags: String =
        record.tags.iter().map(|t| format!("<tr><th>{}</th><td>{}</td></tr>", xml(&t.name), xml(&t.value))).collect();
    let mut page = String::new();
    let _ = write!(
        page,
        r#"{head}main {{ display: flex; flex-wrap: wrap; gap: 1.5em; align-items: flex-start; }}
#moves {{ max-width: 40em; line-height: 1.8; }}
.mv {{ cursor: pointer; padding: 0 0.15em; border-radius: 3px; }}
.mv.current {{ background: #baca2b; }}
.variation {{ color: #555; }}
.comment {{ color: #2a6a2a; font-style: italic; }}
.roll {{ font-weight: bold; }}
.turn {{ margin: 0.3em 0; max-width: 420px; }}
.dead {{ color: #b00; text-decoration: line-through; }}
nav button {{ font-size: 1.1em; min-width: 2.5em; }}
table {{ border-collapse: collapse; font-size: 0.9em; }}
th {{ text-align: left; padding-right: 1em; }}
</style>
</head>
<body>
<h1>{title}</h1>
<main>
<section>
<div id="boards">
{all_boards}</div>
<nav>
<button id="first" title="start (Home)">|◀</button>
<button id="back" title="back (←)">◀</button>
<button id="forward" title="forward (→)">▶</button>
<button id="last" title="end of the line (End)">▶|</button>
<button id="down" title="the variation that replaces this move (↓)">↓</button>
<button id="up" title="back to the move the variation replaces (↑)">↑</button>
</nav>
<p id="status"></p>
</section>
<section>
<table id="tags">{tags}</table>
<p id="moves">{moves}</p>
</section>
</main>
<script>//<![CDATA[
(function () {{
  var prev = [{prev}], next = [{next}], up = [{up}], alternatives = [{alternatives}];
  var current = 0;
  function show(n) {{
    if (n < 0 || n >= prev.length || !document.getElementById("p" + n)) return;
    document.getElementById("p" + current).hidden = true;
    var old = document.getElementById("m" + current);
    if (old) old.classList.remove("current");
    current = n;
    document.getElementById("p" + n).hidden = false;
    var mv = document.getElementById("m" + n);
    if (mv) {{ mv.classList.add("current"); mv.scrollIntoView({{ block: "nearest" }}); }}
    document.getElementById("status").textContent = n === 0 ? "start" : "after " + mv.textContent;
    document.body.setAttribute("data-current", String(n));
  }}
  function end() {{ var n = current; while (next[n] >= 0) n = next[n]; return n; }}
  function down() {{ return alternatives[current].length > 0 ? alternatives[current][0] : -1; }}
  var actions = {{
    first: function () {{ return 0; }},
    back: function () {{ return prev[current]; }},
    forward: function () {{ return next[current]; }},
    last: end,
    down: down,
    up: function () {{ return up[current]; }}
  }};
  var keys = {{ Home: "first", ArrowLeft: "back", ArrowRight: "forward", End: "last", ArrowDown: "down", ArrowUp: "up" }};
  Object.keys(actions).forEach(function (id) {{
    document.getElementById(id).addEventListener("click", function () {{ show(actions[id]()); }});
  }});
  document.addEventListener("keydown", function (e) {{
    var action = keys[e.key];
    if (action) {{ e.preventDefault(); show(actions[action]()); }}
  }});
  Array.prototype.forEach.call(document.querySelectorAll(".mv"), function (a) {{
    a.addEventListener("click", function () {{ show(Number(a.getAttribute("data-n"))); }});
  }});
  show(0);
  // `page.html#keys=RRDL` presses those keys once loaded (R → L ← D ↓ U ↑
  // H Home E End): a link to a position, and how the browser test steps.
  var pressed = /^#keys=([RLDUHE]*)$/.exec(window.location.hash);
  var names = {{ R: "ArrowRight", L: "ArrowLeft", D: "ArrowDown", U: "ArrowUp", H: "Home", E: "End" }};
  if (pressed) pressed[1].split("").forEach(function (k) {{
    document.dispatchEvent(new KeyboardEvent("keydown", {{ key: names[k], bubbles: true }}));
  }});
}})();
//]]></script>
</body>
</html>
"#,
        head = page_head(&title),
        title = xml(&title),
        prev = links(&|n| n.prev),
        next = links(&|n| n.next),
        up = links(&|n| n.up),
    );
    page
}

/// The start of a pgn100 page up to its own style rules: the XHTML head
/// with `title` (escaped here), the generator and the body's style.
pub(crate) fn page_head(title: &str) -> String {
    format!(
        r#"<!DOCTYPE html>
<html xmlns="http://www.w3.org/1999/xhtml" lang="en">
<head>
<meta charset="utf-8"/>
<meta name="generator" content="pgn100 {version}"/>
<title>{title}</title>
<style>
body {{ font-family: sans-serif; margin: 1em; color: #222; }}
"#,
        version = env!("CARGO_PKG_VERSION"),
        title = xml(title),
    )
}
