//! The count at the end of a playout: fast, because a finished playout leaves only stones, the
//! eyes they surround and dame.

use crate::board::Board;
use crate::types::{Cell, Color, Point};

/// Area count of a finished playout, Black minus White, before komi: stones, plus empty points
/// whose neighbours are all one colour. (At the end of a playout every empty point is such an
/// eye or a dame point; larger empty regions count as dame, which only unfinished games have.)
#[inline]
pub fn playout_area(board: &Board) -> i32 {
    board
        .geometry()
        .points()
        .map(|p| playout_owner(board, p))
        .sum()
}

/// Who owns `p` at the end of a playout: +1 Black, -1 White (a stone, or an empty point all of
/// whose neighbours are that colour's stones), 0 nobody.
#[inline]
pub fn playout_owner(board: &Board, p: Point) -> i32 {
    match board.at(p) {
        Cell::Black => 1,
        Cell::White => -1,
        _ if board.is_eyelike(Color::Black, p) => 1,
        _ if board.is_eyelike(Color::White, p) => -1,
        _ => 0,
    }
}
