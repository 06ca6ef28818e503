//! Prior knowledge for new tree nodes: each child move starts with virtual visits and wins
//! from cheap Go knowledge, so the search looks at sensible moves first (numbers from michi and
//! Pachi, see [`SearchParams`]).

use super::params::SearchParams;
use super::tree::{Node, Prior};
use crate::board::Board;
use crate::geometry::MAX_POINTS;
use crate::patterns::PatternModel;
use crate::tactics::liberties::captured_stones;
use crate::tactics::shapes::is_shape;
use crate::tactics::{liberties_after, self_atari_stones, Budget, LadderReader, Verdict};
use crate::types::{Cell, Color, Move, Point};

/// Distances to the nearest stone are counted up to this (the line priors look no farther).
pub const STONE_DISTANCE_CAP: u8 = 4;

/// Working space of the priors, allocated once per thread: common-fate-graph distance from the
/// last move (steps between adjacent points, where moving along a chain of stones is free; up
/// to 3, larger stay 255), grid distance from every point to the nearest stone (capped at
/// [`STONE_DISTANCE_CAP`]),
/// and the learned patterns' gammas with the ladder reader they need.
pub struct PriorScratch {
    dist: [u8; MAX_POINTS],
    stone_dist: [u8; MAX_POINTS],
    queue: [u16; MAX_POINTS * 2],
    gammas: [f32; MAX_POINTS],
    ladders: LadderReader,
    /// Ladder tactics of this node's position, per point: the [`ladder`] marks of the move.
    ladders_at: [u8; MAX_POINTS],
}

/// What a move does in a ladder, as bits of [`PriorScratch`]'s marks (a move may do several).
mod ladder {
    /// Captures by starting a working ladder.
    pub const WIN: u8 = 1;
    /// Extends a chain in atari into a ladder that catches it.
    pub const LOSS: u8 = 2;
    /// Starts a ladder the chain runs out of, and captures nothing.
    pub const CHASE: u8 = 4;
    /// Extends a chain in atari to two liberties where no ladder catches it.
    pub const RUN: u8 = 8;
}

impl PriorScratch {
    pub fn new() -> PriorScratch {
        PriorScratch {
            dist: [u8::MAX; MAX_POINTS],
            stone_dist: [u8::MAX; MAX_POINTS],
            queue: [0; MAX_POINTS * 2],
            gammas: [0.0; MAX_POINTS],
            ladders: LadderReader::new(Budget::THOROUGH),
            ladders_at: [0; MAX_POINTS],
        }
    }

    /// Find the ladders of `board` with `color` to move: ataris on opponent chains with two
    /// liberties that capture them in a ladder or that the chain runs from (a read that ran
    /// out of budget says neither), and extensions of own chains in atari to two liberties
    /// that die in a ladder or get out of it.
    pub fn compute_ladders(&mut self, board: &Board, color: Color) {
        let geo = board.geometry();
        self.ladders_at[..geo.array_len()].fill(0);
        let opp = color.opponent();
        for p in geo.points() {
            let Some(owner) = board.at(p).color() else {
                continue;
            };
            if board.chain_id(p) != p {
                continue; // one look per chain, at its head
            }
            let (libs, n) = board.liberties::<3>(p);
            if owner == opp && n == 2 {
                for a in [libs[0], libs[1]] {
                    if self_atari_stones(board, color, a) != 0 {
                        continue;
                    }
                    match self.ladders.atari(board, color, a, p) {
                        Verdict::Captured => self.ladders_at[a.index()] |= ladder::WIN,
                        Verdict::Escapes if captured_stones(board, color, a) == 0 => {
                            self.ladders_at[a.index()] |= ladder::CHASE;
                        }
                        _ => {}
                    }
                }
            } else if owner == color && n == 1 {
                let lib = libs[0];
                if liberties_after::<3>(board, color, lib) == 2 {
                    match self.ladders.extension(board, color, lib, p) {
                        Verdict::Captured => self.ladders_at[lib.index()] |= ladder::LOSS,
                        Verdict::Escapes => self.ladders_at[lib.index()] |= ladder::RUN,
                        Verdict::OutOfBudget => {}
                    }
                }
            }
        }
    }

