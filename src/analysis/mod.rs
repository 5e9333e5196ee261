//! What is done with games once read: replay and validation (and, on top of
//! the replay, annotation and statistics).

pub mod annotate;
pub mod batch;
pub mod compressed;
pub mod convert;
pub mod dedup;
pub mod diagram;
pub mod dice;
pub mod filter;
pub mod games;
pub mod generate;
pub mod html;
pub mod moves;
pub mod notes;
pub mod parquet;
pub mod replay;
pub mod split;
pub mod stats;
pub mod stats_page;
pub mod table;
pub mod validate;
pub mod wrap;

pub use annotate::{annotate_source, AnnotateOptions};
pub use convert::{convert_source, ConvertOptions, Converted, FilesChoice, LettersChoice, RollsChoice, StyleChoice};
pub use replay::{replay, GameReport, Options, Ply};
pub use validate::{
    validate_bytes, validate_chunk, validate_source, validate_stream, validate_text, ChunkReport, FileReport,
    StreamCount,
};
