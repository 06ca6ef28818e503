//! The board: stones, chains with liberty counts, captures, simple ko and an incremental Zobrist
//! hash. No history (that is [`crate::Game`]'s job), no rules beyond capture, suicide and simple ko.
//!
//! # Representation
//! The padded one-dimensional array of [`crate::geometry`], so every on-board point has four
//! neighbours and four diagonals inside the array. Chains are circular linked lists of stones
//! (`next`) with a head point (`head`) that holds the chain's record (`ChainInfo`).
//!
//! Liberties are *pseudo-liberties*: each (stone, adjacent empty point) pair counts once. Their
//! count, sum and sum of squares are kept, so "exactly one real liberty" (atari) is exact and
//! cheap: all pseudo-liberties are the same point iff `count * sum2 == sum * sum`.
//!
//! Every array is sized for the largest board ([`MAX_POINTS`]), so a board never allocates;
//! [`Board::copy_from`] copies only the part a smaller board uses.

mod text;

pub use text::Diagram;

use crate::geometry::{Geometry, MAX_POINTS};
use crate::types::{Cell, Color, Move, Point};
use crate::zobrist;
use std::fmt;

/// Why a move cannot be played.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum IllegalMove {
    /// The point is not on this board.
    OffBoard,
    /// A stone is already there.
    Occupied,
    /// The move would leave its own chain without liberties and captures nothing.
    Suicide,
    /// Immediate recapture of a single-stone ko.
    Ko,
    /// The move would repeat an earlier whole-board position.
    Superko,
    /// The game has ended with two passes (only [`crate::Game`] says this, on request).
    GameOver,
}

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            IllegalMove::OffBoard => "point off the board",
            IllegalMove::Occupied => "point occupied",
            IllegalMove::Suicide => "suicide",
            IllegalMove::Ko => "ko recapture",
            IllegalMove::Superko => "repeats an earlier position",
            IllegalMove::GameOver => "game over",
        })
    }
}

impl std::error::Error for IllegalMove {}

/// The record of a chain, kept at its head point.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
struct ChainInfo {
    /// Pseudo-liberty count.
    libs: u16,
    /// Number of stones.
    stones: u16,
    /// Sum of the pseudo-liberties' indices.
    lib_sum: u32,
    /// Sum of their squares.
    lib_sum2: u32,
}

impl ChainInfo {
    #[inline(always)]
    fn add_lib(&mut self, p: usize) {
        self.libs += 1;
        self.lib_sum += p as u32;
        self.lib_sum2 += (p * p) as u32;
    }

    #[inline(always)]
    fn remove_lib(&mut self, p: usize) {
        self.libs -= 1;
        self.lib_sum -= p as u32;
        self.lib_sum2 -= (p * p) as u32;
    }

    /// Exactly one distinct liberty.
    #[inline(always)]
    fn in_atari(&self) -> bool {
        self.libs > 0
            && u64::from(self.libs) * u64::from(self.lib_sum2)
                == u64::from(self.lib_sum) * u64::from(self.lib_sum)
    }

    fn merge(&mut self, other: &ChainInfo) {
        self.libs += other.libs;
        self.stones += other.stones;
        self.lib_sum += other.lib_sum;
        self.lib_sum2 += other.lib_sum2;
    }
}

/// A Go position: stones, chains, prisoners, the simple-ko point and the last two moves.
#[derive(Clone)]
pub struct Board {
    geo: Geometry,
    cells: [Cell; MAX_POINTS],
    /// Head point of the chain through each stone.
    head: [u16; MAX_POINTS],
    /// Next stone of the same chain (circular).
    next: [u16; MAX_POINTS],
    /// Chain records, valid at head points.
    chains: [ChainInfo; MAX_POINTS],
    /// The empty points, in no order, and each empty point's index in that list.
    empty: [u16; MAX_POINTS],
    empty_at: [u16; MAX_POINTS],
    num_empty: u16,
    /// The point where the side to move may not recapture (simple ko), 0 if none.
    ko: u16,
    /// The ko point of the latest ko capture, and the moves (passes included) played since it,
    /// saturating: a ko fight in progress.
    last_ko: u16,
    last_ko_age: u8,
    /// The last and the one-before-last move, as [`Move::to_u16`] (0: pass or none).
    last: [u16; 2],
    hash: u64,
    /// Stones captured *by* each colour.
    captures: [u32; 2],
}

