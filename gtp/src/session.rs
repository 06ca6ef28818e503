//! The state of a GTP session and every command: the game, the player, the move budget, the
//! clocks. Commands that only read or change the position are answered here at once; commands
//! that search return a [`Search`] for the server to run on a worker thread, and
//! [`Session::finish`] turns its result into the reply. No I/O happens here, so the whole
//! command set can be tested without threads or pipes.
//!
//! The clock commands live in `session/clock.rs`, `tengen-param` in `session/params.rs`, the
//! analysis and GoGui display commands in `session/streams.rs`.

use crate::analysis::{display_text, Dialect, Display};
use crate::free_handicap::free_handicap_points;
use crate::log::Log;
use crate::protocol::{format_reply, Command};
use crate::search::{MoveBudget, Search, Task};
use crate::showboard::showboard;
use std::sync::Arc;
use std::time::Duration;
use tengen_engine::coord::{move_text, parse_move};
use tengen_engine::handicap::fixed_handicap;
use tengen_engine::player::{
    random_legal_move, Analysis, Decision, FinalStatuses, Player, StoneStatus,
};
use tengen_engine::rng::Rng;
use tengen_engine::sgf::GameRecord;
use tengen_engine::time::{Clock, TimeManager, TimeSystem};
use tengen_engine::{Color, Game, Move, Point, Rules};

/// What a command asks the server to do.
#[derive(Debug)]
pub enum Outcome {
    /// Answer at once: `=` with the text, or `?` with the error.
    Reply(Result<String, String>),
    /// Run a search, then answer with [`Session::finish`].
    Search(Search),
    /// Answer `=` and exit.
    Quit,
}

/// How a session starts: the command line's choices.
#[derive(Clone, Debug)]
pub struct Settings {
    /// Rules of every new game (komi changes with `komi`).
    pub rules: Rules,
    pub budget: MoveBudget,
    /// Think on the opponent's time after each move.
    pub ponder: bool,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            rules: Rules::chinese(),
            budget: MoveBudget::default(),
            ponder: false,
        }
    }
}

/// Board size of a new session.
const DEFAULT_SIZE: usize = 19;
/// Largest SGF file `loadsgf` reads.
const MAX_SGF_BYTES: u64 = 16 << 20;
/// A GTP session: one game at a time and the player that moves in it.
pub struct Session {
    /// Shared with the worker thread during a search; never changed while one runs.
    game: Arc<Game>,
    /// `None` while the player is out on the worker thread.
    player: Option<Box<dyn Player>>,
    /// Rules of the next game; `komi` updates them too.
    rules: Rules,
    budget: MoveBudget,
    ponder: bool,
    /// Show GoGui live graphics (on stderr) while a move is searched.
    live_gfx: bool,
    /// The player's judgement of the stones in the current position, kept until the position
    /// changes, so that `final_score` and `final_status_list` always agree.
    statuses: Option<FinalStatuses>,
    /// Each colour's clock (Black first) and the time system of new games.
    clocks: [Clock; 2],
    time_system: TimeSystem,
    time_manager: TimeManager,
    log: Log,
}

type Handler = fn(&mut Session, &[String]) -> Result<Outcome, String>;

