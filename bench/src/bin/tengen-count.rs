//! `tengen-count`: count finished games (records whose result is a count, such as the KGS
//! archive's) with tengen's own `final_score` under each game's rules and komi, and measure
//! how often it agrees with the recorded result. Writes one JSON line per game as it goes
//! (resumable) and prints the summary. The work is done in `tengen_bench::counting`.

use clap::Parser;
use std::collections::HashSet;
use std::fs::OpenOptions;
use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use tengen_bench::counting::{
    check, players_count, read_records, show, summary, territory_differences, CountedGame,
    GameReport,
};

#[derive(Parser)]
#[command(
    name = "tengen-count",
    version,
    about = "Count finished games with tengen's final_score and compare with their results."
)]
struct Cli {
    /// Results file (JSON lines, one game each); games already in it are not counted again.
    #[arg(long, short = 'o', default_value = "count-results.jsonl")]
    out: PathBuf,
    /// Count only every N-th counted game (1: all).
    #[arg(long, default_value_t = 1)]
    every: usize,
    /// Stop after this many counted games.
    #[arg(long)]
    limit: Option<usize>,
    /// Search threads of the player.
    #[arg(long, default_value_t = 1)]
    threads: usize,
    /// Seed of the player.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Count only these games (sources as in the results file, e.g. `KGS-2017-01.sgfs:44`;
    /// several with commas or the option repeated).
    #[arg(long, value_delimiter = ',')]
    only: Vec<String>,
    /// Print each disagreement as it is found.
    #[arg(long, short = 'v')]
    verbose: bool,
    /// Only print the summary of the results file.
    #[arg(long)]
    summary_only: bool,
    /// Print the final position of these games (sources as in the results file, e.g.
    /// `KGS-2017-01.sgfs:44`, or `disagreements`) with tengen's and the players' judgement,
    /// from the results file; count nothing. Several with commas or the option repeated.
    #[arg(long, value_delimiter = ',')]
    show: Vec<String>,
    /// Count nothing; list the points where tengen's count of the players' own dead stones
    /// differs from the territory the records saved.
    #[arg(long)]
    territory_differences: bool,
    /// `.sgfs` files (one record per line) and `.sgf` files.
    paths: Vec<PathBuf>,
}

fn read_reports(path: &PathBuf) -> Vec<GameReport> {
    let Ok(file) = std::fs::File::open(path) else {
        return Vec::new();
    };
    BufReader::new(file)
        .lines()
        .map_while(Result::ok)
        .filter_map(|l| serde_json::from_str(&l).ok())
        .collect()
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let mut reports = read_reports(&cli.out);
    if cli.summary_only {
        print!("{}", summary(&reports));
        return ExitCode::SUCCESS;
    }
    if cli.territory_differences {
        let (mut saved, mut consistent) = (0, 0);
        for path in &cli.paths {
            for (source, text) in read_records(path).unwrap_or_default() {
                let Ok(Some(game)) = CountedGame::from_sgf(&text, &source) else {
                    continue;
                };
                match territory_differences(&game) {
                    Ok(lines) => lines.iter().for_each(|l| println!("{l}")),
                    Err(e) => eprintln!("tengen-count: {source}: {e}"),
                }
                if let Some(score) = players_count(&game) {
                    saved += 1;
                    if (score - game.recorded).abs() < 1e-6 {
                        consistent += 1;
                    } else {
                        println!(
                            "{source}: the players' marks count {score:+}, recorded {:+}",
                            game.recorded
                        );
                    }
                }
            }
        }
        println!(
            "records with saved territory {saved}: the players' dead stones counted by tengen give \
             the recorded result in {consistent}"
        );
        return ExitCode::SUCCESS;
    }
    if !cli.show.is_empty() {
        let wanted = |r: &GameReport| {
            cli.show.contains(&r.source)
                || (!r.agree && cli.show.iter().any(|s| s == "disagreements"))
        };
        let mut shown: HashSet<String> = HashSet::new();
        for path in &cli.paths {
            for (source, text) in read_records(path).unwrap_or_default() {
                let Some(report) = reports.iter().find(|r| r.source == source && wanted(r)) else {
                    continue;
                };
                shown.insert(source.clone());
                match CountedGame::from_sgf(&text, &source) {
                    Ok(Some(game)) => match show(&game, report) {
                        Ok(text) => println!("{text}"),
                        Err(e) => eprintln!("tengen-count: {source}: {e}"),
                    },
                    _ => eprintln!("tengen-count: {source}: not a counted game"),
                }
            }
        }
        let missing = not_found(&cli.show, &shown);
        for source in &missing {
            eprintln!(
                "tengen-count: {source}: not in {} or not in the files given",
                cli.out.display()
            );
        }
        return if missing.is_empty() {
            ExitCode::SUCCESS
        } else {
            ExitCode::from(1)
        };
    }
    let done: HashSet<String> = reports.iter().map(|r| r.source.clone()).collect();
    let mut out = match OpenOptions::new().create(true).append(true).open(&cli.out) {
        Ok(f) => f,
        Err(e) => {
            eprintln!("tengen-count: {}: {e}", cli.out.display());
            return ExitCode::from(2);
        }
    };
    let mut counted = 0usize;
    let mut unreadable = 0usize;
    let mut seen: HashSet<String> = HashSet::new();
    'files: for path in &cli.paths {
        let records = match read_records(path) {
            Ok(r) => r,
            Err(e) => {
                eprintln!("tengen-count: {}: {e}", path.display());
                return ExitCode::from(2);
            }
        };
        for (source, text) in records {
            let game = match CountedGame::from_sgf(&text, &source) {
                Ok(Some(g)) => g,
                Ok(None) => continue,
                Err(e) => {
                    unreadable += 1;
                    eprintln!("tengen-count: {source}: {e}");
                    continue;
                }
            };
            counted += 1;
            seen.insert(source.clone());
            if !(counted - 1).is_multiple_of(cli.every.max(1))
                || done.contains(&source)
                || (!cli.only.is_empty() && !cli.only.contains(&source))
            {
                continue;
            }
            if cli.limit.is_some_and(|l| reports.len() >= l) {
                break 'files;
            }
            let report = check(&game, cli.seed, cli.threads.max(1));
            if cli.verbose && !report.agree {
                eprintln!(
                    "{}: ours {} recorded {} ({}): {}",
                    report.source,
                    report.ours,
                    tengen_engine::Score(report.recorded),
                    report.rules,
                    report.kind
                );
            }
            let line = serde_json::to_string(&report).expect("a report serializes");
            if writeln!(out, "{line}").and_then(|()| out.flush()).is_err() {
                eprintln!("tengen-count: cannot write {}", cli.out.display());
                return ExitCode::from(2);
            }
            reports.push(report);
        }
    }
    if unreadable > 0 {
        eprintln!("tengen-count: {unreadable} records could not be read");
    }
    for source in not_found(&cli.only, &seen) {
        eprintln!("tengen-count: {source}: no counted game of that name in the files given");
    }
    print!("{}", summary(&reports));
    ExitCode::SUCCESS
}

/// The games named in `wanted` (other than `disagreements`) that are not in `found`.
fn not_found(wanted: &[String], found: &HashSet<String>) -> Vec<String> {
    wanted
        .iter()
        .filter(|s| *s != "disagreements" && !found.contains(*s))
        .cloned()
        .collect()
}
