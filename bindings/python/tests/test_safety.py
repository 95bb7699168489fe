"""Nothing a Python program does crashes the interpreter or leaks: interceptions kept after their callback,
interpreter exit while daemon threads run commands, owners with callbacks that reference themselves, and the
API's checks of its arguments."""

from __future__ import annotations

import concurrent.futures
import copy
import functools
import gc
import json
import os
import pickle
import resource
import subprocess
import sys
import textwrap
from collections.abc import Callable
from pathlib import Path

import navrouter
import pytest
from navrouter import _callbacks

ROOT = Path(__file__).resolve().parents[3]
MANIFEST = ROOT / "examples" / "manifests" / "shop.json"


def resident_bytes() -> int:
    """The process's resident memory now (from /proc; tracemalloc would make 10^5 cycles four times slower)."""
    with open("/proc/self/statm") as statm:
        return int(statm.read().split()[1]) * resource.getpagesize()


def bytes_kept(cycle: Callable[[int], None], *, warm_up: int = 5_000, count: int = 100_000) -> int:
    """How much the process grew over cycle(count), after cycle(warm_up) has filled caches and the allocator's pools
    (a garbage collection before each reading)."""
    cycle(warm_up)
    gc.collect()
    before = resident_bytes()
    cycle(count)
    gc.collect()
    return resident_bytes() - before


def run_python(code: str, *, env: dict[str, str] | None = None, timeout: float = 60) -> subprocess.CompletedProcess:
    """Runs a Python program in a fresh interpreter with the binding on its path."""
    environment = dict(os.environ)
    environment["PYTHONPATH"] = str(ROOT / "bindings" / "python")
    environment.update(env or {})
    return subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code)],
        capture_output=True,
        text=True,
        timeout=timeout,
        env=environment,
    )


# ---- crashes (each in a fresh interpreter, repeated: the old binding crashed about every other run) ----


def test_an_interception_kept_after_its_callback_stays_readable():
    code = f"""
        import gc, navrouter
        kept = []
        with navrouter.Registry() as registry:
            registry.load_manifest(open({str(MANIFEST)!r}).read())
            registry.add_interceptor(lambda i: kept.append(i), routes=["product"])
            with navrouter.Router(registry) as router:
                for n in range(50):
                    router.navigate(f"/shop/product/{{n}}")
                    router.pop()
        gc.collect()
        junk = [bytearray(4096) for _ in range(2000)]  # reuse whatever was freed
        assert [i.parameter("id") for i in kept] == [str(n) for n in range(50)], kept[:3]
        assert {{i.route for i in kept}} == {{"product"}} and all(i.phase == "before" for i in kept)
        print("ok", repr(kept[0]))
    """
    for _ in range(5):
        result = run_python(code)
        assert result.returncode == 0, result.stderr
        assert "ok Interception(" in result.stdout


def test_a_queued_restore_does_not_call_its_migration_hook_after_the_call():
    """Found by the binding fuzzer: a restore queued behind the host's transition called its migrate hook when the
    queue ran, through a ctypes callback collected when restore() had returned (a crash)."""
    code = f"""
        import gc, navrouter
        calls = []
        with navrouter.Registry() as registry:
            registry.load_manifest(open({str(MANIFEST)!r}).read())
            with navrouter.Router(registry) as router:
                router.start()
                router.push("/shop/product/5")
                old = router.snapshot()
                router.pop()
                router.set_transition_mode(True)
                first = router.push("/shop/product/1").id
                outcome = router.restore(old, migrate=lambda snapshot: calls.append(1) or snapshot)
                assert outcome.status == "queued" and calls == [1], (outcome, calls)
                gc.collect()
                junk = [bytearray(256) for _ in range(20000)]  # reuse whatever was freed
                router.transition_finished(first)  # the restore runs now
                assert calls == [1] and router.state.top.url == "/shop/product/5", (calls, router.state.top)
        print("ok")
    """
    result = run_python(code)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "ok"


def test_interpreter_exit_while_daemon_threads_run_commands():
    code = f"""
        import threading, navrouter
        registry = navrouter.Registry()
        registry.load_manifest(open({str(MANIFEST)!r}).read())
        def work():
            events = []
            router = navrouter.Router(registry, navigator=lambda event: events.append(event.kind))
            router.set_handler(None, make=lambda entry: object(), release=lambda view, entry: None)
            n = 0
            while True:
                try:
                    router.navigate(f"/shop/product/{{n % 100}}")
                    router.pop()
                except navrouter.NavRouterError:
                    pass
                n += 1
        for _ in range(8):
            threading.Thread(target=work, daemon=True).start()
        import time; time.sleep(0.2)
        print("exiting")
    """
    for _ in range(10):
        result = run_python(code)
        assert result.returncode == 0, f"exit status {result.returncode}: {result.stderr[-2000:]}"
        assert "exiting" in result.stdout


