//! A legal position: built from a [`Setup`] through one fallible
//! constructor, changed only by moves.
#![expect(
    clippy::indexing_slicing,
    reason = "indexes are a `Square` (below 100), a `Color` (0 or 1) into tables of those lengths, or a castling index taken from the variant's own table"
)]

use std::fmt;

use super::board::Board;
use super::castling::{CastleSpec, Castles, Rights, Stage};
use super::geometry::{Bitboard, Square};
use super::moves::{Move, MoveKind};
use super::role::{Color, Piece, Role};
use super::setup::{write_placement, FenError, Setup};
use super::variant::{CastlingRule, EnPassant, Legality, Rules, UnsupportedVariant, Variant};
use super::zobrist;

/// An optional square in one byte (an `Option<Square>` takes two): keeps a
/// `Position`, cloned per ply, within 336 bytes.
#[derive(Copy, Clone, Eq, PartialEq)]
pub(super) struct MaybeSquare(u8);

impl MaybeSquare {
    pub(super) const NONE: MaybeSquare = MaybeSquare(u8::MAX);
    pub(super) fn new(sq: Option<Square>) -> MaybeSquare {
        // A square's index is below 100.
        sq.map_or(MaybeSquare::NONE, |s| MaybeSquare(s.index() as u8))
    }
    #[inline]
    pub(super) fn get(self) -> Option<Square> {
        Square::from_index(usize::from(self.0))
    }
    #[inline]
    pub(super) fn take(&mut self) -> Option<Square> {
        std::mem::replace(self, MaybeSquare::NONE).get()
    }
}

#[derive(Clone)]
pub struct Position {
    rules: &'static Rules,
    pub(super) board: Board,
    pub(super) turn: Color,
    pub(super) rights: Rights,
    /// The castlings the rights stand for (fixed in Hundred, from the FEN in
    /// Chess).
    castles: Castles,
    /// The squares a move must touch to change a castling right other
    /// than by a king's step: the variant's ([`Rules::castle_squares`]),
    /// or in Chess those of the castlings of `castles` (the rooks' squares
    /// the FEN chose, and the default corners of a right not held).
    pub(super) castle_squares: Bitboard,
    /// The square a pawn skipped with its double step, kept only while an
    /// en passant capture is legal.
    pub(super) ep_square: MaybeSquare,
    pub(super) halfmoves: u32,
    pub(super) fullmoves: u32,
    pub(super) hash: u64,
    /// Men giving check to the side to move, computed once per ply.
    pub(super) checkers: Bitboard,
}

/// One reason a set-up is not a position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SetupProblem {
    NoKing(Color),
    TooManyKings(Color),
    /// A man outside the variant's board.
    OffBoard(Square),
    /// A pawn on the first or last rank.
    PawnOnEdgeRank(Square),
    /// A castling or throne right that the men contradict.
    BadRight {
        letter: char,
        why: &'static str,
    },
    /// An en passant square no double step can have made.
    BadEnPassant(Square),
    /// The side not to move is in check.
    OppositeCheck,
}

impl fmt::Display for SetupProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetupProblem::NoKing(c) => write!(f, "{c} has no king"),
            SetupProblem::TooManyKings(c) => write!(f, "{c} has more than one king"),
            SetupProblem::OffBoard(sq) => {
                write!(f, "a man stands on {sq}, off this variant's board")
            }
            SetupProblem::PawnOnEdgeRank(sq) => {
                write!(f, "a pawn stands on {sq}, on the first or last rank")
            }
            SetupProblem::BadRight { letter, why } => write!(f, "right `{letter}`: {why}"),
            SetupProblem::BadEnPassant(sq) => {
                write!(f, "en passant square {sq}: no pawn can just have skipped it")
            }
            SetupProblem::OppositeCheck => write!(f, "the side not to move is in check"),
        }
    }
}

/// Why a set-up is not a legal position: every problem found, not just the first.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub struct PositionError {
    pub problems: Vec<SetupProblem>,
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("not a legal position: ")?;
        for (i, p) in self.problems.iter().enumerate() {
            if i > 0 {
                f.write_str("; ")?;
            }
            write!(f, "{p}")?;
        }
        Ok(())
    }
}

