//! The tally of a run: agreement overall and by rules, the records whose saved territory tells
//! more, the kinds of disagreement, and the time `final_score` took.

use super::check::GameReport;
use super::records::parse_result;
use std::collections::{BTreeMap, HashSet};
use std::fmt::Write as _;

/// A test set: the records of a run apart from a fixed list of them, set aside once for a
/// written reason (as the records whose result needs a chain in atari counted alive, listed on
/// one commit so that the set stays the same while the code changes).
pub struct SetAside {
    /// Where the list comes from (a file name), for the summary line.
    pub name: String,
    /// The sources set aside, as in the results file (`KGS-2017-01.sgfs:44`).
    pub sources: HashSet<String>,
}

impl SetAside {
    /// The list in `text`: one source a line; blank lines and `#` comments ignored.
    pub fn parse(name: &str, text: &str) -> SetAside {
        let sources = text
            .lines()
            .map(|l| l.split('#').next().unwrap_or("").trim())
            .filter(|l| !l.is_empty())
            .map(str::to_string)
            .collect();
        SetAside {
            name: name.to_string(),
            sources,
        }
    }
}

/// The text summary of a run (with the agreement on the test set apart from `set_aside`).
pub fn summary(reports: &[GameReport], set_aside: Option<&SetAside>) -> String {
    let mut s = agreement(reports);
    if let Some(set) = set_aside {
        s.push_str(&test_set(reports, set));
    }
    s.push_str(&saved_territory(reports));
    s.push_str(&kinds(reports));
    s.push_str(&unfinished(reports));
    s.push_str(&times(reports));
    s
}

/// Agreement overall, by rules, and without the records whose result needs a chain in atari
/// counted alive.
fn agreement(reports: &[GameReport]) -> String {
    let mut s = String::new();
    let agree = reports.iter().filter(|r| r.agree).count();
    let _ = writeln!(
        s,
        "games {}, agree {agree} ({:.2}%)",
        reports.len(),
        percent(agree, reports.len())
    );
    let mut by_rules: BTreeMap<&str, (usize, usize)> = BTreeMap::new();
    for r in reports {
        let e = by_rules.entry(&r.rules).or_default();
        e.0 += 1;
        e.1 += usize::from(r.agree);
    }
    for (rules, (n, a)) in by_rules {
        let _ = writeln!(s, "  {rules}: {a} of {n}");
    }
    // A record whose result needs a chain in atari counted alive most likely holds a stone the
    // players did not mark: a right count cannot agree with it.
    let unmarked = reports
        .iter()
        .filter_map(|r| r.disagreement.as_ref())
        .filter(|d| d.needs_chain_in_atari_alive())
        .count();
    if unmarked > 0 {
        let rest = reports.len() - unmarked;
        let _ = writeln!(
            s,
            "  without the {unmarked} whose result needs a chain in atari counted alive: {agree} \
             of {rest} ({:.2}%)",
            percent(agree, rest)
        );
    }
    s
}

/// Agreement on the records of `reports` that `set` does not hold.
fn test_set(reports: &[GameReport], set: &SetAside) -> String {
    let rest: Vec<&GameReport> = reports
        .iter()
        .filter(|r| !set.sources.contains(&r.source))
        .collect();
    let agree = rest.iter().filter(|r| r.agree).count();
    format!(
        "  without the {} records set aside in {}: {agree} of {} ({:.2}%)\n",
        reports.len() - rest.len(),
        set.name,
        rest.len(),
        percent(agree, rest.len())
    )
}

/// `part` of `whole` in percent (0 of 0 is 0%).
fn percent(part: usize, whole: usize) -> f64 {
    100.0 * part as f64 / whole.max(1) as f64
}

/// Of the records that saved the players' territory: in how many the players' dead stones,
/// counted by tengen, give the recorded result, and in how many tengen marks the same ones.
fn saved_territory(reports: &[GameReport]) -> String {
    let saved: Vec<&GameReport> = reports
        .iter()
        .filter(|r| r.players_count.is_some())
        .collect();
    if saved.is_empty() {
        return String::new();
    }
    let consistent = saved
        .iter()
        .filter(|r| {
            r.players_count
                .as_deref()
                .and_then(parse_result)
                .is_some_and(|c| (c - r.recorded).abs() < 1e-6)
        })
        .count();
    let same_dead = saved
        .iter()
        .filter(|r| r.players_dead.as_ref() == Some(&r.dead))
        .count();
    format!(
        "records with saved territory {}: their dead stones counted by tengen give the \
         recorded result in {consistent}; tengen marks the same dead stones in {same_dead}\n",
        saved.len()
    )
}

