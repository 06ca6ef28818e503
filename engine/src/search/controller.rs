//! Steps 2 and 3 of a search: run the workers on the pool, and on the calling thread watch the
//! clock, the stop flag, whether the best move can still be overtaken and, past the planned
//! time, whether the choice is still in doubt; report progress; take the snapshot of the tree
//! that reports and decisions read.

use super::params::SearchParams;
use super::simulate::{Shared, Worker};
use super::territory::Territory;
use super::tree::{Node, Padded, Tree};
use super::Mcts;
use crate::game::Game;
use crate::player::{Analysis, Candidate, SearchLimits, Variation, MAX_PV_MOVES};
use crate::rules::Scoring;
use crate::types::Color;
use std::sync::atomic::{AtomicBool, AtomicI32, AtomicI64, AtomicU32, AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// How often the controlling thread wakes up to check the clock and the stop flag.
const CONTROL_TICK: Duration = Duration::from_millis(2);

/// Workers check the deadline themselves once per this many playouts (of all threads).
const DEADLINE_CHECK_EVERY: u64 = 16;

/// The rate estimate of the early stop divides by at least this much time (seconds).
const MIN_RATE_SECONDS: f64 = 1e-3;

/// A wake-up of the controller this much later than its tick means the process was held up
/// (stopped, or the machine busy elsewhere): the early stop's rate leaves the gap out.
const STALL: Duration = Duration::from_millis(50);

/// Standard normal quantile of the reported lower confidence bound (95%).
const LCB_Z: f32 = 1.96;

/// Odd 64-bit constants that spread the seed over searches and threads (the golden ratio's,
/// as in SplitMix64, and another of its kind).
const SEED_SEARCH_MIX: u64 = 0x9E37_79B9_7F4A_7C15;
const SEED_THREAD_MIX: u64 = 0xD1B5_4A32_D192_ED03;

impl Mcts {
    /// Komi the playouts must beat, as Black's area minus White's: komi and handicap
    /// compensation, and the dynamic komi of handicap games for `color`'s search (`dynkomi.rs`),
    /// which is also returned alone.
    fn playout_komi(&self, game: &Game, color: Color) -> (f32, f32) {
        let rules = game.rules();
        let base = rules.komi + rules.handicap_compensation.points(game.handicap());
        let extra = self.dynkomi.extra(game, color, &self.params);
        (base as f32 + extra, extra)
    }

    /// Steps 2 and 3: run the simulations on the pool until a limit, reporting on the way.
    pub(super) fn run(
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
        // The playouts start only now: taking over a large subtree of the last search can take
        // a good part of a second, which the clock counts but the playout rate must not.
        let playouts_start = Instant::now();
        let (komi, dynamic_komi) = self.playout_komi(game, color);
        let size = game.board().geometry().array_len();
        self.searches += 1;
        let base_seed = self
            .seed
            .wrapping_mul(SEED_SEARCH_MIX)
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
            dynamic_komi,
            params: &params,
            as_is_scoring: game.rules().scoring == Scoring::TrompTaylor,
            batch_top: threads > 1,
            root_passes: game.passes(),
            done: Padded(AtomicBool::new(false)),
            playouts: Padded(AtomicU64::new(0)),
            playout_limit: limits.playouts.unwrap_or(u64::MAX),
            deadline: limits.latest().map(|t| start + thinking_time(t)),
            ownership: (0..size).map(|_| AtomicI32::new(0)).collect(),
            neutral: (0..size).map(|_| AtomicU32::new(0)).collect(),
            owned_playouts: AtomicU64::new(0),
            margin_sum: AtomicI64::new(0),
        };
        pool.in_place_scope(|s| {
            for t in 0..threads {
                let shared = &shared;
                let policy = policy.clone();
                let seed = base_seed ^ (t as u64).wrapping_mul(SEED_THREAD_MIX);
                s.spawn(move |_| work(shared, Worker::new(policy, seed), stop));
            }
            let watch = Watch {
                game,
                tree: &tree,
                params: &params,
                limits,
                start,
                playouts_start,
                stop,
                interval,
            };
            control(&shared, &watch, report);
            shared.done.store(true, Ordering::Relaxed);
        });
        let result = analysis(&shared, game);
        self.last_territory = Some((game.board().hash(), territory(&shared, game)));
        drop(shared);
        (tree, result)
    }
}

