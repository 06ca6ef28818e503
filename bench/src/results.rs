//! The results file of a match: one JSON object per line, one line per finished game, appended
//! and flushed as each game ends. It is what `merge` combines, what `--resume` continues from,
//! and what the summary and HTML report are computed from. `tengen-count` keeps its results
//! the same way ([`read_lines`], [`ResultsWriter`]), one line per counted game.

use crate::counting::parse_result;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::fs::{File, OpenOptions};
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};

/// How a game ended.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Reason {
    /// Two passes, then the count.
    Score,
    /// The move limit was reached; the position was counted.
    MoveLimit,
    Resign,
    /// The loser's clock ran out.
    Time,
    /// The loser played an illegal or unreadable move.
    Illegal,
    /// The loser's process exited or could not be started.
    Crash,
    /// The loser stopped answering (no clock to flag it).
    Hang,
    /// The loser broke the protocol: garbage replies, refused setup or a legal move of the opponent.
    Protocol,
}

impl Reason {
    /// Every reason, in the order the summary lists them.
    pub const ALL: [Reason; 8] = [
        Reason::Score,
        Reason::MoveLimit,
        Reason::Resign,
        Reason::Time,
        Reason::Illegal,
        Reason::Crash,
        Reason::Hang,
        Reason::Protocol,
    ];

    /// Did the game end by a fault of the loser (time, illegal move, crash, hang, protocol)?
    pub fn is_forfeit(self) -> bool {
        !matches!(self, Reason::Score | Reason::MoveLimit | Reason::Resign)
    }
}

impl fmt::Display for Reason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Reason::Score => "score",
            Reason::MoveLimit => "move limit",
            Reason::Resign => "resignation",
            Reason::Time => "time",
            Reason::Illegal => "illegal move",
            Reason::Crash => "crash",
            Reason::Hang => "hang",
            Reason::Protocol => "protocol error",
        })
    }
}

/// How an engine's `final_score` compares with the referee's count of the same game.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ScoreCheck {
    /// The same winner by the same margin (or both a draw).
    Same,
    /// The same winner by another margin: `B+3.5` for a count of `B+4.5`.
    Margin,
    /// Another winner (a draw counts as a winner of its own).
    Winner,
    /// A reply that is no count (`B+R`, text): nothing to compare.
    Unreadable,
}

impl ScoreCheck {
    /// Compare a `final_score` reply with the referee's count, both as GTP writes a score
    /// (`B+3.5`, `W+0.5`, `0`); `None` when the count itself is no score.
    pub fn of(reply: &str, count: &str) -> Option<ScoreCheck> {
        let count = parse_result(count)?;
        Some(match parse_result(reply) {
            None => ScoreCheck::Unreadable,
            Some(claim) if claim.partial_cmp(&0.0) != count.partial_cmp(&0.0) => ScoreCheck::Winner,
            Some(claim) if (claim - count).abs() > SCORE_TOLERANCE => ScoreCheck::Margin,
            Some(_) => ScoreCheck::Same,
        })
    }

    /// What the summary and the disagreements file call it.
    pub fn describe(self) -> &'static str {
        match self {
            ScoreCheck::Same => "the same score",
            ScoreCheck::Margin => "the same winner, another score",
            ScoreCheck::Winner => "another winner",
            ScoreCheck::Unreadable => "no score",
        }
    }
}

/// Scores are multiples of half a point; two closer than this are the same.
const SCORE_TOLERANCE: f64 = 1e-6;