/// Every command tengen knows, in the order `list_commands` gives them.
const COMMANDS: &[(&str, Handler)] = &[
    ("protocol_version", |_, _| reply("2")),
    ("name", |_, _| reply("tengen")),
    ("version", |_, _| reply(env!("CARGO_PKG_VERSION"))),
    ("known_command", Session::known_command),
    ("list_commands", Session::list_commands),
    ("quit", |_, _| Ok(Outcome::Quit)),
    ("cputime", Session::cputime),
    ("boardsize", Session::boardsize),
    ("clear_board", Session::clear_board),
    ("komi", Session::komi),
    ("fixed_handicap", Session::fixed_handicap),
    ("place_free_handicap", Session::place_free_handicap),
    ("set_free_handicap", Session::set_free_handicap),
    ("loadsgf", Session::loadsgf),
    ("printsgf", Session::printsgf),
    ("play", Session::play),
    ("genmove", |s, a| s.genmove(a, true, false)),
    ("reg_genmove", |s, a| s.genmove(a, false, false)),
    ("kgs-genmove_cleanup", |s, a| s.genmove(a, true, true)),
    ("undo", Session::undo),
    ("gg-undo", Session::gg_undo),
    ("gogui-play_sequence", Session::play_sequence),
    ("is_legal", Session::is_legal),
    ("list_stones", Session::list_stones),
    ("captures", Session::captures),
    ("showboard", |s, _| {
        reply(format!("\n{}", showboard(&s.game)))
    }),
    ("final_score", Session::final_score),
    ("final_status_list", Session::final_status_list),
    ("time_settings", Session::time_settings),
    ("kgs-time_settings", Session::kgs_time_settings),
    ("time_left", Session::time_left),
    ("lz-analyze", |s, a| s.analyze(a, Dialect::Leela)),
    ("kata-analyze", |s, a| s.analyze(a, Dialect::Kata)),
    ("lz-genmove_analyze", |s, a| {
        s.genmove_analyze(a, Dialect::Leela)
    }),
    ("kata-genmove_analyze", |s, a| {
        s.genmove_analyze(a, Dialect::Kata)
    }),
    ("gogui-analyze_commands", |_, _| reply(ANALYZE_COMMANDS)),
    ("gogui-interrupt", |_, _| reply("")),
    ("tengen-param", Session::param),
    ("tengen-ownership", |s, a| s.show(a, Display::Ownership)),
    ("tengen-visits", |s, a| s.show(a, Display::Visits)),
    ("tengen-pv", |s, a| s.show(a, Display::Variation)),
    ("tengen-stats", |s, a| s.show(a, Display::Statistics)),
];

/// GoGui's analyze menu (`type/label/command`; `%c` is the colour to move).
const ANALYZE_COMMANDS: &str = "\
param/Engine Settings/tengen-param basics
param/Clock Parameters/tengen-param clock
param/Search Parameters/tengen-param search
param/Prior Parameters/tengen-param priors
param/Playout Parameters/tengen-param policy
dboard/Ownership/tengen-ownership %c
gfx/Visit Counts/tengen-visits %c
gfx/Principal Variation/tengen-pv %c
string/Search Statistics/tengen-stats %c
plist/Dead Stones/final_status_list dead
string/Final Score/final_score";

fn reply(text: impl Into<String>) -> Result<Outcome, String> {
    Ok(Outcome::Reply(Ok(text.into())))
}

/// The arguments, when there are exactly `N` of them.
fn exactly<const N: usize>(args: &[String]) -> Result<[&str; N], String> {
    let v: Vec<&str> = args.iter().map(String::as_str).collect();
    v.try_into().map_err(|_| match N {
        0 => "no arguments expected".to_string(),
        1 => "expected 1 argument".to_string(),
        n => format!("expected {n} arguments"),
    })
}

fn color_arg(text: &str) -> Result<Color, String> {
    text.parse().map_err(|_| format!("invalid color {text:?}"))
}

/// A non-negative integer argument.
fn count_arg(text: &str) -> Result<usize, String> {
    text.parse()
        .map_err(|_| format!("{text:?} is not a non-negative integer"))
}

impl Session {
    /// A session on an empty 19x19 board, driving `player`.
    pub fn new(player: Box<dyn Player>, settings: Settings, log: Log) -> Session {
        let game = Game::new(DEFAULT_SIZE, settings.rules).expect("19x19 is a valid size");
        Session {
            game: Arc::new(game),
            player: Some(player),
            rules: settings.rules,
            budget: settings.budget,
            ponder: settings.ponder,
            live_gfx: false,
            statuses: None,
            clocks: [Clock::new(TimeSystem::None), Clock::new(TimeSystem::None)],
            time_system: TimeSystem::None,
            time_manager: TimeManager::new(),
            log,
        }
    }

    /// The game as it stands.
    pub fn game(&self) -> &Arc<Game> {
        &self.game
    }

    /// Answer one command (the id is the caller's business).
    pub fn execute(&mut self, command: &Command) -> Outcome {
        let Some(&(_, handler)) = COMMANDS
            .iter()
            .find(|(name, _)| name.eq_ignore_ascii_case(&command.name))
        else {
            return Outcome::Reply(Err("unknown command".into()));
        };
        match handler(self, &command.args) {
            Ok(Outcome::Search(search)) => Outcome::Search(Search {
                id: command.id.clone(),
                ..search
            }),
            Ok(outcome) => outcome,
            Err(e) => Outcome::Reply(Err(e)),
        }
    }

