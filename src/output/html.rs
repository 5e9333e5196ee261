//! A game as one self-contained web page (`show --html`): ONE board, drawn
//! by the page's script from each position's data, the move list in the
//! record's own notation with its comments, and a few lines of script to
//! step through it with buttons and arrow keys. No network, no external
//! script or font. The page is well-formed XML (XHTML served as HTML), so
//! it can be read back and checked.
//!
//! A position costs the page some tens of bytes: the board of node `k` is
//! its previous node's with the squares its move changed (`changes[k]`,
//! the move's from- and to-square first, then any other square a castling,
//! an en passant capture, a throne pawn or a restoration changed), and its
//! FEN's other fields are stored only where they are not the plain
//! successor of the previous node's (the other side to move, the same
//! rights, no en passant square, the clocks counted on). The script builds
//! each position from the start's FEN, draws it, and shows its FEN, what the
//! position is (to move, check, mate; Dice chess: the turn, its roll and the
//! dice left) and what the last move did when it was more than a move
//! (castling, en passant, the throne pawn).

use std::collections::HashMap;
use std::fmt::Write as _;

use crate::notation::ast::{GameRecord, TokenKind};
use crate::notation::Letters;
use crate::output::diagram::{letter, state, xml};
use crate::output::frames::for_each_frame;
use crate::output::page::{empty_board, glyphs, join, js, page_head, BOARD_SCRIPT};
use crate::replay::GameReport;
use crate::rules::{Move, MoveKind, Rules, Square, Stage, VariantPosition, Wing};

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
    let by_token: HashMap<usize, usize> = report.all.iter().enumerate().map(|(i, ply)| (ply.token, i + 1)).collect();
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

/// The page of one game. `report` must come from a replay with `keep_all`;
/// `text` is the decoded text the record was read from. The positions are
/// played one at a time ([`for_each_frame`]) and only their data is kept.
pub fn game_page(record: &GameRecord, text: &str, report: &GameReport, letters: Letters) -> String {
    let nodes = nodes(record, report);
    let data = positions(record, report, &nodes);
    page(record, text, report, &nodes, &data, letters)
}

/// What the page's script needs of every position, as JavaScript values.
#[derive(Default)]
struct Positions {
    width: u8,
    height: u8,
    /// The first position's FEN, and the rules it was played under.
    start: String,
    rules: Option<&'static Rules>,
    /// Per node: the changed squares (`e2.e4P`), and its FEN's fields after
    /// the placement when they are not [`successor`]'s (else empty).
    changes: Vec<String>,
    tails: Vec<String>,
    /// Per node: an index into `texts` of what the position is.
    states: Vec<usize>,
    /// What the move to a node did, where more than a move: index into `texts`.
    notes: Vec<(usize, usize)>,
    /// Dice chess: per turn its line's head and roll; per node its turn
    /// (`None` at the start) and the index into `texts` of the rest of its
    /// line, `\u{1}` standing for the move as written.
    turns: Vec<(String, String)>,
    captions: Vec<Option<(usize, usize)>>,
    texts: Texts,
}

/// Distinct texts, each stored once.
#[derive(Default)]
struct Texts {
    all: Vec<String>,
    index: HashMap<String, usize>,
}

impl Texts {
    fn of(&mut self, text: String) -> usize {
        if let Some(&i) = self.index.get(&text) {
            return i;
        }
        self.all.push(text.clone());
        self.index.insert(text, self.all.len() - 1);
        self.all.len() - 1
    }
}

/// The FEN fields after the placement that follow `tail` when nothing but a
/// plain move happened: the other side to move, the same rights, no en
/// passant square, the half-move clock one up (0 after a pawn's move or a
/// capture: `reset`), the move number one up after Black. `None` for fields
/// of another shape. The page's script computes the very same (`successor`
/// there).
fn successor(tail: &str, reset: bool) -> Option<String> {
    let fields: Vec<&str> = tail.split(' ').collect();
    let [turn, rights, _, half, full] = fields[..] else { return None };
    let number = |s: &str| -> Option<u64> {
        (!s.is_empty() && s.len() <= 9 && s.bytes().all(|b| b.is_ascii_digit())).then(|| s.parse().ok()).flatten()
    };
    let (half, full) = (number(half)?, number(full)?);
    let (next, full) = match turn {
        "w" => ("b", full),
        "b" => ("w", full + 1),
        _ => return None,
    };
    let half = if reset { 0 } else { half + 1 };
    Some(format!("{next} {rights} - {half} {full}"))
}

