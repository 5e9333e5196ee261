//! Royal Chess 100 (docs/rules.md 5) as data and hooks of the one engine: the
//! set-up and men of 5.1, the prince's and princess's two-step, pawns of one
//! to three squares and castling of 5.2 ([`attacks`], [`generate`](mod@generate)), the
//! legality L1–L3 of 5.3 and the crowning ([`generate`](mod@generate), [`play`]), the end
//! of 5.4 and the queen restoration of 5.5 ([`play`]).
//!
//! Royal's rules are named in its [`Rules`] ([`ROYAL`]) as
//! [`Legality::Cover`], [`EnPassant::Passed`], `queen_restoration`,
//! `two_steppers` and [`CastlingRule::Royal`]; the shared engine tests those
//! fields, never the variant, each place one read of one field (as cheap
//! as the comparison of variants it replaced). It reaches into this module
//! at these places, and no others:
//!
//! - `movegen.rs`, `generate_moves`: on `Legality::Cover`, [`generate()`]
//!   makes every move (L1–L3 judged on a copy of the board; with them the
//!   pawn's long advance, en passant on every passed square and castling
//!   under the two-step attack test, rules only this generator has).
//! - `position.rs`, `play_unchecked`: on `Legality::Cover`, `play_royal`
//!   ([`play`]): a king taken and the prince crowned, the restoration right
//!   spent at a queen's capture, the en passant square of
//!   `EnPassant::Passed`, the checkers found anew after every move.
//! - `position.rs`, `compute_checkers`: on `two_steppers`, [`checkers`].
//! - `position.rs`, `from_setup`: on `CastlingRule::Royal`,
//!   [`castling_rights`]; on `EnPassant::Passed`, [`ep_possible`]; on
//!   `Legality::Cover`, no check of the side not to move (it may stand
//!   attacked: with cover, or in the losing position).
//! - `position.rs`, `fen`: on `CastlingRule::Royal`, [`write_rights_fen`].
//! - `setup.rs`, reading a FEN's castling field: on `CastlingRule::Royal`,
//!   [`right_of_letter`].
//! - `perft.rs`, `perft`: on `queen_restoration`, [`perft()`] (a
//!   restoration and the move after it make one choice of the ply).
//! - `game.rs`, `termination_of`: on `Legality::Cover`, [`termination`]
//!   (the losing position of 5.4).
//! - `board.rs`, `Board::attacks` and `attacks_square`: for a man whose
//!   [`Role::movement`] has the two-step (by the man, not the variant),
//!   the geometry's [`Bitboard::two_step_attacks_outlined`] (the board
//!   never calls this module).
//!
//! Elsewhere the shared engine only tests a field and stays out of this
//! module: on `Legality::Cover` castling is resolved by the generator
//! (`resolve.rs`), and the quick resolver, the rivals of a short move
//! (`candidates.rs`) and the mate test's check evasions (`movegen.rs`,
//! `has_legal_move`) are for `Legality::KingSafe` only; a set-up's en
//! passant square is dropped when no capture is legal only under
//! `EnPassant::Skipped` (`position.rs`). The layers above call the
//! `Position` methods defined here (restoration, cover, the losing
//! position, [`Violation`]), each false, `None` or an error in another
//! variant.
//!
//! Royal's extra state lives in bits of [`Rights`]: `K`/`Q` castling, `R`
//! the restoration right (the throne bit, unused in Royal) and one bit for
//! a pending restoration (`=`); a position is no larger than the others'.

mod attacks;
mod generate;
mod play;
mod violation;
pub use violation::Violation;

pub(crate) use attacks::{attackers, checkers};
pub(crate) use generate::generate;
pub use play::RestoreError;
pub(crate) use play::{perft, termination};

use super::board::Board;
use super::castling::{sensitive_squares, CastleSpec, Castles, Rights, Stage, Wing};
use super::geometry::{Bitboard, Square};
use super::position::{Position, SetupProblem};
use super::role::{Color, Piece, Role};
use super::variant::{
    has_two_steppers, letter_roles, letters_with, sq, CastlingRule, EnPassant, Legality, PromotionClass, Rules, Variant,
};

/// The queen-restoration right of `color` (`R`/`r`), kept in the bit the
/// throne pawn has in Hundred.
pub(crate) const fn restoration(color: Color) -> Rights {
    Rights::throne(color)
}

/// The side to move may restore its queen now (`=`): its right was spent by
/// the capture of its queen on the last move.
pub(crate) const PENDING: Rights = Rights(1 << 10);

/// Whether `color` has cover: its prince is on the board (docs/rules.md 5.3).
#[inline]
pub(crate) fn has_cover(board: &Board, color: Color) -> bool {
    board.by_piece(Piece::new(color, Role::Heir)).any()
}

