#!/usr/bin/env bash
# The stress program (Tests/stress/stress.c) against the release library: 8 threads x N mixed commands on one router;
# two routers on one registry whose routes, interceptors and modules change meanwhile; registries freed while
# threads look up. Usage: scripts/stress.sh [COMMANDS_PER_THREAD] (default 100000; the test command runs 2000).
# scripts/sanitize.sh runs it against ASan and TSan builds. Last line: "stress: N passed, N failed".
set -uo pipefail
cd "$(dirname "$0")/.."
count="${1:-100000}"
source scripts/args.sh
whole_number stress COMMANDS_PER_THREAD "$count" 1
scripts/setup.sh >/dev/null || exit 1
scripts/build-library.sh >/dev/null || exit 1
mkdir -p build/stress
export PKG_CONFIG_PATH="$PWD/build/lib/pkgconfig"
gcc -std=c99 -O2 -Wall -Wextra -Werror -pedantic Tests/stress/stress.c $(pkg-config --cflags --libs navrouter jansson) \
    -lpthread -o build/stress/stress || { echo "stress: 0 passed, 1 failed"; exit 1; }
exec build/stress/stress examples/manifests/shop.json "$count"
