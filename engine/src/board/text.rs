//! A board as text, the one renderer of the project: rows of `.`, `X` and `O` for tests,
//! examples and debugging ([`Board::to_ascii`], [`Board::from_ascii`]), and [`Diagram`], the same
//! rows with coordinates and marks (dead and seki stones, territory, star points, the last move)
//! for GTP's `showboard` and the counting tools.

use super::Board;
use crate::coord::LETTERS;
use crate::types::{Cell, Color, Point};
use std::fmt;
use std::ops::RangeInclusive;

impl Board {
    /// Parse a board from rows of `.` (empty), `X` (Black) and `O` (White), top row first;
    /// spaces are ignored, `+` counts as empty, and the marks of a [`Diagram`] for stones (`x`,
    /// `#` Black, `o`, `@` White) as the stones. Chains without liberties are rejected.
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
                    'O' | 'o' | '@' => Cell::White,
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
        Diagram::new(self)
            .rows(false)
            .into_iter()
            .map(|row| row + "\n")
            .collect()
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_ascii())
    }
}

/// A board, or a window of it, drawn as text: one row a line, top row first, points separated
/// by spaces; with [`Diagram::rows`] `true` each row starts with its number (two characters
/// wide), and [`Diagram::letters`] gives the column letters to put above or below.
///
/// A stone is `X` (Black) or `O` (White), an empty point `.`; marks change that: dead stones
/// are lower case (`x`, `o`), stones in seki `#` (Black) and `@` (White), chosen empty points
/// (territory, star points) and any point ([`Diagram::point`]) get a character of their own,
/// and the last move stands in parentheses. Where several marks fall on one point, the first
/// one given is drawn.
///
/// ```
/// use tengen_engine::board::Diagram;
/// use tengen_engine::Board;
/// let board = Board::from_ascii(". X O\n. X O\nX O .").unwrap();
/// let g = board.geometry();
/// let text = Diagram::new(&board)
///     .dead([g.point(2, 2)])
///     .empty_points([g.point(0, 2)], 'b')
///     .last_move(g.point(1, 0))
///     .rows(true);
/// assert_eq!(text, [" 3 b X o", " 2 . X O", " 1 X(O)."]);
/// ```
pub struct Diagram<'a> {
    board: &'a Board,
    /// What to draw at a point instead of its stone or `.`, by point index.
    marks: Vec<Option<char>>,
    last_move: Option<Point>,
    cols: RangeInclusive<usize>,
    rows: RangeInclusive<usize>,
}

impl<'a> Diagram<'a> {
    /// The whole board, stones and empty points, no marks.
    pub fn new(board: &'a Board) -> Diagram<'a> {
        let last = board.size() - 1;
        Diagram {
            board,
            marks: vec![None; board.geometry().array_len()],
            last_move: None,
            cols: 0..=last,
            rows: 0..=last,
        }
    }

    /// Only the points within `cols` columns and `rows` rows of `center`.
    pub fn around(mut self, center: Point, cols: usize, rows: usize) -> Diagram<'a> {
        let last = self.board.size() - 1;
        let (c, r) = self.board.geometry().col_row(center);
        self.cols = c.saturating_sub(cols)..=(c + cols).min(last);
        self.rows = r.saturating_sub(rows)..=(r + rows).min(last);
        self
    }

