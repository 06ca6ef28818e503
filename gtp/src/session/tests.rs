//! Commands answered by a session, without threads: the search commands are run in place.

use super::streams::{DEFAULT_INTERVAL_CS, MIN_INTERVAL_CS};
use super::*;
use crate::cli::new_player;
use crate::protocol::{parse_line, Line};
use crate::stub_player::StubPlayer;
use std::sync::atomic::AtomicBool;
use tengen_engine::player::{Candidate, ParamValue};

fn session() -> Session {
    let settings = Settings {
        budget: MoveBudget {
            time: None,
            playouts: Some(300),
        },
        ..Settings::default()
    };
    let mut player = new_player(1);
    // One thread: a fixed seed then gives reproducible searches.
    player
        .set_param("threads", ParamValue::Int(1))
        .expect("the player has a threads parameter");
    Session::new(player, settings, Log::default())
}

fn command(line: &str) -> Command {
    match parse_line(line.as_bytes()) {
        Line::Command(c) => c,
        other => panic!("{line:?} is not a command: {other:?}"),
    }
}

/// Run one command to its reply text; searches run in place.
fn run(s: &mut Session, line: &str) -> Result<String, String> {
    match s.execute(&command(line)) {
        Outcome::Reply(r) => r,
        Outcome::Quit => Ok("quit".into()),
        Outcome::Search(search) => {
            let text = finish_in_place(s, &search);
            match text.strip_prefix("= ") {
                Some(ok) => Ok(ok.trim_end().to_string()),
                None => Err(text.trim_start_matches("? ").trim_end().to_string()),
            }
        }
    }
}

fn finish_in_place(s: &mut Session, search: &Search) -> String {
    let mut player = s.take_player().unwrap();
    let game = Arc::clone(s.game());
    let stop = AtomicBool::new(matches!(search.task, Task::Analyze { .. }));
    let found = search.run(&mut *player, &game, &stop, &mut |_| {});
    drop(game);
    s.return_player(player);
    s.finish(search, Ok(found), Duration::ZERO)
}

fn ok(s: &mut Session, line: &str) -> String {
    run(s, line).unwrap_or_else(|e| panic!("{line:?} failed: {e}"))
}

fn err(s: &mut Session, line: &str) -> String {
    match run(s, line) {
        Ok(text) => panic!("{line:?} succeeded with {text:?}"),
        Err(e) => e,
    }
}

/// Black's and White's stones, each sorted.
fn stones(s: &mut Session) -> (String, String) {
    let sorted = |text: String| {
        let mut v: Vec<&str> = text.split_whitespace().collect();
        v.sort_unstable();
        v.join(" ")
    };
    (
        sorted(ok(s, "list_stones black")),
        sorted(ok(s, "list_stones white")),
    )
}

#[test]
fn admin_commands() {
    let mut s = session();
    assert_eq!(ok(&mut s, "protocol_version"), "2");
    assert_eq!(ok(&mut s, "name"), "tengen");
    assert_eq!(ok(&mut s, "known_command play"), "true");
    assert_eq!(ok(&mut s, "known_command PLAY"), "true");
    assert_eq!(ok(&mut s, "known_command nonsense"), "false");
    let listed = ok(&mut s, "list_commands");
    for name in listed.lines() {
        assert_eq!(ok(&mut s, &format!("known_command {name}")), "true");
    }
    assert_eq!(err(&mut s, "nonsense"), "unknown command");
    // Seconds, where the system tells them (the golden transcripts check their form).
    let cputime = run(&mut s, "cputime");
    if cfg!(target_os = "linux") {
        let seconds = cputime.expect("cputime on Linux");
        assert!(seconds.parse::<f64>().is_ok_and(|t| t >= 0.0), "{seconds}");
    } else {
        assert!(cputime.is_err(), "{cputime:?}");
    }
    assert_eq!(err(&mut s, "cputime 1"), "no arguments expected");
    assert_eq!(ok(&mut s, "quit"), "quit");
}

