"""Random calls on the Python binding, as a careless or hostile program makes them: every public method and property
of `Registry` and `Router`, with arguments drawn from valid and hostile values (URLs good and bad, ints that do not fit
C, NaN, bytes, nested props, real and corrupted snapshots), and callbacks that return odd values, raise, close a
registry or router, or issue commands; routers with random options; in one-thread runs also `AsyncRouter` episodes
(awaited and concurrent commands, renders that yield or raise). Each run is a fresh interpreter with its own seed.

A finding is one of:
  - the interpreter crashing (a signal) or hanging, or an awaited `AsyncRouter` command not completing in 10 s;
  - an exception other than a `NavRouterError`, a `TypeError` or `ValueError` from an argument check, or the
    exception the fuzzer's own callbacks raise;
  - in a single-threaded run, a command that failed but changed the router's state (a failure raised before the
    commit must leave the snapshot byte-identical);
  - in a single-threaded run, a router's snapshot that a fresh router on the same registry does not restore to the
    same snapshot, whatever changed in the registry meanwhile (routes added over live entries or removed, the URL
    policy changed: a change refreshes every router, so the state holds only what the registry still reads);
  - once every router is closed, a view made by a handler and never released, or released twice.

    python3 Tests/fuzz/python/fuzz_binding.py run [--seconds S] [--runs N] [--steps K] [--findings DIR]
    python3 Tests/fuzz/python/fuzz_binding.py one SEED STEPS THREADS      # one run (what `run` starts per seed)

`run` alternates single-threaded runs and runs of four threads, and ends with libFuzzer's statistic line
(`stat::number_of_executed_units: CALLS`) for scripts/fuzz.sh, which runs it as its `python` target.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import inspect
import json
import os
import random
import subprocess
import sys
import threading
import time
import traceback
from pathlib import Path
from typing import Any, Callable

ROOT = Path(__file__).resolve().parents[3]
MANIFEST = (ROOT / "examples" / "manifests" / "shop.json").read_text()
URLS = [
    "/shop/product/1",
    "/shop/product/7",
    "/shop/category/sale",
    "/settings",
    "/shop/cart",
    "/shop/checkout",
    "/account/orders",
    "/help/a/b",
    "myapp://shop/home",
    "https://shop.example.com/shop/product/3",
    "/shop/product/3?_props=e30",
    "/nope",
    "",
    "/%zz",
    "/a//b",
    "/shop/product/\udcff",
    "javascript:alert(1)",
    "x" * 9000,
]
#: The Router methods that are commands: a failure raised before their commit leaves the state as it was.
COMMANDS = {
    "start", "set_tabs", "navigate", "push", "present", "pop", "pop_to_root", "pop_to", "pop_after", "set_stack",
    "dismiss", "select_tab", "back", "user_popped", "user_dismissed", "refresh", "resume_flow", "complete_login",
    "restore", "commit_back_gesture", "update_entry", "set_saved_state",
}  # fmt: skip
AFTER_COMMIT_NOTE = "the call's own change was applied"


def nested(depth: int) -> dict[str, Any]:
    """Props {"p": [[...]]} nesting `depth` arrays and objects in all."""
    value: list[Any] = []
    for _ in range(depth - 2):
        value = [value]
    return {"p": value}


#: Props at the nesting limit, and one level past it (refused): a snapshot nests them a further 7 levels down.
DEEP_PROPS = [nested(512), nested(513), nested(500)]
#: The parameters that take a JSON object: half the time they get one (`Fuzzer.json_object`).
JSON_PARAMETERS = {"props", "result", "state", "app", "metadata"}


class Boom(Exception):
    """What the fuzzer's callbacks raise."""


