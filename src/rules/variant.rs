//! Variants as data: board mask, piece letters, pawn ranks, promotion and
//! castling schemes, the throne pawn. One engine reads these tables.

use std::fmt;
use std::str::FromStr;

use super::castling::{sensitive_squares, CastleSpec, Rights, Stage, Wing};
pub use super::chess::{CHESS, CHESS960};
use super::geometry::{Bitboard, Square};
use super::role::{Color, Role};
pub use super::royal::ROYAL;

/// The games of the seeds.
#[derive(Copy, Clone, Eq, PartialEq, Hash, Debug, serde::Serialize)]
pub enum Variant {
    /// "Стоклеточные шахматы", 100-square chess (docs/rules.md 1).
    Hundred,
    /// Grand Chess (docs/rules.md 2).
    Grand,
    /// Chess (docs/rules.md 3).
    Chess,
    /// Chess960 (Fischer random): Chess from a start position of the FEN,
    /// castling with its king and rook files (docs/rules.md 3).
    Chess960,
    /// Dice chess (docs/rules.md 4).
    Dice,
    /// Royal Chess 100 (docs/rules.md 5).
    Royal,
}

impl Variant {
    pub const ALL: [Variant; 6] =
        [Variant::Hundred, Variant::Grand, Variant::Chess, Variant::Chess960, Variant::Dice, Variant::Royal];

    pub const fn name(self) -> &'static str {
        match self {
            Variant::Hundred => "Hundred",
            Variant::Grand => "Grand",
            Variant::Chess => "Chess",
            Variant::Chess960 => "Chess960",
            Variant::Dice => "Dice",
            Variant::Royal => "Royal",
        }
    }

    /// Spellings accepted for this variant (compared case-insensitively).
    pub const fn aliases(self) -> &'static [&'static str] {
        match self {
            Variant::Hundred => {
                &["hundred", "100", "стоклеточные", "стоклеточные шахматы", "hundred chess", "chess100"]
            }
            Variant::Grand => &["grand", "grand chess", "grandchess"],
            // As python-chess and lichess write the Variant tag.
            Variant::Chess => &["chess", "standard", "classical", "from position", "шахматы"],
            Variant::Chess960 => &["chess960", "chess 960", "fischerandom", "fischer random", "fischerrandom", "960"],
            Variant::Dice => &["dice", "dice chess", "dicechess"],
            Variant::Royal => &["royal", "royal chess 100", "королевские шахматы-100", "королевские шахматы"],
        }
    }

    /// The rules tables. Every variant has them now; the `Result` is kept for
    /// a variant named before its rules exist, as Dice and Royal once were.
    pub const fn rules(self) -> Result<&'static Rules, UnsupportedVariant> {
        match self {
            Variant::Hundred => Ok(&HUNDRED),
            Variant::Grand => Ok(&GRAND),
            Variant::Chess => Ok(&CHESS),
            Variant::Chess960 => Ok(&CHESS960),
            Variant::Dice => Ok(&super::dice::DICE),
            Variant::Royal => Ok(&ROYAL),
        }
    }
}

/// The variant of a record that no tag or option names: 100-square
/// chess, the game of the Russian books pgn100 is for.
impl Default for Variant {
    fn default() -> Variant {
        Variant::Hundred
    }
}

