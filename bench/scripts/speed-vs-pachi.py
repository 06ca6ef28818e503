#!/usr/bin/env python3
"""Playouts per second of tengen and Pachi on the same positions, in the same run.

Usage: speed-vs-pachi.py [--rounds 5] [--threads 1,2] [--tengen BINARY] -- PACHI...
       (PACHI: the Pachi command, e.g. ~/.cache/opponents/pachi/pachi; see install-pachi.sh)

The positions are the bench positions of `tengen bench` (9x9 and 19x19, empty and a middle
game), read from engine/src/search/bench.rs so that both engines search exactly the same boards.
Each round, for each thread count, runs `tengen --threads N bench` and then, position by
position, one Pachi search with the same playout budget (`-t =P threadsN`, a fresh engine per
position, so neither has a tree to reuse). Alternating the two keeps a slow spell of a shared
machine from falling on one engine only. Prints each round and the medians.

What is counted: tengen's figure is the whole search (tree, priors, playouts) over its wall
time, as `tengen bench` prints it; Pachi's is the figure it prints after `genmove`
("mcts X s (N games/s)"): its playouts over its search time.
"""
import argparse
import os
import re
import statistics
import subprocess
import sys

from bench_positions import ROOT, positions


def tengen_bench(binary, threads, budget):
    out = subprocess.run(
        [binary, "--threads", str(threads), "bench", str(budget)],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    rates = {}
    for name, _, _ in positions():
        m = re.search(re.escape(name) + r".*?(\d+) playouts/s", out)
        if not m:
            sys.exit(f"no figure for {name!r} in tengen's bench output:\n{out}")
        rates[name] = int(m.group(1))
    return rates


def pachi_search(pachi, threads, size, moves, playouts):
    colours = ["b", "w"]
    lines = [f"boardsize {size}", "clear_board", "komi 7.5"]
    lines += [f"play {colours[i % 2]} {mv}" for i, mv in enumerate(moves.split())]
    lines += [f"genmove {colours[len(moves.split()) % 2]}", "quit"]
    proc = subprocess.run(
        pachi + ["-t", f"={playouts}", f"threads={threads}"],
        input="\n".join(lines) + "\n",
        capture_output=True,
        text=True,
    )
    m = re.search(r"mcts [\d.]+s \((\d+) games/s", proc.stderr)
    if not m:
        sys.exit(f"no speed figure in Pachi's output:\n{proc.stderr[-2000:]}")
    return int(m.group(1))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--threads", default="1,2")
    ap.add_argument("--budget", type=int, default=20000, help="playouts per 9x9 position (19x19: a quarter)")
    ap.add_argument("--tengen", default=os.path.join(ROOT, "target", "release", "tengen"))
    ap.add_argument("pachi", nargs=argparse.REMAINDER)
    args = ap.parse_args()
    pachi = args.pachi[1:] if args.pachi[:1] == ["--"] else args.pachi
    if not pachi:
        sys.exit("give the Pachi command after --")
    threads = [int(t) for t in args.threads.split(",")]
    table = {}
    for r in range(1, args.rounds + 1):
        for t in threads:
            ours = tengen_bench(args.tengen, t, args.budget)
            for name, size, moves in positions():
                budget = args.budget if size == 9 else args.budget // 4
                theirs = pachi_search(pachi, t, size, moves, budget)
                table.setdefault((name, t), []).append((ours[name], theirs))
                print(f"round {r}  threads {t}  {name:18}  tengen {ours[name]:7}  pachi {theirs:7}", flush=True)
    print("\nmedians (playouts per second)")
    print(f"{'position':18} {'threads':>7} {'tengen':>8} {'pachi':>8} {'ratio':>6}")
    for (name, t), rows in table.items():
        ours = statistics.median(a for a, _ in rows)
        theirs = statistics.median(b for _, b in rows)
        print(f"{name:18} {t:7} {ours:8.0f} {theirs:8.0f} {ours / theirs:6.2f}")


if __name__ == "__main__":
    main()
