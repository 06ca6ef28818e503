//! The one interface between the GTP front end and whatever chooses moves ([`Player`]), the data
//! it reports ([`Analysis`]), and a small reference implementation ([`FlatPlayer`]: flat
//! Monte-Carlo over light playouts) that shows what each method must do.
//!
//! The front end owns the clock and turns it into [`SearchLimits`]; the player owns its search
//! and never prints. A player is driven from a worker thread while the front end keeps reading
//! commands, and stops promptly when the `stop` flag is raised.

use crate::board::Board;
use crate::game::Game;
use crate::playout::{light_playout, playout_area, playout_owner, random_move};
use crate::rng::Rng;
use crate::types::{Color, Move, Point};
use smallvec::SmallVec;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// How long one search may run. The search ends at whichever limit comes first, or when `stop`
/// is raised.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchLimits {
    /// Wall-clock budget (`None`: no time limit): the time planned for the move.
    pub time: Option<Duration>,
    /// The most the search may take when its choice is still in doubt at `time` (`None`, or
    /// not above `time`: no extension). See [`crate::time::Allowance`].
    pub max_time: Option<Duration>,
    /// Playout budget (`None`: no limit).
    pub playouts: Option<u64>,
    /// May the search stop before its budget when the best move can no longer change?
    /// `false` gives exactly `playouts` playouts (benchmarks, deterministic tests).
    pub early_stop: bool,
    /// Clean-up mode (`kgs-genmove_cleanup`): never pass while opponent stones the player
    /// judges dead are still on the board; capture them first.
    pub cleanup: bool,
}

impl SearchLimits {
    /// No limit at all: the search runs until `stop` is raised (analysis).
    pub fn unlimited() -> SearchLimits {
        SearchLimits {
            time: None,
            max_time: None,
            playouts: None,
            early_stop: false,
            cleanup: false,
        }
    }

    /// Exactly `n` playouts, no time limit, no early stop.
    pub fn playouts(n: u64) -> SearchLimits {
        SearchLimits {
            playouts: Some(n),
            ..SearchLimits::unlimited()
        }
    }

    /// At most `t` of wall time, stopping early when the choice is clear.
    pub fn time(t: Duration) -> SearchLimits {
        SearchLimits {
            time: Some(t),
            early_stop: true,
            ..SearchLimits::unlimited()
        }
    }

    /// The latest the search may end: [`SearchLimits::max_time`] if it extends
    /// [`SearchLimits::time`], else `time`.
    pub fn latest(&self) -> Option<Duration> {
        match (self.time, self.max_time) {
            (Some(t), Some(m)) => Some(t.max(m)),
            (t, _) => t,
        }
    }
}

/// Longest principal variation a player reports.
pub const MAX_PV_MOVES: usize = 20;

/// A principal variation: at most [`MAX_PV_MOVES`] moves, kept inline, so a snapshot of many
/// candidates makes no allocation per candidate.
pub type Variation = SmallVec<[Move; MAX_PV_MOVES]>;

/// One candidate move as the search sees it. Win rates are for the player to move, in 0..=1.
#[derive(Clone, Debug, PartialEq)]
pub struct Candidate {
    pub mv: Move,
    pub visits: u64,
    pub winrate: f32,
    /// The search's prior belief in this move, 0..=1.
    pub prior: f32,
    /// A lower confidence bound of the win rate, 0..=1.
    pub lcb: f32,
    /// Expected final score margin for the player to move, in points.
    pub score_lead: f32,
    /// Principal variation, starting with `mv`.
    pub pv: Variation,
}

