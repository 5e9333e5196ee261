//! Dice chess (docs/rules.md 4) on the one engine: the chess board, men and
//! castling table of the Chess rules (`rules/chess.rs`), with the Dice
//! changes as data and a small state of its own. A king may stand in
//! attack, a move may take the king (which ends the game), castling needs a
//! king die and a rook die and no attack test, en passant stays open for the
//! whole next turn, and the side to move changes only when a turn ends.
//!
//! - [`DicePosition`]: the men, the player of the turn, castling rights, the
//!   en passant squares open for this turn, the clocks.
//! - [`Dice`]: the dice of a roll still to spend; [`Turn`]: a turn being made.
//! - [`turns`]: every legal turn of a roll and the
//!   maximum-moves rule.
#![expect(
    clippy::indexing_slicing,
    reason = "indexes are a `Color` (0 or 1), a `Square` (below 100) into tables of those lengths, or a die's role index (below 6) into `[u8; 6]`"
)]

mod resolve;
pub mod turns;

pub use resolve::DiceResolveError;

use std::fmt;

use super::board::Board;
use super::castling::Rights;
use super::geometry::{Bitboard, Square, PAWN_ATTACKS};
use super::moves::{Move, MoveKind};
use super::role::{Color, Piece, Role};
use super::setup::{write_placement, FenError, Setup};
use super::variant::{Rules, Variant};
use super::zobrist;

/// Dice chess, docs/rules.md section 4: the chess tables, no automatic draws and
/// no claims.
pub static DICE: Rules = Rules {
    claim_plies: 0,
    auto_draw: None,
    pgn_records: false,
    rolled_turns: true,
    ..super::chess::chess_rules(Variant::Dice, false)
};

/// The faces of a die in docs/rules.md 4's numbering: 1 pawn .. 6 king.
pub const FACES: [Role; 6] = [Role::Pawn, Role::Knight, Role::Bishop, Role::Rook, Role::Queen, Role::King];

/// The role a face number (1 to 6) names.
pub fn face_role(face: u8) -> Option<Role> {
    FACES.get(usize::from(face).checked_sub(1)?).copied()
}

/// The face number (1 to 6) of a role, `None` for a role no die shows.
pub fn role_face(role: Role) -> Option<u8> {
    FACES.iter().position(|&r| r == role).map(|i| i as u8 + 1)
}

/// The dice of a roll still to spend: how many of each face.
#[derive(Copy, Clone, Eq, PartialEq, Hash, Default, Debug)]
pub struct Dice([u8; 6]);

impl Dice {
    pub const NONE: Dice = Dice([0; 6]);

    /// The dice of a roll.
    pub fn of(roles: &[Role]) -> Dice {
        let mut d = Dice::NONE;
        for &r in roles {
            d.add(r);
        }
        d
    }
    fn slot(role: Role) -> Option<usize> {
        role_face(role).map(|f| usize::from(f) - 1)
    }
    pub fn add(&mut self, role: Role) {
        if let Some(i) = Dice::slot(role) {
            self.0[i] = self.0[i].saturating_add(1);
        }
    }
    pub fn has(self, role: Role) -> bool {
        Dice::slot(role).is_some_and(|i| self.0[i] > 0)
    }
    /// Takes one die of `role`; false when there is none.
    pub fn take(&mut self, role: Role) -> bool {
        match Dice::slot(role) {
            Some(i) if self.0[i] > 0 => {
                self.0[i] -= 1;
                true
            }
            _ => false,
        }
    }
    pub fn count(self) -> u8 {
        self.0.iter().sum()
    }
    pub fn is_empty(self) -> bool {
        self.count() == 0
    }
    /// The distinct roles among the dice, pawn first.
    pub fn roles(self) -> impl Iterator<Item = Role> {
        FACES.into_iter().zip(self.0).filter(|&(_, n)| n > 0).map(|(r, _)| r)
    }
    /// Every die, pawn first, as many times as it is left.
    pub fn each(self) -> impl Iterator<Item = Role> {
        FACES.into_iter().zip(self.0).flat_map(|(r, n)| std::iter::repeat_n(r, usize::from(n)))
    }
    /// The dice a move spends: its man's die, and a rook die with the king's
    /// for a castling.
    pub fn spend(&mut self, role: Role, castle: bool) -> bool {
        let mut after = *self;
        let ok = after.take(role) && (!castle || after.take(Role::Rook));
        if ok {
            *self = after;
        }
        ok
    }
    fn key(self) -> u32 {
        self.0.iter().fold(0, |k, &n| k * 4 + u32::from(n))
    }
}

