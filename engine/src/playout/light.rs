//! Light playouts: uniformly random legal moves that do not fill the mover's own true eye,
//! until both sides pass. The baseline the playout policy improves on, and the measure of raw
//! board speed.

use crate::board::Board;
use crate::rng::Rng;
use crate::types::{Color, Point};

/// A random legal point for `color` that is not its own true eye, scanning the empty list from a
/// random start; `None` when every empty point is illegal or an own eye (then `color` passes).
#[inline]
pub fn random_move(board: &Board, color: Color, rng: &mut Rng) -> Option<Point> {
    let n = board.empty_count();
    if n == 0 {
        return None;
    }
    let start = rng.below(n);
    for i in (start..n).chain(0..start) {
        let p = board.empty_point(i);
        if !board.is_eye(color, p) && board.is_legal(color, p) {
            return Some(p);
        }
    }
    None
}

/// Play light random moves from `board` (with `to_move` to play) until two passes in a row or
/// `max_moves` moves. Returns the number of moves played (passes included).
pub fn light_playout(board: &mut Board, to_move: Color, rng: &mut Rng, max_moves: usize) -> usize {
    play_until_passes(board, to_move, max_moves, |b, c| random_move(b, c, rng))
}

/// Play the moves `choose` gives (`None`: a pass) from `board`, `to_move` first, until two
/// passes in a row or `max_moves` moves: the one loop of every playout outside the search
/// (light, [`Policy::play_out`](crate::playout::Policy::play_out)). Returns the number of moves
/// played (passes included).
#[inline]
pub fn play_until_passes(
    board: &mut Board,
    mut to_move: Color,
    max_moves: usize,
    mut choose: impl FnMut(&Board, Color) -> Option<Point>,
) -> usize {
    let mut passes = 0;
    let mut moves = 0;
    while passes < 2 && moves < max_moves {
        match choose(board, to_move) {
            Some(p) => {
                board.play_unchecked(to_move, p);
                passes = 0;
            }
            None => {
                board.pass();
                passes += 1;
            }
        }
        to_move = to_move.opponent();
        moves += 1;
    }
    moves
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::playout::playout_area;
    use crate::score::count;

    #[test]
    fn playouts_end_in_counted_positions_with_sound_boards() {
        let mut rng = Rng::new(1);
        for size in [2, 3, 5, 9, 13, 19, 25] {
            let start = Board::new(size).unwrap();
            for _ in 0..20 {
                let mut b = start.clone();
                let n = light_playout(&mut b, Color::Black, &mut rng, 3 * size * size + 20);
                assert!(n >= 2);
                b.check_invariants().unwrap();
                // Every remaining empty point is an eye of one side or dame; the fast count
                // agrees with the full flood-fill count.
                let c = count(&b, &[]);
                let area = c.area();
                assert_eq!(playout_area(&b), area[0] as i32 - area[1] as i32, "\n{b:?}");
            }
        }
    }

    #[test]
    fn copy_from_gives_an_identical_board() {
        let mut rng = Rng::new(3);
        let mut big = Board::new(19).unwrap();
        light_playout(&mut big, Color::Black, &mut rng, 100);
        let mut small = Board::new(9).unwrap();
        light_playout(&mut small, Color::White, &mut rng, 40);
        big.copy_from(&small);
        assert_eq!(big, small);
        big.check_invariants().unwrap();
        assert_eq!(big.hash(), small.hash());
    }
}
