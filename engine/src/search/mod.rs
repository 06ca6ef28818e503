//! Parallel Monte-Carlo tree search with RAVE and prior knowledge ([`Mcts`], a [`Player`]).
//!
//! How a search runs, one file per step:
//! 0. **Book** (`opening.rs`): the known first move of an empty small board, played without
//!    a search.
//! 1. **Prepare** (`reuse.rs`): reuse the subtree of the position actually reached, or start a
//!    new tree; expand the root with the full rules (superko) and priors.
//! 2. **Simulate**, on every thread of the pool at once (`simulate.rs`):
//!    *select* a path by the RAVE value of children (each visit counted on the way down as a
//!    virtual loss), *expand* a leaf that has enough visits, *play out* the rest of the game with
//!    the playout policy ([`crate::playout::Policy`]), *back up* the result along the path and as AMAF to siblings.
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
mod dynkomi;
pub mod opening;
pub mod params;
pub mod prior;
mod rave;
mod reuse;
mod simulate;
pub mod territory;
pub mod tree;

use crate::game::{Action, Game};
use crate::player::{
    Analysis, Decision, FinalStatuses, Param, ParamError, ParamValue, Player, SearchLimits,
};
use crate::tunable::Tunable;
use crate::types::Color;
use dynkomi::DynamicKomi;
use params::{PolicyParams, SearchParams};
use std::sync::atomic::AtomicBool;
use std::time::Duration;
use territory::Territory;
use tree::Tree;

/// Most search threads a player takes.
pub const MAX_THREADS: usize = 1024;

/// How often `genmove` reports its progress (analysis streams of `*-genmove_analyze`).
const GENMOVE_REPORT_INTERVAL: Duration = Duration::from_millis(100);

/// Smallest tree memory cap.
pub const MIN_MAX_MEMORY: usize = 1 << 20;

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
    /// The dynamic komi of handicap games, kept from move to move when it adapts.
    dynkomi: DynamicKomi,
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
            dynkomi: DynamicKomi::default(),
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
        self.max_memory = bytes.max(MIN_MAX_MEMORY);
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
        self.dynkomi.clear();
    }

    fn genmove(
        &mut self,
        game: &Game,
        color: Color,
        limits: &SearchLimits,
        stop: &AtomicBool,
        report: &mut dyn FnMut(&Analysis),
    ) -> (Decision, Analysis) {
        if self.params.opening_book {
            if let Some(mv) = opening::book_move(game, color) {
                return (Decision::Play(mv), Analysis::of_book_move(mv));
            }
        }
        let (tree, analysis) = self.run(
            game,
            color,
            limits,
            stop,
            Some(GENMOVE_REPORT_INTERVAL),
            report,
        );
        let decision = self.decide(game, color, &analysis, limits.cleanup);
        self.dynkomi
            .adapt(game, color, analysis.winrate, &self.params);
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

    fn final_statuses(&mut self, game: &Game) -> FinalStatuses {
        let settled = self.params.settled_ownership;
        let judgement = self.territory_of(game).judge(game.board(), settled);
        FinalStatuses {
            stones: judgement.stone_statuses(),
            undecided: judgement.undecided_stones(),
        }
    }

    fn params(&self) -> Vec<Param> {
        let settings = [
            ("threads", self.threads as u64),
            ("max_memory", self.max_memory as u64),
            ("seed", self.seed),
        ];
        let mut v: Vec<Param> = settings
            .into_iter()
            .map(|(name, n)| Param {
                name,
                value: ParamValue::Int(n),
            })
            .collect();
        v.extend(Tunable::values(SearchParams::TUNABLES, &self.params));
        v.extend(Tunable::values(PolicyParams::TUNABLES, &self.policy));
        v
    }

    fn set_param(&mut self, name: &str, value: ParamValue) -> Result<(), ParamError> {
        let int = |expected_range: (u64, u64)| match value {
            ParamValue::Int(n) if (expected_range.0..=expected_range.1).contains(&n) => Ok(n),
            ParamValue::Int(_) => Err(ParamError::OutOfRange {
                name: name.into(),
                min: expected_range.0 as f64,
                max: expected_range.1 as f64,
            }),
            _ => Err(ParamError::WrongKind {
                name: name.into(),
                expected: ParamValue::Int(0),
            }),
        };
        match name {
            "threads" => self.set_threads(int((1, MAX_THREADS as u64))? as usize),
            "max_memory" => {
                // Smaller caps are raised to the smallest (as `set_max_memory` does).
                let bytes = int((0, u64::MAX))?;
                self.set_max_memory(usize::try_from(bytes).unwrap_or(usize::MAX));
            }
            "seed" => self.set_seed(int((0, u64::MAX))?),
            _ => {
                if let Some(t) = Tunable::find(SearchParams::TUNABLES, name) {
                    t.set_checked(&mut self.params, value)?;
                } else if let Some(t) = Tunable::find(PolicyParams::TUNABLES, name) {
                    t.set_checked(&mut self.policy, value)?;
                } else {
                    return Err(ParamError::Unknown(name.into()));
                }
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
        let listed: Vec<&str> = m.params().into_iter().map(|p| p.name).collect();
        let tables = SearchParams::TUNABLES
            .iter()
            .map(|t| (t.name, t.min, t.max))
            .chain(
                PolicyParams::TUNABLES
                    .iter()
                    .map(|t| (t.name, t.min, t.max)),
            );
        for (name, min, max) in tables {
            assert!(listed.contains(&name), "{name} not listed");
            let current = m.params().into_iter().find(|p| p.name == name).unwrap();
            // A value inside the range other than the current one, of the parameter's kind.
            let other = match current.value {
                ParamValue::Bool(b) => ParamValue::Bool(!b),
                ParamValue::Int(n) => ParamValue::Int(if n as f64 > min {
                    min as u64
                } else {
                    max.min(1e6) as u64
                }),
                ParamValue::Real(x) => ParamValue::Real(if f64::from(x) > min {
                    min as f32
                } else {
                    max.min(1e6) as f32
                }),
            };
            assert_ne!(other, current.value, "{name}");
            m.set_param(name, other).unwrap();
            let now = m.params().into_iter().find(|p| p.name == name).unwrap();
            assert_eq!(now.value, other, "{name}");
            if !matches!(other, ParamValue::Bool(_)) && max < 1e12 {
                assert!(
                    matches!(
                        m.set_param(name, ParamValue::Real((max * 2.0 + 1.0) as f32)),
                        Err(ParamError::OutOfRange { .. })
                    ),
                    "{name} range"
                );
            }
            assert_eq!(
                m.params()
                    .into_iter()
                    .find(|p| p.name == name)
                    .unwrap()
                    .value,
                other
            );
        }
        assert_eq!(
            m.set_param("no_such_thing", ParamValue::Int(1)),
            Err(ParamError::Unknown("no_such_thing".into()))
        );
        assert!(matches!(
            m.set_param("capture", ParamValue::Bool(true)),
            Err(ParamError::WrongKind { .. })
        ));
        assert!(matches!(
            m.set_param("threads", ParamValue::Int(0)),
            Err(ParamError::OutOfRange { .. })
        ));
    }
}
