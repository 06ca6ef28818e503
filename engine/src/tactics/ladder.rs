//! Ladder reading: can a chain be captured by atari after atari, however its owner answers?
//!
//! One reader serves the playouts and the priors; only its [`Budget`] differs (cheap for the
//! playouts, thorough for the priors and the pattern features), so both judge a clear ladder
//! alike. The defender tries to capture an attacker chain in atari next to its chain, then to
//! extend on its last liberty; the attacker tries both ataris on the chain's two liberties, but
//! never one whose own stone could be captured at once. Moves are skipped without reading where
//! the answer is sure: an extension whose liberties alone are three escapes, and an atari is
//! pointless when the defender's extension at the other liberty would have three empty
//! neighbours. An ordinary ladder step thus costs no branching.
//!
//! The line is played on one scratch board. Where a side has a second move to try, the board
//! is put back by copying the nearest saved position and replaying the moves since; positions
//! are saved only every few plies of a deep line, so a short read copies one board and a long
//! ladder a few. The boards are reserved when the reader is made: reading never allocates.

use super::liberties::{liberties_after, self_atari_stones};
use crate::board::Board;
use crate::types::{Cell, Color, Point};

/// How much one read may look at. Past either limit the read stops and the chain counts as
/// escaping ([`Verdict::OutOfBudget`]), the prudent answer for both the attacker (do not count
/// on the capture) and the defender (do not give up the chain).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Budget {
    /// Positions visited.
    pub nodes: usize,
    /// Moves deep, counting the move read about (a ladder of `n` defender steps is about `2n`
    /// plies); at most [`MAX_PLIES`].
    pub plies: usize,
}

impl Budget {
    /// For the playouts: enough for any ordinary ladder across a 19x19 board (about two nodes a
    /// step), little for ladders that branch.
    pub const PLAYOUT: Budget = Budget {
        nodes: 128,
        plies: 120,
    };
    /// For the priors and the pattern features: ladders with side branches too.
    pub const THOROUGH: Budget = Budget {
        nodes: 400,
        plies: 120,
    };
}

/// The deepest line any budget reads.
pub const MAX_PLIES: usize = 128;

/// What a read found about the chain.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Every defence fails: the chain is captured.
    Captured,
    /// The defender gets out (or the chain was not in a ladder to begin with).
    Escapes,
    /// The budget ran out before an answer; counts as an escape.
    OutOfBudget,
}

impl Verdict {
    /// True for [`Verdict::Captured`].
    pub fn captured(self) -> bool {
        self == Verdict::Captured
    }
}

/// Plies between saved positions: replaying fewer moves than this costs less than a board copy.
const SAVE_EVERY: usize = 8;
/// Saved positions along one line (more are not needed: [`MAX_PLIES`] / [`SAVE_EVERY`]).
const MAX_SAVED: usize = MAX_PLIES / SAVE_EVERY;
/// Defender moves considered at one step: the extension plus captures of adjacent attackers.
const MAX_DEFENCES: usize = 8;

/// The ladder reader, with its scratch boards; one per thread and use.
pub struct LadderReader {
    budget: Budget,
    /// The position being read.
    work: Box<Board>,
    /// The moves of the line being read, from the position the read started in; the first by
    /// `first`, then alternating.
    line: [Point; MAX_PLIES + 1],
    first: Color,
    /// Saved positions of the line, deepest last: `saved[i]` is the position after
    /// `saved_plies[i]` moves of `line`. Only the first `nsaved` are in use.
    saved: Vec<Board>,
    saved_plies: [usize; MAX_SAVED],
    nsaved: usize,
    nodes: usize,
    exhausted: bool,
}

impl LadderReader {
    /// A reader with `budget`; reserves its scratch boards (nothing is allocated after this).
    pub fn new(budget: Budget) -> LadderReader {
        LadderReader {
            budget,
            work: Box::new(Board::new(2).expect("2 is a valid size")),
            line: [Point::new(0); MAX_PLIES + 1],
            first: Color::Black,
            saved: Vec::with_capacity(MAX_SAVED),
            saved_plies: [0; MAX_SAVED],
            nsaved: 0,
            nodes: 0,
            exhausted: false,
        }
    }