/// Why a Dice FEN is not a position.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DiceFenError {
    #[error(transparent)]
    Syntax(#[from] FenError),
    #[error("{0} has more than one king")]
    TooManyKings(Color),
    /// Neither side has a king (one missing is a game won by its capture).
    #[error("neither side has a king")]
    NoKings,
    #[error("a pawn stands on {0}, on the first or last rank")]
    PawnOnEdgeRank(Square),
    #[error("castling right `{0}`: the king or that rook is not on its start square")]
    BadRight(char),
    #[error("en passant square {0}: not on the third or sixth rank of the opponent's double steps")]
    BadEnPassant(Square),
}

/// A position of Dice chess at a move of a turn (or between turns).
#[derive(Clone, PartialEq, Eq)]
pub struct DicePosition {
    board: Board,
    /// The player making the turn.
    turn: Color,
    /// Castling rights, bit `2 * colour + wing` (0 short, 1 long).
    castling: u8,
    /// The squares skipped by the opponent's double steps of its last turn:
    /// en passant targets during this turn (while the pawn still stands
    /// where it landed and the square is empty).
    ep_open: Bitboard,
    /// Squares skipped by this turn's double steps, for the next turn.
    ep_next: Bitboard,
    halfmoves: u32,
    fullmoves: u32,
    /// The player whose king was taken, once one was.
    king_taken: Option<Color>,
    hash: u64,
}

/// The castling table entries of `color`: short then long.
fn castle_indices(color: Color) -> [u8; 2] {
    [super::chess::castle_index(color, 4, 7), super::chess::castle_index(color, 4, 0)]
}

const CASTLE_LETTERS: [char; 4] = ['K', 'Q', 'k', 'q'];

impl DicePosition {
    /// The set-up position.
    #[expect(clippy::expect_used, reason = "the start FEN is a constant, read by the tests")]
    pub fn start() -> DicePosition {
        DicePosition::from_fen(DICE.start_fen).expect("the start FEN is valid")
    }

    /// A position from a FEN whose en passant field lists every open square
    /// run together (`d6e6`, docs/notation.md), or `-`. A board with one king
    /// is a finished game: the missing king was taken (docs/rules.md 4), as in
    /// the FEN written after a king capture; the FEN's other fields are
    /// kept as written, so the FEN reads back to itself.
    pub fn from_fen(fen: &str) -> Result<DicePosition, DiceFenError> {
        let fields: Vec<&str> = fen.split_ascii_whitespace().collect();
        let (plain, ep) = match fields.as_slice() {
            [placement, turn, castling, ep, rest @ ..] => {
                let mut plain = format!("{placement} {turn} {castling} -");
                for r in rest {
                    plain.push(' ');
                    plain.push_str(r);
                }
                (plain, parse_ep_list(ep).ok_or_else(|| FenError::EnPassant((*ep).to_string()))?)
            }
            _ => (fen.to_string(), Vec::new()),
        };
        DicePosition::from_fen_and_ep(&plain, &ep)
    }

