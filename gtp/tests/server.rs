//! The binary as controllers see it: searches stop when they must (and only then), streams
//! end cleanly, pondering gives way, the process exits on `quit` and at the end of input, and
//! the command line refuses bad options. No timing is asserted: a search that failed to stop
//! would run for 1000 s and trip the 300-s reply timeout.

mod common;

use common::Engine;
use std::path::Path;
use std::process::Command;
use std::thread;
use std::time::{Duration, Instant};

fn engine(args: &[&str]) -> Engine {
    let mut e = Engine::start(args, Path::new(env!("CARGO_MANIFEST_DIR")));
    assert_eq!(e.ask("boardsize 9"), ["= "]);
    e
}

/// Read stream lines until one starts with `info `.
fn first_info(e: &mut Engine, context: &str) {
    loop {
        let line = e
            .line(context)
            .unwrap_or_else(|| panic!("output ended: {context}"));
        assert!(!line.is_empty(), "the stream ended without an info line");
        if line.starts_with("info move ") {
            return;
        }
    }
}

fn vertex(reply: &[String]) -> String {
    let text = reply.join(" ");
    let mv = text.trim_start_matches(|c| c == '=' || char::is_ascii_digit(&c));
    mv.trim().to_string()
}

#[test]
fn quit_ends_an_analysis_stream_and_the_process() {
    let mut e = engine(&["--threads", "1"]);
    e.send(b"1 kata-analyze b 10");
    assert_eq!(e.line("kata-analyze").as_deref(), Some("=1"));
    first_info(&mut e, "kata-analyze");
    e.send(b"2 quit");
    let rest = e.until_blank("the end of the stream");
    assert!(rest.iter().all(|l| l.starts_with("info ")), "{rest:?}");
    assert_eq!(e.reply("quit"), ["=2 "]);
    assert_eq!(e.wait(common::REPLY_TIMEOUT), Some(0));
}

#[test]
fn interrupt_stops_a_long_genmove_with_a_legal_move() {
    let mut e = engine(&["--threads", "1", "--time", "1000"]);
    e.send(b"3 genmove b");
    thread::sleep(Duration::from_millis(300));
    e.send(b"# interrupt");
    let reply = e.reply("genmove b after # interrupt");
    assert!(reply[0].starts_with("=3 "), "{reply:?}");
    let mv = vertex(&reply);
    if mv != "PASS" {
        assert_eq!(e.ask("list_stones black"), [format!("= {mv}")]);
    }
}

#[test]
fn commands_sent_during_genmove_wait_their_turn() {
    let mut e = engine(&["--threads", "1", "--playouts", "3000"]);
    e.send(b"4 genmove b\n5 list_stones black\n6 name");
    let mv = vertex(&e.reply("genmove"));
    assert_eq!(e.reply("list_stones"), [format!("=5 {mv}")]);
    assert_eq!(e.reply("name"), ["=6 tengen"]);
}

#[test]
fn a_bare_newline_ends_a_stream_and_gets_no_reply() {
    let mut e = engine(&["--threads", "1"]);
    e.send(b"lz-analyze b 5");
    assert_eq!(e.line("lz-analyze").as_deref(), Some("="));
    first_info(&mut e, "lz-analyze");
    e.send(b"");
    let rest = e.until_blank("the end of the stream");
    assert!(rest.iter().all(|l| l.starts_with("info ")), "{rest:?}");
    assert_eq!(e.ask("7 name"), ["=7 tengen"]);
}

#[test]
fn genmove_analyze_stops_on_the_next_command_and_plays() {
    let mut e = engine(&["--threads", "1", "--time", "1000"]);
    e.send(b"lz-genmove_analyze w 5");
    assert_eq!(e.line("lz-genmove_analyze").as_deref(), Some("="));
    first_info(&mut e, "lz-genmove_analyze");
    e.send(b"8 list_stones white");
    let stream = e.until_blank("the end of lz-genmove_analyze");
    let last = stream.last().expect("a play line");
    let mv = last.strip_prefix("play ").expect("ends with play");
    assert!(stream[..stream.len() - 1]
        .iter()
        .all(|l| l.starts_with("info ")));
    let stones = e.reply("list_stones white");
    if mv != "pass" {
        assert_eq!(stones, [format!("=8 {mv}")]);
    }
}

