//! Parallel Monte-Carlo tree search with RAVE and prior knowledge ([`Mcts`], a [`Player`]).
//!
//! How a search runs:
//! 1. **Prepare** ([`Mcts::prepare`]): reuse the subtree of the position actually reached, or
//!    start a new tree; expand the root with the full rules (superko) and priors.
//! 2. **Simulate**, on every thread of the pool at once (`simulate.rs`):
//!    *select* a path by the RAVE value of children (each visit counted on the way down as a
//!    virtual loss), *expand* a leaf that has enough visits, *play out* the rest of the game with
//!    the [`policy`], *back up* the result along the path and as AMAF to siblings.
//! 3. **Control**, on the calling thread: stop at the budget, when `stop` is raised, or when the
//!    best move can no longer be overtaken; report progress.
//! 4. **Decide** ([`Mcts::decide`]): the most visited move; pass and resign by the rules of
//!    `../shared/ENGINES.md` (pass only when it wins and nothing is unsettled).

mod batch;
pub mod bench;
pub mod params;
pub mod policy;
pub mod prior;
mod simulate;
pub mod territory;
pub mod tree;

use crate::game::{Action, Game};
use crate::player::{Analysis, Candidate, Decision, Player, SearchLimits, StoneStatus};
use crate::rules::Scoring;
use crate::types::{Color, Move, Point};
use params::{tunable, PolicyParams, SearchParams, TUNABLES};
use prior::{add_learned_priors, expand_moves, PriorScratch};
use simulate::{Shared, Worker};
use std::sync::atomic::{AtomicBool, AtomicI32, AtomicI64, AtomicU32, AtomicU64, Ordering};
use std::time::{Duration, Instant};
use territory::Territory;
use tree::Padded;
use tree::{Node, Tree};

/// Default tree memory cap.
pub const DEFAULT_MAX_MEMORY: usize = 1 << 30;

/// How often the controlling thread wakes up to check the clock and the stop flag.
const CONTROL_TICK: Duration = Duration::from_millis(2);