#[test]
fn errors_leave_the_position_unchanged() {
    let mut s = session();
    ok(&mut s, "boardsize 9");
    ok(&mut s, "play b c3");
    ok(&mut s, "play w d4");
    let before = stones(&mut s);
    for bad in [
        "boardsize 0",
        "boardsize 26",
        "boardsize abc",
        "komi abc",
        "komi inf",
        "play b z99",
        "play b K10",
        "play x d4",
        "play b",
        "play",
        "play b c3",
        "play w c3 extra",
        "fixed_handicap 2",
        "set_free_handicap e5 f5",
        "undo 1",
        "is_legal b",
        "list_stones",
        "captures purple",
        "final_status_list undead",
        "loadsgf /nonexistent/file.sgf",
        "loadsgf x.sgf 0",
        "gogui-play_sequence b e5 w",
        "gg-undo 3",
        "gg-undo x",
        "lz-analyze b 50 avoid",
        "kata-analyze b 50 ownership maybe",
        "tengen-param nonsense 1",
        "tengen-param playouts -1",
        "genmove purple",
    ] {
        err(&mut s, bad);
        assert_eq!(stones(&mut s), before, "after {bad:?}");
    }
    assert!(err(&mut s, "boardsize 26").contains("unacceptable size"));
    assert!(err(&mut s, "play b c3").contains("illegal move"));
    assert!(err(&mut s, "loadsgf /nonexistent/file.sgf").contains("cannot load file"));
}

#[test]
fn play_undo_and_captures() {
    let mut s = session();
    ok(&mut s, "boardsize 9");
    for m in ["w a1", "b a2", "b b1"] {
        ok(&mut s, &format!("play {m}"));
    }
    assert_eq!(stones(&mut s), ("A2 B1".into(), "".into()));
    assert_eq!(ok(&mut s, "captures black"), "1");
    assert_eq!(ok(&mut s, "captures w"), "0");
    assert_eq!(ok(&mut s, "is_legal b a1"), "1");
    assert_eq!(ok(&mut s, "is_legal w a1"), "0", "suicide");
    assert_eq!(ok(&mut s, "is_legal w b1"), "0", "occupied");
    ok(&mut s, "undo");
    assert_eq!(stones(&mut s), ("A2".into(), "A1".into()));
    ok(&mut s, "gg-undo 2");
    assert_eq!(stones(&mut s), ("".into(), "".into()));
    assert!(err(&mut s, "undo").contains("cannot undo"));
}

#[test]
fn play_sequence_is_all_or_nothing() {
    let mut s = session();
    ok(&mut s, "boardsize 9");
    err(&mut s, "gogui-play_sequence b e5 w e5");
    assert_eq!(stones(&mut s), ("".into(), "".into()));
    ok(&mut s, "gogui-play_sequence b e5 w d4 B pass w c3");
    assert_eq!(stones(&mut s), ("E5".into(), "C3 D4".into()));
    err(&mut s, "gg-undo 5");
    assert_eq!(stones(&mut s), ("E5".into(), "C3 D4".into()));
}

#[test]
fn handicap_commands() {
    let mut s = session();
    assert_eq!(ok(&mut s, "fixed_handicap 3"), "D4 Q16 D16");
    assert!(err(&mut s, "fixed_handicap 2").contains("board not empty"));
    ok(&mut s, "clear_board");
    err(&mut s, "fixed_handicap 1");
    err(&mut s, "fixed_handicap 10");
    assert_eq!(ok(&mut s, "place_free_handicap 4").split(' ').count(), 4);
    ok(&mut s, "clear_board");
    err(&mut s, "set_free_handicap d4 d4 q16");
    err(&mut s, "set_free_handicap d4 pass");
    err(&mut s, "set_free_handicap d4");
    assert_eq!(
        ok(&mut s, "set_free_handicap d4 q16 q4"),
        "",
        "GTP 2: an empty reply"
    );
    assert_eq!(stones(&mut s).0, "D4 Q16 Q4");
    assert!(
        err(&mut s, "undo").contains("cannot undo"),
        "handicap stays"
    );
    assert!(ok(&mut s, "showboard").contains("handicap 3"));
    ok(&mut s, "boardsize 5");
    err(&mut s, "fixed_handicap 2");
    assert_eq!(ok(&mut s, "place_free_handicap 2").split(' ').count(), 2);
}

