//! A worker's updates to the top of the tree, held back and written in batches.
//!
//! At the much-visited nodes near the root every thread reads the same children at every
//! selection, and each backup credits AMAF samples to about half of them: written one at a
//! time, every sample would cost the other threads a cache miss on their next selection there.
//! So when several threads search, each keeps the AMAF samples for the root and for nodes with
//! at least [`HOT_VISITS`] visits (and the root's own visits and results) in a small table of
//! slots, and adds them to the tree after a few simulations (from [`SIMULATIONS`], up to one
//! in 32 of the node's visits, at most 256), when another node needs the slot, or at the end
//! of the search. Visits below the root still count at once: they are the virtual loss that
//! spreads the threads. Elsewhere an AMAF sample is a plain load and store (`Node::add_amaf`).
//!
//! The figures are in PERFORMANCE.md (`bench/scripts/thread-scaling.py`): two threads reached
//! 90% of two independent one-thread processes on 9x9 before, 95-98% with these batches, and
//! in slow spells of this shared machine 2-thread playouts per second fell by a quarter before
//! and by a few percent since.

use super::tree::{NodeId, Tree};
use crate::board::MAX_POINTS;

/// Nodes with at least this many visits (and the root) have their children's AMAF samples
/// batched: those are where the threads meet, and there holding back a few samples changes
/// the estimates by little. (A thread's own selection does not see what it holds back.)
pub(super) const HOT_VISITS: u32 = 512;

/// A slot is written to the tree after this many simulations through its node, or one for
/// every 32 visits the node had when the slot opened, up to `MAX_SIMULATIONS`: the root of a
/// long search can wait longer than a node just past `HOT_VISITS`.
const SIMULATIONS: u32 = 16;
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
    /// AMAF samples of the node's children, by child index: samples in the low 16 bits,
    /// half-wins in the high 16.
    amaf: Box<[u32; MAX_POINTS]>,
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
        for (child, held) in kids.iter().zip(self.amaf.iter_mut()) {
            if *held != 0 {
                child.add_amaf_samples(*held & 0xFFFF, *held >> 16);
                *held = 0;
            }
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

    /// Hold an AMAF sample for the child at `index`.
    pub(super) fn add_amaf(&mut self, index: usize, half_wins: u32) {
        self.amaf[index] += 1 | half_wins << 16;
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
                    amaf: Box::new([0; MAX_POINTS]),
                })
                .collect(),
        }
    }

    /// The slot for one more simulation through `node`; whatever it held for another node, or
    /// for as many simulations as it may hold, goes to the tree first.
    pub(super) fn open(&mut self, tree: &Tree, node: NodeId) -> &mut Slot {
        let i = if node == Tree::ROOT {
            0
        } else {
            1 + node as usize % (SLOTS - 1)
        };
        let slot = &mut self.slots[i];
        if slot.node != Some(node) || slot.simulations >= slot.limit {
            slot.write(tree);
            slot.node = Some(node);
            slot.limit = (tree.node(node).visits() / 32).clamp(SIMULATIONS, MAX_SIMULATIONS);
        }
        slot.simulations += 1;
        slot
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
    use crate::types::{Move, Point};

    #[test]
    fn held_samples_reach_the_tree_exactly() {
        let tree = Tree::new(1 << 22);
        let root = tree.node(Tree::ROOT);
        assert!(root.claim_expansion());
        let moves: Vec<_> = (1..=4)
            .map(|i| (Move::Play(Point::new(i)), 0.0, 0.0))
            .collect();
        assert!(tree.expand(root, &moves));
        let (first, _) = tree.children(root);
        let mut batches = Batches::new();
        // 40 simulations through the root: written after every 16, then the rest at the end.
        for sim in 0..40u32 {
            let slot = batches.open(&tree, Tree::ROOT);
            slot.add_visit(sim % 3);
            slot.add_amaf(1, 2);
            // A child shares a slot with the root's neighbours, never with the root.
            batches.open(&tree, first + 2).add_visit(1);
        }
        let s = root.stats();
        assert_eq!(s.visits, 32, "two full batches written, eight held");
        batches.write_all(&tree);
        let (s, kid) = (root.stats(), tree.node(first + 1).stats());
        assert_eq!(s.visits, 40);
        assert_eq!(s.wins, (0..40).map(|i| i % 3).sum::<u32>());
        assert_eq!((kid.amaf_visits, kid.amaf_wins), (40, 80));
        assert_eq!(tree.node(first + 2).stats().visits, 40);
        assert_eq!(tree.node(first).stats().amaf_visits, 0);
    }
}