impl Variant {
    /// Where a record no tag or option names fails in the default variant
    /// and replays cleanly in this one, it is a game of this one (an
    /// ordinary chess game in a Hundred collection).
    pub const UNTAGGED_ALTERNATIVE: Variant = Variant::Chess;
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[derive(Debug, Clone, thiserror::Error, PartialEq, Eq)]
#[error("unknown variant {0:?} (known: hundred, grand, chess, chess960, dice, royal)")]
pub struct UnknownVariant(pub String);

#[derive(Debug, Clone, Copy, thiserror::Error, PartialEq, Eq)]
#[error("the {0} rules are not implemented yet")]
pub struct UnsupportedVariant(pub Variant);

impl FromStr for Variant {
    type Err = UnknownVariant;
    fn from_str(s: &str) -> Result<Variant, UnknownVariant> {
        let wanted = s.trim().to_lowercase();
        Variant::ALL
            .into_iter()
            .find(|v| v.aliases().iter().any(|a| *a == wanted))
            .ok_or_else(|| UnknownVariant(s.to_string()))
    }
}

/// Which pieces a pawn may become on some promotion squares.
#[derive(Debug)]
pub struct PromotionClass {
    pub squares: Bitboard,
    pub roles: &'static [Role],
}

/// How a variant's castling rights are found and written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CastlingRule {
    /// Every entry of the table has its right, letters `KQSL` (Hundred; Grand
    /// has none).
    Fixed,
    /// One castling per wing, with the rook the FEN names (docs/rules.md 3). With
    /// `free_files` the king and rooks may stand on any files (Chess960:
    /// Shredder and X-FEN letters); otherwise the king on `e` and the rooks
    /// in the corners.
    ByRook { free_files: bool },
    /// Royal (docs/rules.md 5.2, 5.5): `K`/`Q` castling on the king's and the
    /// queen's flank, `R` the queen-restoration right, `=` a restoration
    /// pending (docs/notation.md).
    Royal,
}

/// How a castling is written in the UCI that programs of the variant read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum UciCastling {
    /// The king's move marked `=O` (`f2h2=O`): a second stage of castling
    /// and a king's step share their squares (the oracle data's form).
    Marked,
    /// The king's move (`e1g1`), as chess programs write it.
    KingMove,
    /// The king onto its rook's square (`e1h1`), as python-chess writes
    /// Chess960 castling.
    KingOntoRook,
}

/// Which moves are legal, given the attacks on the kings.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Legality {
    /// No move may leave the mover's king attacked (docs/rules.md 1–3): check,
    /// mate and stalemate as in chess. The shared generator (pins and check
    /// evasions), the quick resolver and the castling test are built on it.
    KingSafe,
    /// Royal's L1–L3 (docs/rules.md 5.3): an attacked king must be taken, and a
    /// prince is crowned in its place; a king may be left attacked only
    /// while its side has cover (its prince), never both kings at once; a
    /// side whose king stands attacked without cover has lost (5.4). Judged
    /// by playing each move on a copy of the board (`rules::royal`).
    Cover,
}

/// Where a pawn that advanced more than one square may be taken en passant,
/// and what the FEN's en passant square names.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EnPassant {
    /// On the one square its double step skipped (docs/rules.md 1–3). A position
    /// keeps that square only while a capture on it is legal.
    Skipped,
    /// On every square its long advance passed (docs/rules.md 5.2). The FEN
    /// names the first; a position keeps it after every long advance,
    /// whether or not a capture is possible (as the oracle's FENs do).
    Passed,
}

/// Draws that end the game without a claim (docs/rules.md 3: the FIDE Laws'
/// fivefold repetition and 75-move rule).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AutoDraw {
    /// The same position this many times.
    pub repetitions: usize,
    /// This many plies without capture or pawn move (unless the last one mates).
    pub plies: u32,
}

