//! Cost per call of the pattern lookups the search uses, on a 19x19 position with about 120
//! stones (a hand-made opening continued by seeded random moves): the playout policy's 3x3 code
//! plus gamma for one point, and the full-feature gammas of every empty point (tree priors).
//! Run: `cargo bench -p tengen-train`.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use std::hint::black_box;
use std::path::Path;
use tengen_engine::patterns::PatternModel;
use tengen_engine::playout::random_move;
use tengen_engine::rng::Rng;
use tengen_engine::tactics::{pattern3x3, Budget, LadderReader};
use tengen_engine::{Board, Color};
use tengen_train::data::load_file;

/// Stones on the board in the measured position (roughly; random moves may capture).
const RANDOM_MOVES: usize = 100;

fn position() -> (Board, Color) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/games/game1.sgf");
    let (games, _) = load_file(&path).expect("the test game is readable");
    let mut board = Board::new(19).expect("valid size");
    let mut color = Color::Black;
    for &(c, mv) in &games[0].moves {
        board.play(c, mv).expect("the test game is legal");
        color = c.opponent();
    }
    let mut rng = Rng::new(3);
    for _ in 0..RANDOM_MOVES {
        if let Some(p) = random_move(&board, color, &mut rng) {
            board.play_unchecked(color, p);
        }
        color = color.opponent();
    }
    (board, color)
}

fn lookups(c: &mut Criterion) {
    let (board, color) = position();
    let model = PatternModel::shipped();
    let empties: Vec<_> = (0..board.empty_count())
        .map(|i| board.empty_point(i))
        .collect();

    let mut group = c.benchmark_group("patterns");
    group.throughput(Throughput::Elements(empties.len() as u64));
    group.bench_function("pattern3x3+gamma3x3 per empty point", |b| {
        b.iter(|| {
            let mut sum = 0.0;
            for &p in &empties {
                sum += model.gamma3x3(pattern3x3(&board, p, color));
            }
            black_box(sum)
        })
    });
    let mut ladders = LadderReader::new(Budget::THOROUGH);
    let mut out = vec![0.0; board.geometry().array_len()];
    group.bench_function("move_gammas per empty point", |b| {
        b.iter(|| {
            model.move_gammas(&board, color, &mut ladders, &mut out);
            black_box(out[empties[0].index()])
        })
    });
    group.finish();
}

criterion_group!(benches, lookups);
criterion_main!(benches);