/// A snapshot of a search in progress or finished.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Analysis {
    /// Playouts so far in this search.
    pub playouts: u64,
    /// Visits of the root: this search's playouts plus those the tree kept from earlier
    /// searches (tree reuse), so the candidates' visits add up to about this.
    pub root_visits: u64,
    /// Candidates, best first (the move the player would choose now comes first).
    pub candidates: Vec<Candidate>,
    /// Per point, in [`crate::Geometry::points`] order (row by row from the bottom left): -1
    /// (White owns it) to +1 (Black owns it). Empty when the player keeps no ownership.
    pub ownership: Vec<f32>,
    /// Win rate of the player to move, 0..=1.
    pub winrate: f32,
    /// Expected final score margin for the player to move, in points.
    pub score_lead: f32,
}

impl Analysis {
    /// The analysis of a move played without a search (an opening book's): the move as the one
    /// candidate, no visits, an even win rate.
    pub fn of_book_move(mv: Move) -> Analysis {
        let mut pv = Variation::new();
        pv.push(mv);
        Analysis {
            candidates: vec![Candidate {
                mv,
                visits: 0,
                winrate: 0.5,
                prior: 1.0,
                lcb: 0.0,
                score_lead: 0.0,
                pv,
            }],
            winrate: 0.5,
            ..Analysis::default()
        }
    }
}

/// What a player decides to do.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Decision {
    Play(Move),
    Resign,
}

/// Status of a stone at the end of the game.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum StoneStatus {
    Alive,
    Dead,
    Seki,
}

/// A player's judgement of the stones of a final position.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct FinalStatuses {
    /// Every stone's status.
    pub stones: Vec<(Point, StoneStatus)>,
    /// The stones whose status is a guess (a board not finished: a fight left open).
    pub undecided: Vec<Point>,
}

/// A move chooser the GTP front end can drive.
pub trait Player: Send {
    /// A short name for logs (`flat`, `mcts`).
    fn name(&self) -> &str;

    /// Forget everything about earlier games (GTP `clear_board`, `boardsize`, `loadsgf`).
    fn clear(&mut self);

    /// Choose a move for `color` in `game` within `limits`, or earlier if `stop` is raised.
    /// `report` may be called with progress (for `*-genmove_analyze`); the returned analysis is
    /// the final state of the search.
    fn genmove(
        &mut self,
        game: &Game,
        color: Color,
        limits: &SearchLimits,
        stop: &AtomicBool,
        report: &mut dyn FnMut(&Analysis),
    ) -> (Decision, Analysis);

    /// Search `game` for `color` until `stop` is raised, calling `report` about every
    /// `interval` (analysis mode, pondering).
    fn analyze(
        &mut self,
        game: &Game,
        color: Color,
        stop: &AtomicBool,
        interval: Duration,
        report: &mut dyn FnMut(&Analysis),
    );

    /// The status of every stone of `game`'s final position, as the player judges it, and the
    /// stones whose status is a guess. Must agree with the judgement behind the player's last
    /// pass when the position has not changed.
    fn final_statuses(&mut self, game: &Game) -> FinalStatuses;

    /// Every parameter of the player with its current value (GoGui's `param` display).
    fn params(&self) -> Vec<Param>;

    /// Set one parameter; an unknown name, a value of the wrong kind or out of range is an
    /// error and changes nothing.
    fn set_param(&mut self, name: &str, value: ParamValue) -> Result<(), ParamError>;
}

/// A parameter's value as it crosses the [`Player`] boundary.
#[derive(Copy, Clone, Debug, PartialEq)]
pub enum ParamValue {
    /// On or off.
    Bool(bool),
    /// A count, a size or a seed.
    Int(u64),
    /// A weight, a probability or a factor.
    Real(f32),
}

