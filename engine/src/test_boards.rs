//! Positions from ASCII boards, and points by name, for the engine's unit tests: written once
//! here, used by every module's tests.

use crate::board::Board;
use crate::types::Point;

/// The board drawn in `text` (see [`Board::from_ascii`]).
pub fn board(text: &str) -> Board {
    Board::from_ascii(text).expect("a valid test board")
}

/// The point of a GTP vertex such as `"C3"`.
pub fn pt(b: &Board, vertex: &str) -> Point {
    crate::coord::parse_move(vertex, b.geometry())
        .ok()
        .and_then(|m| m.point())
        .expect("a vertex on the board")
}

/// The point at column `col` and row `row`, both from 0 at the lower left.
pub fn at(b: &Board, col: usize, row: usize) -> Point {
    b.geometry().point(col, row)
}

/// A false seki with dead stones on the board (9x9): Black's inner group D1-J1 has only the
/// liberties E1 and F2, which it shares with White's F1 G1 H1 (whoever fills one is taken), but
/// White's C1-J3 around it, with four liberties (C4 D5 G5 J4) under Black's living wall, is
/// dead: Black takes it, lives, and then takes F1 G1 H1 too.
pub fn false_seki_with_dead_stones() -> Board {
    board(
        ". . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .
         . X X X X X X X X
         . X X . X X . X X
         . X . O O O O O .
         . X O O X X X O O
         . X O X X . X X X
         . X O X . O O O X",
    )
}
