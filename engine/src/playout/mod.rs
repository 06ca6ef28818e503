//! Playouts: how a simulation plays the game out from a leaf of the tree to its end, and the
//! count that decides who won. The search's whole playout policy lives here.
//!
//! - [`light`]: uniformly random moves that do not fill an own eye (the baseline and the
//!   measure of raw board speed).
//! - [`policy`]: the search's playout policy, [`Policy`]: a ko fight, captures, escapes, the last
//!   good reply, two-liberty fights, nakade, 3x3 shapes, fill-board, then a random move; its
//!   probabilities are [`PolicyParams`](crate::search::params::PolicyParams).
//! - `replies`: the last good replies (LGRF-2) each worker learns from its own playouts.
//! - [`count`]: who owns each point at the end of a playout, and the area count.
//!
//! The Go knowledge the policy asks (liberties after a move, ladders, nakade, shapes) is in
//! [`crate::tactics`]. Nothing here allocates inside a playout.

pub mod count;
pub mod light;
pub mod policy;
mod replies;

pub use count::{playout_area, playout_owner};
pub use light::{light_playout, play_until_passes, random_move};
pub use policy::Policy;