/// Step 2 on one thread of the pool: simulate until the search is done, stopped, out of
/// playouts or past its deadline, then hand over what was gathered locally.
fn work(shared: &Shared, mut w: Worker, stop: &AtomicBool) {
    while !shared.done.load(Ordering::Relaxed) && !stop.load(Ordering::Relaxed) {
        let n = shared.playouts.fetch_add(1, Ordering::Relaxed);
        if n >= shared.playout_limit {
            break;
        }
        // The controller watches the clock; the workers look too, now and then, in case a
        // loaded machine keeps the controller from running.
        if n.is_multiple_of(DEADLINE_CHECK_EVERY)
            && shared.deadline.is_some_and(|d| Instant::now() >= d)
        {
            break;
        }
        w.simulate(shared);
    }
    w.flush(shared);
    shared.done.store(true, Ordering::Relaxed);
}

/// What the controller watches a search by.
struct Watch<'a> {
    game: &'a Game,
    tree: &'a Tree,
    params: &'a SearchParams,
    limits: &'a SearchLimits,
    /// When the move's search began (the clock runs from here) ...
    start: Instant,
    /// ... and when its playouts began, after the tree was prepared (the playout rate counts
    /// from here).
    playouts_start: Instant,
    stop: &'a AtomicBool,
    /// How often to report progress, if at all.
    interval: Option<Duration>,
}

/// Step 3, on the calling thread while the workers run: end the search at the deadline, at the
/// planned time once the choice is clear, or early when the best move cannot be overtaken, and
/// report progress on the way. Returns when the search should end.
fn control(shared: &Shared, watch: &Watch, report: &mut dyn FnMut(&Analysis)) {
    let limits = watch.limits;
    let planned_end = limits.time.map(|t| watch.start + thinking_time(t));
    let mut last_report = Instant::now();
    let mut stalls = Stalls::new(Instant::now());
    loop {
        std::thread::sleep(CONTROL_TICK);
        if shared.done.load(Ordering::Relaxed) || watch.stop.load(Ordering::Relaxed) {
            return;
        }
        let now = Instant::now();
        let elapsed = now.saturating_duration_since(watch.start);
        let searching = now.saturating_duration_since(watch.playouts_start);
        stalls.tick(now);
        if shared.deadline.is_some_and(|d| now >= d) {
            return;
        }
        if planned_end.is_some_and(|d| now >= d)
            && choice_is_clear(root_children(watch.tree), watch.params)
        {
            return;
        }
        let done = shared
            .playouts
            .load(Ordering::Relaxed)
            .min(shared.playout_limit);
        if limits.early_stop
            && can_stop_early(
                shared,
                watch.params,
                done,
                playouts_left(done, limits, elapsed, searching, &stalls),
            )
        {
            return;
        }
        if let Some(iv) = watch.interval {
            if last_report.elapsed() >= iv {
                report(&analysis(shared, watch.game));
                last_report = Instant::now();
            }
        }
    }
}

/// The part of a time budget kept for what follows the last playout (statistics, the decision,
/// the reply) on a busy machine: one part in this many, at most [`MAX_RESERVE`].
const RESERVE_PARTS: u32 = 20;
const MAX_RESERVE: Duration = Duration::from_millis(50);

/// The part of a time budget spent searching (see [`RESERVE_PARTS`]).
fn thinking_time(budget: Duration) -> Duration {
    budget.saturating_sub((budget / RESERVE_PARTS).min(MAX_RESERVE))
}

/// The time the controller woke up late (see [`STALL`]): a search held up for a while has run
/// fewer playouts in its elapsed time than it will run in the rest of it.
struct Stalls {
    last: Instant,
    total: Duration,
}

impl Stalls {
    fn new(now: Instant) -> Stalls {
        Stalls {
            last: now,
            total: Duration::ZERO,
        }
    }

    /// A wake-up at `now`: a gap of [`STALL`] or more since the last one counts, less the tick.
    fn tick(&mut self, now: Instant) {
        let gap = now.saturating_duration_since(self.last);
        if gap >= STALL {
            self.total += gap.saturating_sub(CONTROL_TICK);
        }
        self.last = now;
    }

    /// Playouts per second over `elapsed`, the stalls left out.
    fn rate(&self, playouts: u64, elapsed: Duration) -> f64 {
        let running = elapsed.saturating_sub(self.total);
        playouts as f64 / running.as_secs_f64().max(MIN_RATE_SECONDS)
    }
}

/// How many more playouts a search that has run `done` may run: what is left of a playout
/// limit, and the time left at the rate of the playouts so far (over the `searching` time since
/// they began, the stalls left out; the time left counts from the `elapsed` time since the
/// search began). Infinite without either limit.
fn playouts_left(
    done: u64,
    limits: &SearchLimits,
    elapsed: Duration,
    searching: Duration,
    stalls: &Stalls,
) -> f64 {
    let mut remaining = f64::INFINITY;
    if let Some(t) = limits.time {
        let rate = stalls.rate(done, searching);
        remaining = remaining.min(rate * t.saturating_sub(elapsed).as_secs_f64());
    }
    if let Some(n) = limits.playouts {
        remaining = remaining.min(n.saturating_sub(done) as f64);
    }
    remaining
}

