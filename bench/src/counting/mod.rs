//! The counting test: finished games whose recorded result is a count (KGS records such as
//! `RE[W+6.5]`), replayed and counted by tengen's own `final_score` under each game's rules and
//! komi, and compared with the result the players agreed on.
//!
//! How to read it, one job a file:
//! - [`records`]: a [`CountedGame`] is one record that ended by counting (its rules from `RU`,
//!   the recorded margin, and the territory KGS saved in `TB`/`TW` when it did).
//! - [`judge`](mod@judge): the game sent to a GTP session in this process, exactly as a controller would
//!   (`play` ..., `final_score`, `final_status_list dead|seki`), so the command line tool
//!   measures the same code path as GTP; the answer is a [`GtpCount`].
//! - [`check`](mod@check): one game counted and compared, a [`GameReport`] (one line of the results file).
//! - [`explain`]: the groups whose status, changed, would give the recorded result, or how the
//!   players' marks differ; the answer is a typed [`Disagreement`] ([`disagreement`]).
//! - [`summary`](mod@summary): the tally of the per-game reports.
//! - [`boards`]: a game's final position with both judgements, and where the players' marks
//!   and their saved territory differ.

pub mod boards;
pub mod check;
pub mod disagreement;
pub mod explain;
pub mod judge;
pub mod records;
pub mod summary;

pub use boards::{show, territory_differences};
pub use check::{check, read_reports, GameReport};
pub use disagreement::{Disagreement, GroupStatus, Life};
pub use judge::{judge, GtpCount};
pub use records::{kgs_rules, parse_result, players_count, read_records, CountedGame};
pub use summary::{summary, SetAside};

/// A tiny finished game for the tests: on 5x5 Black's wall on column C and White's on D, Black
/// owning columns A and B, White column E, a dead stone of each in the other's area (White A5,
/// Black E4); the record saves that territory, and the count is B+4.5.
#[cfg(test)]
const TINY_GAME: &str = "(;GM[1]SZ[5]KM[0.5]RU[Chinese]RE[B+4.5]\
    ;B[cb];W[db];B[cc];W[dc];B[cd];W[dd];B[ce];W[de];B[ca];W[da]\
    ;B[eb];W[aa];B[];W[]TB[aa][ab][ac][ad][ae][ba][bb][bc][bd][be]TW[ea][eb][ec][ed][ee])";
