//! Every tunable of the search in one place, each with what it does, where its default comes
//! from and its valid range. Defaults are starting points from the literature (see
//! `docs/REFERENCES.md`), to be tuned by matches; those chosen by self-play matches say so, and
//! the matches are in `docs/performance-log.md`.
//!
//! Each struct below is written once, in a `tunables!` list (`crate::tunable`): the list makes
//! the struct, its defaults and its table of [`Tunable`](crate::tunable::Tunable)s (name, range,
//! how to read and set the field), so every field can be read and set by name (GTP
//! `tengen-param`, `--param KEY=VALUE`) and there is no second list to keep in step.

use crate::tunable::tunables;

tunables! {
    /// The tree policy, priors, expansion and decisions.
    pub struct SearchParams {
        /// RAVE equivalence parameter E in `beta = r / (r + n + n*r/E)` (Gelly–Silver). Larger
        /// trusts AMAF longer. Pachi 3000, michi 3500.
        rave_equiv: f32 = 3000.0, 1.0..=1e9;
        /// Weight of the prior's virtual experience in the AMAF value; in the Monte-Carlo value
        /// it always counts once. 1 counts it alike in both (Fuego); 0 leaves AMAF to the
        /// playouts (Pachi). 1 was chosen by self-play matches against 0 and 3.
        prior_amaf: f32 = 1.0, 0.0..=100.0;
        /// Weight of early moves in AMAF: a playout's move at the point first played `d` moves
        /// after the node, of `len` moves from the node to the end, counts `1 + w*(len-d)/(len+1)`
        /// samples (rounded down), so moves soon after the node count up to `1 + w` times; 0
        /// counts every sample once (Pachi's distance RAVE uses 3). 5 was chosen by self-play
        /// matches against 0, 3 and 8.
        amaf_early_weight: u32 = 5, 0..=16;
        /// Weight of the margin in a playout's value: a playout is worth `(1-w)·won +
        /// w·(1+tanh(margin/score_scale))/2` to Black instead of just `won` (0 or 1), so that
        /// among moves that win as often, the search prefers the one that wins by more (Fuego's
        /// score modification, Pachi's `val_scale`). 0 values wins only, which self-play matches
        /// preferred to 0.05.
        score_weight: f32 = 0.0, 0.0..=1.0;
        /// Margin, in points, at which the score part of a playout's value is about 3/4 of its
        /// range (see `score_weight`).
        score_scale: f32 = 10.0, 0.1..=1000.0;
        /// UCB exploration constant (0: none; the priors and AMAF explore, as in Pachi and
        /// Fuego).
        exploration: f32 = 0.0, 0.0..=100.0;
        /// A leaf is expanded once it has this many visits (Fuego 3, michi 8).
        expand_visits: u32 = 2, 1..=1000;
        /// Weight of the even prior, in virtual visits at 0.5 (michi 10).
        prior_even: f32 = 10.0, 0.0..=1e4;
        /// Virtual wins for a move that captures (michi 15).
        prior_capture: f32 = 15.0, 0.0..=1e4;
        /// Virtual wins for capturing a chain of at least `big_chain` stones (michi 30).
        prior_capture_big: f32 = 30.0, 0.0..=1e4;
        /// Stones of a chain whose capture earns `prior_capture_big`.
        big_chain: usize = 3, 1..=400;
        /// Virtual wins for a move that saves an own chain in atari by extending it.
        prior_escape: f32 = 15.0, 0.0..=1e4;
        /// Virtual wins for an atari that captures by a working ladder, and virtual losses for
        /// an extension that runs into one.
        prior_ladder: f32 = 30.0, 0.0..=1e4;
        /// Virtual losses for an atari that starts a ladder the chain runs out of (chasing
        /// it only strengthens it) and captures nothing. 0 (off): 30, with `prior_ladder_run`
        /// 15, was even with both off in 13x13 self-play (`docs/performance-log.md`).
        prior_ladder_chase: f32 = 0.0, 0.0..=1e4;
        /// Virtual wins for extending a chain in atari to two liberties where no ladder
        /// catches it (`prior_escape` is for three or more). 0 (off), as `prior_ladder_chase`.
        prior_ladder_run: f32 = 0.0, 0.0..=1e4;
        /// Virtual wins for a move matching a 3x3 shape pattern (michi 10).
        prior_pattern: f32 = 10.0, 0.0..=1e4;
        /// Virtual wins for a move at common-fate-graph distance 1 from the last move (michi 24).
        prior_near_1: f32 = 24.0, 0.0..=1e4;
        /// ... at distance 2 (michi 22).
        prior_near_2: f32 = 22.0, 0.0..=1e4;
        /// ... at distance 3 (michi 8).
        prior_near_3: f32 = 8.0, 0.0..=1e4;
        /// Virtual visits of the learned-pattern prior (0 turns it off); the virtual wins are
        /// this times the move's gamma relative to the best move's, raised to
        /// `prior_learned_exponent`.
        prior_learned: f32 = 40.0, 0.0..=1e4;
        /// The learned prior as a probability (Pachi's pattern prior): each move gets this
        /// times `sqrt(p)` virtual wins as as many virtual visits, `p` its gamma over the sum of
        /// all candidates' gammas; added to `prior_learned`'s form (0 turns this one off).
        prior_learned_share: f32 = 0.0, 0.0..=1e4;
        /// See `prior_learned`.
        prior_learned_exponent: f32 = 0.5, 0.0..=10.0;
        /// A node's children get the learned prior once the node has this many visits (the
        /// root at once).
        learned_visits: u32 = 10, 0..=1_000_000;
        /// Virtual losses for a self-atari of more than one stone (michi 10).
        prior_self_atari: f32 = 10.0, 0.0..=1e4;
        /// Virtual losses for a first-line move with no stone nearby (see `first_line_clear`).
        prior_first_line: f32 = 10.0, 0.0..=1e4;
        /// A first-line move is far from the stones when the nearest is at least this far
        /// (Manhattan distance).
        first_line_clear: usize = 3, 1..=4;
        /// Virtual wins for a third-line move far from the stones (see `empty_area_clear`;
        /// michi 10).
        prior_empty_area: f32 = 10.0, 0.0..=1e4;
        /// A third-line move is in an empty area when the nearest stone is at least this far.
        empty_area_clear: usize = 4, 1..=4;
        /// The first- and third-line priors apply on boards at least this large.
        line_priors_min_size: usize = 9, 2..=25;
        /// Virtual losses for passing while the board is still largely open.
        prior_pass: f32 = 30.0, 0.0..=1e4;
        /// "Largely open": more than this share of the points empty.
        pass_open_share: f32 = 0.4, 0.0..=1.0;
        /// Play the book's first move on an empty small board without searching (`opening.rs`); off
        /// until a match measures it.
        opening_book: bool = false, 0..=1;
        /// Resign when the win rate of the chosen move is below this for `resign_moves` of our
        /// moves in a row (0 disables resigning).
        resign_threshold: f32 = 0.1, 0.0..=1.0;
        /// Consecutive low win rates needed before resigning.
        resign_moves: usize = 3, 1..=100;
        /// No resignation before this share of the board is filled (moves played / points).
        resign_min_fill: f32 = 0.15, 0.0..=10.0;
        /// No resignation on a move with fewer visits than this (too little evidence).
        resign_min_visits: u32 = 100, 0..=1_000_000_000;
        /// Stop when the best move cannot be overtaken in the remaining budget (playouts per
        /// second estimated on the fly). A safety factor below 1 stops a little earlier.
        early_stop_factor: f32 = 0.95, 0.0..=10.0;
        /// No early stop before this many playouts (the rate estimate needs some).
        early_stop_min_playouts: u64 = 100, 0..=1_000_000_000;
        /// When the planned time is up and the clock allows more (see
        /// `SearchLimits::max_time`), the search goes on while its choice is in doubt: while the
        /// most visited move has fewer than this many times the visits of the second, or a move
        /// with at least `rival_visit_share` of its visits has a better win rate (Huang, Coulom
        /// and Lin 2010: think longer when unstable).
        clear_visit_ratio: f32 = 1.5, 1.0..=100.0;
        /// See `clear_visit_ratio`.
        rival_visit_share: f32 = 0.25, 0.0..=1.0;
        /// Ownership beyond this (from -1..1) makes a point settled; a stone owned by the other
        /// side beyond it is dead.
        settled_ownership: f32 = 0.6, 0.0..=1.0;
        /// Dynamic komi in handicap games (`dynkomi.rs`): extra komi in White's favour per
        /// handicap stone at the start, falling linearly to 0 when `dynkomi_fill` of the board's
        /// points have been played (Pachi: linear).
        dynkomi_per_stone: f32 = 7.0, 0.0..=100.0;
        /// See `dynkomi_per_stone`.
        dynkomi_fill: f32 = 0.55, 0.01..=10.0;
        /// Adaptive dynamic komi: the allowance the fall starts from moves after each of our
        /// moves by `dynkomi_step` points, towards us while our win rate is below `dynkomi_red`,
        /// away while it is above `dynkomi_green`. On: giving GNU Go four stones on 19x19 it
        /// went 11-9 where the linear fall went 5-15 (`docs/performance-log.md`).
        dynkomi_adaptive: bool = true, 0..=1;
        /// See `dynkomi_adaptive`.
        dynkomi_red: f32 = 0.45, 0.0..=1.0;
        /// See `dynkomi_adaptive`.
        dynkomi_green: f32 = 0.55, 0.0..=1.0;
        /// See `dynkomi_adaptive`.
        dynkomi_step: f32 = 2.0, 0.0..=100.0;
    }
}

