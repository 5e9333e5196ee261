//! Statistics: one row per game, and an aggregate that is an accumulator
//! with a `merge`, so that any split of the input over threads gives the
//! same result.

pub mod clocks;
pub mod openings;
mod page;
pub mod row;

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use self::openings::{Beside, Openings, Walk};
use crate::notation::ast::GameRecord;
use crate::notation::{Letters, LongMove, ShortMove};
use crate::replay::{replay_detected, Claims, DiceTurn, Flow, Observer, Options};
use crate::rules::dice::turns::legal_turns;
use crate::rules::{
    Bitboard, Claim, Color, Legality, Move, MoveKind, Role, Stage, Termination, Variant, VariantPosition, Wing,
};

/// One game's figures (`--per-game`).
#[derive(Clone, Debug, Default, Serialize, PartialEq, Eq)]
pub struct GameStats {
    pub file: String,
    /// The game's index in the text read, from 0 (the command line writes
    /// its number in the file, from 1).
    pub game: usize,
    pub event: String,
    pub site: String,
    pub date: String,
    pub round: String,
    pub white: String,
    pub black: String,
    pub result: String,
    pub variant: String,
    pub valid: bool,
    pub first_diagnostic: String,
    /// Main-line plies replayed.
    pub plies: u32,
    pub captures: u32,
    pub checks: u32,
    pub double_checks: u32,
    pub castle_first_short: u32,
    pub castle_first_long: u32,
    pub castle_second_short: u32,
    pub castle_second_long: u32,
    pub promote_queen: u32,
    pub promote_prince: u32,
    pub promote_rook: u32,
    pub promote_bishop: u32,
    pub promote_knight: u32,
    /// Grand: promotions to the marshal and the cardinal.
    pub promote_marshal: u32,
    pub promote_cardinal: u32,
    /// Promotions on the files a, c, h, j (where the prince is allowed).
    pub promote_prince_files: u32,
    pub throne_pawns: u32,
    pub en_passant: u32,
    /// Kings taken (Royal, docs/rules.md 5.3, and Dice chess, whose king capture
    /// ends the game); Royal (5.3, 5.5): princes crowned, queens restored,
    /// restorations refused (a move made while one was due).
    pub king_captures: u32,
    pub crownings: u32,
    pub restorations: u32,
    pub restorations_refused: u32,
    /// Ply after which 20 or fewer men stand (docs/rules.md 1.6); 0 if the game starts so, empty if never.
    pub endgame_ply: Option<u32>,
    /// Ply after which 10 or fewer men stand.
    pub deep_endgame_ply: Option<u32>,
    /// First ply after which a draw could be claimed.
    pub claim_ply: Option<u32>,
    /// checkmate, stalemate or none.
    pub termination: String,
    /// The first main-line move in Latin long notation.
    #[serde(skip)]
    pub first_move: Option<String>,
    pub final_fen: String,
    /// Dice chess: turns, dice left unspent, turns where the maximum-moves
    /// rule took sequences away, empty turns, moves per turn (1, 2, 3).
    #[serde(skip)]
    pub dice: Option<DiceStats>,
}

/// The result of a game as the aggregate counts it: the result token, else the tag.
fn result(record: &GameRecord) -> String {
    record.result().map_or_else(|| record.tag("Result").unwrap_or("").to_string(), |(_, o)| o.pgn().to_string())
}

/// The part of a row the aggregate reads before the replay.
fn result_only(record: &GameRecord) -> GameStats {
    GameStats { result: result(record), termination: "none".to_string(), ..GameStats::default() }
}

/// The row of a game before it is replayed: where it is and its tags.
fn header(file: &str, index: usize, record: &GameRecord) -> GameStats {
    let tag = |name: &str| record.tag(name).unwrap_or("").to_string();
    GameStats {
        file: file.to_string(),
        game: index,
        event: tag("Event"),
        site: tag("Site"),
        date: tag("Date"),
        round: tag("Round"),
        white: tag("White"),
        black: tag("Black"),
        result: result(record),
        termination: "none".to_string(),
        ..GameStats::default()
    }
}

/// Counts one game's figures on its main line as the replay plays it.
struct Counter {
    s: GameStats,
    /// The claims of the main line, until the first (only the first is reported).
    claims: Claims,
    /// The final FEN is written (rows, not only the aggregate).
    fen: bool,
    /// The draw that may be claimed after the last move played.
    last_claim: Option<Claim>,
}