impl Board {
    /// An empty board of side `size`; `None` outside 2..=25.
    pub fn new(size: usize) -> Option<Board> {
        let geo = Geometry::new(size)?;
        let mut b = Board {
            geo,
            cells: [Cell::Border; MAX_POINTS],
            head: [0; MAX_POINTS],
            next: [0; MAX_POINTS],
            chains: [ChainInfo::default(); MAX_POINTS],
            empty: [0; MAX_POINTS],
            empty_at: [0; MAX_POINTS],
            num_empty: 0,
            ko: 0,
            last_ko: 0,
            last_ko_age: u8::MAX,
            last: [0; 2],
            hash: 0,
            captures: [0; 2],
        };
        for p in geo.points() {
            b.cells[p.index()] = Cell::Empty;
            b.add_empty(p.index());
        }
        Some(b)
    }

    /// Make `self` a copy of `other` without touching the parts of the arrays a board of this
    /// size never uses. Cheaper than `clone` on small boards; used once per playout.
    pub fn copy_from(&mut self, other: &Board) {
        let n = other.geo.array_len();
        self.geo = other.geo;
        self.cells[..n].copy_from_slice(&other.cells[..n]);
        self.head[..n].copy_from_slice(&other.head[..n]);
        self.next[..n].copy_from_slice(&other.next[..n]);
        self.chains[..n].copy_from_slice(&other.chains[..n]);
        self.empty_at[..n].copy_from_slice(&other.empty_at[..n]);
        let e = other.num_empty as usize;
        self.empty[..e].copy_from_slice(&other.empty[..e]);
        self.num_empty = other.num_empty;
        self.ko = other.ko;
        self.last_ko = other.last_ko;
        self.last_ko_age = other.last_ko_age;
        self.last = other.last;
        self.hash = other.hash;
        self.captures = other.captures;
    }

    // ----------------------------------------------------------------------------- queries

    /// Size and coordinates.
    #[inline(always)]
    pub fn geometry(&self) -> Geometry {
        self.geo
    }

    /// Side length.
    #[inline(always)]
    pub fn size(&self) -> usize {
        self.geo.size()
    }

    /// What is at array index `p` (a point or the border), for loops over the raw indices of
    /// [`Geometry::neighbors`]; [`Board::at`] takes a [`Point`].
    #[inline(always)]
    pub fn at_index(&self, p: usize) -> Cell {
        self.cells[p]
    }

    /// What is at point `p`.
    #[inline(always)]
    pub fn at(&self, p: Point) -> Cell {
        self.cells[p.index()]
    }

    /// Zobrist hash of the stones (not of the side to move or the ko point).
    #[inline(always)]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// Stones captured by `color` so far.
    pub fn captures(&self, color: Color) -> u32 {
        self.captures[color.index()]
    }

    /// The simple-ko point: where the side to move may not play now.
    #[inline(always)]
    pub fn ko_point(&self) -> Option<Point> {
        (self.ko != 0).then(|| Point::new(self.ko as usize))
    }

    /// The ko point of the latest ko capture (where the captured side could not recapture at
    /// once) if it was made fewer than `within` moves ago: a ko fight in progress.
    #[inline]
    pub fn recent_ko(&self, within: u32) -> Option<Point> {
        (self.last_ko != 0 && u32::from(self.last_ko_age) < within)
            .then(|| Point::new(self.last_ko as usize))
    }

    /// The last move played (a pass, or nothing yet, gives `Move::Pass`).
    #[inline(always)]
    pub fn last_move(&self) -> Move {
        Move::from_u16(self.last[0])
    }

    /// The move before the last one.
    #[inline(always)]
    pub fn last_move2(&self) -> Move {
        Move::from_u16(self.last[1])
    }

