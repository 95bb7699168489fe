#!/usr/bin/env bash
# Builds the Python binding's C speedups module in place (bindings/python/navrouter/_speedups.abi3.so), as the
# package's setup.py builds it into a wheel: one C file against Python's stable ABI (3.10+), linking nothing. Without
# a C compiler or Python's headers (Debian: python3-dev) it says so and leaves the binding on its ctypes path; with
# NAVROUTER_REQUIRE_SPEEDUPS=1 (the test command) that is an error.
set -euo pipefail
cd "$(dirname "$0")/.."
package=bindings/python/navrouter
compiler=${CC:-cc}
why=""
include=""
if ! command -v python3 >/dev/null; then
    why="no python3"
elif ! python3 -c "import sys; sys.exit(sys.version_info < (3, 10))"; then
    why="Python is older than 3.10"
else
    include=$(python3 -c "import sysconfig; print(sysconfig.get_paths()['include'])")
fi
[ -n "$why" ] || [ -f "$include/Python.h" ] || why="no Python.h in $include (Debian: apt install python3-dev)"
[ -n "$why" ] || command -v "$compiler" >/dev/null || why="no C compiler ($compiler)"
if [ -n "$why" ]; then
    echo "build-python-speedups: not built: $why; the binding resolves through ctypes" >&2
    [ "${NAVROUTER_REQUIRE_SPEEDUPS:-0}" = "1" ] && exit 1
    exit 0
fi
"$compiler" -O2 -Wall -Wextra -shared -fPIC -I"$include" -Iinclude "$package/_speedups.c" -o "$package/_speedups.abi3.so.tmp"
mv "$package/_speedups.abi3.so.tmp" "$package/_speedups.abi3.so"
