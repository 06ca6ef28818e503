//! Step 2 of a search: what every worker thread does, over and over. One simulation *selects*
//! a path down the shared tree by RAVE value (counting each visit on the way down as a virtual
//! loss), *expands* a leaf with enough visits, *plays out* the rest of the game with the
//! playout policy, and *backs up* the result along the path and, as AMAF, to the siblings whose
//! move the same player made later. Ownership of the final positions is gathered on the way.

use super::batch::{self, Batches, Held};
use super::params::{PolicyParams, SearchParams};
use super::prior::{add_learned_priors, expand_moves, PriorScratch};
use super::rave::{amaf_samples, rave_value, FirstPlays};
use super::tree::{Node, NodeId, Padded, Prior, Tree};
use crate::board::Board;
use crate::geometry::MAX_POINTS;
use crate::playout::{playout_owner, Policy};
use crate::rng::Rng;
use crate::types::{Color, Move};
use std::sync::atomic::{AtomicBool, AtomicI32, AtomicI64, AtomicU32, AtomicU64, Ordering};
use std::time::Instant;

/// Longest game record a simulation keeps (tree moves plus playout moves); playouts stop there.
const MAX_SIM_MOVES: usize = 2048;

/// The winner of a playout whose final margin is `margin` (Black's area minus White's, komi
/// included); `None` for a draw.
#[inline]
fn winner(margin: f32) -> Option<Color> {
    if margin > 0.0 {
        Some(Color::Black)
    } else if margin < 0.0 {
        Some(Color::White)
    } else {
        None
    }
}

/// What a playout whose final margin is `margin` (Black's area minus White's, komi included) is
/// worth to Black, in half-wins: 2 a win, 1 a draw, 0 a loss. With a `score_weight` the value
/// also grows with the margin (see [`SearchParams`]); a value between two counts is rounded up
/// or down at random, in proportion, so that the tree's integer counts keep its mean.
#[inline]
fn playout_value(margin: f32, params: &SearchParams, rng: &mut Rng) -> u32 {
    let won = match winner(margin) {
        Some(Color::Black) => 1.0,
        Some(Color::White) => 0.0,
        None => 0.5,
    };
    let w = params.score_weight;
    if w <= 0.0 {
        return (2.0 * won) as u32;
    }
    let score = 0.5 + 0.5 * (margin / params.score_scale).tanh();
    let half_wins = 2.0 * ((1.0 - w) * won + w * score);
    let floor = half_wins.floor();
    floor as u32 + u32::from(rng.chance(half_wins - floor))
}

/// Everything the worker threads share during one search.
pub(super) struct Shared<'a> {
    pub(super) tree: &'a Tree,
    pub(super) root: &'a Board,
    pub(super) root_color: Color,
    /// Black's area minus White's must exceed this for Black to win a playout.
    pub(super) komi: f32,
    /// The part of `komi` that is dynamic komi (`dynkomi.rs`), for reports at the real komi.
    pub(super) dynamic_komi: f32,
    pub(super) params: &'a SearchParams,
    /// Count a double pass in the tree as it stands (Tromp-Taylor) instead of playing on.
    pub(super) as_is_scoring: bool,
    /// Hold back the updates near the root and write them in batches (set when several
    /// threads search; see `batch`).
    pub(super) batch_top: bool,
    /// Passes at the end of the game before the root.
    pub(super) root_passes: usize,
    /// Written by every simulation, so each on cache lines of their own: the read-only fields
    /// around them would otherwise be fetched again after every write (false sharing).
    pub(super) done: Padded<AtomicBool>,
    pub(super) playouts: Padded<AtomicU64>,
    pub(super) playout_limit: u64,
    /// When the search must end, if it has a time limit.
    pub(super) deadline: Option<Instant>,
    /// Sum over playouts of the final owner of each point (+1 Black, -1 White), and the number
    /// of playouts in which nobody owned it.
    pub(super) ownership: Vec<AtomicI32>,
    pub(super) neutral: Vec<AtomicU32>,
    pub(super) owned_playouts: AtomicU64,
    /// Sum of Black's final margins, in half points.
    pub(super) margin_sum: AtomicI64,
}

/// One thread's simulation state; everything is allocated once, nothing inside a playout.
pub(super) struct Worker {
    board: Box<Board>,
    policy: Policy,
    rng: Rng,
    path: Vec<NodeId>,
    /// For each node of the path, the batch slot holding its children's updates, or `NO_SLOT`.
    slots: Vec<u8>,
    /// Moves of the current simulation (tree part then playout) as point indices (0 = pass).
    moves: Box<[u16; MAX_SIM_MOVES]>,
    nmoves: usize,
    /// Who first played each point in the suffix being credited (AMAF).
    first: FirstPlays,
    expand_buf: Vec<Prior>,
    /// The priors' working space (fate distances, ladders, gammas).
    prior_scratch: Box<PriorScratch>,
    /// Local ownership sums, flushed to `Shared` now and then.
    owned: Box<[i32; MAX_POINTS]>,
    neutral: Box<[u32; MAX_POINTS]>,
    owned_count: u64,
    margin_sum: i64,
    /// Updates near the root not yet written to the tree.
    batches: Batches,
}

