//! What every pgn100 page shares: its head (`page_head`), the board drawn
//! empty (`empty_board`) and set by its script (`BOARD_SCRIPT`), the men's
//! glyphs for the script (`glyphs`), and JavaScript literals (`js`,
//! `join`). The game page ([`crate::output::html`]) and the tree
//! explorer ([`crate::output::tree_page`]) draw their board with them.

use std::fmt::Write as _;

use crate::notation::Letters;
use crate::output::diagram::{letter, symbol, xml};
use crate::rules::{Color, Piece, Rules};

/// A string as a JavaScript literal that is also safe inside the page's
/// CDATA section and its XML (no `<`, `>`, `&` or control characters).
pub(crate) fn js(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '<' | '>' | '&' | '\u{2028}' | '\u{2029}' => {
                let _ = write!(out, "\\u{:04x}", u32::from(c));
            }
            c if c.is_control() => {
                let _ = write!(out, "\\u{:04x}", u32::from(c));
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

pub(crate) fn join<T>(items: impl IntoIterator<Item = T>, f: impl Fn(T) -> String) -> String {
    items.into_iter().map(f).collect::<Vec<_>>().join(",")
}

/// The board without men: squares (`q` and the rank-major index), the
/// files' letters and the ranks' numbers, and the group the script puts
/// the men in. As [`crate::output::diagram::svg_board`] draws it.
pub(crate) fn empty_board(width: u8, height: u8, tenth: char) -> String {
    let (w, h) = (u32::from(width), u32::from(height));
    let (s, margin) = (40, 20);
    let (pw, ph) = (w * s + 2 * margin, h * s + 2 * margin);
    let mut out = String::new();
    let _ = write!(
        out,
        r##"<svg xmlns="http://www.w3.org/2000/svg" id="board" width="{pw}" height="{ph}" viewBox="0 0 {pw} {ph}" font-family="DejaVu Sans, sans-serif"><rect x="0" y="0" width="{pw}" height="{ph}" fill="#f4f1ea"/>"##
    );
    for rank in 0..h {
        for file in 0..w {
            let (x, y) = (margin + file * s, margin + (h - 1 - rank) * s);
            let fill = if (file + rank) % 2 == 1 { "#f0d9b5" } else { "#b58863" };
            let _ = write!(
                out,
                r#"<rect id="q{}" x="{x}" y="{y}" width="{s}" height="{s}" fill="{fill}"/>"#,
                rank * w + file
            );
        }
    }
    for file in 0..width {
        let letter = if file == 9 { tenth } else { char::from(b'a' + file) };
        let _ = write!(
            out,
            r#"<text x="{}" y="{}" font-size="12" text-anchor="middle">{letter}</text>"#,
            margin + u32::from(file) * s + s / 2,
            ph - 5
        );
    }
    for rank in 0..h {
        let _ = write!(
            out,
            r#"<text x="10" y="{}" font-size="12" text-anchor="middle">{}</text>"#,
            margin + (h - 1 - rank) * s + s / 2 + 4,
            rank + 1
        );
    }
    out.push_str(r#"<g id="men"></g></svg>"#);
    out
}

/// The men's pictures by FEN letter: a chess symbol, or (`discs`) the
/// letter on a disc (the prince, Grand's marshal and cardinal, Royal's
/// prince and princess) in `letters`.
pub(crate) fn glyphs(rules: &Rules, letters: Letters) -> (String, String) {
    let mut symbols = Vec::new();
    let mut discs = Vec::new();
    for &(_, role) in rules.letters {
        for color in [Color::White, Color::Black] {
            let man = Piece { color, role };
            let key = js(&letter(man, rules));
            match symbol(man) {
                Some(c) => symbols.push(format!("{key}:{}", js(&c.to_string()))),
                None => discs.push(format!("{key}:{}", js(letters.piece(role)))),
            }
        }
    }
    (symbols.join(","), discs.join(","))
}

/// The board's script, shared by the pages that draw one board
/// ([`empty_board`]'s SVG): `Board(W, H, symbols, discs)` gives `read` (a
/// FEN placement as FEN letters by square, rank 1 first, `.` empty), `draw`
/// (the men of such a board, each a glyph of `symbols` or a letter of
/// `discs` on a disc) and `mark` (the squares of the last move, by index).
pub(crate) const BOARD_SCRIPT: &str = r##"function Board(W, H, symbols, discs) {
  "use strict";
  var SVG = "http://www.w3.org/2000/svg", men = document.getElementById("men"), marked = [];
  function el(name, attrs, text) {
    var e = document.createElementNS(SVG, name);
    Object.keys(attrs).forEach(function (a) { e.setAttribute(a, attrs[a]); });
    if (text !== undefined) e.textContent = text;
    return e;
  }
  function paint(i, lit) {
    var q = document.getElementById("q" + i), light = (i % W + Math.floor(i / W)) % 2 === 1;
    if (!q) return;
    if (lit) { q.setAttribute("fill", light ? "#f6f669" : "#baca2b"); q.setAttribute("class", "last"); }
    else { q.setAttribute("fill", light ? "#f0d9b5" : "#b58863"); q.removeAttribute("class"); }
  }
  return {
    read: function (placement) {
      var b = [];
      placement.split("/").reverse().forEach(function (row) {
        var re = /(\d+)|(.)/g, m;
        while ((m = re.exec(row))) {
          if (m[1]) for (var i = 0; i < Number(m[1]); i++) b.push(".");
          else b.push(m[2]);
        }
      });
      return b;
    },
    draw: function (b) {
      while (men.firstChild) men.removeChild(men.firstChild);
      b.forEach(function (c, i) {
        if (c === ".") return;
        var file = i % W, rank = Math.floor(i / W), x = 20 + 40 * file + 20, y = 20 + 40 * (H - 1 - rank) + 20;
        var at = { "data-square": String.fromCharCode(97 + file) + (rank + 1), "data-man": c };
        if (c in symbols) {
          at.x = x; at.y = y + 11; at["font-size"] = 32; at["text-anchor"] = "middle";
          men.appendChild(el("text", at, symbols[c]));
        } else {
          var white = c === c.toUpperCase(), g = el("g", at);
          g.appendChild(el("circle", { cx: x, cy: y, r: 15, fill: white ? "#ffffff" : "#000000", stroke: "#000000", "stroke-width": 1.5 }));
          g.appendChild(el("text", { x: x, y: y + 6, "font-size": 18, "font-weight": "bold", "text-anchor": "middle", fill: white ? "#000000" : "#ffffff" }, discs[c] || c));
          men.appendChild(g);
        }
      });
    },
    mark: function (squares) {
      marked.forEach(function (i) { paint(i, false); });
      marked = squares;
      marked.forEach(function (i) { paint(i, true); });
    }
  };
}
"##;

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
