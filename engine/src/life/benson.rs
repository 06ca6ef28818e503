//! Benson's algorithm: the chains of one colour that are alive unconditionally, that is, which
//! the opponent cannot capture even if their owner passes at every turn (D. B. Benson,
//! "Life in the game of Go", 1976).
//!
//! A region enclosed by the colour (see [`Regions`]) is *healthy* for a chain that touches it
//! when every empty point of the region is a liberty of that chain: the opponent cannot fill
//! the region without touching the chain and cannot make an eye in it. Start with every chain
//! and every region; repeatedly drop the chains with fewer than two healthy regions left, and
//! the regions that touch a dropped chain. What remains is alive, and the healthy regions of
//! living chains are that colour's for good: opponent stones in them are dead.

use super::{Chains, Regions};

/// The result for one colour.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Benson {
    /// Per chain (index into [`Chains::list`]): alive unconditionally. Always `false` for
    /// the other colour's chains.
    pub alive: Vec<bool>,
    /// Per region (index into [`Regions::list`]): healthy for a living chain, so the enclosing
    /// colour's whatever the opponent plays.
    pub safe: Vec<bool>,
}

/// Benson's algorithm for the colour that encloses `regions`.
pub fn unconditional(chains: &Chains, regions: &Regions) -> Benson {
    let color = regions.color;
    let mut alive: Vec<bool> = chains.list.iter().map(|c| c.color == color).collect();
    let mut kept = vec![true; regions.list.len()];
    // healthy[r] = the boundary chains for which region r is healthy (fixed: it depends on
    // the position only).
    let healthy: Vec<Vec<usize>> = regions
        .list
        .iter()
        .map(|r| {
            r.boundary
                .iter()
                .copied()
                .filter(|&x| {
                    let libs = &chains.list[x].liberties;
                    r.empty.iter().all(|p| libs.binary_search(p).is_ok())
                })
                .collect()
        })
        .collect();
    loop {
        let mut changed = false;
        let mut vital = vec![0u32; chains.list.len()];
        for (r, xs) in healthy.iter().enumerate() {
            if kept[r] {
                for &x in xs {
                    vital[x] += 1;
                }
            }
        }
        for (x, a) in alive.iter_mut().enumerate() {
            if *a && vital[x] < 2 {
                *a = false;
                changed = true;
            }
        }
        for (r, k) in kept.iter_mut().enumerate() {
            if *k && regions.list[r].boundary.iter().any(|&x| !alive[x]) {
                *k = false;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    let safe = (0..regions.list.len())
        .map(|r| kept[r] && healthy[r].iter().any(|&x| alive[x]))
        .collect();
    Benson { alive, safe }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;
    use crate::types::{Cell, Color};

    fn alive_stones(text: &str, color: Color) -> (Board, Vec<bool>) {
        let b = Board::from_ascii(text).unwrap();
        let chains = Chains::new(&b);
        let regions = Regions::new(&b, &chains, color);
        let benson = unconditional(&chains, &regions);
        let per_point = b
            .geometry()
            .points()
            .map(|p| chains.at(p).is_some_and(|c| benson.alive[c]))
            .collect();
        (b, per_point)
    }

    #[test]
    fn two_real_eyes_live_and_one_does_not() {
        // Black in the corner with two separate one-point eyes (a1 and c1): alive.
        let (b, alive) = alive_stones(
            ". X . X O .
             X X X X O .
             O O O O O .
             . . . . . .
             . . . . . .
             . . . . . .",
            Color::Black,
        );
        for (i, p) in b.geometry().points().enumerate() {
            assert_eq!(alive[i], b.at(p) == Cell::Black, "{p:?}");
        }
        // One two-point eye only: not unconditionally alive (White can play inside).
        let (_, alive) = alive_stones(
            ". . X O .
             X X X O .
             O O O O .
             . . . . .
             . . . . .",
            Color::Black,
        );
        assert!(alive.iter().all(|&a| !a));
    }

    #[test]
    fn two_chains_sharing_two_eyes_live_together() {
        // a6 alone and the big chain share the eyes b6 and a5; d6 is the big chain's own.
        let (b, alive) = alive_stones(
            "X . X . X O
             . X X X X O
             X X O O O O
             O O O . . .
             . . . . . .
             . . . . . .",
            Color::Black,
        );
        for (i, p) in b.geometry().points().enumerate() {
            assert_eq!(alive[i], b.at(p) == Cell::Black, "{p:?}");
        }
    }

    #[test]
    fn a_false_eye_is_not_an_eye() {
        // c6 stands alone with b6 as its only liberty: White captures it there, so b6 is a
        // false eye, and the group with a5 as its only other eye is not alive.
        let (_, alive) = alive_stones(
            "X . X O . .
             . X O O . .
             X X O . . .
             O O O . . .
             . . . . . .
             . . . . . .",
            Color::Black,
        );
        assert!(alive.iter().all(|&a| !a));
    }

    #[test]
    fn stones_in_a_healthy_eye_are_dead() {
        // White's a7 and b6 sit in one of Black's two eyes; every empty point there (b7, a6)
        // touches the black chain, so the eye is healthy, Black lives and the corner is
        // Black's whatever White plays.
        let b = Board::from_ascii(
            "O . X . X O .
             . O X X X O .
             X X X X O O .
             O O O O O . .
             . . . . . . .
             . . . . . . .
             . . . . . . .",
        )
        .unwrap();
        let chains = Chains::new(&b);
        let regions = Regions::new(&b, &chains, Color::Black);
        let benson = unconditional(&chains, &regions);
        let corner = regions.at(b.geometry().point(0, 6)).unwrap();
        let black = chains.at(b.geometry().point(2, 6)).unwrap();
        assert!(benson.alive[black]);
        assert!(benson.safe[corner]);
        let outside = regions.at(b.geometry().point(6, 0)).unwrap();
        assert!(!benson.safe[outside], "White may live outside");
        assert!(!benson.alive[chains.at(b.geometry().point(0, 6)).unwrap()]);
    }
}
