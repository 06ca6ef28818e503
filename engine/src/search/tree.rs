//! The shared search tree: a node arena with a memory cap, lock-free statistics (the RAVE value
//! they are selected by is in `rave.rs`).
//!
//! Nodes live in an arena of fixed-size chunks, allocated as the tree grows, up to a cap set in
//! bytes. A node's children are one contiguous block, written by the one thread that won the
//! right to expand the node (a compare-and-swap on its state) and published with a release store;
//! readers acquire. Statistics are atomics updated without locks. When the arena is full, nodes
//! stop being expanded and the search keeps simulating from the leaves it has.
//!
//! Win counts are kept in half-wins (a win counts 2, a draw 1), from the point of view of the
//! player who played the node's move.

use crate::types::Move;
use std::sync::atomic::{AtomicU16, AtomicU32, AtomicU64, AtomicU8, Ordering};
use std::sync::OnceLock;

const CHUNK_BITS: u32 = 16;
const CHUNK: usize = 1 << CHUNK_BITS;

const LEAF: u8 = 0;
const EXPANDING: u8 = 1;
const EXPANDED: u8 = 2;

/// A new child of a node: its move and the prior knowledge it starts with, as virtual visits
/// and virtual wins.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Prior {
    pub mv: Move,
    pub visits: f32,
    pub wins: f32,
}

impl Prior {
    /// The prior win rate, `wins / visits`.
    pub fn rate(&self) -> f32 {
        self.wins / self.visits
    }
}

/// Prior statistics are stored as fixed-point numbers with this many steps per unit.
const PRIOR_SCALE: f32 = 8.0;

/// One tree node: the move that led to it and its statistics.
#[derive(Default)]
pub struct Node {
    mv: AtomicU16,
    state: AtomicU8,
    /// Set once the learned-pattern priors have been added to the children.
    learned: AtomicU8,
    num_children: AtomicU16,
    first_child: AtomicU32,
    visits: AtomicU32,
    wins: AtomicU32,
    /// AMAF visits (low 32 bits) and wins in half-wins (high 32 bits), so that one atomic add
    /// records a sample.
    amaf: AtomicU64,
    /// Prior virtual visits (low 16 bits) and wins (high 16 bits), fixed point.
    prior: AtomicU32,
}

/// AMAF samples and their half-wins as a node keeps them, in one word.
#[inline]
fn pack_amaf(samples: u32, half_wins: u32) -> u64 {
    u64::from(samples) | u64::from(half_wins) << 32
}

/// A snapshot of a node's numbers.
#[derive(Copy, Clone, Debug, Default, PartialEq)]
pub struct NodeStats {
    pub visits: u32,
    /// Wins in half-wins.
    pub wins: u32,
    pub amaf_visits: u32,
    pub amaf_wins: u32,
    pub prior_visits: f32,
    pub prior_wins: f32,
}

impl NodeStats {
    /// Win rate from the real visits only (0.5 when unvisited).
    pub fn winrate(&self) -> f32 {
        if self.visits == 0 {
            0.5
        } else {
            self.wins as f32 / (2.0 * self.visits as f32)
        }
    }
}

impl Node {
    /// The move that leads to this node.
    #[inline]
    pub fn mv(&self) -> Move {
        Move::from_u16(self.mv.load(Ordering::Relaxed))
    }

    /// The numbers, read one by one (not an atomic snapshot; fine for statistics).
    #[inline]
    pub fn stats(&self) -> NodeStats {
        let prior = self.prior.load(Ordering::Relaxed);
        let amaf = self.amaf.load(Ordering::Relaxed);
        NodeStats {
            visits: self.visits.load(Ordering::Relaxed),
            wins: self.wins.load(Ordering::Relaxed),
            amaf_visits: amaf as u32,
            amaf_wins: (amaf >> 32) as u32,
            prior_visits: (prior & 0xFFFF) as f32 / PRIOR_SCALE,
            prior_wins: (prior >> 16) as f32 / PRIOR_SCALE,
        }
    }

    #[inline]
    pub fn visits(&self) -> u32 {
        self.visits.load(Ordering::Relaxed)
    }

    /// Count a visit now, before the result is known: this is the virtual loss that spreads
    /// threads over different lines.
    #[inline]
    pub fn add_visit(&self) {
        self.visits.fetch_add(1, Ordering::Relaxed);
    }

    /// Add visits with their results (in half-wins) gathered elsewhere.
    #[inline]
    pub fn add_visits(&self, visits: u32, half_wins: u32) {
        self.visits.fetch_add(visits, Ordering::Relaxed);
        self.wins.fetch_add(half_wins, Ordering::Relaxed);
    }

