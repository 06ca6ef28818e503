//! Board geometry: the size of a board and the padded array its points live in.
//!
//! A board of side `size` is a one-dimensional array with one border column shared by
//! neighbouring rows (`stride = size + 1`) and one border row above and below, so every on-board
//! point has four neighbours and four diagonals inside the array. Every array is sized for the
//! largest board ([`MAX_POINTS`]).

use crate::types::Point;

/// Largest board side GTP allows.
pub const MAX_SIZE: usize = 25;
/// Smallest board side GTP allows.
pub const MIN_SIZE: usize = 2;
/// Length of the padded array for the largest board: `(25 + 2) * (25 + 1) + 1`.
pub const MAX_POINTS: usize = (MAX_SIZE + 2) * (MAX_SIZE + 1) + 1;

/// Board size and the mapping between (column, row) and array indices.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Geometry {
    size: u8,
    stride: u16,
}

impl Geometry {
    /// The geometry of a `size` x `size` board; `None` outside 2..=25.
    pub fn new(size: usize) -> Option<Geometry> {
        (MIN_SIZE..=MAX_SIZE).contains(&size).then(|| Geometry {
            size: size as u8,
            stride: size as u16 + 1,
        })
    }

    /// Side length.
    #[inline(always)]
    pub fn size(self) -> usize {
        self.size as usize
    }

    /// Distance in the array between vertically adjacent points.
    #[inline(always)]
    pub fn stride(self) -> usize {
        self.stride as usize
    }

    /// Number of array entries this size uses (points plus border).
    #[inline(always)]
    pub fn array_len(self) -> usize {
        (self.size() + 2) * self.stride() + 1
    }

    /// Number of points on the board.
    #[inline(always)]
    pub fn points_count(self) -> usize {
        self.size() * self.size()
    }

    /// The point at column `col` and row `row`, both from 0, row 0 at the bottom (GTP row 1).
    #[inline(always)]
    pub fn point(self, col: usize, row: usize) -> Point {
        debug_assert!(col < self.size() && row < self.size());
        Point::new((row + 1) * self.stride() + col + 1)
    }

    /// Column and row (from 0, row 0 at the bottom) of an on-board point.
    #[inline(always)]
    pub fn col_row(self, p: Point) -> (usize, usize) {
        (p.index() % self.stride() - 1, p.index() / self.stride() - 1)
    }

    /// True when array index `index` is a point on the board (not border).
    pub fn is_on_board(self, index: usize) -> bool {
        let (col, row) = (index % self.stride(), index / self.stride());
        (1..=self.size()).contains(&col) && (1..=self.size()).contains(&row)
    }

    /// Every point on the board, row by row from the bottom left.
    pub fn points(self) -> impl Iterator<Item = Point> {
        let n = self.size();
        (0..n * n).map(move |i| self.point(i % n, i / n))
    }

    /// The four orthogonal neighbours' indices (some may be border).
    #[inline(always)]
    pub fn neighbors(self, p: usize) -> [usize; 4] {
        let s = self.stride();
        [p - s, p - 1, p + 1, p + s]
    }

    /// The four diagonal neighbours' indices (some may be border).
    #[inline(always)]
    pub fn diagonals(self, p: usize) -> [usize; 4] {
        let s = self.stride();
        [p - s - 1, p - s + 1, p + s - 1, p + s + 1]
    }

    /// Distance from the edge: 0 on the first line.
    pub fn line(self, p: Point) -> usize {
        let (c, r) = self.col_row(p);
        let n = self.size() - 1;
        c.min(r).min(n - c).min(n - r)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn geometry_maps_both_ways_and_rejects_bad_sizes() {
        assert!(Geometry::new(1).is_none());
        assert!(Geometry::new(26).is_none());
        for size in MIN_SIZE..=MAX_SIZE {
            let g = Geometry::new(size).unwrap();
            assert!(g.array_len() <= MAX_POINTS);
            assert_eq!(g.points().count(), size * size);
            for p in g.points() {
                assert!(g.is_on_board(p.index()));
                let (c, r) = g.col_row(p);
                assert_eq!(g.point(c, r), p);
                for d in g.diagonals(p.index()) {
                    assert!(d < g.array_len());
                }
            }
        }
    }
}
