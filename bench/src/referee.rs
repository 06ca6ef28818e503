//! One refereed game between two GTP engines: setup, clocks, every move checked by tengen's own
//! rules core, the end by two passes, resignation, forfeit or the move limit, and the count.
//!
//! The referee trusts neither player. A move is legal when [`tengen_engine::Game`] says so; a
//! clock is charged with the measured wall time less the lag allowance; a finished game is
//! counted independently (area or territory under the match rules, after the referee engine's
//! `final_status_list dead`) and each player's own `final_score` is only compared with it, by
//! winner and margin ([`crate::results::ScoreCheck`]).

mod clock;
mod disagreements;

pub use disagreements::{append_disagreement, DISAGREEMENTS_FILE};

use crate::gtp_client::{GtpEngine, GtpError};
use crate::results::{GameResult, Reason};
use std::path::Path;
use std::time::{Duration, Instant};
use tengen_engine::coord::{move_text, parse_move};
use tengen_engine::handicap::fixed_handicap;
use tengen_engine::sgf::{GameRecord, RecordNode};
use tengen_engine::time::{seconds, Clock, TimeSystem};
use tengen_engine::{Color, Game, Move, Point, Rules, Score};

/// A player: its display name and how to start it.
#[derive(Clone, Debug, PartialEq)]
pub struct PlayerSpec {
    pub name: String,
    pub command: String,
    /// Does it list `kgs-time_settings` (then Japanese byo-yomi can be told exactly)?
    pub kgs_time_settings: bool,
}

/// What every game of a match shares.
#[derive(Clone, Debug)]
pub struct GameSettings {
    pub size: usize,
    pub rules: Rules,
    pub handicap: usize,
    /// The game ends, and is counted, after this many moves.
    pub max_moves: usize,
    pub time: TimeSystem,
    /// Seconds of each move's wall time not charged to the clock (process and pipe delay).
    pub lag: f64,
    /// How long any reply may take when no clock bounds it.
    pub hang_timeout: Duration,
    /// The engine that says which stones are dead at the count; `None`: nothing is dead.
    pub referee: Option<String>,
}

/// Everything that fixes one game.
#[derive(Clone, Debug)]
pub struct GameSetup {
    /// The game's index in the match.
    pub game: usize,
    pub settings: GameSettings,
    /// Moves played before the engines take over, alternating from the side to move.
    pub opening: Vec<Move>,
    /// Black, then White.
    pub players: [PlayerSpec; 2],
    /// Whether the engine under test (the match's first engine) is Black.
    pub engine_black: bool,
    /// The SGF file's name, written into the result (relative to the results folder).
    pub sgf_name: String,
}

/// Who lost and why, when a game ends before the count.
struct Forfeit {
    loser: Color,
    reason: Reason,
    detail: String,
}

impl Forfeit {
    /// The loss that `error` (from `color`'s engine) means.
    fn from_error(color: Color, error: &GtpError, engine: Option<&GtpEngine>) -> Forfeit {
        let reason = match error {
            GtpError::Spawn(_) | GtpError::Exited { .. } => Reason::Crash,
            GtpError::Timeout { .. } => Reason::Hang,
            GtpError::Garbage { .. } | GtpError::Refused { .. } => Reason::Protocol,
        };
        let mut detail = error.to_string();
        if let Some(tail) = engine.map(GtpEngine::stderr_tail).filter(|t| !t.is_empty()) {
            detail.push_str("\nstderr:\n");
            detail.push_str(&tail);
        }
        Forfeit {
            loser: color,
            reason,
            detail,
        }
    }
}

fn color_letter(c: Color) -> &'static str {
    match c {
        Color::Black => "B",
        Color::White => "W",
    }
}

/// A game in progress: the referee's board, both engines, both clocks, the record.
struct Table<'a> {
    setup: &'a GameSetup,
    game: Game,
    engines: [Option<GtpEngine>; 2],
    clocks: [Clock; 2],
    record: GameRecord,
    time_used: [f64; 2],
    max_move_time: [f64; 2],
    genmoves: [usize; 2],
}

