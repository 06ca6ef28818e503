//! `tengen-core-latency`: how long one cache line takes to go from one core to another and back,
//! right now.
//!
//! Two threads pass a counter back and forth through one atomic on a cache line of its own; the
//! time per round trip is the price of the cache-line transfers that a shared search tree pays
//! whenever two threads touch the same node. On a virtual machine it is not a constant: the host
//! may run the two virtual CPUs on neighbouring cores (here about 80 ns) or far apart (here about
//! 340 ns), and two search threads lose accordingly. `bench/scripts/thread-scaling.py` runs this
//! beside each round of its benches so that rounds can be told apart by it.
//!
//! Usage: `tengen-core-latency [ROUND_TRIPS]` (default 1,000,000). Prints `round trip N ns`.

use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

/// The counter, alone on its cache lines.
#[repr(align(128))]
struct CacheLine(AtomicU64);

fn main() {
    let round_trips: u64 = match std::env::args().nth(1) {
        None => 1_000_000,
        Some(arg) => match arg.parse() {
            Ok(n) if n > 0 => n,
            _ => {
                eprintln!("usage: tengen-core-latency [ROUND_TRIPS] (a positive number)");
                std::process::exit(2);
            }
        },
    };
    let line = CacheLine(AtomicU64::new(0));
    let elapsed = std::thread::scope(|s| {
        // The echo: waits for each odd value and answers with the next even one.
        s.spawn(|| {
            for i in 0..round_trips {
                while line.0.load(Ordering::Acquire) != 2 * i + 1 {
                    std::hint::spin_loop();
                }
                line.0.store(2 * i + 2, Ordering::Release);
            }
        });
        let start = Instant::now();
        for i in 0..round_trips {
            line.0.store(2 * i + 1, Ordering::Release);
            while line.0.load(Ordering::Acquire) != 2 * i + 2 {
                std::hint::spin_loop();
            }
        }
        start.elapsed()
    });
    let ns = elapsed.as_nanos() as f64 / round_trips as f64;
    println!("round trip {ns:.0} ns");
}