/// In `Worker::slots`: the node's updates go straight to the tree.
const NO_SLOT: u8 = u8::MAX;

/// Flush local ownership sums after this many playouts.
const FLUSH_EVERY: u64 = 64;

impl Worker {
    pub(super) fn new(policy: PolicyParams, seed: u64) -> Worker {
        Worker {
            board: Box::new(Board::new(2).expect("valid size")),
            policy: Policy::new(policy),
            rng: Rng::new(seed),
            path: Vec::with_capacity(MAX_SIM_MOVES),
            slots: Vec::with_capacity(MAX_SIM_MOVES),
            moves: Box::new([0; MAX_SIM_MOVES]),
            nmoves: 0,
            first: FirstPlays::new(),
            expand_buf: Vec::with_capacity(MAX_POINTS),
            prior_scratch: Box::new(PriorScratch::new()),
            owned: Box::new([0; MAX_POINTS]),
            neutral: Box::new([0; MAX_POINTS]),
            owned_count: 0,
            margin_sum: 0,
            batches: Batches::new(),
        }
    }

    /// One simulation: select, expand, play out, back up.
    pub(super) fn simulate(&mut self, sh: &Shared) {
        let tree = sh.tree;
        self.board.copy_from(sh.root);
        self.path.clear();
        self.slots.clear();
        self.nmoves = 0;
        let mut node = tree.node(Tree::ROOT);
        let mut id = Tree::ROOT;
        // (With batches, the root's visit is counted at the backup: it steers no selection.)
        if !sh.batch_top {
            node.add_visit();
        }
        let mut color = sh.root_color;
        let mut passes = sh.root_passes;
        let mut game_over = false;
        // Visits of `node` this thread holds in a batch, not yet in the tree.
        let mut held_visits = 0;
        // Batch slots taken by nodes of this path (a slot serves one node at a time).
        let mut slots_taken = 0u32;

        // Select and expand.
        loop {
            let visits = node.visits() + held_visits;
            let slot = self.slot_for(sh, id, visits, &mut slots_taken);
            self.path.push(id);
            self.slots.push(slot);
            if !node.is_expanded() {
                if visits < sh.params.expand_visits || !node.claim_expansion() {
                    break;
                }
                expand_moves(
                    &self.board,
                    color,
                    sh.params,
                    &mut self.prior_scratch,
                    &mut self.expand_buf,
                );
                if !tree.expand(node, &self.expand_buf) {
                    break;
                }
            }
            if sh.params.learned_prior_on()
                && visits >= sh.params.learned_visits
                && node.claim_learned()
            {
                let (_, kids) = tree.children(node);
                add_learned_priors(&self.board, color, sh.params, &mut self.prior_scratch, kids);
            }
            let (child_id, held) = self.descend(tree, node, sh.params, slot);
            held_visits = held;
            let child = tree.node(child_id);
            let mv = child.mv();
            self.play(color, mv);
            passes = if mv == Move::Pass { passes + 1 } else { 0 };
            id = child_id;
            node = child;
            color = color.opponent();
            if passes >= 2 && sh.as_is_scoring {
                self.path.push(id);
                self.slots.push(NO_SLOT);
                game_over = true;
                break;
            }
        }

        // Play out.
        if !game_over {
            let mut passes = 0;
            while passes < 2 && self.nmoves < MAX_SIM_MOVES {
                match self.policy.choose(&self.board, color, &mut self.rng) {
                    Some(p) => {
                        self.play(color, Move::Play(p));
                        passes = 0;
                    }
                    None => {
                        self.play(color, Move::Pass);
                        passes += 1;
                    }
                }
                color = color.opponent();
            }
        }

        // Back up (the ownership pass counts the area too).
        let margin = self.record_ownership() as f32 - sh.komi;
        let black_result = playout_value(margin, sh.params, &mut self.rng);
        self.backup(sh, black_result);
        self.record_margin(sh, margin);
        let winner = winner(margin);
        let history = [sh.root.last_move2().to_u16(), sh.root.last_move().to_u16()];
        self.policy
            .learn(history, &self.moves[..self.nmoves], sh.root_color, winner);
    }

