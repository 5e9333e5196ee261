//! Chess and Chess960 (docs/rules.md 3) as data for the one engine: an 8x8 mask of
//! the 10x10 layout, the six chess men, one castling per wing with the king
//! and rook files of the set-up, and the castling field of FEN in the
//! letters python-chess reads and writes (`KQkq`, Shredder `HAha`, X-FEN).

use super::board::Board;
use super::castling::{CastleSpec, Castles, Rights, Stage, Wing};
use super::geometry::{Bitboard, Square};
use super::position::{Position, SetupProblem};
use super::role::{Color, Piece, Role};
use super::variant::{
    has_two_steppers, letter_roles, sq, AutoDraw, CastlingRule, EnPassant, Legality, PromotionClass, Rules, Variant,
    CHESS_LETTERS,
};

const fn rect(width: u8, height: u8) -> Bitboard {
    let mut bb = 0u128;
    let mut r = 0;
    while r < height {
        let mut f = 0;
        while f < width {
            bb |= sq(f, r).bb().0;
            f += 1;
        }
        r += 1;
    }
    Bitboard(bb)
}

/// The 64 squares of chess: files `a`..`h`, ranks `1`..`8` of the layout.
const BOARD: Bitboard = rect(8, 8);
const RANK_1: Bitboard = Bitboard(Bitboard::rank(0).0 & BOARD.0);
const RANK_2: Bitboard = Bitboard(Bitboard::rank(1).0 & BOARD.0);
const RANK_7: Bitboard = Bitboard(Bitboard::rank(6).0 & BOARD.0);
const RANK_8: Bitboard = Bitboard(Bitboard::rank(7).0 & BOARD.0);

/// Squares of `rank` on the files strictly between `a` and `b`.
const fn files_between(a: u8, b: u8, rank: u8) -> Bitboard {
    let (lo, hi) = if a < b { (a, b) } else { (b, a) };
    let mut bb = 0u128;
    let mut f = lo + 1;
    while f < hi {
        bb |= sq(f, rank).bb().0;
        f += 1;
    }
    Bitboard(bb)
}

/// The castling of `color` with the king on `king_file` and the rook on
/// `rook_file` of its first rank (docs/rules.md 3, Chess960 as python-chess plays
/// it): the king goes to `g`/`c`, the rook to `f`/`d`, whatever their files.
const fn chess_castle(color: Color, king_file: u8, rook_file: u8) -> CastleSpec {
    let home = match color {
        Color::White => 0,
        Color::Black => 7,
    };
    let wing = if rook_file > king_file { Wing::Short } else { Wing::Long };
    let (king_to_file, rook_to_file, token) = match wing {
        Wing::Short => (6, 5, "0-0"),
        Wing::Long => (2, 3, "0-0-0"),
    };
    let king_from = sq(king_file, home);
    let king_to = sq(king_to_file, home);
    let rook_from = sq(rook_file, home);
    let rook_to = sq(rook_to_file, home);
    let king_path = files_between(king_file, king_to_file, home);
    let rook_path = files_between(rook_file, rook_to_file, home);
    let between =
        Bitboard((king_path.0 | rook_path.0 | king_to.bb().0 | rook_to.bb().0) & !king_from.bb().0 & !rook_from.bb().0);
    CastleSpec {
        color,
        stage: Stage::First,
        wing,
        right: Rights::castle_bit(color, Stage::First, wing),
        king_from,
        king_to,
        rook_from,
        rook_to,
        between,
        king_path,
        safe_after: king_to.bb(),
        corner: rook_from,
        step: rook_from,
        token,
    }
}

/// The table entry of the castling of `color` with king and rook on these files.
pub(super) const fn castle_index(color: Color, king_file: u8, rook_file: u8) -> u8 {
    color as u8 * 64 + king_file * 8 + rook_file
}

