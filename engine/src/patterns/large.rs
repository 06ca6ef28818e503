//! Large spatial patterns: the stones within a "gridcular" distance of a point (Pachi's metric
//! `|dx| + |dy| + max(|dx|, |dy|)`, which draws near-circles), hashed by Zobrist keys, seen from the
//! side to move and made independent of rotation and reflection by taking the smallest hash of
//! the eight symmetric forms. One hash per size, from distance 4 (3x3 plus the four points two
//! lines away) to distance 10 (72 points); the pattern model knows the frequent ones.

use crate::board::Board;
use crate::rng::splitmix64;
use crate::tactics::pattern3::{cell_values, transform};
use crate::types::{Color, Point};

/// The largest gridcular distance of each pattern size, smallest size first.
pub const SIZES: [u32; 7] = [4, 5, 6, 7, 8, 9, 10];
/// Number of pattern sizes.
pub const NUM_SIZES: usize = SIZES.len();
/// Points in the largest pattern (the centre excluded).
pub const NUM_OFFSETS: usize = 72;

/// Cell values: empty, own stone, opponent stone, off the board.
const STATES: usize = 4;

/// The gridcular distance of an offset.
pub const fn gridcular(dx: i32, dy: i32) -> u32 {
    let (x, y) = (dx.unsigned_abs(), dy.unsigned_abs());
    x + y + if x > y { x } else { y }
}

/// The offsets of the largest pattern, by increasing distance (ties in a fixed scan order).
const OFFSETS: [(i32, i32); NUM_OFFSETS] = {
    let mut out = [(0, 0); NUM_OFFSETS];
    let mut n = 0;
    let mut d = 1;
    while d <= SIZES[NUM_SIZES - 1] {
        let mut dy = -5;
        while dy <= 5 {
            let mut dx = -5;
            while dx <= 5 {
                if gridcular(dx, dy) == d {
                    out[n] = (dx, dy);
                    n += 1;
                }
                dx += 1;
            }
            dy += 1;
        }
        d += 1;
    }
    assert!(n == NUM_OFFSETS);
    out
};

/// `END[k]`: the number of offsets in size `k` (they come first in [`OFFSETS`]).
const END: [usize; NUM_SIZES] = {
    let mut end = [0; NUM_SIZES];
    let mut k = 0;
    while k < NUM_SIZES {
        let mut i = 0;
        while i < NUM_OFFSETS && gridcular(OFFSETS[i].0, OFFSETS[i].1) <= SIZES[k] {
            i += 1;
        }
        end[k] = i;
        k += 1;
    }
    end
};

const fn find(o: (i32, i32)) -> usize {
    let mut i = 0;
    while i < NUM_OFFSETS {
        if OFFSETS[i].0 == o.0 && OFFSETS[i].1 == o.1 {
            return i;
        }
        i += 1;
    }
    panic!("offset not in the pattern");
}

/// `SYMMETRIC[s][i]`: the index of offset `i` moved by symmetry `s`.
const SYMMETRIC: [[u8; NUM_OFFSETS]; 8] = {
    let mut t = [[0; NUM_OFFSETS]; 8];
    let mut s = 0;
    while s < 8 {
        let mut i = 0;
        while i < NUM_OFFSETS {
            t[s][i] = find(transform(s, OFFSETS[i])) as u8;
            i += 1;
        }
        s += 1;
    }
    t
};

/// Keys per (offset, state) and one per size, from a fixed stream: the shipped pattern weights
/// are keyed by these hashes, so changing the seed or the offsets' order invalidates them.
const KEYS_SEED: u64 = 0x7061_7474_6572_6e73; // "patterns"

const KEYS: ([[u64; STATES]; NUM_OFFSETS], [u64; NUM_SIZES]) = {
    let mut keys = [[0; STATES]; NUM_OFFSETS];
    let mut sizes = [0; NUM_SIZES];
    let mut state = KEYS_SEED;
    let mut i = 0;
    while i < NUM_OFFSETS {
        // Empty points add nothing; stones and the edge do.
        let mut c = 1;
        while c < STATES {
            let (s, k) = splitmix64(state);
            state = s;
            keys[i][c] = k;
            c += 1;
        }
        i += 1;
    }
    let mut k = 0;
    while k < NUM_SIZES {
        let (s, key) = splitmix64(state);
        state = s;
        sizes[k] = key;
        k += 1;
    }
    (keys, sizes)
};