impl Counter {
    fn stage(&mut self, men: u32, ply: u32) {
        for (at, limit) in [(&mut self.s.endgame_ply, 20), (&mut self.s.deep_endgame_ply, 10)] {
            if men <= limit && at.is_none() {
                *at = Some(ply);
            }
        }
    }
}

impl Counter {
    /// A Dice chess move: its captures, castlings, en passant and
    /// promotions (Dice chess has no check, claim or stage).
    fn dice_move(&mut self, before: &VariantPosition, m: Move) {
        let s = &mut self.s;
        s.dice.get_or_insert_with(DiceStats::default);
        s.captures += u32::from(before.is_capture(m));
        s.king_captures += u32::from(before.ends_by_king_capture(m));
        match m.kind {
            MoveKind::Castle(_) if m.to.file() > m.from.file() => s.castle_first_short += 1,
            MoveKind::Castle(_) => s.castle_first_long += 1,
            MoveKind::EnPassant => s.en_passant += 1,
            MoveKind::Promotion(Role::Queen) => s.promote_queen += 1,
            MoveKind::Promotion(Role::Rook) => s.promote_rook += 1,
            MoveKind::Promotion(Role::Bishop) => s.promote_bishop += 1,
            MoveKind::Promotion(_) => s.promote_knight += 1,
            _ => {}
        }
    }
}

impl Observer for Counter {
    fn before_move(&mut self, before: &VariantPosition, m: Move) -> Flow {
        let line_start = before;
        let Some(before) = before.plain() else {
            self.dice_move(before, m);
            return Flow::Continue(());
        };
        let s = &mut self.s;
        if s.plies == 0 {
            // In SAN for Chess (`e4`, `Nf3`), in long form for the 10x10 games.
            s.first_move = Some(if before.rules().pgn_records {
                ShortMove { pos: before, mv: m, letters: Letters::Latin }.to_string()
            } else {
                LongMove { pos: before, mv: m, letters: Letters::Latin }.to_string()
            });
            self.claims.start(line_start);
            self.stage(before.men(), 0);
        }
        let s = &mut self.s;
        if before.is_capture(m) {
            s.captures += 1;
        }
        if before.rules().legality == Legality::Cover {
            if before.board().piece_at(m.to).is_some_and(|p| p.role == Role::King && p.color != before.turn()) {
                s.king_captures += 1;
                s.crownings += u32::from(before.has_cover(!before.turn()));
            }
            s.restorations_refused += u32::from(before.can_restore());
        }
        match m.kind {
            MoveKind::EnPassant => s.en_passant += 1,
            MoveKind::Throne(_) => s.throne_pawns += 1,
            MoveKind::Castle(i) => {
                let spec = before.castle_spec(i);
                *match (spec.stage, spec.wing) {
                    (Stage::First, Wing::Short) => &mut s.castle_first_short,
                    (Stage::First, Wing::Long) => &mut s.castle_first_long,
                    (Stage::Second, Wing::Short) => &mut s.castle_second_short,
                    (Stage::Second, Wing::Long) => &mut s.castle_second_long,
                } += 1;
            }
            MoveKind::Promotion(role) => {
                *match role {
                    Role::Prince => &mut s.promote_prince,
                    Role::Rook => &mut s.promote_rook,
                    Role::Bishop => &mut s.promote_bishop,
                    Role::Knight => &mut s.promote_knight,
                    Role::Marshal => &mut s.promote_marshal,
                    Role::Cardinal => &mut s.promote_cardinal,
                    _ => &mut s.promote_queen,
                } += 1;
                if matches!(m.to.file(), 0 | 2 | 7 | 9) {
                    s.promote_prince_files += 1;
                }
            }
            MoveKind::Normal | MoveKind::Null => {}
        }
        Flow::Continue(())
    }

    fn after_move(&mut self, after: &VariantPosition, checkers: Bitboard) -> Flow {
        self.s.plies += 1;
        let ply = self.s.plies;
        // Dice chess has no check, claim or stage (`dice_move`, `end_turn`).
        if after.rules().rolled_turns {
            return Flow::Continue(());
        }
        let pos = after;
        if checkers.any() {
            self.s.checks += 1;
            if checkers.more_than_one() {
                self.s.double_checks += 1;
            }
        }
        // The men are counted again only when their number can have changed:
        // every capture (and the throne pawn's gain) resets the move count.
        if pos.halfmoves() == 0 && self.s.deep_endgame_ply.is_none() {
            self.stage(pos.men(), ply);
        }
        self.last_claim = self.claims.after(after);
        if self.s.claim_ply.is_none() && self.last_claim.is_some() {
            self.s.claim_ply = Some(ply);
        }
        Flow::Continue(())
    }

