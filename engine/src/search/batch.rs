//! A worker's updates to the top of the tree, held back and written in batches.
//!
//! At the much-visited nodes near the root every thread reads the same children at every
//! selection, and each simulation writes to them: the chosen child's visit (the virtual loss)
//! and result, and AMAF samples to about half of them. Written one at a time, every update
//! costs the other threads a cache miss on their next selection there, and a miss is a
//! transfer between cores, whose price the host decides: on this machine a round trip takes
//! about 80 ns when the two virtual CPUs are neighbours and 340 ns when they are far apart
//! (`tengen-core-latency`).
//!
//! So when several threads search, each keeps what it learns about the children of the root
//! and of nodes with at least [`HOT_VISITS`] visits (their visits, results and AMAF samples,
//! and the root's own visits and results) in a small table of slots, and adds it to the tree
//! after a few simulations (from [`SIMULATIONS`], up to one in 32 of the node's visits, at
//! most 256), when another node needs the slot, or at the end of the search. The thread's own
//! selection there counts what it holds, so it still spreads its simulations (its virtual loss
//! is seen at once by itself, and by the others when the slot is written). Below those nodes
//! visits count at once, and an AMAF sample is a plain load and store (`Node::add_amaf`).
//!
//! The figures are in PERFORMANCE.md (`bench/scripts/thread-scaling.py`): on 9x9 two threads
//! reached 90% of two independent one-thread processes without batches; with them, about 98%
//! when the cores are near and 92% when they are far.

use super::tree::{NodeId, Tree};
use crate::geometry::MAX_POINTS;

/// Nodes with at least this many visits (and the root) have their children's updates batched:
/// those are where the threads meet, and there holding back a few simulations changes the
/// estimates by little. (A thread's own selection counts what it holds back; the others see
/// it when the slot is written.)
pub(super) const HOT_VISITS: u32 = 512;

/// A slot is written to the tree after this many simulations through its node, or one for
/// every `VISITS_PER_SIMULATION` visits the node had when the slot opened, up to
/// `MAX_SIMULATIONS`: the root of a long search can wait longer than a node just past
/// `HOT_VISITS`.
const SIMULATIONS: u32 = 16;
/// See [`SIMULATIONS`].
const VISITS_PER_SIMULATION: u32 = 32;
/// (The packed counts of a slot have room for many more.)
const MAX_SIMULATIONS: u32 = 256;

/// Slots in the table: one for the root, the others shared by node id.
const SLOTS: usize = 16;

/// What one thread holds back for one node.
pub(super) struct Slot {
    node: Option<NodeId>,
    simulations: u32,
    /// Simulations after which the slot is written.
    limit: u32,
    /// The node's own visits and results in half-wins (batched for the root only).
    visits: u32,
    wins: u32,
    /// What is held for the node's children, by child index.
    children: Box<[Held; MAX_POINTS]>,
}

/// What a slot holds for one child.
#[derive(Copy, Clone, Default)]
pub(super) struct Held {
    /// Visits and their results in half-wins.
    pub(super) visits: u32,
    pub(super) wins: u32,
    /// AMAF samples and their half-wins.
    pub(super) amaf_visits: u32,
    pub(super) amaf_wins: u32,
}

impl Slot {
    /// Add everything held to the tree and empty the slot.
    fn write(&mut self, tree: &Tree) {
        let Some(id) = self.node.take() else {
            return;
        };
        let node = tree.node(id);
        if self.visits > 0 {
            node.add_visits(self.visits, self.wins);
        }
        let (_, kids) = tree.children(node);
        for (child, held) in kids.iter().zip(self.children.iter_mut()) {
            if held.visits > 0 {
                child.add_visits(held.visits, held.wins);
            }
            if held.amaf_visits > 0 {
                child.add_amaf_samples(held.amaf_visits, held.amaf_wins);
            }
            *held = Held::default();
        }
        self.simulations = 0;
        self.visits = 0;
        self.wins = 0;
    }

    /// Hold a visit of the node with its result.
    pub(super) fn add_visit(&mut self, half_wins: u32) {
        self.visits += 1;
        self.wins += half_wins;
    }