    /// The budget of each read.
    pub fn budget(&self) -> Budget {
        self.budget
    }

    /// After `attacker` plays `mv` on `board`, is the chain through `target` (which the move
    /// must leave in atari) captured in a ladder? A move that is illegal or leaves `target`
    /// out of atari gives [`Verdict::Escapes`].
    pub fn atari(&mut self, board: &Board, attacker: Color, mv: Point, target: Point) -> Verdict {
        if !board.is_legal(attacker, mv) {
            return Verdict::Escapes;
        }
        self.start(board, attacker, mv);
        let b = &self.work;
        if b.at(target) != Cell::from(attacker.opponent()) || !b.in_atari(target) {
            return Verdict::Escapes;
        }
        let escapes = self.defender_escapes(board, 1, target, attacker.opponent());
        self.verdict(!escapes)
    }

    /// After `defender` plays `mv` on `board` to extend the chain through `target`, can the
    /// opponent still capture it in a ladder? Only an extension that leaves the chain two
    /// liberties can be caught; any other gives [`Verdict::Escapes`] (three or more liberties
    /// are out; one is not a ladder question).
    pub fn extension(
        &mut self,
        board: &Board,
        defender: Color,
        mv: Point,
        target: Point,
    ) -> Verdict {
        if !board.is_legal(defender, mv) {
            return Verdict::Escapes;
        }
        self.start(board, defender, mv);
        let b = &self.work;
        if b.at(target) != Cell::from(defender) {
            return Verdict::Escapes;
        }
        let (libs, 2) = b.liberties::<3>(target) else {
            return Verdict::Escapes;
        };
        let libs = [libs[0], libs[1]];
        let captured = self.attacker_captures(board, 1, target, libs, defender.opponent());
        self.verdict(captured)
    }

    /// A new read from `board`, where `color` plays `mv` first.
    fn start(&mut self, board: &Board, color: Color, mv: Point) {
        self.nodes = 0;
        self.exhausted = false;
        self.nsaved = 0;
        self.first = color;
        self.work.copy_from(board);
        self.work.play_unchecked(color, mv);
        self.line[0] = mv;
    }

    fn verdict(&self, captured: bool) -> Verdict {
        if captured {
            Verdict::Captured
        } else if self.exhausted {
            Verdict::OutOfBudget
        } else {
            Verdict::Escapes
        }
    }

    /// Count a node `plies` moves into the line; false (and the read marked exhausted) when
    /// the budget is spent.
    fn visit(&mut self, plies: usize) -> bool {
        self.nodes += 1;
        if self.nodes > self.budget.nodes || plies > self.budget.plies.min(MAX_PLIES) {
            self.exhausted = true;
            return false;
        }
        true
    }

    /// Play `mv` as the move after `plies` moves of the line.
    fn play(&mut self, plies: usize, mv: Point) {
        let color = if plies.is_multiple_of(2) {
            self.first
        } else {
            self.first.opponent()
        };
        self.work.play_unchecked(color, mv);
        self.line[plies] = mv;
    }

    /// Before the moves of a node `plies` deep that has `alternatives` to try: save the
    /// position if a second try would otherwise replay many moves. True when saved (the
    /// caller then calls [`Self::release`]).
    fn save(&mut self, plies: usize, alternatives: usize) -> bool {
        let since = plies - self.saved_plies_top();
        if alternatives < 2 || since < SAVE_EVERY || self.nsaved == MAX_SAVED {
            return false;
        }
        if self.saved.len() == self.nsaved {
            self.saved.push((*self.work).clone());
        } else {
            self.saved[self.nsaved].copy_from(&self.work);
        }
        self.saved_plies[self.nsaved] = plies;
        self.nsaved += 1;
        true
    }

    fn release(&mut self, saved: bool) {
        if saved {
            self.nsaved -= 1;
        }
    }

    /// Plies of the deepest saved position (0: the read's own start, `root`).
    fn saved_plies_top(&self) -> usize {
        if self.nsaved == 0 {
            0
        } else {
            self.saved_plies[self.nsaved - 1]
        }
    }

