//! `tree`: what is played from a position over a corpus, and how it scores
//! (Scid's tree window, the lichess opening explorer), in every variant.
//!
//! Positions are known by their hash ([`VariantPosition::hash`]: men, side
//! to move, castling rights, an en passant square only where a capture
//! there is legal), so transpositions merge and the letters, style and
//! move order a game is written in do not matter. A continuation is a turn:
//! one move, but in Dice chess the roll and every move made with it, and in
//! Royal a queen restoration with the move it comes before.
//!
//! Each game is counted once per continuation, from the first time it
//! reaches the root, for `depth` turns; a game's moves count up to the
//! first one that does not replay (as python-chess reads such a game).

use std::collections::HashMap;

use serde::Serialize;

use crate::notation::ast::{GameRecord, Outcome, RollForm};
use crate::notation::dice::roll_text;
use crate::notation::{promotion_form, write_move, Form};
use crate::notation::{Letters, Style};
use crate::replay::{replay_detected, replay_observed, DiceTurn, Flow, Observer, Options};
use crate::rules::dice::DiceUci;
use crate::rules::{Color, Move, Role, Termination, Uci, Variant, VariantPosition};

/// A continuation: the position it is played from, the roll (Dice chess),
/// whether a queen was restored first (Royal), and the turn's moves.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Continuation {
    pub from: u64,
    pub roll: Option<[Role; 3]>,
    pub restored: bool,
    pub moves: Vec<Move>,
}

/// The rows as every writer prints them (output::tree_rows).
pub use crate::output::tree_rows::{Row, Sample, Written};

/// What the games that reach a position, or play a continuation, have in common.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Tally {
    pub games: u64,
    pub white: u64,
    pub draws: u64,
    pub black: u64,
    /// Ratings of the side to move (`WhiteElo`/`BlackElo`), summed.
    rating_sum: u64,
    rating_count: u64,
    /// Opponents' ratings plus 400 times the mover's win minus loss, summed
    /// over decided or drawn games with the opponent's rating (the linear
    /// performance figure).
    performance_sum: i64,
    performance_count: u64,
    year_sum: u64,
    year_count: u64,
    /// First and last dates, as `YYYY.MM.DD` with `??` for what is unknown.
    pub first_date: Option<String>,
    pub last_date: Option<String>,
    /// The first game (in input order).
    pub sample: Option<Sample>,
    /// The depth at which the continuation was first met (turns from the root).
    pub depth: u32,
    /// The position after the continuation.
    pub to: u64,
    /// Royal: the position after the restoration, which the moves are played from.
    restored_from: Option<Box<VariantPosition>>,
}

impl Tally {
    /// The side to move's score: (wins + draws / 2) / decided-or-drawn games.
    pub fn score(&self, mover_white: bool) -> Option<f64> {
        let n = self.white + self.draws + self.black;
        let won = if mover_white { self.white } else { self.black };
        (n > 0).then(|| (won as f64 + self.draws as f64 / 2.0) / n as f64)
    }
    /// The side to move's average rating.
    pub fn rating(&self) -> Option<u64> {
        (self.rating_count > 0).then(|| (self.rating_sum + self.rating_count / 2) / self.rating_count)
    }
    /// The side to move's performance: the opponents' average rating plus
    /// 400 times (wins − losses) per game.
    pub fn performance(&self) -> Option<i64> {
        (self.performance_count > 0)
            .then(|| (self.performance_sum as f64 / self.performance_count as f64).round() as i64)
    }
    /// The average year of the games with a dated year.
    pub fn year(&self) -> Option<f64> {
        (self.year_count > 0).then(|| self.year_sum as f64 / self.year_count as f64)
    }

