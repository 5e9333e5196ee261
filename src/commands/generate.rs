//! Random legal games, reproducible from a seed (ChaCha8), biased so that a
//! corpus holds what the rules have: checks, mates, stalemates, promotions to
//! every allowed piece, both castling stages on both wings, throne pawns,
//! en passant, long endgames. Dice chess's turns are drawn as the oracle's
//! games are made: three dice rolled (faces 1 to 6) and one of the roll's
//! legal turns (the maximum-moves rule applied) chosen uniformly, until a
//! king is taken or the turn limit. One writer writes them all.

use rand_chacha::ChaCha8Rng;
use rand_core::{Rng, SeedableRng};

use crate::notation::pgn::{write_turns, GameForm};
use crate::rules::dice::face_role;
use crate::rules::dice::turns::legal_turns;
use crate::rules::{Color, Game, Move, MoveKind, Position, Role, Stage, Termination, Variant, VariantPosition};

/// What the generator did, counted as it played (for checking `stats`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Record {
    pub plies: u32,
    pub captures: u32,
    pub checks: u32,
    pub double_checks: u32,
    /// First short, first long, second short, second long.
    pub castlings: [u32; 4],
    /// Queen, prince, rook, bishop, knight.
    pub promotions: [u32; 5],
    pub throne_pawns: u32,
    pub en_passant: u32,
    /// checkmate (white wins), checkmate (black wins), stalemate, or none.
    pub termination: String,
}

/// A generated game: its start, its moves and result, and what was counted.
pub struct GeneratedGame {
    pub start: VariantPosition,
    /// Every move of the game in order.
    pub moves: Vec<Move>,
    /// Dice chess: the turns, each its roll and its range of
    /// [`GeneratedGame::moves`]. Empty in every other variant, whose turns
    /// are the moves one by one.
    pub turns: Vec<RolledTurn>,
    pub result: &'static str,
    pub record: Record,
}

pub use crate::notation::pgn::RolledTurn;

/// The weight of a move: rare events are made likely.
fn weight(pos: &Position, m: Move, after: &Position) -> u64 {
    let board = pos.board();
    let mut w = 4;
    match m.kind {
        MoveKind::Castle(_) => w = 400,
        MoveKind::Throne(_) => w = 300,
        MoveKind::Promotion(_) => w = 200,
        MoveKind::EnPassant => w = 200,
        // The generator plays legal moves only, and a null move is none.
        MoveKind::Null => w = 0,
        MoveKind::Normal => {
            let role = board.piece_at(m.from).map(|p| p.role);
            if board.piece_at(m.to).is_some() {
                w = 24;
            }
            if role == Some(Role::Pawn) {
                w += 6;
            }
            // The corner rook's step towards the second stage of castling.
            if role == Some(Role::Rook)
                && pos
                    .rules()
                    .castling
                    .iter()
                    .any(|c| c.color == pos.turn() && c.stage == Stage::Second && c.corner == m.from && c.step == m.to)
            {
                w = 300;
            }
        }
    }
    if after.is_check() {
        w += 30;
        if !after.has_legal_move() {
            w = 100_000;
        }
    }
    w
}

/// One random game of `variant` of at most `max_plies` plies (Dice chess:
/// turns); `None` for a variant that cannot be played yet.
pub fn generate_game(rng: &mut ChaCha8Rng, variant: Variant, max_plies: u32) -> Option<GeneratedGame> {
    let rules = variant.rules().ok()?;
    if rules.rolled_turns {
        return Some(dice_game(rng, max_plies));
    }
    let start = match rules.start_count() {
        1 => Position::start(variant).ok()?,
        // A random one of the start positions (Chess960's 960).
        count => {
            let n = u16::try_from(rng.next_u64() % u64::from(count)).ok()?;
            Position::from_fen(&rules.numbered_start_fen(n)?, variant).ok()?
        }
    };
    let mut game = Game::new(start.clone());
    let mut moves = Vec::new();
    let mut record = Record { termination: "none".to_string(), ..Record::default() };
    let mut legal = Vec::new();
    let result = loop {
        let pos = game.position().clone();
        if let Some(t) = game.termination() {
            break match t {
                Termination::Checkmate { winner } => {
                    record.termination = format!("checkmate ({winner} wins)");
                    if winner == Color::White {
                        "1-0"
                    } else {
                        "0-1"
                    }
                }
                Termination::LosingPosition { winner } | Termination::KingCaptured { winner } => {
                    record.termination = crate::commands::stats::termination_name(Some(t)).to_string();
                    if winner == Color::White {
                        "1-0"
                    } else {
                        "0-1"
                    }
                }
                Termination::Stalemate => {
                    record.termination = "stalemate".to_string();
                    "1/2-1/2"
                }
                Termination::FivefoldRepetition | Termination::SeventyFiveMoves => {
                    record.termination = crate::commands::stats::termination_name(Some(t)).to_string();
                    "1/2-1/2"
                }
            };
        }
        if let Some(claim) = game.claim() {
            record.termination = crate::commands::stats::claim_termination(claim).to_string();
            break "1/2-1/2";
        }
        if record.plies >= max_plies {
            break "*";
        }
        pos.legal_moves(&mut legal);
        let scored: Vec<(Move, u64, Position)> = legal
            .iter()
            .map(|&m| {
                let mut after = pos.clone();
                after.play_unchecked(m);
                (m, weight(&pos, m, &after), after)
            })
            .collect();
        let total: u64 = scored.iter().map(|s| s.1).sum();
        let mut pick = rng.next_u64() % total.max(1);
        let (m, _, after) = scored.into_iter().find(|s| {
            if pick < s.1 {
                true
            } else {
                pick -= s.1;
                false
            }
        })?;
        count(&mut record, &pos, m, &after);
        game.play_unchecked(m);
        moves.push(m);
    };
    Some(GeneratedGame { start: start.into(), moves, turns: Vec::new(), result, record })
}

