//! Eye space big enough to live against any attack.
//!
//! A chain that borders an enclosed area of at least [`BIG_EYE_SPACE`] points, with no living
//! stone of the other colour in it, can always make two eyes there: every shape the attacker
//! can reduce to one eye (the killable shapes: straight and bent three, square and pyramid
//! four, bulky and crossed five, rabbitty six) has at most six points. Random playouts do not
//! know this and sometimes kill such groups by filling their own space; this is the static
//! correction.

use super::{Chains, Regions};

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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;
    use crate::types::Color;

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
