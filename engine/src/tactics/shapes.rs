//! The hand-written 3x3 shapes worth playing (the MoGo shapes: hane, cuts, edge moves), as a
//! table over the 3x3 code of [`super::pattern3`]. The playouts play them next to the last move
//! when the learned shapes are off, and the priors favour them.

use super::pattern3::{
    cells3x3, swap_colors, symmetric, CELL_CODES, EMPTY, OFFSETS, OFF_BOARD, OPPONENT, OWN,
};
use crate::board::Board;
use crate::types::{Color, Point};
use std::sync::OnceLock;

/// The shapes, for the player to move (`X`) against `O`, rows from the top, the move in the
/// centre: `.` empty, `#` off the board, `?` anything, `x` not an `X` stone, `o` not an `O`
/// stone. Each is matched in all eight orientations and with the colours swapped (Gelly et al.,
/// 2006), so the answer is the same for both players.
const SHAPES: [&str; 14] = [
    "XOX ... ???", // hane enclosing an opponent stone
    "XO. ... ?.?", // hane that cannot be cut
    "XO? X.. x.?", // magari (turning hane)
    "XOO ... ?.?", // thin hane
    ".O. X.. ...", // diagonal attachment
    "XO? O.o ?o?", // cut that is not yet protected
    "XO? O.X ???", // cut after a peep
    "?X? O.O ooo", // cut between two stones
    "OX? o.O ???", // knight's-move cut
    "X.? O.? ###", // edge: chase along the side
    "OX? X.O ###", // edge: block the side cut
    "?X? x.O ###", // edge: block the side connection
    "?XO x.x ###", // edge: sagari
    "?OX X.O ###", // edge: cut
];

/// Is a move by `to_move` on the empty point `p` one of the shapes?
#[inline]
pub fn is_shape(board: &Board, p: Point, to_move: Color) -> bool {
    let code = cells3x3(board, p, to_move) as usize;
    table()[code >> 6] & (1 << (code & 63)) != 0
}

/// One bit per cell code: set when the code matches a shape.
fn table() -> &'static [u64; CELL_CODES / 64] {
    static TABLE: OnceLock<[u64; CELL_CODES / 64]> = OnceLock::new();
    TABLE.get_or_init(build_table)
}

/// Every code each shape matches, in all orientations and both colourings.
fn build_table() -> [u64; CELL_CODES / 64] {
    let mut table = [0u64; CELL_CODES / 64];
    for shape in SHAPES {
        let allowed = allowed_values(shape);
        let mut codes = Vec::new();
        expand(&allowed, 0, 0, &mut codes);
        for code in codes {
            for c in [code, swap_colors(code)] {
                for s in 0..8 {
                    let t = symmetric(c, s) as usize;
                    table[t >> 6] |= 1 << (t & 63);
                }
            }
        }
    }
    table
}

/// For each neighbour in code order, the cell values its character in `shape` allows, as a
/// mask over [`EMPTY`], [`OWN`], [`OPPONENT`] and [`OFF_BOARD`].
fn allowed_values(shape: &str) -> [u8; 8] {
    let grid: Vec<char> = shape.chars().filter(|c| !c.is_whitespace()).collect();
    assert_eq!(grid.len(), 9, "shapes are 3x3");
    let bit = |v: u32| 1u8 << v;
    OFFSETS.map(|(dx, dy)| {
        // Row 0 of the grid is the top (north, dy = 1).
        let (row, col) = ((1 - dy) as usize, (dx + 1) as usize);
        match grid[row * 3 + col] {
            '?' => 0b1111,
            '.' => bit(EMPTY),
            'X' => bit(OWN),
            'O' => bit(OPPONENT),
            '#' => bit(OFF_BOARD),
            'x' => 0b1111 & !bit(OWN),
            'o' => 0b1111 & !bit(OPPONENT),
            c => panic!("unknown shape character {c:?}"),
        }
    })
}

/// Every code whose neighbours `k..` take allowed values, given the bits chosen so far.
fn expand(allowed: &[u8; 8], k: usize, code: u32, out: &mut Vec<u32>) {
    if k == 8 {
        out.push(code);
        return;
    }
    for v in 0..4 {
        if allowed[k] & (1 << v) != 0 {
            expand(allowed, k + 1, code | v << (2 * k), out);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tactics::pattern3::{is_possible, pattern3x3};
    use crate::test_boards::{board, pt};

    #[test]
    fn a_hane_matches_for_both_players_and_an_empty_point_does_not() {
        // Hane: own stones on both sides of an opponent stone; the point below it.
        let b = board(
            ". . . . .
             . X O X .
             . . . . .
             . . . . .
             . . . . .",
        );
        for color in [Color::Black, Color::White] {
            assert!(is_shape(&b, pt(&b, "C3"), color));
            assert!(!is_shape(&b, pt(&b, "C1"), color));
        }
        // The same shape in White's colours matches too.
        let w = board(
            ". . . . .
             . O X O .
             . . . . .
             . . . . .
             . . . . .",
        );
        assert!(is_shape(&w, pt(&w, "C3"), Color::Black));
    }

    #[test]
    fn the_table_is_closed_under_symmetry_and_colour_swap() {
        let t = build_table();
        let matches = |c: u32| t[c as usize >> 6] & (1 << (c & 63)) != 0;
        let mut count = 0;
        for code in 0..CELL_CODES as u32 {
            if !matches(code) {
                continue;
            }
            count += 1;
            assert!(matches(swap_colors(code)));
            for s in 0..8 {
                assert!(matches(symmetric(code, s)));
            }
        }
        assert!(count > 100, "{count}");
        // The edge chase "X.? O.? ###" at C1: own stone B2, opponent stone B1.
        let b = board(
            ". . . . .
             . . . . .
             . . . . .
             . X . . .
             . O . . .",
        );
        let code = pattern3x3(&b, pt(&b, "C1"), Color::Black);
        assert!(is_possible(code));
        assert!(matches(code & 0xFFFF));
        assert!(is_shape(&b, pt(&b, "C1"), Color::White));
        assert!(!is_shape(&b, pt(&b, "D1"), Color::Black));
    }
}
