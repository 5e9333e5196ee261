//! What a game's positions must show: material balances and board
//! patterns, looked for as the game is replayed ([`Finder`] is a replay
//! [`Observer`]). The search of a game ends at its first match, or at the
//! first position past which no match can come (a material count only
//! falls): [`Finder::finished`] says so, the one place that decides.
//!
//! Material counts are kept per move, not read off the board: they are
//! counted again only after a move that changes the number of men on the
//! board, a promotion or a Royal queen restoration.

pub mod line;
pub mod material;
pub mod pattern;

pub use line::{Follow, Line, Sequence};
pub use material::Material;
pub use pattern::Pattern;

use crate::notation::{GameRecord, Letters};
use crate::replay::{Flow, Observer};
use crate::rules::{Bitboard, Color, Move, MoveKind, Termination, Variant, VariantPosition};

/// Which side a material balance's first set may be.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Sides {
    /// Either (pgn-extract's `-z`).
    Either,
    /// White (its `-y`).
    White,
}

/// The board criteria of a search: some material balance holds (if any is
/// given) and some pattern matches (if any is given), not necessarily in
/// the same position.
#[derive(Clone, Debug, Default)]
pub struct BoardCriteria {
    pub material: Vec<(Material, Sides)>,
    pub patterns: Vec<Pattern>,
}

impl BoardCriteria {
    /// Whether there is anything to look for.
    pub fn is_empty(&self) -> bool {
        self.material.is_empty() && self.patterns.is_empty()
    }

    /// Adds `--material` (`sides` Either) or `--material-white` (White)
    /// balances: each line of `text` one balance, `%` lines and blank lines
    /// skipped (a `--material-file`).
    pub fn add_material(&mut self, text: &str, sides: Sides) -> Result<(), String> {
        for line in text.lines() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('%') {
                continue;
            }
            self.material.push((Material::parse(line)?, sides));
        }
        Ok(())
    }

    /// Adds a `--pattern`; `either`: its colour-reversed form too.
    pub fn add_pattern(&mut self, text: &str, either: bool) -> Result<(), String> {
        let p = Pattern::parse(text)?;
        if either {
            self.patterns.push(p.reversed());
        }
        self.patterns.push(p);
        Ok(())
    }
}

/// The search of one game, as a replay observer.
pub struct Finder<'a> {
    criteria: &'a BoardCriteria,
    variant: Variant,
    started: bool,
    counts: material::Counts,
    men: u32,
    /// Per balance and orientation (its first set as White's, as Black's):
    /// how many consecutive positions before a move it has held in.
    runs: Vec<[u32; 2]>,
    material_found: Option<u32>,
    pattern_found: Option<u32>,
    /// No balance can hold any more.
    hopeless: bool,
    /// Plies played (the position being looked at follows this many).
    ply: u32,
    recount: bool,
}

impl<'a> Finder<'a> {
    pub fn new(criteria: &'a BoardCriteria) -> Finder<'a> {
        Finder {
            criteria,
            // Set from the start position (`start`) before it is read.
            variant: Variant::default(),
            started: false,
            counts: [[0; crate::rules::Role::COUNT]; 2],
            men: 0,
            runs: vec![[0; 2]; criteria.material.len()],
            material_found: None,
            pattern_found: None,
            hopeless: false,
            ply: 0,
            recount: false,
        }
    }

    /// Whether the game matches (as far as it was looked at).
    pub fn matched(&self) -> bool {
        (self.criteria.material.is_empty() || self.material_found.is_some())
            && (self.criteria.patterns.is_empty() || self.pattern_found.is_some())
    }

    /// The ply after which the last criterion was met, when the game matches.
    pub fn matched_at(&self) -> Option<u32> {
        self.matched().then(|| self.material_found.unwrap_or(0).max(self.pattern_found.unwrap_or(0)))
    }

    /// Whether no balance asked for can hold any more (a material count
    /// only falls): the game cannot match.
    pub fn hopeless(&self) -> bool {
        self.hopeless && !self.matched()
    }

    /// Whether the rest of the game can change nothing: it matched, or it
    /// cannot match any more. The one place the search decides to stop.
    pub fn finished(&self) -> bool {
        self.matched() || self.hopeless
    }

    fn start(&mut self, pos: &VariantPosition) {
        if self.started {
            return;
        }
        self.started = true;
        self.variant = pos.variant();
        self.count(pos);
        self.look_pattern(pos);
    }

    fn count(&mut self, pos: &VariantPosition) {
        self.counts = material::counts(pos.board());
        self.men = pos.board().occupied().count();
        if self.material_found.is_none() && !self.criteria.material.is_empty() {
            let c = &self.counts;
            let v = self.variant;
            self.hopeless = !self.criteria.material.iter().any(|(m, sides)| {
                m.possible(v, c, Color::White) || (*sides == Sides::Either && m.possible(v, c, Color::Black))
            });
        }
    }

    fn look_pattern(&mut self, pos: &VariantPosition) {
        if self.pattern_found.is_some() || self.criteria.patterns.is_empty() {
            return;
        }
        let rules = pos.rules();
        let has_a = rules.role_of_letter('a').is_some();
        if self.criteria.patterns.iter().any(|p| p.matches(pos.board(), rules.width, rules.height, has_a)) {
            self.pattern_found = Some(self.ply);
        }
    }

    /// The position before a move: the balances are judged there
    /// (pgn-extract's rule: a balance counts once it has held in more
    /// consecutive positions than its stability, each followed by a move).
    fn look_material(&mut self) {
        if self.material_found.is_some() {
            return;
        }
        let (v, c) = (self.variant, &self.counts);
        for ((m, sides), run) in self.criteria.material.iter().zip(self.runs.iter_mut()) {
            for (first, slot) in [Color::White, Color::Black].into_iter().zip(run.iter_mut()) {
                if first == Color::Black && *sides == Sides::White {
                    continue;
                }
                *slot = if m.holds(v, c, first) { *slot + 1 } else { 0 };
                if *slot > m.stability {
                    self.material_found = Some(self.ply);
                }
            }
        }
    }
}

impl Observer for Finder<'_> {
    fn begin(&mut self, _record: &GameRecord, _letters: Letters, _files_ak: bool) -> Flow {
        *self = Finder::new(self.criteria);
        Flow::Continue(())
    }

    fn before_move(&mut self, before: &VariantPosition, mv: Move) -> Flow {
        self.start(before);
        if !self.finished() {
            self.look_material();
            self.recount = matches!(mv.kind, MoveKind::Promotion(_) | MoveKind::Throne(_));
        }
        self.flow()
    }

    fn after_move(&mut self, after: &VariantPosition, _checkers: Bitboard) -> Flow {
        if !self.finished() {
            self.ply += 1;
            if self.recount || after.board().occupied().count() != self.men {
                self.count(after);
            }
            self.look_pattern(after);
        }
        self.flow()
    }

    fn restored(&mut self, after: &VariantPosition) -> Flow {
        if !self.finished() {
            self.count(after);
        }
        self.flow()
    }

    fn end(&mut self, main: &VariantPosition, _termination: Option<Termination>) -> Flow {
        self.start(main);
        Flow::Continue(())
    }
}

impl Finder<'_> {
    /// The one stop decision as the replay takes it: a finder whose answer
    /// is known (a match, or no match possible) stops the game's replay.
    fn flow(&self) -> Flow {
        if self.finished() {
            Flow::Break(())
        } else {
            Flow::Continue(())
        }
    }
}