    /// Number of empty points.
    #[inline(always)]
    pub fn empty_count(&self) -> usize {
        self.num_empty as usize
    }

    /// The `i`-th empty point (in no particular order), `i < empty_count()`.
    #[inline(always)]
    pub fn empty_point(&self, i: usize) -> Point {
        Point::new(self.empty[i] as usize)
    }

    /// Number of stones of each colour, Black first.
    pub fn stone_counts(&self) -> [usize; 2] {
        let mut n = [0; 2];
        for p in self.geo.points() {
            if let Some(c) = self.at(p).color() {
                n[c.index()] += 1;
            }
        }
        n
    }

    /// The head of the chain through the stone at `p` (the same for every stone of the chain).
    #[inline(always)]
    pub fn chain_id(&self, p: Point) -> Point {
        Point::new(self.head[p.index()] as usize)
    }

    /// Pseudo-liberties of the chain through the stone at `p`: its stones' empty neighbours,
    /// each counted once per stone next to it. A point is next to at most four stones, so the
    /// chain has at least a quarter of this many distinct liberties.
    #[inline(always)]
    pub fn pseudo_liberties(&self, p: Point) -> usize {
        self.chains[self.head[p.index()] as usize].libs as usize
    }

    /// Number of stones in the chain through `p`.
    #[inline(always)]
    pub fn chain_size(&self, p: Point) -> usize {
        self.chains[self.head[p.index()] as usize].stones as usize
    }

    /// True when the chain through the stone at `p` has exactly one liberty.
    #[inline(always)]
    pub fn in_atari(&self, p: Point) -> bool {
        self.chains[self.head[p.index()] as usize].in_atari()
    }

    /// The only liberty of a chain in atari (see [`Board::in_atari`]).
    #[inline(always)]
    pub fn atari_liberty(&self, p: Point) -> Point {
        let c = &self.chains[self.head[p.index()] as usize];
        debug_assert!(c.in_atari());
        Point::new((c.lib_sum / u32::from(c.libs)) as usize)
    }

    /// The region through `start` of points `open` accepts (an empty region, or one with the
    /// dead stones counted as open): its array indices are pushed onto `members` and marked in
    /// `seen`. Returns which colours' stones border it, by [`Color::index`].
    pub fn flood_region(
        &self,
        start: usize,
        open: impl Fn(usize) -> bool,
        seen: &mut [bool],
        members: &mut Vec<usize>,
    ) -> [bool; 2] {
        let geo = self.geometry();
        let mut borders = [false; 2];
        let first = members.len();
        members.push(start);
        seen[start] = true;
        let mut i = first;
        while i < members.len() {
            let q = members[i];
            i += 1;
            for n in geo.neighbors(q) {
                if open(n) {
                    if !seen[n] {
                        seen[n] = true;
                        members.push(n);
                    }
                } else if let Some(color) = self.at_index(n).color() {
                    borders[color.index()] = true;
                }
            }
        }
        borders
    }

