//! # tengen-engine
//!
//! The rules core and the Monte-Carlo tree search of the tengen Go engine. No I/O and no GTP text:
//! the `tengen` binary (crate `gtp/`) parses commands and prints replies; this crate plays Go.
//!
//! How to read it (see also `ARCHITECTURE.md` at the repository root):
//! - [`types`]: `Color`, `Point`, `Move`, the small types everything uses.
//! - [`geometry`]: board size and the padded array points live in.
//! - [`board`]: the position: stones, chains with liberties, captures, simple ko, Zobrist hash.
//! - [`game`]: a board plus history: superko, passes, undo, handicap, scoring entry point.
//! - [`rules`], [`score`], [`handicap`], [`coord`], [`sgf`]: rules as data, counting, fixed
//!   handicap points, vertex text, SGF files.
//! - [`playout`]: random games to the end, the engine's measuring stick.
//! - [`life`]: static life and death (Benson's unconditional life, seki), for counting.
//! - [`tactics`]: the Go knowledge the playout policy and the priors share (liberties after a
//!   move, ladders, nakade, 3x3 shapes).
//! - [`patterns`]: learned move patterns; [`search`]: the Monte-Carlo tree search.
//! - [`time`]: clocks (absolute, Japanese and Canadian byo-yomi) and the time manager that turns
//!   what is left into a thinking budget for one move.
//!
//! ```
//! use tengen_engine::{coord::parse_move, Color, Game, Rules};
//! let mut game = Game::new(9, Rules::chinese()).unwrap();
//! let geo = game.board().geometry();
//! game.play(Color::Black, parse_move("E5", geo).unwrap()).unwrap();
//! assert!(game.play(Color::White, parse_move("E5", geo).unwrap()).is_err());
//! assert_eq!(game.to_move(), Color::White);
//! ```

pub mod board;
pub mod coord;
pub mod game;
pub mod geometry;
pub mod handicap;
pub mod life;
pub mod patterns;
pub mod player;
pub mod playout;
pub mod rng;
pub mod rules;
pub mod score;
pub mod search;
pub mod sgf;
pub mod tactics;
#[cfg(test)]
mod test_boards;
pub mod time;
pub mod tunable;
pub mod types;
mod zobrist;

pub use board::{Board, IllegalMove};
pub use game::{Action, Game};
pub use geometry::{Geometry, MAX_SIZE, MIN_SIZE};
pub use rules::{HandicapCompensation, KoRule, Rules, Scoring};
pub use score::Score;
pub use types::{Cell, Color, Move, Point};