    /// Hold a visit of the child at `index`, whose result comes later.
    pub(super) fn add_child_visit(&mut self, index: usize) {
        self.children[index].visits += 1;
    }

    /// Hold the result of a visit of the child at `index`.
    pub(super) fn add_child_result(&mut self, index: usize, half_wins: u32) {
        self.children[index].wins += half_wins;
    }

    /// Hold AMAF samples for the child at `index`.
    pub(super) fn add_amaf(&mut self, index: usize, samples: u32, half_wins: u32) {
        let held = &mut self.children[index];
        held.amaf_visits += samples;
        held.amaf_wins += half_wins;
    }

    /// What is held for the children, by child index.
    pub(super) fn children(&self) -> &[Held] {
        &self.children[..]
    }
}

/// One thread's table of held-back updates.
pub(super) struct Batches {
    slots: Vec<Slot>,
}

impl Batches {
    pub(super) fn new() -> Batches {
        Batches {
            slots: (0..SLOTS)
                .map(|_| Slot {
                    node: None,
                    simulations: 0,
                    limit: SIMULATIONS,
                    visits: 0,
                    wins: 0,
                    children: Box::new([Held::default(); MAX_POINTS]),
                })
                .collect(),
        }
    }

    /// Which slot `node` uses.
    pub(super) fn slot_index(node: NodeId) -> usize {
        if node == Tree::ROOT {
            0
        } else {
            1 + node as usize % (SLOTS - 1)
        }
    }

    /// The slot at `index` (as [`Batches::open`] returned it).
    pub(super) fn slot(&mut self, index: usize) -> &mut Slot {
        &mut self.slots[index]
    }

    /// The slot for one more simulation through `node` (its index); whatever it held for another
    /// node, or for as many simulations as it may hold, goes to the tree first.
    pub(super) fn open(&mut self, tree: &Tree, node: NodeId) -> usize {
        let i = Self::slot_index(node);
        let slot = &mut self.slots[i];
        if slot.node != Some(node) || slot.simulations >= slot.limit {
            slot.write(tree);
            slot.node = Some(node);
            slot.limit = (tree.node(node).visits() / VISITS_PER_SIMULATION)
                .clamp(SIMULATIONS, MAX_SIMULATIONS);
        }
        slot.simulations += 1;
        i
    }

    /// Add everything held to the tree.
    pub(super) fn write_all(&mut self, tree: &Tree) {
        for slot in &mut self.slots {
            slot.write(tree);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn held_samples_reach_the_tree_exactly() {
        let tree = Tree::with_root_children(4, 0.0, 0.0);
        let root = tree.node(Tree::ROOT);
        let (first, _) = tree.children(root);
        let mut batches = Batches::new();
        // 40 simulations through the root: written after every 16, then the rest at the end.
        for sim in 0..40u32 {
            let i = batches.open(&tree, Tree::ROOT);
            let slot = batches.slot(i);
            slot.add_visit(sim % 3);
            slot.add_amaf(1, 1, 2);
            slot.add_child_visit(3);
            slot.add_child_result(3, 2 - sim % 3);
            // A child shares a slot with the root's neighbours, never with the root.
            let j = batches.open(&tree, first + 2);
            assert_ne!(i, j);
            batches.slot(j).add_visit(1);
        }
        let s = root.stats();
        assert_eq!(s.visits, 32, "two full batches written, eight held");
        assert_eq!(batches.slot(0).children()[3].visits, 8);
        batches.write_all(&tree);
        let (s, kid) = (root.stats(), tree.node(first + 1).stats());
        assert_eq!(s.visits, 40);
        assert_eq!(s.wins, (0..40).map(|i| i % 3).sum::<u32>());
        assert_eq!((kid.amaf_visits, kid.amaf_wins), (40, 80));
        let visited = tree.node(first + 3).stats();
        assert_eq!(visited.visits, 40);
        assert_eq!(visited.wins, (0..40).map(|i| 2 - i % 3).sum::<u32>());
        assert_eq!(tree.node(first + 2).stats().visits, 40);
        assert_eq!(tree.node(first).stats().amaf_visits, 0);
    }
}
