#!/usr/bin/env bash
# Builds the libFuzzer targets of Tests/fuzz/ against a library built with AddressSanitizer and coverage, and runs
# them: each from its committed seed corpus (Tests/fuzz/corpus/TARGET, copied to build/fuzz/corpus/TARGET, where new
# inputs go) with its dictionary (Tests/fuzz/TARGET.dict). A crash, a sanitizer report or a broken invariant
# ("FUZZ FINDING") fails the target; the input that did it is kept in build/fuzz/findings/.
# The `python` target (Tests/fuzz/python/fuzz_binding.py) makes random calls on the Python binding over the release
# library, one fresh interpreter per seed; its RUNS are interpreters, its executions the calls they made, and a
# failing seed's output is kept in build/fuzz/findings/python-seed-N.txt (NAVROUTER_FUZZ_SEED picks the first seed).
# Usage: scripts/fuzz.sh [TARGET|all] [SECONDS] [RUNS] (default: all, 20 s each). With RUNS, a target stops after
# RUNS executions or SECONDS, whichever comes first (a long run: `scripts/fuzz.sh resolve 9000 10000000`).
# `scripts/fuzz.sh build` only builds the ASan library (the test command starts it early, beside a suite that leaves
# a core idle).
# NAVROUTER_FUZZ_BUILD=fast builds the library and the targets with coverage and libFuzzer only, without
# AddressSanitizer and UBSan (in build/fuzz/fast/): 3.7 times the executions a second on the commands target, for
# runs to a coverage plateau (scripts/fuzz-plateau.sh replays what they keep under the ASan build).
# Targets run side by side, one per core (NAVROUTER_FUZZ_JOBS=N to choose). Last line: "fuzz: N passed, N failed".
set -uo pipefail
cd "$(dirname "$0")/.."
target="${1:-all}"
seconds="${2:-20}"
runs_limit=()
python_runs=()  # the python target's RUNS are interpreters
source scripts/args.sh
if [ -n "${3:-}" ]; then
    whole_number fuzz RUNS "$3" 1
    runs_limit=(-runs="$3")
    python_runs=(--runs "$3")
fi
whole_number fuzz SECONDS "$seconds" 1
# The targets: one per Tests/fuzz/fuzz_NAME.c, and python; checked before anything is built.
libfuzzer_targets=()
for source in Tests/fuzz/fuzz_*.c; do
    name=$(basename "$source" .c)
    libfuzzer_targets+=("${name#fuzz_}")
done
known=(all build python "${libfuzzer_targets[@]}")
if ! printf '%s\n' "${known[@]}" | grep -qxF -- "$target"; then
    echo "fuzz: no target named '$target' ($(printf '%s\n' "${known[@]}" | sort | paste -sd, - | sed 's/,/, /g'))" >&2
    exit 2
fi
# Each target is single-threaded: as many run at once as there are cores.
jobs_limit="${NAVROUTER_FUZZ_JOBS:-$(nproc)}"
[[ "$jobs_limit" =~ ^[1-9][0-9]*$ ]] || {
    echo "fuzz: NAVROUTER_FUZZ_JOBS must be a number of 1 or more, not '$jobs_limit'" >&2
    exit 2
}
scripts/setup.sh >/dev/null || exit 1
toolchain="$(dirname "$(readlink -f "$(command -v swift)")")"
clang="$toolchain/clang"
out=build/fuzz
flavour="${NAVROUTER_FUZZ_BUILD:-asan}"
case "$flavour" in
asan)
    library_flags=(-Xswiftc -sanitize=address -Xcc -fsanitize=address,fuzzer-no-link)
    target_sanitizers=fuzzer,address,undefined
    scratch=.build-fuzz
    bin="$out"
    logs="$out/logs"
    ;;
fast) # Swift's coverage flags need a sanitizer: -sanitize=fuzzer instruments, the target links libFuzzer.
    library_flags=(-Xswiftc -sanitize=fuzzer -Xcc -fsanitize=fuzzer-no-link)
    target_sanitizers=fuzzer
    scratch=.build-fuzz-fast
    bin="$out/fast"
    logs="$out/fast/logs" # its own: a fast run beside an ASan run of the same target keeps both logs
    ;;
*)
    echo "fuzz: NAVROUTER_FUZZ_BUILD is asan or fast, not '$flavour'" >&2
    exit 2
    ;;
esac
mkdir -p "$out/findings" "$logs" "$bin"

