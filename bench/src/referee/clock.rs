//! The referee's side of the clock: the GTP commands that tell an engine about it
//! (`time_settings` or `kgs-time_settings` once, `time_left` before every `genmove`), the SGF
//! properties that record it, and how long the referee waits for a move.
//!
//! The clock rules themselves (what a move costs, periods and stones, when a player has lost on
//! time) are the engine's, [`tengen_engine::time::Clock`]: the referee charges each move's wall
//! time, less the lag allowance, to the mover's clock, exactly as the engine books its own
//! moves.

use crate::gtp_client::{GtpEngine, GtpError};
use std::time::Duration;
use tengen_engine::time::{Clock, TimeSystem};

/// Extra time the runner waits past a clock's flag before giving up on a reply. The result is
/// the same either way (a reply later than the flag loses on time); the slack only keeps a
/// reply that arrives right at the flag from being cut off mid-line.
const FLAG_SLACK: Duration = Duration::from_millis(200);

/// How long to wait for the next move on `clock`: until it flags, plus the lag allowance and a
/// little slack; `None` without a clock.
pub fn move_timeout(clock: &Clock, lag: Duration) -> Option<Duration> {
    clock
        .longest_move()
        .map(|longest| longest.saturating_add(lag) + FLAG_SLACK)
}

/// Seconds left as `time_left` tells them: to the millisecond, without trailing zeros (whole
/// seconds as integers).
pub fn secs_text(d: Duration) -> String {
    let text = format!("{:.3}", d.as_secs_f64());
    text.trim_end_matches('0').trim_end_matches('.').to_string()
}

/// A setting in seconds, as the time system was given (`0.5`, `300`).
fn setting(d: &Duration) -> f64 {
    d.as_secs_f64()
}

/// The `kgs-time_settings` command for `system`.
pub fn kgs_time_settings(system: &TimeSystem) -> String {
    match system {
        TimeSystem::None => "kgs-time_settings none".into(),
        TimeSystem::Absolute { main } => format!("kgs-time_settings absolute {}", setting(main)),
        TimeSystem::Byoyomi {
            main,
            period,
            periods,
        } => format!(
            "kgs-time_settings byoyomi {} {} {periods}",
            setting(main),
            setting(period)
        ),
        TimeSystem::Canadian {
            main,
            period,
            stones,
        } => format!(
            "kgs-time_settings canadian {} {} {stones}",
            setting(main),
            setting(period)
        ),
    }
}

/// The plain GTP `time_settings` command (Canadian only). Japanese byo-yomi is told as one
/// stone per period, and only the last period is announced: the engine plans as if it had a
/// single period, which is safe (it never counts on periods it may already have lost).
pub fn time_settings(system: &TimeSystem) -> String {
    match system {
        // byo-yomi time > 0 with 0 stones means "no time limit".
        TimeSystem::None => "time_settings 0 1 0".into(),
        TimeSystem::Absolute { main } => format!("time_settings {} 0 0", setting(main)),
        TimeSystem::Byoyomi { main, period, .. } => {
            format!("time_settings {} {} 1", setting(main), setting(period))
        }
        TimeSystem::Canadian {
            main,
            period,
            stones,
        } => format!(
            "time_settings {} {} {stones}",
            setting(main),
            setting(period)
        ),
    }
}

/// The `time_left` command for `color` (`b` or `w`) with `clock`'s figures; `None` without a
/// clock.
pub fn time_left(color: &str, clock: &Clock) -> Option<String> {
    let (left, stones) = clock.time_left()?;
    Some(format!("time_left {color} {} {stones}", secs_text(left)))
}

