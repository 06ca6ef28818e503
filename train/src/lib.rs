//! # tengen-train
//!
//! Fits the move-pattern model of `tengen_engine::patterns` from strong players' games, the way
//! Coulom's "Computing Elo Ratings of Move Patterns in the Game of Go" (2007) describes: every
//! move played is a team of features that won against the teams of all other legal moves, and
//! minorization–maximization finds the feature strengths (gammas) that make the games most likely.
//!
//! How to read it: [`data`] reads and replays games; [`extract`](mod@extract) harvests the frequent large
//! patterns and turns positions into teams of feature ids; [`mm`] fits the gammas; [`eval`]
//! measures move prediction on held-out games through the engine's own lookups; [`train`] (below)
//! runs the whole pipeline; `main.rs` is the command line. Single-threaded and seeded: the same
//! data and options give the same weights file, byte for byte.

pub mod data;
pub mod eval;
pub mod extract;
pub mod mm;
pub mod progress;

use data::GameMoves;
use eval::{evaluate, Evaluation};
use extract::{extract, harvest, FeatureSpace, TrainingSet};
use progress::Progress;
use std::time::Instant;
use tengen_engine::patterns::features::{GROUP_SIZES, NUM_GROUPS};
use tengen_engine::patterns::{PatternModel, Weights};

/// The options of one training run.
#[derive(Clone, Debug, PartialEq)]
pub struct Config {
    /// Share of the training positions turned into teams (the rest only feed the harvest).
    pub sample: f64,
    /// Share of the held-out positions measured.
    pub test_sample: f64,
    /// Seed of the position sampling.
    pub seed: u64,
    /// Rounds of minorization–maximization over all groups.
    pub iterations: usize,
    /// Rounds for the playout model (3x3 patterns alone).
    pub playout_iterations: usize,
    /// A large pattern must be played this often in the training games to be kept...
    pub min_count: u32,
    /// ...and at most this many, the most frequent first.
    pub max_patterns: usize,
    /// Draw progress bars on standard error.
    pub progress: bool,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            sample: 0.05,
            test_sample: 0.2,
            seed: 1,
            iterations: 12,
            playout_iterations: 8,
            min_count: 10,
            max_patterns: 100_000,
            progress: false,
        }
    }
}

/// What a run produced: the weights (provenance still empty) and the held-out measurement.
pub struct Trained {
    pub weights: Weights,
    pub evaluation: Option<Evaluation>,
    /// Training positions and candidate moves used by the fit.
    pub positions: usize,
    pub candidates: usize,
}

/// Harvest, extract, fit both models and measure them on `test` (if any). `log` receives one line
/// per step (sizes, timings, the likelihood after each round).
pub fn train(
    train: &[GameMoves],
    test: &[GameMoves],
    config: &Config,
    mut log: impl FnMut(String),
) -> Trained {
    let bar = |label: &str, total: usize| Progress::new(label, total, config.progress);

    let mut p = bar("harvest", train.len());
    let dictionary = harvest(train, config.min_count, config.max_patterns, &mut p);
    let t = p.finish();
    log(format!(
        "harvest: {} large patterns played at least {} times (cap {}), {:.1}s",
        dictionary.len(),
        config.min_count,
        config.max_patterns,
        t.as_secs_f64()
    ));

    let mut space = FeatureSpace::new(dictionary);
    let mut p = bar("extract", train.len());
    let set = extract(train, &mut space, config.sample, config.seed, &mut p);
    let t = p.finish();
    log(format!(
        "extract: {} positions, {} candidate moves, {} feature ids ({} 3x3 shapes), {} MiB, {:.1}s",
        set.positions(),
        set.candidates(),
        set.features.len(),
        space.pat3_codes().len(),
        set.memory() >> 20,
        t.as_secs_f64()
    ));

    let full = fit_full(&set, &space, config, &mut log);
    let fast = fit_playout(&set, &space, config, &mut log);

    let weights = build_weights(&space, &full, &fast);
    let (positions, candidates) = (set.positions(), set.candidates());
    drop(set);

    let evaluation = (!test.is_empty()).then(|| {
        let model = PatternModel::new(&weights);
        let mut p = bar("evaluate", test.len());
        let e = evaluate(test, &model, config.test_sample, config.seed, &mut p);
        let t = p.finish();
        log(format!(
            "evaluate: {} held-out positions, {:.1}s",
            e.full.positions,
            t.as_secs_f64()
        ));
        e
    });
    Trained {
        weights,
        evaluation,
        positions,
        candidates,
    }
}

