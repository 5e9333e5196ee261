//! The notation of docs/notation.md: syntax only, never legality.
//!
//! - [`decode`]: bytes to text (UTF-8, UTF-16, Windows-1251, KOI8-R, CP866,
//!   Windows-1252 / Latin-1, CP437, CP850).
//! - [`parse`]: the grammar's productions (nom), one token each.
//! - [`reader`]: games out of a text, with spans; recovers after errors.
//! - writers: a move of any variant ([`write_move`]), long and short moves
//!   ([`LongMove`], [`ShortMove`]), UCI coordinates ([`UciMove`]).

pub mod ast;
pub mod charset;
pub mod comment_commands;
pub mod decode;
mod detect;
pub mod dice;
pub mod fill;
pub mod lookalike;
pub mod parse;
pub mod pgn;
pub mod reader;
pub mod scan;
pub mod typo;
mod uci;
mod write;

pub use ast::{
    GameRecord, LookAlikes, Man, ManMove, MoveText, PromotionForm, ReadNote, Roll, RollForm, Token, TokenKind,
};
pub use reader::{Found, Item, Reader, SyntaxError, SyntaxErrorKind};
pub use uci::{uci_line, write_uci, UciMove};
pub use write::{
    check_mark, mate_mark, promotion_form, promotion_text, right_mark, write_and_play, write_move, write_san, Form,
    Letters, LongMove, ShortMove, Style,
};

/// The length in bytes of the white space character ([`char::is_whitespace`])
/// at byte `i` of `text`, or `None`. Looks at bytes: only the lead bytes of
/// the Unicode spaces (`C2`, `E1`–`E3`) need the character decoded. The one
/// test of white space of the reader, the scanner and the writers.
#[inline]
pub fn space_len(text: &str, i: usize) -> Option<usize> {
    match *text.as_bytes().get(i)? {
        c if c.is_ascii() => (c.is_ascii_whitespace() || c == 0x0B).then_some(1),
        0xC2 | 0xE1..=0xE3 => text.get(i..)?.chars().next().filter(|c| c.is_whitespace()).map(char::len_utf8),
        _ => None,
    }
}
