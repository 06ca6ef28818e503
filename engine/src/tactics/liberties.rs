//! What a stone on an empty point would do to liberties, found without playing it: how many
//! liberties its chain would have, whether it is a self-atari, what it captures, and whether it
//! only fills a liberty of a chain in a capturing race (its own eye space, or the space around
//! an opponent prisoner inside it).

use crate::board::Board;
use crate::types::{Cell, Color, Point};

/// How many distinct liberties (counting at most `N`) the chain of a `color` stone played at the
/// empty point `p` would have: its empty neighbours, the liberties of the own chains it joins,
/// and the points of the neighbouring opponent stones it captures (the other points a capture
/// frees are not counted: a slight undercount, fine for tactics). Stops as soon as `N` are found.
#[inline]
pub fn liberties_after<const N: usize>(board: &Board, color: Color, p: Point) -> usize {
    let geo = board.geometry();
    let own = Cell::from(color);
    let p = p.index();
    let mut libs = [0u16; N];
    let mut n = 0;
    let add = |q: usize, libs: &mut [u16; N], n: &mut usize| {
        if q != p && !libs[..*n].contains(&(q as u16)) {
            libs[*n] = q as u16;
            *n += 1;
        }
        *n >= N
    };
    let neighbors = geo.neighbors(p);
    for (i, &q) in neighbors.iter().enumerate() {
        match board.at_index(q) {
            Cell::Empty => {
                if add(q, &mut libs, &mut n) {
                    return N;
                }
            }
            Cell::Border => {}
            c if c == own => {
                let chain = board.chain_id(Point::new(q));
                if neighbors[..i]
                    .iter()
                    .any(|&r| board.at_index(r) == own && board.chain_id(Point::new(r)) == chain)
                {
                    continue;
                }
                // At most four of the pseudo-liberties are `p`, and every other liberty is
                // counted at most four times: more than 4N of them means N others at least.
                if board.pseudo_liberties(Point::new(q)) > 4 * N {
                    return N;
                }
                for s in board.chain_stones(Point::new(q)) {
                    for r in geo.neighbors(s.index()) {
                        if board.at_index(r) == Cell::Empty && add(r, &mut libs, &mut n) {
                            return N;
                        }
                    }
                }
            }
            _ => {
                if board.in_atari(Point::new(q)) && add(q, &mut libs, &mut n) {
                    return N;
                }
            }
        }
    }
    n
}

/// Self-atari, the engine's one rule for it: would a `color` stone at the empty point `p` leave
/// its chain with fewer than two liberties, counted after what it captures? A capture is a
/// self-atari too when the capturer is left in atari (taking a ko, or capturing into a
/// snapback); callers that mean only a move that captures nothing say so beside it
/// ([`MoveEffect::captured`], `Board::captures_at`).
#[inline]
pub fn is_self_atari(board: &Board, color: Color, p: Point) -> bool {
    liberties_after::<2>(board, color, p) < 2
}

/// If a `color` stone at the empty point `p` would be a self-atari ([`is_self_atari`]), the
/// number of stones its chain would have; otherwise 0.
#[inline]
pub fn self_atari_stones(board: &Board, color: Color, p: Point) -> usize {
    if !is_self_atari(board, color, p) {
        return 0;
    }
    1 + joined_stones(board, color, p)
}

/// Stones of the own chains next to the empty point `p` (each chain once).
#[inline]
fn joined_stones(board: &Board, color: Color, p: Point) -> usize {
    neighbour_chain_stones(board, p, Cell::from(color), false)
}

/// Stones of the chains of `cell`'s colour next to `p`, each chain once; with `in_atari`, only
/// of those in atari.
#[inline(always)]
fn neighbour_chain_stones(board: &Board, p: Point, cell: Cell, in_atari: bool) -> usize {
    let neighbors = board.geometry().neighbors(p.index());
    let mut stones = 0;
    for (i, &q) in neighbors.iter().enumerate() {
        if board.at_index(q) != cell || (in_atari && !board.in_atari(Point::new(q))) {
            continue;
        }
        let chain = board.chain_id(Point::new(q));
        if !neighbors[..i]
            .iter()
            .any(|&r| board.at_index(r) == cell && board.chain_id(Point::new(r)) == chain)
        {
            stones += board.chain_size(Point::new(q));
        }
    }
    stones
}

/// What a stone on an empty point would do, computed without playing it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct MoveEffect {
    /// Distinct liberties of the mover's chain after the move, counted up to 3
    /// ([`liberties_after`]).
    pub liberties: usize,
    /// Stones the move captures.
    pub captured: usize,
    /// Stones in the mover's chain after the move.
    pub chain_stones: usize,
}

impl MoveEffect {
    /// Is the move a self-atari ([`is_self_atari`]'s rule)?
    pub fn is_self_atari(&self) -> bool {
        self.liberties < 2
    }
}