/// The full model: every feature group fitted, one group at a time, for `config.iterations`
/// rounds; `log` gets the likelihood after each round.
fn fit_full(
    set: &TrainingSet,
    space: &FeatureSpace,
    config: &Config,
    log: &mut impl FnMut(String),
) -> Vec<f64> {
    let mut full = vec![1.0; space.len()];
    let mut p = Progress::new("fit full", config.iterations, config.progress);
    let start = Instant::now();
    let mut rounds = Vec::new();
    mm::fit(
        set,
        &mut full,
        &space.groups(),
        config.iterations,
        |round, s| {
            rounds.push((round, s));
            p.set(round + 1);
        },
    );
    p.finish();
    for (round, s) in rounds {
        log(format!(
            "fit full: round {:>2}: mean log-evidence {:.4}, training top-1 {:.2}%",
            round + 1,
            s.mean_log_evidence,
            100.0 * s.top1
        ));
    }
    log(format!(
        "fit full: {} rounds, {:.1}s",
        config.iterations,
        start.elapsed().as_secs_f64()
    ));
    full
}

/// The playouts' model: the 3x3 shapes alone, fitted for `config.playout_iterations` rounds.
fn fit_playout(
    set: &TrainingSet,
    space: &FeatureSpace,
    config: &Config,
    log: &mut impl FnMut(String),
) -> Vec<f64> {
    let mut fast = vec![1.0; space.len()];
    let mut p = Progress::new("fit playout", config.playout_iterations, config.progress);
    let start = Instant::now();
    let mut last = None;
    mm::fit(
        set,
        &mut fast,
        &[space.pat3_range()],
        config.playout_iterations,
        |round, s| {
            last = Some(s);
            p.set(round + 1);
        },
    );
    p.finish();
    if let Some(s) = last {
        log(format!(
            "fit playout (3x3 only): {} rounds, mean log-evidence {:.4}, training top-1 {:.2}%, {:.1}s",
            config.playout_iterations,
            s.mean_log_evidence,
            100.0 * s.top1,
            start.elapsed().as_secs_f64()
        ));
    }
    fast
}

/// The weights file's content from the fitted gammas of both models.
pub fn build_weights(space: &FeatureSpace, full: &[f64], fast: &[f64]) -> Weights {
    let mut groups: [Vec<f32>; NUM_GROUPS] = GROUP_SIZES.map(Vec::with_capacity);
    for (g, out) in groups.iter_mut().enumerate() {
        for v in 0..GROUP_SIZES[g] {
            out.push(full[space.group_id(g, v as u8) as usize] as f32);
        }
    }
    let pat3 = space.pat3_range();
    let table = |gammas: &[f64]| -> Vec<(u32, f32)> {
        space
            .pat3_codes()
            .iter()
            .zip(&gammas[pat3.start as usize..pat3.end as usize])
            .map(|(&code, &g)| (code, g as f32))
            .collect()
    };
    let large = space.large_range();
    Weights {
        provenance: String::new(),
        groups,
        playout3_default: 1.0,
        playout3: table(fast),
        full3_default: 1.0,
        full3: table(full),
        large: space
            .large_hashes()
            .iter()
            .zip(&full[large.start as usize..large.end as usize])
            .map(|(&h, &g)| (h, g as f32))
            .collect(),
    }
}