/// Everything the engine needs to know about a variant.
#[derive(Debug)]
pub struct Rules {
    pub variant: Variant,
    pub width: u8,
    pub height: u8,
    /// The squares in play (a rectangle of the 10x10 layout).
    pub board: Bitboard,
    pub start_fen: &'static str,
    /// FEN letters (lower case) of the kinds in this variant.
    pub letters: &'static [(char, Role)],
    /// The same by letter, `a` to `z` (built from `letters` at compile time).
    pub letter_roles: [Option<Role>; 26],
    /// Where a pawn of each colour may make its double step from; also the
    /// rank the throne pawn is placed on.
    pub pawn_rank: [Bitboard; 2],
    /// The last rank, where a pawn must promote.
    pub promotion_rank: [Bitboard; 2],
    /// Squares where a pawn may promote but need not (Grand's 8th and 9th ranks).
    pub promotion_optional: [Bitboard; 2],
    /// At most this many men of a kind per side may result from promotion:
    /// a pawn becomes only a kind the side has fewer of (Grand: a lost piece).
    pub promotion_limit: &'static [(Role, u8)],
    /// Promotion choices by square class.
    pub promotion: &'static [PromotionClass],
    /// Castling moves, White's then Black's (Chess: every pair of king and
    /// rook files; a position keeps which it uses).
    pub castling: &'static [CastleSpec],
    /// How the castling rights of a set-up are found and written.
    pub castling_rule: CastlingRule,
    /// Squares whose moves (other than a king's) may change castling
    /// rights, where the variant fixes its castlings (Hundred, Royal). Empty
    /// where the FEN chooses them (Chess: `CastlingRule::ByRook`): each
    /// position then keeps the squares of its own.
    pub castle_squares: Bitboard,
    /// The square each colour's king must reach to gain the throne pawn.
    pub throne: Option<[Square; 2]>,
    /// Plies without capture or pawn move after which a draw may be claimed.
    pub claim_plies: u32,
    /// Draws without a claim, if the variant has them.
    pub auto_draw: Option<AutoDraw>,
    /// Which moves are legal.
    pub legality: Legality,
    /// Where a pawn's long advance may be taken en passant.
    pub en_passant: EnPassant,
    /// Whether a side whose queen is taken while it holds its right may
    /// crown its princess queen before its next move (docs/rules.md 5.5): one
    /// more choice of the ply (perft counts it).
    pub queen_restoration: bool,
    /// Whether some man of the variant makes the two-step of docs/rules.md 5.2
    /// (Royal's prince and princess; from [`Self::letters`] at compile
    /// time): the checkers are then found by an attack test that has it,
    /// which [`Board::attackers_to`](super::board::Board::attackers_to)
    /// leaves out to stay small in the other variants' generators.
    pub two_steppers: bool,
    /// The character the variant's own programs write castling with: `O`
    /// (`O-O`, the PGN of chess programs) or `0` (`0-0-0`, the 10x10
    /// records). The notation reads either.
    pub castle_letter: char,
    /// The variant's games are exchanged as chess programs write them
    /// (PGN: SAN in Latin letters, castling `O-O`); otherwise in the
    /// notation of the Russian books (long form, Cyrillic letters). What
    /// `generate` writes unless told.
    pub pgn_records: bool,
    /// The variant's games are exported in pychess's PGN (its variant
    /// name, SAN with its letters): what `convert --to pychess` writes.
    pub pychess_export: bool,
    /// A turn is the moves of a roll of dice, each naming a man that may
    /// move (docs/rules.md 4), and a game ends when a king is taken;
    /// otherwise a turn is one move.
    pub rolled_turns: bool,
    /// The game's stages by the men left on the board are rules of the
    /// variant (docs/rules.md 1.6: the endgame at 20 men, the deep endgame
    /// at 10).
    pub endgame_stages: bool,
}

impl Rules {
    /// The name of this variant's castling of `stage` and `wing` as
    /// `stats` counts it: its token, with [`Self::castle_letter`], and what
    /// it is (`0-0-0 (first, short)` where castling has two stages,
    /// `O-O (short)` elsewhere); `None` where the variant has no such
    /// castling.
    pub fn castle_label(&self, stage: Stage, wing: Wing) -> Option<String> {
        let spec = self.castling.iter().find(|c| c.stage == stage && c.wing == wing)?;
        let token = spec.token().replace('0', &self.castle_letter.to_string());
        let wing = match wing {
            Wing::Short => "short",
            Wing::Long => "long",
        };
        Some(match (self.two_stage_castling(), stage) {
            (false, _) => format!("{token} ({wing})"),
            (true, Stage::First) => format!("{token} (first, {wing})"),
            (true, Stage::Second) => format!("{token} (second, {wing})"),
        })
    }

