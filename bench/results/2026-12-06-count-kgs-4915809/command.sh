#!/bin/bash
# tengen-count on every counted KGS game of kgs-6d (4,605 records), each game's rules and komi,
# one thread, seed 1, on 4915809 (the seki and standoff held up by dead stones), and the summary
# with the fixed test set of the counting issue (the 111 records of
# bench/results/kgs-set-aside.txt set aside). Run as two processes side by side (2001-2003 with
# 2017, and 2006 with 2015; results joined), beside builds and tests, so the times are a loaded
# machine's: the 3 records at 1 s of CPU or more took 900-910 ms on a quiet core (1ae972e:
# 830-900 ms). Against a count of 1ae972e the same day (the same as 2734e47's: 4,410 agree,
# 4,406 of the test set): newly agree KGS-2003:3040, 2006:348, 2015:8, 2017-01:169 and
# 2003:2437 (set aside); broken 2006:3537 (two white stones at the 1-2 points of Black's corner
# next to the dead white D1: read without D1, Black takes them; the players counted a seki); no
# other score changed. KGS/ is the folder of the .sgfs collections. Run from the repository root
# after `cargo build --release --workspace`.
target/release/tengen-count -o bench/out/count-4915809.jsonl KGS/KGS-*.sgfs
target/release/tengen-count -o bench/out/count-4915809.jsonl --summary-only \
  --set-aside bench/results/kgs-set-aside.txt