def test_calls_after_shutdown_began_fail_cleanly():
    code = f"""
        import atexit
        def late():
            try:
                router.navigate("/shop/product/1")
            except navrouter.DestroyedError as error:
                print("refused:", error)
        atexit.register(late)  # registered before the binding's own exit handler: runs after it
        import navrouter
        registry = navrouter.Registry()
        registry.load_manifest(open({str(MANIFEST)!r}).read())
        router = navrouter.Router(registry, navigator=lambda event: None)
    """
    result = run_python(code)
    assert result.returncode == 0, result.stderr
    assert "refused: " in result.stdout and "shutting down" in result.stdout


# ---- leaks: owners whose callbacks reference them are collected ----


class Host:
    """A host whose navigator is its own bound method (a cycle through the C library before)."""

    def __init__(self, registry: navrouter.Registry) -> None:
        self.events: list[str] = []
        self.router = navrouter.Router(registry, navigator=self.on_event)
        self.router.set_handler(None, make=self.make, release=self.release)

    def on_event(self, event: navrouter.Event) -> None:
        self.events.append(event.kind)

    def make(self, entry: navrouter.Entry) -> object:
        return {"screen": entry.route, "host": self}

    def release(self, view: object, entry: navrouter.Entry) -> None:
        pass


def test_dropped_hosts_are_collected_and_memory_stays_flat(shop):
    def cycle(count: int) -> None:
        for _ in range(count):
            host = Host(shop)
            host.router.start()
            del host

    grown = bytes_kept(cycle)
    assert grown < 4 * 1024 * 1024, f"{grown} bytes kept by 100k dropped hosts (3.5 KB each leaked before)"
    assert _callbacks.live_count() == 0, "the callback table is empty once the hosts are gone"


def test_dropped_registries_whose_interceptors_close_over_them_are_collected():
    def make() -> None:
        registry = navrouter.Registry()
        registry.add_route("home", "home")
        registry.add_interceptor(lambda interception: registry.authenticated, routes=["home"])

    def cycle(count: int) -> None:
        for _ in range(count):
            make()

    grown = bytes_kept(cycle)
    assert grown < 4 * 1024 * 1024, f"{grown} bytes kept by 100k dropped registries (2.5 KB each leaked before)"
    assert _callbacks.live_count() == 0


# ---- API gaps ----


def test_errors_pickle_and_cross_processes(shop):
    with pytest.raises(navrouter.RouteNotFoundError) as caught:
        shop.resolve("/nowhere")
    copy = pickle.loads(pickle.dumps(caught.value))
    assert type(copy) is navrouter.RouteNotFoundError
    assert (copy.status, copy.message, str(copy)) == (caught.value.status, caught.value.message, str(caught.value))
    with concurrent.futures.ProcessPoolExecutor(1) as pool:
        future = pool.submit(_resolve_in_a_worker, "/nowhere")
        with pytest.raises(navrouter.RouteNotFoundError, match="/nowhere"):
            future.result()


def _resolve_in_a_worker(url: str) -> str:
    with navrouter.Registry() as registry:
        registry.load_manifest(MANIFEST.read_text())
        return registry.resolve(url).route


def test_a_plain_string_is_not_a_list_of_domains(shop):
    with pytest.raises(TypeError, match="not a str"):
        shop.set_web_domains("shop.example.com")
    with pytest.raises(TypeError, match="not a str"):
        shop.set_schemes("myapp")
    with pytest.raises(navrouter.DeniedError):
        shop.resolve("https://s.example.com/shop/cart")  # the policy was not widened


def test_interceptors_and_handlers_are_checked_when_registered(shop):
    registrations = _callbacks.live_count()
    with pytest.raises(TypeError, match="callable"):
        shop.add_interceptor(42)  # type: ignore[arg-type]
    with pytest.raises(navrouter.RouteNotFoundError, match="'nope'"):
        shop.add_interceptor(lambda i: None, routes=["nope"])
    with pytest.raises(TypeError, match="not a str"):
        shop.add_interceptor(lambda i: None, routes="product")  # type: ignore[arg-type]
    with navrouter.Router(shop) as router:
        with pytest.raises(navrouter.RouteNotFoundError, match="'nope'"):
            router.set_handler("nope", make=lambda entry: object())
        with pytest.raises(TypeError, match="callable"):
            router.set_handler(None, make="view")  # type: ignore[arg-type]
    assert _callbacks.live_count() == registrations  # refused registrations keep nothing


