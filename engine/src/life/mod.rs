//! Static life and death: what can be known about a position's groups without playing it
//! out. The playouts' ownership (`search::territory`) is a statistic and can be fooled where
//! random play goes wrong (it breaks sekis, and kills groups whose eye space is large but
//! oddly shaped); the judgements here are exact for the shapes they recognise.
//!
//! How to read it: [`Chains`] and [`Regions`] are the position seen as blocks of stones and
//! the areas they enclose, built once per position and read by the rest;
//! [`benson`] finds the groups that are alive unconditionally (Benson's algorithm: no sequence
//! of opponent moves can capture them even if they never answer); [`seki`] finds groups that
//! share liberties that neither side can fill without putting itself in atari; [`eyespace`]
//! finds groups whose enclosed area is too big to be killed; [`semeai`] reads the capturing
//! races of the groups the playouts call dead, and keeps the ones that win and then live;
//! [`dame_ko`] keeps the stones left in a dame ko. [`dead_stones`] puts them together, with the
//! playouts' ownership, into the end-of-game [`Judgement`]: which stones are dead, alive or in
//! seki, and whose each point is.
//!
//! None of it is used inside a playout: it allocates, and runs once per judged position.

pub mod benson;
pub mod dame_ko;
pub mod dead_stones;
pub mod eyespace;
pub mod seki;
pub mod semeai;

pub use dead_stones::{Judgement, PointState};

use crate::board::Board;
use crate::types::{Cell, Color, Point};

/// No chain or region at a point.
pub const NONE: u16 = u16::MAX;

/// One chain (block) of stones.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Chain {
    pub color: Color,
    pub stones: Vec<Point>,
    /// Distinct liberties, in board order.
    pub liberties: Vec<Point>,
}

impl Chain {
    /// How many liberties it shares with `other`.
    pub fn shared_liberties(&self, other: &Chain) -> usize {
        self.liberties
            .iter()
            .filter(|p| other.liberties.binary_search(p).is_ok())
            .count()
    }
}

/// Every chain of a position, and which chain each stone belongs to.
#[derive(Clone, Debug)]
pub struct Chains {
    /// Chain index at each point of the padded board ([`NONE`] off stones).
    of: Vec<u16>,
    pub list: Vec<Chain>,
}

impl Chains {
    /// The chains of `board`.
    pub fn new(board: &Board) -> Chains {
        let geo = board.geometry();
        let mut of = vec![NONE; geo.array_len()];
        let mut list = Vec::new();
        for p in geo.points() {
            let Some(color) = board.at(p).color() else {
                continue;
            };
            if of[p.index()] != NONE {
                continue;
            }
            let id = list.len() as u16;
            let mut stones: Vec<Point> = board.chain_stones(p).collect();
            stones.sort();
            let mut liberties = Vec::new();
            for &s in &stones {
                of[s.index()] = id;
                for n in geo.neighbors(s.index()) {
                    if board.at_index(n) == Cell::Empty {
                        liberties.push(Point::new(n));
                    }
                }
            }
            liberties.sort();
            liberties.dedup();
            list.push(Chain {
                color,
                stones,
                liberties,
            });
        }
        Chains { of, list }
    }

    /// The chain of the stone at `p`, if there is a stone.
    pub fn at(&self, p: Point) -> Option<usize> {
        let id = *self.of.get(p.index())?;
        (id != NONE).then_some(id as usize)
    }

    /// The distinct chains next to `p` (a point of any kind), at most four.
    pub fn around(&self, board: &Board, p: Point) -> Vec<usize> {
        let mut v = Vec::with_capacity(4);
        for n in board.geometry().neighbors(p.index()) {
            if let Some(c) = self.at(Point::new(n)) {
                if !v.contains(&c) {
                    v.push(c);
                }
            }
        }
        v
    }

    /// The distinct chains next to chain `x`'s stones, in the order its stones meet them.
    pub fn next_to(&self, board: &Board, x: usize) -> Vec<usize> {
        let mut v = Vec::new();
        for &s in &self.list[x].stones {
            for c in self.around(board, s) {
                if !v.contains(&c) {
                    v.push(c);
                }
            }
        }
        v
    }
}

/// An area enclosed by one colour: a maximal connected set of points holding no stone of that
/// colour (empty points and the other colour's stones).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Region {
    /// Every point, in board order.
    pub points: Vec<Point>,
    /// The empty ones among them.
    pub empty: Vec<Point>,
    /// The enclosing colour's chains that touch the region (indices into [`Chains::list`]).
    pub boundary: Vec<usize>,
}

/// The regions enclosed by one colour.
#[derive(Clone, Debug)]
pub struct Regions {
    pub color: Color,
    /// Region index at each point of the padded board ([`NONE`] on the colour's stones).
    of: Vec<u16>,
    pub list: Vec<Region>,
}

impl Regions {
    /// The regions `color` encloses on `board` (whose chains are `chains`).
    pub fn new(board: &Board, chains: &Chains, color: Color) -> Regions {
        let geo = board.geometry();
        let own = Cell::from(color);
        let mut of = vec![NONE; geo.array_len()];
        let mut list = Vec::new();
        let mut stack = Vec::new();
        for start in geo.points() {
            if board.at(start) == own || of[start.index()] != NONE {
                continue;
            }
            let id = list.len() as u16;
            let mut region = Region {
                points: Vec::new(),
                empty: Vec::new(),
                boundary: Vec::new(),
            };
            of[start.index()] = id;
            stack.push(start.index());
            while let Some(q) = stack.pop() {
                region.points.push(Point::new(q));
                if board.at_index(q) == Cell::Empty {
                    region.empty.push(Point::new(q));
                }
                for n in geo.neighbors(q) {
                    match board.at_index(n) {
                        Cell::Border => {}
                        c if c == own => {
                            let chain = chains.at(Point::new(n)).expect("a stone has a chain");
                            if !region.boundary.contains(&chain) {
                                region.boundary.push(chain);
                            }
                        }
                        _ if of[n] == NONE => {
                            of[n] = id;
                            stack.push(n);
                        }
                        _ => {}
                    }
                }
            }
            region.points.sort();
            region.empty.sort();
            region.boundary.sort();
            list.push(region);
        }
        Regions { color, of, list }
    }

    /// The region of `p`, unless `p` holds a stone of the enclosing colour.
    pub fn at(&self, p: Point) -> Option<usize> {
        let id = *self.of.get(p.index())?;
        (id != NONE).then_some(id as usize)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chains_and_regions_of_a_small_position() {
        let b = Board::from_ascii(
            ". X O .
             X X O .
             O O O .
             . . . .",
        )
        .unwrap();
        let chains = Chains::new(&b);
        assert_eq!(chains.list.len(), 2);
        let white = chains
            .list
            .iter()
            .find(|c| c.color == Color::White)
            .unwrap();
        assert_eq!(white.stones.len(), 5);
        assert_eq!(white.liberties.len(), 6);
        // White encloses the black corner with its eye (one region: the three black stones
        // and the empty corner) and the open side (one region).
        let r = Regions::new(&b, &chains, Color::White);
        assert_eq!(r.list.len(), 2);
        let corner = r.at(b.geometry().point(0, 3)).unwrap();
        assert_eq!(r.list[corner].points.len(), 4);
        assert_eq!(r.list[corner].empty.len(), 1);
        assert_eq!(r.list[corner].boundary.len(), 1);
    }
}
