//! Colours, piece kinds and pieces.
//!
//! A piece kind is data: what it rides (orthogonal and diagonal lines), what it
//! leaps (knight, king), whether it is royal. New kinds (Grand's marshal and
//! cardinal) are rows of the same table, not new code paths.

use std::fmt;
use std::ops::Not;

#[derive(Copy, Clone, Eq, PartialEq, Hash, Debug, Ord, PartialOrd, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Color {
    White = 0,
    Black = 1,
}

impl Color {
    pub const ALL: [Color; 2] = [Color::White, Color::Black];
    pub const fn index(self) -> usize {
        self as usize
    }
    /// +1 for White (moves up the ranks), -1 for Black.
    pub const fn forward(self) -> i8 {
        match self {
            Color::White => 1,
            Color::Black => -1,
        }
    }
    pub const fn from_white(white: bool) -> Color {
        if white {
            Color::White
        } else {
            Color::Black
        }
    }
}

impl Not for Color {
    type Output = Color;
    fn not(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Color::White => "white",
            Color::Black => "black",
        })
    }
}

/// A kind of man. The discriminants index [`crate::rules::Board`]'s tables.
#[derive(Copy, Clone, Eq, PartialEq, Hash, Debug, Ord, PartialOrd)]
pub enum Role {
    Pawn = 0,
    Knight = 1,
    Bishop = 2,
    Rook = 3,
    Queen = 4,
    King = 5,
    /// Hundred's prince: queen + knight (the leap jumps, the lines do not).
    Prince = 6,
    /// Grand's marshal: rook + knight.
    Marshal = 7,
    /// Grand's cardinal: bishop + knight.
    Cardinal = 8,
    /// Royal's prince (`Пр`, `T`): one king step, or two in a line through
    /// an empty middle square (docs/rules.md 5.2); crowned when its king falls.
    Heir = 9,
    /// Royal's princess (`Пс`, `S`): moves as the prince.
    Princess = 10,
}

/// How a kind moves, as data.
#[derive(Copy, Clone, Debug)]
pub struct Movement {
    pub orthogonal: bool,
    pub diagonal: bool,
    pub knight: bool,
    pub king: bool,
    /// Royal's two-step (docs/rules.md 5.2), beside the king step.
    pub two_step: bool,
}

impl Role {
    pub const COUNT: usize = 11;
    pub const ALL: [Role; Role::COUNT] = [
        Role::Pawn,
        Role::Knight,
        Role::Bishop,
        Role::Rook,
        Role::Queen,
        Role::King,
        Role::Prince,
        Role::Marshal,
        Role::Cardinal,
        Role::Heir,
        Role::Princess,
    ];

    pub const fn index(self) -> usize {
        self as usize
    }

    pub const fn from_index(i: usize) -> Option<Role> {
        if i < Role::COUNT {
            #[expect(clippy::indexing_slicing, reason = "`i < Role::COUNT`, the length of `Role::ALL`")]
            Some(Role::ALL[i])
        } else {
            None
        }
    }

    /// The movement of a piece (a pawn's is handled by the generator).
    /// How the kind moves: a row of a table, one load (a `match` here
    /// became a jump on the kind, which changes from move to move).
    pub const fn movement(self) -> Movement {
        const fn m(orthogonal: bool, diagonal: bool, knight: bool, king: bool) -> Movement {
            Movement { orthogonal, diagonal, knight, king, two_step: false }
        }
        const TWO_STEP: Movement =
            Movement { orthogonal: false, diagonal: false, knight: false, king: true, two_step: true };
        const MOVEMENTS: [Movement; Role::COUNT] = [
            m(false, false, false, false), // pawn
            m(false, false, true, false),  // knight
            m(false, true, false, false),  // bishop
            m(true, false, false, false),  // rook
            m(true, true, false, false),   // queen
            m(false, false, false, true),  // king
            m(true, true, true, false),    // prince
            m(true, false, true, false),   // marshal
            m(false, true, true, false),   // cardinal
            TWO_STEP,                      // heir
            TWO_STEP,                      // princess
        ];
        #[expect(clippy::indexing_slicing, reason = "a kind's index is below `Role::COUNT`, the table's length")]
        MOVEMENTS[self.index()]
    }

    pub const fn fen_char(self) -> char {
        match self {
            Role::Pawn => 'p',
            Role::Knight => 'n',
            Role::Bishop => 'b',
            Role::Rook => 'r',
            Role::Queen => 'q',
            Role::King => 'k',
            Role::Prince => 'a',
            Role::Marshal => 'c',
            Role::Cardinal => 'a',
            Role::Heir => 't',
            Role::Princess => 's',
        }
    }

    /// The letter of UCI-style moves (`e9e10q`, prince `a`): the FEN letter.
    pub const fn uci_char(self) -> char {
        self.fen_char()
    }
}

#[derive(Copy, Clone, Eq, PartialEq, Hash, Debug)]
pub struct Piece {
    pub color: Color,
    pub role: Role,
}

impl Piece {
    pub const fn new(color: Color, role: Role) -> Piece {
        Piece { color, role }
    }
}
