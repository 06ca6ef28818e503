//! The playout policy: fast moves with Go knowledge, tried in order around the last move
//! (capture, escape, two-liberty fights, nakade, 3x3 shapes), then fill-board, then a random
//! legal move. Every heuristic has a probability in [`PolicyParams`]; self-ataris are rejected
//! with a probability. Nothing here allocates: candidates go into fixed arrays, and ladder
//! reading uses the policy's own scratch board.

use super::params::PolicyParams;
use crate::board::Board;
use crate::patterns::{pattern3x3, PatternModel};
use crate::rng::Rng;
use crate::types::{Cell, Color, Move, Point};
use std::sync::OnceLock;

/// Candidate moves of one heuristic (a few dozen at most in practice; extra ones are dropped).
struct Candidates {
    points: [Point; 32],
    len: usize,
}

impl Candidates {
    fn new() -> Candidates {
        Candidates {
            points: [Point::new(0); 32],
            len: 0,
        }
    }

    #[inline]
    fn push(&mut self, p: Point) {
        if self.len < self.points.len() && !self.points[..self.len].contains(&p) {
            self.points[self.len] = p;
            self.len += 1;
        }
    }

    fn clear(&mut self) {
        self.len = 0;
    }
}

/// The playout policy of one worker thread.
pub struct Policy {
    params: PolicyParams,
    ladder: Ladder,
    candidates: Candidates,
    model: &'static PatternModel,
}

/// Ladders longer than this many defender moves are assumed to work for the defender.
const LADDER_DEPTH: usize = 60;

/// The playouts' ladder reader (fast: O(1) work per ladder step, one attacker choice per step
/// unless tied), with its own scratch board and move stack, allocated once. The priors use the
/// thorough reader of [`crate::patterns::Tactics`].
struct Ladder {
    scratch: Box<Board>,
    path: [Point; 2 * LADDER_DEPTH + 2],
}

impl Ladder {
    fn new() -> Ladder {
        Ladder {
            scratch: Box::new(Board::new(2).expect("2 is a valid size")),
            path: [Point::new(0); 2 * LADDER_DEPTH + 2],
        }
    }

    /// Does the chain through `chain` (of `defender`, in atari, defender to move) die in a
    /// ladder? Reads on the scratch board: the defender extends, the attacker ataris again.
    fn captures(&mut self, board: &Board, chain: Point, defender: Color) -> bool {
        debug_assert!(board.in_atari(chain));
        self.scratch.copy_from(board);
        ladder_read(board, &mut self.scratch, &mut self.path, 0, chain, defender)
    }
}

impl Policy {
    pub fn new(params: PolicyParams) -> Policy {
        Policy {
            params,
            ladder: Ladder::new(),
            candidates: Candidates::new(),
            model: PatternModel::shipped(),
        }
    }

    /// The parameters in use.
    pub fn params(&self) -> &PolicyParams {
        &self.params
    }

    /// Choose a move for `color` in `board`, or `None` to pass (no acceptable move left).
    pub fn choose(&mut self, board: &Board, color: Color, rng: &mut Rng) -> Option<Point> {
        if let Move::Play(last) = board.last_move() {
            if board.at(last).color() == Some(color.opponent()) {
                if let Some(p) = self.near_last_move(board, color, last, rng) {
                    return Some(p);
                }
            }
        }
        if rng.chance(self.params.fill_board) {
            if let Some(p) = self.fill_board(board, color, rng) {
                return Some(p);
            }
        }
        self.random(board, color, rng)
    }