    /// The batch slot for the children of node `id` of this path (`visits` counts those this
    /// thread holds), or `NO_SLOT` when their updates go straight to the tree: with several
    /// threads, the root and the much-visited nodes get one, unless an earlier node of the path
    /// has taken it (`taken`, a bit per slot).
    fn slot_for(&mut self, sh: &Shared, id: NodeId, visits: u32, taken: &mut u32) -> u8 {
        if !sh.batch_top
            || (id != Tree::ROOT && visits < batch::HOT_VISITS)
            || *taken & (1 << Batches::slot_index(id)) != 0
        {
            return NO_SLOT;
        }
        let i = self.batches.open(sh.tree, id);
        *taken |= 1 << i;
        i as u8
    }

    /// Choose the child of `node` to go down to and count the visit (the virtual loss): in the
    /// tree, or held in the node's batch slot, whose holdings the choice counts. Returns the
    /// child and the visits of it this thread holds.
    #[inline]
    fn descend(
        &mut self,
        tree: &Tree,
        node: &Node,
        params: &SearchParams,
        slot: u8,
    ) -> (NodeId, u32) {
        if slot == NO_SLOT {
            let (id, child) = select(tree, node, params, &[]);
            child.add_visit();
            return (id, 0);
        }
        let slot = self.batches.slot(slot as usize);
        let (id, _) = select(tree, node, params, slot.children());
        let index = (id - tree.children(node).0) as usize;
        slot.add_child_visit(index);
        (id, slot.children()[index].visits)
    }

    #[inline]
    fn play(&mut self, color: Color, mv: Move) {
        match mv {
            Move::Pass => self.board.pass(),
            Move::Play(p) => {
                self.board.play_unchecked(color, p);
            }
        }
        if self.nmoves < MAX_SIM_MOVES {
            self.moves[self.nmoves] = mv.to_u16();
            self.nmoves += 1;
        }
    }

    /// Credit the result to every node on the path (from its mover's side) and, as AMAF, to the
    /// siblings whose move the same player made later in the simulation.
    fn backup(&mut self, sh: &Shared, black_result: u32) {
        let tree = sh.tree;
        // Move k of the simulation was played by the root player when k is even.
        let color_at = |k: usize| {
            if k.is_multiple_of(2) {
                sh.root_color
            } else {
                sh.root_color.opponent()
            }
        };
        let result_for = |c: Color| {
            if c == Color::Black {
                black_result
            } else {
                2 - black_result
            }
        };
        let mut j = self.nmoves;
        for k in (0..self.path.len()).rev() {
            let node = tree.node(self.path[k]);
            let mover = color_at(k);
            // The node's own result is for the player who moved into it.
            let own = result_for(mover.opponent());
            // Moves k.. were played from this node on; note who played each point first.
            while j > k {
                j -= 1;
                self.first.note(self.moves[j] as usize, color_at(j), j);
            }
            let (_, kids) = tree.children(node);
            let r = result_for(mover);
            let first = &self.first;
            // An early move counts more (`amaf_early_weight`): samples by how soon after
            // this node its point was first played.
            let (w, len) = (sh.params.amaf_early_weight, (self.nmoves - k) as u32);
            let samples = |child: &Node| {
                let since = first.at(child.mv().to_u16() as usize) - k as u32;
                amaf_samples(w, len, since)
            };
            let credited = |child: &Node| first.by(child.mv().to_u16() as usize, mover);
            // The node's result waits in its parent's batch slot if the parent has one (the
            // root's own visit waits in the root's: `simulate` did not count it).
            if k == 0 && self.slots[0] != NO_SLOT {
                self.batches.slot(self.slots[0] as usize).add_visit(own);
            } else if k > 0 && self.slots[k - 1] != NO_SLOT {
                let (parent_first, _) = tree.children(tree.node(self.path[k - 1]));
                let index = (self.path[k] - parent_first) as usize;
                self.batches
                    .slot(self.slots[k - 1] as usize)
                    .add_child_result(index, own);
            } else {
                node.add_result(own);
            }
            // So do its children's AMAF samples if it has a slot.
            let mut slot =
                (self.slots[k] != NO_SLOT).then(|| self.batches.slot(self.slots[k] as usize));
            for (i, child) in kids.iter().enumerate().filter(|(_, c)| credited(c)) {
                let n = samples(child);
                match &mut slot {
                    Some(slot) => slot.add_amaf(i, n, r * n),
                    None => child.add_amaf(n, r * n),
                }
            }
        }
        self.first.clear(&self.moves[..self.nmoves]);
    }

    /// Add the final position's owners to the local sums; returns Black's area minus White's.
    fn record_ownership(&mut self) -> i32 {
        let board = &self.board;
        let mut area = 0;
        for p in board.geometry().points() {
            let owner = playout_owner(board, p);
            self.owned[p.index()] += owner;
            self.neutral[p.index()] += u32::from(owner == 0);
            area += owner;
        }
        area
    }