/// One finished game. Colours are `"B"`/`"W"`; per-colour arrays are Black first.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameResult {
    /// The game's index in the whole match (not in a shard), from 0.
    pub game: usize,
    /// Did the engine under test (the first command line) play Black?
    pub engine_black: bool,
    pub black: String,
    pub white: String,
    /// `"B"`, `"W"`, or `None` for a draw.
    pub winner: Option<String>,
    /// The result as SGF writes it: `B+R`, `W+T`, `B+F`, `W+3.5`, `0`.
    pub result: String,
    pub reason: Reason,
    /// What went wrong, for forfeits (with the loser's stderr tail), and scoring notes.
    #[serde(default)]
    pub detail: String,
    /// Moves played, passes and opening moves included.
    pub moves: usize,
    /// Moves each colour chose itself (its `genmove` replies; opening moves not counted).
    #[serde(default)]
    pub engine_moves: [usize; 2],
    /// Each engine's `final_score` reply, when the game was counted and the engine answered.
    #[serde(default)]
    pub final_scores: [Option<String>; 2],
    /// The referee's independent count, when the game was counted.
    #[serde(default)]
    pub referee_score: Option<String>,
    /// An engine's `final_score` differs from the referee's count: another score or another
    /// winner (in files written before `score_checks`, another winner only, until read back).
    #[serde(default)]
    pub disagreement: bool,
    /// How each engine's `final_score` compares with the referee's count, when the game was
    /// counted and the engine answered (files written before it was recorded: filled in from
    /// `final_scores` and `referee_score` as they are read).
    #[serde(default)]
    pub score_checks: [Option<ScoreCheck>; 2],
    /// Wall time each colour spent thinking, in seconds (lag allowance not taken off).
    pub time_used: [f64; 2],
    /// Each colour's longest move, in seconds.
    pub max_move_time: [f64; 2],
    /// The board size (0 in files written before it was recorded).
    #[serde(default)]
    pub size: usize,
    /// Share of its main time each colour had left at the end, as the referee's clock has it
    /// (`None` without main time, and in files written before it was recorded).
    #[serde(default)]
    pub main_left: [Option<f64>; 2],
    /// The SGF file, relative to the results file's folder.
    pub sgf: String,
}

impl GameResult {
    /// The game's points for the engine under test: 1 for a win, 0.5 for a draw, 0 for a loss.
    pub fn engine_points(&self) -> f64 {
        let engine = if self.engine_black { "B" } else { "W" };
        match self.winner.as_deref() {
            None => 0.5,
            Some(w) if w == engine => 1.0,
            Some(_) => 0.0,
        }
    }

    /// Compare each engine's `final_score` with the referee's count: `score_checks` and
    /// `disagreement`. Checks already made are kept.
    pub fn check_final_scores(&mut self) {
        let Some(count) = self.referee_score.as_deref() else {
            return;
        };
        for (check, reply) in self.score_checks.iter_mut().zip(&self.final_scores) {
            if check.is_none() {
                *check = reply.as_deref().and_then(|r| ScoreCheck::of(r, count));
            }
        }
        self.disagreement = self
            .score_checks
            .iter()
            .flatten()
            .any(|&c| c != ScoreCheck::Same);
    }

    /// The colour (`0` Black, `1` White) of the engine under test (`engine`) or its opponent.
    pub fn side(&self, engine: bool) -> usize {
        if self.engine_black == engine {
            0
        } else {
            1
        }
    }

    /// The colour (`0` Black, `1` White) that lost by forfeit, if the game ended so.
    pub fn forfeit_loser(&self) -> Option<usize> {
        match (self.reason.is_forfeit(), self.winner.as_deref()) {
            (true, Some("B")) => Some(1),
            (true, Some("W")) => Some(0),
            _ => None,
        }
    }
}

/// A results file could not be read or written.
#[derive(Debug)]
pub enum ResultsError {
    Io(PathBuf, std::io::Error),
    /// A line that is not one of the file's records.
    Parse {
        path: PathBuf,
        line: usize,
        message: String,
    },
}

impl fmt::Display for ResultsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ResultsError::Io(p, e) => write!(f, "{}: {e}", p.display()),
            ResultsError::Parse {
                path,
                line,
                message,
            } => write!(
                f,
                "{}:{line}: not a results line: {message}",
                path.display()
            ),
        }
    }
}

impl std::error::Error for ResultsError {}

/// Read every game of a match's results file, in file order (see [`read_lines`]). Games
/// written before the score check was recorded get theirs from the scores they hold.
pub fn read_results(path: &Path) -> Result<Vec<GameResult>, ResultsError> {
    let mut games: Vec<GameResult> = read_lines(path)?;
    games.iter_mut().for_each(GameResult::check_final_scores);
    Ok(games)
}

