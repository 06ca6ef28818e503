//! What the playouts say about who owns each point at the end, and the judgements built on it:
//! is the game settled, what is the score if it ends now, which stones are dead or in seki.
//!
//! Each point keeps two numbers over the playouts of a search: its mean owner (+1 Black, -1
//! White) and the share of playouts in which nobody owned it. A dame point or a seki liberty is
//! owned by nobody in most playouts; a point in an undecided fight is owned by one side in some
//! playouts and by the other in the rest. Their mean owner can be the same (near 0); the
//! neutral share tells them apart.

use crate::board::Board;
use crate::game::Game;
use crate::player::StoneStatus;
use crate::types::{Cell, Color, Point};

/// A point is shared (dame, seki) when nobody owned it in at least this share of playouts.
const SHARED: f32 = 0.5;

/// Ownership statistics of one position, per point in [`crate::Geometry::points`] order.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Territory {
    /// Mean owner, -1 (White) to +1 (Black).
    pub ownership: Vec<f32>,
    /// Share of playouts in which nobody owned the point, 0..=1.
    pub neutral: Vec<f32>,
}

/// What a point has become, as far as the playouts can tell.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum PointState {
    Owned(Color),
    Shared,
    Unsettled,
}

impl Territory {
    /// The state of the `i`-th point, `settled` being the mean ownership a side needs.
    pub fn state(&self, i: usize, settled: f32) -> PointState {
        // No statistics (a search that ended before its first playout): nothing is known.
        let (Some(&o), Some(&n)) = (self.ownership.get(i), self.neutral.get(i)) else {
            return PointState::Unsettled;
        };
        if n >= SHARED {
            PointState::Shared
        } else if o > settled {
            PointState::Owned(Color::Black)
        } else if o < -settled {
            PointState::Owned(Color::White)
        } else {
            PointState::Unsettled
        }
    }

    /// The score (Black positive, after komi and handicap compensation) if the game ended now
    /// with every point going to its owner, or `None` while any point is unsettled.
    pub fn settled_margin(&self, game: &Game, settled: f32) -> Option<f32> {
        if self.ownership.is_empty() {
            return None;
        }
        let mut margin = 0.0f32;
        for i in 0..self.ownership.len() {
            match self.state(i, settled) {
                PointState::Owned(c) => margin += c.sign() as f32,
                PointState::Shared => {}
                PointState::Unsettled => return None,
            }
        }
        let rules = game.rules();
        let handicap = rules.handicap_compensation.points(game.handicap());
        Some(margin - rules.komi as f32 - handicap as f32)
    }

    /// Number of `color`'s opponent stones whose points `color` owns (dead stones to capture).
    pub fn dead_opponent_stones(&self, board: &Board, color: Color, settled: f32) -> usize {
        let opp = Cell::from(color.opponent());
        board
            .geometry()
            .points()
            .enumerate()
            .filter(|&(i, p)| {
                board.at(p) == opp && self.state(i, settled) == PointState::Owned(color)
            })
            .count()
    }

    /// The status of every stone: dead when the other side owns its point more often than not,
    /// in seki when it is alive but touches a shared empty point that touches both colours,
    /// alive otherwise.
    pub fn stone_statuses(&self, board: &Board) -> Vec<(Point, StoneStatus)> {
        let geo = board.geometry();
        let mut index = vec![usize::MAX; geo.array_len()];
        for (i, p) in geo.points().enumerate() {
            index[p.index()] = i;
        }
        let shared_liberty = |q: usize| {
            board.cell(q) == Cell::Empty
                && self.neutral.get(index[q]).is_some_and(|&n| n >= SHARED)
                && board.is_eyelike(Color::Black, Point::new(q))
                    == board.is_eyelike(Color::White, Point::new(q))
        };
        geo.points()
            .enumerate()
            .filter_map(|(i, p)| {
                let color = board.at(p).color()?;
                let mine = self.ownership.get(i).copied().unwrap_or(0.0) * color.sign() as f32;
                let status = if mine < 0.0 {
                    StoneStatus::Dead
                } else if board
                    .chain_stones(p)
                    .any(|s| geo.neighbors(s.index()).iter().any(|&q| shared_liberty(q)))
                {
                    StoneStatus::Seki
                } else {
                    StoneStatus::Alive
                };
                Some((p, status))
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Rules;

    /// Found by the `gtp_session` fuzz target: a search stopped before its first playout
    /// leaves an empty `Territory`, and asking it about a point panicked.
    #[test]
    fn empty_statistics_leave_every_point_unsettled() {
        let t = Territory::default();
        assert_eq!(t.state(30, 0.5), PointState::Unsettled);
    }

    fn territory(own: &[f32], neutral: &[f32]) -> Territory {
        Territory {
            ownership: own.to_vec(),
            neutral: neutral.to_vec(),
        }
    }

    #[test]
    fn a_close_fight_is_unsettled_though_its_mean_is_near_zero() {
        let t = territory(&[0.1, 0.0, 0.9, -0.9], &[0.0, 0.9, 0.0, 0.0]);
        assert_eq!(t.state(0, 0.6), PointState::Unsettled, "55/45 fight");
        assert_eq!(t.state(1, 0.6), PointState::Shared, "dame");
        assert_eq!(t.state(2, 0.6), PointState::Owned(Color::Black));
        assert_eq!(t.state(3, 0.6), PointState::Owned(Color::White));
    }

    #[test]
    fn the_margin_counts_owned_points_and_komi() {
        let g = Game::new(
            2,
            Rules {
                komi: 0.5,
                ..Rules::chinese()
            },
        )
        .unwrap();
        let t = territory(&[1.0, 1.0, 1.0, -1.0], &[0.0; 4]);
        assert_eq!(t.settled_margin(&g, 0.6), Some(1.5));
        let t = territory(&[1.0, 1.0, 0.3, -1.0], &[0.0; 4]);
        assert_eq!(t.settled_margin(&g, 0.6), None);
    }

    #[test]
    fn statuses_follow_ownership_and_shared_liberties() {
        // Two walls with a shared column between them (as in a seki, or dame).
        let b = Board::from_ascii(
            "X . O
             X . O
             X . O",
        )
        .unwrap();
        let geo = b.geometry();
        let mut own = vec![0.0; 9];
        let mut neutral = vec![0.0; 9];
        for (i, p) in geo.points().enumerate() {
            match b.at(p).color() {
                Some(c) => own[i] = c.sign() as f32,
                None => neutral[i] = 1.0,
            }
        }
        let t = Territory {
            ownership: own.clone(),
            neutral: neutral.clone(),
        };
        assert!(t
            .stone_statuses(&b)
            .iter()
            .all(|&(_, s)| s == StoneStatus::Seki));
        // Once the middle belongs to White in the playouts, Black's wall is dead.
        for (i, p) in geo.points().enumerate() {
            if b.at(p) != Cell::White {
                own[i] = -1.0;
                neutral[i] = 0.0;
            }
        }
        let t = Territory {
            ownership: own,
            neutral,
        };
        for (p, s) in t.stone_statuses(&b) {
            let expect = if b.at(p) == Cell::Black {
                StoneStatus::Dead
            } else {
                StoneStatus::Alive
            };
            assert_eq!(s, expect);
        }
    }
}