/// Every castling of chess: `castle_index` gives the entry (the 16 entries
/// with king and rook on one file are never chosen).
#[expect(clippy::indexing_slicing, reason = "`i < 128`, the table's length")]
const CASTLING: [CastleSpec; 128] = {
    let mut table = [chess_castle(Color::White, 4, 7); 128];
    let mut i = 0;
    while i < 128 {
        let color = if i < 64 { Color::White } else { Color::Black };
        table[i] = chess_castle(color, ((i % 64) / 8) as u8, (i % 8) as u8);
        i += 1;
    }
    table
};

const PROMOTION: &[PromotionClass] = &[PromotionClass {
    squares: Bitboard(RANK_1.0 | RANK_8.0),
    roles: &[Role::Queen, Role::Rook, Role::Bishop, Role::Knight],
}];

pub(super) const fn chess_rules(variant: Variant, free_files: bool) -> Rules {
    Rules {
        variant,
        width: 8,
        height: 8,
        board: BOARD,
        start_fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        letters: &CHESS_LETTERS,
        letter_roles: letter_roles(&CHESS_LETTERS),
        pawn_rank: [RANK_2, RANK_7],
        promotion_rank: [RANK_8, RANK_1],
        promotion_optional: [Bitboard::EMPTY, Bitboard::EMPTY],
        promotion_limit: &[],
        promotion: PROMOTION,
        castling: &CASTLING,
        castling_rule: CastlingRule::ByRook { free_files },
        // Each position keeps its own castlings' squares (from its FEN).
        castle_squares: Bitboard::EMPTY,
        throne: None,
        claim_plies: 100,
        auto_draw: Some(AutoDraw { repetitions: 5, plies: 150 }),
        legality: Legality::KingSafe,
        en_passant: EnPassant::Skipped,
        queen_restoration: false,
        two_steppers: has_two_steppers(&CHESS_LETTERS),
        castle_letter: 'O',
        pgn_records: true,
        pychess_export: false,
        rolled_turns: false,
        endgame_stages: false,
    }
}

/// Chess, docs/rules.md section 3: the king on `e`, the rooks in the corners.
pub static CHESS: Rules = chess_rules(Variant::Chess, false);

/// Chess960: the rules of Chess, castling with the king and rook files of
/// the start position (docs/rules.md 3).
pub static CHESS960: Rules = chess_rules(Variant::Chess960, true);

/// The first rank of `color` on the chess board.
fn home_rank(color: Color) -> u8 {
    match color {
        Color::White => 0,
        Color::Black => 7,
    }
}