    fn add(&mut self, game: &GameFacts, mover_white: bool) {
        self.games += 1;
        match game.outcome {
            Some(Outcome::WhiteWins) => self.white += 1,
            Some(Outcome::BlackWins) => self.black += 1,
            Some(Outcome::Draw) => self.draws += 1,
            _ => {}
        }
        let (mine, theirs) =
            if mover_white { (game.white_elo, game.black_elo) } else { (game.black_elo, game.white_elo) };
        if let Some(r) = mine {
            self.rating_sum += u64::from(r);
            self.rating_count += 1;
        }
        let points = match (game.outcome, mover_white) {
            (Some(Outcome::WhiteWins), true) | (Some(Outcome::BlackWins), false) => Some(400),
            (Some(Outcome::WhiteWins), false) | (Some(Outcome::BlackWins), true) => Some(-400),
            (Some(Outcome::Draw), _) => Some(0),
            _ => None,
        };
        if let (Some(r), Some(p)) = (theirs, points) {
            self.performance_sum += i64::from(r) + p;
            self.performance_count += 1;
        }
        if let Some(y) = game.year {
            self.year_sum += u64::from(y);
            self.year_count += 1;
        }
        if let Some(d) = &game.date {
            if self.first_date.as_ref().is_none_or(|f| d < f) {
                self.first_date = Some(d.clone());
            }
            if self.last_date.as_ref().is_none_or(|l| d > l) {
                self.last_date = Some(d.clone());
            }
        }
        if self.sample.is_none() {
            self.sample = Some(game.sample.clone());
        }
    }

    /// Adds `later`, the tally of games that come after these in input order.
    fn merge(&mut self, later: Tally) {
        if self.games == 0 {
            *self = later;
            return;
        }
        self.games += later.games;
        self.white += later.white;
        self.draws += later.draws;
        self.black += later.black;
        self.rating_sum += later.rating_sum;
        self.rating_count += later.rating_count;
        self.performance_sum += later.performance_sum;
        self.performance_count += later.performance_count;
        self.year_sum += later.year_sum;
        self.year_count += later.year_count;
        if let Some(d) = later.first_date {
            if self.first_date.as_ref().is_none_or(|f| &d < f) {
                self.first_date = Some(d);
            }
        }
        if let Some(d) = later.last_date {
            if self.last_date.as_ref().is_none_or(|l| &d > l) {
                self.last_date = Some(d);
            }
        }
        self.depth = self.depth.min(later.depth);
    }
}

/// What a game brings to every continuation it plays.
#[derive(Clone, Debug, Default)]
struct GameFacts {
    outcome: Option<Outcome>,
    white_elo: Option<u32>,
    black_elo: Option<u32>,
    year: Option<u32>,
    date: Option<String>,
    sample: Sample,
}

impl GameFacts {
    fn of(record: &GameRecord, file: &str, game: u64) -> GameFacts {
        let outcome = record.result().map(|(_, o)| o).or_else(|| record.tag("Result").and_then(Outcome::from_text));
        let elo = |name| record.tag(name).and_then(|v| v.trim().parse::<u32>().ok()).filter(|&r| r > 0);
        let date = record.tag("Date").or_else(|| record.tag("UTCDate")).and_then(normal_date);
        let year = date.as_deref().and_then(|d| d.get(..4)).and_then(|y| y.parse().ok());
        GameFacts {
            outcome,
            white_elo: elo("WhiteElo"),
            black_elo: elo("BlackElo"),
            year,
            date,
            sample: Sample {
                file: file.to_string(),
                game,
                white: record.tag("White").unwrap_or("").to_string(),
                black: record.tag("Black").unwrap_or("").to_string(),
            },
        }
    }
}

/// A PGN date (`YYYY.MM.DD`, parts may be `??`; `-` or `/` also read as
/// separators) with a known year, else none.
fn normal_date(text: &str) -> Option<String> {
    let mut parts = text.trim().split(['.', '-', '/']);
    let year = parts.next().filter(|y| y.len() == 4 && y.bytes().all(|b| b.is_ascii_digit()))?;
    let mut part =
        || parts.next().filter(|p| p.len() == 2 && p.bytes().all(|b| b.is_ascii_digit())).unwrap_or("??").to_string();
    let (month, day) = (part(), part());
    Some(format!("{year}.{month}.{day}"))
}