    /// The oracle's state of a turn: a FEN (its own en passant field is
    /// ignored) and the en passant squares open for the turn. One king
    /// missing: its side's king was taken, the game is over.
    pub fn from_fen_and_ep(fen: &str, ep: &[Square]) -> Result<DicePosition, DiceFenError> {
        let setup = Setup::from_fen(fen, &DICE)?;
        let board = setup.board;
        let mut king_taken = None;
        for c in Color::ALL {
            match board.by_piece(Piece::new(c, Role::King)).count() {
                0 if king_taken.is_none() => king_taken = Some(c),
                0 => return Err(DiceFenError::NoKings),
                1 => {}
                _ => return Err(DiceFenError::TooManyKings(c)),
            }
        }
        if let Some(sq) = (board.by_role(Role::Pawn) & (DICE.promotion_rank[0] | DICE.promotion_rank[1])).first() {
            return Err(DiceFenError::PawnOnEdgeRank(sq));
        }
        let mut castling = 0u8;
        for c in Color::ALL {
            for (wing, index) in castle_indices(c).into_iter().enumerate() {
                let bit = 2 * c.index() + wing;
                let Some(letter) = CASTLE_LETTERS.get(bit).copied() else { continue };
                let rook_file = if wing == 0 { 7 } else { 0 };
                let read = setup.rights.has(Rights::from_letter(letter).unwrap_or_default())
                    || setup.rook_files[c.index()] & (1 << rook_file) != 0;
                if !read {
                    continue;
                }
                let spec = &DICE.castling[usize::from(index)];
                if board.piece_at(spec.king_from) != Some(Piece::new(c, Role::King))
                    || board.piece_at(spec.rook_from) != Some(Piece::new(c, Role::Rook))
                {
                    return Err(DiceFenError::BadRight(letter));
                }
                castling |= 1 << bit;
            }
        }
        let known = ['K', 'Q', 'k', 'q'].into_iter().filter_map(Rights::from_letter).fold(0, |b, r| b | r.0);
        if setup.rights.0 & !known != 0 {
            return Err(DiceFenError::BadRight(Rights(setup.rights.0 & !known).letter()));
        }
        let mut ep_open = Bitboard::EMPTY;
        let skip_rank = if setup.turn == Color::White { 5 } else { 2 };
        for &sq in ep {
            if sq.rank() != skip_rank || !DICE.board.contains(sq) {
                return Err(DiceFenError::BadEnPassant(sq));
            }
            ep_open = ep_open.with(sq);
        }
        let mut pos = DicePosition {
            board,
            turn: setup.turn,
            castling,
            ep_open,
            ep_next: Bitboard::EMPTY,
            halfmoves: setup.halfmoves,
            fullmoves: setup.fullmoves.max(1),
            king_taken,
            hash: 0,
        };
        pos.hash = pos.board.pieces().fold(zobrist::turn(pos.turn), |h, (sq, p)| h ^ zobrist::piece(p, sq));
        Ok(pos)
    }

    pub fn board(&self) -> &Board {
        &self.board
    }
    /// The player making the turn.
    pub fn turn(&self) -> Color {
        self.turn
    }
    pub fn halfmoves(&self) -> u32 {
        self.halfmoves
    }
    pub fn fullmoves(&self) -> u32 {
        self.fullmoves
    }
    /// The en passant squares open during this turn, in square order.
    pub fn ep_open(&self) -> Bitboard {
        self.ep_open
    }
    /// The player whose king was taken (the game is over), if one was.
    pub fn king_taken(&self) -> Option<Color> {
        self.king_taken
    }
    /// A hash of the men, the player, the castling rights and the open en
    /// passant squares (for merging transpositions).
    pub fn hash(&self) -> u64 {
        // The men and the turn kept as moves are made; the castling rights
        // and the open en passant squares added here, so that positions
        // that differ in them (a rook gone and back) are not one.
        let rights = CASTLE_LETTERS
            .iter()
            .enumerate()
            .filter(|(bit, _)| self.castling & (1 << bit) != 0)
            .filter_map(|(_, &c)| Rights::from_letter(c))
            .fold(0, |h, r| h ^ zobrist::rights(r));
        self.ep_open.into_iter().fold(self.hash ^ rights, |h, sq| h ^ zobrist::en_passant(sq))
    }

    /// The oracle's FEN: standard fields, the en passant field always `-`.
    pub fn fen(&self) -> String {
        self.fen_with(false)
    }
    /// The FEN of docs/notation.md: the en passant field lists the open squares.
    pub fn fen_with_ep(&self) -> String {
        self.fen_with(true)
    }

    fn fen_with(&self, ep: bool) -> String {
        let mut s = String::with_capacity(90);
        self.write_fen_with(ep, &mut s);
        s
    }

    /// Appends the FEN of NOTATION.md (as [`DicePosition::fen_with_ep`]) to `out`.
    pub fn write_fen_with_ep(&self, out: &mut String) {
        self.write_fen_with(true, out);
    }