    /// Put the work board back to the position after `plies` moves of the line: copy the
    /// deepest saved position (or `root`, the position before the line) and replay the rest.
    fn restore(&mut self, root: &Board, plies: usize) {
        let from = self.saved_plies_top();
        if self.nsaved == 0 {
            self.work.copy_from(root);
        } else {
            self.work.copy_from(&self.saved[self.nsaved - 1]);
        }
        for k in from..plies {
            let mv = self.line[k];
            self.play(k, mv);
        }
    }

    /// The chain through `target` is in atari on the work board, `plies` moves into the line,
    /// and its owner `defender` moves: can it get out (three or more liberties, or two that the
    /// attacker cannot ladder)? Leaves the work board in some later position of the reading.
    fn defender_escapes(
        &mut self,
        root: &Board,
        plies: usize,
        target: Point,
        defender: Color,
    ) -> bool {
        if !self.visit(plies) {
            return true;
        }
        let b = &self.work;
        // An extension that surely reaches three liberties needs no reading.
        let lib = b.atari_liberty(target);
        let plain = plain_extension(b, target, lib);
        let sure = match plain {
            Some((_, n)) => n >= 3,
            None => liberties_after::<3>(b, defender, lib) >= 3,
        };
        if sure && b.is_legal(defender, lib) {
            return true;
        }
        let (moves, n) = defences(b, target, defender);
        let saved = self.save(plies, n);
        let mut escapes = false;
        for (i, &mv) in moves[..n].iter().enumerate() {
            if i > 0 {
                self.restore(root, plies);
            }
            self.play(plies, mv);
            let libs = match plain {
                Some(libs) if mv == lib => libs,
                _ => self.work.liberties::<3>(target),
            };
            escapes = match libs {
                (_, 0 | 1) => false,
                (libs, 2) => {
                    let libs = [libs[0], libs[1]];
                    let attacker = defender.opponent();
                    !self.attacker_captures(root, plies + 1, target, libs, attacker)
                }
                _ => true,
            };
            if escapes {
                break;
            }
        }
        self.release(saved);
        escapes
    }

    /// The chain through `target` has the two liberties `libs` on the work board, `plies` moves
    /// into the line, and `attacker` moves: can it capture the chain by atari after atari?
    /// Leaves the work board in some later position of the reading.
    fn attacker_captures(
        &mut self,
        root: &Board,
        plies: usize,
        target: Point,
        libs: [Point; 2],
        attacker: Color,
    ) -> bool {
        if !self.visit(plies) {
            return false;
        }
        let (moves, n) = ataris(&self.work, libs, attacker);
        let saved = self.save(plies, n);
        let mut captures = false;
        for (i, &mv) in moves[..n].iter().enumerate() {
            if i > 0 {
                self.restore(root, plies);
            }
            self.play(plies, mv);
            captures = self.work.in_atari(target)
                && !self.defender_escapes(root, plies + 1, target, attacker.opponent());
            if captures {
                break;
            }
        }
        self.release(saved);
        captures
    }
}

/// The liberties the chain through `target`, in atari on `lib`, has after extending there, when
/// the extension joins no other chain and captures nothing: the empty neighbours of `lib` (found
/// without walking the chain). `None` when it joins or captures.
fn plain_extension(board: &Board, target: Point, lib: Point) -> Option<([Point; 3], usize)> {
    let own = board.at(target);
    let id = board.chain_id(target);
    let mut libs = [Point::new(0); 3];
    let mut n = 0;
    for q in board.geometry().neighbors(lib.index()) {
        let c = board.at_index(q);
        if c == Cell::Empty {
            if n < 3 {
                libs[n] = Point::new(q);
            }
            n += 1;
        } else if c == own {
            if board.chain_id(Point::new(q)) != id {
                return None;
            }
        } else if c != Cell::Border && board.in_atari(Point::new(q)) {
            return None;
        }
    }
    Some((libs, n.min(3)))
}

