//! Small tactical readers for the pattern features: what a move does to liberties (without
//! playing it), and ladder reading on scratch boards.
//!
//! Ladder reading plays the forced sequence on copies of the board kept in [`Tactics`]; copies
//! are made only where the attacker has a real choice, so a long ladder costs a few board copies.
//! The scratch boards grow on the first deep read and are reused after that: steady-state reading
//! allocates nothing.

use crate::board::Board;
use crate::types::{Cell, Color, Point};

/// Plies a ladder may last before the reader gives up and calls it "not a ladder".
pub const LADDER_MAX_PLIES: usize = 120;
/// Positions one ladder read may visit; past it the ladder counts as failing (the prudent answer
/// for both the attacker and the defender features).
pub const LADDER_MAX_NODES: usize = 400;
/// Defender moves considered at one step: the extension plus captures of adjacent attackers.
const MAX_DEFENCES: usize = 8;

/// What a stone on an empty point would do to liberties, computed without playing it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct MoveEffect {
    /// Distinct liberties of the mover's chain after the move, counted up to 3.
    pub liberties: usize,
    /// Stones the move captures.
    pub captured: usize,
    /// Stones in the mover's chain after the move.
    pub chain_stones: usize,
}

/// The effect of a `color` stone on the empty point `p` (see [`MoveEffect`]).
pub fn move_effect(board: &Board, color: Color, p: Point) -> MoveEffect {
    let geo = board.geometry();
    let own = Cell::from(color);
    let mut libs = [Point::new(0); 3];
    let mut nlibs = 0;
    let add = |q: Point, libs: &mut [Point; 3], n: &mut usize| {
        if q != p && *n < 3 && !libs[..*n].contains(&q) {
            libs[*n] = q;
            *n += 1;
        }
    };
    let mut captured = 0;
    let mut stones = 1;
    let mut seen = [Point::new(0); 4];
    let mut nseen = 0;
    for n in geo.neighbors(p.index()) {
        let q = Point::new(n);
        match board.cell(n) {
            Cell::Empty => add(q, &mut libs, &mut nlibs),
            Cell::Border => {}
            cell => {
                let chain = board.chain_id(q);
                if seen[..nseen].contains(&chain) {
                    continue;
                }
                seen[nseen] = chain;
                nseen += 1;
                if cell == own {
                    stones += board.chain_size(q);
                    let (chain_libs, k) = board.liberties::<4>(q);
                    for &l in &chain_libs[..k] {
                        add(l, &mut libs, &mut nlibs);
                    }
                } else if board.in_atari(q) {
                    // Its last liberty is p: it is captured and the point next to p frees up.
                    captured += board.chain_size(q);
                    add(q, &mut libs, &mut nlibs);
                }
            }
        }
    }
    MoveEffect {
        liberties: nlibs,
        captured,
        chain_stones: stones,
    }
}

/// Scratch boards and counters for ladder reading; one per thread.
pub struct Tactics {
    boards: Vec<Board>,
    nodes: usize,
}

impl Default for Tactics {
    fn default() -> Self {
        Tactics::new()
    }
}

impl Tactics {
    /// Empty scratch space; boards are added on the first reads that need them.
    pub fn new() -> Tactics {
        Tactics {
            boards: Vec::new(),
            nodes: 0,
        }
    }

    /// Make `boards[depth]` a copy of `src`.
    fn load(&mut self, depth: usize, src: &Board) {
        while self.boards.len() <= depth {
            self.boards.push(src.clone());
        }
        self.boards[depth].copy_from(src);
    }

    /// Make `boards[depth + 1]` a copy of `boards[depth]`.
    fn fork(&mut self, depth: usize) {
        if self.boards.len() <= depth + 1 {
            let copy = self.boards[depth].clone();
            self.boards.push(copy);
        } else {
            let (lo, hi) = self.boards.split_at_mut(depth + 1);
            hi[0].copy_from(&lo[depth]);
        }
    }

