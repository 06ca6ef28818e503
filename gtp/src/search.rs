//! A search the front end asks of the player: what it is for (a move, an analysis stream, a
//! GoGui display, pondering), how it is limited, and how its progress is printed. The server
//! runs it on a worker thread; [`crate::session::Session::finish`] turns the result into the
//! reply.

use crate::analysis::{info_line, Display, StreamFormat};
use std::sync::atomic::AtomicBool;
use std::time::Duration;
use tengen_engine::player::{Analysis, Decision, Player, SearchLimits};
use tengen_engine::time::Allowance;
use tengen_engine::{Color, Game};

/// The per-move budget the front end keeps when no clock says otherwise (`--time`,
/// `--playouts`, `tengen-param time|playouts`).
#[derive(Clone, Debug, PartialEq)]
pub struct MoveBudget {
    /// Wall time per move; used only when `playouts` is `None`.
    pub time: Option<Duration>,
    /// Exactly this many playouts per move, no early stop.
    pub playouts: Option<u64>,
}

/// Seconds per move when neither `--time` nor `--playouts` is given and no clock is set.
pub const DEFAULT_SECONDS_PER_MOVE: f64 = 5.0;

impl Default for MoveBudget {
    fn default() -> MoveBudget {
        MoveBudget {
            time: Some(Duration::from_secs_f64(DEFAULT_SECONDS_PER_MOVE)),
            playouts: None,
        }
    }
}

impl MoveBudget {
    /// The limits of one move. A playout budget replaces the default time (so that a fixed
    /// playout count gives the same move on a loaded machine); the clock's allowance, when
    /// there is one, always applies, so the game is never lost on time. Under a clock the
    /// search may think longer than planned while in doubt, and stops early only where the time
    /// it saves serves later moves.
    pub fn limits(&self, clock: Option<Allowance>) -> SearchLimits {
        match (self.playouts, clock) {
            (Some(n), clock) => SearchLimits {
                time: clock.map(|a| a.most),
                ..SearchLimits::playouts(n)
            },
            (None, Some(a)) => SearchLimits {
                time: Some(a.planned),
                max_time: Some(a.most),
                early_stop: a.banked,
                ..SearchLimits::unlimited()
            },
            (None, None) => match self.time {
                Some(t) => SearchLimits::time(t),
                None => SearchLimits::unlimited(),
            },
        }
    }
}

/// A stream of `info` lines (`lz-analyze`, `kata-genmove_analyze`, ...).
#[derive(Clone, Debug, PartialEq)]
pub struct Stream {
    pub format: StreamFormat,
    /// Time between two lines.
    pub interval: Duration,
}

/// What a search is for.
#[derive(Clone, Debug, PartialEq)]
pub enum Task {
    /// Choose a move: `genmove`, `kgs-genmove_cleanup` and `*-genmove_analyze` play it,
    /// `reg_genmove` (`play: false`) only names it.
    Genmove {
        limits: SearchLimits,
        play: bool,
        stream: Option<Stream>,
    },
    /// Analyse until the next input line (`lz-analyze`, `kata-analyze`).
    Analyze { stream: Stream },
    /// Search with the move budget and show the result in GoGui.
    Show {
        limits: SearchLimits,
        display: Display,
    },
    /// Think on the opponent's time until the next input line; prints nothing.
    Ponder,
}

/// One search request.
#[derive(Clone, Debug, PartialEq)]
pub struct Search {
    /// The id of the command that asked for it (none for pondering).
    pub id: Option<String>,
    /// The colour searched for.
    pub color: Color,
    pub task: Task,
}

/// Longest interval between the player's progress reports to an analysis stream.
const REPORT_TICK: Duration = Duration::from_millis(100);

/// Interval between progress reports of searches that print none (the player's own choice
/// applies to genmove; this one to pondering).
const QUIET_INTERVAL: Duration = Duration::from_secs(1);

impl Search {
    /// Does the reply start (`=id` on a line of its own) before the search ends?
    pub fn streams(&self) -> bool {
        match &self.task {
            Task::Genmove { stream, .. } => stream.is_some(),
            Task::Analyze { .. } => true,
            Task::Show { .. } | Task::Ponder => false,
        }
    }

