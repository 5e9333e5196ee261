//! The games of a chunk of text as a collector sees them (filter, dedup,
//! split): each game's piece of the text, byte for byte, and what its replay
//! tells — variant, validity, plies, what happened on the board, a 128-bit
//! key of its start position and main-line moves.

use std::hash::{Hash, Hasher};
use std::ops::Range;

use crate::criteria::{BoardCriteria, Finder};
use crate::notation::ast::TokenKind;
use crate::notation::{Found, GameRecord, Reader};
use crate::replay::{replay_detected, Claims, Flow, Observer, Options};
use crate::rules::{Bitboard, Board, Claim, MoveKind, Role, Stage, Termination, Variant, VariantPosition};

/// Things that can happen in a game's main line (`filter --has`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, clap::ValueEnum)]
pub enum Feature {
    /// The throne-pawn move of Hundred.
    ThronePawn,
    /// A first-stage castling (Hundred's two-stage castling).
    FirstStage,
    /// A second-stage castling.
    SecondStage,
    Promotion,
    EnPassant,
    /// A move that takes a king (Dice chess, Royal Chess 100).
    KingCapture,
    /// The main line ends in checkmate (by the board, not the Result tag).
    Checkmate,
    /// The main line ends in stalemate.
    Stalemate,
    /// A position of the main line stands for the third time (a draw
    /// could be claimed there).
    Repetition,
    /// A promotion to a man other than a queen (or Hundred's prince).
    Underpromotion,
    /// A null move (`--`, `Z0`) in the main line.
    NullMove,
    /// A comment anywhere in the game.
    Comment,
    /// A variation.
    Variation,
    /// A `[%clk ...]` clock reading in a comment.
    Clock,
    /// A `[%eval ...]` evaluation in a comment.
    Eval,
}

impl Feature {
    fn bit(self) -> u16 {
        1 << self as u16
    }
}

/// How the board ends a game's main line (`filter --ends`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, clap::ValueEnum)]
pub enum Ending {
    /// The side to move is mated.
    Checkmate,
    /// The side to move has no legal move and is not in check.
    Stalemate,
    /// The last position stands for the third time or more (a draw may be
    /// claimed; Chess: the fifth time ends the game).
    Repetition,
    /// A draw may be claimed: a repetition or the move rule (50 moves in
    /// Chess, 80 in Hundred).
    Claim,
    /// A move took a king (Dice chess, Royal).
    KingCapture,
    /// Royal: the side not to move has its king attacked and no prince.
    LosingPosition,
    /// Chess: 75 moves by each side without capture or pawn move.
    SeventyFive,
}

impl Ending {
    fn bit(self) -> u8 {
        1 << self as u8
    }
}

/// A game's piece of the text and what the replay found.
#[derive(Clone, Debug, Default)]
pub struct GameFacts {
    /// The game's text in its chunk: from its first tag to the start of the
    /// next game (the text after it, up to the next game, goes with it).
    pub range: Range<usize>,
    /// Lines of the chunk before the game's first line.
    pub line: usize,
    pub variant: Option<Variant>,
    pub valid: bool,
    /// Main-line plies replayed.
    pub plies: u32,
    /// [`Feature`] bits seen in the game.
    features: u16,
    /// [`Ending`] bits of the main line's end.
    endings: u8,
    /// Whether a position of the main line (the start included) has the
    /// board asked for.
    pub reached: bool,
    /// Whether the board criteria asked for ([`Wanted::board`]) were met.
    pub found: bool,
    /// Variant, start position and main-line moves hashed (128 bits), for
    /// a game that replays without error.
    pub key: Option<u128>,
    /// What the caller's test of the record (its tags) said; a game it
    /// refuses is not replayed.
    pub record_ok: bool,
}

impl GameFacts {
    pub fn has(&self, f: Feature) -> bool {
        self.features & f.bit() != 0
    }

    /// Whether the main line ends as `e` says.
    pub fn ends(&self, e: Ending) -> bool {
        self.endings & e.bit() != 0
    }
}

/// What to work out besides the pieces of text.
#[derive(Clone, Copy, Default)]
pub struct Wanted<'a> {
    /// Replay the games (variant, validity, plies, features, key).
    pub replay: bool,
    /// Boards looked for in the main line, by variant.
    pub reaches: &'a [(Variant, Board)],
    /// Material and patterns looked for in the main line.
    pub board: Option<&'a BoardCriteria>,
    /// Follow the draws that may be claimed ([`Feature::Repetition`],
    /// [`Ending::Repetition`], [`Ending::Claim`]).
    pub claims: bool,
}