impl Table<'_> {
    fn engine(&mut self, color: Color) -> Result<&mut GtpEngine, GtpError> {
        self.engines[color.index()]
            .as_mut()
            .ok_or_else(|| GtpError::Exited {
                command: "(not running)".into(),
            })
    }

    /// Run `command` on `color`'s engine; any failure is that engine's forfeit.
    fn ask(&mut self, color: Color, command: &str) -> Result<String, Forfeit> {
        let timeout = self.setup.settings.hang_timeout;
        let reply = self
            .engine(color)
            .and_then(|e| e.send(command, Some(timeout)));
        reply.map_err(|e| Forfeit::from_error(color, &e, self.engines[color.index()].as_ref()))
    }

    /// Start both engines and give them the board, komi, handicap, clock and opening.
    fn start(&mut self) -> Result<(), Forfeit> {
        let setup = self.setup;
        for color in Color::BOTH {
            let spec = &setup.players[color.index()];
            match GtpEngine::spawn(&spec.command, None) {
                Ok(e) => self.engines[color.index()] = Some(e),
                Err(e) => return Err(Forfeit::from_error(color, &e, None)),
            }
        }
        let geo = self.game.board().geometry();
        let handicap_points = match setup.settings.handicap {
            0 => Vec::new(),
            n => fixed_handicap(geo, n).unwrap_or_default(),
        };
        if !handicap_points.is_empty() {
            // The match checked the count against the board size before starting.
            let _ = self.game.place_handicap(&handicap_points);
        }
        for color in Color::BOTH {
            self.ask(color, &format!("boardsize {}", setup.settings.size))?;
            self.ask(color, "clear_board")?;
            self.ask(color, &format!("komi {}", setup.settings.rules.komi))?;
            if setup.settings.handicap > 0 {
                let reply = self.ask(
                    color,
                    &format!("fixed_handicap {}", setup.settings.handicap),
                )?;
                let mut got: Vec<Point> = reply
                    .split_whitespace()
                    .filter_map(|v| parse_move(v, geo).ok().and_then(Move::point))
                    .collect();
                let mut want = handicap_points.clone();
                got.sort_unstable();
                want.sort_unstable();
                if got != want {
                    return Err(Forfeit {
                        loser: color,
                        reason: Reason::Protocol,
                        detail: format!(
                            "fixed_handicap {} answered {reply:?}",
                            setup.settings.handicap
                        ),
                    });
                }
            }
            if setup.settings.time.is_limited() {
                let command = if setup.players[color.index()].kgs_time_settings {
                    clock::kgs_time_settings(&setup.settings.time)
                } else {
                    clock::time_settings(&setup.settings.time)
                };
                self.tell_clock(color, &command)?;
            }
        }
        for &mv in &setup.opening {
            let color = self.game.to_move();
            if self.game.play(color, mv).is_err() {
                // Openings are checked when the match loads them; an illegal one is skipped.
                break;
            }
            let text = move_text(mv, geo);
            for c in Color::BOTH {
                self.ask(c, &format!("play {} {text}", color_letter(color)))?;
            }
            self.record.nodes.push(RecordNode {
                mv: Some((color, mv)),
                extra: vec![("C".into(), "opening".into())],
                ..RecordNode::default()
            });
        }
        Ok(())
    }

    /// Send a clock command to `color`'s engine (see [`clock::send`]).
    fn tell_clock(&mut self, color: Color, command: &str) -> Result<(), Forfeit> {
        let timeout = self.setup.settings.hang_timeout;
        let sent = self
            .engine(color)
            .and_then(|e| clock::send(e, command, timeout));
        sent.map_err(|e| Forfeit::from_error(color, &e, self.engines[color.index()].as_ref()))
    }

    /// Ask the side to move for its move, check it and play it everywhere. `Ok(None)` means the
    /// game goes on; `Ok(Some(color))` that `color` resigned.
    fn turn(&mut self) -> Result<Option<Color>, Forfeit> {
        let color = self.game.to_move();
        let reply = self.genmove(color)?;
        if reply.eq_ignore_ascii_case("resign") {
            return Ok(Some(color));
        }
        let geo = self.game.board().geometry();
        let mv = parse_move(&reply, geo).map_err(|e| Forfeit {
            loser: color,
            reason: Reason::Illegal,
            detail: format!("genmove answered {reply:?}: {e}"),
        })?;
        self.game.play(color, mv).map_err(|e| Forfeit {
            loser: color,
            reason: Reason::Illegal,
            detail: format!("{} {reply}: {e}", color_letter(color)),
        })?;
        let text = move_text(mv, geo);
        self.ask(
            color.opponent(),
            &format!("play {} {text}", color_letter(color)),
        )?;
        self.record.nodes.push(RecordNode {
            mv: Some((color, mv)),
            extra: clock::sgf_time_left(color_letter(color), &self.clocks[color.index()]),
            ..RecordNode::default()
        });
        Ok(None)
    }

    /// `color`'s reply to `genmove`, after telling it its time left; the time it took is
    /// charged to its clock (less the lag allowance), and a reply after the clock has run out
    /// loses on time.
    fn genmove(&mut self, color: Color) -> Result<String, Forfeit> {
        let setup = self.setup;
        let side = color.index();
        if let Some(command) = clock::time_left(color_letter(color), &self.clocks[side]) {
            self.tell_clock(color, &command)?;
        }
        let lag = seconds(setup.settings.lag);
        let timeout =
            clock::move_timeout(&self.clocks[side], lag).unwrap_or(setup.settings.hang_timeout);
        let start = Instant::now();
        let reply = self
            .engine(color)
            .and_then(|e| e.send(&format!("genmove {}", color_letter(color)), Some(timeout)));
        let elapsed = start.elapsed();
        let secs = elapsed.as_secs_f64();
        self.time_used[side] += secs;
        self.genmoves[side] += 1;
        self.max_move_time[side] = self.max_move_time[side].max(secs);
        let reply = match reply {
            Ok(r) => r,
            Err(GtpError::Timeout { waited, .. }) if setup.settings.time.is_limited() => {
                return Err(Forfeit {
                    loser: color,
                    reason: Reason::Time,
                    detail: format!("no move after {:.3} s", waited.as_secs_f64()),
                })
            }
            Err(e) => return Err(Forfeit::from_error(color, &e, self.engines[side].as_ref())),
        };
        let charged = elapsed.saturating_sub(lag);
        self.clocks[side].spend(charged).map_err(|_| Forfeit {
            loser: color,
            reason: Reason::Time,
            detail: format!(
                "move {reply} took {secs:.3} s ({:.3} s after the lag allowance)",
                charged.as_secs_f64()
            ),
        })?;
        Ok(reply)
    }

    /// Each engine's `final_score`, when it gives one.
    fn final_scores(&mut self) -> [Option<String>; 2] {
        let timeout = self.setup.settings.hang_timeout;
        Color::BOTH.map(|c| {
            self.engine(c)
                .and_then(|e| e.send("final_score", Some(timeout)))
                .ok()
        })
    }

    /// The independent count: dead stones from the referee engine, counted by tengen's rules
    /// core. Returns the score and a note when the referee could not help.
    fn count(&self) -> (Score, Option<String>) {
        let Some(command) = &self.setup.settings.referee else {
            return (self.game.score(&[]), None);
        };
        match referee_dead_stones(command, &self.game, self.setup.settings.hang_timeout) {
            Ok(dead) => (self.game.score(&dead), None),
            Err(e) => (
                self.game.score(&[]),
                Some(format!("referee failed ({e}); counted with no dead stones")),
            ),
        }
    }

    fn quit_all(&mut self) {
        for e in self.engines.iter_mut() {
            if let Some(engine) = e.take() {
                engine.quit();
            }
        }
    }
}