    /// Draw `ch` at `p` whatever stands there.
    pub fn point(mut self, p: Point, ch: char) -> Diagram<'a> {
        self.mark(p, ch);
        self
    }

    /// Draw the stones among `points` as dead: `x`, `o`.
    pub fn dead(self, points: impl IntoIterator<Item = Point>) -> Diagram<'a> {
        self.stones(points, ['x', 'o'])
    }

    /// Draw the stones among `points` as in seki: `#` (Black), `@` (White).
    pub fn seki(self, points: impl IntoIterator<Item = Point>) -> Diagram<'a> {
        self.stones(points, ['#', '@'])
    }

    /// Draw the empty points among `points` as `ch` (territory, dame, ...).
    pub fn empty_points(
        mut self,
        points: impl IntoIterator<Item = Point>,
        ch: char,
    ) -> Diagram<'a> {
        for p in points {
            if self.board.at(p) == Cell::Empty {
                self.mark(p, ch);
            }
        }
        self
    }

    /// Put the move at `p` in parentheses.
    pub fn last_move(mut self, p: Point) -> Diagram<'a> {
        self.last_move = Some(p);
        self
    }

    /// The rows, top row first; with `numbered`, each starts with the row's number.
    pub fn rows(&self, numbered: bool) -> Vec<String> {
        self.rows
            .clone()
            .rev()
            .map(|row| self.row(row, numbered))
            .collect()
    }

    /// The column letters, placed to stand over the points of numbered rows.
    pub fn letters(&self) -> String {
        let letters: Vec<String> = self
            .cols
            .clone()
            .map(|c| (LETTERS[c] as char).to_string())
            .collect();
        format!("   {}", letters.join(" "))
    }

    /// The character after the points of a row: `)` when its last point is the last move.
    pub fn row_end(&self, row: usize) -> char {
        self.separator(row, *self.cols.end() + 1)
    }

    /// Row `row` (from 0 at the bottom).
    fn row(&self, row: usize, numbered: bool) -> String {
        let mut line = if numbered {
            format!("{:>2}", row + 1)
        } else {
            String::new()
        };
        for col in self.cols.clone() {
            if numbered || col != *self.cols.start() {
                line.push(self.separator(row, col));
            }
            line.push(self.symbol(self.board.geometry().point(col, row)));
        }
        line
    }

    /// The character before column `col` of `row`: `(` before the last move, `)` after it,
    /// else a space.
    fn separator(&self, row: usize, col: usize) -> char {
        let geo = self.board.geometry();
        let is_last =
            |c: usize| self.cols.contains(&c) && self.last_move == Some(geo.point(c, row));
        if is_last(col) {
            '('
        } else if col > 0 && is_last(col - 1) {
            ')'
        } else {
            ' '
        }
    }

    fn symbol(&self, p: Point) -> char {
        self.marks[p.index()].unwrap_or(match self.board.at(p) {
            Cell::Black => 'X',
            Cell::White => 'O',
            _ => '.',
        })
    }

    fn stones(mut self, points: impl IntoIterator<Item = Point>, marks: [char; 2]) -> Diagram<'a> {
        for p in points {
            match self.board.at(p).color() {
                Some(Color::Black) => self.mark(p, marks[0]),
                Some(Color::White) => self.mark(p, marks[1]),
                None => {}
            }
        }
        self
    }

    /// Mark `p` with `ch`, unless an earlier mark stands there.
    fn mark(&mut self, p: Point, ch: char) {
        self.marks[p.index()].get_or_insert(ch);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ascii_round_trips() {
        let text = ". X O\n. X O\nX O .\n";
        assert_eq!(Board::from_ascii(text).unwrap().to_ascii(), text);
    }

    #[test]
    fn marks_coordinates_and_windows() {
        let board = Board::from_ascii(
            ". . . . .\n\
             . X O . .\n\
             . X O . .\n\
             . X O . .\n\
             . . . . .",
        )
        .unwrap();
        let g = board.geometry();
        let (b2, c2, c3) = (g.point(1, 1), g.point(2, 1), g.point(2, 2));
        let d = Diagram::new(&board)
            .point(c3, '*')
            .dead([c2, c3])
            .seki([b2, c2])
            .empty_points([g.point(0, 0), b2], 'w')
            .last_move(g.point(4, 4));
        assert_eq!(
            d.rows(true),
            [
                " 5 . . . .(.",
                " 4 . X O . .",
                " 3 . X * . .",
                " 2 . # o . .",
                " 1 w . . . ."
            ],
            "the first mark of a point wins; stone marks only on stones, empty ones only on \
             empty points"
        );
        assert_eq!(d.letters(), "   A B C D E");
        assert_eq!((d.row_end(4), d.row_end(3)), (')', ' '));
        let window = Diagram::new(&board).around(g.point(0, 0), 1, 2);
        assert_eq!(window.rows(true), [" 3 . X", " 2 . X", " 1 . ."]);
        assert_eq!(window.letters(), "   A B");
        assert_eq!(
            Board::from_ascii("x # .\no @ .\n. . .").unwrap().to_ascii(),
            "X X .\nO O .\n. . .\n",
            "stone marks read back as the stones"
        );
    }
}
