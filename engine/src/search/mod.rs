//! Parallel Monte-Carlo tree search with RAVE and prior knowledge ([`Mcts`], a [`Player`]).
//!
//! How a search runs, one file per step:
//! 1. **Prepare** (`reuse.rs`): reuse the subtree of the position actually reached, or start a
//!    new tree; expand the root with the full rules (superko) and priors.
//! 2. **Simulate**, on every thread of the pool at once (`simulate.rs`):
//!    *select* a path by the RAVE value of children (each visit counted on the way down as a
//!    virtual loss), *expand* a leaf that has enough visits, *play out* the rest of the game with
//!    the [`policy`], *back up* the result along the path and as AMAF to siblings.
//! 3. **Control**, on the calling thread (`controller.rs`): stop at the budget, when `stop` is
//!    raised, or when the best move can no longer be overtaken; report progress.
//! 4. **Decide** (`decision.rs`): the most visited move; pass only when it wins and nothing is
//!    unsettled, resign when clearly lost (`docs/RULES.md`, "End of the game"; `docs/GTP.md`).
//!
//! This file holds the player itself: its settings, and the [`Player`] interface over the steps.

mod batch;
pub mod bench;
mod controller;
mod decision;
pub mod params;
pub mod policy;
pub mod prior;
mod reuse;
mod simulate;
pub mod territory;
pub mod tree;

use crate::game::{Action, Game};
use crate::player::{Analysis, Decision, Player, SearchLimits, StoneStatus};
use crate::types::{Color, Point};
use params::{tunable, PolicyParams, SearchParams, TUNABLES};
use std::sync::atomic::AtomicBool;
use std::time::Duration;
use territory::Territory;
use tree::Tree;

/// Default tree memory cap.
pub const DEFAULT_MAX_MEMORY: usize = 1 << 30;

/// The Monte-Carlo tree search player.
pub struct Mcts {
    params: SearchParams,
    policy: PolicyParams,
    threads: usize,
    max_memory: usize,
    seed: u64,
    pool: Option<rayon::ThreadPool>,
    /// The tree of the last search, the game history it was searched after, and the side to
    /// move at its root (for reuse).
    tree: Option<Tree>,
    tree_game: Vec<Action>,
    root_color: Color,
    /// Searches since the last `clear` (varies the seed between moves, reproducibly).
    searches: u64,
    /// The win rates of our recent moves in this game, per colour (Black first), newest last,
    /// each with the move number of its position: for resigning, each side judges by its own
    /// moves, also when one process plays both (GoGui's *Computer Both*), and a position
    /// searched again counts once.
    recent_winrates: [Vec<(usize, f32)>; 2],
    /// Ownership from the last search and the position it was for (dead stones, pass).
    last_territory: Option<(u64, Territory)>,
}

impl Mcts {
    /// A search with default parameters, one thread per core, seed 0.
    pub fn new() -> Mcts {
        Mcts {
            params: SearchParams::default(),
            policy: PolicyParams::default(),
            threads: std::thread::available_parallelism().map_or(1, |n| n.get()),
            max_memory: DEFAULT_MAX_MEMORY,
            seed: 0,
            pool: None,
            tree: None,
            tree_game: Vec::new(),
            root_color: Color::Black,
            searches: 0,
            recent_winrates: [Vec::new(), Vec::new()],
            last_territory: None,
        }
    }

    /// Set the number of search threads (at least 1).
    pub fn set_threads(&mut self, n: usize) {
        self.threads = n.max(1);
        self.pool = None;
    }

    /// Set the seed of the random choices.
    pub fn set_seed(&mut self, seed: u64) {
        self.seed = seed;
        self.searches = 0;
    }

    /// The search parameters.
    pub fn params_mut(&mut self) -> &mut SearchParams {
        &mut self.params
    }

    /// The playout policy parameters.
    pub fn policy_mut(&mut self) -> &mut PolicyParams {
        &mut self.policy
    }

    /// Set the tree memory cap in bytes.
    pub fn set_max_memory(&mut self, bytes: usize) {
        self.max_memory = bytes.max(1 << 20);
    }

    fn pool(&mut self) -> &rayon::ThreadPool {
        let threads = self.threads;
        self.pool.get_or_insert_with(|| {
            rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .thread_name(|i| format!("tengen-search-{i}"))
                .build()
                .expect("a thread pool (the OS refused threads)")
        })
    }
}

impl Default for Mcts {
    fn default() -> Self {
        Self::new()
    }
}

impl Player for Mcts {
    fn name(&self) -> &str {
        "mcts"
    }

    fn clear(&mut self) {
        self.tree = None;
        self.tree_game.clear();
        self.searches = 0;
        self.recent_winrates = [Vec::new(), Vec::new()];
        self.last_territory = None;
    }

    fn genmove(
        &mut self,
        game: &Game,
        color: Color,
        limits: &SearchLimits,
        stop: &AtomicBool,
        report: &mut dyn FnMut(&Analysis),
    ) -> (Decision, Analysis) {
        let (tree, analysis) = self.run(
            game,
            color,
            limits,
            stop,
            Some(Duration::from_millis(100)),
            report,
        );
        let decision = self.decide(game, color, &analysis, limits.cleanup);
        self.tree = Some(tree);
        (decision, analysis)
    }

