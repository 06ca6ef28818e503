#!/usr/bin/env python3
"""Search quality without games: how much worse, by a deep reference search's reckoning, are the
moves a shorter search chooses? Much quicker than a match, and blind to the clock, so it can
compare settings at the large budgets of long games (two threads against one at the same
playouts, a tree parameter) in minutes, where a match takes hours.

Usage:
  search-regret.py positions --out POS.txt [--every 50] [--first 31] GAME.sgf...
      Positions from game records: move numbers FIRST, FIRST+EVERY, ... of each game (while at
      least ten moves follow), one line each: the board size, then the moves before it as
      `b D4 w Q16 ...`; the side to move is that of the game's next move.
  search-regret.py search --positions POS.txt --out RUN.jsonl -- ENGINE [ARGS...]
      One search per position (`lz-genmove_analyze`), e.g. `-- tengen --threads 1 --playouts
      5000 --seed 1`: the move chosen and each candidate's visits and win rate. Resumes: a
      position already in RUN.jsonl is skipped.
  search-regret.py report --reference REF.jsonl RUN.jsonl...
      Against the reference run (the same positions searched much deeper): how often each run
      chose the reference's move, and its mean regret, the reference's win rate of its own
      choice less that of the run's, for the choices the reference visited at least
      --min-visits times (the others are counted apart); --pool adds a row for all the runs
      together (the seeds of one setting).

A reference made by tengen itself favours the settings it was made with a little; use it for
changes that should not alter what the search values (threads, expansion), not for new
knowledge.
"""
import argparse
import json
import os
import re
import statistics

from gtp_pipe import gtp, spawn

COLUMNS = "ABCDEFGHJKLMNOPQRSTUVWXYZ"


def sgf_moves(text):
    size = int(re.search(r"SZ\[(\d+)\]", text).group(1))
    moves = []
    for color, coord in re.findall(r";([BW])\[([a-z]{0,2})\]", text):
        if coord == "" or (size <= 19 and coord == "tt"):
            vertex = "pass"
        else:
            vertex = f"{COLUMNS[ord(coord[0]) - 97]}{size - (ord(coord[1]) - 97)}"
        moves.append(f"{color.lower()} {vertex}")
    return size, moves


def make_positions(args):
    with open(args.out, "w") as out:
        for path in args.games:
            size, moves = sgf_moves(open(path).read())
            for n in range(args.first, len(moves) - 10, args.every):
                out.write(" ".join([str(size)] + moves[: n - 1]) + f" | {moves[n - 1][0]}\n")


def search(engine, line):
    head, to_move = line.rsplit("|", 1)
    fields = head.split()
    size, moves = fields[0], fields[1:]
    p = spawn(engine)
    gtp(p, f"boardsize {size}")
    gtp(p, "clear_board")
    for i in range(0, len(moves), 2):
        gtp(p, f"play {moves[i]} {moves[i + 1]}")
    # The reply: progress lines `info move ...`, the last the final one, then `play MOVE`.
    reply = gtp(p, f"lz-genmove_analyze {to_move.strip()} 1000000").splitlines()
    gtp(p, "quit")
    p.wait()
    last = [l for l in reply if l.startswith("info")][-1]
    play = next(l.split()[1] for l in reply if l.startswith("play"))
    candidates = {}
    for part in last.split("info move ")[1:]:
        t = part.split()
        candidates[t[0]] = [int(t[t.index("visits") + 1]), int(t[t.index("winrate") + 1]) / 1e4]
    return play, candidates


def run_searches(args):
    lines = [l.rstrip("\n") for l in open(args.positions) if l.strip()]
    done = set()
    if os.path.exists(args.out):
        done = {json.loads(l)["position"] for l in open(args.out)}
    with open(args.out, "a") as out:
        for i, line in enumerate(lines):
            if i in done:
                continue
            play, candidates = search(args.engine, line)
            out.write(json.dumps({"position": i, "play": play, "candidates": candidates}) + "\n")
            out.flush()


def report(args):
    ref = {r["position"]: r for r in map(json.loads, open(args.reference))}
    print(f"{'run':40} {'choices':>7} {'same':>6} {'regret':>8} {'+-':>6} {'>5%':>4} {'unknown':>7}")
    rows = [(os.path.basename(p), [p]) for p in args.runs]
    if args.pool and len(args.runs) > 1:
        rows.append(("all of them", args.runs))
    for name, paths in rows:
        regrets, same, unknown, n = [], 0, 0, 0
        for r in (json.loads(l) for path in paths for l in open(path)):
            if r["position"] not in ref:
                continue
            c = ref[r["position"]]["candidates"]
            best = max(c, key=lambda m: c[m][0])
            n += 1
            same += r["play"] == best
            if r["play"] in c and c[r["play"]][0] >= args.min_visits:
                regrets.append(max(0.0, c[best][1] - c[r["play"]][1]))
            else:
                unknown += 1
        if not regrets:
            continue
        se = statistics.stdev(regrets) / len(regrets) ** 0.5 if len(regrets) > 1 else 0.0
        print(f"{name:40} {n:7} {same / n:6.1%} {statistics.mean(regrets):8.2%} "
              f"{se:6.2%} {sum(x > 0.05 for x in regrets):4} {unknown:7}")


def main():
    ap = argparse.ArgumentParser(description=" ".join(__doc__.split("\n\n")[0].split()))
    sub = ap.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("positions")
    p.add_argument("--out", required=True)
    p.add_argument("--first", type=int, default=31)
    p.add_argument("--every", type=int, default=50)
    p.add_argument("games", nargs="+")
    s = sub.add_parser("search")
    s.add_argument("--positions", required=True)
    s.add_argument("--out", required=True)
    s.add_argument("engine", nargs="+")
    r = sub.add_parser("report")
    r.add_argument("--reference", required=True)
    r.add_argument("--min-visits", type=int, default=100)
    r.add_argument("--pool", action="store_true", help="a last row for all the runs together")
    r.add_argument("runs", nargs="+")
    args = ap.parse_args()
    {"positions": make_positions, "search": run_searches, "report": report}[args.cmd](args)


if __name__ == "__main__":
    main()
