//! Move prediction on held-out games, through the engine's own lookups (`PatternModel`): how often
//! the move played is the model's first choice, or among its first five.

use crate::data::{GameMoves, SIZE};
use crate::progress::Progress;
use tengen_engine::patterns::PatternModel;
use tengen_engine::rng::Rng;
use tengen_engine::tactics::{pattern3x3, Budget, LadderReader};
use tengen_engine::{Board, Move};

/// Move-number ranges reported separately.
pub const PHASES: [(usize, usize); 4] = [(1, 30), (31, 80), (81, 150), (151, usize::MAX)];

/// Prediction counts of one model.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Prediction {
    pub positions: usize,
    pub top1: usize,
    pub top5: usize,
    /// Sum of the log-probability of the moves played.
    pub log_evidence: f64,
    /// Positions and top-1 hits per [`PHASES`] entry.
    pub phase_positions: [usize; PHASES.len()],
    pub phase_top1: [usize; PHASES.len()],
}

impl Prediction {
    /// Record a position: the played move's gamma, every legal move's gamma (played included).
    fn add(&mut self, move_number: usize, played: f32, all: &[f32]) {
        // Ties count against the model: rank = moves at least as strong, the played one excluded.
        let rank = all.iter().filter(|&&g| g >= played).count() - 1;
        let total: f64 = all.iter().map(|&g| f64::from(g)).sum();
        self.positions += 1;
        self.top1 += usize::from(rank < 1);
        self.top5 += usize::from(rank < 5);
        self.log_evidence += (f64::from(played) / total).ln();
        if let Some(k) = PHASES
            .iter()
            .position(|&(a, b)| (a..=b).contains(&move_number))
        {
            self.phase_positions[k] += 1;
            self.phase_top1[k] += usize::from(rank < 1);
        }
    }

    /// Share of positions where the move played was the first choice.
    pub fn top1_rate(&self) -> f64 {
        self.top1 as f64 / self.positions.max(1) as f64
    }

    /// Share where it was among the first five.
    pub fn top5_rate(&self) -> f64 {
        self.top5 as f64 / self.positions.max(1) as f64
    }

    /// Mean log-probability of the move played.
    pub fn mean_log_evidence(&self) -> f64 {
        self.log_evidence / self.positions.max(1) as f64
    }
}

/// The full model and the playout (3x3-only) table, measured on the same positions.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Evaluation {
    pub full: Prediction,
    pub playout: Prediction,
}

/// Measure `model` on the positions of `games` (each kept with probability `sample`, seeded).
/// Positions where a pass was played are left out.
pub fn evaluate(
    games: &[GameMoves],
    model: &PatternModel,
    sample: f64,
    seed: u64,
    progress: &mut Progress,
) -> Evaluation {
    let mut eval = Evaluation::default();
    let mut rng = Rng::new(seed);
    let mut ladders = LadderReader::new(Budget::THOROUGH);
    let empty = Board::new(SIZE).expect("19 is a valid size");
    let mut board = empty.clone();
    let mut gammas = vec![0.0f32; board.geometry().array_len()];
    let (mut full, mut fast) = (Vec::new(), Vec::new());
    for (i, game) in games.iter().enumerate() {
        board.copy_from(&empty);
        for (n, &(color, mv)) in game.moves.iter().enumerate() {
            let keep = (rng.unit() as f64) < sample;
            if let (true, Move::Play(played)) = (keep, mv) {
                model.move_gammas(&board, color, &mut ladders, &mut gammas);
                full.clear();
                fast.clear();
                for k in 0..board.empty_count() {
                    let p = board.empty_point(k);
                    if gammas[p.index()] > 0.0 {
                        full.push(gammas[p.index()]);
                        fast.push(model.gamma3x3(pattern3x3(&board, p, color)));
                    }
                }
                let fast_played = model.gamma3x3(pattern3x3(&board, played, color));
                eval.full.add(n + 1, gammas[played.index()], &full);
                eval.playout.add(n + 1, fast_played, &fast);
            }
            let _ = board.play(color, mv);
        }
        progress.set(i + 1);
    }
    eval
}
