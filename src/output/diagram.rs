//! Board pictures: a terminal diagram and an SVG diagram of a position.

use std::fmt::Write;

use crate::notation::ast::RollForm;
use crate::notation::dice::dice_list;
use crate::notation::Letters;
use crate::rules::dice::Dice;
use crate::rules::{Board, Color, Move, Piece, Role, Rules, Square, Termination, VariantPosition};

/// How men are drawn in the terminal diagram.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub enum Glyphs {
    /// FEN letters (K Q A R B N P; A the prince), White upper case, Black lower case.
    #[default]
    Letters,
    /// Chess symbols (♔♕♖♗♘♙); the prince, which has none, as a letter.
    Unicode,
}

/// The FEN letter of a man (White upper case): K Q A(prince) R B N P.
pub(crate) fn letter(p: Piece, rules: &Rules) -> String {
    let c = rules.letter_of_role(p.role);
    if p.color == Color::White { c.to_ascii_uppercase() } else { c }.to_string()
}

pub(crate) fn symbol(p: Piece) -> Option<char> {
    let white = p.color == Color::White;
    Some(match p.role {
        Role::King => {
            if white {
                '♔'
            } else {
                '♚'
            }
        }
        Role::Queen => {
            if white {
                '♕'
            } else {
                '♛'
            }
        }
        Role::Rook => {
            if white {
                '♖'
            } else {
                '♜'
            }
        }
        Role::Bishop => {
            if white {
                '♗'
            } else {
                '♝'
            }
        }
        Role::Knight => {
            if white {
                '♘'
            } else {
                '♞'
            }
        }
        Role::Pawn => {
            if white {
                '♙'
            } else {
                '♟'
            }
        }
        _ => return None,
    })
}

/// Dice chess: where a position stands in its game's turns, told beside
/// the board (every other variant's turn is its one move, and needs no line).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TurnCaption {
    /// The turn's line in three parts: the turn `turn 5... of black`, its
    /// roll as the record writes it `<B R Q>`, and the rest `: move 2 of 3,
    /// Rh3; dice left: Q`. `None` between turns (a game's start, a FEN).
    pub line: Option<[String; 3]>,
    /// The dice not spent yet while the turn goes on, in the roll's form;
    /// `None` once it is over (the next turn comes with a new roll).
    pub left: Option<(Dice, RollForm)>,
}

impl TurnCaption {
    /// The turn's line as one: `turn 5... of black, roll <B R Q>: move 2 of 3, Rh3; dice left: Q`.
    pub fn text(&self) -> Option<String> {
        let [turn, roll, rest] = self.line.as_ref()?;
        Some(format!("{turn}, roll {roll}{rest}"))
    }
}

/// The terminal diagram: rank 10 at the top, coordinates, the last move's
/// squares marked (by colour, or by brackets without), the turn's line
/// (Dice chess), then the state and the FEN.
pub fn text_diagram(
    pos: &VariantPosition,
    last: Option<Move>,
    turn: Option<&TurnCaption>,
    glyphs: Glyphs,
    color: bool,
) -> String {
    let mut out = text_board(pos.board(), pos.rules(), last, glyphs, color);
    if let Some(line) = turn.and_then(TurnCaption::text) {
        let _ = writeln!(out, "{line}");
    }
    let _ = writeln!(out, "{}; FEN {}", state(pos, turn.and_then(|t| t.left)), pos.fen());
    out
}

/// The board of a terminal diagram (its ranks and the files' letters) for
/// the board size and letters of `rules`; what the position is, is the
/// caller's line.
pub fn text_board(board: &Board, rules: &Rules, last: Option<Move>, glyphs: Glyphs, color: bool) -> String {
    let marked = |sq: Square| last.is_some_and(|m| m.from == sq || m.to == sq);
    let mut out = String::new();
    for rank in (0..rules.height).rev() {
        let _ = write!(out, "{:>2} ", rank + 1);
        for file in 0..rules.width {
            let Some(sq) = Square::new(file, rank) else { continue };
            let man = board.piece_at(sq);
            let cell = match (man, glyphs) {
                (None, _) => " ".to_string(),
                (Some(p), Glyphs::Unicode) => symbol(p).map_or_else(|| letter(p, rules), String::from),
                (Some(p), Glyphs::Letters) => letter(p, rules),
            };
            let light = (file + rank) % 2 == 1;
            if color {
                // Mid-tone squares, so that white men (white) and black men
                // (black) both stand out on either colour: no white on cream.
                let bg = match (marked(sq), light) {
                    (true, _) => "\x1b[48;5;136m",
                    (false, true) => "\x1b[48;5;137m",
                    (false, false) => "\x1b[48;5;94m",
                };
                let fg = match man {
                    Some(p) if p.color == Color::White => "\x1b[1;38;5;231m",
                    _ => "\x1b[1;38;5;16m",
                };
                let _ = write!(out, "{bg}{fg} {cell} \x1b[0m");
            } else {
                let (l, r) = if marked(sq) { ('(', ')') } else { (' ', ' ') };
                let cell = if man.is_none() && !marked(sq) { if light { " " } else { "." }.to_string() } else { cell };
                let _ = write!(out, "{l}{cell}{r}");
            }
        }
        out.push('\n');
    }
    out.push_str("   ");
    for file in 0..rules.width {
        let _ = write!(out, " {} ", (b'a' + file) as char);
    }
    out.push('\n');
    out
}