    /// The game to change; the worker thread holds no copy between searches, so this does not
    /// clone.
    fn game_mut(&mut self) -> &mut Game {
        self.statuses = None;
        Arc::make_mut(&mut self.game)
    }

    /// Replace the game.
    fn set_game(&mut self, game: Game) {
        self.statuses = None;
        self.game = Arc::new(game);
    }

    fn player(&mut self) -> Result<&mut (dyn Player + 'static), String> {
        self.player
            .as_deref_mut()
            .ok_or_else(|| "the engine is busy".to_string())
    }

    /// Hand the player to the worker thread for a search.
    pub fn take_player(&mut self) -> Option<Box<dyn Player>> {
        self.player.take()
    }

    /// The player is back from the worker thread.
    pub fn return_player(&mut self, player: Box<dyn Player>) {
        self.player = Some(player);
    }

    fn parse_move(&self, text: &str) -> Result<Move, String> {
        parse_move(text, self.game.board().geometry()).map_err(|e| format!("{e} {text:?}"))
    }

    fn vertex(&self, p: Point) -> String {
        move_text(Move::Play(p), self.game.board().geometry())
    }

    /// Start a new game of `size` under the current rules.
    fn new_game(&mut self, size: usize) -> Result<(), String> {
        let game = Game::new(size, self.rules).ok_or("unacceptable size")?;
        self.start(game)
    }

    /// `game` is the new game: the player forgets the old one, the clocks start full.
    fn start(&mut self, game: Game) -> Result<(), String> {
        self.set_game(game);
        self.set_time_system(self.time_system.clone());
        self.player()?.clear();
        Ok(())
    }

    // ------------------------------------------------------------------ administrative

    fn known_command(&mut self, args: &[String]) -> Result<Outcome, String> {
        let [name] = exactly(args)?;
        let known = COMMANDS.iter().any(|(n, _)| n.eq_ignore_ascii_case(name));
        reply(if known { "true" } else { "false" })
    }

    fn list_commands(&mut self, _: &[String]) -> Result<Outcome, String> {
        reply(
            COMMANDS
                .iter()
                .map(|(name, _)| *name)
                .collect::<Vec<_>>()
                .join("\n"),
        )
    }

    /// `cputime`: the CPU seconds the process has used, all threads (gogui-twogtp and
    /// gogui-regress record it per game).
    fn cputime(&mut self, args: &[String]) -> Result<Outcome, String> {
        exactly::<0>(args)?;
        let time =
            crate::cputime::process_cpu_time().ok_or("cputime is not available on this system")?;
        reply(format!("{:.2}", time.as_secs_f64()))
    }

    // ------------------------------------------------------------------ setup

    fn boardsize(&mut self, args: &[String]) -> Result<Outcome, String> {
        let [size] = exactly(args)?;
        let size: usize = size.parse().map_err(|_| "unacceptable size")?;
        self.new_game(size)?;
        reply("")
    }

    fn clear_board(&mut self, args: &[String]) -> Result<Outcome, String> {
        exactly::<0>(args)?;
        self.new_game(self.game.board().size())?;
        reply("")
    }

    fn komi(&mut self, args: &[String]) -> Result<Outcome, String> {
        let [text] = exactly(args)?;
        let komi: f64 = text
            .parse()
            .ok()
            .filter(|k: &f64| k.is_finite())
            .ok_or_else(|| format!("komi {text:?} is not a number"))?;
        self.rules.komi = komi;
        // No stone moves: the judgement of dead stones stands.
        Arc::make_mut(&mut self.game).set_komi(komi);
        reply("")
    }

    fn handicap(&mut self, points: &[Point]) -> Result<Outcome, String> {
        self.game_mut()
            .place_handicap(points)
            .map_err(|e| e.to_string())?;
        reply(
            points
                .iter()
                .map(|&p| self.vertex(p))
                .collect::<Vec<_>>()
                .join(" "),
        )
    }

    fn board_is_empty(&self) -> bool {
        self.game.actions().is_empty()
    }

