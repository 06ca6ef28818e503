//! From games to training data: harvest the large patterns strong players use, then turn sampled
//! positions into "teams" of feature ids — every legal move of the position, the move played first.

use crate::data::{GameMoves, SIZE};
use crate::progress::Progress;
use std::collections::HashMap;
use std::ops::Range;
use tengen_engine::patterns::features::{GROUP_SIZES, NONE, NUM_GROUPS};
use tengen_engine::patterns::large::{large_hashes, NUM_SIZES};
use tengen_engine::patterns::model::HashKeyed;
use tengen_engine::patterns::move_features;
use tengen_engine::rng::Rng;
use tengen_engine::tactics::pattern3::canonical;
use tengen_engine::tactics::{Budget, LadderReader};
use tengen_engine::{Board, Color, Move, Point};

/// Which feature each id stands for. Ids are laid out group by group: the tactical and distance
/// groups (fixed sizes), then the large patterns (fixed once harvested), then the 3x3 patterns
/// (numbered as they are first seen).
pub struct FeatureSpace {
    group_base: [u32; NUM_GROUPS],
    large_base: u32,
    large: HashKeyed<u32>,
    large_hashes: Vec<u64>,
    pat3_ids: HashMap<u32, u32>,
    pat3_codes: Vec<u32>,
}

impl FeatureSpace {
    /// A space with the given large-pattern dictionary (canonical hashes with size mixed in).
    pub fn new(large_dictionary: Vec<u64>) -> FeatureSpace {
        let mut group_base = [0; NUM_GROUPS];
        let mut next = 0;
        for (base, &size) in group_base.iter_mut().zip(&GROUP_SIZES) {
            *base = next;
            next += size as u32;
        }
        let large = large_dictionary
            .iter()
            .enumerate()
            .map(|(i, &h)| (h, i as u32))
            .collect();
        FeatureSpace {
            group_base,
            large_base: next,
            large,
            large_hashes: large_dictionary,
            pat3_ids: HashMap::new(),
            pat3_codes: Vec::new(),
        }
    }

    /// Total number of feature ids so far.
    pub fn len(&self) -> usize {
        self.pat3_base() as usize + self.pat3_codes.len()
    }

    /// True when no feature exists (never: the fixed groups always do).
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    fn pat3_base(&self) -> u32 {
        self.large_base + self.large_hashes.len() as u32
    }

    /// The ids of each fixed group, then the large patterns, then the 3x3 patterns: the groups
    /// that minorization-maximization updates one at a time.
    pub fn groups(&self) -> Vec<Range<u32>> {
        let mut out: Vec<Range<u32>> = (0..NUM_GROUPS)
            .map(|g| self.group_base[g]..self.group_base[g] + GROUP_SIZES[g] as u32)
            .collect();
        out.push(self.large_range());
        out.push(self.pat3_range());
        out
    }

    /// Ids of the large patterns.
    pub fn large_range(&self) -> Range<u32> {
        self.large_base..self.pat3_base()
    }

    /// Ids of the 3x3 patterns.
    pub fn pat3_range(&self) -> Range<u32> {
        self.pat3_base()..self.len() as u32
    }

    /// Id of value `v` of fixed group `g`.
    pub fn group_id(&self, g: usize, v: u8) -> u32 {
        self.group_base[g] + u32::from(v)
    }

    /// The large patterns' hashes in id order.
    pub fn large_hashes(&self) -> &[u64] {
        &self.large_hashes
    }

    /// The canonical 3x3 codes in id order.
    pub fn pat3_codes(&self) -> &[u32] {
        &self.pat3_codes
    }

    /// Append the feature ids of `color` playing `p` on `board`.
    pub fn push_features(
        &mut self,
        board: &Board,
        p: Point,
        color: Color,
        ladders: &mut LadderReader,
        out: &mut Vec<u32>,
    ) {
        let f = move_features(board, p, color, ladders);
        for (g, &v) in f.groups.iter().enumerate() {
            if v != NONE {
                out.push(self.group_id(g, v));
            }
        }
        if let Some(&id) = f.large.iter().rev().find_map(|h| self.large.get(h)) {
            out.push(self.large_base + id);
        }
        let code = canonical(f.pattern3);
        let next = self.pat3_codes.len() as u32;
        let id = *self.pat3_ids.entry(code).or_insert(next);
        if id == next {
            self.pat3_codes.push(code);
        }
        out.push(self.pat3_base() + id);
    }
}

