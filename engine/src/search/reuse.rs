//! Step 1 of a search: the tree to search. The subtree of the position actually reached when
//! the game continued the last search's game, or a new tree; a new root is expanded with the
//! full rules (superko) and its priors.

use super::prior::{add_learned_priors, expand_moves, PriorScratch};
use super::tree::{Prior, Tree};
use super::Mcts;
use crate::game::{Action, Game};
use crate::types::Color;

impl Mcts {
    /// Step 1: the tree for this search, reusing the last one when `game` continues its game.
    pub(super) fn prepare(&mut self, game: &Game, color: Color) -> Tree {
        let tree = self
            .reusable_subtree(game, color)
            .unwrap_or_else(|| Tree::new(self.max_memory));
        self.tree_game = game.actions().to_vec();
        self.root_color = color;
        // A new root is expanded with the full rules (superko) deciding its moves.
        let root = tree.node(Tree::ROOT);
        if !root.is_expanded() && root.claim_expansion() {
            tree.expand(root, &self.root_priors(game, color));
        }
        if self.params.learned_prior_on() && root.claim_learned() {
            let (_, kids) = tree.children(root);
            add_learned_priors(
                game.board(),
                color,
                &self.params,
                &mut PriorScratch::new(),
                kids,
            );
        }
        tree
    }

    /// The moves of `color` in `game` with their priors, legal under the full rules (superko).
    pub(super) fn root_priors(&self, game: &Game, color: Color) -> Vec<Prior> {
        let mut moves = Vec::new();
        expand_moves(
            game.board(),
            color,
            &self.params,
            &mut PriorScratch::new(),
            &mut moves,
        );
        moves.retain(|p| game.is_legal(color, p.mv));
        moves
    }

    /// The part of the last tree below the position `game` has reached, if `game` continued the
    /// last search's game by ordinary alternating moves that the tree knows.
    fn reusable_subtree(&mut self, game: &Game, color: Color) -> Option<Tree> {
        let old = self.tree.take()?;
        let actions = game.actions();
        let known = self.tree_game.len();
        if actions.len() < known || actions[..known] != self.tree_game[..] {
            return None;
        }
        let mut id = Tree::ROOT;
        let mut to_move = self.root_color;
        for action in &actions[known..] {
            let Action::Move(c, mv) = *action else {
                return None;
            };
            if c != to_move {
                return None;
            }
            id = old.child_by_move(old.node(id), mv)?;
            to_move = to_move.opponent();
        }
        if to_move != color {
            return None;
        }
        Some(if id == Tree::ROOT {
            old
        } else {
            old.extract(id, self.max_memory)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::{game_from, search};
    use super::*;
    use crate::player::Decision;

    #[test]
    fn the_tree_is_reused_after_the_moves_it_searched() {
        let mut g = game_from(&[("E5", Color::Black)], 9);
        let mut m = Mcts::new();
        m.set_threads(1);
        let (d, _) = search(&mut m, &g, 3000);
        let Decision::Play(reply) = d else {
            panic!("resigned")
        };
        let before = {
            let tree = m.tree.as_ref().unwrap();
            let id = tree.child_by_move(tree.node(Tree::ROOT), reply).unwrap();
            tree.node(id).visits()
        };
        g.play(Color::White, reply).unwrap();
        let tree = m.prepare(&g, Color::Black);
        assert_eq!(
            tree.node(Tree::ROOT).visits(),
            before,
            "the subtree of the move played"
        );
        assert!(before > 0);
    }
}
