//! `tengen-match`: refereed matches between two GTP engines, with real clocks, SPRT and shards.
//! The work is done in `tengen_bench::match_runner`; this file reads the command line.

use clap::{Args, Parser, Subcommand};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;
use tengen_bench::gtp_client::tengen_beside_this_binary;
use tengen_bench::match_runner::{run_match, write_reports, EngineColor, MatchConfig, Shard};
use tengen_bench::openings::{parse_openings, Openings};
use tengen_bench::referee::GameSettings;
use tengen_bench::report::summary;
use tengen_bench::results::{merge, read_results, ResultsWriter};
use tengen_bench::stats::Sprt;
use tengen_engine::handicap::max_fixed_handicap;
use tengen_engine::time::TimeSystem;
use tengen_engine::Rules;

#[derive(Parser)]
#[command(
    name = "tengen-match",
    version,
    about = "Play a refereed match between two GTP engines.",
    long_about = "Play a refereed match between two GTP engines: every move checked by tengen's \
                  rules core, real clocks, one SGF per game, a JSON-lines results file, a summary \
                  with Elo and its interval, an HTML report, optional SPRT, shards and resume.",
    args_conflicts_with_subcommands = true,
    subcommand_negates_reqs = true
)]
struct Cli {
    #[command(subcommand)]
    command: Option<MatchSubcommand>,
    #[command(flatten)]
    play: PlayArgs,
}

#[derive(Subcommand)]
enum MatchSubcommand {
    /// Combine the results files of several shards into one, with its summary and report.
    Merge {
        /// Folder for the merged results.jsonl, summary.txt and report.html.
        #[arg(long, default_value = "match")]
        out: PathBuf,
        /// SPRT parameters to evaluate on the merged games.
        #[arg(long)]
        sprt: Option<Sprt>,
        /// The results files to combine.
        #[arg(required = true)]
        files: Vec<PathBuf>,
    },
}

#[derive(Args)]
struct PlayArgs {
    /// The engine under test (a command line); the match's wins and Elo are its.
    #[arg(long, short = 'e', required = true)]
    engine: Option<String>,
    /// Its opponent (a command line).
    #[arg(long, short = 'o', required = true)]
    opponent: Option<String>,
    /// Games in the whole match (shards play a slice of them).
    #[arg(long, short = 'n', default_value_t = 10)]
    games: usize,
    /// Board size.
    #[arg(long, default_value_t = 9)]
    size: usize,
    /// Komi (default: the rules' own, 7.5 Chinese, 6.5 Japanese).
    #[arg(long, allow_negative_numbers = true)]
    komi: Option<f64>,
    /// Fixed handicap stones for Black.
    #[arg(long, default_value_t = 0)]
    handicap: usize,
    /// The engine's colour: alternate (Black in even games), black or white (e.g. giving a
    /// handicap in every game).
    #[arg(long, default_value = "alternate")]
    engine_color: EngineColor,
    /// Rules the referee enforces and counts by: chinese, japanese or tromp-taylor.
    #[arg(long, default_value = "chinese")]
    rules: String,
    /// End (and count) a game after this many moves (default: 3 x size x size).
    #[arg(long)]
    max_moves: Option<usize>,
    /// Clock: none, absolute:MAIN, byoyomi:MAIN:PERIOD:PERIODS or canadian:MAIN:PERIOD:STONES
    /// (seconds).
    #[arg(long, default_value = "none")]
    time: TimeSystem,
    /// Seconds of each move's wall time not charged to the clock.
    #[arg(long, default_value_t = 0.0)]
    lag: f64,
    /// Seconds any reply may take when no clock bounds it; longer is a hang and loses.
    #[arg(long, default_value_t = 120.0)]
    hang_timeout: f64,
    /// Openings file: one line of GTP moves per opening; pairs of games share a line.
    #[arg(long, conflicts_with = "random_opening")]
    openings: Option<PathBuf>,
    /// Start each pair of games with this many random moves (third line and inside).
    #[arg(long, default_value_t = 0)]
    random_opening: usize,
    /// Seed of the random openings.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Engine whose `final_status_list dead` the count uses, or `none` (default: the `tengen`
    /// binary beside this one).
    #[arg(long)]
    referee: Option<String>,
    /// Folder for SGFs, results, summary and report.
    #[arg(long, default_value = "match")]
    out: PathBuf,
    /// Results file (default: OUT/results.jsonl, or OUT/results-I-of-N.jsonl for a shard).
    #[arg(long)]
    results: Option<PathBuf>,
    /// Play only shard I of N (pairs of games dealt round-robin), e.g. 3/16.
    #[arg(long)]
    shard: Option<Shard>,
    /// Games played at the same time.
    #[arg(long, short = 'j', default_value_t = 1)]
    concurrency: usize,
    /// Stop as soon as an SPRT of elo0,elo1,alpha,beta decides (e.g. 0,10,0.05,0.05).
    #[arg(long)]
    sprt: Option<Sprt>,
    /// Continue the match in the results file, skipping the games it already has.
    #[arg(long)]
    resume: bool,
    /// No progress line.
    #[arg(long, short = 'q')]
    quiet: bool,
}

