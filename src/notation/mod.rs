//! The notation of NOTATION.md: syntax only, never legality.
//!
//! - [`decode`]: bytes to text (UTF-8, Windows-1251, KOI8-R, CP866).
//! - [`parse`]: the grammar's productions (nom), one token each.
//! - [`reader`]: games out of a text, with spans; recovers after errors.
//! - writers: long moves ([`LongMove`]) and UCI coordinates ([`UciMove`]).

pub mod ast;
pub mod decode;
mod detect;
pub mod fill;
pub mod lookalike;
pub mod parse;
pub mod pgn;
pub mod reader;
pub mod scan;
mod uci;
mod write;

pub use ast::{
    GameRecord, LookAlikes, Man, ManMove, MoveText, PromotionForm, ReadNote, Roll, RollForm, Token, TokenKind,
};
pub use reader::{Found, Item, Reader, SyntaxError, SyntaxErrorKind};
pub use uci::{uci_line, UciMove};
pub use write::{check_mark, promotion_form, promotion_text, write_and_play, Letters, LongMove, ShortMove, Style};
