"""The conformance vectors (Tests/vectors/*.json), run through the Python binding. The XCTest and C suites run the
same files and must agree."""

import json
from typing import Any

import navrouter
import pytest
from conftest import ROOT
from navrouter._errors import STATUS_NAMES

VECTORS = ROOT / "Tests" / "vectors"
MATCHING = json.loads((VECTORS / "matching.json").read_text())
REVERSE = json.loads((VECTORS / "reverse.json").read_text())
COMMANDS = json.loads((VECTORS / "commands.json").read_text())


def status(error: navrouter.NavRouterError) -> str:
    return STATUS_NAMES[error.status]


@pytest.mark.parametrize("table", MATCHING["tables"], ids=lambda table: table["name"])
def test_matching(table):
    with navrouter.Registry() as registry:
        if table.get("web_domains"):
            registry.set_web_domains(table["web_domains"])
        if table.get("schemes"):
            registry.set_schemes(table["schemes"])
        registry.load_manifest({"routes": table["routes"]})
        for case in table["cases"]:
            try:
                match = registry.resolve(case["url"])
                got: Any = {"route": match.route, "parameters": dict(match.parameters)}
            except navrouter.NavRouterError as error:
                got = {"error": status(error)}
            expected = {key: case[key] for key in ("route", "parameters", "error") if key in case}
            assert got == expected, case["url"]


def test_reverse_routing():
    with navrouter.Registry() as registry:
        registry.load_manifest({"routes": REVERSE["routes"]})
        for case in REVERSE["cases"]:
            try:
                url = registry.build_url(
                    case["route"], case["parameters"], props=case.get("props"), scheme=case.get("scheme")
                )
            except navrouter.NavRouterError as error:
                assert "error" in case and status(error) == case["error"], case
                continue
            assert url == case.get("url"), case
            match = registry.resolve(url)
            assert (match.route, dict(match.parameters)) == (case["route"], case["parameters"]), case


def run_step(router: navrouter.Router, registry: navrouter.Registry, step: dict[str, Any], saved: list[Any]) -> None:
    action = step["do"]
    if action == "navigate":
        options = dict(step.get("options", {}))
        router.navigate(step["url"], **options)
    elif action == "back":
        router.back()
    elif action == "pop":
        router.pop(step.get("count", 1))
    elif action == "pop_to_root":
        router.pop_to_root()
    elif action == "dismiss":
        router.dismiss()
    elif action == "user_dismissed":
        router.user_dismissed()
    elif action == "select_tab":
        router.select_tab(step["index"])
    elif action == "authenticated":
        registry.authenticated = step["value"]
    elif action == "snapshot":
        saved[:] = [router.snapshot()]
    elif action == "restore":
        router.restore(saved[0])
    else:
        raise AssertionError(f"unknown step {action}")


@pytest.mark.parametrize("script", COMMANDS["scripts"], ids=lambda script: script["name"])
def test_commands(script):
    events: list[navrouter.Event] = []
    with navrouter.Registry() as registry:
        registry.load_manifest((ROOT / COMMANDS["manifest"]).read_text())
        with navrouter.Router(registry, navigator=events.append) as router:
            router.start()
            saved: list[Any] = []
            for number, step in enumerate(script["steps"]):
                events.clear()
                try:
                    run_step(router, registry, step, saved)
                    got = "ok"
                except navrouter.NavRouterError as error:
                    got = status(error)
                kinds = [event.kind for event in events if event.kind != "state_changed"]
                assert (got, kinds) == (step["status"], step["events"]), f"step {number}: {step}"
            state = router.state
            final = {
                "selected_tab": state.selected_tab,
                "tabs": [[entry.route for entry in tab.stack] for tab in state.tabs],
                "layers": [[entry.route for entry in layer.stack] for layer in state.layers],
            }
            assert final == script["final"]