impl ParamValue {
    /// `text` read as a value of the same kind as `self` (GoGui sends `1`/`0` for booleans;
    /// `true`/`false`, `on`/`off` and `yes`/`no` are read too).
    pub fn parse_like(self, text: &str) -> Result<ParamValue, String> {
        let text = text.trim();
        match self {
            ParamValue::Bool(_) => match text.to_ascii_lowercase().as_str() {
                "1" | "true" | "on" | "yes" => Ok(ParamValue::Bool(true)),
                "0" | "false" | "off" | "no" => Ok(ParamValue::Bool(false)),
                _ => Err(format!("expected true or false, not {text:?}")),
            },
            ParamValue::Int(_) => text
                .parse()
                .map(ParamValue::Int)
                .map_err(|_| format!("expected a whole number >= 0, not {text:?}")),
            ParamValue::Real(_) => text
                .parse::<f32>()
                .ok()
                .filter(|x| x.is_finite())
                .map(ParamValue::Real)
                .ok_or_else(|| format!("expected a number, not {text:?}")),
        }
    }

    /// The value as a number (booleans as 0 and 1), for range checks.
    pub fn as_f64(self) -> f64 {
        match self {
            ParamValue::Bool(b) => f64::from(u8::from(b)),
            ParamValue::Int(n) => n as f64,
            ParamValue::Real(x) => f64::from(x),
        }
    }

    /// Whether `other` is of the same kind.
    pub fn same_kind(self, other: ParamValue) -> bool {
        std::mem::discriminant(&self) == std::mem::discriminant(&other)
    }
}

impl std::fmt::Display for ParamValue {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ParamValue::Bool(b) => write!(f, "{b}"),
            ParamValue::Int(n) => write!(f, "{n}"),
            ParamValue::Real(x) => write!(f, "{x}"),
        }
    }
}

/// One parameter of a player: its name and current value.
#[derive(Clone, Debug, PartialEq)]
pub struct Param {
    pub name: &'static str,
    pub value: ParamValue,
}

/// Why a parameter was not set.
#[derive(Clone, Debug, PartialEq)]
pub enum ParamError {
    /// The player has no parameter of this name.
    Unknown(String),
    /// The value is of another kind than the parameter (a number for a switch, ...).
    WrongKind { name: String, expected: ParamValue },
    /// The value is outside the parameter's range.
    OutOfRange { name: String, min: f64, max: f64 },
}

impl std::fmt::Display for ParamError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ParamError::Unknown(name) => write!(f, "unknown parameter {name:?}"),
            ParamError::WrongKind { name, expected } => {
                let kind = match expected {
                    ParamValue::Bool(_) => "true or false",
                    ParamValue::Int(_) => "a whole number",
                    ParamValue::Real(_) => "a number",
                };
                write!(f, "{name} takes {kind}")
            }
            ParamError::OutOfRange { name, min, max } => {
                write!(f, "{name} must be in {min}..={max}")
            }
        }
    }
}

impl std::error::Error for ParamError {}

/// Flat Monte-Carlo: for each candidate move, the share of light playouts won after it. No tree,
/// no knowledge: the reference implementation of [`Player`], and a weak but honest opponent.
pub struct FlatPlayer {
    rng: Rng,
    seed: u64,
}

impl FlatPlayer {
    /// A player whose choices are fixed by `seed`.
    pub fn new(seed: u64) -> FlatPlayer {
        FlatPlayer {
            rng: Rng::new(seed),
            seed,
        }
    }

