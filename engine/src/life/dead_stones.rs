//! Dead stones: the end-of-game judgement of every chain (alive, dead or in seki) and of every
//! point (whose it is, shared, or still open), for counting, passing and clean-up.
//!
//! It starts from what the playouts say (each point's mean owner and [`PointState`], gathered by
//! the search in `search::territory`) and overrules it, step by step, where static life and
//! death knows better. [`Judgement::new`] runs the steps in this order:
//!
//! 1. *Held for good*: regions Benson's algorithm ([`benson`]) holds for a colour are its points;
//!    chains alive by Benson are alive, opponent chains in those regions dead.
//! 2. *The playouts' verdict*: every other chain is dead when the other side owns its stones in
//!    most playouts (the mean ownership over the chain, so that a chain's stones share one fate).
//! 3. *Room for two eyes*: chains that border an area big enough to make two eyes in, with only
//!    dead stones in it, are alive ([`eyespace::lives_by_eye_space`]).
//! 4. *Capturing races*: chains the playouts call dead that capture a neighbour first even when it
//!    moves first, and are then alive for good, are alive, and what they capture is dead; so are
//!    large ones that no neighbour captures even moving first, and small ones in such a
//!    standoff both ways, as in a seki with two stones at the 1-2 points of a corner
//!    ([`semeai::revive`]).
//! 5. *Dame ko*: a stone in atari on the border of two living groups whose capture would be a ko,
//!    left unresolved when both passed, stays alive ([`dame_ko`]).
//! 6. *One small eye*: chains whose only eye is one small region that stays one eye whoever plays
//!    first (the square four, or a killable shape with an enemy stone on its vital point), with
//!    nowhere else to live and no race to win, are dead, and the enemy stones in that eye alive
//!    ([`eyespace::die_in_one_small_eye`]).
//! 7. *Connected*: chains that share two liberties or more with a living chain of their colour
//!    are alive with it (the opponent fills one, they join at the other), as two stones on the
//!    edge linked to their group by two points where an opponent stone would be captured.
//! 8. *Sekis* ([`seki`]): chains in seki, as the board stands or once the dead stones are gone,
//!    are alive and the liberties they share belong to nobody; chains that only look like a seki,
//!    because a sacrifice leaves them a killable eye space, are dead.
//!
//! Benson's verdicts stand through every step. A chain the playouts leave a coin flip that no
//! step settles is *undecided*: counted as the playouts say, and listed as a guess (a board not
//! finished when both passed).

use super::{benson, dame_ko, eyespace, seki, semeai, Chains, Regions};
use crate::board::Board;
use crate::game::Game;
use crate::player::StoneStatus;
use crate::types::{Cell, Color, Point};

/// A chain whose mean ownership in the playouts is within this of nothing (a fight they win
/// and lose about as often), and that static life and death does not settle, is undecided:
/// its status is a guess.
const UNDECIDED: f32 = 0.2;

/// What a point has become, as far as the playouts can tell.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum PointState {
    Owned(Color),
    /// Owned by nobody in most playouts: dame, or a liberty shared in seki.
    Shared,
    Unsettled,
}

/// What a position's stones and points are at the end of the game, as the engine judges them.
#[derive(Clone, Debug)]
pub struct Judgement {
    chains: Chains,
    /// Per chain.
    status: Vec<StoneStatus>,
    /// Per chain: its status is a guess (see [`Judgement::undecided_stones`]).
    undecided: Vec<bool>,
    /// Per point, in [`crate::Geometry::points`] order.
    state: Vec<PointState>,
    points: Vec<Point>,
}

/// A position seen whole, with what Benson's algorithm says of it: what every step reads.
struct Position<'a> {
    board: &'a Board,
    points: Vec<Point>,
    /// The index in `points` of each point of the padded board.
    index: Vec<usize>,
    chains: Chains,
    /// Per colour.
    regions: [Regions; 2],
    benson: [benson::Benson; 2],
}

