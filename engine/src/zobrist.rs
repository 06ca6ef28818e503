//! Zobrist keys: one random 64-bit key per (colour, point), generated at compile time by a
//! fixed SplitMix64 stream, so hashes are identical on every build and platform.

use crate::geometry::MAX_POINTS;
use crate::rng::splitmix64;
use crate::Color;

const SEED: u64 = 0x7465_6e67_656e_2e67; // "tengen.g"

const fn build_keys() -> [[u64; MAX_POINTS]; 2] {
    let mut keys = [[0u64; MAX_POINTS]; 2];
    let mut state = SEED;
    let mut c = 0;
    while c < 2 {
        let mut p = 0;
        while p < MAX_POINTS {
            let (s, k) = splitmix64(state);
            state = s;
            keys[c][p] = k;
            p += 1;
        }
        c += 1;
    }
    keys
}

static KEYS: [[u64; MAX_POINTS]; 2] = build_keys();

/// The key of a `color` stone at array index `point`.
#[inline(always)]
pub fn stone_key(color: Color, point: usize) -> u64 {
    KEYS[color.index()][point]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_distinct() {
        let mut all: Vec<u64> = KEYS.iter().flatten().copied().collect();
        let n = all.len();
        all.sort_unstable();
        all.dedup();
        assert_eq!(all.len(), n);
    }
}