    fn fixed_handicap(&mut self, args: &[String]) -> Result<Outcome, String> {
        let [n] = exactly(args)?;
        let n = count_arg(n)?;
        let points =
            fixed_handicap(self.game.board().geometry(), n).ok_or("invalid number of stones")?;
        if !self.board_is_empty() {
            return Err("board not empty".into());
        }
        self.handicap(&points)
    }

    fn place_free_handicap(&mut self, args: &[String]) -> Result<Outcome, String> {
        let [n] = exactly(args)?;
        let n = count_arg(n)?;
        let points = free_handicap_points(self.game.board().geometry(), n)
            .ok_or("invalid number of stones")?;
        if !self.board_is_empty() {
            return Err("board not empty".into());
        }
        self.handicap(&points)
    }

    fn set_free_handicap(&mut self, args: &[String]) -> Result<Outcome, String> {
        let mut points = Vec::new();
        for text in args {
            match self.parse_move(text)? {
                Move::Play(p) => points.push(p),
                Move::Pass => return Err("bad vertex list: pass is not a stone".into()),
            }
        }
        if !self.board_is_empty() {
            return Err("board not empty".into());
        }
        // GTP 2: the reply is empty (only the commands that choose the points list them).
        self.handicap(&points)
            .map_err(|e| format!("bad vertex list: {e}"))?;
        reply("")
    }

    fn loadsgf(&mut self, args: &[String]) -> Result<Outcome, String> {
        let (path, before) = match args {
            [path] => (path, None),
            [path, n] => match n.parse::<usize>() {
                Ok(n) if n >= 1 => (path, Some(n)),
                _ => return Err(format!("move number {n:?} is not a positive integer")),
            },
            _ => return Err("expected a file name and an optional move number".into()),
        };
        let text = read_sgf(path).map_err(|e| format!("cannot load file: {e}"))?;
        let game = GameRecord::parse(&text)
            .and_then(|record| record.replay(self.rules, before))
            .map_err(|e| format!("cannot load file: {e}"))?;
        self.rules.komi = game.rules().komi;
        self.start(game)?;
        reply("")
    }

    fn printsgf(&mut self, args: &[String]) -> Result<Outcome, String> {
        let sgf = GameRecord::from_game(&self.game).to_sgf();
        match args {
            [] => reply(sgf.trim_end()),
            [path] => {
                std::fs::write(path, sgf).map_err(|e| format!("cannot write the file: {e}"))?;
                reply("")
            }
            _ => Err("expected at most a file name".into()),
        }
    }

    // ------------------------------------------------------------------ play

    fn play(&mut self, args: &[String]) -> Result<Outcome, String> {
        let [color, vertex] = exactly(args)?;
        let color = color_arg(color)?;
        let mv = self.parse_move(vertex)?;
        self.game_mut()
            .play(color, mv)
            .map_err(|_| "illegal move")?;
        reply("")
    }

    fn undo(&mut self, args: &[String]) -> Result<Outcome, String> {
        exactly::<0>(args)?;
        if self.game_mut().undo() {
            reply("")
        } else {
            Err("cannot undo".into())
        }
    }

    /// `gg-undo [n]`: take back `n` moves (default 1), all or none.
    fn gg_undo(&mut self, args: &[String]) -> Result<Outcome, String> {
        let n = match args {
            [] => 1,
            [n] => count_arg(n)?,
            _ => return Err("expected at most one argument".into()),
        };
        let mut game = Game::clone(&self.game);
        if !(0..n).all(|_| game.undo()) {
            return Err("cannot undo".into());
        }
        self.set_game(game);
        reply("")
    }

    /// `gogui-play_sequence b D4 w Q16 ...`: all the moves, or none if one is illegal.
    fn play_sequence(&mut self, args: &[String]) -> Result<Outcome, String> {
        if !args.len().is_multiple_of(2) {
            return Err("expected color and vertex pairs".into());
        }
        let mut game = Game::clone(&self.game);
        for pair in args.chunks(2) {
            let color = color_arg(&pair[0])?;
            let mv = self.parse_move(&pair[1])?;
            game.play(color, mv)
                .map_err(|_| format!("illegal move {} {}", pair[0], pair[1]))?;
        }
        self.set_game(game);
        reply("")
    }

