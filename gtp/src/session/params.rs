//! `tengen-param`: the parameters GoGui shows and sets, the front end's own (`time`,
//! `playouts`, `ponder`, `live_gfx`, and the time manager's), and every one of the player's,
//! with its kind; all of them, or one [`ParamGroup`] for one of GoGui's parameter dialogs.

use super::{reply, Outcome, Session};
use crate::search::MoveBudget;
use std::time::Duration;
use tengen_engine::player::{Param, ParamError, ParamValue, Player};
use tengen_engine::search::params::PolicyParams;
use tengen_engine::time::TimeManager;
use tengen_engine::tunable::Tunable;

/// The parameters in groups small enough for one GoGui dialog each (GoGui puts at most 15 in a
/// column, so all of them at once made a dialog six columns and some 2,200 pixels wide).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum ParamGroup {
    /// What a user sets: the move budget, threads, memory, seed, pondering, live graphics,
    /// resignation, the opening book.
    Basics,
    /// The time manager's tunables: how a clock's time is shared among the moves.
    Clock,
    /// The tree search's tunables other than the priors: RAVE, expansion, early stop, dynamic
    /// komi.
    Search,
    /// The tree's prior tunables (`prior_*`): the virtual wins a new node starts with.
    Priors,
    /// The playout policy's tunables.
    Policy,
}

impl ParamGroup {
    pub(crate) const ALL: [ParamGroup; 5] = [
        ParamGroup::Basics,
        ParamGroup::Clock,
        ParamGroup::Search,
        ParamGroup::Priors,
        ParamGroup::Policy,
    ];

    /// The word after `tengen-param`.
    pub(crate) fn name(self) -> &'static str {
        match self {
            ParamGroup::Basics => "basics",
            ParamGroup::Clock => "clock",
            ParamGroup::Search => "search",
            ParamGroup::Priors => "priors",
            ParamGroup::Policy => "policy",
        }
    }

    /// The group a parameter is shown in.
    fn of(key: &str) -> ParamGroup {
        if BASICS.contains(&key) {
            ParamGroup::Basics
        } else if Tunable::find(TimeManager::TUNABLES, key).is_some() {
            ParamGroup::Clock
        } else if Tunable::find(PolicyParams::TUNABLES, key).is_some() {
            ParamGroup::Policy
        } else if key.starts_with("prior_") {
            ParamGroup::Priors
        } else {
            ParamGroup::Search
        }
    }

    fn parse(word: &str) -> Option<ParamGroup> {
        ParamGroup::ALL.into_iter().find(|g| g.name() == word)
    }
}

/// The parameters of [`ParamGroup::Basics`], in the order shown.
const BASICS: [&str; 12] = [
    "time",
    "playouts",
    "threads",
    "ponder",
    "live_gfx",
    "max_memory",
    "seed",
    "resign_threshold",
    "resign_moves",
    "resign_min_fill",
    "resign_min_visits",
    "opening_book",
];

impl Session {
    /// `tengen-param`: list the parameters (GoGui's `param` format), all or one group's, or set
    /// one (`tengen-param KEY VALUE`, or `tengen-param GROUP KEY VALUE` as GoGui sends it).
    pub(super) fn param(&mut self, args: &[String]) -> Result<Outcome, String> {
        let (group, args) = match args.split_first() {
            Some((first, rest)) if rest.len() != 1 => match ParamGroup::parse(first) {
                Some(group) => (Some(group), rest),
                None => (None, args),
            },
            _ => (None, args),
        };
        let Some((key, value)) = args.split_first() else {
            return reply(self.param_lines(group)?.join("\n"));
        };
        if value.is_empty() {
            return Err(format!("no value for {key}"));
        }
        if let Some(group) = group.filter(|&g| g != ParamGroup::of(key)) {
            return Err(format!("{key} is not in the {} group", group.name()));
        }
        self.set_param(key, &value.join(" "))?;
        reply("")
    }

    /// The lines `tengen-param` lists, one parameter each: all of them, or one group's.
    pub(crate) fn param_lines(&mut self, group: Option<ParamGroup>) -> Result<Vec<String>, String> {
        let seconds = self.budget.time.map_or(0.0, |t| t.as_secs_f64());
        let mut lines = vec![
            ("time", format!("[string] time {seconds}")),
            (
                "playouts",
                format!("[string] playouts {}", self.budget.playouts.unwrap_or(0)),
            ),
            ("ponder", format!("[bool] ponder {}", u8::from(self.ponder))),
            (
                "live_gfx",
                format!("[bool] live_gfx {}", u8::from(self.live_gfx)),
            ),
        ];
        let mut params: Vec<Param> =
            Tunable::values(TimeManager::TUNABLES, &self.time_manager).collect();
        params.extend(self.player()?.params());
        lines.extend(params.into_iter().map(|Param { name, value }| {
            let line = match value {
                ParamValue::Bool(on) => format!("[bool] {name} {}", u8::from(on)),
                _ => format!("[string] {name} {value}"),
            };
            (name, line)
        }));
        if let Some(group) = group {
            lines.retain(|(name, _)| ParamGroup::of(name) == group);
            if group == ParamGroup::Basics {
                lines.sort_by_key(|(name, _)| BASICS.iter().position(|b| b == name));
            }
        }
        Ok(lines.into_iter().map(|(_, line)| line).collect())
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
                self.set_budget(MoveBudget {
                    time,
                    ..self.budget.clone()
                })
            }
            "playouts" => {
                let n: u64 = value
                    .parse()
                    .map_err(|_| format!("playouts must be an integer >= 0, not {value:?}"))?;
                self.set_budget(MoveBudget {
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

    fn set_budget(&mut self, budget: MoveBudget) -> Result<(), String> {
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
