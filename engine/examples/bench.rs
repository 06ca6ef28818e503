//! `cargo run --release -p tengen-engine --example bench [threads] [playouts] [filter]
//! [key=value...]`: the search bench without the GTP binary (`tengen bench` prints the same).
//! `filter` keeps only the positions whose name contains it (e.g. `9x9`); `key=value` sets a
//! search parameter.
use tengen_engine::search::bench::{run_position, POSITIONS};

fn main() {
    let mut args = std::env::args().skip(1);
    let threads = args.next().and_then(|a| a.parse().ok()).unwrap_or(1);
    let playouts = args.next().and_then(|a| a.parse().ok()).unwrap_or(20_000);
    let filter = args.next().unwrap_or_default();
    let params: Vec<(String, String)> = args
        .filter_map(|a| {
            a.split_once('=')
                .map(|(k, v)| (k.to_string(), v.to_string()))
        })
        .collect();
    let (mut nodes, mut total, mut secs) = (0, 0, 0.0);
    for pos in POSITIONS.iter().filter(|p| p.name.contains(&filter)) {
        let r = match run_position(pos, threads, playouts, &params) {
            Ok(r) => r,
            Err(e) => {
                eprintln!("bench: {e}");
                std::process::exit(2);
            }
        };
        println!(
            "{:<20} playouts {:>7} nodes {:>8} {:>8.0} playouts/s  {:?}",
            r.name,
            r.playouts,
            r.nodes,
            r.playouts as f64 / r.elapsed.as_secs_f64(),
            r.decision
        );
        nodes += r.nodes;
        total += r.playouts;
        secs += r.elapsed.as_secs_f64();
    }
    println!(
        "Nodes: {nodes}  playouts: {total}  {:.0} playouts/s",
        total as f64 / secs
    );
}
