//! The games of a chunk of text as a collector sees them (filter, dedup,
//! split): each game's piece of the text, byte for byte, and what its replay
//! tells — variant, validity, plies, what happened on the board, a 128-bit
//! key of its start position and main-line moves.

use std::hash::{Hash, Hasher};
use std::ops::Range;

use crate::criteria::{BoardCriteria, Finder, Follow, Sequence};
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
    /// Whether the main line plays every move sequence asked for
    /// ([`Wanted::sequences`]).
    pub followed: bool,
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
    /// Move sequences the main line must play.
    pub sequences: &'a [Sequence],
    /// Key a game by its board after this many plies of its main line
    /// (0: its last position; a shorter game: its last), not by its moves
    /// (`dedup --by-position`).
    pub by_position: Option<u32>,
    /// Follow the draws that may be claimed ([`Feature::Repetition`],
    /// [`Ending::Repetition`], [`Ending::Claim`]).
    pub claims: bool,
    /// Only the board criteria and the reached board are asked for: a
    /// game's replay stops once they are met (its plies, validity,
    /// features, ending and key are then those of the moves replayed).
    /// Whatever this says, a game that can no longer meet its board
    /// criteria stops there.
    pub stop: bool,
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
    sequences: &'a [Sequence],
    follows: Vec<Follow>,
    /// [`Wanted::by_position`], and the key of that board once seen.
    by_position: Option<u32>,
    position_key: Option<u128>,
    /// [`Wanted::stop`].
    stop_when_met: bool,
    /// The replay's variant is the game's own: a Variant tag or `--variant`
    /// gives it (a game read as Hundred by default may be replayed again
    /// as Chess, so its first replay must run to its end).
    settled: bool,
    /// No Variant tag is needed to settle the variant (`--variant` given).
    default_variant: bool,
}

impl Watch<'_> {
    /// The one stop decision of a collector's replay: the game cannot
    /// match its board criteria any more, or (when only they and the
    /// reached board are asked for) it has met them.
    fn flow(&self) -> Flow {
        if !self.settled {
            return Flow::Continue(());
        }
        let hopeless = self.finder.as_ref().is_some_and(Finder::hopeless) || self.follows.iter().any(|f| f.left);
        let met = self.finder.as_ref().is_none_or(Finder::matched)
            && (self.reaches.is_empty() || self.reached)
            && self.follows.iter().all(|f| f.matched);
        if hopeless || (self.stop_when_met && met) {
            Flow::Break(())
        } else {
            Flow::Continue(())
        }
    }
    /// Keys the game by `pos`'s board and variant ([`Wanted::by_position`]).
    fn key_board(&mut self, pos: &VariantPosition) {
        let mut key = Key::new();
        key.add(pos.variant());
        for (square, piece) in pos.board().pieces() {
            key.add((square, piece));
        }
        self.position_key = Some(key.finish());
    }
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
            for (s, f) in self.sequences.iter().zip(self.follows.iter_mut()) {
                s.begin(f, pos.variant());
            }
            self.look(pos);
        }
    }
}

impl Observer for Watch<'_> {
    fn begin(&mut self, record: &GameRecord, _letters: crate::notation::Letters, _files_ak: bool) -> Flow {
        self.settled = self.default_variant || record.tag("Variant").is_some();
        Flow::Continue(())
    }
    fn before_move(&mut self, before: &VariantPosition, mv: crate::rules::Move) -> Flow {
        self.start(before);
        if let Some(f) = self.finder.as_mut() {
            // The finder's own stop is weighed with the other criteria (flow).
            let _ = f.before_move(before, mv);
        }
        self.key.add(mv);
        for (s, f) in self.sequences.iter().zip(self.follows.iter_mut()) {
            s.step(f, before.variant(), mv);
        }
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
        self.flow()
    }
    fn after_move(&mut self, after: &VariantPosition, checkers: Bitboard) -> Flow {
        self.plies += 1;
        if self.by_position == Some(self.plies) {
            self.key_board(after);
        }
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
        self.flow()
    }
    fn restored(&mut self, after: &VariantPosition) -> Flow {
        if let Some(f) = self.finder.as_mut() {
            let _ = f.restored(after);
        }
        self.flow()
    }
    fn end(&mut self, main: &VariantPosition, termination: Option<Termination>) -> Flow {
        self.start(main);
        if self.by_position.is_some() && self.position_key.is_none() {
            self.key_board(main);
        }
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
        let mut facts = GameFacts {
            range: start..text.len(),
            line,
            record_ok,
            found: no_board,
            followed: wanted.sequences.is_empty(),
            ..GameFacts::default()
        };
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
                sequences: wanted.sequences,
                follows: vec![Follow::default(); wanted.sequences.len()],
                by_position: wanted.by_position,
                position_key: None,
                stop_when_met: wanted.stop,
                settled: false,
                default_variant: options.default_variant.is_some(),
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
            facts.followed = watch.follows.iter().all(|f| f.matched);
            facts.key = facts.valid.then(|| watch.position_key.unwrap_or_else(|| watch.key.finish()));
        }
        games.push(facts);
    }
    let prefix = games.first().map_or(text.len(), |g| g.range.start);
    ChunkGames { prefix, games }
}

#[cfg(test)]
mod tests {
    use super::*;

    const GAME: &str = "[Event \"t\"]\n[Variant \"Chess\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 *\n";

    fn board(pattern: &str, material: &str) -> BoardCriteria {
        let mut b = BoardCriteria::default();
        if !pattern.is_empty() {
            b.add_pattern(pattern, false).expect("pattern");
        }
        if !material.is_empty() {
            b.add_material(material, crate::criteria::Sides::Either).expect("material");
        }
        b
    }

    fn plies(text: &str, board: &BoardCriteria, stop: bool, options: Options) -> (u32, bool) {
        let wanted = Wanted { replay: true, board: Some(board), stop, ..Wanted::default() };
        let games = chunk_games(text, options, wanted, |_| true).games;
        (games[0].plies, games[0].found)
    }

    #[test]
    fn a_met_board_criterion_stops_the_replay() {
        // White's e-pawn on e4 from ply 1: the replay stops there when
        // nothing else is asked, and runs on when something is.
        let e4 = board("*/*/*/*/4P3/*/*/*", "");
        assert_eq!(plies(GAME, &e4, true, Options::default()), (1, true));
        assert_eq!(plies(GAME, &e4, false, Options::default()), (10, true));
        // A balance that can never hold (nine pawns) stops it at the
        // start, whatever else is asked.
        let nine = board("", "p9 p*");
        assert_eq!(plies(GAME, &nine, false, Options::default()), (0, false));
    }

    #[test]
    fn a_game_read_as_hundred_by_default_is_not_stopped_before_it_is_read_as_chess() {
        let text = GAME.replace("[Variant \"Chess\"]\n", "");
        let e4 = board("*/*/*/*/4P3/*/*/*", "");
        assert_eq!(plies(&text, &e4, true, Options::default()), (10, true));
        let chess = Options { default_variant: Some(Variant::Chess), ..Options::default() };
        assert_eq!(plies(&text, &e4, true, chess), (1, true));
    }
}
