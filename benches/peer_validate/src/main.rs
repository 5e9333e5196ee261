//! Validates every game of the files named, as pgn-reader's own
//! `examples/validate` does: each main-line SAN is resolved and played
//! from the start position or the FEN tag; a game stops at its first
//! error. Prints each file's games and whether all replayed; exits 1 when
//! one did not.

use std::{env, fs::File, io, ops::ControlFlow, process};

use pgn_reader::{RawTag, Reader, SanPlus, Visitor};
use shakmaty::{fen::Fen, CastlingMode, Chess, Position};

/// Games read; the visitor's output is whether the game replayed.
struct Validate {
    games: usize,
}

impl Visitor for Validate {
    type Tags = Option<Chess>;
    type Movetext = Chess;
    type Output = bool;

    fn begin_tags(&mut self) -> ControlFlow<bool, Option<Chess>> {
        self.games += 1;
        ControlFlow::Continue(None)
    }

    fn tag(&mut self, tags: &mut Option<Chess>, name: &[u8], value: RawTag<'_>) -> ControlFlow<bool> {
        if name != b"FEN" {
            return ControlFlow::Continue(());
        }
        let position =
            Fen::from_ascii(value.as_bytes()).ok().and_then(|fen| fen.into_position(CastlingMode::Chess960).ok());
        match position {
            Some(pos) => {
                *tags = Some(pos);
                ControlFlow::Continue(())
            }
            None => {
                eprintln!("game {}: a bad FEN tag", self.games);
                ControlFlow::Break(false)
            }
        }
    }

    fn begin_movetext(&mut self, tags: Option<Chess>) -> ControlFlow<bool, Chess> {
        ControlFlow::Continue(tags.unwrap_or_default())
    }

    fn san(&mut self, pos: &mut Chess, san_plus: SanPlus) -> ControlFlow<bool> {
        match san_plus.san.to_move(pos) {
            Ok(m) => {
                pos.play_unchecked(m);
                ControlFlow::Continue(())
            }
            Err(e) => {
                eprintln!("game {}: {e} {san_plus}", self.games);
                ControlFlow::Break(false)
            }
        }
    }

    fn end_game(&mut self, _pos: Chess) -> bool {
        true
    }
}

fn main() -> io::Result<()> {
    let mut all = true;
    for path in env::args().skip(1) {
        let mut reader = Reader::new(File::open(&path)?);
        let mut validate = Validate { games: 0 };
        let mut ok = true;
        while let Some(game) = reader.read_game(&mut validate)? {
            ok &= game;
        }
        println!("{path}: {} games, {}", validate.games, if ok { "success" } else { "errors" });
        all &= ok;
    }
    if !all {
        process::exit(1);
    }
    Ok(())
}
