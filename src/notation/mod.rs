//! The notation of NOTATION.md: syntax only, never legality.

mod write;

pub use write::{Letters, LongMove};
