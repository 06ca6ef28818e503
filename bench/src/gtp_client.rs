//! The controller side of GTP: an engine process driven over its stdin/stdout, with a timeout on
//! every reply, and the tail of its stderr kept for the record when it misbehaves.
//!
//! Used by the match runner (two players and a referee per game) and the regression runner (one
//! engine per `.tst` file). Nothing here panics on what an engine sends: every problem is a
//! [`GtpError`] that says which of crash, hang, garbage or refusal it was.

use std::collections::VecDeque;
use std::fmt;
use std::io::{BufRead, BufReader, Read, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

/// How many of the engine's last stderr lines are kept.
const STDERR_TAIL_LINES: usize = 20;
/// How long `quit` may take before the process is killed.
const QUIT_GRACE: Duration = Duration::from_secs(2);
/// How long a crashed engine's stderr may take to reach its end.
const STDERR_SETTLE: Duration = Duration::from_millis(500);

/// What went wrong talking to an engine.
#[derive(Debug, Clone, PartialEq)]
pub enum GtpError {
    /// The command line could not be started (empty, not found, not executable).
    Spawn(String),
    /// No complete reply within the time allowed.
    Timeout { command: String, waited: Duration },
    /// The engine closed its output (crashed or exited) before replying.
    Exited { command: String },
    /// The reply does not follow GTP framing (no `=` or `?` where a reply must start).
    Garbage { command: String, line: String },
    /// The engine answered `? message`.
    Refused { command: String, message: String },
}

impl fmt::Display for GtpError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GtpError::Spawn(m) => write!(f, "cannot start engine: {m}"),
            GtpError::Timeout { command, waited } => write!(
                f,
                "no reply to `{command}` within {:.2} s",
                waited.as_secs_f64()
            ),
            GtpError::Exited { command } => write!(f, "engine exited during `{command}`"),
            GtpError::Garbage { command, line } => {
                write!(f, "reply to `{command}` is not GTP: {line:?}")
            }
            GtpError::Refused { command, message } => {
                write!(f, "`{command}` refused: ? {message}")
            }
        }
    }
}

impl std::error::Error for GtpError {}

/// One line of the engine's stdout, or its end.
enum OutLine {
    Line(String),
    End,
}

/// A GTP engine running as a child process.
pub struct GtpEngine {
    command_line: String,
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<OutLine>,
    stderr_tail: Arc<Mutex<VecDeque<String>>>,
    /// Raised by the stderr reader at the end of the stream.
    stderr_done: Arc<AtomicBool>,
    next_id: u64,
    /// Set once the engine has closed its output: no further command can succeed.
    closed: bool,
}

impl GtpEngine {
    /// Start `command_line` (split into words like a shell would, with quotes and backslashes;
    /// no other shell syntax) in `cwd`, or the current folder.
    pub fn spawn(command_line: &str, cwd: Option<&Path>) -> Result<GtpEngine, GtpError> {
        let words = split_command_line(command_line).map_err(GtpError::Spawn)?;
        let (program, args) = words
            .split_first()
            .ok_or_else(|| GtpError::Spawn("empty command line".into()))?;
        let mut command = Command::new(program);
        command
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        if let Some(dir) = cwd {
            command.current_dir(dir);
        }
        let mut child = command
            .spawn()
            .map_err(|e| GtpError::Spawn(format!("{program}: {e}")))?;
        let stdout = child.stdout.take();
        let stderr = child.stderr.take();
        let stdin = child.stdin.take();
        let (tx, lines) = mpsc::channel();
        if let Some(out) = stdout {
            thread::spawn(move || {
                let ended = each_line(out, |line| tx.send(OutLine::Line(line)).is_ok());
                if ended {
                    let _ = tx.send(OutLine::End);
                }
            });
        }
        let stderr_tail = Arc::new(Mutex::new(VecDeque::new()));
        let stderr_done = Arc::new(AtomicBool::new(stderr.is_none()));
        if let Some(err) = stderr {
            let (tail, done) = (Arc::clone(&stderr_tail), Arc::clone(&stderr_done));
            thread::spawn(move || {
                keep_tail(err, &tail);
                done.store(true, Ordering::SeqCst);
            });
        }
        Ok(GtpEngine {
            command_line: command_line.to_string(),
            child,
            stdin,
            lines,
            stderr_tail,
            stderr_done,
            next_id: 1,
            closed: false,
        })
    }

