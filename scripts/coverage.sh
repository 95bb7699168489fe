#!/usr/bin/env bash
# Line and region coverage of the Swift core (NavRouterCore) and the C layer (NavRouterCABI) from every suite together:
# XCTest (its own profile, from `swift test --enable-code-coverage`, run before this) and, through the profile-
# instrumented libnavrouter.so that same build links (.build/debug), the C test programs and the C demo, the Python
# suite, the reference model and the stress program. Prints a table per directory and enforces the floors below;
# every line no suite runs in a floored directory is listed in build/cov/uncovered.txt (TESTING.md says why each is
# left).
# Expects the C test programs built (Tests/c/run.sh), the stress program (scripts/stress.sh) and XCTest's profile in
# .build/debug/codecov. Last line: "coverage: N passed, N failed" (one check per floored directory, and one per suite
# that failed over the instrumented library). `scripts/coverage.sh report` reports again from the last run's profiles.
# The library is XCTest's build of the package (the same core, instrumented the same way): the step builds nothing of
# its own; a `swift build` of .build without coverage since the tests ran is noticed (the library lacks the counters).
set -uo pipefail
cd "$(dirname "$0")/.."
out=build/cov
toolchain="$(dirname "$(readlink -f "$(command -v swift)")")"  # its llvm-profdata and llvm-cov read Swift's profiles
llvm-profdata() { "$toolchain/llvm-profdata" "$@"; }
llvm-cov() { "$toolchain/llvm-cov" "$@"; }

# The floors (lines, %): the directories the hardening depends on, and the C layer.
floors=(
    "Sources/NavRouterCore/Guards 98"
    "Sources/NavRouterCore/URL 98"
    "Sources/NavRouterCore/Navigation 98"
    "Sources/NavRouterCore/Registry 98"
    "Sources/NavRouterCABI 98"
)
xctest_profile=.build/debug/codecov/default.profdata
xctest_binary=.build/debug/navrouterPackageTests.xctest
library="$PWD/$out/lib/libnavrouter.so.1"
if [ ! -f "$xctest_profile" ] || [ ! -f "$xctest_binary" ]; then
    echo "coverage: XCTest's profile is missing: run swift test --enable-code-coverage first"
    echo "coverage: 0 passed, 1 failed"
    exit 1
fi

failures=0
run() { # run NAME COMMAND...: a suite over the instrumented library; its failure fails the coverage step
    local name=$1
    shift
    if "$@" >"$out/logs/$name.log" 2>&1; then
        echo "ran  $name"
    else
        echo "FAIL $name (see $out/logs/$name.log)"
        tail -n 15 "$out/logs/$name.log"
        failures=$((failures + 1))
    fi
}

# The instrumented library XCTest's coverage build linked, or a failure when .build has been rebuilt without coverage.
check_library() {
    mkdir -p "$out/logs"
    local counters  # counted, not grep -q: an early exit of grep would fail nm's side of the pipe (pipefail)
    counters=$(nm .build/debug/libnavrouter.so 2>/dev/null | grep -c __llvm_profile_runtime)
    if [ "${counters:-0}" -eq 0 ]; then
        echo "coverage: .build/debug/libnavrouter.so is missing or has no coverage counters:"
        echo "          run swift test --enable-code-coverage first"
        echo "coverage: 0 passed, 1 failed"
        exit 1
    fi
}

