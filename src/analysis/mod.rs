//! What is done with games once read: replay and validation (and, on top of
//! the replay, annotation and statistics).

pub mod annotate;
pub mod batch;
pub mod convert;
pub mod diagram;
pub mod generate;
pub mod html;
pub mod notes;
pub mod parquet;
pub mod replay;
pub mod stats;
pub mod stats_page;
pub mod validate;
pub mod wrap;

pub use annotate::{annotate_source, AnnotateOptions};
pub use convert::{convert_source, ConvertOptions, Converted, FilesChoice, LettersChoice, StyleChoice};
pub use replay::{replay, GameReport, Options, Ply};
pub use validate::{validate_bytes, validate_chunk, validate_source, validate_text, ChunkReport, FileReport};
