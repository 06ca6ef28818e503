//! Capturing races (semeai): a chain the playouts call dead that captures its neighbour first,
//! and lives once it has, or that nothing can capture.
//!
//! Random playouts lose races that a player wins without thinking: a large group with a few
//! liberties more than the enemy chain it touches, or one that captures the enemy stones inside
//! its eye space, dies in many playouts because the playouts fill its liberties or their own
//! at random. Three steps correct that:
//!
//! 1. [`captures_first`] reads the race: the two chains' liberties (and the liberties of any
//!    chain next to them in atari) are the only moves, the defender moves first and may pass,
//!    and the attacker wins when the defender's chain is off the board. A small transposition
//!    table and a node budget keep it quick; a race it cannot finish counts as lost.
//! 2. [`revive`] accepts a won race only when the winner is then alive for good: on the board
//!    without the captured chain (and without the enemy stones already judged dead), with the
//!    captured chain's liberties filled by the winner (it fills them to capture), and an empty
//!    point only those fillings enclose filled too (no eye: the loser plays into the liberties
//!    first), Benson's algorithm, a big enough eye space or an eye space of one chain that no
//!    attack reduces to one eye must say so. The enemy stones in the areas it then holds for
//!    good, or in an area too small for two eyes that only living chains enclose, are dead.
//! 3. A large chain the playouts call dead that the other colour cannot capture, even moving
//!    first ([`captured_by_any`] proves the loss: the reading finished), is in a standoff, as
//!    in a seki: alive (the attacker may play approach moves: a liberty it would fill in
//!    self-atari is filled after a move that connects it). That holds too for a chain that
//!    wins a race but is not alive for good after the capture (a seki where capturing the
//!    stones inside would leave a killable eye space); what it captures first is dead when,
//!    after the capture, it is still in a standoff (a stone inside its eye space). A small
//!    chain's standoff counts only both ways: every living enemy chain next to it safe from it
//!    too, even moving first (two stones at the 1-2 points of a corner, in seki with a group
//!    that has one eye); and a capture of it that costs the capturer as many stones as it
//!    takes is a trade, not a kill. Once every revival is known, each standoff is read again
//!    without the dead chains of its own colour, short of liberties, that hold the attacker's
//!    liberties and that it takes even moving second: an attacker hemmed in only by dead
//!    stones takes them and then kills (a seki as the board stands is none).

use super::{benson, eyespace, Chains, Regions};
use crate::board::Board;
use crate::tactics::liberties::liberties_after;
use crate::tactics::nakade::is_killable;
use crate::types::{Cell, Color, Point};
use smallvec::SmallVec;
use std::collections::HashMap;

/// Races are read when the two chains have at most this many liberties together; larger ones
/// are not races (or too long to read).
pub const MAX_RACE_LIBERTIES: usize = 12;

/// A standoff (no neighbour captures the chain, even moving first) is trusted for chains of at
/// least this many stones: the reading plays stones the playouts call dead as if they were
/// alive, which leaves small dead chains, short of liberties among them, looking safe.
pub const MIN_STANDOFF_STONES: usize = 5;

/// Positions the readings added for small chains' standoffs (and for what a standoff captures
/// at no cost) may visit in one judgement, apart from [`GROUP_NODE_BUDGET`], so that they take
/// nothing from the large chains' readings: about 0.05 s on a 19x19 board.
const SMALL_STANDOFF_BUDGET: usize = 25_000;

/// Positions one race may visit before it counts as lost.
const NODE_BUDGET: usize = 3000;

/// Positions a race against every enemy stone ([`captured_by_any`]) may visit, and all such
/// races of one judgement ([`revive`]) together: about 0.2 s of reading on a 19x19 board, so
/// that counting stays well under a second.
const GROUP_NODE_BUDGET: usize = 100_000;

/// Against every enemy stone, the defender is safe once it has captured stones and has this
/// many liberties more than at the start (or more than [`MAX_RACE_LIBERTIES`])...
const ESCAPE_GAIN: usize = 1;

/// ... and has captured at least this many stones (small captures leave a dead group dead).
const ESCAPE_CAPTURES: u32 = 4;

/// A capture that costs the capturer fewer stones than this is a kill whatever it takes: a
/// stone given for a stone is a throw-in or a ko, not a trade.
const MIN_TRADE_COST: usize = 2;

/// Enemy chains next to the defender with at most this many liberties take part in a race
/// against every enemy stone: capturing them is the defender's way out.
pub const NEIGHBOUR_LIBERTIES: usize = 6;

/// A race against every enemy stone is read when it has at most this many moves at the start.
const MAX_GROUP_RACE_MOVES: usize = 20;

/// Moves a race against every enemy stone may be away from its end: twice its moves at the
/// start and this many more (captures, throw-ins and approach moves make lines longer)...
const GROUP_DEPTH_MARGIN: usize = 24;

/// ... but never more than this.
const MAX_GROUP_DEPTH: usize = 48;

/// Moves a race reading may be away from its end (both sides), at most.
const MAX_DEPTH: usize = 2 * MAX_RACE_LIBERTIES + 4;

/// The moves of one position of a race (or the chains they come from), on the stack.
type Points = SmallVec<[Point; 32]>;

/// A race being read: the two chains (by one stone each), the colours, the table of positions
/// already decided and the nodes left.
struct Race {
    attacker: Color,
    /// The attacking chain, or `None` when the attacker is every stone of its colour (the
    /// defender then wins by escaping: capturing stones and gaining many liberties).
    a: Option<Point>,
    b: Point,
    /// The defender's prisoners when the reading started.
    root_captures: u32,
    /// Positions the reading may visit.
    budget: usize,
    /// Against every enemy stone: the liberties that, once the defender has captured
    /// something, make it safe.
    escape_liberties: usize,
    table: HashMap<(u64, u16, bool), bool>,
    /// The positions on the line being read (against every enemy stone only).
    path: Vec<(u64, u16, bool)>,
    nodes: usize,
    /// Some line was cut short (budget or depth): a loss is then not proven.
    cut: bool,
    /// Against every enemy stone, when a capture that costs the attacker as much is a trade
    /// and no kill ([`leaves_a_trade`]). `None`: every capture kills.
    trades: Option<Trades>,
}

/// What makes a capture a trade: it leaves a chain of the attacker's in atari, of at least
/// `min_cost` stones (as many as the chain it captures, at least [`MIN_TRADE_COST`] and at
/// most an escape's worth), that was not in atari at the start (`ataris`: the attacker's
/// stones in atari then, whose ataris are not the race's doing).
struct Trades {
    ataris: Vec<bool>,
    min_cost: usize,
}