    fn write_fen_with(&self, ep: bool, s: &mut String) {
        // Writing to a String cannot fail.
        let _ = write_placement(&self.board, &DICE, s);
        s.push(' ');
        s.push(if self.turn == Color::White { 'w' } else { 'b' });
        s.push(' ');
        if self.castling == 0 {
            s.push('-');
        }
        for (bit, letter) in CASTLE_LETTERS.iter().enumerate() {
            if self.castling & (1 << bit) != 0 {
                s.push(*letter);
            }
        }
        s.push(' ');
        if ep && self.ep_open.any() {
            for sq in self.ep_open {
                let _ = sq.write_to(s);
            }
        } else {
            s.push('-');
        }
        s.push(' ');
        crate::rules::position::write_number(s, self.halfmoves);
        s.push(' ');
        crate::rules::position::write_number(s, self.fullmoves);
    }

    /// The en passant captures open now: (target square, captured pawn's square).
    fn ep_targets(&self) -> impl Iterator<Item = (Square, Square)> + '_ {
        let us = self.turn;
        let their_pawn = Piece::new(!us, Role::Pawn);
        self.ep_open.filter_map(move |ep| {
            let landing = ep.offset(0, -us.forward())?;
            (self.board.piece_at(ep).is_none() && self.board.piece_at(landing) == Some(their_pawn))
                .then_some((ep, landing))
        })
    }

    /// The moves of the turn's player by men of `role`, with castling when
    /// `castle` (a rook die is left beside the king die). Ignores check:
    /// Dice chess has none.
    pub fn moves_of(&self, role: Role, castle: bool, out: &mut Vec<Move>) {
        let board = &self.board;
        let us = self.turn;
        let ours = board.by_color(us);
        let blockers = board.occupied() | DICE.outside();
        let target = DICE.board & !ours;
        let men = board.by_role(role) & ours;
        if role != Role::Pawn {
            for from in men {
                let t = Board::attacks(role, from, blockers) & target;
                out.extend(t.map(|to| Move::new(from, to, MoveKind::Normal)));
            }
            if role == Role::King && castle {
                self.castlings(out);
            }
            return;
        }
        let empty = DICE.board & !board.occupied();
        let theirs = board.by_color(!us);
        let last = DICE.promotion_rank[us.index()];
        for from in men {
            let mut t = Bitboard(PAWN_ATTACKS[us.index()][from.index()]) & theirs;
            if let Some(one) = from.offset(0, us.forward()).filter(|&s| empty.contains(s)) {
                t = t.with(one);
                if DICE.pawn_rank[us.index()].contains(from) {
                    if let Some(two) = one.offset(0, us.forward()).filter(|&s| empty.contains(s)) {
                        t = t.with(two);
                    }
                }
            }
            for to in t {
                if last.contains(to) {
                    for r in [Role::Knight, Role::Bishop, Role::Rook, Role::Queen] {
                        out.push(Move::new(from, to, MoveKind::Promotion(r)));
                    }
                } else {
                    out.push(Move::new(from, to, MoveKind::Normal));
                }
            }
        }
        for (ep, _) in self.ep_targets() {
            let takers = Bitboard(PAWN_ATTACKS[(!us).index()][ep.index()]) & men;
            out.extend(takers.map(|from| Move::new(from, ep, MoveKind::EnPassant)));
        }
    }

    /// Castlings: king and rook unmoved, the squares between empty; attacks
    /// do not matter (docs/rules.md 4).
    fn castlings(&self, out: &mut Vec<Move>) {
        let us = self.turn;
        for (wing, index) in castle_indices(us).into_iter().enumerate() {
            if self.castling & (1 << (2 * us.index() + wing)) == 0 {
                continue;
            }
            let spec = &DICE.castling[usize::from(index)];
            if (spec.between & self.board.occupied()).is_empty() {
                out.push(Move::new(spec.king_from, spec.king_to, MoveKind::Castle(index)));
            }
        }
    }

    /// Whether any man of `role` can move (castling when `castle`).
    pub fn can_move(&self, role: Role, castle: bool) -> bool {
        let mut v = Vec::new();
        self.moves_of(role, castle, &mut v);
        !v.is_empty()
    }

    /// The role of the man `m` moves (the king for a castling).
    pub fn mover(&self, m: Move) -> Option<Role> {
        self.board.piece_at(m.from).filter(|p| p.color == self.turn).map(|p| p.role)
    }

    /// Dice chess's rules as data ([`DICE`]).
    pub fn rules(&self) -> &'static Rules {
        &DICE
    }

    /// Whether `m` takes the enemy king.
    pub fn takes_king(&self, m: Move) -> bool {
        m.kind != MoveKind::EnPassant
            && !m.is_castle()
            && self.board.piece_at(m.to) == Some(Piece::new(!self.turn, Role::King))
    }

    /// Whether `m` takes a man (en passant included).
    pub fn is_capture(&self, m: Move) -> bool {
        match m.kind {
            MoveKind::EnPassant => true,
            MoveKind::Castle(_) | MoveKind::Null => false,
            _ => self.board.piece_at(m.to).is_some(),
        }
    }

    fn put(&mut self, sq: Square, p: Piece) {
        self.board.put(sq, p);
        self.hash ^= zobrist::piece(p, sq);
    }
    fn take(&mut self, sq: Square) -> Option<Piece> {
        let p = self.board.take(sq)?;
        self.hash ^= zobrist::piece(p, sq);
        Some(p)
    }

    /// Castling rights a move from or to `sq` takes away.
    fn lose_rights_at(&mut self, sq: Square) {
        for c in Color::ALL {
            for (wing, index) in castle_indices(c).into_iter().enumerate() {
                let spec = &DICE.castling[usize::from(index)];
                if sq == spec.king_from || sq == spec.rook_from {
                    self.castling &= !(1 << (2 * c.index() + wing));
                }
            }
        }
    }

    /// Plays a move of [`DicePosition::moves_of`] within the turn (the
    /// player stays; [`DicePosition::end_turn`] passes the turn).
    pub fn play(&mut self, m: Move) {
        let us = self.turn;
        let Some(mover) = self.take(m.from) else { return };
        if self.castling != 0 {
            self.lose_rights_at(m.from);
            self.lose_rights_at(m.to);
        }
        let mut irreversible = mover.role == Role::Pawn;
        match m.kind {
            MoveKind::Castle(i) => {
                if let Some(spec) = DICE.castling.get(usize::from(i)) {
                    if let Some(rook) = self.take(spec.rook_from) {
                        self.put(spec.rook_to, rook);
                    }
                    self.put(spec.king_to, mover);
                }
            }
            MoveKind::EnPassant => {
                if let Some(captured) = m.to.offset(0, -us.forward()) {
                    self.take(captured);
                }
                self.put(m.to, mover);
            }
            _ => {
                if let Some(captured) = self.take(m.to) {
                    irreversible = true;
                    if captured.role == Role::King {
                        self.king_taken = Some(captured.color);
                    }
                }
                let placed = match m.kind {
                    MoveKind::Promotion(role) => Piece::new(us, role),
                    _ => mover,
                };
                self.put(m.to, placed);
                if mover.role == Role::Pawn && m.from.rank().abs_diff(m.to.rank()) == 2 {
                    if let Some(skipped) = m.from.offset(0, us.forward()) {
                        self.ep_next = self.ep_next.with(skipped);
                    }
                }
            }
        }
        self.halfmoves = if irreversible { 0 } else { self.halfmoves.saturating_add(1) };
    }

    /// Ends the turn: the opponent's turn comes, with the en passant squares
    /// of this turn's double steps whose pawn still stands where it landed.
    pub fn end_turn(&mut self) {
        let us = self.turn;
        let pawn = Piece::new(us, Role::Pawn);
        self.ep_open = std::mem::take(&mut self.ep_next)
            .filter(|sq| sq.offset(0, us.forward()).is_some_and(|l| self.board.piece_at(l) == Some(pawn)))
            .fold(Bitboard::EMPTY, Bitboard::with);
        if us == Color::Black {
            self.fullmoves = self.fullmoves.saturating_add(1);
        }
        self.turn = !us;
        self.hash ^= zobrist::turn(Color::Black);
    }
}

