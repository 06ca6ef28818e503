//! The statistics of a match: score with a 95% interval, the Elo difference it implies, and the
//! sequential probability ratio test (SPRT) that stops a match once it has decided.
//!
//! Games score 1, ½ or 0 for the engine under test. The score interval is Wilson's (a draw is
//! half a win); the Elo interval is the score interval pushed through the logistic Elo curve.
//! The SPRT uses the per-game variance of the scores (the generalised SPRT).

use std::fmt;
use std::str::FromStr;

/// z for a two-sided 95% interval.
pub const Z95: f64 = 1.959_964;
/// Elo figures are clamped to this size when the score is 0 or 1 (the estimate is infinite).
pub const ELO_CLAMP: f64 = 1000.0;

/// Wins, draws and losses of the engine under test.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
}

impl Tally {
    /// Count one game worth `points` (1, ½ or 0).
    pub fn add(&mut self, points: f64) {
        if points > 0.75 {
            self.wins += 1;
        } else if points < 0.25 {
            self.losses += 1;
        } else {
            self.draws += 1;
        }
    }

    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// Mean points per game, `None` before any game.
    pub fn score(&self) -> Option<f64> {
        let n = self.games();
        (n > 0).then(|| (f64::from(self.wins) + 0.5 * f64::from(self.draws)) / f64::from(n))
    }

    /// The score's 95% interval: Wilson's score interval over the games, a draw counting as
    /// half a win. Unlike the plain normal approximation it stays informative for the small,
    /// lopsided matches people run (6 wins of 6 is not "100% to 100%"), and it is a little
    /// conservative when there are draws (they vary less than the binomial assumes).
    pub fn score_interval(&self) -> Option<(f64, f64)> {
        let p = self.score()?;
        let n = f64::from(self.games());
        let z2 = Z95 * Z95;
        let centre = (p + z2 / (2.0 * n)) / (1.0 + z2 / n);
        let half = Z95 * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt() / (1.0 + z2 / n);
        Some(((centre - half).max(0.0), (centre + half).min(1.0)))
    }

    /// Elo difference with its 95% interval: `(low, estimate, high)`, clamped to ±[`ELO_CLAMP`].
    pub fn elo(&self) -> Option<(f64, f64, f64)> {
        let (lo, hi) = self.score_interval()?;
        Some((
            score_to_elo(lo),
            score_to_elo(self.score()?),
            score_to_elo(hi),
        ))
    }
}

impl fmt::Display for Tally {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "+{} ={} -{}", self.wins, self.draws, self.losses)
    }
}

/// The Elo difference whose expected score is `score`, clamped to ±[`ELO_CLAMP`].
pub fn score_to_elo(score: f64) -> f64 {
    if score <= 0.0 {
        return -ELO_CLAMP;
    }
    if score >= 1.0 {
        return ELO_CLAMP;
    }
    (-400.0 * (1.0 / score - 1.0).log10()).clamp(-ELO_CLAMP, ELO_CLAMP)
}

/// The expected score of a player `elo` points stronger.
pub fn elo_to_score(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// An SPRT of H0: Elo = `elo0` against H1: Elo = `elo1`, with error rates `alpha`, `beta`.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Sprt {
    pub elo0: f64,
    pub elo1: f64,
    pub alpha: f64,
    pub beta: f64,
}

/// What an SPRT says so far.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum SprtDecision {
    /// Not enough evidence yet.
    Continue,
    /// H1: the engine is at least `elo1` stronger (LLR reached the upper bound).
    AcceptH1,
    /// H0: the engine is no more than `elo0` stronger (LLR reached the lower bound).
    AcceptH0,
}

impl fmt::Display for SprtDecision {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            SprtDecision::Continue => "continue",
            SprtDecision::AcceptH1 => "H1 accepted",
            SprtDecision::AcceptH0 => "H0 accepted",
        })
    }
}