/// The effect of a `color` stone on the empty point `p` (see [`MoveEffect`]).
pub fn move_effect(board: &Board, color: Color, p: Point) -> MoveEffect {
    MoveEffect {
        liberties: liberties_after::<3>(board, color, p),
        captured: captured_stones(board, color, p),
        chain_stones: 1 + joined_stones(board, color, p),
    }
}

/// Stones a `color` stone on the empty point `p` would capture: the opponent chains next to it
/// in atari (each chain once).
#[inline]
pub fn captured_stones(board: &Board, color: Color, p: Point) -> usize {
    neighbour_chain_stones(board, p, Cell::from(color.opponent()), true)
}

/// Is the empty point `p` next to one own chain and nothing else but empty points (it joins
/// nothing and touches no opponent stone), a chain that would lose a liberty by filling it and
/// have at most three left? Such a fill only shortens the chain in a capturing race (a big eye
/// is worth more liberties than the eye it leaves): the playouts with `race_fills` leave it;
/// an extension that gains liberties (out of atari) is no such fill.
pub fn fills_own_space(board: &Board, color: Color, p: Point) -> bool {
    let own = Cell::from(color);
    let mut chain = None;
    for a in board.geometry().neighbors(p.index()) {
        match board.at_index(a) {
            Cell::Border | Cell::Empty => {}
            c if c == own => {
                let id = board.chain_id(Point::new(a));
                if *chain.get_or_insert(id) != id {
                    return false;
                }
            }
            _ => return false,
        }
    }
    // At most four liberties now means at most 16 pseudo-liberties (each liberty is next to
    // at most four stones): a cheap test that spares walking long chains.
    let Some(id) = chain else {
        return false;
    };
    if board.pseudo_liberties(id) > 16 {
        return false;
    }
    let after = liberties_after::<4>(board, color, p);
    after <= 3 && after < board.liberty_count_upto::<5>(id)
}

/// Is the empty point `p`, with no empty neighbour, a liberty of an opponent two-liberty chain
/// held inside our eye space, so that a stone there would only fill our own liberty in a race
/// (see [`fills_own_race_liberty`])? The playouts with `race_fills` leave such points to the end.
pub fn fills_prisoner_space(board: &Board, color: Color, p: Point) -> bool {
    if board.empty_neighbors(p) > 0 {
        return false;
    }
    let opp = Cell::from(color.opponent());
    board.geometry().neighbors(p.index()).into_iter().any(|a| {
        // A prisoner is a small chain: a few pseudo-liberties.
        board.at_index(a) == opp && board.pseudo_liberties(Point::new(a)) <= 6 && {
            let (libs, n) = board.liberties::<3>(Point::new(a));
            n == 2 && {
                let other = if libs[0] == p { libs[1] } else { libs[0] };
                fills_own_race_liberty(board, color, p, other)
            }
        }
    })
}

