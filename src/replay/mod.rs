//! Replays a game record through the rules: the variant and start position
//! from its tags, every move resolved (variations from the position before
//! the move they replace), marks, move numbers and the result checked.
//! Produces diagnostics; the replay of a game stops at its first illegal move.
//!
//! A position is copied only where a variation will start (the next move
//! token after a move is a `(`) and where [`Options::keep_all`] needs a
//! line's start; mate is looked for only after a check and at the end, and
//! a check marked as one waits for its line's next move (found legal, it
//! rules mate out).

mod dice;
mod messages;
pub mod notes;
mod report;
mod spec;
mod tags;
mod warnings;

pub use crate::rules::Claims;
pub use messages::syntax as syntax_error;
pub use report::{DiceTurn, GameReport, Ply};
pub use spec::roll_roles;
pub use tags::READ_TAGS;

use std::ops::ControlFlow;

use crate::diag::{Diagnostic, Severity};
use crate::notation::ast::{CheckMark, GameRecord, MoveText, Outcome, RollForm, Span, Token, TokenKind};
use crate::notation::Letters;
use crate::rules::{Bitboard, Move, Position, Role, Termination, Variant, VariantPosition};
use spec::Written;
use tags::Files;
use warnings::MarkVerdict;

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

/// Sees a game as it is replayed, so that every command counts, writes or
/// draws it without playing it again. The replay calls, for every turn of
/// the main line: [`Observer::begin_turn`], then for each of its moves
/// [`Observer::before_move`] and [`Observer::after_move`], then
/// [`Observer::end_turn`]; a turn is one move but in Dice chess, where it
/// is the moves of one roll. [`Observer::any_move`] sees the moves of every
/// line, variations included. Every method does nothing by default.
///
/// Every method returns [`ControlFlow`], as pgn-reader's `Visitor` does:
/// [`ControlFlow::Break`] stops the game's replay at once (a filter that
/// has found what it looks for): no other method is called for that game,
/// not even [`Observer::end`], and its report says
/// [`GameReport::stopped`]. [`ControlFlow::Continue`] costs nothing.
pub trait Observer {
    /// A game's replay starts: its record, the letters its moves are
    /// written in, and whether it letters the tenth file `k` (as the replay
    /// reads them from the tags and the moves).
    fn begin(&mut self, _record: &GameRecord, _letters: Letters, _files_ak: bool) -> Flow {
        Flow::Continue(())
    }
    /// A main-line turn starts from `before`: in Dice chess with its roll
    /// (the dice and the roll's token), in Royal before a restoration
    /// written ahead of its move.
    fn begin_turn(&mut self, _before: &VariantPosition, _roll: Option<([Role; 3], &Token)>) -> Flow {
        Flow::Continue(())
    }
    /// Main-line move `mv` is played from `before`.
    fn before_move(&mut self, _before: &VariantPosition, _mv: Move) -> Flow {
        Flow::Continue(())
    }
    /// It was played: the position after it and the men that give check there.
    fn after_move(&mut self, _after: &VariantPosition, _checkers: Bitboard) -> Flow {
        Flow::Continue(())
    }
    /// The turn is over: `after` is the position after its last move (in
    /// Dice chess, before the turn passes) and `turn` the Dice turn as
    /// replayed, with the dice left.
    fn end_turn(&mut self, _after: &VariantPosition, _turn: Option<&DiceTurn>) -> Flow {
        Flow::Continue(())
    }
    /// The replay is over: the position after the main line as far as it
    /// was replayed, and how the board ends the game there.
    fn end(&mut self, _main: &VariantPosition, _termination: Option<Termination>) -> Flow {
        Flow::Continue(())
    }
    /// Royal: the side to move restored its queen (docs/rules.md 5.5); `after`
    /// is the position with the new queen, the same side to move.
    fn restored(&mut self, _after: &VariantPosition) -> Flow {
        Flow::Continue(())
    }
    /// Any move of any line (the main line and every variation), in token
    /// order, played from `before` (a Royal restoration written before it
    /// made); [`Observer::any_played`] follows with the position after it.
    /// `convert` writes the moves here instead of playing them again.
    fn any_move(&mut self, _before: &VariantPosition, _ply: Ply, _token: &Token) -> Flow {
        Flow::Continue(())
    }
    /// The move of the last [`Observer::any_move`] was played: `after`.
    fn any_played(&mut self, _after: &VariantPosition) -> Flow {
        Flow::Continue(())
    }
}

