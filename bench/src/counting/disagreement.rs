//! How tengen's count of a game differs from the recorded result, as data: written to the
//! results file as it is (serde), printed by [`fmt::Display`], and tallied by
//! [`Disagreement::class`], its kind without coordinates and sizes.

use serde::{Deserialize, Serialize};
use std::fmt;
use tengen_engine::Color;

/// Why a counted game does not agree with its recorded result.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Disagreement {
    /// The record's moves do not replay under its rules.
    NoReplay,
    /// The GTP session refused a command or its `final_score` was no count.
    GtpError,
    /// The recorded margin is more than the board has points: the result is not a count.
    MarginOffTheBoard,
    /// The record saved the players' marks (their territory): how their dead stones differ
    /// from tengen's.
    Marks {
        /// Stones tengen calls dead that the players did not mark.
        dead_for_us: usize,
        /// Stones the players marked dead that tengen calls alive.
        alive_for_us: usize,
        /// The only difference is stones tengen calls dead, and every one of them is in atari.
        in_atari: bool,
        /// Do the players' marks, counted by tengen, give the recorded result?
        marks_give_result: bool,
    },
    /// Changing the status of these groups (one or two, sorted as printed) gives the recorded
    /// result: what the players most likely decided.
    Groups { groups: Vec<GroupStatus> },
    /// No change of one or two groups gives the recorded result.
    Unexplained {
        /// Points between tengen's count and the recorded result.
        off: f64,
    },
}

/// A group whose status, as tengen judges it, differs from what the recorded result needs.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GroupStatus {
    #[serde(with = "color_name")]
    pub color: Color,
    pub stones: usize,
    /// Its first stone in board order, as a vertex (`D4`).
    pub at: String,
    /// tengen's judgement; the players' is the other side of dead and alive.
    pub ours: Life,
    /// tengen calls it dead and a stone of it is in atari: players who call such a chain alive
    /// have most likely forgotten to mark it.
    pub in_atari: bool,
}

/// A group's status at the count.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Life {
    Alive,
    Dead,
    Seki,
}

impl fmt::Display for Life {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Life::Alive => "alive",
            Life::Dead => "dead",
            Life::Seki => "seki",
        })
    }
}

impl GroupStatus {
    /// What the players' count makes of it: alive where tengen says dead, else dead.
    pub fn theirs(&self) -> Life {
        if self.ours == Life::Dead {
            Life::Alive
        } else {
            Life::Dead
        }
    }

    /// `(we: dead, in atari)`
    fn ours_text(&self) -> String {
        let atari = if self.in_atari { ", in atari" } else { "" };
        format!("(we: {}{atari})", self.ours)
    }
}

impl fmt::Display for GroupStatus {
    /// `black 3-stone group at D4 alive (we: dead, in atari)`
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} {}-stone group at {} {} {}",
            self.color,
            self.stones,
            self.at,
            self.theirs(),
            self.ours_text()
        )
    }
}

impl Disagreement {
    /// The groups' statuses in the order they are printed.
    pub fn groups(mut groups: Vec<GroupStatus>) -> Disagreement {
        groups.sort_by_key(ToString::to_string);
        Disagreement::Groups { groups }
    }

    /// Does the recorded result need a chain in atari counted alive? Then the players most
    /// likely left a stone unmarked, and a right count cannot agree with the record.
    pub fn needs_chain_in_atari_alive(&self) -> bool {
        match self {
            Disagreement::Marks { in_atari, .. } => *in_atari,
            Disagreement::Groups { groups } => groups.iter().any(|g| g.in_atari),
            _ => false,
        }
    }

    /// The kind of disagreement without coordinates and sizes, for the tally: `players say a
    /// group is alive (we: dead)`, `unexplained by changing one or two groups, off by 3 to 9
    /// points`.
    pub fn class(&self) -> String {
        match self {
            Disagreement::Marks { .. } => format!("players' {}", self.marks_text(false)),
            Disagreement::Groups { groups } => {
                let mut parts: Vec<String> = groups
                    .iter()
                    .map(|g| format!("players say a group is {} {}", g.theirs(), g.ours_text()))
                    .collect();
                parts.sort();
                parts.join(" + ")
            }
            Disagreement::Unexplained { off } => {
                let size = match *off {
                    x if x <= 2.0 => "1 or 2 points",
                    x if x < 10.0 => "3 to 9 points",
                    _ => "10 points or more",
                };
                format!("unexplained by changing one or two groups, off by {size}")
            }
            Disagreement::MarginOffTheBoard => "recorded margin larger than the board".into(),
            Disagreement::NoReplay | Disagreement::GtpError => self.to_string(),
        }
    }

