#!/usr/bin/env python3
"""Time every genmove of an engine from outside under a clock, the way a referee does.

Usage: clock-check.py [--size 19] [--moves 100] [--settings "0 1 1"] -- ENGINE...

The engine plays both colours (genmove b, genmove w, ...) after `time_settings SETTINGS`; before
each genmove the script sends `time_left` with what a referee would report at the start of a
Canadian period (the period's full time and stones). It prints each move's wall time from the
moment the command line is written to the moment the reply's blank line arrives, and a summary:
moves, mean, longest, and how many took longer than the period. Exit status 1 when any did.
"""
import argparse
import sys
import time

from gtp_pipe import gtp, spawn


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--size", type=int, default=19)
    ap.add_argument("--moves", type=int, default=100)
    ap.add_argument("--settings", default="0 1 1", help="main_time byo_yomi_time stones")
    ap.add_argument("engine", nargs=argparse.REMAINDER)
    args = ap.parse_args()
    engine = args.engine[1:] if args.engine[:1] == ["--"] else args.engine
    main_time, period, stones = (int(x) for x in args.settings.split())
    limit = period if main_time == 0 else main_time + period

    p = spawn(engine)

    def send(cmd):
        return gtp(p, cmd)

    send(f"boardsize {args.size}")
    send("clear_board")
    send("komi 7.5")
    send(f"time_settings {args.settings}")
    times = []
    passes = 0
    for i in range(args.moves):
        colour = "b" if i % 2 == 0 else "w"
        send(f"time_left {colour} {period} {stones}")
        start = time.monotonic()
        mv = send(f"genmove {colour}")
        times.append(time.monotonic() - start)
        print(f"{i + 1:4} {colour} {mv:6} {times[-1]:.3f} s", flush=True)
        passes = passes + 1 if mv.lower() == "pass" else 0
        if mv.lower() == "resign" or passes == 2:
            break
    send("quit")
    p.wait(timeout=10)
    over = sum(1 for t in times if t > limit)
    print(
        f"moves {len(times)}, mean {sum(times) / len(times):.3f} s, "
        f"longest {max(times):.3f} s, over {limit} s: {over}"
    )
    sys.exit(1 if over else 0)


if __name__ == "__main__":
    main()
