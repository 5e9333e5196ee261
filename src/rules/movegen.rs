//! Legal move generation: check and pin masks, no make-and-test except for
//! en passant, king moves, castling and the throne pawn, which test the
//! king's square on the occupancy after the move.
//!
//! Moves are handed to a [`Sink`] as (from, target set) where they can be,
//! so that counting (perft's leaves) is a popcount.
#![expect(
    clippy::indexing_slicing,
    reason = "every index here is a `Square` (below `SQUARES` = 100 by construction: `Square::new`, `from_index`), a `Color` (0 or 1), a `Role` (below `Role::COUNT`) or a direction (below 8), into tables of exactly those lengths (or 128 for the bits of a `u128`)"
)]

use super::castling::{CastleSpec, Rights, Stage};
use super::geometry::{Bitboard, Square, PAWN_ATTACKS};
use super::moves::{Move, MoveKind};
use super::position::Position;
use super::role::{Piece, Role};

/// Where generated moves go.
pub(crate) trait Sink {
    /// Ordinary moves from `from` to each target.
    fn targets(&mut self, from: Square, targets: Bitboard);
    /// Pawn moves to promotion squares, one per piece of `roles`.
    fn promotions(&mut self, from: Square, targets: Bitboard, roles: &[Role]);
    /// One special move.
    fn push(&mut self, m: Move);
    /// The sink asks only whether a legal move exists: the generator may
    /// stop at the first it finds.
    const ANY: bool = false;
    /// Whether the sink needs no more moves (the generator may stop).
    #[inline]
    fn full(&self) -> bool {
        false
    }
}

impl Sink for Vec<Move> {
    fn targets(&mut self, from: Square, targets: Bitboard) {
        self.extend(targets.map(|to| Move::new(from, to, MoveKind::Normal)));
    }
    fn promotions(&mut self, from: Square, targets: Bitboard, roles: &[Role]) {
        for to in targets {
            for &role in roles {
                self.push(Move::new(from, to, MoveKind::Promotion(role)));
            }
        }
    }
    fn push(&mut self, m: Move) {
        Vec::push(self, m);
    }
}

/// Counts moves without listing them.
pub(crate) struct Counter(pub u64);

impl Sink for Counter {
    #[inline]
    fn targets(&mut self, _from: Square, targets: Bitboard) {
        self.0 += u64::from(targets.count());
    }
    #[inline]
    fn promotions(&mut self, _from: Square, targets: Bitboard, roles: &[Role]) {
        self.0 += u64::from(targets.count()) * roles.len() as u64;
    }
    #[inline]
    fn push(&mut self, _m: Move) {
        self.0 += 1;
    }
}

/// Stops at the first move.
struct Any(bool);

impl Sink for Any {
    const ANY: bool = true;
    fn targets(&mut self, _from: Square, targets: Bitboard) {
        self.0 |= targets.any();
    }
    fn promotions(&mut self, _from: Square, targets: Bitboard, roles: &[Role]) {
        self.0 |= targets.any() && !roles.is_empty();
    }
    fn push(&mut self, _m: Move) {
        self.0 = true;
    }
    fn full(&self) -> bool {
        self.0
    }
}

/// Keeps the first move that `wanted` accepts, and stops there.
pub(crate) struct Find<F: Fn(Move) -> bool> {
    pub wanted: F,
    pub found: Option<Move>,
}

impl<F: Fn(Move) -> bool> Find<F> {
    fn offer(&mut self, m: Move) {
        if self.found.is_none() && (self.wanted)(m) {
            self.found = Some(m);
        }
    }
}

impl<F: Fn(Move) -> bool> Sink for Find<F> {
    fn targets(&mut self, from: Square, targets: Bitboard) {
        for to in targets {
            self.offer(Move::new(from, to, MoveKind::Normal));
        }
    }
    fn promotions(&mut self, from: Square, targets: Bitboard, roles: &[Role]) {
        for to in targets {
            for &role in roles {
                self.offer(Move::new(from, to, MoveKind::Promotion(role)));
            }
        }
    }
    fn push(&mut self, m: Move) {
        self.offer(m);
    }
    fn full(&self) -> bool {
        self.found.is_some()
    }
}

/// The kinds that move as pieces (not pawns, not the king).
const PIECE_ROLES: [Role; 7] =
    [Role::Knight, Role::Bishop, Role::Rook, Role::Queen, Role::Prince, Role::Marshal, Role::Cardinal];

/// Promotion squares with the pieces a pawn may become there (at most 4
/// classes of at most 8 pieces: no allocation on the generator's path).
pub(crate) struct Choices {
    classes: [(Bitboard, [Role; 8], usize); 4],
    len: usize,
}

