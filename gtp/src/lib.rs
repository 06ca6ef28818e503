//! # tengen (the GTP front end)
//!
//! The `tengen` binary speaks GTP on standard input and output and drives a
//! [`tengen_engine::player::Player`]. This library is all of it but `main`:
//!
//! - [`protocol`]: one input line into a command (ids, comments, control characters), replies
//!   into wire text.
//! - [`session`]: the game, the player, the budget; every command. No I/O, no threads.
//! - [`search`]: a search request (move, analysis stream, GoGui display, pondering) and its
//!   limits.
//! - [`server`]: the loop over stdin and stdout, with searches on a worker thread.
//! - [`analysis`], [`showboard`], [`free_handicap`]: text forms and handicap placement.
//! - [`cli`]: command-line options and how they reach the player.
//! - [`log`]: the `--log` file and stderr.
//! - [`cputime`]: the process's CPU time, for `cputime`.
//! - [`offline`]: a whole script answered on one thread (fuzzing, tests).
//!
//! ```
//! use tengen_gtp::protocol::{parse_line, Line};
//! use tengen_gtp::session::{Outcome, Session, Settings};
//! let mut session = Session::new(tengen_gtp::cli::new_player(1), Settings::default(), Default::default());
//! let Line::Command(cmd) = parse_line(b"7 play b D4") else { unreachable!() };
//! assert!(matches!(session.execute(&cmd), Outcome::Reply(Ok(_))));
//! ```

pub mod analysis;
pub mod cli;
pub mod cputime;
pub mod free_handicap;
pub mod log;
pub mod offline;
pub mod protocol;
pub mod search;
pub mod server;
pub mod session;
pub mod showboard;
#[cfg(test)]
mod stub_player;