/// What the position is: mate, stalemate, check or whose move it is; in
/// Dice chess the king taken, or whose turn comes next (`left`: `None`,
/// between turns) or who moves on with the dice `left`.
pub fn state(pos: &VariantPosition, left: Option<(Dice, RollForm)>) -> String {
    match pos.termination() {
        Some(Termination::Checkmate { winner }) => format!("checkmate, {winner} wins"),
        Some(Termination::LosingPosition { winner }) => {
            format!("losing position ({}'s king attacked, no prince), {winner} wins", !winner)
        }
        Some(Termination::KingCaptured { winner }) => format!("{winner} took {}'s king and wins", !winner),
        Some(Termination::Stalemate) => format!("stalemate ({} to move has no legal move), a draw", pos.turn()),
        Some(Termination::FivefoldRepetition) => "fivefold repetition, a draw".to_string(),
        Some(Termination::SeventyFiveMoves) => "75 moves without capture or pawn move, a draw".to_string(),
        None if pos.rules().rolled_turns => match left {
            Some((dice, form)) => format!("{} to move, dice left: {}", pos.turn(), dice_list(dice.each(), form)),
            None => format!("{}'s turn {} comes next, with a new roll", pos.turn(), pos.fullmoves()),
        },
        None if pos.checkers().any() => format!("{} to move, in check", pos.turn()),
        None => format!("{} to move", pos.turn()),
    }
}

/// Escapes text for XML. Characters XML 1.0 does not allow even escaped
/// (control characters but tab and line ends, U+FFFE, U+FFFF: a NUL in a
/// file name or a tag) become U+FFFD, so that a page always parses.
pub(crate) fn xml(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\t' | '\n' | '\r' => out.push(c),
            c if c < ' ' || c == '\u{fffe}' || c == '\u{ffff}' => out.push('\u{fffd}'),
            c => out.push(c),
        }
    }
    out
}

/// An SVG diagram: squares, coordinates, men (chess symbols; the prince as a
/// lettered disc), the last move's squares tinted.
pub fn svg_diagram(pos: &VariantPosition, last: Option<Move>, letters: Letters) -> String {
    svg_board(pos.board(), pos.rules(), &pos.fen(), last, letters)
}

/// The SVG diagram of `board` under `rules`, titled `title` (the FEN).
pub fn svg_board(board: &Board, rules: &Rules, title: &str, last: Option<Move>, letters: Letters) -> String {
    let (w, h) = (rules.width as u32, rules.height as u32);
    let s = 40;
    let margin = 20;
    let (width, height) = (w * s + 2 * margin, h * s + 2 * margin);
    let mut out = String::new();
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" font-family="DejaVu Sans, sans-serif">"#
    );
    let _ = writeln!(out, r#"  <title>{}</title>"#, xml(title));
    let _ = writeln!(out, r##"  <rect x="0" y="0" width="{width}" height="{height}" fill="#f4f1ea"/>"##);
    for rank in 0..rules.height {
        for file in 0..rules.width {
            let Some(sq) = Square::new(file, rank) else { continue };
            let x = margin + file as u32 * s;
            let y = margin + (h - 1 - rank as u32) * s;
            let light = (file + rank) % 2 == 1;
            let marked = last.is_some_and(|m| m.from == sq || m.to == sq);
            let fill = match (marked, light) {
                (true, true) => "#f6f669",
                (true, false) => "#baca2b",
                (false, true) => "#f0d9b5",
                (false, false) => "#b58863",
            };
            let _ = writeln!(out, r#"  <rect x="{x}" y="{y}" width="{s}" height="{s}" fill="{fill}"/>"#);
            if let Some(p) = board.piece_at(sq) {
                let (cx, cy) = (x + s / 2, y + s / 2);
                match symbol(p) {
                    Some(c) => {
                        let _ = writeln!(
                            out,
                            r#"  <text x="{cx}" y="{}" font-size="32" text-anchor="middle">{c}</text>"#,
                            cy + 11
                        );
                    }
                    None => {
                        let (fill, ink) =
                            if p.color == Color::White { ("#ffffff", "#000000") } else { ("#000000", "#ffffff") };
                        let _ = writeln!(
                            out,
                            r##"  <circle cx="{cx}" cy="{cy}" r="15" fill="{fill}" stroke="#000000" stroke-width="1.5"/>"##
                        );
                        let _ = writeln!(
                            out,
                            r#"  <text x="{cx}" y="{}" font-size="18" font-weight="bold" text-anchor="middle" fill="{ink}">{}</text>"#,
                            cy + 6,
                            xml(letters.piece(p.role))
                        );
                    }
                }
            }
        }
    }
    for file in 0..rules.width {
        let x = margin + file as u32 * s + s / 2;
        let _ = writeln!(
            out,
            r#"  <text x="{x}" y="{}" font-size="12" text-anchor="middle">{}</text>"#,
            height - 5,
            (b'a' + file) as char
        );
    }
    for rank in 0..rules.height {
        let y = margin + (h - 1 - rank as u32) * s + s / 2 + 4;
        let _ = writeln!(out, r#"  <text x="10" y="{y}" font-size="12" text-anchor="middle">{}</text>"#, rank + 1);
    }
    let _ = writeln!(out, "</svg>");
    out
}
