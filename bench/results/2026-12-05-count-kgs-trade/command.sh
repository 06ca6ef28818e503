#!/bin/bash
# tengen-count on every counted KGS game of kgs-6d (4,605 records), each game's rules and komi,
# one thread, seed 1, on the commit that made a costly capture of a small chain a trade (the one
# that adds this folder); run as one process on 836 records (every disagreement of 0fb499e and
# every 7th agreement) and one on the other 3,769, the results joined, beside a match at nice 10.
# KGS/ is the folder of the .sgfs collections. Run from the repository root after
# `cargo build --release --workspace`.
target/release/tengen-count -o bench/out/count-trade.jsonl KGS/KGS-*.sgfs
target/release/tengen-count -o bench/out/count-trade.jsonl --summary-only