/// The text is not `elo0,elo1,alpha,beta` with elo0 < elo1 and error rates in (0, 0.5).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseSprtError(String);

impl fmt::Display for ParseSprtError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "bad SPRT {:?}: expected elo0,elo1,alpha,beta (e.g. 0,10,0.05,0.05) \
             with elo0 < elo1 and 0 < alpha, beta < 0.5",
            self.0
        )
    }
}

impl std::error::Error for ParseSprtError {}

impl FromStr for Sprt {
    type Err = ParseSprtError;

    fn from_str(s: &str) -> Result<Sprt, ParseSprtError> {
        let bad = || ParseSprtError(s.to_string());
        let v: Vec<f64> = s
            .split(',')
            .map(|t| t.trim().parse::<f64>().ok().filter(|x| x.is_finite()))
            .collect::<Option<_>>()
            .ok_or_else(bad)?;
        let &[elo0, elo1, alpha, beta] = v.as_slice() else {
            return Err(bad());
        };
        let rate = |r: f64| r > 0.0 && r < 0.5;
        if elo0 >= elo1 || !rate(alpha) || !rate(beta) {
            return Err(bad());
        }
        Ok(Sprt {
            elo0,
            elo1,
            alpha,
            beta,
        })
    }
}

impl Sprt {
    /// The LLR bounds `(lower, upper)`: accept H0 at or below the lower, H1 at or above the upper.
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    /// The log-likelihood ratio of H1 against H0 after `tally`, by the generalised SPRT's normal
    /// approximation: `n·(s1−s0)·(2·mean − s0 − s1) / (2·variance)`. The variance is taken with
    /// half a win and half a loss added, so that a run of wins only (no spread yet) still counts
    /// as evidence instead of leaving the test undecided forever.
    pub fn llr(&self, tally: &Tally) -> f64 {
        let Some(mean) = tally.score() else {
            return 0.0;
        };
        let n = f64::from(tally.games());
        let (w, d, l) = (
            f64::from(tally.wins) + 0.5,
            f64::from(tally.draws),
            f64::from(tally.losses) + 0.5,
        );
        let m = (w + 0.5 * d) / (n + 1.0);
        let var = (w * (1.0 - m).powi(2) + d * (0.5 - m).powi(2) + l * m.powi(2)) / (n + 1.0);
        let (s0, s1) = (elo_to_score(self.elo0), elo_to_score(self.elo1));
        n * (s1 - s0) * (2.0 * mean - s0 - s1) / (2.0 * var)
    }

    /// The test's verdict after `tally`.
    pub fn decide(&self, tally: &Tally) -> SprtDecision {
        let llr = self.llr(tally);
        let (lower, upper) = self.bounds();
        if llr >= upper {
            SprtDecision::AcceptH1
        } else if llr <= lower {
            SprtDecision::AcceptH0
        } else {
            SprtDecision::Continue
        }
    }
}