/// Can the controller stop now, `done` playouts into the search, because no other move can
/// overtake the most visited one in the `remaining` playouts of the budget?
fn can_stop_early(sh: &Shared, params: &SearchParams, done: u64, remaining: f64) -> bool {
    if done < params.early_stop_min_playouts || !remaining.is_finite() {
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

/// Is the search's choice among the root's `kids` clear enough to stop at its planned time? Not
/// while the most visited move has fewer than [`SearchParams::clear_visit_ratio`] times the
/// visits of the second, nor while a move with at least [`SearchParams::rival_visit_share`] of
/// its visits has a better win rate.
fn choice_is_clear(kids: &[Node], params: &SearchParams) -> bool {
    let (ratio, rival_share) = (params.clear_visit_ratio, params.rival_visit_share);
    let Some((best, top)) = kids.iter().enumerate().max_by_key(|(_, c)| c.visits()) else {
        return true;
    };
    let first = top.visits();
    let rivals = || kids.iter().enumerate().filter(move |&(i, _)| i != best);
    let second = rivals().map(|(_, c)| c.visits()).max().unwrap_or(0);
    if f64::from(first) < f64::from(second) * f64::from(ratio) {
        return false;
    }
    let best_rate = top.stats().winrate();
    let rival = f64::from(first) * f64::from(rival_share);
    !rivals().any(|(_, c)| f64::from(c.visits()) >= rival && c.stats().winrate() > best_rate)
}

/// The children of the root of `tree`.
fn root_children(tree: &Tree) -> &[Node] {
    tree.children(tree.node(Tree::ROOT)).1
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
        .max(f32::MIN_POSITIVE);
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
                lcb: (rate - LCB_Z * (rate * (1.0 - rate) / n).sqrt()).max(0.0),
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
    // At the real komi: the dynamic komi the playouts counted with is added back.
    let black_margin = sh.margin_sum.load(Ordering::Relaxed) as f32 / 2.0 / owned + sh.dynamic_komi;
    let lead = black_margin * sh.root_color.sign() as f32;
    for c in &mut candidates {
        c.score_lead = lead;
    }
    Analysis {
        playouts: sh.playouts.load(Ordering::Relaxed).min(sh.playout_limit),
        root_visits: u64::from(root.visits()),
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

/// The most visited line from `node` (at most [`MAX_PV_MOVES`] moves).
fn principal_variation(tree: &Tree, node: &Node) -> Variation {
    let mut pv = Variation::from_slice(&[node.mv()]);
    let mut cur = node;
    while pv.len() < MAX_PV_MOVES {
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

#[cfg(test)]
mod tests {
    use super::super::tests::{game_from, search};
    use super::*;
    use crate::player::Decision;
    use crate::rules::Rules;
    use crate::types::Move;

    #[test]
    fn the_early_stop_rate_leaves_out_the_time_the_process_was_held_up() {
        let start = Instant::now();
        let ms = Duration::from_millis;
        let mut stalls = Stalls::new(start);
        // Regular ticks: 2,000 playouts in 0.2 s is 10,000 a second.
        for t in 1..=100 {
            stalls.tick(start + CONTROL_TICK * t);
        }
        let rate = stalls.rate(2_000, ms(200));
        assert!((rate - 10_000.0).abs() < 1.0, "rate {rate}");
        // Then held up for a second, no playouts meanwhile, and 0.1 s more of 1,000 playouts:
        // the rate is still 10,000, where playouts over elapsed time would say 2,300.
        let held = start + ms(200) + ms(1_000);
        stalls.tick(held);
        for t in 1..=50 {
            stalls.tick(held + CONTROL_TICK * t);
        }
        let rate = stalls.rate(3_000, ms(1_300));
        assert!((rate - 10_000.0).abs() < 100.0, "rate {rate}");
        // Late wake-ups shorter than STALL are the scheduler's noise, not a stall.
        let mut jitter = Stalls::new(start);
        jitter.tick(start + STALL - ms(1));
        assert_eq!(jitter.rate(1_000, ms(100)), 10_000.0);
    }

    #[test]
    fn the_playouts_left_run_at_the_rate_since_the_playouts_began() {
        // A move of 10 s whose first 0.12 s went to taking over the last search's subtree, then
        // 100 playouts in 0.02 s: 5,000 a second for the 9.86 s left, not the 714 a second
        // that counting from the start of the move would give (which stopped such searches
        // at once when the subtree's best move led by some thousands of visits).
        let start = Instant::now();
        let ms = Duration::from_millis;
        let mut stalls = Stalls::new(start + ms(120));
        for t in 1..=10 {
            stalls.tick(start + ms(120) + CONTROL_TICK * t);
        }
        let limits = SearchLimits::time(Duration::from_secs(10));
        let left = playouts_left(100, &limits, ms(140), ms(20), &stalls);
        assert!((left - 5_000.0 * 9.86).abs() < 1.0, "{left}");
        // A playout limit bounds it too; no limit at all leaves it infinite.
        let both = SearchLimits {
            playouts: Some(1_000),
            ..limits
        };
        assert_eq!(playouts_left(100, &both, ms(140), ms(20), &stalls), 900.0);
        let none = SearchLimits::unlimited();
        assert!(playouts_left(100, &none, ms(140), ms(20), &stalls).is_infinite());
    }

    #[test]
    fn a_choice_is_in_doubt_while_a_rival_has_close_visits_or_a_better_win_rate() {
        // Root children with (visits, wins) each.
        let clear = |kids: &[(u32, u32)]| {
            let tree = Tree::with_root_children(kids.len(), 0.0, 0.0);
            for (node, &(visits, wins)) in root_children(&tree).iter().zip(kids) {
                node.add_visits(visits, 2 * wins);
            }
            choice_is_clear(root_children(&tree), &SearchParams::default())
        };
        assert!(
            clear(&[(900, 540), (300, 150), (100, 40)]),
            "far ahead and best"
        );
        assert!(
            !clear(&[(500, 300), (400, 230)]),
            "second too close in visits"
        );
        assert!(
            !clear(&[(900, 500), (300, 200)]),
            "second has a better win rate"
        );
        assert!(
            clear(&[(900, 500), (200, 190)]),
            "a rival too little visited to count"
        );
        assert!(
            choice_is_clear(&[], &SearchParams::default()),
            "nothing to choose between"
        );
    }

    #[test]
    fn the_score_lead_is_at_the_real_komi_whatever_the_dynamic_komi() {
        // A finished 5x5 board, two handicap stones among Black's: 15 points of area against
        // 10, so Black wins by 2.5 after komi 0.5 and 2 points of compensation.
        let rules = Rules {
            komi: 0.5,
            ..Rules::chinese()
        };
        let mut g = Game::new(5, rules).unwrap();
        let rows = ["XXXOO", ".XXO.", "XXXOO", ".XXO.", "XXXOO"];
        let geo = g.board().geometry();
        let (b4, b2) = (geo.point(1, 3), geo.point(1, 1));
        g.place_handicap(&[b4, b2]).unwrap();
        for (i, row) in rows.iter().enumerate() {
            for (col, c) in row.chars().enumerate() {
                let p = geo.point(col, rows.len() - 1 - i);
                let stone = match c {
                    'X' => Color::Black,
                    'O' => Color::White,
                    _ => continue,
                };
                if p != b4 && p != b2 {
                    g.setup(p, Some(stone));
                }
            }
        }
        g.set_to_move(Color::White);
        let lead = |per_stone: f32| {
            let mut m = Mcts::new();
            m.set_threads(1);
            m.params_mut().dynkomi_per_stone = per_stone;
            let (komi, extra) = m.playout_komi(&g, Color::White);
            assert_eq!(komi - extra, 2.5, "komi and compensation");
            assert_eq!(extra, 2.0 * per_stone);
            search(&mut m, &g, 500).1.score_lead
        };
        assert_eq!(lead(0.0), -2.5);
        assert_eq!(
            lead(10.0),
            -2.5,
            "at the real komi, not White's 17.5 of the playouts"
        );
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
    fn after_tree_reuse_the_analysis_counts_what_the_tree_holds() {
        // The same position searched again (GoGui running a display twice) reuses the whole
        // tree: the root holds both searches, and the analysis says so.
        let g = game_from(&[("E5", Color::Black), ("C3", Color::White)], 9);
        for threads in [1, 2] {
            let mut m = Mcts::new();
            m.set_threads(threads);
            let (_, first) = search(&mut m, &g, 2000);
            assert_eq!(first.root_visits, 2000);
            let (_, a) = search(&mut m, &g, 1000);
            let root = m.tree.as_ref().unwrap().node(Tree::ROOT);
            assert_eq!(a.playouts, 1000);
            assert_eq!(a.root_visits, u64::from(root.visits()));
            assert_eq!(a.root_visits, 3000);
            let candidates: u64 = a.candidates.iter().map(|c| c.visits).sum();
            assert_eq!(
                candidates, a.root_visits,
                "the root was expanded from the start"
            );
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
}
