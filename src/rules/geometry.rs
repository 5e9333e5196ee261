//! Squares and bitboards on one 10x10 layout, with the attack tables built at
//! compile time.
//!
//! Every variant uses the same index layout: `index = rank * 10 + file`, files
//! `a`..`j` = 0..9, ranks `1`..`10` = 0..9, so 100 squares fit a `u128`.
//! A smaller board (8x8 chess) is a *mask* over this layout: the variant's
//! `board` bitboard. Sliders stop at the mask's edge because the squares
//! outside it are treated as occupied (see [`Bitboard::rook_attacks`]).
#![expect(
    clippy::indexing_slicing,
    reason = "every index here is a `Square` (below `SQUARES` = 100 by construction: `Square::new`, `from_index`), a `Color` (0 or 1), a `Role` (below `Role::COUNT`) or a direction (below 8), into tables of exactly those lengths (or 128 for the bits of a `u128`)"
)]

use std::fmt;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

/// Width of the layout (files `a`..`j`).
pub const WIDTH: u8 = 10;
/// Height of the layout (ranks `1`..`10`).
pub const HEIGHT: u8 = 10;
/// Number of squares in the layout.
pub const SQUARES: usize = 100;

/// One bit a square: `BIT[i] == 1 << i` for the 100 squares, 0 beyond. A
/// load, where a shift of a `u128` by a variable is eight instructions; 256
/// long so that a square's byte needs no bounds check.
const BIT: [u128; 256] = {
    let mut t = [0u128; 256];
    let mut i = 0;
    while i < SQUARES {
        t[i] = 1u128 << i;
        i += 1;
    }
    t
};

/// The files of the layout as bitboards, and nothing for the byte values
/// past them (a file is below 11 where it is read).
const FILES: [u128; 256] = {
    let mut t = [0u128; 256];
    let mut f = 0;
    while f < WIDTH as usize {
        let mut r = 0;
        while r < HEIGHT as usize {
            t[f] |= 1u128 << (r * WIDTH as usize + f);
            r += 1;
        }
        f += 1;
    }
    t
};

/// The ranks of the layout as bitboards (ten bits from `rank * WIDTH`, as
/// far as 128 bits reach), nothing for the byte values past them.
const RANKS: [u128; 256] = {
    let mut t = [0u128; 256];
    let mut r = 0;
    while r * (WIDTH as usize) < 128 {
        t[r] = 0x3ff_u128 << (r * WIDTH as usize);
        r += 1;
    }
    t
};

/// A square of the 10x10 layout.
#[derive(Copy, Clone, Eq, PartialEq, Hash, Ord, PartialOrd)]
pub struct Square(u8);

impl Square {
    /// The square on `file` (0 = `a`) and `rank` (0 = rank 1), if on the layout.
    pub const fn new(file: u8, rank: u8) -> Option<Square> {
        if file < WIDTH && rank < HEIGHT {
            Some(Square(rank * WIDTH + file))
        } else {
            None
        }
    }

    /// The square with this layout index (0..100).
    pub const fn from_index(index: usize) -> Option<Square> {
        if index < SQUARES {
            Some(Square(index as u8))
        } else {
            None
        }
    }

    /// Like [`Square::from_index`] for an index the caller knows is below 100.
    pub(crate) const fn from_index_unchecked(index: u32) -> Square {
        debug_assert!(index < SQUARES as u32);
        Square(index as u8)
    }