    /// The command line this engine was started with.
    pub fn command_line(&self) -> &str {
        &self.command_line
    }

    /// Send one command and wait up to `timeout` (`None`: forever) for its reply. Returns the
    /// reply text after `=` (trimmed), or the error; a `?` reply is [`GtpError::Refused`].
    pub fn send(&mut self, command: &str, timeout: Option<Duration>) -> Result<String, GtpError> {
        let exited = || GtpError::Exited {
            command: command.to_string(),
        };
        if self.closed {
            return Err(exited());
        }
        let id = self.next_id;
        self.next_id += 1;
        let stdin = self.stdin.as_mut().ok_or_else(exited)?;
        if writeln!(stdin, "{id} {command}")
            .and_then(|_| stdin.flush())
            .is_err()
        {
            self.closed = true;
            return Err(exited());
        }
        let start = Instant::now();
        let mut reply: Vec<String> = Vec::new();
        loop {
            let next = match timeout {
                None => self
                    .lines
                    .recv()
                    .map_err(|_| RecvTimeoutError::Disconnected),
                Some(limit) => {
                    let left = limit.saturating_sub(start.elapsed());
                    self.lines.recv_timeout(left)
                }
            };
            let line = match next {
                Ok(OutLine::Line(line)) => line,
                Ok(OutLine::End) | Err(RecvTimeoutError::Disconnected) => {
                    self.closed = true;
                    self.wait_for_stderr();
                    return Err(exited());
                }
                Err(RecvTimeoutError::Timeout) => {
                    return Err(GtpError::Timeout {
                        command: command.to_string(),
                        waited: start.elapsed(),
                    })
                }
            };
            if reply.is_empty() {
                if line.trim().is_empty() {
                    continue; // blank lines before a reply are tolerated
                }
                if !line.starts_with(['=', '?']) {
                    return Err(GtpError::Garbage {
                        command: command.to_string(),
                        line,
                    });
                }
                reply.push(line);
            } else if line.trim().is_empty() {
                break;
            } else {
                reply.push(line);
            }
        }
        let text = reply.join("\n");
        let ok = text.starts_with('=');
        // Drop the status character and the echoed id, if any.
        let body = text[1..].trim_start_matches(|c: char| c.is_ascii_digit());
        let echoed = &text[1..text.len() - body.len()];
        if !echoed.is_empty() && echoed != id.to_string() {
            return Err(GtpError::Garbage {
                command: command.to_string(),
                line: text,
            });
        }
        let body = body.trim().to_string();
        if ok {
            Ok(body)
        } else {
            Err(GtpError::Refused {
                command: command.to_string(),
                message: body,
            })
        }
    }

    /// After the engine closed its output, give its last stderr lines a moment to arrive, so
    /// that the record of a crash holds its last words.
    fn wait_for_stderr(&self) {
        let deadline = Instant::now() + STDERR_SETTLE;
        while !self.stderr_done.load(Ordering::SeqCst) && Instant::now() < deadline {
            thread::sleep(Duration::from_millis(5));
        }
    }

    /// The engine's last stderr lines, oldest first, joined by newlines.
    pub fn stderr_tail(&self) -> String {
        match self.stderr_tail.lock() {
            Ok(tail) => tail.iter().cloned().collect::<Vec<_>>().join("\n"),
            Err(_) => String::new(),
        }
    }

    /// Send `quit`, give the engine a moment to exit, then make sure it is gone.
    pub fn quit(mut self) {
        if !self.closed {
            let _ = self.send("quit", Some(QUIT_GRACE));
        }
        self.stop();
    }

