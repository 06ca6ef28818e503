//! Eye space big enough to live against any attack, and eye space that stays one eye.
//!
//! A chain that borders an enclosed area of at least [`BIG_EYE_SPACE`] points, with no living
//! stone of the other colour in it, can always make two eyes there: every shape the attacker
//! can reduce to one eye (the killable shapes: straight and bent three, square and pyramid
//! four, bulky and crossed five, rabbitty six) has at most six points. Random playouts do not
//! know this and sometimes kill such groups by filling their own space; this is the static
//! correction ([`lives_by_eye_space`]). The other way round, a group whose only eye space is
//! one of those shapes and already one eye (the square four, or an enemy stone on the vital
//! point: `tactics::nakade`), with nothing else to live by, is dead even where the playouts
//! let it live ([`die_in_one_small_eye`]).

use super::{Chains, Regions};
use crate::board::Board;
use crate::tactics::nakade::is_one_eye_for_good;
use crate::types::{Cell, Point};

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

/// Per chain (index into [`Chains::list`]), for the chains of `regions.color` (the colour
/// that encloses them) that `dead` calls alive: `Some(true)` for those whose only eye is one
/// small region that stays one eye whoever plays first ([`is_one_eye_for_good`]: the square
/// four, or a killable shape with an enemy stone on its vital point), and `Some(false)` for
/// the other colour's stones inside it, which are then no threat.
///
/// The chains around such a region die when none of them has anywhere else to make an eye or
/// to connect to: every other region they touch holds a living enemy chain, every liberty
/// outside the region touches a living enemy chain and no other chain of their colour, and
/// every enemy chain next to them outside the region has more liberties than all of them
/// together (no capturing race to win). Random playouts, which shun self-atari, can miss
/// this: killing a square four with an enemy stone in it takes one.
pub fn die_in_one_small_eye(
    board: &Board,
    chains: &Chains,
    regions: &Regions,
    dead: &[bool],
) -> Vec<Option<bool>> {
    let geo = board.geometry();
    let color = regions.color;
    let living_enemy = |p: Point| {
        chains
            .at(p)
            .is_some_and(|e| chains.list[e].color != color && !dead[e])
    };
    // Regions with a living enemy chain in them: no eye there.
    let occupied: Vec<bool> = regions
        .list
        .iter()
        .map(|region| region.points.iter().any(|&p| living_enemy(p)))
        .collect();
    let mut verdict = vec![None; chains.list.len()];
    for (r, region) in regions.list.iter().enumerate() {
        let group = &region.boundary;
        if !is_one_eye_for_good(board, &region.points) || group.iter().any(|&g| dead[g]) {
            continue;
        }
        let mut liberties: Vec<Point> = group
            .iter()
            .flat_map(|&g| chains.list[g].liberties.iter().copied())
            .collect();
        liberties.sort();
        liberties.dedup();
        // Every point next to the group outside this region leaves it no way out.
        let closed = |q: Point| match regions.at(q) {
            None => true,
            Some(other) if other == r => true,
            Some(other) if !occupied[other] => false,
            Some(_) if board.at(q) == Cell::Empty => {
                let around = geo.neighbors(q.index()).map(Point::new);
                around.iter().any(|&t| living_enemy(t))
                    && around.iter().all(|&t| {
                        chains
                            .at(t)
                            .is_none_or(|h| chains.list[h].color != color || group.contains(&h))
                    })
            }
            Some(_) => chains
                .at(q)
                .is_some_and(|e| !dead[e] && chains.list[e].liberties.len() > liberties.len()),
        };
        let hopeless = group
            .iter()
            .flat_map(|&g| &chains.list[g].stones)
            .flat_map(|s| geo.neighbors(s.index()))
            .all(|q| closed(Point::new(q)));
        if !hopeless {
            continue;
        }
        for &g in group {
            verdict[g] = Some(true);
        }
        for x in region.points.iter().filter_map(|&p| chains.at(p)) {
            verdict[x] = Some(false);
        }
    }
    verdict
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

    /// White's verdicts on `text`, as a lookup by column and row (from the bottom, from 0).
    fn small_eye(text: &str) -> impl Fn(usize, usize) -> Option<bool> {
        let b = Board::from_ascii(text).unwrap();
        let chains = Chains::new(&b);
        let regions = Regions::new(&b, &chains, Color::White);
        let dead = vec![false; chains.list.len()];
        let verdict = die_in_one_small_eye(&b, &chains, &regions, &dead);
        move |col, row| {
            chains
                .at(b.geometry().point(col, row))
                .and_then(|x| verdict[x])
        }
    }

    #[test]
    fn a_square_four_with_an_enemy_stone_in_it_is_one_eye() {
        // White's eye space h9 j9 h8 j8 holds Black's j8; Black's wall has nine liberties.
        let roomy = ". . . . X O O . .
                     . . . . X O O . X
                     . . . . X O O O O
                     . . . . X X X X X
                     . . . . . . . . .
                     . . . . . . . . .
                     . . . . . . . . .
                     . . . . . . . . .
                     . . . . . . . . .";
        let v = small_eye(roomy);
        assert_eq!(v(5, 8), Some(true), "White's group dies");
        assert_eq!(v(8, 7), Some(false), "Black's j8 lives");
        assert_eq!(v(4, 8), None, "Black's wall is not judged here");
        // With two liberties, Black's wall would lose the race: no verdict.
        let short = ". . . . X O O . .
                     . . . . X O O . X
                     . . . O X O O O O
                     . . . O X X X X X
                     . . . O O O O O O
                     . . . . . . . . .
                     . . . . . . . . .
                     . . . . . . . . .
                     . . . . . . . . .";
        let v = small_eye(short);
        assert_eq!(v(5, 8), None);
        assert_eq!(v(8, 7), None);
    }

    #[test]
    fn a_killable_shape_is_one_eye_only_with_an_enemy_stone_on_its_vital_point() {
        // A bulky five (g9 h9 j9 h8 j8) with Black's j8 in it, but h9, its vital point, empty:
        // White playing there makes two eyes.
        let v = small_eye(
            ". . . . X O . . .
             . . . . X O O . X
             . . . . X O O O O
             . . . . X X X X X
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .",
        );
        assert_eq!(v(5, 8), None);
        // The same shape with Black on h9 instead is one eye.
        let v = small_eye(
            ". . . . X O . X .
             . . . . X O O . .
             . . . . X O O O O
             . . . . X X X X X
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .",
        );
        assert_eq!(v(5, 8), Some(true));
        assert_eq!(v(7, 8), Some(false));
    }

    #[test]
    fn a_group_with_a_liberty_in_open_space_is_not_judged() {
        // The square four again, but White's wall touches the open board at e5.
        let v = small_eye(
            ". . . . X O O . .
             . . . . X O O . X
             . . . . X O O O O
             . . . . X O X X X
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .",
        );
        assert_eq!(v(5, 8), None);
    }
}
