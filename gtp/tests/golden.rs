//! GTP golden transcripts: each `tests/golden/NAME.gtp` is sent to the real `tengen` binary
//! (seed 1, one thread, 200 playouts per move) one line at a time, the way a controller does,
//! and the transcript must equal the committed `tests/golden/NAME.out`.
//!
//! - A transcript shows each input line as `> line` (control characters as `\xNN`), then the
//!   reply as received.
//! - Blank and comment lines get no reply, so the next line follows at once.
//! - `lz-analyze` / `kata-analyze` streams are stopped by a bare newline as soon as their
//!   `=` line arrives; their `info` lines (how many depends on timing) are left out of the
//!   transcript, as are those of `*-genmove_analyze` (whose `play` line stays).
//! - `$TMP` in an input line stands for a fresh temporary folder.
//! - The binary runs in `tests/golden/`, so `loadsgf games/x.sgf` reads from there.
//! - A first line `# args: ...` adds command-line options.
//! - The seconds of a `cputime` reply are shown as `[seconds]` (their form is checked).
//!
//! After a change that alters play, rewrite the expected files with
//! `TENGEN_BLESS=1 cargo test -p tengen --test golden` and review the diff.

mod common;

use common::Engine;
use std::path::{Path, PathBuf};

const BASE_ARGS: &[&str] = &["--seed", "1", "--threads", "1", "--playouts", "200"];

fn golden_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden")
}

/// Is this input line a command that gets a reply (not blank, not a comment)?
fn gets_reply(line: &[u8]) -> bool {
    let trimmed: Vec<u8> = line
        .iter()
        .copied()
        .filter(|b| *b >= 32 && *b != 127)
        .collect();
    let text = String::from_utf8_lossy(&trimmed);
    let text = text.trim();
    !text.is_empty() && !text.starts_with('#')
}

/// The command name of a line (after an optional numeric id), lower case.
fn command_name(line: &[u8]) -> String {
    let text = String::from_utf8_lossy(line).replace('\t', " ");
    let mut words = text.split_whitespace();
    let first = words.next().unwrap_or("");
    let name = if first.chars().all(|c| c.is_ascii_digit()) {
        words.next().unwrap_or("")
    } else {
        first
    };
    name.to_ascii_lowercase()
}

fn transcript(gtp: &Path, tmp: &Path) -> String {
    let input = std::fs::read(gtp).expect("read the .gtp file");
    let lines: Vec<&[u8]> = input.split(|&b| b == b'\n').collect();
    let args: Vec<String> = lines
        .first()
        .and_then(|l| std::str::from_utf8(l).ok())
        .and_then(|l| l.strip_prefix("# args:"))
        .map(|a| a.split_whitespace().map(String::from).collect())
        .unwrap_or_default();
    let args: Vec<&str> = BASE_ARGS
        .iter()
        .copied()
        .chain(args.iter().map(String::as_str))
        .collect();
    let mut engine = Engine::start(&args, &golden_dir());
    let mut out = String::new();
    let count = if input.ends_with(b"\n") {
        lines.len() - 1
    } else {
        lines.len()
    };
    let tmp_text = tmp.to_str().expect("utf-8 temp path").as_bytes();
    for raw in &lines[..count] {
        out.push_str(&format!("> {}\n", visible(raw)));
        let line = replace(raw, b"$TMP", tmp_text);
        engine.send(&line);
        if !gets_reply(&line) {
            continue;
        }
        let context = String::from_utf8_lossy(raw).into_owned();
        let Some(head) = engine.line(&context) else {
            out.push_str("[end of output]\n");
            break;
        };
        let name = command_name(&line);
        out.push_str(&stable_head(&name, &head));
        out.push('\n');
        if head.starts_with('=') && (name == "lz-analyze" || name == "kata-analyze") {
            engine.send(b"");
        }
        if head.is_empty() {
            continue;
        }
        engine.rest_of_reply(&context, &mut out);
        if name == "quit" {
            break;
        }
    }
    engine.close_and_wait(&mut out);
    out
}

/// A reply's first line as the transcript keeps it: the seconds of a `cputime` reply (they
/// vary from run to run) become `[seconds]` when they have the expected form (digits, a point,
/// two digits); anything else is kept as it came, and so fails the comparison.
fn stable_head(name: &str, head: &str) -> String {
    if name != "cputime" {
        return head.to_string();
    }
    let Some((status, seconds)) = head.split_once(' ') else {
        return head.to_string();
    };
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    match seconds.split_once('.') {
        Some((whole, cents))
            if status.starts_with('=') && digits(whole) && digits(cents) && cents.len() == 2 =>
        {
            format!("{status} [seconds]")
        }
        _ => head.to_string(),
    }
}

/// An input line as text, control characters written as `\xNN`.
fn visible(raw: &[u8]) -> String {
    String::from_utf8_lossy(raw)
        .chars()
        .map(|c| {
            if c.is_control() {
                format!("\\x{:02x}", c as u32)
            } else {
                c.to_string()
            }
        })
        .collect()
}

fn replace(haystack: &[u8], from: &[u8], to: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(haystack.len());
    let mut i = 0;
    while i < haystack.len() {
        if haystack[i..].starts_with(from) {
            out.extend_from_slice(to);
            i += from.len();
        } else {
            out.push(haystack[i]);
            i += 1;
        }
    }
    out
}

/// Replay `tests/golden/NAME.gtp` and compare with `NAME.out` (or rewrite it, with
/// `TENGEN_BLESS`).
fn check(name: &str) {
    let gtp = golden_dir().join(format!("{name}.gtp"));
    let tmp = std::env::temp_dir().join(format!("tengen-golden-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&tmp).expect("temp folder");
    let got = transcript(&gtp, &tmp);
    let _ = std::fs::remove_dir_all(&tmp);
    let expected_path = gtp.with_extension("out");
    if std::env::var_os("TENGEN_BLESS").is_some() {
        std::fs::write(&expected_path, &got).expect("write the .out file");
        return;
    }
    let want = std::fs::read_to_string(&expected_path).unwrap_or_default();
    if got != want {
        let line = got
            .lines()
            .zip(want.lines())
            .position(|(g, w)| g != w)
            .unwrap_or_else(|| got.lines().count().min(want.lines().count()));
        panic!(
            "{}: differs from line {}:\n  got:  {:?}\n  want: {:?}\n\
             (rewrite with TENGEN_BLESS=1 after checking the change is intended)",
            gtp.display(),
            line + 1,
            got.lines().nth(line).unwrap_or("[end]"),
            want.lines().nth(line).unwrap_or("[end]"),
        );
    }
}

/// One test per transcript, so that the first difference does not hide the others.
macro_rules! transcripts {
    ($($name:ident),* $(,)?) => {
        $(
            #[test]
            fn $name() {
                check(stringify!($name));
            }
        )*
        /// The transcripts with a test of their own.
        const TRANSCRIPTS: &[&str] = &[$(stringify!($name)),*];
    };
}

transcripts!(admin, clock, play, score, search, setup);

#[test]
fn every_transcript_has_its_test() {
    let mut files: Vec<String> = std::fs::read_dir(golden_dir())
        .expect("tests/golden exists")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "gtp"))
        .map(|p| p.file_stem().unwrap().to_string_lossy().into_owned())
        .collect();
    files.sort();
    let mut listed: Vec<String> = TRANSCRIPTS.iter().map(|s| s.to_string()).collect();
    listed.sort();
    assert_eq!(
        files, listed,
        "add each tests/golden/*.gtp to `transcripts!`"
    );
}
