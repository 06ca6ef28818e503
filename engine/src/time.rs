//! Clocks and the time manager: how long to think about one move so that the game is never lost
//! on time.
//!
//! A [`Clock`] is what one player has left under a [`TimeSystem`], and the one place the clock
//! rules are written: what a move costs, when a period or a stone is used up, when a player has
//! lost on time ([`Clock::spend`], [`Flagged`]), and the longest the next move may take
//! ([`Clock::longest_move`]). The GTP front end keeps its clocks up to date from `time_left` (the
//! controller's figures are the truth) or, when none comes, from its own measurements; the match
//! referee (`tengen-match`) charges every move to the same `Clock` and ends the game when it
//! flags. The [`TimeManager`] turns a clock and the position into a wall-time budget for the next
//! move. Everything here is a pure function of the clock state: no wall clock is read, so tests
//! inject any state they like.
//!
//! # When time runs out
//! Every limit includes its end: a move that takes exactly what is left of main time, of a
//! Japanese period or of a Canadian period is made in time. A Japanese period is lost only by a
//! move that takes *more* than what is left of it (one that takes exactly the period keeps it),
//! and a move that overruns uses one period for each period it reaches into; using up the last
//! period, or overrunning a Canadian period or absolute time, loses the game.
//!
//! # How the budget is planned
//! - The number of own moves still to come is estimated from the empty points
//!   ([`TimeManager::own_moves_per_empty`]), never below a floor that grows with the board.
//! - Each future move gets a weight by game phase (less in the opening, most in the middle game,
//!   least in the endgame), and this move gets its weight's share of the time pool.
//! - Main time with byo-yomi after it: the pool is the main time (plus, in Japanese byo-yomi, all
//!   periods but the last); a move never gets less than one byo-yomi move would, since overrunning
//!   main time into byo-yomi costs nothing; it gets more only when the pool affords it.
//! - Japanese byo-yomi: all periods but the last are extra main time: counted in the main-time
//!   pool, and once in byo-yomi spent whole, one per move; the last period is insurance.
//! - Canadian byo-yomi: the period's time is shared by the stones still to play in it (or by the
//!   moves the game has left, if fewer).
//! - A lag margin is kept back on every move: [`TimeManager::lag`] plus
//!   [`TimeManager::lag_share`] of the current period. Under `time_settings 0 1 1` that leaves
//!   0.85 s of thinking for each 1-second move.
//! - Where time saved now serves later moves (main time, and a Canadian period with stones
//!   still to play after this one), the [`Allowance`] is *banked*: the search may stop before its
//!   planned time when its choice cannot change, and may think up to
//!   [`TimeManager::max_extension`] times as long when its choice is still in doubt (Huang,
//!   Coulom and Lin, "Time management for Monte-Carlo tree search applied to the game of Go",
//!   2010, found both worth playing strength), but never longer than the share of the pool
//!   each of [`TimeManager::min_moves_left`] moves would get (a tenth). Where time saved is not
//!   banked (a Japanese period, the last stone of a Canadian period), the search uses its whole
//!   planned time: what it saved would be lost.
//!
//! ```
//! use std::time::Duration;
//! use tengen_engine::time::{Clock, TimeManager, TimeSystem};
//! use tengen_engine::Board;
//! let clock = Clock::new(TimeSystem::from_gtp(0.0, 1.0, 1));
//! let budget = TimeManager::new().budget(&clock, &Board::new(19).unwrap()).unwrap();
//! assert!(budget.most < Duration::from_secs(1));
//! assert!(!budget.banked, "what a 1-stone period does not use is lost");
//! ```

use crate::board::Board;
use crate::tunable::tunables;
use std::fmt;
use std::str::FromStr;
use std::time::Duration;

/// The time control of a game.
#[derive(Clone, Debug, PartialEq)]
pub enum TimeSystem {
    /// No time limit.
    None,
    /// A fixed budget for the whole game (sudden death).
    Absolute { main: Duration },
    /// Japanese byo-yomi: after main time, every move must be made within `period`; a move that
    /// takes more than the period uses it up, and running out of the last one loses.
    Byoyomi {
        main: Duration,
        period: Duration,
        periods: u32,
    },
    /// Canadian byo-yomi (GTP's `time_settings`): after main time, `stones` moves must be made
    /// within each `period`; each period starts afresh.
    Canadian {
        main: Duration,
        period: Duration,
        stones: u32,
    },
}

/// Seconds from outside (GTP text) as a duration: negative and NaN are 0, huge values are capped
/// at a year.
pub fn seconds(secs: f64) -> Duration {
    const MAX_SECONDS: f64 = 365.0 * 24.0 * 3600.0;
    if secs.is_nan() || secs <= 0.0 {
        Duration::ZERO
    } else {
        Duration::from_secs_f64(secs.min(MAX_SECONDS))
    }
}

impl TimeSystem {
    /// The system GTP's `time_settings main byo stones` describes (Canadian byo-yomi): byo-yomi
    /// time 0 means absolute time; byo-yomi time above 0 with 0 stones means no limit. Absolute
    /// time of 0 (`time_settings 0 0 0`) is taken as no limit too: some controllers send it to
    /// mean "no clock", and a clock that had really run out would lose the game whatever the
    /// engine did. Negative figures count as 0.
    pub fn from_gtp(main: f64, byo_yomi: f64, stones: i64) -> TimeSystem {
        let (main, period) = (seconds(main), seconds(byo_yomi));
        if period.is_zero() {
            if main.is_zero() {
                TimeSystem::None
            } else {
                TimeSystem::Absolute { main }
            }
        } else if stones <= 0 {
            TimeSystem::None
        } else {
            TimeSystem::Canadian {
                main,
                period,
                stones: clamp_u32(stones),
            }
        }
    }

    /// Does this system limit the time at all?
    pub fn is_limited(&self) -> bool {
        *self != TimeSystem::None
    }

    /// The main time (zero without a limit).
    pub fn main(&self) -> Duration {
        match *self {
            TimeSystem::None => Duration::ZERO,
            TimeSystem::Absolute { main }
            | TimeSystem::Byoyomi { main, .. }
            | TimeSystem::Canadian { main, .. } => main,
        }
    }
}

/// The text of a time system is not one of the forms [`TimeSystem::from_str`] reads.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadTimeSystem(pub String);

impl fmt::Display for BadTimeSystem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "bad time control {:?}: expected none, absolute:MAIN, byoyomi:MAIN:PERIOD:PERIODS \
             or canadian:MAIN:PERIOD:STONES (seconds)",
            self.0
        )
    }
}

impl std::error::Error for BadTimeSystem {}

impl FromStr for TimeSystem {
    type Err = BadTimeSystem;

