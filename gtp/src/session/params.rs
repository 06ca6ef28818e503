//! `tengen-param`: the parameters GoGui shows and sets, the front end's own (`time`,
//! `playouts`, `ponder`) and the player's.

use super::{reply, Outcome, Session};
use crate::search::Budget;
use std::time::Duration;

impl Session {
    /// `tengen-param`: list the parameters (GoGui's `param` format), or set one.
    pub(super) fn param(&mut self, args: &[String]) -> Result<Outcome, String> {
        let Some((key, value)) = args.split_first() else {
            return reply(self.param_lines()?.join("\n"));
        };
        if value.is_empty() {
            return Err(format!("no value for {key}"));
        }
        self.set_param(key, &value.join(" "))?;
        reply("")
    }

    fn param_lines(&mut self) -> Result<Vec<String>, String> {
        let seconds = self.budget.time.map_or(0.0, |t| t.as_secs_f64());
        let mut lines = vec![
            format!("[string] time {seconds}"),
            format!("[string] playouts {}", self.budget.playouts.unwrap_or(0)),
            format!("[bool] ponder {}", u8::from(self.ponder)),
            format!("[bool] live_gfx {}", u8::from(self.live_gfx)),
        ];
        for (key, value) in self.player()?.params() {
            if key == "ponder" {
                continue;
            }
            lines.push(match value.as_str() {
                "true" | "false" => format!("[bool] {key} {}", u8::from(value == "true")),
                _ => format!("[string] {key} {value}"),
            });
        }
        Ok(lines)
    }

    /// Set one parameter: the front end's own (`time`, `playouts`, `ponder`) or the player's.
    pub fn set_param(&mut self, key: &str, value: &str) -> Result<(), String> {
        match key {
            "time" => {
                let seconds: f64 = value
                    .parse()
                    .ok()
                    .filter(|s: &f64| s.is_finite() && *s >= 0.0)
                    .ok_or_else(|| format!("time must be seconds >= 0, not {value:?}"))?;
                let time = (seconds > 0.0).then(|| Duration::from_secs_f64(seconds));
                self.set_budget(Budget {
                    time,
                    ..self.budget.clone()
                })
            }
            "playouts" => {
                let n: u64 = value
                    .parse()
                    .map_err(|_| format!("playouts must be an integer >= 0, not {value:?}"))?;
                self.set_budget(Budget {
                    playouts: (n > 0).then_some(n),
                    ..self.budget.clone()
                })
            }
            "live_gfx" => {
                self.live_gfx = parse_bool(value)?;
                Ok(())
            }
            "ponder" => {
                let on = parse_bool(value)?;
                let player = self.player()?;
                if player.params().iter().any(|(k, _)| k == "ponder") {
                    player.set_param("ponder", if on { "true" } else { "false" })?;
                }
                self.ponder = on;
                Ok(())
            }
            _ => {
                let player = self.player()?;
                let current = player
                    .params()
                    .into_iter()
                    .find(|(k, _)| k == key)
                    .map(|(_, v)| v);
                match current.as_deref() {
                    None => Err(format!("unknown parameter {key:?}")),
                    Some("true" | "false") => {
                        let on = parse_bool(value)?;
                        player.set_param(key, if on { "true" } else { "false" })
                    }
                    Some(_) => player.set_param(key, value),
                }
            }
        }
    }

    fn set_budget(&mut self, budget: Budget) -> Result<(), String> {
        if budget.time.is_none() && budget.playouts.is_none() {
            return Err("a move needs a time or a playout budget".into());
        }
        self.budget = budget;
        Ok(())
    }
}

/// `true`/`false`/`1`/`0` (GoGui's `param` sends 1 and 0).
fn parse_bool(value: &str) -> Result<bool, String> {
    match value.to_ascii_lowercase().as_str() {
        "1" | "true" | "on" | "yes" => Ok(true),
        "0" | "false" | "off" | "no" => Ok(false),
        _ => Err(format!("expected true or false, not {value:?}")),
    }
}
