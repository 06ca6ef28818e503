//! Seki: chains of both colours that live together because neither side can fill the
//! liberties they share without putting its own stones in atari.
//!
//! A *dead-lock point* is an empty point next to chains of both colours where a stone of
//! either colour would capture nothing and leave its own chain with a single liberty: whoever
//! fills it is captured. A set of chains is in seki when every liberty of every one of them is
//! a dead-lock point or an *own eye* (an empty point whose neighbours are all stones of that
//! chain's colour, none of them in atari), none of them can capture a neighbour in atari, and
//! none can join a chain outside the seki by filling an eye they share and come out with
//! liberties to spare (`joined_liberties`): then neither side has a move there that does not
//! lose stones, and nothing outside touches them. That covers sekis without eyes (two shared
//! liberties), with one eye each (one shared liberty), and with more chains on either side.
//!
//! A finished game may leave dame open next to a seki. Before the test, every small open
//! dame region is filled where only one side can fill it safely ([`fill_forced_dame`]): that
//! side loses nothing by filling, and what is left shows the seki.

use super::Chains;
use crate::board::Board;
use crate::geometry::MAX_POINTS;
use crate::tactics::is_self_atari;
use crate::tactics::nakade::is_killable;
use crate::types::{Cell, Color, Point};

/// Empty regions up to this size that touch both colours are dame to fill before the test
/// (the open dame of a finished game are one to a few points; larger regions are not dame).
const MAX_DAME_REGION: usize = 4;

/// A chain outside a seki that shares an eye of a chain in it keeps that eye safe when it has
/// more liberties than this (the eye and at least two more), or two eyes of its own (the
/// shared one included): the attacker cannot capture it to break the eye.
const EYE_WALL_LIBERTIES: usize = 2;

/// The stones in seki and the liberties they share.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Seki {
    /// Every stone in seki, in board order.
    pub stones: Vec<Point>,
    /// The dead-lock points: shared liberties that belong to nobody, in board order.
    pub shared: Vec<Point>,
    /// Stones that look like a seki but die: the other side can fill a shared liberty on
    /// purpose and, once captured, leave them an eye space it can kill (the bent four in the
    /// corner, or a smaller nakade). In board order.
    pub dead: Vec<Point>,
}

impl Seki {
    /// Is the stone at `p` in seki?
    pub fn contains(&self, p: Point) -> bool {
        self.stones.binary_search(&p).is_ok()
    }

    /// Is the stone at `p` in a false seki (one of the stones that look like a seki but die)?
    pub fn is_false(&self, p: Point) -> bool {
        self.dead.binary_search(&p).is_ok()
    }
}

/// Would `color` filling the empty point `p` only hurt itself: capture nothing and be a
/// self-atari ([`is_self_atari`])?
pub fn fills_into_atari(board: &Board, color: Color, p: Point) -> bool {
    !board.captures_at(color, p) && is_self_atari(board, color, p)
}

/// May `color` fill the empty point `p` without capturing and without self-atari?
fn is_safe_fill(board: &Board, color: Color, p: Point) -> bool {
    board.is_legal(color, p) && !board.captures_at(color, p) && !is_self_atari(board, color, p)
}

/// Is `p` an empty point next to both colours that neither can fill without self-atari?
pub fn is_dead_lock(board: &Board, p: Point) -> bool {
    if board.at(p) != Cell::Empty {
        return false;
    }
    let geo = board.geometry();
    let touches = |c: Cell| {
        geo.neighbors(p.index())
            .iter()
            .any(|&n| board.at_index(n) == c)
    };
    touches(Cell::Black)
        && touches(Cell::White)
        && fills_into_atari(board, Color::Black, p)
        && fills_into_atari(board, Color::White, p)
}