/// Replay `game` on a fresh referee engine and ask it which stones are dead.
fn referee_dead_stones(
    command: &str,
    game: &Game,
    timeout: Duration,
) -> Result<Vec<Point>, GtpError> {
    let mut referee = GtpEngine::spawn(command, None)?;
    let geo = game.board().geometry();
    let t = Some(timeout);
    referee.send(&format!("boardsize {}", geo.size()), t)?;
    referee.send("clear_board", t)?;
    referee.send(&format!("komi {}", game.rules().komi), t)?;
    for action in game.actions() {
        match action {
            tengen_engine::Action::Handicap(points) => {
                let list: Vec<String> = points
                    .iter()
                    .map(|&p| move_text(Move::Play(p), geo))
                    .collect();
                referee.send(&format!("set_free_handicap {}", list.join(" ")), t)?;
            }
            tengen_engine::Action::Move(c, m) => {
                referee.send(
                    &format!("play {} {}", color_letter(*c), move_text(*m, geo)),
                    t,
                )?;
            }
            // The runner never uses setup stones.
            tengen_engine::Action::Setup(..) => {}
        }
    }
    let reply = referee.send("final_status_list dead", t)?;
    referee.quit();
    Ok(reply
        .split_whitespace()
        .filter_map(|v| parse_move(v, geo).ok().and_then(Move::point))
        .filter(|&p| game.board().at(p).color().is_some())
        .collect())
}