/// Count the large patterns (every size) around the moves played in `games`, and keep those seen
/// at least `min_count` times, the `max_patterns` most frequent (ties by hash), in hash order.
pub fn harvest(
    games: &[GameMoves],
    min_count: u32,
    max_patterns: usize,
    progress: &mut Progress,
) -> Vec<u64> {
    let mut all = Vec::new();
    let mut board = Board::new(SIZE).expect("19 is a valid size");
    for (i, game) in games.iter().enumerate() {
        board.copy_from(&Board::new(SIZE).expect("19 is a valid size"));
        for &(color, mv) in &game.moves {
            if let Move::Play(p) = mv {
                all.extend_from_slice(&large_hashes(&board, p, color));
            }
            // The games were replayed once already: every move is legal.
            let _ = board.play(color, mv);
        }
        progress.set(i + 1);
    }
    all.sort_unstable();
    let mut counted: Vec<(u32, u64)> = Vec::new();
    for run in all.chunk_by(|a, b| a == b) {
        if run.len() as u32 >= min_count {
            counted.push((run.len() as u32, run[0]));
        }
    }
    counted.sort_unstable_by(|a, b| b.cmp(a));
    counted.truncate(max_patterns);
    let mut kept: Vec<u64> = counted.into_iter().map(|(_, h)| h).collect();
    kept.sort_unstable();
    debug_assert!(kept.len() <= NUM_SIZES * all.len().max(1));
    kept
}

/// Positions as teams of feature ids, flat. Candidate `c` has the features
/// `features[cand_end[c - 1]..cand_end[c]]`; position `j` the candidates
/// `pos_end[j - 1]..pos_end[j]`, the move played first.
#[derive(Default)]
pub struct TrainingSet {
    pub features: Vec<u32>,
    pub cand_end: Vec<u32>,
    pub pos_end: Vec<u32>,
}

impl TrainingSet {
    /// Number of positions.
    pub fn positions(&self) -> usize {
        self.pos_end.len()
    }

    /// Number of candidate moves over all positions.
    pub fn candidates(&self) -> usize {
        self.cand_end.len()
    }

    /// Bytes held.
    pub fn memory(&self) -> usize {
        4 * (self.features.capacity() + self.cand_end.capacity() + self.pos_end.capacity())
    }
}

/// Turn the positions of `games` (each kept with probability `sample`, by a generator seeded with
/// `seed`) into a training set; positions where a pass was played are left out.
pub fn extract(
    games: &[GameMoves],
    space: &mut FeatureSpace,
    sample: f64,
    seed: u64,
    progress: &mut Progress,
) -> TrainingSet {
    let mut set = TrainingSet::default();
    let mut rng = Rng::new(seed);
    let mut ladders = LadderReader::new(Budget::THOROUGH);
    let empty = Board::new(SIZE).expect("19 is a valid size");
    let mut board = empty.clone();
    for (i, game) in games.iter().enumerate() {
        board.copy_from(&empty);
        for &(color, mv) in &game.moves {
            let keep = (rng.unit() as f64) < sample;
            if let (true, Move::Play(played)) = (keep, mv) {
                let mut push = |p: Point, set: &mut TrainingSet| {
                    space.push_features(&board, p, color, &mut ladders, &mut set.features);
                    set.cand_end.push(set.features.len() as u32);
                };
                push(played, &mut set);
                for k in 0..board.empty_count() {
                    let p = board.empty_point(k);
                    if p != played && board.is_legal(color, p) {
                        push(p, &mut set);
                    }
                }
                set.pos_end.push(set.cand_end.len() as u32);
            }
            let _ = board.play(color, mv);
        }
        progress.set(i + 1);
    }
    set
}
