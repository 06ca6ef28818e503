//! Eye space: big enough to live against any attack, or small enough to be killed.
//!
//! A chain that borders an enclosed area of at least [`BIG_EYE_SPACE`] points, with no living
//! stone of the other colour in it, can always make two eyes there: every shape the attacker
//! can reduce to one eye (the killable shapes: straight and bent three, square and pyramid
//! four, bulky and crossed five, rabbitty six) has at most six points. Random playouts do not
//! know this and sometimes kill such groups by filling their own space; this is the static
//! correction.

use super::{Chains, Regions};
use crate::geometry::Geometry;
use crate::types::Point;

/// The smallest enclosed area that always gives two eyes (one more than the largest killable
/// shape, with a point to spare for a defect in the surrounding wall).
pub const BIG_EYE_SPACE: usize = 8;

/// Per chain (index into [`Chains::list`]): does it border a region of `regions` (the areas
/// its colour encloses) of at least [`BIG_EYE_SPACE`] points in which every stone of the
/// other colour is in a chain that `dead` says is dead?
pub fn lives_by_eye_space(chains: &Chains, regions: &Regions, dead: &[bool]) -> Vec<bool> {
    let mut lives = vec![false; chains.list.len()];
    for region in &regions.list {
        if region.points.len() < BIG_EYE_SPACE {
            continue;
        }
        let only_dead_inside = region
            .points
            .iter()
            .filter_map(|&p| chains.at(p))
            .all(|x| dead[x]);
        if only_dead_inside {
            for &x in &region.boundary {
                lives[x] = true;
            }
        }
    }
    lives
}

/// Can an attacker who plays first reduce an enclosed eye space of these points to one eye?
/// True for the killable shapes: up to three points, the square and the pyramid four, the bent
/// four in the corner (the Japanese rules count it dead: its ko can always be started once the
/// threats are gone), the bulky and the crossed five, the rabbitty six. `points` must be
/// connected.
pub fn is_killable(geo: Geometry, points: &[Point]) -> bool {
    let inside = |q: usize| points.iter().any(|p| p.index() == q);
    let mut degrees: Vec<usize> = points
        .iter()
        .map(|p| {
            geo.neighbors(p.index())
                .iter()
                .filter(|&&q| inside(q))
                .count()
        })
        .collect();
    degrees.sort_unstable();
    match (points.len(), degrees.as_slice()) {
        (0..=3, _) => true,
        (4, [2, 2, 2, 2] | [1, 1, 1, 3]) => true,
        (4, [1, 1, 2, 2]) => is_bent_in_the_corner(geo, points),
        (5, [1, 2, 2, 2, 3] | [1, 1, 1, 1, 4]) => true,
        (6, [1, 1, 2, 2, 2, 4]) => true,
        _ => false,
    }
}

/// Is this four-point line bent at a corner of the board?
fn is_bent_in_the_corner(geo: Geometry, points: &[Point]) -> bool {
    let last = geo.size() - 1;
    points.iter().any(|&p| {
        let (c, r) = geo.col_row(p);
        let corner = (c == 0 || c == last) && (r == 0 || r == last);
        let inside = |q: usize| points.iter().any(|x| x.index() == q);
        corner
            && geo
                .neighbors(p.index())
                .iter()
                .filter(|&&q| inside(q))
                .count()
                == 2
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;
    use crate::types::Color;

    fn shape(text: &str) -> (Geometry, Vec<Point>) {
        let b = Board::from_ascii(text).unwrap();
        let geo = b.geometry();
        let points = geo
            .points()
            .filter(|&p| b.at(p) == crate::types::Cell::Black)
            .collect();
        (geo, points)
    }

    #[test]
    fn the_killable_shapes_are_known() {
        let killable = [
            // straight three, square four, pyramid four, bulky five, crossed five, rabbitty six
            "X X X . .\n. . . . .\n. . . . .\n. . . . .\n. . . . .",
            ". . . . .\n. X X . .\n. X X . .\n. . . . .\n. . . . .",
            ". . . . .\n. X X X .\n. . X . .\n. . . . .\n. . . . .",
            ". . . . .\n. X X . .\n. X X X .\n. . . . .\n. . . . .",
            ". . . . .\n. . X . .\n. X X X .\n. . X . .\n. . . . .",
            ". . . . .\n. . X . .\n. X X X .\n. . X X .\n. . . . .",
            // bent four with its bend in the corner
            "X X X . .\nX . . . .\n. . . . .\n. . . . .\n. . . . .",
        ];
        for text in killable {
            let (geo, points) = shape(text);
            assert!(is_killable(geo, &points), "{text}");
        }
        let alive = [
            // straight four, bent four away from the corner, straight five, 2x3 in the middle
            ". . . . .\nX X X X .\n. . . . .\n. . . . .\n. . . . .",
            ". . . . .\n. X X X .\n. X . . .\n. . . . .\n. . . . .",
            "X X X X X\n. . . . .\n. . . . .\n. . . . .\n. . . . .",
            ". . . . .\n. X X X .\n. X X X .\n. . . . .\n. . . . .",
        ];
        for text in alive {
            let (geo, points) = shape(text);
            assert!(!is_killable(geo, &points), "{text}");
        }
    }

    #[test]
    fn a_wall_around_a_large_area_lives_and_a_small_one_need_not() {
        // Black's wall encloses the top row: nine points, one of them a white stone.
        let b = Board::from_ascii(
            ". . . . O . . . .
             X X X X X X X X X
             O O O O O O O O O
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .",
        )
        .unwrap();
        let chains = Chains::new(&b);
        let regions = Regions::new(&b, &chains, Color::Black);
        let wall = chains.at(b.geometry().point(0, 7)).unwrap();
        let invader = chains.at(b.geometry().point(4, 8)).unwrap();
        let mut dead = vec![false; chains.list.len()];
        // While the white stone counts as alive, the area is not Black's.
        assert!(!lives_by_eye_space(&chains, &regions, &dead)[wall]);
        dead[invader] = true;
        assert!(lives_by_eye_space(&chains, &regions, &dead)[wall]);
        // Six points are not enough.
        let b = Board::from_ascii(
            ". . . . . . X O .
             X X X X X X X O .
             O O O O O O O O .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .",
        )
        .unwrap();
        let chains = Chains::new(&b);
        let regions = Regions::new(&b, &chains, Color::Black);
        let dead = vec![false; chains.list.len()];
        let wall = chains.at(b.geometry().point(0, 7)).unwrap();
        assert!(!lives_by_eye_space(&chains, &regions, &dead)[wall]);
    }
}
