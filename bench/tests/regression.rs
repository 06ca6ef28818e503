//! The deterministic gogui-regress suites in `regression/` (the `.tst` files directly in that
//! folder: rules and GTP behaviour, no search) run against the `tengen` binary through the
//! project's own runner. Search-based suites live in `regression/search/` and are run by hand
//! with `tengen-regress` until the search is strong enough to be held to them.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;
use tengen_bench::regress::{
    find_tst_files, problems, run_file, summary_table, RegressOptions, Verdict,
};

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
    let clean = reports
        .iter()
        .all(|r| r.as_expected() && r.count(Verdict::UnexpectedPass) == 0);
    assert!(clean, "{}{}", problems(&reports), summary_table(&reports));
}