/// Why a FEN could not be made into a position.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FromFenError {
    #[error(transparent)]
    Syntax(#[from] FenError),
    #[error(transparent)]
    Position(#[from] PositionError),
    #[error(transparent)]
    Variant(#[from] UnsupportedVariant),
}

impl Position {
    /// The set-up position of `variant`.
    #[expect(
        clippy::expect_used,
        reason = "each variant's start FEN is a constant; tests/suite/fen.rs reads every one"
    )]
    pub fn start(variant: Variant) -> Result<Position, UnsupportedVariant> {
        // Read once per variant: every game without a FEN tag starts here.
        static STARTS: [std::sync::OnceLock<Position>; Variant::ALL.len()] =
            [const { std::sync::OnceLock::new() }; Variant::ALL.len()];
        let rules = variant.rules()?;
        let read = || Position::read_fen(rules.start_fen, rules).expect("the start FEN is valid");
        Ok(match STARTS.get(variant as usize) {
            Some(slot) => slot.get_or_init(read).clone(),
            None => read(),
        })
    }

    /// The position a FEN describes. The variant's own start FEN (the FEN
    /// tag many records carry) is the set-up position, read once.
    pub fn from_fen(fen: &str, variant: Variant) -> Result<Position, FromFenError> {
        let rules = variant.rules()?;
        if fen == rules.start_fen {
            return Ok(Position::start(variant)?);
        }
        Position::read_fen(fen, rules)
    }

    fn read_fen(fen: &str, rules: &'static Rules) -> Result<Position, FromFenError> {
        let setup = Setup::from_fen(fen, rules)?;
        Ok(Position::from_setup(setup, rules)?)
    }

    /// Judges a set-up, naming every problem.
    pub fn from_setup(setup: Setup, rules: &'static Rules) -> Result<Position, PositionError> {
        let mut problems = Vec::new();
        let board = setup.board;
        for c in Color::ALL {
            match board.by_piece(Piece::new(c, Role::King)).count() {
                0 => problems.push(SetupProblem::NoKing(c)),
                1 => {}
                _ => problems.push(SetupProblem::TooManyKings(c)),
            }
        }
        for sq in board.occupied() & !rules.board {
            problems.push(SetupProblem::OffBoard(sq));
        }
        let edge = rules.promotion_rank[0] | rules.promotion_rank[1];
        for sq in board.by_role(Role::Pawn) & edge {
            problems.push(SetupProblem::PawnOnEdgeRank(sq));
        }
        let (rights, castles) = match rules.castling_rule {
            CastlingRule::Fixed => (check_rights(&board, setup.rights, rules, &mut problems), Castles::FIXED),
            CastlingRule::ByRook { .. } => {
                super::chess::castling_rights(&board, setup.rights, setup.rook_files, rules, &mut problems)
            }
            CastlingRule::Royal => super::royal::castling_rights(&board, setup.rights, setup.turn, &mut problems),
        };
        let ep_possible = |sq| match rules.en_passant {
            EnPassant::Skipped => ep_square_possible(&board, setup.turn, sq, rules),
            EnPassant::Passed => super::royal::ep_possible(&board, setup.turn, sq),
        };
        let ep_square = match setup.ep_square {
            Some(sq) if !ep_possible(sq) => {
                problems.push(SetupProblem::BadEnPassant(sq));
                None
            }
            other => other,
        };
        let castle_squares = match rules.castling_rule {
            CastlingRule::ByRook { .. } => castles.squares(rules.castling),
            CastlingRule::Fixed | CastlingRule::Royal => rules.castle_squares,
        };
        let mut pos = Position {
            rules,
            board,
            turn: setup.turn,
            rights,
            castles,
            castle_squares,
            ep_square: MaybeSquare::new(ep_square),
            halfmoves: setup.halfmoves,
            fullmoves: setup.fullmoves.max(1),
            hash: 0,
            checkers: Bitboard::EMPTY,
        };
        // Royal's side not to move may stand attacked: with cover the game
        // goes on, without it the position is the losing one of
        // docs/rules.md 5.4, which play reaches (taking the king may leave
        // one's own attacked) and whose FEN reads back as what it is.
        if problems.is_empty() && rules.legality != Legality::Cover {
            if let Some(k) = pos.board.king_of(!pos.turn) {
                if pos.board.attackers_to(k, pos.turn, pos.board.occupied()).any() {
                    problems.push(SetupProblem::OppositeCheck);
                }
            }
        }
        if !problems.is_empty() {
            return Err(PositionError { problems });
        }
        if pos.ep_square.get().is_some() && rules.en_passant == EnPassant::Skipped && !pos.has_legal_en_passant() {
            pos.ep_square = MaybeSquare::NONE;
        }
        pos.hash = pos.compute_hash();
        pos.checkers = pos.compute_checkers();
        Ok(pos)
    }

    pub fn rules(&self) -> &'static Rules {
        self.rules
    }
    pub fn variant(&self) -> Variant {
        self.rules.variant
    }
    pub fn board(&self) -> &Board {
        &self.board
    }
    pub fn turn(&self) -> Color {
        self.turn
    }
    pub fn rights(&self) -> Rights {
        self.rights
    }
    pub fn ep_square(&self) -> Option<Square> {
        self.ep_square.get()
    }
    pub fn halfmoves(&self) -> u32 {
        self.halfmoves
    }
    pub fn fullmoves(&self) -> u32 {
        self.fullmoves
    }
    /// Zobrist hash of men, side to move, castling and throne rights and a
    /// legal en passant: equal for positions that repeat in the sense of
    /// docs/rules.md 1.6.
    pub fn hash(&self) -> u64 {
        self.hash
    }
    /// The king of the side to move (a position always has one).
    #[expect(
        clippy::expect_used,
        reason = "`from_setup` admits only one king per side, and a legal move never takes a king"
    )]
    #[inline(always)]
    pub fn our_king(&self) -> Square {
        self.king_of(self.turn).expect("a position has one king per side")
    }
    /// The king of `c` (kept by the board: [`Board::kept_king`]).
    #[inline(always)]
    pub(super) fn king_of(&self, c: Color) -> Option<Square> {
        self.board.kept_king(c)
    }
    /// Men giving check to the side to move (kept, not computed here).
    #[inline]
    pub fn checkers(&self) -> Bitboard {
        self.checkers
    }
    /// Whether the side to move is in check: after playing a move, whether
    /// that move gave check.
    #[inline]
    pub fn is_check(&self) -> bool {
        self.checkers.any()
    }

    /// The checkers of `king` after a plain move (or promotion) from `from`
    /// to `to`, `man` now on `to`, `occupied` the men after the move (and
    /// the squares outside the board): `man` when it attacks the king, and
    /// of `riders` (the mover's side's riders on the ray from the king
    /// through `from`, `from` itself left out) the one the move uncovered.
    /// (Castling, en passant and throne moves move more men: they take
    /// [`Self::compute_checkers`].)
    #[inline(always)]
    fn checkers_after(
        king: Square,
        from: Square,
        to: Square,
        man: Piece,
        occupied: Bitboard,
        riders: Bitboard,
    ) -> Bitboard {
        let direct = if man.role == Role::Pawn {
            (Bitboard(super::geometry::PAWN_ATTACKS[man.color.index()][to.index()]) & king.bb()).any()
        } else {
            Board::attacks_square(man.role, to, king, occupied)
        };
        // Usually no rider of theirs stands on that ray at all.
        let uncovered = if riders.is_empty() { riders } else { Bitboard::ray_towards(king, from, occupied) & riders };
        if direct {
            uncovered | to.bb()
        } else {
            uncovered
        }
    }

    pub(super) fn compute_checkers(&self) -> Bitboard {
        if self.rules.two_steppers {
            return super::royal::checkers(self);
        }
        let outside = self.rules.outside();
        match self.board.the_king_of(self.turn) {
            Some(king) => self.board.attackers_to(king, !self.turn, self.board.occupied() | outside),
            None => Bitboard::EMPTY,
        }
    }
    /// The castling move `index` of the variant's table.
    pub fn castle_spec(&self, index: u8) -> &'static CastleSpec {
        &self.rules.castling[index as usize]
    }

    /// The castlings this position's rights stand for.
    pub fn castles(&self) -> Castles {
        self.castles
    }

    /// The table index of the castling of `color` at `stage` on `wing`
    /// (Chess: the one with the rook of the set-up; with the right lost, the
    /// king and rook files of the standard start). `None` if the variant has
    /// no such castling.
    pub fn castle_index(&self, color: Color, stage: Stage, wing: super::castling::Wing) -> Option<u8> {
        let bit = Rights::castle_bit(color, stage, wing).0 >> (color.index() as u16 * 5);
        let index = self.castles.index(color, bit.trailing_zeros() as u16);
        self.rules
            .castling
            .get(index as usize)
            .filter(|s| s.color == color && s.stage == stage && s.wing == wing)
            .map(|_| index)
    }

    /// The castlings whose rights `rights` still holds, with their indices.
    #[inline]
    pub(crate) fn castles_of(&self, rights: Rights) -> impl Iterator<Item = (u8, &'static CastleSpec)> + '_ {
        Color::ALL.into_iter().flat_map(move |color| {
            let mut bits = (rights.0 >> (color.index() as u16 * 5)) & 0b1111;
            std::iter::from_fn(move || {
                if bits == 0 {
                    return None;
                }
                let i = bits.trailing_zeros() as u16;
                bits &= bits - 1;
                let index = self.castles.index(color, i);
                self.rules.castling.get(index as usize).map(|spec| (index, spec))
            })
        })
    }

    /// Switches the throne-pawn rule off for this game (`[ThronePawn "off"]`).
    pub fn disable_throne_pawn(&mut self) {
        let before = self.rights;
        for c in Color::ALL {
            self.rights.clear(Rights::throne(c));
        }
        self.hash ^= zobrist::rights(before) ^ zobrist::rights(self.rights);
    }

    /// Men on the board, both sides, kings included.
    pub fn men(&self) -> u32 {
        self.board.occupied().count()
    }

    pub fn fen(&self) -> String {
        let mut s = String::with_capacity(96);
        self.write_fen(&mut s);
        s
    }

    /// Appends the FEN to `out` (`moves --fen` writes one a row).
    pub fn write_fen(&self, out: &mut String) {
        // Writing to a String cannot fail.
        let _ = write_placement(&self.board, self.rules, out);
        out.push(' ');
        out.push(if self.turn == Color::White { 'w' } else { 'b' });
        out.push(' ');
        match self.rules.castling_rule {
            CastlingRule::Fixed => self.rights.write_fen(out),
            CastlingRule::ByRook { .. } => {
                super::chess::write_castling_fen(&self.board, self.rights, self.castles, self.rules.castling, out)
            }
            CastlingRule::Royal => super::royal::write_rights_fen(self, out),
        }
        out.push(' ');
        match self.ep_square.get() {
            Some(sq) => {
                let _ = sq.write_to(out);
            }
            None => out.push('-'),
        }
        out.push(' ');
        write_number(out, self.halfmoves);
        out.push(' ');
        write_number(out, self.fullmoves);
    }

    fn compute_hash(&self) -> u64 {
        let mut h = zobrist::turn(self.turn) ^ zobrist::rights(self.rights);
        for (sq, p) in self.board.pieces() {
            h ^= zobrist::piece(p, sq);
        }
        if let Some(ep) = self.ep_square.get() {
            h ^= zobrist::en_passant(ep);
        }
        h
    }

    #[inline]
    pub(super) fn put(&mut self, sq: Square, p: Piece) {
        self.board.put(sq, p);
        self.hash ^= zobrist::piece(p, sq);
    }

    #[inline]
    pub(super) fn take(&mut self, sq: Square) -> Option<Piece> {
        let p = self.board.take(sq)?;
        self.hash ^= zobrist::piece(p, sq);
        Some(p)
    }

    /// The castling `index` once its king is lifted: the rook to its
    /// square, the king `king` to its own, the side's castling rights spent
    /// (every variant's move, Royal's too).
    #[inline(always)]
    pub(super) fn put_castled(&mut self, index: u8, king: Piece) {
        let spec = self.castle_spec(index);
        if let Some(rook) = self.take(spec.rook_from) {
            self.put(spec.rook_to, rook);
        }
        self.put(spec.king_to, king);
        self.rights.after_castle(spec);
    }

    /// Plays a move that [`Position::legal_moves`] produced. A move from
    /// anywhere else may leave a position that breaks the rules.
    #[inline]
    pub fn play_unchecked(&mut self, m: Move) {
        // The plain move first: most moves of every record but Royal's.
        if m.kind == MoveKind::Normal && self.rules.legality != Legality::Cover {
            self.play_normal(m.from, m.to);
        } else if m.kind == MoveKind::Null {
            self.pass();
        } else if self.rules.legality == Legality::Cover {
            self.play_royal(m);
        } else {
            self.play_special(m);
        }
    }

    /// A plain move or capture of a man (most moves of every record), in
    /// straight-line code. Everything the move needs from the board is read
    /// before the move writes it: a 128-bit bitboard read just after the
    /// move wrote its two 64-bit halves waits for the stores (the processor
    /// cannot forward two stores to one load), and the discovered check
    /// and the en passant test would each wait so on every move. The hash
    /// is summed in a register and stored once.
    fn play_normal(&mut self, from: Square, to: Square) {
        let us = self.turn;
        let board = &self.board;
        let occupied_before = board.occupied();
        let Some(mover) = board.piece_at(from) else {
            debug_assert!(false, "no man on {from}");
            return;
        };
        let captured = board.piece_at(to);
        // Their king (the move cannot take it) and our riders on the ray
        // from it through `from`, which may give check once `from` is left
        // (the mover itself aside: on `to` it is the direct check's).
        let their_king = self.king_of(!us);
        let riders = their_king.map_or(Bitboard::EMPTY, |k| board.riders_on_ray(k, from, us).without(from));
        let pawn = mover.role == Role::Pawn;
        // A pawn's only step of two ranks is its double step.
        let double_step = pawn && from.index().abs_diff(to.index()) == 2 * usize::from(super::geometry::WIDTH);
        let opened = if double_step { board.opened_en_passant(from, to, us) } else { None };
        if self.rights.bits() != 0 && (mover.role == Role::King || ((from.bb() | to.bb()) & self.castle_squares).any())
        {
            self.rights_after_move(from, to, mover);
        }
        let mut hash =
            self.hash ^ zobrist::piece(mover, from) ^ zobrist::piece(mover, to) ^ zobrist::turn(Color::Black);
        if let Some(c) = captured {
            hash ^= zobrist::piece(c, to);
        }
        self.board.carry_taking(from, to, mover, captured);
        self.end_ply(us, pawn || captured.is_some());
        self.checkers = match their_king {
            Some(king) => {
                let occupied = occupied_before.without(from).with(to) | self.rules.outside();
                Position::checkers_after(king, from, to, mover, occupied, riders)
            }
            None => Bitboard::EMPTY,
        };
        // The en passant square before the move is gone (out of the hash);
        // one the double step opened stays if a capture there is legal.
        if let Some(ep) = self.ep_square.take() {
            hash ^= zobrist::en_passant(ep);
        }
        self.hash = hash;
        if opened.is_some() {
            self.ep_square = MaybeSquare::new(opened);
            self.settle_en_passant();
        }
    }

    /// The castling rights after the ordinary move of `mover` from `from`
    /// to `to` (the board before the move): a king's step ends its
    /// castlings, a move touching a castling's square may end that one.
    #[inline(never)]
    fn rights_after_move(&mut self, from: Square, to: Square, mover: Piece) {
        let before = self.rights;
        if mover.role == Role::King {
            self.rights.clear(Rights::castling_of(mover.color));
        }
        if self.rights.bits() != 0 && ((from.bb() | to.bb()) & self.castle_squares).any() {
            let specs = self.castles_of(self.rights).map(|(_, spec)| spec);
            let mut after = self.rights;
            after.after_move(specs, &self.board, from, to, mover);
            self.rights = after;
        }
        self.hash ^= zobrist::rights(before) ^ zobrist::rights(self.rights);
    }

    /// The clocks and the turn after a move of `us` (`irreversible`: a pawn
    /// move, a capture or a throne pawn's gain); the caller changes the
    /// hash's turn.
    #[inline(always)]
    fn end_ply(&mut self, us: Color, irreversible: bool) {
        self.halfmoves = if irreversible { 0 } else { self.halfmoves.saturating_add(1) };
        // Black's move ends a full move: `us` as 1 for Black, no branch.
        self.fullmoves = self.fullmoves.saturating_add(us as u32);
        self.turn = !us;
    }

    /// The en passant square opened by the move just played stays only if
    /// a capture there is legal (then it is part of the hash).
    #[inline(always)]
    fn settle_en_passant(&mut self) {
        if let Some(ep) = self.ep_square.get() {
            if self.has_legal_en_passant() {
                self.hash ^= zobrist::en_passant(ep);
            } else {
                self.ep_square = MaybeSquare::NONE;
            }
        }
    }

    /// A move of more than one man, or of a man that changes: a promotion,
    /// en passant, a castling, a throne move (not Royal's, which
    /// `play_royal` plays).
    #[expect(clippy::expect_used, reason = "the squares built here take a file and a rank of squares of the move")]
    #[inline(never)]
    fn play_special(&mut self, m: Move) {
        let us = self.turn;
        let occupied_before = self.board.occupied();
        let Some(mover) = self.board.piece_at(m.from) else {
            debug_assert!(false, "no man on {}", m.from);
            return;
        };
        if !m.is_castle()
            && self.rights.bits() != 0
            && (mover.role == Role::King || ((m.from.bb() | m.to.bb()) & self.castle_squares).any())
        {
            self.rights_after_move(m.from, m.to, mover);
        }
        if let Some(ep) = self.ep_square.take() {
            self.hash ^= zobrist::en_passant(ep);
        }
        let rights_before = self.rights;
        let mut irreversible = mover.role == Role::Pawn;
        match m.kind {
            MoveKind::Castle(i) => {
                self.take(m.from);
                self.put_castled(i, mover);
            }
            MoveKind::EnPassant => {
                let captured = Square::new(m.to.file(), m.from.rank()).expect("on the board");
                self.take(m.from);
                self.take(captured);
                self.put(m.to, mover);
            }
            MoveKind::Promotion(role) => {
                irreversible |= self.take(m.to).is_some();
                self.take(m.from);
                self.put(m.to, Piece::new(us, role));
            }
            MoveKind::Throne(pawn) => {
                self.take(m.to);
                self.board.carry(m.from, m.to, mover);
                self.hash ^= zobrist::piece(mover, m.from) ^ zobrist::piece(mover, m.to);
                // The gained pawn changes the material for good, like a
                // capture: it resets the 80-move count ([decision], see
                // the README's notes on docs/rules.md 1.6).
                self.put(pawn, Piece::new(us, Role::Pawn));
                self.rights.clear(Rights::throne(us));
                irreversible = true;
            }
            // Played by `play_normal` and `pass`, never here.
            MoveKind::Normal | MoveKind::Null => debug_assert!(false, "{m:?} is no special move"),
        }
        if self.rights != rights_before {
            self.hash ^= zobrist::rights(rights_before) ^ zobrist::rights(self.rights);
        }
        self.end_ply(us, irreversible);
        self.hash ^= zobrist::turn(Color::Black);
        self.checkers = match m.kind {
            MoveKind::Promotion(role) => match self.king_of(!us) {
                Some(king) => {
                    let occupied = occupied_before.without(m.from).with(m.to) | self.rules.outside();
                    let riders = self.board.riders_on_ray(king, m.from, us).without(m.from);
                    Position::checkers_after(king, m.from, m.to, Piece::new(us, role), occupied, riders)
                }
                None => Bitboard::EMPTY,
            },
            _ => self.compute_checkers(),
        };
        self.settle_en_passant();
    }

    /// Whether `m` (a move of this position) takes a man: en passant, or a
    /// man on its target (not a castling's or a null move's).
    pub fn is_capture(&self, m: Move) -> bool {
        match m.kind {
            MoveKind::EnPassant => true,
            MoveKind::Castle(_) | MoveKind::Null => false,
            _ => self.board.piece_at(m.to).is_some(),
        }
    }

    /// The null move here (the turn passes), when the side to move is not in
    /// check and has its king: a null move that leaves the king attacked is
    /// illegal, as in every engine that plays one.
    pub fn null_move(&self) -> Option<Move> {
        let king = self.board.king_of(self.turn)?;
        (!self.is_check()).then_some(Move::new(king, king, MoveKind::Null))
    }

    /// Passes the turn: no man moves, the en passant chance is gone.
    fn pass(&mut self) {
        if let Some(ep) = self.ep_square.take() {
            self.hash ^= zobrist::en_passant(ep);
        }
        self.halfmoves = self.halfmoves.saturating_add(1);
        if self.turn == Color::Black {
            self.fullmoves = self.fullmoves.saturating_add(1);
        }
        self.turn = !self.turn;
        self.hash ^= zobrist::turn(Color::Black);
        self.checkers = self.compute_checkers();
    }

    /// Plays `m` if it is legal here.
    pub fn play(&mut self, m: Move) -> Result<(), IllegalMove> {
        if self.is_legal(m) {
            self.play_unchecked(m);
            Ok(())
        } else {
            Err(IllegalMove(m))
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("illegal move {}", super::moves::Uci(*.0))]
pub struct IllegalMove(pub Move);

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({})", self.fen())
    }
}

