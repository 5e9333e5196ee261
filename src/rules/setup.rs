//! An unvalidated position (`Setup`) and FEN syntax. A `Setup` may be
//! nonsense; [`crate::rules::Position::from_setup`] judges it.

use std::fmt;

use super::board::Board;
use super::castling::Rights;
use super::geometry::Square;
use super::role::{Color, Piece};
use super::variant::{CastlingRule, Rules};

#[derive(Clone)]
pub struct Setup {
    pub board: Board,
    pub turn: Color,
    /// Rights as the FEN names them (`KQSLT`/`kqslt`).
    pub rights: Rights,
    /// Chess: the files (bit 0 = `a`) of the rooks that Shredder or X-FEN
    /// letters (`HAha`, `Cc`) name as castling rooks, White's then Black's.
    pub rook_files: [u8; 2],
    pub ep_square: Option<Square>,
    pub halfmoves: u32,
    pub fullmoves: u32,
}

/// What is wrong with the text of a FEN.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FenError {
    #[error("a FEN has 4 to 6 fields separated by spaces, this one has {0}")]
    FieldCount(usize),
    #[error("the placement has {found} ranks, the board has {expected}")]
    RankCount { found: usize, expected: u8 },
    #[error("rank {rank} describes {found} squares, the board is {expected} wide")]
    RankWidth { rank: u8, found: u32, expected: u8 },
    #[error("{0:?} is not a piece letter of this variant")]
    PieceLetter(char),
    #[error("the side to move is {0:?}: expected `w` or `b`")]
    Turn(String),
    #[error("{0:?} is not a castling letter of this variant (Hundred: KQSLT, kqslt; Chess: KQkq or a rook's file, HAha; or -)")]
    CastlingLetter(char),
    #[error("the en passant field {0:?} is not a square or `-`")]
    EnPassant(String),
    #[error("the {field} {value:?} is not a number")]
    Clock { field: &'static str, value: String },
}

impl Setup {
    /// Reads a FEN's syntax. Missing clocks are `0 1`.
    pub fn from_fen(fen: &str, rules: &Rules) -> Result<Setup, FenError> {
        let fields: Vec<&str> = fen.split_ascii_whitespace().collect();
        let (&[placement, turn, castling, ep, ..], 4..=6) = (fields.as_slice(), fields.len()) else {
            return Err(FenError::FieldCount(fields.len()));
        };
        let board = parse_placement(placement, rules)?;
        let turn = match turn {
            "w" => Color::White,
            "b" => Color::Black,
            other => return Err(FenError::Turn(other.to_string())),
        };
        let mut rights = Rights::NONE;
        let mut rook_files = [0u8; 2];
        let by_rook = matches!(rules.castling_rule, CastlingRule::ByRook { .. });
        if castling != "-" {
            for c in castling.chars() {
                let file = (c.to_ascii_lowercase() as u32).wrapping_sub('a' as u32);
                match (
                    by_rook && file < u32::from(rules.width),
                    rook_files.get_mut(usize::from(c.is_ascii_lowercase())),
                ) {
                    (true, Some(files)) => *files |= 1 << file,
                    _ if rules.castling_rule == CastlingRule::Royal => {
                        rights.set(super::royal::right_of_letter(c).ok_or(FenError::CastlingLetter(c))?)
                    }
                    _ => rights.set(Rights::from_letter(c).ok_or(FenError::CastlingLetter(c))?),
                }
            }
        }
        let ep_square = match ep {
            "-" => None,
            s => Some(Square::parse(s).ok_or_else(|| FenError::EnPassant(s.to_string()))?),
        };
        let clock = |i: usize, field: &'static str, default: u32| match fields.get(i) {
            None => Ok(default),
            Some(v) => v.parse().map_err(|_| FenError::Clock { field, value: v.to_string() }),
        };
        Ok(Setup {
            board,
            turn,
            rights,
            rook_files,
            ep_square,
            halfmoves: clock(4, "halfmove clock", 0)?,
            fullmoves: clock(5, "fullmove number", 1)?,
        })
    }
}

fn parse_placement(s: &str, rules: &Rules) -> Result<Board, FenError> {
    let ranks: Vec<&str> = s.split('/').collect();
    if ranks.len() != rules.height as usize {
        return Err(FenError::RankCount { found: ranks.len(), expected: rules.height });
    }
    let mut board = Board::empty();
    for (i, text) in ranks.iter().enumerate() {
        let rank = rules.height - 1 - i as u8;
        let mut file: u32 = 0;
        let mut run: u32 = 0;
        let width_error = |found| FenError::RankWidth { rank: rank + 1, found, expected: rules.width };
        for c in text.chars() {
            if let Some(d) = c.to_digit(10) {
                run = run * 10 + d;
                if run > rules.width as u32 {
                    return Err(width_error(file + run));
                }
                continue;
            }
            file += run;
            run = 0;
            let role = rules.role_of_letter(c).ok_or(FenError::PieceLetter(c))?;
            let color = Color::from_white(c.is_ascii_uppercase());
            let sq = u8::try_from(file)
                .ok()
                .filter(|&f| f < rules.width)
                .and_then(|f| Square::new(f, rank))
                .ok_or(width_error(file + 1))?;
            board.put(sq, Piece::new(color, role));
            file += 1;
        }
        file += run;
        if file != rules.width as u32 {
            return Err(width_error(file));
        }
    }
    Ok(board)
}

/// Writes a placement field.
pub(crate) fn write_placement(board: &Board, rules: &Rules, out: &mut impl fmt::Write) -> fmt::Result {
    for rank in (0..rules.height).rev() {
        let mut empty = 0;
        for file in 0..rules.width {
            let piece = Square::new(file, rank).and_then(|sq| board.piece_at(sq));
            match piece {
                None => empty += 1,
                Some(p) => {
                    if empty > 0 {
                        write!(out, "{empty}")?;
                        empty = 0;
                    }
                    let c = rules.letter_of_role(p.role);
                    out.write_char(if p.color == Color::White { c.to_ascii_uppercase() } else { c })?;
                }
            }
        }
        if empty > 0 {
            write!(out, "{empty}")?;
        }
        if rank > 0 {
            out.write_char('/')?;
        }
    }
    Ok(())
}