#[test]
fn boardsize_keeps_komi_and_clears() {
    let mut s = session();
    ok(&mut s, "komi -3.5");
    ok(&mut s, "play b d4");
    ok(&mut s, "boardsize 13");
    assert_eq!(stones(&mut s).0, "");
    assert!(ok(&mut s, "showboard").contains("komi -3.5"));
    for size in 2..=25 {
        ok(&mut s, &format!("boardsize {size}"));
    }
}

#[test]
fn scoring_with_a_dead_stone() {
    let mut s = session();
    ok(&mut s, "boardsize 9");
    for row in 1..=9 {
        ok(&mut s, &format!("play b e{row}"));
        ok(&mut s, &format!("play w f{row}"));
    }
    assert_eq!(ok(&mut s, "final_score"), "B+1.5");
    ok(&mut s, "komi 9");
    assert_eq!(ok(&mut s, "final_score"), "0");
    ok(&mut s, "komi 7.5");
    ok(&mut s, "play w b5");
    assert_eq!(ok(&mut s, "final_status_list dead"), "B5");
    assert_eq!(ok(&mut s, "final_score"), "B+1.5");
    let alive = ok(&mut s, "final_status_list alive");
    assert_eq!(alive.lines().count(), 2, "two walls: {alive}");
    assert_eq!(ok(&mut s, "final_status_list seki"), "");
    // A finished board: no stone's status is a guess.
    assert_eq!(ok(&mut s, "final_status_list undecided"), "");
}

#[test]
fn sgf_round_trip_through_a_file() {
    let mut s = session();
    ok(&mut s, "boardsize 9");
    ok(&mut s, "komi 6.5");
    for m in ["b c3", "w e5", "b pass", "w d4"] {
        ok(&mut s, &format!("play {m}"));
    }
    let text = ok(&mut s, "printsgf");
    assert!(
        text.starts_with("(;GM[1]") && text.contains("KM[6.5]"),
        "{text}"
    );
    let path = std::env::temp_dir().join(format!("tengen-session-{}.sgf", std::process::id()));
    let path = path.to_str().unwrap().to_string();
    ok(&mut s, &format!("printsgf {path}"));
    ok(&mut s, "boardsize 19");
    ok(&mut s, "komi 0");
    ok(&mut s, &format!("loadsgf {path}"));
    assert_eq!(stones(&mut s), ("C3".into(), "D4 E5".into()));
    assert!(ok(&mut s, "showboard").contains("komi 6.5"));
    ok(&mut s, &format!("loadsgf {path} 3"));
    assert_eq!(stones(&mut s), ("C3".into(), "E5".into()));
    std::fs::write(&path, "(;SZ[9];B[zz])").unwrap();
    assert!(err(&mut s, &format!("loadsgf {path}")).contains("cannot load file"));
    assert_eq!(stones(&mut s), ("C3".into(), "E5".into()));
    let _ = std::fs::remove_file(&path);
}