/// `board` with its open dame filled where only one side can fill them safely, again and
/// again until no such point is left. Dame here are the points of empty regions of at most
/// `MAX_DAME_REGION` points that touch both colours.
pub fn fill_forced_dame(board: &Board) -> Board {
    let geo = board.geometry();
    let mut dame = Vec::new();
    let mut seen = [false; MAX_POINTS];
    for start in geo.points() {
        if board.at(start) != Cell::Empty || seen[start.index()] {
            continue;
        }
        let mut region = Vec::new();
        let empty = |i: usize| board.at_index(i) == Cell::Empty;
        let borders = board.flood_region(start.index(), empty, &mut seen, &mut region);
        if borders == [true, true] && region.len() <= MAX_DAME_REGION {
            dame.extend(region.into_iter().map(Point::new));
        }
    }
    let mut filled = board.clone();
    loop {
        let mut changed = false;
        for &d in &dame {
            if filled.at(d) != Cell::Empty {
                continue;
            }
            let safe = Color::BOTH.map(|c| is_safe_fill(&filled, c, d));
            let filler = match safe {
                [true, false] => Color::Black,
                [false, true] => Color::White,
                _ => continue,
            };
            filled.play_unchecked(filler, d);
            changed = true;
        }
        if !changed {
            break;
        }
    }
    filled
}

/// Every seki of `board`, found after its forced dame are filled. The board must hold no dead
/// stones: next to one, a side's own territory looks like dame, and filling it makes a seki
/// that is not there.
pub fn find(board: &Board) -> Seki {
    let filled = fill_forced_dame(board);
    // No sacrifice test here: the filled dame took liberties the capturer has in the position.
    let mut seki = find_locked(&filled, None);
    // The filling stones are not the position's.
    seki.stones.retain(|&p| board.at(p).color().is_some());
    seki
}

/// Every seki of `board` as it stands (no dame filled), the ones a sacrifice breaks dead
/// instead. `is_dead` tells the stones judged dead so far: the sacrifice is read without them
/// (but for the chains next to the point sacrificed into), so that a group whose eye space
/// still holds dead enemy stones does not look eyeless.
pub fn find_as_it_stands(board: &Board, is_dead: &dyn Fn(Point) -> bool) -> Seki {
    find_locked(board, Some(is_dead))
}

/// The sekis of `board` (no dame filled); with `sacrifices` (the stones judged dead), the
/// ones a sacrifice breaks are dead instead.
fn find_locked(board: &Board, sacrifices: Option<&dyn Fn(Point) -> bool>) -> Seki {
    let geo = board.geometry();
    let dead_locks: Vec<Point> = geo.points().filter(|&p| is_dead_lock(board, p)).collect();
    if dead_locks.is_empty() {
        return Seki::default();
    }
    let chains = Chains::new(board);
    let (mut candidate, links) = candidates(board, &chains, &dead_locks);
    drop_broken(&mut candidate, &links);
    let shared: Vec<Point> = dead_locks
        .iter()
        .copied()
        .filter(|&p| chains.around(board, p).iter().all(|&x| candidate[x]))
        .collect();
    let dead = match sacrifices {
        Some(is_dead) => {
            let dead = false_sekis(board, &chains, &shared, &mut candidate, is_dead);
            drop_hemmed_in_by_dead(board, &chains, &dead_locks, &mut candidate, is_dead);
            drop_broken(&mut candidate, &links);
            dead
        }
        None => Vec::new(),
    };
    let mut stones: Vec<Point> = (0..chains.list.len())
        .filter(|&x| candidate[x])
        .flat_map(|x| chains.list[x].stones.iter().copied())
        .collect();
    stones.sort();
    let shared = shared
        .into_iter()
        .filter(|&p| chains.around(board, p).iter().all(|&x| candidate[x]))
        .collect();
    Seki {
        stones,
        shared,
        dead,
    }
}

