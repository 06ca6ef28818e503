//! Speed of the rules core, the search's playout policy and the search itself, on the search
//! bench's positions (`tengen_engine::search::bench::POSITIONS`), single thread, fixed seeds.
//!
//! - `board/*`: legality of every point, and play + undo of one move through `Game` (the
//!   referee's and the GTP front end's path; playouts use `Board` copies instead).
//! - `policy_playout/*`: one playout from a middle-game position with the heavy playout policy
//!   (`playout::Policy`), to the end of the game; throughput in playouts per second.
//! - `search/*`: a whole fixed-budget search (1,000 playouts on 9x9, 250 on 19x19), fresh tree.
//!
//! Numbers go into PERFORMANCE.md with the machine and the date.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use std::hint::black_box;
use tengen_engine::playout::Policy;
use tengen_engine::search::bench::{position_game, run_position, POSITIONS};
use tengen_engine::search::params::PolicyParams;
use tengen_engine::{playout::playout_area, rng::Rng, Move};

/// The middle-game bench positions (9x9 and 19x19).
fn middle_games() -> impl Iterator<Item = &'static tengen_engine::search::bench::BenchPosition> {
    POSITIONS.iter().filter(|p| p.name.ends_with("middle game"))
}

fn board(c: &mut Criterion) {
    let mut group = c.benchmark_group("board");
    for pos in middle_games() {
        let game = position_game(pos);
        let color = game.to_move();
        let points: Vec<Move> = game.board().geometry().points().map(Move::Play).collect();
        group.throughput(Throughput::Elements(points.len() as u64));
        group.bench_function(format!("is_legal every point, {}", pos.name), |b| {
            b.iter(|| points.iter().filter(|&&m| game.is_legal(color, m)).count())
        });
        let legal: Vec<Move> = points
            .into_iter()
            .filter(|&m| game.is_legal(color, m))
            .collect();
        let mut g = game.clone();
        let mut i = 0;
        group.throughput(Throughput::Elements(1));
        group.bench_function(format!("play+undo, {}", pos.name), |b| {
            b.iter(|| {
                i = (i + 1) % legal.len();
                g.play(color, legal[i]).expect("legal by construction");
                g.undo()
            })
        });
    }
    group.finish();
}

fn policy_playouts(c: &mut Criterion) {
    let mut group = c.benchmark_group("policy_playout");
    group.throughput(Throughput::Elements(1));
    for pos in middle_games() {
        let start = position_game(pos).board().clone();
        let first = position_game(pos).to_move();
        let limit = 3 * start.size() * start.size();
        let mut board = start.clone();
        let mut policy = Policy::new(PolicyParams::default());
        let mut rng = Rng::new(1);
        group.bench_function(pos.name, |b| {
            b.iter(|| {
                board.copy_from(&start);
                policy.play_out(&mut board, first, &mut rng, limit);
                playout_area(&board)
            })
        });
    }
    group.finish();
}

fn fixed_budget_search(c: &mut Criterion) {
    const PLAYOUTS_9X9: u64 = 1000;
    let mut group = c.benchmark_group("search");
    group.sample_size(10);
    for pos in POSITIONS.iter() {
        group.bench_function(format!("{}, 1 thread", pos.name), |b| {
            b.iter(|| {
                let result = run_position(pos, 1, PLAYOUTS_9X9, &[]).expect("default parameters");
                black_box(result.nodes)
            })
        });
    }
    group.finish();
}

criterion_group!(benches, board, policy_playouts, fixed_budget_search);
criterion_main!(benches);