    /// After `attacker` plays `mv` (legal, on `board`), can it capture the chain through `target`
    /// by a ladder (a sequence of ataris) however the defender answers? `target` must be a chain
    /// that the move leaves in atari; otherwise the answer is `false`.
    pub fn atari_is_ladder(
        &mut self,
        board: &Board,
        attacker: Color,
        mv: Point,
        target: Point,
    ) -> bool {
        if !board.is_legal_fast(attacker, mv) {
            return false;
        }
        self.nodes = 0;
        self.load(0, board);
        self.boards[0].play_unchecked(attacker, mv);
        let b = &self.boards[0];
        if b.at(target) != Cell::from(attacker.opponent()) || !b.in_atari(target) {
            return false;
        }
        !self.defender_escapes(0, 0, target, attacker.opponent())
    }

    /// After `defender` plays `mv` to extend the chain through `target` (legal, on `board`), can
    /// the opponent still capture it by a ladder? True only when the chain is left with two
    /// liberties and every way out fails.
    pub fn extension_is_caught(
        &mut self,
        board: &Board,
        defender: Color,
        mv: Point,
        target: Point,
    ) -> bool {
        if !board.is_legal_fast(defender, mv) {
            return false;
        }
        self.nodes = 0;
        self.load(0, board);
        self.boards[0].play_unchecked(defender, mv);
        let b = &self.boards[0];
        if b.at(target) != Cell::from(defender) || b.liberties::<3>(target).1 != 2 {
            return false;
        }
        self.attacker_captures(0, 0, target, defender.opponent())
    }

    /// The chain through `target` on `boards[depth]` is in atari and its owner `defender` moves:
    /// can it get out (three or more liberties, or two that the attacker cannot ladder)?
    /// May overwrite `boards[depth..]`.
    fn defender_escapes(
        &mut self,
        depth: usize,
        plies: usize,
        target: Point,
        defender: Color,
    ) -> bool {
        self.nodes += 1;
        if self.nodes > LADDER_MAX_NODES || plies >= LADDER_MAX_PLIES {
            return true;
        }
        let (moves, n) = defences(&self.boards[depth], target, defender);
        for (i, &mv) in moves[..n].iter().enumerate() {
            let last = i + 1 == n;
            let d = if last { depth } else { depth + 1 };
            if !last {
                self.fork(depth);
            }
            let b = &mut self.boards[d];
            if !b.is_legal_fast(defender, mv) {
                continue;
            }
            b.play_unchecked(defender, mv);
            match b.liberties::<3>(target).1 {
                0 | 1 => continue,
                2 => {
                    if !self.attacker_captures(d, plies + 1, target, defender.opponent()) {
                        return true;
                    }
                }
                _ => return true,
            }
        }
        false
    }

    /// The chain through `target` on `boards[depth]` has two liberties and `attacker` moves: can
    /// it capture the chain by atari after atari? May overwrite `boards[depth..]`.
    fn attacker_captures(
        &mut self,
        depth: usize,
        plies: usize,
        target: Point,
        attacker: Color,
    ) -> bool {
        self.nodes += 1;
        if self.nodes > LADDER_MAX_NODES || plies >= LADDER_MAX_PLIES {
            return false;
        }
        let (libs, n) = self.boards[depth].liberties::<2>(target);
        for (i, &mv) in libs[..n].iter().enumerate() {
            let last = i + 1 == n;
            let d = if last { depth } else { depth + 1 };
            if !last {
                self.fork(depth);
            }
            let b = &mut self.boards[d];
            if !b.is_legal_fast(attacker, mv) {
                continue;
            }
            b.play_unchecked(attacker, mv);
            if b.in_atari(target)
                && !self.defender_escapes(d, plies + 1, target, attacker.opponent())
            {
                return true;
            }
        }
        false
    }
}

