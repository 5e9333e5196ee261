//! Replays a game record through the rules: the variant and start position
//! from its tags, every move resolved (variations from the position before
//! the move they replace), marks, move numbers and the result checked.
//! Produces diagnostics; the replay of a game stops at its first illegal move.

mod messages;
mod spec;
mod tags;
mod warnings;

use crate::diag::{Diagnostic, Severity};
use crate::notation::ast::{GameRecord, MoveText, Outcome, Token, TokenKind};
use crate::notation::Letters;
use crate::rules::{Game, Move, Position, Termination, Variant};
use spec::Written;
use tags::Files;

/// How strictly to judge.
#[derive(Copy, Clone, Debug, Default)]
pub struct Options {
    /// Warnings count as errors.
    pub strict: bool,
    /// The variant when the game has no Variant tag.
    pub default_variant: Option<Variant>,
    /// Keep every replayed move, variations included ([`GameReport::all`]).
    pub keep_all: bool,
}

/// One move, as replayed.
#[derive(Clone, Debug)]
pub struct Ply {
    pub mv: Move,
    /// The position before the move.
    pub before: Position,
    /// The move token.
    pub token: usize,
}

/// What the replay of one game found.
#[derive(Clone, Debug)]
pub struct GameReport {
    pub diagnostics: Vec<Diagnostic>,
    pub variant: Option<Variant>,
    /// The main line's moves as far as replayed.
    pub mainline: Vec<Ply>,
    /// Every replayed move, variations included, in token order (only with
    /// [`Options::keep_all`]).
    pub all: Vec<Ply>,
    /// The position after the last replayed main-line move.
    pub last: Option<Position>,
    /// Whether the whole main line and every variation was replayed.
    pub complete: bool,
    /// Whether the record letters the tenth file `k` (`[Files "a-k"]` or detected).
    pub files_ak: bool,
    /// The letters the record's piece letters are written in.
    pub letters: Letters,
}

impl GameReport {
    pub fn is_valid(&self) -> bool {
        !self.diagnostics.iter().any(Diagnostic::is_error)
    }
    /// Checkmate or stalemate after the main line.
    pub fn termination(&self) -> Option<Termination> {
        let pos = self.last.as_ref()?;
        Game::new(pos.clone()).termination()
    }
}

/// A line being replayed: the main line or a variation.
struct Line {
    game: Game,
    /// The position before the last move, where a variation starts.
    before: Option<Position>,
    main: bool,
}

struct Replayer<'a> {
    record: &'a GameRecord,
    index: usize,
    options: Options,
    files: Files,
    /// The letters the record uses, for help lines.
    letters: Letters,
    out: Vec<Diagnostic>,
}

/// Replays game number `index` (0-based, for the diagnostics).
pub fn replay(record: &GameRecord, index: usize, options: Options) -> GameReport {
    let letters = tags::letters(record);
    let mut r = Replayer { record, index, options, files: Files::AJ, letters, out: Vec::new() };
    let report = r.run();
    GameReport { diagnostics: r.out, ..report }
}

