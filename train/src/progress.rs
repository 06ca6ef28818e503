//! A progress bar on standard error: one line redrawn at most five times a second, with the
//! count, the rate and the time left. Silent when disabled (tests, scripts).

use std::io::Write;
use std::time::{Duration, Instant};

/// Width of the bar in characters.
const BAR_WIDTH: usize = 30;
/// Least time between two redraws.
const REDRAW: Duration = Duration::from_millis(200);

/// One task's progress: `set(done)` as work advances, `finish()` at the end.
pub struct Progress {
    label: String,
    total: usize,
    done: usize,
    start: Instant,
    last_draw: Option<Instant>,
    enabled: bool,
}

impl Progress {
    /// A bar for `total` units of work, drawn on standard error when `enabled`.
    pub fn new(label: &str, total: usize, enabled: bool) -> Progress {
        Progress {
            label: label.to_string(),
            total: total.max(1),
            done: 0,
            start: Instant::now(),
            last_draw: None,
            enabled,
        }
    }

    /// A bar that never draws.
    pub fn hidden() -> Progress {
        Progress::new("", 1, false)
    }

    /// Record that `done` units are complete.
    pub fn set(&mut self, done: usize) {
        self.done = done.min(self.total);
        let now = Instant::now();
        let due = match self.last_draw {
            None => true,
            Some(t) => now - t >= REDRAW,
        };
        if self.enabled && due {
            self.last_draw = Some(now);
            self.draw(false);
        }
    }

    /// Draw the final state and end the line; returns the time taken.
    pub fn finish(&mut self) -> Duration {
        self.done = self.total;
        if self.enabled {
            self.draw(true);
        }
        self.start.elapsed()
    }

    fn draw(&self, last: bool) {
        let fraction = self.done as f64 / self.total as f64;
        let filled = (fraction * BAR_WIDTH as f64) as usize;
        let elapsed = self.start.elapsed().as_secs_f64();
        let left = if self.done > 0 {
            elapsed * (self.total - self.done) as f64 / self.done as f64
        } else {
            0.0
        };
        let mut err = std::io::stderr().lock();
        let _ = write!(
            err,
            "\r{:<14} [{}{}] {:>3.0}% {}/{} {:.0}s, {:.0}s left ",
            self.label,
            "#".repeat(filled),
            ".".repeat(BAR_WIDTH - filled),
            100.0 * fraction,
            self.done,
            self.total,
            elapsed,
            left
        );
        if last {
            let _ = writeln!(err);
        }
        let _ = err.flush();
    }
}
