//! Nakade: the vital point of a small eye space. An empty region of 3 to 6 points, walled in by
//! stones of one colour, is one eye when its vital point is taken first. The point is the one
//! that touches more of the region than any other:
//!
//! | shape | points | vital point |
//! |---|---|---|
//! | straight three | 3 | the middle |
//! | bent three | 3 | the bend |
//! | pyramid four (T) | 4 | the centre |
//! | bulky five | 5 | the square's point next to the fifth |
//! | crossed (flower) five | 5 | the centre |
//! | rabbitty six | 6 | the centre |
//!
//! Living shapes (straight four, bent four) have no single such point and give none; nor has
//! the square four, which is one eye whatever is played in it. [`is_killable`] says which eye
//! spaces an attacker can reduce to one eye (these shapes, the square four, and the bent four
//! in the corner), and [`is_one_eye_for_good`] which of them are one eye already, whoever
//! plays first (for counting). [`eye_shape`] names a set of points' shape: the one table of eye
//! shapes the rest of the engine (territory counting too) reads.

use crate::board::Board;
use crate::geometry::Geometry;
use crate::types::{Cell, Point};

/// Largest eye space considered.
const MAX_REGION: usize = 6;

/// The vital point of a small eye space next to `last` (the region of an empty neighbour of
/// `last`, as in the module docs), if there is one.
pub fn nakade_point(board: &Board, last: Point) -> Option<Point> {
    let geo = board.geometry();
    for q in geo.neighbors(last.index()) {
        if board.at_index(q) != Cell::Empty {
            continue;
        }
        let Some((region, n)) = eye_space(board, q) else {
            continue;
        };
        if n < 3 {
            continue;
        }
        if let Some(v) = vital_index(geo, &region[..n]) {
            return Some(Point::new(v));
        }
    }
    None
}

/// The vital point of an eye space (array indices): the one point that touches more of the
/// space than any other, if there is one and it touches two points or more.
fn vital_index(geo: Geometry, region: &[u16]) -> Option<usize> {
    let degree = |r: usize| {
        geo.neighbors(r)
            .iter()
            .filter(|&&s| region.contains(&(s as u16)))
            .count()
    };
    let mut best = 0;
    let mut vital = None;
    let mut unique = false;
    for &r in region {
        let d = degree(r as usize);
        if d > best {
            best = d;
            vital = Some(r as usize);
            unique = true;
        } else if d == best {
            unique = false;
        }
    }
    vital.filter(|_| unique && best >= 2)
}

/// Is an enclosed eye space of these points one eye whoever plays first in it? The square
/// four is (whatever is played in it); so is another killable shape ([`is_killable`]) of 3 to
/// 6 points whose vital point already holds a stone (the attacker's: the defender cannot take
/// it without filling its own space). `points` must be connected.
pub fn is_one_eye_for_good(board: &Board, points: &[Point]) -> bool {
    let geo = board.geometry();
    let n = points.len();
    if !(3..=MAX_REGION).contains(&n) || !is_killable(geo, points) {
        return false;
    }
    let mut region = [0u16; MAX_REGION];
    for (r, p) in region.iter_mut().zip(points) {
        *r = p.index() as u16;
    }
    let region = &region[..n];
    match vital_index(geo, region) {
        Some(v) => board.at_index(v) != Cell::Empty,
        // Of the killable fours without a vital point, the square (the bent four in the
        // corner is a ko).
        None => {
            n == 4
                && region.iter().all(|&r| {
                    geo.neighbors(r as usize)
                        .iter()
                        .filter(|&&s| region.contains(&(s as u16)))
                        .count()
                        == 2
                })
        }
    }
}

