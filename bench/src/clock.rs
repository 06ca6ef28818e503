//! Game clocks as a referee keeps them: absolute time, Japanese byo-yomi and Canadian overtime.
//!
//! The referee measures each move's wall time, takes off the lag allowance, and charges the rest
//! to the mover's [`Clock`]. A clock that runs out has "flagged": that player has lost on time.
//! The clock also writes the GTP commands that tell an engine about it (`time_settings` or
//! `kgs-time_settings`, and `time_left` before every `genmove`).

use std::fmt;
use std::str::FromStr;

/// A time system, in seconds.
#[derive(Copy, Clone, Debug, PartialEq)]
pub enum TimeControl {
    /// No clock: each move is only bounded by the runner's hang timeout.
    None,
    /// One budget for the whole game.
    Absolute { main: f64 },
    /// Main time, then `periods` periods of `period` seconds: a move finished within a period
    /// keeps it; each full period a move overruns uses one up; overrunning the last loses.
    Byoyomi {
        main: f64,
        period: f64,
        periods: u32,
    },
    /// Main time, then `stones` moves to play in every `period` seconds (each period afresh).
    Canadian { main: f64, period: f64, stones: u32 },
}

impl TimeControl {
    /// The main time, seconds (0 without a clock).
    pub fn main(&self) -> f64 {
        match *self {
            TimeControl::None => 0.0,
            TimeControl::Absolute { main }
            | TimeControl::Byoyomi { main, .. }
            | TimeControl::Canadian { main, .. } => main,
        }
    }
}

/// The text of a time control is not one of the forms [`TimeControl::from_str`] reads.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseTimeControlError(String);

impl fmt::Display for ParseTimeControlError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "bad time control {:?}: expected none, absolute:MAIN, byoyomi:MAIN:PERIOD:PERIODS \
             or canadian:MAIN:PERIOD:STONES (seconds)",
            self.0
        )
    }
}

impl std::error::Error for ParseTimeControlError {}

impl FromStr for TimeControl {
    type Err = ParseTimeControlError;

    /// `none`, `absolute:300`, `byoyomi:0:0.5:1`, `canadian:60:30:10` (seconds; any case).
    fn from_str(s: &str) -> Result<TimeControl, ParseTimeControlError> {
        let bad = || ParseTimeControlError(s.to_string());
        let parts: Vec<&str> = s.trim().split(':').collect();
        let secs = |t: &str| -> Result<f64, ParseTimeControlError> {
            t.trim()
                .parse::<f64>()
                .ok()
                .filter(|v| v.is_finite() && *v >= 0.0)
                .ok_or_else(bad)
        };
        let count = |t: &str| -> Result<u32, ParseTimeControlError> {
            t.trim()
                .parse::<u32>()
                .ok()
                .filter(|&n| n > 0)
                .ok_or_else(bad)
        };
        let kind = parts[0].to_ascii_lowercase();
        match (kind.as_str(), &parts[1..]) {
            ("none", []) => Ok(TimeControl::None),
            ("absolute", [main]) => Ok(TimeControl::Absolute { main: secs(main)? }),
            ("byoyomi", [main, period, periods]) => Ok(TimeControl::Byoyomi {
                main: secs(main)?,
                period: secs(period).and_then(|p| if p > 0.0 { Ok(p) } else { Err(bad()) })?,
                periods: count(periods)?,
            }),
            ("canadian", [main, period, stones]) => Ok(TimeControl::Canadian {
                main: secs(main)?,
                period: secs(period).and_then(|p| if p > 0.0 { Ok(p) } else { Err(bad()) })?,
                stones: count(stones)?,
            }),
            _ => Err(bad()),
        }
    }
}

impl fmt::Display for TimeControl {
    /// The same form [`TimeControl::from_str`] reads.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            TimeControl::None => write!(f, "none"),
            TimeControl::Absolute { main } => write!(f, "absolute:{main}"),
            TimeControl::Byoyomi {
                main,
                period,
                periods,
            } => write!(f, "byoyomi:{main}:{period}:{periods}"),
            TimeControl::Canadian {
                main,
                period,
                stones,
            } => write!(f, "canadian:{main}:{period}:{stones}"),
        }
    }
}

impl TimeControl {
    /// The `kgs-time_settings` command for this control.
    pub fn kgs_time_settings(&self) -> String {
        match *self {
            TimeControl::None => "kgs-time_settings none".into(),
            TimeControl::Absolute { main } => format!("kgs-time_settings absolute {main}"),
            TimeControl::Byoyomi {
                main,
                period,
                periods,
            } => format!("kgs-time_settings byoyomi {main} {period} {periods}"),
            TimeControl::Canadian {
                main,
                period,
                stones,
            } => format!("kgs-time_settings canadian {main} {period} {stones}"),
        }
    }

