#!/bin/bash
# Self-play SPRT: the judgement only when a pass is in question (NEW, the commit after b47085a)
# against b47085a (OLD), 9x9, absolute 10 s a side, 1 thread each, two games at a time; stopped
# undecided after 133 games at the end of the 2026-12-05 session (it resumes: copy results.jsonl
# into the --out folder). NEW and OLD are the two builds' target/release/tengen.
NEW=${NEW:-target/release/tengen}; OLD=${OLD:?the b47085a build}
exec target/release/tengen-match -e "$NEW --threads 1" -o "$OLD --threads 1" -n 4000 --size 9 \
  --komi 7.5 --time absolute:10 -j 2 --random-opening 2 --hang-timeout 60 \
  --sprt 0,30,0.05,0.05 --out bench/out/sprt-lazyjudge --resume -q