if [ "$target" != python ]; then  # the libFuzzer targets' library; the python target uses the release one
    echo "== building libnavrouter.so for fuzzing ($flavour, coverage, $scratch)"
    if ! swift build -c release --product navrouter --scratch-path "$scratch" "${library_flags[@]}" \
        -Xswiftc -sanitize-coverage=edge,inline-8bit-counters,pc-table,trace-cmp >"$logs/build.log" 2>&1; then
        tail -n 30 "$logs/build.log"
        echo "fuzz: 0 passed, 1 failed"
        exit 1
    fi
    # A new file renamed over the old: a fuzzer still running keeps the library it loaded.
    cp "$scratch/release/libnavrouter.so" "$bin/libnavrouter.so.1.new"
    mv -f "$bin/libnavrouter.so.1.new" "$bin/libnavrouter.so.1"
fi
if [ "$target" = build ]; then
    echo "fuzz: built $bin/libnavrouter.so.1"
    exit 0
fi

if [ "$target" = all ]; then targets=("${libfuzzer_targets[@]}" python); else targets=("$target"); fi

passed=0
failed=0
export SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=malloc_context_size=4:detect_leaks=1 \
    LSAN_OPTIONS="suppressions=$PWD/Tests/sanitizers/lsan.supp:print_suppressions=0" \
    UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1

# Runs one built target; its exit status and seconds go to $logs/NAME.status for the report below.
run_target() {
    local name=$1 corpus="$out/corpus/$1" log="$logs/$1.log" started=$SECONDS status
    local dictionary=()
    if [ "$name" = python ]; then
        python3 Tests/fuzz/python/fuzz_binding.py run --seconds "$seconds" "${python_runs[@]}" \
            --findings "$out/findings" >"$log" 2>&1
        echo "$? $((SECONDS - started))" >"$logs/$name.status"
        return
    fi
    mkdir -p "$corpus"
    [ -d "Tests/fuzz/corpus/$name" ] && cp -n Tests/fuzz/corpus/"$name"/* "$corpus/" 2>/dev/null
    [ -f "Tests/fuzz/$name.dict" ] && dictionary=(-dict="Tests/fuzz/$name.dict")
    "$bin/fuzz_$name" "$corpus" "${dictionary[@]}" "${runs_limit[@]}" -max_total_time="$seconds" -timeout=20 \
        -rss_limit_mb=4096 -artifact_prefix="$out/findings/$name-" -print_final_stats=1 >"$log" 2>&1
    status=$?
    echo "$status $((SECONDS - started))" >"$logs/$name.status"
}

built=()
for name in "${targets[@]}"; do
    if [ "$name" = python ]; then  # over the release library (built here when missing or stale)
        scripts/build-library.sh >"$logs/python.build.log" 2>&1 && built+=(python) || {
            cat "$logs/python.build.log"
            failed=$((failed + 1))
            echo "FAIL fuzz_python (build)"
        }
        continue
    fi
    if ! "$clang" -g -O1 -fsanitize="$target_sanitizers" -fuse-ld=lld -Iinclude "Tests/fuzz/fuzz_$name.c" \
        -L"$bin" -l:libnavrouter.so.1 -ljansson -Wl,-rpath,"$PWD/$bin" -o "$bin/fuzz_$name" \
        >"$logs/$name.build.log" 2>&1; then
        cat "$logs/$name.build.log"
        failed=$((failed + 1))
        echo "FAIL fuzz_$name (build)"
        continue
    fi
    built+=("$name")
done
for name in "${built[@]}"; do
    while [ "$(jobs -rp | wc -l)" -ge "$jobs_limit" ]; do wait -n; done
    rm -f "$logs/$name.status"
    run_target "$name" &
done
wait

for name in "${built[@]}"; do
    log="$logs/$name.log"
    read -r status took <"$logs/$name.status" 2>/dev/null || { status=1; took=?; }
    runs=$(sed -n 's/^stat::number_of_executed_units: *\([0-9]*\).*/\1/p' "$log" | tail -n 1)
    if [ "$status" -eq 0 ] && [ "$name" = python ]; then
        passed=$((passed + 1))
        echo "ok   fuzz_python: ${runs:-?} calls in $took s ($(grep -m1 -oE '^[0-9]+ runs' "$log" || echo '? runs'))"
    elif [ "$status" -eq 0 ]; then
        passed=$((passed + 1))
        echo "ok   fuzz_$name: ${runs:-?} executions in $took s, corpus $(ls "$out/corpus/$name" | wc -l) inputs"
    else
        failed=$((failed + 1))
        echo "FAIL fuzz_$name (exit $status): see $log"
        grep -E "FUZZ FINDING|ERROR: AddressSanitizer|runtime error|Fatal error|deadly signal" "$log" | head -n 5
        ls -t "$out/findings/$name-"* 2>/dev/null | head -n 1 | sed 's/^/     input: /'
    fi
done
echo "fuzz: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