#[test]
fn genmove_plays_and_reg_genmove_does_not() {
    let mut s = session();
    ok(&mut s, "boardsize 9");
    ok(&mut s, "play b e5");
    let reg = ok(&mut s, "reg_genmove w");
    assert_eq!(
        stones(&mut s),
        ("E5".into(), "".into()),
        "reg_genmove played"
    );
    assert!(!["E5", "PASS", "resign"].contains(&reg.as_str()), "{reg}");
    let mv = ok(&mut s, "genmove w");
    assert_eq!(stones(&mut s).1, mv);
    // Same seed and playouts, same position: the same answer.
    let mut again = session();
    ok(&mut again, "boardsize 9");
    ok(&mut again, "play b e5");
    assert_eq!(ok(&mut again, "reg_genmove w"), reg);
}

/// Alternate `genmove b` and `genmove w` (GoGui's *Computer Both*) from a position White cannot
/// win (komi -30 on 9x9) until one side resigns: White's genmoves answered, the last `resign`.
fn white_moves_until_a_resignation(s: &mut Session) -> Vec<String> {
    ok(s, "clear_board");
    ok(s, "komi -30");
    // Fourteen moves: past the share of the board filled before which nobody resigns.
    ok(
        s,
        "gogui-play_sequence b E5 w E3 b C4 w G4 b C6 w G6 b E7 w D3 b F3 w F5 b D5 w C3 b B3 w G3",
    );
    let mut white = Vec::new();
    for _ in 0..8 {
        assert_ne!(ok(s, "genmove b"), "resign", "Black, far ahead, resigned");
        white.push(ok(s, "genmove w"));
        if white.last().is_some_and(|w| w == "resign") {
            break;
        }
    }
    white
}

#[test]
fn the_side_far_behind_resigns_when_one_session_plays_both_colours() {
    let mut s = session();
    ok(&mut s, "boardsize 9");
    // The default: three low win rates of one's own moves in a row.
    let first = white_moves_until_a_resignation(&mut s);
    assert_eq!(first.len(), 3, "White's moves: {first:?}");
    assert_eq!(first[2], "resign");
    // A new game starts counting again: White's low win rates of the last game do not count.
    let second = white_moves_until_a_resignation(&mut s);
    assert_eq!(second.len(), 3, "White's moves: {second:?}");
}

#[test]
fn a_position_searched_again_counts_once_for_resigning() {
    let mut s = session();
    ok(&mut s, "boardsize 9");
    ok(&mut s, "komi -30");
    ok(
        &mut s,
        "gogui-play_sequence b E5 w E3 b C4 w G4 b C6 w G6 b E7 w D3 b F3 w F5 b D5 w C3 b B3 w G3",
    );
    // White, far behind, asks for its move in one position again and again (regression
    // tests, GoGui's displays, genmove after undo): one low win rate, not three in a row.
    ok(&mut s, "play b D7");
    for _ in 0..4 {
        let reply = ok(&mut s, "reg_genmove w");
        assert_ne!(
            reply, "resign",
            "resigned on one position's repeated searches"
        );
    }
    let mv = ok(&mut s, "genmove w");
    assert_ne!(mv, "resign");
    ok(&mut s, "undo");
    assert_ne!(
        ok(&mut s, "genmove w"),
        "resign",
        "the same position after undo"
    );
}

#[test]
fn parameters_list_and_set() {
    let mut s = session();
    let lines = ok(&mut s, "tengen-param");
    assert!(lines.contains("[string] time 0"), "{lines}");
    assert!(lines.contains("[string] playouts 300"), "{lines}");
    assert!(lines.contains("[bool] ponder 0"), "{lines}");
    assert!(lines.contains("[string] seed 1"), "{lines}");
    ok(&mut s, "tengen-param seed 9");
    ok(&mut s, "tengen-param ponder 1");
    ok(&mut s, "tengen-param live_gfx true");
    ok(&mut s, "tengen-param time 2.5");
    ok(&mut s, "tengen-param playouts 0");
    let lines = ok(&mut s, "tengen-param");
    assert!(lines.contains("[string] seed 9"), "{lines}");
    assert!(lines.contains("[bool] ponder 1"), "{lines}");
    assert!(lines.contains("[bool] live_gfx 1"), "{lines}");
    assert!(lines.contains("[string] time 2.5"), "{lines}");
    assert!(err(&mut s, "tengen-param time 0").contains("budget"));
    err(&mut s, "tengen-param ponder maybe");
    err(&mut s, "tengen-param seed");
}