    fn restored(&mut self, _after: &VariantPosition) -> Flow {
        self.s.restorations += 1;
        Flow::Continue(())
    }

    fn end_turn(&mut self, after: &VariantPosition, turn: Option<&DiceTurn>) -> Flow {
        let Some(turn) = turn else { return Flow::Continue(()) };
        let d = self.s.dice.get_or_insert_with(DiceStats::default);
        d.turns += 1;
        if let Some(c) = d.moves_per_turn.get_mut(turn.plies.len()) {
            *c += 1;
        }
        if after.king_taken().is_some() {
            d.king_captures_with_dice_left += u64::from(!turn.left.is_empty());
        } else {
            d.dice_unused += u64::from(turn.left.count());
        }
        if legal_turns(&turn.start, turn.roll).removed > 0 {
            d.forced_turns += 1;
        }
        Flow::Continue(())
    }

    fn end(&mut self, main: &VariantPosition, termination: Option<Termination>) -> Flow {
        if let (Some(Termination::KingCaptured { winner }), Some(d)) = (termination, self.s.dice.as_mut()) {
            if let Some(c) = d.king_captures.get_mut(winner.index()) {
                *c += 1;
            }
        }
        // A game with no main-line move: no termination, and a final FEN
        // only when the replay did not stop (see `game_stats`).
        if self.s.plies == 0 {
            return Flow::Continue(());
        }
        self.s.termination = match termination {
            None => self.last_claim.map_or("none", claim_termination),
            t => termination_name(t),
        }
        .to_string();
        if self.fen {
            self.s.final_fen = main.fen();
        }
        Flow::Continue(())
    }
}

/// Replays one game and counts its figures; `claims` is a buffer reused
/// between games; `rows`: the row is kept (tags and final FEN written).
fn game_stats(
    file: &str,
    index: usize,
    record: &GameRecord,
    options: Options,
    claims: &mut Claims,
    rows: bool,
    walk: &mut Walk,
) -> GameStats {
    let fresh = || if rows { header(file, index, record) } else { result_only(record) };
    let mut counter = Counter { s: fresh(), claims: std::mem::take(claims), fen: rows, last_claim: None };
    let turns = walk.turns();
    let reset = |b: &mut Beside<'_, Counter>| {
        b.inner.s = fresh();
        b.inner.last_claim = None;
        b.walk.reset(turns);
    };
    let report = replay_detected(record, index, options, &mut Beside { inner: &mut counter, walk }, reset);
    *claims = counter.claims;
    let mut s = counter.s;
    let first_error = report.diagnostics.iter().find(|d| d.is_error()).or(report.diagnostics.first());
    s.variant = report.variant.map_or_else(String::new, |v| v.name().to_string());
    s.valid = report.is_valid();
    s.first_diagnostic = first_error.map_or_else(String::new, |d| d.code.to_string());
    // A game stopped at its first move ends where it starts.
    if let (0, Some(pos), true) = (s.plies, report.last.as_ref().or(report.start.as_ref()), rows) {
        s.final_fen = pos.fen();
    }
    if report.variant.and_then(|v| v.rules().ok()).is_some_and(|r| r.rolled_turns) {
        s.dice.get_or_insert_with(DiceStats::default);
    }
    s
}

/// The termination column's name of the end on the board (`none` if none).
pub fn termination_name(t: Option<Termination>) -> &'static str {
    match t {
        Some(Termination::Checkmate { winner: Color::White }) => "checkmate (white wins)",
        Some(Termination::Checkmate { winner: Color::Black }) => "checkmate (black wins)",
        Some(Termination::LosingPosition { winner: Color::White }) => "losing position (white wins)",
        Some(Termination::LosingPosition { winner: Color::Black }) => "losing position (black wins)",
        Some(Termination::KingCaptured { winner: Color::White }) => "king capture (white wins)",
        Some(Termination::KingCaptured { winner: Color::Black }) => "king capture (black wins)",
        Some(Termination::Stalemate) => "stalemate",
        Some(Termination::FivefoldRepetition) => "fivefold repetition",
        Some(Termination::SeventyFiveMoves) => "75-move rule",
        None => "none",
    }
}