/// Does the chain through the stone `a` capture the enemy chain through `b` even when `b`'s
/// side moves first (and may pass whenever it likes)? Only the chains' liberties, and the
/// liberties of the chains next to either in atari, are played. `false` when the reading does
/// not finish within its budget.
pub fn captures_first(board: &Board, a: Point, b: Point) -> bool {
    captures(board, a, b, false) == Some(true)
}

/// Does the chain through `a` capture the enemy chain through `b`, with `a`'s side moving
/// first or not (`b`'s side may pass whenever it likes, `a`'s never)? `None` when the
/// reading is cut short (too many liberties, the node budget, the depth) before it proves
/// either answer.
pub fn captures(board: &Board, a: Point, b: Point, attacker_first: bool) -> Option<bool> {
    let attacker = board.at(a).color()?;
    if board.at(b) != Cell::from(attacker.opponent()) {
        return None;
    }
    let libs = board.liberty_count_upto::<16>(a) + board.liberty_count_upto::<16>(b);
    if libs > MAX_RACE_LIBERTIES {
        return None;
    }
    let mut race = Race::new(board, attacker, Some(a), b, NODE_BUDGET, usize::MAX);
    let won = race.attacker_wins(board, attacker_first, (2 * libs + 4).min(MAX_DEPTH));
    (won || !race.cut).then_some(won)
}

/// Does the other colour, all its stones together, capture the chain through `b` when it
/// moves first (`b`'s side may pass whenever it likes, and tries that first after any
/// capture)? The moves are `b`'s liberties, those of `b`'s own chains next to one of them
/// (they can join it, so the attacker must fill them too), captures next to `b` or its short
/// enemy neighbours; for the defender only, the liberties of the enemy chains next to `b`
/// that are short of them (at most [`NEIGHBOUR_LIBERTIES`]); for the attacker only, the
/// approach moves (`approach`) to the liberties it would fill in self-atari. The defender
/// escapes when it has captured `ESCAPE_CAPTURES` stones or more and gained `ESCAPE_GAIN`
/// liberties (or has more than [`MAX_RACE_LIBERTIES`]). `None` when the reading is cut short
/// before it proves either answer, or when there are too many moves to read. This is the
/// standoff test of a group in seki with several chains on either side, which a reading of two
/// chains misses: the shared liberties of a third chain, or a neighbour with many liberties.
pub fn captured_by_any(board: &Board, b: Point) -> Option<bool> {
    let mut left = usize::MAX;
    captured_by_any_within(board, b, &mut left)
}

/// [`captured_by_any`] with at most `left` positions read (less when the race's own budget is
/// smaller), which it takes from `left`.
fn captured_by_any_within(board: &Board, b: Point, left: &mut usize) -> Option<bool> {
    captured_within(board, b, left, true)
}

/// [`captured_by_any_within`]; with `trades_kill` false, a capture that costs the attacker a
/// chain as large as the one it takes, or as an escape ([`leaves_a_trade`]), is none: two
/// stones taken for two is a trade, as in a corner seki with two stones at the 1-2 points.
fn captured_within(board: &Board, b: Point, left: &mut usize, trades_kill: bool) -> Option<bool> {
    capture_reading(board, b, left, trades_kill, true)
}

/// [`captured_within`] with the attacker moving first or second (`attacker_first`).
fn capture_reading(
    board: &Board,
    b: Point,
    left: &mut usize,
    trades_kill: bool,
    attacker_first: bool,
) -> Option<bool> {
    let defender = board.at(b).color()?;
    let escape_liberties =
        (board.liberty_count_upto::<16>(b) + ESCAPE_GAIN).min(MAX_RACE_LIBERTIES + 1);
    let mut race = Race::new(
        board,
        defender.opponent(),
        None,
        b,
        GROUP_NODE_BUDGET.min(*left),
        escape_liberties,
    );
    if !trades_kill {
        let own = Cell::from(defender.opponent());
        let mut ataris = vec![false; board.geometry().array_len()];
        for p in board.geometry().points() {
            ataris[p.index()] = board.at(p) == own && board.in_atari(p);
        }
        race.trades = Some(Trades {
            ataris,
            min_cost: board
                .chain_size(b)
                .clamp(MIN_TRADE_COST, ESCAPE_CAPTURES as usize),
        });
    }
    let libs = race.moves(board, false).len();
    if libs > MAX_GROUP_RACE_MOVES {
        return None;
    }
    let depth = (2 * libs + GROUP_DEPTH_MARGIN).min(MAX_GROUP_DEPTH);
    let won = race.attacker_wins(board, attacker_first, depth);
    *left -= race.nodes.min(*left);
    (won || !race.cut).then_some(won)
}

impl Race {
    /// A race of `attacker` against the chain through `b`, by the chain through `a` or (when
    /// `None`) every attacker stone, before any position is read.
    fn new(
        board: &Board,
        attacker: Color,
        a: Option<Point>,
        b: Point,
        budget: usize,
        escape_liberties: usize,
    ) -> Race {
        Race {
            attacker,
            a,
            b,
            root_captures: board.captures(attacker.opponent()),
            budget,
            escape_liberties,
            table: HashMap::new(),
            path: Vec::new(),
            nodes: 0,
            cut: false,
            trades: None,
        }
    }

