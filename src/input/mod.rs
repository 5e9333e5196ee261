//! Reading input, the one way every command and the Python package read:
//! the paths given expanded into inputs ([`paths`]: directories walked, zip
//! archives listed member by member), each opened and decompressed
//! ([`compressed`]), read in bounded blocks cut into chunks at game
//! boundaries and worked in parallel in file order ([`batch`]), all driven
//! by [`driver::read_inputs`]: games numbered in their file, a game over
//! the size limit or cut by damage reported as a game, and a damaged or
//! unreadable input reported with its place while every other game is read.

pub mod batch;
pub mod compressed;
pub mod driver;
pub mod paths;
pub mod progress;