    /// `none`, `absolute:300`, `byoyomi:0:0.5:1` (main time, period, periods) or
    /// `canadian:60:30:10` (main time, period, stones): seconds, any case. A period must be
    /// longer than 0 and hold at least one period or stone.
    fn from_str(s: &str) -> Result<TimeSystem, BadTimeSystem> {
        let bad = || BadTimeSystem(s.to_string());
        let secs = |t: &str| {
            t.trim()
                .parse::<f64>()
                .ok()
                .filter(|v| v.is_finite() && *v >= 0.0)
                .map(seconds)
                .ok_or_else(bad)
        };
        let period = |t: &str| secs(t).and_then(|p| if p.is_zero() { Err(bad()) } else { Ok(p) });
        let count = |t: &str| {
            t.trim()
                .parse::<u32>()
                .ok()
                .filter(|&n| n > 0)
                .ok_or_else(bad)
        };
        let parts: Vec<&str> = s.trim().split(':').collect();
        match (parts[0].to_ascii_lowercase().as_str(), &parts[1..]) {
            ("none", []) => Ok(TimeSystem::None),
            ("absolute", [main]) => Ok(TimeSystem::Absolute { main: secs(main)? }),
            ("byoyomi", [main, length, periods]) => Ok(TimeSystem::Byoyomi {
                main: secs(main)?,
                period: period(length)?,
                periods: count(periods)?,
            }),
            ("canadian", [main, length, stones]) => Ok(TimeSystem::Canadian {
                main: secs(main)?,
                period: period(length)?,
                stones: count(stones)?,
            }),
            _ => Err(bad()),
        }
    }
}

impl fmt::Display for TimeSystem {
    /// The form [`TimeSystem::from_str`] reads, in seconds.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let s = Duration::as_secs_f64;
        match self {
            TimeSystem::None => write!(f, "none"),
            TimeSystem::Absolute { main } => write!(f, "absolute:{}", s(main)),
            TimeSystem::Byoyomi {
                main,
                period,
                periods,
            } => write!(f, "byoyomi:{}:{}:{periods}", s(main), s(period)),
            TimeSystem::Canadian {
                main,
                period,
                stones,
            } => write!(f, "canadian:{}:{}:{stones}", s(main), s(period)),
        }
    }
}

/// A move took longer than the clock allowed: the player has lost on time.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Flagged;

impl fmt::Display for Flagged {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("out of time")
    }
}

impl std::error::Error for Flagged {}

/// How many periods of length `period` a stretch of `over` reaches into: a part of one counts
/// as one, exactly `n` periods are `n`.
fn periods_reached(over: Duration, period: Duration) -> u32 {
    let n = over.as_nanos().div_ceil(period.as_nanos().max(1));
    u32::try_from(n).unwrap_or(u32::MAX)
}

/// `x` clamped to 0..=1, NaN as 0: safe to scale a duration by.
fn fraction(x: f64) -> f64 {
    if x.is_nan() {
        0.0
    } else {
        x.clamp(0.0, 1.0)
    }
}

fn clamp_u32(n: i64) -> u32 {
    n.clamp(0, i64::from(u32::MAX)) as u32
}

/// What follows main time, as the clock uses it.
#[derive(Copy, Clone, Debug, PartialEq)]
enum Overtime {
    None,
    Japanese { period: Duration },
    Canadian { period: Duration, stones: u32 },
}

/// What one player has left on the clock.
#[derive(Clone, Debug, PartialEq)]
pub struct Clock {
    system: TimeSystem,
    /// Main time left.
    main_left: Duration,
    /// Main time is used up: the player is in byo-yomi.
    overtime: bool,
    /// Time left in the current byo-yomi period (Canadian: for all its stones).
    period_left: Duration,
    /// Japanese byo-yomi: periods left, the current one included.
    periods_left: u32,
    /// Canadian byo-yomi: stones still to play in the current period.
    stones_left: u32,
}

impl Clock {
    /// A full clock at the start of the game. A system with no main time starts in byo-yomi.
    pub fn new(system: TimeSystem) -> Clock {
        let mut clock = Clock {
            main_left: system.main(),
            system,
            overtime: false,
            period_left: Duration::ZERO,
            periods_left: 0,
            stones_left: 0,
        };
        clock.refill_periods();
        if clock.main_left.is_zero() && clock.overtime_rule() != Overtime::None {
            clock.overtime = true;
        }
        clock
    }

    /// The time system this clock runs under.
    pub fn system(&self) -> &TimeSystem {
        &self.system
    }

    /// Main time left.
    pub fn main_left(&self) -> Duration {
        self.main_left
    }

    /// True once main time is used up and byo-yomi has begun.
    pub fn in_byoyomi(&self) -> bool {
        self.overtime
    }

    /// Time left in the current byo-yomi period (zero without byo-yomi).
    pub fn period_left(&self) -> Duration {
        self.period_left
    }

    /// Japanese byo-yomi: periods left, the current one included (zero under other systems).
    pub fn periods_left(&self) -> u32 {
        self.periods_left
    }

    /// Canadian byo-yomi: stones still to play in the current period (zero under other systems).
    pub fn stones_left(&self) -> u32 {
        self.stones_left
    }

    /// GTP `time_left color seconds stones`, which overrides all own bookkeeping.
    ///
    /// - `stones = 0` with `seconds > 0`: in main time, `seconds` left.
    /// - `0 0` (some controllers send it at the end of main time): now in byo-yomi, at the start
    ///   of a fresh period.
    /// - Canadian, `stones > 0`: in byo-yomi, `seconds` left for `stones` moves in this period.
    /// - Japanese (KGS's convention), `stones > 0`: in byo-yomi, `stones` periods left, `seconds`
    ///   left in the current one.
    ///
    /// Negative seconds count as 0. Under absolute time `stones` is ignored; with no time limit
    /// the whole message is (the engine then plays by its own default budget).
    pub fn set_time_left(&mut self, seconds_left: f64, stones: i64) {
        let left = seconds(seconds_left);
        let stones = clamp_u32(stones);
        let period = match self.overtime_rule() {
            _ if !self.system.is_limited() => return,
            Overtime::None => {
                self.main_left = left;
                return;
            }
            Overtime::Japanese { period } | Overtime::Canadian { period, .. } => period,
        };
        if stones == 0 && !left.is_zero() {
            self.main_left = left;
            self.overtime = false;
            self.refill_periods();
        } else if stones == 0 {
            // `0 0`: main time is over and a fresh period begins (periods already lost stay
            // lost).
            let periods_left = self.periods_left;
            let was_in_byoyomi = self.overtime;
            self.enter_byoyomi();
            self.period_left = period;
            if was_in_byoyomi && periods_left > 0 {
                self.periods_left = periods_left;
            }
        } else {
            self.enter_byoyomi();
            self.period_left = left;
            match self.overtime_rule() {
                Overtime::Japanese { .. } => self.periods_left = stones,
                _ => self.stones_left = stones,
            }
        }
    }

