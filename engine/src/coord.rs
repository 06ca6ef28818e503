//! Text forms of points: GTP vertices (`D4`, `pass`). Kept apart from [`crate::Point`] because a
//! vertex means a point only together with a board size.

use crate::geometry::{Geometry, MAX_SIZE};
use crate::types::{Move, Point};
use std::fmt;
use std::str::FromStr;

/// Column letters of GTP vertices: A..Z without I.
pub const LETTERS: &[u8; MAX_SIZE] = b"ABCDEFGHJKLMNOPQRSTUVWXYZ";

/// A board coordinate independent of board size: column and row from 0, row 0 at the bottom.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Vertex {
    pub col: u8,
    pub row: u8,
}

impl Vertex {
    /// The point this vertex names on a board of `geo`'s size, `None` if off the board.
    pub fn to_point(self, geo: Geometry) -> Option<Point> {
        let (c, r) = (self.col as usize, self.row as usize);
        (c < geo.size() && r < geo.size()).then(|| geo.point(c, r))
    }

    /// The vertex of an on-board point.
    pub fn from_point(geo: Geometry, p: Point) -> Vertex {
        let (col, row) = geo.col_row(p);
        Vertex {
            col: col as u8,
            row: row as u8,
        }
    }
}

/// The text is not a vertex `A1`..`Z25` (no `I`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseVertexError;

impl fmt::Display for ParseVertexError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("invalid coordinate")
    }
}

impl std::error::Error for ParseVertexError {}

impl FromStr for Vertex {
    type Err = ParseVertexError;

    /// `A1`..`Z25` skipping `I`, any case.
    fn from_str(s: &str) -> Result<Vertex, ParseVertexError> {
        let bytes = s.as_bytes();
        let (&first, digits) = bytes.split_first().ok_or(ParseVertexError)?;
        let col = LETTERS
            .iter()
            .position(|&l| l == first.to_ascii_uppercase())
            .ok_or(ParseVertexError)?;
        if digits.is_empty() || digits.len() > 2 || !digits.iter().all(u8::is_ascii_digit) {
            return Err(ParseVertexError);
        }
        let row: usize = std::str::from_utf8(digits)
            .map_err(|_| ParseVertexError)?
            .parse()
            .map_err(|_| ParseVertexError)?;
        if !(1..=MAX_SIZE).contains(&row) {
            return Err(ParseVertexError);
        }
        Ok(Vertex {
            col: col as u8,
            row: (row - 1) as u8,
        })
    }
}

impl fmt::Display for Vertex {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", LETTERS[self.col as usize] as char, self.row + 1)
    }
}

/// Why a move's text could not be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ParseMoveError {
    /// Not a vertex nor `pass`.
    Syntax,
    /// A vertex beyond the board's edge.
    OffBoard,
}

impl fmt::Display for ParseMoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            ParseMoveError::Syntax => "invalid coordinate",
            ParseMoveError::OffBoard => "coordinate off the board",
        })
    }
}

impl std::error::Error for ParseMoveError {}

/// Read a GTP vertex or `pass` (any case) as a move on a board of `geo`'s size.
pub fn parse_move(text: &str, geo: Geometry) -> Result<Move, ParseMoveError> {
    if text.eq_ignore_ascii_case("pass") {
        return Ok(Move::Pass);
    }
    let v: Vertex = text.parse().map_err(|_| ParseMoveError::Syntax)?;
    v.to_point(geo)
        .map(Move::Play)
        .ok_or(ParseMoveError::OffBoard)
}

/// A move as GTP writes it: `D4` or `PASS` (upper case, as gogui-regress patterns expect).
pub fn move_text(mv: Move, geo: Geometry) -> String {
    match mv {
        Move::Pass => "PASS".to_string(),
        Move::Play(p) => Vertex::from_point(geo, p).to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn vertices_round_trip_on_every_size() {
        for size in 2..=MAX_SIZE {
            let geo = Geometry::new(size).unwrap();
            for p in geo.points() {
                let text = move_text(Move::Play(p), geo);
                assert_eq!(parse_move(&text, geo), Ok(Move::Play(p)));
                assert_eq!(parse_move(&text.to_lowercase(), geo), Ok(Move::Play(p)));
            }
        }
    }

    #[test]
    fn bad_vertices_are_errors() {
        let geo = Geometry::new(19).unwrap();
        assert_eq!(parse_move("PaSs", geo), Ok(Move::Pass));
        assert_eq!(
            parse_move("T19", geo).map(|m| move_text(m, geo)),
            Ok("T19".into())
        );
        for bad in ["", "I5", "A0", "A", "5A", "A-1", "AA1", "A100", "é1", "A１"] {
            assert_eq!(parse_move(bad, geo), Err(ParseMoveError::Syntax), "{bad}");
        }
        for off in ["U1", "A20", "Z25"] {
            assert_eq!(parse_move(off, geo), Err(ParseMoveError::OffBoard), "{off}");
        }
        assert_eq!("J1".parse::<Vertex>(), Ok(Vertex { col: 8, row: 0 }));
    }
}
