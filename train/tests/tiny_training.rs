//! A whole training run on five hand-made games (`tests/games/`, written for this test): four to
//! train on, one held out. Checks what must hold on any data: every game is read in full, the fit
//! makes the games more likely round after round and beats a uniform guess, the weights file reads
//! back into a working model, and the same run gives the same bytes.

use std::path::Path;
use tengen_engine::patterns::{PatternModel, Weights};
use tengen_train::data::{game_files, load_file, GameMoves};
use tengen_train::extract::{extract, harvest, FeatureSpace};
use tengen_train::mm;
use tengen_train::progress::Progress;
use tengen_train::{train, Config};

fn games(held_out: bool) -> Vec<GameMoves> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/games");
    let files = game_files(&dir, |n| n.starts_with("game5") == held_out).unwrap();
    assert_eq!(files.len(), if held_out { 1 } else { 4 });
    files
        .iter()
        .flat_map(|f| {
            let (g, counts) = load_file(f).unwrap();
            assert_eq!(counts.skipped, 0);
            g
        })
        .collect()
}

fn config() -> Config {
    Config {
        sample: 1.0,
        test_sample: 1.0,
        seed: 7,
        iterations: 6,
        playout_iterations: 4,
        min_count: 2,
        max_patterns: 1000,
        progress: false,
    }
}

#[test]
fn hand_made_games_are_read_to_the_end() {
    let train_games = games(false);
    let lengths: Vec<usize> = train_games.iter().map(|g| g.moves.len()).collect();
    assert_eq!(lengths, vec![24, 22, 22, 22]);
    assert_eq!(games(true)[0].moves.len(), 20);
}

#[test]
fn the_fit_raises_the_likelihood_and_beats_a_uniform_guess() {
    let train_games = games(false);
    let c = config();
    let dictionary = harvest(
        &train_games,
        c.min_count,
        c.max_patterns,
        &mut Progress::hidden(),
    );
    // Several opening shapes repeat across the games (empty corners, star points).
    assert!(!dictionary.is_empty());
    let mut space = FeatureSpace::new(dictionary);
    let set = extract(&train_games, &mut space, 1.0, 1, &mut Progress::hidden());
    assert_eq!(set.positions(), 90, "every move of the four games");
    // 361 points minus the stones on the board: the candidates of the first position.
    assert_eq!(set.pos_end[0], 361);
    let mut gammas = vec![1.0; space.len()];
    let mut history = Vec::new();
    mm::fit(&set, &mut gammas, &space.groups(), 8, |_, s| {
        history.push(s)
    });
    for w in history.windows(2) {
        assert!(
            w[1].mean_log_evidence >= w[0].mean_log_evidence - 1e-9,
            "likelihood fell: {history:?}"
        );
    }
    let uniform = -(set.candidates() as f64 / set.positions() as f64).ln();
    let last = history.last().unwrap();
    assert!(
        last.mean_log_evidence > uniform + 1.0,
        "fit {} vs uniform {uniform}",
        last.mean_log_evidence
    );
}

#[test]
fn a_training_run_writes_weights_that_load_and_repeat_exactly() {
    let (train_games, test_games) = (games(false), games(true));
    let run = || train(&train_games, &test_games, &config(), |_| {});
    let first = run();
    let bytes = first.weights.to_bytes();
    assert_eq!(Weights::from_bytes(&bytes).unwrap(), first.weights);
    let model = PatternModel::from_bytes(&bytes).unwrap();
    assert!(model.large_patterns() > 0);
    let eval = first.evaluation.unwrap();
    assert_eq!(eval.full.positions, 20, "every held-out move measured");
    // Five choices out of about 340 by chance would hit about 1.5% of the time.
    assert!(eval.full.top5 >= 2, "top-5 hits {}", eval.full.top5);
    assert_eq!(run().weights.to_bytes(), bytes, "deterministic");
}
