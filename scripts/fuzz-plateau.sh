#!/usr/bin/env bash
# Runs one libFuzzer target until its coverage stops growing (no new coverage for QUIET seconds, at most MAX seconds),
# says how long that took and where coverage ended, and keeps the corpus minimal: the grown corpus is merged into the
# smallest set of inputs that covers as much (libFuzzer's -merge=1), written to build/fuzz/minimal/TARGET (megabytes,
# kept out of git; Tests/fuzz/corpus/TARGET holds the named seeds and findings).
# Usage: scripts/fuzz-plateau.sh TARGET [QUIET] [MAX] (default: 300 s quiet, 3600 s at most).
# The run uses the fast build (coverage and libFuzzer, no sanitizers: NAVROUTER_FUZZ_BUILD=fast of scripts/fuzz.sh,
# several times the executions a second); the kept inputs are then replayed, each once, under the ASan and UBSan
# build, so a memory error that an input reaches is still found. NAVROUTER_FUZZ_BUILD=asan runs under ASan throughout.
# Builds the library and the targets first (a 1-second run of scripts/fuzz.sh builds TARGET).
set -uo pipefail
cd "$(dirname "$0")/.."
source scripts/args.sh
target="${1:?usage: scripts/fuzz-plateau.sh TARGET [QUIET] [MAX]}"
quiet="${2:-300}"
limit="${3:-3600}"
whole_number fuzz-plateau QUIET "$quiet" 10
whole_number fuzz-plateau MAX "$limit" 10
[ -f "Tests/fuzz/fuzz_$target.c" ] || { echo "fuzz-plateau: no libFuzzer target named '$target'" >&2; exit 2; }
flavour="${NAVROUTER_FUZZ_BUILD:-fast}"
[ "$flavour" = fast ] || [ "$flavour" = asan ] || {
    echo "fuzz-plateau: NAVROUTER_FUZZ_BUILD is fast or asan, not '$flavour'" >&2
    exit 2
}
for build in "$flavour" asan; do # builds each library and the target; a one-second run
    NAVROUTER_FUZZ_BUILD=$build scripts/fuzz.sh "$target" 1 >/dev/null 2>&1 ||
        { echo "fuzz-plateau: the $build build of $target failed (scripts/fuzz.sh $target 1)" >&2; exit 1; }
done
out=build/fuzz
bin="$out"
[ "$flavour" = fast ] && bin="$out/fast"
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
"$bin/fuzz_$target" "$corpus" "${dictionary[@]}" -max_total_time="$limit" -timeout=20 -rss_limit_mb=4096 \
    -artifact_prefix="$out/findings/$target-" -print_final_stats=1 >"$log" 2>&1 &
fuzzer=$!
last_new=$SECONDS
last_count=0
# Edges and features every 10 s (the growth an hour at the end is the plateau's measure).
growth="$out/logs/$target.growth.tsv"
printf 'seconds\tedges\tfeatures\n' >"$growth"
while kill -0 "$fuzzer" 2>/dev/null; do
    sleep 10
    status_line=$(grep -E "^#[0-9]+" "$log" | tail -n 1)
    if [[ "$status_line" =~ cov:\ ([0-9]+)\ ft:\ ([0-9]+) ]]; then
        printf '%s\t%s\t%s\n' $((SECONDS - started)) "${BASH_REMATCH[1]}" "${BASH_REMATCH[2]}" >>"$growth"
    fi
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
# Growth over the run's last half hour (its last half when shorter), in % an hour: under 1 % is a plateau.
awk -F'\t' 'NR > 1 { t[NR] = $1; e[NR] = $2; f[NR] = $3; n = NR }
    END {
        if (n < 3) exit
        span = t[n] >= 3600 ? 1800 : t[n] / 2
        for (i = 2; i <= n; i++) if (t[i] >= t[n] - span) { s = i; break }
        hours = (t[n] - t[s]) / 3600
        if (hours <= 0 || e[s] == 0 || f[s] == 0) exit
        printf "  growth over the last %d s: edges %.2f %%/h (%d to %d), features %.2f %%/h (%d to %d)\n",
            t[n] - t[s], (e[n] - e[s]) / e[s] * 100 / hours, e[s], e[n], (f[n] - f[s]) / f[s] * 100 / hours, f[s], f[n]
    }' "$growth"
minimal="$out/minimal/$target"
rm -rf "$minimal"
mkdir -p "$minimal"
"$bin/fuzz_$target" -merge=1 "$minimal" "$corpus" "${dictionary[@]}" >"$out/logs/$target.merge.log" 2>&1
echo "  corpus: $(ls "$corpus" | wc -l) inputs grown, $(ls "$minimal" | wc -l) kept in $minimal" \
    "($(du -sh --apparent-size "$minimal" | cut -f1))"
echo "  speed: $(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -n 1) inputs a second ($flavour build)"
# Every kept input once under ASan and UBSan (-runs=0: the corpus is read and run, nothing mutated or written).
replay="$out/logs/$target.replay.log"
if ! "$out/fuzz_$target" -runs=0 -timeout=20 -rss_limit_mb=4096 -artifact_prefix="$out/findings/$target-" \
    "$minimal" >"$replay" 2>&1; then
    echo "fuzz-plateau $target: a kept input fails under ASan and UBSan (see $replay)"
    grep -E "FUZZ FINDING|ERROR: AddressSanitizer|runtime error|deadly signal" "$replay" | head -n 5
    exit 1
fi
echo "  replayed under ASan and UBSan: $(ls "$minimal" | wc -l) inputs, no finding"