    /// Run playouts until a limit, returning per-move (wins, visits) and per-point ownership.
    fn search(
        &mut self,
        game: &Game,
        color: Color,
        limits: &SearchLimits,
        stop: &AtomicBool,
        interval: Option<Duration>,
        report: &mut dyn FnMut(&Analysis),
    ) -> Analysis {
        let start = Instant::now();
        let geo = game.board().geometry();
        let moves: Vec<Point> = game
            .legal_moves(color)
            .into_iter()
            .filter_map(Move::point)
            .filter(|&p| !game.board().is_eye(color, p))
            .collect();
        let mut wins = vec![0u64; moves.len()];
        let mut visits = vec![0u64; moves.len()];
        let mut owned = vec![0i64; geo.array_len()];
        let mut board = game.board().clone();
        let komi = game.rules().komi + game.rules().handicap_compensation.points(game.handicap());
        let max_moves = 3 * geo.points_count();
        let mut last_report = Instant::now();
        let mut playouts = 0u64;
        let snapshot = |playouts: u64, wins: &[u64], visits: &[u64], owned: &[i64]| {
            let mut candidates: Vec<Candidate> = moves
                .iter()
                .zip(wins.iter().zip(visits))
                .filter(|(_, (_, &v))| v > 0)
                .map(|(&p, (&w, &v))| {
                    let rate = w as f32 / v as f32;
                    Candidate {
                        mv: Move::Play(p),
                        visits: v,
                        winrate: rate,
                        prior: 1.0 / moves.len() as f32,
                        lcb: (rate - 1.96 * (rate * (1.0 - rate) / v as f32).sqrt()).max(0.0),
                        score_lead: 0.0,
                        pv: Variation::from_slice(&[Move::Play(p)]),
                    }
                })
                .collect();
            candidates.sort_by(|a, b| {
                b.winrate
                    .total_cmp(&a.winrate)
                    .then(b.visits.cmp(&a.visits))
            });
            let total = playouts.max(1) as f32;
            Analysis {
                playouts,
                root_visits: playouts,
                winrate: candidates.first().map_or(0.0, |c| c.winrate),
                score_lead: 0.0,
                ownership: geo
                    .points()
                    .map(|p| owned[p.index()] as f32 / total)
                    .collect(),
                candidates,
            }
        };
        while !moves.is_empty() && !stop.load(Ordering::Relaxed) {
            if limits.playouts.is_some_and(|n| playouts >= n)
                || limits.time.is_some_and(|t| start.elapsed() >= t)
            {
                break;
            }
            let i = self.rng.below(moves.len());
            board.copy_from(game.board());
            board.play_unchecked(color, moves[i]);
            light_playout(&mut board, color.opponent(), &mut self.rng, max_moves);
            let black_margin = f64::from(playout_area(&board)) - komi;
            if (black_margin > 0.0) == (color == Color::Black) && black_margin != 0.0 {
                wins[i] += 1;
            }
            visits[i] += 1;
            playouts += 1;
            for p in geo.points() {
                owned[p.index()] += i64::from(playout_owner(&board, p));
            }
            if interval.is_some_and(|iv| last_report.elapsed() >= iv) {
                report(&snapshot(playouts, &wins, &visits, &owned));
                last_report = Instant::now();
            }
        }
        snapshot(playouts, &wins, &visits, &owned)
    }
}

impl Player for FlatPlayer {
    fn name(&self) -> &str {
        "flat"
    }

    fn clear(&mut self) {
        self.rng = Rng::new(self.seed);
    }

    fn genmove(
        &mut self,
        game: &Game,
        color: Color,
        limits: &SearchLimits,
        stop: &AtomicBool,
        report: &mut dyn FnMut(&Analysis),
    ) -> (Decision, Analysis) {
        let analysis = self.search(
            game,
            color,
            limits,
            stop,
            Some(Duration::from_millis(100)),
            report,
        );
        let decision = match analysis.candidates.first() {
            None => Decision::Play(Move::Pass),
            Some(c) if c.winrate < 0.02 && c.visits >= 100 => Decision::Resign,
            Some(c) => Decision::Play(c.mv),
        };
        (decision, analysis)
    }

    fn analyze(
        &mut self,
        game: &Game,
        color: Color,
        stop: &AtomicBool,
        interval: Duration,
        report: &mut dyn FnMut(&Analysis),
    ) {
        let last = self.search(
            game,
            color,
            &SearchLimits::unlimited(),
            stop,
            Some(interval),
            report,
        );
        report(&last);
    }

