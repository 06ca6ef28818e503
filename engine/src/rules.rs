//! The rule set as plain data, with named presets. See `docs/RULES.md` for the rules text.

use std::fmt;
use std::str::FromStr;

/// Which repetitions are forbidden.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum KoRule {
    /// Only the immediate recapture of a single-stone ko.
    Simple,
    /// No move may recreate an earlier arrangement of stones (whoever is to move).
    Positional,
    /// No move may recreate an earlier arrangement of stones with the same player to move.
    Situational,
}

/// How the game is counted.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Scoring {
    /// Stones plus surrounded empty points, after removing dead stones (Chinese counting).
    Area,
    /// Surrounded empty points plus prisoners, after removing dead stones (Japanese counting).
    Territory,
    /// Area counting of the board exactly as it stands: no stone is removed as dead.
    TrompTaylor,
}

/// How many points Black gives White at the count for `n` handicap stones.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum HandicapCompensation {
    /// Nothing (Japanese rules: the stones themselves are the handicap).
    None,
    /// `n - 1` points (AGA style).
    NMinusOne,
    /// `n` points: half a stone per handicap stone (the Chinese rules text).
    N,
}

impl HandicapCompensation {
    /// Points given to White for `stones` handicap stones.
    pub fn points(self, stones: usize) -> f64 {
        match (self, stones) {
            (_, 0) | (HandicapCompensation::None, _) => 0.0,
            (HandicapCompensation::NMinusOne, n) => (n - 1) as f64,
            (HandicapCompensation::N, n) => n as f64,
        }
    }
}

/// Everything the rules leave open, as plain data.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Rules {
    pub ko: KoRule,
    pub scoring: Scoring,
    /// Points given to White; any value, also negative or integer (integer komi allows draws).
    pub komi: f64,
    pub handicap_compensation: HandicapCompensation,
    /// Multi-stone suicide is legal (single-stone suicide never is: it repeats the position).
    pub suicide_allowed: bool,
}

impl Rules {
    /// Chinese rules, the default: positional superko, area counting, komi 7.5, N points of
    /// handicap compensation, no suicide.
    pub const fn chinese() -> Rules {
        Rules {
            ko: KoRule::Positional,
            scoring: Scoring::Area,
            komi: 7.5,
            handicap_compensation: HandicapCompensation::N,
            suicide_allowed: false,
        }
    }

    /// Japanese rules: simple ko, territory counting, komi 6.5, no compensation.
    pub const fn japanese() -> Rules {
        Rules {
            ko: KoRule::Simple,
            scoring: Scoring::Territory,
            komi: 6.5,
            handicap_compensation: HandicapCompensation::None,
            suicide_allowed: false,
        }
    }

    /// Tromp-Taylor rules: positional superko, the board counted as it stands, komi 7.5,
    /// suicide of more than one stone allowed.
    pub const fn tromp_taylor() -> Rules {
        Rules {
            ko: KoRule::Positional,
            scoring: Scoring::TrompTaylor,
            komi: 7.5,
            handicap_compensation: HandicapCompensation::None,
            suicide_allowed: true,
        }
    }

    /// The preset's name, if these rules are exactly one (apart from komi).
    pub fn preset_name(&self) -> Option<&'static str> {
        let same = |r: Rules| {
            Rules {
                komi: self.komi,
                ..r
            } == *self
        };
        if same(Rules::chinese()) {
            Some("chinese")
        } else if same(Rules::japanese()) {
            Some("japanese")
        } else if same(Rules::tromp_taylor()) {
            Some("tromp-taylor")
        } else {
            None
        }
    }
}

impl Default for Rules {
    fn default() -> Rules {
        Rules::chinese()
    }
}

/// The text names no known rule set.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownRules(pub String);

impl fmt::Display for UnknownRules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown rules {:?} (chinese, japanese, tromp-taylor)",
            self.0
        )
    }
}

impl std::error::Error for UnknownRules {}

impl FromStr for Rules {
    type Err = UnknownRules;

    /// `chinese`, `japanese` or `tromp-taylor` (any case; `_` or a space for `-`; SGF's `RU`
    /// spellings `Chinese`, `Japanese`, `Korean` (territory), `NZ`/`AGA` (area) too).
    fn from_str(s: &str) -> Result<Rules, UnknownRules> {
        let key: String = s
            .trim()
            .to_ascii_lowercase()
            .chars()
            .filter(|c| c.is_ascii_alphanumeric())
            .collect();
        match key.as_str() {
            "chinese" | "cn" | "aga" | "nz" | "newzealand" => Ok(Rules::chinese()),
            "japanese" | "jp" | "korean" => Ok(Rules::japanese()),
            "tromptaylor" | "tt" => Ok(Rules::tromp_taylor()),
            _ => Err(UnknownRules(s.to_string())),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn presets_parse_and_name_themselves() {
        for name in ["chinese", "japanese", "tromp-taylor"] {
            let r: Rules = name.parse().unwrap();
            assert_eq!(r.preset_name(), Some(name));
        }
        assert_eq!("Tromp_Taylor".parse::<Rules>(), Ok(Rules::tromp_taylor()));
        assert!("ing".parse::<Rules>().is_err());
        let odd = Rules {
            ko: KoRule::Situational,
            ..Rules::chinese()
        };
        assert_eq!(odd.preset_name(), None);
    }

    #[test]
    fn compensation_counts_stones() {
        assert_eq!(HandicapCompensation::N.points(9), 9.0);
        assert_eq!(HandicapCompensation::NMinusOne.points(9), 8.0);
        assert_eq!(HandicapCompensation::None.points(9), 0.0);
        assert_eq!(HandicapCompensation::N.points(0), 0.0);
        assert_eq!(HandicapCompensation::NMinusOne.points(0), 0.0);
    }
}