    /// The plain GTP `time_settings` command (Canadian only). Japanese byo-yomi is told as one
    /// stone per period, and only the last period is announced: the engine plans as if it had a
    /// single period, which is safe (it never counts on periods it may already have lost).
    pub fn time_settings(&self) -> String {
        match *self {
            // byo-yomi time > 0 with 0 stones means "no time limit".
            TimeControl::None => "time_settings 0 1 0".into(),
            TimeControl::Absolute { main } => format!("time_settings {main} 0 0"),
            TimeControl::Byoyomi { main, period, .. } => format!("time_settings {main} {period} 1"),
            TimeControl::Canadian {
                main,
                period,
                stones,
            } => format!("time_settings {main} {period} {stones}"),
        }
    }
}

/// Why a clock ran out.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Flagged;

/// One player's clock.
#[derive(Clone, Debug, PartialEq)]
pub struct Clock {
    control: TimeControl,
    /// Main time left.
    main: f64,
    /// Japanese: periods left. Canadian: stones still to play in the current period.
    periods_or_stones: u32,
    /// Canadian: time left in the current period.
    period_left: f64,
}

impl Clock {
    /// A full clock under `control`.
    pub fn new(control: TimeControl) -> Clock {
        let (main, periods_or_stones, period_left) = match control {
            TimeControl::None => (0.0, 0, 0.0),
            TimeControl::Absolute { main } => (main, 0, 0.0),
            TimeControl::Byoyomi { main, periods, .. } => (main, periods, 0.0),
            TimeControl::Canadian {
                main,
                period,
                stones,
            } => (main, stones, period),
        };
        Clock {
            control,
            main,
            periods_or_stones,
            period_left,
        }
    }

    /// The time control this clock runs.
    pub fn control(&self) -> TimeControl {
        self.control
    }

    /// Is main time used up?
    pub fn in_overtime(&self) -> bool {
        self.main <= 0.0
    }

    /// Main time left, seconds.
    pub fn main_left(&self) -> f64 {
        self.main
    }

    /// The longest the next move may take before this clock flags (`None`: no clock).
    pub fn max_move_time(&self) -> Option<f64> {
        match self.control {
            TimeControl::None => None,
            TimeControl::Absolute { .. } => Some(self.main),
            TimeControl::Byoyomi { period, .. } => {
                Some(self.main + period * f64::from(self.periods_or_stones))
            }
            TimeControl::Canadian { .. } => Some(self.main + self.period_left),
        }
    }

    /// `(seconds, stones)` for GTP `time_left`: main time and 0 while in main time; then the
    /// current period and the periods left (Japanese, as KGS sends it) or the stones left in
    /// the period (Canadian). `None` without a clock.
    pub fn time_left(&self) -> Option<(f64, u32)> {
        match self.control {
            TimeControl::None => None,
            TimeControl::Absolute { .. } => Some((self.main, 0)),
            _ if !self.in_overtime() => Some((self.main, 0)),
            TimeControl::Byoyomi { period, .. } => Some((period, self.periods_or_stones)),
            TimeControl::Canadian { .. } => Some((self.period_left, self.periods_or_stones)),
        }
    }

    /// The SGF time-left properties' values after a move: seconds left (`BL`/`WL`) and, in
    /// overtime, periods or stones left (`OB`/`OW`).
    pub fn sgf_time_left(&self) -> Option<(f64, Option<u32>)> {
        match self.control {
            TimeControl::None => None,
            TimeControl::Absolute { .. } => Some((self.main, None)),
            _ => self
                .time_left()
                .map(|(secs, n)| (secs, self.in_overtime().then_some(n))),
        }
    }

