//! One refereed game between two GTP engines: setup, clocks, every move checked by tengen's own
//! rules core, the end by two passes, resignation, forfeit or the move limit, and the count.
//!
//! The referee trusts neither player. A move is legal when [`tengen_engine::Game`] says so; a
//! clock is charged with the measured wall time less the lag allowance; a finished game is
//! counted independently (area or territory under the match rules, after the referee engine's
//! `final_status_list dead`) and each player's own `final_score` is only compared with it.

use crate::clock::{Clock, TimeControl};
use crate::gtp_client::{GtpEngine, GtpError};
use crate::results::{GameResult, Reason};
use std::path::Path;
use std::time::{Duration, Instant};
use tengen_engine::coord::{move_text, parse_move};
use tengen_engine::handicap::fixed_handicap;
use tengen_engine::sgf::{GameRecord, RecordNode};
use tengen_engine::{Color, Game, Move, Point, Rules, Score};

/// Extra time the runner waits past a clock's flag before giving up on a reply. The result is
/// the same either way (a reply later than the flag loses on time); the slack only keeps a
/// reply that arrives right at the flag from being cut off mid-line.
const FLAG_SLACK: Duration = Duration::from_millis(200);

/// A player: its display name and how to start it.
#[derive(Clone, Debug, PartialEq)]
pub struct PlayerSpec {
    pub name: String,
    pub command: String,
    /// Does it list `kgs-time_settings` (then Japanese byo-yomi can be told exactly)?
    pub kgs_time_settings: bool,
}

/// Everything that fixes one game.
#[derive(Clone, Debug)]
pub struct GameSetup {
    /// The game's index in the match.
    pub game: usize,
    pub size: usize,
    pub rules: Rules,
    pub handicap: usize,
    /// The game ends, and is counted, after this many moves.
    pub max_moves: usize,
    pub time: TimeControl,
    /// Seconds of each move's wall time not charged to the clock (process and pipe delay).
    pub lag: f64,
    /// How long any reply may take when no clock bounds it.
    pub hang_timeout: Duration,
    /// Moves played before the engines take over, alternating from the side to move.
    pub opening: Vec<Move>,
    /// Black, then White.
    pub players: [PlayerSpec; 2],
    /// Whether the engine under test (the match's first engine) is Black.
    pub engine_black: bool,
    /// The engine that says which stones are dead at the count; `None`: nothing is dead.
    pub referee: Option<String>,
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

/// Numbers as GTP clock commands take them: integers where they are whole.
fn secs_text(s: f64) -> String {
    if s.fract() == 0.0 && s.abs() < 1e15 {
        format!("{}", s as i64)
    } else {
        let text = format!("{s:.3}");
        text.trim_end_matches('0').to_string()
    }
}

/// A clock command with its seconds as whole numbers, for engines that refuse fractions (GTP's
/// draft types them as integers). Rounded down: an engine told less time than it has only
/// hurries, while rounding up would make it overrun (0.5 s told as 1 s is a loss on time). A
/// period under a second becomes 0, which every reading takes as "move at once".
fn integer_seconds(command: &str) -> String {
    command
        .split(' ')
        .map(|w| match w.parse::<f64>() {
            Ok(v) if w.contains('.') => format!("{}", v.floor().max(0.0) as i64),
            _ => w.to_string(),
        })
        .collect::<Vec<_>>()
        .join(" ")
}

fn color_letter(c: Color) -> &'static str {
    match c {
        Color::Black => "B",
        Color::White => "W",
    }
}