/// What an [`Observer`] method returns: go on, or stop the game's replay.
pub type Flow = ControlFlow<()>;

impl Observer for () {}

/// The replay's hold on its observer: forwards each call until one
/// returns [`ControlFlow::Break`], then no more ([`Observer`]).
pub(super) struct Heed<'o, O: Observer> {
    observer: &'o mut O,
    /// An observer method asked to stop.
    pub(super) stopped: bool,
}

/// Forwards `$method` to the observer unless it has stopped.
macro_rules! forward {
    ($($method:ident($($arg:ident: $ty:ty),*);)*) => {$(
        #[inline(always)]
        pub(super) fn $method(&mut self, $($arg: $ty),*) {
            if !self.stopped {
                self.stopped = self.observer.$method($($arg),*).is_break();
            }
        }
    )*};
}

impl<O: Observer> Heed<'_, O> {
    forward! {
        begin_turn(before: &VariantPosition, roll: Option<([Role; 3], &Token)>);
        before_move(before: &VariantPosition, mv: Move);
        after_move(after: &VariantPosition, checkers: Bitboard);
        end_turn(after: &VariantPosition, turn: Option<&DiceTurn>);
        end(main: &VariantPosition, termination: Option<Termination>);
        restored(after: &VariantPosition);
        any_move(before: &VariantPosition, ply: Ply, token: &Token);
        any_played(after: &VariantPosition);
    }
}

/// A line being replayed: the main line or a variation.
struct Line {
    pos: VariantPosition,
    /// Plies played in this line.
    plies: u32,
    /// The position before the last move, kept when a variation follows it.
    before: Option<VariantPosition>,
    main: bool,
    /// Which line this is, for [`GameReport::resumes`].
    id: usize,
    /// Royal: a queen restoration was made before the coming move.
    restored: bool,
    /// The main line's turn has begun (its restoration was made) and the
    /// observer was told.
    in_turn: bool,
    /// The last move's check mark, right unless the move mates: settled
    /// by the line's next move (found legal, so no mate) or by the mate test
    /// where the line has none ([`Replayer::settle`]).
    unsettled: Option<Unsettled>,
}

/// A check mark waiting for its line's next move ([`warnings::MarkVerdict::RightUnlessMate`]).
struct Unsettled {
    checkers: Bitboard,
    written: Option<CheckMark>,
    span: Span,
    ply: u32,
    /// Where in the diagnostics its own goes, should the move mate: where
    /// it would have gone had the mate test been made at once.
    at: usize,
}

impl Line {
    fn new(pos: VariantPosition, main: bool, id: usize) -> Line {
        Line { pos, plies: 0, before: None, main, id, restored: false, in_turn: false, unsettled: None }
    }
}

struct Replayer<'a> {
    record: &'a GameRecord,
    index: usize,
    options: Options,
    files: Files,
    /// The letters the record uses, for help lines.
    letters: Letters,
    /// The record opens a variation ([`crate::notation::ast::MoveMarks::variations`]): only then
    /// is the position before a move kept for one.
    variations: bool,
    out: Vec<Diagnostic>,
    /// Royal: the sides that moved without a restoration that was due
    /// (docs/rules.md 5.5: the right refused), to name a late one.
    refused: [bool; 2],
}

/// Replays game number `index` (0-based, for the diagnostics).
pub fn replay(record: &GameRecord, index: usize, options: Options) -> GameReport {
    replay_observed(record, index, options, &mut ())
}

/// [`replay`], with `observer` seeing the game as it is played. A game
/// read as Hundred by default that fails is not read again as Chess
/// ([`replay_detected`] does that): the help of its first error says
/// when it would replay cleanly as Chess ([`chess_instead`]).
pub fn replay_observed(
    record: &GameRecord,
    index: usize,
    options: Options,
    observer: &mut impl Observer,
) -> GameReport {
    let mut report = replay_unsuggested(record, index, options, observer);
    if chess_instead(record, index, options, &report).is_some() {
        if let Some(d) = report.diagnostics.iter_mut().find(|d| d.is_error()) {
            // The Hundred moves the help would list mean nothing for this game.
            d.help = Some(CHESS_HELP.to_string());
        }
    }
    report
}

