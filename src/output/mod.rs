//! Writing results: typed rows as CSV and JSON lines ([`table`]) or Parquet
//! ([`parquet`]), board diagrams for the terminal and as SVG ([`diagram`])
//! of a game's positions ([`frames`]),
//! the game page ([`html`]) and what every page shares ([`page`]), the
//! statistics page ([`stats_page`]) and the
//! tree explorer ([`tree_page`]) of the tree's rows ([`tree_rows`]), and
//! movetext filled into lines ([`wrap`]).

pub mod diagram;
pub mod frames;
pub mod html;
pub mod page;
pub mod parquet;
pub mod stats_page;
pub mod table;
pub mod tree_page;
pub mod tree_rows;
pub mod wrap;