impl fmt::Debug for DicePosition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "DicePosition({})", self.fen_with_ep())
    }
}

/// Squares run together (`d6e6`) or `-`.
fn parse_ep_list(s: &str) -> Option<Vec<Square>> {
    if s == "-" {
        return Some(Vec::new());
    }
    let mut out = Vec::new();
    let b = s.as_bytes();
    let mut i = 0;
    while i < b.len() {
        let part = s.get(i..i + 2)?;
        out.push(Square::parse(part)?);
        i += 2;
    }
    Some(out)
}

/// A move in the UCI of the oracle data: castling as the king's move
/// (`e1g1`), promotion `e7e8q`.
pub struct DiceUci(pub Move);

impl DiceUci {
    /// Writes the move's text (as [`crate::rules::Uci::write_to`]).
    #[inline]
    pub fn write_to(&self, out: &mut impl fmt::Write) -> fmt::Result {
        let m = self.0;
        m.from.write_to(out)?;
        m.to.write_to(out)?;
        match m.kind {
            MoveKind::Promotion(r) => out.write_char(r.uci_char()),
            _ => Ok(()),
        }
    }
}

impl fmt::Display for DiceUci {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_to(f)
    }
}

/// Why a move cannot be made in the turn.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TurnError {
    /// The turn is over: all dice spent, or no die left can be spent.
    Over,
    /// The king was taken: the game is over.
    AfterKingCapture,
    /// No die of the man's type (or no rook die for a castling) is left.
    NoDie { role: Role, left: Dice },
}