    /// Charge `used` seconds of thinking to this clock. `Err(Flagged)` if it ran out.
    pub fn charge(&mut self, used: f64) -> Result<(), Flagged> {
        let used = used.max(0.0);
        if self.control == TimeControl::None {
            return Ok(());
        }
        if used <= self.main {
            self.main -= used;
            return Ok(());
        }
        let over = used - self.main;
        self.main = 0.0;
        match self.control {
            TimeControl::None => Ok(()),
            TimeControl::Absolute { .. } => Err(Flagged),
            TimeControl::Byoyomi { period, .. } => {
                // A move within one period keeps it; every full period beyond costs one.
                let lost = ((over / period).ceil() as u32).saturating_sub(1);
                if lost >= self.periods_or_stones {
                    self.periods_or_stones = 0;
                    Err(Flagged)
                } else {
                    self.periods_or_stones -= lost;
                    Ok(())
                }
            }
            TimeControl::Canadian { period, stones, .. } => {
                if over > self.period_left {
                    self.period_left = 0.0;
                    return Err(Flagged);
                }
                self.period_left -= over;
                self.periods_or_stones -= 1;
                if self.periods_or_stones == 0 {
                    self.period_left = period;
                    self.periods_or_stones = stones;
                }
                Ok(())
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn time_controls_parse_and_print_back() {
        for text in [
            "none",
            "absolute:300",
            "byoyomi:0:0.5:1",
            "canadian:60:30:10",
        ] {
            let tc: TimeControl = text.parse().unwrap();
            assert_eq!(tc.to_string(), text);
        }
        for bad in [
            "",
            "fast",
            "absolute",
            "absolute:-1",
            "absolute:nan",
            "byoyomi:0:0:1",
            "byoyomi:0:1:0",
            "canadian:1:2",
            "none:1",
        ] {
            assert!(bad.parse::<TimeControl>().is_err(), "{bad}");
        }
    }

    #[test]
    fn absolute_time_flags_when_spent() {
        let mut c = Clock::new(TimeControl::Absolute { main: 10.0 });
        assert_eq!(c.charge(4.0), Ok(()));
        assert_eq!(c.time_left(), Some((6.0, 0)));
        assert_eq!(c.max_move_time(), Some(6.0));
        assert_eq!(c.charge(6.5), Err(Flagged));
    }

    #[test]
    fn japanese_byoyomi_loses_one_period_per_full_overrun() {
        let tc = TimeControl::Byoyomi {
            main: 1.0,
            period: 0.5,
            periods: 3,
        };
        let mut c = Clock::new(tc);
        assert_eq!(c.time_left(), Some((1.0, 0)), "main time first");
        // 1.3 s: main time gone, 0.3 s into the first period, which is kept.
        assert_eq!(c.charge(1.3), Ok(()));
        assert_eq!(c.time_left(), Some((0.5, 3)));
        assert_eq!(c.max_move_time(), Some(1.5));
        // 0.7 s overruns one period: two left.
        assert_eq!(c.charge(0.7), Ok(()));
        assert_eq!(c.time_left(), Some((0.5, 2)));
        assert_eq!(c.charge(0.5), Ok(()), "exactly one period is within it");
        assert_eq!(c.charge(1.01), Err(Flagged), "needs a third period");
    }

    #[test]
    fn zero_main_time_starts_in_byoyomi() {
        let mut c = Clock::new(TimeControl::Byoyomi {
            main: 0.0,
            period: 0.05,
            periods: 1,
        });
        assert!(c.in_overtime());
        assert_eq!(c.time_left(), Some((0.05, 1)));
        assert_eq!(c.charge(0.04), Ok(()));
        assert_eq!(c.charge(0.06), Err(Flagged));
    }

    #[test]
    fn canadian_periods_restart_after_their_stones() {
        let mut c = Clock::new(TimeControl::Canadian {
            main: 0.0,
            period: 10.0,
            stones: 2,
        });
        assert_eq!(c.charge(6.0), Ok(()));
        assert_eq!(c.time_left(), Some((4.0, 1)));
        assert_eq!(c.charge(3.0), Ok(()));
        assert_eq!(c.time_left(), Some((10.0, 2)), "a fresh period");
        assert_eq!(c.charge(9.0), Ok(()));
        assert_eq!(c.charge(1.5), Err(Flagged));
    }

    #[test]
    fn gtp_commands_describe_the_control() {
        let tc = TimeControl::Byoyomi {
            main: 0.0,
            period: 0.5,
            periods: 5,
        };
        assert_eq!(tc.kgs_time_settings(), "kgs-time_settings byoyomi 0 0.5 5");
        assert_eq!(tc.time_settings(), "time_settings 0 0.5 1");
        assert_eq!(
            TimeControl::Absolute { main: 60.0 }.time_settings(),
            "time_settings 60 0 0"
        );
        assert_eq!(
            TimeControl::None.kgs_time_settings(),
            "kgs-time_settings none"
        );
        assert_eq!(Clock::new(TimeControl::None).time_left(), None);
        assert_eq!(Clock::new(TimeControl::None).charge(1e9), Ok(()));
    }
}
