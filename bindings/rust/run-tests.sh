#!/usr/bin/env bash
# The Rust binding's suite: its declarations checked against the header (check_declarations.py), `cargo test
# --offline` (the conformance vectors, the safe wrapper, the docs' quick start), and the two examples run and their
# output checked. Expects the library in build/lib (scripts/build-library.sh). Last line: "rust: N passed, N failed".
set -uo pipefail
cd "$(dirname "$0")"
export PATH="$PATH:$HOME/.cargo/bin"
passed=0
failed=0
count() { # count OK: one check
    if [ "$1" -eq 0 ]; then passed=$((passed + 1)); else failed=$((failed + 1)); fi
}
if ! command -v cargo >/dev/null; then
    echo "rust: cargo is not installed (rustc/cargo come with this machine's image)"
    echo "rust: 0 passed, 1 failed"
    exit 1
fi

line=$(python3 check_declarations.py | tee /dev/stderr | tail -n 1)
passed=$((passed + $(echo "$line" | sed -E 's/.*: ([0-9]+) passed.*/\1/')))
failed=$((failed + $(echo "$line" | sed -E 's/.* ([0-9]+) failed/\1/')))

log=$(mktemp)
cargo test --offline --quiet 2>&1 | tee "$log" | grep -E "^test .* FAILED|panicked|^error" | head -n 40
results=$(grep -E "^test result:" "$log")
if [ -z "$results" ]; then
    tail -n 30 "$log"
    failed=$((failed + 1))
else
    passed=$((passed + $(echo "$results" | sed -E 's/.* ([0-9]+) passed.*/\1/' | awk '{ s += $1 } END { print s }')))
    failed=$((failed + $(echo "$results" | sed -E 's/.* ([0-9]+) failed.*/\1/' | awk '{ s += $1 } END { print s }')))
fi
rm -f "$log"

quick=$(cargo run --offline --quiet --example quick_start 2>&1)
[ "$(echo "$quick" | tail -n 3 | paste -sd'|')" = 'pop catalog|state_changed |["catalog"]' ]
count $?
[ -n "$quick" ] || echo "quick_start printed nothing"
shop=$(cargo run --offline --quiet --example shop 2>&1)
echo "$shop" | grep -q '^review after login: tab 0 \["home", "product"\] layers \[\["review"\]\]$' \
    && echo "$shop" | grep -q '^logged out: tab 0 \["home", "product"\] layers \[\]$'
count $?
readme=$(cargo run --offline --quiet --example readme 2>&1)
[ "$(echo "$readme" | head -n 1)" = "42" ] && echo "$readme" | grep -q "^push$"
count $?
echo "rust: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