def test_integer_arguments_are_checked_not_wrapped(shop, app):
    """ctypes would wrap an int that does not fit the C type (2**64 becomes 0) and refuse a float with its own
    ArgumentError; the binding checks each integer argument and names it."""
    before = app.snapshot()
    with pytest.raises(navrouter.InvalidArgumentError, match="index 2361183241434822606848 is out of range"):
        app.select_tab(2**71)  # wrapped, it was tab 0: a state change from a bad argument
    with pytest.raises(navrouter.InvalidArgumentError, match="selected .* out of range"):
        app.set_tabs(["/shop/home"], 2**64 + 1)
    with pytest.raises(navrouter.InvalidArgumentError, match="gesture 18446744073709551616 is out of range"):
        app.commit_back_gesture(2**64)
    with pytest.raises(navrouter.InvalidArgumentError, match="entry -1 is out of range"):
        app.pop_to(-1)
    with pytest.raises(navrouter.InvalidArgumentError, match="flow -1 is out of range"):
        app.resume_flow(-1)
    with pytest.raises(navrouter.InvalidArgumentError, match="pop count must be at least 1, not -1"):
        app.pop(-1)  # in range for the library, which says what is wrong
    for call in (
        lambda: app.pop(1.5),
        lambda: app.pop(None),
        lambda: app.select_tab(1.5),  # a str names a tab by its root route
        lambda: app.dismiss(b"1"),
        lambda: app.user_popped(1.0),
        lambda: app.view("1"),
        lambda: app.transition_finished(None),
        lambda: app.update_entry("1", props={}),
        lambda: app.set_tabs(["/shop/home"], 0.0),
        lambda: shop.set_limits("8192"),
        lambda: shop.remove_interceptor(None),
        lambda: app.pop_to(True),  # a bool is not an id, though Python counts it as an int
        lambda: app.resume_flow(False),
        lambda: app.select_tab(True),
        lambda: app.pop(True),
    ):
        with pytest.raises(TypeError, match="must be an int, not"):
            call()
    with pytest.raises(TypeError, match="build_back_stack must be None, True or False, not 'yes'"):
        app.navigate("/shop/product/1", build_back_stack="yes")
    for deadline in (float("inf"), 1e300, float("nan"), -1, 0):
        with pytest.raises(ValueError, match="flow_deadline"):
            app.navigate("/settings", flow_deadline=deadline)
    with pytest.raises(navrouter.InvalidArgumentError, match="max_segments 1180591620717411303424 is out of range"):
        shop.set_limits(8192, 2**70)
    with pytest.raises(navrouter.InvalidArgumentError, match="max_redirects 4294967304 is out of range"):
        shop.set_guard_options(max_redirects=2**32 + 8)  # wrapped, it was 8
    with pytest.raises(TypeError, match="max_redirects must be an int, not str"):
        shop.set_guard_options(max_redirects="8")
    assert shop.resolve("/shop/product/1").route == "product"  # the limits did not change
    assert app.snapshot() == before


