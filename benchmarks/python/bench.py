"""The Python side of scripts/bench.sh: per-call cost of the ctypes binding (resolve, look-up, navigate + pop).

Usage: python3 benchmarks/python/bench.py DATA_DIR ROUNDS
Prints a Markdown table and "RESULT key value" lines.
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

    timings = best_per_call(
        [(registry.resolve, urls), (registry.lookup, urls), (navigate_and_pop, [None] * 50)], rounds
    )
    rows = [
        ("Registry.resolve (Match with decoded dicts), GitHub table", "resolve", *timings[0]),
        ("Registry.lookup (route name + segment ranges), GitHub table", "lookup", *timings[1]),
        ("Router.navigate + Router.pop with a Python navigator (4 events)", "navigate_pop", *timings[2]),
    ]
    print(
        f"## Through Python ctypes (µs per call; best of {rounds} interleaved rounds, {ROUND_PAUSE_SECONDS} s apart)\n"
    )
    print("| call | best µs | spread |\n| --- | ---: | ---: |")
    for label, _, best, worst in rows:
        print(f"| {label} | {best * 1e6:.2f} | {(worst - best) / best * 100:.0f}% |")
    print()
    for _, key, best, _ in rows:
        print(f"RESULT python.{key}_us {best * 1e6:.3f}")
    router.close()


if __name__ == "__main__":
    main()
