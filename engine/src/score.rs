//! Counting a finished position: area (Chinese), territory (Japanese) and Tromp-Taylor.
//!
//! Dead stones are given by the caller (the search's ownership estimate, a referee, the user);
//! they are removed before counting and their points go to the side that surrounds them.
//! Territory counting follows the Japanese rules where they differ from a plain flood fill:
//! no territory in seki, and no point for what its owner must fill, as KGS counts them (see
//! [`count_territory`]).

use crate::board::Board;
use crate::geometry::MAX_POINTS;
use crate::rules::{Rules, Scoring};
use crate::tactics::nakade::{eye_shape, EyeShape};
use crate::types::{Cell, Color, Point};
use std::fmt;

/// The result of a count, from Black's side: positive means Black wins by that many points.
#[derive(Copy, Clone, Debug, PartialEq, PartialOrd)]
pub struct Score(pub f64);

impl Score {
    /// The winner, `None` for a draw (jigo).
    pub fn winner(self) -> Option<Color> {
        if self.0 > 0.0 {
            Some(Color::Black)
        } else if self.0 < 0.0 {
            Some(Color::White)
        } else {
            None
        }
    }
}

/// `B+3.5`, `W+0.5`, or `0` for a draw, as GTP's `final_score` and SGF's `RE` write it.
impl fmt::Display for Score {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.winner() {
            None => f.write_str("0"),
            Some(Color::Black) => write!(f, "B+{}", self.0),
            Some(Color::White) => write!(f, "W+{}", -self.0),
        }
    }
}

/// Who owns each point of a position once dead stones are removed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Count {
    /// Living stones of each colour (Black first).
    pub stones: [usize; 2],
    /// Empty points (and points of dead stones) surrounded by one colour only.
    pub territory: [usize; 2],
    /// Dead stones of each colour (they become the other side's prisoners).
    pub dead: [usize; 2],
    /// Empty points reaching both colours, or neither.
    pub dame: usize,
}

impl Count {
    /// Area of each colour: living stones plus territory.
    pub fn area(&self) -> [usize; 2] {
        [
            self.stones[0] + self.territory[0],
            self.stones[1] + self.territory[1],
        ]
    }
}

/// Count `board` with the stones at `dead` removed, by area (stones and the regions they
/// surround). Regions of empty points (and removed stones) belong to a colour when every stone
/// bordering them is that colour's.
pub fn count(board: &Board, dead: &[Point]) -> Count {
    tally(board, dead, &owners(board, dead, false))
}

/// Count `board` with the stones at `dead` removed, by territory (Japanese rules), the way the
/// KGS Go Server counts it: as [`count`], except that two kinds of surrounded points are
/// nobody's. A point its owner will have to fill once the dame are filled (*teire*, a false
/// eye): the only point of its owner's territory next to a group, where a group is the chains
/// joined through dame (and through such points already taken away); this is repeated until
/// none is left. And the eyes of seki: the territory of a colour's stones joined through empty
/// points (a *component*) when it makes fewer than two eyes (two regions, or one region too big
/// or too open to kill; see `eye_count`). This is the rule of CGoban 1's scoring
/// (`goScore.c`, W. Shubert), which KGS's counts follow: it gives the territory KGS saved at
/// every point of 480 records of 2017.
pub fn count_territory(board: &Board, dead: &[Point]) -> Count {
    tally(board, dead, &owners(board, dead, true))
}

/// Stones, territory, dead stones and dame from the owner of each open point.
fn tally(board: &Board, dead: &[Point], owner: &[Option<Color>]) -> Count {
    let mut c = Count {
        stones: [0; 2],
        territory: [0; 2],
        dead: [0; 2],
        dame: 0,
    };
    let mut removed = [false; MAX_POINTS];
    for &p in dead {
        if let Some(color) = board.at(p).color() {
            if !removed[p.index()] {
                removed[p.index()] = true;
                c.dead[color.index()] += 1;
            }
        }
    }
    for p in board.geometry().points() {
        let i = p.index();
        match board.at_index(i).color() {
            Some(color) if !removed[i] => c.stones[color.index()] += 1,
            _ => match owner[i] {
                Some(color) => c.territory[color.index()] += 1,
                None => c.dame += 1,
            },
        }
    }
    c
}