    /// The heuristics that answer the last move, in order.
    fn near_last_move(
        &mut self,
        board: &Board,
        color: Color,
        last: Point,
        rng: &mut Rng,
    ) -> Option<Point> {
        let p = &self.params;
        let (capture, escape, two, nakade, pattern) = (
            rng.chance(p.capture),
            rng.chance(p.escape),
            rng.chance(p.two_liberties),
            rng.chance(p.nakade),
            rng.chance(p.pattern),
        );
        if capture {
            self.candidates.clear();
            capture_moves(board, color, last, &mut self.candidates);
            if let Some(m) = self.pick(board, color, rng) {
                return Some(m);
            }
        }
        if escape {
            self.candidates.clear();
            self.escape_moves(board, color, last);
            if let Some(m) = self.pick(board, color, rng) {
                return Some(m);
            }
        }
        if two {
            self.candidates.clear();
            two_liberty_moves(board, color, last, &mut self.candidates);
            if let Some(m) = self.pick(board, color, rng) {
                return Some(m);
            }
        }
        if nakade {
            if let Some(m) = nakade_point(board, last) {
                if board.is_legal_fast(color, m) {
                    return Some(m);
                }
            }
        }
        if pattern {
            if self.params.learned_patterns {
                return self.learned_shape(board, color, last, rng);
            }
            self.candidates.clear();
            let geo = board.geometry();
            for q in geo
                .neighbors(last.index())
                .into_iter()
                .chain(geo.diagonals(last.index()))
            {
                if board.cell(q) == Cell::Empty && matches_pattern(board, Point::new(q)) {
                    self.candidates.push(Point::new(q));
                }
            }
            if let Some(m) = self.pick(board, color, rng) {
                return Some(m);
            }
        }
        None
    }

    /// A neighbour of the last move chosen in proportion to its learned 3x3 gamma, among those
    /// at least `learned_threshold` that are acceptable moves.
    fn learned_shape(
        &mut self,
        board: &Board,
        color: Color,
        last: Point,
        rng: &mut Rng,
    ) -> Option<Point> {
        let geo = board.geometry();
        let mut points = [Point::new(0); 8];
        let mut weights = [0.0f32; 8];
        let mut n = 0;
        let mut total = 0.0;
        for q in geo
            .neighbors(last.index())
            .into_iter()
            .chain(geo.diagonals(last.index()))
        {
            let q = Point::new(q);
            if board.at(q) != Cell::Empty {
                continue;
            }
            let g = self.model.gamma3x3(pattern3x3(board, q, color));
            if g >= self.params.learned_threshold {
                points[n] = q;
                weights[n] = g;
                total += g;
                n += 1;
            }
        }
        // Draw without replacement until an acceptable move comes up.
        while n > 0 && total > 0.0 {
            let mut x = rng.unit() * total;
            let mut i = 0;
            while i + 1 < n && x >= weights[i] {
                x -= weights[i];
                i += 1;
            }
            let p = points[i];
            if self.acceptable(board, color, p, self.params.self_atari_heuristic, rng) {
                return Some(p);
            }
            total -= weights[i];
            n -= 1;
            points[i] = points[n];
            weights[i] = weights[n];
        }
        None
    }

    /// A random acceptable candidate: legal, not an own eye, not a rejected self-atari.
    fn pick(&mut self, board: &Board, color: Color, rng: &mut Rng) -> Option<Point> {
        let n = self.candidates.len;
        if n == 0 {
            return None;
        }
        let start = rng.below(n);
        for i in 0..n {
            let p = self.candidates.points[(start + i) % n];
            if self.acceptable(board, color, p, self.params.self_atari_heuristic, rng) {
                return Some(p);
            }
        }
        None
    }

    /// Legal, not an own true eye, and not a self-atari of more than a few stones (rejected with
    /// probability `reject`). The common case, two or more empty neighbours, needs no more
    /// checks: such a point is no eye, no suicide, no self-atari and never the ko point.
    #[inline]
    fn acceptable(
        &self,
        board: &Board,
        color: Color,
        p: Point,
        reject: f32,
        rng: &mut Rng,
    ) -> bool {
        if board.empty_neighbors(p) >= 2 {
            debug_assert!(board.is_legal_fast(color, p));
            return true;
        }
        board.is_legal_fast(color, p)
            && !board.is_eye(color, p)
            && !(board.self_atari_stones(color, p) > self.params.self_atari_stones
                && rng.chance(reject))
    }

