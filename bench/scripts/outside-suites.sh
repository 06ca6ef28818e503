#!/usr/bin/env bash
# Measure tengen on outside regression suites: Fuego's public gogui-regress suites (LGPL, so they
# are measured with, never copied here). One log per .tst file in OUT; a file already logged is
# skipped, so an interrupted run resumes. Prints the pass counts per file and in all at the end.
#
#   bench/scripts/outside-suites.sh SUITES OUT [ENGINE COMMAND...]
#
# SUITES: a folder of .tst files with the SGF files they load, e.g. the regression/ folder of
# Fuego's source tree (the Fuego project, fuego.sourceforge.net). Commands only Fuego knows fail
# on other engines: a failing setup line counts as an error of its file, a failing test as a
# failure, so remove such lines first for a fair measure.
# Default engine: target/release/tengen --threads 1 --playouts 20000 --seed 1 (deterministic). An
# engine named here needs its own --seed for that: without one tengen draws a seed per process,
# and Fuego's suites do not set it.
# Runner: target/release/tengen-regress (cargo build --release -p tengen -p tengen-bench).
set -euo pipefail
usage="usage: outside-suites.sh SUITES OUT [ENGINE...]  (SUITES: a folder of Fuego's .tst suites)"
suites=${1:?$usage}
out=${2:?$usage}
shift 2
[ -d "$suites" ] || { echo "outside-suites.sh: no folder $suites; $usage" >&2; exit 2; }
out=$(realpath -m "$out")
root=$(cd "$(dirname "$0")/../.." && pwd)
regress=$root/target/release/tengen-regress
[ -x "$regress" ] || { echo "outside-suites.sh: build $regress first" >&2; exit 2; }
if [ $# -eq 0 ]; then
  set -- "$root/target/release/tengen" --threads 1 --playouts 20000 --seed 1
fi
# The runner starts the engine in each suite's folder: make its path absolute.
if [ -e "$1" ]; then set -- "$(realpath "$1")" "${@:2}"; fi
engine=$(printf '%q ' "$@")
mkdir -p "$out"
for tst in "$suites"/*.tst; do
  log=$out/$(basename "$tst" .tst).log
  [ -s "$log" ] && continue
  "$regress" --timeout 300 -e "$engine" "$tst" > "$log.part" 2>&1 || true
  mv "$log.part" "$log"
  grep "^total" "$log" || tail -1 "$log"
done
# The last line of each log is tengen-regress's total row: tests passed failed unexp.fail
# unexp.pass errors.
python3 - "$out" <<'PY'
import pathlib, sys
keys = ("tests", "passed", "failed", "unexp.fail", "unexp.pass", "errors")
total = dict.fromkeys(keys, 0)
print(f"{'file':42} " + " ".join(f"{k:>11}" for k in keys))
for log in sorted(pathlib.Path(sys.argv[1]).glob("*.log")):
    row = next((l.split()[1:] for l in log.read_text().splitlines() if l.startswith("total ")), None)
    if row is None or len(row) != len(keys):
        print(f"{log.stem:42} (no summary: see the log)")
        continue
    v = dict(zip(keys, map(int, row)))
    for k in keys:
        total[k] += v[k]
    print(f"{log.stem:42} " + " ".join(f"{v[k]:>11}" for k in keys))
print(f"{'all':42} " + " ".join(f"{total[k]:>11}" for k in keys))
PY
