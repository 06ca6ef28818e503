//! The results file of a match: one JSON object per line, one line per finished game, appended
//! and flushed as each game ends. It is what `merge` combines, what `--resume` continues from,
//! and what the summary and HTML report are computed from. `tengen-count` keeps its results
//! the same way ([`read_lines`], [`ResultsWriter`]), one line per counted game.

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
    /// An engine's `final_score` names a different winner than the referee's count.
    #[serde(default)]
    pub disagreement: bool,
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

/// Read every game of a match's results file, in file order (see [`read_lines`]).
pub fn read_results(path: &Path) -> Result<Vec<GameResult>, ResultsError> {
    read_lines(path)
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
    fn merge_orders_by_game_and_drops_duplicates() {
        let a = vec![game(2, true, Some("B")), game(0, true, Some("W"))];
        let b = vec![game(1, false, None), game(2, true, Some("W"))];
        let m = merge(&[a, b]);
        assert_eq!(m.iter().map(|g| g.game).collect::<Vec<_>>(), [0, 1, 2]);
        assert_eq!(m[2].winner.as_deref(), Some("B"), "first seen wins");
    }
}