    fn final_statuses(&mut self, game: &Game) -> FinalStatuses {
        // Ownership from playouts of the position as it stands: a stone is dead when the
        // other side owns its point in most playouts.
        let board: &Board = game.board();
        let mut owned = vec![0i32; board.geometry().array_len()];
        let mut scratch = board.clone();
        let runs = 200;
        for _ in 0..runs {
            scratch.copy_from(board);
            light_playout(
                &mut scratch,
                game.to_move(),
                &mut self.rng,
                3 * board.geometry().points_count(),
            );
            for p in board.geometry().points() {
                owned[p.index()] += playout_owner(&scratch, p);
            }
        }
        let stones = board
            .geometry()
            .points()
            .filter_map(|p| {
                let color = board.at(p).color()?;
                let mine = owned[p.index()] * if color == Color::Black { 1 } else { -1 };
                Some((
                    p,
                    if mine < 0 {
                        StoneStatus::Dead
                    } else {
                        StoneStatus::Alive
                    },
                ))
            })
            .collect();
        FinalStatuses {
            stones,
            undecided: Vec::new(),
        }
    }

    fn params(&self) -> Vec<Param> {
        vec![Param {
            name: "seed",
            value: ParamValue::Int(self.seed),
        }]
    }

    fn set_param(&mut self, name: &str, value: ParamValue) -> Result<(), ParamError> {
        match (name, value) {
            ("seed", ParamValue::Int(seed)) => {
                self.seed = seed;
                self.rng = Rng::new(seed);
                Ok(())
            }
            ("seed", _) => Err(ParamError::WrongKind {
                name: name.into(),
                expected: ParamValue::Int(0),
            }),
            _ => Err(ParamError::Unknown(name.into())),
        }
    }
}

/// A uniformly random legal move that does not fill an own true eye, or a pass.
pub fn random_legal_move(game: &Game, color: Color, rng: &mut Rng) -> Move {
    let board = game.board();
    // The board's fast test knows simple ko only; retry a few times against superko.
    for _ in 0..8 {
        match random_move(board, color, rng) {
            Some(p) if game.is_legal(color, Move::Play(p)) => return Move::Play(p),
            Some(_) => continue,
            None => return Move::Pass,
        }
    }
    Move::Pass
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::coord::parse_move;
    use crate::rules::Rules;

    #[test]
    fn flat_player_takes_a_free_capture_and_respects_its_budget() {
        // White's stone at b2 is in atari; capturing it at c2 wins the whole 3x3... on 5x5.
        let b = Board::from_ascii(
            ". . . . .
             . X . . .
             X O . . .
             . X . . .
             . . . . .",
        )
        .unwrap();
        let mut g = Game::new(
            5,
            Rules {
                komi: 0.5,
                ..Rules::chinese()
            },
        )
        .unwrap();
        for p in b.geometry().points() {
            if let Some(c) = b.at(p).color() {
                g.setup(p, Some(c));
            }
        }
        let mut player = FlatPlayer::new(1);
        let stop = AtomicBool::new(false);
        let (d, a) = player.genmove(
            &g,
            Color::Black,
            &SearchLimits::playouts(3000),
            &stop,
            &mut |_| {},
        );
        assert_eq!(a.playouts, 3000);
        assert_eq!(a.candidates.iter().map(|c| c.visits).sum::<u64>(), 3000);
        assert_eq!(d, Decision::Play(parse_move("C3", b.geometry()).unwrap()));
        // Same seed, same answer.
        let mut again = FlatPlayer::new(1);
        let (d2, a2) = again.genmove(
            &g,
            Color::Black,
            &SearchLimits::playouts(3000),
            &stop,
            &mut |_| {},
        );
        assert_eq!((d2, a2), (d, a));
    }

    #[test]
    fn raised_stop_flag_ends_analysis() {
        let g = Game::new(9, Rules::chinese()).unwrap();
        let mut player = FlatPlayer::new(2);
        let stop = AtomicBool::new(true);
        let mut reports = 0;
        player.analyze(
            &g,
            Color::Black,
            &stop,
            Duration::from_millis(1),
            &mut |_| reports += 1,
        );
        assert_eq!(reports, 1, "one final report, no search");
    }
}
