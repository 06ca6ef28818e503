//! Nakade: the vital point of a small eye space. An empty region of 3 to 6 points, walled in by
//! stones of one colour, is one eye when its vital point is taken first. The point is the one
//! that touches more of the region than any other:
//!
//! | shape | points | vital point |
//! |---|---|---|
//! | straight three | 3 | the middle |
//! | bent three | 3 | the bend |
//! | pyramid four (T) | 4 | the centre |
//! | bulky five | 5 | the square's point next to the fifth |
//! | crossed (flower) five | 5 | the centre |
//! | rabbitty six | 6 | the centre |
//!
//! Living shapes (straight four, bent four, square four) have no single such point and give none.

use crate::board::Board;
use crate::types::{Cell, Point};

/// Largest eye space considered.
const MAX_REGION: usize = 6;

/// The vital point of a small eye space next to `last` (the region of an empty neighbour of
/// `last`, as in the module docs), if there is one.
pub fn nakade_point(board: &Board, last: Point) -> Option<Point> {
    let geo = board.geometry();
    for q in geo.neighbors(last.index()) {
        if board.at_index(q) != Cell::Empty {
            continue;
        }
        let Some((region, n)) = eye_space(board, q) else {
            continue;
        };
        if n < 3 {
            continue;
        }
        let degree = |r: usize| {
            geo.neighbors(r)
                .iter()
                .filter(|&&s| region[..n].contains(&(s as u16)))
                .count()
        };
        let mut best = 0;
        let mut best_point = None;
        let mut unique = false;
        for &r in &region[..n] {
            let d = degree(r as usize);
            if d > best {
                best = d;
                best_point = Some(Point::new(r as usize));
                unique = true;
            } else if d == best {
                unique = false;
            }
        }
        if unique && best >= 2 {
            return best_point;
        }
    }
    None
}

/// The empty region through the empty point `start` (array indices, and how many), if it has
/// at most [`MAX_REGION`] points and the stones around it are all of one colour.
fn eye_space(board: &Board, start: usize) -> Option<([u16; MAX_REGION + 1], usize)> {
    let geo = board.geometry();
    let mut region = [0u16; MAX_REGION + 1];
    region[0] = start as u16;
    let mut n = 1;
    let mut wall = Cell::Empty;
    let mut i = 0;
    while i < n {
        let r = region[i] as usize;
        i += 1;
        for s in geo.neighbors(r) {
            match board.at_index(s) {
                Cell::Empty => {
                    if !region[..n].contains(&(s as u16)) {
                        if n == MAX_REGION {
                            return None;
                        }
                        region[n] = s as u16;
                        n += 1;
                    }
                }
                Cell::Border => {}
                c => {
                    if wall == Cell::Empty {
                        wall = c;
                    } else if wall != c {
                        return None;
                    }
                }
            }
        }
    }
    Some((region, n))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tactics::test_boards::{board, pt};

    /// The vital point `nakade_point` finds from the stone at `last`, as a vertex.
    fn vital(b: &Board, last: &str) -> Option<String> {
        let geo = b.geometry();
        nakade_point(b, pt(b, last))
            .map(|p| crate::coord::move_text(crate::types::Move::Play(p), geo))
    }

    #[test]
    fn the_killing_shapes_have_their_vital_point() {
        let straight_three = board(
            ". . . X .
             X X X X .
             . . . . .
             . . . . .
             . . . . .",
        );
        assert_eq!(vital(&straight_three, "C4").as_deref(), Some("B5"));
        let bent_three = board(
            ". . X . .
             . X X . .
             X X . . .
             . . . . .
             . . . . .",
        );
        assert_eq!(vital(&bent_three, "B4").as_deref(), Some("A5"));
        let pyramid_four = board(
            ". . . X . .
             X . X X . .
             X X X . . .
             . . . . . .
             . . . . . .
             . . . . . .",
        );
        assert_eq!(vital(&pyramid_four, "C5").as_deref(), Some("B6"));
        let bulky_five = board(
            ". . . X . .
             . . X X . .
             X X X . . .
             . . . . . .
             . . . . . .
             . . . . . .",
        );
        assert_eq!(vital(&bulky_five, "C5").as_deref(), Some("B6"));
        let crossed_five = board(
            ". X X X . . .
             X X . X X . .
             X . . . X . .
             X X . X X . .
             . X X X . . .
             . . . . . . .
             . . . . . . .",
        );
        assert_eq!(vital(&crossed_five, "C7").as_deref(), Some("C5"));
        let rabbitty_six = board(
            ". X X X X . .
             X X . . X . .
             X . . . X . .
             X X . X X . .
             . X X X . . .
             . . . . . . .
             . . . . . . .",
        );
        assert_eq!(vital(&rabbitty_six, "B6").as_deref(), Some("C5"));
    }

    #[test]
    fn living_and_mixed_shapes_have_none() {
        let straight_four = board(
            ". . . . X
             X X X X X
             . . . . .
             . . . . .
             . . . . .",
        );
        assert_eq!(vital(&straight_four, "D4"), None);
        let square_four = board(
            ". . X . .
             . . X . .
             X X X . .
             . . . . .
             . . . . .",
        );
        assert_eq!(vital(&square_four, "B3"), None);
        // A White stone in the wall: not an eye space of one colour.
        let mixed = board(
            ". . . X .
             X O X X .
             . . . . .
             . . . . .
             . . . . .",
        );
        assert_eq!(vital(&mixed, "C4"), None);
    }
}