    /// With the attacker to move (`attacker_to_move`) or the defender, does the attacker
    /// capture `b` before losing `a`?
    fn attacker_wins(&mut self, board: &Board, attacker_to_move: bool, depth: usize) -> bool {
        let defender = self.attacker.opponent();
        if board.at(self.b) != Cell::from(defender) {
            return match &self.trades {
                None => true,
                Some(trades) => !leaves_a_trade(board, self.attacker, trades),
            };
        }
        match self.a {
            Some(a) if board.at(a) != Cell::from(self.attacker) => return false,
            Some(_) => {}
            None => {
                if board.captures(defender) >= self.root_captures + ESCAPE_CAPTURES
                    && board.liberty_count_upto::<16>(self.b) >= self.escape_liberties
                {
                    return false;
                }
            }
        }
        if depth == 0 || self.nodes >= self.budget {
            self.cut = true;
            return false;
        }
        self.nodes += 1;
        let ko = board.ko_point().map_or(0, |p| p.index() as u16);
        let key = (board.hash(), ko, attacker_to_move);
        if let Some(&won) = self.table.get(&key) {
            return won;
        }
        // Against every enemy stone, a position met again on the same line (a throw-in
        // captured and thrown in again) is no progress for the attacker.
        if self.a.is_none() {
            if self.path.contains(&key) {
                return false;
            }
            self.path.push(key);
        }
        let mover = if attacker_to_move {
            self.attacker
        } else {
            defender
        };
        let moves = self.moves(board, attacker_to_move);
        let won = if attacker_to_move {
            moves.iter().any(|&p| {
                board.is_legal(mover, p) && {
                    let mut next = board.clone();
                    next.play_unchecked(mover, p);
                    self.attacker_wins(&next, false, depth - 1)
                }
            })
        } else if self.a.is_none() {
            // Against every enemy stone, the defender's likeliest answer is to wait (a seki),
            // after any capture.
            let first = moves
                .iter()
                .take_while(|&&p| board.captures_at(mover, p))
                .count();
            moves[..first]
                .iter()
                .all(|&p| self.answer_loses(board, p, depth))
                && self.pass_loses(board, depth)
                && moves[first..]
                    .iter()
                    .all(|&p| self.answer_loses(board, p, depth))
        } else {
            moves.iter().all(|&p| self.answer_loses(board, p, depth))
                && self.pass_loses(board, depth)
        };
        if self.a.is_none() {
            self.path.pop();
        }
        self.table.insert(key, won);
        won
    }

    /// Does the attacker still win after the defender plays `p` (or when `p` is illegal)?
    fn answer_loses(&mut self, board: &Board, p: Point, depth: usize) -> bool {
        let defender = self.attacker.opponent();
        !board.is_legal(defender, p) || {
            let mut next = board.clone();
            next.play_unchecked(defender, p);
            self.attacker_wins(&next, true, depth - 1)
        }
    }

    /// Does the attacker still win after the defender passes?
    fn pass_loses(&mut self, board: &Board, depth: usize) -> bool {
        let mut pass = board.clone();
        pass.pass();
        self.attacker_wins(&pass, true, depth - 1)
    }

    /// The moves of the race for the side to move, the likeliest first: captures of chains in
    /// atari next to either chain, then the other chain's liberties it does not share, the
    /// shared ones, and its own.
    fn moves(&self, board: &Board, attacker_to_move: bool) -> Points {
        let Some(a) = self.a else {
            return self.group_moves(board, attacker_to_move);
        };
        let (own, other) = if attacker_to_move {
            (a, self.b)
        } else {
            (self.b, a)
        };
        let (own_libs, n_own) = board.liberties::<16>(own);
        let (other_libs, n_other) = board.liberties::<16>(other);
        let (own_libs, other_libs) = (&own_libs[..n_own], &other_libs[..n_other]);
        let mut moves = Points::new();
        push_atari_liberties(board, [other, own].iter(), &mut moves);
        let shared = |p: &Point| own_libs.contains(p);
        for &p in other_libs.iter().filter(|p| !shared(p)) {
            push_new(&mut moves, p);
        }
        for &p in other_libs.iter().filter(|p| shared(p)).chain(own_libs) {
            push_new(&mut moves, p);
        }
        moves
    }

    /// The moves of a race against every enemy stone (for both sides): captures of chains in
    /// atari next to the defender's chain or to its short-of-liberties enemy neighbours, then
    /// the defender's liberties, then those neighbours' liberties (the defender's), then the
    /// approach moves to the defender's liberties that the attacker cannot fill at once (the
    /// attacker's).
    fn group_moves(&self, board: &Board, attacker_to_move: bool) -> Points {
        let geo = board.geometry();
        let enemy = Cell::from(self.attacker);
        let mut short = Points::new();
        // Every chain looked at, short or not: each is counted once.
        let mut seen = Points::new();
        for s in board.chain_stones(self.b) {
            for n in geo.neighbors(s.index()) {
                if board.at_index(n) == enemy {
                    let head = board.chain_id(Point::new(n));
                    if !seen.contains(&head) {
                        seen.push(head);
                        if board.liberty_count_upto::<{ NEIGHBOUR_LIBERTIES + 1 }>(head)
                            <= NEIGHBOUR_LIBERTIES
                        {
                            short.push(head);
                        }
                    }
                }
            }
        }
        // The defender's chains short of liberties that can join it (next to one of its
        // liberties): the attacker must fill their liberties too.
        let own = Cell::from(self.attacker.opponent());
        let head = board.chain_id(self.b);
        let mut friends = Points::new();
        let (libs, n) = board.liberties::<16>(self.b);
        for &l in &libs[..n] {
            for m in geo.neighbors(l.index()) {
                if board.at_index(m) == own {
                    let h = board.chain_id(Point::new(m));
                    if h != head && !seen.contains(&h) {
                        seen.push(h);
                        if board.liberty_count_upto::<{ NEIGHBOUR_LIBERTIES + 1 }>(h)
                            <= NEIGHBOUR_LIBERTIES
                        {
                            friends.push(h);
                        }
                    }
                }
            }
        }
        let mut moves = Points::new();
        let chains = short.iter().chain(&friends).chain(std::iter::once(&self.b));
        push_atari_liberties(board, chains, &mut moves);
        // The attacker saves a neighbour only when it is in atari (its captures are above).
        let outside = if attacker_to_move {
            &[][..]
        } else {
            &short[..]
        };
        let mut approaches = Points::new();
        for &chain in std::iter::once(&self.b).chain(&friends).chain(outside) {
            let (libs, n) = board.liberties::<16>(chain);
            for &p in &libs[..n] {
                push_new(&mut moves, p);
                if attacker_to_move {
                    if let Some(q) = approach(board, self.attacker, p) {
                        push_new(&mut approaches, q);
                    }
                }
            }
        }
        for q in approaches {
            push_new(&mut moves, q);
        }
        moves
    }
}