#[test]
fn pondering_gives_way_to_the_next_command() {
    let mut e = engine(&["--threads", "1", "--playouts", "500", "--ponder"]);
    let mv = vertex(&e.ask("genmove b"));
    // The engine now ponders without limit; the next command must still be answered.
    thread::sleep(Duration::from_millis(200));
    assert_eq!(e.ask("9 list_stones black"), [format!("=9 {mv}")]);
    assert_eq!(e.ask("10 tengen-param ponder 0"), ["=10 "]);
}

#[test]
fn end_of_input_ends_a_stream_and_the_process() {
    let mut e = engine(&["--threads", "1"]);
    e.send(b"kata-analyze 5");
    assert_eq!(e.line("kata-analyze").as_deref(), Some("="));
    e.close_input();
    let rest = e.until_blank("the end of the stream");
    assert!(rest.iter().all(|l| l.starts_with("info ")), "{rest:?}");
    assert_eq!(e.wait(common::REPLY_TIMEOUT), Some(0));
}

/// Pipe `script` to a fresh engine at once and close its input, as `printf ... | tengen` does:
/// every line of output. Output that goes on for longer than the reply timeout (a stream that
/// never stops) or an engine that does not then exit with status 0 fails the test.
fn piped(args: &[&str], script: &str) -> Vec<String> {
    let mut e = Engine::start(args, Path::new(env!("CARGO_MANIFEST_DIR")));
    e.send(script.trim_end().as_bytes());
    e.close_input();
    let give_up = Instant::now() + common::REPLY_TIMEOUT;
    let mut out = Vec::new();
    while let Some(line) = e.line(script) {
        assert!(
            Instant::now() < give_up,
            "the output never ended: {script:?}"
        );
        out.push(line);
    }
    assert_eq!(e.wait(common::REPLY_TIMEOUT), Some(0), "{out:?}");
    out
}

/// The replies in `out` (stream lines left out), each as its first line.
fn replies(out: &[String]) -> Vec<&str> {
    out.iter()
        .map(String::as_str)
        .filter(|l| l.starts_with('=') || l.starts_with('?'))
        .collect()
}

/// A temporary `--log` file for one test, removed when dropped.
struct LogFile(std::path::PathBuf);

