//! A whole match: probe the engines, choose this run's games (shard, resume), play them on a
//! few threads, record each as it ends (results line, SGF, and a test in `disagreements.tst`
//! when a `final_score` differed from the referee's count), show progress, stop early when an
//! SPRT decides, and write the summary and the HTML report.

use crate::gtp_client::{GtpEngine, GtpError};
use crate::openings::Openings;
use crate::referee::{
    append_disagreement, play_game, write_sgf, GameSettings, GameSetup, PlayerSpec,
    DISAGREEMENTS_FILE,
};
use crate::report::{html_report, in_game_order, progress_line, summary};
use crate::results::{read_results, GameResult, ResultsError, ResultsWriter};
use crate::stats::{Sprt, SprtDecision};
use std::fmt;
use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::str::FromStr;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{mpsc, Arc};
use std::thread;
use std::time::Duration;

/// How long probing an engine (`name`, `version`, `list_commands`) may take.
const PROBE_TIMEOUT: Duration = Duration::from_secs(30);

/// A slice of the match: shard `index` of `count`, numbered from 1.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Shard {
    pub index: usize,
    pub count: usize,
}

impl Shard {
    /// Does this shard play game `game`? Pairs of games (same opening, colours swapped) stay
    /// together, and pairs are dealt round-robin.
    pub fn owns(&self, game: usize) -> bool {
        (game / 2) % self.count == self.index - 1
    }
}

impl FromStr for Shard {
    type Err = String;

    /// `i/n` with 1 <= i <= n.
    fn from_str(s: &str) -> Result<Shard, String> {
        let bad = || format!("bad shard {s:?}: expected i/n with 1 <= i <= n");
        let (i, n) = s.split_once('/').ok_or_else(bad)?;
        let (index, count) = (
            i.trim().parse::<usize>().map_err(|_| bad())?,
            n.trim().parse::<usize>().map_err(|_| bad())?,
        );
        if index == 0 || index > count {
            return Err(bad());
        }
        Ok(Shard { index, count })
    }
}

/// Which colour the engine under test plays.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub enum EngineColor {
    /// Black in even games, White in odd ones (pairs of games share an opening).
    #[default]
    Alternate,
    /// Black in every game.
    Black,
    /// White in every game (a handicap match where the engine gives the stones).
    White,
}

impl EngineColor {
    /// Is the engine Black in game `game`?
    pub fn is_black(self, game: usize) -> bool {
        match self {
            EngineColor::Alternate => game.is_multiple_of(2),
            EngineColor::Black => true,
            EngineColor::White => false,
        }
    }
}

impl FromStr for EngineColor {
    type Err = String;

    /// `alternate`, `black` or `white` (`b`, `w` too).
    fn from_str(s: &str) -> Result<EngineColor, String> {
        match s.trim().to_ascii_lowercase().as_str() {
            "alternate" => Ok(EngineColor::Alternate),
            "black" | "b" => Ok(EngineColor::Black),
            "white" | "w" => Ok(EngineColor::White),
            _ => Err(format!(
                "bad colour {s:?}: expected alternate, black or white"
            )),
        }
    }
}

/// Everything a match needs.
#[derive(Clone, Debug)]
pub struct MatchConfig {
    /// The engine under test: its wins are the match's wins.
    pub engine: String,
    pub opponent: String,
    pub games: usize,
    /// The engine's colour in each game.
    pub engine_color: EngineColor,
    /// What every game shares: board, rules, clock, the referee of the count.
    pub settings: GameSettings,
    pub openings: Openings,
    /// SGF files, `disagreements.tst`, the summary and the HTML report go here.
    pub out_dir: PathBuf,
    pub results: PathBuf,
    pub shard: Option<Shard>,
    pub concurrency: usize,
    pub sprt: Option<Sprt>,
    /// Continue the match recorded in `results` instead of refusing to touch it.
    pub resume: bool,
    /// Show a progress line on stderr.
    pub progress: bool,
}

/// Why a match could not run.
#[derive(Debug)]
pub enum MatchError {
    /// An engine does not start or answer `name`.
    Engine(String, GtpError),
    Results(ResultsError),
    Io(PathBuf, std::io::Error),
    /// The results file already holds games and `--resume` was not given, or holds another match.
    Existing(String),
}

impl fmt::Display for MatchError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MatchError::Engine(cmd, e) => write!(f, "engine `{cmd}`: {e}"),
            MatchError::Results(e) => write!(f, "{e}"),
            MatchError::Io(p, e) => write!(f, "{}: {e}", p.display()),
            MatchError::Existing(m) => f.write_str(m),
        }
    }
}

impl std::error::Error for MatchError {}

impl From<ResultsError> for MatchError {
    fn from(e: ResultsError) -> MatchError {
        MatchError::Results(e)
    }
}