    fn genmove(&mut self, args: &[String], play: bool, cleanup: bool) -> Result<Outcome, String> {
        let [color] = exactly(args)?;
        let color = color_arg(color)?;
        let mut limits = self.move_limits(color);
        limits.cleanup = cleanup;
        Ok(Outcome::Search(Search {
            id: None,
            color,
            task: Task::Genmove {
                limits,
                play,
                stream: None,
            },
        }))
    }

    // ------------------------------------------------------------------ state

    fn is_legal(&mut self, args: &[String]) -> Result<Outcome, String> {
        let [color, vertex] = exactly(args)?;
        let color = color_arg(color)?;
        let mv = self.parse_move(vertex)?;
        reply(if self.game.is_legal(color, mv) {
            "1"
        } else {
            "0"
        })
    }

    fn list_stones(&mut self, args: &[String]) -> Result<Outcome, String> {
        let [color] = exactly(args)?;
        let color = color_arg(color)?;
        let board = self.game.board();
        let stones: Vec<String> = board
            .geometry()
            .points()
            .filter(|&p| board.at(p).color() == Some(color))
            .map(|p| self.vertex(p))
            .collect();
        reply(stones.join(" "))
    }

    fn captures(&mut self, args: &[String]) -> Result<Outcome, String> {
        let [color] = exactly(args)?;
        let color = color_arg(color)?;
        reply(self.game.board().captures(color).to_string())
    }

    fn statuses(&mut self) -> Result<FinalStatuses, String> {
        if let Some(known) = &self.statuses {
            return Ok(known.clone());
        }
        let game = Arc::clone(&self.game);
        let statuses = self.player()?.final_statuses(&game);
        self.statuses = Some(statuses.clone());
        Ok(statuses)
    }

    fn final_score(&mut self, args: &[String]) -> Result<Outcome, String> {
        exactly::<0>(args)?;
        let dead: Vec<Point> = self
            .statuses()?
            .stones
            .into_iter()
            .filter(|&(_, s)| s == StoneStatus::Dead)
            .map(|(p, _)| p)
            .collect();
        reply(self.game.score(&dead).to_string())
    }

