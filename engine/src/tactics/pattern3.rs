//! 3x3 patterns with atari information: the shape around a point as a 20-bit code, seen from the
//! side to move, and its canonical form under the eight symmetries of the square.
//!
//! # Code layout
//! Bits `2i..2i+2` hold neighbour `i` (see [`OFFSETS`]): 0 empty, 1 own stone, 2 opponent stone,
//! 3 off the board. Bits `16 + i` (`i < 4`, the orthogonal neighbours) are set when the stone there
//! belongs to a chain in atari. Colours are relative to the side to move, so one table serves both
//! players; the code is cheap enough for the playout policy (eight cell reads, four atari tests).

use crate::board::Board;
use crate::types::{Cell, Color, Point};

/// Number of distinct raw codes: 16 bits of cells and 4 atari bits.
pub const CODES: usize = 1 << 20;
/// Number of distinct codes of the cells alone ([`cells3x3`]).
pub const CELL_CODES: usize = 1 << 16;

/// Cell values inside a code.
pub const EMPTY: u32 = 0;
pub const OWN: u32 = 1;
pub const OPPONENT: u32 = 2;
pub const OFF_BOARD: u32 = 3;

/// The neighbours in code order as (column, row) offsets: the four orthogonal ones first, in the
/// order of [`crate::Geometry::neighbors`] (south, west, east, north), then the four diagonals in
/// the order of [`crate::Geometry::diagonals`].
pub const OFFSETS: [(i32, i32); 8] = [
    (0, -1),
    (-1, 0),
    (1, 0),
    (0, 1),
    (-1, -1),
    (1, -1),
    (-1, 1),
    (1, 1),
];

/// The value ([`EMPTY`], [`OWN`], [`OPPONENT`], [`OFF_BOARD`]) of each cell, indexed by the
/// cell's number (empty, black, white, border), seen from `to_move`. The 3x3 codes and the large
/// patterns' states both use it.
#[inline(always)]
pub(crate) fn cell_values(to_move: Color) -> [u8; 4] {
    const _: () = assert!(
        Cell::Empty as u8 == 0
            && Cell::Black as u8 == 1
            && Cell::White as u8 == 2
            && Cell::Border as u8 == 3
    );
    let (empty, own, opp, off) = (EMPTY as u8, OWN as u8, OPPONENT as u8, OFF_BOARD as u8);
    match to_move {
        Color::Black => [empty, own, opp, off],
        Color::White => [empty, opp, own, off],
    }
}

/// The shape around the empty point `p` for `to_move`, with atari bits (see the module docs).
#[inline]
pub fn pattern3x3(board: &Board, p: Point, to_move: Color) -> u32 {
    code::<true>(board, p, to_move)
}

/// The shape around the empty point `p` for `to_move` without the atari bits: the cells only
/// (the low 16 bits of [`pattern3x3`]).
#[inline]
pub fn cells3x3(board: &Board, p: Point, to_move: Color) -> u32 {
    code::<false>(board, p, to_move)
}

#[inline(always)]
fn code<const ATARI: bool>(board: &Board, p: Point, to_move: Color) -> u32 {
    // The cells' own numbers are the values seen by Black (see `cell_values`); White sees
    // them with the colours swapped.
    let geo = board.geometry();
    let mut code = 0;
    for (i, n) in geo.neighbors(p.index()).into_iter().enumerate() {
        let cell = board.at_index(n);
        code |= (cell as u32) << (2 * i);
        if ATARI && matches!(cell, Cell::Black | Cell::White) && board.in_atari(Point::new(n)) {
            code |= 1 << (16 + i);
        }
    }
    for (i, d) in geo.diagonals(p.index()).into_iter().enumerate() {
        code |= (board.at_index(d) as u32) << (2 * (4 + i));
    }
    match to_move {
        Color::Black => code,
        Color::White => swap_colors(code),
    }
}