    /// `marks: 3 stones dead for us, alive for the players`, with the counts or without.
    fn marks_text(&self, counts: bool) -> String {
        let Disagreement::Marks {
            dead_for_us,
            alive_for_us,
            in_atari,
            marks_give_result,
        } = *self
        else {
            return String::new();
        };
        if dead_for_us == 0 && alive_for_us == 0 {
            let why = if marks_give_result {
                "tengen's arithmetic"
            } else {
                "the marks do not give the result either"
            };
            return format!("marks: same dead stones, count differs ({why})");
        }
        let stones = |n: usize| {
            if counts {
                format!("{n} stones ")
            } else {
                String::new()
            }
        };
        let mut parts = Vec::new();
        if dead_for_us > 0 {
            let atari = if in_atari { ", in atari" } else { "" };
            parts.push(format!(
                "{}dead for us, alive for the players{atari}",
                stones(dead_for_us)
            ));
        }
        if alive_for_us > 0 {
            parts.push(format!(
                "{}alive for us, dead for the players",
                stones(alive_for_us)
            ));
        }
        let tail = if marks_give_result {
            ""
        } else {
            "; the marks do not give the result either"
        };
        format!("marks: {}{tail}", parts.join(", "))
    }
}

impl fmt::Display for Disagreement {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Disagreement::NoReplay => f.write_str("record does not replay"),
            Disagreement::GtpError => f.write_str("GTP error"),
            Disagreement::MarginOffTheBoard => {
                f.write_str("recorded margin larger than the board, not a count")
            }
            Disagreement::Marks { .. } => f.write_str(&self.marks_text(true)),
            Disagreement::Groups { groups } => {
                let parts: Vec<String> = groups.iter().map(ToString::to_string).collect();
                write!(f, "players: {}", parts.join("; "))
            }
            Disagreement::Unexplained { off } => write!(f, "unexplained, off by {off}"),
        }
    }
}

/// A colour in the results file as its name (`black`, `white`).
mod color_name {
    use serde::{de::Error, Deserialize, Deserializer, Serializer};
    use tengen_engine::Color;

    pub fn serialize<S: Serializer>(color: &Color, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(color)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Color, D::Error> {
        let name = String::deserialize(d)?;
        name.parse()
            .map_err(|_| D::Error::custom(format!("not a colour: {name:?}")))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn group(color: Color, stones: usize, ours: Life, in_atari: bool) -> GroupStatus {
        GroupStatus {
            color,
            stones,
            at: "D4".into(),
            ours,
            in_atari,
        }
    }

    #[test]
    fn disagreements_are_tallied_by_kind_and_size() {
        let off = |off: f64| Disagreement::Unexplained { off }.class();
        assert_eq!(off(1.0), off(2.0));
        assert_ne!(off(2.0), off(3.0));
        assert_eq!(off(3.0), off(9.0));
        assert_ne!(off(9.0), off(10.0));
        let marks = |dead_for_us| Disagreement::Marks {
            dead_for_us,
            alive_for_us: 0,
            in_atari: false,
            marks_give_result: true,
        };
        assert_eq!(
            marks(3).to_string(),
            "marks: 3 stones dead for us, alive for the players"
        );
        assert_eq!(marks(3).class(), marks(12).class());
        assert_eq!(
            marks(3).class(),
            "players' marks: dead for us, alive for the players"
        );
        let one = Disagreement::groups(vec![group(Color::Black, 3, Life::Alive, false)]);
        assert_eq!(
            one.to_string(),
            "players: black 3-stone group at D4 dead (we: alive)"
        );
        assert_eq!(one.class(), "players say a group is dead (we: alive)");
        let two = Disagreement::groups(vec![
            group(Color::White, 1, Life::Dead, true),
            group(Color::Black, 12, Life::Seki, false),
        ]);
        assert_eq!(
            two.to_string(),
            "players: black 12-stone group at D4 dead (we: seki); \
             white 1-stone group at D4 alive (we: dead, in atari)"
        );
        assert_eq!(
            two.class(),
            "players say a group is alive (we: dead, in atari) + \
             players say a group is dead (we: seki)"
        );
        assert!(two.needs_chain_in_atari_alive() && !one.needs_chain_in_atari_alive());
    }

    #[test]
    fn disagreements_are_data_in_the_results_file() {
        let two = Disagreement::groups(vec![group(Color::White, 1, Life::Dead, true)]);
        let line = serde_json::to_string(&two).unwrap();
        assert_eq!(
            line,
            r#"{"kind":"groups","groups":[{"color":"white","stones":1,"at":"D4","ours":"dead","in_atari":true}]}"#
        );
        assert_eq!(serde_json::from_str::<Disagreement>(&line).unwrap(), two);
        let off = Disagreement::Unexplained { off: 12.5 };
        let line = serde_json::to_string(&off).unwrap();
        assert_eq!(line, r#"{"kind":"unexplained","off":12.5}"#);
        assert_eq!(serde_json::from_str::<Disagreement>(&line).unwrap(), off);
    }
}
