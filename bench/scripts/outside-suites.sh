#!/usr/bin/env bash
# Measure tengen on the outside regression suites of ../shared/suites (Fuego's, LGPL: measured
# with, never copied here). One log per .tst file in OUT; a file already logged is skipped, so an
# interrupted run resumes. Prints the pass rate per file and in all at the end.
#   bench/scripts/outside-suites.sh OUT [ENGINE COMMAND...]
# Default engine: target/release/tengen --threads 1 --playouts 20000 (deterministic: seed 1).
set -euo pipefail
out=$(realpath -m "${1:?usage: outside-suites.sh OUT [ENGINE...]}")
shift
root=$(cd "$(dirname "$0")/../.." && pwd)
suites=$root/../shared/suites/fuego/regression
if [ $# -eq 0 ]; then
  set -- "$root/target/release/tengen" --threads 1 --playouts 20000
fi
# The runner starts the engine in each suite's folder: make its path absolute.
if [ -e "$1" ]; then set -- "$(realpath "$1")" "${@:2}"; fi
mkdir -p "$out"
for tst in "$suites"/*.tst; do
  log=$out/$(basename "$tst" .tst).log
  [ -s "$log" ] && continue
  python3 "$root/../shared/tools/regress.py" --timeout 300 "$*" "$tst" > "$log.part" 2>&1 || true
  mv "$log.part" "$log"
  grep "^TOTAL" "$log" || tail -1 "$log"
done
python3 - "$out" <<'PY'
import pathlib, re, sys
keys = ("tests", "passed", "unexpected_fail", "unexpected_pass", "command_errors")
total = dict.fromkeys(keys, 0)
print(f"{'file':42} " + " ".join(f"{k:>16}" for k in keys))
for log in sorted(pathlib.Path(sys.argv[1]).glob("*.log")):
    row = next((l for l in log.read_text().splitlines() if "command_errors=" in l), None)
    if row is None:
        print(f"{log.stem:42} (no summary: see the log)")
        continue
    v = {k: int(x) for k, x in re.findall(r"(\w+)=(\d+)", row)}
    for k in keys:
        total[k] += v.get(k, 0)
    print(f"{log.stem:42} " + " ".join(f"{v.get(k, 0):>16}" for k in keys))
print(f"{'all':42} " + " ".join(f"{total[k]:>16}" for k in keys))
PY