    /// Add a result (in half-wins) for a visit already counted.
    #[inline]
    pub fn add_result(&self, half_wins: u32) {
        if half_wins > 0 {
            self.wins.fetch_add(half_wins, Ordering::Relaxed);
        }
    }

    /// Add AMAF (all-moves-as-first) samples of one playout (one, or more for an early move) and
    /// their half-wins. A plain load and store, not a locked add: a
    /// backup writes hundreds of these, and two threads crediting the same node at the same
    /// instant may lose one sample, which costs an estimate nothing.
    #[inline]
    pub fn add_amaf(&self, samples: u32, half_wins: u32) {
        let amaf = self.amaf.load(Ordering::Relaxed);
        self.amaf
            .store(amaf + pack_amaf(samples, half_wins), Ordering::Relaxed);
    }

    /// Add AMAF samples gathered elsewhere, exactly.
    #[inline]
    pub fn add_amaf_samples(&self, samples: u32, half_wins: u32) {
        self.amaf
            .fetch_add(pack_amaf(samples, half_wins), Ordering::Relaxed);
    }

    /// Is the node expanded (its children published)?
    #[inline]
    pub fn is_expanded(&self) -> bool {
        self.state.load(Ordering::Acquire) == EXPANDED
    }

    /// Try to become the thread that expands this leaf.
    #[inline]
    pub fn claim_expansion(&self) -> bool {
        self.state
            .compare_exchange(LEAF, EXPANDING, Ordering::Acquire, Ordering::Relaxed)
            .is_ok()
    }

    /// Try to become the thread that adds the learned priors to this node's children.
    #[inline]
    pub fn claim_learned(&self) -> bool {
        // Look before writing: every simulation through the node asks, and a write each time
        // would take the node's cache line away from the other threads.
        self.learned.load(Ordering::Relaxed) == 0 && self.learned.swap(1, Ordering::Relaxed) == 0
    }

    /// Add virtual visits and wins to the prior (by the one thread that claimed the node's
    /// learned priors; readers may see the old or the new value, both sound).
    pub fn add_prior(&self, visits: f32, wins: f32) {
        let s = self.stats();
        self.store_prior(s.prior_visits + visits, s.prior_wins + wins);
    }

    fn store_prior(&self, prior_visits: f32, prior_wins: f32) {
        let q = |x: f32| ((x.max(0.0) * PRIOR_SCALE).round() as u32).min(0xFFFF);
        let pv = q(prior_visits);
        let pw = q(prior_wins).min(pv);
        self.prior.store(pv | (pw << 16), Ordering::Relaxed);
    }

    /// Write a fresh child's move and prior; done before the parent publishes it.
    fn init(&self, mv: Move, prior_visits: f32, prior_wins: f32) {
        self.mv.store(mv.to_u16(), Ordering::Relaxed);
        self.store_prior(prior_visits, prior_wins);
    }

    /// Copy statistics from another node (tree reuse).
    fn copy_stats(&self, other: &Node) {
        self.mv
            .store(other.mv.load(Ordering::Relaxed), Ordering::Relaxed);
        self.learned
            .store(other.learned.load(Ordering::Relaxed), Ordering::Relaxed);
        for (a, b) in [
            (&self.visits, &other.visits),
            (&self.wins, &other.wins),
            (&self.prior, &other.prior),
        ] {
            a.store(b.load(Ordering::Relaxed), Ordering::Relaxed);
        }
        self.amaf
            .store(other.amaf.load(Ordering::Relaxed), Ordering::Relaxed);
    }
}

/// A value alone on its cache lines (128 bytes: a line and the neighbour it is prefetched with).
#[repr(align(128))]
pub struct Padded<T>(pub T);

impl<T> std::ops::Deref for Padded<T> {
    type Target = T;
    fn deref(&self) -> &T {
        &self.0
    }
}

/// Index of a node in the arena.
pub type NodeId = u32;

/// Fixed-size chunks of nodes, allocated on demand up to a cap.
pub struct Tree {
    chunks: Box<[OnceLock<Box<[Node]>>]>,
    /// The next free id; on lines of its own, away from `chunks`, which every lookup reads.
    next: Padded<AtomicU32>,
    capacity: u32,
}

impl Tree {
    /// Bytes one node takes.
    pub const NODE_BYTES: usize = std::mem::size_of::<Node>();