class Fuzzer:
    """One run: a few registries and routers, and calls on them drawn from `random.Random(seed)`."""

    def __init__(self, seed: int, threaded: bool) -> None:
        import navrouter

        self.navrouter = navrouter
        self.random = random.Random(seed)
        self.threaded = threaded
        self.registries: list[Any] = []
        self.routers: list[Any] = []
        self.made = 0
        self.released = 0
        self.calls = 0
        self.findings: list[str] = []
        #: The routers callbacks issued commands to during the current call: a command the host issues in reaction
        #: to an event (a failed command's COMMAND_FAILED included) is a command of its own and may change the state.
        self.commanded_by_callbacks: set[int] = set()
        self.lock = threading.Lock()
        self.allowed = (navrouter.NavRouterError, TypeError, ValueError, Boom)
        #: Registries whose routes or URL policy changed: their routers' states may no longer restore.

    # ---- values ----

    def value(self) -> Any:
        """An argument: mostly plausible, often hostile."""
        r = self.random
        kind = r.randrange(18)
        if kind < 4:
            return r.choice(URLS)
        if kind == 4:
            return r.choice([0, 1, 2, 3, -1, 7, 40])
        if kind == 5:
            return r.choice([2**32 + 1, 2**64, -(2**63) - 1, 2**200, 1.5, float("nan"), float("inf"), True])
        if kind == 6:
            return None
        if kind == 7:
            return self.json_object()
        if kind == 8:
            return [r.choice(URLS) for _ in range(r.randint(0, 3))]
        if kind == 9:
            return self.callback()
        if kind == 10:
            return r.choice(["push", "sheet", "fullscreen", "root", "before", "after", "leave", "high", "cancel"])
        if kind == 11:
            return r.choice([b"/shop/cart", bytearray(b"x"), object(), ["a", 1], ("product", "p/:id")])
        if kind == 12:
            return self.snapshot()
        if kind == 13:
            return r.choice(["product", "settings", "home", "catalog", "nope", "review"])
        if kind == 14:
            return "\0"
        return r.choice(URLS)

    def json_object(self) -> Any:
        """A JSON object argument (props, a result, saved state): plain, odd, or nested at and past the limit."""
        return self.random.choice(
            [{"id": "3"}, {"x": [1, {"y": None}], "s": "ü"}, {"x": float("nan")}, {"b": b"raw"}, {}, *DEEP_PROPS]
        )

    def snapshot(self) -> Any:
        """A real snapshot of some router, sometimes corrupted."""
        routers = [router for router in self.routers if not router.closed]
        if not routers:
            return "{}"
        try:
            snapshot = self.random.choice(routers).snapshot()
        except self.navrouter.NavRouterError:
            return "{}"
        if self.random.random() < 0.3:
            return snapshot  # the dict itself
        text = json.dumps(snapshot)
        if self.random.random() < 0.5:
            at = self.random.randrange(len(text))
            text = (
                text[:at] + self.random.choice(["9", '"', "}", "-1", "null", "99999999999999999999"]) + text[at + 1 :]
            )
        return text

    def callback(self) -> Callable[..., Any]:
        """A callable for any callback: it returns something odd, raises, closes things or issues commands."""
        choice = self.random.randrange(10)
        if choice == 0:
            return lambda *args: None
        if choice == 1:
            return lambda *args: False
        if choice == 2:
            return lambda *args: object()
        if choice == 3:

            def boom(*args: Any) -> Any:
                raise Boom("from a callback")

            return boom
        if choice == 4:
            return lambda *args: self.close_something()
        if choice == 5:
            return lambda *args: self.navrouter.Redirect(self.random.choice(URLS))
        if choice == 6:
            return lambda *args: self.navrouter.PENDING
        if choice == 7:
            return lambda *args: self.navrouter.Cancel("no")
        if choice == 8:
            return lambda *args: self.command_from_callback()
        return lambda *args: 2**70

    def close_something(self) -> None:
        with self.lock:
            owners = self.routers + self.registries
        if owners and self.random.random() < 0.3:
            self.random.choice(owners).close()

    def command_from_callback(self) -> None:
        with self.lock:
            routers = list(self.routers)
        if routers:
            router = self.random.choice(routers)
            self.commanded_by_callbacks.add(id(router))
            try:
                router.navigate(self.random.choice(URLS))
            except self.allowed:
                pass

    # ---- owners ----

    def new_registry(self) -> Any:
        registry = self.navrouter.Registry(case_sensitive=self.random.random() < 0.2)
        registry.load_manifest(MANIFEST)
        registry.set_web_domains(["shop.example.com"])
        with self.lock:
            self.registries.append(registry)
        return registry

    def new_router(self) -> None:
        with self.lock:
            registries = [registry for registry in self.registries if not registry.closed]
        registry = self.random.choice(registries) if registries else self.new_registry()
        try:
            router = self.navrouter.Router(registry, navigator=self.callback(), options=self.router_options())
        except self.navrouter.DestroyedError:
            return  # the registry was closed meanwhile
        self.set_counting_handler(router, None, self.callback(), self.callback())
        with self.lock:
            self.routers.append(router)

    def router_options(self) -> dict[str, Any]:
        """Router options, each present half the time (the semantics they switch on are fuzzed too)."""
        r = self.random
        choices: dict[str, Any] = {
            "back_behavior": r.choice(["none", "initial", "order", "history"]),
            "reselect_pops_to_root": r.random() < 0.5,
            "modals_per_tab": r.random() < 0.5,
            "push_dismisses_modals": r.random() < 0.5,
            "supersede_pending_flows": r.random() < 0.5,
            "flow_deadline": r.choice([None, 0.001, 5]),
            "records_log": r.random() < 0.5,
            "flow_token_seed": r.choice([None, 7]),
        }
        return {key: value for key, value in choices.items() if r.random() < 0.5}

    def set_counting_handler(self, router: Any, route: Any, make: Any, release: Any) -> None:
        """A handler whose views are counted: every view made must be released once, whatever the callables do."""

        def counted_make(entry: Any) -> Any:
            view = make(entry) if callable(make) else make
            if view is not None:
                with self.lock:
                    self.made += 1
            return view

        def counted_release(view: Any, entry: Any) -> None:
            with self.lock:
                self.released += 1
            if callable(release):
                release(view, entry)

        router.set_handler(route, counted_make, counted_release)

    # ---- calls ----

    def step(self) -> None:
        r = self.random
        with self.lock:
            owners = self.routers + self.registries
        if not owners or r.random() < 0.04:
            self.new_router() if r.random() < 0.7 else self.new_registry()
            return
        if not self.threaded and r.random() < 0.01:
            self.async_episode()
            return
        owner = r.choice(owners)
        cls = type(owner)
        name = r.choice([name for name in dir(cls) if not name.startswith("_")])
        attribute = getattr(cls, name)
        if name == "close" and r.random() < 0.8:
            return
        self.calls += 1
        if isinstance(attribute, property):
            self.guarded(name, lambda: self.use_property(owner, name, attribute))
            return
        if not callable(attribute):
            return
        if name == "set_handler":
            self.guarded(name, lambda: self.set_counting_handler(owner, self.value(), self.value(), self.value()))
            return
        arguments, keywords = self.arguments(getattr(owner, name), name)
        checked = (
            not self.threaded and name in COMMANDS and isinstance(owner, self.navrouter.Router) and not owner.closed
        )
        before = owner.snapshot() if checked else None
        self.commanded_by_callbacks.clear()
        error = self.guarded(name, lambda: getattr(owner, name)(*arguments, **keywords))
        if checked and error is None and r.random() < 0.3:
            self.check_snapshot_restores(owner)
        if before is None or error is None or owner.closed or isinstance(error, self.navrouter.DestroyedError):
            return
        if id(owner) in self.commanded_by_callbacks:
            return  # the host's callbacks issued commands of their own to this router
        if any(AFTER_COMMIT_NOTE in note for note in getattr(error, "__notes__", [])):
            return  # raised after the commit, and says so
        after = owner.snapshot()
        if after != before:
            changed = ", ".join(sorted(key for key in set(before) | set(after) if before.get(key) != after.get(key)))
            print(f"before: {json.dumps(before)}\nafter:  {json.dumps(after)}", flush=True)
            self.finding(
                f"{name}{tuple(arguments)!r:.200} failed ({type(error).__name__}: {error}) but changed {changed}"
            )

    def check_snapshot_restores(self, router: Any) -> None:
        """A router's own snapshot restores, into a fresh router (no callbacks) on the same registry, to the same
        snapshot, whatever changed in the registry since its entries were made."""
        registry = router.registry
        if router.closed or registry.closed:
            return
        try:
            snapshot = router.snapshot()
            with self.navrouter.Router(registry) as fresh:
                fresh.restore(snapshot)
                again = fresh.snapshot()
        except self.navrouter.DestroyedError:
            return  # closed meanwhile
        except self.navrouter.NavRouterError as error:
            self.finding(f"the router's own snapshot did not restore: {type(error).__name__}: {error}")
            return
        if again != snapshot:
            self.finding(f"a snapshot restored differently:\n    {json.dumps(snapshot)}\n    {json.dumps(again)}")

    def async_episode(self) -> None:
        """An `AsyncRouter` driven by awaited and concurrent commands, its navigator a coroutine that yields, sleeps or
        raises: every command must complete (or fail) within 10 s, and the router closes cleanly."""
        aio = self.navrouter.AsyncRouter
        names = [
            name for name in dir(aio) if not name.startswith("_") and inspect.iscoroutinefunction(getattr(aio, name))
        ]

        async def render(event: Any) -> None:
            choice = self.random.random()
            if choice < 0.3:
                await asyncio.sleep(0)
            elif choice < 0.35:
                raise Boom("from render")

        async def episode() -> None:
            registry = self.new_registry()
            router = aio(registry, navigator=render if self.random.random() < 0.8 else self.callback())
            self.set_counting_handler(router.router, None, self.callback(), self.callback())
            concurrent: list[asyncio.Future[Any]] = []
            for _ in range(self.random.randint(5, 40)):
                name = self.random.choice(names)
                arguments, keywords = self.arguments(getattr(router, name), name)
                self.calls += 1
                try:
                    call = getattr(router, name)(*arguments, **keywords)
                except self.allowed:
                    continue
                if self.random.random() < 0.3:
                    concurrent.append(asyncio.ensure_future(call))
                    continue
                try:
                    await asyncio.wait_for(call, 10)
                except self.allowed:
                    pass
                except asyncio.TimeoutError:
                    self.finding(f"AsyncRouter.{name} did not complete in 10 s")
                except Exception as error:  # noqa: BLE001 - what the fuzzer looks for
                    self.finding(f"AsyncRouter.{name} raised {type(error).__name__}: {error}")
            if concurrent:
                done, hung = await asyncio.wait(concurrent, timeout=10)
                if hung:
                    self.finding(f"{len(hung)} concurrent AsyncRouter commands did not complete in 10 s")
                for task in done:
                    error = task.exception()
                    if error is not None and not isinstance(error, self.allowed):
                        self.finding(f"a concurrent AsyncRouter command raised {type(error).__name__}: {error}")
            self.guarded("AsyncRouter.close", router.close)

        asyncio.run(episode())

    def use_property(self, owner: Any, name: str, attribute: property) -> None:
        getattr(owner, name)
        if attribute.fset is not None and self.random.random() < 0.5:
            setattr(owner, name, self.value())

    def arguments(self, method: Any, name: str) -> tuple[list[Any], dict[str, Any]]:
        try:
            parameters = list(inspect.signature(method).parameters.values())
        except (TypeError, ValueError):
            return [], {}
        arguments: list[Any] = []
        keywords: dict[str, Any] = {}
        for parameter in parameters:
            if parameter.kind in (parameter.VAR_POSITIONAL, parameter.VAR_KEYWORD):
                continue
            if parameter.default is not parameter.empty and self.random.random() < 0.6:
                continue
            value = self.json_object() if parameter.name in JSON_PARAMETERS and self.random.random() < 0.5 else None
            if parameter.annotation in ("bool", bool) and self.random.random() < 0.8:
                value = self.random.choice([True, False])  # flags take only a bool: mostly one, sometimes not
            value = value if value is not None else self.value()
            if parameter.kind == parameter.KEYWORD_ONLY:
                keywords[parameter.name] = value
            else:
                arguments.append(value)
        if name == "load_manifest" and arguments and self.random.random() < 0.5:
            arguments[0] = MANIFEST.replace('"name"', '"nom"', self.random.randint(0, 2))
        return arguments, keywords

    def guarded(self, name: str, call: Callable[[], Any]) -> BaseException | None:
        """Runs a call; an exception it may raise is returned, any other is a finding."""
        try:
            call()
        except self.allowed as error:
            return error
        except Exception as error:  # noqa: BLE001 - every other exception is what this fuzzer looks for
            where = traceback.format_exc(limit=-3).replace("\n", "\n    ")
            self.finding(f"{name} raised {type(error).__name__}: {error}\n    {where}")
            return error
        return None

    def finding(self, message: str) -> None:
        with self.lock:
            self.findings.append(message)
        print(f"FUZZ FINDING: {message}", flush=True)

    def run(self, steps: int) -> int:
        threads = [threading.Thread(target=self.steps, args=(steps,)) for _ in range(3 if self.threaded else 0)]
        for thread in threads:
            thread.start()
        self.steps(steps)
        for thread in threads:
            thread.join()
        with self.lock:
            routers = list(self.routers)
            self.routers.clear()
            self.registries.clear()
        for router in routers:
            self.guarded("close", router.close)
        gc.collect()
        if self.made != self.released:
            self.finding(f"{self.made} views made but {self.released} released")
        return 1 if self.findings else 0

    def steps(self, count: int) -> None:
        for _ in range(count):
            self.step()


