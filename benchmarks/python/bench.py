"""The Python side of scripts/bench.sh: per-call cost of the ctypes binding (resolve, look-up, navigate + pop), and
Registry.resolve beside werkzeug's routing (Map.bind(...).match(path), the peer; installed from PyPI by
scripts/bench.sh) on the GitHub, static and synthetic10k tables.

Usage: python3 benchmarks/python/bench.py DATA_DIR ROUNDS
Prints Markdown tables and "RESULT key value" lines.
"""

import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "bindings" / "python"))

import navrouter  # noqa: E402


def calibrated_repeat(function, items):
    """How many passes over items take about 50 ms."""
    repeat = 1
    while True:
        start = time.perf_counter()
        for _ in range(repeat):
            for item in items:
                function(item)
        elapsed = time.perf_counter() - start
        if elapsed > 0.0125:
            return max(1, int(repeat * 0.05 / elapsed))
        repeat *= 2


ROUND_PAUSE_SECONDS = 0.3


def best_per_call(workloads, rounds):
    """Best and worst seconds per call of each (function, items) workload, over interleaved rounds (A B C A B C …,
    as the Swift harness runs its contenders): a slow stretch of the shared machine touches every workload alike
    instead of all the rounds of one. The rounds are ROUND_PAUSE_SECONDS apart: such a stretch lasts seconds,
    and back-to-back rounds could all fall into one."""
    repeats = [calibrated_repeat(function, items) for function, items in workloads]
    samples = [[] for _ in workloads]
    for round_index in range(rounds):
        if round_index > 0:
            time.sleep(ROUND_PAUSE_SECONDS)
        for index, (function, items) in enumerate(workloads):
            start = time.perf_counter()
            for _ in range(repeats[index]):
                for item in items:
                    function(item)
            samples[index].append((time.perf_counter() - start) / (repeats[index] * len(items)))
    return [(min(values), max(values)) for values in samples]


def werkzeug_rule(pattern):
    """A navrouter pattern as a werkzeug rule: ":id" and "<id>" -> "<id>", "<int:id>" and "<uuid:id>" kept, "*rest"
    -> "<path:rest>"."""
    segments = []
    for segment in pattern.strip("/").split("/"):
        if segment.startswith(":"):
            segment = f"<{segment[1:]}>"
        elif segment.startswith("*"):
            segment = f"<path:{segment[1:]}>"
        segments.append(segment)
    return "/" + "/".join(segments)


def werkzeug_rows(data, rounds):
    """Registry.resolve (every path parameter read) beside werkzeug's MapAdapter.match on each table."""
    try:
        from werkzeug.routing import Map, Rule
    except ImportError:
        print("werkzeug is not installed: the peer comparison is skipped (scripts/bench.sh installs it)\n")
        return
    print(f"## Python resolve beside werkzeug (µs per call; best of {rounds} interleaved rounds)\n")
    print("| table | navrouter Registry.resolve + params | werkzeug adapter.match | werkzeug ÷ navrouter | agree |")
    print("| --- | ---: | ---: | ---: | ---: |")
    for name in ("github", "static", "synthetic10k"):
        patterns = (data / f"{name}.txt").read_text().split()
        lookups = [line.split("\t") for line in (data / f"{name}.lookups.txt").read_text().splitlines()]
        registry = navrouter.Registry()
        registry.add_routes([(pattern, pattern) for pattern in patterns])
        adapter = Map([Rule(werkzeug_rule(p), endpoint=p) for p in patterns], strict_slashes=False).bind("example.com")
        paths = ["/" + url.lstrip("/") for url, _ in lookups]
        agree = sum(1 for path, (_, expected) in zip(paths, lookups) if adapter.match(path)[0] == expected)

        def navrouter_resolve(url, registry=registry):
            match = registry.resolve(url)
            return match.route, match.parameters

        (ours, _), (theirs, _) = best_per_call([(navrouter_resolve, paths), (adapter.match, paths)], rounds)
        print(f"| {name} | {ours * 1e6:.2f} | {theirs * 1e6:.2f} | {theirs / ours:.1f}× | {agree}/{len(paths)} |")
        results.append((f"python.{name}.resolve_us", ours * 1e6))
        results.append((f"python.{name}.werkzeug_us", theirs * 1e6))
        results.append((f"python.{name}.werkzeug_ratio", theirs / ours))
    print()


results = []


def main():
    data = Path(sys.argv[1] if len(sys.argv) > 1 else ROOT / "benchmarks" / "data")
    rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 7
    registry = navrouter.Registry()
    for pattern in (data / "github.txt").read_text().split():
        registry.add_route(pattern, pattern)
    lookups = [line.split("\t") for line in (data / "github.lookups.txt").read_text().splitlines()]
    for url, expected in lookups:
        assert registry.resolve(url).route == expected, url
    urls = [url for url, _ in lookups]

    shop = navrouter.Registry()
    shop.load_manifest((ROOT / "examples" / "manifests" / "shop.json").read_text())
    events = []
    router = navrouter.Router(shop, navigator=events.append)
    router.start()

    def navigate_and_pop(_):
        router.navigate("/shop/product/42")
        router.pop()
        events.clear()  # kept, millions of events would time the garbage collector's walks over them instead

    from navrouter import _speed

    def resolve_through_ctypes(url, address=registry._address):
        """Registry.resolve's work as it is done without the C speedups module."""
        registry._ptr()
        return _speed._resolve_with_ctypes(address, url)

    speedups = "through the C speedups module" if _speed.speedups_in_use() else "through ctypes (speedups not built)"
    timings = best_per_call(
        [
            (registry.resolve, urls),
            (resolve_through_ctypes, urls),
            (registry.lookup, urls),
            (navigate_and_pop, [None] * 50),
        ],
        rounds,
    )
    rows = [
        (f"Registry.resolve (Match with decoded dicts), GitHub table, {speedups}", "resolve", *timings[0]),
        ("the same without the speedups module (ctypes, NAVROUTER_PYTHON_SPEEDUPS=0)", "resolve_ctypes", *timings[1]),
        ("Registry.lookup (route name + segment ranges), GitHub table", "lookup", *timings[2]),
        ("Router.navigate + Router.pop with a Python navigator (4 events)", "navigate_pop", *timings[3]),
    ]
    print(f"## From Python (µs per call; best of {rounds} interleaved rounds, {ROUND_PAUSE_SECONDS} s apart)\n")
    print("| call | best µs | spread |\n| --- | ---: | ---: |")
    for label, _, best, worst in rows:
        print(f"| {label} | {best * 1e6:.2f} | {(worst - best) / best * 100:.0f}% |")
    print()
    werkzeug_rows(data, rounds)
    for _, key, best, _ in rows:
        print(f"RESULT python.{key}_us {best * 1e6:.3f}")
    for key, value in results:
        print(f"RESULT {key} {value:.3f}")
    router.close()


if __name__ == "__main__":
    main()