/// [`replay_observed`] without the look at Chess.
fn replay_unsuggested(record: &GameRecord, index: usize, options: Options, observer: &mut impl Observer) -> GameReport {
    // Asked once: a record not filled by the reader is walked for them.
    let marks = record.move_marks();
    let (files, letters) = tags::files_and_letters(record, marks);
    let stopped = observer.begin(record, letters, files == Files::AK).is_break();
    let mut r = Replayer {
        record,
        index,
        options,
        files,
        letters,
        variations: marks.variations,
        out: Vec::new(),
        refused: [false; 2],
    };
    let mut heed = Heed { observer, stopped };
    let report = r.run(&mut heed);
    if report.stopped {
        return GameReport { diagnostics: r.out, ..report };
    }
    crate::replay::notes::lookalike_warnings(record, report.variant).for_each(|d| r.push(d));
    GameReport { diagnostics: r.out, ..report }
}

/// The help of the first error of a game read as Hundred by default that
/// replays cleanly as Chess ([`chess_instead`]).
const CHESS_HELP: &str = "the game has no Variant tag, so it was read as Hundred; it replays cleanly as Chess: \
                          pass --variant chess (or add [Variant \"Chess\"])";

/// The one rule for a game whose variant neither a Variant tag nor
/// `--variant` gives: it is read as Hundred, and when it fails as Hundred
/// and replays cleanly as Chess (an ordinary chess game in a Hundred
/// collection), it is a Chess game. `hundred` is its replay as Hundred;
/// the answer is its replay as Chess, or `None` when the rule does not
/// make it one. `validate` names it in the help of the Hundred replay's
/// first error; every other command counts the game as Chess
/// ([`replay_detected`]).
pub fn chess_instead(record: &GameRecord, index: usize, options: Options, hundred: &GameReport) -> Option<GameReport> {
    let hundred_by_default = options.default_variant.is_none() && tags::tag(record, "Variant").is_none();
    if !hundred_by_default || hundred.is_valid() || hundred.stopped {
        return None;
    }
    let as_chess = replay_unsuggested(record, index, chess_options(options), &mut ());
    (as_chess.is_valid() && !as_chess.mainline.is_empty()).then_some(as_chess)
}

/// `options` with Chess the variant of a game without a Variant tag.
fn chess_options(options: Options) -> Options {
    Options { default_variant: Some(Variant::UNTAGGED_ALTERNATIVE), ..options }
}

/// The variant game `record` counts as: its Variant tag's, `--variant`'s,
/// or by the rule of [`chess_instead`] (a replay or two: asked only where
/// neither gives one). `None`: the Variant tag names no variant.
pub fn variant_of(record: &GameRecord, index: usize, options: Options) -> Option<Variant> {
    match (tags::tag(record, "Variant"), options.default_variant) {
        (None, None) => {
            let hundred = replay_unsuggested(record, index, options, &mut ());
            Some(
                chess_instead(record, index, options, &hundred)
                    .map_or_else(Variant::default, |_| Variant::UNTAGGED_ALTERNATIVE),
            )
        }
        _ => tags::variant(record, options.default_variant).ok(),
    }
}

/// [`replay_observed`] by the rule of [`chess_instead`], for the commands
/// that count games by their variant (`stats`, `tree`, `split`, `moves`,
/// `filter`): a game read as Hundred by default that replays cleanly as
/// Chess is replayed again as Chess, `observer` made new by `reset` first
/// (it saw the Hundred replay), and its report begins with the note
/// [`Code::ReadAsChess`](crate::diag::Code::ReadAsChess).
pub fn replay_detected<O: Observer>(
    record: &GameRecord,
    index: usize,
    options: Options,
    observer: &mut O,
    reset: impl FnOnce(&mut O),
) -> GameReport {
    let hundred = replay_unsuggested(record, index, options, observer);
    if chess_instead(record, index, options, &hundred).is_none() {
        return hundred;
    }
    reset(observer);
    let mut chess = replay_unsuggested(record, index, chess_options(options), observer);
    chess.diagnostics.insert(0, filed(index, options, messages::read_as_chess(record)));
    chess
}

/// Whether the next token after `ti` that changes the line is a `(`: then
/// the position before move `ti` is needed again.
fn variation_follows(tokens: &[Token], ti: usize) -> bool {
    tokens
        .iter()
        .skip(ti + 1)
        .find(|t| matches!(t.kind, TokenKind::Move { .. } | TokenKind::VariationStart | TokenKind::VariationEnd))
        .is_some_and(|t| matches!(t.kind, TokenKind::VariationStart))
}