impl Choices {
    pub(crate) fn iter(&self) -> impl Iterator<Item = (Bitboard, &[Role])> + '_ {
        self.classes[..self.len].iter().map(|(b, r, n)| (*b, &r[..*n]))
    }
}

impl Position {
    /// The promotion classes with the pieces the side to move may get now
    /// (a limited kind only while the side has fewer than its limit).
    pub(crate) fn promotion_classes(&self) -> Choices {
        let rules = self.rules();
        let mut out = Choices { classes: [(Bitboard::EMPTY, [Role::Queen; 8], 0); 4], len: 0 };
        for class in rules.promotion.iter().take(4) {
            let slot = &mut out.classes[out.len];
            slot.0 = class.squares;
            for &role in class.roles.iter().take(8) {
                let allowed = rules.promotion_limit.iter().find(|(r, _)| *r == role).is_none_or(|&(_, cap)| {
                    self.board().by_piece(Piece::new(self.turn(), role)).count() < u32::from(cap)
                });
                if allowed {
                    slot.1[slot.2] = role;
                    slot.2 += 1;
                }
            }
            out.len += 1;
        }
        out
    }

    /// The pieces a pawn of the side to move may become on `sq` now.
    pub fn promotion_choices(&self, sq: Square) -> Vec<Role> {
        self.promotion_classes().iter().find(|(b, _)| b.contains(sq)).map(|(_, r)| r.to_vec()).unwrap_or_default()
    }

    /// All legal moves, appended to `out` (cleared first).
    pub fn legal_moves(&self, out: &mut Vec<Move>) {
        out.clear();
        self.generate(out, Bitboard::FULL);
    }

    /// The legal moves whose target (the king's, for castling) is in `to`.
    pub fn legal_moves_to(&self, to: Bitboard, out: &mut Vec<Move>) {
        out.clear();
        self.generate(out, to);
    }

    /// Whether `m` is a legal move here (no move list is built).
    pub fn is_legal(&self, m: Move) -> bool {
        let mut find = Find { wanted: |x: Move| x == m, found: None };
        self.generate(&mut find, m.to.bb());
        find.found.is_some()
    }

    /// The number of legal moves.
    pub fn count_legal(&self) -> u64 {
        let mut c = Counter(0);
        self.generate(&mut c, Bitboard::FULL);
        c.0
    }

    /// Whether the side to move has any legal move: stops at the first one
    /// (king moves first, which usually exist).
    pub fn has_legal_move(&self) -> bool {
        let mut a = Any(false);
        let checker = self.checkers().single();
        if let (Some(checker), false) = (checker, self.rules().legality != super::variant::Legality::KingSafe) {
            // In check by one man (the mate test after every check): the
            // king's moves, then each square that takes or blocks the
            // checker by itself (the one-target path looks only at the men
            // that reach it), then en passant. No castling in check.
            let king = self.our_king();
            self.king_moves(&mut a, king, Bitboard::FULL);
            for t in Bitboard::between(king, checker).with(checker) {
                if a.0 {
                    break;
                }
                self.generate_moves::<Any, false>(&mut a, t.bb());
            }
            if let Some(ep) = self.ep_square().filter(|_| !a.0) {
                self.generate_moves::<Any, false>(&mut a, ep.bb());
            }
            return a.0;
        }
        self.generate(&mut a, Bitboard::FULL);
        a.0
    }

    pub fn is_checkmate(&self) -> bool {
        self.is_check() && !self.has_legal_move()
    }

    pub fn is_stalemate(&self) -> bool {
        !self.is_check() && !self.has_legal_move()
    }

    pub(crate) fn has_legal_en_passant(&self) -> bool {
        let mut a = Any(false);
        self.en_passant(&mut a, self.our_king());
        a.0
    }

    /// Generates the legal moves with a target in `restrict`.
    pub(crate) fn generate<S: Sink>(&self, sink: &mut S, restrict: Bitboard) {
        self.generate_moves::<S, true>(sink, restrict);
    }