    pub const fn index(self) -> usize {
        self.0 as usize
    }
    /// File, 0 = `a`.
    pub const fn file(self) -> u8 {
        self.0 % WIDTH
    }
    /// Rank, 0 = rank 1.
    pub const fn rank(self) -> u8 {
        self.0 / WIDTH
    }
    /// The square `df` files and `dr` ranks away, if on the layout.
    pub const fn offset(self, df: i8, dr: i8) -> Option<Square> {
        let f = self.file() as i8 + df;
        let r = self.rank() as i8 + dr;
        if f < 0 || r < 0 {
            return None;
        }
        Square::new(f as u8, r as u8)
    }
    /// The square `dr` ranks away on the same file, if on the layout: as
    /// [`Square::offset`]`(0, dr)`, with no file and rank worked out.
    #[inline]
    pub const fn up(self, dr: i8) -> Option<Square> {
        let i = self.0 as i16 + dr as i16 * WIDTH as i16;
        if i < 0 {
            return None;
        }
        Square::from_index(i as usize)
    }
    pub const fn bb(self) -> Bitboard {
        Bitboard(BIT[self.0 as usize])
    }

    /// Parses a square in Latin letters: `a1` .. `j10`.
    pub fn parse(s: &str) -> Option<Square> {
        let b = s.as_bytes();
        if b.len() < 2 || b.len() > 3 {
            return None;
        }
        let file = b[0].checked_sub(b'a')?;
        let rank: u8 = s.get(1..)?.parse().ok()?;
        if b[1] == b'0' || rank == 0 {
            return None;
        }
        Square::new(file, rank - 1)
    }
}

impl Square {
    /// Writes the square in Latin letters (`a1` .. `j10`), char by char:
    /// formatting the rank as a number costs more than the rest of a move's
    /// text (convert writes every square; `moves` writes two a row into a
    /// `String`, where this is inlined).
    #[inline]
    pub fn write_to(self, out: &mut impl fmt::Write) -> fmt::Result {
        out.write_char(char::from(b'a' + self.file()))?;
        match self.rank() + 1 {
            r @ 0..=9 => out.write_char(char::from(b'0' + r)),
            r => {
                out.write_char(char::from(b'0' + r / 10))?;
                out.write_char(char::from(b'0' + r % 10))
            }
        }
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_to(f)
    }
}

impl fmt::Debug for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// A set of squares of the layout.
#[derive(Copy, Clone, Default, Eq, PartialEq, Hash)]
pub struct Bitboard(pub u128);