    /// An empty tree that will use at most about `max_bytes` (at least one chunk), holding a
    /// root node (id 0).
    pub fn new(max_bytes: usize) -> Tree {
        let max_nodes = (max_bytes / Self::NODE_BYTES).clamp(CHUNK, u32::MAX as usize / 2);
        let chunks = max_nodes.div_ceil(CHUNK);
        let tree = Tree {
            chunks: (0..chunks).map(|_| OnceLock::new()).collect(),
            next: Padded(AtomicU32::new(0)),
            capacity: (chunks * CHUNK) as u32,
        };
        let root = tree.alloc(1).expect("room for the root");
        debug_assert_eq!(root, 0);
        tree
    }

    /// The root node.
    pub const ROOT: NodeId = 0;

    /// The node with id `id`.
    #[inline]
    pub fn node(&self, id: NodeId) -> &Node {
        let chunk = self.chunks[(id >> CHUNK_BITS) as usize]
            .get()
            .expect("ids come from alloc, which creates their chunk");
        &chunk[(id as usize) & (CHUNK - 1)]
    }

    /// The children of an expanded node, as (first id, nodes).
    #[inline]
    pub fn children(&self, node: &Node) -> (NodeId, &[Node]) {
        if !node.is_expanded() {
            return (0, &[]);
        }
        let first = node.first_child.load(Ordering::Relaxed);
        let n = node.num_children.load(Ordering::Relaxed) as usize;
        let chunk = self.chunks[(first >> CHUNK_BITS) as usize]
            .get()
            .expect("children were allocated");
        let off = (first as usize) & (CHUNK - 1);
        (first, &chunk[off..off + n])
    }

    /// Nodes allocated so far.
    pub fn len(&self) -> usize {
        (self.next.load(Ordering::Relaxed) as usize).min(self.capacity as usize)
    }

    /// True before anything but the root exists.
    pub fn is_empty(&self) -> bool {
        self.len() <= 1
    }

    /// Bytes of node memory in use (allocated chunks).
    pub fn memory_used(&self) -> usize {
        self.chunks.iter().filter(|c| c.get().is_some()).count() * CHUNK * Self::NODE_BYTES
    }

    /// Might `n` more nodes fit? (The allocation itself decides: a block never straddles
    /// chunks, so a little room at the end of the last chunk can be left unused.)
    pub fn has_room(&self, n: usize) -> bool {
        self.len() + n <= self.capacity as usize
    }

    /// Reserve `n` consecutive fresh nodes inside one chunk; `None` when the cap is reached.
    fn alloc(&self, n: usize) -> Option<NodeId> {
        debug_assert!(n > 0 && n <= CHUNK);
        let mut cur = self.next.load(Ordering::Relaxed);
        loop {
            let off = cur as usize & (CHUNK - 1);
            let start = if off + n > CHUNK {
                (cur as usize | (CHUNK - 1)) + 1
            } else {
                cur as usize
            };
            let end = start + n;
            if end > self.capacity as usize {
                return None;
            }
            match self.next.compare_exchange_weak(
                cur,
                end as u32,
                Ordering::Relaxed,
                Ordering::Relaxed,
            ) {
                Ok(_) => {
                    self.chunks[start >> CHUNK_BITS]
                        .get_or_init(|| (0..CHUNK).map(|_| Node::default()).collect());
                    return Some(start as NodeId);
                }
                Err(actual) => cur = actual,
            }
        }
    }

    /// Give `node` (which the caller has claimed) the children `moves` with their priors
    /// (virtual visits, virtual wins). Returns false when the arena is full: the node then stays
    /// claimed but unexpanded, a leaf for good (nobody tries again; readers see a leaf).
    pub fn expand(&self, node: &Node, moves: &[Prior]) -> bool {
        debug_assert_eq!(node.state.load(Ordering::Relaxed), EXPANDING);
        if moves.is_empty() || !self.has_room(moves.len()) {
            return false;
        }
        let Some(first) = self.alloc(moves.len()) else {
            return false;
        };
        for (i, prior) in moves.iter().enumerate() {
            self.node(first + i as u32)
                .init(prior.mv, prior.visits, prior.wins);
        }
        node.num_children
            .store(moves.len() as u16, Ordering::Relaxed);
        node.first_child.store(first, Ordering::Relaxed);
        node.state.store(EXPANDED, Ordering::Release);
        true
    }