/// The castling rights of a chess set-up and the table entries they stand
/// for, from the FEN's letters: `K`/`Q` the outermost rook on that side of
/// the king (X-FEN), file letters in `rook_files` the rook on that file
/// (Shredder). A right the men contradict is a problem, as in Hundred.
pub(crate) fn castling_rights(
    board: &Board,
    read: Rights,
    rook_files: [u8; 2],
    rules: &Rules,
    problems: &mut Vec<SetupProblem>,
) -> (Rights, Castles) {
    let free_files = matches!(rules.castling_rule, CastlingRule::ByRook { free_files: true });
    let mut rights = Rights::NONE;
    let mut castles = Castles([
        castle_index(Color::White, 4, 7),
        castle_index(Color::White, 4, 0),
        castle_index(Color::Black, 4, 7),
        castle_index(Color::Black, 4, 0),
    ]);
    let mut known = 0u16;
    for color in Color::ALL {
        let rank = home_rank(color);
        let rooks = board.by_piece(Piece::new(color, Role::Rook)) & Bitboard::rank(rank) & rules.board;
        let king = board.king_of(color).filter(|k| k.rank() == rank);
        // Each right as (letter, rook file).
        let mut wanted: Vec<(char, Option<u8>)> = Vec::new();
        for wing in [Wing::Short, Wing::Long] {
            let bit = Rights::castle_bit(color, Stage::First, wing);
            known |= bit.0;
            if read.has(bit) {
                let outermost = king.and_then(|k| match wing {
                    Wing::Short => rooks.filter(|r| r.file() > k.file()).last(),
                    Wing::Long => {
                        let mut rooks = rooks;
                        rooks.find(|r| r.file() < k.file())
                    }
                });
                wanted.push((bit.letter(), outermost.map(|r| r.file())));
            }
        }
        for file in 0..rules.width {
            if rook_files.get(color.index()).is_some_and(|files| files & (1 << file) != 0) {
                let letter = (b'A' + file) as char;
                let letter = if color == Color::White { letter } else { letter.to_ascii_lowercase() };
                wanted.push((letter, Some(file)));
            }
        }
        for (letter, rook_file) in wanted {
            let why = match (king, rook_file) {
                (None, _) => Some("the king is not on its first rank"),
                (Some(k), _) if !free_files && k.file() != 4 => Some("the king is not on its start square"),
                (_, None) => Some("no rook on that side of the king"),
                (Some(k), Some(f)) => {
                    let wing = if f > k.file() { Wing::Short } else { Wing::Long };
                    let slot = Castles::slot(color, wing);
                    let bit = Rights::castle_bit(color, Stage::First, wing);
                    let index = castle_index(color, k.file(), f);
                    let rook_home = Square::new(f, rank).is_some_and(|s| rooks.contains(s));
                    if f == k.file() || !rook_home {
                        Some("the rook is not on its start square")
                    } else if !free_files && f != 0 && f != 7 {
                        Some("the rook is not in its corner")
                    } else if rights.has(bit) && castles.0.get(slot) != Some(&index) {
                        Some("two castling rooks on one side of the king")
                    } else {
                        rights.set(bit);
                        if let Some(s) = castles.0.get_mut(slot) {
                            *s = index;
                        }
                        None
                    }
                }
            };
            if let Some(why) = why {
                problems.push(SetupProblem::BadRight { letter, why });
            }
        }
    }
    if read.0 & !known != 0 {
        let letter = Rights(read.0 & !known).letter();
        problems.push(SetupProblem::BadRight { letter, why: "this variant has no such castling" });
    }
    (rights, castles)
}

/// The castling field as python-chess writes it (X-FEN): `K`/`Q` for the
/// outermost rook on its side of the king, the rook's file letter when
/// another rook stands farther out; White's first, the king's side first.
pub(crate) fn write_castling_fen(
    board: &Board,
    rights: Rights,
    castles: Castles,
    table: &[CastleSpec],
    s: &mut String,
) {
    let start = s.len();
    for color in Color::ALL {
        for (i, wing) in [(0u16, Wing::Short), (1, Wing::Long)] {
            if !rights.has(Rights::castle_bit(color, Stage::First, wing)) {
                continue;
            }
            let Some(spec) = table.get(castles.index(color, i) as usize) else { continue };
            let rook = spec.rook_from;
            let others = board.by_piece(Piece::new(color, Role::Rook)) & Bitboard::rank(rook.rank());
            let farther = Iterator::any(&mut others.without(rook), |o| match wing {
                Wing::Short => o.file() > rook.file(),
                Wing::Long => o.file() < rook.file(),
            });
            let c = match (farther, wing) {
                (true, _) => (b'a' + rook.file()) as char,
                (false, Wing::Short) => 'k',
                (false, Wing::Long) => 'q',
            };
            s.push(if color == Color::White { c.to_ascii_uppercase() } else { c });
        }
    }
    if s.len() == start {
        s.push('-');
    }
}

impl Position {
    /// Whether neither side has the men to mate, as python-chess judges it
    /// (`is_insufficient_material`): no pawn, rook or queen (nor a piece of
    /// the other variants) on either side, and for each side either a lone
    /// king, a king and one knight against no man but queens, or bishops all
    /// on squares of one colour with no knight nor bishop of the other
    /// colour opposite. A query: it ends no game (docs/rules.md 3 names only the
    /// fivefold repetition and the 75-move rule).
    pub fn is_insufficient_material(&self) -> bool {
        Color::ALL.into_iter().all(|c| self.has_insufficient_material(c))
    }