fn match_config(a: PlayArgs) -> Result<MatchConfig, String> {
    let rules = match_rules(&a)?;
    check_numbers(&a)?;
    let openings = openings(&a, rules)?;
    let results = a.results.clone().unwrap_or_else(|| match a.shard {
        Some(s) => a
            .out
            .join(format!("results-{}-of-{}.jsonl", s.index, s.count)),
        None => a.out.join("results.jsonl"),
    });
    Ok(MatchConfig {
        engine: a.engine.unwrap_or_default(),
        opponent: a.opponent.unwrap_or_default(),
        games: a.games,
        engine_color: a.engine_color,
        settings: GameSettings {
            size: a.size,
            rules,
            handicap: a.handicap,
            max_moves: a.max_moves.unwrap_or(3 * a.size * a.size),
            time: a.time,
            lag: a.lag,
            hang_timeout: Duration::from_secs_f64(a.hang_timeout),
            referee: referee(a.referee.as_deref()),
        },
        openings,
        out_dir: a.out,
        results,
        shard: a.shard,
        concurrency: a.concurrency.max(1),
        sprt: a.sprt,
        resume: a.resume,
        progress: !a.quiet,
    })
}

/// The rules the referee enforces, with `--komi` when given.
fn match_rules(a: &PlayArgs) -> Result<Rules, String> {
    let mut rules = match a.rules.to_ascii_lowercase().as_str() {
        "chinese" => Rules::chinese(),
        "japanese" => Rules::japanese(),
        "tromp-taylor" => Rules::tromp_taylor(),
        other => {
            return Err(format!(
                "unknown rules {other:?}: chinese, japanese or tromp-taylor"
            ))
        }
    };
    if let Some(k) = a.komi {
        if !k.is_finite() {
            return Err("komi must be a number".into());
        }
        rules.komi = k;
    }
    Ok(rules)
}

/// Board size, handicap, lag and hang timeout within their ranges.
fn check_numbers(a: &PlayArgs) -> Result<(), String> {
    if !(2..=25).contains(&a.size) {
        return Err(format!("board size {} is not 2..25", a.size));
    }
    if a.handicap == 1 || a.handicap > max_fixed_handicap(a.size) {
        return Err(format!(
            "no fixed handicap of {} on {}x{} (2..{})",
            a.handicap,
            a.size,
            a.size,
            max_fixed_handicap(a.size)
        ));
    }
    if !(a.lag.is_finite() && a.lag >= 0.0) {
        return Err("--lag must be 0 or more seconds".into());
    }
    if !(a.hang_timeout.is_finite() && a.hang_timeout > 0.0) {
        return Err("--hang-timeout must be a positive number of seconds".into());
    }
    Ok(())
}

/// The openings: a file's lines, random moves, or none.
fn openings(a: &PlayArgs, rules: Rules) -> Result<Openings, String> {
    Ok(match (&a.openings, a.random_opening) {
        (Some(path), _) => {
            let text =
                std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
            Openings::Lines(
                parse_openings(&text, a.size, rules, a.handicap)
                    .map_err(|e| format!("{}: {e}", path.display()))?,
            )
        }
        (None, 0) => Openings::None,
        (None, moves) => Openings::Random {
            moves,
            seed: a.seed,
        },
    })
}

/// The engine that says which stones are dead at the count: `--referee`, `none` for none, or
/// by default the `tengen` binary beside this one.
fn referee(option: Option<&str>) -> Option<String> {
    match option {
        Some("none") => None,
        Some(cmd) => Some(cmd.to_string()),
        None => {
            let found = tengen_beside_this_binary();
            if found.is_none() {
                eprintln!(
                    "tengen-match: no tengen binary beside this one; counting without a \
                     referee (no stone is dead). Use --referee to name one."
                );
            }
            found
        }
    }
}

fn merge_files(out: PathBuf, sprt: Option<Sprt>, files: &[PathBuf]) -> Result<String, String> {
    let mut all = Vec::new();
    for f in files {
        all.push(read_results(f).map_err(|e| e.to_string())?);
    }
    let games = merge(&all);
    std::fs::create_dir_all(&out).map_err(|e| format!("{}: {e}", out.display()))?;
    let path = out.join("results.jsonl");
    if files.iter().any(|f| f == &path) {
        return Err(format!(
            "{} is an input; choose another --out",
            path.display()
        ));
    }
    let _ = std::fs::remove_file(&path);
    let mut w = ResultsWriter::append(&path).map_err(|e| e.to_string())?;
    for g in &games {
        w.write(g).map_err(|e| e.to_string())?;
    }
    let header = format!("merged from {} results files", files.len());
    write_reports(&out, &games, &header, sprt.as_ref()).map_err(|e| e.to_string())?;
    Ok(summary(&games, &header, sprt.as_ref()))
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let outcome = match cli.command {
        Some(MatchSubcommand::Merge { out, sprt, files }) => merge_files(out, sprt, &files),
        None => match_config(cli.play).and_then(|cfg| {
            run_match(&cfg)
                .map(|o| o.summary)
                .map_err(|e| e.to_string())
        }),
    };
    match outcome {
        Ok(text) => {
            print!("{text}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("tengen-match: {e}");
            ExitCode::from(2)
        }
    }
}