/// The empty region through the empty point `start` (array indices, and how many), if it has
/// at most [`MAX_REGION`] points and the stones around it are all of one colour.
fn eye_space(board: &Board, start: usize) -> Option<([u16; MAX_REGION + 1], usize)> {
    let geo = board.geometry();
    let mut region = [0u16; MAX_REGION + 1];
    region[0] = start as u16;
    let mut n = 1;
    let mut wall = Cell::Empty;
    let mut i = 0;
    while i < n {
        let r = region[i] as usize;
        i += 1;
        for s in geo.neighbors(r) {
            match board.at_index(s) {
                Cell::Empty => {
                    if !region[..n].contains(&(s as u16)) {
                        if n == MAX_REGION {
                            return None;
                        }
                        region[n] = s as u16;
                        n += 1;
                    }
                }
                Cell::Border => {}
                c => {
                    if wall == Cell::Empty {
                        wall = c;
                    } else if wall != c {
                        return None;
                    }
                }
            }
        }
    }
    Some((region, n))
}

/// The shape of a connected set of points (an eye space, or the stones that fill one), told by
/// how many of the set's points each point touches: the engine's one table of eye shapes.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum EyeShape {
    /// Up to three points: one, two, a straight or a bent three.
    UpToThree,
    /// Four in a square.
    SquareFour,
    /// Four in a T.
    PyramidFour,
    /// Four in a row, straight, bent or zigzag.
    LineFour,
    /// A square with a fifth point beside it.
    BulkyFive,
    /// A cross: a centre and its four neighbours (the flower five).
    CrossedFive,
    /// A cross with one corner of the square between two arms filled.
    RabbittySix,
    /// A cross with two opposite corners filled (KGS's scoring counts it one eye).
    FlowerSeven,
    /// Anything else.
    Other,
}

/// The shape of the connected set `points` (see [`EyeShape`]).
pub fn eye_shape(geo: Geometry, points: &[Point]) -> EyeShape {
    let inside = |q: usize| points.iter().any(|p| p.index() == q);
    let mut degrees: Vec<usize> = points
        .iter()
        .map(|p| {
            geo.neighbors(p.index())
                .iter()
                .filter(|&&q| inside(q))
                .count()
        })
        .collect();
    degrees.sort_unstable();
    match (points.len(), degrees.as_slice()) {
        (0..=3, _) => EyeShape::UpToThree,
        (4, [2, 2, 2, 2]) => EyeShape::SquareFour,
        (4, [1, 1, 1, 3]) => EyeShape::PyramidFour,
        (4, [1, 1, 2, 2]) => EyeShape::LineFour,
        (5, [1, 2, 2, 2, 3]) => EyeShape::BulkyFive,
        (5, [1, 1, 1, 1, 4]) => EyeShape::CrossedFive,
        (6, [1, 1, 2, 2, 2, 4]) => EyeShape::RabbittySix,
        (7, [2, 2, 2, 2, 2, 2, 4]) => EyeShape::FlowerSeven,
        _ => EyeShape::Other,
    }
}

/// Can an attacker who plays first reduce an enclosed eye space of these points to one eye?
/// True for the killable shapes: up to three points, the square and the pyramid four, the bent
/// four in the corner (the Japanese rules count it dead: its ko can always be started once the
/// threats are gone), the bulky and the crossed five, the rabbitty six. `points` must be
/// connected.
pub fn is_killable(geo: Geometry, points: &[Point]) -> bool {
    match eye_shape(geo, points) {
        EyeShape::UpToThree
        | EyeShape::SquareFour
        | EyeShape::PyramidFour
        | EyeShape::BulkyFive
        | EyeShape::CrossedFive
        | EyeShape::RabbittySix => true,
        EyeShape::LineFour => is_bent_in_the_corner(geo, points),
        EyeShape::FlowerSeven | EyeShape::Other => false,
    }
}