/// The board as FEN letters by square, rank by rank from rank 1 (`.` empty).
fn cells(pos: &VariantPosition) -> Vec<u8> {
    let rules = pos.rules();
    let mut out = Vec::with_capacity(usize::from(rules.width) * usize::from(rules.height));
    for rank in 0..rules.height {
        for file in 0..rules.width {
            let man = Square::new(file, rank).and_then(|sq| pos.board().piece_at(sq));
            out.push(man.map_or(b'.', |p| letter(p, rules).bytes().next().unwrap_or(b'?')));
        }
    }
    out
}

/// `e4`, `a10`: a square by its file and rank (0-based).
fn square_name(file: u8, rank: u8) -> String {
    format!("{}{}", char::from(b'a' + file), u32::from(rank) + 1)
}

/// What a move did beyond taking a man from one square to another, in
/// words, the tenth file lettered `tenth` (`j`, or `k` as the record writes).
fn note(pos_before_rules: &Rules, mv: Move, tenth: char) -> Option<String> {
    let name = |sq: Square| {
        if sq.file() == 9 {
            format!("{tenth}{}", u32::from(sq.rank()) + 1)
        } else {
            sq.to_string()
        }
    };
    match mv.kind {
        MoveKind::Castle(i) => {
            let spec = pos_before_rules.castling.get(usize::from(i))?;
            let wing = match spec.wing {
                Wing::Short => "short",
                Wing::Long => "long",
            };
            let what = match (pos_before_rules.two_stage_castling(), spec.stage) {
                (false, _) => format!("castling on the {wing} wing"),
                (true, Stage::First) => format!("castling, first stage on the {wing} wing"),
                (true, Stage::Second) => format!("castling, second stage on the {wing} wing"),
            };
            Some(format!(
                "{what}: king {}–{}, rook {}–{}",
                name(spec.king_from),
                name(spec.king_to),
                name(spec.rook_from),
                name(spec.rook_to)
            ))
        }
        MoveKind::EnPassant => {
            let taken = Square::new(mv.to.file(), mv.from.rank())?;
            Some(format!("en passant, the pawn on {} taken", name(taken)))
        }
        MoveKind::Throne(sq) => Some(format!("the king gains the throne pawn, placed on {}", name(sq))),
        _ => None,
    }
}