    /// The longest the next move may take without losing on time (`None` without a limit):
    /// what is left of main time, then of the current period, and (Japanese) the periods after
    /// it.
    pub fn longest_move(&self) -> Option<Duration> {
        if !self.system.is_limited() {
            return None;
        }
        Some(match self.overtime_rule() {
            Overtime::None => self.main_left,
            Overtime::Japanese { .. } if self.periods_left == 0 => self.main_left,
            Overtime::Japanese { period } => self
                .main_left
                .saturating_add(self.period_left)
                .saturating_add(period.saturating_mul(self.periods_left - 1)),
            Overtime::Canadian { .. } => self.main_left.saturating_add(self.period_left),
        })
    }

    /// The figures of GTP `time_left` for this clock, as [`Clock::set_time_left`] reads them
    /// (`None` without a limit): main time left and 0 while in main time (and under absolute
    /// time); then the time left in the current period and the periods left (Japanese, as KGS
    /// sends them) or the stones left in the period (Canadian).
    pub fn time_left(&self) -> Option<(Duration, u32)> {
        if !self.system.is_limited() {
            return None;
        }
        Some(match self.overtime_rule() {
            Overtime::Japanese { .. } if self.overtime => (self.period_left, self.periods_left),
            Overtime::Canadian { .. } if self.overtime => (self.period_left, self.stones_left),
            _ => (self.main_left, 0),
        })
    }

    /// Book `used` of wall time for one own move: the engine's bookkeeping for controllers that
    /// send no `time_left`, and the referee's charge in `tengen-match`. Using up main time moves
    /// on into byo-yomi with a fresh period; a move that takes more than what is left of a
    /// Japanese period uses it up, and one for each further period it reaches into; the last
    /// stone of a Canadian period starts a fresh one. `Err(Flagged)` when the move took more
    /// than [`Clock::longest_move`]: the player has lost on time (the clock still books the
    /// move, as far as it can).
    pub fn spend(&mut self, used: Duration) -> Result<(), Flagged> {
        let in_time = match self.overtime_rule() {
            _ if !self.system.is_limited() => true,
            Overtime::None => {
                let in_time = used <= self.main_left;
                self.main_left = self.main_left.saturating_sub(used);
                in_time
            }
            _ if !self.overtime && used <= self.main_left => {
                self.main_left -= used;
                if self.main_left.is_zero() {
                    self.enter_byoyomi();
                }
                true
            }
            rule => {
                // What main time does not cover is spent in the first period.
                let used = used.saturating_sub(self.main_left);
                if !self.overtime {
                    self.enter_byoyomi();
                }
                self.spend_overtime(rule, used)
            }
        };
        if in_time {
            Ok(())
        } else {
            Err(Flagged)
        }
    }

    /// Book `used` in byo-yomi; false when it was more than the clock allowed.
    fn spend_overtime(&mut self, rule: Overtime, used: Duration) -> bool {
        match rule {
            // Absolute time is booked by `spend`.
            Overtime::None => true,
            Overtime::Japanese { period } => {
                let lost = if used <= self.period_left {
                    0
                } else {
                    periods_reached(used - self.period_left, period)
                };
                let in_time = lost < self.periods_left;
                self.periods_left = self.periods_left.saturating_sub(lost);
                // The next move starts a fresh period.
                self.period_left = period;
                in_time
            }
            Overtime::Canadian { .. } => {
                let in_time = used <= self.period_left;
                self.period_left = self.period_left.saturating_sub(used);
                self.stones_left = self.stones_left.saturating_sub(1);
                if self.stones_left == 0 {
                    self.refill_periods();
                }
                in_time
            }
        }
    }

    /// What comes after main time. A period of length 0, or no periods or stones, is no
    /// byo-yomi at all: the clock then works as absolute time.
    fn overtime_rule(&self) -> Overtime {
        match self.system {
            TimeSystem::Byoyomi {
                period, periods, ..
            } if !period.is_zero() && periods > 0 => Overtime::Japanese { period },
            TimeSystem::Canadian { period, stones, .. } if !period.is_zero() && stones > 0 => {
                Overtime::Canadian { period, stones }
            }
            _ => Overtime::None,
        }
    }

    fn enter_byoyomi(&mut self) {
        self.main_left = Duration::ZERO;
        self.overtime = true;
        self.refill_periods();
    }

    /// A fresh Canadian period, or all Japanese periods.
    fn refill_periods(&mut self) {
        match self.system {
            TimeSystem::Byoyomi {
                period, periods, ..
            } => {
                self.period_left = period;
                self.periods_left = periods;
            }
            TimeSystem::Canadian { period, stones, .. } => {
                self.period_left = period;
                self.stones_left = stones;
            }
            _ => {}
        }
    }
}

/// How long one move may think: the time planned for it, and how far the search may go beyond
/// that while its choice is still in doubt.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Allowance {
    /// The time planned for this move. A search whose choice is clear stops here.
    pub planned: Duration,
    /// The most this move may take (at least `planned`): a search still in doubt at `planned`
    /// goes on until its choice is clear or this is reached. Never more than the clock allows
    /// minus the lag margin.
    pub most: Duration,
    /// Does time saved on this move serve later moves? Not in a Japanese byo-yomi period, nor on
    /// the last stone of a Canadian period: what is left of the period is lost, so the search
    /// should not stop before `planned` there.
    pub banked: bool,
}

impl Allowance {
    /// A fixed time: planned and most are `t`, and time saved is kept.
    pub fn fixed(t: Duration) -> Allowance {
        Allowance {
            planned: t,
            most: t,
            banked: true,
        }
    }
}

tunables! {
    /// Turns a clock and a position into a thinking [`Allowance`] for the next move. Every
    /// tunable is a field, in the same table as the search's (`tengen-param` lists and sets
    /// them; durations in seconds); `TimeManager::default()` gives the defaults.
    pub struct TimeManager {
        /// Kept back on every move for the controller's and the network's delay, and for the
        /// search to stop and answer (seconds).
        lag: Duration = Duration::from_millis(100), 0.0..=60.0;
        /// Share of the current byo-yomi period also kept back (the margin grows with the
        /// period).
        lag_share: f64 = 0.05, 0.0..=0.5;
        /// A move whose choice is still in doubt when its planned time is up may think up to
        /// this many times as long (within what the clock allows; see [`Allowance::most`]).
        max_extension: f64 = 2.5, 1.0..=100.0;
        /// Own moves still to come per empty point. Each pair of moves fills about two points
        /// and games end with territory empty or by resignation. 0.2 (17 own moves on an empty
        /// 9x9 board) was chosen by self-play matches on 9x9, after 0.4, 0.3 and 0.25, together
        /// with the last good replies (`docs/performance-log.md`).
        own_moves_per_empty: f64 = 0.2, 0.01..=1.0;
        /// Fewest own moves the planner assumes are left, per point of the board...
        min_moves_left_per_point: f64 = 0.1, 0.0..=1.0;
        /// ...and at least this many on any board.
        min_moves_left: usize = 10, 1..=1000;
        /// Weight of a move on an empty board; it rises to 1 as the opening ends.
        opening_weight: f64 = 0.7, 0.0..=10.0;
        /// Weight of a move when the board is nearly full; it falls from 1 as the endgame
        /// comes.
        endgame_weight: f64 = 0.3, 0.0..=10.0;
        /// Share of empty points where the opening has ended (full weight from here).
        opening_end: f64 = 0.85, 0.0..=1.0;
        /// Share of empty points where the endgame begins (weight falling below this)...
        endgame_start: f64 = 0.45, 0.0..=1.0;
        /// ...down to `endgame_weight` at this share.
        endgame_full: f64 = 0.2, 0.0..=1.0;
    }
}