/// What a finished (or stopped) run produced.
#[derive(Clone, Debug)]
pub struct MatchOutcome {
    /// Every game in the results file (earlier runs included), in game order.
    pub games: Vec<GameResult>,
    /// The SPRT's verdict, when one was running.
    pub sprt: Option<SprtDecision>,
    pub summary: String,
}

/// An engine's name for the record and whether it takes `kgs-time_settings`.
pub fn probe(command: &str) -> Result<(String, bool), GtpError> {
    let mut e = GtpEngine::spawn(command, None)?;
    let t = Some(PROBE_TIMEOUT);
    let name = e.send("name", t)?;
    let version = e.send("version", t).unwrap_or_default();
    let commands = e.send("list_commands", t).unwrap_or_default();
    e.quit();
    let name = if name.is_empty() {
        command.to_string()
    } else {
        name
    };
    let full = if version.is_empty() {
        name
    } else {
        format!("{name} {version}")
    };
    let kgs = commands.lines().any(|c| c.trim() == "kgs-time_settings");
    Ok((full, kgs))
}

/// The settings line at the top of the summary.
pub fn settings_line(cfg: &MatchConfig) -> String {
    let g = &cfg.settings;
    let rules = g.rules.preset_name().unwrap_or("custom");
    let mut s = format!(
        "{0}x{0}, komi {1}, {rules} rules, handicap {2}, clock {3}, lag allowance {4} s, \
         max {5} moves",
        g.size, g.rules.komi, g.handicap, g.time, g.lag, g.max_moves
    );
    match cfg.engine_color {
        EngineColor::Alternate => {}
        EngineColor::Black => s.push_str(", the engine always Black"),
        EngineColor::White => s.push_str(", the engine always White"),
    }
    if let Some(shard) = cfg.shard {
        s.push_str(&format!(", shard {}/{}", shard.index, shard.count));
    }
    s
}

/// Play the match. Progress goes to stderr; the summary is returned (and written to
/// `summary.txt` and `report.html` beside the results file).
pub fn run_match(cfg: &MatchConfig) -> Result<MatchOutcome, MatchError> {
    std::fs::create_dir_all(&cfg.out_dir).map_err(|e| MatchError::Io(cfg.out_dir.clone(), e))?;
    let players = players(cfg)?;
    let mut done = earlier_games(cfg, &players)?;
    let todo: Vec<usize> = (0..cfg.games)
        .filter(|&g| in_shard(cfg.shard, g))
        .filter(|&g| !done.iter().any(|d| d.game == g))
        .collect();
    let decision = play_games(cfg, players, todo, &mut done)?;
    let games = in_game_order(&done);
    let decision = cfg
        .sprt
        .map(|s| decision.unwrap_or_else(|| s.decide(&crate::report::tallies(&games)[2])));
    let header = settings_line(cfg);
    let text = summary(&games, &header, cfg.sprt.as_ref());
    write_reports(&cfg.out_dir, &games, &header, cfg.sprt.as_ref())?;
    Ok(MatchOutcome {
        games,
        sprt: decision,
        summary: text,
    })
}

/// The engine under test and its opponent, as probed: their names for the record (told apart
/// when two builds give the same) and whether they take `kgs-time_settings`.
fn players(cfg: &MatchConfig) -> Result<[PlayerSpec; 2], MatchError> {
    let probed = |command: &String| {
        probe(command)
            .map(|(name, kgs_time_settings)| PlayerSpec {
                name,
                command: command.clone(),
                kgs_time_settings,
            })
            .map_err(|e| MatchError::Engine(command.clone(), e))
    };
    let (mut engine, mut opponent) = (probed(&cfg.engine)?, probed(&cfg.opponent)?);
    // Self-play between two builds that report the same name must still tell them apart.
    if engine.name == opponent.name {
        engine.name.push_str(" #1");
        opponent.name.push_str(" #2");
    }
    Ok([engine, opponent])
}

/// The games the results file already holds: none for a new match; refused unless `--resume`
/// is given, or when they are another match's.
fn earlier_games(
    cfg: &MatchConfig,
    [engine, opponent]: &[PlayerSpec; 2],
) -> Result<Vec<GameResult>, MatchError> {
    let done: Vec<GameResult> = if cfg.results.exists() {
        read_results(&cfg.results)?
    } else {
        Vec::new()
    };
    if !done.is_empty() && !cfg.resume {
        return Err(MatchError::Existing(format!(
            "{} already holds {} games: pass --resume to continue that match, or choose \
             another results file",
            cfg.results.display(),
            done.len()
        )));
    }
    if let Some(g) = done.first() {
        let names = if g.engine_black {
            (&g.black, &g.white)
        } else {
            (&g.white, &g.black)
        };
        if (names.0, names.1) != (&engine.name, &opponent.name) {
            return Err(MatchError::Existing(format!(
                "{} is a match of {} vs {}, not {} vs {}",
                cfg.results.display(),
                names.0,
                names.1,
                engine.name,
                opponent.name
            )));
        }
    }
    Ok(done)
}

