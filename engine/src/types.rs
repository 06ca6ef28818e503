//! Colours, points and moves: the small types everything else is built from.
//!
//! A [`Point`] is an index into the board's padded one-dimensional array; it means nothing without
//! the board (or [`crate::Geometry`]) that gives it a size. Text forms of points (`D4`, SGF `dd`)
//! live in [`crate::coord`], away from these hot types.

use std::fmt;
use std::str::FromStr;

/// A player, or the colour of a stone.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Color {
    Black = 1,
    White = 2,
}

impl Color {
    /// Both colours, Black first.
    pub const BOTH: [Color; 2] = [Color::Black, Color::White];

    /// The other player.
    #[inline(always)]
    pub const fn opponent(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }

    /// 0 for Black, 1 for White: an index into per-colour arrays.
    #[inline(always)]
    pub const fn index(self) -> usize {
        self as usize - 1
    }

    /// +1.0 for Black, -1.0 for White: turns a Black-positive score into this colour's view.
    #[inline(always)]
    pub const fn sign(self) -> f64 {
        match self {
            Color::Black => 1.0,
            Color::White => -1.0,
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Color::Black => "black",
            Color::White => "white",
        })
    }
}

/// The text was not `b`, `black`, `w` or `white` (any case).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseColorError;

impl fmt::Display for ParseColorError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("invalid color")
    }
}

impl std::error::Error for ParseColorError {}

impl FromStr for Color {
    type Err = ParseColorError;

    /// Accepts `b`, `black`, `w`, `white` in any case.
    fn from_str(s: &str) -> Result<Color, ParseColorError> {
        match s.to_ascii_lowercase().as_str() {
            "b" | "black" => Ok(Color::Black),
            "w" | "white" => Ok(Color::White),
            _ => Err(ParseColorError),
        }
    }
}

/// What occupies one entry of the padded board array.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum Cell {
    Empty = 0,
    Black = 1,
    White = 2,
    /// The frame around the board.
    Border = 3,
}

impl Cell {
    /// The colour of a stone, `None` for empty points and the border.
    #[inline(always)]
    pub const fn color(self) -> Option<Color> {
        match self {
            Cell::Black => Some(Color::Black),
            Cell::White => Some(Color::White),
            _ => None,
        }
    }
}

impl From<Color> for Cell {
    #[inline(always)]
    fn from(c: Color) -> Cell {
        match c {
            Color::Black => Cell::Black,
            Color::White => Cell::White,
        }
    }
}

/// An index into the padded board array (see [`crate::Geometry`]). Index 0 is always border, so
/// code that needs "no point" in a compact form uses 0.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Point(u16);

impl Point {
    /// The point at array index `index`; the caller knows it lies on the board.
    #[inline(always)]
    pub const fn new(index: usize) -> Point {
        Point(index as u16)
    }

    /// The array index of this point.
    #[inline(always)]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

/// A move: a stone on a point, or a pass.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    Pass,
    Play(Point),
}

impl Move {
    /// The point played, `None` for a pass.
    #[inline(always)]
    pub const fn point(self) -> Option<Point> {
        match self {
            Move::Pass => None,
            Move::Play(p) => Some(p),
        }
    }

    /// A compact form for tables: the point's index, 0 for a pass.
    #[inline(always)]
    pub const fn to_u16(self) -> u16 {
        match self {
            Move::Pass => 0,
            Move::Play(p) => p.0,
        }
    }

    /// The inverse of [`Move::to_u16`].
    #[inline(always)]
    pub const fn from_u16(v: u16) -> Move {
        if v == 0 {
            Move::Pass
        } else {
            Move::Play(Point(v))
        }
    }
}

impl From<Point> for Move {
    fn from(p: Point) -> Move {
        Move::Play(p)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn colors_parse_in_any_case_and_reject_others() {
        for s in ["b", "B", "black", "BLACK", "Black"] {
            assert_eq!(s.parse::<Color>(), Ok(Color::Black));
        }
        for s in ["w", "W", "white", "WhItE"] {
            assert_eq!(s.parse::<Color>(), Ok(Color::White));
        }
        for s in ["", "x", "blak", "bw", "empty"] {
            assert!(s.parse::<Color>().is_err(), "{s}");
        }
        assert_eq!(Color::Black.opponent(), Color::White);
        assert_eq!(Color::White.opponent().opponent(), Color::White);
    }

    #[test]
    fn compact_move_round_trips() {
        assert_eq!(Move::from_u16(Move::Pass.to_u16()), Move::Pass);
        let m = Move::Play(Point::new(42));
        assert_eq!(Move::from_u16(m.to_u16()), m);
    }
}
