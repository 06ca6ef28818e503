//! Playouts allocate nothing: a counting global allocator (a binary of its own, since the
//! global allocator is per binary) counts the allocations the current thread makes while a
//! closure runs.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::hint::black_box;
use tengen_engine::playout::Policy;
use tengen_engine::playout::{light_playout, playout_area};
use tengen_engine::rng::Rng;
use tengen_engine::search::params::PolicyParams;
use tengen_engine::{Board, Color};

struct Counting;

thread_local! {
    /// Count this thread's allocations? (Test threads run side by side.)
    static COUNTING: Cell<bool> = const { Cell::new(false) };
    /// This thread's allocations while counting.
    static ALLOCATIONS: Cell<usize> = const { Cell::new(0) };
}

// SAFETY: every call is passed on to the system allocator unchanged.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        if COUNTING.with(Cell::get) {
            ALLOCATIONS.with(|n| n.set(n.get() + 1));
        }
        System.alloc(layout)
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        System.dealloc(ptr, layout)
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

/// Allocations (and reallocations) this thread makes while `f` runs.
fn allocations_during(f: impl FnOnce()) -> usize {
    let before = ALLOCATIONS.with(Cell::get);
    COUNTING.with(|c| c.set(true));
    f();
    COUNTING.with(|c| c.set(false));
    ALLOCATIONS.with(Cell::get) - before
}

/// A position some way into a game on a `size` board.
fn middle_game(size: usize, seed: u64) -> Board {
    let mut b = Board::new(size).unwrap();
    let mut rng = Rng::new(seed);
    light_playout(&mut b, Color::Black, &mut rng, size * size / 3);
    b
}

#[test]
fn the_counter_sees_an_allocation() {
    let n = allocations_during(|| {
        black_box(vec![1u8; 100]);
    });
    assert!(n >= 1);
}

#[test]
fn light_playouts_allocate_nothing() {
    for size in [9, 19] {
        for start in [Board::new(size).unwrap(), middle_game(size, 7)] {
            let mut board = Board::new(size).unwrap();
            let mut rng = Rng::new(size as u64);
            let mut total = 0i64;
            let n = allocations_during(|| {
                for _ in 0..200 {
                    board.copy_from(&start);
                    light_playout(&mut board, Color::Black, &mut rng, 3 * size * size);
                    total += i64::from(playout_area(&board));
                }
            });
            black_box(total);
            assert_eq!(n, 0, "{size}x{size}: {n} allocations in 200 playouts");
        }
    }
}

/// One playout of the search's playout policy from `start`.
fn policy_playout(policy: &mut Policy, board: &mut Board, start: &Board, rng: &mut Rng) -> i32 {
    board.copy_from(start);
    let size = board.size();
    policy.play_out(board, Color::Black, rng, 3 * size * size);
    playout_area(board)
}

#[test]
fn policy_playouts_allocate_nothing() {
    let mut policy = Policy::new(PolicyParams::default());
    for size in [9, 19] {
        for start in [Board::new(size).unwrap(), middle_game(size, 11)] {
            let mut board = Board::new(size).unwrap();
            let mut rng = Rng::new(size as u64);
            // The first playout builds the policy's shared tables once for the process.
            policy_playout(&mut policy, &mut board, &start, &mut rng);
            let n = allocations_during(|| {
                for _ in 0..50 {
                    black_box(policy_playout(&mut policy, &mut board, &start, &mut rng));
                }
            });
            assert_eq!(n, 0, "{size}x{size}: {n} allocations in 50 policy playouts");
        }
    }
}