/// Chains the playouts call dead (`dead`, per chain of `chains`) that win a capturing race
/// and then live, or that the other colour cannot capture even moving first (a standoff, as
/// in a seki; chains of [`MIN_STANDOFF_STONES`] or more, or smaller ones whose living enemy
/// neighbours are safe from them too): the judgement with them alive and the chains they
/// capture dead. `fixed` marks the chains whose status is already known for certain (Benson's
/// algorithm), which no race changes. A standoff the other colour breaks once the dead chains
/// that hem it in are off the board (read when every revival is known) is none. The large
/// chains' standoff readings of one call share one budget of `GROUP_NODE_BUDGET` positions, the
/// small ones' another.
pub fn revive(board: &Board, chains: &Chains, dead: &[bool], fixed: &[bool]) -> Vec<bool> {
    let mut verdict = dead.to_vec();
    let mut left = StandoffBudget {
        large: GROUP_NODE_BUDGET,
        small: SMALL_STANDOFF_BUDGET,
    };
    let mut standoffs = Vec::new();
    for (a, chain) in chains.list.iter().enumerate() {
        if verdict[a]
            && !fixed[a]
            && chain.liberties.len() <= MAX_RACE_LIBERTIES
            && revive_chain(board, chains, a, &mut verdict, fixed, &mut left)
        {
            standoffs.push(a);
        }
    }
    // Once every revival is known, each standoff read again without the dead chains of its
    // colour that hem its attackers in: if they take it then, it is dead.
    for a in standoffs {
        let threats = living_enemies(board, chains, a, &verdict);
        let trades_kill = chains.list[a].stones.len() >= MIN_STANDOFF_STONES;
        let Some(cleared) =
            without_dead_friends(board, chains, a, &verdict, &threats, &mut left.small)
        else {
            continue;
        };
        let b = chains.list[a].stones[0];
        if captured_within(&cleared, b, &mut left.small, trades_kill) == Some(true) {
            verdict[a] = true;
        }
    }
    verdict
}

/// Positions of standoff reading left in one [`revive`]: for the large chains' standoffs, and
/// for the readings of small chains and of what a standoff captures.
struct StandoffBudget {
    large: usize,
    small: usize,
}

/// [`revive`] for the chain `a`, which `verdict` calls dead: the races it wins and the
/// standoff, with `left` positions of standoff reading left: for the large chains' standoffs,
/// and for the readings of small chains and of what a standoff captures. `true` when a
/// standoff alone revived it (captured nothing): [`revive`] reads those again at the end.
fn revive_chain(
    board: &Board,
    chains: &Chains,
    a: usize,
    verdict: &mut [bool],
    fixed: &[bool],
    left: &mut StandoffBudget,
) -> bool {
    let chain = &chains.list[a];
    let threats = living_enemies(board, chains, a, verdict);
    // The living enemy chains next to it that it captures.
    let captured: Vec<usize> = threats
        .iter()
        .copied()
        .filter(|&b| !fixed[b] && captures_first(board, chain.stones[0], chains.list[b].stones[0]))
        .collect();
    // A standoff: no living neighbour captures it even moving first (for a small chain, and
    // it captures none of them either; a capture that costs the capturer as many stones as it
    // takes is a trade, not a kill).
    let large = chain.stones.len() >= MIN_STANDOFF_STONES;
    // Only a large chain dies to a capture that costs the capturer as much.
    let trades_kill = large;
    let standoff = |left: &mut StandoffBudget| {
        let budget = if large {
            &mut left.large
        } else {
            &mut left.small
        };
        !threats.is_empty()
            && captured_within(board, chain.stones[0], budget, trades_kill) == Some(false)
            && (large || mutual_standoff(board, chains, &threats, &mut left.small))
    };
    if captured.is_empty() {
        if standoff(left) {
            verdict[a] = false;
            return true;
        }
        return false;
    }
    // Is it alive for good once they are gone, and the enemy stones already judged dead too?
    let after = AfterCapture::new(board, chains, a, &captured, verdict);
    if !after.lives(chain.stones[0]) {
        if standoff(left) {
            verdict[a] = false;
            // The small chains it captures first are dead when the capture costs it nothing:
            // after it, still no enemy stone captures it, even moving first (a stone inside
            // its eye space, not one of a seki's stones that would leave it a killable eye).
            // Larger ones stay: the two-chain race reads none of their eyes.
            if captured_by_any_within(&after.board, chain.stones[0], &mut left.small) == Some(false)
            {
                for &b in &captured {
                    if chains.list[b].stones.len() < MIN_STANDOFF_STONES {
                        verdict[b] = true;
                    }
                }
            }
        }
        return false;
    }
    for &b in &captured {
        verdict[b] = true;
    }
    // Its own colour's chains that live with it.
    for (x, other) in chains.list.iter().enumerate() {
        if other.color == chain.color && verdict[x] && !fixed[x] && after.lives(other.stones[0]) {
            verdict[x] = false;
        }
    }
    // The enemy stones in what they hold for good, or in an area too small for two eyes
    // that only living chains enclose.
    for (r, region) in after.regions.list.iter().enumerate() {
        let small_and_held = region.points.len() < eyespace::BIG_EYE_SPACE
            && region.boundary.iter().all(|&x| after.alive[x]);
        if after.unconditional.safe[r] || small_and_held {
            for &p in &region.points {
                if let Some(x) = chains.at(p) {
                    if chains.list[x].color != chain.color && !fixed[x] {
                        verdict[x] = true;
                    }
                }
            }
        }
    }
    false
}

/// A position once a chain has captured the enemy chains it wins its races against: what
/// [`revive`] asks of it (is the chain alive for good, what does it hold).
struct AfterCapture {
    board: Board,
    chains: Chains,
    /// The areas the capturer's colour encloses.
    regions: Regions,
    unconditional: benson::Benson,
    /// Per chain of `chains`: alive for good ([`alive_after`]).
    alive: Vec<bool>,
}

impl AfterCapture {
    /// Chain `a` of `chains` (on `board`) has captured the chains `captured`
    /// ([`after_capture`]).
    fn new(
        board: &Board,
        chains: &Chains,
        a: usize,
        captured: &[usize],
        verdict: &[bool],
    ) -> AfterCapture {
        let board = after_capture(board, chains, a, captured, verdict);
        let after_chains = Chains::new(&board);
        let regions = Regions::new(&board, &after_chains, chains.list[a].color);
        let unconditional = benson::unconditional(&after_chains, &regions);
        let alive = alive_after(&board, &after_chains, &regions, &unconditional);
        AfterCapture {
            board,
            chains: after_chains,
            regions,
            unconditional,
            alive,
        }
    }

    /// Is the stone at `p` alive for good?
    fn lives(&self, p: Point) -> bool {
        self.chains.at(p).is_some_and(|x| self.alive[x])
    }
}

