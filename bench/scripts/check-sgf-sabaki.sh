#!/usr/bin/env bash
# Parse SGF files with Sabaki's own SGF library (@sabaki/sgf, from the npm registry), to show
# that files written by tengen-match load in Sabaki. Usage: check-sgf-sabaki.sh FILE_OR_DIR...
# Needs node and npm; installs the library once into ~/.cache/tengen-sgf-check.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
cache="${XDG_CACHE_HOME:-$HOME/.cache}/tengen-sgf-check"
if [ ! -d "$cache/node_modules/@sabaki/sgf" ]; then
    mkdir -p "$cache"
    npm install --silent --prefix "$cache" @sabaki/sgf@^3 >/dev/null
fi
NODE_PATH="$cache/node_modules" node "$here/check-sgf-sabaki.cjs" "$@"