    /// Own chains next to the last move in atari: capture an attacker in atari, or extend when
    /// that gives three liberties, or two that are not a working ladder.
    fn escape_moves(&mut self, board: &Board, color: Color, last: Point) {
        let own = Cell::from(color);
        let geo = board.geometry();
        for q in geo.neighbors(last.index()) {
            if board.cell(q) != own || !board.in_atari(Point::new(q)) {
                continue;
            }
            let chain = Point::new(q);
            attackers_in_atari(board, chain, &mut self.candidates);
            let lib = board.atari_liberty(chain);
            let libs = board.liberties_after::<3>(color, lib);
            if libs >= 3 || (libs == 2 && !self.ladder_captures(board, chain, color)) {
                self.candidates.push(lib);
            }
        }
    }

    /// Does the chain through `chain` (of `defender`, in atari, defender to move) die in a
    /// ladder?
    pub fn ladder_captures(&mut self, board: &Board, chain: Point, defender: Color) -> bool {
        self.ladder.captures(board, chain, defender)
    }

    /// A random point whose eight neighbours are all empty (fills open space early).
    fn fill_board(&self, board: &Board, color: Color, rng: &mut Rng) -> Option<Point> {
        let n = board.empty_count();
        if n == 0 {
            return None;
        }
        let geo = board.geometry();
        for _ in 0..self.params.fill_board_tries {
            let p = board.empty_point(rng.below(n));
            let i = p.index();
            if geo
                .neighbors(i)
                .iter()
                .chain(geo.diagonals(i).iter())
                .all(|&q| board.cell(q) == Cell::Empty)
                && board.is_legal_fast(color, p)
            {
                return Some(p);
            }
        }
        None
    }

    /// A random legal move that is not an own eye, rejecting self-ataris with a probability.
    fn random(&self, board: &Board, color: Color, rng: &mut Rng) -> Option<Point> {
        let n = board.empty_count();
        if n == 0 {
            return None;
        }
        let start = rng.below(n);
        let mut fallback = None;
        for i in (start..n).chain(0..start) {
            let p = board.empty_point(i);
            if board.empty_neighbors(p) >= 2 {
                return Some(p);
            }
            if board.is_eye(color, p) || !board.is_legal_fast(color, p) {
                continue;
            }
            if board.self_atari_stones(color, p) > self.params.self_atari_stones
                && rng.chance(self.params.self_atari_random)
            {
                // Keep it only as a last resort: better than passing with moves left.
                fallback = fallback.or(Some(p));
                continue;
            }
            return Some(p);
        }
        fallback
    }
}

/// Opponent chains in atari at or next to the last move: their liberty captures them.
fn capture_moves(board: &Board, color: Color, last: Point, out: &mut Candidates) {
    let opp = Cell::from(color.opponent());
    let geo = board.geometry();
    if board.in_atari(last) {
        out.push(board.atari_liberty(last));
    }
    for q in geo.neighbors(last.index()) {
        if board.cell(q) == opp && board.in_atari(Point::new(q)) {
            out.push(board.atari_liberty(Point::new(q)));
        }
    }
}

/// Liberties of opponent chains in atari that touch the chain through `chain`.
fn attackers_in_atari(board: &Board, chain: Point, out: &mut Candidates) {
    let Some(color) = board.at(chain).color() else {
        return;
    };
    let opp = Cell::from(color.opponent());
    let geo = board.geometry();
    for s in board.chain_stones(chain) {
        for q in geo.neighbors(s.index()) {
            if board.cell(q) == opp && board.in_atari(Point::new(q)) {
                out.push(board.atari_liberty(Point::new(q)));
            }
        }
    }
}