/// Columns of GoGui's parameter dialog for `n` parameters (GoGui 1.6 `ParameterDialog`: at
/// most 15 to a column, the parameters spread evenly over the fewest columns that allows).
fn gogui_columns(n: usize) -> usize {
    let per_column = (n + 1) / (n / 15 + 1);
    n.div_ceil(per_column.max(1))
}

#[test]
fn each_parameter_dialog_fits_a_small_screen_and_together_they_list_everything() {
    let mut s = session();
    let all = ok(&mut s, "tengen-param");
    let mut shown = Vec::new();
    let commands: Vec<&str> = super::ANALYZE_COMMANDS
        .lines()
        .filter_map(|l| l.strip_prefix("param/"))
        .map(|l| l.split_once('/').expect("param/label/command").1)
        .collect();
    assert!(commands.len() >= 3, "{commands:?}");
    for command in commands {
        let lines = ok(&mut s, command);
        let n = lines.lines().count();
        // A column of label and 13-character field is about 360 pixels wide: three fit in a
        // 1,280-pixel screen (all parameters in one dialog made six).
        assert!(
            (1..=3).contains(&gogui_columns(n)),
            "{command}: {n} parameters, {} columns",
            gogui_columns(n)
        );
        shown.extend(lines.lines().map(str::to_string));
    }
    let mut listed: Vec<String> = all.lines().map(str::to_string).collect();
    listed.sort();
    shown.sort();
    assert_eq!(shown, listed, "every parameter in exactly one dialog");
}

#[test]
fn a_parameter_is_set_through_its_group_as_gogui_sends_it() {
    let mut s = session();
    ok(&mut s, "tengen-param basics resign_threshold 0.2");
    assert!(ok(&mut s, "tengen-param basics").contains("[string] resign_threshold 0.2"));
    ok(&mut s, "tengen-param policy learned_patterns 0");
    assert!(ok(&mut s, "tengen-param policy").contains("[bool] learned_patterns 0"));
    ok(&mut s, "tengen-param clock lag 0.5");
    assert!(ok(&mut s, "tengen-param clock").contains("[string] lag 0.5"));
    let e = err(&mut s, "tengen-param clock rave_equiv 100");
    assert!(e.contains("not in the clock group"), "{e}");
    assert!(!ok(&mut s, "tengen-param").contains("rave_equiv 100"));
    // The basics come first in a user's order; the time and playout budget lead.
    let basics = ok(&mut s, "tengen-param basics");
    assert!(
        basics.starts_with("[string] time 0\n[string] playouts 300"),
        "{basics}"
    );
}

#[test]
fn every_player_parameter_is_listed_with_its_kind_and_set_by_its_kind() {
    let mut s = session();
    let lines = ok(&mut s, "tengen-param");
    let player_params = new_player(1).params();
    for p in &player_params {
        // The session's player runs one thread; every other value is the default.
        let line = match p.value {
            ParamValue::Bool(on) => format!("[bool] {} {}", p.name, u8::from(on)),
            _ if p.name == "threads" => "[string] threads 1".to_string(),
            _ => format!("[string] {} {}", p.name, p.value),
        };
        assert!(lines.lines().any(|l| l == line), "{line} not in\n{lines}");
    }
    assert!(player_params.len() > 40, "{}", player_params.len());
    // A switch takes GoGui's 1 and 0 (and words), a number a number.
    ok(&mut s, "tengen-param learned_patterns 0");
    assert!(ok(&mut s, "tengen-param").contains("[bool] learned_patterns 0"));
    ok(&mut s, "tengen-param learned_patterns true");
    ok(&mut s, "tengen-param prior_capture 12.5");
    assert!(ok(&mut s, "tengen-param").contains("[string] prior_capture 12.5"));
    ok(&mut s, "tengen-param resign_moves 4");
    for (bad, says) in [
        ("tengen-param learned_patterns 0.5", "true or false"),
        ("tengen-param resign_moves 2.5", "whole number"),
        ("tengen-param prior_capture many", "number"),
        ("tengen-param capture 1.5", "0..=1"),
        ("tengen-param threads 0", "1..=1024"),
        ("tengen-param no_such_thing 1", "unknown parameter"),
    ] {
        assert!(err(&mut s, bad).contains(says), "{bad}");
    }
    assert!(ok(&mut s, "tengen-param").contains("[string] prior_capture 12.5"));
}

