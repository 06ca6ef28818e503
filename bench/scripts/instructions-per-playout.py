#!/usr/bin/env python3
"""Instructions per playout of a tengen build on the 19x19 bench positions, under callgrind.

Usage: instructions-per-playout.py [--playouts 2000] [--sizes 19] -- ENGINE...

For each bench position of the chosen sizes (read from engine/src/search/bench.rs, the one home of
those positions), the engine is run twice under `valgrind --tool=callgrind` with `--threads 1
--seed 1 --playouts N`: once to set the position up and search it (`genmove`), once to set it up
only. The difference of the two instruction counts, divided by N, is the cost of one playout with
its share of tree, priors and backup. Instruction counts do not depend on the machine's load, so
two commits can be compared on a busy machine. Commands are sent one at a time, each after the
previous reply, so that no pending input cuts a search short. Needs valgrind
(`apt-get install -y valgrind`).
"""
import argparse
import os
import re
import sys
import tempfile

from bench_positions import positions
from gtp_pipe import gtp, spawn


def instructions(engine, size, moves, search, playouts):
    """Instructions callgrind counts for one run of the engine on the position."""
    with tempfile.TemporaryDirectory() as tmp:
        log = os.path.join(tmp, "log")
        cmd = ["valgrind", "--tool=callgrind", f"--callgrind-out-file={tmp}/out",
               f"--log-file={log}"] + engine + ["--threads", "1", "--seed", "1",
                                                 "--playouts", str(playouts)]
        p = spawn(cmd)
        colour = "b"
        script = [f"boardsize {size}", "clear_board", "komi 7.5"]
        for mv in moves.split():
            script.append(f"play {colour} {mv}")
            colour = "w" if colour == "b" else "b"
        if search:
            script.append(f"genmove {colour}")
        for line in script:
            gtp(p, line)
        p.stdin.write("quit\n")
        p.stdin.close()
        p.wait()
        found = re.search(r"Collected : (\d+)", open(log).read())
        if not found:
            sys.exit("no instruction count in callgrind's log")
        return int(found.group(1))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--playouts", type=int, default=2000)
    ap.add_argument("--sizes", default="19", help="board sizes, comma-separated")
    ap.add_argument("engine", nargs=argparse.REMAINDER)
    args = ap.parse_args()
    engine = args.engine[1:] if args.engine[:1] == ["--"] else args.engine
    if not engine:
        sys.exit("usage: instructions-per-playout.py [--playouts N] -- ENGINE...")
    sizes = {int(s) for s in args.sizes.split(",")}
    for name, size, moves in positions():
        if size not in sizes:
            continue
        searched = instructions(engine, size, moves, True, args.playouts)
        set_up = instructions(engine, size, moves, False, args.playouts)
        print(f"{name}: {(searched - set_up) // args.playouts:,} instructions a playout", flush=True)


if __name__ == "__main__":
    main()
