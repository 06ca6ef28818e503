//! Every tunable of the search in one place, each with what it does and where its default comes
//! from. Defaults are starting points from the literature (see `docs/REFERENCES.md`), to be
//! tuned by matches.

/// The tree policy, priors, expansion and decisions.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchParams {
    /// RAVE equivalence parameter E in `beta = r / (r + n + n*r/E)` (Gelly–Silver). Larger
    /// trusts AMAF longer. Pachi 3000, michi 3500.
    pub rave_equiv: f32,
    /// UCB exploration constant (0: none; the priors and AMAF explore, as in Pachi and Fuego).
    pub exploration: f32,
    /// A leaf is expanded once it has this many visits (Fuego 3, michi 8).
    pub expand_visits: u32,
    /// Weight of the even prior, in virtual visits at 0.5 (michi 10).
    pub prior_even: f32,
    /// Virtual wins for a move that captures (michi 15), and for capturing or saving a chain of
    /// at least `big_chain` stones (michi 30).
    pub prior_capture: f32,
    pub prior_capture_big: f32,
    pub big_chain: usize,
    /// Virtual wins for a move that saves an own chain in atari by extending it.
    pub prior_escape: f32,
    /// Virtual wins for an atari that captures by a working ladder, and virtual losses for an
    /// extension that runs into one.
    pub prior_ladder: f32,
    /// Virtual wins for a move matching a 3x3 shape pattern (michi 10).
    pub prior_pattern: f32,
    /// Virtual wins for moves at common-fate-graph distance 1, 2, 3 from the last move
    /// (michi 24, 22, 8).
    pub prior_near: [f32; 3],
    /// Virtual visits of the learned-pattern prior (0 turns it off); the virtual wins are this
    /// times the move's gamma relative to the best move's, raised to `prior_learned_exponent`.
    pub prior_learned: f32,
    pub prior_learned_exponent: f32,
    /// A node's children get the learned prior once the node has this many visits (the root
    /// at once).
    pub learned_visits: u32,
    /// Virtual losses for a self-atari of more than one stone (michi 10).
    pub prior_self_atari: f32,
    /// Virtual losses for a first-line move with no stone nearby.
    pub prior_first_line: f32,
    /// Virtual wins for a third-line move with no stone within Manhattan distance 3 (michi 10).
    pub prior_empty_area: f32,
    /// Virtual losses for passing while the board is still largely open.
    pub prior_pass: f32,
    /// Resign when the win rate of the chosen move is below this for `resign_moves` of our moves
    /// in a row (0 disables resigning).
    pub resign_threshold: f32,
    /// Consecutive low win rates needed before resigning.
    pub resign_moves: usize,
    /// No resignation before this share of the board is filled (moves played / points).
    pub resign_min_fill: f32,
    /// Stop when the best move cannot be overtaken in the remaining budget (playouts per second
    /// estimated on the fly). A safety factor below 1 stops a little earlier.
    pub early_stop_factor: f32,
    /// When the planned time is up and the clock allows more (see `SearchLimits::max_time`),
    /// the search goes on while its choice is in doubt: while the most visited move has fewer
    /// than this many times the visits of the second, or a move with at least a quarter of its
    /// visits has a better win rate (Huang, Coulom and Lin 2010: think longer when unstable).
    pub clear_visit_ratio: f32,
    /// Ownership beyond this (from -1..1) makes a point settled; a stone owned by the other side
    /// beyond it is dead.
    pub settled_ownership: f32,
    /// Dynamic komi in handicap games: extra komi per handicap stone at the start, decaying
    /// linearly to 0 when `dynkomi_fill` of the board's points have been played (Pachi: linear).
    pub dynkomi_per_stone: f32,
    pub dynkomi_fill: f32,
}

impl Default for SearchParams {
    fn default() -> SearchParams {
        SearchParams {
            rave_equiv: 3000.0,
            exploration: 0.0,
            expand_visits: 2,
            prior_even: 10.0,
            prior_capture: 15.0,
            prior_capture_big: 30.0,
            big_chain: 3,
            prior_escape: 15.0,
            prior_ladder: 30.0,
            prior_pattern: 10.0,
            prior_near: [24.0, 22.0, 8.0],
            prior_learned: 40.0,
            prior_learned_exponent: 0.5,
            learned_visits: 10,
            prior_self_atari: 10.0,
            prior_first_line: 10.0,
            prior_empty_area: 10.0,
            prior_pass: 30.0,
            resign_threshold: 0.1,
            resign_moves: 3,
            resign_min_fill: 0.15,
            early_stop_factor: 0.95,
            clear_visit_ratio: 1.5,
            settled_ownership: 0.6,
            dynkomi_per_stone: 7.0,
            dynkomi_fill: 0.55,
        }
    }
}