/// The position whose continuations are counted.
#[derive(Clone, Debug)]
pub struct Root {
    pub position: VariantPosition,
    /// Turns counted from the root (1: its continuations only).
    pub depth: u32,
}

/// The tree of one chunk, of a file, or of every input.
#[derive(Clone, Debug, Default)]
pub struct Tree {
    /// Games read (of every variant).
    pub games: u64,
    /// Games that reach the root.
    pub reached: Tally,
    /// Games replayed in a variant other than the root's, by variant (in
    /// the order first met): they reach no position of the tree.
    pub other_variants: Vec<(Variant, u64)>,
    pub continuations: HashMap<Continuation, Tally>,
    /// A position of every hash a continuation is played from, to write
    /// its moves.
    pub positions: HashMap<u64, VariantPosition>,
}

impl Tree {
    /// Adds `later`, the tree of the games after these (their samples
    /// numbered in their own files: see [`Tree::renumber`]).
    pub fn merge(&mut self, later: Tree) {
        self.reached.merge(later.reached);
        for (key, tally) in later.continuations {
            self.continuations.entry(key).or_default().merge(tally);
        }
        for (hash, pos) in later.positions {
            self.positions.entry(hash).or_insert(pos);
        }
        self.games += later.games;
        for (variant, n) in later.other_variants {
            self.count_other(variant, n);
        }
    }

    fn count_other(&mut self, variant: Variant, n: u64) {
        match self.other_variants.iter_mut().find(|(v, _)| *v == variant) {
            Some((_, count)) => *count += n,
            None => self.other_variants.push((variant, n)),
        }
    }

    /// Counts the samples' game numbers on by `before`, the games of their
    /// file before this tree's (a chunk's games are numbered from 1).
    pub fn renumber(&mut self, before: u64) {
        let tallies = std::iter::once(&mut self.reached).chain(self.continuations.values_mut());
        for s in tallies.filter_map(|t| t.sample.as_mut()) {
            s.game += before;
        }
    }

    /// The continuations from `hash`, most played first (then by their moves' UCI).
    pub fn from(&self, hash: u64, min_games: u64) -> Vec<(&Continuation, &Tally)> {
        let mut out: Vec<_> =
            self.continuations.iter().filter(|(c, t)| c.from == hash && t.games >= min_games.max(1)).collect();
        out.sort_by(|a, b| b.1.games.cmp(&a.1.games).then_with(|| uci(a.0).cmp(&uci(b.0))));
        out
    }
}

/// The UCI of a continuation's moves, space-separated (a Dice turn's moves
/// after its roll in digits).
pub fn uci(c: &Continuation) -> String {
    // Dice chess writes castling as the king's move (as its `moves` rows do).
    let moves: Vec<String> =
        c.moves.iter().map(|&m| if c.roll.is_some() { DiceUci(m).to_string() } else { Uci(m).to_string() }).collect();
    let mut s = c.roll.map(|r| roll_text(&r, RollForm::Digits)).unwrap_or_default();
    if c.restored {
        push_word(&mut s, "restore");
    }
    push_word(&mut s, &moves.join(" "));
    s
}

fn push_word(s: &mut String, word: &str) {
    if !s.is_empty() && !word.is_empty() {
        s.push(' ');
    }
    s.push_str(word);
}

/// A continuation written in `letters` and `style` from `pos` (its roll,
/// a queen restoration as `S=Q` or `Пс=Ф`, then each move).
pub fn written(c: &Continuation, pos: &VariantPosition, letters: Letters, style: Style) -> String {
    let form = Form { letters, style, promotion: promotion_form(letters, style), files_ak: false };
    let mut s = c
        .roll
        .map(|r| roll_text(&r, if letters == Letters::Latin { RollForm::Latin } else { RollForm::Cyrillic }))
        .unwrap_or_default();
    if c.restored {
        push_word(&mut s, if letters == Letters::Latin { "S=Q" } else { "Пс=Ф" });
    }
    let mut pos = pos.clone();
    let mut legal = Vec::new();
    for &m in &c.moves {
        let mut one = String::new();
        write_move(&pos, m, form, &mut legal, &mut one);
        push_word(&mut s, &one);
        pos.play_unchecked(m);
    }
    s
}