    /// Does any input line end this search? Streams and pondering stop for anything; a
    /// plain move or display search stops early only on GoGui's `# interrupt` or `quit`.
    pub fn stops_on_any_input(&self) -> bool {
        self.streams() || self.task == Task::Ponder
    }

    /// The time budget, if any: the server stops the search itself a little after it.
    pub fn time_limit(&self) -> Option<Duration> {
        match &self.task {
            Task::Genmove { limits, .. } | Task::Show { limits, .. } => limits.latest(),
            Task::Analyze { .. } | Task::Ponder => None,
        }
    }

    /// Time between two printed lines, for streams.
    pub fn interval(&self) -> Option<Duration> {
        match &self.task {
            Task::Genmove { stream, .. } => stream.as_ref().map(|s| s.interval),
            Task::Analyze { stream } => Some(stream.interval),
            Task::Show { .. } | Task::Ponder => None,
        }
    }

    /// The stream line for a progress report, if this search prints them.
    pub fn report_line(&self, analysis: &Analysis, game: &Game) -> Option<String> {
        let stream = match &self.task {
            Task::Genmove { stream, .. } => stream.as_ref()?,
            Task::Analyze { stream } => stream,
            Task::Show { .. } | Task::Ponder => return None,
        };
        info_line(
            &stream.format,
            analysis,
            game.board().geometry(),
            self.color,
        )
    }

    /// Run the search on `player` (on the worker thread). Returns the decision and final
    /// analysis of move searches, `None` for analysis and pondering.
    pub fn run(
        &self,
        player: &mut dyn Player,
        game: &Game,
        stop: &AtomicBool,
        report: &mut dyn FnMut(&Analysis),
    ) -> Option<(Decision, Analysis)> {
        match &self.task {
            Task::Genmove { limits, .. } | Task::Show { limits, .. } => {
                Some(player.genmove(game, self.color, limits, stop, report))
            }
            Task::Analyze { stream } => {
                // Reports come often so that the first line shows at once; the server prints
                // one per stream interval.
                let tick = stream.interval.min(REPORT_TICK);
                player.analyze(game, self.color, stop, tick, report);
                None
            }
            Task::Ponder => {
                player.analyze(game, self.color, stop, QUIET_INTERVAL, &mut |_| {});
                None
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn playouts_replace_the_default_time_but_not_the_clock() {
        let budget = MoveBudget {
            time: Some(Duration::from_secs(5)),
            playouts: Some(5000),
        };
        assert_eq!(budget.limits(None), SearchLimits::playouts(5000));
        let allowance = Allowance {
            planned: Duration::from_millis(800),
            most: Duration::from_millis(1500),
            banked: true,
        };
        let clocked = budget.limits(Some(allowance));
        assert_eq!(
            clocked.time,
            Some(allowance.most),
            "the clock's limit, not its plan"
        );
        assert_eq!(clocked.playouts, Some(5000));
        assert!(!clocked.early_stop);
    }

    #[test]
    fn the_clock_overrides_the_default_time() {
        let budget = MoveBudget::default();
        assert_eq!(
            budget.limits(None).time,
            Some(Duration::from_secs_f64(DEFAULT_SECONDS_PER_MOVE))
        );
        let allowance = Allowance {
            planned: Duration::from_secs(2),
            most: Duration::from_secs(5),
            banked: true,
        };
        let limits = budget.limits(Some(allowance));
        assert_eq!(limits.time, Some(Duration::from_secs(2)));
        assert_eq!(limits.max_time, Some(Duration::from_secs(5)));
        assert_eq!(limits.latest(), Some(Duration::from_secs(5)));
        assert!(limits.early_stop);
        // Where saved time is lost, the search uses all of it.
        let period = Allowance {
            banked: false,
            ..Allowance::fixed(Duration::from_millis(850))
        };
        assert!(!budget.limits(Some(period)).early_stop);
    }
}
