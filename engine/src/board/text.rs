//! A board as text: rows of `.`, `X` and `O`, for tests, examples and debugging output.

use super::Board;
use crate::types::Cell;
use std::fmt;

impl Board {
    /// Parse a board from rows of `.` (empty), `X` (Black) and `O` (White), top row first;
    /// spaces are ignored, `+` counts as empty. Chains without liberties are rejected.
    pub fn from_ascii(text: &str) -> Result<Board, String> {
        let rows: Vec<Vec<char>> = text
            .lines()
            .map(|l| l.chars().filter(|c| !c.is_whitespace()).collect::<Vec<_>>())
            .filter(|r| !r.is_empty())
            .collect();
        let n = rows.len();
        let mut b = Board::new(n).ok_or_else(|| format!("bad board size {n}"))?;
        for (i, row) in rows.iter().enumerate() {
            if row.len() != n {
                return Err(format!(
                    "row {} has {} points, expected {n}",
                    i + 1,
                    row.len()
                ));
            }
            for (col, &ch) in row.iter().enumerate() {
                let p = b.geo.point(col, n - 1 - i).index();
                b.cells[p] = match ch {
                    '.' | '+' => Cell::Empty,
                    'X' | 'x' | '#' => Cell::Black,
                    'O' | 'o' => Cell::White,
                    _ => return Err(format!("unexpected character {ch:?}")),
                };
            }
        }
        b.rebuild();
        for p in b.geo.points() {
            if b.at(p).color().is_some() && b.chains[b.head[p.index()] as usize].libs == 0 {
                return Err("a chain has no liberties".to_string());
            }
        }
        Ok(b)
    }

    /// Rows of `.`, `X`, `O` separated by spaces, top row first (the inverse of
    /// [`Board::from_ascii`]).
    pub fn to_ascii(&self) -> String {
        let n = self.size();
        let mut s = String::with_capacity(n * (2 * n + 1));
        for row in (0..n).rev() {
            for col in 0..n {
                if col > 0 {
                    s.push(' ');
                }
                s.push(match self.at(self.geo.point(col, row)) {
                    Cell::Black => 'X',
                    Cell::White => 'O',
                    _ => '.',
                });
            }
            s.push('\n');
        }
        s
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_ascii())
    }
}