/// Counts, in one game's replay, the continuations from the root.
struct Walker<'a> {
    root: &'a Root,
    tree: &'a mut Tree,
    game: GameFacts,
    /// Turns counted since the root was reached (none before).
    counted: Option<u32>,
    /// The turn being counted: its continuation and the mover's colour.
    turn: Option<(Continuation, bool)>,
    /// The continuations this game has counted (a game counts once each).
    seen: Vec<Continuation>,
    /// Royal: the position after a restoration made in this turn.
    restored_from: Option<VariantPosition>,
}

impl Walker<'_> {
    /// Forgets what the walker counted of its game, to see it replayed again.
    fn restart(&mut self) {
        *self.tree = Tree::default();
        (self.counted, self.turn, self.restored_from) = (None, None, None);
        self.seen.clear();
    }

    fn start_turn(&mut self, before: &VariantPosition, roll: Option<[Role; 3]>) {
        if self.counted.is_none()
            && before.variant() == self.root.position.variant()
            && before.hash() == self.root.position.hash()
        {
            self.counted = Some(0);
            self.tree.reached.add(&self.game, before.turn() == Color::White);
        }
        match self.counted {
            Some(n) if n < self.root.depth => {
                let from = before.hash();
                self.tree.positions.entry(from).or_insert_with(|| before.clone());
                let key = Continuation { from, roll, restored: false, moves: Vec::new() };
                self.turn = Some((key, before.turn() == Color::White));
                self.restored_from = None;
            }
            _ => self.turn = None,
        }
    }
}

impl Observer for Walker<'_> {
    fn begin_turn(
        &mut self,
        before: &VariantPosition,
        roll: Option<([Role; 3], &crate::notation::ast::Token)>,
    ) -> Flow {
        // The dice are a set: a roll is known by its faces in one order.
        self.start_turn(
            before,
            roll.map(|(mut r, _)| {
                r.sort_by_key(|&role| role as u8);
                r
            }),
        );
        Flow::Continue(())
    }
    fn restored(&mut self, after: &VariantPosition) -> Flow {
        if let Some((c, _)) = self.turn.as_mut() {
            c.restored = true;
            self.restored_from = Some(after.clone());
        }
        Flow::Continue(())
    }
    fn before_move(&mut self, _before: &VariantPosition, mv: Move) -> Flow {
        if let Some((c, _)) = self.turn.as_mut() {
            c.moves.push(mv);
        }
        Flow::Continue(())
    }
    fn end_turn(&mut self, after: &VariantPosition, _turn: Option<&DiceTurn>) -> Flow {
        let Some((key, white)) = self.turn.take() else { return Flow::Continue(()) };
        let depth = self.counted.unwrap_or(0);
        self.counted = Some(depth + 1);
        if self.seen.contains(&key) {
            return Flow::Continue(());
        }
        // A Dice turn ends before the turn passes: the next position is
        // the other side's.
        let to = after.hash_after_turn();
        let restored_from = self.restored_from.take().map(Box::new);
        let tally = self.tree.continuations.entry(key.clone()).or_insert_with(|| Tally {
            depth,
            to,
            restored_from,
            ..Tally::default()
        });
        tally.add(&self.game, white);
        self.seen.push(key);
        Flow::Continue(())
    }
    fn end(&mut self, main: &VariantPosition, _termination: Option<Termination>) -> Flow {
        if main.variant() != self.root.position.variant() {
            self.tree.count_other(main.variant(), 1);
        }
        // A game that ends on the root reaches it with no continuation.
        if self.counted.is_none()
            && main.variant() == self.root.position.variant()
            && main.hash() == self.root.position.hash()
        {
            self.tree.reached.add(&self.game, main.turn() == Color::White);
        }
        Flow::Continue(())
    }
}