/// Play the games `todo` on `cfg.concurrency` threads, each recorded as it ends (results line,
/// SGF, its test in the disagreements file if any, progress) and added to `done`, until all are played or the SPRT decides (its decision
/// is returned).
fn play_games(
    cfg: &MatchConfig,
    players: [PlayerSpec; 2],
    todo: Vec<usize>,
    done: &mut Vec<GameResult>,
) -> Result<Option<SprtDecision>, MatchError> {
    let total = done.len() + todo.len();
    let mut writer = ResultsWriter::append(&cfg.results)?;
    let next = Arc::new(AtomicUsize::new(0));
    let stop = Arc::new(AtomicBool::new(false));
    let todo = Arc::new(todo);
    let (tx, rx) = mpsc::channel::<GameResult>();
    let mut workers = Vec::new();
    for _ in 0..cfg.concurrency.max(1) {
        let (next, stop, todo, tx) = (next.clone(), stop.clone(), todo.clone(), tx.clone());
        let (cfg, players) = (cfg.clone(), players.clone());
        workers.push(thread::spawn(move || {
            while !stop.load(Ordering::SeqCst) {
                let Some(&game) = todo.get(next.fetch_add(1, Ordering::SeqCst)) else {
                    break;
                };
                let setup = game_setup(&cfg, game, &players);
                let (result, record) = play_game(&setup);
                if let Err(e) = write_sgf(&cfg.out_dir, &setup.sgf_name, &record) {
                    eprintln!("\ncannot write {}: {e}", setup.sgf_name);
                }
                if tx.send(result).is_err() {
                    break;
                }
            }
        }));
    }
    drop(tx);

    let tty = std::io::stderr().is_terminal();
    let mut decision = None;
    for result in rx {
        writer.write(&result)?;
        if result.disagreement {
            // The game's SGF is already written: the test that loads it can follow.
            if let Err(e) = append_disagreement(&cfg.out_dir, &result, &cfg.settings) {
                eprintln!("\ncannot write {DISAGREEMENTS_FILE}: {e}");
            }
        }
        done.push(result);
        if let Some(sprt) = &cfg.sprt {
            let d = sprt.decide(&crate::report::tallies(done)[2]);
            if d != SprtDecision::Continue && !stop.swap(true, Ordering::SeqCst) {
                decision = Some(d);
            }
        }
        if cfg.progress {
            let line = progress_line(done.len(), total, done, cfg.sprt.as_ref());
            let mut err = std::io::stderr().lock();
            let _ = if tty {
                write!(err, "\r{line}\x1b[K")
            } else {
                writeln!(err, "{line}")
            };
            let _ = err.flush();
        }
    }
    for w in workers {
        let _ = w.join();
    }
    if cfg.progress && tty {
        eprintln!();
    }
    Ok(decision)
}

/// Write `summary.txt` and `report.html` into `dir`.
pub fn write_reports(
    dir: &Path,
    games: &[GameResult],
    header: &str,
    sprt: Option<&Sprt>,
) -> Result<(), MatchError> {
    for (name, text) in [
        ("summary.txt", summary(games, header, sprt)),
        ("report.html", html_report(games, header, sprt)),
    ] {
        let path = dir.join(name);
        std::fs::write(&path, text).map_err(|e| MatchError::Io(path, e))?;
    }
    Ok(())
}

/// The setup of game `game`: the colours as the match says (by default they alternate: the
/// engine under test, `players[0]`, is Black in even games), the opening from the match's
/// openings.
fn game_setup(cfg: &MatchConfig, game: usize, [engine, opponent]: &[PlayerSpec; 2]) -> GameSetup {
    let engine_black = cfg.engine_color.is_black(game);
    let players = if engine_black {
        [engine.clone(), opponent.clone()]
    } else {
        [opponent.clone(), engine.clone()]
    };
    let g = &cfg.settings;
    GameSetup {
        game,
        settings: g.clone(),
        opening: cfg.openings.for_game(game, g.size, g.rules, g.handicap),
        players,
        engine_black,
        sgf_name: format!("game-{game:05}.sgf"),
    }
}

/// Is `game` played by this run? Without a shard, every game is.
fn in_shard(shard: Option<Shard>, game: usize) -> bool {
    shard.is_none_or(|s| s.owns(game))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shards_split_the_games_into_pairs() {
        let shards: Vec<Shard> = (1..=3).map(|i| format!("{i}/3").parse().unwrap()).collect();
        for g in 0..20 {
            assert_eq!(shards.iter().filter(|s| s.owns(g)).count(), 1, "game {g}");
            let s = shards.iter().find(|s| s.owns(g)).unwrap();
            assert!(s.owns(g ^ 1), "both games of a pair in one shard");
        }
        assert!(shards[0].owns(0) && shards[1].owns(2) && shards[2].owns(4) && shards[0].owns(6));
        for bad in ["0/3", "4/3", "1", "a/b", "1/0"] {
            assert!(bad.parse::<Shard>().is_err(), "{bad}");
        }
    }
}