impl TimeManager {
    /// The default parameters.
    pub fn new() -> TimeManager {
        TimeManager::default()
    }

    /// How long to think about this move; `None` when the clock sets no limit. A zero allowance
    /// means "answer at once". `most` never exceeds what is left on the clock minus the lag
    /// margin, and `planned` never exceeds `most`.
    pub fn budget(&self, clock: &Clock, board: &Board) -> Option<Allowance> {
        if !clock.system.is_limited() {
            return None;
        }
        let plan = Plan::new(self, board);
        Some(match clock.overtime_rule() {
            Overtime::None => {
                let cap = clock.main_left.saturating_sub(self.lag);
                let (share, room) = self.share_of_pool(&plan, clock.main_left);
                self.banked(share, room, cap)
            }
            Overtime::Japanese { period } => self.japanese(&plan, clock, period),
            Overtime::Canadian { period, stones } => self.canadian(&plan, clock, period, stones),
        })
    }

    /// An allowance whose saved time serves later moves: `planned`, and when the move may think
    /// longer (`longest` is `Some`), up to [`TimeManager::max_extension`] times as long but no
    /// longer than `longest`; both within `cap`.
    fn banked(&self, planned: Duration, longest: Option<Duration>, cap: Duration) -> Allowance {
        let planned = planned.min(cap);
        let most = match longest {
            Some(longest) if self.max_extension.is_finite() => planned
                .mul_f64(self.max_extension.clamp(1.0, 100.0))
                .min(longest)
                .max(planned),
            _ => planned,
        };
        Allowance {
            planned,
            most: most.min(cap),
            banked: true,
        }
    }

    /// In main time with byo-yomi to follow, where overrunning into it gives `free` time: the
    /// move's share of `pool`, never less than the free time; a move in doubt may take the free
    /// time and what the pool allows it (see [`TimeManager::share_of_pool`]).
    fn before_byoyomi(
        &self,
        plan: &Plan,
        pool: Duration,
        free: Duration,
        cap: Duration,
    ) -> Allowance {
        let (share, room) = self.share_of_pool(plan, pool);
        let planned = share.max(free.saturating_sub(self.lag));
        self.banked(planned, room.map(|room| room.saturating_add(free)), cap)
    }

    /// Japanese byo-yomi, in main time or in the periods.
    fn japanese(&self, plan: &Plan, clock: &Clock, period: Duration) -> Allowance {
        let extra_periods = clock.periods_left.saturating_sub(1);
        if !clock.overtime {
            // Overrunning main time into the first period costs nothing.
            let free = self.period_share(period, 1);
            let pool = clock
                .main_left
                .saturating_add(period.saturating_mul(extra_periods));
            let cap = pool.saturating_add(free).saturating_sub(self.lag);
            return self.before_byoyomi(plan, pool, free, cap);
        }
        if clock.periods_left == 0 {
            // Every period is gone (the game is lost on time): answer at once.
            return Allowance::fixed(Duration::ZERO);
        }
        // In the periods, a spare period is spent whole (a part of one is lost all the same),
        // one per move, on the first moves of byo-yomi: the game's decisive moves come first.
        let spare = if extra_periods > 0 {
            period
        } else {
            Duration::ZERO
        };
        let t = self
            .period_share(clock.period_left.saturating_add(spare), 1)
            .saturating_sub(self.lag);
        Allowance {
            banked: false,
            ..Allowance::fixed(t)
        }
    }

    /// Canadian byo-yomi, in main time or in a period.
    fn canadian(&self, plan: &Plan, clock: &Clock, period: Duration, stones: u32) -> Allowance {
        if !clock.overtime {
            let free = self.period_share(period, stones.min(plan.moves_left));
            let cap = clock
                .main_left
                .saturating_add(free)
                .saturating_sub(self.lag);
            return self.before_byoyomi(plan, clock.main_left, free, cap);
        }
        let moves = clock.stones_left.min(plan.moves_left).max(1);
        let planned = self
            .period_share(clock.period_left, moves)
            .saturating_sub(self.lag);
        if moves == 1 {
            return Allowance {
                banked: false,
                ..Allowance::fixed(planned)
            };
        }
        // The stones after this one keep at least half the period's usable time.
        let cap = self
            .period_share(clock.period_left, 2)
            .saturating_sub(self.lag);
        self.banked(planned, Some(cap), cap)
    }

    /// One move's share of `period_left` when `moves` moves must be made in it, after keeping
    /// back [`TimeManager::lag_share`] (the constant lag is the caller's to take off).
    fn period_share(&self, period_left: Duration, moves: u32) -> Duration {
        let usable = period_left.mul_f64(1.0 - fraction(self.lag_share));
        usable / moves.max(1)
    }

    /// This move's share of a pool of time to last the rest of the game, after keeping back the
    /// lag of the moves to come (at most half the pool, but never less than the lag of the
    /// fewest moves the planner foresees, [`Plan::floor`], so that a game far longer than
    /// foreseen can still answer quickly to the end); and how much of the pool a move still in
    /// doubt may take: `None` (no more than planned) when that reserve is not whole (the game
    /// is short of time) or the game is [`Plan::overdue`], else the share of the pool that each
    /// of [`TimeManager::min_moves_left`] moves would get, so that no move spends a large part
    /// of the clock however long its doubt lasts.
    fn share_of_pool(&self, plan: &Plan, pool: Duration) -> (Duration, Option<Duration>) {
        let lag_reserve = self.lag.saturating_mul(plan.moves_left);
        let whole = lag_reserve <= pool / 2 && !plan.overdue;
        let last_moves = self.lag.saturating_mul(plan.floor);
        // Below that floor a move still gets its share of a sliver of the pool, never 0.
        let kept = lag_reserve
            .min(pool / 2)
            .max(last_moves.min(pool.mul_f64(1.0 - SHARED_BELOW_RESERVE)));
        let share = (pool - kept).mul_f64(fraction(plan.share));
        let room = (pool - kept) / clamp_u32(self.min_moves_left as i64).max(1);
        (share, whole.then_some(room))
    }

