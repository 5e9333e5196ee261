//! Piece placement: one bitboard per kind and per colour, and a mailbox of
//! one byte a square (a `Position`, cloned per ply by callers, stays small).
#![expect(
    clippy::indexing_slicing,
    reason = "every index here is a `Square` (below `SQUARES` = 100 by construction: `Square::new`, `from_index`), a `Color` (0 or 1), a `Role` (below `Role::COUNT`) or a direction (below 8), into tables of exactly those lengths (or 128 for the bits of a `u128`)"
)]

use super::geometry::{reach_table, Bitboard, Square, PAWN_ATTACKS, SQUARES};
use super::role::{Color, Piece, Role};

#[derive(Clone)]
pub struct Board {
    by_role: [Bitboard; Role::COUNT],
    by_color: [Bitboard; 2],
    /// The man on each square as its [`code`], 0 for none.
    squares: [u8; SQUARES],
    /// Each side's king square, the last one put ([`NO_KING`] for none):
    /// a position's (one king a side) kept for [`Board::kept_king`]. In the
    /// board's padding (its size is a multiple of 16 bytes).
    kings: [u8; 2],
}

/// No king in [`Board::kings`].
const NO_KING: u8 = u8::MAX;

impl PartialEq for Board {
    /// The same men on the same squares (the kept kings follow from them
    /// on a position's board).
    fn eq(&self, other: &Board) -> bool {
        self.by_role == other.by_role && self.by_color == other.by_color && self.squares == other.squares
    }
}

impl Eq for Board {}

/// A man as one byte: 1 + 2 x kind + colour (0 is an empty square).
const fn code(p: Piece) -> u8 {
    1 + 2 * p.role.index() as u8 + p.color as u8
}

/// Codes back to men: `DECODE[code(p)] == Some(p)`, `DECODE[0] == None`.
const DECODE: [Option<Piece>; 1 + 2 * Role::COUNT] = {
    let mut t = [None; 1 + 2 * Role::COUNT];
    let mut i = 0;
    while i < Role::COUNT {
        if let Some(role) = Role::from_index(i) {
            t[1 + 2 * i] = Some(Piece::new(Color::White, role));
            t[2 + 2 * i] = Some(Piece::new(Color::Black, role));
        }
        i += 1;
    }
    t
};

/// For each kind, the squares it reaches from each square on an empty
/// board ([`reach_table`]; every square for Royal's two-steppers and none
/// for a pawn): a target outside it is never attacked, which one load tells.
static REACH: [[u128; SQUARES]; Role::COUNT] = {
    let mut t = [[0u128; SQUARES]; Role::COUNT];
    let mut i = 0;
    while i < Role::COUNT {
        if let Some(role) = Role::from_index(i) {
            let m = role.movement();
            t[i] =
                if m.two_step { [u128::MAX; SQUARES] } else { reach_table(m.orthogonal, m.diagonal, m.knight, m.king) };
        }
        i += 1;
    }
    t
};

/// The kinds that ride only one kind of line, by that kind: rank and file
/// (`false`), diagonal (`true`). The queen and Hundred's prince ride both
/// ([`Board::line_riders`]; a test checks the list against each kind's
/// [`Role::movement`]).
const ONE_LINE_RIDERS: [[Role; 2]; 2] = [[Role::Rook, Role::Marshal], [Role::Bishop, Role::Cardinal]];

impl Default for Board {
    fn default() -> Self {
        Board::empty()
    }
}

/// The men of one side by how they attack ([`Board::attackers`]).
#[derive(Copy, Clone, Debug)]
pub struct Attackers {
    leapers: Bitboard,
    king: Bitboard,
    pawns: Bitboard,
    orthogonal: Bitboard,
    diagonal: Bitboard,
    by: Color,
}

impl Attackers {
    /// Whether one of these men attacks `sq` when the board's occupancy is
    /// `occupied`. The one-load tests (leapers, king, pawns) come first and
    /// the first attacker found ends the test: a king's square and a square
    /// it flees to are asked about on every king move and every check.
    #[inline]
    pub fn attack(&self, sq: Square, occupied: Bitboard) -> bool {
        if (Bitboard::knight_attacks(sq) & self.leapers).any()
            || (Bitboard::king_attacks(sq) & self.king).any()
            || (Bitboard(PAWN_ATTACKS[(!self.by).index()][sq.index()]) & self.pawns).any()
        {
            return true;
        }
        let orthogonal = self.orthogonal;
        if (Bitboard::rook_rays(sq) & orthogonal).any() && (Bitboard::rook_attacks(sq, occupied) & orthogonal).any() {
            return true;
        }
        let diagonal = self.diagonal;
        (Bitboard::bishop_rays(sq) & diagonal).any() && (Bitboard::bishop_attacks(sq, occupied) & diagonal).any()
    }
}

