#!/usr/bin/env bash
# The example shop app hosted from Swift (examples/swift): plays examples/c/session.txt, or another script given as
# the first argument ("-" reads commands from standard input).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/build-examples.sh 2>/dev/null
script="${1:-examples/c/session.txt}"
if [ "$script" = "-" ]; then exec build/bin/shop-host examples/manifests/shop.json; fi
exec build/bin/shop-host examples/manifests/shop.json "$script"