#[test]
fn analysis_arguments_in_every_form() {
    let s = session();
    let args = |line: &str| -> Vec<String> { line.split_whitespace().map(String::from).collect() };
    let (c, st) = s.stream_args(&args("B 50"), Dialect::Leela).unwrap();
    assert_eq!((c, st.interval), (Color::Black, Duration::from_millis(500)));
    let (c, st) = s.stream_args(&args("25"), Dialect::Leela).unwrap();
    assert_eq!((c, st.interval), (Color::Black, Duration::from_millis(250)));
    let (_, st) = s.stream_args(&args("interval 10"), Dialect::Leela).unwrap();
    assert_eq!(st.interval, Duration::from_millis(100));
    let (c, st) = s
        .stream_args(&args("w 0 ownership true maxmoves 5"), Dialect::Kata)
        .unwrap();
    assert_eq!(c, Color::White);
    assert!(st.format.ownership);
    assert_eq!(st.format.max_moves, 5);
    assert_eq!(st.interval, Duration::from_millis(10 * MIN_INTERVAL_CS));
    let (_, st) = s.stream_args(&[], Dialect::Kata).unwrap();
    assert_eq!(st.interval, Duration::from_millis(10 * DEFAULT_INTERVAL_CS));
    for bad in [
        "b 50 interval",
        "b 50 frobnicate 1",
        "b x",
        "b 50 ownership 2",
    ] {
        assert!(s.stream_args(&args(bad), Dialect::Kata).is_err(), "{bad}");
    }
}

#[test]
fn genmove_analyze_ends_with_play() {
    let mut s = session();
    ok(&mut s, "boardsize 9");
    let Outcome::Search(search) = s.execute(&command("lz-genmove_analyze b 10")) else {
        panic!("not a search");
    };
    assert!(search.streams());
    let tail = finish_in_place(&mut s, &search);
    let last = tail.lines().rfind(|l| !l.is_empty()).unwrap();
    let mv = last.strip_prefix("play ").unwrap();
    assert!(tail.ends_with("\n\n"));
    assert_eq!(stones(&mut s).0, mv);
    let info = tail.lines().next().unwrap();
    assert!(info.starts_with("info move "), "{info}");
}

#[test]
fn analysis_stream_ends_with_an_empty_line() {
    let mut s = session();
    let Outcome::Search(search) = s.execute(&command("5 kata-analyze 50")) else {
        panic!("not a search");
    };
    assert_eq!(search.id.as_deref(), Some("5"));
    assert!(search.stops_on_any_input());
    assert_eq!(finish_in_place(&mut s, &search), "\n");
}

#[test]
fn gogui_displays_search_and_answer() {
    let mut s = session();
    ok(&mut s, "boardsize 7");
    let own = ok(&mut s, "tengen-ownership b");
    assert_eq!(own.lines().count(), 7);
    assert!(ok(&mut s, "tengen-pv").starts_with("VAR b "));
    assert!(ok(&mut s, "tengen-visits w").contains("LABEL "));
    assert!(ok(&mut s, "tengen-stats").contains("(300 playouts in this search)"));
    let menu = ok(&mut s, "gogui-analyze_commands");
    for line in menu.lines() {
        let command = line.split('/').nth(2).unwrap();
        let name = command.split(' ').next().unwrap();
        assert_eq!(
            ok(&mut s, &format!("known_command {name}")),
            "true",
            "{line}"
        );
    }
}