/// Chains with two liberties at or next to the last move: atari the opponent's, lengthen ours.
fn two_liberty_moves(board: &Board, color: Color, last: Point, out: &mut Candidates) {
    let geo = board.geometry();
    let own = Cell::from(color);
    let mut seen = [Point::new(0); 5];
    let mut nseen = 0;
    for q in std::iter::once(last.index()).chain(geo.neighbors(last.index())) {
        let c = board.cell(q);
        if c != Cell::Black && c != Cell::White {
            continue;
        }
        let id = board.chain_id(Point::new(q));
        if seen[..nseen].contains(&id) {
            continue;
        }
        seen[nseen] = id;
        nseen += 1;
        let (libs, n) = board.liberties::<3>(Point::new(q));
        if n != 2 {
            continue;
        }
        for &l in &libs[..2] {
            if c == own {
                // Extend where it gains liberties.
                if board.liberties_after::<3>(color, l) >= 3 {
                    out.push(l);
                }
            } else {
                // Atari, unless the atari stone would itself be short of liberties.
                if board.liberties_after::<2>(color, l) >= 2 {
                    out.push(l);
                }
            }
        }
    }
}

/// Read a ladder: `defender`'s chain through `chain` is in atari on `orig` and the defender is
/// to move. `b` holds `orig` with the moves `path[..len]` played (defender first, alternating);
/// it is left in some position of the reading. True when the attacker captures the chain.
/// Backtracking replays from `orig` rather than copying boards at every level, so the recursion
/// stays small on the stack.
fn ladder_read(
    orig: &Board,
    b: &mut Board,
    path: &mut [Point; 2 * LADDER_DEPTH + 2],
    len: usize,
    chain: Point,
    defender: Color,
) -> bool {
    if len >= 2 * LADDER_DEPTH {
        return false;
    }
    let attacker = defender.opponent();
    let (own, opp) = (Cell::from(defender), Cell::from(attacker));
    let geo = b.geometry();
    let attacker_in_atari = |b: &Board, q: usize| b.cell(q) == opp && b.in_atari(Point::new(q));
    // Capturing an attacker in atari next to the chain escapes (approximately: assume so).
    // Later in the ladder only the attackers next to the newest stone can have come into atari.
    if len == 0 {
        for s in b.chain_stones(chain) {
            if geo
                .neighbors(s.index())
                .iter()
                .any(|&q| attacker_in_atari(b, q))
            {
                return false;
            }
        }
    }
    let lib = b.atari_liberty(chain);
    if !b.is_legal_fast(defender, lib) {
        return true;
    }
    // The chain's only liberty was `lib`: after extending there its liberties are the empty
    // neighbours of `lib`, unless the stone also joins another chain (then count them all).
    let id = b.chain_id(chain);
    let joins = geo
        .neighbors(lib.index())
        .iter()
        .any(|&q| b.cell(q) == own && b.chain_id(Point::new(q)) != id);
    b.play_unchecked(defender, lib);
    path[len] = lib;
    if geo
        .neighbors(lib.index())
        .iter()
        .any(|&q| attacker_in_atari(b, q))
    {
        return false;
    }
    let (libs, n) = if joins {
        b.liberties::<3>(chain)
    } else {
        let mut libs = [Point::new(0); 3];
        let mut n = 0;
        for q in geo.neighbors(lib.index()) {
            if b.cell(q) == Cell::Empty {
                libs[n] = Point::new(q);
                n += 1;
            }
        }
        (libs, n)
    };
    match n {
        0 | 1 => true,
        2 => {
            // The attacker ataris on the liberty that leaves the defender fewer liberties after
            // extending at the other one. When both leave as many, both are read (that costs a
            // replay of the ladder so far); otherwise the other atari only lets the defender out.
            let left = |b: &Board, a: Point, other: Point| {
                let touching = geo.neighbors(other.index()).contains(&a.index());
                b.empty_neighbors(other) - usize::from(touching)
            };
            let (l0, l1) = (left(b, libs[0], libs[1]), left(b, libs[1], libs[0]));
            let order = if l1 < l0 {
                [libs[1], libs[0]]
            } else {
                [libs[0], libs[1]]
            };
            let tries = if l0 == l1 { 2 } else { 1 };
            for (k, a) in order.into_iter().enumerate().take(tries) {
                if k > 0 {
                    // Back to the position after the defender's extension.
                    b.copy_from(orig);
                    for (i, &p) in path[..=len].iter().enumerate() {
                        let c = if i % 2 == 0 { defender } else { attacker };
                        b.play_unchecked(c, p);
                    }
                }
                if !b.is_legal_fast(attacker, a) || b.self_atari_stones(attacker, a) > 0 {
                    continue;
                }
                b.play_unchecked(attacker, a);
                path[len + 1] = a;
                if b.in_atari(chain) && ladder_read(orig, b, path, len + 2, chain, defender) {
                    return true;
                }
            }
            false
        }
        _ => false,
    }
}

