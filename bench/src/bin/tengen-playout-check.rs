//! `tengen-playout-check`: how well the playout policy alone foresees the end of real games
//! (`tengen_bench::foresight`): positions some moves before the end of counted records, the
//! policy played out from each, its ownership against the players' count.

use clap::Parser;
use std::path::PathBuf;
use std::process::ExitCode;
use tengen_bench::counting::{read_records, CountedGame};
use tengen_bench::foresight::{check, policy_params, position, Tally};
use tengen_engine::coord::move_text;
use tengen_engine::playout::Policy;
use tengen_engine::rng::Rng;
use tengen_engine::Move;

#[derive(Parser)]
#[command(
    name = "tengen-playout-check",
    version,
    about = "Play the playout policy out from positions before the end of counted games and \
             compare its ownership with the players' count."
)]
struct Cli {
    /// Positions this many moves before the end of each record.
    #[arg(long, default_value_t = 60)]
    back: usize,
    /// Use only records with at least this many moves before that position.
    #[arg(long, default_value_t = 100)]
    min_rest: usize,
    /// Playouts from each position.
    #[arg(long, default_value_t = 200)]
    playouts: usize,
    /// Stop after this many positions.
    #[arg(long, default_value_t = 1000)]
    positions: usize,
    /// Board size of the records to use (even games only).
    #[arg(long, default_value_t = 19)]
    size: usize,
    /// Seed of the playouts (one generator for the whole run).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// A playout policy parameter, `NAME=VALUE` (repeatable), as `tengen --param` sets it.
    #[arg(long = "param", value_name = "NAME=VALUE")]
    params: Vec<String>,
    /// Print one line per position, with the points the playouts gave to the wrong side.
    #[arg(long, short = 'v')]
    verbose: bool,
    /// `.sgfs` files (one record per line) and `.sgf` files.
    paths: Vec<PathBuf>,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let params = match policy_params(&cli.params) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("tengen-playout-check: {e}");
            return ExitCode::from(2);
        }
    };
    let mut policy = Policy::new(params);
    let mut rng = Rng::new(cli.seed);
    let mut total = Tally::default();
    'files: for path in &cli.paths {
        let records = match read_records(path) {
            Ok(r) => r,
            Err(e) => {
                eprintln!("tengen-playout-check: {}: {e}", path.display());
                return ExitCode::from(2);
            }
        };
        for (source, text) in records {
            if total.positions >= cli.positions {
                break 'files;
            }
            let Ok(Some(game)) = CountedGame::from_sgf(&text, &source) else {
                continue;
            };
            if game.record.size != cli.size || game.record.handicap > 0 {
                continue;
            }
            let Some(pos) = position(&game, cli.back, cli.min_rest) else {
                continue;
            };
            let (t, reversed) = check(&pos, cli.playouts, &mut policy, &mut rng);
            if cli.verbose {
                let geo = pos.board.geometry();
                let points: Vec<String> = reversed
                    .iter()
                    .map(|&p| move_text(Move::Play(p), geo))
                    .collect();
                println!(
                    "{source} (move {}): {} points, error {:.3}, right winner {:.2}, reversed {}: {}",
                    pos.moves_played,
                    t.owned,
                    t.mean_error(),
                    t.winner_share(),
                    t.reversed,
                    points.join(" ")
                );
            }
            total.add(&t);
        }
    }
    let settings = if cli.params.is_empty() {
        "defaults".to_string()
    } else {
        cli.params.join(" ")
    };
    println!(
        "policy {settings}; {} positions {} moves before the end, {} playouts each, seed {}",
        total.positions, cli.back, cli.playouts, cli.seed
    );
    if total.positions == 0 {
        println!("no position: no even record of this size saved its territory and is long enough");
        return ExitCode::SUCCESS;
    }
    println!(
        "ownership error {:.4} per counted point ({} points); reversed {:.2} points a position; \
         right winner {:.2}%",
        total.mean_error(),
        total.owned,
        total.reversed as f64 / total.positions as f64,
        100.0 * total.winner_share()
    );
    ExitCode::SUCCESS
}
