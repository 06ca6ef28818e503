//! A gogui-regress runner: `.tst` files of GTP commands, each test a numbered command followed
//! by a `#? [pattern]` line, run against a fresh engine per file, started in that file's folder.
//!
//! Semantics (GoGui's, as `docs/GTP.md` gives them): the pattern is a regular expression that
//! must match the whole reply (without `=id`), with `.` matching newlines and `^`/`$` line
//! anchors; a leading `!` negates it; a `*` after the closing `]` marks a known failure. A `?`
//! reply fails the test whatever the pattern. Unnumbered lines are setup commands; one that
//! fails is an error of the file.

use crate::gtp_client::{GtpEngine, GtpError};
use regex::Regex;
use std::fmt;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// What a test expects of its command's reply.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Check {
    /// The regular expression, without the brackets and the negation.
    pub pattern: String,
    /// `#? [!...]`: the reply must not match.
    pub negate: bool,
    /// `#? [...]*`: the test is known to fail.
    pub known_failure: bool,
}

/// One command line of a `.tst` file, with its check if it is a test.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    /// Line number in the file, from 1.
    pub line: usize,
    /// The numeric id the file gives the command, if any.
    pub id: Option<u64>,
    /// The command without its id and without a trailing `#` comment.
    pub command: String,
    pub check: Option<Check>,
}

/// A `.tst` line that cannot be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TstError {
    pub line: usize,
    pub message: String,
}

impl fmt::Display for TstError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.message)
    }
}

impl std::error::Error for TstError {}

/// Read a `.tst` file's text into its steps.
pub fn parse_tst(text: &str) -> Result<Vec<Step>, TstError> {
    let mut steps: Vec<Step> = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        let trimmed = raw.trim();
        if let Some(rest) = trimmed.strip_prefix("#?") {
            let check = parse_check(rest.trim()).map_err(|message| TstError { line, message })?;
            match steps.last_mut() {
                Some(step) if step.check.is_none() => step.check = Some(check),
                _ => {
                    return Err(TstError {
                        line,
                        message: "a #? line must follow the command it checks".into(),
                    })
                }
            }
            continue;
        }
        let command = trimmed.split('#').next().unwrap_or("").trim();
        if command.is_empty() {
            continue;
        }
        let (id, command) = match command.split_once(char::is_whitespace) {
            Some((first, rest)) if first.chars().all(|c| c.is_ascii_digit()) => {
                (first.parse().ok(), rest.trim())
            }
            _ => (None, command),
        };
        steps.push(Step {
            line,
            id,
            command: command.to_string(),
            check: None,
        });
    }
    Ok(steps)
}

/// `[pattern]`, `[!pattern]`, `[pattern]*`.
fn parse_check(text: &str) -> Result<Check, String> {
    let inner = text.strip_prefix('[').ok_or("a check is #? [pattern]")?;
    let close = inner.rfind(']').ok_or("a check is #? [pattern]")?;
    let after = inner[close + 1..].trim();
    let known_failure = match after {
        "" => false,
        "*" => true,
        _ => return Err(format!("unexpected {after:?} after the pattern")),
    };
    let pattern = &inner[..close];
    let (negate, pattern) = match pattern.strip_prefix('!') {
        Some(p) => (true, p),
        None => (false, pattern),
    };
    Ok(Check {
        pattern: pattern.to_string(),
        negate,
        known_failure,
    })
}

/// Does `reply` satisfy `check` (negation included)? An invalid pattern is an error.
pub fn check_reply(check: &Check, reply: &str) -> Result<bool, String> {
    let re = Regex::new(&format!("(?ms)\\A(?:{})\\z", check.pattern))
        .map_err(|e| format!("bad pattern [{}]: {e}", check.pattern))?;
    Ok(re.is_match(reply) != check.negate)
}

/// How one test went.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum TestVerdict {
    Passed,
    /// Failed, and not marked as a known failure.
    UnexpectedFail,
    /// Failed, as marked.
    ExpectedFail,
    /// Passed although marked as a known failure.
    UnexpectedPass,
}

/// One test's command, reply and verdict.
#[derive(Clone, Debug, PartialEq)]
pub struct TestOutcome {
    pub line: usize,
    pub id: Option<u64>,
    pub command: String,
    /// The reply, `? message` for errors, or what went wrong with the engine.
    pub reply: String,
    /// The check as written (`[!PASS]*`).
    pub expected: String,
    pub verdict: TestVerdict,
}

/// Everything that happened running one file.
#[derive(Clone, Debug, PartialEq)]
pub struct FileReport {
    pub path: PathBuf,
    pub tests: Vec<TestOutcome>,
    /// Setup commands that failed, a file that cannot be read, an engine that died.
    pub errors: Vec<String>,
}

impl FileReport {
    pub fn count(&self, verdict: TestVerdict) -> usize {
        self.tests.iter().filter(|t| t.verdict == verdict).count()
    }

    /// Tests that passed, expected or not.
    pub fn passed(&self) -> usize {
        self.count(TestVerdict::Passed) + self.count(TestVerdict::UnexpectedPass)
    }

