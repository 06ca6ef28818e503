"""The bench positions of `tengen bench`, read from engine/src/search/bench.rs (their one home),
for the scripts that search them with other tools."""
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BENCH_RS = os.path.join(ROOT, "engine", "src", "search", "bench.rs")


def positions():
    """(name, size, moves) of the bench positions, as bench.rs lists them; moves as one string."""
    text = open(BENCH_RS).read()
    found = []
    for m in re.finditer(
        r'name:\s*"([^"]+)",\s*size:\s*(\d+),\s*moves:\s*"([^"]*)"', text, re.S
    ):
        moves = " ".join(m.group(3).replace("\\", " ").split())
        found.append((m.group(1), int(m.group(2)), moves))
    if not found:
        sys.exit(f"no bench positions found in {BENCH_RS}")
    return found