    /// How a castling is written in UCI for the variant's programs: from
    /// where its castlings come from (a fixed table or the FEN's rooks).
    pub fn uci_castling(&self) -> UciCastling {
        match self.castling_rule {
            CastlingRule::ByRook { free_files: false } => UciCastling::KingMove,
            CastlingRule::ByRook { free_files: true } => UciCastling::KingOntoRook,
            CastlingRule::Fixed | CastlingRule::Royal => UciCastling::Marked,
        }
    }

    /// How many start positions the variant has: Chess960's king and rooks
    /// stand on any files (960 set-ups); every other variant has one.
    pub fn start_count(&self) -> u16 {
        match self.castling_rule {
            CastlingRule::ByRook { free_files: true } => 960,
            _ => 1,
        }
    }

    /// The FEN of start position `n` (below [`Self::start_count`]; Chess960
    /// numbers them as python-chess does).
    pub fn numbered_start_fen(&self, n: u16) -> Option<String> {
        match self.start_count() {
            1 if n == 0 => Some(self.start_fen.to_string()),
            960 => super::chess::chess960_start_fen(n),
            _ => None,
        }
    }

    /// Whether castling comes in two stages (Hundred): only a fixed table
    /// can hold a second stage, and it is short (Chess's has 128 entries).
    #[inline]
    pub fn two_stage_castling(&self) -> bool {
        self.castling_rule == CastlingRule::Fixed && self.castling.iter().any(|c| c.stage == Stage::Second)
    }

    /// Whether the variant has men of kind `role` (a letter of its FEN).
    pub const fn has_role(&self, role: Role) -> bool {
        let mut rest = self.letters;
        while let [(_, r), tail @ ..] = rest {
            if *r as u8 == role as u8 {
                return true;
            }
            rest = tail;
        }
        false
    }

    /// The kind a FEN letter (either case) stands for in this variant.
    #[inline]
    pub fn role_of_letter(&self, c: char) -> Option<Role> {
        let index = u32::from(c.to_ascii_lowercase()).wrapping_sub(u32::from('a'));
        self.letter_roles.get(index as usize).copied().flatten()
    }
    pub fn letter_of_role(&self, role: Role) -> char {
        self.letters.iter().find(|(_, r)| *r == role).map(|&(l, _)| l).unwrap_or('?')
    }
    /// Squares outside the board, which stop sliders like occupied squares.
    pub fn outside(&self) -> Bitboard {
        !self.board
    }
}

#[expect(clippy::panic, reason = "called in constants only: a square off the layout fails the build")]
pub(super) const fn sq(file: u8, rank: u8) -> Square {
    match Square::new(file, rank) {
        Some(s) => s,
        None => panic!("square off the layout"),
    }
}

const fn files(list: &[u8]) -> Bitboard {
    let mut bb = 0u128;
    let mut rest = list;
    while let [file, tail @ ..] = rest {
        bb |= Bitboard::file(*file).0;
        rest = tail;
    }
    Bitboard(bb)
}

const HUNDRED_LAST_RANKS: Bitboard = Bitboard(Bitboard::rank(0).0 | Bitboard::rank(9).0);

/// The FEN letters of the six men of chess, which every variant has.
pub(super) const CHESS_LETTERS: [(char, Role); 6] = [
    ('p', Role::Pawn),
    ('n', Role::Knight),
    ('b', Role::Bishop),
    ('r', Role::Rook),
    ('q', Role::Queen),
    ('k', Role::King),
];

/// [`CHESS_LETTERS`] followed by a variant's own men (`N` is 6 plus their
/// number; another `N` fails the build).
#[expect(clippy::panic, clippy::indexing_slicing, reason = "called in constants only: a wrong length fails the build")]
pub(super) const fn letters_with<const N: usize>(own: &[(char, Role)]) -> [(char, Role); N] {
    if N != CHESS_LETTERS.len() + own.len() {
        panic!("the letter table's length is six plus the variant's own men");
    }
    let mut table = [('p', Role::Pawn); N];
    let mut i = 0;
    while i < N {
        table[i] = if i < CHESS_LETTERS.len() { CHESS_LETTERS[i] } else { own[i - CHESS_LETTERS.len()] };
        i += 1;
    }
    table
}