/// Read every line of a results file, in file order. A last line cut short (the runner was
/// killed while writing it) is ignored; any other bad line is an error.
pub fn read_lines<T: DeserializeOwned>(path: &Path) -> Result<Vec<T>, ResultsError> {
    let io = |e| ResultsError::Io(path.to_path_buf(), e);
    let file = File::open(path).map_err(io)?;
    let lines: Vec<String> = BufReader::new(file)
        .lines()
        .collect::<Result<_, _>>()
        .map_err(io)?;
    let mut games = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        match serde_json::from_str::<T>(line) {
            Ok(g) => games.push(g),
            Err(e) if e.is_eof() && i + 1 == lines.len() => break,
            Err(e) => {
                return Err(ResultsError::Parse {
                    path: path.to_path_buf(),
                    line: i + 1,
                    message: e.to_string(),
                })
            }
        }
    }
    Ok(games)
}

/// Appends lines (games) to a results file, one flushed line each.
pub struct ResultsWriter {
    path: PathBuf,
    file: File,
}

impl ResultsWriter {
    /// Open `path` for appending (created if missing). A last line cut short by an earlier
    /// interrupted run is ended first, so the next record starts on a line of its own.
    pub fn append(path: &Path) -> Result<ResultsWriter, ResultsError> {
        let io = |e| ResultsError::Io(path.to_path_buf(), e);
        let ends_cleanly = match std::fs::read(path) {
            Ok(bytes) => !matches!(bytes.last(), Some(&b) if b != b'\n'),
            Err(_) => true,
        };
        let mut file = OpenOptions::new()
            .create(true)
            .append(true)
            .open(path)
            .map_err(io)?;
        if !ends_cleanly {
            writeln!(file).map_err(io)?;
        }
        Ok(ResultsWriter {
            path: path.to_path_buf(),
            file,
        })
    }

    /// Append one game and flush it to disk.
    pub fn write<T: Serialize>(&mut self, game: &T) -> Result<(), ResultsError> {
        let line = serde_json::to_string(game).map_err(|e| ResultsError::Parse {
            path: self.path.clone(),
            line: 0,
            message: e.to_string(),
        })?;
        writeln!(self.file, "{line}")
            .and_then(|_| self.file.flush())
            .map_err(|e| ResultsError::Io(self.path.clone(), e))
    }
}

