//! Move patterns learned from strong players' games (Bradley–Terry "Elo ratings" of features, as
//! in Coulom 2007): each candidate move is a team of features, and its strength (gamma) is the
//! product of its features' gammas. The training tool (`train/`, binary `tengen-train`) fits the
//! gammas; this module extracts the same features in the engine and looks them up.
//!
//! How to read it (the 3x3 code, liberties and ladders they use are in [`crate::tactics`]):
//! - [`large`]: hashed near-circular patterns of seven sizes around a point.
//! - [`features`]: all features of a candidate move (the team), shared with the training tool.
//! - [`model`]: the weights file and the lookups the search uses.
//!
//! ```
//! use tengen_engine::patterns::{PatternModel, Weights};
//! use tengen_engine::tactics::{pattern3x3, Budget, LadderReader};
//! use tengen_engine::{Board, Color};
//! let board = Board::new(9).unwrap();
//! let model = PatternModel::new(&Weights::neutral());
//! let p = board.geometry().point(4, 4);
//! assert_eq!(model.gamma3x3(pattern3x3(&board, p, Color::Black)), 1.0);
//! let mut gammas = vec![0.0; board.geometry().array_len()];
//! model.move_gammas(&board, Color::Black, &mut LadderReader::new(Budget::THOROUGH), &mut gammas);
//! assert!(gammas[p.index()] > 0.0);
//! ```

pub mod features;
pub mod large;
pub mod model;

pub use features::{move_features, MoveFeatures};
pub use model::{PatternModel, Weights, WeightsError};