/// How a game ended: a forfeit, a resignation (`Ok(Some(resigner))`), or `Ok(None)` for the
/// count.
type Ending = Result<Option<Color>, Forfeit>;

/// Play one game as `setup` says. Never fails: whatever happens is in the result.
pub fn play_game(setup: &GameSetup) -> (GameResult, GameRecord) {
    let game = Game::new(setup.settings.size, setup.settings.rules).unwrap_or_else(|| {
        Game::new(9, setup.settings.rules).expect("9x9 is a valid size") // sizes are checked by the caller
    });
    let mut table = Table {
        setup,
        record: GameRecord::from_game(&game),
        game,
        engines: [None, None],
        clocks: [
            Clock::new(setup.settings.time.clone()),
            Clock::new(setup.settings.time.clone()),
        ],
        time_used: [0.0; 2],
        max_move_time: [0.0; 2],
        genmoves: [0; 2],
    };
    let (ending, limit_reached) = table.play();
    let mut result = table.result();
    match ending {
        Err(forfeit) => result.forfeited(forfeit),
        Ok(Some(resigner)) => {
            let winner = resigner.opponent();
            result.winner = Some(color_letter(winner).into());
            result.result = format!("{}+R", color_letter(winner));
            result.reason = Reason::Resign;
        }
        Ok(None) => table.count_into(&mut result, limit_reached),
    }
    table.quit_all();
    let record = finish_record(table.record, setup, &result);
    (result, record)
}

impl Table<'_> {
    /// Start the engines and play until the game ends or reaches the move limit (then `true`).
    fn play(&mut self) -> (Ending, bool) {
        let mut ending: Ending = self.start().map(|_| None);
        if let Ok(None) = ending {
            // The handicap placed by `start` belongs in the record's root.
            let root = GameRecord::from_game(&self.game).nodes.swap_remove(0);
            self.record.nodes[0] = root;
            self.record.handicap = self.game.handicap();
        }
        while let Ok(None) = ending {
            if self.game.is_over() {
                break;
            }
            if self.game.move_count() >= self.setup.settings.max_moves {
                return (ending, true);
            }
            ending = self.turn();
        }
        (ending, false)
    }

    /// The result as far as the game itself says: players, moves, times and clocks.
    fn result(&self) -> GameResult {
        let setup = self.setup;
        let main = setup.settings.time.main().as_secs_f64();
        GameResult {
            game: setup.game,
            engine_black: setup.engine_black,
            black: setup.players[0].name.clone(),
            white: setup.players[1].name.clone(),
            winner: None,
            result: String::new(),
            reason: Reason::Score,
            detail: String::new(),
            moves: self.game.move_count(),
            engine_moves: self.genmoves,
            final_scores: [None, None],
            referee_score: None,
            disagreement: false,
            score_checks: [None, None],
            time_used: self.time_used,
            max_move_time: self.max_move_time,
            size: setup.settings.size,
            main_left: self
                .clocks
                .each_ref()
                .map(|c| (main > 0.0).then(|| c.main_left().as_secs_f64() / main)),
            sgf: setup.sgf_name.clone(),
        }
    }

    /// A finished game: the engines' own `final_score` and the referee's count.
    fn count_into(&mut self, result: &mut GameResult, limit_reached: bool) {
        result.reason = if limit_reached {
            Reason::MoveLimit
        } else {
            Reason::Score
        };
        result.final_scores = self.final_scores();
        let (score, note) = self.count();
        result.winner = score.winner().map(|c| color_letter(c).to_string());
        result.result = score.to_string();
        result.referee_score = Some(score.to_string());
        result.check_final_scores();
        if let Some(note) = note {
            result.detail = note;
        }
    }
}

