//! Judging a game over GTP: the record sent to a GTP [`Session`] of this process exactly as a
//! controller would send it (`boardsize`, `komi`, `play` ..., `final_score`, `final_status_list
//! dead|seki|undecided`), so that `tengen-count` measures the same code path as the `tengen` binary.

use super::records::{parse_result, CountedGame};
use std::time::Instant;
use tengen_engine::coord::{move_text, parse_move};
use tengen_engine::{Color, Geometry, Move, Point};
use tengen_gtp::log::Log;
use tengen_gtp::protocol::{parse_line, Line};
use tengen_gtp::session::{Outcome, Session, Settings};

/// tengen's count of a finished game, as its GTP commands answered it.
#[derive(Clone, Debug)]
pub struct GtpCount {
    /// The `final_score` reply (`B+3.5`).
    pub reply: String,
    /// The same as Black's margin.
    pub score: f64,
    pub dead: Vec<Point>,
    pub seki: Vec<Point>,
    /// The stones whose status is a guess (`final_status_list undecided`).
    pub undecided: Vec<Point>,
    /// Wall time of `final_score` (the judgement and the count), in milliseconds.
    pub millis: f64,
    /// CPU time the process spent on it (all threads), in milliseconds; `None` where the
    /// system does not say.
    pub cpu_millis: Option<f64>,
}

/// Ask a GTP session of this process to count `game`: `boardsize`, `komi`, the record's
/// moves as `play` commands, then `final_score` (timed) and `final_status_list dead`,
/// `seki` and `undecided`. The session's rules are the game's, its player the one the `tengen` binary uses,
/// on `threads` threads with `seed`.
pub fn judge(game: &CountedGame, seed: u64, threads: usize) -> Result<GtpCount, String> {
    let settings = Settings {
        rules: game.rules,
        ..Settings::default()
    };
    let mut session = Session::new(tengen_gtp::cli::new_player(seed), settings, Log::default());
    let geo = Geometry::new(game.record.size).ok_or("bad size")?;
    let mut commands = vec![
        format!("tengen-param threads {threads}"),
        format!("boardsize {}", game.record.size),
        format!("komi {}", game.rules.komi),
    ];
    for (i, node) in game.record.nodes.iter().enumerate() {
        if !node.setup.is_empty() {
            let handicap = i == 0 && node.setup.iter().all(|(_, s)| *s == Some(Color::Black));
            if !handicap {
                return Err("setup stones other than a handicap".into());
            }
            let stones: Vec<String> = node
                .setup
                .iter()
                .map(|&(p, _)| move_text(Move::Play(p), geo))
                .collect();
            commands.push(format!("set_free_handicap {}", stones.join(" ")));
        }
        if let Some((color, mv)) = node.mv {
            let c = if color == Color::Black { "B" } else { "W" };
            commands.push(format!("play {c} {}", move_text(mv, geo)));
        }
    }
    for c in &commands {
        gtp(&mut session, c)?;
    }
    let cpu = tengen_gtp::cputime::process_cpu_time();
    let start = Instant::now();
    let reply = gtp(&mut session, "final_score")?;
    let millis = start.elapsed().as_secs_f64() * 1000.0;
    let cpu_millis = cpu
        .zip(tengen_gtp::cputime::process_cpu_time())
        .map(|(before, after)| after.saturating_sub(before).as_secs_f64() * 1000.0);
    let score = parse_result(&reply).ok_or_else(|| format!("final_score said {reply:?}"))?;
    let points = |text: String| -> Result<Vec<Point>, String> {
        let mut v = Vec::new();
        for word in text.split_whitespace() {
            match parse_move(word, geo) {
                Ok(Move::Play(p)) => v.push(p),
                _ => return Err(format!("bad vertex {word:?}")),
            }
        }
        v.sort();
        Ok(v)
    };
    let dead = points(gtp(&mut session, "final_status_list dead")?)?;
    let seki = points(gtp(&mut session, "final_status_list seki")?)?;
    let undecided = points(gtp(&mut session, "final_status_list undecided")?)?;
    Ok(GtpCount {
        reply,
        score,
        dead,
        seki,
        undecided,
        millis,
        cpu_millis,
    })
}

/// One GTP command to `session`; its reply text, or the error reply.
fn gtp(session: &mut Session, text: &str) -> Result<String, String> {
    let Line::Command(command) = parse_line(text.as_bytes()) else {
        return Err(format!("not a command: {text}"));
    };
    match session.execute(&command) {
        Outcome::Reply(Ok(reply)) => Ok(reply),
        Outcome::Reply(Err(e)) => Err(format!("{text}: ? {e}")),
        _ => Err(format!("{text}: unexpected search")),
    }
}
