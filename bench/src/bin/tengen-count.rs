//! `tengen-count`: count finished games (records whose result is a count, such as the KGS
//! archive's) with tengen's own `final_score` under each game's rules and komi, and measure
//! how often it agrees with the recorded result. Writes one JSON line per game as it goes
//! (resumable) and prints the summary. The work is done in `tengen_bench::counting`.

use clap::Parser;
use std::collections::HashSet;
use std::path::PathBuf;
use std::process::ExitCode;
use tengen_bench::counting::{
    check, players_count, read_records, read_reports, show, summary, territory_differences,
    CountedGame, GameReport, SetAside,
};
use tengen_bench::results::ResultsWriter;

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
    /// A file of records to set aside (one source a line, `#` comments): the summary also
    /// gives the agreement on the other records, a test set that stays the same while the
    /// code changes (`bench/results/kgs-set-aside.txt` lists the KGS records the counting
    /// check leaves out).
    #[arg(long)]
    set_aside: Option<PathBuf>,
    /// Count nothing; list the points where tengen's count of the players' own dead stones
    /// differs from the territory the records saved.
    #[arg(long)]
    territory_differences: bool,
    /// `.sgfs` files (one record per line) and `.sgf` files.
    paths: Vec<PathBuf>,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    if cli.territory_differences {
        list_territory_differences(&cli.paths);
        return ExitCode::SUCCESS;
    }
    let reports = match read_reports(&cli.out) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("tengen-count: {e}");
            return ExitCode::from(2);
        }
    };
    let set_aside = match &cli.set_aside {
        Some(path) => match std::fs::read_to_string(path) {
            Ok(text) => Some(SetAside::parse(&path.display().to_string(), &text)),
            Err(e) => {
                eprintln!("tengen-count: {}: {e}", path.display());
                return ExitCode::from(2);
            }
        },
        None => None,
    };
    let set_aside = set_aside.as_ref();
    if cli.summary_only {
        print!("{}", summary(&reports, set_aside));
        ExitCode::SUCCESS
    } else if !cli.show.is_empty() {
        show_games(&cli, &reports)
    } else {
        match count(&cli, reports) {
            Ok(reports) => {
                print!("{}", summary(&reports, set_aside));
                ExitCode::SUCCESS
            }
            Err(e) => {
                eprintln!("tengen-count: {e}");
                ExitCode::from(2)
            }
        }
    }
}

/// `--territory-differences`: every point where the players' own marks, counted by tengen, and
/// the saved territory differ, and the records whose marks do not give their result.
fn list_territory_differences(paths: &[PathBuf]) {
    let (mut saved, mut consistent) = (0, 0);
    for (source, game) in counted_games(paths) {
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
    println!(
        "records with saved territory {saved}: the players' dead stones counted by tengen give \
         the recorded result in {consistent}"
    );
}

/// The counted games of `paths` (unreadable files and records skipped).
fn counted_games(paths: &[PathBuf]) -> impl Iterator<Item = (String, CountedGame)> + '_ {
    paths
        .iter()
        .flat_map(|path| read_records(path).unwrap_or_default())
        .filter_map(
            |(source, text)| match CountedGame::from_sgf(&text, &source) {
                Ok(Some(game)) => Some((source, game)),
                _ => None,
            },
        )
}

/// `--show`: the final boards of the games named (or of every disagreement) from the results
/// file; fails when a name is not found.
fn show_games(cli: &Cli, reports: &[GameReport]) -> ExitCode {
    let wanted = |r: &GameReport| {
        cli.show.contains(&r.source) || (!r.agree && cli.show.iter().any(|s| s == "disagreements"))
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
    if missing.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}

/// Count the games of `cli.paths` that `reports` (the results file) does not hold yet, as
/// `--every`, `--only` and `--limit` choose, appending each report to the results file.
/// Returns all reports, the earlier ones first.
fn count(cli: &Cli, mut reports: Vec<GameReport>) -> Result<Vec<GameReport>, String> {
    let done: HashSet<String> = reports.iter().map(|r| r.source.clone()).collect();
    let mut out = ResultsWriter::append(&cli.out).map_err(|e| e.to_string())?;
    let mut counted = 0usize;
    let mut unreadable = 0usize;
    let mut seen: HashSet<String> = HashSet::new();
    'files: for path in &cli.paths {
        let records = read_records(path).map_err(|e| format!("{}: {e}", path.display()))?;
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
            if cli.verbose {
                if let Some(disagreement) = &report.disagreement {
                    eprintln!(
                        "{}: ours {} recorded {} ({}): {disagreement}",
                        report.source,
                        report.ours,
                        tengen_engine::Score(report.recorded),
                        report.rules,
                    );
                }
            }
            out.write(&report).map_err(|e| e.to_string())?;
            reports.push(report);
        }
    }
    if unreadable > 0 {
        eprintln!("tengen-count: {unreadable} records could not be read");
    }
    for source in not_found(&cli.only, &seen) {
        eprintln!("tengen-count: {source}: no counted game of that name in the files given");
    }
    Ok(reports)
}

/// The games named in `wanted` (other than `disagreements`) that are not in `found`.
fn not_found(wanted: &[String], found: &HashSet<String>) -> Vec<String> {
    wanted
        .iter()
        .filter(|s| *s != "disagreements" && !found.contains(*s))
        .cloned()
        .collect()
}
