"""`navrouter play` as a debugger: each step's events and changes, expectations that make a script a test, pictures
with a status banner and a legend, router options, and a recorded transaction log drawn step by step.
Expects build/bin/navrouter (scripts/build-cli.sh) and build/lib/libnavrouter.so.1 (to record a log)."""

import json
import os
import subprocess
import sys
import xml.etree.ElementTree as ElementTree
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TOOL = ROOT / "build" / "bin" / "navrouter"
SHOP = str(ROOT / "examples" / "manifests" / "shop.json")
SVG = "{http://www.w3.org/2000/svg}"


def run(*arguments: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(TOOL), *arguments], capture_output=True, text=True, timeout=60)


def script(tmp_path: Path, text: str) -> str:
    path = tmp_path / "script.txt"
    path.write_text(text)
    return str(path)


def test_each_step_lists_its_events_and_marks_what_changed(tmp_path):
    result = run("play", SHOP, script(tmp_path, "push /shop/product/7\nopen /settings\nback\n"))
    assert result.returncode == 0, result.stderr
    steps = result.stdout.split("> ")[1:]
    assert "events: tabs_set_up home#1 catalog#2 cart#3 profile#4, state_changed" in steps[0]
    assert "+" not in steps[0], "the start marks nothing: there is no step before it"
    assert "events: push product#5, state_changed" in steps[1]
    assert "tab 0 home *: home#1 › +product#5 id=7" in steps[1]
    assert "layer 0 sheet: +settings#6" in steps[2]
    assert "events: dismiss product#5 (left: settings#6), state_changed" in steps[3]
    assert "  left: settings#6" in steps[3] and "+" not in steps[3]


def test_expectations_make_a_script_a_test(tmp_path):
    passing = script(
        tmp_path,
        "expect top home\nexpect status applied\n"
        "push /shop/product/7\nexpect top product\nexpect stack home product\nexpect event push product\n"
        "open /nowhere\nexpect status ENOTFOUND\nexpect stack home product\n"
        "open /settings\nexpect layers 1\nexpect top settings\ntab 2\nexpect tab 2\nexpect logged out\n",
    )
    result = run("play", SHOP, passing)
    # The failed open is a failed step (exit 1) even though the script expected it.
    assert result.returncode == 1 and result.stdout.strip().endswith("1 step failed"), result.stdout
    assert result.stdout.count(": holds") == 11 and "FAILED" not in result.stdout
    assert result.stderr == f"{passing}:7: ENOTFOUND: no route matches '/nowhere'\n"
    all_hold = run("play", SHOP, script(tmp_path, "push /shop/product/7\nexpect top product\nexpect tab 0\n"))
    assert all_hold.returncode == 0 and all_hold.stdout.strip().endswith("all 2 expectations hold"), all_hold.stdout

    failing = script(
        tmp_path,
        "push /shop/product/7\n# a comment line counts\nexpect top cart\nexpect event pop\nexpect layers x\n"
        "expect stak home\nexpect status ok\n",
    )
    result = run("play", SHOP, failing)
    assert result.returncode == 1
    assert "expect top cart: FAILED, top is product" in result.stdout
    assert result.stdout.strip().endswith("4 expectations failed")
    assert result.stderr.splitlines() == [
        f"{failing}:3: expectation failed: expect top cart: top is product",
        f"{failing}:4: expectation failed: expect event pop: events: push product#5, state_changed",
        f"{failing}:5: expectation failed: expect layers x: not an expectation: the form is 'expect layers N'",
        f"{failing}:6: expectation failed: expect stak home: no expectation 'stak' (did you mean 'stack'?) "
        "(expected status, top, stack, tab, layers, event, logged)",
    ]
    steps = [json.loads(line) for line in run("play", "--json", SHOP, failing).stdout.splitlines()]
    assert [step["line"] for step in steps] == [None, 1]
    assert [(e["expect"], e["holds"]) for e in steps[1]["expectations"]] == [
        ("expect top cart", False),
        ("expect event pop", False),
        ("expect layers x", False),
        ("expect stak home", False),
        ("expect status ok", True),
    ]
    assert steps[1]["expectations"][0]["found"] == "top is product"
    assert steps[1]["outcome"] == "applied" and [e["kind"] for e in steps[1]["events"]] == ["push", "state_changed"]


def test_a_pending_step_is_said_and_expected(tmp_path):
    played = run(
        "play",
        "--json",
        SHOP,
        script(tmp_path, "open /shop/checkout\nexpect status pending\nlogin ok\nexpect top checkout\n"),
    )
    assert played.returncode == 0, played.stdout + played.stderr
    steps = [json.loads(line) for line in played.stdout.splitlines()]
    assert steps[1]["outcome"] == "pending" and steps[1]["status"] == "ok"
    assert all(e["holds"] for step in steps for e in step["expectations"])


def pictures(directory: Path) -> list[ElementTree.Element]:
    return [ElementTree.parse(path).getroot() for path in sorted(directory.iterdir())]


def texts(picture: ElementTree.Element) -> list[str]:
    return ["".join(node.itertext()) for node in picture.iter(f"{SVG}text")]


def banner_fill(picture: ElementTree.Element) -> str:
    return next(rect.get("fill") for rect in picture.iter(f"{SVG}rect") if rect.get("class") == "banner")


