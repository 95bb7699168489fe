#!/usr/bin/env bash
# Runs one libFuzzer target until its coverage stops growing (no new coverage for QUIET seconds, at most MAX seconds),
# says how long that took and where coverage ended, and keeps the corpus minimal: the grown corpus is merged into the
# smallest set of inputs that covers as much (libFuzzer's -merge=1), written to build/fuzz/minimal/TARGET (megabytes,
# kept out of git; Tests/fuzz/corpus/TARGET holds the named seeds and findings). Usage: scripts/fuzz-plateau.sh TARGET [QUIET] [MAX] (default: 300 s quiet, 3600 s at most).
# Builds the ASan library and the targets first (scripts/fuzz.sh build, and a 1-second run to build TARGET).
set -uo pipefail
cd "$(dirname "$0")/.."
source scripts/args.sh
target="${1:?usage: scripts/fuzz-plateau.sh TARGET [QUIET] [MAX]}"
quiet="${2:-300}"
limit="${3:-3600}"
whole_number fuzz-plateau QUIET "$quiet" 10
whole_number fuzz-plateau MAX "$limit" 10
[ -f "Tests/fuzz/fuzz_$target.c" ] || { echo "fuzz-plateau: no libFuzzer target named '$target'" >&2; exit 2; }
scripts/fuzz.sh "$target" 1 >/dev/null 2>&1  # builds the library and the target; a one-second run
out=build/fuzz
corpus="$out/corpus/$target"
log="$out/logs/$target.plateau.log"
mkdir -p "$corpus" "$out/findings"
cp -n Tests/fuzz/corpus/"$target"/* "$corpus/" 2>/dev/null
dictionary=()
[ -f "Tests/fuzz/$target.dict" ] && dictionary=(-dict="Tests/fuzz/$target.dict")
export SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=malloc_context_size=4:detect_leaks=1 \
    LSAN_OPTIONS="suppressions=$PWD/Tests/sanitizers/lsan.supp:print_suppressions=0" \
    UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1
started=$SECONDS
"$out/fuzz_$target" "$corpus" "${dictionary[@]}" -max_total_time="$limit" -timeout=20 -rss_limit_mb=4096 \
    -artifact_prefix="$out/findings/$target-" -print_final_stats=1 >"$log" 2>&1 &
fuzzer=$!
last_new=$SECONDS
last_count=0
while kill -0 "$fuzzer" 2>/dev/null; do
    sleep 10
    count=$(grep -cE "[[:space:]]NEW[[:space:]]" "$log")
    if [ "$count" -gt "$last_count" ]; then
        last_count=$count
        last_new=$SECONDS
    elif [ $((SECONDS - last_new)) -ge "$quiet" ]; then
        kill -INT "$fuzzer" 2>/dev/null
        break
    fi
done
wait "$fuzzer"
status=$?
took=$((SECONDS - started))
plateau=$((last_new - started))
final=$(grep -E "^#[0-9]+" "$log" | tail -n 1)
if grep -qE "FUZZ FINDING|ERROR: AddressSanitizer|runtime error|deadly signal" "$log"; then
    echo "fuzz-plateau $target: a finding (see $log)"
    grep -E "FUZZ FINDING|ERROR: AddressSanitizer|runtime error|deadly signal" "$log" | head -n 5
    exit 1
fi
if [ $((took - plateau)) -ge "$quiet" ]; then
    echo "fuzz-plateau $target: coverage last grew at $plateau s; stopped after $quiet s without new coverage"
else
    echo "fuzz-plateau $target: coverage still grew at $plateau s of $took s (stopped at the limit of $limit s)"
fi
echo "  last status line: $final (fuzzer exit $status)"
minimal="$out/minimal/$target"
rm -rf "$minimal"
mkdir -p "$minimal"
"$out/fuzz_$target" -merge=1 "$minimal" "$corpus" "${dictionary[@]}" >"$out/logs/$target.merge.log" 2>&1
echo "  corpus: $(ls "$corpus" | wc -l) inputs grown, $(ls "$minimal" | wc -l) kept in $minimal" \
    "($(du -sh "$minimal" | cut -f1))"