/// A turn being made: its roll, the dice left, the moves made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Turn {
    pub roll: [Role; 3],
    pub left: Dice,
    pub moves: Vec<Move>,
}

impl Turn {
    pub fn new(roll: [Role; 3]) -> Turn {
        Turn { roll, left: Dice::of(&roll), moves: Vec::with_capacity(3) }
    }

    /// Dice spent so far.
    pub fn spent(&self) -> u8 {
        3 - self.left.count()
    }

    /// Makes `m` (a move of `pos.moves_of`) on `pos`, spending its dice.
    pub fn play(&mut self, pos: &mut DicePosition, m: Move) -> Result<(), TurnError> {
        if pos.king_taken().is_some() {
            return Err(TurnError::AfterKingCapture);
        }
        if self.left.is_empty() {
            return Err(TurnError::Over);
        }
        let role = pos.mover(m).unwrap_or(Role::Pawn);
        if !self.left.spend(role, m.is_castle()) {
            return Err(TurnError::NoDie { role, left: self.left });
        }
        pos.play(m);
        self.moves.push(m);
        Ok(())
    }

    /// Whether some die left can still be spent on `pos`.
    pub fn can_go_on(&self, pos: &DicePosition) -> bool {
        pos.king_taken().is_none() && self.left.roles().any(|r| pos.can_move(r, self.left.has(Role::Rook)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fen_round_trip_with_an_en_passant_list() {
        let fen = "rnbqkbnr/pp1p1ppp/8/2pPp3/8/8/PPP1PPPP/RNBQKBNR w KQkq c6e6 0 2";
        let pos = DicePosition::from_fen(fen).unwrap();
        assert_eq!(pos.fen_with_ep(), fen);
        assert_eq!(pos.fen(), fen.replace("c6e6", "-"));
    }

    #[test]
    fn a_fen_with_one_king_is_a_finished_game() {
        // White's king is gone: Black took it; the FEN reads back as written.
        let fen = "1n6/1Q3N2/b2k2B1/5P2/8/n1p1p2p/5nr1/8 w - - 0 28";
        let mut pos = DicePosition::from_fen(fen).unwrap();
        assert_eq!(pos.king_taken(), Some(Color::White));
        assert_eq!(pos.fen_with_ep(), fen);
        let mut v = Vec::new();
        pos.moves_of(Role::Queen, false, &mut v);
        let mut turn = Turn::new([Role::Queen, Role::Queen, Role::Queen]);
        assert_eq!(turn.play(&mut pos, v[0]), Err(TurnError::AfterKingCapture));
        assert!(!turn.can_go_on(&pos));
        assert_eq!(DicePosition::from_fen("8/8/8/8/8/8/8/8 b - - 0 1"), Err(DiceFenError::NoKings));
    }

    #[test]
    fn a_king_may_be_taken_and_castling_ignores_attacks() {
        // The black rook on f8 attacks f1, the square the king passes.
        let mut pos = DicePosition::from_fen("4kr2/8/8/8/8/8/8/4K2R w K - 0 1").unwrap();
        let mut v = Vec::new();
        pos.moves_of(Role::King, true, &mut v);
        assert!(v.iter().any(|m| m.is_castle()));
        pos.end_turn();
        let mut v = Vec::new();
        pos.moves_of(Role::Rook, false, &mut v);
        let take = v.into_iter().find(|m| pos.takes_king(*m));
        assert!(take.is_none(), "f8 does not see e1");
    }
}