def test_flag_arguments_take_only_true_or_false(shop, app):
    """A flag given anything but a bool is refused, not read for its truth: "no" is a non-empty string, so it would
    authenticate the user, switch the router to waiting for the host, or mark a route protected."""
    before = app.snapshot()
    calls = (  # (the argument's name, the call taking the flag as `value`)
        ("authenticated", shop.set_authenticated),
        ("authenticated", functools.partial(setattr, shop, "authenticated")),
        ("wait", app.set_transition_mode),
        ("case_sensitive", lambda value: navrouter.Registry(case_sensitive=value)),
        ("requires_auth", lambda value: shop.add_route("flagged", "flagged", requires_auth=value)),
        ("external", lambda value: shop.add_route("flagged", "flagged", external=value)),
        ("requires_auth", lambda value: shop.add_interceptor(lambda _: navrouter.PROCEED, requires_auth=value)),
        ("interceptors_before_login", lambda value: shop.set_guard_options(interceptors_before_login=value)),
        ("success", functools.partial(app.complete_login, 1)),
        ("tolerant", lambda value: app.restore(before, tolerant=value)),
    )
    options = ("replace", "prevent_dismissal", "animated", "single_top", "clear_top", "pop_up_to_inclusive")
    options += ("expects_result", "external")
    for value in ("no", "false", 0, 1, None, 1.0, [], "yes"):
        refused = f"must be True or False, not {type(value).__name__}"
        for name, call in calls:
            with pytest.raises(TypeError, match=f"{name} {refused}"):
                call(value)
        for option in options:
            with pytest.raises(TypeError, match=f"{option} {refused}"):
                app.navigate("/shop/product/1", **{option: value})
            with pytest.raises(TypeError, match=f"{option} {refused}"):
                app.push("/shop/product/1", **{option: value})
    assert not shop.authenticated
    assert "flagged" not in [route["name"] for route in shop.routes()]
    assert app.snapshot() == before
    app.navigate("/shop/product/1", animated=False)  # bools still work
    assert (app.events[-2].kind, app.events[-2].animated) == ("push", False)
    app.navigate("/shop/product/2", replace=True)
    assert [entry.url for entry in app.state.tabs[app.state.selected_tab].stack][-1] == "/shop/product/2"
    assert app.events[-2].animated


def test_registries_and_routers_are_not_copied_or_pickled(shop, app):
    """A copy would share the C handle: closing it (or collecting it) freed the original's handle, and a later handle
    made at the same address could be freed by the stale copy."""
    for owner, hint in ((shop, "load the same manifest"), (app, "snapshot")):
        for make_copy in (copy.copy, copy.deepcopy, pickle.dumps):
            with pytest.raises(TypeError, match=f"cannot be copied or pickled.*{hint}"):
                make_copy(owner)
    app.push("/shop/product/1")  # both still work
    assert shop.resolve("/settings").route == "settings" and app.state.top.route == "product"


def test_json_values_that_json_cannot_hold_are_named(app):
    before = app.snapshot()
    for value in (float("nan"), float("inf"), -float("inf")):
        with pytest.raises(navrouter.JSONError, match="props: .*not JSON"):
            app.navigate("/shop/product/1", props={"x": [value]})
    with pytest.raises(TypeError, match="props: Object of type bytes is not JSON serializable"):
        app.navigate("/shop/product/1", props={"x": b"raw"})
    with pytest.raises(navrouter.JSONError, match="result: .*not JSON"):
        app.pop(result=float("nan"))
    assert app.snapshot() == before


def test_json_strings_that_are_not_utf8_are_named(shop, app):
    """A lone surrogate (what os.fsdecode makes of a file name's bad bytes) cannot be UTF-8: the library's JSON reader
    refused it as "invalid JSON ... invalid Unicode", about a dict the host never wrote as JSON."""
    before = app.snapshot()
    with pytest.raises(navrouter.JSONError, match=r"props: the string 'a\\udcffb' holds a lone surrogate"):
        app.navigate("/shop/product/1", props={"name": "a\udcffb"})
    with pytest.raises(navrouter.JSONError, match=r"parameters: the string '\\ud800' holds a lone surrogate"):
        shop.build_url("product", {"id": "\ud800"})
    with pytest.raises(navrouter.JSONError, match="result: the string .* holds a lone surrogate"):
        app.pop(result={"\udcff": 1})
    assert app.snapshot() == before
    app.navigate("/shop/product/1", props={"name": "caf\u00e9 \U0001f600"})  # real characters, astral ones too
    assert app.state.tabs[0].stack[-1].props == {"name": "caf\u00e9 \U0001f600"}


def test_router_options_are_checked_as_navigate_checks_them(app):
    """flow_deadline went through float() and max(1, ...): "5" was five seconds, -1 or 0 one millisecond (every
    flow expiring at once), NaN a bare "cannot convert float NaN to integer"; a seed of 2**63 or more, which the
    library's JSON holds as its signed 64-bit pattern, was "invalid JSON ... too big integer"."""
    before = app.options
    for deadline in (-1, 0, -0.0, float("nan"), float("inf"), 10**20):
        with pytest.raises(ValueError, match="flow_deadline must be a positive number of seconds"):
            app.set_options(flow_deadline=deadline)
        with pytest.raises(ValueError, match="flow_deadline must be a positive number of seconds"):
            app.navigate("/settings", flow_deadline=deadline)
    for deadline in ("5", True, [1]):
        with pytest.raises(TypeError, match=f"flow_deadline must be an int or a float, not {type(deadline).__name__}"):
            app.set_options(flow_deadline=deadline)
        with pytest.raises(TypeError, match=f"flow_deadline must be an int or a float, not {type(deadline).__name__}"):
            app.navigate("/settings", flow_deadline=deadline)
    for seed in (-1, 2**64):
        with pytest.raises(navrouter.InvalidArgumentError, match=f"flow_token_seed {seed} is out of range"):
            app.set_options(flow_token_seed=seed)
    for seed in (1.5, "1", [1]):
        with pytest.raises(TypeError, match="flow_token_seed must be an int"):
            app.set_options(flow_token_seed=seed)
    assert app.options == before
    app.set_options(flow_token_seed=2**64 - 1, flow_deadline=0.0004)
    assert (app.options["flow_token_seed"], app.options["flow_deadline"]) == (2**64 - 1, 0.001)
    app.set_options(flow_token_seed=2**63, flow_deadline=7)
    assert (app.options["flow_token_seed"], app.options["flow_deadline"]) == (2**63, 7.0)


