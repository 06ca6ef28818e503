//! The deterministic gogui-regress suites in `regression/` (the `.tst` files directly in that
//! folder: rules, GTP behaviour and counting, whose short searches run on one thread with a
//! fixed seed) run against the `tengen` binary through the project's own runner. Search-based
//! suites live in `regression/search/` and are run by hand with `tengen-regress` until the
//! search is strong enough to be held to them.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;
use tengen_bench::regress::{find_tst_files, problems, run_file, summary_table, RegressOptions};

/// The `tengen` binary of this build, built first if this test run has not built it.
fn tengen_binary() -> PathBuf {
    // CARGO_TARGET_TMPDIR is <target>/tmp; the binary is <target>/<profile>/tengen, where the
    // profile folder is the one holding this test executable (<target>/<profile>/deps/...).
    let exe = std::env::current_exe().expect("test executable path");
    let profile_dir = exe
        .parent()
        .and_then(Path::parent)
        .expect("test executable lives in <target>/<profile>/deps");
    let binary = profile_dir.join("tengen");
    let release = profile_dir.file_name().is_some_and(|n| n == "release");
    let mut cargo = Command::new(env!("CARGO"));
    cargo
        .args(["build", "--quiet", "-p", "tengen", "--bin", "tengen"])
        .current_dir(env!("CARGO_MANIFEST_DIR"));
    if release {
        cargo.arg("--release");
    }
    let status = cargo.status().expect("cargo runs");
    assert!(status.success(), "building the tengen binary failed");
    assert!(binary.is_file(), "{} was not built", binary.display());
    binary
}

#[test]
fn deterministic_suites_pass() {
    let engine = tengen_binary();
    let suites = Path::new(env!("CARGO_MANIFEST_DIR")).join("../regression");
    let files = find_tst_files(&[suites], false).unwrap();
    assert!(files.len() >= 2, "suites found: {files:?}");
    let options = RegressOptions {
        engine: engine.to_string_lossy().into_owned(),
        timeout: Duration::from_secs(60),
    };
    let reports: Vec<_> = files.iter().map(|f| run_file(f, &options)).collect();
    let tests: usize = reports.iter().map(|r| r.tests.len()).sum();
    assert!(tests >= 30, "{tests} tests");
    let clean = reports.iter().all(|r| r.as_expected());
    assert!(clean, "{}{}", problems(&reports), summary_table(&reports));
}

/// The referee and tengen together: tengen plays whole games under a clock against the fake
/// engine and never forfeits (no illegal move, crash, hang or protocol error), tengen referees
/// the count, and every SGF replays under the rules core. The fake engine counts 100 points
/// too many, so each counted game has its test in `disagreements.tst`, which runs on tengen as it
/// is (the SGF loads, `final_score` answers; whether tengen agrees with the referee, itself
/// under other settings, is not asserted).
#[test]
fn tengen_plays_refereed_games_to_the_end() {
    let engine_binary = tengen_binary();
    let engine = format!(
        "{} --playouts 300 --threads 1 --seed 1",
        engine_binary.to_string_lossy()
    );
    let opponent = format!(
        "{} --seed 3 --pass-at 20 --final-score-error 100",
        env!("CARGO_BIN_EXE_tengen-fake-gtp")
    );
    let referee = engine_binary.to_string_lossy().into_owned();
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("tengen-vs-fake");
    let _ = std::fs::remove_dir_all(&dir);
    let out = Command::new(env!("CARGO_BIN_EXE_tengen-match"))
        .args([
            "-q", "-e", &engine, "-o", &opponent, "-n", "2", "--size", "7",
        ])
        .args(["--time", "absolute:120", "--referee", &referee, "--out"])
        .arg(&dir)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let games = tengen_bench::results::read_results(&dir.join("results.jsonl")).unwrap();
    assert_eq!(games.len(), 2);
    for g in &games {
        let tengen_forfeited = g.reason.is_forfeit() && g.engine_points() == 0.0;
        assert!(!tengen_forfeited, "{g:?}");
        let text = std::fs::read_to_string(dir.join(&g.sgf)).unwrap();
        let record = tengen_engine::sgf::GameRecord::parse(&text).unwrap();
        record
            .replay(tengen_engine::Rules::chinese(), None)
            .unwrap();
        assert_eq!(record.move_count(), g.moves);
    }
    let counted = games.iter().filter(|g| g.referee_score.is_some()).count();
    let fixtures = dir.join(tengen_bench::referee::DISAGREEMENTS_FILE);
    assert_eq!(fixtures.exists(), counted > 0);
    if counted > 0 {
        let options = RegressOptions {
            engine: engine_binary.to_string_lossy().into_owned(),
            timeout: Duration::from_secs(60),
        };
        let report = run_file(&fixtures, &options);
        assert!(report.errors.is_empty(), "{:?}", report.errors);
        assert_eq!(report.tests.len(), counted, "{report:?}");
        assert!(report
            .tests
            .iter()
            .all(|t| t.reply.starts_with(['B', 'W', '0'])));
    }
}
