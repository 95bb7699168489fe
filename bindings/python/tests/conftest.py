import os
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
sys.path.insert(0, str(ROOT / "bindings" / "python"))
os.environ.setdefault("NAVROUTER_LIBRARY", str(ROOT / "build" / "lib" / "libnavrouter.so.1"))

import navrouter  # noqa: E402


@pytest.fixture
def shop():
    with navrouter.Registry() as registry:
        registry.load_manifest((ROOT / "examples" / "manifests" / "shop.json").read_text())
        yield registry


@pytest.fixture
def app(shop):
    """A started router on the shop manifest whose events are kept in router.events."""
    events = []
    router = navrouter.Router(shop, navigator=events.append)
    router.start()
    router.events = events
    yield router
    router.close()


@pytest.fixture
def bench_table():
    def load(name):
        registry = navrouter.Registry()
        for pattern in (ROOT / "benchmarks" / "data" / f"{name}.txt").read_text().split():
            registry.add_route(pattern, pattern)
        lookups = [
            line.split("\t") for line in (ROOT / "benchmarks" / "data" / f"{name}.lookups.txt").read_text().splitlines()
        ]
        return registry, lookups

    return load


def speedups_required() -> bool:
    """The test command builds the C speedups module and sets NAVROUTER_REQUIRE_SPEEDUPS=1: missing is a failure."""
    return os.environ.get("NAVROUTER_REQUIRE_SPEEDUPS") == "1"


@pytest.fixture(params=["speedups", "ctypes"])
def resolve_path(request, monkeypatch):
    """Runs a test once with Registry.resolve, Registry.lookup and navigator events through the C speedups module and
    once through the ctypes paths."""
    from navrouter import _speed

    _speed.bind()  # once, before the ctypes paths are put back below (a Registry made later binds no more)
    if request.param == "speedups":
        if not _speed.speedups_in_use():
            if speedups_required():
                pytest.fail("the C speedups module is not built (scripts/build-python-speedups.sh)")
            pytest.skip("the C speedups module is not built")
    else:
        monkeypatch.setattr(_speed, "resolve", _speed._resolve_with_ctypes)
        monkeypatch.setattr(_speed, "lookup", _speed._lookup_with_ctypes)
        monkeypatch.setattr(_speed, "event_data", _speed._event_data_with_ctypes)
    return request.param