def test_json_object_keys_must_be_strings(shop, app):
    """Python's json writes an int, float, bool or None key as a string: props given as {1: "a"} came back as
    {"1": "a"}, and {1: "a", "1": "b"} was refused as a "duplicate object key" the host never wrote."""
    app.navigate("/shop/product/1", expects_result=True)
    before = app.snapshot()
    for key in (1, 1.5, True, None):
        refused = f"keys must be str, not {type(key).__name__}"
        with pytest.raises(TypeError, match=f"props: {refused}"):
            app.navigate("/shop/product/2", props={"ok": {key: "a"}})
        with pytest.raises(TypeError, match=f"result: {refused}"):
            app.pop(result=[{key: 1}])
        with pytest.raises(TypeError, match=f"state: {refused}"):
            app.set_saved_state(app.state.tabs[0].stack[-1].id, {key: 1})
        with pytest.raises(TypeError, match=f"app: {refused}"):
            app.snapshot(app={key: 1})
        with pytest.raises(TypeError, match=f"props: {refused}"):
            shop.build_url("product", {"id": "1"}, props={key: 1})
        with pytest.raises(TypeError, match=f"log\\[1\\]: {refused}"):
            app.replay([{"seq": 1}, {"seq": 2, key: 1}])
    assert app.snapshot() == before
    app.navigate("/shop/product/2", props={"ok": {"1": "a"}})  # string keys still work
    assert app.state.tabs[0].stack[-1].props == {"ok": {"1": "a"}}


def test_one_json_depth_limit_for_library_and_binding(shop):
    def nested(depth: int) -> dict:
        value: dict = {}
        for _ in range(depth - 1):
            value = {"a": value}
        return value

    limit = navrouter.MAX_JSON_DEPTH
    assert limit == 512
    with navrouter.Router(shop) as router:
        router.navigate("/shop/product/1", props=nested(limit))
        assert router.state.top.props == nested(limit)
        with pytest.raises(navrouter.JSONError, match="deeper than 512"):
            router.navigate("/shop/product/2", props=nested(limit + 1))
        url = shop.build_url("product", {"id": "3"}, props=nested(limit))
        assert shop.resolve(url).props == nested(limit)
        with pytest.raises(navrouter.JSONError, match="deeper than 512"):
            shop.load_manifest(
                '{"module": "m", "routes": [{"name": "x", "pattern": "x", "metadata": {"m": '
                + "[" * 519
                + "]" * 519
                + "}}]}"
            )


def test_documents_carrying_values_at_the_depth_limit_read_back(shop):
    """Snapshots, manifests and logs nest their own structure around the values they carry: props at the limit in a
    hidden layer's entry sit deepest in a snapshot, and the snapshot restores (it was refused as too deep)."""
    limit = navrouter.MAX_JSON_DEPTH
    assert navrouter.MAX_DOCUMENT_DEPTH == limit + 16
    deepest = {"p": nested_list(limit - 1)}
    with navrouter.Router(shop, options={"modals_per_tab": True, "records_log": True}) as router:
        router.start()
        router.push("/shop/product/1", props=deepest)
        router.present("/settings", props=deepest)
        router.select_tab(1)
        snapshot = router.snapshot()
        assert snapshot["tabs"][0]["hidden_layers"][0]["stack"][0]["props"] == deepest
        router.pop_to_root()
        router.restore(snapshot)
        assert router.snapshot() == snapshot
        router.restore(json.dumps(snapshot))
        log = router.transaction_log()
        with navrouter.Router(shop, options={"modals_per_tab": True}) as replaying:
            assert replaying.replay(log)["divergence"] is None
    shop.load_manifest({"module": "deep", "routes": [{"name": "deep", "pattern": "deep", "metadata": deepest}]})
    assert shop.route("deep")["metadata"] == deepest
    with pytest.raises(navrouter.JSONError, match="deeper than 512"):
        shop.load_manifest({"module": "deeper", "routes": [{"name": "x", "pattern": "x", "metadata": {"m": deepest}}]})


