"""The Textual shop host driven headlessly with Textual's pilot: deep links typed into the input, tabs, a sheet as
a modal screen, the escape key as back, a login flow, and every command awaited through the AsyncRouter until its
animation is over."""

import asyncio
import os
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
sys.path.insert(0, str(ROOT / "examples" / "python"))
sys.path.insert(0, str(ROOT / "bindings" / "python"))
os.environ.setdefault("NAVROUTER_LIBRARY", str(ROOT / "build" / "lib" / "libnavrouter.so.1"))

pytest.importorskip("textual")
from shop_tui import ANIMATION_SECONDS, LayerScreen, ShopApp  # noqa: E402

MANIFEST = (ROOT / "examples" / "manifests" / "shop.json").read_text()


async def settle(pilot, app) -> None:
    """Waits until every transition the router started was reported finished."""
    for _ in range(100):
        await pilot.pause(ANIMATION_SECONDS / 2)
        started = {event.transition for event in app.events if event.kind == "state_changed"}
        if started <= set(app.finished):
            await pilot.pause()
            return
    raise AssertionError("a transition was never finished")


async def type_command(pilot, app, text: str) -> None:
    for character in text:
        await pilot.press(character if character != " " else "space")
    await pilot.press("enter")
    await settle(pilot, app)


def run(test):
    return asyncio.run(test())


def test_deep_links_tabs_sheets_and_back():
    async def scenario():
        app = ShopApp(MANIFEST)
        async with app.run_test(size=(100, 30)) as pilot:
            await settle(pilot, app)
            assert [tab.route for tab in app.router.state.tabs] == ["home", "catalog", "cart", "profile"]
            await type_command(pilot, app, "/shop/product/7")
            assert [entry.route for entry in app.router.state.current_stack] == ["home", "product"]
            assert "home › product" in str(app.tabs_screen.query_one("#breadcrumb").render())
            # The state panel prints the state as every host does (navrouter play, the C demo, the Swift host).
            assert app.router.state_text().splitlines()[0] == "tab 0 home *: home#1 › product#5 id=7"
            assert app.router.state_text() in str(app.tabs_screen.query_one("#state").render()).replace("\\n", "\n")
            await type_command(pilot, app, "tab 2")
            assert app.router.state.selected_tab == 2
            await type_command(pilot, app, "/settings")
            assert isinstance(app.screen, LayerScreen)
            await type_command(pilot, app, "/help/a")
            assert [entry.route for entry in app.router.state.layers[0].stack] == ["settings", "help"]
            await pilot.press("escape")
            await settle(pilot, app)
            await pilot.press("escape")
            await settle(pilot, app)
            assert not isinstance(app.screen, LayerScreen) and app.router.state.layers == ()
            assert set(app.finished) >= {e.transition for e in app.events if e.kind == "state_changed"}

    run(scenario)


def test_a_login_flow_and_a_queued_command():
    async def scenario():
        app = ShopApp(MANIFEST)
        async with app.run_test(size=(100, 30)) as pilot:
            await settle(pilot, app)
            await type_command(pilot, app, "/account/orders")
            assert "log in to open orders" in str(app.tabs_screen.query_one("#status").render())
            await type_command(pilot, app, "login")
            assert [entry.route for entry in app.router.state.current_stack][-1] == "orders"
            # Two commands in one go: the second waits for the first one's animation, then runs; each returns
            # once its own animation is over (the AsyncRouter's navigator is the app's animating coroutine).
            first = asyncio.ensure_future(app.router.navigate("/shop/product/1"))
            second = asyncio.ensure_future(app.router.navigate("/shop/product/2"))
            outcomes = await asyncio.gather(first, second)
            assert [outcome.status for outcome in outcomes] == ["applied", "applied"]
            assert outcomes[0].id in app.finished and outcomes[1].id in app.finished
            assert app.finished.index(outcomes[0].id) < app.finished.index(outcomes[1].id)
            await settle(pilot, app)
            assert [entry.route for entry in app.router.state.current_stack][-2:] == ["product", "product"]

    run(scenario)


def test_a_manifest_it_cannot_read_is_named_not_a_traceback(tmp_path):
    """`scripts/demo-python.sh PATH` with a typo in PATH, or a manifest the registry refuses."""
    import subprocess

    env = {**os.environ, "PYTHONPATH": str(ROOT / "bindings" / "python")}
    tui = str(ROOT / "examples" / "python" / "shop_tui.py")
    missing = subprocess.run(
        [sys.executable, tui, str(tmp_path / "nope.json")], capture_output=True, text=True, timeout=60, env=env
    )
    assert missing.returncode == 2 and "Traceback" not in missing.stderr, missing.stderr
    assert f"shop_tui: cannot read the manifest {tmp_path / 'nope.json'}: No such file or directory" in missing.stderr
    broken = tmp_path / "broken.json"
    broken.write_text('{"routes": [{"name": "a", "pattern": "a/:x"}, {"name": "a", "pattern": "b"}]}')
    refused = subprocess.run([sys.executable, tui, str(broken)], capture_output=True, text=True, timeout=60, env=env)
    assert refused.returncode == 1 and "Traceback" not in refused.stderr, refused.stderr
    assert f"shop_tui: the manifest {broken} was refused:" in refused.stderr
