//! Zobrist keys: one random 64-bit key per (colour, point), generated at compile time by a
//! fixed SplitMix64 stream, so hashes are identical on every build and platform.

use crate::geometry::MAX_POINTS;
use crate::Color;

const SEED: u64 = 0x7465_6e67_656e_2e67; // "tengen.g"

/// One step of SplitMix64: the next state and its output.
pub(crate) const fn splitmix64(state: u64) -> (u64, u64) {
    let s = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = s;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (s, z ^ (z >> 31))
}

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