/// The owner of every empty point and removed stone (per point of the padded board, `None`
/// elsewhere and for dame) once the stones at `dead` are removed: the colour of the stones
/// around its region, if they are all one colour's. With `japanese`, the teire points and the
/// eyes of seki are nobody's (see [`count_territory`]).
pub fn owners(board: &Board, dead: &[Point], japanese: bool) -> Vec<Option<Color>> {
    let geo = board.geometry();
    let mut removed = [false; MAX_POINTS];
    for &p in dead {
        if board.at(p).color().is_some() {
            removed[p.index()] = true;
        }
    }
    let is_open = |i: usize| board.at_index(i) == Cell::Empty || removed[i];
    let mut owner = vec![None; geo.array_len()];
    let mut seen = [false; MAX_POINTS];
    let mut members = Vec::new();
    for p in geo.points() {
        let i = p.index();
        if !is_open(i) || seen[i] {
            continue;
        }
        members.clear();
        let borders = board.flood_region(i, is_open, &mut seen, &mut members);
        let color = match borders {
            [true, false] => Some(Color::Black),
            [false, true] => Some(Color::White),
            _ => None,
        };
        for &q in &members {
            owner[q] = color;
        }
    }
    if japanese {
        japanese_exceptions(board, &removed, &mut owner);
    }
    owner
}

/// Under territory counting, take away what KGS does not count (see [`count_territory`]): first
/// the false eyes of each colour, then the eyes of its seki groups. Both go by *components*,
/// one colour at a time: that colour's living stones with the open points (empty points and
/// removed stones) they reach through each other and through open points.
fn japanese_exceptions(board: &Board, removed: &[bool], owner: &mut [Option<Color>]) {
    let geo = board.geometry();
    let is_open = |i: usize| board.at_index(i) == Cell::Empty || removed[i];
    for color in Color::BOTH {
        let own = |i: usize| board.at_index(i) == Cell::from(color) && !removed[i];
        let mut seen = [false; MAX_POINTS];
        let mut component = Vec::new();
        for p in geo.points() {
            let i = p.index();
            if seen[i] || !own(i) {
                continue;
            }
            component.clear();
            board.flood_region(i, |n| own(n) || is_open(n), &mut seen, &mut component);
            remove_false_eyes(board, color, &component, &own, &is_open, owner);
            if eye_count(board, color, &component, owner) < 2 {
                for &q in &component {
                    if owner[q] == Some(color) {
                        owner[q] = None;
                    }
                }
            }
        }
    }
}

/// Take away the false eyes of `color` in `component`, again and again until none is left.
/// A *group* here is `color`'s chains joined through open points that are not its territory
/// (dame, and the false eyes already taken away: they will be filled, and connect what they
/// touch). A group next to exactly one point of its territory must fill that point in the end:
/// once the dame are filled it is the group's last liberty (*teire*). (KGS spares such a point
/// when the group surrounds it alone; the result is the same, as that point is then the
/// component's only eye, nobody's as the eye of a seki.)
fn remove_false_eyes(
    board: &Board,
    color: Color,
    component: &[usize],
    own: &impl Fn(usize) -> bool,
    is_open: &impl Fn(usize) -> bool,
    owner: &mut [Option<Color>],
) {
    let geo = board.geometry();
    loop {
        let mut changed = false;
        let mut seen = [false; MAX_POINTS];
        // `counted[i]`: the number (from 1) of the last group the territory point `i` was
        // found next to.
        let mut counted = [0u32; MAX_POINTS];
        let mut group = Vec::new();
        let mut groups = 0;
        for &start in component {
            if seen[start] || !own(start) {
                continue;
            }
            groups += 1;
            group.clear();
            let joins = |n: usize| own(n) || (is_open(n) && owner[n] != Some(color));
            board.flood_region(start, joins, &mut seen, &mut group);
            let mut touched = Vec::new();
            for &g in &group {
                for n in geo.neighbors(g) {
                    if owner[n] == Some(color) && counted[n] != groups {
                        counted[n] = groups;
                        touched.push(n);
                    }
                }
            }
            if let [t] = touched[..] {
                // The groups change: start again.
                owner[t] = None;
                changed = true;
                break;
            }
        }
        if !changed {
            break;
        }
    }
}

