//! `tengen-param`: the parameters GoGui shows and sets, the front end's own (`time`,
//! `playouts`, `ponder`, `live_gfx`, and the time manager's), and every one of the player's,
//! with its kind.

use super::{reply, Outcome, Session};
use crate::search::Budget;
use std::time::Duration;
use tengen_engine::player::{Param, ParamError, ParamValue, Player};
use tengen_engine::time::TimeManager;
use tengen_engine::tunable::Tunable;

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

    /// The lines `tengen-param` lists, one parameter each.
    pub(crate) fn param_lines(&mut self) -> Result<Vec<String>, String> {
        let seconds = self.budget.time.map_or(0.0, |t| t.as_secs_f64());
        let mut lines = vec![
            format!("[string] time {seconds}"),
            format!("[string] playouts {}", self.budget.playouts.unwrap_or(0)),
            format!("[bool] ponder {}", u8::from(self.ponder)),
            format!("[bool] live_gfx {}", u8::from(self.live_gfx)),
        ];
        let mut params: Vec<Param> =
            Tunable::values(TimeManager::TUNABLES, &self.time_manager).collect();
        params.extend(self.player()?.params());
        for Param { name, value } in params {
            lines.push(match value {
                ParamValue::Bool(on) => format!("[bool] {name} {}", u8::from(on)),
                _ => format!("[string] {name} {value}"),
            });
        }
        Ok(lines)
    }

    /// Set one parameter: the front end's own (`time`, `playouts`, `ponder`, `live_gfx`, the
    /// time manager's) or the player's, read by the kind of its current value.
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
                self.live_gfx = parse_switch(value)?;
                Ok(())
            }
            // Pondering is the front end's: analysis on the opponent's time.
            "ponder" => {
                self.ponder = parse_switch(value)?;
                Ok(())
            }
            _ => match Tunable::find(TimeManager::TUNABLES, key) {
                Some(t) => {
                    let value = (t.get)(&self.time_manager).parse_like(value)?;
                    t.set_checked(&mut self.time_manager, value)
                        .map_err(|e| e.to_string())
                }
                None => set_player_param(self.player()?, key, value),
            },
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

/// Set the player's parameter `name` from `text`, read as the kind of value it has now.
fn set_player_param(player: &mut dyn Player, name: &str, text: &str) -> Result<(), String> {
    let current = player
        .params()
        .into_iter()
        .find(|p| p.name == name)
        .ok_or_else(|| ParamError::Unknown(name.into()).to_string())?;
    let value = current.value.parse_like(text)?;
    player.set_param(name, value).map_err(|e| e.to_string())
}

/// A front-end switch: read as a player's boolean parameter is.
fn parse_switch(text: &str) -> Result<bool, String> {
    Ok(ParamValue::Bool(false).parse_like(text)? == ParamValue::Bool(true))
}