/// `SYMMETRIC_KEYS[i][state][s]`: the key that offset `i` in `state` adds to the hash of
/// symmetry `s` (the key of the offset that `s` moves it to), laid out so that one offset updates
/// the eight hashes with one row.
static SYMMETRIC_KEYS: [[[u64; 8]; STATES]; NUM_OFFSETS] = {
    let mut t = [[[0; 8]; STATES]; NUM_OFFSETS];
    let mut i = 0;
    while i < NUM_OFFSETS {
        let mut c = 0;
        while c < STATES {
            let mut s = 0;
            while s < 8 {
                t[i][c][s] = KEYS.0[SYMMETRIC[s][i] as usize][c];
                s += 1;
            }
            c += 1;
        }
        i += 1;
    }
    t
};

/// The canonical hash of every size of pattern around `p` for `to_move`, smallest size first.
/// Equal hashes mean equal shapes (up to symmetry), with overwhelming probability.
pub fn large_hashes(board: &Board, p: Point, to_move: Color) -> [u64; NUM_SIZES] {
    let geo = board.geometry();
    let n = geo.size() as i32;
    let (col, row) = geo.col_row(p);
    let (col, row) = (col as i32, row as i32);
    // States are the 3x3 codes' cell values: 0 empty, 1 own, 2 opponent, 3 off the board.
    let state_of = cell_values(to_move);
    let stride = geo.stride() as i32;
    let centre = p.index() as i32;
    let mut states = [0u8; NUM_OFFSETS];
    for (state, &(dx, dy)) in states.iter_mut().zip(&OFFSETS) {
        let (c, r) = (col + dx, row + dy);
        *state = if c < 0 || r < 0 || c >= n || r >= n {
            3
        } else {
            state_of[board.at_index((centre + dy * stride + dx) as usize) as usize]
        };
    }
    // One pass over the offsets updates all eight symmetric hashes at once; empty points add
    // nothing, so only stones and the edge cost anything.
    let mut hashes = [0u64; 8];
    let mut out = [0u64; NUM_SIZES];
    let mut start = 0;
    for (k, &end) in END.iter().enumerate() {
        for i in start..end {
            let state = states[i] as usize;
            if state != 0 {
                let row = &SYMMETRIC_KEYS[i][state];
                for (h, key) in hashes.iter_mut().zip(row) {
                    *h ^= key;
                }
            }
        }
        out[k] = hashes.iter().copied().min().unwrap_or(0) ^ KEYS.1[k];
        start = end;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_nest_and_the_largest_has_72_points() {
        assert_eq!(END[0], 12, "3x3 plus the four points at distance two");
        assert_eq!(END[NUM_SIZES - 1], NUM_OFFSETS);
        assert!(END.windows(2).all(|w| w[0] < w[1]));
        // Every symmetry permutes the offsets of each size among themselves.
        for sym in &SYMMETRIC {
            for (k, &end) in END.iter().enumerate() {
                let mut seen: Vec<u8> = sym[..end].to_vec();
                seen.sort_unstable();
                assert_eq!(seen, (0..end as u8).collect::<Vec<_>>(), "size {k}");
            }
        }
    }

    #[test]
    fn rotated_shapes_hash_alike_and_different_shapes_do_not() {
        // A 3-3 invasion shape in the lower-left corner, and the same shape rotated into the
        // upper-right corner.
        let a = Board::from_ascii(
            ". . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . O . . . . .
             . . X . . . . . .
             . . . . . . . . .
             . . . . . . . . .",
        )
        .unwrap();
        let b = Board::from_ascii(
            ". . . . . . . . .
             . . . . . . . . .
             . . . . . . X . .
             . . . . . O . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .",
        )
        .unwrap();
        let geo = a.geometry();
        let ha = large_hashes(&a, geo.point(1, 1), Color::White);
        let hb = large_hashes(&b, geo.point(7, 7), Color::White);
        assert_eq!(ha, hb);
        // Seen by the other player, or one point over, the shapes differ at every size.
        let hc = large_hashes(&a, geo.point(1, 1), Color::Black);
        let hd = large_hashes(&a, geo.point(2, 1), Color::White);
        for k in 0..NUM_SIZES {
            assert_ne!(ha[k], hc[k]);
            assert_ne!(ha[k], hd[k]);
        }
        // All sizes are distinct keys even for an empty neighbourhood.
        let e = large_hashes(
            &Board::new(19).unwrap(),
            Board::new(19).unwrap().geometry().point(9, 9),
            Color::Black,
        );
        let mut sorted = e.to_vec();
        sorted.sort_unstable();
        sorted.dedup();
        assert_eq!(sorted.len(), NUM_SIZES);
    }
}
