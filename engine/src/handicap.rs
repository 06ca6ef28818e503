//! Fixed handicap placement (the GTP table; see `docs/GTP.md`).

use crate::geometry::Geometry;
use crate::types::Point;

/// The largest fixed handicap GTP allows on a board of side `size` (0: none allowed).
pub fn max_fixed_handicap(size: usize) -> usize {
    match size {
        7 => 4,
        s if s < 7 => 0,
        s if s % 2 == 0 => 4,
        _ => 9,
    }
}

/// The points of a fixed handicap of `stones` on a board of `geo`'s size, in GTP's order;
/// `None` when GTP does not allow that many stones on that size (fewer than 2 included).
pub fn fixed_handicap(geo: Geometry, stones: usize) -> Option<Vec<Point>> {
    let size = geo.size();
    if stones < 2 || stones > max_fixed_handicap(size) {
        return None;
    }
    let low = if size < 13 { 2 } else { 3 };
    let (high, mid) = (size - 1 - low, size / 2);
    let mut v = vec![(low, low), (high, high)];
    if stones >= 3 {
        v.push((low, high));
    }
    if stones >= 4 {
        v.push((high, low));
    }
    if stones >= 6 {
        v.extend([(low, mid), (high, mid)]);
    }
    if stones >= 8 {
        v.extend([(mid, low), (mid, high)]);
    }
    if stones % 2 == 1 && stones >= 5 {
        v.push((mid, mid));
    }
    Some(v.into_iter().map(|(c, r)| geo.point(c, r)).collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::coord::move_text;
    use crate::types::Move;

    fn text(size: usize, n: usize) -> Option<String> {
        let geo = Geometry::new(size).unwrap();
        fixed_handicap(geo, n).map(|v| {
            v.into_iter()
                .map(|p| move_text(Move::Play(p), geo))
                .collect::<Vec<_>>()
                .join(" ")
        })
    }

    #[test]
    fn matches_the_gtp_table() {
        assert_eq!(text(9, 2).as_deref(), Some("C3 G7"));
        assert_eq!(text(9, 5).as_deref(), Some("C3 G7 C7 G3 E5"));
        assert_eq!(text(9, 8).as_deref(), Some("C3 G7 C7 G3 C5 G5 E3 E7"));
        assert_eq!(
            text(13, 9).as_deref(),
            Some("D4 K10 D10 K4 D7 K7 G4 G10 G7")
        );
        assert_eq!(text(19, 3).as_deref(), Some("D4 Q16 D16"));
        assert_eq!(text(19, 6).as_deref(), Some("D4 Q16 D16 Q4 D10 Q10"));
        assert_eq!(text(19, 7).as_deref(), Some("D4 Q16 D16 Q4 D10 Q10 K10"));
        assert_eq!(
            text(19, 9).as_deref(),
            Some("D4 Q16 D16 Q4 D10 Q10 K4 K16 K10")
        );
        assert_eq!(text(7, 4).as_deref(), Some("C3 E5 C5 E3"));
    }

    #[test]
    fn refuses_what_gtp_refuses() {
        assert_eq!(text(19, 1), None);
        assert_eq!(text(19, 10), None);
        assert_eq!(text(7, 5), None);
        assert_eq!(text(6, 2), None);
        assert_eq!(text(10, 5), None);
        assert!(text(10, 4).is_some());
        assert!(text(25, 9).is_some());
    }
}