/// The ranks (0-based) a pawn of `color` may make its long advance from,
/// and the farthest rank it may reach so (docs/rules.md 5.2).
pub(crate) const fn long_advance(color: Color) -> (Bitboard, u8) {
    match color {
        Color::White => (Bitboard(Bitboard::rank(1).0 | Bitboard::rank(2).0 | Bitboard::rank(3).0), 4),
        Color::Black => (Bitboard(Bitboard::rank(8).0 | Bitboard::rank(7).0 | Bitboard::rank(6).0), 5),
    }
}

/// Royal's castling (docs/rules.md 5.2) for one colour: `0-0` on the king's
/// flank (king e1→c1, rook a1→d1) holds the `K` right, written as Chess's
/// short wing; `0-0-0` on the queen's flank (king e1→h1, rook j1→g1) the
/// `Q` right, Chess's long wing.
const fn royal_castle(color: Color, wing: Wing) -> CastleSpec {
    let home = match color {
        Color::White => 0,
        Color::Black => 9,
    };
    let (king_to, rook_from, rook_to, between, path, token) = match wing {
        Wing::Short => (2, 0, 3, [1, 2, 3, 3], [3, 3], "0-0"),
        Wing::Long => (7, 9, 6, [5, 6, 7, 8], [5, 6], "0-0-0"),
    };
    let mut between_bb = 0u128;
    let mut rest: &[u8] = &between;
    while let [file, tail @ ..] = rest {
        between_bb |= sq(*file, home).bb().0;
        rest = tail;
    }
    let king_path = Bitboard(sq(path[0], home).bb().0 | sq(path[1], home).bb().0);
    CastleSpec {
        color,
        stage: Stage::First,
        wing,
        right: Rights::castle_bit(color, Stage::First, wing),
        king_from: sq(4, home),
        king_to: sq(king_to, home),
        rook_from: sq(rook_from, home),
        rook_to: sq(rook_to, home),
        between: Bitboard(between_bb),
        king_path,
        safe_after: sq(king_to, home).bb(),
        corner: sq(rook_from, home),
        step: sq(rook_from, home),
        token,
    }
}

const CASTLING: [CastleSpec; 4] = [
    royal_castle(Color::White, Wing::Short),
    royal_castle(Color::White, Wing::Long),
    royal_castle(Color::Black, Wing::Short),
    royal_castle(Color::Black, Wing::Long),
];

/// Where each castling right's entry stands in [`CASTLING`].
const CASTLES: Castles = Castles([0, 1, 2, 3]);

/// The FEN letters of Royal: chess's, the prince (`t`) and the princess
/// (`s`).
const LETTERS: [(char, Role); 8] = letters_with(&[('t', Role::Heir), ('s', Role::Princess)]);

/// Royal Chess 100, docs/rules.md section 5.
pub static ROYAL: Rules = Rules {
    variant: Variant::Royal,
    width: 10,
    height: 10,
    board: Bitboard::FULL,
    start_fen: "rnbskqtbnr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNBSKQTBNR w KQkqRr - 0 1",
    letters: &LETTERS,
    letter_roles: letter_roles(&LETTERS),
    pawn_rank: [Bitboard::rank(1), Bitboard::rank(8)],
    promotion_rank: [Bitboard::rank(9), Bitboard::rank(0)],
    promotion_optional: [Bitboard::EMPTY, Bitboard::EMPTY],
    promotion_limit: &[],
    promotion: &[PromotionClass {
        squares: Bitboard(Bitboard::rank(0).0 | Bitboard::rank(9).0),
        roles: &[Role::Queen, Role::Rook, Role::Bishop, Role::Knight],
    }],
    castling: &CASTLING,
    castling_rule: CastlingRule::Royal,
    castle_squares: sensitive_squares(&CASTLING),
    throne: None,
    claim_plies: 100,
    auto_draw: None,
    legality: Legality::Cover,
    en_passant: EnPassant::Passed,
    queen_restoration: true,
    two_steppers: has_two_steppers(&LETTERS),
    castle_letter: '0',
    pgn_records: false,
    pychess_export: false,
    rolled_turns: false,
    endgame_stages: false,
};

/// The right a letter of Royal's castling field names (`KQkqRr`, `=`).
pub(crate) fn right_of_letter(c: char) -> Option<Rights> {
    Some(match c {
        'K' => Rights::castle_bit(Color::White, Stage::First, Wing::Short),
        'Q' => Rights::castle_bit(Color::White, Stage::First, Wing::Long),
        'k' => Rights::castle_bit(Color::Black, Stage::First, Wing::Short),
        'q' => Rights::castle_bit(Color::Black, Stage::First, Wing::Long),
        'R' => restoration(Color::White),
        'r' => restoration(Color::Black),
        '=' => PENDING,
        _ => return None,
    })
}