def one(seed: int, steps: int, threaded: bool) -> int:
    """One run in this interpreter; prints its calls and findings."""
    fuzzer = Fuzzer(seed, threaded)
    status = fuzzer.run(steps)
    print(f"calls: {fuzzer.calls}")
    return status


def run(seconds: float, runs: int | None, steps: int, findings: Path) -> int:
    """Runs seeds in fresh interpreters until the time or the number of runs is up; a crash, a hang or a finding
    stops it, keeping the run's output in `findings`."""
    environment = dict(os.environ)
    environment["PYTHONPATH"] = str(ROOT / "bindings" / "python")
    environment["PYTHONFAULTHANDLER"] = "1"  # a crash prints every thread's Python stack
    environment.setdefault("NAVROUTER_LIBRARY", str(ROOT / "build" / "lib" / "libnavrouter.so.1"))
    first = int(os.environ.get("NAVROUTER_FUZZ_SEED", str(int(time.time()) % 1_000_000)))
    deadline = time.monotonic() + seconds
    done = calls = 0
    status = 0
    while time.monotonic() < deadline and (runs is None or done < runs):
        seed = first + done
        threaded = seed % 2 == 0
        command = [sys.executable, __file__, "one", str(seed), str(steps), "1" if threaded else "0"]
        try:
            result = subprocess.run(command, capture_output=True, text=True, timeout=120, env=environment)
            output, code = result.stdout + result.stderr, result.returncode
        except subprocess.TimeoutExpired as timeout:
            output, code = f"{timeout.stdout or ''}{timeout.stderr or ''}\nhung for 120 s", -1
        done += 1
        calls += sum(int(line.split()[1]) for line in output.splitlines() if line.startswith("calls: "))
        if code != 0:
            findings.mkdir(parents=True, exist_ok=True)
            kept = findings / f"python-seed-{seed}.txt"
            kept.write_text(f"{' '.join(command)}\nexit status {code}\n{output}")
            print(f"FUZZ FINDING: seed {seed} ({'4 threads' if threaded else '1 thread'}), exit status {code}: {kept}")
            print("\n".join(line for line in output.splitlines() if "FUZZ FINDING" in line or "Fatal" in line)[:2000])
            status = 1
            break
    print(f"{done} runs (seeds {first}..{first + done - 1}, {steps} steps each)")
    print(f"stat::number_of_executed_units: {calls}")
    return status


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="mode", required=True)
    one_parser = sub.add_parser("one")
    one_parser.add_argument("seed", type=int)
    one_parser.add_argument("steps", type=int)
    one_parser.add_argument("threaded", type=int)
    run_parser = sub.add_parser("run")
    run_parser.add_argument("--seconds", type=float, default=20)
    run_parser.add_argument("--runs", type=int)
    run_parser.add_argument("--steps", type=int, default=1500)
    run_parser.add_argument("--findings", type=Path, default=ROOT / "build" / "fuzz" / "findings")
    options = parser.parse_args()
    if options.mode == "one":
        sys.path.insert(0, str(ROOT / "bindings" / "python"))
        return one(options.seed, options.steps, bool(options.threaded))
    return run(options.seconds, options.runs, options.steps, options.findings)


if __name__ == "__main__":
    sys.exit(main())
