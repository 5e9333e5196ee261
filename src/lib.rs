//! # pgn100
//!
//! Read, validate, convert and count the game records of 100-square chess
//! ("Стоклеточные шахматы", *Hundred*) and its sibling variants, written in
//! the notation of the Russian and Ukrainian rule texts.
//!
//! - [`rules`]: the rules engine (positions, legal moves, FEN, perft, move
//!   resolution). It never sees notation text.
//! - [`notation`]: the notation, syntax only. It never judges legality.
//! - [`analysis`]: replaying games through the rules (validation).
//! - [`diag`]: the diagnostics, one code per kind of problem.
//! - [`cli`]: the command line, a thin layer over the rest.

pub mod analysis;
pub mod cli;
pub mod diag;
pub mod notation;
pub mod rules;