/// Combine the games of several results files (shards), ordered by game index. A game found in
/// more than one file is kept once (the first seen).
pub fn merge(files: &[Vec<GameResult>]) -> Vec<GameResult> {
    let mut all: Vec<GameResult> = Vec::new();
    let mut seen = std::collections::HashSet::new();
    for g in files.iter().flatten() {
        if seen.insert(g.game) {
            all.push(g.clone());
        }
    }
    all.sort_by_key(|g| g.game);
    all
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// A game for the tests: a resignation (`winner`) or a draw of 40 moves between `A` (the
    /// engine under test) and `B`.
    pub(crate) fn game(index: usize, engine_black: bool, winner: Option<&str>) -> GameResult {
        GameResult {
            game: index,
            engine_black,
            black: if engine_black { "A" } else { "B" }.into(),
            white: if engine_black { "B" } else { "A" }.into(),
            winner: winner.map(str::to_string),
            result: winner.map_or("0".into(), |w| format!("{w}+R")),
            reason: Reason::Resign,
            detail: String::new(),
            moves: 40,
            engine_moves: [20, 20],
            final_scores: [None, None],
            referee_score: None,
            disagreement: false,
            score_checks: [None, None],
            time_used: [1.0, 2.0],
            max_move_time: [0.1, 0.2],
            size: 9,
            main_left: [Some(0.5), None],
            sgf: format!("game-{index:04}.sgf"),
        }
    }

    #[test]
    fn points_follow_the_engine_colour() {
        assert_eq!(game(0, true, Some("B")).engine_points(), 1.0);
        assert_eq!(game(0, false, Some("B")).engine_points(), 0.0);
        assert_eq!(game(0, false, Some("W")).engine_points(), 1.0);
        assert_eq!(game(0, true, None).engine_points(), 0.5);
    }

    #[test]
    fn files_round_trip_and_survive_a_cut_last_line() {
        let dir = std::env::temp_dir().join(format!("tengen-results-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("r.jsonl");
        let _ = std::fs::remove_file(&path);
        let games = [game(0, true, Some("B")), game(1, false, None)];
        let mut w = ResultsWriter::append(&path).unwrap();
        for g in &games {
            w.write(g).unwrap();
        }
        drop(w);
        assert_eq!(read_results(&path).unwrap(), games);
        // A run killed mid-line leaves half a record: reading ignores it, appending restarts
        // on a new line.
        let mut f = OpenOptions::new().append(true).open(&path).unwrap();
        write!(f, "{{\"game\":2,\"engine_bl").unwrap();
        drop(f);
        assert_eq!(read_results(&path).unwrap().len(), 2);
        let mut w = ResultsWriter::append(&path).unwrap();
        w.write(&game(3, true, Some("W"))).unwrap();
        drop(w);
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(text.lines().last().unwrap().starts_with("{\"game\":3"));
        // The cut line is now in the middle of the file: that is corruption, not a cut.
        assert!(matches!(
            read_results(&path),
            Err(ResultsError::Parse { line: 3, .. })
        ));
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn final_scores_compare_with_the_count_by_winner_and_margin() {
        use ScoreCheck::*;
        let check = |reply, count| ScoreCheck::of(reply, count);
        assert_eq!(check("B+3.5", "B+3.5"), Some(Same));
        assert_eq!(check("w+0.5", "W+0.5"), Some(Same));
        assert_eq!(check("0", "0"), Some(Same));
        assert_eq!(check("B+3.5", "B+4.5"), Some(Margin));
        assert_eq!(check("W+18.5", "W+4.5"), Some(Margin));
        assert_eq!(check("B+1", "W+2"), Some(Winner));
        assert_eq!(check("0", "B+0.5"), Some(Winner));
        assert_eq!(check("B+R", "B+2"), Some(Unreadable));
        assert_eq!(check("I don't know", "W+2"), Some(Unreadable));
        assert_eq!(check("B+2", "B+R"), None, "a resignation is no count");
    }

    #[test]
    fn an_old_results_file_loads_and_gets_its_score_checks() {
        // Game 5 of the 9x9 match against GNU Go on 8ba758f, as written before the score
        // check was recorded: the winner agreed, so `disagreement` was false.
        let old = r#"{"game":5,"engine_black":false,"black":"GNU Go 3.8","white":"tengen 0.1.0","winner":"W","result":"W+34.5","reason":"score","detail":"","moves":89,"engine_moves":[44,44],"final_scores":["W+36.5","W+34.5"],"referee_score":"W+34.5","disagreement":false,"time_used":[9.1,8.2],"max_move_time":[1.4,0.7],"size":9,"main_left":[null,null],"sgf":"game-00005.sgf"}"#;
        // Older still: no final_score, no referee, no size.
        let older = r#"{"game":6,"engine_black":true,"black":"a","white":"b","winner":"B","result":"B+R","reason":"resign","moves":40,"time_used":[1.0,2.0],"max_move_time":[0.1,0.2],"sgf":"game-00006.sgf"}"#;
        let dir = std::env::temp_dir().join(format!("tengen-old-results-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("results.jsonl");
        std::fs::write(&path, format!("{old}\n{older}\n")).unwrap();
        let games = read_results(&path).unwrap();
        std::fs::remove_dir_all(&dir).unwrap();
        assert_eq!(games.len(), 2);
        assert_eq!(
            games[0].score_checks,
            [Some(ScoreCheck::Margin), Some(ScoreCheck::Same)]
        );
        assert!(games[0].disagreement, "another score is a disagreement now");
        assert_eq!(games[1].score_checks, [None, None]);
        assert!(!games[1].disagreement);
    }

    #[test]
    fn merge_orders_by_game_and_drops_duplicates() {
        let a = vec![game(2, true, Some("B")), game(0, true, Some("W"))];
        let b = vec![game(1, false, None), game(2, true, Some("W"))];
        let m = merge(&[a, b]);
        assert_eq!(m.iter().map(|g| g.game).collect::<Vec<_>>(), [0, 1, 2]);
        assert_eq!(m[2].winner.as_deref(), Some("B"), "first seen wins");
    }
}