/// The value of neighbour `i` (0..8) in `code`.
#[inline(always)]
pub fn cell_at(code: u32, i: usize) -> u32 {
    (code >> (2 * i)) & 3
}

/// True when orthogonal neighbour `i` (0..4) of `code` is a stone in atari.
#[inline(always)]
pub fn atari_at(code: u32, i: usize) -> bool {
    code & (1 << (16 + i)) != 0
}

/// The eight symmetries of the square as maps of (column, row) offsets.
pub(crate) const fn transform(s: usize, (x, y): (i32, i32)) -> (i32, i32) {
    let (x, y) = if s & 4 != 0 { (y, x) } else { (x, y) };
    let x = if s & 1 != 0 { -x } else { x };
    let y = if s & 2 != 0 { -y } else { y };
    (x, y)
}

const fn offset_index(o: (i32, i32)) -> usize {
    let mut i = 0;
    while i < 8 {
        if OFFSETS[i].0 == o.0 && OFFSETS[i].1 == o.1 {
            return i;
        }
        i += 1;
    }
    panic!("not a neighbour offset");
}

/// `PERMUTATIONS[s][i]`: where neighbour `i` goes under symmetry `s`.
const PERMUTATIONS: [[usize; 8]; 8] = {
    let mut t = [[0; 8]; 8];
    let mut s = 0;
    while s < 8 {
        let mut i = 0;
        while i < 8 {
            t[s][i] = offset_index(transform(s, OFFSETS[i]));
            i += 1;
        }
        s += 1;
    }
    t
};

/// `code` seen by the other player: own and opponent stones swapped (atari bits kept).
#[inline(always)]
pub fn swap_colors(code: u32) -> u32 {
    // A cell holds 1 (own) or 2 (opponent) exactly when its two bits differ; flip both bits of
    // those cells.
    const _: () = assert!(OWN == 1 && OPPONENT == 2 && EMPTY == 0 && OFF_BOARD == 3);
    let differ = (code ^ (code >> 1)) & 0x5555;
    code ^ (differ * 3)
}

/// `code` under symmetry `s` (0..8; 0 is the identity).
pub fn symmetric(code: u32, s: usize) -> u32 {
    let perm = &PERMUTATIONS[s];
    let mut out = 0;
    for (i, &j) in perm.iter().enumerate() {
        out |= cell_at(code, i) << (2 * j);
        if i < 4 && atari_at(code, i) {
            // Orthogonal neighbours map to orthogonal neighbours.
            out |= 1 << (16 + j);
        }
    }
    out
}

/// The smallest of the eight symmetric forms of `code`: equal for shapes that differ only by a
/// rotation or reflection.
pub fn canonical(code: u32) -> u32 {
    (1..8).fold(code, |best, s| best.min(symmetric(code, s)))
}

