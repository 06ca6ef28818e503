//! The engine's random numbers: a small, fast, seedable generator (xoshiro256++ seeded by
//! SplitMix64, from `rand_xoshiro`, whose output is fixed and portable) and the draws the
//! playouts need, written here on its 64-bit outputs so that a seed gives the same games on
//! every platform: the `bench` signature depends on it.

use rand::{RngCore, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

/// One step of SplitMix64 (Steele, Lea and Flood 2014): the next state and its output. Makes the
/// Zobrist and large-pattern keys at compile time (rand's generators cannot run in a `const`).
pub(crate) const fn splitmix64(state: u64) -> (u64, u64) {
    let s = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = s;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (s, z ^ (z >> 31))
}

/// One per thread; never shared. Xoshiro256++ from `rand_xoshiro` through rand's traits
/// (`SeedableRng::seed_from_u64`, which `rand_xoshiro` implements with SplitMix64, and
/// `RngCore::next_u64`); the draws below are our own arithmetic on its outputs, not rand's
/// distributions, whose values may change between rand versions.
#[derive(Clone, Debug)]
pub struct Rng {
    inner: Xoshiro256PlusPlus,
}

impl Rng {
    /// A generator whose whole stream is fixed by `seed`.
    pub fn new(seed: u64) -> Rng {
        Rng {
            inner: Xoshiro256PlusPlus::seed_from_u64(seed),
        }
    }

    /// The next 64 random bits.
    #[inline(always)]
    pub fn next_u64(&mut self) -> u64 {
        self.inner.next_u64()
    }

    /// A number in `0..n` (`n > 0`), by multiply-shift (bias below 2^-32 for board-sized `n`).
    #[inline(always)]
    pub fn below(&mut self, n: usize) -> usize {
        debug_assert!(n > 0);
        (((self.next_u64() >> 32) * n as u64) >> 32) as usize
    }

    /// True with probability `p` (0..=1).
    #[inline(always)]
    pub fn chance(&mut self, p: f32) -> bool {
        ((self.next_u64() >> 40) as f32) < p * (1u64 << 24) as f32
    }

    /// `N` (at most 5) independent coin flips from one draw, flip `i` true with probability
    /// `p[i]`, each to a resolution of 1/4096 (12 bits of the draw each): cheaper than `N` calls
    /// of [`Rng::chance`] where many flips are needed at once.
    #[inline(always)]
    pub fn chances<const N: usize>(&mut self, p: [f32; N]) -> [bool; N] {
        const { assert!(N <= 5, "five 12-bit fields in one 64-bit draw") };
        let bits = self.next_u64();
        let mut i = 0;
        p.map(|p| {
            let field = (bits >> (12 * i)) & 0xFFF;
            i += 1;
            (field as f32) < p * 4096.0
        })
    }

    /// A uniform float in [0, 1).
    #[inline(always)]
    pub fn unit(&mut self) -> f32 {
        (self.next_u64() >> 40) as f32 / (1u64 << 24) as f32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_stream_is_xoshiro256_plus_plus_seeded_by_splitmix64() {
        // The generator written out from its definition (Blackman and Vigna): the state is four
        // SplitMix64 outputs of the seed.
        let mut state = 42;
        let mut s = [0u64; 4];
        for x in &mut s {
            let (next, out) = splitmix64(state);
            state = next;
            *x = out;
        }
        let mut rng = Rng::new(42);
        for _ in 0..1000 {
            let expected = s[0].wrapping_add(s[3]).rotate_left(23).wrapping_add(s[0]);
            let t = s[1] << 17;
            s[2] ^= s[0];
            s[3] ^= s[1];
            s[1] ^= s[2];
            s[0] ^= s[3];
            s[2] ^= t;
            s[3] = s[3].rotate_left(45);
            assert_eq!(rng.next_u64(), expected);
        }
    }

    #[test]
    fn same_seed_same_stream_and_ranges_hold() {
        let (mut a, mut b) = (Rng::new(7), Rng::new(7));
        for _ in 0..100 {
            assert_eq!(a.next_u64(), b.next_u64());
        }
        let mut counts = [0usize; 5];
        for _ in 0..50_000 {
            counts[a.below(5)] += 1;
        }
        for c in counts {
            assert!((9_000..11_000).contains(&c), "{counts:?}");
        }
        assert!(!a.chance(0.0));
        assert!(a.chance(1.0));
        // Five flips from one draw: each near its probability, never for 0, always for 1.
        let mut hits = [0usize; 5];
        for _ in 0..40_000 {
            let flips = a.chances([0.0, 0.1, 0.5, 0.9, 1.0]);
            for (h, f) in hits.iter_mut().zip(flips) {
                *h += usize::from(f);
            }
        }
        assert_eq!((hits[0], hits[4]), (0, 40_000));
        for (h, p) in hits[1..4].iter().zip([0.1, 0.5, 0.9]) {
            assert!((*h as f64 / 40_000.0 - p).abs() < 0.01, "{hits:?}");
        }
        assert_ne!(Rng::new(1).next_u64(), Rng::new(2).next_u64());
    }
}
