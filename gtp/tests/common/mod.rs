//! Driving the `tengen` binary from tests: write lines, read lines with a timeout.

#![allow(dead_code)] // each test file uses its own part

use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::thread;
use std::time::Duration;

/// Longest wait for one reply line: far beyond any search the tests ask for.
pub const REPLY_TIMEOUT: Duration = Duration::from_secs(300);

/// A running `tengen` with piped standard input and output.
pub struct Engine {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<Option<String>>,
}

impl Engine {
    /// Start `tengen` with `args` in the folder `dir`.
    pub fn start(args: &[&str], dir: &Path) -> Engine {
        let mut child = Command::new(env!("CARGO_BIN_EXE_tengen"))
            .args(args)
            .current_dir(dir)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("start tengen");
        let stdout = child.stdout.take().expect("piped stdout");
        let (tx, lines) = channel();
        thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                match line {
                    Ok(l) => {
                        if tx.send(Some(l)).is_err() {
                            return;
                        }
                    }
                    Err(_) => break,
                }
            }
            let _ = tx.send(None);
        });
        let stdin = child.stdin.take();
        Engine {
            child,
            stdin,
            lines,
        }
    }

    pub fn send(&mut self, bytes: &[u8]) {
        let stdin = self.stdin.as_mut().expect("stdin open");
        stdin.write_all(bytes).expect("write to tengen");
        stdin.write_all(b"\n").expect("write to tengen");
        stdin.flush().expect("flush");
    }

    /// One line of output; `None` at the end of output.
    pub fn line(&mut self, context: &str) -> Option<String> {
        match self.lines.recv_timeout(REPLY_TIMEOUT) {
            Ok(line) => line,
            Err(RecvTimeoutError::Timeout) => panic!("no reply within the timeout: {context}"),
            Err(RecvTimeoutError::Disconnected) => None,
        }
    }

    /// The rest of a reply, up to its empty line, leaving out `info` lines.
    pub fn rest_of_reply(&mut self, context: &str, out: &mut String) {
        while let Some(line) = self.line(context) {
            if line.is_empty() {
                out.push('\n');
                return;
            }
            if !line.starts_with("info ") {
                out.push_str(&line);
                out.push('\n');
            }
        }
        out.push_str("[end of output]\n");
    }

    pub fn close_and_wait(mut self, out: &mut String) {
        self.close_input();
        match self.wait(Duration::from_secs(60)) {
            Some(code) => out.push_str(&format!("[exit status {code}]\n")),
            None => out.push_str("[still running after 60 s: killed]\n"),
        }
    }

    /// A whole reply: its lines up to the empty line that ends it (`info` lines included).
    pub fn reply(&mut self, context: &str) -> Vec<String> {
        let mut lines = Vec::new();
        while let Some(line) = self.line(context) {
            if line.is_empty() {
                if lines.is_empty() {
                    continue;
                }
                return lines;
            }
            lines.push(line);
        }
        panic!("output ended inside the reply to {context}: {lines:?}");
    }

    /// The lines up to the next empty line, however few (the rest of a stream).
    pub fn until_blank(&mut self, context: &str) -> Vec<String> {
        let mut lines = Vec::new();
        loop {
            match self.line(context) {
                Some(line) if line.is_empty() => return lines,
                Some(line) => lines.push(line),
                None => panic!("output ended before an empty line: {context}: {lines:?}"),
            }
        }
    }

    /// Send `command` and return its whole reply.
    pub fn ask(&mut self, command: &str) -> Vec<String> {
        self.send(command.as_bytes());
        self.reply(command)
    }

    /// Close standard input.
    pub fn close_input(&mut self) {
        drop(self.stdin.take());
    }

    /// The exit code, once the process has ended (`None` if it still runs after `limit`).
    pub fn wait(&mut self, limit: Duration) -> Option<i32> {
        let step = Duration::from_millis(20);
        let mut waited = Duration::ZERO;
        while waited < limit {
            if let Ok(Some(status)) = self.child.try_wait() {
                return Some(status.code().unwrap_or(-1));
            }
            thread::sleep(step);
            waited += step;
        }
        None
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
