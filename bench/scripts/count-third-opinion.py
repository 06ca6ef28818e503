#!/usr/bin/env python3
"""A third opinion on tengen-count's disagreements: GNU Go's status of the stones in dispute.

Usage: count-third-opinion.py RESULTS KGS_DIR [--set-aside FILE] [--gnugo "/usr/games/gnugo ..."]

RESULTS is a tengen-count results file (JSON lines), KGS_DIR the folder of the `.sgfs` files
its sources name (`KGS-2017-05.sgfs:10` is line 10 of that file). For every record that
disagrees with its recorded result (and is not set aside), the script loads the final position
into GNU Go (`loadsgf`) and asks `final_status_list dead` and `final_status_list seki`. For each
stone in dispute (a group tengen and the players judge differently, or a stone the players
marked dead and tengen did not, or the other way round) it prints GNU Go's status and whom that
sides with; the summary counts the records where GNU Go sides with the players on every stone
in dispute (tengen's judgement the likely mistake: a fixture to make), with tengen on every one
(the players' slip, most likely), or neither. A seki counts as alive. Records whose board was
not finished (no group or mark to compare) are left out. Needs GNU Go
(bench/scripts/install-gnugo.sh).
"""
import argparse
import json
import os
import sys
import tempfile

from gtp_pipe import gtp, spawn

GNUGO = "/usr/games/gnugo --mode gtp --level 10 --chinese-rules"


def disputed(record):
    """The stones in dispute, each with tengen's verdict: [(vertex, tengen_says_dead)]."""
    d = record["disagreement"] or {}
    if d.get("kind") == "groups":
        return [(g["at"], g["ours"] == "dead") for g in d["groups"]]
    if d.get("kind") == "marks" and record.get("players_dead") is not None:
        ours, theirs = set(record["dead"]), set(record["players_dead"])
        return [(v, True) for v in sorted(ours - theirs)] + [
            (v, False) for v in sorted(theirs - ours)
        ]
    return []


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("results")
    ap.add_argument("kgs_dir")
    ap.add_argument("--set-aside", help="a file of sources to leave out (one a line, # comments)")
    ap.add_argument("--gnugo", default=GNUGO)
    args = ap.parse_args()
    aside = set()
    if args.set_aside:
        with open(args.set_aside) as f:
            aside = {l.split("#")[0].strip() for l in f} - {""}
    with open(args.results) as f:
        records = [json.loads(l) for l in f if l.strip()]
    records = [r for r in records if not r["agree"] and r["source"] not in aside]
    files = {}
    tally = {"players": 0, "tengen": 0, "neither": 0}
    p = spawn(args.gnugo)
    with tempfile.TemporaryDirectory() as tmp:
        for r in records:
            stones = disputed(r)
            if not stones:
                continue
            name, line = r["source"].rsplit(":", 1)
            if name not in files:
                with open(os.path.join(args.kgs_dir, name)) as f:
                    files[name] = f.read().splitlines()
            path = os.path.join(tmp, "game.sgf")
            with open(path, "w") as f:
                f.write(files[name][int(line) - 1])
            gtp(p, f"loadsgf {path}")
            dead = set(gtp(p, "final_status_list dead").split())
            seki = set(gtp(p, "final_status_list seki").split())
            sides = set()
            words = []
            for vertex, tengen_dead in stones:
                gnugo_dead = vertex in dead
                status = "dead" if gnugo_dead else ("seki" if vertex in seki else "alive")
                side = "tengen" if gnugo_dead == tengen_dead else "players"
                sides.add(side)
                words.append(f"{vertex} {status} ({side})")
            verdict = sides.pop() if len(sides) == 1 else "neither"
            tally[verdict] += 1
            print(f"{r['source']}: tengen {r['ours']}, GNU Go: {', '.join(words)}")
    p.stdin.close()
    p.wait()
    print(
        f"GNU Go sides with the players in {tally['players']}, with tengen in "
        f"{tally['tengen']}, with neither throughout in {tally['neither']} "
        f"of {sum(tally.values())} records in dispute"
    )


if __name__ == "__main__":
    sys.exit(main())