    /// Grid distance from every point to the nearest stone, capped at [`STONE_DISTANCE_CAP`]
    /// (breadth-first search from all stones at once).
    pub fn compute_stone_distance(&mut self, board: &Board) {
        let geo = board.geometry();
        self.stone_dist[..geo.array_len()].fill(STONE_DISTANCE_CAP);
        let mut tail = 0;
        for p in geo.points() {
            if board.at(p) != Cell::Empty {
                self.stone_dist[p.index()] = 0;
                self.queue[tail] = p.index() as u16;
                tail += 1;
            }
        }
        let mut head = 0;
        while head < tail {
            let p = self.queue[head] as usize;
            head += 1;
            let d = self.stone_dist[p] + 1;
            if d >= STONE_DISTANCE_CAP {
                continue;
            }
            for q in geo.neighbors(p) {
                if board.at_index(q) != Cell::Border && self.stone_dist[q] > d {
                    self.stone_dist[q] = d;
                    self.queue[tail] = q as u16;
                    tail += 1;
                }
            }
        }
    }

    /// Grid distance from `p` to the nearest stone ([`STONE_DISTANCE_CAP`] means that or more).
    #[inline]
    pub fn stone_distance(&self, p: Point) -> u8 {
        self.stone_dist[p.index()]
    }

    /// Compute the common-fate-graph distances from `from` (0-1 breadth-first search on a
    /// double-ended queue).
    pub fn compute_fate_distance(&mut self, board: &Board, from: Point) {
        let geo = board.geometry();
        let n = geo.array_len();
        self.dist[..n].fill(u8::MAX);
        let cap = self.queue.len();
        let (mut head, mut tail) = (MAX_POINTS, MAX_POINTS);
        self.dist[from.index()] = 0;
        self.queue[tail] = from.index() as u16;
        tail += 1;
        while head < tail {
            let p = self.queue[head] as usize;
            head += 1;
            let d = self.dist[p];
            if d >= 3 {
                continue;
            }
            let pc = board.at_index(p);
            for q in geo.neighbors(p) {
                let qc = board.at_index(q);
                if qc == Cell::Border {
                    continue;
                }
                let same_chain = pc != Cell::Empty && qc == pc;
                let nd = if same_chain { d } else { d + 1 };
                if nd < self.dist[q] {
                    self.dist[q] = nd;
                    if same_chain && head > 0 {
                        head -= 1;
                        self.queue[head] = q as u16;
                    } else if tail < cap {
                        self.queue[tail] = q as u16;
                        tail += 1;
                    }
                }
            }
        }
    }

    /// Common-fate-graph distance of `p` from the last [`Self::compute_fate_distance`] (255
    /// when beyond 3).
    #[inline]
    pub fn fate_distance(&self, p: Point) -> u8 {
        self.dist[p.index()]
    }
}

impl Default for PriorScratch {
    fn default() -> Self {
        Self::new()
    }
}