/// A Dice chess game of at most `max_turns` turns, each roll's turn chosen
/// uniformly among its legal turns ([`legal_turns`]).
fn dice_game(rng: &mut ChaCha8Rng, max_turns: u32) -> GeneratedGame {
    let start = crate::rules::dice::DicePosition::start();
    let mut pos = start.clone();
    let (mut moves, mut turns) = (Vec::new(), Vec::new());
    let mut end = None;
    for _ in 0..max_turns {
        let roll = [0; 3].map(|_| face_role((rng.next_u64() % 6) as u8 + 1).unwrap_or(Role::Pawn));
        let list = legal_turns(&pos, roll);
        let n = list.turns.len().max(1) as u64;
        let pick = usize::try_from(rng.next_u64() % n).unwrap_or(0);
        let first = moves.len();
        for m in list.turns.into_iter().nth(pick).unwrap_or_default() {
            pos.play(m);
            moves.push(m);
        }
        turns.push(RolledTurn { roll, moves: first..moves.len() });
        if let Some(loser) = pos.king_taken() {
            end = Some(Termination::KingCaptured { winner: !loser });
            break;
        }
        pos.end_turn();
    }
    let result = match end {
        Some(Termination::KingCaptured { winner: Color::White }) => "1-0",
        Some(_) => "0-1",
        None => "*",
    };
    let record = Record {
        plies: u32::try_from(moves.len()).unwrap_or(u32::MAX),
        termination: crate::commands::stats::termination_name(end).to_string(),
        ..Record::default()
    };
    GeneratedGame { start: start.into(), moves, turns, result, record }
}

/// The game's text, by the one game writer ([`write_turns`]).
pub fn write_generated(tags: &[(&str, String)], g: &GeneratedGame, form: GameForm) -> String {
    write_turns(tags, &g.start, &g.moves, &g.turns, form, g.result)
}

fn count(r: &mut Record, pos: &Position, m: Move, after: &Position) {
    r.plies += 1;
    if pos.is_capture(m) {
        r.captures += 1;
    }
    let checkers = after.checkers();
    r.checks += u32::from(checkers.any());
    r.double_checks += u32::from(checkers.more_than_one());
    match m.kind {
        MoveKind::Castle(i) => {
            let spec = pos.castle_spec(i);
            *match (spec.stage, spec.wing) {
                (Stage::First, crate::rules::Wing::Short) => &mut r.castlings[0],
                (Stage::First, crate::rules::Wing::Long) => &mut r.castlings[1],
                (Stage::Second, crate::rules::Wing::Short) => &mut r.castlings[2],
                (Stage::Second, crate::rules::Wing::Long) => &mut r.castlings[3],
            } += 1;
        }
        MoveKind::Promotion(role) => {
            *match role {
                Role::Queen => &mut r.promotions[0],
                Role::Prince => &mut r.promotions[1],
                Role::Rook => &mut r.promotions[2],
                Role::Bishop => &mut r.promotions[3],
                _ => &mut r.promotions[4],
            } += 1;
        }
        MoveKind::Throne(_) => r.throne_pawns += 1,
        MoveKind::EnPassant => r.en_passant += 1,
        MoveKind::Normal | MoveKind::Null => {}
    }
}

/// The generator of game `index` of a corpus made from `seed`: each game has
/// its own stream, so games can be made in parallel and in any order.
pub fn rng_for(seed: u64, index: u64) -> ChaCha8Rng {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    rng.set_stream(index);
    rng
}