def nested_list(depth: int) -> list:
    value: list = []
    for _ in range(depth - 1):
        value = [value]
    return value


def test_a_missing_library_says_where_it_looked():
    result = run_python(
        """
        import navrouter
        try:
            navrouter.Registry()
        except navrouter.LibraryNotFoundError as error:
            print(type(error).__name__, error)
        """,
        env={"NAVROUTER_LIBRARY": "/nonexistent/libnavrouter.so.1", "LD_LIBRARY_PATH": "/nonexistent"},
    )
    assert result.returncode == 0, result.stderr
    assert "LibraryNotFoundError" in result.stdout
    assert "/nonexistent/libnavrouter.so.1" in result.stdout and "NAVROUTER_LIBRARY" in result.stdout


def test_add_route_takes_everything_a_manifest_can():
    with navrouter.Registry() as registry:
        registry.add_route("catalog", "shop/catalog", presentation="root", metadata={"title": "Catalog"})
        registry.add_route(
            "search",
            "shop/search",
            parent="catalog",
            required_parameters=["q"],
            module="shop",
            external=True,
            metadata={"icon": "magnifier"},
        )
        route = registry.route("search")
        assert route["parent"] == "catalog" and route["module"] == "shop"
        assert route["required_parameters"] == ["q"] and route["metadata"] == {"icon": "magnifier"}
        with pytest.raises(navrouter.ParameterError):
            registry.resolve("/shop/search")
        assert registry.remove_module("shop") == 1


def test_the_state_is_read_without_parsing_snapshots(shop):
    with navrouter.Router(shop) as router:
        router.set_handler(None, make=lambda entry: ("view", entry.id))
        router.start()
        router.navigate("/shop/product/7", props={"from": "mail"})
        router.navigate("/settings")
        state = router.state
        assert [tab.route for tab in state.tabs] == ["home", "catalog", "cart", "profile"]
        assert state.selected_tab == 0 and len(state.layers) == 1 and state.layers[0].style == "sheet"
        assert [entry.route for entry in state.tabs[0].stack] == ["home", "product"]
        assert state.tabs[0].stack[1].view == ("view", state.tabs[0].stack[1].id)
        assert state.top.route == "settings" and state.current_stack == state.layers[0].stack


# ---- structure ----


def test_public_types_have_reprs_hashes_and_public_names(shop):
    assert navrouter.RouteNotFoundError.__module__ == "navrouter"
    assert navrouter.Registry.__module__ == "navrouter"
    assert repr(navrouter.RouteNotFoundError(-2, "x")) == "RouteNotFoundError(-2, 'x')"
    events: list[navrouter.Event] = []
    with navrouter.Router(shop, navigator=events.append) as router:
        router.start()
        router.navigate("/shop/product/1")
        entry = router.state.top
        assert hash(entry) == hash(router.state.top) and entry == router.state.top
        assert len({entry, router.state.top}) == 1
        assert sorted(router.state.tabs[0].stack)[0].route == "home"  # ordered by id
        assert len(set(events)) == len(events)
        assert "Entry(id=" in repr(entry) and "route='product'" in repr(entry)
        assert repr(router).startswith("<navrouter.Router") and repr(shop).startswith("<navrouter.Registry")
    assert navrouter.__version__ == navrouter.version() == "0.1.0"


def test_restore_link_options_are_checked_as_navigate_checks_its_keywords(app):
    """An unknown key in link_options (a typo) is a TypeError, as for navigate and plan, not silently dropped."""
    snapshot = app.snapshot()
    before = app.snapshot()
    with pytest.raises(TypeError, match="externel"):
        app.restore(snapshot, link="/settings", link_options={"externel": False})
    with pytest.raises(TypeError, match="link_options"):
        app.restore(snapshot, link="/settings", link_options=[("external", False)])  # type: ignore[arg-type]
    assert app.snapshot() == before
    app.restore(snapshot, link="/settings", link_options={"external": False})
    assert app.state.top is not None and app.state.top.route == "settings"