impl Bitboard {
    pub const EMPTY: Bitboard = Bitboard(0);
    /// All 100 squares.
    pub const FULL: Bitboard = Bitboard((1u128 << SQUARES) - 1);

    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }
    pub const fn any(self) -> bool {
        self.0 != 0
    }
    pub const fn contains(self, sq: Square) -> bool {
        self.0 & BIT[sq.0 as usize] != 0
    }
    pub const fn count(self) -> u32 {
        self.0.count_ones()
    }
    pub const fn more_than_one(self) -> bool {
        self.0 & self.0.wrapping_sub(1) != 0
    }
    /// The lowest square of the set.
    pub const fn first(self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            Some(Square::from_index_unchecked(self.0.trailing_zeros()))
        }
    }
    /// The only square of a set of one.
    pub const fn single(self) -> Option<Square> {
        if self.0 != 0 && !self.more_than_one() {
            self.first()
        } else {
            None
        }
    }
    pub const fn with(self, sq: Square) -> Bitboard {
        Bitboard(self.0 | BIT[sq.0 as usize])
    }
    pub const fn without(self, sq: Square) -> Bitboard {
        Bitboard(self.0 & !BIT[sq.0 as usize])
    }
    /// A whole rank (0 = rank 1) of the layout.
    pub const fn rank(r: u8) -> Bitboard {
        Bitboard(RANKS[r as usize])
    }
    /// A whole file (0 = `a`) of the layout.
    pub const fn file(f: u8) -> Bitboard {
        Bitboard(FILES[f as usize])
    }
    /// Rook lines from `sq`, stopping at (and including) the first occupied square.
    #[inline]
    pub fn rook_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
        let s = sq.index();
        let o = occupied.0;
        Bitboard(ray_pos(&RAYS[N], s, o) | ray_pos(&RAYS[E], s, o) | ray_neg(&RAYS[S], s, o) | ray_neg(&RAYS[W], s, o))
    }
    /// Bishop lines from `sq`, stopping at (and including) the first occupied square.
    #[inline]
    pub fn bishop_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
        let s = sq.index();
        let o = occupied.0;
        Bitboard(
            ray_pos(&RAYS[NE], s, o) | ray_pos(&RAYS[NW], s, o) | ray_neg(&RAYS[SE], s, o) | ray_neg(&RAYS[SW], s, o),
        )
    }
    #[inline]
    pub fn knight_attacks(sq: Square) -> Bitboard {
        Bitboard(KNIGHT[sq.index()])
    }
    #[inline]
    pub fn king_attacks(sq: Square) -> Bitboard {
        Bitboard(KING[sq.index()])
    }
    /// Rook lines on an empty board.
    #[inline]
    pub fn rook_rays(sq: Square) -> Bitboard {
        Bitboard(ROOK_RAYS[sq.index()])
    }
    /// Bishop lines on an empty board.
    #[inline]
    pub fn bishop_rays(sq: Square) -> Bitboard {
        Bitboard(BISHOP_RAYS[sq.index()])
    }
    /// Squares strictly between `a` and `b` on a common line (empty if none).
    #[inline]
    pub fn between(a: Square, b: Square) -> Bitboard {
        let d = DIRECTION[a.index()][b.index()] as usize;
        // The opposite direction is `d ^ 4` (see `OPPOSITE`), and no line
        // (8) takes the empty row 8 both ways: no branch on whether the two
        // share a line (a knight's leap, asked about as often as a line),
        // and no table between the direction and the rays.
        Bitboard(RAYS[d][a.index()] & RAYS[(d ^ 4).min(8)][b.index()])
    }
    /// The whole ray from `from` towards `towards` on an empty board (empty
    /// if the two share no line), and whether it runs on a diagonal. Told
    /// without a branch: a man's line to a king changes from move to move,
    /// and a branch on it is mispredicted.
    #[inline]
    pub fn ray_and_diagonal(from: Square, towards: Square) -> (Bitboard, bool) {
        let d = DIRECTION[from.index()][towards.index()] as usize;
        // Row 8 of the rays is empty: no line.
        let ray = RAYS.get(d).map_or(0, |r| r[from.index()]);
        (Bitboard(ray), d % 2 == 1)
    }
    /// The squares a slider on `from` sees towards `towards` (on a common
    /// line), up to and including the first occupied one; empty if the two
    /// share no line.
    #[inline]
    pub fn ray_towards(from: Square, towards: Square, occupied: Bitboard) -> Bitboard {
        let d = DIRECTION[from.index()][towards.index()] as usize;
        match d {
            N | NE | E | NW => Bitboard(ray_pos(&RAYS[d], from.index(), occupied.0)),
            S | SW | W | SE => Bitboard(ray_neg(&RAYS[d], from.index(), occupied.0)),
            _ => Bitboard::EMPTY,
        }
    }
    /// The whole line through `a` and `b` (empty if they share none).
    #[inline]
    pub fn line(a: Square, b: Square) -> Bitboard {
        let d = DIRECTION[a.index()][b.index()] as usize;
        if d >= 8 {
            return Bitboard::EMPTY;
        }
        Bitboard(RAYS[d][a.index()] | RAYS[OPPOSITE[d]][a.index()] | 1u128 << a.0)
    }
}

#[inline(always)]
fn ray_pos(ray: &[u128; SQUARES], s: usize, occ: u128) -> u128 {
    let r = ray[s];
    let blockers = r & occ;
    if blockers == 0 {
        r
    } else {
        r ^ ray[blockers.trailing_zeros() as usize]
    }
}

#[inline(always)]
fn ray_neg(ray: &[u128; SQUARES], s: usize, occ: u128) -> u128 {
    let r = ray[s];
    let blockers = r & occ;
    if blockers == 0 {
        r
    } else {
        r ^ ray[127 - blockers.leading_zeros() as usize]
    }
}

