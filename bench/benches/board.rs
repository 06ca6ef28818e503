//! Board speed: light playouts (uniformly random, no own-eye filling) on 9x9 and 19x19 from the
//! empty board, single thread. Throughput is reported in playouts per second.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use tengen_engine::playout::{light_playout, playout_area};
use tengen_engine::rng::Rng;
use tengen_engine::{Board, Color};

fn light_playouts(c: &mut Criterion) {
    let mut group = c.benchmark_group("light_playout");
    group.throughput(Throughput::Elements(1));
    for size in [9, 19] {
        let start = Board::new(size).expect("valid size");
        let mut board = start.clone();
        let mut rng = Rng::new(42);
        group.bench_function(format!("{size}x{size}"), |b| {
            b.iter(|| {
                board.copy_from(&start);
                light_playout(&mut board, Color::Black, &mut rng, 3 * size * size);
                playout_area(&board)
            })
        });
    }
    group.finish();
}

criterion_group!(benches, light_playouts);
criterion_main!(benches);