/// How many eyes (0, 1, or 2 for two or more) `color`'s territory in `component` makes, as KGS
/// judges it: two separate regions make two; one region makes one when it is one or two points,
/// a square of four, or holds the dead stones of a single chain in a shape that cannot make two
/// eyes ([`eye_shape`]: up to three stones, the square, pyramid, bulky, crossed, rabbitty and
/// flower shapes) with every empty point next to them. Any empty point with three empty
/// neighbours in it makes two.
fn eye_count(board: &Board, color: Color, component: &[usize], owner: &[Option<Color>]) -> usize {
    let geo = board.geometry();
    let region: Vec<usize> = component
        .iter()
        .copied()
        .filter(|&q| owner[q] == Some(color))
        .collect();
    let Some(&first) = region.first() else {
        return 0;
    };
    let in_region = |i: usize| owner[i] == Some(color);
    let mut seen = [false; MAX_POINTS];
    let mut eye = Vec::new();
    board.flood_region(first, in_region, &mut seen, &mut eye);
    if eye.len() < region.len() {
        return 2;
    }
    let enemy = Cell::from(color.opponent());
    let neighbours = |i: usize, cell: Cell| {
        geo.neighbors(i)
            .iter()
            .filter(|&&n| board.at_index(n) == cell && in_region(n))
            .count()
    };
    let mut dead = Vec::new();
    let mut away_from_dead = false;
    let mut dead_chain = None;
    for &q in &eye {
        if board.at_index(q) == enemy {
            let chain = board.chain_id(Point::new(q));
            if dead_chain.is_some_and(|c| c != chain) {
                return 2;
            }
            dead_chain = Some(chain);
            dead.push(Point::new(q));
        } else {
            if neighbours(q, Cell::Empty) >= 3 {
                return 2;
            }
            if neighbours(q, enemy) == 0 {
                away_from_dead = true;
            }
        }
    }
    let one = if dead.is_empty() {
        match eye.len() {
            1 | 2 => true,
            4 => {
                let points: Vec<Point> = eye.iter().map(|&q| Point::new(q)).collect();
                eye_shape(geo, &points) == EyeShape::SquareFour
            }
            _ => false,
        }
    } else if away_from_dead {
        false
    } else {
        matches!(
            eye_shape(geo, &dead),
            EyeShape::UpToThree
                | EyeShape::SquareFour
                | EyeShape::PyramidFour
                | EyeShape::BulkyFive
                | EyeShape::CrossedFive
                | EyeShape::RabbittySix
                | EyeShape::FlowerSeven
        )
    };
    if one {
        1
    } else {
        2
    }
}