/// The playout policy: each heuristic is tried in this order, each with a probability.
#[derive(Clone, Debug, PartialEq)]
pub struct PolicyParams {
    /// Capture the last move's chain, or any opponent chain next to it, when in atari (Pachi 0.9).
    pub capture: f32,
    /// Save an own chain next to the last move that is in atari: capture an attacker or extend,
    /// unless the extension runs into a ladder (Pachi 0.9).
    pub escape: f32,
    /// Atari an opponent chain with two liberties next to the last move, or give an own
    /// two-liberty chain a third liberty.
    pub two_liberties: f32,
    /// Play the vital point of a 3- to 6-point eye space next to the last move (Pachi 0.8).
    pub nakade: f32,
    /// Play a 3x3 shape pattern (hane, cut, ...) next to the last move (michi 0.95).
    pub pattern: f32,
    /// Choose that shape by the learned 3x3 gammas (with atari information) instead of the
    /// hand-written MoGo shapes: neighbours whose gamma is at least `learned_threshold` are
    /// candidates, picked in proportion to their gamma.
    pub learned_patterns: bool,
    pub learned_threshold: f32,
    /// Play a random point whose eight neighbours are empty, with this many tries.
    pub fill_board: f32,
    pub fill_board_tries: usize,
    /// Reject a heuristic move that is a self-atari of more than `self_atari_stones` stones with
    /// this probability (michi 0.9).
    pub self_atari_heuristic: f32,
    /// ...and a random move likewise (Pachi found 0.6 best against GNU Go).
    pub self_atari_random: f32,
    /// Self-ataris of up to this many stones are fine (throw-ins, nakade).
    pub self_atari_stones: usize,
}

impl Default for PolicyParams {
    fn default() -> PolicyParams {
        PolicyParams {
            capture: 0.9,
            escape: 0.9,
            two_liberties: 0.5,
            nakade: 0.8,
            pattern: 0.95,
            learned_patterns: true,
            learned_threshold: 1.0,
            fill_board: 0.5,
            fill_board_tries: 3,
            self_atari_heuristic: 0.9,
            self_atari_random: 0.6,
            self_atari_stones: 1,
        }
    }
}

/// Numeric tunables settable by name (GTP `tengen-param`, `--param`), with their valid range.
pub(super) const TUNABLES: &[(&str, std::ops::RangeInclusive<f32>)] = &[
    ("resign_threshold", 0.0..=1.0),
    ("rave_equiv", 1.0..=1e9),
    ("exploration", 0.0..=100.0),
    ("prior_even", 0.0..=1e4),
    ("prior_learned", 0.0..=1e4),
    ("prior_ladder", 0.0..=1e4),
    ("prior_learned_exponent", 0.0..=10.0),
    ("prior_pattern", 0.0..=1e4),
    ("dynkomi_per_stone", 0.0..=100.0),
    ("clear_visit_ratio", 1.0..=100.0),
    ("capture", 0.0..=1.0),
    ("escape", 0.0..=1.0),
    ("two_liberties", 0.0..=1.0),
    ("nakade", 0.0..=1.0),
    ("pattern", 0.0..=1.0),
    ("learned_threshold", 0.0..=1e6),
    ("fill_board", 0.0..=1.0),
    ("self_atari_heuristic", 0.0..=1.0),
    ("self_atari_random", 0.0..=1.0),
];

/// The field behind a name of [`TUNABLES`].
pub(super) fn tunable<'a>(
    s: &'a mut SearchParams,
    p: &'a mut PolicyParams,
    key: &str,
) -> Option<&'a mut f32> {
    Some(match key {
        "resign_threshold" => &mut s.resign_threshold,
        "rave_equiv" => &mut s.rave_equiv,
        "exploration" => &mut s.exploration,
        "prior_even" => &mut s.prior_even,
        "prior_learned" => &mut s.prior_learned,
        "prior_ladder" => &mut s.prior_ladder,
        "prior_learned_exponent" => &mut s.prior_learned_exponent,
        "prior_pattern" => &mut s.prior_pattern,
        "dynkomi_per_stone" => &mut s.dynkomi_per_stone,
        "clear_visit_ratio" => &mut s.clear_visit_ratio,
        "capture" => &mut p.capture,
        "escape" => &mut p.escape,
        "two_liberties" => &mut p.two_liberties,
        "nakade" => &mut p.nakade,
        "pattern" => &mut p.pattern,
        "learned_threshold" => &mut p.learned_threshold,
        "fill_board" => &mut p.fill_board,
        "self_atari_heuristic" => &mut p.self_atari_heuristic,
        "self_atari_random" => &mut p.self_atari_random,
        _ => return None,
    })
}