/// Candidate children of a node where `color` is to move: every legal point that is not the
/// mover's own true eye, plus pass; each with (virtual visits, virtual wins).
pub fn expand_moves(
    board: &Board,
    color: Color,
    params: &SearchParams,
    scratch: &mut PriorScratch,
    out: &mut Vec<Prior>,
) {
    out.clear();
    let geo = board.geometry();
    let last = board.last_move().point();
    if let Some(l) = last {
        scratch.compute_fate_distance(board, l);
    }
    scratch.compute_stone_distance(board);
    scratch.compute_ladders(board, color);
    let open = board.empty_count() as f32 / geo.points_count() as f32;
    let even = params.prior_even;
    for p in geo.points() {
        if board.at(p) != Cell::Empty || board.is_eye(color, p) || !board.is_legal(color, p) {
            continue;
        }
        let (mut visits, mut wins) = (even, even * 0.5);
        let mut add = |v: f32, w: f32| {
            visits += v;
            wins += w;
        };
        // Captures and escapes (most points touch no chain in atari: one look settles both).
        let touches_atari = geo.neighbors(p.index()).iter().any(|&q| {
            matches!(board.at_index(q), Cell::Black | Cell::White) && board.in_atari(Point::new(q))
        });
        let (captured, escapes) = if touches_atari {
            let own = Cell::from(color);
            let escapes = geo
                .neighbors(p.index())
                .iter()
                .any(|&q| board.at_index(q) == own && board.in_atari(Point::new(q)));
            (captured_stones(board, color, p), escapes)
        } else {
            (0, false)
        };
        if captured > 0 {
            let bonus = if captured >= params.big_chain {
                params.prior_capture_big
            } else {
                params.prior_capture
            };
            add(bonus, bonus);
        }
        let self_atari = self_atari_stones(board, color, p);
        let ladder_marks = scratch.ladders_at[p.index()];
        if ladder_marks & ladder::WIN != 0 {
            add(params.prior_ladder, params.prior_ladder);
        }
        if ladder_marks & ladder::LOSS != 0 {
            add(params.prior_ladder, 0.0);
        }
        if ladder_marks & ladder::CHASE != 0 {
            add(params.prior_ladder_chase, 0.0);
        }
        if escapes && self_atari == 0 {
            if liberties_after::<3>(board, color, p) >= 3 {
                add(params.prior_escape, params.prior_escape);
            } else if ladder_marks & ladder::RUN != 0 {
                add(params.prior_ladder_run, params.prior_ladder_run);
            }
        }
        if self_atari > 1 {
            add(params.prior_self_atari, 0.0);
        }
        if is_shape(board, p, color) {
            add(params.prior_pattern, params.prior_pattern);
        }
        if last.is_some() {
            let d = scratch.fate_distance(p);
            if (1..=3).contains(&d) {
                let b = params.prior_near()[d as usize - 1];
                add(b, b);
            }
        }
        let line = geo.line(p);
        if line <= 2 && geo.size() >= params.line_priors_min_size {
            let far = usize::from(scratch.stone_distance(p));
            if line == 0 && far >= params.first_line_clear {
                add(params.prior_first_line, 0.0);
            } else if line == 2 && far >= params.empty_area_clear {
                add(params.prior_empty_area, params.prior_empty_area);
            }
        }
        out.push(Prior {
            mv: Move::Play(p),
            visits,
            wins,
        });
    }
    // Passing early is almost never right; late it may be.
    let pass_losses = if open > params.pass_open_share {
        params.prior_pass
    } else {
        0.0
    };
    out.push(Prior {
        mv: Move::Pass,
        visits: even + pass_losses,
        wins: even * 0.5,
    });
}

