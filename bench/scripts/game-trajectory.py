#!/usr/bin/env python3
"""Where a game turned: one side's chances every few moves, as tengen and GNU Go see them.

Usage: game-trajectory.py GAME.sgf... [--side B|W|NAME] [--every N] [--from M]
                          [--engine CMD] [--gnugo CMD | --no-gnugo]

For each game, the position after every N moves (from move M to the end) is loaded into tengen
(`loadsgf`) and searched once (`tengen-stats`: a fixed playout budget, seed 1, one thread, so a
run is reproducible), and into GNU Go (`estimate_score`). Each line gives, for the side asked
about, tengen's win rate and score lead, GNU Go's estimate and the stones each side has captured
so far; the largest falls of tengen's win rate and of GNU Go's estimate between two samples are
named at the end, as the places to look for the decisive mistake (then to be checked by much
deeper searches before it becomes a `regression/search/` test). GNU Go's estimate is rough (it
can swing 20 points between samples in a fight); two readers that agree are the better sign.

--side is B, W, or a player name: the side whose PB or PW starts with it (default "tengen").
Needs tengen built (`cargo build --release`) and, unless --no-gnugo, GNU Go
(bench/scripts/install-gnugo.sh).
"""
import argparse
import re
import sys

from gtp_pipe import gtp, spawn

ENGINE = "target/release/tengen --threads 1 --playouts 5000"
GNUGO = "/usr/games/gnugo --mode gtp --level 10 --chinese-rules"


def game_info(path):
    """(moves in the main line, Black's name, White's name) of an SGF file."""
    text = open(path, encoding="utf-8", errors="replace").read()
    moves = len(re.findall(r";\s*[BW]\[", text))
    name = lambda tag: (re.search(tag + r"\[([^\]]*)\]", text) or [None, ""])[1]
    return moves, name("PB"), name("PW")


def side_of(arg, black, white):
    if arg in ("B", "W"):
        return arg
    if black.startswith(arg) and not white.startswith(arg):
        return "B"
    if white.startswith(arg) and not black.startswith(arg):
        return "W"
    return None


def signed(winner_text, side):
    """`B+3.5` (or `W+...`, `0`) as points for `side`."""
    m = re.match(r"([BW])\+([\d.]+)", winner_text)
    if not m:
        return 0.0
    points = float(m[2])
    return points if m[1] == side else -points


def trajectory(path, args, engine, gnugo):
    moves, black, white = game_info(path)
    side = side_of(args.side, black, white)
    if side is None:
        print(f"{path}: no side named {args.side!r} (PB {black!r}, PW {white!r})")
        return
    print(f"{path}: {side} ({black if side == 'B' else white}), {moves} moves")
    print("  move  to move  tengen wins  its lead  GNU Go  captured (by " + side + " / other)")
    samples = []
    for k in range(args.start, moves + 1, args.every):
        gtp(engine, f"loadsgf {path} {k + 1}")
        gtp(engine, "tengen-param seed 1")
        stats = gtp(engine, "tengen-stats")
        m = re.search(r"(black|white) wins ([\d.]+)%, score lead ([-+\d.]+)", stats)
        if not m:
            sys.exit(f"unexpected tengen-stats reply: {stats}")
        to_move = m[1][0].upper()
        win, lead = float(m[2]), float(m[3])
        if to_move != side:
            win, lead = 100.0 - win, -lead
        mine = gtp(engine, f"captures {side}")
        theirs = gtp(engine, f"captures {'W' if side == 'B' else 'B'}")
        estimate = None
        if gnugo:
            gtp(gnugo, f"loadsgf {path} {k + 1}")
            estimate = signed(gtp(gnugo, "estimate_score"), side)
        samples.append((k, win, estimate))
        shown = "" if estimate is None else f"{estimate:+.1f}"
        print(f"  {k:4}  {to_move:>7}  {win:10.1f}%  {lead:+8.1f}  {shown:>6}  {mine} / {theirs}")
    largest_fall(samples, 1, "tengen's win rate")
    if gnugo:
        largest_fall(samples, 2, "GNU Go's estimate")


def largest_fall(samples, i, what):
    """Name the two successive samples between which value `i` of (move, win, estimate) fell most."""
    falls = [(b[i] - a[i], a[0], b[0]) for a, b in zip(samples, samples[1:])]
    if falls:
        drop, a, b = min(falls)
        print(f"  largest fall of {what}: {drop:+.1f} points between moves {a} and {b}")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("games", nargs="+", help="SGF files")
    ap.add_argument("--side", default="tengen", help="B, W, or a player's name (default tengen)")
    ap.add_argument("--every", type=int, default=10, help="moves between samples (default 10)")
    ap.add_argument("--from", dest="start", type=int, default=20, help="first sample (default 20)")
    ap.add_argument("--engine", default=ENGINE, help=f"tengen command (default: {ENGINE})")
    ap.add_argument("--gnugo", default=GNUGO, help=f"GNU Go command (default: {GNUGO})")
    ap.add_argument("--no-gnugo", action="store_true", help="tengen's view only")
    args = ap.parse_args()
    if args.every < 1 or args.start < 0:
        sys.exit("--every must be at least 1 and --from at least 0")
    engine = spawn(args.engine)
    gnugo = None if args.no_gnugo else spawn(args.gnugo)
    for path in args.games:
        trajectory(path, args, engine, gnugo)
    for p in (engine, gnugo):
        if p:
            gtp(p, "quit")


if __name__ == "__main__":
    main()