impl Board {
    pub fn empty() -> Board {
        Board {
            by_role: [Bitboard::EMPTY; Role::COUNT],
            by_color: [Bitboard::EMPTY; 2],
            squares: [0; SQUARES],
            kings: [NO_KING; 2],
        }
    }

    #[inline]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        // Codes stored are made by `code`, below the table's length.
        DECODE[self.squares[sq.index()] as usize]
    }
    #[inline]
    pub fn occupied(&self) -> Bitboard {
        self.by_color[0] | self.by_color[1]
    }
    #[inline]
    pub fn by_color(&self, c: Color) -> Bitboard {
        self.by_color[c.index()]
    }
    #[inline]
    pub fn by_role(&self, r: Role) -> Bitboard {
        self.by_role[r.index()]
    }
    #[inline]
    pub fn by_piece(&self, p: Piece) -> Bitboard {
        self.by_role[p.role.index()] & self.by_color[p.color.index()]
    }
    /// The king of `c`, if exactly one.
    pub fn king_of(&self, c: Color) -> Option<Square> {
        self.by_piece(Piece::new(c, Role::King)).single()
    }
    /// The king of `c` on a board that has at most one a side (a
    /// position's), kept by [`Board::put`], [`Board::carry`] and
    /// [`Board::take`]: one byte, where [`Board::the_king_of`] is two
    /// bitboard loads and a 128-bit scan before the first ray of the
    /// check after a move or of a pin.
    #[inline(always)]
    pub(super) fn kept_king(&self, c: Color) -> Option<Square> {
        Square::from_index(usize::from(self.kings[c.index()]))
    }
    /// The king of `c` on a board that has at most one (a position's): no
    /// test for a second, on the hot path of every move.
    #[inline]
    pub(super) fn the_king_of(&self, c: Color) -> Option<Square> {
        self.by_piece(Piece::new(c, Role::King)).first()
    }

    /// Men of `c` that ride diagonals (`diagonal`), or rank and file lines:
    /// four kinds, the two that ride only that kind of line
    /// (`ONE_LINE_RIDERS`), the queen and Hundred's prince, which ride both.
    #[inline]
    pub fn line_riders(&self, diagonal: bool, c: Color) -> Bitboard {
        let [a, b] = ONE_LINE_RIDERS[usize::from(diagonal)];
        (self.by_role[a.index()]
            | self.by_role[b.index()]
            | self.by_role[Role::Queen.index()]
            | self.by_role[Role::Prince.index()])
            & self.by_color[c.index()]
    }
    /// Men of `c` that ride rank and file lines.
    #[inline]
    pub fn orthogonal_riders(&self, c: Color) -> Bitboard {
        self.line_riders(false, c)
    }
    /// Men of `c` that ride diagonals.
    #[inline]
    pub fn diagonal_riders(&self, c: Color) -> Bitboard {
        self.line_riders(true, c)
    }
    /// Men of `c` that make the knight's leap.
    #[inline]
    pub fn knight_leapers(&self, c: Color) -> Bitboard {
        (self.by_role[Role::Knight.index()]
            | self.by_role[Role::Prince.index()]
            | self.by_role[Role::Marshal.index()]
            | self.by_role[Role::Cardinal.index()])
            & self.by_color[c.index()]
    }

    /// Men of `by` attacking `sq` when the board's occupancy is `occupied`
    /// (which may differ from the real one to test a move).
    #[inline]
    pub fn attackers_to(&self, sq: Square, by: Color, occupied: Bitboard) -> Bitboard {
        let c = by.index();
        // A slider is looked for only when one stands on a line through
        // `sq`: most squares have none, and the line test is one AND.
        let orthogonal = self.orthogonal_riders(by);
        let diagonal = self.diagonal_riders(by);
        let mut found = Bitboard::EMPTY;
        if (Bitboard::rook_rays(sq) & orthogonal).any() {
            found |= Bitboard::rook_attacks(sq, occupied) & orthogonal;
        }
        if (Bitboard::bishop_rays(sq) & diagonal).any() {
            found |= Bitboard::bishop_attacks(sq, occupied) & diagonal;
        }
        found
            | (Bitboard::knight_attacks(sq) & self.knight_leapers(by))
            | (Bitboard::king_attacks(sq) & self.by_role[Role::King.index()] & self.by_color[c])
            | (Bitboard(PAWN_ATTACKS[(!by).index()][sq.index()]) & self.by_role[Role::Pawn.index()] & self.by_color[c])
    }

    /// Whether a man of `by` attacks `sq`: [`Board::attackers_to`] is not
    /// empty (see `Attackers::attack`).
    #[inline]
    pub fn is_attacked(&self, sq: Square, by: Color, occupied: Bitboard) -> bool {
        self.attackers(by).attack(sq, occupied)
    }

    /// The men of `by` sorted by how they attack, for many
    /// `Attackers::attack` tests on this board: the king's flight squares
    /// ask the same sets once each.
    #[inline]
    pub fn attackers(&self, by: Color) -> Attackers {
        let theirs = self.by_color[by.index()];
        Attackers {
            leapers: self.knight_leapers(by),
            king: self.by_role[Role::King.index()] & theirs,
            pawns: self.by_role[Role::Pawn.index()] & theirs,
            orthogonal: self.orthogonal_riders(by),
            diagonal: self.diagonal_riders(by),
            by,
        }
    }

    /// The squares a man of kind `role` on `sq` attacks (not a pawn).
    /// Always inlined: with Royal's two-step (a call of its own) the
    /// generators of the other variants would otherwise call it.
    #[inline(always)]
    pub fn attacks(role: Role, sq: Square, occupied: Bitboard) -> Bitboard {
        let m = role.movement();
        let mut bb = Bitboard::EMPTY;
        if m.orthogonal {
            bb |= Bitboard::rook_attacks(sq, occupied);
        }
        if m.diagonal {
            bb |= Bitboard::bishop_attacks(sq, occupied);
        }
        if m.knight {
            bb |= Bitboard::knight_attacks(sq);
        }
        if m.king {
            bb |= Bitboard::king_attacks(sq);
        }
        if m.two_step {
            bb |= Bitboard::two_step_attacks_outlined(sq, occupied);
        }
        bb
    }

    /// The squares from which a man of kind `role` (not a pawn) attacks
    /// `sq` on an empty board, which are those it reaches from `sq`: every
    /// kind's moves are symmetric. Royal's two-steppers reach every square.
    #[inline]
    pub fn reach(role: Role, sq: Square) -> Bitboard {
        Bitboard(REACH[role.index()][sq.index()])
    }

    /// Whether a man of kind `role` (not a pawn) on `sq` attacks `target`.
    #[inline(always)]
    pub fn attacks_square(role: Role, sq: Square, target: Square, occupied: Bitboard) -> bool {
        // Most men asked about do not even reach the square on an empty board.
        if (Bitboard(REACH[role.index()][sq.index()]) & target.bb()).is_empty() {
            return false;
        }
        let m = role.movement();
        // A leap (a knight's jump, a king's step) needs nothing more. It is
        // told by masks, not by branches on the kind: the kind changes from
        // move to move unpredictably.
        let knight = if m.knight { Bitboard::knight_attacks(sq) } else { Bitboard::EMPTY };
        let king = if m.king { Bitboard::king_attacks(sq) } else { Bitboard::EMPTY };
        if ((knight | king) & target.bb()).any() {
            return true;
        }
        if m.two_step {
            return Bitboard::two_step_attacks_outlined(sq, occupied).contains(target);
        }
        // Else `target` is on a line this kind rides (its reach holds no
        // other square): open if nothing stands between.
        (Bitboard::between(sq, target) & occupied).is_empty()
    }

    /// The riders of `by` on the ray from `sq` through `through` that ride
    /// its line (none when the two share no line), whatever stands between.
    /// The kind of line picks the riders from a table, not by a branch:
    /// which line a man shares with a king changes from move to move.
    #[inline]
    pub fn riders_on_ray(&self, sq: Square, through: Square, by: Color) -> Bitboard {
        let (ray, diagonal) = Bitboard::ray_and_diagonal(sq, through);
        ray & self.line_riders(diagonal, by)
    }

    /// Puts `piece` on the empty square `sq`.
    #[inline]
    pub fn put(&mut self, sq: Square, piece: Piece) {
        debug_assert!(self.squares[sq.index()] == 0);
        let b = sq.bb();
        self.by_role[piece.role.index()] ^= b;
        self.by_color[piece.color.index()] ^= b;
        self.squares[sq.index()] = code(piece);
        if piece.role == Role::King {
            self.kings[piece.color.index()] = sq.index() as u8;
        }
    }

    /// Moves `piece` from `from` to the empty square `to`.
    #[inline]
    pub fn carry(&mut self, from: Square, to: Square, piece: Piece) {
        debug_assert!(self.squares[from.index()] == code(piece) && self.squares[to.index()] == 0);
        let b = from.bb() | to.bb();
        self.by_role[piece.role.index()] ^= b;
        self.by_color[piece.color.index()] ^= b;
        self.squares[from.index()] = 0;
        self.squares[to.index()] = code(piece);
        if piece.role == Role::King {
            self.kings[piece.color.index()] = to.index() as u8;
        }
    }

    /// Moves `piece` from `from` to `to`, taking `taken`, the man on `to`
    /// (if any).
    #[inline]
    pub fn carry_taking(&mut self, from: Square, to: Square, piece: Piece, taken: Option<Piece>) {
        debug_assert!(self.piece_at(to) == taken);
        if let Some(t) = taken {
            self.lift(to, t);
        }
        self.carry(from, to, piece);
    }

    /// After the double step of a pawn of `us` from `from` to `to`, on the
    /// board before it: the skipped square, if a pawn of theirs attacks it
    /// (an en passant capture there may then be legal).
    #[expect(clippy::expect_used, reason = "the squares of a double step and the one between are on the layout")]
    pub(super) fn opened_en_passant(&self, from: Square, to: Square, us: Color) -> Option<Square> {
        let skipped = Square::new(from.file(), (from.rank() + to.rank()) / 2).expect("between");
        let their_pawns = self.by_piece(Piece::new(!us, Role::Pawn));
        (Bitboard(PAWN_ATTACKS[us.index()][skipped.index()]) & their_pawns).any().then_some(skipped)
    }

    /// Removes and returns the man on `sq`.
    #[inline]
    pub fn take(&mut self, sq: Square) -> Option<Piece> {
        let piece = self.piece_at(sq)?;
        self.lift(sq, piece);
        Some(piece)
    }

    /// Removes `piece`, the man on `sq`.
    #[inline]
    fn lift(&mut self, sq: Square, piece: Piece) {
        self.squares[sq.index()] = 0;
        let b = sq.bb();
        self.by_role[piece.role.index()] ^= b;
        self.by_color[piece.color.index()] ^= b;
        if piece.role == Role::King && usize::from(self.kings[piece.color.index()]) == sq.index() {
            self.kings[piece.color.index()] = NO_KING;
        }
    }

    /// All men with their squares, a1 first.
    pub fn pieces(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        self.occupied().filter_map(move |sq| self.piece_at(sq).map(|p| (sq, p)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_riders_are_the_kinds_that_ride_each_line() {
        let sq = Square::new(3, 4).expect("d5");
        for role in Role::ALL {
            let mut board = Board::empty();
            board.put(sq, Piece::new(Color::Black, role));
            let m = role.movement();
            // Royal's two-steppers ride no line (their reach is their own).
            let rides = |line: bool| line && !m.two_step;
            assert_eq!(board.orthogonal_riders(Color::Black).any(), rides(m.orthogonal), "{role:?}");
            assert_eq!(board.diagonal_riders(Color::Black).any(), rides(m.diagonal), "{role:?}");
            assert!(
                board.line_riders(false, Color::White).is_empty() && board.line_riders(true, Color::White).is_empty()
            );
        }
    }

    #[test]
    fn every_man_survives_its_one_byte_code() {
        let sq = Square::new(3, 4).expect("d5");
        for role in Role::ALL {
            for color in Color::ALL {
                let p = Piece::new(color, role);
                let mut board = Board::empty();
                board.put(sq, p);
                assert_eq!(board.piece_at(sq), Some(p));
                assert_eq!(board.occupied(), sq.bb());
                assert_eq!(board.take(sq), Some(p));
                assert_eq!(board.piece_at(sq), None);
                assert!(board == Board::empty());
            }
        }
    }

    /// `is_attacked` answers as `attackers_to` does, for every square and
    /// side, along a game of each variant's first legal moves (with and
    /// without the king on a square, as the king-move tests ask).
    #[test]
    fn is_attacked_agrees_with_the_attackers() {
        use crate::rules::{Position, Variant};
        for variant in [Variant::Hundred, Variant::Grand, Variant::Chess] {
            let mut pos = Position::start(variant).expect("start");
            let mut moves = Vec::new();
            for ply in 0..60usize {
                let board = pos.board();
                for index in 0..SQUARES {
                    let Some(sq) = Square::from_index(index) else { continue };
                    for by in Color::ALL {
                        let kings = board.by_role(Role::King);
                        let outside = pos.rules().outside();
                        for occupied in [
                            board.occupied(),
                            board.occupied().without(sq) | outside,
                            (board.occupied() & !kings) | outside,
                        ] {
                            assert_eq!(
                                board.is_attacked(sq, by, occupied),
                                board.attackers_to(sq, by, occupied).any(),
                                "{variant:?} ply {ply} {sq} {by:?}"
                            );
                        }
                    }
                }
                pos.legal_moves(&mut moves);
                let Some(&m) = moves.get(ply * 7 % moves.len().max(1)) else { break };
                pos.play_unchecked(m);
            }
        }
    }

    /// The kept king of each side is the one on the board, along 300
    /// plies of each variant's games (castlings, promotions, Royal's
    /// captured king and crowned prince among them), from the start and
    /// after each move, and gone once its king is taken.
    #[test]
    fn the_kept_kings_are_the_kings_on_the_board() {
        use crate::rules::{Position, Variant};
        let mut board = Board::empty();
        let e1 = Square::new(4, 0).expect("e1");
        board.put(e1, Piece::new(Color::White, Role::King));
        assert_eq!(board.kept_king(Color::White), Some(e1));
        assert_eq!(board.take(e1), Some(Piece::new(Color::White, Role::King)));
        assert_eq!(board.kept_king(Color::White), None);
        for variant in [Variant::Hundred, Variant::Grand, Variant::Chess, Variant::Royal] {
            for seed in 0..4usize {
                let mut pos = Position::start(variant).expect("start");
                let mut moves = Vec::new();
                for ply in 0..300usize {
                    for c in Color::ALL {
                        assert_eq!(pos.board().kept_king(c), pos.board().the_king_of(c), "{variant:?} {ply} {c:?}");
                    }
                    pos.legal_moves(&mut moves);
                    let Some(&m) = moves.get((ply * 7 + seed * 13) % moves.len().max(1)) else { break };
                    pos.play_unchecked(m);
                }
            }
        }
    }

    /// `attacks_square` (one target, asked by the resolver, the check after
    /// a move and the writer) answers as the full attack set does, for every
    /// kind (a pawn reaches nothing), square and target, on an empty board, a
    /// full one, and twelve of pseudo-random occupancy: six about a quarter
    /// full, six about three quarters.
    #[test]
    fn attacks_square_agrees_with_the_attack_set() {
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = || {
            // xorshift64: a fixed sequence, the same on every run.
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        let mut boards = vec![Bitboard::EMPTY, Bitboard(u128::MAX)];
        for _ in 0..6 {
            let x = u128::from(next()) | u128::from(next()) << 64;
            let y = u128::from(next()) | u128::from(next()) << 64;
            boards.push(Bitboard(x & y));
            boards.push(Bitboard(x | y));
        }
        for role in Role::ALL {
            for from in (0..SQUARES).filter_map(Square::from_index) {
                for &occupied in &boards {
                    let set = Board::attacks(role, from, occupied);
                    for target in (0..SQUARES).filter_map(Square::from_index) {
                        assert_eq!(
                            Board::attacks_square(role, from, target, occupied),
                            set.contains(target),
                            "{role:?} {from} -> {target} on {:#x}",
                            occupied.0
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn a_position_stays_small() {
        // Callers clone it per ply (issue 13): 432 bytes before the one-byte
        // mailbox, with the kept checkers now 336; Chess's castles (issue 14)
        // fit beside a one-byte en passant square. Royal's prince and
        // princess (issue 16) add their two bitboards, 32 bytes; Royal's
        // rights and restoration live in the rights bits (perft of Hundred
        // and Chess: +1.5 % and +1.2 % instructions, BENCHMARKS.md). The
        // squares of the position's own castlings (16 bytes) spare Chess the
        // castling walk on most moves of ranks 1 and 8 (-2.1 % instructions
        // validating Sesse); the replay of a record clones one per ply only
        // where a variation follows.
        assert!(
            std::mem::size_of::<crate::rules::Position>() <= 384,
            "{}",
            std::mem::size_of::<crate::rules::Position>()
        );
    }
}
