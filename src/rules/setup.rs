//! An unvalidated position (`Setup`) and FEN syntax. A `Setup` may be
//! nonsense; [`crate::rules::Position::from_setup`] judges it.

use std::fmt;

use super::board::Board;
use super::castling::Rights;
use super::geometry::{Bitboard, Square};
use super::role::{Color, Piece, Role};
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
        // Up to six fields, kept without an allocation; more are counted.
        let mut fields = [""; 6];
        let mut count = 0;
        for (i, field) in fen.split_ascii_whitespace().enumerate() {
            if let Some(slot) = fields.get_mut(i) {
                *slot = field;
            }
            count = i + 1;
        }
        let ([placement, turn, castling, ep, ..], 4..=6) = (fields, count) else {
            return Err(FenError::FieldCount(count));
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
        let clock = |i: usize, field: &'static str, default: u32| match fields.get(i).filter(|_| i < count) {
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
    let found = s.bytes().filter(|&b| b == b'/').count() + 1;
    if found != rules.height as usize {
        return Err(FenError::RankCount { found, expected: rules.height });
    }
    // The ranks counted first (a wrong count is the error named before any
    // other), then one pass over the bytes (a FEN's tokens are ASCII; any
    // other character is no piece letter): `file` counts the squares of the
    // rank described so far, `run` the digits of an empty run being read.
    let width = u32::from(rules.width);
    let width_error = |rank: u8, found| FenError::RankWidth { rank: rank + 1, found, expected: rules.width };
    let mut board = Board::empty();
    let mut rank = rules.height - 1;
    let (mut file, mut run) = (0u32, 0u32);
    for (at, b) in s.bytes().enumerate() {
        match b {
            b'/' => {
                if file + run != width {
                    return Err(width_error(rank, file + run));
                }
                rank = rank.saturating_sub(1);
                (file, run) = (0, 0);
            }
            b'0'..=b'9' => {
                run = run * 10 + u32::from(b - b'0');
                if run > width {
                    return Err(width_error(rank, file + run));
                }
            }
            _ => {
                file += run;
                run = 0;
                // A byte outside ASCII is a char outside `a`..`z`: no letter.
                let Some(role) = rules.role_of_letter(char::from(b)) else {
                    let c = s.get(at..).and_then(|t| t.chars().next()).unwrap_or(char::from(b));
                    return Err(FenError::PieceLetter(c));
                };
                let color = Color::from_white(b.is_ascii_uppercase());
                let sq = u8::try_from(file)
                    .ok()
                    .filter(|&f| f < rules.width)
                    .and_then(|f| Square::new(f, rank))
                    .ok_or_else(|| width_error(rank, file + 1))?;
                board.put(sq, Piece::new(color, role));
                file += 1;
            }
        }
    }
    if file + run != width {
        return Err(width_error(rank, file + run));
    }
    Ok(board)
}

/// Writes a count of empty squares (at most a rank's width, two digits).
#[inline]
fn write_count(out: &mut impl fmt::Write, n: u8) -> fmt::Result {
    if n >= 10 {
        out.write_char(char::from(b'0' + n / 10))?;
    }
    out.write_char(char::from(b'0' + n % 10))
}

/// Writes a placement field: rank by rank, from man to man (the runs of
/// empty squares between them counted from their files, not square by
/// square: `moves --fen` writes one a row).
pub(crate) fn write_placement(board: &Board, rules: &Rules, out: &mut impl fmt::Write) -> fmt::Result {
    // The letter of each man, by kind and colour, looked up once a field.
    let mut letters = [['?'; 2]; Role::COUNT];
    for role in Role::ALL {
        if let Some(l) = letters.get_mut(role.index()) {
            let c = rules.letter_of_role(role);
            *l = [c.to_ascii_uppercase(), c];
        }
    }
    for rank in (0..rules.height).rev() {
        let mut file = 0;
        for sq in board.occupied() & Bitboard::rank(rank) {
            let Some(p) = board.piece_at(sq).filter(|_| sq.file() < rules.width) else { continue };
            if sq.file() > file {
                write_count(out, sq.file() - file)?;
            }
            let c = letters.get(p.role.index()).and_then(|l| l.get(p.color.index())).copied();
            out.write_char(c.unwrap_or('?'))?;
            file = sq.file() + 1;
        }
        if rules.width > file {
            write_count(out, rules.width - file)?;
        }
        if rank > 0 {
            out.write_char('/')?;
        }
    }
    Ok(())
}