/// Workers check the deadline themselves once per this many playouts (of all threads).
const DEADLINE_CHECK_EVERY: u64 = 16;

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
    /// Our recent win rates, newest last (for resigning).
    recent_winrates: Vec<f32>,
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
            recent_winrates: Vec::new(),
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

    /// Komi the playouts must beat, as Black's area minus White's: komi, handicap compensation
    /// and, in handicap games, dynamic komi that decays over the game.
    fn playout_komi(&self, game: &Game) -> f32 {
        let rules = game.rules();
        let handicap = game.handicap();
        let base = rules.komi + rules.handicap_compensation.points(handicap);
        let points = game.board().geometry().points_count() as f32;
        let progress = game.move_count() as f32 / (self.params.dynkomi_fill * points);
        let extra = if handicap >= 2 {
            handicap as f32 * self.params.dynkomi_per_stone * (1.0 - progress).max(0.0)
        } else {
            0.0
        };
        base as f32 + extra
    }

    /// Step 1: the tree for this search, reusing the last one when `game` continues its game.
    fn prepare(&mut self, game: &Game, color: Color) -> Tree {
        let tree = self
            .reusable_subtree(game, color)
            .unwrap_or_else(|| Tree::new(self.max_memory));
        self.tree_game = game.actions().to_vec();
        self.root_color = color;
        // A new root is expanded with the full rules (superko) deciding its moves.
        let root = tree.node(Tree::ROOT);
        if !root.is_expanded() && root.claim_expansion() {
            let mut moves = Vec::new();
            expand_moves(
                game.board(),
                color,
                &self.params,
                &mut PriorScratch::new(),
                &mut moves,
            );
            moves.retain(|&(m, _, _)| game.is_legal(color, m).is_ok());
            tree.expand(root, &moves);
        }
        if self.params.prior_learned > 0.0 && root.claim_learned() {
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

    /// Steps 2 and 3: run the simulations on the pool until a limit, reporting on the way.
    fn run(
        &mut self,
        game: &Game,
        color: Color,
        limits: &SearchLimits,
        stop: &AtomicBool,
        interval: Option<Duration>,
        report: &mut dyn FnMut(&Analysis),
    ) -> (Tree, Analysis) {
        let start = Instant::now();
        let tree = self.prepare(game, color);
        let komi = self.playout_komi(game);
        let size = game.board().geometry().array_len();
        self.searches += 1;
        let base_seed = self
            .seed
            .wrapping_mul(0x9E37_79B9_7F4A_7C15)
            .wrapping_add(self.searches);
        let threads = self.threads;
        let policy = self.policy.clone();
        let params = self.params.clone();
        self.pool();
        let pool = self.pool.as_ref().expect("pool just built");
        let shared = Shared {
            tree: &tree,
            root: game.board(),
            root_color: color,
            komi,
            params: &params,
            as_is_scoring: game.rules().scoring == Scoring::TrompTaylor,
            batch_top: threads > 1,
            root_passes: game.passes(),
            done: Padded(AtomicBool::new(false)),
            playouts: Padded(AtomicU64::new(0)),
            playout_limit: limits.playouts.unwrap_or(u64::MAX),
            deadline: limits.time.map(|t| start + thinking_time(t)),
            ownership: (0..size).map(|_| AtomicI32::new(0)).collect(),
            neutral: (0..size).map(|_| AtomicU32::new(0)).collect(),
            owned_playouts: AtomicU64::new(0),
            margin_sum: AtomicI64::new(0),
        };
        pool.in_place_scope(|s| {
            for t in 0..threads {
                let shared = &shared;
                let policy = policy.clone();
                s.spawn(move |_| {
                    let mut w = Worker::new(
                        policy,
                        base_seed ^ (t as u64).wrapping_mul(0xD1B5_4A32_D192_ED03),
                    );
                    while !shared.done.load(Ordering::Relaxed) && !stop.load(Ordering::Relaxed) {
                        let n = shared.playouts.fetch_add(1, Ordering::Relaxed);
                        if n >= shared.playout_limit {
                            break;
                        }
                        // The controller watches the clock; the workers look too, now and
                        // then, in case a loaded machine keeps the controller from running.
                        if n % DEADLINE_CHECK_EVERY == 0
                            && shared.deadline.is_some_and(|d| Instant::now() >= d)
                        {
                            break;
                        }
                        w.simulate(shared);
                    }
                    w.flush(shared);
                    shared.done.store(true, Ordering::Relaxed);
                });
            }
            // The controller: clock, early stop, progress reports.
            let mut last_report = Instant::now();
            loop {
                std::thread::sleep(CONTROL_TICK);
                if shared.done.load(Ordering::Relaxed) || stop.load(Ordering::Relaxed) {
                    break;
                }
                let elapsed = start.elapsed();
                if shared.deadline.is_some_and(|d| Instant::now() >= d) {
                    break;
                }
                if limits.early_stop && can_stop_early(&shared, &params, limits, elapsed) {
                    break;
                }
                if let Some(iv) = interval {
                    if last_report.elapsed() >= iv {
                        report(&analysis(&shared, game));
                        last_report = Instant::now();
                    }
                }
            }
            shared.done.store(true, Ordering::Relaxed);
        });
        let result = analysis(&shared, game);
        self.last_territory = Some((game.board().hash(), territory(&shared, game)));
        drop(shared);
        (tree, result)
    }

    /// Step 4: the move to play after a search.
    fn decide(
        &mut self,
        game: &Game,
        color: Color,
        analysis: &Analysis,
        cleanup: bool,
    ) -> Decision {
        let legal = |m: Move| game.is_legal(color, m).is_ok();
        let Some(top) = analysis.candidates.iter().find(|c| legal(c.mv)) else {
            return Decision::Play(self.fallback_move(game, color));
        };
        let settled = self.params.settled_ownership;
        // This search's ownership (empty if it ran no playout: then nothing counts as settled).
        let territory = match &self.last_territory {
            Some((hash, t)) if *hash == game.board().hash() => t.clone(),
            _ => Territory::default(),
        };
        let dead_opponent = territory.dead_opponent_stones(game.board(), color, settled);
        let margin = territory.settled_margin(game, settled);
        // Under area counting, capturing dead stones costs nothing, while a game that ends with
        // them on the board is counted by whoever judges them: a referee or an opponent whose
        // estimate differs from ours (or Tromp-Taylor, which removes none). So clear them
        // before passing, as long as playing on still wins; in clean-up, always.
        let area = game.rules().scoring != Scoring::Territory;
        let clear_dead = dead_opponent > 0 && (cleanup || area);
        let worth_playing_on = |c: &Candidate| cleanup || c.winrate >= 0.5;
        // Never pass while a point is unsettled, nor while dead stones are to be cleared.
        let mut best = top;
        if top.mv == Move::Pass && (margin.is_none() || clear_dead) {
            if let Some(c) = analysis
                .candidates
                .iter()
                .find(|c| c.mv != Move::Pass && legal(c.mv))
                .filter(|c| margin.is_none() || worth_playing_on(c))
            {
                best = c;
            }
        }
        // Resign when clearly lost for several moves in a row, never early in the game.
        self.recent_winrates.push(best.winrate);
        let geo = game.board().geometry();
        let filled = game.move_count() as f32 / geo.points_count() as f32;
        let k = self.params.resign_moves;
        if self.params.resign_threshold > 0.0
            && filled >= self.params.resign_min_fill
            && self.recent_winrates.len() >= k
            && self.recent_winrates[self.recent_winrates.len() - k..]
                .iter()
                .all(|&w| w < self.params.resign_threshold)
            && best.visits >= 100
        {
            return Decision::Resign;
        }
        // After the opponent's pass, pass too when that wins and every point is settled.
        if game.passes() >= 1
            && best.mv != Move::Pass
            && !(clear_dead && worth_playing_on(best))
            && margin.is_some_and(|m| m * color.sign() as f32 > 0.0)
        {
            return Decision::Play(Move::Pass);
        }
        Decision::Play(best.mv)
    }

    /// A move when the search gave no candidate (stopped before any playout): the legal point
    /// with the best prior, or a pass when there is none.
    fn fallback_move(&self, game: &Game, color: Color) -> Move {
        let mut moves = Vec::new();
        expand_moves(
            game.board(),
            color,
            &self.params,
            &mut PriorScratch::new(),
            &mut moves,
        );
        moves
            .into_iter()
            .filter(|&(m, _, _)| m != Move::Pass && game.is_legal(color, m).is_ok())
            .max_by(|a, b| (a.2 / a.1).total_cmp(&(b.2 / b.1)))
            .map_or(Move::Pass, |(m, _, _)| m)
    }

    /// Ownership of `game`'s position: from the last search if it was of this position,
    /// else from a short search now.
    fn territory_of(&mut self, game: &Game) -> Territory {
        if let Some((hash, t)) = &self.last_territory {
            if *hash == game.board().hash() && !t.ownership.is_empty() {
                return t.clone();
            }
        }
        let stop = AtomicBool::new(false);
        let points = game.board().geometry().points_count() as u64;
        let limits = SearchLimits::playouts((points * 30).clamp(2_000, 10_000));
        let color = game.to_move();
        let (tree, _) = self.run(game, color, &limits, &stop, None, &mut |_| {});
        drop(tree);
        self.last_territory
            .as_ref()
            .map(|(_, t)| t.clone())
            .unwrap_or_default()
    }
}

/// The part of a time budget spent searching: the rest (a twentieth, at most 50 ms) is left
/// for what follows the last playout (statistics, the decision, the reply) on a busy machine.
fn thinking_time(budget: Duration) -> Duration {
    budget.saturating_sub((budget / 20).min(Duration::from_millis(50)))
}

impl Default for Mcts {
    fn default() -> Self {
        Self::new()
    }
}

/// Can the controller stop now because no other move can overtake the most visited one in the
/// rest of the budget?
fn can_stop_early(
    sh: &Shared,
    params: &SearchParams,
    limits: &SearchLimits,
    elapsed: Duration,
) -> bool {
    let done = sh.playouts.load(Ordering::Relaxed).min(sh.playout_limit);
    if done < 100 {
        return false;
    }
    let mut remaining = f64::INFINITY;
    if let Some(t) = limits.time {
        let rate = done as f64 / elapsed.as_secs_f64().max(1e-3);
        remaining = remaining.min(rate * t.saturating_sub(elapsed).as_secs_f64());
    }
    if let Some(n) = limits.playouts {
        remaining = remaining.min(n.saturating_sub(done) as f64);
    }
    if !remaining.is_finite() {
        return false;
    }
    let root = sh.tree.node(Tree::ROOT);
    let (_, kids) = sh.tree.children(root);
    let (mut first, mut second) = (0u32, 0u32);
    for c in kids {
        let v = c.visits();
        if v > first {
            second = first;
            first = v;
        } else if v > second {
            second = v;
        }
    }
    f64::from(first - second) > remaining * f64::from(params.early_stop_factor)
}

/// A snapshot of the search for reports and decisions.
fn analysis(sh: &Shared, game: &Game) -> Analysis {
    let tree = sh.tree;
    let root = tree.node(Tree::ROOT);
    let (_, kids) = tree.children(root);
    let prior_total: f32 = kids
        .iter()
        .map(|c| c.stats().prior_wins)
        .sum::<f32>()
        .max(1e-6);
    let mut candidates: Vec<Candidate> = kids
        .iter()
        .filter(|c| c.visits() > 0)
        .map(|c| {
            let s = c.stats();
            let rate = s.winrate();
            let n = s.visits as f32;
            Candidate {
                mv: c.mv(),
                visits: u64::from(s.visits),
                winrate: rate,
                prior: s.prior_wins / prior_total,
                lcb: (rate - 1.96 * (rate * (1.0 - rate) / n).sqrt()).max(0.0),
                score_lead: 0.0,
                pv: principal_variation(tree, c),
            }
        })
        .collect();
    candidates.sort_by(|a, b| {
        b.visits
            .cmp(&a.visits)
            .then(b.winrate.total_cmp(&a.winrate))
    });
    let owned = sh.owned_playouts.load(Ordering::Relaxed).max(1) as f32;
    let geo = game.board().geometry();
    let ownership: Vec<f32> = if sh.owned_playouts.load(Ordering::Relaxed) == 0 {
        Vec::new()
    } else {
        geo.points()
            .map(|p| sh.ownership[p.index()].load(Ordering::Relaxed) as f32 / owned)
            .collect()
    };
    let lead =
        sh.margin_sum.load(Ordering::Relaxed) as f32 / 2.0 / owned * sh.root_color.sign() as f32;
    for c in &mut candidates {
        c.score_lead = lead;
    }
    Analysis {
        playouts: sh.playouts.load(Ordering::Relaxed).min(sh.playout_limit),
        winrate: candidates.first().map_or(0.5, |c| c.winrate),
        score_lead: lead,
        ownership,
        candidates,
    }
}

/// The ownership statistics gathered so far.
fn territory(sh: &Shared, game: &Game) -> Territory {
    let n = sh.owned_playouts.load(Ordering::Relaxed);
    if n == 0 {
        return Territory::default();
    }
    let geo = game.board().geometry();
    let per = |x: f32| x / n as f32;
    Territory {
        ownership: geo
            .points()
            .map(|p| per(sh.ownership[p.index()].load(Ordering::Relaxed) as f32))
            .collect(),
        neutral: geo
            .points()
            .map(|p| per(sh.neutral[p.index()].load(Ordering::Relaxed) as f32))
            .collect(),
    }
}

/// The most visited line from `node` (at most 20 moves).
fn principal_variation(tree: &Tree, node: &Node) -> Vec<Move> {
    let mut pv = vec![node.mv()];
    let mut cur = node;
    while pv.len() < 20 {
        let (_, kids) = tree.children(cur);
        let Some(next) = kids
            .iter()
            .filter(|c| c.visits() > 0)
            .max_by_key(|c| c.visits())
        else {
            break;
        };
        pv.push(next.mv());
        cur = next;
    }
    pv
}

impl Player for Mcts {
    fn name(&self) -> &str {
        "mcts"
    }

    fn clear(&mut self) {
        self.tree = None;
        self.tree_game.clear();
        self.searches = 0;
        self.recent_winrates.clear();
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
        let limits = SearchLimits {
            time: None,
            playouts: None,
            early_stop: false,
            cleanup: false,
        };
        let (tree, last) = self.run(game, color, &limits, stop, Some(interval), report);
        self.tree = Some(tree);
        report(&last);
    }

    fn stone_statuses(&mut self, game: &Game) -> Vec<(Point, StoneStatus)> {
        self.territory_of(game).stone_statuses(game.board())
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
mod tests {
    use super::*;
    use crate::coord::parse_move;
    use crate::rules::Rules;

    fn game_from(moves: &[(&str, Color)], size: usize) -> Game {
        game_with(Rules::chinese(), moves, size)
    }

    fn game_with(rules: Rules, moves: &[(&str, Color)], size: usize) -> Game {
        let mut g = Game::new(size, rules).unwrap();
        let geo = g.board().geometry();
        for &(m, c) in moves {
            g.play(c, parse_move(m, geo).unwrap()).unwrap();
        }
        g
    }

    /// `moves` with colours alternating from Black.
    fn alternating(moves: &str) -> Vec<(&str, Color)> {
        let colors = [Color::Black, Color::White].into_iter().cycle();
        moves.split_whitespace().zip(colors).collect()
    }

    fn search(m: &mut Mcts, g: &Game, playouts: u64) -> (Decision, Analysis) {
        let stop = AtomicBool::new(false);
        let c = g.to_move();
        m.genmove(g, c, &SearchLimits::playouts(playouts), &stop, &mut |_| {})
    }

    #[test]
    fn visits_add_up() {
        let g = game_from(&[("E5", Color::Black), ("C3", Color::White)], 9);
        for threads in [1, 2] {
            let mut m = Mcts::new();
            m.set_threads(threads);
            let (_, a) = search(&mut m, &g, 3000);
            assert_eq!(a.playouts, 3000);
            let tree = m.tree.as_ref().unwrap();
            let root = tree.node(Tree::ROOT);
            assert_eq!(root.visits(), 3000, "every playout passes the root once");
            let (_, kids) = tree.children(root);
            let sum: u32 = kids.iter().map(|k| k.visits()).sum();
            assert_eq!(sum, 3000, "and exactly one of its children");
            // Deeper, a node's visits are its children's plus the playouts that stopped there.
            for k in kids {
                let (_, grand) = tree.children(k);
                let below: u32 = grand.iter().map(|c| c.visits()).sum();
                assert!(below <= k.visits());
                let s = k.stats();
                assert!(s.wins <= 2 * s.visits);
            }
        }
    }

    #[test]
    fn a_search_is_reproducible_with_a_seed_and_one_thread() {
        let g = game_from(&[("D4", Color::Black)], 9);
        let run = || {
            let mut m = Mcts::new();
            m.set_threads(1);
            m.set_seed(42);
            let (d, a) = search(&mut m, &g, 2000);
            (
                d,
                a.candidates
                    .iter()
                    .map(|c| (c.mv, c.visits))
                    .collect::<Vec<_>>(),
            )
        };
        assert_eq!(run(), run());
    }

    #[test]
    fn the_memory_cap_stops_growth_but_not_the_search() {
        let g = Game::new(19, Rules::chinese()).unwrap();
        let mut m = Mcts::new();
        m.set_threads(2);
        m.set_max_memory(1 << 20);
        let (d, a) = search(&mut m, &g, 4000);
        assert_eq!(a.playouts, 4000, "all playouts ran at the cap");
        assert!(matches!(d, Decision::Play(Move::Play(_))));
        let tree = m.tree.as_ref().unwrap();
        assert!(
            tree.memory_used() <= (1 << 20) + (1 << 16) * Tree::NODE_BYTES,
            "{}",
            tree.memory_used()
        );
    }

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

    /// A 9x9 game against GNU Go (moves 1-35) where White then passed with a group in the upper
    /// left that tengen's playouts count as dead: Black wins by passing if it is dead.
    /// (Komi 7.5, as in that game.)
    fn early_pass_game(rules: Rules) -> Game {
        let moves = "F6 C3 C5 G7 F7 G6 F5 G5 F4 B5 B4 B6 C4 A5 G4 B3 A4 B7 G8 H8 F8 H4 H3 J4 \
                     J3 H6 A3 D6 D5 C6 A2 G9 F9 H9 D8";
        let mut g = game_with(rules, &alternating(moves), 9);
        g.play(Color::White, Move::Pass).unwrap();
        g
    }

    #[test]
    fn under_area_counting_dead_stones_are_captured_before_passing() {
        // Passing would end the game on a count that depends on who judges the upper-left
        // group (a referee's fresh estimate called it alive, W+11.5). Under area counting
        // playing on costs nothing, so Black does; under territory counting it would cost
        // points, so Black passes.
        let mut m = Mcts::new();
        m.set_threads(1);
        let g = early_pass_game(Rules::chinese()); // komi 7.5
        let (decision, _) = search(&mut m, &g, 3000);
        let Decision::Play(mv) = decision else {
            panic!("{decision:?}")
        };
        assert_ne!(mv, Move::Pass);
        assert!(g.is_legal(Color::Black, mv).is_ok());
        let mut m = Mcts::new();
        m.set_threads(1);
        let g = early_pass_game(Rules {
            komi: 7.5,
            ..Rules::japanese()
        });
        let (decision, _) = search(&mut m, &g, 3000);
        assert_eq!(decision, Decision::Play(Move::Pass));
    }

    #[test]
    fn a_lone_stone_inside_enemy_walls_is_dead() {
        let mut moves = Vec::new();
        let names: Vec<String> = (1..=9)
            .flat_map(|r| [format!("E{r}"), format!("F{r}")])
            .collect();
        for (i, m) in names.iter().enumerate() {
            moves.push((
                m.as_str(),
                if i % 2 == 0 {
                    Color::Black
                } else {
                    Color::White
                },
            ));
        }
        moves.push(("B5", Color::White));
        let g = game_from(&moves, 9);
        let mut m = Mcts::new();
        m.set_threads(1);
        let statuses = m.stone_statuses(&g);
        let b5 = parse_move("B5", g.board().geometry())
            .unwrap()
            .point()
            .unwrap();
        let own = m.last_territory.as_ref().unwrap().1.ownership.clone();
        let idx = g.board().geometry().points().position(|p| p == b5).unwrap();
        assert_eq!(
            statuses.iter().find(|(p, _)| *p == b5).map(|s| s.1),
            Some(StoneStatus::Dead),
            "ownership at b5: {}",
            own[idx]
        );
    }
}
