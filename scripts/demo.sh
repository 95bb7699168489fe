#!/usr/bin/env bash
# The main job: builds libnavrouter.so and the C demo host, then plays examples/c/session.txt against the
# example shop manifest. Pass another script file as the first argument, or "-" to type commands.
# Says what it is doing on stderr as it goes (the library's first build takes a minute or two on a cold machine).
set -euo pipefail
cd "$(dirname "$0")/.."
say() { echo "demo: $*" >&2; }
say "checking what the demo needs (pkg-config, Jansson's headers, gcc; installed when missing)"
scripts/setup.sh --demo
say "building libnavrouter.so into build/ (release, static Swift runtime: a minute or two the first time)"
scripts/install.sh build >/dev/null
export PKG_CONFIG_PATH="$PWD/build/lib/pkgconfig"
mkdir -p examples/c/out
say "building the C demo host (examples/c/demo.c)"
gcc -std=c99 -Wall -Wextra -Werror -pedantic examples/c/demo.c $(pkg-config --cflags --libs navrouter jansson) \
    -o examples/c/out/demo
script="${1:-examples/c/session.txt}"
[ "$script" = "-" ] && script=/dev/stdin
say "playing ${1:-examples/c/session.txt} on examples/manifests/shop.json"
exec examples/c/out/demo examples/manifests/shop.json "$script"
