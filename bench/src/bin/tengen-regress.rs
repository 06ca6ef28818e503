//! `tengen-regress`: run gogui-regress `.tst` suites against a GTP engine and print the summary
//! (passed, failed, unexpected failures and passes, errors per file). Exit status 0 when every
//! test went as its mark says: an unexpected pass (a stale `*`) fails the run as an unexpected
//! failure does. The work is done in `tengen_bench::regress`.

use clap::Parser;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Duration;
use tengen_bench::gtp_client::tengen_beside_this_binary;
use tengen_bench::regress::{
    find_tst_files, problems, run_file, summary_table, FileReport, RegressOptions, TestVerdict,
};

#[derive(Parser)]
#[command(
    name = "tengen-regress",
    version,
    about = "Run gogui-regress .tst suites against a GTP engine."
)]
struct Cli {
    /// The engine's command line (default: the `tengen` binary beside this one).
    #[arg(long, short = 'e')]
    engine: Option<String>,
    /// Seconds one command may take.
    #[arg(long, default_value_t = 300.0)]
    timeout: f64,
    /// Files run at the same time (each on its own engine).
    #[arg(long, short = 'j', default_value_t = 1)]
    jobs: usize,
    /// Print every test, not only the summary and the surprises.
    #[arg(long)]
    long: bool,
    /// Search folders recursively.
    #[arg(long, short = 'r')]
    recursive: bool,
    /// `.tst` files and folders holding them.
    #[arg(required = true)]
    paths: Vec<PathBuf>,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let Some(engine) = cli.engine.or_else(tengen_beside_this_binary) else {
        eprintln!(
            "tengen-regress: no tengen binary beside this one; name the engine with --engine"
        );
        return ExitCode::from(2);
    };
    if !(cli.timeout.is_finite() && cli.timeout > 0.0) {
        eprintln!("tengen-regress: --timeout must be a positive number of seconds");
        return ExitCode::from(2);
    }
    let files = match find_tst_files(&cli.paths, cli.recursive) {
        Ok(f) if !f.is_empty() => f,
        Ok(_) => {
            eprintln!("tengen-regress: no .tst files found");
            return ExitCode::from(2);
        }
        Err(e) => {
            eprintln!("tengen-regress: {e}");
            return ExitCode::from(2);
        }
    };
    let options = RegressOptions {
        engine,
        timeout: Duration::from_secs_f64(cli.timeout),
    };
    let next = AtomicUsize::new(0);
    let reports: Mutex<Vec<Option<FileReport>>> = Mutex::new(vec![None; files.len()]);
    std::thread::scope(|scope| {
        for _ in 0..cli.jobs.clamp(1, files.len()) {
            scope.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::SeqCst);
                let Some(path) = files.get(i) else { break };
                let report = run_file(path, &options);
                eprintln!(
                    "{}: {}/{} passed",
                    path.display(),
                    report.passed(),
                    report.tests.len()
                );
                if let Ok(mut r) = reports.lock() {
                    r[i] = Some(report);
                }
            });
        }
    });
    let reports: Vec<FileReport> = reports
        .into_inner()
        .unwrap_or_default()
        .into_iter()
        .flatten()
        .collect();
    if cli.long {
        for r in &reports {
            for t in &r.tests {
                let mark = match t.verdict {
                    TestVerdict::Passed => "pass",
                    TestVerdict::UnexpectedFail => "FAIL",
                    TestVerdict::ExpectedFail => "fail (known)",
                    TestVerdict::UnexpectedPass => "PASS (unexpected)",
                };
                println!(
                    "{}:{} {mark}: {} -> {:?} expected {}",
                    r.path.display(),
                    t.line,
                    t.command,
                    t.reply,
                    t.expected
                );
            }
        }
    }
    print!("{}", problems(&reports));
    print!("{}", summary_table(&reports));
    if reports.iter().all(FileReport::as_expected) {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
