//! Minorization–maximization for the generalized Bradley–Terry model (Hunter 2004, as Coulom
//! 2007 applies it to Go moves): in each position the move played is a team that beat every other
//! legal move; a team's strength is the product of its features' gammas.
//!
//! One update of group `G` (features of which a move has at most one) sets, for each `i` in `G`,
//! `gamma_i = W_i / sum_j C_ij / E_j`, where `W_i` counts the positions whose played move has `i`,
//! `E_j` is the total strength of position `j`'s moves and `C_ij` the strength of the moves with
//! `i` there, without `gamma_i`. Each update cannot lower the likelihood. A prior of one win and
//! one loss against a virtual feature of gamma 1 keeps rare features near 1.

use crate::extract::TrainingSet;
use std::ops::Range;

/// Virtual wins (and losses) against a gamma-1 opponent added to every feature.
pub const PRIOR_GAMES: f64 = 1.0;

/// What one pass over the data measured, before its update.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct PassStats {
    /// Mean log-probability of the move played (Coulom's "mean log-evidence").
    pub mean_log_evidence: f64,
    /// Share of positions where the move played has the largest strength (ties count against).
    pub top1: f64,
}

/// Number of positions in which the move played has each feature.
pub fn wins(set: &TrainingSet, features: usize) -> Vec<f64> {
    let mut w = vec![0.0; features];
    let mut first_cand = 0;
    for &end in &set.pos_end {
        let played = first_cand as usize;
        let start = if played == 0 {
            0
        } else {
            set.cand_end[played - 1] as usize
        };
        for &f in &set.features[start..set.cand_end[played] as usize] {
            w[f as usize] += 1.0;
        }
        first_cand = end;
    }
    w
}

/// One minorization–maximization update of the features in `group`; returns the statistics of
/// the gammas as they were before it. `strength` is scratch space (any length).
pub fn update_group(
    set: &TrainingSet,
    gammas: &mut [f64],
    wins: &[f64],
    group: Range<u32>,
    strength: &mut Vec<f64>,
) -> PassStats {
    let mut denom = vec![0.0; (group.end - group.start) as usize];
    let mut log_evidence = 0.0;
    let mut top1 = 0usize;
    let mut cand = 0usize;
    let mut feat = 0usize;
    for &pos_end in &set.pos_end {
        let pos_end = pos_end as usize;
        strength.clear();
        let first = cand;
        // Strength of every candidate.
        let mut total = 0.0;
        let mut feat_c = feat;
        for c in first..pos_end {
            let end = set.cand_end[c] as usize;
            let s: f64 = set.features[feat_c..end]
                .iter()
                .map(|&f| gammas[f as usize])
                .product();
            strength.push(s);
            total += s;
            feat_c = end;
        }
        let played = strength[0];
        log_evidence += (played / total).ln();
        if strength[1..].iter().all(|&s| s < played) {
            top1 += 1;
        }
        // Each candidate with a feature of the group adds its strength without that feature.
        let inv_total = 1.0 / total;
        for (k, c) in (first..pos_end).enumerate() {
            let end = set.cand_end[c] as usize;
            for &f in &set.features[feat..end] {
                if group.contains(&f) {
                    denom[(f - group.start) as usize] +=
                        strength[k] / gammas[f as usize] * inv_total;
                }
            }
            feat = end;
        }
        cand = pos_end;
    }
    for (i, f) in group.clone().enumerate() {
        let g = &mut gammas[f as usize];
        let w = wins[f as usize] + PRIOR_GAMES;
        let d = denom[i] + 2.0 * PRIOR_GAMES / (*g + 1.0);
        *g = w / d;
    }
    let n = set.positions().max(1) as f64;
    PassStats {
        mean_log_evidence: log_evidence / n,
        top1: top1 as f64 / n,
    }
}

/// Run `iterations` rounds of updates over `groups` (one group after the other in each round),
/// calling `report(round, stats)` after each round with the statistics seen at its first update.
pub fn fit(
    set: &TrainingSet,
    gammas: &mut [f64],
    groups: &[Range<u32>],
    iterations: usize,
    mut report: impl FnMut(usize, PassStats),
) {
    let w = wins(set, gammas.len());
    let mut strength = Vec::new();
    for round in 0..iterations {
        let mut first = None;
        for g in groups {
            let stats = update_group(set, gammas, &w, g.clone(), &mut strength);
            first.get_or_insert(stats);
        }
        if let Some(stats) = first {
            report(round, stats);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Positions with two candidates each: feature 0 (played) against feature 1, `a` times, and
    /// feature 1 (played) against feature 0, `b` times.
    fn duel(a: usize, b: usize) -> TrainingSet {
        let mut set = TrainingSet::default();
        for i in 0..a + b {
            let (winner, loser) = if i < a { (0, 1) } else { (1, 0) };
            set.features.push(winner);
            set.cand_end.push(set.features.len() as u32);
            set.features.push(loser);
            set.cand_end.push(set.features.len() as u32);
            set.pos_end.push(set.cand_end.len() as u32);
        }
        set
    }

    #[test]
    fn a_duel_converges_to_the_win_ratio() {
        // 300 wins to 100: gamma_0 / gamma_1 tends to 3 (the prior pulls it slightly towards 1).
        let set = duel(300, 100);
        let mut gammas = vec![1.0, 1.0];
        let mut history = Vec::new();
        fit(
            &set,
            &mut gammas,
            std::slice::from_ref(&(0..2)),
            50,
            |_, s| history.push(s),
        );
        let ratio = gammas[0] / gammas[1];
        assert!((2.8..3.0).contains(&ratio), "ratio {ratio}");
        // The likelihood never goes down.
        for w in history.windows(2) {
            assert!(w[1].mean_log_evidence >= w[0].mean_log_evidence - 1e-12);
        }
        assert!((history.last().unwrap().top1 - 0.75).abs() < 1e-9);
    }

    #[test]
    fn wins_count_the_features_of_the_moves_played() {
        let set = duel(3, 2);
        assert_eq!(wins(&set, 2), vec![3.0, 2.0]);
    }
}