/// Adds `d` to `out` as a diagnostic of game `index` ([`filed`]).
fn file_diagnostic(out: &mut Vec<Diagnostic>, index: usize, options: Options, d: Diagnostic) {
    out.push(filed(index, options, d));
}

/// `d` as a diagnostic of game `index`, a warning made an error under `--strict`.
fn filed(index: usize, options: Options, mut d: Diagnostic) -> Diagnostic {
    d.game = Some(index);
    if options.strict && d.severity == Severity::Warning {
        d.severity = Severity::Error;
    }
    d
}

/// The main line's moves and turns, gathered as the walk goes.
struct Main {
    plies: Vec<Ply>,
    turns: Vec<DiceTurn>,
}

impl Replayer<'_> {
    fn push(&mut self, d: Diagnostic) {
        file_diagnostic(&mut self.out, self.index, self.options, d);
    }

    /// The mate test of `line`'s unsettled check mark, if any: the line has
    /// no next legal move (it ends, the replay stops at its next move, or a
    /// Royal restoration is about to change its position).
    fn settle(&mut self, line: &mut Line) {
        let Some(u) = line.unsettled.take() else { return };
        let Some(pos) = line.pos.plain() else { return };
        if let Some(d) = warnings::check_or_mark(pos, u.checkers, u.written, u.span, u.ply) {
            self.out.insert(u.at, filed(self.index, self.options, d));
        }
    }

    fn empty_report(&self, variant: Option<Variant>) -> GameReport {
        GameReport {
            diagnostics: Vec::new(),
            variant,
            start: None,
            mainline: Vec::new(),
            turns: Vec::new(),
            all: Vec::new(),
            resumes: Vec::new(),
            last: None,
            end: None,
            complete: false,
            files_ak: self.files == Files::AK,
            letters: self.letters,
            roll_form: RollForm::Latin,
            stopped: false,
        }
    }

    fn run(&mut self, observer: &mut Heed<impl Observer>) -> GameReport {
        if observer.stopped {
            return GameReport { stopped: true, ..self.empty_report(None) };
        }
        for d in tags::checks(self.record) {
            self.push(d);
        }
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
        self.walk(start, variant, observer)
    }

    /// The one walk of a record's tokens, in every variant: lines and
    /// variations, move numbers, Dice rolls and turns, Royal restorations,
    /// moves resolved and played, marks judged, the result.
    fn walk(&mut self, start: VariantPosition, variant: Variant, observer: &mut Heed<impl Observer>) -> GameReport {
        let record = self.record;
        let tokens = &record.tokens;
        let mut stack: Vec<Line> = Vec::new();
        let mut line = Line::new(start.clone(), true, 0);
        let mut lines = 1;
        // One allocation per game: a line holds at most one ply per token.
        let mut main = Main { plies: Vec::with_capacity(tokens.len()), turns: Vec::new() };
        let (mut all, mut resumes) = (Vec::new(), Vec::new());
        // The line of the last move kept in `all`.
        let mut kept_line = None;
        let mut dead = false; // replay stopped at an illegal move
        let mut variation_opened: Vec<std::ops::Range<usize>> = Vec::new();
        let mut result_token: Option<(&Token, Outcome)> = None;
        // Without a `(` in the record no position before a move is kept,
        // and the tokens after each move are not looked through for one.
        let variations = self.variations;
        // Dice chess: the turn of the main line being made (its variations
        // are read, not replayed).
        let mut dice = start.rules().rolled_turns.then(|| dice::Turns::new(record));
        // The main line's positions, where the variant ends a game by
        // repetition (Chess's fivefold): each noted before its move, the
        // last once the line is over.
        let mut seen = start.rules().auto_draw.map(|_| Claims::with_capacity(tokens.len() + 1));
        for (ti, token) in tokens.iter().enumerate() {
            if observer.stopped {
                break;
            }
            match &token.kind {
                TokenKind::VariationStart => {
                    variation_opened.push(token.span.clone());
                    if dead || dice.is_some() {
                        continue;
                    }
                    let Some(before) = line.before.clone() else {
                        self.push(messages::variation_without_move(token.span.clone()));
                        dead = true;
                        continue;
                    };
                    let parent = std::mem::replace(&mut line, Line::new(before, false, lines));
                    lines += 1;
                    stack.push(parent);
                }
                TokenKind::VariationEnd => {
                    if variation_opened.pop().is_none() {
                        self.push(messages::unopened_variation_end(token.span.clone()));
                        dead = true;
                        continue;
                    }
                    if dead || dice.is_some() {
                        continue;
                    }
                    if let Some(parent) = stack.pop() {
                        self.settle(&mut line);
                        line = parent;
                    }
                }
                TokenKind::Result(o) => result_token = Some((token, *o)),
                _ if dead => {}
                _ if dice.is_some() && !variation_opened.is_empty() => {}
                _ if dice.is_some() => {
                    if let Some(turns) = dice.as_mut() {
                        dead = !self.dice_token(turns, &mut line.pos, &mut main, ti, token, observer);
                    }
                }
                TokenKind::MoveNumber { number, black } => {
                    let (span, ply) = (token.span.clone(), line.plies + 1);
                    if let Some(d) = warnings::move_number(&line.pos, span, *number, *black, ply) {
                        self.push(d);
                    }
                }
                TokenKind::Move { text: MoveText::Restoration { square }, .. } => {
                    let square = square.and_then(|s| crate::rules::Square::new(s.file, s.rank));
                    self.settle(&mut line);
                    if line.main && !line.in_turn {
                        observer.begin_turn(&line.pos, None);
                        line.in_turn = true;
                    }
                    let late = self.refused.get(line.pos.turn().index()).copied().unwrap_or(false);
                    match line.pos.restore_queen(square) {
                        Ok(_) => {
                            line.restored = true;
                            if line.main {
                                observer.restored(&line.pos);
                            }
                        }
                        Err(e) => {
                            let d = messages::bad_restoration(e, late, token.span.clone()).ply(line.plies + 1);
                            self.push(d);
                            dead = true;
                        }
                    }
                }
                TokenKind::Move { text, check, .. } => {
                    let ply = line.plies + 1;
                    let Some(pos) = line.pos.plain() else { continue };
                    if pos.can_restore() {
                        if let Some(r) = self.refused.get_mut(pos.turn().index()) {
                            *r = true;
                        }
                    }
                    let Some(m) = self.resolve(pos, text, token, ply) else {
                        self.settle(&mut line);
                        dead = true;
                        continue;
                    };
                    // A legal move here: the last move did not mate.
                    line.unsettled = None;
                    if let MoveText::Man(mm) = text {
                        if let Some(d) = warnings::capture_mark(pos, m, mm, token.span.clone(), self.letters, ply) {
                            self.push(d);
                        }
                    }
                    let at = Ply { mv: m, token: ti, restored: line.restored };
                    if line.main {
                        if let Some(seen) = seen.as_mut() {
                            seen.note(pos);
                        }
                        if !line.in_turn {
                            observer.begin_turn(&line.pos, None);
                        }
                        observer.before_move(&line.pos, m);
                    }
                    if self.options.keep_all {
                        if kept_line != Some(line.id) {
                            resumes.push((all.len(), line.pos.clone()));
                            kept_line = Some(line.id);
                        }
                        all.push(at);
                    }
                    if variations && variation_follows(tokens, ti) {
                        match line.before.as_mut() {
                            Some(b) => b.clone_from(&line.pos),
                            None => line.before = Some(line.pos.clone()),
                        }
                    } else {
                        line.before = None;
                    }
                    observer.any_move(&line.pos, at, token);
                    line.pos.play_unchecked(m);
                    observer.any_played(&line.pos);
                    if line.main {
                        // Kept after the move is played: `at`'s fields,
                        // stored one by one, are then read back whole
                        // without waiting on the stores.
                        main.plies.push(at);
                    }
                    line.restored = false;
                    line.plies = ply;
                    let Some(pos) = line.pos.plain() else { continue };
                    let checkers = pos.checkers();
                    match warnings::check_mark(pos, checkers, *check, token.span.clone(), ply) {
                        MarkVerdict::Right => {}
                        MarkVerdict::Wrong(d) => self.push(d),
                        MarkVerdict::RightUnlessMate => {
                            let (span, at) = (token.span.clone(), self.out.len());
                            line.unsettled = Some(Unsettled { checkers, written: *check, span, ply, at });
                        }
                    }
                    if line.main {
                        observer.after_move(&line.pos, checkers);
                        observer.end_turn(&line.pos, None);
                        line.in_turn = false;
                    }
                }
                _ => {}
            }
        }
        if observer.stopped {
            let (mainline, turns) = (main.plies, main.turns);
            return GameReport {
                start: Some(start),
                mainline,
                turns,
                all,
                resumes,
                stopped: true,
                ..self.empty_report(Some(variant))
            };
        }
        // A game whose reading stopped at a syntax error (the error, not
        // its missing end, is reported): replayed as far as it was read.
        let cut = record.faults.last().is_some_and(|f| !f.in_variation);
        for span in variation_opened.into_iter().filter(|_| !cut) {
            self.push(messages::unclosed_variation(span));
        }
        self.settle(&mut line);
        while let Some(parent) = stack.pop() {
            line = parent;
            self.settle(&mut line);
        }
        let mut roll_form = RollForm::Latin;
        if let Some(mut turns) = dice.take() {
            roll_form = turns.roll_form;
            dead = !self.end_dice(&mut turns, &mut line.pos, &mut main, dead, observer);
        }
        if self.options.keep_all && !main.turns.is_empty() {
            resumes = vec![(0, start.clone())];
            all.clone_from(&main.plies);
        }
        let termination = match seen.as_mut() {
            Some(seen) => line.pos.termination_after(seen),
            None => line.pos.termination(),
        };
        observer.end(&line.pos, termination);
        dead |= cut;
        let (last, end) = if dead { (None, None) } else { (Some(line.pos), termination) };
        if !dead {
            let mut found = Vec::new();
            warnings::result(record, end, result_token, |d| found.push(d));
            for d in found {
                self.push(d);
            }
        }
        if result_token.is_none() && !cut {
            self.push(warnings::missing_result(record));
        }
        if !record.faults.is_empty() {
            for fault in &record.faults {
                self.push(messages::syntax(&fault.error, fault.typo.as_ref()));
            }
            // In the order of the text, as every game's diagnostics.
            self.out.sort_by_key(|d| d.span.start);
        }
        GameReport {
            diagnostics: Vec::new(),
            variant: Some(variant),
            start: Some(start),
            mainline: main.plies,
            turns: main.turns,
            all,
            resumes,
            last,
            end,
            complete: !dead,
            files_ak: self.files == Files::AK,
            letters: self.letters,
            roll_form,
            stopped: false,
        }
    }

    /// The move `text` names in `pos`; `None` (with its diagnostic) when it names none.
    #[inline(always)]
    fn resolve(&mut self, pos: &Position, text: &MoveText, token: &Token, ply: u32) -> Option<Move> {
        // The common case in line: a man's move that exactly one legal move
        // fits (the rules' quick path), with no error value built or moved.
        if let MoveText::Man(m) = text {
            if let Ok(spec) = spec::spec(m, pos.variant(), self.files) {
                if let Some(mv) = pos.resolve_quick(&spec) {
                    return Some(mv);
                }
            }
        }
        self.resolve_any(pos, text, token, ply)
    }

    /// [`Self::resolve`] of any move: castling, a null move, a move the
    /// quick path does not settle, and every error.
    #[inline(never)]
    fn resolve_any(&mut self, pos: &Position, text: &MoveText, token: &Token, ply: u32) -> Option<Move> {
        let cx = || messages::Context {
            letters: self.letters,
            files: self.files,
            throne_off: matches!(tags::throne_pawn(self.record), Ok(false)),
            text,
        };
        let result = match spec::written(text, pos.variant(), self.files) {
            Err(e) => {
                let d = messages::spec_error(e, token.span.clone(), &cx());
                self.push(d);
                return None;
            }
            Ok(Written::Null) => {
                let m = pos.null_move();
                if m.is_none() {
                    self.push(messages::null_move_in_check(token.span.clone()).ply(ply));
                }
                return m;
            }
            Ok(Written::Castle(castle)) => pos.resolve_castle(castle).map_err(|e| (e, None)),
            Ok(Written::Man(spec)) => pos.resolve(&spec).map_err(|e| (e, Some(spec))),
            Ok(Written::Restoration) => return None,
        };
        match result {
            Ok(mv) => Some(mv),
            Err((_, spec)) if pos.royal_violation(spec.as_ref()).is_some() => {
                let v = pos.royal_violation(spec.as_ref())?;
                let d = messages::royal_violation(v, token.span.clone(), pos, &cx()).ply(ply);
                self.push(d);
                None
            }
            Err((e, _)) => {
                let d = messages::explain(pos, e, token.span.clone(), &cx()).ply(ply);
                self.push(d);
                None
            }
        }
    }
}
