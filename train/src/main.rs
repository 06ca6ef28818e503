//! `tengen-train`: fit the pattern weights from a folder of SGF games and write the weights file.
//! `KGS_6D` is a folder of game records, e.g. the KGS 6-dan archives README.md's "Learned move
//! patterns" names:
//!
//! ```sh
//! nice -n 10 cargo run --release -p tengen-train -- --data "$KGS_6D" \
//!     --out engine/data/patterns.bin --report engine/data/patterns.txt
//! ```

use clap::Parser;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use tengen_engine::patterns::model::VERSION;
use tengen_train::data::{game_files, load_file, DataError, GameMoves};
use tengen_train::eval::{Prediction, PHASES};
use tengen_train::{train, Config};

#[derive(Parser)]
#[command(version, about = "Fit tengen's move-pattern weights from SGF games")]
struct Args {
    /// Folder of `.sgfs` (one game per line) or `.sgf` files.
    #[arg(long)]
    data: PathBuf,
    /// Files whose names start with this are held out for measuring, never trained on.
    #[arg(long, default_value = "KGS-2017")]
    held_out: String,
    /// Where to write the weights.
    #[arg(long)]
    out: PathBuf,
    /// Where to write the run's report (provenance, sizes, timings, accuracy).
    #[arg(long)]
    report: Option<PathBuf>,
    /// Share of training positions fitted.
    #[arg(long, default_value_t = Config::default().sample)]
    sample: f64,
    /// Share of held-out positions measured.
    #[arg(long, default_value_t = Config::default().test_sample)]
    test_sample: f64,
    #[arg(long, default_value_t = Config::default().seed)]
    seed: u64,
    /// Rounds of minorization-maximization for the full model.
    #[arg(long, default_value_t = Config::default().iterations)]
    iterations: usize,
    /// Rounds for the playout model (3x3 patterns alone).
    #[arg(long, default_value_t = Config::default().playout_iterations)]
    playout_iterations: usize,
    /// Least number of times a large pattern must be played to be kept.
    #[arg(long, default_value_t = Config::default().min_count)]
    min_count: u32,
    /// Most large patterns kept.
    #[arg(long, default_value_t = Config::default().max_patterns)]
    max_patterns: usize,
    /// Use at most this many games of each kind (for quick runs).
    #[arg(long)]
    max_games: Option<usize>,
    /// No progress bars.
    #[arg(long)]
    quiet: bool,
}

fn main() -> ExitCode {
    let args = Args::parse();
    match run(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("tengen-train: {e}");
            ExitCode::FAILURE
        }
    }
}

fn load(files: &[PathBuf], max: Option<usize>) -> Result<(Vec<GameMoves>, usize), DataError> {
    let mut games = Vec::new();
    let mut skipped = 0;
    for f in files {
        let (g, counts) = load_file(f)?;
        games.extend(g);
        skipped += counts.skipped;
    }
    if let Some(m) = max {
        games.truncate(m);
    }
    Ok((games, skipped))
}

fn names(files: &[PathBuf]) -> String {
    let v: Vec<&str> = files
        .iter()
        .filter_map(|f| f.file_name().and_then(|n| n.to_str()))
        .collect();
    v.join(" ")
}

fn run(args: &Args) -> Result<(), Box<dyn std::error::Error>> {
    let held_out = |name: &str| name.starts_with(&args.held_out);
    let train_files = game_files(&args.data, |n| !held_out(n))?;
    let test_files = game_files(&args.data, held_out)?;
    if train_files.is_empty() {
        return Err(format!("no training games in {}", args.data.display()).into());
    }
    let (train_games, train_skipped) = load(&train_files, args.max_games)?;
    let (test_games, test_skipped) = load(&test_files, args.max_games)?;
    let mut lines = vec![
        format!(
            "training games: {} from {} ({} records skipped)",
            train_games.len(),
            names(&train_files),
            train_skipped
        ),
        format!(
            "held-out games: {} from {} ({} records skipped)",
            test_games.len(),
            names(&test_files),
            test_skipped
        ),
    ];
    for l in &lines {
        eprintln!("{l}");
    }
    let config = Config {
        sample: args.sample,
        test_sample: args.test_sample,
        seed: args.seed,
        iterations: args.iterations,
        playout_iterations: args.playout_iterations,
        min_count: args.min_count,
        max_patterns: args.max_patterns,
        progress: !args.quiet,
    };
    let outcome = train(&train_games, &test_games, &config, |l| {
        eprintln!("{l}");
        lines.push(l);
    });
    let mut weights = outcome.weights;
    let command = std::iter::once("tengen-train".to_string())
        .chain(std::env::args().skip(1))
        .collect::<Vec<_>>()
        .join(" ");
    let data_name = args
        .data
        .file_name()
        .and_then(|n| n.to_str())
        .unwrap_or("?");
    let mut summary = format!(
        "tengen pattern weights, format v{VERSION}; data: {data_name} ({} training games: {}; held out: {}); \
         {} positions, {} candidate moves fitted; command: {command}",
        train_games.len(),
        names(&train_files),
        names(&test_files),
        outcome.positions,
        outcome.candidates,
    );
    if let Some(e) = &outcome.evaluation {
        summary.push_str(&format!(
            "; held-out top-1 {:.2}%, top-5 {:.2}% over {} positions",
            100.0 * e.full.top1_rate(),
            100.0 * e.full.top5_rate(),
            e.full.positions
        ));
        for (name, p) in [("full model", &e.full), ("playout 3x3 table", &e.playout)] {
            lines.push(prediction_line(name, p));
        }
        lines.push(phase_line(&e.full));
    }
    weights.provenance = summary.clone();
    let bytes = weights.to_bytes();
    std::fs::write(&args.out, &bytes)
        .map_err(|e| format!("cannot write {}: {e}", args.out.display()))?;
    lines.push(format!(
        "wrote {} ({} bytes: {} 3x3 shapes, {} large patterns)",
        args.out.display(),
        bytes.len(),
        weights.full3.len(),
        weights.large.len()
    ));
    for l in &lines[lines.len().saturating_sub(4)..] {
        eprintln!("{l}");
    }
    if let Some(path) = &args.report {
        write_report(path, &summary, &lines)?;
    }
    Ok(())
}

fn prediction_line(name: &str, p: &Prediction) -> String {
    format!(
        "held-out {name}: top-1 {:.2}%, top-5 {:.2}%, mean log-evidence {:.3} ({} positions)",
        100.0 * p.top1_rate(),
        100.0 * p.top5_rate(),
        p.mean_log_evidence(),
        p.positions
    )
}

fn phase_line(p: &Prediction) -> String {
    let parts: Vec<String> = PHASES
        .iter()
        .zip(p.phase_positions.iter().zip(&p.phase_top1))
        .map(|(&(a, b), (&n, &hit))| {
            let range = if b == usize::MAX {
                format!("{a}-")
            } else {
                format!("{a}-{b}")
            };
            format!(
                "moves {range}: {:.1}%",
                100.0 * hit as f64 / n.max(1) as f64
            )
        })
        .collect();
    format!(
        "held-out full model top-1 by move number: {}",
        parts.join(", ")
    )
}

fn write_report(path: &Path, summary: &str, lines: &[String]) -> Result<(), DataError> {
    let mut text = format!("{summary}\n\n");
    for l in lines {
        text.push_str(l);
        text.push('\n');
    }
    std::fs::write(path, text)
        .map_err(|e| DataError(format!("cannot write {}: {e}", path.display())))
}