/// `letters` as a table by letter, `a` to `z` (one look-up a man when a
/// FEN is read, not a search).
#[expect(clippy::indexing_slicing, reason = "called in constants only: a letter outside `a`..`z` fails the build")]
pub(super) const fn letter_roles(letters: &[(char, Role)]) -> [Option<Role>; 26] {
    let mut table = [None; 26];
    let mut i = 0;
    while i < letters.len() {
        let (letter, role) = letters[i];
        table[(letter as u8 - b'a') as usize] = Some(role);
        i += 1;
    }
    table
}

/// Whether some man of `letters` makes the two-step of docs/rules.md 5.2.
pub(super) const fn has_two_steppers(letters: &[(char, Role)]) -> bool {
    let mut rest = letters;
    while let [(_, role), tail @ ..] = rest {
        if role.movement().two_step {
            return true;
        }
        rest = tail;
    }
    false
}

/// The FEN letters of Hundred: chess's and the prince (`a`).
const HUNDRED_LETTERS: [(char, Role); 7] = letters_with(&[('a', Role::Prince)]);

/// The FEN letters of Grand: chess's, the marshal (`c`) and the cardinal (`a`).
const GRAND_LETTERS: [(char, Role); 8] = letters_with(&[('c', Role::Marshal), ('a', Role::Cardinal)]);

/// Hundred's two-stage castling (docs/rules.md 1.4) for one colour on one wing.
const fn hundred_castle(color: Color, stage: Stage, wing: Wing) -> CastleSpec {
    // White's squares; Black mirrors ranks 2 -> 9 and 1 -> 10.
    let (home, corner_rank) = match color {
        Color::White => (1, 0),
        Color::Black => (8, 9),
    };
    let (k_from, k_to, r_from, r_to, between): (u8, u8, u8, u8, &[u8]) = match (stage, wing) {
        (Stage::First, Wing::Short) => (5, 7, 9, 6, &[6, 7, 8]),
        (Stage::First, Wing::Long) => (5, 3, 0, 4, &[1, 2, 3, 4]),
        (Stage::Second, Wing::Short) => (7, 8, 9, 7, &[8]),
        (Stage::Second, Wing::Long) => (3, 1, 0, 2, &[1, 2]),
    };
    let mut between_bb = 0u128;
    let mut rest = between;
    while let [file, tail @ ..] = rest {
        between_bb |= sq(*file, home).bb().0;
        rest = tail;
    }
    let corner_file = match wing {
        Wing::Short => 9,
        Wing::Long => 0,
    };
    CastleSpec {
        color,
        stage,
        wing,
        right: Rights::castle_bit(color, stage, wing),
        king_from: sq(k_from, home),
        king_to: sq(k_to, home),
        rook_from: sq(r_from, home),
        rook_to: sq(r_to, home),
        between: Bitboard(between_bb),
        king_path: Bitboard::EMPTY,
        safe_after: Bitboard(sq(k_to, home).bb().0 | sq(r_to, home).bb().0),
        corner: sq(corner_file, corner_rank),
        step: sq(corner_file, home),
        token: match (stage, wing) {
            (Stage::First, Wing::Short) => "0-0-0",
            (Stage::First, Wing::Long) => "0-0-0-0",
            (Stage::Second, Wing::Short) => "1",
            (Stage::Second, Wing::Long) => "1-1",
        },
    }
}

const HUNDRED_CASTLING: [CastleSpec; 8] = [
    hundred_castle(Color::White, Stage::First, Wing::Short),
    hundred_castle(Color::White, Stage::First, Wing::Long),
    hundred_castle(Color::White, Stage::Second, Wing::Short),
    hundred_castle(Color::White, Stage::Second, Wing::Long),
    hundred_castle(Color::Black, Stage::First, Wing::Short),
    hundred_castle(Color::Black, Stage::First, Wing::Long),
    hundred_castle(Color::Black, Stage::Second, Wing::Short),
    hundred_castle(Color::Black, Stage::Second, Wing::Long),
];

