//! The disagreements file, `disagreements.tst` in the match's folder: one gogui-regress test per
//! counted game whose `final_score` (of either engine) differed from the referee's count, so
//! that every disagreement can become a fixture. A test loads the game's SGF, which sits beside
//! the file, and checks tengen's `final_score` against the referee's count; the comment line
//! above it says the game, every count and the referee.

use super::GameSettings;
use crate::results::GameResult;
use std::fs::OpenOptions;
use std::io::Write;
use std::path::Path;

/// The file's name in the match's folder.
pub const DISAGREEMENTS_FILE: &str = "disagreements.tst";

/// What the file says about itself, and the settings that make tengen's count repeatable (one
/// thread, a fixed seed, as `regression/life.tst` has them).
fn header(settings: &GameSettings) -> String {
    let rules = match settings.rules.preset_name() {
        Some("chinese") => {
            "# Counted under Chinese rules, tengen's default; loadsgf takes the komi from the SGF.\n"
                .to_string()
        }
        Some(preset) => format!(
            "# Counted under --rules {preset}, which loadsgf does not set (it takes the komi from \
             the SGF):\n# run tengen-regress -e \"tengen --rules {preset}\" {DISAGREEMENTS_FILE}\n"
        ),
        None => "# Counted under the rules the SGF's RU names, which loadsgf does not set.\n"
            .to_string(),
    };
    format!(
        "# Games of tengen-match whose final_score differed from the referee's count, one test each:\n\
         # the game's SGF (in this folder) is loaded and tengen's final_score checked against the\n\
         # referee's count. Run: tengen-regress {DISAGREEMENTS_FILE}. To keep one as a fixture, copy\n\
         # its SGF into regression/sgf/ and its test into a suite there, saying why the count is right.\n\
         {rules}\
         tengen-param seed 1\n\
         tengen-param threads 1\n"
    )
}

/// A game's test: the comment line, `loadsgf`, and `final_score` checked against the referee's
/// count (the game's number is the test's id). `None` for a game that was not counted.
fn disagreement_test(result: &GameResult, settings: &GameSettings) -> Option<String> {
    let count = result.referee_score.as_deref()?;
    let referee = match &settings.referee {
        Some(command) => format!("dead stones from `{command}`"),
        None => "no referee engine, nothing dead".to_string(),
    };
    let said: Vec<String> = [("Black", &result.black), ("White", &result.white)]
        .iter()
        .enumerate()
        .map(|(side, (color, name))| {
            match (&result.final_scores[side], result.score_checks[side]) {
                (Some(score), Some(check)) => {
                    format!("{color} {name} said {score}, {}", check.describe())
                }
                _ => format!("{color} {name} gave no final_score"),
            }
        })
        .collect();
    Some(format!(
        "\n# game {} ({}, {} moves): referee count {count} ({referee}); {}\n\
         loadsgf {}\n\
         {} final_score\n\
         #? [{}]\n",
        result.game,
        result.sgf,
        result.moves,
        said.join("; "),
        result.sgf,
        result.game,
        regex::escape(count)
    ))
}

/// Append `result`'s test to the disagreements file in `dir`, creating the file with its
/// header first. Each test is one write to a file opened for appending, so that shards
/// writing into one folder do not interleave their lines.
pub fn append_disagreement(
    dir: &Path,
    result: &GameResult,
    settings: &GameSettings,
) -> std::io::Result<()> {
    let Some(test) = disagreement_test(result, settings) else {
        return Ok(());
    };
    let path = dir.join(DISAGREEMENTS_FILE);
    let (mut file, text) = match OpenOptions::new().append(true).create_new(true).open(&path) {
        Ok(file) => (file, header(settings) + &test),
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {
            (OpenOptions::new().append(true).open(&path)?, test)
        }
        Err(e) => return Err(e),
    };
    file.write_all(text.as_bytes())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::results::Reason;
    use tengen_engine::time::TimeSystem;
    use tengen_engine::Rules;

    fn settings(rules: Rules) -> GameSettings {
        GameSettings {
            size: 9,
            rules,
            handicap: 0,
            max_moves: 243,
            time: TimeSystem::None,
            lag: 0.0,
            hang_timeout: std::time::Duration::from_secs(1),
            referee: Some("gnugo --mode gtp".into()),
        }
    }

    #[test]
    fn a_test_checks_the_referees_count_and_says_who_said_what() {
        let mut g = crate::results::tests::game(15, false, Some("W"));
        g.reason = Reason::Score;
        assert_eq!(disagreement_test(&g, &settings(Rules::chinese())), None);
        g.final_scores = [Some("W+4.5".into()), None];
        g.referee_score = Some("W+18.5".into());
        g.check_final_scores();
        let test = disagreement_test(&g, &settings(Rules::chinese())).unwrap();
        assert_eq!(
            test,
            "\n# game 15 (game-0015.sgf, 40 moves): referee count W+18.5 (dead stones from \
             `gnugo --mode gtp`); Black B said W+4.5, the same winner, another score; White A \
             gave no final_score\nloadsgf game-0015.sgf\n15 final_score\n#? [W\\+18\\.5]\n"
        );
    }

    #[test]
    fn the_header_says_how_to_run_other_rules() {
        assert!(header(&settings(Rules::chinese())).contains("Chinese rules, tengen's default"));
        let japanese = header(&settings(Rules::japanese()));
        assert!(
            japanese.contains("tengen-regress -e \"tengen --rules japanese\" disagreements.tst"),
            "{japanese}"
        );
    }
}
