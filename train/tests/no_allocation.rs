//! The lookups the search calls in its hot paths allocate nothing once warmed up: a counting
//! global allocator watches `pattern3x3`, `gamma3x3` and `move_gammas` (with ladder reading) on
//! positions full of fights.

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};
use tengen_engine::patterns::PatternModel;
use tengen_engine::playout::random_move;
use tengen_engine::rng::Rng;
use tengen_engine::tactics::{pattern3x3, Budget, LadderReader};
use tengen_engine::{Board, Color};

struct Counting;

static ALLOCATIONS: AtomicUsize = AtomicUsize::new(0);

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        System.alloc(layout)
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        System.dealloc(ptr, layout)
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

#[test]
fn lookups_do_not_allocate_after_warm_up() {
    let model = PatternModel::shipped();
    let mut ladders = LadderReader::new(Budget::THOROUGH);
    let mut rng = Rng::new(11);
    let mut positions = Vec::new();
    for moves in [40, 120, 200] {
        let mut board = Board::new(19).unwrap();
        let mut color = Color::Black;
        for _ in 0..moves {
            if let Some(p) = random_move(&board, color, &mut rng) {
                board.play_unchecked(color, p);
            }
            color = color.opponent();
        }
        positions.push((board, color));
    }
    let mut out = vec![0.0; positions[0].0.geometry().array_len()];
    // Warm-up: the model's tables and the ladder reader's scratch boards are built here.
    for (board, color) in &positions {
        model.move_gammas(board, *color, &mut ladders, &mut out);
    }
    let before = ALLOCATIONS.load(Ordering::Relaxed);
    let mut sum = 0.0;
    for (board, color) in &positions {
        model.move_gammas(board, *color, &mut ladders, &mut out);
        for i in 0..board.empty_count() {
            let p = board.empty_point(i);
            sum += model.gamma3x3(pattern3x3(board, p, *color));
        }
    }
    let after = ALLOCATIONS.load(Ordering::Relaxed);
    assert!(sum > 0.0);
    assert_eq!(after - before, 0, "allocations during lookups");
}
