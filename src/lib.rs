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

// Input must not reach a panic: no unwrap, expect, indexing or string
// slicing without a proof. Where one stays, an `expect(…, reason = "…")`
// attribute gives the proof next to it (tests are exempt, clippy.toml).
#![warn(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing, clippy::string_slice, clippy::panic)]
#![cfg_attr(test, allow(clippy::string_slice))]

pub mod analysis;
pub mod cli;
pub mod diag;
pub mod notation;
pub mod rules;