impl Iterator for Bitboard {
    type Item = Square;
    #[inline]
    fn next(&mut self) -> Option<Square> {
        let sq = self.first()?;
        self.0 &= self.0 - 1;
        Some(sq)
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.count() as usize;
        (n, Some(n))
    }
}

impl fmt::Debug for Bitboard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(*self).finish()
    }
}

macro_rules! bit_op {
    ($tr:ident, $f:ident, $atr:ident, $af:ident, $op:tt) => {
        impl $tr for Bitboard {
            type Output = Bitboard;
            #[inline]
            fn $f(self, rhs: Bitboard) -> Bitboard {
                Bitboard(self.0 $op rhs.0)
            }
        }
        impl $atr for Bitboard {
            #[inline]
            fn $af(&mut self, rhs: Bitboard) {
                self.0 = self.0 $op rhs.0;
            }
        }
    };
}
bit_op!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
bit_op!(BitOr, bitor, BitOrAssign, bitor_assign, |);
bit_op!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

impl Not for Bitboard {
    type Output = Bitboard;
    /// The complement within the 100 squares.
    #[inline]
    fn not(self) -> Bitboard {
        Bitboard(!self.0 & Bitboard::FULL.0)
    }
}

// ---------------------------------------------------------------------------
// Compile-time tables.

const N: usize = 0;
const NE: usize = 1;
const E: usize = 2;
const NW: usize = 3;
const S: usize = 4;
const SW: usize = 5;
const W: usize = 6;
const SE: usize = 7;
/// Directions 0..4 increase the index (use the lowest blocker), 4..8 decrease
/// it; a direction's opposite is four on (`d ^ 4`: [`OPPOSITE`]).
const DELTAS: [(i8, i8); 8] = [(0, 1), (1, 1), (1, 0), (-1, 1), (0, -1), (-1, -1), (-1, 0), (1, -1)];
const OPPOSITE: [usize; 8] = [S, SW, W, SE, N, NE, E, NW];

const fn leaper_table(deltas: &[(i8, i8)]) -> [u128; SQUARES] {
    let mut table = [0u128; SQUARES];
    let mut s = 0;
    while s < SQUARES {
        let sq = Square(s as u8);
        let mut i = 0;
        while i < deltas.len() {
            if let Some(t) = sq.offset(deltas[i].0, deltas[i].1) {
                table[s] |= 1u128 << t.0;
            }
            i += 1;
        }
        s += 1;
    }
    table
}

/// The rays by direction, and a ninth row of none: the direction of two
/// squares on no common line ([`DIRECTION`]'s 8).
const fn ray_tables() -> [[u128; SQUARES]; 9] {
    let mut rays = [[0u128; SQUARES]; 9];
    let mut d = 0;
    while d < 8 {
        let mut s = 0;
        while s < SQUARES {
            let mut cur = Square(s as u8).offset(DELTAS[d].0, DELTAS[d].1);
            while let Some(t) = cur {
                rays[d][s] |= 1u128 << t.0;
                cur = t.offset(DELTAS[d].0, DELTAS[d].1);
            }
            s += 1;
        }
        d += 1;
    }
    rays
}

const fn direction_table() -> [[u8; SQUARES]; SQUARES] {
    let mut table = [[8u8; SQUARES]; SQUARES];
    let mut d = 0;
    while d < 8 {
        let mut s = 0;
        while s < SQUARES {
            let mut t = 0;
            while t < SQUARES {
                if RAYS[d][s] & (1u128 << t) != 0 {
                    table[s][t] = d as u8;
                }
                t += 1;
            }
            s += 1;
        }
        d += 1;
    }
    table
}

const fn union_rays(dirs: [usize; 4]) -> [u128; SQUARES] {
    let mut table = [0u128; SQUARES];
    let mut s = 0;
    while s < SQUARES {
        table[s] = RAYS[dirs[0]][s] | RAYS[dirs[1]][s] | RAYS[dirs[2]][s] | RAYS[dirs[3]][s];
        s += 1;
    }
    table
}