/// Checks the rights read from a FEN against the men.
pub(crate) fn castling_rights(
    board: &Board,
    read: Rights,
    turn: Color,
    problems: &mut Vec<SetupProblem>,
) -> (Rights, Castles) {
    let mut rights = Rights::NONE;
    for spec in &CASTLING {
        if !read.has(spec.right) {
            continue;
        }
        let letter = spec.right.letter();
        if board.piece_at(spec.king_from) != Some(Piece::new(spec.color, Role::King)) {
            problems.push(SetupProblem::BadRight { letter, why: "the king is not on its start square" });
        } else if board.piece_at(spec.rook_from) != Some(Piece::new(spec.color, Role::Rook)) {
            problems.push(SetupProblem::BadRight { letter, why: "the rook is not on its start square" });
        } else {
            rights.set(spec.right);
        }
    }
    for c in Color::ALL {
        if read.has(restoration(c)) {
            rights.set(restoration(c));
        }
    }
    if read.has(PENDING) {
        if read.has(restoration(turn)) {
            problems.push(SetupProblem::BadRight {
                letter: '=',
                why: "a pending restoration spends the right: the side to move cannot still hold it",
            });
        } else if board.by_piece(Piece::new(turn, Role::Princess)).is_empty() {
            problems.push(SetupProblem::BadRight { letter: '=', why: "the side to move has no princess" });
        } else {
            rights.set(PENDING);
        }
    }
    (rights, CASTLES)
}

/// The castling field of a Royal FEN: `KQkqRr` and `=` (docs/notation.md).
pub(crate) fn write_rights_fen(pos: &Position, s: &mut String) {
    let rights = pos.rights();
    let start = s.len();
    for (c, letter) in ['K', 'Q', 'k', 'q', 'R', 'r', '='].into_iter().filter_map(|c| Some((right_of_letter(c)?, c))) {
        if rights.has(c) && (c != PENDING || pos.can_restore()) {
            s.push(letter);
        }
    }
    if s.len() == start {
        s.push('-');
    }
}

/// The en passant square of a FEN (the first square a pawn of the side not
/// to move passed over with its long advance): that pawn stands beyond it
/// on the file, with only empty squares passed, from a rank it may advance
/// two or three squares from.
pub(crate) fn ep_possible(board: &Board, turn: Color, ep: Square) -> bool {
    let them = !turn;
    let f = them.forward();
    let Some(origin) = ep.offset(0, -f) else { return false };
    let (from_ranks, _) = long_advance(them);
    if !from_ranks.contains(origin) || board.piece_at(origin).is_some() {
        return false;
    }
    match victim(board, ep, them) {
        Some(pawn) => pawn.rank().abs_diff(origin.rank()) >= 2 && pawn.rank().abs_diff(origin.rank()) <= 3,
        None => false,
    }
}

/// The pawn of `mover` that passed over `ep` with its long advance: the
/// first man on the file beyond `ep`, when it is such a pawn and stands
/// where that advance may end.
pub(crate) fn victim(board: &Board, ep: Square, mover: Color) -> Option<Square> {
    let f = mover.forward();
    let (_, last) = long_advance(mover);
    let mut sq = ep;
    loop {
        if board.piece_at(sq).is_some() {
            return (board.piece_at(sq) == Some(Piece::new(mover, Role::Pawn)) && sq != ep).then_some(sq);
        }
        if sq.rank() == last {
            return None;
        }
        sq = sq.offset(0, f)?;
    }
}

/// The squares an en passant capture may go to: `ep` and every square after
/// it up to the pawn that passed them.
pub(crate) fn passed_squares(board: &Board, ep: Square, mover: Color) -> Bitboard {
    let Some(pawn) = victim(board, ep, mover) else { return Bitboard::EMPTY };
    Bitboard::between(ep, pawn).with(ep)
}

impl Position {
    /// Royal: whether the side to move may restore its queen now (docs/rules.md
    /// 5.5): its right was spent by the last move and its princess stands.
    pub fn can_restore(&self) -> bool {
        self.rules().queen_restoration
            && self.rights().has(PENDING)
            && self.board().by_piece(Piece::new(self.turn(), Role::Princess)).any()
    }

    /// Royal: whether the side to move has its prince (docs/rules.md 5.3).
    pub fn has_cover(&self, color: Color) -> bool {
        has_cover(self.board(), color)
    }

    /// Royal: whether `color`'s restoration right is unused.
    pub fn has_restoration_right(&self, color: Color) -> bool {
        self.rules().queen_restoration && self.rights().has(restoration(color))
    }

    /// Whether the king of `color` is attacked by the other side's men
    /// (docs/rules.md 5.3's sense in Royal: any enemy man could capture on its
    /// square).
    pub fn king_attacked(&self, color: Color) -> bool {
        let board = self.board();
        board.king_of(color).is_some_and(|k| attackers(board, k, !color, board.occupied()).any())
    }
}
