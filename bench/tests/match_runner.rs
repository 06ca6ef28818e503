//! The match runner end to end, against the scripted fake engine (`tengen-fake-gtp`): every
//! way of losing is recorded as what it was, shards merge to the same totals as one run, a
//! match resumes where it stopped, and an SPRT stops a lopsided match early.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;
use tengen_bench::regress::{check_reply, parse_tst, run_file, RegressOptions, TestVerdict};
use tengen_bench::results::{read_results, GameResult, Reason, ScoreCheck};
use tengen_engine::sgf::GameRecord;
use tengen_engine::Rules;

const FAKE: &str = env!("CARGO_BIN_EXE_tengen-fake-gtp");
const MATCH: &str = env!("CARGO_BIN_EXE_tengen-match");

fn fresh_dir(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn fake(args: &str) -> String {
    format!("{FAKE} {args}")
}

/// Run tengen-match with `args`; returns (success, stdout, stderr).
fn run(args: &[&str]) -> (bool, String, String) {
    let out = Command::new(MATCH).args(args).output().unwrap();
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// The options of a quiet 7x7 match of `engine` against `opponent` counted with no referee.
fn quick_match<'a>(engine: &'a str, opponent: &'a str) -> Vec<&'a str> {
    vec![
        "-q",
        "-e",
        engine,
        "-o",
        opponent,
        "--size",
        "7",
        "--referee",
        "none",
    ]
}

/// A small, quick match between a misbehaving engine and a well-behaved one.
fn forfeit_match(dir: &Path, engine: &str, extra: &[&str]) -> Vec<GameResult> {
    let engine = fake(engine);
    let opponent = fake("--seed 9 --name steady");
    let out = dir.to_str().unwrap();
    let mut args = quick_match(&engine, &opponent);
    args.extend(["-n", "2", "--out", out]);
    args.extend_from_slice(extra);
    let (ok, stdout, stderr) = run(&args);
    assert!(ok, "{stdout}\n{stderr}");
    read_results(&dir.join("results.jsonl")).unwrap()
}

#[test]
fn every_way_of_losing_is_recorded() {
    let cases: [(&str, &[&str], Reason, &str); 6] = [
        // 1 s of thinking less 0.3 s of lag allowance overruns a 0.1 s period by far; the
        // steady opponent answers in milliseconds and keeps 0.4 s of headroom.
        (
            "--sleep 1",
            &["--time", "byoyomi:0:0.1:1", "--lag", "0.3"],
            Reason::Time,
            "+T",
        ),
        ("--illegal-at 3", &[], Reason::Illegal, "+F"),
        ("--garbage-at 2", &[], Reason::Illegal, "+F"),
        ("--crash-at 2", &[], Reason::Crash, "+F"),
        ("--hang-at 2", &["--hang-timeout", "2"], Reason::Hang, "+F"),
        ("--resign-at 2", &[], Reason::Resign, "+R"),
    ];
    for (i, (script, extra, reason, code)) in cases.into_iter().enumerate() {
        let dir = fresh_dir(&format!("forfeit-{i}"));
        let games = forfeit_match(&dir, &format!("--seed 4 --name flaky {script}"), extra);
        assert_eq!(games.len(), 2, "{script}");
        for g in &games {
            assert_eq!(g.reason, reason, "{script}: {g:?}");
            assert_eq!(g.engine_points(), 0.0, "{script}: the flaky engine loses");
            assert!(g.result.ends_with(code), "{script}: {}", g.result);
            // Every SGF is valid and carries the result.
            let text = std::fs::read_to_string(dir.join(&g.sgf)).unwrap();
            let rec = GameRecord::parse(&text).unwrap();
            assert_eq!(rec.result.as_deref(), Some(g.result.as_str()));
            rec.replay(Rules::chinese(), None).unwrap();
        }
        if reason == Reason::Crash {
            assert!(
                games
                    .iter()
                    .all(|g| g.detail.contains("crashing on purpose")),
                "the stderr tail is kept: {games:?}"
            );
        }
    }
}

#[test]
fn a_clock_that_allows_the_moves_records_time_left() {
    let dir = fresh_dir("clock-ok");
    // Both engines pass from their 6th move: the game ends after 10 moves of each plus passes.
    let games = forfeit_match(
        &dir,
        "--seed 4 --pass-at 6",
        &["--time", "byoyomi:5:1.5:2", "--lag", "0.05"],
    );
    for g in &games {
        assert_eq!(g.reason, Reason::Score, "{g:?}");
        let text = std::fs::read_to_string(dir.join(&g.sgf)).unwrap();
        assert!(text.contains("BL[") && text.contains("WL["), "{text}");
        assert!(text.contains("OT[2x1.5 byo-yomi]"), "{text}");
        assert!(g.final_scores.iter().all(Option::is_some));
    }
}

#[test]
fn a_handicap_match_keeps_the_engine_on_one_colour() {
    let dir = fresh_dir("engine-white");
    let engine = fake("--seed 5 --name giver --pass-at 6");
    let opponent = fake("--seed 6 --name taker --pass-at 6");
    let out = dir.to_str().unwrap();
    let mut args = quick_match(&engine, &opponent);
    args.extend(["-n", "3", "--out", out, "--handicap", "2"]);
    args.extend(["--engine-color", "white"]);
    let (ok, stdout, stderr) = run(&args);
    assert!(ok, "{stdout}\n{stderr}");
    let games = read_results(&dir.join("results.jsonl")).unwrap();
    assert_eq!(games.len(), 3);
    for g in &games {
        assert!(!g.engine_black, "{g:?}");
        assert!(g.white.starts_with("giver"), "{g:?}");
        let text = std::fs::read_to_string(dir.join(&g.sgf)).unwrap();
        assert!(text.contains("HA[2]"), "{text}");
    }
    let summary = std::fs::read_to_string(dir.join("summary.txt")).unwrap();
    assert!(summary.contains("the engine always White"), "{summary}");
    let (ok, _, stderr) = run(&["-e", &engine, "-o", &opponent, "--engine-color", "red"]);
    assert!(
        !ok && stderr.contains("alternate, black or white"),
        "{stderr}"
    );
}

/// A counted match of two games between `engine` and `opponent` (both pass from their 8th
/// move; nothing dead at the count): the games and the summary.
fn counted_match(dir: &Path, engine: &str, opponent: &str) -> (Vec<GameResult>, String) {
    let (engine, opponent) = (fake(engine), fake(opponent));
    let mut args = quick_match(&engine, &opponent);
    args.extend(["-n", "2", "--out", dir.to_str().unwrap()]);
    let (ok, summary, err) = run(&args);
    assert!(ok, "{summary}\n{err}");
    let games = read_results(&dir.join("results.jsonl")).unwrap();
    assert!(games.iter().all(|g| g.reason == Reason::Score), "{games:?}");
    (games, summary)
}

#[test]
fn final_scores_that_agree_with_the_count_are_not_flagged() {
    let dir = fresh_dir("score-check-agrees");
    let (games, summary) = counted_match(
        &dir,
        "--seed 5 --name left --pass-at 8",
        "--seed 6 --name right --pass-at 8",
    );
    for g in &games {
        assert!(!g.disagreement, "{g:?}");
        assert_eq!(g.score_checks, [Some(ScoreCheck::Same); 2], "{g:?}");
    }
    for name in ["left", "right"] {
        let line = format!(
            "final_score of {name} 0.1 against the referee count in 2 counted games: the same \
             score 2; the same winner, another score 0; another winner 0\n"
        );
        assert!(summary.contains(&line), "{summary}");
    }
    assert!(!dir.join("disagreements.tst").exists());
}

/// The tests of a `disagreements.tst` replay: an engine that counts as the referee passes
/// them, a miscounting one fails them.
fn the_fixtures_replay(path: &Path) {
    let regress = |script: &str| {
        let options = RegressOptions {
            engine: fake(script),
            timeout: Duration::from_secs(10),
        };
        run_file(path, &options)
    };
    let fair = regress("");
    // The fake engine has no `tengen-param`: the two setup lines are errors, nothing else.
    assert_eq!(fair.errors.len(), 2, "{:?}", fair.errors);
    assert!(
        fair.errors.iter().all(|e| e.contains("tengen-param")),
        "{:?}",
        fair.errors
    );
    assert!(
        fair.tests.iter().all(|t| t.verdict == TestVerdict::Passed),
        "{fair:?}"
    );
    let miscounting = regress("--final-score-error 1");
    assert!(
        miscounting
            .tests
            .iter()
            .all(|t| t.verdict == TestVerdict::UnexpectedFail),
        "{miscounting:?}"
    );
}

#[test]
fn final_scores_that_disagree_with_the_count_become_fixtures() {
    let dir = fresh_dir("score-check-disagrees");
    // The engine under test counts a point too many; its opponent names the other winner.
    let engine = "--seed 5 --name plus-one --pass-at 8 --final-score-error 1";
    let opponent = "--seed 6 --name upside-down --pass-at 8 --final-score-error -1000";
    let (games, summary) = counted_match(&dir, engine, opponent);
    for g in &games {
        assert!(g.disagreement, "{g:?}");
        assert_eq!(
            g.score_checks[g.side(true)],
            Some(ScoreCheck::Margin),
            "{g:?}"
        );
        assert_eq!(
            g.score_checks[g.side(false)],
            Some(ScoreCheck::Winner),
            "{g:?}"
        );
    }
    assert!(
        summary.contains(
            "final_score of plus-one 0.1 against the referee count in 2 counted games: the same \
             score 0; the same winner, another score 2 (games 0, 1); another winner 0\n"
        ),
        "{summary}"
    );
    assert!(
        summary.contains(
            "final_score of upside-down 0.1 against the referee count in 2 counted games: the \
             same score 0; the same winner, another score 0; another winner 2 (games 0, 1)\n"
        ),
        "{summary}"
    );

    // One test per game: the SGF beside the file, final_score checked against the count.
    let path = dir.join("disagreements.tst");
    let text = std::fs::read_to_string(&path).unwrap();
    let steps = parse_tst(&text).unwrap();
    let tests: Vec<_> = steps.iter().filter(|s| s.check.is_some()).collect();
    assert_eq!(tests.len(), 2, "{text}");
    for (g, test) in games.iter().zip(&tests) {
        let count = g.referee_score.as_deref().unwrap();
        assert_eq!(test.id, Some(g.game as u64));
        assert_eq!(test.command, "final_score");
        assert!(check_reply(test.check.as_ref().unwrap(), count).unwrap());
        assert!(text.contains(&format!("loadsgf {}\n", g.sgf)), "{text}");
        let comment = format!(
            "# game {} ({}, {} moves): referee count {count} (",
            g.game, g.sgf, g.moves
        );
        assert!(text.contains(&comment), "{text}");
        for score in g.final_scores.iter().flatten() {
            assert!(text.contains(&format!(" said {score}, ")), "{text}");
        }
    }
    the_fixtures_replay(&path);

    // A resumed match appends the tests of its new games under the same header.
    let (engine, opponent) = (fake(engine), fake(opponent));
    let mut args = quick_match(&engine, &opponent);
    args.extend(["-n", "3", "--resume", "--out", dir.to_str().unwrap()]);
    let (ok, _, err) = run(&args);
    assert!(ok, "{err}");
    let text = std::fs::read_to_string(&path).unwrap();
    assert_eq!(text.matches("tengen-param seed 1").count(), 1, "{text}");
    assert_eq!(
        parse_tst(&text)
            .unwrap()
            .iter()
            .filter(|s| s.check.is_some())
            .count(),
        3
    );
}

fn pair_key(g: &GameResult) -> (usize, Option<String>, String, usize) {
    (g.game, g.winner.clone(), g.result.clone(), g.moves)
}

#[test]
fn shards_merge_to_the_same_games_as_one_run() {
    let engine = fake("--seed 5 --name left");
    let opponent = fake("--seed 6 --name right");
    let mut base = quick_match(&engine, &opponent);
    base.extend(["-n", "10", "--random-opening", "2"]);
    let whole = fresh_dir("shard-whole");
    // The whole run plays two games at a time: concurrency changes nothing in the games.
    let mut args = base.to_vec();
    args.extend(["--out", whole.to_str().unwrap(), "-j", "2"]);
    let (ok, one_run, err) = run(&args);
    assert!(ok, "{err}");
    let sharded = fresh_dir("shard-parts");
    let mut files = Vec::new();
    for i in 1..=3 {
        let shard = format!("{i}/3");
        let mut args = base.to_vec();
        args.extend(["--out", sharded.to_str().unwrap(), "--shard", &shard]);
        let (ok, _, err) = run(&args);
        assert!(ok, "{err}");
        files.push(sharded.join(format!("results-{i}-of-3.jsonl")));
    }
    let merged = fresh_dir("shard-merged");
    let mut args = vec!["merge", "--out", merged.to_str().unwrap()];
    args.extend(files.iter().map(|f| f.to_str().unwrap()));
    let (ok, merged_summary, err) = run(&args);
    assert!(ok, "{err}");
    let a: Vec<_> = read_results(&whole.join("results.jsonl")).unwrap();
    let b: Vec<_> = read_results(&merged.join("results.jsonl")).unwrap();
    assert_eq!(a.len(), 10);
    let mut a_keys: Vec<_> = a.iter().map(pair_key).collect();
    a_keys.sort();
    assert_eq!(a_keys, b.iter().map(pair_key).collect::<Vec<_>>());
    // The totals lines of the two summaries agree.
    let totals = |s: &str| -> Vec<String> {
        s.lines()
            .filter(|l| l.contains(" total ") || l.starts_with("score "))
            .map(str::to_string)
            .collect()
    };
    assert_eq!(totals(&one_run), totals(&merged_summary));
    assert!(merged.join("report.html").is_file());
}

#[test]
fn an_interrupted_match_resumes() {
    let dir = fresh_dir("resume");
    let engine = fake("--seed 5 --name left --pass-at 8");
    let opponent = fake("--seed 6 --name right --pass-at 8");
    let out = dir.to_str().unwrap();
    // The match of `engine` (and `opponent`) into `out`, with `extra` options.
    let play = |engine: &str, extra: &[&str]| {
        let mut v = quick_match(engine, &opponent);
        v.extend(["--out", out]);
        v.extend_from_slice(extra);
        run(&v)
    };
    let with = |extra: &[&str]| play(&engine, extra);
    assert!(with(&["-n", "3"]).0);
    let (ok, _, err) = with(&["-n", "5"]);
    assert!(
        !ok && err.contains("--resume"),
        "refuses to overwrite: {err}"
    );
    let (ok, summary, err) = with(&["-n", "5", "--resume"]);
    assert!(ok, "{err}");
    let games = read_results(&dir.join("results.jsonl")).unwrap();
    let mut ids: Vec<usize> = games.iter().map(|g| g.game).collect();
    ids.sort();
    assert_eq!(ids, [0, 1, 2, 3, 4], "each game once");
    assert!(summary.contains(": 5 games"), "{summary}");
    let (ok, _, err) = play(&fake("--name someone-else"), &["-n", "6", "--resume"]);
    assert!(
        !ok && err.contains("not someone-else"),
        "another match: {err}"
    );
}

#[test]
fn sprt_stops_a_lopsided_match_early() {
    let dir = fresh_dir("sprt");
    let engine = fake("--seed 5 --name strong");
    let opponent = fake("--seed 6 --name weak --resign-at 1");
    let (ok, summary, err) = run(&[
        "-q",
        "-e",
        &engine,
        "-o",
        &opponent,
        "-n",
        "200",
        "--size",
        "7",
        "--referee",
        "none",
        "--sprt",
        "0,100,0.05,0.05",
        "--out",
        dir.to_str().unwrap(),
    ]);
    assert!(ok, "{err}");
    let games = read_results(&dir.join("results.jsonl")).unwrap();
    assert!(games.len() < 50, "stopped after {} games", games.len());
    assert!(games.iter().all(|g| g.engine_points() == 1.0));
    assert!(summary.contains("H1 accepted"), "{summary}");
}

#[test]
fn a_dead_engine_command_is_a_clear_error() {
    let dir = fresh_dir("no-engine");
    let (ok, _, err) = run(&[
        "-q",
        "-e",
        "/nonexistent/engine",
        "-o",
        &fake(""),
        "--out",
        dir.to_str().unwrap(),
        "--referee",
        "none",
    ]);
    assert!(!ok);
    assert!(err.contains("/nonexistent/engine"), "{err}");
}
