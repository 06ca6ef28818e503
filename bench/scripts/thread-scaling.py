#!/usr/bin/env python3
"""Measure tengen's playouts per second at one and two threads, and what two cores give at most.

Usage: thread-scaling.py [--rounds 5] [BINARY]   (default BINARY: target/release/tengen)

Each round runs, one after another: `BINARY --threads 1 bench`, `BINARY --threads 2 bench`, and
two `BINARY --threads 1 bench` at the same time (two independent processes: no sharing at all,
so their sum is the most two cores give on this machine at that moment). Interleaving the three
keeps a slow spell of a shared machine from falling on one of them only. Prints each round, then
per bench position the median over rounds of each, the speed-up (2 threads / 1 thread) and the
share of the two-process ceiling that 2 threads reach.

On a virtual machine the host may run the two virtual CPUs on neighbouring cores or far apart,
and that changes what sharing one tree costs (not what two processes get). So the round trip of
a cache line between the two cores is measured just before and just after each 2-thread bench
(`tengen-core-latency`, built beside BINARY: `cargo build --release -p tengen-bench`), and the
rounds are also summarised by it: "near" when both measures are under 150 ns, "far" when both
are over 200 ns, the rest "mixed".
"""
import os
import re
import statistics
import subprocess
import sys

POSITIONS = ["9x9 empty", "9x9 middle game", "19x19 empty", "19x19 middle game"]


def parse(text):
    row = []
    for name in POSITIONS:
        m = re.search(re.escape(name) + r".*?(\d+) playouts/s", text)
        if not m:
            sys.exit(f"no figure for {name!r} in the bench output:\n{text}")
        row.append(int(m.group(1)))
    m = re.search(r"^threads.*?(\d+) playouts/s", text, re.M)
    row.append(int(m.group(1)) if m else 0)
    return row


def bench(binary, threads, copies=1):
    procs = [
        subprocess.Popen(
            [binary, "--threads", str(threads), "bench"],
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
        )
        for _ in range(copies)
    ]
    rows = [parse(p.communicate()[0]) for p in procs]
    return [sum(col) for col in zip(*rows)]


def round_trip(latency):
    """Nanoseconds for a cache line to go to the other core and back, or None without the tool."""
    if not os.path.exists(latency):
        return None
    out = subprocess.run([latency], capture_output=True, text=True).stdout
    m = re.search(r"round trip (\d+) ns", out)
    return int(m.group(1)) if m else None


def spell(before, after):
    if before is None or after is None:
        return "unknown"
    if before < 150 and after < 150:
        return "near"
    if before > 200 and after > 200:
        return "far"
    return "mixed"


def table(runs, title):
    med = {k: [statistics.median(c) for c in zip(*v)] for k, v in runs.items()}
    print(f"\n{title}, playouts per second")
    print(f"{'position':20s} {'1 thread':>9s} {'2 threads':>9s} {'speed-up':>8s} {'2 processes':>11s} {'share':>6s}")
    for i, name in enumerate(POSITIONS + ["all four"]):
        one, two, ceil = med["1 thread"][i], med["2 threads"][i], med["2 processes"][i]
        print(f"{name:20s} {one:9.0f} {two:9.0f} {two / one:7.2f}x {ceil:11.0f} {two / ceil:6.1%}")


def main():
    args = sys.argv[1:]
    rounds = 5
    if args[:1] == ["--rounds"]:
        rounds, args = int(args[1]), args[2:]
    binary = args[0] if args else "target/release/tengen"
    latency = os.path.join(os.path.dirname(binary), "tengen-core-latency")
    kinds = ["1 thread", "2 threads", "2 processes"]
    runs = {k: [] for k in kinds}
    spells = []
    for r in range(rounds):
        runs["1 thread"].append(bench(binary, 1))
        before = round_trip(latency)
        runs["2 threads"].append(bench(binary, 2))
        after = round_trip(latency)
        runs["2 processes"].append(bench(binary, 1, copies=2))
        spells.append(spell(before, after))
        rt = f"round trip {before}/{after} ns ({spells[-1]})" if before is not None else ""
        print(f"round {r + 1}:", {k: v[-1] for k, v in runs.items()}, rt, flush=True)
    table(runs, f"median of {rounds} rounds")
    for name in ["near", "far", "mixed"]:
        picked = [i for i, s in enumerate(spells) if s == name]
        if picked and len(picked) < rounds:
            table({k: [v[i] for i in picked] for k, v in runs.items()},
                  f"median of the {len(picked)} rounds with the cores {name}")

if __name__ == "__main__":
    main()