    /// Weight of a move played when `empty_share` of the board is empty.
    fn weight(&self, empty_share: f64) -> f64 {
        let ramp = |x: f64, x0: f64, x1: f64, y0: f64, y1: f64| {
            if (x1 - x0).abs() < f64::EPSILON {
                y1
            } else {
                y0 + (y1 - y0) * ((x - x0) / (x1 - x0)).clamp(0.0, 1.0)
            }
        };
        if empty_share > self.opening_end {
            ramp(empty_share, 1.0, self.opening_end, self.opening_weight, 1.0)
        } else if empty_share < self.endgame_start {
            ramp(
                empty_share,
                self.endgame_start,
                self.endgame_full,
                1.0,
                self.endgame_weight,
            )
        } else {
            1.0
        }
    }
}

/// The part of the pool still shared among the moves once it has fallen below the lag reserve
/// of the last moves (see [`TimeManager::share_of_pool`]).
const SHARED_BELOW_RESERVE: f64 = 0.1;

/// The game as the planner sees it: own moves left and this move's share of the time to come.
struct Plan {
    moves_left: u32,
    /// The fewest own moves the planner assumes are left, whatever the empty points say
    /// ([`TimeManager::min_moves_left_per_point`], [`TimeManager::min_moves_left`]).
    floor: u32,
    share: f64,
    /// The game has gone on longer than the empty points foretold (the floor of moves left
    /// applies): no move thinks longer than planned.
    overdue: bool,
}