/// Score `board` under `rules` with `handicap` stones given, `dead` stones removed (ignored under
/// Tromp-Taylor, which counts the board as it stands).
pub fn score(board: &Board, rules: &Rules, handicap: usize, dead: &[Point]) -> Score {
    let compensation = rules.handicap_compensation.points(handicap);
    let diff = match rules.scoring {
        Scoring::Area | Scoring::TrompTaylor => {
            let dead = if rules.scoring == Scoring::TrompTaylor {
                &[][..]
            } else {
                dead
            };
            let area = count(board, dead).area();
            area[0] as f64 - area[1] as f64
        }
        Scoring::Territory => {
            let c = count_territory(board, dead);
            let black = c.territory[0] + board.captures(Color::Black) as usize + c.dead[1];
            let white = c.territory[1] + board.captures(Color::White) as usize + c.dead[0];
            black as f64 - white as f64
        }
    };
    Score(diff - rules.komi - compensation)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::HandicapCompensation;

    #[test]
    fn scores_print_like_gtp() {
        assert_eq!(Score(3.5).to_string(), "B+3.5");
        assert_eq!(Score(-0.5).to_string(), "W+0.5");
        assert_eq!(Score(0.0).to_string(), "0");
        assert_eq!(Score(-12.0).to_string(), "W+12");
    }

    #[test]
    fn dame_belong_to_nobody() {
        // The middle column touches both colours: neutral points, counted for nobody.
        let b = Board::from_ascii(
            "X . O
             X . O
             X . O",
        )
        .unwrap();
        let c = count(&b, &[]);
        assert_eq!(c.stones, [3, 3]);
        assert_eq!(c.dame, 3);
        assert_eq!(c.territory, [0, 0]);
        let r = Rules {
            komi: 0.0,
            ..Rules::chinese()
        };
        assert_eq!(
            score(&b, &r, 0, &[]),
            Score(0.0),
            "integer komi allows a draw"
        );
    }

    #[test]
    fn dead_stones_and_their_surroundings_go_to_the_other_side() {
        let b = Board::from_ascii(
            ". X O . .
             X X O . .
             O O O . .
             . . . . .
             . . . . .",
        )
        .unwrap();
        // Counted as it stands, the corner point a5 is Black's.
        let c = count(&b, &[]);
        assert_eq!(c.territory[0], 1);
        // With the black stones dead, everything is White's.
        let dead: Vec<Point> = b
            .geometry()
            .points()
            .filter(|&p| b.at(p) == Cell::Black)
            .collect();
        let c = count(&b, &dead);
        assert_eq!(c.territory[1] + c.stones[1], 25);
        assert_eq!(c.dead, [3, 0]);
    }

    #[test]
    fn nine_stone_handicap_needs_more_than_185_stones() {
        // 19x19 filled: Black owns the first `b` points in board order, White the rest, no dame
        // (a position that cannot arise in play, but counts the same way).
        let rules = Rules {
            komi: 0.0,
            handicap_compensation: HandicapCompensation::N,
            ..Rules::chinese()
        };
        for (black_points, black_wins) in [(185, false), (186, true)] {
            let b = split_board(19, black_points);
            let s = score(&b, &rules, 9, &[]);
            assert_eq!(
                s.winner() == Some(Color::Black),
                black_wins,
                "{black_points}: {s}"
            );
        }
        // Even game, komi 7.5: 185 wins by 1.5, 184 loses by 0.5.
        let even = Rules::chinese();
        assert_eq!(score(&split_board(19, 185), &even, 0, &[]), Score(1.5));
        assert_eq!(score(&split_board(19, 184), &even, 0, &[]), Score(-0.5));
    }

    /// The 9x9 CGOS seki of 2007 ([`crate::life::seki::CGOS_SEKI`]).
    fn cgos_seki() -> Board {
        Board::from_ascii(crate::life::seki::CGOS_SEKI).unwrap()
    }

    #[test]
    fn eyes_in_seki_count_by_area_but_are_not_territory() {
        let b = cgos_seki();
        let geo = b.geometry();
        let (a9, d8) = (geo.point(0, 8), geo.point(3, 7));
        let area = owners(&b, &[], false);
        assert_eq!(area[a9.index()], Some(Color::Black));
        assert_eq!(area[d8.index()], Some(Color::White));
        let japanese = owners(&b, &[], true);
        assert_eq!(japanese[a9.index()], None);
        assert_eq!(japanese[d8.index()], None);
        // The result the game recorded (Chinese rules, komi 7.5): B+2.5.
        assert_eq!(score(&b, &Rules::chinese(), 0, &[]), Score(2.5));
        // The other eyes still count under Japanese rules: g9, j9, j7, c4 and b3 are Black's,
        // e2 and h1 White's; a9, b8 and d8 are nobody's.
        let c = count_territory(&b, &[]);
        assert_eq!((c.territory, c.dame), ([5, 2], 3), "{c:?}");
    }

    #[test]
    fn a_point_its_owner_must_fill_is_not_territory() {
        // Only White can fill the dame d1 safely (Black there would be in atari); then
        // Black's c1 is in atari and must connect at b1. Under territory counting b1 is not a
        // point; under area counting it is.
        let b = Board::from_ascii(
            ". X O . . .
             . X O . . .
             . X O . . .
             . X O . . .
             . X O O . .
             . . X . O .",
        )
        .unwrap();
        assert_eq!(count(&b, &[]).territory[0], 7);
        assert_eq!(count_territory(&b, &[]).territory[0], 6);
        let b1 = b.geometry().point(1, 0);
        assert_eq!(owners(&b, &[], true)[b1.index()], None);
    }

    #[test]
    fn the_only_point_of_a_group_joined_through_dame_is_not_territory() {
        // d7-e7 touches the dame f7 and one point of Black's territory, c7: once White fills
        // f7, c7 is its last liberty. a7 and b7 still count (a7-b7-c7 is one region).
        let b = Board::from_ascii(
            ". . . X X . O
             X X X O O O O
             . X . O . . .
             X X X O . . .
             . . X O . . .
             X X X O . . .
             . . X O . . .",
        )
        .unwrap();
        let geo = b.geometry();
        let japanese = owners(&b, &[], true);
        assert_eq!(japanese[geo.point(2, 6).index()], None, "c7");
        assert_eq!(japanese[geo.point(1, 6).index()], Some(Color::Black), "b7");
        assert_eq!(count(&b, &[]).territory[0], 8);
        assert_eq!(count_territory(&b, &[]).territory[0], 7);
        // Here d7 touches c7 and the dame d6, which also touches the big chain: joined through
        // d6, they make one group next to eleven points, and KGS counts c7 (though White at d6
        // would put d7 in atari).
        let b = Board::from_ascii(
            ". . . X O . .
             X X X . O . .
             . . X X O . .
             X X X X O . .
             . . . X O . .
             X X X X O . .
             . . . X O . .",
        )
        .unwrap();
        let japanese = owners(&b, &[], true);
        assert_eq!(
            japanese[b.geometry().point(2, 6).index()],
            Some(Color::Black)
        );
        assert_eq!(count_territory(&b, &[]).territory, [11, 14]);
    }

    #[test]
    fn a_group_with_one_eye_has_no_territory_but_its_dead_stones_count() {
        // Black's only region, a6 with the dead b6, makes one eye: KGS counts the group as in
        // seki (it shares d6 and d5 with White), so a6 and b6 are nobody's; b6 is still a
        // prisoner.
        let b = Board::from_ascii(
            ". O X . O .
             X X X . O .
             O O O O O .
             . . . . . .
             . . . . . .
             . . . . . .",
        )
        .unwrap();
        let geo = b.geometry();
        let b6 = geo.point(1, 5);
        assert_eq!(count(&b, &[b6]).territory[0], 2);
        let c = count_territory(&b, &[b6]);
        assert_eq!((c.territory[0], c.dead, c.dame), (0, [0, 1], 4), "{c:?}");
        // Two regions are two eyes: a6, d6 and the dead c6 count for Black.
        let b = Board::from_ascii(
            ". X O . X O
             X X X X X O
             O O O O O O
             . . . . . .
             . . . . . .
             . . . . . .",
        )
        .unwrap();
        let c6 = b.geometry().point(2, 5);
        let c = count_territory(&b, &[c6]);
        assert_eq!((c.territory, c.dead, c.dame), ([3, 18], [0, 1], 0), "{c:?}");
    }

    /// A full board (legal positions never look like this, but they count the same way): Black
    /// stones on the first `black_points` points in board order, White stones on the rest.
    fn split_board(size: usize, black_points: usize) -> Board {
        let mut b = Board::new(size).unwrap();
        for (i, p) in b.geometry().points().enumerate() {
            let color = if i < black_points {
                Color::Black
            } else {
                Color::White
            };
            b.set_cell(p, Some(color));
        }
        assert_eq!(
            count(&b, &[]).area(),
            [black_points, size * size - black_points]
        );
        b
    }
}
