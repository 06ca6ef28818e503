//! The analysis commands (`lz-analyze`, `kata-analyze`, `*-genmove_analyze`) and GoGui's
//! displays: their arguments, and the searches they ask for.

use super::{color_arg, count_arg, Outcome, Session};
use crate::analysis::{Dialect, Display, StreamFormat};
use crate::search::{Search, Stream, Task};
use std::time::Duration;
use tengen_engine::player::SearchLimits;
use tengen_engine::Color;

/// The `key value` options of the analysis commands: Leela Zero's and KataGo's, less
/// `avoid`/`allow` (move restrictions the player cannot honour).
const STREAM_OPTIONS: &[&str] = &[
    "interval",
    "maxmoves",
    "minmoves",
    "ownership",
    "ownershipStdev",
    "movesOwnership",
    "pvVisits",
    "pvEdgeVisits",
    "rootInfo",
];
/// Shortest and default interval of analysis streams, in centiseconds.
pub(super) const MIN_INTERVAL_CS: u64 = 5;
pub(super) const DEFAULT_INTERVAL_CS: u64 = 50;

impl Session {
    /// `[color] [interval] [key value]...` of the analysis commands.
    pub(super) fn stream_args(
        &self,
        args: &[String],
        dialect: Dialect,
    ) -> Result<(Color, Stream), String> {
        let mut rest = args;
        let mut color = self.game.to_move();
        if let Some((first, tail)) = rest.split_first() {
            if let Ok(c) = first.parse::<Color>() {
                color = c;
                rest = tail;
            }
        }
        let mut interval_cs = DEFAULT_INTERVAL_CS;
        if let Some((first, tail)) = rest.split_first() {
            if let Ok(cs) = first.parse::<u64>() {
                interval_cs = cs;
                rest = tail;
            }
        }
        let mut format = StreamFormat {
            dialect,
            ownership: false,
            max_moves: usize::MAX,
        };
        while let Some((key, tail)) = rest.split_first() {
            if !STREAM_OPTIONS.contains(&key.as_str()) {
                return Err(format!("unsupported analysis option {key:?}"));
            }
            let Some((value, tail)) = tail.split_first() else {
                return Err(format!("{key} needs a value"));
            };
            let flag = || match value.to_ascii_lowercase().as_str() {
                "true" => Ok(true),
                "false" => Ok(false),
                _ => Err(format!("{key} must be true or false")),
            };
            match key.as_str() {
                "interval" => interval_cs = count_arg(value)? as u64,
                "maxmoves" => format.max_moves = count_arg(value)?,
                "minmoves" => {
                    count_arg(value)?;
                }
                "ownership" => format.ownership = flag()?,
                _ => {
                    flag()?; // accepted, nothing to show for it
                }
            }
            rest = tail;
        }
        let interval = Duration::from_millis(10 * interval_cs.max(MIN_INTERVAL_CS));
        Ok((color, Stream { format, interval }))
    }

    pub(super) fn analyze(&mut self, args: &[String], dialect: Dialect) -> Result<Outcome, String> {
        let (color, stream) = self.stream_args(args, dialect)?;
        Ok(Outcome::Search(Search {
            id: None,
            color,
            task: Task::Analyze { stream },
        }))
    }

    pub(super) fn genmove_analyze(
        &mut self,
        args: &[String],
        dialect: Dialect,
    ) -> Result<Outcome, String> {
        let (color, stream) = self.stream_args(args, dialect)?;
        Ok(Outcome::Search(Search {
            id: None,
            color,
            task: Task::Genmove {
                limits: self.move_limits(color),
                play: true,
                stream: Some(stream),
            },
        }))
    }

    pub(super) fn show(&mut self, args: &[String], display: Display) -> Result<Outcome, String> {
        let color = match args {
            [] => self.game.to_move(),
            [c] => color_arg(c)?,
            _ => return Err("expected at most a color".into()),
        };
        // The whole move budget, no early stop: a display run again after tree reuse should
        // add a search's worth, not stop at once because the best move is already clear.
        let limits = SearchLimits {
            early_stop: false,
            ..self.budget.limits(None)
        };
        Ok(Outcome::Search(Search {
            id: None,
            color,
            task: Task::Show { limits, display },
        }))
    }
}