/// The board once chain `a` has captured the chains `captured`, with the enemy stones
/// `verdict` calls dead gone too. Their liberties are filled by it (it fills them to capture,
/// and they are then no eye space), and so is an empty point next to them that only those
/// filled points enclose: it is no eye, as the other side may play into those liberties first
/// (a stone at the 1-2 point whose liberties are the 1-1 point's neighbours).
fn after_capture(
    board: &Board,
    chains: &Chains,
    a: usize,
    captured: &[usize],
    verdict: &[bool],
) -> Board {
    let color = chains.list[a].color;
    let geo = board.geometry();
    let mut after = board.clone();
    let filled: Vec<Point> = captured
        .iter()
        .flat_map(|&b| chains.list[b].liberties.iter().copied())
        .collect();
    for &p in &filled {
        after.set_cell(p, Some(color));
    }
    for &p in &filled {
        for n in geo.neighbors(p.index()) {
            let q = Point::new(n);
            let enclosed_by_fill = || {
                geo.neighbors(n)
                    .iter()
                    .all(|&m| !geo.is_on_board(m) || filled.contains(&Point::new(m)))
            };
            if board.at_index(n) == Cell::Empty && !filled.contains(&q) && enclosed_by_fill() {
                after.set_cell(q, Some(color));
            }
        }
    }
    for (x, other) in chains.list.iter().enumerate() {
        if other.color != color && (verdict[x] || captured.contains(&x)) {
            for &p in &other.stones {
                after.set_cell(p, None);
            }
        }
    }
    after
}

/// Per chain of `chains` (of the board `after`): alive for good in the areas `regions`
/// encloses, by Benson (`unconditional`), a big enough eye space, or an eye space of one
/// chain that no attack reduces to one eye.
fn alive_after(
    after: &Board,
    chains: &Chains,
    regions: &Regions,
    unconditional: &benson::Benson,
) -> Vec<bool> {
    let roomy = eyespace::lives_by_eye_space(chains, regions, &vec![false; chains.list.len()]);
    let mut lives: Vec<bool> = (0..chains.list.len())
        .map(|x| unconditional.alive[x] || roomy[x])
        .collect();
    for region in &regions.list {
        if let [x] = region.boundary[..] {
            if region.empty.len() == region.points.len()
                && !is_killable(after.geometry(), &region.points)
            {
                lives[x] = true;
            }
        }
    }
    lives
}

/// Is a small chain that no neighbour captures in a seki with them: every one of its enemy
/// neighbours `threats` (alive, all of them) safe from its colour too, even moving first?
/// The small chain's standoff alone proves little (the reading plays the stones the playouts
/// call dead as if they were alive); a standoff both ways is a seki, as with two stones at
/// the 1-2 points of a corner inside a group that has one eye.
fn mutual_standoff(board: &Board, chains: &Chains, threats: &[usize], left: &mut usize) -> bool {
    threats.iter().all(|&t| {
        let chain = &chains.list[t];
        chain.liberties.len() > MAX_RACE_LIBERTIES
            || captured_by_any_within(board, chain.stones[0], left) == Some(false)
    })
}

/// `board` without the chains of `a`'s colour that `verdict` calls dead, that hold liberties
/// of the enemy chains `threats` (next to `a`), that are short of liberties themselves (at most
/// [`NEIGHBOUR_LIBERTIES`]: one with more may make eyes in open space, which the reading does
/// not play) and that the enemy takes even moving second (within `left` positions of reading):
/// it takes them in time, so the liberties they hold from it are no defence of `a`. A dead
/// chain that shares a liberty with `a` (it could join it) stays. `None` when none goes.
fn without_dead_friends(
    board: &Board,
    chains: &Chains,
    a: usize,
    verdict: &[bool],
    threats: &[usize],
    left: &mut usize,
) -> Option<Board> {
    let chain = &chains.list[a];
    let mut cleared: Option<Board> = None;
    for (x, other) in chains.list.iter().enumerate() {
        let dead_friend = x != a && verdict[x] && other.color == chain.color;
        if dead_friend
            && chain.shared_liberties(other) == 0
            && chains.next_to(board, x).iter().any(|t| threats.contains(t))
            && other.liberties.len() <= NEIGHBOUR_LIBERTIES
            && capture_reading(board, other.stones[0], left, true, false) == Some(true)
        {
            let cleared = cleared.get_or_insert_with(|| board.clone());
            for &p in &other.stones {
                cleared.set_cell(p, None);
            }
        }
    }
    cleared
}

/// The distinct enemy chains next to chain `a` that `verdict` does not call dead, in the order
/// its stones meet them.
fn living_enemies(board: &Board, chains: &Chains, a: usize, verdict: &[bool]) -> Vec<usize> {
    let color = chains.list[a].color;
    let mut found = chains.next_to(board, a);
    found.retain(|&c| chains.list[c].color != color && !verdict[c]);
    found
}

/// The approach move to the liberty `p`: when a `color` stone there would be left in atari
/// without capturing anything, the one liberty it would have, if a `color` stone touches it
/// (playing there first joins `p` to that stone's chain, so that filling `p` is then safe);
/// `None` otherwise.
fn approach(board: &Board, color: Color, p: Point) -> Option<Point> {
    if liberties_after::<2>(board, color, p) != 1
        || !board.is_legal(color, p)
        || board.captures_at(color, p)
    {
        return None;
    }
    // That one liberty: an empty neighbour of `p`, or another liberty of a chain `p` joins.
    let geo = board.geometry();
    let own = Cell::from(color);
    let q = geo.neighbors(p.index()).iter().find_map(|&n| {
        let c = board.at_index(n);
        if c == Cell::Empty {
            Some(Point::new(n))
        } else if c == own {
            let (libs, k) = board.liberties::<2>(Point::new(n));
            libs[..k].iter().copied().find(|&l| l != p)
        } else {
            None
        }
    })?;
    geo.neighbors(q.index())
        .iter()
        .any(|&m| board.at_index(m) == own)
        .then_some(q)
}

/// Does `attacker` have a chain of at least `trades.min_cost` stones in atari, none of them
/// in atari at the start (`trades.ataris`), that the other side may capture at once? Right
/// after the attacker captures, that is a trade: the other side takes as many stones back (two
/// stones at the 1-2 points of a corner, taken at the cost of the chain beside them).
fn leaves_a_trade(board: &Board, attacker: Color, trades: &Trades) -> bool {
    let own = Cell::from(attacker);
    board.geometry().points().any(|p| {
        board.at(p) == own
            && board.chain_id(p) == p
            && board.chain_size(p) >= trades.min_cost
            && board.in_atari(p)
            && !board.chain_stones(p).any(|s| trades.ataris[s.index()])
            && board.is_legal(attacker.opponent(), board.atari_liberty(p))
    })
}

