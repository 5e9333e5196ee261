//! The integration tests, one binary (one link) for all: each file is a module.

#[path = "../fuzzing/checks.rs"]
mod checks;
mod common;

mod annotate;
mod chess_fen;
mod chess_files;
mod chess_perft;
mod cli;
mod collect;
mod commands_agree;
mod compressed;
mod convert;
mod corpus;
mod dice_records;
mod encoding;
mod fen;
mod fen_readback;
mod fuzz_regressions;
mod game_boundaries;
mod generate;
mod grammar;
mod hostile;
mod html;
mod hundred_rules;
mod limits;
mod man;
mod moves;
mod oracle_castling_throne;
mod oracle_chess;
mod oracle_dice;
mod oracle_games;
mod oracle_grand;
mod oracle_legal;
mod oracle_notation;
mod oracle_perft;
mod oracle_royal;
mod properties;
mod reader;
mod replay_report;
mod royal_notation;
mod royal_rules;
mod scanner;
mod show;
mod stats;
mod tree;