/// Two keyed hashers make a 128-bit key: 10 M games collide with odds
/// about 10^-25.
struct Key(std::hash::DefaultHasher, std::hash::DefaultHasher);

impl Key {
    fn new() -> Key {
        let (mut a, mut b) = (std::hash::DefaultHasher::new(), std::hash::DefaultHasher::new());
        0x5eed_0001_u64.hash(&mut a);
        0x5eed_0002_u64.hash(&mut b);
        Key(a, b)
    }
    fn add(&mut self, v: impl Hash) {
        v.hash(&mut self.0);
        v.hash(&mut self.1);
    }
    fn finish(&self) -> u128 {
        (u128::from(self.0.finish()) << 64) | u128::from(self.1.finish())
    }
}

struct Watch<'a> {
    reaches: &'a [(Variant, Board)],
    reached: bool,
    features: u16,
    endings: u8,
    claims: Option<Claims>,
    /// The draw that may be claimed after the last move.
    claim: Option<Claim>,
    key: Key,
    started: bool,
    plies: u32,
    finder: Option<Finder<'a>>,
}

impl Watch<'_> {
    fn look(&mut self, pos: &VariantPosition) {
        if !self.reached && !self.reaches.is_empty() {
            let v = pos.variant();
            self.reached = self.reaches.iter().any(|(w, b)| *w == v && b == pos.board());
        }
    }
    fn start(&mut self, pos: &VariantPosition) {
        if !self.started {
            self.started = true;
            if let Some(c) = self.claims.as_mut() {
                c.start(pos);
            }
            self.key.add(pos.variant());
            self.key.add(pos.hash());
            self.look(pos);
        }
    }
}

impl Observer for Watch<'_> {
    fn before_move(&mut self, before: &VariantPosition, mv: crate::rules::Move) -> Flow {
        self.start(before);
        if let Some(f) = self.finder.as_mut() {
            // The watch goes on for its other criteria: the finder's stop is
            // for a replay of its own.
            let _ = f.before_move(before, mv);
        }
        self.key.add(mv);
        let feature = match mv.kind {
            MoveKind::Throne(_) => Some(Feature::ThronePawn),
            MoveKind::EnPassant => Some(Feature::EnPassant),
            MoveKind::Promotion(role) => {
                if !matches!(role, Role::Queen | Role::Prince) {
                    self.features |= Feature::Underpromotion.bit();
                }
                Some(Feature::Promotion)
            }
            MoveKind::Castle(_) => Some(match before.castle_kind(mv).map_or(Stage::First, |(stage, _)| stage) {
                Stage::First => Feature::FirstStage,
                Stage::Second => Feature::SecondStage,
            }),
            MoveKind::Null => Some(Feature::NullMove),
            MoveKind::Normal => None,
        };
        if let Some(f) = feature {
            self.features |= f.bit();
        }
        // The enemy king only: a Chess960 castling whose king stays on its
        // square moves onto its own king.
        if before.board().piece_at(mv.to).is_some_and(|p| p.role == Role::King && p.color != before.turn()) {
            self.features |= Feature::KingCapture.bit();
        }
        Flow::Continue(())
    }
    fn after_move(&mut self, after: &VariantPosition, checkers: Bitboard) -> Flow {
        self.plies += 1;
        self.look(after);
        if let Some(c) = self.claims.as_mut() {
            self.claim = c.after(after);
            if self.claim == Some(Claim::Threefold) {
                self.features |= Feature::Repetition.bit();
            }
        }
        if let Some(f) = self.finder.as_mut() {
            let _ = f.after_move(after, checkers);
        }
        Flow::Continue(())
    }
    fn restored(&mut self, after: &VariantPosition) -> Flow {
        if let Some(f) = self.finder.as_mut() {
            let _ = f.restored(after);
        }
        Flow::Continue(())
    }
    fn end(&mut self, main: &VariantPosition, termination: Option<Termination>) -> Flow {
        self.start(main);
        let ending = match termination {
            Some(Termination::Checkmate { .. }) => Some(Ending::Checkmate),
            Some(Termination::Stalemate) => Some(Ending::Stalemate),
            Some(Termination::FivefoldRepetition) => Some(Ending::Repetition),
            Some(Termination::KingCaptured { .. }) => Some(Ending::KingCapture),
            Some(Termination::LosingPosition { .. }) => Some(Ending::LosingPosition),
            Some(Termination::SeventyFiveMoves) => Some(Ending::SeventyFive),
            None => None,
        };
        if let Some(e) = ending {
            self.endings |= e.bit();
        }
        match termination {
            Some(Termination::Checkmate { .. }) => self.features |= Feature::Checkmate.bit(),
            Some(Termination::Stalemate) => self.features |= Feature::Stalemate.bit(),
            _ => {}
        }
        if let Some(claim) = self.claim {
            self.endings |= Ending::Claim.bit();
            if claim == Claim::Threefold {
                self.endings |= Ending::Repetition.bit();
            }
        }
        if let Some(f) = self.finder.as_mut() {
            let _ = f.end(main, termination);
        }
        Flow::Continue(())
    }
}

