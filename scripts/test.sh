#!/usr/bin/env bash
# Runs every test suite: lint (formatting, lint rules, Python types), the Swift core's XCTest suite, the C suite
# (header, exports, C tests, valgrind), the Python binding's pytest suite, the Rust, Node and Java bindings' suites,
# the navrouter tool's tests, the reference model, the stress program, coverage from all of them together with its
# floors (scripts/coverage.sh), and a short run of every fuzz target (NAVROUTER_FUZZ_SECONDS each, default 10).
# Installs what is missing first (scripts/setup.sh). The last line is the total: "N passed, N failed". Exits non-zero
# when anything failed.
set -uo pipefail
cd "$(dirname "$0")/.."
mkdir -p build/logs
scripts/setup.sh || exit 1
# The Python binding's C speedups module is built with the library and tested: its absence is a failure here.
export NAVROUTER_REQUIRE_SPEEDUPS=1

total_passed=0
total_failed=0
summary=()
mark=$SECONDS
add() { # add SUITE PASSED FAILED: the suite's line, with the seconds since the previous suite ended
    total_passed=$((total_passed + $2))
    total_failed=$((total_failed + $3))
    summary+=("$1: $2 passed, $3 failed ($((SECONDS - mark)) s)")
    mark=$SECONDS
}

# add_summary SUITE: adds the last "SUITE: N passed, N failed" line of build/logs/SUITE.log (one failure without one)
add_summary() {
    local line
    line=$(grep -E "^$1: [0-9]+ passed, [0-9]+ failed" "build/logs/$1.log" | tail -n 1)
    if [ -n "$line" ]; then
        add "$1" "$(echo "$line" | sed -E "s/$1: ([0-9]+) passed.*/\\1/")" \
            "$(echo "$line" | sed -E 's/.* ([0-9]+) failed/\1/')"
    else
        add "$1" 0 1
    fi
}

echo "== lint (swift-format, clang-format, ruff)"
scripts/lint.sh 2>&1 | tee build/logs/lint.log | tail -n 40
add_summary lint

echo "== building libnavrouter.so (release, static Swift runtime)"
if ! scripts/build-library.sh >build/logs/build-library.log 2>&1; then
    cat build/logs/build-library.log
    add "build" 0 1
fi

echo "== XCTest (Swift core)"
swift test --disable-swift-testing --enable-code-coverage 2>&1 | tee build/logs/xctest.log | grep -E "error:|failed|Executed .* tests" | tail -n 40
line=$(grep -E "Executed [0-9]+ tests?, with [0-9]+ failures?" build/logs/xctest.log | tail -n 1)
if [ -n "$line" ]; then
    executed=$(echo "$line" | sed -E 's/.*Executed ([0-9]+) tests?.*/\1/')
    failures=$(echo "$line" | sed -E 's/.*with ([0-9]+) failures?.*/\1/')
    add "xctest" $((executed - failures)) "$failures"
else
    tail -n 30 build/logs/xctest.log
    add "xctest" 0 1
fi

# The tool's release build of the core compiles its largest module in one process (whole-module optimization): it
# runs beside the C suite, which runs one program at a time, and the example hosts' debug build beside the Python
# suite (the hosts are checked for their behaviour; the core's release code is what the other suites test). Both are
# waited for before the tool's tests.
scripts/build-cli.sh >build/logs/build-cli.log 2>&1 &
cli_build=$!

echo "== C"
Tests/c/run.sh 2>&1 | tee build/logs/c.log | grep -vE "^ok " | tail -n 40
add_summary c

# The fuzz step's ASan library builds meanwhile, on the core the Python suite (one test at a time) leaves idle. The
# fuzz step waits for it; its own build is then up to date (a failed build here fails there again, and is reported).
scripts/fuzz.sh build >build/logs/fuzz-build.log 2>&1 &
fuzz_build=$!
scripts/build-examples.sh debug >build/logs/build-examples.log 2>&1 &
examples_build=$!

echo "== Python (pytest: the binding, and the Textual example host driven headlessly)"
python3 -m pytest -q -p no:cacheprovider bindings/python/tests examples/python/tests 2>&1 | tee build/logs/pytest.log \
    | tail -n 15
