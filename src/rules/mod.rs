//! The rules engine: geometry, men, positions, legal moves, perft.
//! It never sees notation text.

mod board;
mod candidates;
mod castling;
mod chess;
pub mod dice;
pub use chess::chess960_start_fen;
mod game;
mod geometry;
mod movegen;
mod moves;
mod perft;
mod position;
mod resolve;
mod role;
mod royal;
pub use royal::{RestoreError, Violation};
mod setup;
mod variant;
mod variant_position;
mod zobrist;

pub use board::Board;
pub use castling::{CastleSpec, Castles, Rights, Stage, Wing};
pub use game::{termination_after, termination_of, Claim, Claims, Game, Termination};
pub use geometry::{Bitboard, Square, HEIGHT, SQUARES, WIDTH};
pub use moves::{Move, MoveKind, Uci};
pub use perft::{divide, perft};
pub use position::{FromFenError, IllegalMove, Position, PositionError, SetupProblem};
pub use resolve::{CastleFailure, CastleText, MoveSpec, Obstacle, ResolveError};
pub use role::{Color, Movement, Piece, Role};
pub use setup::{FenError, Setup};
pub use variant::{
    AutoDraw, CastlingRule, EnPassant, Legality, PromotionClass, Rules, UciCastling, UnknownVariant,
    UnsupportedVariant, Variant, CHESS, CHESS960, GRAND, HUNDRED, ROYAL,
};
pub use variant_position::{position_of, VariantFenError, VariantPosition};