/// The termination of a game that ends where a draw can be claimed.
pub fn claim_termination(claim: Claim) -> &'static str {
    match claim {
        Claim::Threefold => "draw claimable (threefold repetition)",
        Claim::MoveRule => "draw claimable (move rule)",
    }
}

/// The turns of Dice chess games, summed.
#[derive(Clone, Debug, Default, Serialize, Deserialize, PartialEq, Eq)]
#[serde(default, deny_unknown_fields)]
pub struct DiceStats {
    pub turns: u64,
    /// Turns of 0, 1, 2 and 3 moves.
    pub moves_per_turn: [u64; 4],
    /// Dice left unspent at the end of a turn.
    pub dice_unused: u64,
    /// Turns where the maximum-moves rule took sequences away.
    pub forced_turns: u64,
    /// Games won by taking the king: by White, by Black, and with dice left.
    pub king_captures: [u64; 2],
    pub king_captures_with_dice_left: u64,
}

impl DiceStats {
    pub fn add(&mut self, o: &DiceStats) {
        self.turns += o.turns;
        for (a, b) in self.moves_per_turn.iter_mut().zip(o.moves_per_turn) {
            *a += b;
        }
        self.dice_unused += o.dice_unused;
        self.forced_turns += o.forced_turns;
        for (a, b) in self.king_captures.iter_mut().zip(o.king_captures) {
            *a += b;
        }
        self.king_captures_with_dice_left += o.king_captures_with_dice_left;
    }

    /// The aggregate's lines.
    pub fn rows(&self) -> Vec<(&'static str, String)> {
        let moves: u64 = self.moves_per_turn.iter().enumerate().map(|(n, c)| n as u64 * c).sum();
        let mean = if self.turns > 0 { format!("{:.2}", moves as f64 / self.turns as f64) } else { String::new() };
        let [m0, m1, m2, m3] = self.moves_per_turn;
        vec![
            ("turns", self.turns.to_string()),
            ("moves per turn (mean)", mean),
            ("empty turns", m0.to_string()),
            ("turns of 1 move", m1.to_string()),
            ("turns of 2 moves", m2.to_string()),
            ("turns of 3 moves", m3.to_string()),
            ("dice unused", self.dice_unused.to_string()),
            ("turns where the maximum-moves rule forced a choice", self.forced_turns.to_string()),
            ("king captured by white", self.king_captures[0].to_string()),
            ("king captured by black", self.king_captures[1].to_string()),
            ("king captured with dice left", self.king_captures_with_dice_left.to_string()),
        ]
    }
}

/// The section of the most frequent openings (their lines are long).
pub const OPENINGS: &str = "most frequent openings";

/// One line of the aggregate (printed by the table writers and the page).
pub use crate::output::stats_page::StatRow;

/// The aggregate over many games: counts only, so merging is exact and
/// order-independent (maps are sorted). Its JSON (`stats --format json`)
/// reads back whole (`stats --merge`): a field missing counts 0, an unknown
/// field is an error rather than a count dropped.
#[derive(Clone, Debug, Default, Serialize, Deserialize, PartialEq, Eq)]
#[serde(default, deny_unknown_fields)]
pub struct Aggregate {
    pub files: u64,
    pub games: u64,
    pub valid: u64,
    pub invalid: u64,
    /// Invalid games by their first diagnostic code.
    pub invalid_by_code: BTreeMap<String, u64>,
    pub results: BTreeMap<String, u64>,
    /// Main-line plies: how many games had each length.
    pub plies: BTreeMap<u32, u64>,
    pub castlings: BTreeMap<String, u64>,
    /// Games whose side made a first stage on a wing, and of those, games
    /// where the same side also made the second stage there.
    pub first_stage_games: u64,
    pub second_after_first_games: u64,
    pub promotions: BTreeMap<String, u64>,
    pub promotions_prince_files: u64,
    pub promotions_other_files: u64,
    pub games_with_throne_pawn: u64,
    pub games_reaching_endgame: u64,
    pub games_reaching_deep_endgame: u64,
    /// By variant and move: `Chess: e4`.
    pub first_moves: BTreeMap<String, u64>,
    pub terminations: BTreeMap<String, u64>,
    pub games_with_claim: u64,
    /// Royal: king captures, crownings, queen restorations made and
    /// refused, games ended by a losing position (docs/rules.md 5.3–5.5).
    pub king_captures: u64,
    pub crownings: u64,
    pub restorations: u64,
    pub restorations_refused: u64,
    pub losing_positions: u64,
    /// Valid games by variant (which rules' sections to show).
    pub variants: BTreeMap<String, u64>,
    /// Dice chess games' turns, summed.
    pub dice: DiceStats,
    /// Games by time control and the time their moves took (issue 44).
    #[serde(skip_serializing_if = "clocks::TimeStats::is_empty")]
    pub time: clocks::TimeStats,
    /// The positions after the first turns, by variant ([`openings`]).
    pub openings: Openings,
}

