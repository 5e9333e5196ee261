//! # pgn100
//!
//! Read, validate, convert and count the game records of 100-square chess
//! ("Стоклеточные шахматы", *Hundred*) and its sibling variants, written in
//! the notation of the Russian and Ukrainian rule texts.
//!
//! - [`rules`]: the rules engine (positions, legal moves, FEN, perft). It
//!   never sees notation text.
//! - [`notation`]: the notation, syntax only. It never judges legality.

pub mod notation;
pub mod rules;

pub mod cli;
