#!/usr/bin/env bash
# Installs the outside tools the match runner is developed and demonstrated with (Debian/Ubuntu):
# GNU Go (a real opponent and referee: /usr/games/gnugo) and GNU parallel (runs match shards).
# Neither is needed by `cargo test`.
set -euo pipefail
if command -v /usr/games/gnugo >/dev/null && command -v parallel >/dev/null; then
    exit 0
fi
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq gnugo parallel