/// The vital point of a small eye space next to the last move: an empty region of 3 to 6
/// points surrounded by one colour, with a single point touching more region points than any
/// other (the middle of straight and bent three, the centre of the pyramid four, bulky five,
/// flower five and rabbitty six). Living shapes (straight and bent four) have no single such
/// point and give none.
fn nakade_point(board: &Board, last: Point) -> Option<Point> {
    let geo = board.geometry();
    for q in geo.neighbors(last.index()) {
        if board.cell(q) != Cell::Empty {
            continue;
        }
        let mut region = [0u16; 7];
        let mut n = 0;
        let mut border_color = Cell::Empty;
        let mut ok = true;
        region[0] = q as u16;
        n += 1;
        let mut i = 0;
        while i < n && ok {
            let r = region[i] as usize;
            i += 1;
            for s in geo.neighbors(r) {
                match board.cell(s) {
                    Cell::Empty => {
                        if !region[..n].contains(&(s as u16)) {
                            if n == region.len() {
                                ok = false;
                                break;
                            }
                            region[n] = s as u16;
                            n += 1;
                        }
                    }
                    Cell::Border => {}
                    c => {
                        if border_color == Cell::Empty {
                            border_color = c;
                        } else if border_color != c {
                            ok = false;
                        }
                    }
                }
            }
        }
        if !ok || !(3..=6).contains(&n) {
            continue;
        }
        let degree = |r: usize| {
            geo.neighbors(r)
                .iter()
                .filter(|&&s| region[..n].contains(&(s as u16)))
                .count()
        };
        let mut best = 0;
        let mut best_point = None;
        let mut unique = false;
        for &r in &region[..n] {
            let d = degree(r as usize);
            if d > best {
                best = d;
                best_point = Some(Point::new(r as usize));
                unique = true;
            } else if d == best {
                unique = false;
            }
        }
        if unique && best >= 2 {
            return best_point;
        }
    }
    None
}

// ------------------------------------------------------------------------------ 3x3 patterns

/// Shapes worth playing next to the last move, for the player to move (`X`) against `O`
/// (in the table, both colourings: the code is in raw colours, Black = `X`):
/// `.` empty, `#` edge, `?` anything, `x` not an `X` stone, `o` not an `O` stone. The centre is
/// the move. These are the classic MoGo shapes (Gelly et al., 2006): hane, cuts, and edge moves,
/// matched in all eight orientations and with colours swapped.
const PATTERNS: [&str; 14] = [
    "XOX ... ???", // hane enclosing an opponent stone
    "XO. ... ?.?", // hane that cannot be cut
    "XO? X.. x.?", // magari (turning hane)
    "XOO ... ?.?", // thin hane
    ".O. X.. ...", // diagonal attachment
    "XO? O.o ?o?", // cut that is not yet protected
    "XO? O.X ???", // cut after a peep
    "?X? O.O ooo", // cut between two stones
    "OX? o.O ???", // knight's-move cut
    "X.? O.? ###", // edge: chase along the side
    "OX? X.O ###", // edge: block the side cut
    "?X? x.O ###", // edge: block the side connection
    "?XO x.x ###", // edge: sagari
    "?OX X.O ###", // edge: cut
];