    fn record_margin(&mut self, sh: &Shared, margin: f32) {
        self.owned_count += 1;
        self.margin_sum += (margin * 2.0).round() as i64;
        if self.owned_count >= FLUSH_EVERY {
            self.flush(sh);
        }
    }

    /// Hand everything gathered locally to the shared statistics.
    pub(super) fn flush(&mut self, sh: &Shared) {
        self.batches.write_all(sh.tree);
        if self.owned_count == 0 {
            return;
        }
        for p in sh.root.geometry().points() {
            let i = p.index();
            sh.ownership[i].fetch_add(self.owned[i], Ordering::Relaxed);
            sh.neutral[i].fetch_add(self.neutral[i], Ordering::Relaxed);
            self.owned[i] = 0;
            self.neutral[i] = 0;
        }
        sh.owned_playouts
            .fetch_add(self.owned_count, Ordering::Relaxed);
        sh.margin_sum.fetch_add(self.margin_sum, Ordering::Relaxed);
        self.owned_count = 0;
        self.margin_sum = 0;
    }
}

/// The child with the highest RAVE value (plus optional UCB exploration), counting what this
/// thread holds back for the children in `held` (by child index; empty when nothing is held).
#[inline]
fn select<'t>(
    tree: &'t Tree,
    node: &Node,
    params: &SearchParams,
    held: &[Held],
) -> (NodeId, &'t Node) {
    let (first, kids) = tree.children(node);
    let ln_parent = if params.exploration > 0.0 {
        (node.visits().max(1) as f32).ln()
    } else {
        0.0
    };
    let mut best = 0;
    let mut best_value = f32::NEG_INFINITY;
    for (i, child) in kids.iter().enumerate() {
        let mut s = child.stats();
        if let Some(h) = held.get(i) {
            s.visits += h.visits;
            s.wins += h.wins;
            s.amaf_visits += h.amaf_visits;
            s.amaf_wins += h.amaf_wins;
        }
        let mut v = rave_value(&s, params.rave_equiv, params.prior_amaf);
        if params.exploration > 0.0 {
            v += params.exploration * (ln_parent / (s.visits as f32 + 1.0)).sqrt();
        }
        if v > best_value {
            best_value = v;
            best = i;
        }
    }
    (first + best as u32, &kids[best])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn selection_counts_what_the_thread_holds_back() {
        let tree = Tree::with_root_children(3, 10.0, 5.0);
        let root = tree.node(Tree::ROOT);
        let params = SearchParams::default();
        let (first, _) = tree.children(root);
        // Equal children: the first wins the tie.
        assert_eq!(select(&tree, root, &params, &[]).0, first);
        // Visits this thread holds back for it (virtual losses not yet in the tree) send the
        // thread elsewhere...
        let mut held = [Held::default(); 3];
        held[0].visits = 4;
        assert_eq!(select(&tree, root, &params, &held).0, first + 1);
        // ...and held wins bring it back.
        held[0].wins = 8;
        assert_eq!(select(&tree, root, &params, &held).0, first);
    }

    #[test]
    fn a_playout_is_worth_its_result_and_with_a_score_weight_its_margin() {
        let mut rng = Rng::new(7);
        let wins_only = SearchParams::default();
        for (margin, half_wins) in [(12.5, 2), (0.5, 2), (0.0, 1), (-0.5, 0), (-40.5, 0)] {
            assert_eq!(
                playout_value(margin, &wins_only, &mut rng),
                half_wins,
                "{margin}"
            );
        }
        let mut params = SearchParams {
            score_weight: 0.2,
            score_scale: 10.0,
            ..SearchParams::default()
        };
        let mut mean = |margin: f32, params: &SearchParams| {
            let n = 20_000;
            let sum: u32 = (0..n)
                .map(|_| playout_value(margin, params, &mut rng))
                .sum();
            sum as f32 / (2 * n) as f32
        };
        // A win is still worth more than any loss, and a bigger win more than a small one, the
        // random rounding keeping the mean: 0.8 + 0.2 * (1 + tanh(m / 10)) / 2.
        let expected = |m: f32| 0.8 * f32::from(m > 0.0) + 0.1 * (1.0 + (m / 10.0).tanh());
        for m in [-30.5, -0.5, 0.5, 5.5, 30.5] {
            assert!((mean(m, &params) - expected(m)).abs() < 0.01, "{m}");
        }
        assert!(mean(0.5, &params) > mean(-0.5, &params) + 0.7);
        params.score_weight = 1.0;
        assert!(mean(20.5, &params) > mean(2.5, &params) + 0.3);
    }
}