impl SearchParams {
    /// Do the learned patterns give priors, in either form?
    pub fn learned_prior_on(&self) -> bool {
        self.prior_learned > 0.0 || self.prior_learned_share > 0.0
    }

    /// The common-fate-graph distance priors, distance 1 first.
    pub fn prior_near(&self) -> [f32; 3] {
        [self.prior_near_1, self.prior_near_2, self.prior_near_3]
    }
}

tunables! {
    /// The playout policy: each heuristic is tried in this order, each with a probability.
    pub struct PolicyParams {
        /// Capture the last move's chain, or any opponent chain next to it, when in atari
        /// (Pachi 0.9).
        capture: f32 = 0.9, 0.0..=1.0;
        /// Before anything else, go on with a ko fight: retake (or, for the side that took it,
        /// fill) the point of a ko taken fewer than `ko_fight_moves` moves ago, when legal now
        /// and no self-atari of several stones (Pachi's moggy 0.4).
        ko_fight: f32 = 0.0, 0.0..=1.0;
        /// See `ko_fight`.
        ko_fight_moves: u32 = 3, 1..=20;
        /// Save an own chain next to the last move that is in atari: capture an attacker or
        /// extend, unless the extension runs into a ladder (Pachi 0.9).
        escape: f32 = 0.9, 0.0..=1.0;
        /// Atari an opponent chain with two liberties next to the last move, or give an own
        /// two-liberty chain a third liberty.
        two_liberties: f32 = 0.5, 0.0..=1.0;
        /// In those two-liberty fights, atari only a chain that cannot run away: extending from
        /// its other liberty must leave it two liberties at most. Off, any atari whose stone
        /// keeps two liberties is played.
        useful_ataris: bool = false, 0..=1;
        /// In a capturing race, keep a chain short of liberties from filling its own eye space
        /// or the space around an opponent prisoner inside it (`tactics/liberties.rs`): no such
        /// heuristic or random move, no such atari in the two-liberty fights. Off until a match
        /// shows a gain: it judges a race of a lost 19x19 game better, even in self-play.
        race_fills: bool = false, 0..=1;
        /// Play the vital point of a 3- to 6-point eye space next to the last move (Pachi 0.8).
        nakade: f32 = 0.8, 0.0..=1.0;
        /// Play a 3x3 shape pattern (hane, cut, ...) next to the last move (michi 0.95).
        pattern: f32 = 0.95, 0.0..=1.0;
        /// Choose that shape by the learned 3x3 gammas (with atari information) instead of the
        /// hand-written MoGo shapes: neighbours whose gamma is at least `learned_threshold` are
        /// candidates, picked in proportion to their gamma.
        learned_patterns: bool = true, 0..=1;
        /// See `learned_patterns`.
        learned_threshold: f32 = 1.0, 0.0..=1e6;
        /// The learned shapes are looked for around our own move before the last one too
        /// (Pachi's moggy does this).
        own_last_shapes: bool = false, 0..=1;
        /// After capture and escape, play the last good reply to the last two moves (or the
        /// last move) with this probability, as this thread's playouts learned it (LGRF-2,
        /// Baier and Drake 2010; `replies.rs`). 0.5 was chosen by self-play matches, on together
        /// with `own_moves_per_empty` 0.2 against both off.
        last_good_reply: f32 = 0.5, 0.0..=1.0;
        /// Play a random point whose eight neighbours are empty, with `fill_board_tries` tries.
        fill_board: f32 = 0.5, 0.0..=1.0;
        /// See `fill_board`.
        fill_board_tries: usize = 3, 0..=1000;
        /// Reject a heuristic move that is a self-atari of more than `self_atari_stones` stones
        /// with this probability (michi 0.9).
        self_atari_heuristic: f32 = 0.9, 0.0..=1.0;
        /// ...and a random move likewise (Pachi found 0.6 best against GNU Go).
        self_atari_random: f32 = 0.6, 0.0..=1.0;
        /// Self-ataris of up to this many stones are fine (throw-ins, nakade).
        self_atari_stones: usize = 1, 0..=400;
        /// When every other point is turned down, a random move may still be a turned-down
        /// self-atari (or, with `race_fills`, a stone beside a prisoner) rather than a pass.
        /// Off, the playout passes there, as both sides do in a seki.
        self_atari_last_resort: bool = true, 0..=1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::player::ParamValue;
    use crate::tunable::Tunable;

    #[test]
    fn the_tables_list_every_field_once_with_its_default_in_range() {
        // The Debug form names every field of the struct: each must have its table entry.
        fn check<P: std::fmt::Debug + Default>(table: &[Tunable<P>]) -> Vec<&'static str> {
            let p = P::default();
            let text = format!("{p:?}");
            let fields = text.matches(": ").count();
            assert_eq!(fields, table.len(), "{text}");
            for t in table {
                assert!(text.contains(&format!("{}: ", t.name)), "{}", t.name);
                let v = (t.get)(&p).as_f64();
                assert!(t.min <= v && v <= t.max, "{} default {v}", t.name);
                assert!(!t.doc.trim().is_empty(), "{}", t.name);
            }
            table.iter().map(|t| t.name).collect()
        }
        let mut names = check(SearchParams::TUNABLES);
        names.extend(check(PolicyParams::TUNABLES));
        names.extend(check(crate::time::TimeManager::TUNABLES));
        let n = names.len();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), n, "names are unique across the tables");
    }

    #[test]
    fn set_takes_its_own_kind_only() {
        let mut p = PolicyParams::default();
        let learned = Tunable::find(PolicyParams::TUNABLES, "learned_patterns").unwrap();
        assert!(!(learned.set)(&mut p, ParamValue::Real(0.0)));
        assert!(p.learned_patterns);
        assert!((learned.set)(&mut p, ParamValue::Bool(false)));
        assert!(!p.learned_patterns);
        let tries = Tunable::find(PolicyParams::TUNABLES, "fill_board_tries").unwrap();
        assert!(!(tries.set)(&mut p, ParamValue::Real(2.5)));
        assert!((tries.set)(&mut p, ParamValue::Int(5)));
        assert_eq!(p.fill_board_tries, 5);
        // A whole number is a fine value for a real parameter.
        let capture = Tunable::find(PolicyParams::TUNABLES, "capture").unwrap();
        assert!((capture.set)(&mut p, ParamValue::Int(1)));
        assert_eq!(p.capture, 1.0);
    }
}