/// 3x3 neighbourhood code of `p`: two bits per neighbour (empty 0, Black 1, White 2, edge 3),
/// in the order NW N NE W E SW S SE.
#[inline]
pub fn neighborhood_code(board: &Board, p: Point) -> u16 {
    let s = board.geometry().stride();
    let i = p.index();
    let c = |q: usize| board.cell(q) as u16;
    c(i + s - 1)
        | c(i + s) << 2
        | c(i + s + 1) << 4
        | c(i - 1) << 6
        | c(i + 1) << 8
        | c(i - s - 1) << 10
        | c(i - s) << 12
        | c(i - s + 1) << 14
}

/// Does the empty point `p` match one of the shape patterns? The pattern set holds every
/// shape with its colours swapped too, so the answer is the same for both players and the raw
/// colours can index it directly.
#[inline]
pub fn matches_pattern(board: &Board, p: Point) -> bool {
    let code = neighborhood_code(board, p) as usize;
    pattern_table()[code >> 6] & (1 << (code & 63)) != 0
}

fn pattern_table() -> &'static [u64; 1024] {
    static TABLE: OnceLock<[u64; 1024]> = OnceLock::new();
    TABLE.get_or_init(build_pattern_table)
}

/// Expand every pattern in all orientations and both colourings into a bit set of codes.
fn build_pattern_table() -> [u64; 1024] {
    let mut table = [0u64; 1024];
    for pat in PATTERNS {
        let cells: Vec<char> = pat.chars().filter(|c| !c.is_whitespace()).collect();
        let grid: [char; 9] = cells.try_into().expect("patterns are 3x3");
        for swapped in [false, true] {
            let g = grid.map(|c| if swapped { swap_colors(c) } else { c });
            for sym in 0..8 {
                let t = transform(&g, sym);
                // Neighbours in code order skip the centre (grid index 4).
                let allowed = [0, 1, 2, 3, 5, 6, 7, 8].map(|cell| allowed_values(t[cell]));
                add_codes(&allowed, 0, 0, &mut table);
            }
        }
    }
    table
}

/// Which 2-bit cell values (empty 0, X 1, O 2, edge 3) a pattern character allows, as a mask.
fn allowed_values(c: char) -> u8 {
    match c {
        '?' => 0b1111,
        '.' => 0b0001,
        'X' => 0b0010,
        'O' => 0b0100,
        '#' => 0b1000,
        'x' => 0b1101,
        'o' => 0b1011,
        _ => 0,
    }
}

/// Set every code whose neighbours `k..` take allowed values, given the bits chosen so far.
fn add_codes(allowed: &[u8; 8], k: usize, code: u16, table: &mut [u64; 1024]) {
    if k == 8 {
        table[code as usize >> 6] |= 1 << (code & 63);
        return;
    }
    for v in 0..4u16 {
        if allowed[k] & (1 << v) != 0 {
            add_codes(allowed, k + 1, code | v << (2 * k), table);
        }
    }
}

fn swap_colors(c: char) -> char {
    match c {
        'X' => 'O',
        'O' => 'X',
        'x' => 'o',
        'o' => 'x',
        c => c,
    }
}