/// Mean, smallest and largest of some figures; `None` when there are none.
pub fn mean_min_max(values: impl IntoIterator<Item = f64>) -> Option<(f64, f64, f64)> {
    let (mut n, mut sum, mut lo, mut hi) = (0usize, 0.0, f64::INFINITY, f64::NEG_INFINITY);
    for v in values {
        n += 1;
        sum += v;
        lo = lo.min(v);
        hi = hi.max(v);
    }
    (n > 0).then(|| (sum / n as f64, lo, hi))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tally(wins: u32, draws: u32, losses: u32) -> Tally {
        Tally {
            wins,
            draws,
            losses,
        }
    }

    #[test]
    fn even_results_mean_zero_elo() {
        let t = tally(50, 0, 50);
        let (lo, elo, hi) = t.elo().unwrap();
        assert!(elo.abs() < 1e-9);
        assert!((lo + hi).abs() < 1e-9, "symmetric interval");
        // 100 games at 50%: the score's standard error is 0.05, so the interval is about ±9.6%
        // (Wilson's is a little narrower than ±1.96 standard errors at this size).
        let (slo, shi) = t.score_interval().unwrap();
        assert!((0.095..0.098).contains(&(0.5 - slo)), "{slo}");
        assert!(((0.5 - slo) - (shi - 0.5)).abs() < 1e-12);
    }

    #[test]
    fn elo_and_score_are_inverse() {
        for elo in [-400.0, -100.0, 0.0, 35.0, 200.0] {
            assert!((score_to_elo(elo_to_score(elo)) - elo).abs() < 1e-9);
        }
        // A 76% score is about 200 Elo (the classic rule of thumb).
        assert!((score_to_elo(0.76) - 200.0).abs() < 2.0);
        assert_eq!(score_to_elo(1.0), ELO_CLAMP);
        assert_eq!(score_to_elo(0.0), -ELO_CLAMP);
    }

    #[test]
    fn draws_count_half_and_more_games_narrow_the_interval() {
        let t = tally(10, 20, 10);
        assert_eq!(t.score(), Some(0.5));
        let wide = tally(5, 0, 5).score_interval().unwrap();
        let narrow = t.score_interval().unwrap();
        assert!(narrow.1 - narrow.0 < wide.1 - wide.0);
        // A clean sweep of 6 games still leaves real doubt: the lower end is near 61%.
        let (lo, hi) = tally(6, 0, 0).score_interval().unwrap();
        assert!((0.60..0.62).contains(&lo) && hi == 1.0, "{lo} {hi}");
        assert_eq!(Tally::default().score(), None);
        assert_eq!(Tally::default().elo(), None);
    }

    #[test]
    fn sprt_parses_and_rejects_nonsense() {
        let s: Sprt = "0,10,0.05,0.05".parse().unwrap();
        assert_eq!((s.elo0, s.elo1, s.alpha, s.beta), (0.0, 10.0, 0.05, 0.05));
        let (lo, hi) = s.bounds();
        assert!((lo + 2.944).abs() < 1e-3 && (hi - 2.944).abs() < 1e-3);
        for bad in [
            "",
            "0,10,0.05",
            "10,0,0.05,0.05",
            "0,10,0,0.05",
            "0,10,0.05,x",
        ] {
            assert!(bad.parse::<Sprt>().is_err(), "{bad}");
        }
    }

    #[test]
    fn sprt_decides_for_a_clearly_stronger_or_weaker_engine() {
        let s: Sprt = "0,50,0.05,0.05".parse().unwrap();
        assert_eq!(s.decide(&tally(3, 0, 2)), SprtDecision::Continue);
        // 75% over 200 games is about +190 Elo: far past elo1.
        let strong = tally(150, 0, 50);
        assert!(s.llr(&strong) > s.bounds().1);
        assert_eq!(s.decide(&strong), SprtDecision::AcceptH1);
        let weak = tally(50, 0, 150);
        assert_eq!(s.decide(&weak), SprtDecision::AcceptH0);
        // Halfway between the hypotheses the LLR is zero.
        let mid = elo_to_score(25.0);
        let w = (mid * 1000.0).round() as u32;
        assert!(s.llr(&tally(w, 0, 1000 - w)).abs() < 0.5);
        // Wins only: no spread yet, but still evidence, and enough of it decides.
        assert!(s.llr(&tally(5, 0, 0)) > 0.0);
        assert_eq!(s.decide(&tally(40, 0, 0)), SprtDecision::AcceptH1);
        assert_eq!(s.decide(&tally(0, 0, 40)), SprtDecision::AcceptH0);
        assert_eq!(s.llr(&Tally::default()), 0.0);
    }

    #[test]
    fn mean_min_max_of_nothing_is_none() {
        assert_eq!(mean_min_max([]), None);
        assert_eq!(mean_min_max([2.0, 4.0, 9.0]), Some((5.0, 2.0, 9.0)));
    }
}
