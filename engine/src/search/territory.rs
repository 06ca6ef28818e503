//! What the playouts say about who owns each point at the end: the statistics the end-of-game
//! judgement (`life::dead_stones`: is the game settled, what is the score if it ends now, which
//! stones are dead or in seki) starts from.
//!
//! Each point keeps two numbers over the playouts of a search: its mean owner (+1 Black, -1
//! White) and the share of playouts in which nobody owned it. A dame point or a seki liberty is
//! owned by nobody in most playouts; a point in an undecided fight is owned by one side in some
//! playouts and by the other in the rest. Their mean owner can be the same (near 0); the
//! neutral share tells them apart.

use crate::board::Board;
use crate::life::dead_stones::{Judgement, PointState};
use crate::types::Color;

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

    /// This ownership corrected by static life and death (see [`Judgement`]), with `settled`
    /// the mean ownership a side needs for a point to count as its own.
    pub fn judge(&self, board: &Board, settled: f32) -> Judgement {
        let state = (0..board.geometry().points().count())
            .map(|i| self.state(i, settled))
            .collect();
        Judgement::new(board, &self.ownership, state)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;
    use crate::player::StoneStatus;
    use crate::rules::Rules;
    use crate::types::Cell;

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
        assert_eq!(t.judge(g.board(), 0.6).settled_margin(&g), Some(1.5));
        let t = territory(&[1.0, 1.0, 0.3, -1.0], &[0.0; 4]);
        assert_eq!(t.judge(g.board(), 0.6).settled_margin(&g), None);
    }

    #[test]
    fn statuses_follow_ownership_where_nothing_static_applies() {
        // Two walls with a column of dame between them: filling it is no self-atari, so no
        // seki; both walls own their points in the playouts and are alive.
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
            .judge(&b, 0.6)
            .stone_statuses()
            .iter()
            .all(|&(_, s)| s == StoneStatus::Alive));
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
        for (p, s) in t.judge(&b, 0.6).stone_statuses() {
            let expect = if b.at(p) == Cell::Black {
                StoneStatus::Dead
            } else {
                StoneStatus::Alive
            };
            assert_eq!(s, expect);
        }
    }

    /// A board not finished: a stone the playouts leave open is a guess, and says so; a stone
    /// they settle is not, nor one static life and death settles whatever the playouts say.
    #[test]
    fn stones_the_playouts_leave_open_are_undecided() {
        let b = Board::from_ascii(
            ". X . X .
             X X X X X
             . . . . .
             . X . O .
             . . . . .",
        )
        .unwrap();
        let geo = b.geometry();
        let mut own = vec![0.0; 25];
        let neutral = vec![0.0; 25];
        let b2 = geo.point(1, 1);
        let d2 = geo.point(3, 1);
        for (i, p) in geo.points().enumerate() {
            if p == b2 {
                own[i] = 0.1;
            } else if p == d2 {
                own[i] = -0.9;
            }
        }
        let t = Territory {
            ownership: own,
            neutral,
        };
        let j = t.judge(&b, 0.6);
        // B2 is open; D2 is White's in the playouts; the top row lives by Benson though the
        // playouts give it nothing.
        assert_eq!(j.undecided_stones(), vec![b2]);
        assert_eq!(j.status(b2), Some(StoneStatus::Alive));
        assert_eq!(j.status(geo.point(0, 3)), Some(StoneStatus::Alive));
    }
}
