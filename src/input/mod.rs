//! Reading input: compressed archives streamed ([`compressed`]), large
//! texts cut into blocks and chunks at game boundaries and processed in
//! parallel in file order ([`batch`]).

pub mod batch;
pub mod compressed;