run_suites() {
    rm -rf "$out/profiles" "$out/lib"
    mkdir -p "$out/profiles" "$out/lib" "$out/logs"
    check_library
    cp .build/debug/libnavrouter.so "$library"
    # Every suite below loads the instrumented library and writes its profile (one file a process).
    export LLVM_PROFILE_FILE="$PWD/$out/profiles/%m-%p.profraw"
    export LD_LIBRARY_PATH="$PWD/$out/lib"  # the C programs' RUNPATH names build/lib: this comes first
    export NAVROUTER_LIBRARY="$library"
    # Two groups side by side, one per core (each suite is one process at a time): the Python suite, and the rest.
    # The Python suite, but for the wheel's tests (they build and bundle a library of their own) and the 10^5-cycle
    # memory test (49 s here, and no line the rest of the suite does not run).
    run python python3 -m pytest -q -p no:cacheprovider bindings/python/tests \
        --ignore=bindings/python/tests/test_packaging.py \
        --deselect bindings/python/tests/test_safety.py::test_dropped_hosts_are_collected_and_memory_stays_flat \
        >"$out/logs/python.outcome" &
    local python_group=$! program
    for program in Tests/c/out/test_*; do
        [ -f "$program" ] && [ -x "$program" ] && run "$(basename "$program")" "$program" examples/manifests/shop.json
    done
    run demo Tests/c/out/demo examples/manifests/shop.json examples/c/session.txt
    run stress build/stress/stress examples/manifests/shop.json 500
    run model python3 Tests/model/model_check.py 500 "${NAVROUTER_MODEL_SEED:-1}" 40
    wait "$python_group"
    # The group ran in a subshell: its outcome (and its failure) is in its output.
    cat "$out/logs/python.outcome"
    grep -q '^FAIL' "$out/logs/python.outcome" && failures=$((failures + 1))
    unset LLVM_PROFILE_FILE LD_LIBRARY_PATH NAVROUTER_LIBRARY
}
[ "${1:-}" = report ] || run_suites

if ! llvm-profdata merge -sparse "$out"/profiles/*.profraw "$xctest_profile" -o "$out/all.profdata"; then
    echo "coverage: 0 passed, 1 failed"
    exit 1
fi
objects=("$library" -object "$xctest_binary")  # the first object is positional
report() { llvm-cov report "${objects[@]}" -instr-profile "$out/all.profdata" "$@"; }
# The lines of these files no suite ran, as FILE:LINE: text.
uncovered() {
    llvm-cov show "${objects[@]}" -instr-profile "$out/all.profdata" "$@" 2>/dev/null | awk '
        /^\/.*\.swift:$/ { file = $0; sub(":$", "", file); sub(".*/Sources/", "Sources/", file); next }
        /^ *[0-9]+\| *0\|/ {
            line = $0; split(line, parts, "|"); gsub(/ /, "", parts[1]); text = substr(line, index(line, "|") + 1)
            text = substr(text, index(text, "|") + 1); print file ":" parts[1] ":" text
        }'
}

echo
printf '%-40s %7s %9s %8s %9s\n' directory lines "lines %" regions "regions %"
passed=0
failed=$failures
: >"$out/uncovered.txt"
for directory in $(find Sources/NavRouterCore Sources/NavRouterCABI -name "*.swift" -exec dirname {} \; | sort -u | grep -vx Sources/NavRouterCore); do
    files=("$directory"/*.swift)
    total=$(report "${files[@]}" 2>/dev/null | awk '$1 == "TOTAL"')
    [ -n "$total" ] || continue
    # TOTAL: regions, missed, cover, functions, missed, executed, lines, missed, cover, ...
    read -r _ regions _ region_cover _ _ _ lines _ line_cover _ <<<"$total"
    printf '%-40s %7s %9s %8s %9s\n' "${directory#Sources/}" "$lines" "$line_cover" "$regions" "$region_cover"
    for floor in "${floors[@]}"; do
        [ "${floor% *}" = "$directory" ] || continue
        minimum=${floor#* }
        uncovered "${files[@]}" >>"$out/uncovered.txt"
        if awk -v have="${line_cover%\%}" -v need="$minimum" 'BEGIN { exit !(have + 0 >= need + 0) }'; then
            passed=$((passed + 1))
        else
            failed=$((failed + 1))
            echo "  ${directory#Sources/}: below its floor of $minimum % of lines"
        fi
    done
done
read -r _ _ _ region_cover _ _ _ _ _ line_cover _ <<<"$(report Sources/NavRouterCore Sources/NavRouterCABI 2>/dev/null \
    | awk '$1 == "TOTAL"')"
echo "NavRouterCore and NavRouterCABI: $line_cover of lines, $region_cover of regions"
echo "lines no suite runs in the floored directories: $(wc -l <"$out/uncovered.txt") ($out/uncovered.txt)"
echo "coverage: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