/// The defender's candidate moves for the chain in atari through `target`: capturing an adjacent
/// attacker chain in atari, then extending on the last liberty.
fn defences(board: &Board, target: Point, defender: Color) -> ([Point; MAX_DEFENCES], usize) {
    let geo = board.geometry();
    let opp = Cell::from(defender.opponent());
    let mut moves = [Point::new(0); MAX_DEFENCES];
    let mut n = 0;
    for s in board.chain_stones(target) {
        for q in geo.neighbors(s.index()) {
            if n + 1 < MAX_DEFENCES && board.cell(q) == opp && board.in_atari(Point::new(q)) {
                let lib = board.atari_liberty(Point::new(q));
                if !moves[..n].contains(&lib) {
                    moves[n] = lib;
                    n += 1;
                }
            }
        }
    }
    let escape = board.atari_liberty(target);
    if !moves[..n].contains(&escape) {
        moves[n] = escape;
        n += 1;
    }
    (moves, n)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Board;

    fn at(b: &Board, col: usize, row: usize) -> Point {
        b.geometry().point(col, row)
    }

    #[test]
    fn move_effect_counts_liberties_captures_and_stones() {
        let b = Board::from_ascii(
            ". . . . .
             . X O . .
             X O . . .
             . X . . .
             . . . . .",
        )
        .unwrap();
        // Black c3 captures White b3 (in atari) and gets c2, d3 and b3 as liberties.
        let e = move_effect(&b, Color::Black, at(&b, 2, 2));
        assert_eq!((e.liberties, e.captured, e.chain_stones), (3, 1, 1));
        // White a2 has a1 as its only liberty: a self-atari.
        let w = move_effect(&b, Color::White, at(&b, 0, 1));
        assert_eq!((w.liberties, w.captured, w.chain_stones), (1, 0, 1));
        let j = move_effect(&b, Color::Black, at(&b, 0, 3));
        assert_eq!(j.chain_stones, 3, "a4 connects b4 and a3");
    }

    /// White c3 against Black b3, c4 and d2: Black c2 starts a ladder towards the upper right.
    fn ladder_board() -> Board {
        Board::from_ascii(
            ". . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . X . . . . . .
             . X O . . . . . .
             . . . X . . . . .
             . . . . . . . . .",
        )
        .unwrap()
    }

    #[test]
    fn a_ladder_on_an_open_board_works_and_a_ladder_breaker_stops_it() {
        let open = ladder_board();
        let mut t = Tactics::new();
        let (c2, c3, d3) = (at(&open, 2, 1), at(&open, 2, 2), at(&open, 3, 2));
        assert!(t.atari_is_ladder(&open, Color::Black, c2, c3));
        // From the other side the ladder runs into the lower-left corner.
        assert!(t.atari_is_ladder(&open, Color::Black, d3, c3));
        // A white stone on the ladder's path breaks it.
        let mut broken = open.clone();
        broken.set_cell(at(&open, 6, 6), Some(Color::White));
        assert!(!t.atari_is_ladder(&broken, Color::Black, c2, c3));
        // A move that is not an atari on the target is not a ladder.
        assert!(!t.atari_is_ladder(&open, Color::Black, at(&open, 6, 6), c3));
    }

    #[test]
    fn capturing_an_attacker_in_atari_escapes_the_ladder() {
        // White b4 and c5 leave Black's c4 with one liberty, d4, on White's way out.
        let mut b = ladder_board();
        b.set_cell(at(&b, 1, 3), Some(Color::White));
        b.set_cell(at(&b, 2, 4), Some(Color::White));
        assert!(b.in_atari(at(&b, 2, 3)), "c4 is in atari");
        let mut t = Tactics::new();
        assert!(!t.atari_is_ladder(&b, Color::Black, at(&b, 2, 1), at(&b, 2, 2)));
    }

    #[test]
    fn extension_into_a_ladder_is_caught() {
        // With Black c2 on the board, White c3 is in atari; d3 leaves it two liberties.
        let mut b = ladder_board();
        b.set_cell(at(&b, 2, 1), Some(Color::Black));
        let mut t = Tactics::new();
        let (c3, d3) = (at(&b, 2, 2), at(&b, 3, 2));
        assert!(b.in_atari(c3));
        assert!(t.extension_is_caught(&b, Color::White, d3, c3));
        let mut helped = b.clone();
        helped.set_cell(at(&b, 6, 6), Some(Color::White));
        assert!(!t.extension_is_caught(&helped, Color::White, d3, c3));
    }
}