/// Hundred, docs/rules.md section 1.
pub static HUNDRED: Rules = Rules {
    variant: Variant::Hundred,
    width: 10,
    height: 10,
    board: Bitboard::FULL,
    start_fen: "rnbnaqnbnr/rbnbqkbnbr/pppppppppp/10/10/10/10/PPPPPPPPPP/RBNBQKBNBR/RNBNAQNBNR w KQSLkqslTt - 0 1",
    letters: &HUNDRED_LETTERS,
    letter_roles: letter_roles(&HUNDRED_LETTERS),
    pawn_rank: [Bitboard::rank(2), Bitboard::rank(7)],
    promotion_rank: [Bitboard::rank(9), Bitboard::rank(0)],
    promotion_optional: [Bitboard::EMPTY, Bitboard::EMPTY],
    promotion_limit: &[],
    promotion: &[
        // Files a, c, h, j (rook and bishop squares of the set-up).
        PromotionClass {
            squares: Bitboard(files(&[0, 2, 7, 9]).0 & HUNDRED_LAST_RANKS.0),
            roles: &[Role::Queen, Role::Prince, Role::Rook, Role::Bishop, Role::Knight],
        },
        // Files b, d, e, f, g, i (knight, queen and prince squares).
        PromotionClass {
            squares: Bitboard(files(&[1, 3, 4, 5, 6, 8]).0 & HUNDRED_LAST_RANKS.0),
            roles: &[Role::Queen, Role::Rook, Role::Bishop, Role::Knight],
        },
    ],
    castling: &HUNDRED_CASTLING,
    castling_rule: CastlingRule::Fixed,
    castle_squares: sensitive_squares(&HUNDRED_CASTLING),
    throne: Some([sq(5, 8), sq(5, 1)]),
    claim_plies: 160,
    auto_draw: None,
    legality: Legality::KingSafe,
    en_passant: EnPassant::Skipped,
    queen_restoration: false,
    two_steppers: has_two_steppers(&HUNDRED_LETTERS),
    castle_letter: '0',
    pgn_records: false,
    pychess_export: false,
    rolled_turns: false,
    endgame_stages: true,
};

/// Grand Chess, docs/rules.md section 2 (Fairy-Stockfish's `grand`).
pub static GRAND: Rules = Rules {
    variant: Variant::Grand,
    width: 10,
    height: 10,
    board: Bitboard::FULL,
    start_fen: "r8r/1nbqkcabn1/pppppppppp/10/10/10/10/PPPPPPPPPP/1NBQKCABN1/R8R w - - 0 1",
    letters: &GRAND_LETTERS,
    letter_roles: letter_roles(&GRAND_LETTERS),
    pawn_rank: [Bitboard::rank(2), Bitboard::rank(7)],
    promotion_rank: [Bitboard::rank(9), Bitboard::rank(0)],
    promotion_optional: [
        Bitboard(Bitboard::rank(7).0 | Bitboard::rank(8).0),
        Bitboard(Bitboard::rank(1).0 | Bitboard::rank(2).0),
    ],
    promotion_limit: &[
        (Role::Queen, 1),
        (Role::Marshal, 1),
        (Role::Cardinal, 1),
        (Role::Rook, 2),
        (Role::Bishop, 2),
        (Role::Knight, 2),
    ],
    promotion: &[PromotionClass {
        squares: Bitboard(
            Bitboard::rank(0).0
                | Bitboard::rank(1).0
                | Bitboard::rank(2).0
                | Bitboard::rank(7).0
                | Bitboard::rank(8).0
                | Bitboard::rank(9).0,
        ),
        roles: &[Role::Queen, Role::Marshal, Role::Cardinal, Role::Rook, Role::Bishop, Role::Knight],
    }],
    castling: &[],
    castling_rule: CastlingRule::Fixed,
    castle_squares: Bitboard::EMPTY,
    throne: None,
    claim_plies: 100,
    auto_draw: None,
    legality: Legality::KingSafe,
    en_passant: EnPassant::Skipped,
    queen_restoration: false,
    two_steppers: has_two_steppers(&GRAND_LETTERS),
    castle_letter: '0',
    pgn_records: false,
    pychess_export: true,
    rolled_turns: false,
    endgame_stages: false,
};

