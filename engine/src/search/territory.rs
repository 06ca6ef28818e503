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
use crate::life::{benson, eyespace, ko, seki, semeai, Chains, Regions};
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

    /// This ownership corrected by static life and death (see [`Judgement`]), with `settled`
    /// the mean ownership a side needs for a point to count as its own.
    pub fn judge(&self, board: &Board, settled: f32) -> Judgement {
        Judgement::new(self, board, settled)
    }
}

/// What a position's stones and points are, as the engine judges them for counting, passing
/// and clean-up: the playouts' ownership, overruled where static life and death knows better.
///
/// - Chains in seki ([`seki::find`]) are alive, whatever the playouts did to them, and the
///   liberties they share belong to nobody; chains that only look like a seki, because a
///   sacrifice leaves them a killable eye space, are dead.
/// - Chains alive by Benson's algorithm are alive; opponent stones in the regions they hold
///   for good are dead.
/// - Chains that border an area big enough to make two eyes in, with only dead stones in it
///   ([`eyespace`]), are alive.
/// - Chains the playouts call dead that capture a neighbour first even when it moves first,
///   and are then alive for good, are alive, and what they capture is dead; so are large ones
///   that no neighbour captures even moving first ([`semeai`]).
/// - A stone in atari on the border of two living groups whose capture would be a ko (a dame
///   ko, left unresolved when both passed) is alive ([`ko`]).
/// - Chains whose only eye is one small region that stays one eye whoever plays first (the
///   square four, or a killable shape with an enemy stone on its vital point), with nowhere
///   else to live and no capturing race to win, are dead, and the enemy stones in that eye
///   alive ([`eyespace`]).
/// - Every other chain is dead when the other side owns its stones in most playouts (the mean
///   ownership over the chain, so that a chain's stones share one fate).
#[derive(Clone, Debug)]
pub struct Judgement {
    chains: Chains,
    /// Per chain.
    status: Vec<StoneStatus>,
    /// Per point, in [`crate::Geometry::points`] order.
    state: Vec<PointState>,
    points: Vec<Point>,
}