impl<'a> Position<'a> {
    fn new(board: &'a Board) -> Position<'a> {
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
        Position {
            board,
            points,
            index,
            chains,
            regions,
            benson,
        }
    }

    fn chain_count(&self) -> usize {
        self.chains.list.len()
    }

    /// Is chain `x` alive by Benson's algorithm?
    fn alive_for_good(&self, x: usize) -> bool {
        self.benson[self.chains.list[x].color.index()].alive[x]
    }

    /// Step 1: the points of the regions held for good become their holder's.
    fn settle_held_regions(&self, state: &mut [PointState]) {
        for color in Color::BOTH {
            let (regions, benson) = (&self.regions[color.index()], &self.benson[color.index()]);
            for (r, region) in regions.list.iter().enumerate() {
                if benson.safe[r] {
                    for p in &region.points {
                        state[self.index[p.index()]] = PointState::Owned(color);
                    }
                }
            }
        }
    }

    /// Per chain: does it stand inside a region the other side holds for good?
    fn held_by_opponent(&self) -> Vec<bool> {
        self.chains
            .list
            .iter()
            .map(|chain| {
                let opponent = chain.color.opponent().index();
                self.regions[opponent]
                    .at(chain.stones[0])
                    .is_some_and(|r| self.benson[opponent].safe[r])
            })
            .collect()
    }

    /// Step 2: dead unless alive by Benson: held for good by the other side, or owned by it in
    /// most playouts (`ownership` per point, in `points` order).
    fn dead_by_playouts(&self, ownership: &[f32], held: &[bool]) -> Vec<bool> {
        (0..self.chain_count())
            .map(|x| !self.alive_for_good(x) && (held[x] || self.own_share(x, ownership) < 0.0))
            .collect()
    }

    /// The mean ownership of chain `x`'s stones in the playouts, from its own side (+1: its
    /// own in every playout, -1: captured in every one).
    fn own_share(&self, x: usize, ownership: &[f32]) -> f32 {
        let chain = &self.chains.list[x];
        let sum: f32 = chain
            .stones
            .iter()
            .map(|p| ownership.get(self.index[p.index()]).copied().unwrap_or(0.0))
            .sum();
        sum * chain.color.sign() as f32 / chain.stones.len() as f32
    }

    /// Step 3: alive, whatever the playouts say, with a big enough area to make eyes in.
    fn spare_roomy(&self, dead: &[bool]) -> Vec<bool> {
        let roomy = self
            .regions
            .each_ref()
            .map(|r| eyespace::lives_by_eye_space(&self.chains, r, dead));
        (0..self.chain_count())
            .map(|x| dead[x] && !roomy[self.chains.list[x].color.index()][x])
            .collect()
    }

    /// Step 5: a stone left in a dame ko stays on the board, whatever the playouts did to it.
    fn spare_dame_ko(&self, dead: &[bool]) -> Vec<bool> {
        (0..self.chain_count())
            .map(|x| dead[x] && !dame_ko::in_dame_ko(self.board, &self.chains, x, dead))
            .collect()
    }

    /// Step 6: dead, whatever the playouts say, with one small eye that stays one eye and
    /// nothing else to live by; the enemy stones inside it are then no threat. The verdicts of
    /// `fixed` chains stand.
    fn kill_in_one_small_eye(&self, dead: &[bool], fixed: &[bool]) -> Vec<bool> {
        let small_eye = self
            .regions
            .each_ref()
            .map(|r| eyespace::die_in_one_small_eye(self.board, &self.chains, r, dead));
        (0..self.chain_count())
            .map(|x| match small_eye.iter().find_map(|v| v[x]) {
                Some(verdict) if !fixed[x] => verdict,
                _ => dead[x],
            })
            .collect()
    }

    /// Step 7: alive, whatever the playouts say, when it shares two liberties or more with a
    /// living chain of its colour: the two are connected (the opponent fills one, they join at
    /// the other). The verdicts of `fixed` chains stand.
    fn spare_connected(&self, dead: &[bool], fixed: &[bool]) -> Vec<bool> {
        let mut verdict = dead.to_vec();
        let mut changed = true;
        while changed {
            changed = false;
            for (x, chain) in self.chains.list.iter().enumerate() {
                if !verdict[x] || fixed[x] {
                    continue;
                }
                let joined = self.chains.list.iter().enumerate().any(|(y, other)| {
                    !verdict[y] && other.color == chain.color && chain.shared_liberties(other) >= 2
                });
                if joined {
                    verdict[x] = false;
                    changed = true;
                }
            }
        }
        verdict
    }

    /// Step 8, first look: the false sekis' stones as the board stands count as dead too (a
    /// standoff may have revived them), unless alive by Benson.
    fn kill_false_sekis(&self, dead: &[bool], as_it_stands: &seki::Seki) -> Vec<bool> {
        (0..self.chain_count())
            .map(|x| {
                dead[x]
                    || (as_it_stands.is_false(self.chains.list[x].stones[0])
                        && !self.alive_for_good(x))
            })
            .collect()
    }

    /// Chains whose status is the playouts' guess: a coin flip in the playouts (mean
    /// ownership within [`UNDECIDED`] of nobody's), and no step of static life and death
    /// changed what the playouts said or put them in a seki (true or false).
    fn undecided(
        &self,
        ownership: &[f32],
        playouts_dead: &[bool],
        dead: &[bool],
        fixed: &[bool],
        sekis: &[seki::Seki; 2],
    ) -> Vec<bool> {
        (0..self.chain_count())
            .map(|x| {
                let first = self.chains.list[x].stones[0];
                let in_seki = sekis.iter().any(|k| k.contains(first) || k.is_false(first));
                self.own_share(x, ownership).abs() < UNDECIDED
                    && !fixed[x]
                    && dead[x] == playouts_dead[x]
                    && !in_seki
            })
            .collect()
    }

    /// The board with the chains `dead` says are dead taken off.
    fn without(&self, dead: &[bool]) -> Board {
        let mut board = self.board.clone();
        for (x, chain) in self.chains.list.iter().enumerate() {
            if dead[x] {
                for &p in &chain.stones {
                    board.set_cell(p, None);
                }
            }
        }
        board
    }

    /// Step 8, the statuses: in seki (in either look), dead, or alive; the stones of chains in
    /// seki or alive by Benson are their owner's points, and the liberties shared in a seki
    /// nobody's.
    fn statuses(
        &self,
        dead: &[bool],
        sekis: &[seki::Seki; 2],
        state: &mut [PointState],
    ) -> Vec<StoneStatus> {
        let mut status = Vec::with_capacity(self.chain_count());
        for (x, chain) in self.chains.list.iter().enumerate() {
            let fake_seki = sekis.iter().any(|k| k.is_false(chain.stones[0]));
            let s = if sekis.iter().any(|k| k.contains(chain.stones[0])) {
                StoneStatus::Seki
            } else if dead[x] || (fake_seki && !self.alive_for_good(x)) {
                StoneStatus::Dead
            } else {
                StoneStatus::Alive
            };
            if s == StoneStatus::Seki || self.alive_for_good(x) {
                for p in &chain.stones {
                    state[self.index[p.index()]] = PointState::Owned(chain.color);
                }
            }
            status.push(s);
        }
        for p in sekis.iter().flat_map(|k| &k.shared) {
            if self.board.at(*p) == Cell::Empty {
                state[self.index[p.index()]] = PointState::Shared;
            }
        }
        status
    }
}

impl Judgement {
    /// Judge `board` from the playouts' `ownership` (mean owner per point, -1 White to +1 Black)
    /// and `state` (what each point has become in them), both in [`crate::Geometry::points`]
    /// order, by the steps in the module documentation.
    pub fn new(board: &Board, ownership: &[f32], mut state: Vec<PointState>) -> Judgement {
        let pos = Position::new(board);
        pos.settle_held_regions(&mut state);
        let held = pos.held_by_opponent();
        let playouts_dead = pos.dead_by_playouts(ownership, &held);
        let dead = pos.spare_roomy(&playouts_dead);
        // Benson's verdicts, and the chains held for good, stand through the later steps.
        let fixed: Vec<bool> = (0..pos.chain_count())
            .map(|x| pos.alive_for_good(x) || held[x])
            .collect();
        let dead = semeai::revive(board, &pos.chains, &dead, &fixed);
        let dead = pos.spare_dame_ko(&dead);
        let dead = pos.kill_in_one_small_eye(&dead, &fixed);
        let dead = pos.spare_connected(&dead, &fixed);
        // Sekis: as the board stands, and once the stones judged dead are removed and the dame
        // only one side can fill are filled (the playouts may have broken a seki, so the
        // first look keeps every stone; dame next to dead stones are territory, so the
        // second look fills only once they are gone).
        let judged_dead = |p: Point| pos.chains.at(p).is_some_and(|x| dead[x]);
        let as_it_stands = seki::find_as_it_stands(board, &judged_dead);
        let dead = pos.kill_false_sekis(&dead, &as_it_stands);
        let sekis = [as_it_stands, seki::find(&pos.without(&dead))];
        let undecided = pos.undecided(ownership, &playouts_dead, &dead, &fixed, &sekis);
        let status = pos.statuses(&dead, &sekis, &mut state);
        Judgement {
            chains: pos.chains,
            status,
            undecided,
            state,
            points: pos.points,
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

    /// The stones whose status is a guess: a board not finished when both passed, with a
    /// fight the playouts leave open (most of the chain's stones owned by neither side in a
    /// clear majority of playouts) that no step of static life and death settles. They are
    /// counted as [`Judgement::status`] says; a referee should look at them.
    pub fn undecided_stones(&self) -> Vec<Point> {
        self.points
            .iter()
            .copied()
            .filter(|&p| self.chains.at(p).is_some_and(|x| self.undecided[x]))
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
    use crate::test_boards::at;

    #[test]
    fn a_chain_sharing_two_liberties_with_a_living_chain_lives_with_it() {
        // White's D2 D1 share E2 and E1 with White's living group: Black filling either is
        // captured at once, and White joins at the other.
        let b = Board::from_ascii(
            "X X X O . O .
             X . X O O O O
             X X X O . O .
             X . X O O O O
             X X X X O O O
             X . X O . O .
             X X X O . O .",
        )
        .unwrap();
        let pos = Position::new(&b);
        let (pair, group, black) = (at(&b, 3, 0), at(&b, 5, 0), at(&b, 0, 0));
        let x = |p: Point| pos.chains.at(p).unwrap();
        // The playouts' mistake: the pair dead.
        let mut dead = vec![false; pos.chain_count()];
        dead[x(pair)] = true;
        let fixed = vec![false; pos.chain_count()];
        assert!(!pos.spare_connected(&dead, &fixed)[x(pair)]);
        // With the group dead too, nothing living to join: both stay dead.
        dead[x(group)] = true;
        let verdict = pos.spare_connected(&dead, &fixed);
        assert!(verdict[x(pair)] && verdict[x(group)]);
        assert!(!verdict[x(black)]);
        // With a black stone on E2 they share only E1: not connected.
        let mut b = b.clone();
        b.play_unchecked(Color::Black, at(&b, 4, 1));
        let pos = Position::new(&b);
        let x = |p: Point| pos.chains.at(p).unwrap();
        let mut dead = vec![false; pos.chain_count()];
        dead[x(pair)] = true;
        let fixed = vec![false; pos.chain_count()];
        assert!(pos.spare_connected(&dead, &fixed)[x(pair)]);
    }
}
