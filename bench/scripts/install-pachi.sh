#!/usr/bin/env bash
# Builds Pachi 12.90 (github.com/pasky/pachi, GPL-2.0), the strongest classical Monte-Carlo Go
# engine with public source, as a sparring partner for matches. It is an outside opponent only:
# none of its code is part of tengen. Built without its neural network (DCNN=0), so it plays with
# playouts, patterns and tactics alone, as tengen does.
#
# usage: bench/scripts/install-pachi.sh [DEST]        (default DEST: ~/.cache/opponents/pachi)
#   PACHI_TARBALL=/path/to/pachi-12.90.tar.gz   build from a tarball already on disk instead of
#                                               downloading the release from GitHub
# Prints the binary's path. Needs make, a C compiler and (without PACHI_TARBALL) curl.
# Run it as a GTP engine:  DEST/pachi threads=2            (plays under the clock it is sent)
#                          DEST/pachi -t =10000 threads=1  (exactly 10,000 playouts a move)
set -euo pipefail
dest=${1:-$HOME/.cache/opponents/pachi}
url=https://github.com/pasky/pachi/archive/refs/tags/pachi-12.90.tar.gz
if [ -x "$dest/pachi" ]; then
    echo "$dest/pachi"
    exit 0
fi
mkdir -p "$dest"
tarball=${PACHI_TARBALL:-}
if [ -z "$tarball" ]; then
    tarball=$(mktemp --suffix=.tar.gz)
    trap 'rm -f "$tarball"' EXIT
    curl -fsSL "$url" -o "$tarball"
fi
tar xzf "$tarball" -C "$dest" --strip-components=1
cd "$dest"
# A release tarball has no .git folder: let the version header build without one.
sed -i 's#^build.h.git: .git/HEAD .git/index#build.h.git: $(wildcard .git/HEAD .git/index)#' Makefile
printf '#define PACHI_GIT_BRANCH   "release"\n#define PACHI_GIT_HASH     "12.90"\n' > build.h.git
nice make -j2 DCNN=0 JOSEKIFIX=0 BUILD_KATAGO=0 >build.log 2>&1 || {
    tail -20 build.log
    exit 1
}
printf 'name\nversion\nquit\n' | ./pachi >/dev/null 2>&1 || {
    echo "pachi was built but does not answer GTP" >&2
    exit 1
}
echo "$dest/pachi"