/// The chains that may be in seki, and what each depends on. A candidate is a chain next to a
/// dead-lock point that is *locked*: each of its liberties is a dead-lock point or an own eye,
/// and it cannot gain liberties by capturing a neighbour in atari nor by joining a chain
/// outside the seki through an eye they share ([`joined_liberties`]). It depends on the chains
/// across its dead-lock points and those sharing its eyes (unless such a chain, outside the
/// seki, keeps the eye safe with liberties or eyes to spare).
fn candidates(
    board: &Board,
    chains: &Chains,
    dead_locks: &[Point],
) -> (Vec<bool>, Vec<Vec<usize>>) {
    let geo = board.geometry();
    let locked =
        |x: usize| {
            let chain = &chains.list[x];
            let opponent = Cell::from(chain.color.opponent());
            chain.liberties.iter().all(|p| {
                dead_locks.binary_search(p).is_ok() || board.is_secure_eye(chain.color, *p)
            }) && !chain.stones.iter().any(|s| {
                geo.neighbors(s.index())
                    .iter()
                    .any(|&n| board.at_index(n) == opponent && board.in_atari(Point::new(n)))
            })
        };
    let keeps_eye = |chain: &super::Chain| {
        chain.liberties.len() > EYE_WALL_LIBERTIES
            || chain
                .liberties
                .iter()
                .filter(|&&p| board.is_secure_eye(chain.color, p))
                .count()
                >= 2
    };
    let mut candidate = next_to_dead_locks(board, chains, dead_locks);
    let mut links: Vec<Vec<usize>> = vec![Vec::new(); chains.list.len()];
    let mut escapes = vec![false; chains.list.len()];
    for (x, chain) in chains.list.iter().enumerate() {
        if !candidate[x] {
            continue;
        }
        for &lib in &chain.liberties {
            let eye = dead_locks.binary_search(&lib).is_err();
            for y in chains.around(board, lib) {
                if y == x {
                    continue;
                }
                let outside = eye && !candidate[y];
                // Filling an eye it shares with a chain outside the seki, it may join that
                // chain and come out with liberties to spare.
                if outside && joined_liberties(chain, &chains.list[y], lib) >= 3 {
                    escapes[x] = true;
                }
                // An eye shared with a chain outside the seki that has liberties or eyes to
                // spare stays an eye.
                let solid = outside && keeps_eye(&chains.list[y]);
                if !solid && !links[x].contains(&y) {
                    links[x].push(y);
                }
            }
        }
    }
    for (x, c) in candidate.iter_mut().enumerate() {
        *c = *c && locked(x) && !escapes[x];
    }
    (candidate, links)
}

/// The liberties of chains `a` and `b` once joined by filling `eye`, a liberty of both. A
/// seki candidate that can join a chain outside the seki with three or more is none: after the
/// join it fills a dead-lock point without self-atari (a stone whose other liberty is an eye of
/// a living group connects, and the dead-lock point is then its side's to fill).
fn joined_liberties(a: &super::Chain, b: &super::Chain, eye: Point) -> usize {
    let mut joined: Vec<Point> = a
        .liberties
        .iter()
        .chain(&b.liberties)
        .copied()
        .filter(|&l| l != eye)
        .collect();
    joined.sort();
    joined.dedup();
    joined.len()
}

