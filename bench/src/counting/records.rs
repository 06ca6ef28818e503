//! Reading the records of finished games: which ended by counting (a result such as `W+6.5`),
//! under which rules (KGS's `RU`), and the territory the players' count saved (`TB`/`TW`).

use tengen_engine::sgf::{parse_main_line, sgf_points, GameRecord};
use tengen_engine::{Board, Cell, Game, Geometry, HandicapCompensation, KoRule, Point, Rules};

/// The rules a KGS record names in `RU`, as far as counting goes. KGS counts Japanese games
/// by territory and prisoners, and Chinese, AGA and New Zealand games by area.
pub fn kgs_rules(name: &str) -> Option<Rules> {
    match name.trim().to_ascii_lowercase().as_str() {
        "japanese" => Some(Rules::japanese()),
        "chinese" => Some(Rules::chinese()),
        "aga" => Some(Rules {
            ko: KoRule::Situational,
            handicap_compensation: HandicapCompensation::NMinusOne,
            ..Rules::chinese()
        }),
        "nz" | "new zealand" => Some(Rules {
            ko: KoRule::Situational,
            handicap_compensation: HandicapCompensation::None,
            suicide_allowed: true,
            ..Rules::chinese()
        }),
        _ => None,
    }
}

/// Black's margin in a result text that is a count (`B+3.5` is 3.5, `W+0.5` is -0.5, `0` and
/// `Draw` are 0); `None` for resignations, time, forfeits and anything else.
pub fn parse_result(text: &str) -> Option<f64> {
    let t = text.trim();
    if t == "0" || t.eq_ignore_ascii_case("draw") || t.eq_ignore_ascii_case("jigo") {
        return Some(0.0);
    }
    let (sign, margin) = match t.split_once('+') {
        Some(("B" | "b", m)) => (1.0, m),
        Some(("W" | "w", m)) => (-1.0, m),
        _ => return None,
    };
    margin
        .parse::<f64>()
        .ok()
        .filter(|m| m.is_finite() && *m >= 0.0)
        .map(|m| sign * m)
}

/// One game record whose result is a count.
#[derive(Clone, Debug)]
pub struct CountedGame {
    /// Where it came from, e.g. `KGS-2017-01.sgfs:12`.
    pub source: String,
    pub record: GameRecord,
    /// `RU` as written.
    pub rules_name: String,
    pub rules: Rules,
    /// Black's margin as recorded.
    pub recorded: f64,
    /// The points the players' count gave Black and White (`TB`, `TW`: territory, and the
    /// points of dead stones), when the record saved them.
    pub territory: Option<[Vec<Point>; 2]>,
}

impl CountedGame {
    /// Read one record; `Ok(None)` when it did not end by counting.
    pub fn from_sgf(text: &str, source: &str) -> Result<Option<CountedGame>, String> {
        let nodes = parse_main_line(text).map_err(|e| e.to_string())?;
        let record = GameRecord::from_nodes(&nodes).map_err(|e| e.to_string())?;
        let Some(recorded) = record.result.as_deref().and_then(parse_result) else {
            return Ok(None);
        };
        let rules_name = record.rules.clone().unwrap_or_else(|| "Japanese".into());
        let mut rules =
            kgs_rules(&rules_name).ok_or_else(|| format!("unknown rules {rules_name:?}"))?;
        rules.komi = record.komi.unwrap_or(0.0);
        let geo = Geometry::new(record.size).ok_or("bad size")?;
        let mut territory = [Vec::new(), Vec::new()];
        let mut saved = false;
        for props in &nodes {
            for (id, values) in props {
                let i = match id.as_str() {
                    "TB" => 0,
                    "TW" => 1,
                    _ => continue,
                };
                saved = true;
                for v in values {
                    territory[i].extend(sgf_points(v, geo).map_err(|e| e.to_string())?);
                }
            }
        }
        Ok(Some(CountedGame {
            source: source.to_string(),
            record,
            rules_name,
            rules,
            recorded,
            territory: saved.then_some(territory),
        }))
    }

    /// The final position, replayed by the rules core.
    pub fn final_game(&self) -> Result<Game, String> {
        self.record
            .replay(self.rules, None)
            .map_err(|e| e.to_string())
    }

    /// The stones the players' count removed as dead: those standing on the other side's
    /// saved territory (`None` when the record saved none).
    pub fn players_dead(&self, board: &Board) -> Option<Vec<Point>> {
        let [black, white] = self.territory.as_ref()?;
        let mut dead: Vec<Point> = black
            .iter()
            .filter(|&&p| board.at(p) == Cell::White)
            .chain(white.iter().filter(|&&p| board.at(p) == Cell::Black))
            .copied()
            .collect();
        dead.sort();
        dead.dedup();
        Some(dead)
    }
}

/// Black's margin when tengen counts the final position with the dead stones the players
/// marked (from the saved territory), `None` when the record saved none or does not replay.
pub fn players_count(game: &CountedGame) -> Option<f64> {
    let g = game.final_game().ok()?;
    let dead = game.players_dead(g.board())?;
    Some(g.score(&dead).0)
}

/// Every record of a `.sgfs` file (one game per line) or of an `.sgf` file, with its source
/// name (`file:line`).
pub fn read_records(path: &std::path::Path) -> std::io::Result<Vec<(String, String)>> {
    let text = std::fs::read_to_string(path)?;
    let name = path.file_name().map_or_else(
        || path.display().to_string(),
        |n| n.to_string_lossy().into(),
    );
    if path.extension().is_some_and(|e| e == "sgfs") {
        Ok(text
            .lines()
            .enumerate()
            .filter(|(_, l)| l.contains('('))
            .map(|(i, l)| (format!("{name}:{}", i + 1), l.to_string()))
            .collect())
    } else {
        Ok(vec![(name, text)])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tengen_engine::Scoring;

    #[test]
    fn results_read_as_black_margins() {
        assert_eq!(parse_result("B+6.5"), Some(6.5));
        assert_eq!(parse_result("W+0.50"), Some(-0.5));
        assert_eq!(parse_result("0"), Some(0.0));
        assert_eq!(parse_result("B+Resign"), None);
        assert_eq!(parse_result("W+T"), None);
        assert_eq!(parse_result("B+"), None);
    }

    #[test]
    fn kgs_rule_names_count_by_area_or_territory() {
        assert_eq!(kgs_rules("Japanese").unwrap().scoring, Scoring::Territory);
        for name in ["Chinese", "AGA", "NZ"] {
            assert_eq!(kgs_rules(name).unwrap().scoring, Scoring::Area, "{name}");
        }
        assert!(kgs_rules("Ing").is_none());
    }
}