/// Is this four-point line bent at a corner of the board?
fn is_bent_in_the_corner(geo: Geometry, points: &[Point]) -> bool {
    let last = geo.size() - 1;
    points.iter().any(|&p| {
        let (c, r) = geo.col_row(p);
        let corner = (c == 0 || c == last) && (r == 0 || r == last);
        let inside = |q: usize| points.iter().any(|x| x.index() == q);
        corner
            && geo
                .neighbors(p.index())
                .iter()
                .filter(|&&q| inside(q))
                .count()
                == 2
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_boards::{board, pt};

    /// The vital point `nakade_point` finds from the stone at `last`, as a vertex.
    fn vital(b: &Board, last: &str) -> Option<String> {
        let geo = b.geometry();
        nakade_point(b, pt(b, last))
            .map(|p| crate::coord::move_text(crate::types::Move::Play(p), geo))
    }

    #[test]
    fn the_killing_shapes_have_their_vital_point() {
        let straight_three = board(
            ". . . X .
             X X X X .
             . . . . .
             . . . . .
             . . . . .",
        );
        assert_eq!(vital(&straight_three, "C4").as_deref(), Some("B5"));
        let bent_three = board(
            ". . X . .
             . X X . .
             X X . . .
             . . . . .
             . . . . .",
        );
        assert_eq!(vital(&bent_three, "B4").as_deref(), Some("A5"));
        let pyramid_four = board(
            ". . . X . .
             X . X X . .
             X X X . . .
             . . . . . .
             . . . . . .
             . . . . . .",
        );
        assert_eq!(vital(&pyramid_four, "C5").as_deref(), Some("B6"));
        let bulky_five = board(
            ". . . X . .
             . . X X . .
             X X X . . .
             . . . . . .
             . . . . . .
             . . . . . .",
        );
        assert_eq!(vital(&bulky_five, "C5").as_deref(), Some("B6"));
        let crossed_five = board(
            ". X X X . . .
             X X . X X . .
             X . . . X . .
             X X . X X . .
             . X X X . . .
             . . . . . . .
             . . . . . . .",
        );
        assert_eq!(vital(&crossed_five, "C7").as_deref(), Some("C5"));
        let rabbitty_six = board(
            ". X X X X . .
             X X . . X . .
             X . . . X . .
             X X . X X . .
             . X X X . . .
             . . . . . . .
             . . . . . . .",
        );
        assert_eq!(vital(&rabbitty_six, "B6").as_deref(), Some("C5"));
    }

    #[test]
    fn living_and_mixed_shapes_have_none() {
        let straight_four = board(
            ". . . . X
             X X X X X
             . . . . .
             . . . . .
             . . . . .",
        );
        assert_eq!(vital(&straight_four, "D4"), None);
        let square_four = board(
            ". . X . .
             . . X . .
             X X X . .
             . . . . .
             . . . . .",
        );
        assert_eq!(vital(&square_four, "B3"), None);
        // A White stone in the wall: not an eye space of one colour.
        let mixed = board(
            ". . . X .
             X O X X .
             . . . . .
             . . . . .
             . . . . .",
        );
        assert_eq!(vital(&mixed, "C4"), None);
    }

    fn shape(text: &str) -> (Geometry, Vec<Point>) {
        let b = board(text);
        let geo = b.geometry();
        let points = geo
            .points()
            .filter(|&p| b.at(p) == crate::types::Cell::Black)
            .collect();
        (geo, points)
    }

    #[test]
    fn the_killable_shapes_are_known() {
        let killable = [
            // straight three, square four, pyramid four, bulky five, crossed five, rabbitty six
            "X X X . .\n. . . . .\n. . . . .\n. . . . .\n. . . . .",
            ". . . . .\n. X X . .\n. X X . .\n. . . . .\n. . . . .",
            ". . . . .\n. X X X .\n. . X . .\n. . . . .\n. . . . .",
            ". . . . .\n. X X . .\n. X X X .\n. . . . .\n. . . . .",
            ". . . . .\n. . X . .\n. X X X .\n. . X . .\n. . . . .",
            ". . . . .\n. . X . .\n. X X X .\n. . X X .\n. . . . .",
            // bent four with its bend in the corner
            "X X X . .\nX . . . .\n. . . . .\n. . . . .\n. . . . .",
        ];
        for text in killable {
            let (geo, points) = shape(text);
            assert!(is_killable(geo, &points), "{text}");
        }
        let alive = [
            // straight four, bent four away from the corner, straight five, 2x3 in the middle
            ". . . . .\nX X X X .\n. . . . .\n. . . . .\n. . . . .",
            ". . . . .\n. X X X .\n. X . . .\n. . . . .\n. . . . .",
            "X X X X X\n. . . . .\n. . . . .\n. . . . .\n. . . . .",
            ". . . . .\n. X X X .\n. X X X .\n. . . . .\n. . . . .",
        ];
        for text in alive {
            let (geo, points) = shape(text);
            assert!(!is_killable(geo, &points), "{text}");
        }
    }

    #[test]
    fn one_eye_for_good_is_the_square_four_or_a_taken_vital_point() {
        let b = board(
            ". . X . .
             . . X . .
             X X X . .
             . . . . .
             . . . . .",
        );
        let points = |vs: &[&str]| vs.iter().map(|v| pt(&b, v)).collect::<Vec<_>>();
        // The square four a5 b5 a4 b4, empty.
        assert!(is_one_eye_for_good(&b, &points(&["A5", "B5", "A4", "B4"])));
        // The bent four in the corner (a ko, not one eye whoever plays) and the empty bent
        // three (two eyes for the defender moving first).
        assert!(!is_one_eye_for_good(&b, &points(&["A5", "B5", "A4", "A3"])));
        assert!(!is_one_eye_for_good(&b, &points(&["A5", "B5", "A4"])));
        // The bent three with a stone on its bend, a5.
        let taken = board(
            "O . X . .
             . X X . .
             X X . . .
             . . . . .
             . . . . .",
        );
        let bend: Vec<_> = ["A5", "B5", "A4"].iter().map(|v| pt(&taken, v)).collect();
        assert!(is_one_eye_for_good(&taken, &bend));
    }

    /// The points of `b` holding an `X`, as a set of points.
    fn stones(b: &Board) -> Vec<Point> {
        b.geometry()
            .points()
            .filter(|&p| b.at(p) == Cell::Black)
            .collect()
    }

    #[test]
    fn the_shape_table_names_each_shape() {
        let shape = |text: &str| {
            let b = board(text);
            eye_shape(b.geometry(), &stones(&b))
        };
        use EyeShape::*;
        let cases = [
            (
                "X X X . .\n. . . . .\n. . . . .\n. . . . .\n. . . . .",
                UpToThree,
            ),
            (
                "X X . . .\nX X . . .\n. . . . .\n. . . . .\n. . . . .",
                SquareFour,
            ),
            (
                "X X X . .\n. X . . .\n. . . . .\n. . . . .\n. . . . .",
                PyramidFour,
            ),
            (
                "X X X . .\n. . X . .\n. . . . .\n. . . . .\n. . . . .",
                LineFour,
            ),
            (
                "X X X X .\n. . . . .\n. . . . .\n. . . . .\n. . . . .",
                LineFour,
            ),
            (
                "X X X . .\nX X . . .\n. . . . .\n. . . . .\n. . . . .",
                BulkyFive,
            ),
            (
                ". X . . .\nX X X . .\n. X . . .\n. . . . .\n. . . . .",
                CrossedFive,
            ),
            (
                ". X X . .\nX X X . .\n. X . . .\n. . . . .\n. . . . .",
                RabbittySix,
            ),
            (
                ". X X . .\nX X X . .\nX X . . .\n. . . . .\n. . . . .",
                FlowerSeven,
            ),
            (
                "X X X X X\n. . . . .\n. . . . .\n. . . . .\n. . . . .",
                Other,
            ),
        ];
        for (text, expected) in cases {
            assert_eq!(shape(text), expected, "\n{text}");
        }
    }
}