/// The defender's legal candidate moves for the chain in atari through `target`: capturing an
/// adjacent attacker chain in atari, then extending on the last liberty.
fn defences(board: &Board, target: Point, defender: Color) -> ([Point; MAX_DEFENCES], usize) {
    let geo = board.geometry();
    let opp = Cell::from(defender.opponent());
    let mut moves = [Point::new(0); MAX_DEFENCES];
    let mut n = 0;
    for s in board.chain_stones(target) {
        for q in geo.neighbors(s.index()) {
            if n + 1 < MAX_DEFENCES && board.at_index(q) == opp && board.in_atari(Point::new(q)) {
                let lib = board.atari_liberty(Point::new(q));
                if !moves[..n].contains(&lib) && board.is_legal(defender, lib) {
                    moves[n] = lib;
                    n += 1;
                }
            }
        }
    }
    let escape = board.atari_liberty(target);
    if !moves[..n].contains(&escape) && board.is_legal(defender, escape) {
        moves[n] = escape;
        n += 1;
    }
    (moves, n)
}

/// The attacker's ataris on a chain with the two liberties `libs` worth reading, the more
/// promising first. An atari is dropped when it is illegal, when its stone could be captured at
/// once (a self-atari: the defender takes it and is out, which this reader assumes), or when the
/// defender's extension at the other liberty would surely reach three liberties (its other empty
/// neighbours alone give them); of two ataris the one leaving that extension fewer empty
/// neighbours comes first.
fn ataris(board: &Board, libs: [Point; 2], attacker: Color) -> ([Point; 2], usize) {
    let geo = board.geometry();
    // Empty neighbours of `other` once the attacker has played on `atari`.
    let left = |atari: Point, other: Point| {
        let touching = geo.neighbors(other.index()).contains(&atari.index());
        board.empty_neighbors(other) - usize::from(touching)
    };
    let (l0, l1) = (left(libs[0], libs[1]), left(libs[1], libs[0]));
    let mut moves = [Point::new(0); 2];
    let mut k = 0;
    let order = if l1 < l0 {
        [(1, l1), (0, l0)]
    } else {
        [(0, l0), (1, l1)]
    };
    for (i, l) in order {
        if l < 3
            && board.is_legal(attacker, libs[i])
            && self_atari_stones(board, attacker, libs[i]) == 0
        {
            moves[k] = libs[i];
            k += 1;
        }
    }
    (moves, k)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;
    use crate::test_boards::{board, pt};

    fn readers() -> [LadderReader; 2] {
        [
            LadderReader::new(Budget::PLAYOUT),
            LadderReader::new(Budget::THOROUGH),
        ]
    }

    /// White E5 (liberties E4 and F5) against Black D5 E6 F6 on an open board: the ladder from E4
    /// runs to the lower right edge.
    fn open_ladder() -> Board {
        board(
            ". . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . X X . . .
             . . . X O . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .",
        )
    }

    #[test]
    fn the_open_board_ladder_works_one_way_only() {
        let b = open_ladder();
        let e5 = pt(&b, "E5");
        for mut r in readers() {
            // E4 drives White towards the lower right edge, where it dies.
            assert_eq!(
                r.atari(&b, Color::Black, pt(&b, "E4"), e5),
                Verdict::Captured
            );
            // F5 lets White out at E4.
            assert_eq!(
                r.atari(&b, Color::Black, pt(&b, "F5"), e5),
                Verdict::Escapes
            );
            // A White stone on the ladder's path breaks it.
            let mut broken = b.clone();
            broken.set_cell(pt(&b, "H2"), Some(Color::White));
            assert_eq!(
                r.atari(&broken, Color::Black, pt(&b, "E4"), e5),
                Verdict::Escapes
            );
            // A move that does not put the chain in atari is no ladder.
            assert_eq!(
                r.atari(&b, Color::Black, pt(&b, "A1"), e5),
                Verdict::Escapes
            );
        }
    }

    #[test]
    fn an_extension_into_a_ladder_is_caught() {
        // After Black E4, White E5 is in atari; F5 leaves it two liberties, F4 and G5.
        let mut b = open_ladder();
        b.play_unchecked(Color::Black, pt(&b, "E4"));
        let (e5, f5) = (pt(&b, "E5"), pt(&b, "F5"));
        for mut r in readers() {
            assert_eq!(r.extension(&b, Color::White, f5, e5), Verdict::Captured);
            let mut helped = b.clone();
            helped.set_cell(pt(&b, "G3"), Some(Color::White));
            assert_eq!(r.extension(&helped, Color::White, f5, e5), Verdict::Escapes);
        }
    }

    #[test]
    fn capturing_an_attacker_in_atari_escapes_the_ladder() {
        // The open-board ladder, but Black D5 is itself in atari (White C5 and D6), its last
        // liberty D4. After Black E4 White takes D5 at D4, and E5 has two liberties, D5 and F5,
        // where Black cannot atari (D5 is suicide, F5 lets White connect at D5).
        let b = board(
            ". . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . O X X . . .
             . . O X O . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .",
        );
        assert!(b.in_atari(pt(&b, "D5")));
        for mut r in readers() {
            let e5 = pt(&b, "E5");
            assert_eq!(
                r.atari(&b, Color::Black, pt(&b, "E4"), e5),
                Verdict::Escapes
            );
        }
    }

    #[test]
    fn a_long_ladder_across_a_big_board_is_read_by_both_budgets() {
        // White D4 against Black C4, D3 and E3 on an empty 19x19 board: Black D5 starts a
        // ladder up and to the right that reaches the edge after some fifteen steps.
        let mut b = Board::new(19).unwrap();
        b.set_cell(pt(&b, "D4"), Some(Color::White));
        for s in ["C4", "D3", "E3"] {
            b.set_cell(pt(&b, s), Some(Color::Black));
        }
        let d4 = pt(&b, "D4");
        for mut r in readers() {
            assert_eq!(
                r.atari(&b, Color::Black, pt(&b, "D5"), d4),
                Verdict::Captured
            );
            // The other atari lets White out at D5.
            assert_eq!(
                r.atari(&b, Color::Black, pt(&b, "E4"), d4),
                Verdict::Escapes
            );
            // A White stone on the diagonal the ladder follows breaks it.
            let mut broken = b.clone();
            broken.set_cell(pt(&b, "M12"), Some(Color::White));
            assert_eq!(
                r.atari(&broken, Color::Black, pt(&b, "D5"), d4),
                Verdict::Escapes
            );
        }
    }

    #[test]
    fn the_cheap_and_thorough_readers_agree_whenever_the_cheap_one_finishes() {
        // Every atari and every extension of random middle-game positions.
        let mut cheap = LadderReader::new(Budget::PLAYOUT);
        let mut thorough = LadderReader::new(Budget::THOROUGH);
        let mut rng = Rng::new(3);
        let (mut reads, mut captured) = (0, 0);
        for game in 0..40 {
            let size = [9, 13, 19][game % 3];
            let mut b = Board::new(size).unwrap();
            crate::playout::light_playout(&mut b, Color::Black, &mut rng, size * size / 2);
            let geo = b.geometry();
            for p in geo.points() {
                let Some(owner) = b.at(p).color() else {
                    continue;
                };
                if b.chain_id(p) != p {
                    continue;
                }
                let (libs, n) = b.liberties::<3>(p);
                let mut compare = |c: Verdict, t: Verdict| {
                    reads += 1;
                    captured += usize::from(t.captured());
                    if c != Verdict::OutOfBudget {
                        assert_eq!(c, t, "{b:?}");
                    }
                };
                if n == 2 {
                    for a in [libs[0], libs[1]] {
                        let attacker = owner.opponent();
                        compare(
                            cheap.atari(&b, attacker, a, p),
                            thorough.atari(&b, attacker, a, p),
                        );
                    }
                } else if n == 1 {
                    compare(
                        cheap.extension(&b, owner, libs[0], p),
                        thorough.extension(&b, owner, libs[0], p),
                    );
                }
            }
        }
        assert!(
            reads > 200 && captured > 10,
            "{reads} reads, {captured} captured"
        );
    }
}
