"""The C speedups module (navrouter/_speedups.c): in use when built, the same answers and the same errors as the
ctypes paths (resolve and look-up), safe from threads, no leaks, and no crash from a bad call into it."""

import dataclasses
import importlib.util
import os
import subprocess
import sys
import threading
from pathlib import Path

import navrouter
import pytest
from conftest import speedups_required
from navrouter import _speed
from test_safety import bytes_kept

ROOT = Path(__file__).resolve().parents[3]


def test_the_speedups_are_in_use_when_built():
    built = importlib.util.find_spec("navrouter._speedups") is not None
    if not built and not speedups_required():
        pytest.skip("the C speedups module is not built")
    assert built, "scripts/build-python-speedups.sh did not build navrouter/_speedups.abi3.so"
    assert _speed.speedups_in_use()


def test_switched_off_by_the_environment_the_ctypes_path_resolves():
    code = (
        "import navrouter\nfrom navrouter import _speed\n"
        "registry = navrouter.Registry()\nregistry.add_route('p', 'product/:id')\n"
        "assert registry.resolve('/product/7?x=1').parameters == {'id': '7', 'x': '1'}\n"
        "print(_speed.speedups_in_use())\n"
    )
    environment = dict(os.environ, NAVROUTER_PYTHON_SPEEDUPS="0")
    environment["PYTHONPATH"] = str(ROOT / "bindings" / "python")
    result = subprocess.run([sys.executable, "-c", code], env=environment, capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "False"


BAD_URLS = [
    "/nowhere/at/all",  # not found
    "/shop/product/%zz",  # a malformed escape
    "/shop/product/a%00b",  # an escaped NUL
    "/shop/product/42\0",  # a NUL in the str
    "/shop/product/\ud800",  # a lone surrogate
    "https://evil.example/shop/cart",  # a web domain the registry does not serve
    "",
    "/" + "a/" * 200,  # more segments than the limit
]


@pytest.mark.parametrize("url", BAD_URLS + [5, None, b"/shop/cart"])
def test_errors_are_the_ctypes_paths(shop, monkeypatch, url):
    if not _speed.speedups_in_use():
        pytest.skip("the C speedups module is not built")

    def failures():
        """What resolve and lookup raise for url: the type and the message of each (None when it does not)."""
        raised = []
        for call in (shop.resolve, shop.lookup):
            try:
                call(url)
            except Exception as error:  # compared below
                raised.append((type(error), str(error)))
            else:
                raised.append(None)
        return raised

    fast = failures()
    monkeypatch.setattr(_speed, "resolve", _speed._resolve_with_ctypes)
    monkeypatch.setattr(_speed, "lookup", _speed._lookup_with_ctypes)
    assert fast == failures()
    assert fast[0] is not None or url == "/shop/product/\ud800"  # surrogatepass: no failure to compare there


@pytest.mark.parametrize("table", ["github", "static"])
def test_lookups_are_the_ctypes_paths(bench_table, monkeypatch, table):
    if not _speed.speedups_in_use():
        pytest.skip("the C speedups module is not built")
    registry, lookups = bench_table(table)
    urls = [url for url, _ in lookups] + ["/" + url.lstrip("/") + "?q=1#f" for url, _ in lookups]
    fast = [registry.lookup(url) for url in urls]
    monkeypatch.setattr(_speed, "lookup", _speed._lookup_with_ctypes)
    assert fast == [registry.lookup(url) for url in urls]
    assert [name for name, _ in fast[: len(lookups)]] == [expected for _, expected in lookups]


def test_a_str_subclass_url_is_kept_as_given(shop, resolve_path):
    class Link(str):
        pass

    match = shop.resolve(Link("/shop/product/9"))
    assert type(match.url) is Link and match.parameters == {"id": "9"}
    assert type(match) is navrouter.Match and match._replace(route="x").route == "x"


def test_many_threads_resolve_large_and_small_matches(shop, resolve_path):
    big = "é" * 2500  # over the 4 KiB stack buffer once packed
    errors = []

    def worker(index):
        try:
            for step in range(300):
                if step % 3 == 0:
                    match = shop.resolve(f"/shop/product/{index}?note={big}&n={step}")
                    assert match.query == {"note": big, "n": str(step)}
                else:
                    match = shop.resolve(f"/shop/product/{index}{step:04}")
                    assert match.parameters == {"id": f"{index}{step:04}"}
                    assert shop.lookup(f"/shop/product/{index}{step:04}") == ("product", [(1, 5), (6, 13), (14, 19)])
                with pytest.raises(navrouter.RouteNotFoundError):
                    shop.resolve(f"/missing/{step}")
        except Exception as error:  # pragma: no cover - reported below
            errors.append(error)

    threads = [threading.Thread(target=worker, args=(index,)) for index in range(6)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []


def test_resolving_keeps_memory_flat(shop, resolve_path):
    """Every kind of match and failure, 10^5 resolves and look-ups: a reference not dropped in C would grow the
    process."""
    import base64
    import json

    shop.add_route("files", "files/*path")
    props = base64.urlsafe_b64encode(json.dumps({"k": [1, "é"]}).encode()).decode().rstrip("=")
    urls = [
        "/shop/product/42",
        "myapp://Shop/product/42?ref=a+b&tag=1&tag=2#top",
        "/files/a/b%20c/d.txt#fr%C3%A8re",
        f"/shop/product/1?_props={props}",
        "/shop/cart",
        "/shop/product/1?note=" + "z" * 5000,
        "/nowhere",
        "/shop/product/%zz",
    ]

    def cycle(count):
        for index in range(count):
            url = urls[index % len(urls)]
            try:
                shop.lookup(url) if index % 2 else shop.resolve(url)
            except navrouter.NavRouterError:
                pass

    grown = bytes_kept(cycle, warm_up=10_000)
    assert grown < 4 * 1024 * 1024, f"{grown} bytes kept by 10^5 resolves and look-ups"


def test_bad_calls_into_the_module_raise_and_do_not_crash():
    spec = importlib.util.find_spec("navrouter._speedups")
    if spec is None:
        pytest.skip("the C speedups module is not built")
    fresh = importlib.util.module_from_spec(spec)  # a new module object: its own, unbound state
    spec.loader.exec_module(fresh)
    with pytest.raises(RuntimeError, match="bind"):
        fresh.resolve(1, "/x")
    with pytest.raises(TypeError):
        fresh.resolve()
    with pytest.raises(RuntimeError, match="bind"):
        fresh.lookup(1, "/x")
    with pytest.raises(RuntimeError, match="bind"):
        fresh.event_data(1)
    functions = dict.fromkeys(fresh.LIBRARY_FUNCTIONS, 1)
    callables = (len, len, len, len, len)
    with pytest.raises(TypeError):
        fresh.bind(1, 2)
    with pytest.raises(TypeError, match="dict"):
        fresh.bind(1, navrouter.Match, *callables)
    with pytest.raises(ValueError, match="not 0"):
        fresh.bind({**functions, "navrouter_event_json": 0}, navrouter.Match, *callables)
    with pytest.raises(ValueError, match="navrouter_registry_lookup"):
        fresh.bind({name: 1 for name in functions if name != "navrouter_registry_lookup"}, navrouter.Match, *callables)
    with pytest.raises(TypeError):
        fresh.bind({**functions, "navrouter_event_kind": "address"}, navrouter.Match, *callables)
    with pytest.raises(TypeError, match="tuple type"):
        fresh.bind(functions, dict, *callables)
    with pytest.raises(TypeError, match="callable"):
        fresh.bind(functions, navrouter.Match, len, None, len, len, len)
    with pytest.raises(RuntimeError, match="bind"):  # none of the refused binds bound it
        fresh.resolve(1, "/x")
    from navrouter import _speedups

    with pytest.raises(ValueError, match="address"):
        _speedups.resolve(0, "/x")
    with pytest.raises(ValueError, match="address"):
        _speedups.lookup(0, "/x")
    with pytest.raises(TypeError):
        _speedups.resolve("registry", "/x")
    with pytest.raises(TypeError):
        _speedups.lookup("/x")
    with pytest.raises(ValueError, match="address"):
        _speedups.event_data(0)
    with pytest.raises(TypeError):
        _speedups.event_data()


def test_resolves_beside_callbacks_and_route_changes_on_other_threads(shop, resolve_path):
    """The speedups module keeps the GIL through the library call: a resolve must never wait for a thread that waits
    for the GIL (an interceptor or navigator running inside a command, a registration compiling a new table)."""
    shop.add_interceptor(lambda interception: shop.resolve("/shop/cart").route == "cart" or True, routes=["product"])
    events = []
    router = navrouter.Router(shop, navigator=lambda event: events.append(shop.resolve("/shop/product/5").route))
    router.start()
    errors = []
    stop = threading.Event()

    def resolving():
        while not stop.is_set():
            try:
                assert shop.resolve("/shop/product/7").parameters == {"id": "7"}
            except Exception as error:  # pragma: no cover - reported below
                errors.append(error)
                return

    def navigating():
        for step in range(60):
            router.navigate(f"/shop/product/{step}")
            router.pop()

    def registering():
        for step in range(60):
            shop.add_route(f"extra{step}", f"extra/{step}/:id")

    workers = [threading.Thread(target=resolving) for _ in range(3)]
    busy = [threading.Thread(target=navigating), threading.Thread(target=registering)]
    for thread in workers + busy:
        thread.start()
    for thread in busy:
        thread.join(timeout=120)
    stop.set()
    for thread in workers:
        thread.join(timeout=120)
    assert not any(thread.is_alive() for thread in workers + busy), "a thread hung"
    assert errors == []
    assert shop.resolve("/extra/59/x").route == "extra59"
    router.close()


def _session_events(shop):
    """Every event of a session that makes each kind with its optional fields, as a navigator gets them."""
    events = []
    router = navrouter.Router(shop, navigator=events.append)
    router.set_handler(None, make=lambda entry: {"view of": entry.route}, release=lambda view, entry: None)
    router.start()
    router.navigate("/shop/product/42?ref=mail&x=%C3%A9#top")
    router.navigate("/shop/product/7", expects_result=True, props={"from": "list", "n": [1, 2.5]})
    router.pop(result={"rating": 5, "text": 'ü "q"'})
    router.present("/shop/product/9", style="fullscreen", prevent_dismissal=True)
    router.dismiss(result=None)
    router.select_tab(1)
    router.restore(router.snapshot())
    with pytest.raises(navrouter.NavRouterError):
        router.navigate("/nowhere")
    router.close()
    return events


def test_navigator_events_are_the_ctypes_paths(shop, monkeypatch):
    if not _speed.speedups_in_use():
        pytest.skip("the C speedups module is not built")
    fast = _session_events(shop)
    monkeypatch.setattr(_speed, "event_data", _speed._event_data_with_ctypes)
    slow = _session_events(shop)
    assert len(fast) > 10 and {event.kind for event in fast} >= {"push", "pop", "present", "dismiss", "restored"}
    assert [(event.kind, event.transition) for event in fast] == [(event.kind, event.transition) for event in slow]
    strip = lambda event: dataclasses.replace(  # noqa: E731 - the views differ: each router made its own
        event,
        entry=event.entry and dataclasses.replace(event.entry, view=None),
        entries=tuple(dataclasses.replace(entry, view=None) for entry in event.entries),
        removed=tuple(dataclasses.replace(entry, view=None) for entry in event.removed),
    )
    assert [strip(event) for event in fast] == [strip(event) for event in slow]
    assert any(event.entry and event.entry.view for event in fast)