    /// [`Self::generate`], the king's own moves only when `KING` (the mate
    /// test has tried all of them before it looks for a block or capture).
    fn generate_moves<S: Sink, const KING: bool>(&self, sink: &mut S, restrict: Bitboard) {
        let rules = self.rules();
        if rules.legality == super::variant::Legality::Cover {
            return super::royal::generate(self, sink, restrict);
        }
        let board = self.board();
        let us = self.turn();
        let them = !us;
        let ours = board.by_color(us);
        let theirs = board.by_color(them);
        let blockers = board.occupied() | rules.outside();
        let king = self.our_king();
        let checkers = self.checkers();

        if KING {
            self.king_moves(sink, king, restrict);
        }
        if checkers.more_than_one() || sink.full() {
            return;
        }
        let target = restrict
            & match checkers.single() {
                Some(checker) => Bitboard::between(king, checker).with(checker),
                None => rules.board & !ours,
            };
        let pinned = self.pinned(king);
        // For one target square, only the men that reach it need looking at.
        let movers = match restrict.single() {
            Some(t) => {
                let pushes = [t.offset(0, -us.forward()), t.offset(0, -2 * us.forward())];
                pushes.into_iter().flatten().fold(board.attackers_to(t, us, blockers), |bb, sq| bb.with(sq))
            }
            None => Bitboard::FULL,
        };

        for role in PIECE_ROLES {
            for from in board.by_role(role) & ours & movers {
                let mut t = super::board::Board::attacks(role, from, blockers) & target;
                if pinned.contains(from) {
                    t &= Bitboard::line(king, from);
                }
                if t.any() {
                    sink.targets(from, t);
                }
            }
            if sink.full() {
                return;
            }
        }

        let empty = rules.board & !board.occupied();
        let forward = us.forward();
        // The promotion classes depend on the men (limits): computed only
        // when a pawn reaches a promotion square.
        let mut choices = None;
        for from in board.by_piece(Piece::new(us, Role::Pawn)) & movers {
            let mut t = Bitboard(PAWN_ATTACKS[us.index()][from.index()]) & theirs;
            if let Some(one) = from.offset(0, forward).filter(|&s| empty.contains(s)) {
                t = t.with(one);
                if rules.pawn_rank[us.index()].contains(from) {
                    if let Some(two) = one.offset(0, forward).filter(|&s| empty.contains(s)) {
                        t = t.with(two);
                    }
                }
            }
            t &= target;
            if pinned.contains(from) {
                t &= Bitboard::line(king, from);
            }
            let promo = t & (rules.promotion_rank[us.index()] | rules.promotion_optional[us.index()]);
            if promo.any() {
                let choices = choices.get_or_insert_with(|| self.promotion_classes());
                for (squares, roles) in choices.iter() {
                    let to = promo & squares;
                    if to.any() && !roles.is_empty() {
                        sink.promotions(from, to, roles);
                    }
                }
            }
            // A pawn may stay a pawn only off the last rank.
            let plain = t & !rules.promotion_rank[us.index()];
            if plain.any() {
                sink.targets(from, plain);
            }
        }
        if sink.full() {
            return;
        }

        if self.ep_square().is_some_and(|ep| restrict.contains(ep)) {
            self.en_passant(sink, king);
        }
        if checkers.is_empty() {
            self.castling(sink, king, restrict);
        }
    }

    /// Our men that stand alone between our king and an enemy rider.
    fn pinned(&self, king: Square) -> Bitboard {
        let board = self.board();
        let them = !self.turn();
        let blockers = board.occupied() | self.rules().outside();
        let snipers = (Bitboard::rook_rays(king) & board.orthogonal_riders(them))
            | (Bitboard::bishop_rays(king) & board.diagonal_riders(them));
        let mut pinned = Bitboard::EMPTY;
        for s in snipers {
            if let Some(p) = (Bitboard::between(king, s) & blockers).single() {
                pinned = pinned.with(p);
            }
        }
        pinned & board.by_color(self.turn())
    }

    /// Whether `sq` is attacked by the side not to move when the board's
    /// occupancy is `occupied`, not counting a man standing on `sq`.
    #[inline]
    pub(crate) fn attacked_after(&self, sq: Square, occupied: Bitboard) -> bool {
        // No attack from `sq` reaches `sq` itself: a man of theirs standing
        // there (taken by the king) is never counted.
        self.board().is_attacked(sq, !self.turn(), occupied | self.rules().outside())
    }

    /// Whether any of `squares` is attacked, as [`Position::attacked_after`].
    #[inline]
    pub(crate) fn any_attacked(&self, mut squares: Bitboard, occupied: Bitboard) -> bool {
        let (theirs, occupied) = (self.board().attackers(!self.turn()), occupied | self.rules().outside());
        Iterator::any(&mut squares, |sq| theirs.attack(sq, occupied))
    }

    fn king_moves<S: Sink>(&self, sink: &mut S, king: Square, restrict: Bitboard) {
        let rules = self.rules();
        let us = self.turn();
        let board = self.board();
        let without_king = board.occupied().without(king);
        let mut safe = Bitboard::EMPTY;
        let throne = rules.throne.map(|t| t[us.index()]).filter(|_| self.rights().has(Rights::throne(us)));
        // Their men sorted once for all the flight squares.
        let theirs = board.attackers(!us);
        let open = without_king | rules.outside();
        for to in Bitboard::king_attacks(king) & rules.board & !board.by_color(us) & restrict {
            if Some(to) == throne {
                let empties = rules.pawn_rank[us.index()] & rules.board & !without_king.with(to);
                if empties.any() {
                    // The pawn is placed as part of the move: it may block a line to the king.
                    for pawn in empties {
                        if !self.attacked_after(to, without_king.with(to).with(pawn)) {
                            sink.push(Move::new(king, to, MoveKind::Throne(pawn)));
                        }
                    }
                    continue;
                }
            }
            if !theirs.attack(to, open) {
                safe = safe.with(to);
                if S::ANY {
                    break;
                }
            }
        }
        if safe.any() {
            sink.targets(king, safe);
        }
    }

