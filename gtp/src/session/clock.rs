//! The clock commands (`time_settings`, `kgs-time_settings`, `time_left`) and the limits of a
//! move they lead to.

use super::{color_arg, count_arg, exactly, reply, Outcome, Session};
use tengen_engine::player::SearchLimits;
use tengen_engine::time::{seconds, Clock, TimeSystem};
use tengen_engine::Color;

impl Session {
    pub(super) fn set_time_system(&mut self, system: TimeSystem) {
        self.clocks = [Clock::new(system.clone()), Clock::new(system.clone())];
        self.time_system = system;
    }

    /// `time_settings main byo_yomi stones` (Canadian byo-yomi; see [`TimeSystem::from_gtp`]).
    pub(super) fn time_settings(&mut self, args: &[String]) -> Result<Outcome, String> {
        let [main, byo_yomi, stones] = exactly(args)?;
        let system = TimeSystem::from_gtp(
            seconds_arg(main)?,
            seconds_arg(byo_yomi)?,
            integer_arg(stones)?,
        );
        self.set_time_system(system);
        reply("")
    }

    /// `kgs-time_settings none | absolute M | byoyomi M period periods | canadian M period
    /// stones`.
    pub(super) fn kgs_time_settings(&mut self, args: &[String]) -> Result<Outcome, String> {
        let Some((kind, figures)) = args.split_first() else {
            return Err("expected none, absolute, byoyomi or canadian".into());
        };
        let system = match (kind.to_ascii_lowercase().as_str(), figures) {
            ("none", []) => TimeSystem::None,
            ("absolute", [main]) => TimeSystem::from_gtp(seconds_arg(main)?, 0.0, 0),
            ("byoyomi", [main, period, periods]) => TimeSystem::Byoyomi {
                main: seconds(seconds_arg(main)?),
                period: seconds(seconds_arg(period)?),
                periods: count_arg(periods)?.try_into().unwrap_or(u32::MAX),
            },
            ("canadian", [main, period, stones]) => TimeSystem::from_gtp(
                seconds_arg(main)?,
                seconds_arg(period)?,
                integer_arg(stones)?,
            ),
            _ => return Err("expected none, absolute M, byoyomi M P N or canadian M P S".into()),
        };
        self.set_time_system(system);
        reply("")
    }

    /// `time_left color seconds stones`: the controller's figures replace our bookkeeping.
    pub(super) fn time_left(&mut self, args: &[String]) -> Result<Outcome, String> {
        let [color, left, stones] = exactly(args)?;
        let color = color_arg(color)?;
        let (left, stones) = (seconds_arg(left)?, integer_arg(stones)?);
        self.clocks[color.index()].set_time_left(left, stones);
        reply("")
    }

    /// The limits of a move for `color`: the clock's allowance, else the default budget.
    pub(super) fn move_limits(&self, color: Color) -> SearchLimits {
        let allowance = self
            .time_manager
            .budget(&self.clocks[color.index()], self.game.board());
        self.budget.limits(allowance)
    }
}

/// Seconds as GTP sends them (any number; negative counts as 0 where the clock reads it).
fn seconds_arg(text: &str) -> Result<f64, String> {
    text.parse::<f64>()
        .ok()
        .filter(|s| !s.is_nan())
        .ok_or_else(|| format!("{text:?} is not a number of seconds"))
}

/// A whole number of stones or periods (a float with no fraction is accepted).
fn integer_arg(text: &str) -> Result<i64, String> {
    text.parse::<i64>()
        .or_else(|_| match text.parse::<f64>() {
            Ok(f) if f.fract() == 0.0 && f.abs() < 1e15 => Ok(f as i64),
            _ => Err(()),
        })
        .map_err(|_| format!("{text:?} is not a whole number"))
}