/// Every node's data, the positions played one at a time: a node's board is
/// compared with its previous node's (all boards are kept as bytes, a
/// hundred a node).
fn positions(record: &GameRecord, report: &GameReport, nodes: &[Node]) -> Positions {
    let mut out = Positions::default();
    let mut boards: Vec<Vec<u8>> = Vec::with_capacity(nodes.len());
    let mut tails: Vec<String> = Vec::with_capacity(nodes.len());
    let tenth = if report.files_ak { 'k' } else { 'j' };
    let mut turn_of = HashMap::new();
    for_each_frame(record, report, |frame| {
        let k = boards.len();
        let rules = frame.pos.rules();
        let fen = frame.pos.fen();
        let tail = fen.split_once(' ').map_or("", |(_, tail)| tail);
        let board = cells(&frame.pos);
        let prev = nodes.get(k).and_then(|n| n.prev);
        match prev.and_then(|p| Some((boards.get(p)?, tails.get(p)?))) {
            None => {
                out.width = rules.width;
                out.height = rules.height;
                out.start = fen.clone();
                out.rules = Some(rules);
                out.changes.push(String::new());
                out.tails.push(String::new());
            }
            Some((before, before_tail)) => {
                let mut changes = String::new();
                let w = usize::from(rules.width);
                let mut put = |i: usize| {
                    let c = board.get(i).copied().unwrap_or(b'.');
                    let _ = write!(changes, "{}{}", square_name((i % w) as u8, (i / w) as u8), char::from(c));
                };
                let mv = frame.last_move();
                let index = |sq: Square| usize::from(sq.rank()) * w + usize::from(sq.file());
                let first = mv.map(|m| [index(m.from), index(m.to)]);
                for &i in first.iter().flatten() {
                    put(i);
                }
                for (i, (a, b)) in before.iter().zip(&board).enumerate() {
                    if a != b && !first.is_some_and(|f| f.contains(&i)) {
                        put(i);
                    }
                }
                out.changes.push(changes);
                // A pawn's move or a capture, as the script tells them:
                // the from-square held a pawn, the to-square a man.
                let held = |i: Option<usize>| i.and_then(|i| before.get(i)).copied();
                let reset = held(first.map(|f| f[0])).is_some_and(|c| c.eq_ignore_ascii_case(&b'p'))
                    || held(first.map(|f| f[1])).is_some_and(|c| c != b'.');
                let predicted = successor(before_tail, reset);
                out.tails.push(if predicted.as_deref() == Some(tail) { String::new() } else { tail.to_string() });
                if let Some(text) = mv.and_then(|m| note(rules, m, tenth)) {
                    let t = out.texts.of(text);
                    out.notes.push((k, t));
                }
            }
        }
        // What the position is; Dice chess: where it stands in the turns.
        let caption = frame.caption_with("\u{1}");
        let left = caption.as_ref().and_then(|c| c.left);
        let state = out.texts.of(state(&frame.pos, left));
        out.states.push(state);
        if let Some(caption) = caption {
            let at = match (caption.line, frame.dice.as_ref().and_then(|d| d.turn)) {
                (Some([head, roll, rest]), Some(turn)) => {
                    let key = turn as *const _ as usize;
                    let next = out.turns.len();
                    let t = *turn_of.entry(key).or_insert(next);
                    if t == next {
                        out.turns.push((head, roll));
                    }
                    Some((t, out.texts.of(rest)))
                }
                _ => None,
            };
            out.captions.push(at);
        }
        boards.push(board);
        tails.push(tail.to_string());
    });
    out
}

