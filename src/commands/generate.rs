//! Random legal games, reproducible from a seed (ChaCha8), biased so that a
//! corpus holds what the rules have: checks, mates, stalemates, promotions to
//! every allowed piece, both castling stages on both wings, throne pawns,
//! en passant, long endgames.

use rand_chacha::ChaCha8Rng;
use rand_core::{Rng, SeedableRng};

use crate::rules::{Color, Game, Move, MoveKind, Position, Role, Stage, Termination, Variant};

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

pub struct GeneratedGame {
    pub start: Position,
    pub moves: Vec<Move>,
    pub result: &'static str,
    pub record: Record,
}

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

/// One random game of at most `max_plies` plies.
pub fn generate_game(rng: &mut ChaCha8Rng, variant: Variant, max_plies: u32) -> Option<GeneratedGame> {
    let start = match variant {
        // A random one of the 960 start positions.
        Variant::Chess960 => {
            let n = u16::try_from(rng.next_u64() % 960).ok()?;
            Position::from_fen(&crate::rules::chess960_start_fen(n)?, variant).ok()?
        }
        _ => Position::start(variant).ok()?,
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
    Some(GeneratedGame { start, moves, result, record })
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
