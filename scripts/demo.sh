#!/usr/bin/env bash
# The main job: builds libnavrouter.so and the C demo host, then plays examples/c/session.txt against the
# example shop manifest. Pass another script file as the first argument, or "-" to type commands.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
scripts/build-library.sh >/dev/null
export PKG_CONFIG_PATH="$PWD/build/lib/pkgconfig"
mkdir -p examples/c/out
gcc -std=c99 -Wall -Wextra -Werror -pedantic examples/c/demo.c $(pkg-config --cflags --libs navrouter jansson) \
    -o examples/c/out/demo
script="${1:-examples/c/session.txt}"
[ "$script" = "-" ] && script=/dev/stdin
exec examples/c/out/demo examples/manifests/shop.json "$script"