/// Add `p` to `moves` unless it is there already.
fn push_new(moves: &mut Points, p: Point) {
    if !moves.contains(&p) {
        moves.push(p);
    }
}

/// Add to `moves` (once each) the last liberty of every chain in atari next to one of `chains`:
/// the captures and the escapes a race reading tries first.
fn push_atari_liberties<'a>(
    board: &Board,
    chains: impl Iterator<Item = &'a Point>,
    moves: &mut Points,
) {
    let geo = board.geometry();
    for &chain in chains {
        for s in board.chain_stones(chain) {
            for n in geo.neighbors(s.index()) {
                let q = Point::new(n);
                if board.at_index(n).color().is_some() && board.in_atari(q) {
                    push_new(moves, board.atari_liberty(q));
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_boards::at;

    /// Black's a4-b7 (three liberties: a5 a6 a7) against White's c3-c7 with a3 b3, whose
    /// liberties are d6 and d7, or d5 d6 d7 with `open_d5`.
    fn corridor(open_d5: bool) -> Board {
        let d5 = if open_d5 { '.' } else { 'X' };
        Board::from_ascii(&format!(
            ". X O . X . .
             . X O . X . .
             . X O {d5} X . .
             X X O X X . .
             O O O X . . .
             X X X X . . .
             . . . . . . ."
        ))
        .unwrap()
    }

    #[test]
    fn three_liberties_beat_two_even_moving_second() {
        let b = corridor(false);
        let (black, white) = (at(&b, 1, 6), at(&b, 2, 6));
        assert!(captures_first(&b, black, white));
        assert!(!captures_first(&b, white, black));
    }

    #[test]
    fn equal_liberties_lose_for_the_side_moving_second() {
        let b = corridor(true);
        let (black, white) = (at(&b, 1, 6), at(&b, 2, 6));
        assert!(!captures_first(&b, black, white));
        assert!(!captures_first(&b, white, black));
        // Moving first, Black wins: after d5 White is the one short of a liberty.
        let mut first = b.clone();
        first.play_unchecked(Color::Black, at(&b, 3, 4));
        assert!(captures_first(&first, black, white));
    }

    /// Black's group with one eye (b3, or none with `filled_eye`) holds White's d3 e3 d2,
    /// whose only liberty e2 Black shares; White's wall outside is solid. With `open_a5`,
    /// Black has a liberty outside instead of the eye.
    fn stones_inside(filled_eye: bool, open_a5: bool) -> Board {
        let b3 = if filled_eye { 'X' } else { '.' };
        let a5 = if open_a5 { '.' } else { 'O' };
        Board::from_ascii(&format!(
            ". . . . . . .
             . . . . . . .
             {a5} O O O O O O
             X X X X X X O
             X {b3} X O O X O
             X X X O . X O
             X X X X X X O"
        ))
        .unwrap()
    }

    /// [`revive`] when the playouts call every `color` stone dead and the rest alive.
    fn revived(b: &Board, color: Color) -> (Chains, Vec<bool>) {
        let chains = Chains::new(b);
        let dead: Vec<bool> = chains.list.iter().map(|c| c.color == color).collect();
        let fixed = vec![false; chains.list.len()];
        let verdict = revive(b, &chains, &dead, &fixed);
        (chains, verdict)
    }

    #[test]
    fn a_group_that_captures_the_stones_inside_it_and_has_an_eye_lives() {
        let b = stones_inside(false, false);
        let (chains, verdict) = revived(&b, Color::Black);
        let status = |col, row| verdict[chains.at(at(&b, col, row)).unwrap()];
        assert!(!status(0, 0), "black lives");
        assert!(status(3, 2), "white's d3 is dead");
        assert!(!status(6, 0), "white's wall lives");
    }

    #[test]
    fn a_standoff_held_up_only_by_dead_stones_is_none() {
        // The playouts call every white stone dead. F1 G1 H1 share both their liberties with
        // Black's D1-J1, which as the board stands has no other: filling either is a
        // self-atari. But White's ring C1-J3 around D1-J1 is dead too; without it Black fills
        // E1 and F2 and takes the three.
        let b = crate::test_boards::false_seki_with_dead_stones();
        let (chains, verdict) = revived(&b, Color::White);
        let status = |col, row| verdict[chains.at(at(&b, col, row)).unwrap()];
        assert!(status(5, 0), "F1 G1 H1 stay dead");
        assert!(status(2, 0), "the ring stays dead");
        assert!(!status(3, 0), "D1-J1 lives");
        // With the ring alive, nothing takes F1 G1 H1 (Black's D1-J1 is a seki partner).
        let dead: Vec<bool> = chains
            .list
            .iter()
            .map(|c| c.stones.contains(&at(&b, 5, 0)))
            .collect();
        let fixed = vec![false; chains.list.len()];
        let verdict = revive(&b, &chains, &dead, &fixed);
        assert!(
            !verdict[chains.at(at(&b, 5, 0)).unwrap()],
            "F1 G1 H1 revived"
        );
    }

    #[test]
    fn a_won_race_without_a_second_eye_is_no_life() {
        // No eye: White captures first at e2.
        let b = stones_inside(true, false);
        let (black, white) = (at(&b, 0, 0), at(&b, 3, 2));
        assert!(!captures_first(&b, black, white));
        let (chains, verdict) = revived(&b, Color::Black);
        assert!(verdict[chains.at(black).unwrap()]);
        assert!(!verdict[chains.at(white).unwrap()]);
        // A liberty outside wins the race, but the capture leaves one eye (a square four):
        // still dead, and the stones inside stay alive.
        let b = stones_inside(true, true);
        assert!(captures_first(&b, black, white));
        let (chains, verdict) = revived(&b, Color::Black);
        assert!(verdict[chains.at(black).unwrap()]);
        assert!(!verdict[chains.at(white).unwrap()]);
    }

    #[test]
    fn every_enemy_stone_together_reads_races_and_sekis() {
        // Three liberties against two: White cannot capture Black even moving first; Black
        // captures White.
        let b = corridor(false);
        assert_eq!(captured_by_any(&b, at(&b, 1, 6)), Some(false));
        assert_eq!(captured_by_any(&b, at(&b, 2, 6)), Some(true));
        // No eye and White's e2 shared: White captures Black's group moving first.
        let b = stones_inside(true, false);
        assert_eq!(captured_by_any(&b, at(&b, 0, 0)), Some(true));
        // The CGOS seki: neither side captures the other.
        let b = Board::from_ascii(crate::life::seki::CGOS_SEKI).unwrap();
        assert_eq!(captured_by_any(&b, at(&b, 2, 8)), Some(false));
    }

    /// Black's a1-a4 b4 share their three liberties (b1 b2 b3) with White's c1-c4, whose
    /// only other liberties are d1 and d2 when `open` (Black's wall is on them otherwise).
    /// White's wall above Black has liberties to spare; Black's beside White has five.
    fn three_shared(open: bool) -> Board {
        let d = if open { '.' } else { 'X' };
        Board::from_ascii(&format!(
            ". . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             O O O O O . . . .
             O O X X . . . . .
             X X O X . . . . .
             X . O X . . . . .
             X . O {d} . . . . .
             X . O {d} . . . . ."
        ))
        .unwrap()
    }

    #[test]
    fn a_seki_of_three_shared_liberties_is_a_standoff() {
        // Whoever fills two of the three shared liberties is captured: a seki, though each
        // side's pairwise race is close and the playouts fill them at random.
        let b = three_shared(false);
        let black = at(&b, 0, 0);
        assert_eq!(captured_by_any(&b, black), Some(false));
        let chains = Chains::new(&b);
        let x = chains.at(black).unwrap();
        assert!(chains.list[x].stones.len() >= MIN_STANDOFF_STONES);
        let mut dead = vec![false; chains.list.len()];
        dead[x] = true;
        let fixed = vec![false; chains.list.len()];
        assert!(
            !revive(&b, &chains, &dead, &fixed)[x],
            "black lives in seki"
        );
        // Two liberties of White's own outside: White fills the shared ones first and wins.
        let b = three_shared(true);
        assert_eq!(captured_by_any(&b, black), Some(true));
        let chains = Chains::new(&b);
        let x = chains.at(black).unwrap();
        let mut dead = vec![false; chains.list.len()];
        dead[x] = true;
        let fixed = vec![false; chains.list.len()];
        assert!(revive(&b, &chains, &dead, &fixed)[x], "black is dead");
    }

    /// White's a2 and b1 at the 1-2 points of the corner share b2 with Black's a3-d4 c2 c1,
    /// whose other liberty d2 it shares with e2 f2 f1 around White's d1.
    const CORNER_DIAGONAL_SEKI: &str = ". . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .
         O O O O O O O . .
         X X X X O . O . .
         X X X X O O O . .
         O . X . X X O . .
         . O X O . X O . .";

    #[test]
    fn two_stones_at_the_1_2_points_live_in_seki_and_the_stone_in_the_eye_dies() {
        let b = Board::from_ascii(CORNER_DIAGONAL_SEKI).unwrap();
        let (a2, b1, c1, e2, d1) = (
            at(&b, 0, 1),
            at(&b, 1, 0),
            at(&b, 2, 0),
            at(&b, 4, 1),
            at(&b, 3, 0),
        );
        // Neither side captures the other even moving first: a standoff both ways.
        assert_eq!(captured_by_any(&b, a2), Some(false));
        assert_eq!(captured_by_any(&b, c1), Some(false));
        assert_eq!(captured_by_any(&b, e2), Some(false));
        let chains = Chains::new(&b);
        let x = |p| chains.at(p).unwrap();
        let fixed = vec![false; chains.list.len()];
        let judged = |dead_stones: &[Point]| {
            let mut dead = vec![false; chains.list.len()];
            for &p in dead_stones {
                dead[x(p)] = true;
            }
            revive(&b, &chains, &dead, &fixed)
        };
        // The corner stones and e2 f2 f1 called dead: all in seki, alive.
        let verdict = judged(&[a2, b1, e2]);
        assert!(!verdict[x(a2)] && !verdict[x(b1)], "the corner stones live");
        assert!(!verdict[x(e2)], "e2 f2 f1 live");
        // Black's a3-d4 called dead: alive, and White's d1, which it captures at no cost, dead.
        let verdict = judged(&[c1, e2]);
        assert!(!verdict[x(c1)] && !verdict[x(e2)], "black lives");
        assert!(verdict[x(d1)], "white's d1 is dead");
        assert!(
            !verdict[x(a2)] && !verdict[x(b1)],
            "the corner stones stay alive"
        );
    }

    #[test]
    fn a_capture_that_costs_a_larger_chain_is_a_trade_not_a_kill() {
        // Black's h9 and j8 at the 1-2 points of White's corner. White's upper chain (g9 to
        // g6) and lower chain (h5 to g2) share the eye h6 j6; the lower one has no other
        // liberty. White h8 ataris both stones, but Black h6 puts both white chains in atari:
        // White j9 takes two stones and Black j6 takes seven. Neither side plays there: a seki.
        let b = Board::from_ascii(
            ". . . . X X O X .
             . . . . X O O . X
             . . . . X X O O O
             . . . . . X O . .
             . . . . X X X O O
             . . . . X X O O X
             . . . . . X O O X
             . . . . . X O X X
             . . . . . X X X X",
        )
        .unwrap();
        let (h9, j8, g9) = (at(&b, 7, 8), at(&b, 8, 7), at(&b, 6, 8));
        // White takes the stones moving first, but only at the cost of seven.
        assert_eq!(captured_by_any(&b, h9), Some(true));
        let mut left = usize::MAX;
        assert_eq!(captured_within(&b, h9, &mut left, false), Some(false));
        assert_eq!(captured_within(&b, j8, &mut left, false), Some(false));
        assert_eq!(captured_by_any(&b, g9), Some(false));
        let (chains, verdict) = revived(&b, Color::Black);
        let x = |p| chains.at(p).unwrap();
        assert!(!verdict[x(h9)] && !verdict[x(j8)], "the corner stones live");
    }

    #[test]
    fn two_stones_taken_for_two_is_a_trade_not_a_kill() {
        // Black's h1 and j2 at the 1-2 points of White's corner (f3 to j3, g1 g2, g4), whose
        // one eye f1 f2 it shares with e1 e2. White h2 ataris both stones and takes them at j1,
        // but Black f2 in between leaves e1 e2 in atari: two stones for two, a seki, as the
        // players and GNU Go count it.
        let b = Board::from_ascii(
            ". . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             X X X X X X X X X
             . . . . X X X X .
             . . . . X X O X X
             . . . X X O O O O
             . . . X O . O . X
             . . . X O . O X .",
        )
        .unwrap();
        let (h1, j2, e1, g1) = (at(&b, 7, 0), at(&b, 8, 1), at(&b, 4, 0), at(&b, 6, 0));
        assert_eq!(captured_by_any(&b, h1), Some(true), "White can take them");
        let mut left = usize::MAX;
        assert_eq!(captured_within(&b, h1, &mut left, false), Some(false));
        assert_eq!(captured_within(&b, j2, &mut left, false), Some(false));
        assert_eq!(captured_by_any(&b, g1), Some(false));
        assert_eq!(captured_by_any(&b, e1), Some(false));
        let chains = Chains::new(&b);
        let x = |p| chains.at(p).unwrap();
        let fixed = vec![false; chains.list.len()];
        // The playouts' verdict: the corner stones and e1 e2 dead, White's corner alive.
        let mut dead = vec![false; chains.list.len()];
        for p in [h1, j2, e1] {
            dead[x(p)] = true;
        }
        let verdict = revive(&b, &chains, &dead, &fixed);
        assert!(!verdict[x(h1)] && !verdict[x(j2)], "the corner stones live");
        assert!(!verdict[x(e1)], "e1 e2 live");
    }

    #[test]
    fn a_lone_stone_inside_a_wall_is_no_standoff() {
        // White's e5 in Black's area: Black captures it moving first, so it stays dead.
        let b = Board::from_ascii(
            ". . . . . . . . .
             . . . . . . . . .
             . . X X X X X . .
             . . X . . . X . .
             . . X . O . X . .
             . . X . . . X . .
             . . X X X X X . .
             . . . . . . . . .
             . . . . . . . . .",
        )
        .unwrap();
        let white = at(&b, 4, 4);
        assert_eq!(captured_by_any(&b, white), Some(true));
        let chains = Chains::new(&b);
        let mut dead = vec![false; chains.list.len()];
        dead[chains.at(white).unwrap()] = true;
        let fixed = vec![false; chains.list.len()];
        assert!(revive(&b, &chains, &dead, &fixed)[chains.at(white).unwrap()]);
    }

    #[test]
    fn an_approach_move_fills_a_liberty_that_would_be_self_atari() {
        // White's seven stones at the right edge have a real eye at g2 and one liberty more,
        // g4, next to Black's g5. Black at g4 at once would be self-atari (White captures at
        // g6); Black at g6 first connects g5 to the wall, then g4 leaves White one eye.
        let b = Board::from_ascii(
            ". . . . . . .
             . . . . X X .
             . . . . X O X
             . . . . X O .
             . . . . X O O
             . . . . X O .
             . . . . X O O",
        )
        .unwrap();
        let (white, g4, g6) = (at(&b, 5, 4), at(&b, 6, 3), at(&b, 6, 5));
        assert_eq!(approach(&b, Color::Black, g4), Some(g6));
        assert_eq!(captured_by_any(&b, white), Some(true));
    }

    #[test]
    fn a_seki_is_a_standoff_and_a_race_the_mover_wins_is_none() {
        // The 9x9 seki of the issue: no black chain captures White's twelve stones, even
        // moving first, so the playouts' verdict (dead) is overruled.
        let b = Board::from_ascii(crate::life::seki::CGOS_SEKI).unwrap();
        let chains = Chains::new(&b);
        let white = chains.at(at(&b, 2, 8)).unwrap();
        let mut dead = vec![false; chains.list.len()];
        dead[white] = true;
        let fixed = vec![false; chains.list.len()];
        assert!(!revive(&b, &chains, &dead, &fixed)[white]);
        // Three liberties each and none shared: whoever moves first wins; no standoff.
        let b = corridor(true);
        let chains = Chains::new(&b);
        let black = chains.at(at(&b, 1, 6)).unwrap();
        let mut dead = vec![false; chains.list.len()];
        dead[black] = true;
        let fixed = vec![false; chains.list.len()];
        assert!(revive(&b, &chains, &dead, &fixed)[black]);
        assert_eq!(captures(&b, at(&b, 2, 6), at(&b, 1, 6), true), Some(true));
    }

    #[test]
    fn two_eyes_only_if_the_capturer_fills_the_liberties_is_no_life() {
        // White's five stones in the corner take Black's b6 first, and with a6 and b7 filled
        // would have eyes at b6 and a7; but Black plays b7 (or a6) first, and the stones
        // White then takes leave a bent three, one eye.
        let b = Board::from_ascii(
            ". . . . X . .
             . X O . X . X
             O O O . X X X
             X O X X X . X
             X X X . X X X
             . X . X . X .
             X X X X X X X",
        )
        .unwrap();
        let (white, inside) = (at(&b, 2, 5), at(&b, 1, 5));
        assert!(captures_first(&b, white, inside));
        let (chains, verdict) = revived(&b, Color::White);
        assert!(verdict[chains.at(white).unwrap()], "white stays dead");
        assert!(!verdict[chains.at(inside).unwrap()], "b6 stays alive");
    }

    #[test]
    fn an_enemy_stone_in_a_small_area_of_a_group_that_lives_by_a_capture_is_dead() {
        // Black takes White's block (four liberties, all shared) and lives in the twelve
        // points it leaves; the five points around White's d9, a stone no black stone
        // touches, are one more area of Black's, too small for two eyes: d9 is dead. (The
        // block's middle row touches no black stone, so that Benson's algorithm does not
        // hold both areas.)
        let b = Board::from_ascii(
            ". . . . . . . . . . . . .
             O O O O O O O O O O O O O
             X X X X X X X X X X X X O
             X X X . X X X X X X X X O
             X X . O . X X X X X X X O
             X X X . X X X X X X X X O
             X X X X X X X X X X X X O
             X O O O O X X X X X X X O
             X O O O O X X X X X X X O
             X O O O O X X X X X X X O
             X . . . . X X X X X X X O
             X X X X X X X X X X X X O
             X X X X X X X X X X X X O",
        )
        .unwrap();
        let (black, line, pocket) = (at(&b, 0, 0), at(&b, 1, 5), at(&b, 3, 8));
        let (chains, verdict) = revived(&b, Color::Black);
        assert!(!verdict[chains.at(black).unwrap()], "black lives");
        assert!(verdict[chains.at(line).unwrap()], "white's block is dead");
        assert!(verdict[chains.at(pocket).unwrap()], "white's d9 is dead");
    }
}