impl Aggregate {
    pub fn add(&mut self, g: &GameStats) {
        self.games += 1;
        if g.valid {
            self.valid += 1;
        } else {
            self.invalid += 1;
            *self.invalid_by_code.entry(g.first_diagnostic.clone()).or_default() += 1;
        }
        *self.results.entry(if g.result.is_empty() { "none".into() } else { g.result.clone() }).or_default() += 1;
        if !g.valid {
            return;
        }
        *self.variants.entry(g.variant.clone()).or_default() += 1;
        *self.plies.entry(g.plies).or_default() += 1;
        // Each castling by its name in the game's variant.
        let rules = g.variant.parse::<Variant>().ok().and_then(|v| v.rules().ok());
        for (stage, wing, n) in [
            (Stage::First, Wing::Short, g.castle_first_short),
            (Stage::First, Wing::Long, g.castle_first_long),
            (Stage::Second, Wing::Short, g.castle_second_short),
            (Stage::Second, Wing::Long, g.castle_second_long),
        ] {
            if let (true, Some(name)) = (n > 0, rules.and_then(|r| r.castle_label(stage, wing))) {
                *self.castlings.entry(name).or_default() += u64::from(n);
            }
        }
        let firsts = g.castle_first_short + g.castle_first_long;
        if firsts > 0 {
            self.first_stage_games += 1;
            if g.castle_second_short + g.castle_second_long > 0 {
                self.second_after_first_games += 1;
            }
        }
        for (name, n) in [
            ("queen", g.promote_queen),
            ("prince", g.promote_prince),
            ("rook", g.promote_rook),
            ("bishop", g.promote_bishop),
            ("knight", g.promote_knight),
            ("marshal", g.promote_marshal),
            ("cardinal", g.promote_cardinal),
        ] {
            if n > 0 {
                *self.promotions.entry(name.to_string()).or_default() += u64::from(n);
            }
        }
        let promos = g.promote_queen
            + g.promote_prince
            + g.promote_rook
            + g.promote_bishop
            + g.promote_knight
            + g.promote_marshal
            + g.promote_cardinal;
        self.promotions_prince_files += u64::from(g.promote_prince_files);
        self.promotions_other_files += u64::from(promos - g.promote_prince_files);
        self.games_with_throne_pawn += u64::from(g.throne_pawns > 0);
        self.games_reaching_endgame += u64::from(g.endgame_ply.is_some());
        self.games_reaching_deep_endgame += u64::from(g.deep_endgame_ply.is_some());
        self.games_with_claim += u64::from(g.claim_ply.is_some());
        if let Some(m) = &g.first_move {
            // By variant: `a2-a3` of Hundred is not `a2-a3` of Royal.
            *self.first_moves.entry(format!("{}: {m}", g.variant)).or_default() += 1;
        }
        *self.terminations.entry(g.termination.clone()).or_default() += 1;
        if let Some(d) = &g.dice {
            self.dice.add(d);
        }
        // Dice chess counts its king captures by side in its own section.
        if g.dice.is_none() {
            self.king_captures += u64::from(g.king_captures);
        }
        self.crownings += u64::from(g.crownings);
        self.restorations += u64::from(g.restorations);
        self.restorations_refused += u64::from(g.restorations_refused);
        self.losing_positions += u64::from(g.termination.starts_with("losing position"));
    }