/// Would `color`'s atari at `l` on an opponent chain whose other liberty is `other` only fill a
/// liberty of our own chain, leaving it two (one fewer), one of them `other`? The opponent's
/// chain is then a prisoner inside our eye space, and the atari loses a liberty in a capturing
/// race: the opponent ataris us from outside, and taking the prisoner leaves us in atari again
/// (a big eye with a stone on its vital point is worth more liberties left alone).
pub fn fills_own_race_liberty(board: &Board, color: Color, l: Point, other: Point) -> bool {
    let after = liberties_after::<3>(board, color, l);
    if after > 2 {
        return false;
    }
    let own = Cell::from(color);
    let geo = board.geometry();
    geo.neighbors(l.index()).into_iter().any(|a| {
        board.at_index(a) == own && {
            let id = board.chain_id(Point::new(a));
            geo.neighbors(other.index())
                .into_iter()
                .any(|b| board.at_index(b) == own && board.chain_id(Point::new(b)) == id)
                && after < board.liberty_count_upto::<3>(id)
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_boards::{board, pt};

    /// White b3 in atari beside Black's a3, b2 and b4: c3 captures it, a4 joins two chains.
    const CAPTURE_AND_JOIN: &str = ". . . . .
                                    . X O . .
                                    X O . . .
                                    . X . . .
                                    . . . . .";

    #[test]
    fn liberties_after_counts_joins_and_captures() {
        let b = board(CAPTURE_AND_JOIN);
        // Black c3 captures White b3 (in atari): liberties c2, d3 and the freed b3.
        assert_eq!(liberties_after::<4>(&b, Color::Black, pt(&b, "C3")), 3);
        assert_eq!(captured_stones(&b, Color::Black, pt(&b, "C3")), 1);
        // Black a4 joins a3 and b4: a5 and the chains' a2 and b5.
        assert_eq!(liberties_after::<4>(&b, Color::Black, pt(&b, "A4")), 3);
        // Counting stops at N.
        assert_eq!(liberties_after::<2>(&b, Color::Black, pt(&b, "D2")), 2);
        // White a2 has a1 as its only liberty: a self-atari of one stone.
        assert_eq!(self_atari_stones(&b, Color::White, pt(&b, "A2")), 1);
        assert!(is_self_atari(&b, Color::White, pt(&b, "A2")));
        assert!(!is_self_atari(&b, Color::Black, pt(&b, "C3")));
        assert_eq!(self_atari_stones(&b, Color::Black, pt(&b, "D3")), 0);
    }

    #[test]
    fn without_a_capture_the_count_is_that_of_the_chain_the_move_makes() {
        // Boards from random playouts have chains of every size, long ones with many
        // pseudo-liberties among them (which the count may skip walking).
        let mut rng = crate::rng::Rng::new(11);
        let mut checked = [0; 3];
        for game in 0..30 {
            let size = [9, 13, 19][game % 3];
            let mut b = Board::new(size).unwrap();
            crate::playout::light_playout(&mut b, Color::Black, &mut rng, size * size / 2);
            for p in b.geometry().points() {
                for color in [Color::Black, Color::White] {
                    if b.at(p) != Cell::Empty
                        || !b.is_legal(color, p)
                        || captured_stones(&b, color, p) > 0
                    {
                        continue;
                    }
                    let mut after = b.clone();
                    after.play_unchecked(color, p);
                    let libs = after.liberty_count_upto::<8>(p);
                    assert_eq!(liberties_after::<2>(&b, color, p), libs.min(2));
                    assert_eq!(liberties_after::<3>(&b, color, p), libs.min(3));
                    assert_eq!(liberties_after::<4>(&b, color, p), libs.min(4));
                    checked[libs.min(3) - 1] += 1;
                }
            }
        }
        assert!(checked.iter().all(|&n| n > 0), "{checked:?}");
    }

    #[test]
    fn self_atari_counts_the_whole_chain_it_would_make() {
        let b = board(
            "O . . . .
             X O . . .
             X O . . .
             . O . . .
             . . . . .",
        );
        // Black a3-a4 has one liberty, a2; Black a2 would join them with a1 as the only
        // liberty: three stones in atari.
        assert_eq!(self_atari_stones(&b, Color::Black, pt(&b, "A2")), 3);
        // White a2 captures both, once.
        assert_eq!(captured_stones(&b, Color::White, pt(&b, "A2")), 2);
        assert_eq!(captured_stones(&b, Color::White, pt(&b, "C3")), 0);
    }

    #[test]
    fn move_effect_counts_liberties_captures_and_stones() {
        let b = board(CAPTURE_AND_JOIN);
        let e = move_effect(&b, Color::Black, pt(&b, "C3"));
        assert_eq!((e.liberties, e.captured, e.chain_stones), (3, 1, 1));
        let w = move_effect(&b, Color::White, pt(&b, "A2"));
        assert_eq!((w.liberties, w.captured, w.chain_stones), (1, 0, 1));
        let j = move_effect(&b, Color::Black, pt(&b, "A4"));
        assert_eq!(j.chain_stones, 3, "a4 connects b4 and a3");
    }

    #[test]
    fn a_chain_captured_from_two_sides_frees_both_points() {
        // White a2-b2-b1 has one liberty, a1, which touches it twice (a2 and b1).
        let b = board(
            ". . . . .
             . . . . .
             X X . . .
             O O X . .
             . O X . .",
        );
        assert_eq!(captured_stones(&b, Color::Black, pt(&b, "A1")), 3);
        assert_eq!(liberties_after::<4>(&b, Color::Black, pt(&b, "A1")), 2);
    }

    #[test]
    fn a_capture_that_leaves_the_capturer_in_atari_is_a_self_atari() {
        // Black a1 takes White's b1 (in atari): a1 is left with b1, the captured point, alone.
        let b = board(
            ". . . . .
             . . . . .
             O . . . .
             O X . . .
             . O X . .",
        );
        let a1 = pt(&b, "A1");
        let effect = move_effect(&b, Color::Black, a1);
        assert_eq!(effect.captured, 1);
        assert!(effect.is_self_atari());
        assert!(is_self_atari(&b, Color::Black, a1));
        assert_eq!(self_atari_stones(&b, Color::Black, a1), 1);
    }

    #[test]
    fn a_chain_short_of_liberties_keeps_its_eye_space_open() {
        // White's A8-D9 chain: liberties A9 B9 C9 (its eye space) and E9, shared with Black.
        let raced = board(
            ". . . O . . . . .
             O O O O X . . . .
             X X X X X . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .",
        );
        for v in ["A9", "C9"] {
            assert!(fills_own_space(&raced, Color::White, pt(&raced, v)), "{v}");
        }
        // E9 touches Black: filling it takes one of his liberties too.
        assert!(!fills_own_space(&raced, Color::White, pt(&raced, "E9")));
        let free = board(
            ". . . O . . . . .
             O O O O . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .",
        );
        assert!(!fills_own_space(&free, Color::White, pt(&free, "A9")));
        // B9 gains C9 for the chain A8 B8 (two liberties before and after): no such fill.
        let atari = board(
            ". . . . . . . . .
             O O X . . . . . .
             X X X . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .",
        );
        assert!(!fills_own_space(&atari, Color::White, pt(&atari, "B9")));
    }
}
