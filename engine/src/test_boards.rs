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