    pub fn merge(mut self, other: Aggregate) -> Aggregate {
        fn into<K: Ord + Clone>(a: &mut BTreeMap<K, u64>, b: BTreeMap<K, u64>) {
            for (k, v) in b {
                *a.entry(k).or_default() += v;
            }
        }
        self.files += other.files;
        self.games += other.games;
        self.valid += other.valid;
        self.invalid += other.invalid;
        into(&mut self.invalid_by_code, other.invalid_by_code);
        into(&mut self.results, other.results);
        into(&mut self.plies, other.plies);
        into(&mut self.castlings, other.castlings);
        self.first_stage_games += other.first_stage_games;
        self.second_after_first_games += other.second_after_first_games;
        into(&mut self.promotions, other.promotions);
        self.promotions_prince_files += other.promotions_prince_files;
        self.promotions_other_files += other.promotions_other_files;
        self.games_with_throne_pawn += other.games_with_throne_pawn;
        self.games_reaching_endgame += other.games_reaching_endgame;
        self.games_reaching_deep_endgame += other.games_reaching_deep_endgame;
        into(&mut self.first_moves, other.first_moves);
        into(&mut self.terminations, other.terminations);
        self.games_with_claim += other.games_with_claim;
        self.dice.add(&other.dice);
        self.king_captures += other.king_captures;
        self.crownings += other.crownings;
        self.restorations += other.restorations;
        self.restorations_refused += other.restorations_refused;
        self.losing_positions += other.losing_positions;
        into(&mut self.variants, other.variants);
        self.time.merge(other.time);
        self.openings.merge(other.openings);
        self
    }

    /// Whether a valid game's variant has the rule `has`.
    fn any_variant(&self, has: impl Fn(&crate::rules::Rules) -> bool) -> bool {
        self.variants
            .keys()
            .any(|name| name.parse::<crate::rules::Variant>().ok().and_then(|v| v.rules().ok()).is_some_and(&has))
    }

    /// The plies value below which `q` of the valid games fall (nearest rank).
    pub fn plies_quantile(&self, q: f64) -> Option<u32> {
        let n: u64 = self.plies.values().sum();
        if n == 0 {
            return None;
        }
        let rank = ((q * n as f64).ceil() as u64).clamp(1, n);
        let mut seen = 0;
        for (&plies, &count) in &self.plies {
            seen += count;
            if seen >= rank {
                return Some(plies);
            }
        }
        self.plies.keys().next_back().copied()
    }

    pub fn plies_mean(&self) -> Option<f64> {
        let n: u64 = self.plies.values().sum();
        let total: u64 = self.plies.iter().map(|(&p, &c)| u64::from(p) * c).sum();
        (n > 0).then(|| total as f64 / n as f64)
    }

