//! Lines of moves written as in a game (`1. e4 c5 2. Nf3 d6`, `1. e3-e5`,
//! Cyrillic, any notation the reader reads): replayed by the rules, so a
//! line is its moves as the rules resolve them (`Nf3` and `Ng1-f3` are
//! one move), and the position it reaches (`filter --reaches`,
//! `--moves`, `--moves-anywhere`, `tree --moves`).

use crate::notation::{Found, GameRecord, Reader};
use crate::replay::{replay, Options};
use crate::rules::{Move, Variant, VariantPosition};

/// A line replayed in one variant.
#[derive(Clone, Debug)]
pub struct Line {
    pub variant: Variant,
    /// Its moves, main line only.
    pub moves: Vec<Move>,
    /// The position after its last move.
    pub end: VariantPosition,
}

impl Line {
    /// Replays `moves` (written as in a game) in `variant`, from the start
    /// or from the position of `fen`.
    pub fn replay(variant: Variant, fen: Option<&str>, moves: &str) -> Result<Line, String> {
        let text = match fen {
            Some(f) => format!("[SetUp \"1\"]\n[FEN \"{f}\"]\n\n{moves} *\n"),
            None => format!("{moves} *\n"),
        };
        let mut reader = Reader::new(&text);
        let mut record = GameRecord::default();
        if !matches!(reader.read_into(&mut record), Some(Found::Game)) {
            return Err(format!("`{moves}` is not a line of moves"));
        }
        let options = Options { default_variant: Some(variant), ..Options::default() };
        let report = replay(&record, 0, options);
        if let Some(d) = report.diagnostics.iter().find(|d| d.is_error()) {
            return Err(d.message.clone());
        }
        let end = report.last.or(report.start).ok_or_else(|| format!("`{moves}` does not replay"))?;
        Ok(Line { variant, moves: report.mainline.iter().map(|p| p.mv).collect(), end })
    }

    /// The line in each variant it replays in without error (`variant`:
    /// that one only); an error when there is none.
    pub fn in_variants(variant: Option<Variant>, moves: &str) -> Result<Vec<Line>, String> {
        let mut first_error = None;
        let lines: Vec<Line> = match variant {
            Some(v) => vec![Line::replay(v, None, moves)?],
            None => Variant::ALL
                .into_iter()
                .filter_map(|v| Line::replay(v, None, moves).map_err(|e| first_error.get_or_insert(e).clone()).ok())
                .collect(),
        };
        if lines.is_empty() {
            return Err(first_error.unwrap_or_else(|| format!("`{moves}` replays in no variant")));
        }
        Ok(lines)
    }

    /// Whether `text` reads as a line of moves rather than a FEN: a FEN's
    /// board has a `/` between its ranks, a line none.
    pub fn looks_like_moves(text: &str) -> bool {
        !text.split_whitespace().next().is_some_and(|w| w.contains('/'))
    }
}

/// Where a game stands against a move sequence (`--moves`,
/// `--moves-anywhere`).
#[derive(Clone, Debug, Default)]
pub struct Follow {
    /// Main-line moves seen.
    ply: usize,
    /// The last moves played, at most the line's length (anywhere only).
    recent: std::collections::VecDeque<Move>,
    pub matched: bool,
    /// The game left the line before its end (from the start only).
    pub left: bool,
}

/// A sequence of moves a game's main line must play, from its start or
/// anywhere, in each variant the sequence replays in.
#[derive(Clone, Debug)]
pub struct Sequence {
    pub lines: Vec<Line>,
    pub anywhere: bool,
}

impl Sequence {
    /// Sees main-line move `mv` of a game of `variant`.
    pub fn step(&self, follow: &mut Follow, variant: Variant, mv: Move) {
        if follow.matched || follow.left {
            return;
        }
        let Some(line) = self.lines.iter().find(|l| l.variant == variant) else {
            follow.left = !self.anywhere;
            return;
        };
        let n = line.moves.len();
        if self.anywhere {
            follow.recent.push_back(mv);
            if follow.recent.len() > n {
                follow.recent.pop_front();
            }
            follow.matched = follow.recent.len() == n && follow.recent.iter().eq(line.moves.iter());
        } else if line.moves.get(follow.ply) == Some(&mv) {
            follow.matched = follow.ply + 1 == n;
        } else {
            follow.left = true;
        }
        follow.ply += 1;
    }

    /// A game of `variant` that starts: an empty line matches at once; a
    /// game of a variant the line does not replay in never matches.
    pub fn begin(&self, follow: &mut Follow, variant: Variant) {
        match self.lines.iter().find(|l| l.variant == variant) {
            Some(l) => follow.matched = l.moves.is_empty(),
            None => follow.left = true,
        }
    }
}