    fn analyze(
        &mut self,
        game: &Game,
        color: Color,
        stop: &AtomicBool,
        interval: Duration,
        report: &mut dyn FnMut(&Analysis),
    ) {
        let limits = SearchLimits::unlimited();
        let (tree, last) = self.run(game, color, &limits, stop, Some(interval), report);
        self.tree = Some(tree);
        report(&last);
    }

    fn stone_statuses(&mut self, game: &Game) -> Vec<(Point, StoneStatus)> {
        let settled = self.params.settled_ownership;
        self.territory_of(game)
            .judge(game.board(), settled)
            .stone_statuses()
    }

    fn params(&self) -> Vec<(String, String)> {
        let mut v = vec![
            ("threads".to_string(), self.threads.to_string()),
            ("max_memory".to_string(), self.max_memory.to_string()),
            ("seed".to_string(), self.seed.to_string()),
            (
                "expand_visits".to_string(),
                self.params.expand_visits.to_string(),
            ),
            (
                "learned_visits".to_string(),
                self.params.learned_visits.to_string(),
            ),
            (
                "learned_patterns".to_string(),
                self.policy.learned_patterns.to_string(),
            ),
        ];
        for &(key, _) in TUNABLES {
            let (mut s, mut p) = (self.params.clone(), self.policy.clone());
            if let Some(x) = tunable(&mut s, &mut p, key) {
                v.push((key.to_string(), x.to_string()));
            }
        }
        v
    }

    fn set_param(&mut self, key: &str, value: &str) -> Result<(), String> {
        fn parse<T: std::str::FromStr>(key: &str, value: &str) -> Result<T, String> {
            value
                .trim()
                .parse()
                .map_err(|_| format!("bad value {value:?} for {key}"))
        }
        match key {
            "threads" => {
                let n: usize = parse(key, value)?;
                if n == 0 || n > 1024 {
                    return Err("threads must be 1..=1024".into());
                }
                self.set_threads(n);
            }
            "max_memory" => self.set_max_memory(parse(key, value)?),
            "seed" => self.set_seed(parse(key, value)?),
            "expand_visits" => self.params.expand_visits = parse::<u32>(key, value)?.max(1),
            "learned_visits" => self.params.learned_visits = parse(key, value)?,
            "learned_patterns" => self.policy.learned_patterns = parse(key, value)?,
            "ponder" => {
                // Pondering is driven by the front end (analysis on the opponent's time).
                parse::<bool>(key, value)?;
            }
            _ => {
                let Some((_, range)) = TUNABLES.iter().find(|(k, _)| *k == key) else {
                    return Err(format!("unknown parameter {key:?}"));
                };
                let x: f32 = parse(key, value)?;
                if !range.contains(&x) {
                    return Err(format!("{key} must be in {range:?}"));
                }
                let field = tunable(&mut self.params, &mut self.policy, key);
                *field.expect("every listed tunable has a field") = x;
            }
        }
        Ok(())
    }
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use crate::coord::parse_move;
    use crate::rules::Rules;

    pub(crate) fn game_from(moves: &[(&str, Color)], size: usize) -> Game {
        game_with(Rules::chinese(), moves, size)
    }

    pub(crate) fn game_with(rules: Rules, moves: &[(&str, Color)], size: usize) -> Game {
        let mut g = Game::new(size, rules).unwrap();
        let geo = g.board().geometry();
        for &(m, c) in moves {
            g.play(c, parse_move(m, geo).unwrap()).unwrap();
        }
        g
    }

    /// `moves` with colours alternating from Black.
    pub(crate) fn alternating(moves: &str) -> Vec<(&str, Color)> {
        let colors = [Color::Black, Color::White].into_iter().cycle();
        moves.split_whitespace().zip(colors).collect()
    }

    pub(crate) fn search(m: &mut Mcts, g: &Game, playouts: u64) -> (Decision, Analysis) {
        let stop = AtomicBool::new(false);
        let c = g.to_move();
        m.genmove(g, c, &SearchLimits::playouts(playouts), &stop, &mut |_| {})
    }

    #[test]
    fn every_tunable_can_be_read_and_set_by_name() {
        let mut m = Mcts::new();
        let listed: Vec<String> = m.params().into_iter().map(|(k, _)| k).collect();
        for (key, range) in TUNABLES {
            assert!(listed.iter().any(|k| k == key), "{key} not listed");
            let value = range.start() + (range.end() - range.start()).min(1.0) / 2.0;
            m.set_param(key, &value.to_string()).unwrap();
            let (mut s, mut p) = (m.params.clone(), m.policy.clone());
            assert_eq!(tunable(&mut s, &mut p, key).copied(), Some(value), "{key}");
            assert!(
                m.set_param(key, &(range.end() * 2.0 + 1.0).to_string())
                    .is_err(),
                "{key} range"
            );
        }
        assert!(m.set_param("no_such_thing", "1").is_err());
        assert!(m.set_param("capture", "x").is_err());
    }
}
