//! The opening tree as one self-contained explorer page (`tree --html`):
//! the rows of `tree --format json` to its depth, ONE board drawn by the
//! page's script from each position's FEN (the board of the game page:
//! [`crate::output::html`]), and the table of the continuations from the
//! position shown, each with its games, a bar of White's wins, draws and
//! Black's wins, the score, rating, performance and average year. Clicking
//! a move descends to the position it reaches; the back button (or ←,
//! Backspace) climbs, Home goes to the root; the line from the root is
//! shown above the table, each of its moves a link. No network, no external
//! script or font; the page is well-formed XML.

use std::fmt::Write as _;

use serde_json::{json, Value};

use crate::output::diagram::xml;
use crate::output::page::{empty_board, glyphs, page_head, BOARD_SCRIPT};
use crate::output::tree_rows::{Row, Written};
use crate::rules::VariantPosition;

/// A row of the page's data: the node it continues from, its move as
/// written, its UCI, games, White's wins, draws, Black's wins, score,
/// rating, performance, year, first and last dates, the sample game, and
/// the FEN after it.
fn node(parent: i64, row: &Row) -> Value {
    let sample = row.sample.as_ref().map(|s| {
        let players = if s.white.is_empty() && s.black.is_empty() {
            String::new()
        } else {
            format!(" {} - {}", s.white, s.black)
        };
        format!("{}#{}{players}", s.file, s.game)
    });
    json!([
        parent,
        row.written,
        row.uci,
        row.games,
        row.white,
        row.draws,
        row.black,
        row.score,
        row.rating,
        row.performance,
        row.year,
        row.first_date,
        row.last_date,
        sample,
        row.fen
    ])
}

/// The nodes of the page, root first, each row after its parent.
fn nodes(root: &Row, rows: &[Row]) -> Vec<Value> {
    let mut out = vec![node(-1, root)];
    let mut stack: Vec<(i64, &Row)> = rows.iter().rev().map(|r| (0, r)).collect();
    while let Some((parent, row)) = stack.pop() {
        out.push(node(parent, row));
        let me = (out.len() - 1) as i64;
        stack.extend(row.moves.iter().rev().map(|r| (me, r)));
    }
    out
}

/// JSON as a JavaScript value that is also safe inside the page's CDATA
/// section and its XML (`<`, `>`, `&` only occur in JSON's strings, where
/// their escapes mean the same).
fn script_json(value: &Value) -> String {
    value.to_string().replace('<', "\\u003c").replace('>', "\\u003e").replace('&', "\\u0026")
}

