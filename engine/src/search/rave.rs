//! RAVE, rapid action value estimation (Gelly and Silver 2007): the value the search selects a
//! child by, a mix of the child's Monte-Carlo win rate and its AMAF (all-moves-as-first) win
//! rate, and the AMAF bookkeeping of one simulation: which player first played each point after a
//! node of the path, and how many samples that earns the node's child for the point.
//!
//! The statistics themselves live in the tree's nodes (`tree.rs`); the backup that credits them
//! is in `simulate.rs`.

use super::tree::NodeStats;
use crate::geometry::MAX_POINTS;
use crate::types::Color;

/// RAVE value of a child for the player who moves into it: a mix of its AMAF and Monte-Carlo
/// win rates, the prior counted as virtual experience in the Monte-Carlo rate and, weighted by
/// `prior_amaf`, in the AMAF rate (Fuego initialises both alike), and the mix weight
/// `beta = r / (r + n + n*r/E)`.
#[inline]
pub fn rave_value(s: &NodeStats, rave_equiv: f32, prior_amaf: f32) -> f32 {
    let n = s.visits as f32;
    let mc_n = n + s.prior_visits;
    let mc = if mc_n > 0.0 {
        (s.wins as f32 * 0.5 + s.prior_wins) / mc_n
    } else {
        0.5
    };
    if s.amaf_visits == 0 {
        return mc;
    }
    let r = s.amaf_visits as f32;
    let amaf =
        (s.amaf_wins as f32 * 0.5 + prior_amaf * s.prior_wins) / (r + prior_amaf * s.prior_visits);
    let beta = r / (r + n + n * r / rave_equiv);
    beta * amaf + (1.0 - beta) * mc
}

/// AMAF samples for a move first played `since` moves after its node, of the `len` moves from
/// the node to the end of the simulation, with `amaf_early_weight` `w`: from about `1 + w` for
/// the node's own next move down to 1 at the end.
#[inline]
pub(super) fn amaf_samples(w: u32, len: u32, since: u32) -> u32 {
    1 + w * (len - since) / (len + 1)
}

/// Which colour first played each point in the part of a simulation being credited, and when
/// (the move's index in the simulation). The backup walks the path from the leaf up, noting the
/// moves after each node from the last to the first, so a point's entry ends as its earliest play.
pub(super) struct FirstPlays {
    /// `Color as u8` of the first player at each point, 0 for none yet.
    color: Box<[u8; MAX_POINTS]>,
    at: Box<[u16; MAX_POINTS]>,
}

impl FirstPlays {
    pub(super) fn new() -> FirstPlays {
        FirstPlays {
            color: Box::new([0; MAX_POINTS]),
            at: Box::new([0; MAX_POINTS]),
        }
    }

    /// Move `index` of the simulation, point `p` (0 for a pass, which is not noted), was played
    /// by `color`.
    #[inline]
    pub(super) fn note(&mut self, p: usize, color: Color, index: usize) {
        if p != 0 {
            self.color[p] = color as u8;
            self.at[p] = index as u16;
        }
    }

    /// Was point `p` (0 for a pass: never) first played by `mover`?
    #[inline]
    pub(super) fn by(&self, p: usize, mover: Color) -> bool {
        p != 0 && self.color[p] == mover as u8
    }

    /// The index in the simulation of the first play at `p`.
    #[inline]
    pub(super) fn at(&self, p: usize) -> u32 {
        u32::from(self.at[p])
    }

    /// Forget the simulation whose moves were `moves`, ready for the next.
    pub(super) fn clear(&mut self, moves: &[u16]) {
        for &p in moves {
            self.color[p as usize] = 0;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rave_value_moves_from_amaf_to_mc() {
        let mut s = NodeStats {
            visits: 0,
            wins: 0,
            amaf_visits: 100,
            amaf_wins: 160, // 80% AMAF
            prior_visits: 10.0,
            prior_wins: 5.0,
        };
        assert!(
            rave_value(&s, 3000.0, 1.0) > 0.75,
            "no real visits: AMAF dominates"
        );
        s.visits = 100_000;
        s.wins = 40_000; // 20% real
        let v = rave_value(&s, 3000.0, 1.0);
        assert!(v < 0.25, "many visits: Monte-Carlo dominates, got {v}");
    }

    #[test]
    fn the_prior_weighs_in_amaf_as_asked() {
        // A pessimistic prior (10 visits, 1 win) beside an AMAF of 80% over 10 samples.
        let s = NodeStats {
            visits: 0,
            wins: 0,
            amaf_visits: 10,
            amaf_wins: 16,
            prior_visits: 10.0,
            prior_wins: 1.0,
        };
        // In both: AMAF (8 + 1) / (10 + 10) = 0.45, and beta = 1 with no real visits.
        assert!((rave_value(&s, 3000.0, 1.0) - 0.45).abs() < 1e-6);
        // In the Monte-Carlo value only: the AMAF rate is its own 80%.
        assert!((rave_value(&s, 3000.0, 0.0) - 0.8).abs() < 1e-6);
        // Counted twice in AMAF: (8 + 2) / (10 + 20).
        assert!((rave_value(&s, 3000.0, 2.0) - 1.0 / 3.0).abs() < 1e-6);
        // Once real visits come, the prior still counts in the Monte-Carlo part.
        let s = NodeStats {
            visits: 10,
            wins: 20,
            ..s
        };
        let beta = 10.0 / (10.0 + 10.0 + 100.0 / 3000.0);
        let mc = (10.0 + 1.0) / 20.0;
        let v = rave_value(&s, 3000.0, 0.0);
        assert!((v - (beta * 0.8 + (1.0 - beta) * mc)).abs() < 1e-6, "{v}");
    }

    #[test]
    fn early_moves_count_more_amaf_samples() {
        // Weight 0: every sample once.
        assert!((0..60).all(|since| amaf_samples(0, 60, since) == 1));
        // Weight 3 over 60 moves: the next move 3 more (1 + 180/61), the last once.
        assert_eq!(amaf_samples(3, 60, 0), 3);
        assert_eq!(amaf_samples(3, 60, 59), 1);
        let counts: Vec<_> = (0..60).map(|since| amaf_samples(3, 60, since)).collect();
        assert!(counts.windows(2).all(|w| w[0] >= w[1]), "{counts:?}");
        assert!(counts.contains(&2));
    }

    #[test]
    fn the_earliest_play_of_a_point_is_kept() {
        let mut first = FirstPlays::new();
        // Noted from the last move back, as the backup does: White at 7 (move 5), Black at 7
        // (move 2), a pass (move 1).
        first.note(7, Color::White, 5);
        first.note(7, Color::Black, 2);
        first.note(0, Color::White, 1);
        assert!(first.by(7, Color::Black) && !first.by(7, Color::White));
        assert_eq!(first.at(7), 2);
        assert!(!first.by(0, Color::White), "a pass is never credited");
        first.clear(&[7, 0]);
        assert!(!first.by(7, Color::Black));
    }
}
