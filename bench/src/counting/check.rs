//! One counted game checked against its record ([`check`]), and the results file of
//! `tengen-count` that keeps one [`GameReport`] per line.

use super::disagreement::Disagreement;
use super::explain::{against_marks, explain};
use super::judge::judge;
use super::records::CountedGame;
use crate::results::{read_lines, ResultsError};
use serde::{Deserialize, Serialize};
use std::path::Path;
use tengen_engine::coord::move_text;
use tengen_engine::{Move, Point};

/// One line of the results file.
///
/// Unknown fields are refused: a file written before the kind of disagreement became data
/// (with `kind` as text) is read as an error, never as games without a disagreement.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameReport {
    pub source: String,
    pub rules: String,
    pub komi: f64,
    /// The recorded result, as Black's margin.
    pub recorded: f64,
    /// tengen's `final_score` reply, or the error that kept it from counting.
    pub ours: String,
    pub agree: bool,
    /// Milliseconds `final_score` took (wall time), and the CPU time it used.
    pub millis: f64,
    #[serde(default)]
    pub cpu_millis: Option<f64>,
    /// How the counts differ (`None` when they agree).
    pub disagreement: Option<Disagreement>,
    /// The players' count from the saved territory, when there is one, and whether it
    /// gives the recorded result under tengen's counting.
    pub players_count: Option<String>,
    pub dead: Vec<String>,
    pub seki: Vec<String>,
    /// The stones whose status tengen says is a guess (a board not finished).
    #[serde(default)]
    pub undecided: Vec<String>,
    /// The stones the players removed, when the record saved their territory.
    pub players_dead: Option<Vec<String>>,
}

/// Count `game` with tengen and compare.
pub fn check(game: &CountedGame, seed: u64, threads: usize) -> GameReport {
    let mut report = GameReport {
        source: game.source.clone(),
        rules: game.rules_name.clone(),
        komi: game.rules.komi,
        recorded: game.recorded,
        ours: String::new(),
        agree: false,
        millis: 0.0,
        cpu_millis: None,
        disagreement: None,
        players_count: None,
        dead: Vec::new(),
        seki: Vec::new(),
        undecided: Vec::new(),
        players_dead: None,
    };
    let final_game = match game.final_game() {
        Ok(g) => g,
        Err(e) => {
            report.ours = format!("error: {e}");
            report.disagreement = Some(Disagreement::NoReplay);
            return report;
        }
    };
    let geo = final_game.board().geometry();
    let names =
        |v: &[Point]| -> Vec<String> { v.iter().map(|&p| move_text(Move::Play(p), geo)).collect() };
    let players_dead = game.players_dead(final_game.board());
    if let Some(dead) = &players_dead {
        report.players_count = Some(final_game.score(dead).to_string());
        report.players_dead = Some(names(dead));
    }
    let judged = match judge(game, seed, threads) {
        Ok(j) => j,
        Err(e) => {
            report.ours = format!("error: {e}");
            report.disagreement = Some(Disagreement::GtpError);
            return report;
        }
    };
    report.ours = judged.reply.clone();
    report.millis = judged.millis;
    report.cpu_millis = judged.cpu_millis;
    report.dead = names(&judged.dead);
    report.seki = names(&judged.seki);
    report.undecided = names(&judged.undecided);
    report.agree = (judged.score - game.recorded).abs() < 1e-6;
    if !report.agree {
        report.disagreement = Some(match players_dead {
            Some(players) => against_marks(&final_game, &judged, &players, game.recorded),
            None => explain(&final_game, &judged, game.recorded),
        });
    }
    report
}

/// The games of a results file (none when it does not exist yet). A file that does not read
/// is an error that says why, rather than games counted again.
pub fn read_reports(path: &Path) -> Result<Vec<GameReport>, String> {
    match read_lines(path) {
        Ok(reports) => Ok(reports),
        Err(ResultsError::Io(_, e)) if e.kind() == std::io::ErrorKind::NotFound => Ok(Vec::new()),
        Err(e @ ResultsError::Parse { .. }) => Err(format!(
            "{e}\n(a results file written by tengen-count before the kind of disagreement \
             became data, with `kind` as text, cannot be read or continued: count into a new \
             file; its summary.txt, where one was kept, says what it found)"
        )),
        Err(e) => Err(e.to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The saved territory of the tiny game says what it is, and tengen's count must agree.
    #[test]
    fn a_counted_record_is_judged_through_gtp() {
        let game = CountedGame::from_sgf(super::super::TINY_GAME, "test")
            .unwrap()
            .unwrap();
        assert_eq!(game.recorded, 4.5);
        let board = game.final_game().unwrap();
        let dead = game.players_dead(board.board()).unwrap();
        assert_eq!(dead.len(), 2, "the white stone at A5, the black one at E4");
        assert_eq!(board.score(&dead).0, 4.5);
        let report = check(&game, 1, 1);
        assert!(report.agree, "{report:?}");
        assert_eq!(report.dead, ["E4", "A5"], "board order, bottom row first");
    }

    /// A results file from before the disagreement was data is refused with a reason, not
    /// read as games that agree.
    #[test]
    fn an_old_results_file_is_refused_with_a_reason() {
        let dir = std::env::temp_dir().join(format!("tengen-count-old-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("old.jsonl");
        let old = r#"{"source":"KGS-2001.sgfs:3","rules":"Japanese","komi":6.5,"recorded":-3.5,"ours":"W+3.5","agree":true,"millis":80.0,"cpu_millis":70.0,"kind":"","players_count":null,"dead":[],"seki":[],"players_dead":null}"#;
        std::fs::write(&path, format!("{old}\n")).unwrap();
        let err = read_reports(&path).unwrap_err();
        assert!(
            err.contains("old.jsonl:1") && err.contains("`kind`"),
            "{err}"
        );
        assert!(read_reports(&dir.join("missing.jsonl")).unwrap().is_empty());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