/// The disagreements by kind ([`Disagreement::class`](super::Disagreement::class)), the most
/// frequent first.
fn kinds(reports: &[GameReport]) -> String {
    let mut kinds: BTreeMap<String, usize> = BTreeMap::new();
    for d in reports.iter().filter_map(|r| r.disagreement.as_ref()) {
        *kinds.entry(d.class()).or_default() += 1;
    }
    let mut kinds: Vec<(String, usize)> = kinds.into_iter().collect();
    kinds.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    let mut s = String::new();
    if !kinds.is_empty() {
        let _ = writeln!(s, "disagreements by kind:");
        for (k, c) in kinds {
            let _ = writeln!(s, "  {c:5}  {k}");
        }
    }
    s
}

/// The boards tengen calls unfinished (stones whose status is a guess): how many, how many of
/// them agree, and how many of the disagreements they are.
fn unfinished(reports: &[GameReport]) -> String {
    let open: Vec<&GameReport> = reports.iter().filter(|r| !r.undecided.is_empty()).collect();
    if open.is_empty() {
        return String::new();
    }
    let agree = open.iter().filter(|r| r.agree).count();
    let disagreements = reports.iter().filter(|r| !r.agree).count();
    format!(
        "boards with stones tengen calls undecided: {} ({agree} agree); {} of the {disagreements} \
         disagreements\n",
        open.len(),
        open.len() - agree
    )
}

/// Mean, median and longest time of `final_score`, wall and CPU.
fn times(reports: &[GameReport]) -> String {
    let mut s = String::new();
    for (what, times) in [
        (
            "wall",
            reports.iter().map(|r| r.millis).collect::<Vec<f64>>(),
        ),
        ("CPU", reports.iter().filter_map(|r| r.cpu_millis).collect()),
    ] {
        let mut times = times;
        times.sort_by(f64::total_cmp);
        if let Some(&max) = times.last() {
            let mean = times.iter().sum::<f64>() / times.len() as f64;
            let median = times[times.len() / 2];
            let over = times.iter().filter(|&&t| t >= 1000.0).count();
            let _ = writeln!(
                s,
                "final_score {what} time: mean {mean:.0} ms, median {median:.0} ms, max {max:.0} \
                 ms, {over} of {} at 1 s or more",
                times.len()
            );
        }
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::counting::disagreement::{Disagreement, GroupStatus, Life};
    use tengen_engine::Color;

    #[test]
    fn the_summary_sets_apart_records_that_need_a_chain_in_atari_alive() {
        let report = |disagreement: Option<Disagreement>| GameReport {
            source: "test:1".into(),
            rules: "Japanese".into(),
            komi: 6.5,
            recorded: 0.5,
            ours: "B+0.5".into(),
            agree: disagreement.is_none(),
            millis: 1.0,
            cpu_millis: None,
            disagreement,
            players_count: None,
            dead: Vec::new(),
            seki: Vec::new(),
            undecided: Vec::new(),
            players_dead: None,
        };
        let white_alive = |stones, in_atari| {
            Some(Disagreement::groups(vec![GroupStatus {
                color: Color::White,
                stones,
                at: "C1".into(),
                ours: Life::Dead,
                in_atari,
            }]))
        };
        let mut reports = [
            report(None),
            report(None),
            report(white_alive(1, true)),
            report(white_alive(5, false)),
        ];
        let s = summary(&reports, None);
        assert!(!s.contains("undecided"), "no board unfinished: {s}");
        reports[1].undecided = vec!["D4".into()];
        reports[3].undecided = vec!["C1".into()];
        let s = summary(&reports, None);
        assert!(
            s.contains(
                "boards with stones tengen calls undecided: 2 (1 agree); 1 of the 2 disagreements"
            ),
            "{s}"
        );
        assert!(s.contains("agree 2 (50.00%)"), "{s}");
        assert!(
            s.contains("without the 1 whose result needs a chain in atari counted alive: 2 of 3"),
            "{s}"
        );
        assert!(
            s.contains("      1  players say a group is alive (we: dead, in atari)\n"),
            "{s}"
        );
        assert!(!s.contains("set aside"), "{s}");
        // A fixed list set aside: the records in it leave the test set whatever their verdict.
        reports[2].source = "test:3".into();
        reports[3].source = "test:4".into();
        let set = SetAside::parse(
            "list.txt",
            "# the slips\ntest:3  # a stone in atari\n\ntest:9\n",
        );
        assert_eq!(set.sources.len(), 2);
        let s = summary(&reports, Some(&set));
        assert!(
            s.contains("  without the 1 records set aside in list.txt: 2 of 3 (66.67%)\n"),
            "{s}"
        );
    }
}
