//! Zobrist keys, generated at compile time (splitmix64).
#![expect(
    clippy::indexing_slicing,
    reason = "piece keys: (colour * Role::COUNT + role) * SQUARES + square < 2 * Role::COUNT * SQUARES; rights: a bit of a u16 < 16; en passant: a file < 10"
)]

use super::castling::Rights;
use super::geometry::{Square, SQUARES};
use super::role::{Color, Piece, Role};

const fn splitmix(state: u64) -> (u64, u64) {
    let s = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = s;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    (s, z ^ (z >> 31))
}

const PIECE_KEYS: usize = 2 * Role::COUNT * SQUARES;
const RIGHT_KEYS: usize = 16;
const EP_KEYS: usize = 10;

const fn keys<const N: usize>(seed: u64) -> [u64; N] {
    let mut out = [0u64; N];
    let mut state = seed;
    let mut i = 0;
    while i < N {
        let (s, k) = splitmix(state);
        state = s;
        out[i] = k;
        i += 1;
    }
    out
}

static PIECES: [u64; PIECE_KEYS] = keys(0x100_5eed);
static RIGHTS: [u64; RIGHT_KEYS] = keys(0x00ca_571e);
static EN_PASSANT: [u64; EP_KEYS] = keys(0xe9);
const BLACK_TO_MOVE: u64 = 0x5d58_8b65_6c07_8965;

#[inline]
pub fn piece(p: Piece, sq: Square) -> u64 {
    PIECES[(p.color.index() * Role::COUNT + p.role.index()) * SQUARES + sq.index()]
}

#[inline]
pub fn rights(r: Rights) -> u64 {
    let mut h = 0;
    let mut bits = r.bits();
    while bits != 0 {
        h ^= RIGHTS[bits.trailing_zeros() as usize];
        bits &= bits - 1;
    }
    h
}

#[inline]
pub fn en_passant(sq: Square) -> u64 {
    EN_PASSANT[sq.file() as usize]
}

#[inline]
pub fn turn(c: Color) -> u64 {
    match c {
        Color::White => 0,
        Color::Black => BLACK_TO_MOVE,
    }
}