impl GameResult {
    /// The game was lost by `forfeit`.
    fn forfeited(&mut self, forfeit: Forfeit) {
        let winner = forfeit.loser.opponent();
        self.winner = Some(color_letter(winner).into());
        let code = if forfeit.reason == Reason::Time {
            "T"
        } else {
            "F"
        };
        self.result = format!("{}+{code}", color_letter(winner));
        self.reason = forfeit.reason;
        self.detail = forfeit.detail;
    }
}

/// The game's record with its result, the players, and a root comment on how it ended.
fn finish_record(mut record: GameRecord, setup: &GameSetup, result: &GameResult) -> GameRecord {
    record.result = Some(result.result.clone());
    record.black_name = Some(result.black.clone());
    record.white_name = Some(result.white.clone());
    let mut comment = format!("game {} ended by {}", setup.game, result.reason);
    if !result.detail.is_empty() {
        comment.push_str(": ");
        comment.push_str(&result.detail);
    }
    if result.final_scores.iter().any(Option::is_some) {
        comment.push_str(&format!(
            "\nfinal_score: Black says {}, White says {}; referee count {}",
            result.final_scores[0].as_deref().unwrap_or("-"),
            result.final_scores[1].as_deref().unwrap_or("-"),
            result.referee_score.as_deref().unwrap_or("-"),
        ));
    }
    record
        .root_extra
        .push(("GN".into(), format!("game {}", setup.game)));
    record.root_extra.push(("DT".into(), today()));
    record.root_extra.push(("PC".into(), "tengen-match".into()));
    record
        .root_extra
        .extend(clock::sgf_time_system(&setup.settings.time));
    record.root_extra.push(("C".into(), comment));
    record
}

/// Today's date (UTC) as SGF's `DT` writes it: `YYYY-MM-DD`.
fn today() -> String {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let (y, m, d) = civil_date(secs / 86_400);
    format!("{y:04}-{m:02}-{d:02}")
}

/// The Gregorian date of a day counted from 1970-01-01 (day 0): year, month, day.
fn civil_date(days: u64) -> (u64, u64, u64) {
    // Count in 400-year eras of 146,097 days from 0000-03-01, so that leap days end the year.
    let z = days + 719_468;
    let era = z / 146_097;
    let doe = z % 146_097;
    let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + u64::from(month <= 2);
    (year, month, day)
}

/// Write a game's SGF into `dir`.
pub fn write_sgf(dir: &Path, name: &str, record: &GameRecord) -> std::io::Result<()> {
    std::fs::write(dir.join(name), record.to_sgf())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_are_gregorian() {
        assert_eq!(civil_date(0), (1970, 1, 1));
        assert_eq!(civil_date(19_782), (2024, 2, 29), "a leap day");
        assert_eq!(civil_date(20_787), (2026, 11, 30));
        assert_eq!(today().len(), 10);
    }
}