    /// The summary as rows, in a fixed order; the sections of rules no
    /// counted variant has (castling, the throne pawn in Grand) are left out.
    pub fn rows(&self) -> Vec<StatRow> {
        let mut rows = Vec::new();
        let valid = self.valid;
        let mut push = |section: &'static str, key: &str, value: String, of_valid: Option<u64>| {
            let percent = of_valid.filter(|_| valid > 0).map(|n| 100.0 * n as f64 / valid as f64);
            rows.push(StatRow { section, key: key.to_string(), value, percent });
        };
        let opt = |v: Option<u32>| v.map_or_else(String::new, |v| v.to_string());
        push("games", "files", self.files.to_string(), None);
        push("games", "games", self.games.to_string(), None);
        push("games", "valid", self.valid.to_string(), None);
        push("games", "invalid", self.invalid.to_string(), None);
        for (k, v) in &self.variants {
            push("valid games by variant", k, v.to_string(), Some(*v));
        }
        for (k, v) in &self.invalid_by_code {
            push("invalid by code", k, v.to_string(), None);
        }
        for (k, v) in &self.results {
            push("results", k, v.to_string(), None);
        }
        push("plies", "mean", self.plies_mean().map_or_else(String::new, |m| format!("{m:.1}")), None);
        push("plies", "lower quartile", opt(self.plies_quantile(0.25)), None);
        push("plies", "median", opt(self.plies_quantile(0.5)), None);
        push("plies", "upper quartile", opt(self.plies_quantile(0.75)), None);
        push("plies", "max", opt(self.plies.keys().next_back().copied()), None);
        if self.any_variant(|r| !r.castling.is_empty()) {
            for (k, v) in &self.castlings {
                push("castling", k, v.to_string(), None);
            }
            let games = self.first_stage_games;
            if self.any_variant(|r| r.two_stage_castling()) {
                push("castling", "games with a first stage", games.to_string(), Some(games));
                let second = self.second_after_first_games;
                push("castling", "of which with a second stage", second.to_string(), Some(second));
            } else {
                push("castling", "games with castling", games.to_string(), Some(games));
            }
        }
        for (k, v) in &self.promotions {
            push("promotions", k, v.to_string(), None);
        }
        if self.any_variant(|r| r.promotion.len() > 1) {
            push("promotions", "on files a c h j", self.promotions_prince_files.to_string(), None);
            push("promotions", "on other files", self.promotions_other_files.to_string(), None);
        }
        if self.any_variant(|r| r.throne.is_some()) {
            let n = self.games_with_throne_pawn;
            push("throne pawn", "games", n.to_string(), Some(n));
        }
        // The stages of docs/rules.md 1.6 (20 and 10 men).
        if self.any_variant(|r| r.endgame_stages) {
            let n = self.games_reaching_endgame;
            push("stages", "games reaching the endgame", n.to_string(), Some(n));
            let n = self.games_reaching_deep_endgame;
            push("stages", "games reaching the deep endgame", n.to_string(), Some(n));
        }
        if self.any_variant(|r| r.rolled_turns) {
            for (key, value) in self.dice.rows() {
                push("dice", key, value, None);
            }
        }
        if self.any_variant(|r| r.legality == Legality::Cover) {
            push("royal", "king captures", self.king_captures.to_string(), None);
            push("royal", "princes crowned", self.crownings.to_string(), None);
            push("royal", "queens restored", self.restorations.to_string(), None);
            push("royal", "restorations refused", self.restorations_refused.to_string(), None);
            let n = self.losing_positions;
            push("royal", "games ended by a losing position", n.to_string(), Some(n));
        }
        let n = self.games_with_claim;
        push("claims", "games where a draw could be claimed", n.to_string(), Some(n));
        let mut firsts: Vec<(&String, &u64)> = self.first_moves.iter().collect();
        firsts.sort_by(|a, b| b.1.cmp(a.1).then(a.0.cmp(b.0)));
        // Named with their variant when the games are of more than one.
        let several = self.variants.len() > 1;
        for (k, v) in firsts.into_iter().take(10) {
            let key = if several { k } else { k.split_once(": ").map_or(k.as_str(), |(_, m)| m) };
            push("first moves", key, v.to_string(), None);
        }
        for (k, v) in &self.terminations {
            push("terminations", k, v.to_string(), Some(*v));
        }
        for (section, key, value) in self.time.rows() {
            push(section, &key, value, None);
        }
        for (variant, o) in self.openings.top() {
            push(OPENINGS, &format!("{variant}: {}", o.line), o.games.to_string(), None);
        }
        rows
    }
}

/// Statistics of one chunk of text (whole games of a file): the per-game rows
/// (indexes from 0 within the chunk) and their aggregate.
pub fn stats_text(file: &str, text: &str, options: Options) -> (Vec<GameStats>, Aggregate) {
    chunk_stats(file, text, options, true, openings::DEFAULT_TURNS)
}

/// The aggregate of one chunk of text without its rows: memory does not
/// grow with the number of games.
pub fn aggregate_text(file: &str, text: &str, options: Options) -> Aggregate {
    chunk_stats(file, text, options, false, openings::DEFAULT_TURNS).1
}

/// [`stats_text`] (`rows`) or [`aggregate_text`], with the openings of
/// `opening_turns` turns (0: none).
pub fn chunk_stats(
    file: &str,
    text: &str,
    options: Options,
    keep: bool,
    opening_turns: u32,
) -> (Vec<GameStats>, Aggregate) {
    use crate::notation::{Found, GameRecord, Reader};
    let mut rows = Vec::new();
    let mut agg = Aggregate::default();
    let mut claims = Claims::default();
    let mut reader = Reader::new(text);
    let mut record = GameRecord::default();
    let mut walk = Walk::default();
    while let Some(found) = reader.read_into(&mut record) {
        let index = agg.games as usize;
        if matches!(found, Found::Game) {
            agg.time.add(&record, text);
        }
        walk.reset(opening_turns);
        let row = match found {
            // Bytes that are no character (a warning of validate) leave the
            // moves to decide whether the game is valid.
            Found::Game => game_stats(file, index, &record, options, &mut claims, keep, &mut walk),
            Found::Broken(_) => GameStats {
                valid: false,
                first_diagnostic: crate::diag::Code::Syntax.to_string(),
                ..if keep { header(file, index, &record) } else { result_only(&record) }
            },
            Found::Stray(_) => continue,
        };
        agg.add(&row);
        agg.openings.add(&mut walk);
        if keep {
            rows.push(row);
        }
    }
    (rows, agg)
}