/// One of the eight symmetries of a 3x3 grid (row-major, top row first).
fn transform(g: &[char; 9], sym: usize) -> [char; 9] {
    let mut out = ['?'; 9];
    for r in 0..3 {
        for c in 0..3 {
            let (mut rr, mut cc) = (r, c);
            if sym & 1 != 0 {
                cc = 2 - cc;
            }
            if sym & 2 != 0 {
                rr = 2 - rr;
            }
            if sym & 4 != 0 {
                std::mem::swap(&mut rr, &mut cc);
            }
            out[rr * 3 + cc] = g[r * 3 + c];
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pt(b: &Board, s: &str) -> Point {
        crate::coord::parse_move(s, b.geometry())
            .unwrap()
            .point()
            .unwrap()
    }

    #[test]
    fn captures_the_last_move_in_atari() {
        let mut b = Board::from_ascii(
            ". . . . .
             . X . . .
             X . . . .
             . X . . .
             . . . . .",
        )
        .unwrap();
        b.play_unchecked(Color::White, pt(&b, "B3"));
        let mut policy = Policy::new(PolicyParams {
            capture: 1.0,
            ..PolicyParams::default()
        });
        let mut rng = Rng::new(1);
        for _ in 0..20 {
            assert_eq!(
                policy.choose(&b, Color::Black, &mut rng),
                Some(pt(&b, "C3"))
            );
        }
    }

    #[test]
    fn ladders_are_read() {
        // White D4 is in atari (liberty E4). Extending runs up and to the right along the
        // classic staircase until the edge: the ladder works.
        let ladder = "
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . X . . . . .
            . . X O . . . . .
            . . . X X . . . .
            . . . . . . . . .
            . . . . . . . . .";
        let b = Board::from_ascii(ladder).unwrap();
        let d4 = pt(&b, "D4");
        assert!(b.in_atari(d4));
        let mut policy = Policy::new(PolicyParams::default());
        assert!(policy.ladder_captures(&b, d4, Color::White));
        // A white ladder breaker on the staircase's path saves it.
        let mut broken = b.clone();
        broken.play_unchecked(Color::White, pt(&b, "G7"));
        assert!(!policy.ladder_captures(&broken, d4, Color::White));
    }

    #[test]
    fn nakade_vital_points() {
        // Straight three a5-b5-c5: the middle.
        let three = Board::from_ascii(
            ". . . X .
             X X X X .
             . . . . .
             . . . . .
             . . . . .",
        )
        .unwrap();
        assert_eq!(
            nakade_point(&three, pt(&three, "C4")),
            Some(pt(&three, "B5"))
        );
        // Bent three in the corner: the bend, a5.
        let bent = Board::from_ascii(
            ". . X . .
             . X X . .
             X X . . .
             . . . . .
             . . . . .",
        )
        .unwrap();
        assert_eq!(nakade_point(&bent, pt(&bent, "B4")), Some(pt(&bent, "A5")));
        // Straight four lives: no vital point.
        let four = Board::from_ascii(
            ". . . . X
             X X X X X
             . . . . .
             . . . . .
             . . . . .",
        )
        .unwrap();
        assert_eq!(nakade_point(&four, pt(&four, "D4")), None);
    }

    #[test]
    fn pattern_table_is_symmetric_and_matches_a_hane() {
        // Hane: own stones on both sides of an opponent stone; the point below it.
        let b = Board::from_ascii(
            ". . . . .
             . X O X .
             . . . . .
             . . . . .
             . . . . .",
        )
        .unwrap();
        assert!(matches_pattern(&b, pt(&b, "C3")));
        assert!(!matches_pattern(&b, pt(&b, "C1")));
        // The same shape in White's colours matches too (either player may play it).
        let w = Board::from_ascii(
            ". . . . .
             . O X O .
             . . . . .
             . . . . .
             . . . . .",
        )
        .unwrap();
        assert!(matches_pattern(&w, pt(&w, "C3")));
        let t = build_pattern_table();
        let count: u32 = t.iter().map(|w| w.count_ones()).sum();
        assert!(count > 100);
        assert_eq!(
            transform(
                &transform(&['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i'], 4),
                4
            ),
            ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i']
        );
    }

    #[test]
    fn heavy_playouts_finish_and_keep_the_board_sound() {
        let mut policy = Policy::new(PolicyParams::default());
        let mut rng = Rng::new(5);
        for size in [5, 9, 19] {
            let mut b = Board::new(size).unwrap();
            let mut color = Color::Black;
            let mut passes = 0;
            let mut moves = 0;
            while passes < 2 && moves < 3 * size * size {
                match policy.choose(&b, color, &mut rng) {
                    Some(p) => {
                        assert!(b.is_legal(color, p).is_ok());
                        b.play_unchecked(color, p);
                        passes = 0;
                    }
                    None => {
                        b.pass();
                        passes += 1;
                    }
                }
                color = color.opponent();
                moves += 1;
            }
            b.check_invariants().unwrap();
            assert!(passes == 2, "a {size}x{size} playout should end by passes");
        }
    }
}