/// The squares a man moving on these lines and leaps reaches from each
/// square of an empty board: every square it can attack, whatever stands
/// between.
pub(crate) const fn reach_table(orthogonal: bool, diagonal: bool, knight: bool, king: bool) -> [u128; SQUARES] {
    let mut table = [0u128; SQUARES];
    let mut s = 0;
    while s < SQUARES {
        if orthogonal {
            table[s] |= ROOK_RAYS[s];
        }
        if diagonal {
            table[s] |= BISHOP_RAYS[s];
        }
        if knight {
            table[s] |= KNIGHT[s];
        }
        if king {
            table[s] |= KING[s];
        }
        s += 1;
    }
    table
}

static RAYS: [[u128; SQUARES]; 9] = ray_tables();
static DIRECTION: [[u8; SQUARES]; SQUARES] = direction_table();
static ROOK_RAYS: [u128; SQUARES] = union_rays([N, E, S, W]);
static BISHOP_RAYS: [u128; SQUARES] = union_rays([NE, NW, SE, SW]);
static KNIGHT: [u128; SQUARES] =
    leaper_table(&[(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)]);
static KING: [u128; SQUARES] = leaper_table(&DELTAS);
/// Squares a pawn on the index square attacks: [white, black].
pub(crate) static PAWN_ATTACKS: [[u128; SQUARES]; 2] =
    [leaper_table(&[(-1, 1), (1, 1)]), leaper_table(&[(-1, -1), (1, -1)])];

/// One two-step from a square: the end square (bit set) and the middle
/// squares of which one must be empty.
#[derive(Copy, Clone)]
struct Step {
    to: u128,
    middles: u128,
}

const fn step_bit(file: i8, rank: i8) -> u128 {
    if file < 0 || rank < 0 || file >= 10 || rank >= 10 {
        0
    } else {
        1u128 << (rank as u32 * 10 + file as u32)
    }
}

/// The eight directions: four diagonal (the one middle square), four
/// orthogonal (the three middle squares of the two king steps).
const STEP_DIRECTIONS: [(i8, i8); 8] = [(1, 1), (1, -1), (-1, 1), (-1, -1), (1, 0), (-1, 0), (0, 1), (0, -1)];

static STEPS: [[Step; 8]; SQUARES] = {
    let mut t = [[Step { to: 0, middles: 0 }; 8]; SQUARES];
    let mut s = 0;
    while s < SQUARES {
        let (f, r) = ((s % 10) as i8, (s / 10) as i8);
        let mut d = 0;
        while d < 8 {
            let (df, dr) = STEP_DIRECTIONS[d];
            let to = step_bit(f + 2 * df, r + 2 * dr);
            let middles = if df != 0 && dr != 0 {
                step_bit(f + df, r + dr)
            } else {
                // The perpendicular of (df, dr) is (dr, df).
                step_bit(f + df, r + dr) | step_bit(f + df + dr, r + dr + df) | step_bit(f + df - dr, r + dr - df)
            };
            t[s][d] = Step { to: if middles == 0 { 0 } else { to }, middles };
            d += 1;
        }
        s += 1;
    }
    t
};