/// Send a clock command; engines that refuse fractional seconds get whole ones. A refusal of
/// both is not a fault: an engine may ignore clocks (and then risks losing on time).
fn send_clock_command(
    engine: &mut GtpEngine,
    command: &str,
    timeout: Duration,
) -> Result<(), GtpError> {
    match engine.send(command, Some(timeout)) {
        Ok(_) => Ok(()),
        Err(GtpError::Refused { .. }) => {
            let whole = integer_seconds(command);
            match engine.send(&whole, Some(timeout)) {
                Ok(_) | Err(GtpError::Refused { .. }) => Ok(()),
                Err(e) => Err(e),
            }
        }
        Err(e) => Err(e),
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
        let timeout = self.setup.hang_timeout;
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
        let handicap_points = match setup.handicap {
            0 => Vec::new(),
            n => fixed_handicap(geo, n).unwrap_or_default(),
        };
        if !handicap_points.is_empty() {
            // The match checked the count against the board size before starting.
            let _ = self.game.place_handicap(&handicap_points);
        }
        for color in Color::BOTH {
            self.ask(color, &format!("boardsize {}", setup.size))?;
            self.ask(color, "clear_board")?;
            self.ask(color, &format!("komi {}", setup.rules.komi))?;
            if setup.handicap > 0 {
                let reply = self.ask(color, &format!("fixed_handicap {}", setup.handicap))?;
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
                        detail: format!("fixed_handicap {} answered {reply:?}", setup.handicap),
                    });
                }
            }
            if setup.time != TimeControl::None {
                let command = if setup.players[color.index()].kgs_time_settings {
                    setup.time.kgs_time_settings()
                } else {
                    setup.time.time_settings()
                };
                let timeout = setup.hang_timeout;
                let sent = self
                    .engine(color)
                    .and_then(|e| send_clock_command(e, &command, timeout));
                sent.map_err(|e| {
                    Forfeit::from_error(color, &e, self.engines[color.index()].as_ref())
                })?;
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

    /// Ask the side to move for its move, check it and play it everywhere. `Ok(None)` means the
    /// game goes on; `Ok(Some(color))` that `color` resigned.
    fn turn(&mut self) -> Result<Option<Color>, Forfeit> {
        let setup = self.setup;
        let color = self.game.to_move();
        let side = color.index();
        let clock = &self.clocks[side];
        if let Some((secs, stones)) = clock.time_left() {
            let command = format!(
                "time_left {} {} {stones}",
                color_letter(color),
                secs_text(secs)
            );
            let timeout = setup.hang_timeout;
            let sent = self
                .engine(color)
                .and_then(|e| send_clock_command(e, &command, timeout));
            sent.map_err(|e| Forfeit::from_error(color, &e, self.engines[side].as_ref()))?;
        }
        let timeout = match self.clocks[side].max_move_time() {
            Some(max) => Duration::from_secs_f64(max + setup.lag.max(0.0)) + FLAG_SLACK,
            None => setup.hang_timeout,
        };
        let start = Instant::now();
        let reply = self
            .engine(color)
            .and_then(|e| e.send(&format!("genmove {}", color_letter(color)), Some(timeout)));
        let elapsed = start.elapsed().as_secs_f64();
        self.time_used[side] += elapsed;
        self.genmoves[side] += 1;
        self.max_move_time[side] = self.max_move_time[side].max(elapsed);
        let reply = match reply {
            Ok(r) => r,
            Err(GtpError::Timeout { waited, .. }) if setup.time != TimeControl::None => {
                return Err(Forfeit {
                    loser: color,
                    reason: Reason::Time,
                    detail: format!("no move after {:.3} s", waited.as_secs_f64()),
                })
            }
            Err(e) => return Err(Forfeit::from_error(color, &e, self.engines[side].as_ref())),
        };
        let charged = (elapsed - setup.lag).max(0.0);
        if self.clocks[side].charge(charged).is_err() {
            return Err(Forfeit {
                loser: color,
                reason: Reason::Time,
                detail: format!(
                    "move {reply} took {elapsed:.3} s ({charged:.3} s after the lag allowance)"
                ),
            });
        }
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
        let opponent = color.opponent();
        let text = move_text(mv, geo);
        self.ask(opponent, &format!("play {} {text}", color_letter(color)))?;
        let mut extra = Vec::new();
        if let Some((secs, periods)) = self.clocks[side].sgf_time_left() {
            extra.push((format!("{}L", color_letter(color)), format!("{secs:.3}")));
            if let Some(n) = periods {
                extra.push((format!("O{}", color_letter(color)), n.to_string()));
            }
        }
        self.record.nodes.push(RecordNode {
            mv: Some((color, mv)),
            extra,
            ..RecordNode::default()
        });
        Ok(None)
    }

    /// Each engine's `final_score`, when it gives one.
    fn final_scores(&mut self) -> [Option<String>; 2] {
        let timeout = self.setup.hang_timeout;
        Color::BOTH.map(|c| {
            self.engine(c)
                .and_then(|e| e.send("final_score", Some(timeout)))
                .ok()
        })
    }

    /// The independent count: dead stones from the referee engine, counted by tengen's rules
    /// core. Returns the score and a note when the referee could not help.
    fn count(&self) -> (Score, Option<String>) {
        let Some(command) = &self.setup.referee else {
            return (self.game.score(&[]), None);
        };
        match referee_dead_stones(command, &self.game, self.setup.hang_timeout) {
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

/// Does a `final_score` reply name the same winner as `score`?
fn same_winner(reply: &str, score: Score) -> bool {
    let reply = reply.trim().to_ascii_uppercase();
    let claimed = if reply.starts_with("B+") {
        Some(Color::Black)
    } else if reply.starts_with("W+") {
        Some(Color::White)
    } else if reply == "0" || reply == "DRAW" || reply == "JIGO" {
        None
    } else {
        return false;
    };
    claimed == score.winner()
}

/// Play one game as `setup` says. Never fails: whatever happens is in the result.
pub fn play_game(setup: &GameSetup) -> (GameResult, GameRecord) {
    let game = Game::new(setup.size, setup.rules).unwrap_or_else(|| {
        Game::new(9, setup.rules).expect("9x9 is a valid size") // sizes are checked by the caller
    });
    let mut table = Table {
        setup,
        record: GameRecord::from_game(&game),
        game,
        engines: [None, None],
        clocks: [Clock::new(setup.time), Clock::new(setup.time)],
        time_used: [0.0; 2],
        max_move_time: [0.0; 2],
        genmoves: [0; 2],
    };
    let mut outcome: Result<Option<Color>, Forfeit> = table.start().map(|_| None);
    if let Ok(None) = outcome {
        // The handicap placed by `start` belongs in the record's root.
        let root = GameRecord::from_game(&table.game).nodes.swap_remove(0);
        table.record.nodes[0] = root;
        table.record.handicap = table.game.handicap();
    }
    let mut limit_reached = false;
    while let Ok(None) = outcome {
        if table.game.is_over() {
            break;
        }
        if table.game.move_count() >= setup.max_moves {
            limit_reached = true;
            break;
        }
        outcome = table.turn();
    }
    let mut result = GameResult {
        game: setup.game,
        engine_black: setup.engine_black,
        black: setup.players[0].name.clone(),
        white: setup.players[1].name.clone(),
        winner: None,
        result: String::new(),
        reason: Reason::Score,
        detail: String::new(),
        moves: table.game.move_count(),
        engine_moves: table.genmoves,
        final_scores: [None, None],
        referee_score: None,
        disagreement: false,
        time_used: table.time_used,
        max_move_time: table.max_move_time,
        size: setup.size,
        main_left: {
            let main = setup.time.main();
            table
                .clocks
                .each_ref()
                .map(|c| (main > 0.0).then(|| c.main_left() / main))
        },
        sgf: setup.sgf_name.clone(),
    };
    match outcome {
        Err(forfeit) => {
            let winner = forfeit.loser.opponent();
            result.winner = Some(color_letter(winner).into());
            let code = if forfeit.reason == Reason::Time {
                "T"
            } else {
                "F"
            };
            result.result = format!("{}+{code}", color_letter(winner));
            result.reason = forfeit.reason;
            result.detail = forfeit.detail;
        }
        Ok(Some(resigner)) => {
            let winner = resigner.opponent();
            result.winner = Some(color_letter(winner).into());
            result.result = format!("{}+R", color_letter(winner));
            result.reason = Reason::Resign;
        }
        Ok(None) => {
            result.reason = if limit_reached {
                Reason::MoveLimit
            } else {
                Reason::Score
            };
            result.final_scores = table.final_scores();
            let (score, note) = table.count();
            result.winner = score.winner().map(|c| color_letter(c).to_string());
            result.result = score.to_string();
            result.referee_score = Some(score.to_string());
            result.disagreement = result
                .final_scores
                .iter()
                .flatten()
                .any(|s| !same_winner(s, score));
            if let Some(note) = note {
                result.detail = note;
            }
        }
    }
    table.quit_all();
    let mut record = table.record;
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
    if let Some(ot) = overtime_text(setup.time) {
        record
            .root_extra
            .push(("TM".into(), secs_text(setup.time.main())));
        record.root_extra.push(("OT".into(), ot));
    }
    record.root_extra.push(("C".into(), comment));
    (result, record)
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

/// SGF `OT`: the overtime system in words.
fn overtime_text(tc: TimeControl) -> Option<String> {
    match tc {
        TimeControl::None => None,
        TimeControl::Absolute { .. } => Some("none".into()),
        TimeControl::Byoyomi {
            period, periods, ..
        } => Some(format!("{periods}x{} byo-yomi", secs_text(period))),
        TimeControl::Canadian { period, stones, .. } => {
            Some(format!("{stones}/{} Canadian", secs_text(period)))
        }
    }
}

/// Write a game's SGF into `dir`.
pub fn write_sgf(dir: &Path, name: &str, record: &GameRecord) -> std::io::Result<()> {
    std::fs::write(dir.join(name), record.to_sgf())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clock_numbers_are_whole_when_they_can_be() {
        assert_eq!(secs_text(30.0), "30");
        assert_eq!(secs_text(0.05), "0.05");
        assert_eq!(secs_text(0.5), "0.5");
        assert_eq!(integer_seconds("time_left b 0.450 1"), "time_left b 0 1");
        assert_eq!(
            integer_seconds("time_settings 0 2.5 1"),
            "time_settings 0 2 1"
        );
    }

    #[test]
    fn dates_are_gregorian() {
        assert_eq!(civil_date(0), (1970, 1, 1));
        assert_eq!(civil_date(19_782), (2024, 2, 29), "a leap day");
        assert_eq!(civil_date(20_787), (2026, 11, 30));
        assert_eq!(today().len(), 10);
    }

    #[test]
    fn final_score_winners_compare_with_the_count() {
        assert!(same_winner("B+3.5", Score(3.5)));
        assert!(same_winner("w+0.5", Score(-0.5)));
        assert!(same_winner("0", Score(0.0)));
        assert!(!same_winner("B+1", Score(-2.0)));
        assert!(!same_winner("I don't know", Score(2.0)));
    }
}