    fn has_insufficient_material(&self, color: Color) -> bool {
        let board = self.board();
        let ours = board.by_color(color);
        let theirs = board.by_color(!color);
        let heavy = [Role::Pawn, Role::Rook, Role::Queen, Role::Prince, Role::Marshal, Role::Cardinal];
        if heavy.iter().any(|&r| (board.by_role(r) & ours).any()) {
            return false;
        }
        if (board.by_role(Role::Knight) & ours).any() {
            return ours.count() <= 2 && (theirs & !board.by_role(Role::King) & !board.by_role(Role::Queen)).is_empty();
        }
        let bishops = board.by_role(Role::Bishop);
        if (bishops & ours).any() {
            let light = |sq: Square| (sq.file() + sq.rank()) % 2 == 1;
            let mut all = bishops;
            let one_colour = Iterator::all(&mut all, light) || Iterator::all(&mut { bishops }, |sq| !light(sq));
            return one_colour && board.by_role(Role::Pawn).is_empty() && board.by_role(Role::Knight).is_empty();
        }
        true
    }
}

/// The Chess960 start position number `n` (0..960, Scharnagl's numbering,
/// as python-chess's `from_chess960_pos` and the FIDE tables count them; 518
/// is the standard set-up) as FEN with X-FEN castling letters; `None` for
/// another number.
pub fn chess960_start_fen(n: u16) -> Option<String> {
    const KNIGHTS: [(usize, usize); 10] =
        [(0, 1), (0, 2), (0, 3), (0, 4), (1, 2), (1, 3), (1, 4), (2, 3), (2, 4), (3, 4)];
    if n >= 960 {
        return None;
    }
    let n = usize::from(n);
    let mut rank = [None::<char>; 8];
    // Puts `man` on the `nth` file still empty (counting from a).
    let mut place = |nth: usize, man: char| {
        let slot = rank.iter_mut().filter(|c| c.is_none()).nth(nth)?;
        *slot = Some(man);
        Some(())
    };
    // The bishops first, on their own colours (files b d f h, then a c e g),
    // counted among all eight files, which are empty then.
    let (light, dark) = (2 * (n % 4) + 1, 2 * (n / 4 % 4));
    place(light, 'b')?;
    place(if dark < light { dark } else { dark - 1 }, 'b')?;
    place(n / 16 % 6, 'q')?;
    let (a, b) = *KNIGHTS.get(n / 96)?;
    place(b, 'n')?;
    place(a, 'n')?;
    for man in ['r', 'k', 'r'] {
        place(0, man)?;
    }
    let black: String = rank.iter().flatten().collect();
    Some(format!("{black}/pppppppp/8/8/8/8/PPPPPPPP/{} w KQkq - 0 1", black.to_uppercase()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_standard_castlings_are_the_table_entries_of_e_and_the_corners() {
        let short = &CASTLING[castle_index(Color::White, 4, 7) as usize];
        assert_eq!((short.king_to.to_string(), short.rook_to.to_string()), ("g1".into(), "f1".into()));
        assert_eq!(short.between.count(), 2);
        assert_eq!(short.king_path, Square::parse("f1").unwrap().bb());
        let long = &CASTLING[castle_index(Color::Black, 4, 0) as usize];
        assert_eq!((long.king_to.to_string(), long.rook_to.to_string()), ("c8".into(), "d8".into()));
        // b8, c8 and d8 must be empty; the king passes d8 only.
        assert_eq!(long.between.count(), 3);
        assert_eq!(long.king_path, Square::parse("d8").unwrap().bb());
    }

    #[test]
    fn a_king_already_on_its_square_passes_nothing() {
        // King g1, rook h1: only f1 must be empty; the king does not move.
        let spec = &CASTLING[castle_index(Color::White, 6, 7) as usize];
        assert_eq!(spec.king_from, spec.king_to);
        assert_eq!(spec.between, Square::parse("f1").unwrap().bb());
        assert!(spec.king_path.is_empty());
    }
}