/// Add the learned patterns' prior to the children `kids` of a node whose position is `board`
/// with `color` to move, in one or both of two forms: `prior_learned` virtual visits for each
/// move, won in proportion to its gamma relative to the strongest move's (raised to
/// `prior_learned_exponent`); and `prior_learned_share * sqrt(p)` virtual wins, `p` the move's
/// gamma over the sum of all candidates' gammas (the model's probability that the move is
/// played). Full features cost a few microseconds a point, so the search does this only for
/// nodes that have earned enough visits (`learned_visits`), not at every expansion.
pub fn add_learned_priors(
    board: &Board,
    color: Color,
    params: &SearchParams,
    scratch: &mut PriorScratch,
    kids: &[Node],
) {
    let geo = board.geometry();
    PatternModel::shipped().move_gammas(board, color, &mut scratch.ladders, &mut scratch.gammas);
    let gammas = &scratch.gammas[..geo.array_len()];
    let max_gamma = gammas.iter().fold(0.0f32, |a, &b| a.max(b));
    if max_gamma <= 0.0 {
        return;
    }
    let gamma = |kid: &Node| match kid.mv() {
        Move::Play(p) => Some(gammas[p.index()]),
        Move::Pass => None,
    };
    let total: f32 = kids.iter().filter_map(gamma).sum();
    for kid in kids {
        let Some(g) = gamma(kid) else {
            continue;
        };
        let (mut visits, mut wins) = (0.0, 0.0);
        if params.prior_learned > 0.0 {
            visits += params.prior_learned;
            wins += params.prior_learned * (g / max_gamma).powf(params.prior_learned_exponent);
        }
        if params.prior_learned_share > 0.0 {
            let share = params.prior_learned_share * (g / total).sqrt();
            visits += share;
            wins += share;
        }
        kid.add_prior(visits, wins);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_boards::pt;

    #[test]
    fn fate_distance_treats_chains_as_one_step() {
        let b = Board::from_ascii(
            ". . . . .
             . X X X .
             . . . . .
             . . . . .
             . . . . .",
        )
        .unwrap();
        let mut scratch = PriorScratch::new();
        scratch.compute_fate_distance(&b, pt(&b, "B4"));
        assert_eq!(scratch.fate_distance(pt(&b, "D4")), 0, "same chain");
        assert_eq!(
            scratch.fate_distance(pt(&b, "E4")),
            1,
            "next to the chain's far end"
        );
        assert_eq!(scratch.fate_distance(pt(&b, "E3")), 2);
        assert_eq!(scratch.fate_distance(pt(&b, "A2")), 3);
        assert_eq!(scratch.fate_distance(pt(&b, "E1")), u8::MAX, "beyond 3");
        scratch.compute_stone_distance(&b);
        assert_eq!(scratch.stone_distance(pt(&b, "C4")), 0);
        assert_eq!(scratch.stone_distance(pt(&b, "C3")), 1);
        assert_eq!(
            scratch.stone_distance(pt(&b, "A2")),
            3,
            "two down and one across from B4"
        );
        assert_eq!(scratch.stone_distance(pt(&b, "C1")), 3);
    }

    #[test]
    fn a_capture_has_the_best_prior() {
        let b = Board::from_ascii(
            ". . X . .
             . X O . .
             . . X . .
             . . . . .
             . . . . .",
        )
        .unwrap();
        let mut out = Vec::new();
        expand_moves(
            &b,
            Color::Black,
            &SearchParams::default(),
            &mut PriorScratch::new(),
            &mut out,
        );
        let best = out
            .iter()
            .max_by(|a, b| a.rate().total_cmp(&b.rate()))
            .unwrap();
        assert_eq!(best.mv, Move::Play(pt(&b, "D4")));
        assert!(out.iter().any(|p| p.mv == Move::Pass));
        assert_eq!(
            out.len(),
            21 + 1,
            "every empty point but none is an eye, plus pass"
        );
    }

    #[test]
    fn the_learned_share_prior_is_the_square_root_of_the_models_probability() {
        use crate::search::tree::Tree;
        let b = Board::from_ascii(
            ". . . . . . .
             . . X O . . .
             . . X O . . .
             . . . . . . .
             . . . . . . .
             . . . . . . .
             . . . . . . .",
        )
        .unwrap();
        let params = SearchParams {
            prior_learned: 0.0,
            prior_learned_share: 100.0,
            ..SearchParams::default()
        };
        let mut scratch = PriorScratch::new();
        let mut moves = Vec::new();
        expand_moves(&b, Color::Black, &params, &mut scratch, &mut moves);
        let tree = Tree::new(1 << 22);
        let root = tree.node(Tree::ROOT);
        assert!(root.claim_expansion() && tree.expand(root, &moves));
        let (_, kids) = tree.children(root);
        let before: Vec<_> = kids.iter().map(|k| k.stats()).collect();
        add_learned_priors(&b, Color::Black, &params, &mut scratch, kids);
        let mut total = 0.0;
        for (kid, old) in kids.iter().zip(&before) {
            let new = kid.stats();
            let (visits, wins) = (
                new.prior_visits - old.prior_visits,
                new.prior_wins - old.prior_wins,
            );
            if kid.mv() == Move::Pass {
                assert_eq!((visits, wins), (0.0, 0.0), "no gamma, no prior");
                continue;
            }
            // Virtual wins only (up to the fixed-point rounding of the stored prior).
            assert!((visits - wins).abs() <= 0.25, "{visits} {wins}");
            total += (visits / 100.0).powi(2);
        }
        // The shares are the square roots of probabilities that add up to 1.
        assert!((total - 1.0).abs() < 0.05, "{total}");
    }

    #[test]
    fn an_atari_the_chain_runs_from_costs_and_running_earns() {
        // White E5 against Black D5 E6 F6: Black's atari at E4 starts a ladder to the lower
        // right; a White stone at G3 breaks it.
        let rows = |breaker: char| {
            format!(
                ". . . . . . . . .
                 . . . . . . . . .
                 . . . . . . . . .
                 . . . . X X . . .
                 . . . X O . . . .
                 . . . . . . . . .
                 . . . . . . {breaker} . .
                 . . . . . . . . .
                 . . . . . . . . ."
            )
        };
        let open = Board::from_ascii(&rows('.')).unwrap();
        let broken = Board::from_ascii(&rows('O')).unwrap();
        let prior = |b: &Board, color: Color, at: &str, params: &SearchParams| {
            let mut out = Vec::new();
            expand_moves(b, color, params, &mut PriorScratch::new(), &mut out);
            let mv = Move::Play(pt(b, at));
            *out.iter().find(|p| p.mv == mv).unwrap()
        };
        let plain = SearchParams {
            prior_ladder_chase: 0.0,
            prior_ladder_run: 0.0,
            ..SearchParams::default()
        };
        let chase = SearchParams {
            prior_ladder_chase: 20.0,
            ..plain.clone()
        };
        let mut reader = LadderReader::new(Budget::THOROUGH);
        let (e4, e5) = (pt(&open, "E4"), pt(&open, "E5"));
        assert!(reader.atari(&open, Color::Black, e4, e5).captured());
        assert_eq!(
            reader.atari(&broken, Color::Black, e4, e5),
            Verdict::Escapes
        );
        // The working ladder earns its wins whatever the chase costs.
        let (a, b) = (
            prior(&open, Color::Black, "E4", &plain),
            prior(&open, Color::Black, "E4", &chase),
        );
        assert_eq!((a.visits, a.wins), (b.visits, b.wins));
        assert!(a.wins >= plain.prior_ladder);
        // The broken one is a chase: 20 virtual losses more.
        let (a, b) = (
            prior(&broken, Color::Black, "E4", &plain),
            prior(&broken, Color::Black, "E4", &chase),
        );
        assert_eq!((b.visits - a.visits, b.wins - a.wins), (20.0, 0.0));
        // After the atari, White's extension to two liberties: into the working ladder it
        // costs, out of the broken one it earns what running out of a ladder is worth.
        let mut open = open;
        let mut broken = broken;
        open.play(Color::Black, Move::Play(e4)).unwrap();
        broken.play(Color::Black, Move::Play(e4)).unwrap();
        let run = SearchParams {
            prior_ladder_run: 15.0,
            ..plain.clone()
        };
        let (a, b) = (
            prior(&broken, Color::White, "F5", &plain),
            prior(&broken, Color::White, "F5", &run),
        );
        assert_eq!((b.visits - a.visits, b.wins - a.wins), (15.0, 15.0));
        let (a, b) = (
            prior(&open, Color::White, "F5", &plain),
            prior(&open, Color::White, "F5", &run),
        );
        assert_eq!((a.visits, a.wins), (b.visits, b.wins));
        assert!(b.visits - b.wins >= plain.prior_ladder);
    }
}
