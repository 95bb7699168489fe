#!/usr/bin/env bash
# The example shop app as a terminal UI (Textual) over the Python binding: examples/python/shop_tui.py. Type deep
# links or back, tab N, login, logout; Escape goes back, Ctrl+Q quits. Builds the library and installs Textual
# (scripts/setup.sh) first.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh >/dev/null
scripts/build-library.sh >/dev/null
export NAVROUTER_LIBRARY="$PWD/build/lib/libnavrouter.so.1" PYTHONPATH="$PWD/bindings/python${PYTHONPATH:+:$PYTHONPATH}"
exec python3 examples/python/shop_tui.py "${1:-examples/manifests/shop.json}"
