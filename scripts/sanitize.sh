#!/usr/bin/env bash
# Every sanitizer in one command:
#   1. the XCTest suite under AddressSanitizer (LeakSanitizer on, XCTest's own allocations suppressed);
#   2. the XCTest suite under ThreadSanitizer, built with the pthread-backed Mutex stand-in
#      (-DNAVROUTER_PTHREAD_MUTEX, see Sources/NavRouterCore/Internals/PthreadMutex.swift): TSan does not model
#      Synchronization.Mutex's futex calls on Linux and reports races inside it, which made TSan runs noise;
#   3. and 4. the C test programs and the stress program against an ASan build and a TSan build of the library;
#   5. valgrind (memcheck) over the C programs and a short stress run, with the shipped suppressions.
# A TSan warning, an ASan or LSan report, or a failed test fails its step. Usage: scripts/sanitize.sh [STRESS_N]
# (commands per stress thread, default 2000). Last line: "sanitize: N passed, N failed".
set -uo pipefail
cd "$(dirname "$0")/.."
stress_count="${1:-2000}"
source scripts/args.sh
whole_number sanitize STRESS_N "$stress_count" 1
scripts/setup.sh >/dev/null || exit 1
toolchain="$(dirname "$(readlink -f "$(command -v swift)")")"
clang="$toolchain/clang"
swift_lib="$toolchain/../lib/swift/linux"
out=build/sanitize
mkdir -p "$out"
passed=0
failed=0
step() { # step NAME COMMAND...: one step, its output in build/sanitize/NAME.log
    local name=$1
    shift
    echo "== $name"
    if "$@" >"$out/$name.log" 2>&1; then
        passed=$((passed + 1))
        echo "ok   $name"
    else
        failed=$((failed + 1))
        echo "FAIL $name (build/sanitize/$name.log)"
        grep -E "WARNING: ThreadSanitizer|ERROR: (Address|Leak)Sanitizer|error:|FAIL|failed" "$out/$name.log" | head -n 8
    fi
}
export SWIFT_BACKTRACE=enable=no
supp="$PWD/Tests/sanitizers"

xctest_asan() {
    LSAN_OPTIONS="suppressions=$supp/lsan.supp:print_suppressions=0" ASAN_OPTIONS=detect_leaks=1 \
        swift test --disable-swift-testing --sanitize=address --scratch-path .build-asan >"$out/xctest_asan.full" 2>&1
    local status=$?
    tail -n 5 "$out/xctest_asan.full"
    [ $status -eq 0 ] && tail -n 3 "$out/xctest_asan.full" | grep -qE "Executed [0-9]+ tests, with 0 failures" &&
        ! grep -qE "ERROR: (Address|Leak)Sanitizer" "$out/xctest_asan.full"
}
step xctest_asan xctest_asan

xctest_tsan() {
    TSAN_OPTIONS="halt_on_error=0:second_deadlock_stack=1" swift test --disable-swift-testing --sanitize=thread \
        -Xswiftc -DNAVROUTER_PTHREAD_MUTEX --scratch-path .build-tsan >"$out/xctest_tsan.full" 2>&1
    local status=$?
    local warnings
    warnings=$(grep -c "WARNING: ThreadSanitizer" "$out/xctest_tsan.full")
    tail -n 5 "$out/xctest_tsan.full"
    echo "ThreadSanitizer warnings: $warnings"
    [ $status -eq 0 ] && [ "$warnings" -eq 0 ]
}
step xctest_tsan xctest_tsan

# The C programs against a sanitized build of the library. $1: address or thread.
c_programs() {
    local sanitizer=$1
    local flags=() extra=() library_flags=(-Xswiftc "-sanitize=$sanitizer")
    [ "$sanitizer" = thread ] && library_flags+=(-Xswiftc -DNAVROUTER_PTHREAD_MUTEX)
    swift build -c release --product navrouter --scratch-path ".build-$sanitizer-lib" "${library_flags[@]}" || return 1
    local dir="$out/$sanitizer"
    mkdir -p "$dir"
    cp ".build-$sanitizer-lib/release/libnavrouter.so" "$dir/libnavrouter.so.1"
    flags=(-g -O1 "-fsanitize=$sanitizer" -Iinclude -L"$dir" -l:libnavrouter.so.1 -ljansson -lpthread
        -Wl,-rpath,"$PWD/$dir")
    [ "$sanitizer" = thread ] && extra=(-L"$swift_lib" -ldispatch -lBlocksRuntime -Wl,-rpath,"$swift_lib")
    local program status=0
    for program in Tests/c/test_*.c Tests/stress/stress.c; do
        local name
        name=$(basename "$program" .c)
        "$clang" "$program" "${flags[@]}" "${extra[@]}" -o "$dir/$name" || return 1
        local arguments=(examples/manifests/shop.json)
        [ "$name" = stress ] && arguments+=("$stress_count")
        if ! TSAN_OPTIONS="halt_on_error=1" ASAN_OPTIONS="detect_leaks=1" \
            LSAN_OPTIONS="suppressions=$supp/lsan.supp:print_suppressions=0" "$dir/$name" "${arguments[@]}"; then
            echo "$name failed under $sanitizer"
            status=1
        fi
    done
    return $status
}
step c_asan c_programs address
step c_tsan c_programs thread

valgrind_programs() {
    scripts/build-library.sh >/dev/null || return 1
    Tests/c/run.sh >/dev/null || return 1 # builds the C programs (and runs them under valgrind)
    gcc -std=c99 -O1 Tests/stress/stress.c -Iinclude -Lbuild/lib -lnavrouter -ljansson -lpthread \
        -Wl,-rpath,"$PWD/build/lib" -o "$out/stress" || return 1
    valgrind --leak-check=full --error-exitcode=9 --suppressions="$supp/valgrind.supp" -q "$out/stress" \
        examples/manifests/shop.json 200
}
step valgrind valgrind_programs

echo "sanitize: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
