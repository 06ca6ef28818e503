//! Move patterns learned from strong players' games (Bradley–Terry "Elo ratings" of features, as
//! in Coulom 2007): each candidate move is a team of features, and its strength (gamma) is the
//! product of its features' gammas. The training tool (`train/`, binary `tengen-train`) fits the
//! gammas; this module extracts the same features in the engine and looks them up.
//!
//! How to read it:
//! - [`pattern3`]: the 3x3 shape with atari bits as a 20-bit code — the playout policy's fast path.
//! - [`large`]: hashed near-circular patterns of seven sizes around a point.
//! - [`tactics`]: liberties after a move, and ladder reading on scratch boards.
//! - [`features`]: all features of a candidate move (the team), shared with the training tool.
//! - [`model`]: the weights file and the lookups the search uses.
//!
//! ```
//! use tengen_engine::patterns::{pattern3x3, PatternModel, Tactics, Weights};
//! use tengen_engine::{Board, Color};
//! let board = Board::new(9).unwrap();
//! let model = PatternModel::new(&Weights::neutral());
//! let p = board.geometry().point(4, 4);
//! assert_eq!(model.gamma3x3(pattern3x3(&board, p, Color::Black)), 1.0);
//! let mut gammas = vec![0.0; board.geometry().array_len()];
//! model.move_gammas(&board, Color::Black, &mut Tactics::new(), &mut gammas);
//! assert!(gammas[p.index()] > 0.0);
//! ```

pub mod features;
pub mod large;
pub mod model;
pub mod pattern3;
pub mod tactics;

pub use features::{move_features, MoveFeatures};
pub use model::{PatternModel, Weights, WeightsError};
pub use pattern3::pattern3x3;
pub use tactics::Tactics;
