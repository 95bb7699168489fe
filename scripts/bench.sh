#!/usr/bin/env bash
# Runs every benchmark and prints one Markdown report (also written to build/bench/report.md):
# the Swift core beside Vapor RoutingKit and an FNV-1a floor, scaling, registration, memory, the C ABI (look-ups,
# events, start-up), Python ctypes and the library's footprint, then a summary against the targets.
# Usage: scripts/bench.sh [ROUNDS]   (default 11 interleaved rounds). Installs what is missing first.
set -euo pipefail
cd "$(dirname "$0")/.."
rounds="${1:-11}"
source scripts/args.sh
whole_number bench ROUNDS "$rounds" 1
scripts/setup.sh >/dev/null
# The Python benchmark's peer (werkzeug's routing), for the benchmark only: the binding does not depend on it.
python3 -c 'import werkzeug' 2>/dev/null || python3 -m pip install -q --root-user-action=ignore werkzeug==3.1.3
mkdir -p build/bench
report=build/bench/report.md
log=build/bench/results.txt

echo "== building (release): libnavrouter.so and the Swift benchmark" >&2
scripts/build-library.sh >build/bench/build-library.log 2>&1 || { cat build/bench/build-library.log; exit 1; }
# Re-plan the build each time: the cached plan of a path dependency does not notice files added to the core.
rm -f .build-bench/release.yaml .build-bench/release/description.json
swift build -c release --package-path benchmarks/swift --scratch-path .build-bench >build/bench/build-swift.log 2>&1 \
    || { cat build/bench/build-swift.log; exit 1; }
gcc -O2 -std=c99 -Wall -Wextra -Werror -pedantic -Iinclude benchmarks/c/bench.c -Lbuild/lib -lnavrouter \
    -Wl,-rpath,"$PWD/build/lib" -o build/bench/bench
bench=.build-bench/release/navrouter-bench

{
    echo "# navrouter benchmarks"
    echo
    echo "Machine: $(nproc) cores, $(awk '/MemTotal/ {printf "%.0f GiB", $2 / 1048576}' /proc/meminfo), $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'); $(swift --version 2>&1 | head -n 1); $(date -u +%Y-%m-%d)."
    echo
    echo "== Swift core vs RoutingKit" >&2
    "$bench" --data benchmarks/data --rounds "$rounds" --library "$PWD/build/lib/libnavrouter.so.1"

    echo "== memory" >&2
    echo "## Memory held by a built registry (synthetic tables; glibc mallinfo2 before/after, after malloc_trim; one process each)"
    echo
    echo "| router | routes | heap bytes held | bytes per route | peak RSS of the process |"
    echo "| --- | ---: | ---: | ---: | ---: |"
    for which in navrouter routingkit; do
        for count in 10000 100000; do
            line=$("$bench" memory "$which" "$count")
            echo "RESULT-LINE $line" >&2
            held=$(echo "$line" | sed -E 's/.*held=([0-9]+).*/\1/')
            per=$(echo "$line" | sed -E 's/.*per_route=([0-9.]+).*/\1/')
            rss=$(echo "$line" | sed -E 's/.*peak_rss=([0-9]+).*/\1/')
            echo "| $which | $count | $held | $per | $((rss / 1048576)) MiB |"
            echo "RESULT memory.$which.$count.per_route $per"
        done
    done
    echo

    echo "== C ABI" >&2
    # The C driver's tables get twice the rounds (over twice the time): run in a process of its own, its best must
    # find a quiet stretch of the machine without the Swift harness's rounds beside it.
    # The tables, and synthetic100k: ten copies of synthetic10k, each under its own first segment.
    mkdir -p build/bench/data
    cp benchmarks/data/*.txt build/bench/data/
    awk '{ for (k = 0; k < 10; k++) print "/r" k $0 }' benchmarks/data/synthetic10k.txt \
        >build/bench/data/synthetic100k.txt
    awk -F '\t' '{ for (k = 0; k < 10; k++) print "/r" k $1 "\t/r" k $2 }' benchmarks/data/synthetic10k.lookups.txt \
        >build/bench/data/synthetic100k.lookups.txt
    build/bench/bench tables build/bench/data $((rounds * 2 - 1))
    build/bench/bench events 21
    build/bench/bench startup 200
    build/bench/bench registration benchmarks/data 10

    echo "== footprint" >&2
    cp build/lib/libnavrouter.so.1 build/bench/libnavrouter.stripped.so
    strip --strip-unneeded build/bench/libnavrouter.stripped.so
    size=$(stat -L -c %s build/lib/libnavrouter.so.1)
    stripped=$(stat -c %s build/bench/libnavrouter.stripped.so)
    echo "## Footprint"
    echo
    echo "| file | bytes | MiB |"
    echo "| --- | ---: | ---: |"
    echo "| libnavrouter.so (as built, with symbols) | $size | $(awk "BEGIN {printf \"%.2f\", $size / 1048576}") |"
    echo "| libnavrouter.so, strip --strip-unneeded | $stripped | $(awk "BEGIN {printf \"%.2f\", $stripped / 1048576}") |"
    echo
    echo "Dependencies: $(readelf -d build/lib/libnavrouter.so.1 | awk '/NEEDED/ {gsub(/[][]/, "", $5); printf "%s ", $5}')"
    echo
    echo "RESULT footprint.stripped_mb $(awk "BEGIN {printf \"%.2f\", $stripped / 1000000}")"

    echo "== Python" >&2
    NAVROUTER_LIBRARY="$PWD/build/lib/libnavrouter.so.1" python3 benchmarks/python/bench.py benchmarks/data 11
} | tee "$log" | grep -v "^RESULT" >"$report.body"

python3 benchmarks/summary.py "$log" >"$report.summary"
cat "$report.body" "$report.summary" >"$report"
rm -f "$report.body" "$report.summary"
cat "$report"