    fn stop(&mut self) {
        self.stdin = None; // closing stdin asks a well-behaved engine to exit
        let deadline = Instant::now() + QUIT_GRACE;
        loop {
            match self.child.try_wait() {
                Ok(Some(_)) => return,
                Ok(None) if Instant::now() < deadline => thread::sleep(Duration::from_millis(10)),
                _ => break,
            }
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for GtpEngine {
    fn drop(&mut self) {
        if let Ok(None) = self.child.try_wait() {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}

/// Read `stream` line by line, keeping only the last [`STDERR_TAIL_LINES`].
fn keep_tail(stream: impl Read, tail: &Mutex<VecDeque<String>>) {
    each_line(stream, |line| {
        if let Ok(mut t) = tail.lock() {
            if t.len() == STDERR_TAIL_LINES {
                t.pop_front();
            }
            t.push_back(line.trim_end().to_string());
        }
        true
    });
}

/// Hand each line of `stream` (bad UTF-8 replaced, without its line end) to `take` until the
/// stream ends (then `true`) or `take` says to stop (`false`).
fn each_line(stream: impl Read, mut take: impl FnMut(String) -> bool) -> bool {
    let mut reader = BufReader::new(stream);
    let mut buf = Vec::new();
    loop {
        buf.clear();
        match reader.read_until(b'\n', &mut buf) {
            Ok(0) | Err(_) => return true,
            Ok(_) => {
                let text = String::from_utf8_lossy(&buf);
                if !take(text.trim_end_matches(['\n', '\r']).to_string()) {
                    return false;
                }
            }
        }
    }
}

/// The `tengen` binary beside the running one (the runners' default engine and referee), if it
/// is there.
pub fn tengen_beside_this_binary() -> Option<String> {
    let exe = std::env::current_exe().ok()?;
    let tengen = exe.parent()?.join("tengen");
    tengen
        .is_file()
        .then(|| tengen.to_string_lossy().into_owned())
}

/// Split a command line into words: whitespace separates, single quotes keep everything,
/// double quotes keep everything but `\"` and `\\`, a backslash outside quotes escapes the next
/// character.
pub fn split_command_line(line: &str) -> Result<Vec<String>, String> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut in_word = false;
    let mut chars = line.chars();
    while let Some(c) = chars.next() {
        match c {
            c if c.is_whitespace() => {
                if in_word {
                    words.push(std::mem::take(&mut word));
                    in_word = false;
                }
            }
            '\'' => {
                in_word = true;
                loop {
                    match chars.next() {
                        Some('\'') => break,
                        Some(c) => word.push(c),
                        None => return Err("unterminated single quote".into()),
                    }
                }
            }
            '"' => {
                in_word = true;
                loop {
                    match chars.next() {
                        Some('"') => break,
                        Some('\\') => match chars.next() {
                            Some(c @ ('"' | '\\')) => word.push(c),
                            Some(c) => {
                                word.push('\\');
                                word.push(c);
                            }
                            None => return Err("unterminated double quote".into()),
                        },
                        Some(c) => word.push(c),
                        None => return Err("unterminated double quote".into()),
                    }
                }
            }
            '\\' => {
                in_word = true;
                if let Some(c) = chars.next() {
                    word.push(c);
                }
            }
            c => {
                in_word = true;
                word.push(c);
            }
        }
    }
    if in_word {
        words.push(word);
    }
    Ok(words)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn command_lines_split_like_a_shell() {
        let w = split_command_line(r#"gnugo --mode gtp  --level 10 'a b' "c \"d\"" e\ f"#);
        assert_eq!(
            w.unwrap(),
            ["gnugo", "--mode", "gtp", "--level", "10", "a b", "c \"d\"", "e f"]
        );
        assert_eq!(split_command_line("  ").unwrap(), Vec::<String>::new());
        assert_eq!(split_command_line("''").unwrap(), [""]);
        assert!(split_command_line("'open").is_err());
        assert!(split_command_line("\"open").is_err());
    }

    #[test]
    fn a_missing_program_is_a_spawn_error() {
        let e = GtpEngine::spawn("/nonexistent/engine --gtp", None).err();
        assert!(matches!(e, Some(GtpError::Spawn(_))), "{e:?}");
        assert!(matches!(
            GtpEngine::spawn("   ", None).err(),
            Some(GtpError::Spawn(_))
        ));
    }
}