impl Replayer<'_> {
    fn push(&mut self, mut d: Diagnostic) {
        d.game = Some(self.index);
        if self.options.strict && d.severity == Severity::Warning {
            d.severity = Severity::Error;
        }
        self.out.push(d);
    }

    fn empty_report(&self, variant: Option<Variant>) -> GameReport {
        GameReport {
            diagnostics: Vec::new(),
            variant,
            mainline: Vec::new(),
            all: Vec::new(),
            last: None,
            complete: false,
            files_ak: self.files == Files::AK,
            letters: self.letters,
        }
    }

    fn run(&mut self) -> GameReport {
        let variant = match tags::variant(self.record, self.options.default_variant) {
            Ok(v) => v,
            Err(d) => {
                self.push(d);
                return self.empty_report(None);
            }
        };
        let start = match tags::start_position(self.record, variant) {
            Ok(p) => p,
            Err(d) => {
                self.push(d);
                return self.empty_report(Some(variant));
            }
        };
        self.files = tags::files(self.record);
        self.walk(start, variant)
    }

    fn walk(&mut self, start: Position, variant: Variant) -> GameReport {
        let record = self.record;
        let tokens = &record.tokens;
        let mut stack: Vec<Line> = Vec::new();
        let mut line = Line { game: Game::new(start), before: None, main: true };
        let mut mainline = Vec::new();
        let mut all = Vec::new();
        let mut dead = false; // replay stopped at an illegal move
        let mut variation_opened: Vec<std::ops::Range<usize>> = Vec::new();
        let mut result_token: Option<(&Token, Outcome)> = None;
        for (ti, token) in tokens.iter().enumerate() {
            match &token.kind {
                TokenKind::VariationStart => {
                    variation_opened.push(token.span.clone());
                    if dead {
                        continue;
                    }
                    let Some(before) = line.before.clone() else {
                        self.push(messages::variation_without_move(token.span.clone()));
                        dead = true;
                        continue;
                    };
                    let parent =
                        std::mem::replace(&mut line, Line { game: Game::new(before), before: None, main: false });
                    stack.push(parent);
                }
                TokenKind::VariationEnd => {
                    if variation_opened.pop().is_none() {
                        self.push(messages::unopened_variation_end(token.span.clone()));
                        dead = true;
                        continue;
                    }
                    if dead {
                        continue;
                    }
                    if let Some(parent) = stack.pop() {
                        line = parent;
                    }
                }
                TokenKind::MoveNumber { number, black } if !dead => {
                    let pos = line.game.position();
                    if let Some(d) =
                        warnings::move_number(pos, token.span.clone(), *number, *black, line.game.plies() + 1)
                    {
                        self.push(d);
                    }
                }
                TokenKind::Move { text, check, .. } if !dead => {
                    let pos = line.game.position().clone();
                    let ply = line.game.plies() + 1;
                    match self.resolve(&pos, text, token, ply) {
                        Some(m) => {
                            if let MoveText::Man(mm) = text {
                                if let Some(d) =
                                    warnings::capture_mark(&pos, m, mm, token.span.clone(), self.letters, ply)
                                {
                                    self.push(d);
                                }
                            }
                            line.game.play_unchecked(m);
                            if let Some(d) = warnings::check_mark(line.game.position(), *check, token.span.clone(), ply)
                            {
                                self.push(d);
                            }
                            if line.main {
                                mainline.push(Ply { mv: m, before: pos.clone(), token: ti });
                            }
                            if self.options.keep_all {
                                all.push(Ply { mv: m, before: pos.clone(), token: ti });
                            }
                            line.before = Some(pos);
                        }
                        None => dead = true,
                    }
                }
                TokenKind::Result(o) => result_token = Some((token, *o)),
                _ => {}
            }
        }
        for span in variation_opened {
            self.push(messages::unclosed_variation(span));
        }
        while let Some(parent) = stack.pop() {
            line = parent;
        }
        let last = if dead { None } else { Some(line.game.position().clone()) };
        if let Some(pos) = &last {
            let mut found = Vec::new();
            warnings::result(record, pos, result_token, |d| found.push(d));
            for d in found {
                self.push(d);
            }
        }
        if result_token.is_none() {
            self.push(warnings::missing_result(record));
        }
        GameReport {
            diagnostics: Vec::new(),
            variant: Some(variant),
            mainline,
            all,
            last,
            complete: !dead,
            files_ak: self.files == Files::AK,
            letters: self.letters,
        }
    }

    /// The move `text` names in `pos`; `None` (with its diagnostic) when it names none.
    fn resolve(&mut self, pos: &Position, text: &MoveText, token: &Token, ply: u32) -> Option<Move> {
        let result = match spec::written(text, pos.variant(), self.files) {
            Err(e) => {
                self.push(messages::spec_error(e, token.span.clone()));
                return None;
            }
            Ok(Written::Castle(castle)) => pos.resolve_castle(castle),
            Ok(Written::Man(spec)) => pos.resolve(&spec),
        };
        match result {
            Ok(mv) => Some(mv),
            Err(e) => {
                let short = matches!(text, MoveText::Man(m) if !m.is_long());
                let d = messages::explain(pos, e, token.span.clone(), short, self.letters).ply(ply);
                self.push(d);
                None
            }
        }
    }
}
