#!/usr/bin/env bash
# Shows that a match split into shards with GNU parallel and merged gives the same games and
# totals as one run. Usage: shard-check.sh OUT_DIR [GAMES] [SHARDS]
# Needs GNU Go and GNU parallel (bench/scripts/install-gnugo.sh) and a release build of
# tengen-match. GNU Go with a fixed --seed is deterministic, so both runs play the same games.
set -euo pipefail
out="${1:?usage: shard-check.sh OUT_DIR [GAMES] [SHARDS]}"
games="${2:-32}"
shards="${3:-16}"
root="$(cd "$(dirname "$0")/../.." && pwd)"
match="$root/target/release/tengen-match"
engine="/usr/games/gnugo --mode gtp --level 1 --seed 1 --chinese-rules --positional-superko"
opponent="/usr/games/gnugo --mode gtp --level 0 --seed 2 --chinese-rules --positional-superko"
referee="/usr/games/gnugo --mode gtp --chinese-rules"
rm -rf "$out" && mkdir -p "$out"
common=(-q -e "$engine" -o "$opponent" -n "$games" --size 9 --random-opening 2 --referee "$referee")
"$match" "${common[@]}" --out "$out/one" > "$out/one.txt"
seq "$shards" | parallel -j 2 "$match" "${common[@]@Q}" --out "$out/shards" --shard {}/"$shards" > /dev/null
"$match" merge --out "$out/merged" "$out"/shards/results-*-of-"$shards".jsonl > "$out/merged.txt"
# Same games: index, result, moves, in game order.
key() { python3 -c 'import json,sys
for g in sorted((json.loads(l) for l in open(sys.argv[1])), key=lambda g: g["game"]):
    print(g["game"], g["result"], g["moves"])' "$1"; }
if diff <(key "$out/one/results.jsonl") <(key "$out/merged/results.jsonl") > "$out/diff.txt" &&
   diff <(grep -E ' total |^score ' "$out/one.txt") <(grep -E ' total |^score ' "$out/merged.txt"); then
    echo "same $games games and totals in one run and in $shards merged shards:"
    grep -E ' total |^score ' "$out/merged.txt"
else
    echo "runs differ:"; cat "$out/diff.txt"; exit 1
fi