    /// The stones of the chain through `p`, starting at `p`.
    pub fn chain_stones(&self, p: Point) -> ChainStones<'_> {
        ChainStones {
            board: self,
            start: p.index() as u16,
            cur: p.index() as u16,
            done: false,
        }
    }

    /// Up to `N` distinct liberties of the chain through `p` (fewer if it has fewer); the count
    /// returned is exact when it is below `N`. Walks the chain; no allocation.
    pub fn liberties<const N: usize>(&self, p: Point) -> ([Point; N], usize) {
        let mut libs = [Point::new(0); N];
        let mut n = 0;
        for s in self.chain_stones(p) {
            for q in self.geo.neighbors(s.index()) {
                if self.cells[q] == Cell::Empty && !libs[..n].contains(&Point::new(q)) {
                    libs[n] = Point::new(q);
                    n += 1;
                    if n == N {
                        return (libs, n);
                    }
                }
            }
        }
        (libs, n)
    }

    /// Exact number of distinct liberties of the chain through `p`, counting at most `N`.
    pub fn liberty_count_upto<const N: usize>(&self, p: Point) -> usize {
        self.liberties::<N>(p).1
    }

    /// True when `p` is an empty point whose four neighbours are `color` stones or border and
    /// whose diagonals make it a true eye (at most one opponent diagonal in the middle, none on
    /// the edge). The playouts never fill such a point.
    #[inline]
    pub fn is_eye(&self, color: Color, p: Point) -> bool {
        let own = Cell::from(color);
        let p = p.index();
        if self.cells[p] != Cell::Empty {
            return false;
        }
        for n in self.geo.neighbors(p) {
            let c = self.cells[n];
            if c != own && c != Cell::Border {
                return false;
            }
        }
        let opp = Cell::from(color.opponent());
        let mut bad = 0;
        let mut edge = false;
        for d in self.geo.diagonals(p) {
            match self.cells[d] {
                Cell::Border => edge = true,
                c if c == opp => bad += 1,
                _ => {}
            }
        }
        bad + usize::from(edge) < 2
    }

    /// Number of empty orthogonal neighbours of `p`.
    #[inline(always)]
    pub fn empty_neighbors(&self, p: Point) -> usize {
        self.geo
            .neighbors(p.index())
            .iter()
            .filter(|&&n| self.cells[n] == Cell::Empty)
            .count()
    }

    /// True when every orthogonal neighbour of the empty point `p` is a `color` stone or border
    /// (an eye-like point, true or false).
    #[inline]
    pub fn is_eyelike(&self, color: Color, p: Point) -> bool {
        let own = Cell::from(color);
        self.geo
            .neighbors(p.index())
            .iter()
            .all(|&n| self.cells[n] == own || self.cells[n] == Cell::Border)
    }

    /// True when `p` is an empty point the opponent of `color` cannot play at all: every
    /// orthogonal neighbour a `color` stone or border ([`Board::is_eyelike`]) and none of those
    /// stones in atari, so a stone there would capture nothing and be suicide.
    #[inline]
    pub fn is_secure_eye(&self, color: Color, p: Point) -> bool {
        self.cells[p.index()] == Cell::Empty
            && self.is_eyelike(color, p)
            && self
                .geo
                .neighbors(p.index())
                .iter()
                .all(|&n| self.cells[n] == Cell::Border || !self.in_atari(Point::new(n)))
    }

    /// Would a `color` stone at the empty point `p` be suicide?
    #[inline]
    pub fn is_suicide(&self, color: Color, p: Point) -> bool {
        let own = Cell::from(color);
        for n in self.geo.neighbors(p.index()) {
            match self.cells[n] {
                Cell::Empty => return false,
                Cell::Border => {}
                c => {
                    let atari = self.chains[self.head[n] as usize].in_atari();
                    // An own chain with another liberty keeps us alive; an enemy chain whose
                    // last liberty this is gets captured.
                    if (c == own) != atari {
                        return false;
                    }
                }
            }
        }
        true
    }

    /// Why a `color` stone at `p` (any point, on this board or not) is illegal under capture,
    /// suicide and simple-ko rules, if it is ([`Board::is_legal`] is the fast yes or no).
    #[inline]
    pub fn legality(&self, color: Color, p: Point) -> Result<(), IllegalMove> {
        if !self.geo.is_on_board(p.index()) {
            Err(IllegalMove::OffBoard)
        } else if self.cells[p.index()] != Cell::Empty {
            Err(IllegalMove::Occupied)
        } else if p.index() == self.ko as usize {
            Err(IllegalMove::Ko)
        } else if self.is_suicide(color, p) {
            Err(IllegalMove::Suicide)
        } else {
            Ok(())
        }
    }

    /// Is a `color` stone at `p`, a point of this board, legal under capture, suicide and
    /// simple-ko rules? The fast test of playouts and reading; [`Board::legality`] says why not
    /// and takes any point.
    #[inline(always)]
    pub fn is_legal(&self, color: Color, p: Point) -> bool {
        debug_assert!(self.geo.is_on_board(p.index()), "{p:?} is not on the board");
        self.cells[p.index()] == Cell::Empty
            && p.index() != self.ko as usize
            && !self.is_suicide(color, p)
    }

    /// Would `color` at the empty point `p` capture something?
    #[inline]
    pub fn captures_at(&self, color: Color, p: Point) -> bool {
        let opp = Cell::from(color.opponent());
        self.geo
            .neighbors(p.index())
            .iter()
            .any(|&n| self.cells[n] == opp && self.chains[self.head[n] as usize].in_atari())
    }

    /// All points where `color` may play under capture, suicide and simple-ko rules.
    pub fn legal_points(&self, color: Color) -> Vec<Point> {
        self.geo
            .points()
            .filter(|&p| self.is_legal(color, p))
            .collect()
    }

    // ------------------------------------------------------------------------------ moves

    /// Play `mv` for `color` after checking it; on error nothing changes.
    pub fn play(&mut self, color: Color, mv: Move) -> Result<(), IllegalMove> {
        match mv {
            Move::Pass => self.pass(),
            Move::Play(p) => {
                self.legality(color, p)?;
                self.play_unchecked(color, p);
            }
        }
        Ok(())
    }

    /// A pass: clears the ko point and shifts the last-move record.
    #[inline]
    pub fn pass(&mut self) {
        self.ko = 0;
        self.last_ko_age = self.last_ko_age.saturating_add(1);
        self.last = [0, self.last[0]];
    }

    /// Place a `color` stone at `p`, capture what dies, and update ko, hash and last moves.
    /// The caller guarantees the point is empty and on the board; ko and suicide are not checked
    /// (a suicide removes the mover's own chain, which only rules that allow it ask for).
    /// Returns the number of stones captured.
    pub fn play_unchecked(&mut self, color: Color, p: Point) -> usize {
        let p = p.index();
        debug_assert_eq!(self.cells[p], Cell::Empty);
        let own = Cell::from(color);
        self.ko = 0;
        self.last_ko_age = self.last_ko_age.saturating_add(1);
        self.last = [p as u16, self.last[0]];
        self.remove_empty(p);
        self.cells[p] = own;
        self.hash ^= zobrist::stone_key(color, p);
        self.head[p] = p as u16;
        self.next[p] = p as u16;
        self.chains[p] = ChainInfo {
            stones: 1,
            ..ChainInfo::default()
        };

        // First every neighbour loses the liberty at p and friendly chains merge...
        let neighbors = self.geo.neighbors(p);
        for n in neighbors {
            match self.cells[n] {
                Cell::Empty => self.chains[self.head[p] as usize].add_lib(n),
                Cell::Border => {}
                c => {
                    let h = self.head[n] as usize;
                    self.chains[h].remove_lib(p);
                    if c == own && h != self.head[p] as usize {
                        self.merge(self.head[p] as usize, h);
                    }
                }
            }
        }
        // ...then enemy chains left without liberties are removed.
        let mut captured = 0;
        let mut captured_at = 0;
        let opp = Cell::from(color.opponent());
        for n in neighbors {
            if self.cells[n] == opp && self.chains[self.head[n] as usize].libs == 0 {
                captured += self.remove_chain(self.head[n] as usize);
                captured_at = n;
            }
        }
        self.captures[color.index()] += captured as u32;

        let mine = self.chains[self.head[p] as usize];
        if captured == 1 && mine.stones == 1 && mine.libs == 1 {
            self.ko = captured_at as u16;
            self.last_ko = self.ko;
            self.last_ko_age = 0;
        }
        if mine.libs == 0 {
            // Suicide, allowed only by rules that ask for it: the chain dies.
            let lost = self.remove_chain(self.head[p] as usize);
            self.captures[color.opponent().index()] += lost as u32;
        }
        captured
    }

    /// Put a stone on an empty point without capturing (setup: handicap, SGF `AB`/`AW`), or
    /// empty a point (`None`, SGF `AE`). Rebuilds chains; setup is rare, so simplicity wins.
    /// Chains left without liberties by setup stay on the board, as in SGF.
    pub fn set_cell(&mut self, p: Point, stone: Option<Color>) {
        let p = p.index();
        debug_assert!(self.geo.is_on_board(p));
        self.cells[p] = stone.map_or(Cell::Empty, Cell::from);
        self.ko = 0;
        self.last_ko = 0;
        self.rebuild();
    }

    /// Recompute chains, the empty list and the hash from the cells alone.
    fn rebuild(&mut self) {
        self.num_empty = 0;
        self.hash = 0;
        for p in self.geo.points() {
            let i = p.index();
            self.head[i] = 0;
            match self.cells[i].color() {
                None => self.add_empty(i),
                Some(c) => {
                    self.hash ^= zobrist::stone_key(c, i);
                    self.head[i] = i as u16;
                    self.next[i] = i as u16;
                    self.chains[i] = ChainInfo {
                        stones: 1,
                        ..ChainInfo::default()
                    };
                }
            }
        }
        for p in self.geo.points() {
            let i = p.index();
            if self.cells[i].color().is_none() {
                continue;
            }
            for n in self.geo.neighbors(i) {
                match self.cells[n] {
                    Cell::Empty => self.chains[self.head[i] as usize].add_lib(n),
                    c if c == self.cells[i] && self.head[n] != self.head[i] => {
                        self.merge(self.head[i] as usize, self.head[n] as usize)
                    }
                    _ => {}
                }
            }
        }
    }

    /// Join the chains with heads `a` and `b`; the larger keeps its head.
    fn merge(&mut self, a: usize, b: usize) {
        let (big, small) = if self.chains[a].stones >= self.chains[b].stones {
            (a, b)
        } else {
            (b, a)
        };
        let mut s = small;
        loop {
            self.head[s] = big as u16;
            s = self.next[s] as usize;
            if s == small {
                break;
            }
        }
        self.next.swap(big, small);
        let info = self.chains[small];
        self.chains[big].merge(&info);
    }

    /// Remove the chain with head `h`, giving its points back as liberties to its neighbours.
    fn remove_chain(&mut self, h: usize) -> usize {
        let color = self.cells[h].color().expect("a chain is made of stones");
        let mut s = h;
        loop {
            self.cells[s] = Cell::Empty;
            self.hash ^= zobrist::stone_key(color, s);
            self.add_empty(s);
            s = self.next[s] as usize;
            if s == h {
                break;
            }
        }
        let mut count = 0;
        loop {
            count += 1;
            for n in self.geo.neighbors(s) {
                if self.cells[n] == Cell::Black || self.cells[n] == Cell::White {
                    self.chains[self.head[n] as usize].add_lib(s);
                }
            }
            s = self.next[s] as usize;
            if s == h {
                break;
            }
        }
        count
    }

    #[inline(always)]
    fn add_empty(&mut self, p: usize) {
        self.empty_at[p] = self.num_empty;
        self.empty[self.num_empty as usize] = p as u16;
        self.num_empty += 1;
    }

    #[inline(always)]
    fn remove_empty(&mut self, p: usize) {
        let i = self.empty_at[p] as usize;
        self.num_empty -= 1;
        let last = self.empty[self.num_empty as usize];
        self.empty[i] = last;
        self.empty_at[last as usize] = i as u16;
    }

    /// Recompute everything derived from the cells and compare with what the board keeps
    /// incrementally: chain membership, pseudo-liberties, stone counts, the empty list and the
    /// hash. For tests and debug checks.
    pub fn check_invariants(&self) -> Result<(), String> {
        let mut fresh = self.clone();
        fresh.rebuild();
        let mut hash = 0;
        for p in self.geo.points() {
            let i = p.index();
            match self.cells[i].color() {
                Some(c) => {
                    hash ^= zobrist::stone_key(c, i);
                    // Same chain partition: p and its head are in one chain in both.
                    let h = self.head[i] as usize;
                    if self.cells[h] != self.cells[i] || fresh.head[h] != fresh.head[i] {
                        return Err(format!("chain membership wrong at {i}"));
                    }
                    let mine = self.chains[h];
                    let theirs = fresh.chains[fresh.head[i] as usize];
                    if mine != theirs {
                        return Err(format!("chain record at {i}: {mine:?} != {theirs:?}"));
                    }
                    if mine.libs == 0 {
                        return Err(format!("chain without liberties at {i}"));
                    }
                    if self.chain_stones(p).count() != mine.stones as usize {
                        return Err(format!("chain list length wrong at {i}"));
                    }
                }
                None => {
                    let k = self.empty_at[i] as usize;
                    if k >= self.num_empty as usize || self.empty[k] as usize != i {
                        return Err(format!("empty list wrong at {i}"));
                    }
                }
            }
        }
        if fresh.num_empty != self.num_empty {
            return Err("empty count wrong".to_string());
        }
        if hash != self.hash {
            return Err("hash differs from recomputed hash".to_string());
        }
        Ok(())
    }
}