/// A candidate fails when a chain it depends on fails (then the seki can be broken there):
/// repeat until nothing fails.
fn drop_broken(candidate: &mut [bool], links: &[Vec<usize>]) {
    loop {
        let mut changed = false;
        for x in 0..candidate.len() {
            if candidate[x] && links[x].iter().any(|&y| !candidate[y]) {
                candidate[x] = false;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
}

/// A candidate next to an enemy chain `is_dead` calls dead that is next to no dead-lock point
/// is none: it takes those stones in time and then has liberties to spare (a seki as the board
/// stands, held up by dead stones). A dead chain next to a dead-lock point stays a partner: it
/// may be the playouts' mistake about a seki.
fn drop_hemmed_in_by_dead(
    board: &Board,
    chains: &Chains,
    dead_locks: &[Point],
    candidate: &mut [bool],
    is_dead: &dyn Fn(Point) -> bool,
) {
    let next_to_lock = next_to_dead_locks(board, chains, dead_locks);
    for (x, chain) in chains.list.iter().enumerate() {
        let takes_dead = chains.next_to(board, x).into_iter().any(|y| {
            let other = &chains.list[y];
            other.color != chain.color && !next_to_lock[y] && is_dead(other.stones[0])
        });
        if takes_dead {
            candidate[x] = false;
        }
    }
}

/// The chains next to a dead-lock point.
fn next_to_dead_locks(board: &Board, chains: &Chains, dead_locks: &[Point]) -> Vec<bool> {
    let mut next = vec![false; chains.list.len()];
    for &p in dead_locks {
        for x in chains.around(board, p) {
            next[x] = true;
        }
    }
    next
}

/// A seki whose shared liberty one side can sacrifice into, to kill the capturer, is none: its
/// chains stop being candidates, and the stones that die are returned (in board order). The
/// sacrifice is read with the stones `is_dead` calls dead taken off, but for the chains next
/// to the shared liberty.
fn false_sekis(
    board: &Board,
    chains: &Chains,
    shared: &[Point],
    candidate: &mut [bool],
    is_dead: &dyn Fn(Point) -> bool,
) -> Vec<Point> {
    let judged_dead: Vec<usize> = (0..chains.list.len())
        .filter(|&x| is_dead(chains.list[x].stones[0]))
        .collect();
    let mut dead = Vec::new();
    for &d in shared {
        let around = chains.around(board, d);
        let mut cleared = board.clone();
        for x in judged_dead.iter().filter(|x| !around.contains(x)) {
            for &p in &chains.list[*x].stones {
                cleared.set_cell(p, None);
            }
        }
        for color in Color::BOTH {
            let Some(killed) = sacrifice_kills(&cleared, color, d) else {
                continue;
            };
            for &x in &around {
                candidate[x] = false;
            }
            for p in killed {
                if let Some(x) = chains.at(p) {
                    candidate[x] = false;
                    dead.extend(chains.list[x].stones.iter().copied());
                }
            }
        }
    }
    dead.sort();
    dead.dedup();
    dead
}

/// If `color` filling the dead-lock point `d` (into atari) and being captured leaves the
/// capturer with nothing but a killable eye space where its stones were, the capturer's stones
/// there (of the position before the fill).
fn sacrifice_kills(board: &Board, color: Color, d: Point) -> Option<Vec<Point>> {
    let geo = board.geometry();
    let mut after = board.clone();
    if !after.is_legal(color, d) {
        return None;
    }
    after.play_unchecked(color, d);
    if after.at(d) != Cell::from(color) || !after.in_atari(d) {
        return None;
    }
    let sacrificed: Vec<Point> = after.chain_stones(d).collect();
    let capture = after.atari_liberty(d);
    let capturer = color.opponent();
    if !after.is_legal(capturer, capture) {
        return None;
    }
    after.play_unchecked(capturer, capture);
    // The eye space the capture leaves, and the capturer's chains around it.
    let mut space = vec![sacrificed[0]];
    let mut seen = [false; MAX_POINTS];
    seen[sacrificed[0].index()] = true;
    let mut wall: Vec<Point> = Vec::new();
    let mut i = 0;
    while i < space.len() {
        let q = space[i];
        i += 1;
        for n in geo.neighbors(q.index()) {
            match after.at_index(n) {
                Cell::Empty if !seen[n] => {
                    seen[n] = true;
                    space.push(Point::new(n));
                }
                c if c == Cell::from(capturer) => wall.push(Point::new(n)),
                Cell::Empty | Cell::Border => {}
                _ => return None,
            }
        }
    }
    // The capturer lives if any chain of that wall has a liberty outside the space, or can
    // capture a neighbour in atari.
    let breathes = wall.iter().any(|&w| {
        after.chain_stones(w).any(|s| {
            geo.neighbors(s.index()).iter().any(|&n| {
                (after.at_index(n) == Cell::Empty && !seen[n])
                    || (after.at_index(n) == Cell::from(color) && after.in_atari(Point::new(n)))
            })
        })
    });
    if breathes || !is_killable(geo, &space) {
        return None;
    }
    let killed: Vec<Point> = wall
        .iter()
        .flat_map(|&w| after.chain_stones(w).collect::<Vec<_>>())
        .filter(|&p| board.at(p) == Cell::from(capturer))
        .collect();
    Some(killed)
}

/// The 9x9 game of the issue that asked for seki (CGOS, 2007), for the tests of seki and of
/// counting: White's twelve stones at the top left and Black's b9 and a8 share b8, each with
/// one eye (White d8, Black a9).
#[cfg(test)]
pub(crate) const CGOS_SEKI: &str = ". X O O O X . X .
                                    X . O . O X X X X
                                    O O O O X X X X .
                                    O X X O O X O X X
                                    X X X X X O O O X
                                    X X . X O O X X X
                                    X . X O O O X O O
                                    X X X O . O O O O
                                    X X X X O O O . O";

#[cfg(test)]
mod tests {
    use super::*;

    fn seki_stones(text: &str) -> (Board, Vec<Point>, Seki) {
        let b = Board::from_ascii(text).unwrap();
        let seki = find(&b);
        (b, seki.stones.clone(), seki)
    }

    #[test]
    fn two_eyeless_groups_sharing_two_liberties() {
        // Black's five stones on the top edge and White's seven below them have only a7 and
        // g7, which each would fill into atari. Black's big group below lives on its own.
        let (b, stones, seki) = seki_stones(
            ". X X X X X .
             O O O O O O O
             X X X X X X X
             . X . X . X .
             X X X X X X X
             X . X . X . X
             X X X X X X X",
        );
        let geo = b.geometry();
        assert_eq!(seki.shared, vec![geo.point(0, 6), geo.point(6, 6)]);
        assert_eq!(stones.len(), 12);
        assert!(stones.iter().all(|&p| geo.col_row(p).1 >= 5));
    }

    #[test]
    fn a_seki_that_a_sacrifice_turns_into_a_bent_four_in_the_corner_is_none() {
        // Black's seven stones and White's e7 f7 g7 share e6 and g6, each a dead-lock. But if
        // White fills g6 and Black captures at e6, Black is left with e7 f7 g7 g6: the bent
        // four in the corner, which White kills. So Black is dead, not in seki.
        let b = Board::from_ascii(
            ". . O X O O O
             . . O X . X .
             . . O X X X X
             . . O O O O O
             . . . . . . .
             . . . . . . .
             . . . . . . .",
        )
        .unwrap();
        let seki = find_as_it_stands(&b, &|_| false);
        let geo = b.geometry();
        assert!(seki.stones.is_empty(), "{seki:?}");
        assert_eq!(seki.dead.len(), 7, "{seki:?}");
        assert!(seki.dead.contains(&geo.point(3, 6)), "d7");
    }

    #[test]
    fn a_group_that_takes_the_dead_stones_around_it_is_not_in_seki_as_it_stands() {
        let b = crate::test_boards::false_seki_with_dead_stones();
        let white_ring = |p: Point| {
            let (col, row) = b.geometry().col_row(p);
            b.at(p) == Cell::White && row <= 3 && !(row == 0 && col >= 5)
        };
        // With nothing judged dead, D1-J1 and F1 G1 H1 look locked.
        let locked = find_as_it_stands(&b, &|_| false);
        assert_eq!(locked.stones.len(), 13, "{locked:?}");
        // With the ring C1-J3 dead, Black takes it and is no seki partner.
        assert_eq!(find_as_it_stands(&b, &white_ring), Seki::default());
        // Nor once the dead ring is off the board.
        let mut cleared = b.clone();
        for p in b.geometry().points().filter(|&p| white_ring(p)) {
            cleared.set_cell(p, None);
        }
        assert_eq!(find(&cleared), Seki::default());
    }

    #[test]
    fn a_group_that_can_be_captured_is_not_in_seki() {
        // White's corner has one eye (a7) and shares c7 with Black's big group, which can
        // fill c7 safely and capture: no dead-lock point, no seki.
        let (b, stones, _) = seki_stones(
            ". O . X . . .
             O O X X . . .
             X X X . . . .
             . . . . . . .
             . . . . . . .
             . . . . . . .
             . . . . . . .",
        );
        assert!(stones.is_empty());
        assert!(!is_dead_lock(&b, b.geometry().point(2, 6)));
        assert!(fills_into_atari(&b, Color::White, b.geometry().point(2, 6)));
    }

    #[test]
    fn one_eye_each_and_one_shared_liberty() {
        // The 9x9 game of the issue, top left: White's twelve stones have the eye d8 and
        // share b8 with Black's b9 and a8, whose eye is a9.
        let (b, stones, seki) = seki_stones(CGOS_SEKI);
        let geo = b.geometry();
        assert_eq!(seki.shared, vec![geo.point(1, 7)], "b8");
        assert_eq!(stones.len(), 14, "twelve white stones and b9, a8");
        for p in stones {
            let (col, row) = geo.col_row(p);
            assert!(col <= 4 && row >= 3, "{col} {row}");
        }
    }

    #[test]
    fn a_stone_that_joins_a_living_chain_through_its_eye_is_not_in_seki() {
        // Black's nine stones at the top right have one eye (g7) and share j7 with White's j8,
        // whose other liberty j9 is also an eye of White's long wall. Neither side can fill j7
        // at once, but White can play j9 first: j8 joins the wall, which has liberties to
        // spare, and then fills j7 and captures. No seki: Black's group is dead. (From a 19x19
        // game against GNU Go, where the seki cost tengen 79 points of its count.)
        let b = Board::from_ascii(
            ". . . . O O O O .
             . . . . O X X X O
             . . . . O X . X .
             . . . . O X X X X
             . . . . O O O O O
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .",
        )
        .unwrap();
        let geo = b.geometry();
        assert!(is_dead_lock(&b, geo.point(8, 6)), "j7 is a dead-lock point");
        assert_eq!(find_as_it_stands(&b, &|_| false), Seki::default());
        assert_eq!(find(&b), Seki::default());
    }

    #[test]
    fn an_eye_shared_with_a_living_chain_stays_an_eye() {
        // Black's twelve stones at the bottom right have one eye (h2) and share f1 with
        // White's e1, whose eye d1 is also an eye of White's chain on the left (eyes b1 and
        // d1). Neither side can fill f1 without self-atari, and Black cannot take d1 while
        // the left chain has its two eyes; White joining e1 to it at d1 leaves b1 and f1
        // only, so f1 stays a dead-lock: a seki with one eye each. Before, the chain
        // sharing d1 (outside the seki) broke it, and the black stones were left to the
        // playouts, which killed them.
        let b = Board::from_ascii(
            ". . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             X X X O O O O O O
             X O O X X X O X X
             O O O O X X X . X
             O . O . O . X X X",
        )
        .unwrap();
        let seki = find_as_it_stands(&b, &|_| false);
        let geo = b.geometry();
        assert_eq!(seki.shared, vec![geo.point(5, 0)], "{seki:?}");
        assert_eq!(seki.stones.len(), 13, "{seki:?}");
        assert!(seki.contains(geo.point(4, 0)), "e1");
        assert!(seki.contains(geo.point(8, 0)), "i1");
        assert!(
            !seki.contains(geo.point(0, 0)),
            "the left chain lives on its own"
        );
        assert!(seki.dead.is_empty(), "{seki:?}");
    }
}
