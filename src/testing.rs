//! What the unit tests share.

/// Reproducible random numbers for the unit tests' inputs: `next(n)` is
/// below `n` (a 64-bit linear congruential generator, its high bits).
pub(crate) fn numbers(seed: u64) -> impl FnMut(usize) -> usize {
    let mut seed = seed;
    move |n| {
        seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
        usize::try_from(seed >> 33).unwrap_or(0) % n
    }
}