    fn en_passant<S: Sink>(&self, sink: &mut S, king: Square) {
        let Some(ep) = self.ep_square() else { return };
        let us = self.turn();
        let Some(captured) = ep.offset(0, -us.forward()) else {
            return;
        };
        let pawns = self.board().by_piece(Piece::new(us, Role::Pawn));
        for from in Bitboard(PAWN_ATTACKS[(!us).index()][ep.index()]) & pawns {
            if self.en_passant_is_safe(king, from, ep, captured) {
                sink.push(Move::new(from, ep, MoveKind::EnPassant));
            }
        }
    }

    /// Whether the en passant capture from `from` to `ep`, taking the pawn
    /// on `captured`, leaves the king on `king` out of check.
    pub(crate) fn en_passant_is_safe(&self, king: Square, from: Square, ep: Square, captured: Square) -> bool {
        let occupied = self.board().occupied().without(from).without(captured).with(ep);
        let attackers = self.board().attackers_to(king, !self.turn(), occupied | self.rules().outside());
        attackers.without(captured).is_empty()
    }

    /// Castling moves (the king is not in check).
    pub(super) fn castling<S: Sink>(&self, sink: &mut S, king: Square, restrict: Bitboard) {
        for (i, spec) in self.castles_of(Rights(self.rights().0 & Rights::castling_of(self.turn()).0)) {
            if spec.king_from == king && restrict.contains(spec.king_to) && self.castle_is_legal(spec) {
                sink.push(Move::new(spec.king_from, spec.king_to, MoveKind::Castle(i)));
            }
        }
    }

    /// Whether the castling `spec`, whose right the side to move holds,
    /// with its king on `spec.king_from` and not in check, may be made now:
    /// the second stage pending, the rook home, the squares between empty,
    /// none the king passes attacked, none of `spec.safe_after` (the king's
    /// square after it, and in Hundred the rook's) attacked once it is made.
    pub(super) fn castle_is_legal(&self, spec: &CastleSpec) -> bool {
        let us = self.turn();
        let board = self.board();
        let rook = Some(Piece::new(us, Role::Rook));
        if spec.stage == Stage::Second {
            // Pending only after the first stage on this wing, and only
            // with the corner rook, which has stepped beside the corner.
            let first = Rights::castle_bit(us, Stage::First, spec.wing);
            if self.rights().has(first) || board.piece_at(spec.corner) == rook {
                return false;
            }
        }
        if board.piece_at(spec.rook_from) != rook || (board.occupied() & spec.between).any() {
            return false;
        }
        if spec.king_path.any() && self.any_attacked(spec.king_path, board.occupied().without(spec.king_from)) {
            return false;
        }
        let after =
            (board.occupied().without(spec.king_from).without(spec.rook_from)).with(spec.king_to).with(spec.rook_to);
        !self.any_attacked(spec.safe_after, after)
    }
}

impl Position {
    /// The legal castling of the king on `king` with the rook on `rook`: the
    /// king's move onto its own rook, as python-chess writes a Chess960
    /// castling in UCI (`e1h1`).
    pub fn castle_onto_rook(&self, king: Square, rook: Square) -> Option<Move> {
        let mut find = Find {
            wanted: |m: Move| match m.kind {
                MoveKind::Castle(i) => m.from == king && self.castle_spec(i).rook_from == rook,
                _ => false,
            },
            found: None,
        };
        self.generate(&mut find, Bitboard::rank(king.rank()));
        find.found
    }

    /// The legal move from `from` to `to` (the king's squares for castling,
    /// with `castle` set), promoting to `promotion` if given, placing the
    /// throne pawn on `throne` if given. Resolves UCI-style coordinates.
    pub fn find_move(
        &self,
        from: Square,
        to: Square,
        promotion: Option<Role>,
        throne: Option<Square>,
        castle: bool,
    ) -> Option<Move> {
        let mut find = Find {
            wanted: |m: Move| {
                m.from == from
                    && m.to == to
                    && m.is_castle() == castle
                    && m.promotion() == promotion
                    && match m.kind {
                        MoveKind::Throne(sq) => throne.is_none_or(|t| t == sq),
                        _ => throne.is_none(),
                    }
            },
            found: None,
        };
        self.generate(&mut find, to.bb());
        find.found
    }
}
