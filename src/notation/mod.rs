//! The notation of NOTATION.md: syntax only, never legality.

mod uci;
mod write;

pub use uci::UciMove;
pub use write::{Letters, LongMove};