/// The page of the tree from `position`, whose figures are `root`'s, its
/// rows `rows` written as `how` says, of `games_read` games read from
/// `sources` (the inputs' names).
pub fn tree_page(
    position: &VariantPosition,
    root: &Row,
    rows: &[Row],
    how: Written,
    games_read: u64,
    sources: &str,
) -> String {
    let title = format!("pgn100 tree: {}", position.variant().name());
    let rules = position.rules();
    let (width, height) = (rules.width, rules.height);
    let (symbols, discs) = glyphs(rules, how.letters);
    let data = script_json(&Value::Array(nodes(root, rows)));
    let note = if how.min_games > 1 {
        format!(
            "The continuations played in at least {} games, {} turns deep, of the {} games of {sources}.",
            how.min_games, how.depth, games_read
        )
    } else {
        format!("The continuations played, {} turns deep, of the {} games of {sources}.", how.depth, games_read)
    };
    let mut page = String::with_capacity(data.len() + 16384);
    let _ = write!(
        page,
        r#"{head}main {{ display: flex; flex-wrap: wrap; gap: 1.5em; align-items: flex-start; }}
#fen {{ font-family: monospace; font-size: 0.85em; color: #555; overflow-wrap: anywhere; max-width: {caption_w}px; }}
#explorer {{ flex: 1; min-width: 30em; max-width: 60em; }}
#path {{ line-height: 1.8; }}
#path a {{ cursor: pointer; color: #1a4f8b; padding: 0 0.1em; }}
#path a.current {{ background: #baca2b; color: #222; }}
nav button {{ font-size: 1.1em; min-width: 2.5em; }}
table {{ border-collapse: collapse; font-size: 0.95em; }}
th, td {{ padding: 0.2em 0.6em; text-align: right; white-space: nowrap; }}
th:first-child, td:first-child {{ text-align: left; }}
tbody tr {{ cursor: pointer; }}
tbody tr:hover {{ background: #eef3d2; }}
tr.leaf td:first-child {{ color: #555; }}
.bar {{ display: flex; width: 12em; height: 1em; border: 1px solid #888; }}
.bar span {{ display: block; height: 100%; }}
.bar .w {{ background: #ffffff; }}
.bar .d {{ background: #a0a0a0; }}
.bar .b {{ background: #222222; }}
.note {{ color: #555; font-size: 0.9em; }}
</style>
</head>
<body>
<h1>{title}</h1>
<p class="note">{note}</p>
<main>
<section>
{board}
<p id="fen"></p>
<nav>
<button id="top" title="the root (Home)">|◀</button>
<button id="back" title="back (← or Backspace)">◀</button>
</nav>
</section>
<section id="explorer">
<p id="path"></p>
<p id="summary"></p>
<table id="moves"><thead><tr><th>move</th><th>games</th><th>white / draws / black</th><th>score</th><th>rating</th><th>perf</th><th>year</th></tr></thead><tbody id="rows"></tbody></table>
<p id="none" class="note"></p>
</section>
</main>
<script>//<![CDATA[
var W = {width}, H = {height}, depth = {depth}, minGames = {min_games};
var symbols = {{{symbols}}}, discs = {{{discs}}};
var nodes = {data};
{BOARD_SCRIPT}{SCRIPT}//]]></script>
</body>
</html>
"#,
        head = page_head(&title),
        title = xml(&title),
        note = xml(&note),
        caption_w = u32::from(width) * 40 + 40,
        board = empty_board(width, height, 'j'),
        depth = how.depth,
        min_games = how.min_games,
        SCRIPT = SCRIPT,
        BOARD_SCRIPT = BOARD_SCRIPT,
    );
    page
}

/// The page's script: links the nodes, shows a node's board, line and
/// continuations, and moves by clicks and keys.
const SCRIPT: &str = r##"(function () {
  "use strict";
  // A node: [parent, move, uci, games, white, draws, black, score, rating,
  // performance, year, first date, last date, sample, FEN after it].
  var children = nodes.map(function () { return []; }), level = [0];
  for (var k = 1; k < nodes.length; k++) {
    children[nodes[k][0]].push(k);
    level.push(level[nodes[k][0]] + 1);
  }
  var board = Board(W, H, symbols, discs), current = 0;
  function el(name, attrs, text) {
    var e = document.createElement(name);
    Object.keys(attrs).forEach(function (a) { e.setAttribute(a, attrs[a]); });
    if (text !== undefined) e.textContent = text;
    return e;
  }
  function clear(e) { while (e.firstChild) e.removeChild(e.firstChild); return e; }
  function opt(v, suffix) { return v === null || v === undefined ? "-" : String(v) + (suffix || ""); }
  // The squares of the turn's last move (its UCI's last word), by index.
  function lastMove(uci) {
    var words = uci.split(" "), word = words[words.length - 1], re = /([a-z])(\d+)/g, m, out = [];
    while ((m = re.exec(word)) && out.length < 2) {
      var f = m[1].charCodeAt(0) - 97, r = Number(m[2]) - 1;
      if (f < W && r < H) out.push(r * W + f);
    }
    return out;
  }
  function line(k) { var out = []; while (k > 0) { out.unshift(k); k = nodes[k][0]; } return out; }
  function show(k) {
    if (!(k >= 0 && k < nodes.length)) return;
    current = k;
    var n = nodes[k];
    board.draw(board.read(n[14].split(" ")[0]));
    board.mark(lastMove(n[2]));
    document.getElementById("fen").textContent = "FEN " + n[14];
    var path = clear(document.getElementById("path"));
    var start = el("a", { "data-node": "0" }, "start");
    if (k === 0) start.setAttribute("class", "current");
    path.appendChild(start);
    line(k).forEach(function (j) {
      path.appendChild(document.createTextNode(" "));
      var a = el("a", { "data-node": String(j) }, nodes[j][1]);
      if (j === k) a.setAttribute("class", "current");
      path.appendChild(a);
    });
    var dates = n[11] ? ", " + n[11] + " to " + n[12] : "";
    document.getElementById("summary").textContent = n[3] + " games: white wins " + n[4] + ", draws " + n[5] +
      ", black wins " + n[6] + (n[7] === null ? "" : ", score " + n[7] + "%") + dates +
      (n[13] ? "; first game " + n[13] : "");
    var rows = clear(document.getElementById("rows"));
    children[k].forEach(function (j) {
      var c = nodes[j], decided = c[4] + c[5] + c[6];
      var tr = el("tr", { "data-node": String(j), "class": level[j] >= depth ? "leaf" : "inner",
        title: (c[13] ? "first game " + c[13] : "") + (c[11] ? "; " + c[11] + " to " + c[12] : "") });
      var a = el("a", {}, c[1]);
      var td = el("td", { "class": "move" });
      td.appendChild(a);
      tr.appendChild(td);
      tr.appendChild(el("td", { "class": "games" }, String(c[3])));
      var bar = el("div", { "class": "bar", title: "white " + c[4] + ", draws " + c[5] + ", black " + c[6] });
      [["w", c[4]], ["d", c[5]], ["b", c[6]]].forEach(function (p) {
        var s = el("span", { "class": p[0], "data-count": String(p[1]) });
        s.style.width = (decided > 0 ? 100 * p[1] / decided : 0) + "%";
        bar.appendChild(s);
      });
      var cell = el("td", { "class": "wdl" });
      cell.appendChild(bar);
      tr.appendChild(cell);
      tr.appendChild(el("td", { "class": "score" }, opt(c[7], "%")));
      tr.appendChild(el("td", { "class": "rating" }, opt(c[8])));
      tr.appendChild(el("td", { "class": "performance" }, opt(c[9])));
      tr.appendChild(el("td", { "class": "year" }, c[10] === null ? "-" : String(Math.round(c[10]))));
      rows.appendChild(tr);
    });
    var none = "";
    if (children[k].length === 0) {
      none = level[k] >= depth ? "The page holds " + depth + " turns from the root (tree --depth)."
        : minGames > 1 ? "No continuation is played in at least " + minGames + " games."
        : "No continuation is played from it.";
    }
    document.getElementById("none").textContent = none;
    document.body.setAttribute("data-current", String(k));
  }
  function up() { return current === 0 ? 0 : nodes[current][0]; }
  document.getElementById("rows").addEventListener("click", function (e) {
    var tr = e.target.closest ? e.target.closest("tr[data-node]") : null;
    if (tr) show(Number(tr.getAttribute("data-node")));
  });
  document.getElementById("path").addEventListener("click", function (e) {
    var a = e.target.closest ? e.target.closest("a[data-node]") : null;
    if (a) show(Number(a.getAttribute("data-node")));
  });
  document.getElementById("back").addEventListener("click", function () { show(up()); });
  document.getElementById("top").addEventListener("click", function () { show(0); });
  document.addEventListener("keydown", function (e) {
    if (e.key === "ArrowLeft" || e.key === "Backspace") { e.preventDefault(); show(up()); }
    else if (e.key === "Home") { e.preventDefault(); show(0); }
  });
  show(0);
  // `page.html#node=N` shows node N (a link to a position).
  var node = /^#node=(\d+)$/.exec(window.location.hash);
  if (node) show(Number(node[1]));
})();
"##;
