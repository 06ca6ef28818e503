//! Benchmarks and strength tools for tengen: the match runner (`tengen-match`), the
//! gogui-regress runner (`tengen-regress`), and the pieces they share.
//!
//! How to read it: [`gtp_client`] drives an engine process; [`referee`] plays one checked game
//! (each player's clock is the engine's own, `tengen_engine::time::Clock`); [`match_runner`] plays many, with [`openings`],
//! [`results`] (the JSON-lines file), [`stats`] (Elo, SPRT) and [`report`] (summary, HTML);
//! [`regress`] runs gogui-regress `.tst` files; [`counting`] measures tengen's count of finished
//! games against their recorded results (`tengen-count`); [`foresight`] measures how well the playout
//! policy alone foresees the end of those games (`tengen-playout-check`).

pub mod counting;
pub mod foresight;
pub mod gtp_client;
pub mod match_runner;
pub mod openings;
pub mod referee;
pub mod regress;
pub mod report;
pub mod results;
pub mod stats;