line=$(tail -n 1 build/logs/pytest.log)
py_passed=$(echo "$line" | grep -oE "[0-9]+ passed" | grep -oE "[0-9]+" || echo 0)
py_failed=$(( $(echo "$line" | grep -oE "[0-9]+ failed" | grep -oE "[0-9]+" || echo 0) + $(echo "$line" | grep -oE "[0-9]+ errors?" | grep -oE "[0-9]+" || echo 0) ))
[ "$py_passed" -eq 0 ] && [ "$py_failed" -eq 0 ] && py_failed=1  # no test ran: that is a failure
add "python" "$py_passed" "$py_failed"

echo "== Rust (bindings/rust: declarations against the header, cargo test --offline, the examples)"
bindings/rust/run-tests.sh 2>&1 | tee build/logs/rust.log | tail -n 8
add_summary rust

echo "== Node (bindings/node: the N-API addon built -Werror, node --test)"
bindings/node/run-tests.sh 2>&1 | tee build/logs/node.log | tail -n 8
add_summary node

echo "== Java (bindings/java: javac and the JNI layer built -Werror, the binding's own test runner)"
bindings/java/run-tests.sh 2>&1 | tee build/logs/java.log | tail -n 8
add_summary java

echo "== navrouter tool and the Swift example host (scripts/build-cli.sh, scripts/build-examples.sh)"
wait "$cli_build"
cli_built=$?
wait "$examples_build"
examples_built=$?
cat build/logs/build-examples.log >>build/logs/build-cli.log
if [ "$cli_built" -eq 0 ] && [ "$examples_built" -eq 0 ]; then
    python3 -m pytest -q -p no:cacheprovider Tests/cli 2>&1 | tee build/logs/cli.log | tail -n 15
    line=$(tail -n 1 build/logs/cli.log)
    cli_passed=$(echo "$line" | grep -oE "[0-9]+ passed" | grep -oE "[0-9]+" || echo 0)
    cli_failed=$(( $(echo "$line" | grep -oE "[0-9]+ failed" | grep -oE "[0-9]+" || echo 0) + $(echo "$line" | grep -oE "[0-9]+ errors?" | grep -oE "[0-9]+" || echo 0) ))
    [ "$cli_passed" -eq 0 ] && [ "$cli_failed" -eq 0 ] && cli_failed=1
    add "cli" "$cli_passed" "$cli_failed"
else
    tail -n 30 build/logs/build-cli.log
    add "cli" 0 1
fi

# DocC builds and converts beside the model and the stress program (each one process): its result is added after them.
scripts/docs.sh >build/logs/docs.log 2>&1 &
docs_build=$!

echo "== reference model (2000 random sequences of 16 steps beside the library; scripts/model-check.sh runs more)"
NAVROUTER_LIBRARY="$PWD/build/lib/libnavrouter.so.1" python3 Tests/model/model_check.py 2000 "${NAVROUTER_MODEL_SEED:-1}" 16 \
    2>&1 | tee build/logs/model.log | tail -n 4
add_summary model

echo "== stress (8 threads x 2000 commands; scripts/stress.sh runs 10^5)"
scripts/stress.sh 2000 2>&1 | tee build/logs/stress.log | tail -n 12
add_summary stress

echo "== DocC (the Swift core's documentation; a warning fails)"
if wait "$docs_build" && tail -n 5 build/logs/docs.log && grep -q "no warning" build/logs/docs.log; then
    add "docs" 1 0
else
    tail -n 5 build/logs/docs.log
    add "docs" 0 1
fi

echo "== coverage (every suite over a profile-instrumented library, with XCTest's; the floors in scripts/coverage.sh)"
scripts/coverage.sh 2>&1 | tee build/logs/coverage.log | tail -n 20
add_summary coverage

wait "$fuzz_build" 2>/dev/null
echo "== fuzzing (each libFuzzer target ${NAVROUTER_FUZZ_SECONDS:-10} s, ASan and UBSan)"
scripts/fuzz.sh all "${NAVROUTER_FUZZ_SECONDS:-10}" 2>&1 | tee build/logs/fuzz.log | tail -n 12
add_summary fuzz

echo
for line in "${summary[@]}"; do echo "$line"; done
echo "(all suites: $((SECONDS / 60)) min $((SECONDS % 60)) s)"
echo "$total_passed passed, $total_failed failed"
[ "$total_failed" -eq 0 ]
