//! Go knowledge below the search: what the playout policy and the priors (and the pattern
//! features) both know, written once.
//!
//! How to read it:
//! - [`liberties`]: what a stone on an empty point would do to liberties (without playing it):
//!   liberties after the move, self-atari, captures.
//! - [`ladder`]: the ladder reader, one algorithm with a budget (cheap for the playouts,
//!   thorough for the priors).
//! - [`nakade`]: the vital point of a small eye space, and the shapes it knows.
//! - [`pattern3`]: the 3x3 shape around a point as a 20-bit code (cells and atari bits), its
//!   symmetries and canonical form.
//! - [`shapes`]: the hand-written playout shapes as a table over that code.

pub mod ladder;
pub mod liberties;
pub mod nakade;
pub mod pattern3;
pub mod shapes;

pub use ladder::{Budget, LadderReader, Verdict};
pub use liberties::{
    fills_own_race_liberty, fills_own_space, fills_prisoner_space, is_self_atari, liberties_after,
    move_effect, self_atari_stones, MoveEffect,
};
pub use pattern3::pattern3x3;
