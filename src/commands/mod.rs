//! The library side of each command: what `validate`, `convert`,
//! `annotate`, `stats`, `moves`, `filter`, `dedup`, `split`, `show` and
//! `generate` do with the games once read, each as an observer of the one replay
//! ([`crate::replay`]). The command line ([`crate::cli`]) parses arguments
//! and calls these.

pub mod annotate;
pub mod collect;
pub mod convert;
pub mod dedup;
pub mod filter;
pub mod generate;
pub mod moves;
pub mod show;
pub mod split;
pub mod stats;
pub mod tree;
pub mod validate;

pub use annotate::{annotate_source, AnnotateOptions};
pub use convert::{
    convert_source, shape_source, AddTag, ConvertOptions, Converted, FilesChoice, LettersChoice, OutputForm,
    RollsChoice, Shape, StyleChoice, TagChoice,
};
pub use validate::{
    validate_bytes, validate_chunk, validate_source, validate_stream, validate_stream_into, validate_stream_prepared,
    validate_text, ChunkReport, FileReport, StreamCount,
};