impl Plan {
    fn new(tm: &TimeManager, board: &Board) -> Plan {
        let points = board.geometry().points_count() as f64;
        let empty = board.empty_count() as f64;
        let floor = (tm.min_moves_left_per_point * points).max(tm.min_moves_left as f64);
        // More own moves than points is no plan (and would make the sum below slow).
        let foretold = tm.own_moves_per_empty * empty;
        let moves_left = foretold.max(floor).clamp(1.0, points).ceil() as u32;
        // Each own move and the reply fill about two points.
        let now = empty / points;
        let total: f64 = (0..moves_left)
            .map(|k| tm.weight((now - 2.0 * f64::from(k) / points).max(0.0)))
            .sum();
        Plan {
            moves_left,
            floor: floor.clamp(1.0, points).ceil() as u32,
            share: tm.weight(now) / total,
            overdue: foretold.is_nan() || foretold < floor,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn secs(s: f64) -> Duration {
        Duration::from_secs_f64(s)
    }

    /// A board of side `size` with `empty` empty points. Only the count matters to the time
    /// manager, so the stones simply fill the board in order (setup allows any arrangement).
    fn board_with_empty(size: usize, empty: usize) -> Board {
        let mut b = Board::new(size).unwrap();
        let fill = size * size - empty;
        for p in b.geometry().points().take(fill).collect::<Vec<_>>() {
            b.set_cell(p, Some(crate::Color::Black));
        }
        b
    }

    #[test]
    fn gtp_time_settings_map_to_systems() {
        assert_eq!(
            TimeSystem::from_gtp(300.0, 0.0, 0),
            TimeSystem::Absolute { main: secs(300.0) }
        );
        assert_eq!(TimeSystem::from_gtp(300.0, 30.0, 0), TimeSystem::None);
        assert_eq!(TimeSystem::from_gtp(0.0, 0.0, 0), TimeSystem::None);
        assert_eq!(
            TimeSystem::from_gtp(0.0, 1.0, 1),
            TimeSystem::Canadian {
                main: Duration::ZERO,
                period: secs(1.0),
                stones: 1
            }
        );
        assert_eq!(
            TimeSystem::from_gtp(-5.0, 60.0, 25),
            TimeSystem::Canadian {
                main: Duration::ZERO,
                period: secs(60.0),
                stones: 25
            }
        );
        assert_eq!(seconds(f64::NAN), Duration::ZERO);
        assert_eq!(seconds(-1.0), Duration::ZERO);
        assert!(seconds(f64::INFINITY) > secs(1e6));
    }

    #[test]
    fn a_clock_without_main_time_starts_in_byoyomi() {
        let c = Clock::new(TimeSystem::from_gtp(0.0, 1.0, 1));
        assert!(c.in_byoyomi());
        assert_eq!((c.period_left(), c.stones_left()), (secs(1.0), 1));
        let c = Clock::new(TimeSystem::Absolute { main: secs(10.0) });
        assert!(!c.in_byoyomi());
        assert_eq!(c.main_left(), secs(10.0));
    }

    #[test]
    fn time_left_reads_every_convention() {
        let canadian = TimeSystem::Canadian {
            main: secs(600.0),
            period: secs(300.0),
            stones: 25,
        };
        let mut c = Clock::new(canadian.clone());
        c.set_time_left(412.5, 0);
        assert_eq!(c.main_left(), secs(412.5));
        assert!(!c.in_byoyomi());
        c.set_time_left(0.0, 0);
        assert!(c.in_byoyomi(), "`0 0` means byo-yomi has begun");
        assert_eq!((c.period_left(), c.stones_left()), (secs(300.0), 25));
        c.set_time_left(120.0, 7);
        assert_eq!((c.period_left(), c.stones_left()), (secs(120.0), 7));
        c.set_time_left(-3.0, 2);
        assert_eq!((c.period_left(), c.stones_left()), (Duration::ZERO, 2));

        let japanese = TimeSystem::Byoyomi {
            main: secs(600.0),
            period: secs(30.0),
            periods: 5,
        };
        let mut c = Clock::new(japanese);
        c.set_time_left(30.0, 3);
        assert!(c.in_byoyomi());
        assert_eq!((c.periods_left(), c.period_left()), (3, secs(30.0)));
        c.set_time_left(0.0, 0);
        assert_eq!(
            (c.periods_left(), c.period_left()),
            (3, secs(30.0)),
            "`0 0` does not give back lost periods"
        );
        c.set_time_left(100.0, 0);
        assert!(!c.in_byoyomi());
        assert_eq!(c.main_left(), secs(100.0));

        let mut c = Clock::new(TimeSystem::None);
        c.set_time_left(5.0, 0);
        assert_eq!(c, Clock::new(TimeSystem::None));
    }

    #[test]
    fn spending_runs_main_time_into_byoyomi() {
        let mut c = Clock::new(TimeSystem::Canadian {
            main: secs(10.0),
            period: secs(20.0),
            stones: 2,
        });
        assert_eq!(c.spend(secs(4.0)), Ok(()));
        assert_eq!(c.main_left(), secs(6.0));
        assert_eq!(c.spend(secs(8.0)), Ok(())); // 6 s of main time, then 2 s of the first period.
        assert!(c.in_byoyomi());
        assert_eq!((c.period_left(), c.stones_left()), (secs(18.0), 1));
        assert_eq!(c.spend(secs(5.0)), Ok(())); // the period's last stone: a fresh period.
        assert_eq!((c.period_left(), c.stones_left()), (secs(20.0), 2));

        let mut c = Clock::new(TimeSystem::Byoyomi {
            main: secs(5.0),
            period: secs(10.0),
            periods: 3,
        });
        assert_eq!(c.spend(secs(9.0)), Ok(())); // 5 s main, 4 s of a period: no period lost.
        assert_eq!((c.in_byoyomi(), c.periods_left()), (true, 3));
        assert_eq!(c.spend(secs(25.0)), Ok(())); // reaches into two more periods.
        assert_eq!(c.periods_left(), 1);
        assert_eq!(c.period_left(), secs(10.0));
        assert_eq!(c.spend(secs(30.0)), Err(Flagged));
        assert_eq!(c.periods_left(), 0);

        let mut c = Clock::new(TimeSystem::Absolute { main: secs(3.0) });
        assert_eq!(c.spend(secs(5.0)), Err(Flagged));
        assert_eq!(c.main_left(), Duration::ZERO);
        let mut c = Clock::new(TimeSystem::None);
        assert_eq!(c.spend(secs(1e6)), Ok(()));
        assert_eq!((c.longest_move(), c.time_left()), (None, None));
    }

    /// A Japanese period is lost only by a move that takes more than what is left of it; one
    /// that takes exactly the period keeps it. The same at every boundary, and for the last
    /// period: exactly all of it is in time, a nanosecond more loses.
    #[test]
    fn a_move_of_exactly_one_japanese_period_keeps_it() {
        let period = secs(10.0);
        let tick = Duration::from_nanos(1);
        let japanese = |main: f64, periods: u32| {
            Clock::new(TimeSystem::Byoyomi {
                main: secs(main),
                period,
                periods,
            })
        };
        for (used, spent, lost) in [
            (period, Ok(()), 0),
            (period + tick, Ok(()), 1),
            (period * 2, Ok(()), 1),
            (period * 2 + tick, Ok(()), 2),
            (period * 3, Ok(()), 2),
            (period * 3 + tick, Err(Flagged), 3),
        ] {
            let mut c = japanese(0.0, 3);
            assert_eq!(c.longest_move(), Some(period * 3));
            assert_eq!(c.spend(used), spent, "{used:?}");
            assert_eq!(c.periods_left(), 3 - lost, "{used:?}");
            assert_eq!(c.period_left(), period, "the next move has a fresh period");
        }
        // From main time: exactly the main time is a move in main time; the period begins
        // after it.
        let mut c = japanese(5.0, 1);
        assert_eq!(c.longest_move(), Some(secs(15.0)));
        assert_eq!(c.spend(secs(5.0)), Ok(()));
        assert_eq!((c.in_byoyomi(), c.periods_left()), (true, 1));
        assert_eq!(c.time_left(), Some((period, 1)));
        let mut c = japanese(5.0, 1);
        assert_eq!(
            c.spend(secs(15.0)),
            Ok(()),
            "main time and exactly the last period"
        );
        let mut c = japanese(5.0, 1);
        assert_eq!(c.spend(secs(15.0) + tick), Err(Flagged));
        // A period the controller says is partly gone.
        let mut c = japanese(0.0, 2);
        c.set_time_left(4.0, 2);
        assert_eq!(c.spend(secs(4.0)), Ok(()));
        assert_eq!(c.periods_left(), 2);
        c.set_time_left(4.0, 2);
        assert_eq!(c.spend(secs(4.0) + tick), Ok(()));
        assert_eq!(c.periods_left(), 1);
    }

    /// A Canadian period's stones may use exactly all of it; a nanosecond more loses.
    #[test]
    fn a_canadian_period_may_be_used_to_its_end() {
        let period = secs(10.0);
        let tick = Duration::from_nanos(1);
        let canadian = || {
            Clock::new(TimeSystem::Canadian {
                main: secs(5.0),
                period,
                stones: 2,
            })
        };
        let mut c = canadian();
        assert_eq!(c.spend(secs(5.0)), Ok(()), "exactly the main time");
        assert_eq!(
            c.time_left(),
            Some((period, 2)),
            "no stone of the period used"
        );
        assert_eq!(c.spend(secs(4.0)), Ok(()));
        assert_eq!(c.longest_move(), Some(secs(6.0)));
        assert_eq!(
            c.spend(secs(6.0)),
            Ok(()),
            "the last stone uses the rest exactly"
        );
        assert_eq!(c.time_left(), Some((period, 2)), "a fresh period");
        assert_eq!(
            c.spend(period),
            Ok(()),
            "one stone may use the whole period"
        );
        assert_eq!(c.time_left(), Some((Duration::ZERO, 1)));
        assert_eq!(c.spend(Duration::ZERO), Ok(()));
        let mut c = canadian();
        assert_eq!(
            c.spend(secs(15.0)),
            Ok(()),
            "main time and the whole period"
        );
        let mut c = canadian();
        assert_eq!(c.spend(secs(15.0) + tick), Err(Flagged));
        let mut c = canadian();
        assert_eq!(c.spend(secs(9.0)), Ok(()));
        assert_eq!(c.spend(secs(6.0) + tick), Err(Flagged));
        // Absolute time: the same.
        let mut c = Clock::new(TimeSystem::Absolute { main: period });
        assert_eq!(c.spend(period), Ok(()));
        assert_eq!(c.spend(Duration::ZERO), Ok(()));
        assert_eq!(c.spend(tick), Err(Flagged));
    }

    #[test]
    fn time_systems_read_and_print_back() {
        for text in [
            "none",
            "absolute:300",
            "byoyomi:0:0.5:1",
            "byoyomi:0:0.3:5",
            "canadian:60:30:10",
        ] {
            let system: TimeSystem = text.parse().unwrap();
            assert_eq!(system.to_string(), text);
        }
        assert_eq!(
            "Byoyomi:1:0.05:3".parse(),
            Ok(TimeSystem::Byoyomi {
                main: secs(1.0),
                period: secs(0.05),
                periods: 3
            })
        );
        for bad in [
            "",
            "fast",
            "absolute",
            "absolute:-1",
            "absolute:nan",
            "byoyomi:0:0:1",
            "byoyomi:0:1:0",
            "canadian:1:2",
            "none:1",
        ] {
            assert!(bad.parse::<TimeSystem>().is_err(), "{bad}");
        }
    }

    /// Everything `clock` still allows for one move without losing on time, minus `lag`.
    fn hard_limit(clock: &Clock, lag: Duration) -> Duration {
        clock
            .longest_move()
            .map_or(Duration::MAX, |all| all.saturating_sub(lag))
    }

    fn system_strategy() -> impl Strategy<Value = TimeSystem> {
        // Short clocks (where the lag matters most) as often as long ones.
        let d = || prop_oneof![0u64..3_000, 0u64..4_000_000].prop_map(Duration::from_millis);
        prop_oneof![
            Just(TimeSystem::None),
            d().prop_map(|main| TimeSystem::Absolute { main }),
            (d(), d(), 0u32..10).prop_map(|(main, period, periods)| TimeSystem::Byoyomi {
                main,
                period,
                periods
            }),
            (d(), d(), 0u32..30).prop_map(|(main, period, stones)| TimeSystem::Canadian {
                main,
                period,
                stones
            }),
        ]
    }

    proptest! {
        /// Whatever the clock says, the budget stays within what is left minus the lag.
        #[test]
        fn budget_never_exceeds_what_is_left(
            system in system_strategy(),
            reports in proptest::collection::vec(
                (prop_oneof![-1.0f64..3.0, -10.0f64..4000.0], -2i64..30),
                0..3,
            ),
            spent in proptest::collection::vec(0u64..100_000, 0..4),
            size in prop_oneof![Just(2usize), Just(9), Just(13), Just(19), Just(25)],
            filled in 0.0f64..1.0,
            lag_ms in 0u64..2000,
        ) {
            let mut clock = Clock::new(system);
            for ms in spent {
                // Whether it flags or not, the clock must still give a safe budget.
                let _ = clock.spend(Duration::from_millis(ms));
            }
            for (secs, stones) in reports {
                clock.set_time_left(secs, stones);
            }
            let n = size * size;
            let board = board_with_empty(size, n - (filled * n as f64) as usize);
            let tm = TimeManager { lag: Duration::from_millis(lag_ms), ..TimeManager::new() };
            match tm.budget(&clock, &board) {
                None => prop_assert_eq!(clock.system(), &TimeSystem::None),
                Some(b) => {
                    prop_assert!(b.planned <= b.most, "{:?}", b);
                    prop_assert!(b.most <= hard_limit(&clock, tm.lag), "{:?} > {:?}", b, clock);
                }
            }
        }
    }

    proptest! {
        /// `time_left` says all a controller needs to know: a clock set from the figures of
        /// another (as the referee sends them to an engine) allows the same and says the same,
        /// until the game is lost on time.
        #[test]
        fn time_left_reads_back_as_the_same_clock(
            system in system_strategy(),
            spent in proptest::collection::vec(0u64..100_000, 0..6),
        ) {
            let mut clock = Clock::new(system.clone());
            for ms in spent {
                if clock.spend(Duration::from_millis(ms)).is_err() {
                    return Ok(());
                }
            }
            let mut told = Clock::new(system);
            if let Some((left, n)) = clock.time_left() {
                told.set_time_left(left.as_secs_f64(), i64::from(n));
            }
            prop_assert_eq!(told.time_left(), clock.time_left());
            prop_assert_eq!(told.longest_move(), clock.longest_move());
        }
    }

    proptest! {
        /// Odd parameters (zero, huge, NaN) give some budget within the limit, never a panic or
        /// a hang.
        #[test]
        fn odd_parameters_never_panic(
            system in system_strategy(),
            lag_ms in prop_oneof![Just(0u64), Just(u64::MAX / 2), 0u64..10_000],
            odd in proptest::collection::vec(
                prop_oneof![Just(0.0f64), Just(f64::NAN), Just(1e12), Just(-1.0), 0.0f64..2.0],
                9,
            ),
        ) {
            let tm = TimeManager {
                lag: Duration::from_millis(lag_ms),
                lag_share: odd[0],
                max_extension: odd[1] * 3.0,
                own_moves_per_empty: odd[1],
                min_moves_left_per_point: odd[2],
                min_moves_left: odd[3].min(1e6) as usize,
                opening_weight: odd[4],
                endgame_weight: odd[5],
                opening_end: odd[6],
                endgame_start: odd[7],
                endgame_full: odd[8],
            };
            let clock = Clock::new(system);
            if let Some(b) = tm.budget(&clock, &board_with_empty(19, 200)) {
                prop_assert!(b.planned <= b.most);
                prop_assert!(b.most <= hard_limit(&clock, tm.lag));
            }
        }
    }

    #[test]
    fn no_limit_gives_no_budget() {
        let tm = TimeManager::new();
        let board = Board::new(19).unwrap();
        assert_eq!(tm.budget(&Clock::new(TimeSystem::None), &board), None);
        let no_limit = Clock::new(TimeSystem::from_gtp(600.0, 30.0, 0));
        assert_eq!(tm.budget(&no_limit, &board), None);
    }

    #[test]
    fn one_second_byoyomi_answers_well_within_the_second() {
        let tm = TimeManager::new();
        let mut clock = Clock::new(TimeSystem::from_gtp(0.0, 1.0, 1));
        for size in [9, 19] {
            for empty in [size * size, size * size / 2, 3] {
                let b = tm.budget(&clock, &board_with_empty(size, empty)).unwrap();
                assert_eq!(b.planned, b.most, "no extension in a 1-stone period");
                assert!(!b.banked, "no early stop: what is not used is lost");
                let b = b.most;
                assert!(b >= secs(0.8) && b <= secs(0.9), "{size} {empty}: {b:?}");
            }
        }
        // The controller's figure is the truth: less left, less thinking.
        clock.set_time_left(0.5, 1);
        let b = tm.budget(&clock, &Board::new(9).unwrap()).unwrap().most;
        assert!(b <= secs(0.5) - tm.lag, "{b:?}");
        // A larger lag margin gives a smaller budget.
        let slow_network = TimeManager {
            lag: secs(0.5),
            ..TimeManager::new()
        };
        let clock = Clock::new(TimeSystem::from_gtp(0.0, 1.0, 1));
        let b = slow_network
            .budget(&clock, &Board::new(9).unwrap())
            .unwrap()
            .most;
        assert!(b <= secs(0.5), "{b:?}");
    }

    /// Plays a game of `own_moves` own moves in which every pair of moves fills two points (the
    /// last tenth of the board stays empty), booking each move's time plus `overhead` on the
    /// clock: the planned time, or the most on every `extend_every`-th move (the moves in doubt
    /// to the end; 0: none, 1: all). Returns the times used and the empty count each was given
    /// for.
    fn simulate(
        tm: &TimeManager,
        clock: &mut Clock,
        size: usize,
        own_moves: usize,
        overhead: Duration,
        extend_every: usize,
    ) -> Vec<(Duration, usize)> {
        let points = size * size;
        (0..own_moves)
            .map(|k| {
                let empty = points.saturating_sub(2 * k).max(points / 10);
                let a = tm.budget(clock, &board_with_empty(size, empty)).unwrap();
                let in_doubt = extend_every > 0 && k % extend_every == 0;
                let b = if in_doubt { a.most } else { a.planned };
                clock
                    .spend(b + overhead)
                    .expect("the budget never loses on time");
                (b, empty)
            })
            .collect()
    }

    /// The largest budget given while the share of empty points was in `range`.
    fn max_in(budgets: &[(Duration, usize)], points: usize, range: (f64, f64)) -> Duration {
        budgets
            .iter()
            .filter(|&&(_, e)| (range.0..=range.1).contains(&(e as f64 / points as f64)))
            .map(|&(b, _)| b)
            .max()
            .unwrap()
    }

    #[test]
    fn absolute_time_lasts_the_game_and_goes_to_the_middle_game() {
        let tm = TimeManager::new();
        // Games longer than usual (9x9 with 60 own moves, 19x19 with 220) and no move in doubt;
        // games of usual length (40 and 160) with no move in doubt, and with half the moves in
        // doubt, thinking as long as they may.
        let long = [(9, 60.0, 60), (19, 600.0, 220), (19, 30.0, 220)];
        let usual = [(9, 60.0, 40), (19, 600.0, 160), (19, 30.0, 160)];
        let overhead = Duration::from_millis(20);
        let games = long
            .iter()
            .chain(&usual)
            .map(|&c| (c, 0))
            .chain(usual.iter().map(|&c| (c, 2)));
        for ((size, main, own_moves), extend_every) in games {
            let mut clock = Clock::new(TimeSystem::Absolute { main: secs(main) });
            let budgets = simulate(&tm, &mut clock, size, own_moves, overhead, extend_every);
            let used: Duration = budgets.iter().map(|&(b, _)| b + overhead).sum();
            assert!(used < secs(main), "{size}: {used:?} of {main} s");
            assert!(clock.main_left() > Duration::ZERO);
            let zero = budgets.iter().position(|&(b, _)| b.is_zero());
            assert_eq!(zero, None, "{size} {main} {extend_every}: {clock:?}");
            let points = size * size;
            let middle = max_in(&budgets, points, (0.45, 0.85));
            let end = max_in(&budgets, points, (0.0, 0.2));
            let opening = budgets[0].0;
            assert!(middle > end * 2, "{size}: middle {middle:?}, end {end:?}");
            if extend_every == 0 {
                assert!(
                    middle > opening,
                    "{size}: middle {middle:?}, opening {opening:?}"
                );
            } else {
                // A move in doubt may think longer, the first one too (on 9x9 it may then
                // think longer than any later move), but never for a large part of the clock.
                assert!(opening < secs(main) / 10, "{size}: opening {opening:?}");
            }
        }
        // Even with every move in doubt the clock is never overrun.
        for (size, main, own_moves) in long {
            let mut clock = Clock::new(TimeSystem::Absolute { main: secs(main) });
            let budgets = simulate(&tm, &mut clock, size, own_moves, overhead, 1);
            let used: Duration = budgets.iter().map(|&(b, _)| b + overhead).sum();
            assert!(used < secs(main), "{size}: {used:?} of {main} s");
        }
    }

    #[test]
    fn main_time_thinks_as_long_as_byoyomi_allows_and_longer_only_when_affordable() {
        let tm = TimeManager::new();
        let board = board_with_empty(19, 250);
        let one_byoyomi_move = secs(30.0 * (1.0 - tm.lag_share)) - tm.lag;
        for system in [
            TimeSystem::Canadian {
                main: secs(60.0),
                period: secs(30.0),
                stones: 1,
            },
            TimeSystem::Byoyomi {
                main: secs(60.0),
                period: secs(30.0),
                periods: 3,
            },
        ] {
            // Little main time: a byo-yomi move's worth, since overrunning into byo-yomi is free.
            let clock = Clock::new(system.clone());
            let b = tm.budget(&clock, &board).unwrap();
            assert_eq!(b.planned, one_byoyomi_move);
            assert!(b.banked);
            // Plenty: more than one period.
            let mut clock = Clock::new(system);
            clock.set_time_left(7200.0, 0);
            let b = tm.budget(&clock, &board).unwrap();
            assert!(b.planned > secs(30.0), "{b:?}");
            assert!(
                b.most > b.planned,
                "room to think longer when in doubt: {b:?}"
            );
        }
    }

    #[test]
    fn japanese_spare_periods_are_spent_and_the_last_is_kept() {
        let tm = TimeManager::new();
        let period = secs(10.0);
        let mut clock = Clock::new(TimeSystem::Byoyomi {
            main: secs(20.0),
            period,
            periods: 5,
        });
        // The controller's lag is as large as the margin allows for.
        let budgets = simulate(&tm, &mut clock, 19, 120, tm.lag, 0);
        assert_eq!(clock.periods_left(), 1, "spares used, the last one kept");
        let long = budgets.iter().filter(|&&(b, _)| b > period).count();
        assert_eq!(long, 4, "one spare period per move");
        // Every move thinking as long as it may still keeps the last period.
        let mut clock = Clock::new(TimeSystem::Byoyomi {
            main: secs(20.0),
            period,
            periods: 5,
        });
        simulate(&tm, &mut clock, 19, 120, tm.lag, 1);
        assert_eq!(clock.periods_left(), 1, "the last period kept");
        // With one period left, every move fits inside it.
        let mut clock = Clock::new(TimeSystem::Byoyomi {
            main: Duration::ZERO,
            period,
            periods: 5,
        });
        clock.set_time_left(9.0, 1);
        let b = tm.budget(&clock, &Board::new(19).unwrap()).unwrap();
        assert!(b.most <= secs(9.0) - tm.lag, "{b:?}");
        assert!(
            !b.banked && b.planned == b.most,
            "a period's rest is lost: use it: {b:?}"
        );
    }

    #[test]
    fn canadian_periods_are_shared_by_their_stones_and_never_overrun() {
        let tm = TimeManager::new();
        let period = secs(300.0);
        for extend_every in [0, 1, 3] {
            let mut clock = Clock::new(TimeSystem::Canadian {
                main: Duration::ZERO,
                period,
                stones: 25,
            });
            let budgets = simulate(&tm, &mut clock, 19, 25, tm.lag, extend_every);
            let used: Duration = budgets.iter().map(|&(b, _)| b + tm.lag).sum();
            assert!(used <= period, "{used:?}");
            assert!(used > period.mul_f64(0.9), "the period is used: {used:?}");
        }
        // Near the end of the game the period is shared by the moves the game has left, not by
        // all its stones.
        let fresh = Clock::new(TimeSystem::Canadian {
            main: Duration::ZERO,
            period,
            stones: 25,
        });
        let by_all_stones = tm.period_share(period, 25) - tm.lag;
        let early = tm.budget(&fresh, &Board::new(9).unwrap()).unwrap().planned;
        let late = tm.budget(&fresh, &board_with_empty(9, 10)).unwrap().planned;
        assert!(late > early, "{late:?} vs {early:?}");
        assert!(late > by_all_stones * 2, "{late:?} vs {by_all_stones:?}");
    }
}