impl PartialEq for Position {
    /// Same men, side, rights (standing for the same castlings), en passant
    /// square and clocks.
    fn eq(&self, other: &Position) -> bool {
        self.board == other.board
            && self.turn == other.turn
            && self.rights == other.rights
            && self.castles_of(self.rights).map(|(i, _)| i).eq(other.castles_of(other.rights).map(|(i, _)| i))
            && self.ep_square == other.ep_square
            && self.halfmoves == other.halfmoves
            && self.fullmoves == other.fullmoves
            && std::ptr::eq(self.rules, other.rules)
    }
}

/// Checks each right read from FEN against the men (docs/notation.md, "FEN").
fn check_rights(board: &Board, read: Rights, rules: &Rules, problems: &mut Vec<SetupProblem>) -> Rights {
    let mut rights = Rights::NONE;
    for spec in rules.castling {
        if !read.has(spec.right) {
            continue;
        }
        let letter = spec.right.letter();
        let king = Piece::new(spec.color, Role::King);
        let rook = Piece::new(spec.color, Role::Rook);
        let first = Rights::castle_bit(spec.color, Stage::First, spec.wing);
        let why = match spec.stage {
            Stage::First if board.piece_at(spec.king_from) != Some(king) => Some("the king is not on its start square"),
            Stage::First if board.piece_at(spec.rook_from) != Some(rook) => Some("the rook is not on its start square"),
            // Both stages still possible: the corner rook has never moved.
            Stage::Second if read.has(first) && board.piece_at(spec.corner) != Some(rook) => {
                Some("the corner rook is not on its corner")
            }
            Stage::Second if read.has(first) => None,
            // The first stage made, the second pending.
            Stage::Second if board.piece_at(spec.king_from) != Some(king) => {
                Some("the king is not where the first stage put it")
            }
            Stage::Second if board.piece_at(spec.corner) != Some(rook) && board.piece_at(spec.step) != Some(rook) => {
                Some("no rook on the corner square or beside it")
            }
            _ => None,
        };
        match why {
            Some(why) => problems.push(SetupProblem::BadRight { letter, why }),
            None => rights.set(spec.right),
        }
    }
    for c in Color::ALL {
        let t = Rights::throne(c);
        if read.has(t) {
            if rules.throne.is_some() {
                rights.set(t);
            } else {
                let letter = if c == Color::White { 'T' } else { 't' };
                problems.push(SetupProblem::BadRight { letter, why: "this variant has no throne pawn" });
            }
        }
    }
    let castle_bits: u16 = rules.castling.iter().fold(0, |b, s| b | s.right.0);
    let unknown = read.0 & !castle_bits & !(Rights::throne(Color::White).0 | Rights::throne(Color::Black).0);
    if unknown != 0 {
        problems.push(SetupProblem::BadRight { letter: '?', why: "this variant has no such castling" });
    }
    rights
}

/// Whether a pawn of the side not to move can just have skipped `sq`.
fn ep_square_possible(board: &Board, turn: Color, sq: Square, rules: &Rules) -> bool {
    let them = !turn;
    let f = them.forward();
    let (Some(origin), Some(landing)) = (sq.offset(0, -f), sq.offset(0, f)) else {
        return false;
    };
    rules.pawn_rank[them.index()].contains(origin)
        && board.piece_at(sq).is_none()
        && board.piece_at(origin).is_none()
        && board.piece_at(landing) == Some(Piece::new(them, Role::Pawn))
}

/// Appends a number in decimal.
pub(crate) fn write_number(out: &mut String, n: u32) {
    out.push_str(itoa::Buffer::new().format(n));
}
