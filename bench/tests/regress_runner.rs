//! The regression runner against the scripted fake engine: verdicts, known failures, setup
//! errors, a dying engine, and the file's folder as the engine's working folder.

use std::path::{Path, PathBuf};
use std::time::Duration;
use tengen_bench::regress::{run_file, RegressOptions, TestVerdict};

const FAKE: &str = env!("CARGO_BIN_EXE_tengen-fake-gtp");

fn write_tst(name: &str, text: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("regress")
        .join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("suite.tst");
    std::fs::write(&path, text).unwrap();
    path
}

fn options(script: &str) -> RegressOptions {
    RegressOptions {
        engine: format!("{FAKE} {script}"),
        timeout: Duration::from_secs(5),
    }
}

#[test]
fn verdicts_follow_gogui_regress() {
    let path = write_tst(
        "verdicts",
        "boardsize 5\nclear_board\n\
         1 name\n#? [fake]\n\
         2 name\n#? [other]\n\
         3 name\n#? [other]*\n\
         4 name\n#? [fake]*\n\
         5 name\n#? [!other]\n\
         6 no_such_command\n#? [.*]\n\
         7 play b a1\n#? []\n\
         8 reg_genmove w\n#? [!PASS]\n",
    );
    let r = run_file(&path, &options("--name fake"));
    let verdicts: Vec<TestVerdict> = r.tests.iter().map(|t| t.verdict).collect();
    use TestVerdict::*;
    assert_eq!(
        verdicts,
        [
            Passed,
            UnexpectedFail,
            ExpectedFail,
            UnexpectedPass,
            Passed,
            UnexpectedFail,
            Passed,
            Passed
        ],
        "{r:?}"
    );
    assert!(r.errors.is_empty(), "{:?}", r.errors);
    assert_eq!(
        r.tests[5].reply, "? unknown command",
        "a ? reply fails whatever the pattern"
    );
    assert!(!r.as_expected());
}

#[test]
fn an_unexpected_pass_alone_is_not_as_expected() {
    // A `*` on a test that now passes is a stale mark: the run says so and does not succeed.
    let path = write_tst("stale-mark", "1 name\n#? [fake]\n2 name\n#? [fake]*\n");
    let r = run_file(&path, &options("--name fake"));
    let verdicts: Vec<TestVerdict> = r.tests.iter().map(|t| t.verdict).collect();
    assert_eq!(
        verdicts,
        [TestVerdict::Passed, TestVerdict::UnexpectedPass],
        "{r:?}"
    );
    assert!(!r.as_expected());
    let marked_right = write_tst("right-mark", "1 name\n#? [fake]\n2 name\n#? [other]*\n");
    assert!(run_file(&marked_right, &options("--name fake")).as_expected());
}

#[test]
fn failed_setup_and_a_dying_engine_are_errors() {
    let path = write_tst(
        "errors",
        "boardsize 5\nplay b z9\n1 genmove b\n#? [.*]\n2 genmove w\n#? [.*]\n3 name\n#? [.*]\n",
    );
    let r = run_file(&path, &options("--crash-at 2"));
    assert_eq!(r.errors.len(), 2, "{:?}", r.errors);
    assert!(r.errors[0].contains("setup `play b z9` failed"));
    assert!(
        r.errors[1].contains("crashing on purpose"),
        "stderr tail kept: {}",
        r.errors[1]
    );
    assert_eq!(r.tests.len(), 3);
    assert_eq!(r.tests[0].verdict, TestVerdict::Passed);
    assert!(r.tests[1..]
        .iter()
        .all(|t| t.verdict == TestVerdict::UnexpectedFail));
}

#[test]
fn the_engine_starts_in_the_files_folder() {
    // `loadsgf pos.sgf` finds the file beside the suite, wherever the runner was started.
    let path = write_tst(
        "cwd",
        "1 loadsgf pos.sgf\n#? []\n2 loadsgf elsewhere.sgf\n#? []*\n",
    );
    std::fs::write(path.with_file_name("pos.sgf"), "(;SZ[9])").unwrap();
    let r = run_file(&path, &options(""));
    assert!(r.as_expected(), "{r:?}");
    assert_eq!(r.tests[0].verdict, TestVerdict::Passed);
    assert_eq!(r.tests[1].verdict, TestVerdict::ExpectedFail);
    // A missing file is an error of that file only.
    let missing = Path::new(env!("CARGO_TARGET_TMPDIR")).join("regress/none.tst");
    let r = run_file(&missing, &options(""));
    assert_eq!(r.errors.len(), 1);
    assert!(r.tests.is_empty());
}