/// What the record shows besides its moves: comments, variations, clock
/// readings and evaluations.
fn record_features(record: &GameRecord, text: &str) -> u16 {
    let mut found = 0;
    for t in &record.tokens {
        match t.kind {
            TokenKind::VariationStart => found |= Feature::Variation.bit(),
            TokenKind::Comment | TokenKind::LineComment => {
                found |= Feature::Comment.bit();
                let body = text.get(t.span.clone()).unwrap_or_default();
                if body.contains("[%clk") {
                    found |= Feature::Clock.bit();
                }
                if body.contains("[%eval") {
                    found |= Feature::Eval.bit();
                }
            }
            _ => {}
        }
    }
    found
}

/// The games of `text` (a chunk of a file, or a whole file), in order;
/// `text[..prefix]`, before the first game, belongs to none.
pub struct ChunkGames {
    pub prefix: usize,
    pub games: Vec<GameFacts>,
}

/// Reads the games of `text` and works out what `wanted` asks for, for
/// the games whose record `test` accepts.
pub fn chunk_games(
    text: &str,
    options: Options,
    wanted: Wanted<'_>,
    mut test: impl FnMut(&GameRecord) -> bool,
) -> ChunkGames {
    let mut reader = Reader::new(text);
    let mut record = GameRecord::default();
    let mut games: Vec<GameFacts> = Vec::new();
    let (mut line, mut counted) = (0, 0);
    while let Some(found) = reader.read_into(&mut record) {
        let start = match found {
            Found::Stray(_) => continue,
            Found::Game | Found::Broken(_) => record.span.start.min(text.len()),
        };
        line += memchr::memchr_iter(b'\n', text.as_bytes().get(counted..start).unwrap_or_default()).count();
        counted = start;
        if let Some(last) = games.last_mut() {
            last.range.end = start;
        }
        let record_ok = matches!(found, Found::Game | Found::Broken(_)) && test(&record);
        // A game not replayed meets board criteria only when there are none.
        let no_board = wanted.board.is_none_or(|b| b.is_empty());
        let mut facts =
            GameFacts { range: start..text.len(), line, record_ok, found: no_board, ..GameFacts::default() };
        if wanted.replay && record_ok && matches!(found, Found::Game) {
            let fresh = || Watch {
                reaches: wanted.reaches,
                reached: false,
                features: 0,
                endings: 0,
                claims: wanted.claims.then(Claims::default),
                claim: None,
                key: Key::new(),
                started: false,
                plies: 0,
                finder: wanted.board.filter(|b| !b.is_empty()).map(Finder::new),
            };
            let mut watch = fresh();
            let report = replay_detected(&record, games.len(), options, &mut watch, |w| *w = fresh());
            facts.variant = report.variant;
            facts.valid = report.is_valid();
            facts.plies = watch.plies;
            facts.features = watch.features | record_features(&record, text);
            facts.endings = if facts.valid { watch.endings } else { 0 };
            facts.reached = watch.reached;
            facts.found = watch.finder.as_ref().is_none_or(Finder::matched);
            facts.key = facts.valid.then(|| watch.key.finish());
        }
        games.push(facts);
    }
    let prefix = games.first().map_or(text.len(), |g| g.range.start);
    ChunkGames { prefix, games }
}
