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


class Script:
    """What a script's steps need besides the router: the last snapshot, the last pending flow, the last login."""

    def __init__(self) -> None:
        self.saved: Any = None
        self.flow: int | None = None
        self.login: int | None = None


def decide(interceptor: dict[str, Any]) -> Any:
    def decision(interception: navrouter.Interception) -> Any:
        if any(interception.parameter(key) != value for key, value in interceptor.get("when", {}).items()):
            return None
        if interceptor["decision"] == "cancel":
            return navrouter.Cancel(interceptor["name"])
        if interceptor["decision"] == "redirect":
            return navrouter.Redirect(interceptor["url"])
        return navrouter.PENDING

    return decision


def run_step(router: navrouter.Router, registry: navrouter.Registry, step: dict[str, Any], script: Script) -> str:
    action = step["do"]
    outcome = None
    if action == "navigate":
        outcome = router.navigate(step["url"], **step.get("options", {}))
    elif action == "back":
        outcome = router.back()
    elif action == "pop":
        outcome = router.pop(step.get("count", 1), result=step.get("result"))
    elif action == "pop_to":
        outcome = router.pop_to(step["entry"])
    elif action == "pop_after":
        outcome = router.pop_after(step["index"])
    elif action == "pop_to_root":
        outcome = router.pop_to_root()
    elif action == "set_stack":
        outcome = router.set_stack(step["urls"])
    elif action == "dismiss":
        outcome = router.dismiss()
    elif action == "user_dismissed":
        outcome = router.user_dismissed()
    elif action == "user_popped":
        outcome = router.user_popped(step["entry"])
    elif action == "select_tab":
        outcome = router.select_tab(step["index"])
    elif action == "set_tabs":
        outcome = router.set_tabs(step["urls"], selected=step["selected"])
    elif action == "refresh":
        outcome = router.refresh()
    elif action == "authenticated":
        registry.authenticated = step["value"]
    elif action == "snapshot":
        script.saved = router.snapshot()
    elif action == "restore":
        outcome = router.restore(script.saved)
    elif action == "restore_text":
        outcome = router.restore(step["text"])
    elif action == "resume":
        assert script.flow is not None
        outcome = router.resume_flow(script.flow, step["decision"], step.get("url"))
    elif action == "complete_login":
        assert script.login is not None
        outcome = router.complete_login(script.login, step["success"])
    else:
        raise AssertionError(f"unknown step {action}")
    if outcome is not None and outcome.status == "pending":
        script.flow = outcome.id
        return "pending"
    return "ok"


@pytest.mark.parametrize("script", COMMANDS["scripts"], ids=lambda script: script["name"])
def test_commands(script):
    events: list[navrouter.Event] = []
    state = Script()
    with navrouter.Registry() as registry:
        registry.load_manifest((ROOT / COMMANDS["manifest"]).read_text())
        for interceptor in script.get("interceptors", []):
            registry.add_interceptor(
                decide(interceptor), phase=interceptor["phase"], routes=interceptor["routes"], name=interceptor["name"]
            )
        if script.get("login_handler"):
            registry.set_auth_handler(login=lambda router, flow, match: setattr(state, "login", flow))
        with navrouter.Router(registry, navigator=events.append) as router:
            router.start()
            for number, step in enumerate(script["steps"]):
                events.clear()
                try:
                    got = run_step(router, registry, step, state)
                except navrouter.NavRouterError as error:
                    got = status(error)
                kinds = [event.kind for event in events if event.kind != "state_changed"]
                assert (got, kinds) == (step["status"], step["events"]), f"step {number}: {step}"
            current = router.state
            final = {
                "selected_tab": current.selected_tab,
                "tabs": [[entry.route for entry in tab.stack] for tab in current.tabs],
                "layers": [[entry.route for entry in layer.stack] for layer in current.layers],
            }
            assert final == script["final"]