/// A clock command with its seconds as whole numbers, for engines that refuse fractions (GTP's
/// draft types them as integers). Rounded down: an engine told less time than it has only
/// hurries, while rounding up would make it overrun (0.5 s told as 1 s is a loss on time). A
/// period under a second becomes 0, which every reading takes as "move at once".
fn integer_seconds(command: &str) -> String {
    command
        .split(' ')
        .map(|w| match w.parse::<f64>() {
            Ok(v) if w.contains('.') => format!("{}", v.floor().max(0.0) as i64),
            _ => w.to_string(),
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// Send a clock command; engines that refuse fractional seconds get whole ones. A refusal of
/// both is not a fault: an engine may ignore clocks (and then risks losing on time).
pub fn send(engine: &mut GtpEngine, command: &str, timeout: Duration) -> Result<(), GtpError> {
    match engine.send(command, Some(timeout)) {
        Ok(_) => Ok(()),
        Err(GtpError::Refused { .. }) => {
            let whole = integer_seconds(command);
            match engine.send(&whole, Some(timeout)) {
                Ok(_) | Err(GtpError::Refused { .. }) => Ok(()),
                Err(e) => Err(e),
            }
        }
        Err(e) => Err(e),
    }
}

/// The SGF properties of the time left after `color`'s move (`B` or `W`): seconds left
/// (`BL`/`WL`) and, in byo-yomi, the periods or stones left (`OB`/`OW`).
pub fn sgf_time_left(color: &str, clock: &Clock) -> Vec<(String, String)> {
    let Some((left, n)) = clock.time_left() else {
        return Vec::new();
    };
    let mut props = vec![(format!("{color}L"), format!("{:.3}", left.as_secs_f64()))];
    if clock.in_byoyomi() {
        props.push((format!("O{color}"), n.to_string()));
    }
    props
}

/// SGF's `TM` (main time) and `OT` (the overtime system in words); none without a clock.
pub fn sgf_time_system(system: &TimeSystem) -> Vec<(String, String)> {
    let overtime = match system {
        TimeSystem::None => return Vec::new(),
        TimeSystem::Absolute { .. } => "none".to_string(),
        TimeSystem::Byoyomi {
            period, periods, ..
        } => format!("{periods}x{} byo-yomi", secs_text(*period)),
        TimeSystem::Canadian { period, stones, .. } => {
            format!("{stones}/{} Canadian", secs_text(*period))
        }
    };
    vec![
        ("TM".into(), secs_text(system.main())),
        ("OT".into(), overtime),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn system(text: &str) -> TimeSystem {
        text.parse().unwrap()
    }

    #[test]
    fn clock_numbers_are_whole_when_they_can_be() {
        let secs = Duration::from_secs_f64;
        assert_eq!(secs_text(secs(30.0)), "30");
        assert_eq!(secs_text(secs(0.05)), "0.05");
        assert_eq!(secs_text(secs(0.5)), "0.5");
        assert_eq!(secs_text(secs(0.0004)), "0");
        assert_eq!(secs_text(secs(58.7654321)), "58.765");
        assert_eq!(integer_seconds("time_left b 0.450 1"), "time_left b 0 1");
        assert_eq!(
            integer_seconds("time_settings 0 2.5 1"),
            "time_settings 0 2 1"
        );
    }

    #[test]
    fn gtp_commands_describe_the_control() {
        let byoyomi = system("byoyomi:0:0.5:5");
        assert_eq!(
            kgs_time_settings(&byoyomi),
            "kgs-time_settings byoyomi 0 0.5 5"
        );
        assert_eq!(time_settings(&byoyomi), "time_settings 0 0.5 1");
        assert_eq!(
            time_settings(&system("absolute:60")),
            "time_settings 60 0 0"
        );
        assert_eq!(
            kgs_time_settings(&TimeSystem::None),
            "kgs-time_settings none"
        );
        assert_eq!(time_left("b", &Clock::new(TimeSystem::None)), None);
    }

    #[test]
    fn time_left_and_the_record_follow_the_clock() {
        let mut clock = Clock::new(system("byoyomi:1:0.5:3"));
        assert_eq!(time_left("b", &clock).unwrap(), "time_left b 1 0");
        assert_eq!(sgf_time_left("B", &clock), [("BL".into(), "1.000".into())]);
        clock.spend(Duration::from_secs_f64(2.2)).unwrap();
        assert_eq!(time_left("w", &clock).unwrap(), "time_left w 0.5 1");
        assert_eq!(
            sgf_time_left("W", &clock),
            [
                ("WL".to_string(), "0.500".to_string()),
                ("OW".to_string(), "1".to_string())
            ]
        );
        assert_eq!(
            move_timeout(&clock, Duration::from_secs(1)),
            Some(Duration::from_millis(1700))
        );
        let canadian = system("canadian:60:30:10");
        assert_eq!(
            sgf_time_system(&canadian),
            [
                ("TM".to_string(), "60".to_string()),
                ("OT".to_string(), "10/30 Canadian".to_string())
            ]
        );
        assert!(sgf_time_system(&TimeSystem::None).is_empty());
    }
}
