"""The example hosts run the shop session as a user runs them: the Swift host (build/bin/shop-host, built by
scripts/build-examples.sh) ends with every view released, and reaches the same states as the C demo."""

import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SHOP = str(ROOT / "examples" / "manifests" / "shop.json")
SESSION = str(ROOT / "examples" / "c" / "session.txt")


def test_the_swift_host_plays_the_session_and_releases_every_view():
    result = subprocess.run(
        [str(ROOT / "build" / "bin" / "shop-host"), SHOP, SESSION], capture_output=True, text=True, timeout=120
    )
    assert result.returncode == 0, result.stdout[-2000:] + result.stderr
    out = result.stdout
    assert out.startswith("navrouter 0.1.0 — example shop host (Swift)")
    assert "onboarding interceptor: holding myapp://shop/catalog until onboarding is done" in out
    assert "login requested to open 'checkout'" in out
    assert "! EMALFORMED" in out and "event push not-found" in out
    assert 'product id=42 ref=demo props {"title":"Garden hose"}' in out
    assert out.rstrip().endswith("views still alive after closing: 0")


def play_on_the_swift_host(script: str) -> str:
    """The Swift host's output for a script given on standard input (it exits 0 once every view is released)."""
    result = subprocess.run(
        [str(ROOT / "build" / "bin" / "shop-host"), SHOP], input=script, capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 0, result.stdout[-2000:] + result.stderr
    return result.stdout


def test_the_swift_host_reads_a_script_from_standard_input():
    out = play_on_the_swift_host("push /shop/product/3\nback\n")
    assert re.search(r"event push product\n  tab 0 home \*: home#1 › product#5 id=3\n", out), out


def test_the_swift_host_reads_windows_line_ends_and_refuses_an_unknown_style():
    out = play_on_the_swift_host("present /settings bogus\r\npresent /settings fullscreen\r\n")
    assert "> present /settings bogus\n  ! EINVAL: present's style is sheet or fullscreen, not 'bogus'\n" in out
    assert "layer 0 fullscreen: settings#5" in out and "sheet:" not in out, out


def test_the_main_actor_shop_app_runs_its_session():
    result = subprocess.run(
        [str(ROOT / "build" / "bin" / "shop-app"), SHOP], capture_output=True, text=True, timeout=120
    )
    assert result.returncode == 0, result.stdout[-2000:] + result.stderr
    out = result.stdout
    assert out.startswith("navrouter 0.1.0 — example shop app (Swift, NavRouter, main actor)")
    assert "  top screen: Garden hose" in out
    assert "; on top: product 7\n" in out, "the typed route pushed reads back from the entry"
    assert re.search(r"applied\(transition: Optional\((\d+)\)\) / applied\(transition: Optional\((?!\1)\d+\)\)", out)
    assert "> the user swipes back: SwiftUI shortens the tab's path\n  home | *catalog | cart | profile" in out
    assert "login requested to open 'checkout'" in out and "home | catalog | *cart > checkout | profile" in out
    assert "! EMALFORMED (malformedURL)" in out
    assert out.rstrip().endswith("still alive after closing: 0")


def test_the_example_hosts_name_the_file_they_cannot_read(tmp_path):
    """A script path with a typo played nothing and exited 0; an unreadable manifest got the usage line alone."""
    host = str(ROOT / "build" / "bin" / "shop-host")
    missing = subprocess.run([host, SHOP, str(tmp_path / "nope.txt")], capture_output=True, text=True, timeout=60)
    assert missing.returncode == 2 and f"shop-host: cannot read the script {tmp_path / 'nope.txt'}" in missing.stderr
    no_manifest = subprocess.run([host, str(tmp_path)], capture_output=True, text=True, timeout=60, input="")
    assert no_manifest.returncode == 2 and f"shop-host: cannot read the manifest {tmp_path}" in no_manifest.stderr
    bad = tmp_path / "bad.txt"
    bad.write_bytes(b"push /shop/product/\xff\n")
    not_utf8 = subprocess.run([host, SHOP, str(bad)], capture_output=True, text=True, timeout=60)
    assert not_utf8.returncode == 2 and "is not UTF-8 text" in not_utf8.stderr
    app = subprocess.run(
        [str(ROOT / "build" / "bin" / "shop-app"), str(tmp_path / "nope.json")],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert app.returncode == 2 and f"shop-app: cannot read the manifest {tmp_path / 'nope.json'}" in app.stderr


def test_the_demo_says_what_it_does_and_plays_the_session():
    # The main job as the README runs it (the library is built already here: the build step is quick).
    result = subprocess.run([str(ROOT / "scripts" / "demo.sh")], capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, result.stderr[-2000:]
    steps = [line for line in result.stderr.splitlines() if line.startswith("demo: ")]
    assert [step.split(" (")[0] for step in steps] == [
        "demo: checking what the demo needs",
        "demo: building libnavrouter.so into build/",
        "demo: building the C demo host",
        "demo: playing examples/c/session.txt on examples/manifests/shop.json",
    ]
    assert result.stdout.rstrip().endswith("views made 21, released 21")
    # A pop or a dismissal says which entry appears and which left.
    assert "  event pop              on top: settings#9  (layer 0)  left: help#10" in result.stdout, result.stdout
    assert "  event pop              on top: cart#3  (tab 2)  left: checkout#11 orders#13" in result.stdout


def state_rows(output: str) -> list[list[str]]:
    """The state rows a host printed, step by step (the lines that begin with "tab " or "layer ")."""
    steps: list[list[str]] = []
    for line in output.splitlines():
        if line.startswith("> "):
            steps.append([])
        elif steps and line.strip().startswith(("tab ", "layer ")):
            steps[-1].append(line.strip())
    return [rows for rows in steps if rows]


def test_every_host_prints_the_state_alike():
    """One state format: the C demo, the Swift host and navrouter play print the same rows after the same steps."""
    script = "push /shop/product/7\nopen /settings\npush /help/topics\nback\ntab 2\n"
    demo = subprocess.run(
        [str(ROOT / "Tests" / "c" / "out" / "demo"), SHOP], input=script, capture_output=True, text=True, timeout=60
    )
    assert demo.returncode == 0, demo.stderr
    play = subprocess.run(
        [str(ROOT / "build" / "bin" / "navrouter"), "play", SHOP, "-"],
        input=script,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert play.returncode == 0, play.stderr
    swift = state_rows(play_on_the_swift_host(script))
    played = [[row.replace("+", "") for row in rows] for rows in state_rows(play.stdout)]
    assert state_rows(demo.stdout)[-5:] == played[-5:] == swift[-5:], (state_rows(demo.stdout), played, swift)
    assert played[-1][2] == "tab 2 cart *: cart#3" and played[2][-1] == "layer 0 sheet: settings#6"