#[test]
fn a_display_run_again_counts_what_the_tree_holds() {
    let mut s = session(); // 300 playouts a move
    ok(&mut s, "boardsize 9");
    ok(&mut s, "play b E5");
    let first = ok(&mut s, "tengen-visits w");
    assert!(
        first.ends_with("\nTEXT 300 visits (300 playouts in this search)"),
        "{first}"
    );
    // The same position again: the tree is reused whole, and its root holds both searches.
    let again = ok(&mut s, "tengen-visits w");
    assert!(
        again.ends_with("\nTEXT 600 visits (300 playouts in this search)"),
        "{again}"
    );
    let stats = ok(&mut s, "tengen-stats w");
    assert!(
        stats.starts_with("900 visits (300 playouts in this search)\n"),
        "{stats}"
    );
}

#[test]
fn a_display_search_uses_its_whole_budget() {
    let mut s = session();
    ok(&mut s, "tengen-param time 2");
    ok(&mut s, "tengen-param playouts 0");
    let limits = |s: &mut Session, line: &str| match s.execute(&command(line)) {
        Outcome::Search(Search {
            task: Task::Show { limits, .. } | Task::Genmove { limits, .. },
            ..
        }) => limits,
        other => panic!("{line}: {other:?}"),
    };
    // A move may stop early when the choice is clear; a display never does.
    assert!(limits(&mut s, "genmove b").early_stop);
    for display in [
        "tengen-visits",
        "tengen-pv",
        "tengen-ownership",
        "tengen-stats",
    ] {
        let display = limits(&mut s, display);
        assert!(!display.early_stop);
        assert_eq!(display.time, Some(Duration::from_secs(2)));
    }
}

#[test]
fn the_time_managers_parameters_are_listed_and_shape_the_plan() {
    let mut s = session();
    let lines = ok(&mut s, "tengen-param");
    assert!(
        lines.contains("[string] own_moves_per_empty 0.2"),
        "{lines}"
    );
    assert!(lines.contains("[string] lag 0.1"), "{lines}");
    ok(&mut s, "boardsize 9");
    ok(&mut s, "time_settings 40 0 0");
    let planned = |s: &mut Session| match s.execute(&command("genmove b")) {
        Outcome::Search(Search {
            task: Task::Genmove { limits, .. },
            ..
        }) => limits.time.expect("a clocked move has a time"),
        other => panic!("{other:?}"),
    };
    let usual = planned(&mut s);
    // Fewer moves foreseen: more time for this one.
    ok(&mut s, "tengen-param own_moves_per_empty 0.15");
    assert!(planned(&mut s) > usual);
    for bad in ["own_moves_per_empty 0", "own_moves_per_empty x", "lag -1"] {
        err(&mut s, &format!("tengen-param {bad}"));
    }
    let lines = ok(&mut s, "tengen-param");
    assert!(
        lines.contains("[string] own_moves_per_empty 0.15"),
        "{lines}"
    );
    assert!(lines.contains("[string] lag 0.1"), "{lines}");
}

/// A player that answers with an occupied point: the front end must still play a legal move.
fn broken_player() -> StubPlayer {
    StubPlayer::new("broken", |game| {
        let occupied = game
            .board()
            .geometry()
            .points()
            .find(|&p| game.board().at(p).color().is_some())
            .unwrap();
        let analysis = Analysis {
            candidates: vec![Candidate {
                mv: Move::Play(occupied),
                visits: 1,
                winrate: 0.5,
                prior: 0.5,
                lcb: 0.0,
                score_lead: 0.0,
                pv: Default::default(),
            }],
            ..Analysis::default()
        };
        (Decision::Play(Move::Play(occupied)), analysis)
    })
}

