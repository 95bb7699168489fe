#!/usr/bin/env bash
# Runs every test suite: lint (formatting and lint rules), the Swift core's XCTest suite, the C suite (header,
# exports, C tests, valgrind) and the Python binding's pytest suite. Installs what is missing first (scripts/setup.sh). The last line is the total:
# "N passed, N failed". Exits non-zero when anything failed.
set -uo pipefail
cd "$(dirname "$0")/.."
mkdir -p build/logs
scripts/setup.sh || exit 1

total_passed=0
total_failed=0
summary=()
add() { # add SUITE PASSED FAILED
    total_passed=$((total_passed + $2))
    total_failed=$((total_failed + $3))
    summary+=("$1: $2 passed, $3 failed")
}

echo "== lint (swift-format, clang-format, ruff)"
scripts/lint.sh 2>&1 | tee build/logs/lint.log | tail -n 40
line=$(grep -E "^lint: [0-9]+ passed, [0-9]+ failed" build/logs/lint.log | tail -n 1)
if [ -n "$line" ]; then
    add "lint" "$(echo "$line" | sed -E 's/lint: ([0-9]+) passed.*/\1/')" "$(echo "$line" | sed -E 's/.* ([0-9]+) failed/\1/')"
else
    add "lint" 0 1
fi

echo "== building libnavrouter.so (release, static Swift runtime)"
if ! scripts/build-library.sh >build/logs/build-library.log 2>&1; then
    cat build/logs/build-library.log
    add "build" 0 1
fi

echo "== XCTest (Swift core)"
swift test --disable-swift-testing 2>&1 | tee build/logs/xctest.log | grep -E "error:|failed|Executed .* tests" | tail -n 40
line=$(grep -E "Executed [0-9]+ tests?, with [0-9]+ failures?" build/logs/xctest.log | tail -n 1)
if [ -n "$line" ]; then
    executed=$(echo "$line" | sed -E 's/.*Executed ([0-9]+) tests?.*/\1/')
    failures=$(echo "$line" | sed -E 's/.*with ([0-9]+) failures?.*/\1/')
    add "xctest" $((executed - failures)) "$failures"
else
    tail -n 30 build/logs/xctest.log
    add "xctest" 0 1
fi

echo "== C"
Tests/c/run.sh 2>&1 | tee build/logs/c.log | grep -vE "^ok " | tail -n 40
line=$(grep -E "^c: [0-9]+ passed, [0-9]+ failed" build/logs/c.log | tail -n 1)
if [ -n "$line" ]; then
    add "c" "$(echo "$line" | sed -E 's/c: ([0-9]+) passed.*/\1/')" "$(echo "$line" | sed -E 's/.* ([0-9]+) failed/\1/')"
else
    add "c" 0 1
fi

echo "== Python (pytest)"
python3 -m pytest -q -p no:cacheprovider bindings/python/tests 2>&1 | tee build/logs/pytest.log | tail -n 15
line=$(tail -n 1 build/logs/pytest.log)
py_passed=$(echo "$line" | grep -oE "[0-9]+ passed" | grep -oE "[0-9]+" || echo 0)
py_failed=$(( $(echo "$line" | grep -oE "[0-9]+ failed" | grep -oE "[0-9]+" || echo 0) + $(echo "$line" | grep -oE "[0-9]+ errors?" | grep -oE "[0-9]+" || echo 0) ))
[ "$py_passed" -eq 0 ] && [ "$py_failed" -eq 0 ] && py_failed=1  # no test ran: that is a failure
add "python" "$py_passed" "$py_failed"

echo
for line in "${summary[@]}"; do echo "$line"; done
echo "$total_passed passed, $total_failed failed"
[ "$total_failed" -eq 0 ]