/// Why the replay stopped short of the record's end, as a sentence (`None`
/// for a game replayed whole).
fn stops(report: &GameReport, text: &str) -> Option<String> {
    if report.complete {
        return None;
    }
    let Some(d) = report.diagnostics.iter().find(|d| d.is_error()) else {
        return Some("This game is invalid: its replay stops here.".to_string());
    };
    let at = text.get(d.span.clone()).filter(|s| !s.is_empty() && s.len() <= 40);
    let mut out = match at {
        Some(at) => format!("This game is invalid: its replay stops at {at}: {}", d.message),
        None => format!("This game is invalid: its replay stops: {}", d.message),
    };
    if !d.label.is_empty() {
        let _ = write!(out, " ({})", d.label);
    }
    out.push('.');
    if let Some(help) = &d.help {
        let _ = write!(out, " Help: {help}");
    }
    let _ = write!(out, " [{}]", d.code);
    Some(out)
}
/// The move list: every token in its own notation, none broken across
/// lines; replayed moves (`nodes`) can be clicked; variations in brackets,
/// comments beside their move; the move the replay stopped at (`stop_at`)
/// marked with why (`stops`).
fn move_list<'t>(
    record: &GameRecord,
    token_text: &impl Fn(usize) -> &'t str,
    nodes: &[Node],
    stops: Option<&str>,
    stop_at: Option<usize>,
) -> String {
    let by_token: HashMap<usize, usize> =
        nodes.iter().enumerate().filter_map(|(k, node)| Some((node.token?, k))).collect();
    let mut moves = String::with_capacity(nodes.len() * 24);
    let mut depth = 0usize;
    for (i, token) in record.tokens.iter().enumerate() {
        let written = xml(token_text(i));
        match &token.kind {
            TokenKind::Move { .. } => match by_token.get(&i) {
                Some(k) => {
                    let _ = write!(moves, r#"<a id="m{k}">{written}</a> "#);
                }
                None if stop_at.is_some_and(|at| token.span.contains(&at) || token.span.start == at) => {
                    let why = stops.map(xml).unwrap_or_default();
                    let _ = write!(moves, r#"<span class="dead stop" title="{why}">{written}</span> "#);
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
    moves
}

/// The links: each node's distance back to its previous one; the first
/// moves of variations with the move they replace; and the rare node
/// whose "up" is not its previous node's (the script derives the rest).
fn links(nodes: &[Node]) -> (String, Vec<String>, Vec<String>) {
    let back = join(nodes.iter().enumerate(), |(k, n)| n.prev.map_or(0, |p| k.saturating_sub(p)).to_string());
    let mut starts = Vec::new();
    let mut ups = Vec::new();
    for (k, node) in nodes.iter().enumerate() {
        let alternative = node.up.and_then(|r| nodes.get(r)).is_some_and(|r| r.alternatives.contains(&k));
        if alternative {
            starts.push(format!("{k}:{}", node.up.unwrap_or(0)));
            continue;
        }
        let derived = node.prev.and_then(|p| nodes.get(p)).and_then(|p| p.up);
        if node.up != derived {
            ups.push(format!("{k}:{}", node.up.map_or(-1, |u| u as i64)));
        }
    }
    (back, starts, ups)
}

/// The page of `record` (read from `text`), its nodes linked as `nodes`,
/// its positions as `data`.
fn page(
    record: &GameRecord,
    text: &str,
    report: &GameReport,
    nodes: &[Node],
    data: &Positions,
    letters: Letters,
) -> String {
    let token_text = |i: usize| record.tokens.get(i).and_then(|t| text.get(t.span.clone())).unwrap_or_default();
    let tag = |name: &str| record.tag(name).unwrap_or("?");
    let title = format!("{} – {}, {} {}", tag("White"), tag("Black"), tag("Event"), tag("Date"));
    let stops = stops(report, text);
    let stop_at = report.diagnostics.iter().find(|d| d.is_error()).filter(|_| !report.complete).map(|d| d.span.start);

    let moves = move_list(record, &token_text, nodes, stops.as_deref(), stop_at);
    let (back, starts, ups) = links(nodes);
    let tenth = if report.files_ak { 'k' } else { 'j' };
    let (symbols, discs) = data.rules.map(|r| glyphs(r, letters)).unwrap_or_default();
    let tags: String =
        record.tags.iter().map(|t| format!("<tr><th>{}</th><td>{}</td></tr>", xml(&t.name), xml(&t.value))).collect();
    let (start_placement, start_tail) = data.start.split_once(' ').unwrap_or((data.start.as_str(), ""));
    let dice = !data.captions.is_empty();
    let turn_line = if dice { r#"<p class="turn" id="turn"></p>"# } else { "" };
    let stops_line =
        stops.as_deref().map_or_else(String::new, |s| format!(r#"<p class="stops" id="stops">{}</p>"#, xml(s)));
    let mut page = String::with_capacity(moves.len() * 3 + 8192);
    let _ = write!(
        page,
        r#"{head}main {{ display: flex; flex-wrap: wrap; gap: 1.5em; align-items: flex-start; }}
#moves {{ max-width: 40em; line-height: 1.8; max-height: 85vh; overflow-y: auto; margin: 0; }}
#moves a, #moves span {{ white-space: nowrap; }}
#moves .variation, #moves .comment {{ white-space: normal; }}
#moves a {{ cursor: pointer; padding: 0 0.15em; border-radius: 3px; }}
#moves a.current {{ background: #baca2b; }}
.variation {{ color: #555; }}
.comment {{ color: #2a6a2a; font-style: italic; }}
.roll {{ font-weight: bold; }}
.turn, .state, #status, #fen, .stops {{ margin: 0.3em 0; max-width: {caption_w}px; }}
#fen {{ font-family: monospace; font-size: 0.85em; color: #555; overflow-wrap: anywhere; }}
.stops {{ color: #b00; }}
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
{board}
{turn_line}<p class="state" id="state"></p>
<p id="status"></p>
<p id="fen"></p>
{stops_line}<nav>
<button id="first" title="start (Home)">|◀</button>
<button id="back" title="back (←)">◀</button>
<button id="forward" title="forward (→)">▶</button>
<button id="last" title="end of the line (End)">▶|</button>
<button id="down" title="the variation that replaces this move (↓)">↓</button>
<button id="up" title="back to the move the variation replaces (↑)">↑</button>
</nav>
</section>
<section>
<table id="tags">{tags}</table>
<p id="moves">{moves}</p>
</section>
</main>
<script>//<![CDATA[
var W = {width}, H = {height}, startPlacement = {start_placement}, startTail = {start_tail};
var symbols = {{{symbols}}}, discs = {{{discs}}};
var back = [{back}];
var starts = {{{starts}}}, ups = {{{ups}}};
var changes = [{changes}];
var tails = [{tails}];
var texts = [{texts}];
var states = [{states}];
var notes = {{{notes}}};
var turns = [{turns}];
var captions = [{captions}];
{BOARD_SCRIPT}{SCRIPT}//]]></script>
</body>
</html>
"#,
        head = page_head(&title),
        title = xml(&title),
        caption_w = u32::from(data.width) * 40 + 40,
        board = empty_board(data.width, data.height, tenth),
        width = data.width,
        height = data.height,
        start_placement = js(start_placement),
        start_tail = js(start_tail),
        changes = join(&data.changes, |c| js(c)),
        tails = join(&data.tails, |t| js(t)),
        texts = join(&data.texts.all, |t| js(t)),
        states = join(&data.states, usize::to_string),
        notes = join(&data.notes, |(k, t)| format!("{k}:{t}")),
        turns = join(&data.turns, |(head, roll)| format!("[{},{}]", js(head), js(roll))),
        captions = join(&data.captions, |c| c.map_or_else(|| "0".to_string(), |(t, r)| format!("[{t},{r}]"))),
        starts = starts.join(","),
        ups = ups.join(","),
        SCRIPT = SCRIPT,
        BOARD_SCRIPT = BOARD_SCRIPT,
    );
    page
}

/// The page's script: builds the links and each position from the data
/// above it, draws the board, and steps by buttons, keys and clicks.
const SCRIPT: &str = r##"(function () {
  "use strict";
  var n = back.length, prev = [], up = [], next = [], alternatives = [];
  for (var k = 0; k < n; k++) {
    prev.push(k === 0 ? -1 : k - back[k]);
    next.push(-1);
    alternatives.push([]);
    if (k in starts) {
      up.push(starts[k]);
      alternatives[starts[k]].push(k);
    } else {
      up.push(k in ups ? ups[k] : k === 0 ? -1 : up[prev[k]]);
      if (k > 0 && next[prev[k]] < 0) next[prev[k]] = k;
    }
  }
  // The FEN fields after the placement that follow a plain move (as the
  // page's writer computes them): null for fields of another shape.
  function successor(tail, reset) {
    var f = tail.split(" ");
    if (f.length !== 5 || (f[0] !== "w" && f[0] !== "b") || !/^\d{1,9}$/.test(f[3]) || !/^\d{1,9}$/.test(f[4])) return null;
    var full = Number(f[4]) + (f[0] === "b" ? 1 : 0);
    return [f[0] === "w" ? "b" : "w", f[1], "-", String(reset ? 0 : Number(f[3]) + 1), String(full)].join(" ");
  }
  function squares(d) {
    var re = /([a-z])(\d+)(.)/g, m, out = [];
    while ((m = re.exec(d))) out.push([(Number(m[2]) - 1) * W + m[1].charCodeAt(0) - 97, m[3]]);
    return out;
  }
  var board = Board(W, H, symbols, discs), board0 = board.read(startPlacement);
  var cache = {};
  cache[0] = { b: board0, t: startTail };
  // The board and FEN fields of node `k`, from the nearest known node back.
  function position(k) {
    var path = [], j = k;
    while (!(j in cache)) { path.push(j); j = prev[j]; }
    var s = cache[j];
    for (var i = path.length - 1; i >= 0; i--) {
      var m = path[i], b = s.b.slice(), changed = squares(changes[m]);
      // A pawn's move or a capture resets the half-move clock.
      var reset = changed.length > 1 && (/^[pP]$/.test(s.b[changed[0][0]]) || s.b[changed[1][0]] !== ".");
      changed.forEach(function (c) { b[c[0]] = c[1]; });
      s = { b: b, t: tails[m] || successor(s.t, reset) };
    }
    cache[k] = s;
    return s;
  }
  function placement(b) {
    var rows = [];
    for (var r = H - 1; r >= 0; r--) {
      var row = "", empty = 0;
      for (var f = 0; f < W; f++) {
        var c = b[r * W + f];
        if (c === ".") empty++;
        else { if (empty) row += empty; empty = 0; row += c; }
      }
      if (empty) row += empty;
      rows.push(row);
    }
    return rows.join("/");
  }
  function draw(k, b) {
    board.draw(b);
    board.mark(squares(changes[k]).slice(0, 2).map(function (c) { return c[0]; }));
  }
  function text(id, value) { var e = document.getElementById(id); if (e) e.textContent = value; }
  var current = 0;
  function show(k) {
    if (!(k >= 0 && k < n)) return;
    var old = document.getElementById("m" + current);
    if (old) old.removeAttribute("class");
    current = k;
    var s = position(k), mv = document.getElementById("m" + k);
    draw(k, s.b);
    if (mv) { mv.setAttribute("class", "current"); mv.scrollIntoView({ block: "nearest" }); }
    var status = "start";
    if (k > 0 && mv) {
      var before = position(prev[k]).t.split(" ");
      status = "after " + before[4] + (before[0] === "b" ? "... " : ". ") + mv.textContent;
      if (k in notes) status += " (" + texts[notes[k]] + ")";
    }
    text("status", status);
    text("fen", "FEN " + placement(s.b) + " " + s.t);
    text("state", texts[states[k]]);
    var line = document.getElementById("turn");
    if (line) {
      while (line.firstChild) line.removeChild(line.firstChild);
      var c = captions[k];
      if (!c) line.textContent = "the start";
      else {
        var roll = document.createElement("span");
        roll.setAttribute("class", "roll");
        roll.textContent = turns[c[0]][1];
        line.appendChild(document.createTextNode(turns[c[0]][0] + ", roll "));
        line.appendChild(roll);
        line.appendChild(document.createTextNode(texts[c[1]].replace("\u0001", mv ? mv.textContent : "?")));
      }
    }
    document.body.setAttribute("data-current", String(k));
  }
  function end() { var k = current; while (next[k] >= 0) k = next[k]; return k; }
  var actions = {
    first: function () { return 0; },
    back: function () { return prev[current]; },
    forward: function () { return next[current]; },
    last: end,
    down: function () { return alternatives[current].length > 0 ? alternatives[current][0] : -1; },
    up: function () { return up[current]; }
  };
  var keys = { Home: "first", ArrowLeft: "back", ArrowRight: "forward", End: "last", ArrowDown: "down", ArrowUp: "up" };
  Object.keys(actions).forEach(function (id) {
    document.getElementById(id).addEventListener("click", function () { show(actions[id]()); });
  });
  document.addEventListener("keydown", function (e) {
    var action = keys[e.key];
    if (action) { e.preventDefault(); show(actions[action]()); }
  });
  document.getElementById("moves").addEventListener("click", function (e) {
    var a = e.target.closest ? e.target.closest("a[id^=m]") : null;
    if (a) show(Number(a.id.slice(1)));
  });
  show(0);
  // `page.html#keys=RRDL` presses those keys once loaded (R → L ← D ↓ U ↑
  // H Home E End), `#node=N` shows node N: a link to a position, and how
  // the browser test steps.
  var pressed = /^#keys=([RLDUHE]*)$/.exec(window.location.hash);
  var names = { R: "ArrowRight", L: "ArrowLeft", D: "ArrowDown", U: "ArrowUp", H: "Home", E: "End" };
  if (pressed) pressed[1].split("").forEach(function (k) {
    document.dispatchEvent(new KeyboardEvent("keydown", { key: names[k], bubbles: true }));
  });
  var node = /^#node=(\d+)$/.exec(window.location.hash);
  if (node) show(Number(node[1]));
})();
"##;