#[test]
fn an_illegal_choice_or_a_panic_still_gives_a_legal_move() {
    let mut s = Session::new(
        Box::new(broken_player()),
        Settings::default(),
        Log::default(),
    );
    ok(&mut s, "boardsize 5");
    ok(&mut s, "play b c3");
    let mv = ok(&mut s, "genmove w");
    assert_ne!(mv, "C3");
    assert_eq!(stones(&mut s).0, "C3", "the black stone is still there");
    // A search that panicked: the session answers with a legal move all the same.
    let Outcome::Search(search) = s.execute(&command("genmove b")) else {
        panic!("not a search");
    };
    let text = s.finish(&search, Err("boom".into()), Duration::ZERO);
    let mv = text.trim().strip_prefix("= ").unwrap();
    if mv != "PASS" {
        assert!(stones(&mut s).0.contains(mv), "{mv} was not played");
    }
}

#[test]
fn clock_commands_set_the_move_budget() {
    let mut s = session();
    assert_eq!(
        s.move_limits(Color::Black).time,
        None,
        "no clock: playouts only"
    );
    ok(&mut s, "time_settings 0 1 1");
    let t = s.move_limits(Color::Black).time.unwrap();
    assert!(t > Duration::ZERO && t < Duration::from_secs(1), "{t:?}");
    ok(&mut s, "time_settings 10 0 0");
    ok(&mut s, "time_left b 5 0");
    let black = s.move_limits(Color::Black).time.unwrap();
    let white = s.move_limits(Color::White).time.unwrap();
    assert!(black < white, "black has 5 s left, white 10 s");
    ok(&mut s, "time_left white -3 0");
    ok(&mut s, "time_left w 0 0");
    for args in [
        "none",
        "absolute 60",
        "byoyomi 0 1 3",
        "canadian 0 10 5",
        "BYOYOMI 30 5.5 1",
    ] {
        ok(&mut s, &format!("kgs-time_settings {args}"));
    }
    ok(&mut s, "time_settings 0 0 0");
    assert_eq!(s.move_limits(Color::White).time, None, "0 0 0: no limit");
    for bad in [
        "time_settings a b c",
        "time_settings 1 2",
        "time_settings 1 2 3.5",
        "time_left b 5",
        "time_left x 5 0",
        "time_left b nan 0",
        "kgs-time_settings",
        "kgs-time_settings absolute",
        "kgs-time_settings byoyomi 1 2",
        "kgs-time_settings fischer 60 5",
    ] {
        err(&mut s, bad);
    }
}

#[test]
fn a_new_game_starts_with_full_clocks() {
    let mut s = session();
    ok(&mut s, "time_settings 60 0 0");
    let full = s.move_limits(Color::Black).time.unwrap();
    ok(&mut s, "time_left b 1 0");
    assert!(s.move_limits(Color::Black).time.unwrap() < full);
    ok(&mut s, "clear_board");
    assert_eq!(s.move_limits(Color::Black).time.unwrap(), full);
}

#[test]
fn score_and_dead_stones_agree_until_the_position_changes() {
    let mut s = session();
    ok(&mut s, "boardsize 9");
    for row in 1..=9 {
        ok(&mut s, &format!("play b e{row}"));
        ok(&mut s, &format!("play w f{row}"));
    }
    ok(&mut s, "play w c5");
    ok(&mut s, "play b h5");
    let dead = ok(&mut s, "final_status_list dead");
    let score = ok(&mut s, "final_score");
    for _ in 0..5 {
        assert_eq!(ok(&mut s, "final_status_list dead"), dead);
        assert_eq!(ok(&mut s, "final_score"), score);
    }
    ok(&mut s, "komi 0.5");
    assert_eq!(
        ok(&mut s, "final_status_list dead"),
        dead,
        "komi moves no stone"
    );
}