    /// A new tree holding a copy of the subtree under `id`, which becomes its root. Used to keep
    /// what the search learned about the position actually reached (tree reuse). Only call
    /// while no search runs on `self`.
    pub fn extract(&self, id: NodeId, max_bytes: usize) -> Tree {
        let out = Tree::new(max_bytes);
        let mut stack = vec![(id, Tree::ROOT)];
        while let Some((from, to)) = stack.pop() {
            let (src, dst) = (self.node(from), out.node(to));
            dst.copy_stats(src);
            let (first, kids) = self.children(src);
            if kids.is_empty() || !out.has_room(kids.len()) || !dst.claim_expansion() {
                continue;
            }
            let Some(new_first) = out.alloc(kids.len()) else {
                continue;
            };
            for (i, _) in kids.iter().enumerate() {
                stack.push((first + i as u32, new_first + i as u32));
            }
            dst.num_children.store(kids.len() as u16, Ordering::Relaxed);
            dst.first_child.store(new_first, Ordering::Relaxed);
            dst.state.store(EXPANDED, Ordering::Release);
        }
        out
    }

    /// The child of `node` reached by `mv`, if the node is expanded and has it.
    pub fn child_by_move(&self, node: &Node, mv: Move) -> Option<NodeId> {
        let (first, kids) = self.children(node);
        kids.iter()
            .position(|c| c.mv() == mv)
            .map(|i| first + i as u32)
    }
}

#[cfg(test)]
impl Tree {
    /// A tree whose root has `n` children (points 1..=n) with the same prior, for tests.
    pub(crate) fn with_root_children(n: usize, prior_visits: f32, prior_wins: f32) -> Tree {
        let tree = Tree::new(1 << 22);
        let root = tree.node(Tree::ROOT);
        assert!(root.claim_expansion());
        let moves: Vec<_> = (1..=n)
            .map(|i| Prior {
                mv: Move::Play(crate::types::Point::new(i)),
                visits: prior_visits,
                wins: prior_wins,
            })
            .collect();
        assert!(tree.expand(root, &moves));
        tree
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::types::Point;

    fn prior(mv: Move, visits: f32, wins: f32) -> Prior {
        Prior { mv, visits, wins }
    }

    #[test]
    fn expansion_publishes_children_and_respects_the_cap() {
        let tree = Tree::new(3 * CHUNK * Tree::NODE_BYTES);
        let root = tree.node(Tree::ROOT);
        assert!(!root.is_expanded());
        assert!(root.claim_expansion());
        assert!(!root.claim_expansion(), "only one thread expands");
        let moves: Vec<_> = (1..=5)
            .map(|i| prior(Move::Play(Point::new(i)), 10.0, 5.0))
            .collect();
        assert!(tree.expand(root, &moves));
        let (first, kids) = tree.children(root);
        assert_eq!(kids.len(), 5);
        assert_eq!(kids[2].mv(), Move::Play(Point::new(3)));
        assert_eq!(kids[2].stats().prior_visits, 10.0);
        assert_eq!(
            tree.child_by_move(root, Move::Play(Point::new(4))),
            Some(first + 3)
        );
        // Fill the arena: big expansions eventually fail and the nodes stay leaves.
        let big: Vec<_> = (0..60_000).map(|_| prior(Move::Pass, 1.0, 0.5)).collect();
        let mut failed = false;
        for i in 0..5 {
            let n = tree.node(first + i);
            assert!(n.claim_expansion());
            if !tree.expand(n, &big) {
                failed = true;
                assert!(!n.is_expanded());
            }
        }
        assert!(failed, "the cap must stop expansion");
        assert!(tree.memory_used() <= 3 * CHUNK * Tree::NODE_BYTES);
    }

    #[test]
    fn extract_keeps_the_subtree_and_its_numbers() {
        let tree = Tree::new(1 << 22);
        let root = tree.node(Tree::ROOT);
        root.claim_expansion();
        let moves: Vec<_> = (1..=3)
            .map(|i| prior(Move::Play(Point::new(i)), 2.0, 1.0))
            .collect();
        tree.expand(root, &moves);
        let (first, _) = tree.children(root);
        let child = tree.node(first + 1);
        child.add_visit();
        child.add_result(2);
        child.claim_expansion();
        tree.expand(child, &moves[..2]);
        let t2 = tree.extract(first + 1, 1 << 22);
        let r2 = t2.node(Tree::ROOT);
        assert_eq!(r2.mv(), Move::Play(Point::new(2)));
        assert_eq!(r2.stats().visits, 1);
        assert_eq!(r2.stats().wins, 2);
        assert_eq!(t2.children(r2).1.len(), 2);
        assert_eq!(t2.len(), 3);
    }
}