def test_each_picture_has_a_status_banner_its_events_a_legend_and_short_urls(tmp_path):
    long_url = "/shop/search?q=" + "very-long-query-" * 6
    played = run(
        "play",
        SHOP,
        script(tmp_path, f"push /shop/product/7\nexpect top cart\nopen /shop/checkout\nfly\nopen {long_url}\n"),
        "--svg",
        str(tmp_path / "svg"),
    )
    assert played.returncode == 1
    start, pushed, pending, failed, searched = pictures(tmp_path / "svg")
    assert banner_fill(start) == "#e6f4ea" and "applied (transition 1)" in texts(start)
    assert banner_fill(pushed) == "#fce8e6", "an expectation that does not hold is a failed step's banner"
    assert "expect top cart: FAILED, top is product" in texts(pushed)
    assert banner_fill(pending) == "#fef7e0" and any("pending" in text for text in texts(pending))
    assert banner_fill(failed) == "#fce8e6" and "EINVAL: unknown command 'fly'" in texts(failed)
    for picture in (start, searched):
        assert {"selected tab", "modal layer", "on screen (top)", "new in this step"} <= set(texts(picture))
    assert "push product#5" in texts(pushed) and "events" in texts(pushed)
    # The new entry is drawn green; the others are not.
    fills = [rect.get("fill") for rect in pushed.iter(f"{SVG}rect") if rect.get("rx") == "4"]
    assert fills.count("#ceead6") == 1
    # A URL longer than its box is shortened, and kept whole in the box's title (a tooltip).
    titled = [(title.text, title.tail) for title in searched.iter(f"{SVG}title") if title.text == long_url]
    assert len(titled) == 1 and titled[0][1].endswith("…") and len(titled[0][1]) <= 40, titled


def test_router_options_come_from_the_command_line(tmp_path):
    steps = script(tmp_path, "open /settings\ntab 1\nexpect layers 0\ntab 0\nexpect layers 1\n")
    hidden = run("play", "--options", '{"modals_per_tab": true}', SHOP, steps)
    assert hidden.returncode == 0, hidden.stdout + hidden.stderr
    assert "(+1 hidden layer)" in hidden.stdout
    shared = run("play", SHOP, steps)  # one set of layers for every tab: leaving the tab dismissed the sheet
    assert shared.returncode == 1 and "expect layers 1: FAILED, 0 layers" in shared.stdout
    bad = run("play", "--options", '{"modals_per_tab": "yes"}', SHOP, steps)
    assert bad.returncode == 2 and "--options: " in bad.stderr and "modals_per_tab" in bad.stderr, bad.stderr
    assert run("play", "--options", "{", SHOP, steps).returncode == 2


# The commands of the log record_log makes, as `play` names them.
RECORDED_COMMANDS = [
    "start",
    "navigate /shop/product/7",
    "navigate /settings",
    "navigate /nowhere",
    "back",
    "select_tab index=2",
]


def record_log(tmp_path: Path) -> Path:
    """A transaction log as an app records it: the Python binding over the release library."""
    program = """
import json, sys
import navrouter
registry = navrouter.Registry()
registry.load_manifest(open(sys.argv[1]).read())
router = navrouter.Router(registry)
router.set_options(records_log=True)
router.start()
router.navigate("/shop/product/7")
router.navigate("/settings")
try:
    router.navigate("/nowhere")
except navrouter.RouteNotFoundError:
    pass
router.back()
router.select_tab(2)
for step in router.transaction_log():
    print(json.dumps(step))
"""
    environment = dict(os.environ)
    environment["PYTHONPATH"] = str(ROOT / "bindings" / "python")
    environment["NAVROUTER_LIBRARY"] = str(ROOT / "build" / "lib" / "libnavrouter.so.1")
    log = tmp_path / "app.log"
    recorded = subprocess.run(
        [sys.executable, "-c", program, SHOP], capture_output=True, text=True, env=environment, timeout=60
    )
    assert recorded.returncode == 0, recorded.stderr
    log.write_text(recorded.stdout)
    return log


def test_a_recorded_transaction_log_is_drawn_step_by_step(tmp_path):
    log = record_log(tmp_path)
    result = run("play", SHOP, "--log", str(log), "--svg", str(tmp_path / "svg"))
    assert result.returncode == 1, "the app's failed navigation is a failed step"
    assert result.stderr == f"{log}:4: ENOTFOUND: no route matches '/nowhere'\n"
    commands = [line[2:] for line in result.stdout.splitlines() if line.startswith("> ")]
    assert commands == RECORDED_COMMANDS
    assert "events: push product#5, state_changed" in result.stdout
    assert "tab 2 cart *: cart#3" in result.stdout.split("> select_tab")[1]
    assert len(list((tmp_path / "svg").iterdir())) == 6
    steps = [json.loads(line) for line in run("play", "--json", SHOP, "--log", str(log)).stdout.splitlines()]
    assert [step["step"] for step in steps] == [1, 2, 3, 4, 5, 6]
    assert steps[3]["status"] == "ENOTFOUND" and steps[2]["state"]["layers"][0]["style"] == "sheet"

    broken = tmp_path / "broken.log"
    broken.write_text(log.read_text().splitlines()[0] + "\n{not json\n")
    refused = run("play", SHOP, "--log", str(broken))
    assert refused.returncode == 2 and f"{broken}:2: not a step of a transaction log" in refused.stderr
    both = run("play", SHOP, str(log), "--log", str(log))
    assert both.returncode == 2 and "not both" in both.stderr
    assert run("play", SHOP).returncode == 2