/// Two boards are equal when their stones, ko point and prisoners are equal.
impl PartialEq for Board {
    fn eq(&self, other: &Board) -> bool {
        let n = self.geo.array_len();
        self.geo == other.geo
            && self.cells[..n] == other.cells[..n]
            && self.ko == other.ko
            && self.captures == other.captures
    }
}

/// Iterator over the stones of one chain; see [`Board::chain_stones`].
pub struct ChainStones<'a> {
    board: &'a Board,
    start: u16,
    cur: u16,
    done: bool,
}

impl Iterator for ChainStones<'_> {
    type Item = Point;

    #[inline]
    fn next(&mut self) -> Option<Point> {
        if self.done {
            return None;
        }
        let p = self.cur;
        self.cur = self.board.next[p as usize];
        self.done = self.cur == self.start;
        Some(Point::new(p as usize))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_boards::at;

    #[test]
    fn capture_removes_stones_and_counts_prisoners() {
        let mut b = Board::from_ascii(
            ". X . .
             X O . .
             . X . .
             . . . .",
        )
        .unwrap();
        let p = at(&b, 2, 2);
        assert!(b.in_atari(at(&b, 1, 2)));
        assert_eq!(b.atari_liberty(at(&b, 1, 2)), p);
        b.play(Color::Black, Move::Play(p)).unwrap();
        assert_eq!(b.at(at(&b, 1, 2)), Cell::Empty);
        assert_eq!(b.captures(Color::Black), 1);
        b.check_invariants().unwrap();
    }

    #[test]
    fn suicide_is_illegal_but_capturing_the_surrounders_is_not() {
        let b = Board::from_ascii(
            ". X .
             X . .
             . . .",
        )
        .unwrap();
        assert_eq!(
            b.legality(Color::White, at(&b, 0, 2)),
            Err(IllegalMove::Suicide)
        );
        // Multi-stone suicide: White a3 fills the last liberty of a4-b4.
        let b = Board::from_ascii(
            "O O X .
             . X X .
             X X . .
             . . . .",
        )
        .unwrap();
        assert_eq!(
            b.legality(Color::White, at(&b, 0, 2)),
            Err(IllegalMove::Suicide)
        );
        // a4 is White's suicide but Black's capture of two stones.
        let b = Board::from_ascii(
            ". O X .
             O X . .
             X . . .
             . . . .",
        )
        .unwrap();
        assert_eq!(
            b.legality(Color::White, at(&b, 0, 3)),
            Err(IllegalMove::Suicide)
        );
        let mut b2 = b.clone();
        b2.play(Color::Black, Move::Play(at(&b, 0, 3))).unwrap();
        assert_eq!(b2.captures(Color::Black), 2, "black a4 captures b4 and a3");
        b2.check_invariants().unwrap();
    }

    #[test]
    fn simple_ko_forbids_immediate_recapture_only() {
        let mut b = Board::from_ascii(
            ". X O .
             X O . O
             . X O .
             . . . .",
        )
        .unwrap();
        let take = at(&b, 2, 2);
        b.play(Color::Black, Move::Play(take)).unwrap();
        assert_eq!(b.captures(Color::Black), 1);
        let back = at(&b, 1, 2);
        assert_eq!(b.ko_point(), Some(back));
        assert_eq!(b.legality(Color::White, back), Err(IllegalMove::Ko));
        assert_eq!(b.recent_ko(1), Some(back), "the fight has just begun");
        b.play(Color::White, Move::Play(at(&b, 3, 0))).unwrap();
        b.play(Color::Black, Move::Pass).unwrap();
        assert_eq!(b.legality(Color::White, back), Ok(()));
        assert_eq!(b.ko_point(), None);
        assert_eq!(b.recent_ko(3), Some(back), "two moves since the capture");
        assert_eq!(b.recent_ko(2), None);
        b.check_invariants().unwrap();
    }

    #[test]
    fn snapback_is_not_ko() {
        let mut b = Board::from_ascii(
            ". . . . .
             . . . . .
             X X X X .
             O O O X .
             . . O X .",
        )
        .unwrap();
        let (a1, b1) = (at(&b, 0, 0), at(&b, 1, 0));
        b.play(Color::Black, Move::Play(b1)).unwrap(); // throw-in
        assert!(b.in_atari(b1));
        b.play(Color::White, Move::Play(a1)).unwrap(); // White takes one stone...
        assert_eq!(b.captures(Color::White), 1);
        assert_eq!(
            b.ko_point(),
            None,
            "the capturing stone joined a chain: no ko"
        );
        b.play(Color::Black, Move::Play(b1)).unwrap(); // ...and Black takes five back.
        assert_eq!(b.captures(Color::Black), 5);
        b.check_invariants().unwrap();
    }

    #[test]
    fn chains_merge_and_liberties_are_exact() {
        let mut b = Board::new(9).unwrap();
        let c = |b: &Board, x, y| at(b, x, y);
        b.play(Color::Black, Move::Play(c(&b, 2, 2))).unwrap();
        b.play(Color::Black, Move::Play(c(&b, 4, 2))).unwrap();
        b.play(Color::Black, Move::Play(c(&b, 3, 2))).unwrap();
        assert_eq!(b.chain_size(c(&b, 2, 2)), 3);
        assert_eq!(b.chain_id(c(&b, 2, 2)), b.chain_id(c(&b, 4, 2)));
        assert_eq!(b.liberties::<16>(c(&b, 3, 2)).1, 8);
        b.check_invariants().unwrap();
    }

    #[test]
    fn eyes_true_and_false() {
        let b = Board::from_ascii(
            ". X . . .
             X X . . .
             . . . . .
             . . . . .
             . . . . .",
        )
        .unwrap();
        assert!(b.is_eye(Color::Black, at(&b, 0, 4)));
        let b = Board::from_ascii(
            ". X O . .
             X O . . .
             . . . . .
             . . . . .
             . . . . .",
        )
        .unwrap();
        assert!(
            !b.is_eye(Color::Black, at(&b, 0, 4)),
            "corner eye with an enemy diagonal is false"
        );
        assert!(b.is_eyelike(Color::Black, at(&b, 0, 4)));
    }

    #[test]
    fn a_secure_eye_is_eyelike_with_no_neighbour_in_atari() {
        let b = Board::from_ascii(
            ". X . . .
             X X . . .
             . . . . .
             . . . . .
             . . . . .",
        )
        .unwrap();
        let geo = b.geometry();
        // a5: Black's eye. e1: open.
        assert!(b.is_secure_eye(Color::Black, geo.point(0, 4)));
        assert!(!b.is_secure_eye(Color::White, geo.point(0, 4)));
        assert!(!b.is_secure_eye(Color::Black, geo.point(4, 0)));
        // With Black's chain in atari, White can capture at a5: no longer secure, still
        // eyelike.
        let b = Board::from_ascii(
            ". X O . .
             X X O . .
             O O . . .
             . . . . .
             . . . . .",
        )
        .unwrap();
        assert!(b.is_eyelike(Color::Black, geo.point(0, 4)));
        assert!(!b.is_secure_eye(Color::Black, geo.point(0, 4)));
    }
}
