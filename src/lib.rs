//! # pgn100
//!
//! Read, validate, convert and count the game records of 100-square chess
//! ("Стоклеточные шахматы", *Hundred*) and its sibling variants, written in
//! the notation of the Russian and Ukrainian rule texts.
//!
//! - [`rules`]: the rules engine (positions, legal moves, FEN, perft, move
//!   resolution). It never sees notation text.
//! - [`notation`]: the notation, syntax only. It never judges legality.
//! - [`replay`]: a game record replayed through the rules: its turns, its
//!   diagnostics, and one observer interface that every command implements.
//! - [`input`]: compressed input, and large inputs cut into chunks at game
//!   boundaries and read in parallel.
//! - [`commands`]: the library side of each command (validate, convert,
//!   annotate, stats, moves, filter, dedup, split, generate).
//! - [`output`]: tables, Parquet, diagrams and pages.
//! - [`diag`]: the diagnostics, one code per kind of problem.
//! - [`cli`]: the command line, a thin layer over the rest.

// Input must not reach a panic: no unwrap, expect, indexing or string
// slicing without a proof. Where one stays, an `expect(…, reason = "…")`
// attribute gives the proof next to it (tests are exempt, clippy.toml).
#![warn(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing, clippy::string_slice, clippy::panic)]
#![cfg_attr(test, allow(clippy::string_slice))]

pub mod cli;
pub mod commands;
pub mod criteria;
pub mod diag;
pub mod input;
pub mod notation;
pub mod output;
pub mod replay;
pub mod rules;
#[cfg(test)]
mod testing;
