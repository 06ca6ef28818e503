//! Fuzz the GTP command parser and dispatcher: any bytes, split into lines, answered by a
//! session with the real player (one thread) as the server would, searches in place (at most 8
//! playouts or 20 ms). Every line that needs a reply gets exactly one, framed as GTP wants,
//! and nothing panics. Games are played on boards up to 13x13; `final_score` and
//! `final_status_list` are left out, since each runs the player's own dead-stone search of
//! thousands of playouts (0.7 s) and would cut the fuzzer's speed tenfold; the golden
//! transcripts cover them.
#![no_main]

use libfuzzer_sys::fuzz_target;
use std::sync::Mutex;
use std::time::Duration;
use tengen_gtp::cli::new_player;
use tengen_gtp::log::Log;
use tengen_gtp::offline::{answer_script, check_framing, Cap};
use tengen_gtp::protocol::{parse_line, Line};
use tengen_gtp::session::{Session, Settings};
use tengen_engine::player::{ParamValue, Player};

static PLAYER: Mutex<Option<Box<dyn Player>>> = Mutex::new(None);

/// Largest board the fuzzer plays on.
const MAX_SIZE: usize = 13;

/// Lines the fuzzer must not send: writing or reading files (`loadsgf` has its own target),
/// and what would make one input take seconds or gigabytes (thread counts, memory caps, big
/// boards, dead-stone searches) rather than find bugs.
fn harmful(line: &[u8]) -> bool {
    let Line::Command(c) = parse_line(line) else {
        return false;
    };
    let name = c.name.to_ascii_lowercase();
    let first = c.args.first().map(String::as_str).unwrap_or("");
    (name == "printsgf" && !c.args.is_empty())
        || (name == "tengen-param" && (first == "threads" || first == "max_memory"))
        || (name == "boardsize" && first.parse::<usize>().is_ok_and(|n| n > MAX_SIZE))
        || name == "loadsgf"
        || name == "final_score"
        || name == "final_status_list"
}

fuzz_target!(|data: &[u8]| {
    let input: Vec<u8> = data
        .split(|&b| b == b'\n')
        .filter(|line| !harmful(line))
        .collect::<Vec<_>>()
        .join(&b'\n');
    // One player for all inputs (building one costs more than most inputs); each input starts
    // it afresh: a new game (`clear`) and the same seed.
    let mut slot = PLAYER.lock().unwrap_or_else(|e| e.into_inner());
    let mut player = slot.take().unwrap_or_else(|| {
        let mut p = new_player(1);
        p.set_param("threads", ParamValue::Int(1))
            .expect("the player takes a thread count");
        p
    });
    player
        .set_param("seed", ParamValue::Int(1))
        .expect("the player takes a seed");
    let mut session = Session::new(player, Settings::default(), Log::default());
    let start = b"boardsize 9\n";
    answer_script(&mut session, start, Cap { playouts: 0, time: Duration::ZERO });
    let cap = Cap {
        playouts: 8,
        time: Duration::from_millis(20),
    };
    let (output, replies) = answer_script(&mut session, &input, cap);
    *slot = session.take_player();
    match check_framing(&output) {
        Ok(n) => assert_eq!(n, replies, "one reply per command line:\n{output}"),
        Err(e) => panic!("{e}:\n{output}"),
    }
});