/// The two-step of the prince and princess (docs/rules.md 5.2): a step
/// of a man of any variant whose movement has it, not of one variant.
impl Bitboard {
    /// The squares two steps away that a prince or princess on `sq` reaches
    /// through an empty middle square on `occupied` (the one-step squares are
    /// the king's, not included).
    #[inline]
    pub fn two_step_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
        let mut bb = 0u128;
        for step in &STEPS[sq.index()] {
            if step.middles & !occupied.0 != 0 {
                bb |= step.to;
            }
        }
        Bitboard(bb)
    }

    /// [`Bitboard::two_step_attacks`] as a call of its own: the men of the other
    /// variants test for the two-step in [`Board::attacks`](crate::rules::board::Board::attacks), which must stay
    /// small enough to be inlined in their generators.
    #[inline(never)]
    pub fn two_step_attacks_outlined(sq: Square, occupied: Bitboard) -> Bitboard {
        Bitboard::two_step_attacks(sq, occupied)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(s: &str) -> Square {
        Square::parse(s).unwrap()
    }

    #[test]
    fn squares_parse_and_print() {
        for i in 0..SQUARES {
            let s = Square::from_index(i).unwrap();
            assert_eq!(Square::parse(&s.to_string()), Some(s));
        }
        assert_eq!(sq("j10").index(), 99);
        assert_eq!(Square::parse("k1"), None);
        assert_eq!(Square::parse("a11"), None);
        assert_eq!(Square::parse("a0"), None);
        assert_eq!(Square::parse("a01"), None);
        // Found by the mutation property test: a multi-byte first character.
        assert_eq!(Square::parse("\u{fffd}1"), None);
        assert_eq!(Square::parse("ж"), None);
    }

    #[test]
    fn a_step_along_the_file_is_the_offset() {
        for i in 0..SQUARES {
            let s = Square::from_index(i).unwrap();
            for dr in -11..=11 {
                assert_eq!(s.up(dr), s.offset(0, dr), "{s} {dr}");
            }
        }
        for (d, &opposite) in OPPOSITE.iter().enumerate() {
            assert_eq!(opposite, d ^ 4);
        }
    }

    #[test]
    fn leapers_count_squares_on_a_ten_by_ten_board() {
        assert_eq!(Bitboard::knight_attacks(sq("a1")).count(), 2);
        assert_eq!(Bitboard::knight_attacks(sq("e5")).count(), 8);
        assert_eq!(Bitboard::king_attacks(sq("j10")).count(), 3);
        // 9 + 9 squares along rank and file from any square.
        assert_eq!(Bitboard::rook_rays(sq("e5")).count(), 18);
        assert_eq!(Bitboard::bishop_rays(sq("a1")).count(), 9);
    }

    #[test]
    fn sliders_stop_at_the_first_blocker() {
        let occ = sq("a5").bb() | sq("e1").bb();
        let att = Bitboard::rook_attacks(sq("a1"), occ);
        assert_eq!(
            att,
            Bitboard(0)
                | sq("a2").bb()
                | sq("a3").bb()
                | sq("a4").bb()
                | sq("a5").bb()
                | sq("b1").bb()
                | sq("c1").bb()
                | sq("d1").bb()
                | sq("e1").bb()
        );
        assert_eq!(Bitboard::between(sq("a1"), sq("d4")).count(), 2);
        assert_eq!(Bitboard::between(sq("a1"), sq("b3")), Bitboard::EMPTY);
        assert_eq!(Bitboard::line(sq("c3"), sq("e5")).count(), 10);
    }

    #[test]
    fn rays_through_a_square_and_their_kind_of_line() {
        // From a1 through c3: the long diagonal beyond a1, nine squares.
        assert_eq!(Bitboard::ray_and_diagonal(sq("a1"), sq("c3")), (Bitboard::bishop_rays(sq("a1")), true));
        let (up, diagonal) = Bitboard::ray_and_diagonal(sq("e5"), sq("e9"));
        assert_eq!((up.count(), diagonal), (5, false));
        assert!(up.contains(sq("e10")) && !up.contains(sq("e5")) && !up.contains(sq("e4")));
        let (left, diagonal) = Bitboard::ray_and_diagonal(sq("e5"), sq("b5"));
        assert_eq!((left.count(), diagonal), (4, false));
        // No common line: no ray (a knight's jump, a square and itself).
        assert_eq!(Bitboard::ray_and_diagonal(sq("a1"), sq("b3")).0, Bitboard::EMPTY);
        assert_eq!(Bitboard::ray_and_diagonal(sq("e5"), sq("e5")).0, Bitboard::EMPTY);
    }
}