    /// Every test gave the answer its mark expects and nothing else went wrong. An unexpected
    /// pass counts against it too: the test's `*` is stale, and a stale mark hides the day the
    /// test fails again.
    pub fn as_expected(&self) -> bool {
        self.errors.is_empty()
            && self.count(TestVerdict::UnexpectedFail) == 0
            && self.count(TestVerdict::UnexpectedPass) == 0
    }
}

/// How to run the files.
#[derive(Clone, Debug)]
pub struct RegressOptions {
    /// The engine's command line. A relative program path is taken from the current folder,
    /// not from the file's folder the engine starts in.
    pub engine: String,
    /// How long one command may take.
    pub timeout: Duration,
}

/// Make the program of a command line absolute if it names a file relative to the current
/// folder (the engine starts in each test file's folder).
fn absolute_program(command_line: &str) -> String {
    let Ok(words) = crate::gtp_client::split_command_line(command_line) else {
        return command_line.to_string();
    };
    let Some(program) = words.first() else {
        return command_line.to_string();
    };
    let path = Path::new(program);
    if path.is_relative() && program.contains('/') && path.exists() {
        if let Ok(abs) = path.canonicalize() {
            let rest = command_line.trim_start()[program.len()..].to_string();
            let quoted = format!("'{}'", abs.to_string_lossy().replace('\'', "'\\''"));
            return format!("{quoted}{rest}");
        }
    }
    command_line.to_string()
}

fn check_text(check: &Check) -> String {
    format!(
        "[{}{}]{}",
        if check.negate { "!" } else { "" },
        check.pattern,
        if check.known_failure { "*" } else { "" }
    )
}

/// Run one `.tst` file on a fresh engine started in the file's folder.
pub fn run_file(path: &Path, options: &RegressOptions) -> FileReport {
    let mut report = FileReport {
        path: path.to_path_buf(),
        tests: Vec::new(),
        errors: Vec::new(),
    };
    let steps = match std::fs::read_to_string(path)
        .map_err(|e| e.to_string())
        .and_then(|t| parse_tst(&t).map_err(|e| e.to_string()))
    {
        Ok(s) => s,
        Err(e) => {
            report.errors.push(format!("cannot read the file: {e}"));
            return report;
        }
    };
    let dir = path.parent().filter(|d| !d.as_os_str().is_empty());
    let engine_line = absolute_program(&options.engine);
    let mut engine = match GtpEngine::spawn(&engine_line, dir) {
        Ok(e) => Some(e),
        Err(e) => {
            report.errors.push(e.to_string());
            None
        }
    };
    for step in &steps {
        let reply = match engine.as_mut() {
            Some(e) => e.send(&step.command, Some(options.timeout)),
            None => Err(GtpError::Exited {
                command: step.command.clone(),
            }),
        };
        // The engine is gone after a crash, a hang or garbage: the rest of the file fails.
        if let Err(
            e @ (GtpError::Exited { .. } | GtpError::Timeout { .. } | GtpError::Garbage { .. }),
        ) = &reply
        {
            if let Some(dead) = engine.take() {
                let tail = dead.stderr_tail();
                report.errors.push(if tail.is_empty() {
                    format!("line {}: {e}", step.line)
                } else {
                    format!("line {}: {e}\nstderr:\n{tail}", step.line)
                });
            }
        }
        let Some(check) = &step.check else {
            if let Err(GtpError::Refused { message, .. }) = &reply {
                report.errors.push(format!(
                    "line {}: setup `{}` failed: ? {message}",
                    step.line, step.command
                ));
            }
            continue;
        };
        let (passed, reply_text) = match &reply {
            Ok(text) => match check_reply(check, text) {
                Ok(p) => (p, text.clone()),
                Err(e) => {
                    report.errors.push(format!("line {}: {e}", step.line));
                    (false, text.clone())
                }
            },
            Err(GtpError::Refused { message, .. }) => (false, format!("? {message}")),
            Err(e) => (false, e.to_string()),
        };
        let verdict = match (passed, check.known_failure) {
            (true, false) => TestVerdict::Passed,
            (true, true) => TestVerdict::UnexpectedPass,
            (false, false) => TestVerdict::UnexpectedFail,
            (false, true) => TestVerdict::ExpectedFail,
        };
        report.tests.push(TestOutcome {
            line: step.line,
            id: step.id,
            command: step.command.clone(),
            reply: reply_text,
            expected: check_text(check),
            verdict,
        });
    }
    if let Some(e) = engine {
        e.quit();
    }
    report
}

/// The `.tst` files named by `paths`: files as given, folders searched (not recursively when
/// `recursive` is false), sorted.
pub fn find_tst_files(paths: &[PathBuf], recursive: bool) -> std::io::Result<Vec<PathBuf>> {
    let mut files = Vec::new();
    for p in paths {
        if p.is_dir() {
            collect(p, recursive, &mut files)?;
        } else {
            files.push(p.clone());
        }
    }
    Ok(files)
}