/// The tree of one chunk of text (whole games of the file `file`), game
/// numbers from 1 within the chunk.
pub fn tree_text(file: &str, text: &str, root: &Root, options: Options) -> Tree {
    use crate::notation::{Found, Reader};
    let mut tree = Tree::default();
    let mut reader = Reader::new(text);
    let mut record = GameRecord::default();
    let mut seen = Vec::new();
    while let Some(found) = reader.read_into(&mut record) {
        match found {
            Found::Game => {
                tree.games += 1;
                let game = GameFacts::of(&record, file, tree.games);
                seen.clear();
                let index = (tree.games - 1) as usize;
                // A game no tag and no --variant gives a variant may count as
                // Chess (`replay_detected`): its figures wait in a tree of
                // its own until its variant is known.
                if options.default_variant.is_none() && record.tag("Variant").is_none() {
                    let mut own = Tree::default();
                    let mut walker =
                        Walker { root, tree: &mut own, game, counted: None, turn: None, seen, restored_from: None };
                    replay_detected(&record, index, options, &mut walker, Walker::restart);
                    seen = walker.seen;
                    tree.merge(own);
                } else {
                    let mut walker =
                        Walker { root, tree: &mut tree, game, counted: None, turn: None, seen, restored_from: None };
                    replay_observed(&record, index, options, &mut walker);
                    seen = walker.seen;
                }
            }
            Found::Broken(_) => tree.games += 1,
            Found::Stray(_) => {}
        }
    }
    tree
}

/// The `tree --format json` document, written as it is serialised (no
/// copy of the rows): its fields in the order of their names.
#[derive(Debug, Serialize)]
pub struct Document<'a> {
    pub black: u64,
    pub draws: u64,
    pub fen: String,
    pub games: u64,
    pub games_read: u64,
    pub moves: &'a [Row],
    pub variant: &'static str,
    pub white: u64,
}

/// The root's continuations as rows, each with its own continuations down to
/// `how.depth` turns (positions met again deeper are written again).
pub fn rows(tree: &Tree, root: &Root, how: Written) -> Vec<Row> {
    rows_from(tree, root.position.hash(), 1, "", how)
}

/// The root as a row of the page: the figures of the games that reach
/// it, its FEN, no move.
pub fn root_row(tree: &Tree, root: &Root) -> Row {
    let r = &tree.reached;
    Row {
        depth: 0,
        moves: Vec::new(),
        line: String::new(),
        written: String::new(),
        uci: String::new(),
        games: r.games,
        white: r.white,
        draws: r.draws,
        black: r.black,
        score: r.score(root.position.turn() == Color::White).map(|s| (s * 1000.0).round() / 10.0),
        rating: r.rating(),
        performance: r.performance(),
        year: r.year().map(|y| (y * 10.0).round() / 10.0),
        first_date: r.first_date.clone(),
        last_date: r.last_date.clone(),
        sample: None,
        fen: root.position.fen(),
    }
}

fn rows_from(tree: &Tree, hash: u64, depth: u32, line: &str, how: Written) -> Vec<Row> {
    if depth > how.depth {
        return Vec::new();
    }
    let Some(pos) = tree.positions.get(&hash) else { return Vec::new() };
    let white = pos.turn() == Color::White;
    tree.from(hash, how.min_games)
        .into_iter()
        .map(|(c, t)| {
            let from = t.restored_from.as_deref().unwrap_or(pos);
            let written = written(c, from, how.letters, how.style);
            let mut after = from.clone();
            for &m in &c.moves {
                after.play_unchecked(m);
            }
            after.end_turn();
            let line = if line.is_empty() { written.clone() } else { format!("{line} {written}") };
            Row {
                depth,
                moves: rows_from(tree, t.to, depth + 1, &line, how),
                line,
                written,
                uci: uci(c),
                games: t.games,
                white: t.white,
                draws: t.draws,
                black: t.black,
                score: t.score(white).map(|s| (s * 1000.0).round() / 10.0),
                rating: t.rating(),
                performance: t.performance(),
                year: t.year().map(|y| (y * 10.0).round() / 10.0),
                first_date: t.first_date.clone(),
                last_date: t.last_date.clone(),
                sample: t.sample.clone(),
                fen: after.fen(),
            }
        })
        .collect()
}