    /// `final_status_list alive|dead|seki|undecided`: the stones of that status, one chain per
    /// line; `undecided`, tengen's own, lists the stones whose status the others give is a
    /// guess (a board not finished when both passed).
    fn final_status_list(&mut self, args: &[String]) -> Result<Outcome, String> {
        let [which] = exactly(args)?;
        let wanted = match which.to_ascii_lowercase().as_str() {
            "alive" => Some(StoneStatus::Alive),
            "dead" => Some(StoneStatus::Dead),
            "seki" => Some(StoneStatus::Seki),
            "undecided" => None,
            _ => {
                return Err(format!(
                    "invalid status {which:?} (alive, dead, seki, undecided)"
                ))
            }
        };
        let judged = self.statuses()?;
        let stones: Vec<Point> = match wanted {
            Some(wanted) => judged
                .stones
                .into_iter()
                .filter(|&(_, s)| s == wanted)
                .map(|(p, _)| p)
                .collect(),
            None => judged.undecided,
        };
        let board = self.game.board();
        let mut chains: Vec<(Point, Vec<Point>)> = Vec::new();
        for p in stones {
            if board.at(p).color().is_none() {
                continue;
            }
            let head = board.chain_id(p);
            match chains.iter_mut().find(|(h, _)| *h == head) {
                Some((_, stones)) => stones.push(p),
                None => chains.push((head, vec![p])),
            }
        }
        let lines: Vec<String> = chains
            .iter()
            .map(|(_, stones)| {
                stones
                    .iter()
                    .map(|&p| self.vertex(p))
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect();
        reply(lines.join("\n"))
    }

    /// GoGui live graphics for a progress report of `search`, when they are on and it is a
    /// move or display search (streams show their own progress).
    pub fn live_gfx(&self, search: &Search, analysis: &Analysis) -> Option<String> {
        let quiet = matches!(
            search.task,
            Task::Genmove { stream: None, .. } | Task::Show { .. }
        );
        if !(self.live_gfx && quiet) {
            return None;
        }
        crate::analysis::live_gfx(analysis, self.game.board().geometry(), search.color)
    }

    /// The search to run on the opponent's time after a move, if pondering is on.
    pub fn ponder_search(&self) -> Option<Search> {
        (self.ponder && !self.game.is_over()).then(|| Search {
            id: None,
            color: self.game.to_move(),
            task: Task::Ponder,
        })
    }

    /// The output that ends `search`, given what the worker found (`Err`: the search failed
    /// (the player panicked, never stopped or was not there), and why). Plays the chosen move
    /// when the search was for one: a random legal move when the search failed.
    pub fn finish(
        &mut self,
        search: &Search,
        found: Result<Option<(Decision, Analysis)>, String>,
        elapsed: Duration,
    ) -> String {
        let id = search.id.as_deref();
        let geo = self.game.board().geometry();
        let analysis = match found {
            Ok(found) => found,
            Err(why) => {
                self.log.warn(&format!("the search failed: {why}"));
                if let Some(player) = self.player.as_deref_mut() {
                    player.clear();
                }
                None
            }
        };
        match &search.task {
            Task::Genmove { play, stream, .. } => {
                let (decision, analysis) = match analysis {
                    Some((d, a)) => (d, Some(a)),
                    None => (Decision::Play(self.fallback_move(search.color)), None),
                };
                let text = self.decide(search.color, decision, *play);
                if *play {
                    // A move over the clock loses on time: the controller's to call, while the
                    // engine plays on with what its clock has left.
                    let _ = self.clocks[search.color.index()].spend(elapsed);
                }
                self.log
                    .note(&summary(search, &text, analysis.as_ref(), elapsed));
                match stream {
                    None => format_reply(true, id, &text),
                    Some(_) => {
                        let last = analysis
                            .as_ref()
                            .and_then(|a| search.report_line(a, &self.game))
                            .map(|l| l + "\n")
                            .unwrap_or_default();
                        format!("{last}play {text}\n\n")
                    }
                }
            }
            Task::Analyze { .. } => "\n".to_string(),
            Task::Show { display, .. } => match analysis {
                Some((_, a)) => match display_text(*display, &a, geo, search.color) {
                    Ok(text) => format_reply(true, id, &text),
                    Err(e) => format_reply(false, id, &e),
                },
                None => format_reply(false, id, "internal error"),
            },
            Task::Ponder => String::new(),
        }
    }

    /// Carry out `decision` (play it if `play`) and return the move's text. A move the rules
    /// forbid (a player bug) becomes a random legal move: never an illegal move on the board.
    fn decide(&mut self, color: Color, decision: Decision, play: bool) -> String {
        let geo = self.game.board().geometry();
        let mv = match decision {
            Decision::Resign => return "resign".to_string(),
            Decision::Play(mv) if self.game.is_legal(color, mv) => mv,
            Decision::Play(mv) => {
                self.log.warn(&format!(
                    "the player chose the illegal move {}; playing a random one",
                    move_text(mv, geo)
                ));
                self.fallback_move(color)
            }
        };
        if play {
            let played = self.game_mut().play(color, mv);
            debug_assert!(played.is_ok(), "checked legal");
        }
        move_text(mv, geo)
    }

    /// A random legal move (or a pass): the answer when the player fails.
    fn fallback_move(&self, color: Color) -> Move {
        let mut rng = Rng::new(self.game.positions().len() as u64);
        random_legal_move(&self.game, color, &mut rng)
    }
}

fn read_sgf(path: &str) -> Result<String, String> {
    let file = std::fs::File::open(path).map_err(|e| e.to_string())?;
    let mut bytes = Vec::new();
    use std::io::Read;
    file.take(MAX_SGF_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| e.to_string())?;
    if bytes.len() as u64 > MAX_SGF_BYTES {
        return Err("file too large".into());
    }
    Ok(String::from_utf8_lossy(&bytes).into_owned())
}

/// One line about a finished move search, for the log.
fn summary(
    search: &Search,
    answer: &str,
    analysis: Option<&Analysis>,
    elapsed: Duration,
) -> String {
    let what = match analysis {
        Some(a) => format!(
            "{} playouts, {:.1}% for {}",
            a.playouts,
            100.0 * a.winrate,
            search.color
        ),
        None => "no search result".to_string(),
    };
    format!(
        "move for {}: {answer} after {:.2} s ({what})",
        search.color,
        elapsed.as_secs_f64()
    )
}

mod clock;
mod params;
mod streams;
#[cfg(test)]
mod tests;