#[cfg(test)]
mod tests {
    use super::*;

    /// Each variant's table by letter is its letter list, no more and no
    /// less (every `Rules` names both, by hand): a letter of either case
    /// gives its kind, and every other letter none.
    #[test]
    fn the_letter_table_is_the_letter_list() {
        for variant in Variant::ALL {
            let rules = variant.rules().expect("rules");
            for c in 'a'..='z' {
                let listed = rules.letters.iter().find(|(l, _)| *l == c).map(|&(_, r)| r);
                assert_eq!(rules.role_of_letter(c), listed, "{variant} {c}");
                assert_eq!(rules.role_of_letter(c.to_ascii_uppercase()), listed, "{variant} {c}");
                if let Some(role) = listed {
                    assert_eq!(rules.letter_of_role(role), c, "{variant} {c}");
                }
            }
            assert_eq!(rules.letter_roles.iter().flatten().count(), rules.letters.len(), "{variant}");
            for c in ['`', '{', '@', '[', 'é', 'к'] {
                assert_eq!(rules.role_of_letter(c), None, "{variant} {c}");
            }
        }
    }

    /// The shared generator and play know the rules of chess's kind only:
    /// every rule they leave to `rules::royal` comes with `Legality::Cover`,
    /// which sends generation and play there, and that legality with all
    /// of them (`rules::royal` plays them whenever it plays).
    #[test]
    fn the_rules_only_royal_plays_come_with_cover() {
        for variant in Variant::ALL {
            let rules = variant.rules().expect("rules");
            let cover = rules.legality == Legality::Cover;
            assert_eq!(rules.en_passant == EnPassant::Passed, cover, "{variant}");
            assert_eq!(rules.queen_restoration, cover, "{variant}");
            assert_eq!(rules.two_steppers, cover, "{variant}");
            assert_eq!(rules.castling_rule == CastlingRule::Royal, cover, "{variant}");
        }
        assert_eq!(Variant::ALL.iter().filter(|v| v.rules().is_ok_and(|r| r.legality == Legality::Cover)).count(), 1);
    }

    #[test]
    fn aliases_resolve() {
        assert_eq!("Стоклеточные".parse::<Variant>(), Ok(Variant::Hundred));
        assert_eq!("100".parse::<Variant>(), Ok(Variant::Hundred));
        assert_eq!("Grand chess".parse::<Variant>(), Ok(Variant::Grand));
        assert_eq!("Standard".parse::<Variant>(), Ok(Variant::Chess));
        assert!("xiangqi".parse::<Variant>().is_err());
    }

    #[test]
    fn hundred_promotion_depends_on_the_file() {
        use crate::rules::Position;
        // White pawns on a9 and e9, Black's on h2: each may become what its file allows.
        let pos = Position::from_fen("k9/P3P5/10/10/10/10/10/10/7p2/9K w - - 0 1", Variant::Hundred).unwrap();
        assert_eq!(pos.promotion_choices(Square::parse("a10").unwrap()).len(), 5);
        assert_eq!(pos.promotion_choices(Square::parse("e10").unwrap()).len(), 4);
        assert_eq!(pos.promotion_choices(Square::parse("e5").unwrap()).len(), 0);
    }

    #[test]
    fn grand_promotes_only_to_lost_pieces() {
        use crate::rules::Position;
        // White has its queen, marshal, cardinal, two rooks, one bishop and no knight.
        let fen = "7k2/4P5/10/10/10/10/10/10/1QCARB4/R8K w - - 0 1";
        let pos = Position::from_fen(fen, Variant::Grand).unwrap();
        assert_eq!(pos.promotion_choices(Square::parse("e10").unwrap()), vec![Role::Bishop, Role::Knight]);
    }
}
