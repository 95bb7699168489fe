#!/usr/bin/env bash
# The Node binding's suite: builds the addon (build.sh, -Werror against navrouter.h: the compiler checks every call
# against the header) and runs `node --test` (the conformance vectors, the classes, callbacks from another thread, the
# docs' quick start and the shop host). Expects the library in build/lib. Last line: "node: N passed, N failed".
set -uo pipefail
cd "$(dirname "$0")"
if ! command -v node >/dev/null; then
    echo "node: Node.js is not installed (it comes with this machine's image)"
    echo "node: 0 passed, 1 failed"
    exit 1
fi
if ! ./build.sh; then
    echo "node: 0 passed, 1 failed"
    exit 1
fi
log=$(mktemp)
node --test test/ >"$log" 2>&1
grep -E "^not ok" -A 20 "$log" | head -n 60
passed=$(grep -E "^# pass [0-9]+" "$log" | grep -oE "[0-9]+" || echo 0)
failed=$(grep -E "^# fail [0-9]+" "$log" | grep -oE "[0-9]+" || echo 1)
rm -f "$log"
passed=$((passed + 1)) # the addon's -Werror build
echo "node: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