impl LogFile {
    fn new(name: &str) -> LogFile {
        let dir = std::env::temp_dir().join(format!("tengen-{name}-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        LogFile(dir.join("log"))
    }

    fn arg(&self) -> &str {
        self.0.to_str().unwrap()
    }

    /// The search summaries the engine wrote (`move for ...`), one per move search.
    fn summaries(&self) -> Vec<String> {
        let text = std::fs::read_to_string(&self.0).unwrap();
        text.lines()
            .filter(|l| l.starts_with("move for"))
            .map(str::to_string)
            .collect()
    }
}

impl Drop for LogFile {
    fn drop(&mut self) {
        if let Some(dir) = self.0.parent() {
            let _ = std::fs::remove_dir_all(dir);
        }
    }
}

/// Every summary in `summaries` reports exactly `playouts` playouts.
fn assert_full_searches(summaries: &[String], count: usize, playouts: &str) {
    assert_eq!(summaries.len(), count, "{summaries:?}");
    for summary in summaries {
        assert!(
            summary.contains(&format!("({playouts} playouts,")),
            "a search was cut short: {summary}"
        );
    }
}

#[test]
fn a_piped_script_gets_every_search_in_full() {
    // The reader has seen `quit` long before the first search ends; it is answered after the
    // searches before it, each in full, the one it directly follows too (on 19x19 these take
    // several seconds each, so a search cut at a second would fall short of its playouts).
    let log = LogFile::new("piped");
    let playouts = 15_000.to_string();
    let out = piped(
        &[
            "--threads",
            "1",
            "--seed",
            "1",
            "--playouts",
            &playouts,
            "--log",
            log.arg(),
        ],
        "genmove b\nname\ngenmove w\nquit\n",
    );
    assert_eq!(replies(&out).len(), 4, "{out:?}");
    assert_full_searches(&log.summaries(), 2, &playouts);
}

#[test]
fn quit_right_after_a_genmove_waits_for_the_move() {
    let log = LogFile::new("quit");
    let playouts = 15_000.to_string();
    let args = [
        "--threads",
        "1",
        "--playouts",
        &playouts,
        "--log",
        log.arg(),
    ];
    let mut e = Engine::start(&args, Path::new(env!("CARGO_MANIFEST_DIR")));
    e.send(b"12 genmove b\n13 quit");
    assert!(e.reply("genmove b before quit")[0].starts_with("=12 "));
    assert_eq!(e.reply("quit"), ["=13 "]);
    assert_eq!(e.wait(common::REPLY_TIMEOUT), Some(0));
    assert_full_searches(&log.summaries(), 1, &playouts);
}

#[test]
fn a_stream_ends_at_a_queued_genmove_which_quit_then_waits_for() {
    let log = LogFile::new("stream-quit");
    let out = piped(
        &["--threads", "1", "--playouts", "3000", "--log", log.arg()],
        "boardsize 9\nlz-analyze b 10\ngenmove w\nquit\n",
    );
    let replies = replies(&out);
    assert_eq!(replies.len(), 4, "{out:?}");
    assert!(replies[2].starts_with("= "), "genmove: {out:?}");
    assert_eq!(replies[3], "= ");
    assert_full_searches(&log.summaries(), 1, "3000");
}

#[test]
fn a_stream_queued_behind_a_search_ends_at_the_next_line() {
    let out = piped(
        &["--threads", "1", "--playouts", "2000"],
        "boardsize 9\ngenmove b\nlz-analyze 10\nname\nquit\n",
    );
    assert_eq!(replies(&out)[2..], ["=", "= tengen", "= "], "{out:?}");
}

#[test]
fn pondering_gives_way_to_lines_queued_during_the_move() {
    let out = piped(
        &["--threads", "1", "--playouts", "2000", "--ponder"],
        "boardsize 9\ngenmove b\nname\nquit\n",
    );
    assert_eq!(replies(&out)[2..], ["= tengen", "= "], "{out:?}");
}

#[test]
fn a_huge_line_gets_one_reply() {
    let mut e = engine(&["--threads", "1"]);
    e.send(&vec![b'x'; 1_000_000]);
    assert_eq!(e.reply("a long line"), ["? unknown command"]);
    assert_eq!(e.ask("11 name"), ["=11 tengen"]);
}

#[test]
fn bad_options_are_refused_with_a_message() {
    let tengen = env!("CARGO_BIN_EXE_tengen");
    for bad in [
        &["--threads", "0"][..],
        &["--time", "soon"],
        &["--playouts", "many"],
        &["--rules", "ing"],
        &["--max-memory", "lots"],
        &["--resign-threshold", "2"],
        &["--log", "/nonexistent/folder/tengen.log"],
        &["--frobnicate"],
    ] {
        let out = Command::new(tengen)
            .args(bad)
            .stdin(std::process::Stdio::null())
            .output()
            .expect("run tengen");
        assert!(!out.status.success(), "{bad:?} accepted");
        let message = String::from_utf8_lossy(&out.stderr);
        let flag = bad[0].trim_start_matches('-');
        assert!(
            message.contains(flag) || message.contains("log file"),
            "{bad:?}: the message does not name the option: {message}"
        );
        assert!(out.stdout.is_empty(), "{bad:?} wrote to stdout");
    }
    let version = Command::new(tengen).arg("--version").output().unwrap();
    assert!(version.status.success());
    assert!(String::from_utf8_lossy(&version.stdout).starts_with("tengen "));
}
