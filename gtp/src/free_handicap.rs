//! Where to put free handicap stones (`place_free_handicap n`): the fixed points while the GTP
//! table has them, then each further stone on the open point farthest from the stones already
//! placed, preferring the third and fourth lines.

use tengen_engine::handicap::{fixed_handicap, max_fixed_handicap};
use tengen_engine::{Geometry, Point};

/// `stones` distinct points for a free handicap on a board of `geo`'s size; `None` when the
/// count is below 2 or leaves no empty point (GTP's "invalid number of stones").
pub fn free_handicap_points(geo: Geometry, stones: usize) -> Option<Vec<Point>> {
    if stones < 2 || stones >= geo.points_count() {
        return None;
    }
    let fixed = stones.min(max_fixed_handicap(geo.size()));
    let mut placed = if fixed >= 2 {
        fixed_handicap(geo, fixed)?
    } else {
        Vec::new()
    };
    while placed.len() < stones {
        let next = geo
            .points()
            .filter(|p| !placed.contains(p))
            .max_by_key(|&p| (spread(geo, &placed, p), line_preference(geo, p)))?;
        placed.push(next);
    }
    Some(placed)
}

/// Squared distance from `p` to the nearest placed stone (large when none is placed yet).
fn spread(geo: Geometry, placed: &[Point], p: Point) -> usize {
    let (c, r) = geo.col_row(p);
    placed
        .iter()
        .map(|&q| {
            let (qc, qr) = geo.col_row(q);
            c.abs_diff(qc).pow(2) + r.abs_diff(qr).pow(2)
        })
        .min()
        .unwrap_or(usize::MAX)
}

/// Higher is better: the third and fourth lines first, then the centre, the edge last.
fn line_preference(geo: Geometry, p: Point) -> usize {
    match geo.line(p) {
        2 | 3 => 3,
        0 => 0,
        1 => 1,
        _ => 2,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_fixed_points_come_first() {
        let geo = Geometry::new(19).unwrap();
        for n in 2..=9 {
            assert_eq!(free_handicap_points(geo, n), fixed_handicap(geo, n));
        }
    }

    #[test]
    fn any_count_gives_distinct_points_on_any_size() {
        for size in 2..=25 {
            let geo = Geometry::new(size).unwrap();
            let most = geo.points_count() - 1;
            for n in [2, 3, 5, 10, 17, most] {
                if n < 2 || n > most {
                    continue;
                }
                let mut points = free_handicap_points(geo, n).unwrap();
                assert_eq!(points.len(), n, "{size}x{size}, {n} stones");
                points.sort();
                points.dedup();
                assert_eq!(points.len(), n, "{size}x{size}, {n} stones: repeated point");
            }
            assert_eq!(free_handicap_points(geo, 1), None);
            assert_eq!(free_handicap_points(geo, most + 1), None);
        }
    }

    #[test]
    fn extra_stones_spread_out() {
        // Ten stones on 19x19: the nine fixed points, then one more that keeps its distance.
        let geo = Geometry::new(19).unwrap();
        let points = free_handicap_points(geo, 10).unwrap();
        let extra = points[9];
        assert!(
            spread(geo, &points[..9], extra) >= 9,
            "too close to the others"
        );
    }
}