impl Judgement {
    fn new(territory: &Territory, board: &Board, settled: f32) -> Judgement {
        let geo = board.geometry();
        let points: Vec<Point> = geo.points().collect();
        let mut index = vec![usize::MAX; geo.array_len()];
        for (i, p) in points.iter().enumerate() {
            index[p.index()] = i;
        }
        let chains = Chains::new(board);
        let regions = Color::BOTH.map(|c| Regions::new(board, &chains, c));
        let benson = regions
            .each_ref()
            .map(|r| benson::unconditional(&chains, r));
        let mut state: Vec<PointState> = (0..points.len())
            .map(|i| territory.state(i, settled))
            .collect();
        // Points the static judgement settles: regions held for good.
        for color in Color::BOTH {
            let (regions, benson) = (&regions[color.index()], &benson[color.index()]);
            for (r, region) in regions.list.iter().enumerate() {
                if benson.safe[r] {
                    for p in &region.points {
                        state[index[p.index()]] = PointState::Owned(color);
                    }
                }
            }
        }
        // Per chain: alive by Benson, or inside a region the other side holds for good.
        let alive = |x: usize| benson[chains.list[x].color.index()].alive[x];
        let held: Vec<bool> = chains
            .list
            .iter()
            .map(|chain| {
                let opponent = chain.color.opponent().index();
                regions[opponent]
                    .at(chain.stones[0])
                    .is_some_and(|r| benson[opponent].safe[r])
            })
            .collect();
        // Dead unless alive by Benson: held for good by the other side, or owned by it in
        // most playouts.
        let dead: Vec<bool> = chains
            .list
            .iter()
            .enumerate()
            .map(|(x, chain)| {
                let color = chain.color;
                if alive(x) {
                    return false;
                }
                let mine: f32 = chain
                    .stones
                    .iter()
                    .map(|p| {
                        territory
                            .ownership
                            .get(index[p.index()])
                            .copied()
                            .unwrap_or(0.0)
                    })
                    .sum::<f32>()
                    * color.sign() as f32;
                held[x] || mine < 0.0
            })
            .collect();
        // Alive, whatever the playouts say, with a big enough area to make eyes in.
        let roomy = regions
            .each_ref()
            .map(|r| eyespace::lives_by_eye_space(&chains, r, &dead));
        let dead: Vec<bool> = (0..chains.list.len())
            .map(|x| dead[x] && !roomy[chains.list[x].color.index()][x])
            .collect();
        // Alive, whatever the playouts say, by winning a capturing race and then living; what
        // it captures is dead. Benson's verdicts stand.
        let fixed: Vec<bool> = (0..chains.list.len())
            .map(|x| alive(x) || held[x])
            .collect();
        let dead = semeai::revive(board, &chains, &dead, &fixed);
        // A stone left in a dame ko stays on the board, whatever the playouts did to it.
        let dead: Vec<bool> = (0..chains.list.len())
            .map(|x| dead[x] && !ko::in_dame_ko(board, &chains, x, &dead))
            .collect();
        // Dead, whatever the playouts say, with one small eye that stays one eye and nothing
        // else to live by; the enemy stones inside it are then no threat. Benson's verdicts
        // stand.
        let small_eye = regions
            .each_ref()
            .map(|r| eyespace::die_in_one_small_eye(board, &chains, r, &dead));
        let dead: Vec<bool> = (0..chains.list.len())
            .map(|x| match small_eye.iter().find_map(|v| v[x]) {
                Some(verdict) if !fixed[x] => verdict,
                _ => dead[x],
            })
            .collect();
        // Sekis: as the board stands, and once the stones judged dead are removed and the dame
        // only one side can fill are filled (the playouts may have broken a seki, so the
        // first look keeps every stone; dame next to dead stones are territory, so the
        // second look fills only once they are gone).
        let as_it_stands = seki::find_as_it_stands(board);
        // The false sekis' stones count as dead here too (a standoff may have revived them).
        let dead: Vec<bool> = (0..chains.list.len())
            .map(|x| {
                dead[x]
                    || (as_it_stands
                        .dead
                        .binary_search(&chains.list[x].stones[0])
                        .is_ok()
                        && !alive(x))
            })
            .collect();
        let mut without_dead = board.clone();
        for (x, chain) in chains.list.iter().enumerate() {
            if dead[x] {
                for &p in &chain.stones {
                    without_dead.set_cell(p, None);
                }
            }
        }
        let seki = [as_it_stands, seki::find(&without_dead)];
        let mut status = Vec::with_capacity(chains.list.len());
        for (x, chain) in chains.list.iter().enumerate() {
            let fake_seki = seki
                .iter()
                .any(|k| k.dead.binary_search(&chain.stones[0]).is_ok());
            let s = if seki.iter().any(|k| k.contains(chain.stones[0])) {
                StoneStatus::Seki
            } else if dead[x] || (fake_seki && !benson[chain.color.index()].alive[x]) {
                StoneStatus::Dead
            } else {
                StoneStatus::Alive
            };
            if s == StoneStatus::Seki || benson[chain.color.index()].alive[x] {
                for p in &chain.stones {
                    state[index[p.index()]] = PointState::Owned(chain.color);
                }
            }
            status.push(s);
        }
        for p in seki.iter().flat_map(|k| &k.shared) {
            if board.at(*p) == Cell::Empty {
                state[index[p.index()]] = PointState::Shared;
            }
        }
        Judgement {
            chains,
            status,
            state,
            points,
        }
    }

    /// The status of the stone at `p` (`None` on an empty point).
    pub fn status(&self, p: Point) -> Option<StoneStatus> {
        self.chains.at(p).map(|x| self.status[x])
    }

    /// The status of every stone, in board order.
    pub fn stone_statuses(&self) -> Vec<(Point, StoneStatus)> {
        self.points
            .iter()
            .filter_map(|&p| Some((p, self.status(p)?)))
            .collect()
    }

    /// Number of `color`'s opponent stones judged dead on points `color` owns: dead stones
    /// to capture.
    pub fn dead_opponent_stones(&self, board: &Board, color: Color) -> usize {
        let opp = Cell::from(color.opponent());
        self.points
            .iter()
            .zip(&self.state)
            .filter(|&(&p, &s)| {
                board.at(p) == opp
                    && s == PointState::Owned(color)
                    && self.status(p) == Some(StoneStatus::Dead)
            })
            .count()
    }

    /// The score (Black positive, after komi and handicap compensation) if the game ended now
    /// with every point going to its owner, or `None` while any point is unsettled.
    pub fn settled_margin(&self, game: &Game) -> Option<f32> {
        let mut margin = 0.0f32;
        for &s in &self.state {
            match s {
                PointState::Owned(c) => margin += c.sign() as f32,
                PointState::Shared => {}
                PointState::Unsettled => return None,
            }
        }
        let rules = game.rules();
        let handicap = rules.handicap_compensation.points(game.handicap());
        Some(margin - rules.komi as f32 - handicap as f32)
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
}