fn collect(dir: &Path, recursive: bool, out: &mut Vec<PathBuf>) -> std::io::Result<()> {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)?
        .map(|e| e.map(|e| e.path()))
        .collect::<Result<_, _>>()?;
    entries.sort();
    for p in entries {
        if p.is_dir() {
            if recursive {
                collect(&p, recursive, out)?;
            }
        } else if p.extension().is_some_and(|e| e == "tst") {
            out.push(p);
        }
    }
    Ok(())
}

/// The gogui-regress style table: one line per file and a total.
pub fn summary_table(reports: &[FileReport]) -> String {
    let mut s = format!(
        "{:<44}{:>6}{:>8}{:>8}{:>12}{:>12}{:>8}\n",
        "file", "tests", "passed", "failed", "unexp.fail", "unexp.pass", "errors"
    );
    let mut total = [0usize; 6];
    for r in reports {
        let row = [
            r.tests.len(),
            r.passed(),
            r.tests.len() - r.passed(),
            r.count(TestVerdict::UnexpectedFail),
            r.count(TestVerdict::UnexpectedPass),
            r.errors.len(),
        ];
        for (t, v) in total.iter_mut().zip(row) {
            *t += v;
        }
        s.push_str(&table_row(&r.path.display().to_string(), row));
    }
    s.push_str(&table_row("total", total));
    s
}

fn table_row(name: &str, v: [usize; 6]) -> String {
    format!(
        "{name:<44}{:>6}{:>8}{:>8}{:>12}{:>12}{:>8}\n",
        v[0], v[1], v[2], v[3], v[4], v[5]
    )
}

/// Every test that did not go as expected, and every error, for a failure message.
pub fn problems(reports: &[FileReport]) -> String {
    let mut s = String::new();
    for r in reports {
        for e in &r.errors {
            s.push_str(&format!("{}: error: {e}\n", r.path.display()));
        }
        for t in r.tests.iter().filter(|t| {
            matches!(
                t.verdict,
                TestVerdict::UnexpectedFail | TestVerdict::UnexpectedPass
            )
        }) {
            s.push_str(&format!(
                "{}:{}: {} `{}`: got {:?}, expected {}\n",
                r.path.display(),
                t.line,
                if t.verdict == TestVerdict::UnexpectedFail {
                    "FAIL"
                } else {
                    "unexpected pass"
                },
                t.command,
                t.reply,
                t.expected
            ));
        }
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tst_files_parse_into_setup_and_tests() {
        let text = "# a comment\n\
                    boardsize 9\n\
                    play b c3   # trailing comment\n\
                    10 genmove w\n\
                    #? [C4|D3]\n\
                    \n\
                    11 reg_genmove b\n\
                    #? [!PASS]*\n";
        let steps = parse_tst(text).unwrap();
        assert_eq!(steps.len(), 4);
        assert_eq!(steps[1].command, "play b c3");
        assert_eq!(steps[1].check, None);
        assert_eq!(steps[2].id, Some(10));
        assert_eq!(steps[2].command, "genmove w");
        let c = steps[2].check.clone().unwrap();
        assert_eq!(
            (c.pattern.as_str(), c.negate, c.known_failure),
            ("C4|D3", false, false)
        );
        let c = steps[3].check.clone().unwrap();
        assert_eq!(
            (c.pattern.as_str(), c.negate, c.known_failure),
            ("PASS", true, true)
        );
        assert_eq!(steps[3].line, 7);
    }

    #[test]
    fn malformed_checks_are_errors_with_line_numbers() {
        assert_eq!(parse_tst("#? [A1]").unwrap_err().line, 1);
        assert_eq!(parse_tst("1 name\n#? A1").unwrap_err().line, 2);
        assert_eq!(parse_tst("1 name\n#? [A1] extra").unwrap_err().line, 2);
        assert_eq!(parse_tst("1 name\n#? [a]\n#? [b]").unwrap_err().line, 3);
    }

    #[test]
    fn patterns_match_the_whole_reply() {
        let check = |p: &str, negate: bool| Check {
            pattern: p.into(),
            negate,
            known_failure: false,
        };
        assert!(check_reply(&check("C3|D4", false), "D4").unwrap());
        assert!(
            !check_reply(&check("C3", false), "C33").unwrap(),
            "whole reply"
        );
        assert!(
            !check_reply(&check("C3", false), "c3").unwrap(),
            "case matters"
        );
        assert!(check_reply(&check("PASS", true), "D4").unwrap());
        assert!(!check_reply(&check("PASS", true), "PASS").unwrap());
        // `.` crosses lines; `^`/`$` are line anchors.
        assert!(check_reply(&check("A1.*C3", false), "A1 B2\nC3").unwrap());
        assert!(check_reply(&check("(?:.*^B2$.*)", false), "A1\nB2\nC3").unwrap());
        assert!(check_reply(&check("(", false), "x").is_err());
    }

    #[test]
    fn relative_engine_paths_become_absolute() {
        let here = std::env::current_dir().unwrap();
        let line = absolute_program("./src/lib.rs --flag 'a b'");
        assert!(line.starts_with(&format!("'{}", here.display())), "{line}");
        assert!(line.ends_with(" --flag 'a b'"));
        assert_eq!(absolute_program("gnugo --mode gtp"), "gnugo --mode gtp");
    }
}