/// True when `code` can describe a point on a real board: the off-board neighbours form an edge or
/// a corner, and only stones carry atari bits.
pub fn is_possible(code: u32) -> bool {
    let off = |i| cell_at(code, i) == OFF_BOARD;
    for i in 0..4 {
        if atari_at(code, i) && matches!(cell_at(code, i), EMPTY | OFF_BOARD) {
            return false;
        }
    }
    // Off-board sides: south 0, west 1, east 2, north 3; opposite sides cannot both be off.
    if (off(0) && off(3)) || (off(1) && off(2)) {
        return false;
    }
    // A diagonal is off the board exactly when one of its two orthogonal sides is.
    const DIAGONAL_SIDES: [(usize, usize); 4] = [(0, 1), (0, 2), (3, 1), (3, 2)];
    DIAGONAL_SIDES
        .iter()
        .enumerate()
        .all(|(k, &(a, b))| off(4 + k) == (off(a) || off(b)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_boards::at;
    use crate::Board;

    #[test]
    fn code_reads_cells_relative_to_the_side_to_move() {
        // Around c3 (col 2, row 2): X at c4 (north), O at b3 (west), X at d2 (south-east).
        let b = Board::from_ascii(
            ". . . . .
             . . X . .
             . O . . .
             . . . X .
             . . . . .",
        )
        .unwrap();
        let p = at(&b, 2, 2);
        let black = pattern3x3(&b, p, Color::Black);
        assert_eq!(cell_at(black, 3), OWN, "north is own for Black");
        assert_eq!(cell_at(black, 1), OPPONENT, "west is the opponent");
        assert_eq!(cell_at(black, 5), OWN, "south-east diagonal");
        assert_eq!(cell_at(black, 0), EMPTY);
        let white = pattern3x3(&b, p, Color::White);
        assert_eq!(cell_at(white, 3), OPPONENT);
        assert_eq!(cell_at(white, 1), OWN);
        assert_eq!(black >> 16, 0, "no chain in atari");
    }

    /// Black b3 in atari (liberty c3) against White a3, b4 and b2.
    fn black_stone_in_atari() -> Board {
        Board::from_ascii(
            ". O . .
             O X . .
             . O . .
             . . . .",
        )
        .unwrap()
    }

    #[test]
    fn edges_corners_and_atari_bits() {
        let b = black_stone_in_atari();
        // a4, the top-left corner: west, north and three diagonals are off the board.
        let corner = pattern3x3(&b, at(&b, 0, 3), Color::Black);
        for i in [1, 3, 4, 6, 7] {
            assert_eq!(cell_at(corner, i), OFF_BOARD, "neighbour {i}");
        }
        assert!(is_possible(corner));
        // c3 is the last liberty of the black stone at b3 (west of c3).
        let c3 = pattern3x3(&b, at(&b, 2, 2), Color::White);
        assert_eq!(cell_at(c3, 1), OPPONENT);
        assert!(atari_at(c3, 1), "b3 is in atari");
        assert!(!atari_at(c3, 3) && !atari_at(c3, 0));
        assert!(is_possible(c3));
    }

    #[test]
    fn the_cells_code_drops_the_atari_bits_and_a_colour_swap_is_the_other_view() {
        let b = black_stone_in_atari();
        let c3 = at(&b, 2, 2);
        let full = pattern3x3(&b, c3, Color::White);
        assert_ne!(full >> 16, 0, "b3 is in atari");
        assert_eq!(cells3x3(&b, c3, Color::White), full & 0xFFFF);
        assert_eq!(swap_colors(full), pattern3x3(&b, c3, Color::Black));
        assert_eq!(swap_colors(swap_colors(full)), full);
    }

    #[test]
    fn symmetric_shapes_share_a_canonical_code() {
        // The same hane shape in two corners, rotated and reflected.
        let b = Board::from_ascii(
            ". . . . . . .
             . . . . . X .
             . . . . . O .
             . . . . . . .
             . O . . . . .
             . X . . . . .
             . . . . . . .",
        )
        .unwrap();
        let x = pattern3x3(&b, at(&b, 2, 1), Color::Black);
        let y = pattern3x3(&b, at(&b, 4, 5), Color::Black);
        assert_ne!(x, y);
        assert_eq!(canonical(x), canonical(y));
        // Colour matters: the other player sees a different shape.
        assert_ne!(
            canonical(x),
            canonical(pattern3x3(&b, at(&b, 2, 1), Color::White))
        );
    }

    #[test]
    fn symmetries_form_a_group_and_keep_codes_possible() {
        let mut possible = 0;
        for code in (0..CODES as u32).step_by(97) {
            let ok = is_possible(code);
            possible += usize::from(ok);
            let forms: Vec<u32> = (0..8).map(|s| symmetric(code, s)).collect();
            assert_eq!(forms[0], code);
            for &f in &forms {
                assert_eq!(is_possible(f), ok);
                assert_eq!(canonical(f), canonical(code));
            }
        }
        assert!(possible > 0);
    }
}
