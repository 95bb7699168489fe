"""The example shop app as a terminal UI, built with Textual over the navrouter Python binding.

Tabs come from the manifest's root routes; the selected tab's stack is drawn as a breadcrumb over its top screen;
modal layers are Textual modal screens with their own stacks. Type a deep link (``/shop/product/7``,
``myapp://settings``) or a command (``back``, ``tab 2``, ``login``, ``logout``) into the input. Every navigation
is animated, and the router waits for it: the app drives an ``AsyncRouter`` whose navigator is a coroutine that
draws and animates each change, so each command returns once its animation is over and commands typed meanwhile
queue in order (no timers of the app's own).

    python3 examples/python/shop_tui.py [MANIFEST]      (scripts/demo-python.sh installs Textual and runs it)
"""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

import navrouter
from navrouter import AsyncRouter, Event, FlowToken, Router
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen, Screen
from textual.widgets import Footer, Input, Static, Tab, Tabs

ROOT = Path(__file__).resolve().parents[2]
ANIMATION_SECONDS = 0.15


def describe(entry: navrouter.Entry) -> str:
    parameters = ", ".join(f"{key}={value}" for key, value in sorted(entry.parameters.items()))
    return f"[b]{entry.route}[/b]  {entry.url}" + (f"\n{parameters}" if parameters else "")


class LayerScreen(ModalScreen[None]):
    """A modal layer: its own stack, drawn over the tabs."""

    DEFAULT_CSS = """
    LayerScreen { align: center middle; }
    LayerScreen > Vertical { width: 70%; height: 60%; border: thick $accent; background: $surface; padding: 1 2; }
    """

    BINDINGS = [Binding("escape", "back", "Back", priority=True)]

    def __init__(self, index: int, layer: navrouter.Layer) -> None:
        super().__init__(name=f"layer-{index}")
        self.navigation_layer = layer

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(id="layer-title")
            yield Static(id="layer-screen")
            yield Input(placeholder="back, or a deep link: in this layer", id="layer-command")

    def on_mount(self) -> None:
        self.draw()
        self.query_one("#layer-command", Input).focus()

    def on_input_submitted(self, message: Input.Submitted) -> None:
        message.input.value = ""
        message.stop()
        self.shop.run_command(message.value.strip())

    def action_back(self) -> None:
        self.shop.run_command("back")

    @property
    def shop(self) -> ShopApp:
        app = self.app
        assert isinstance(app, ShopApp)
        return app

    def show(self, layer: navrouter.Layer) -> None:
        self.navigation_layer = layer
        if self.is_mounted:
            self.draw()

    def draw(self) -> None:
        stack = self.navigation_layer.stack
        self.query_one("#layer-title", Static).update(
            f"{self.navigation_layer.style} · " + " › ".join(entry.route for entry in stack)
        )
        self.query_one("#layer-screen", Static).update(describe(stack[-1]))


class ShopApp(App[None]):
    """The host: renders the router's state, animates each change, and reports it finished."""

    CSS = """
    #breadcrumb { color: $text-muted; padding: 0 1; }
    #screen { height: 1fr; border: round $primary; padding: 1 2; }
    #status { color: $warning; padding: 0 1; }
    """
    BINDINGS = [Binding("escape", "back", "Back", priority=True), ("ctrl+q", "quit", "Quit")]

    def __init__(self, manifest: str) -> None:
        super().__init__()
        self.registry = navrouter.Registry()
        self.registry.load_manifest(manifest)  # with the app's web domain ("web_domains")
        self.registry.set_auth_handler(login=self.login_requested)
        self.events: list[Event] = []
        self.finished: list[int] = []
        self.router = AsyncRouter(self.registry, navigator=self.navigate_event)
        self.login_flow: FlowToken | None = None
        self.layers: list[LayerScreen] = []
        self.main: Screen[object] | None = None  # the screen with the tabs, set when mounted

    # ---- the router's side ----

    async def navigate_event(self, event: Event) -> None:
        """The navigator: remember the event; at the command's end (state_changed) draw the state and animate it.
        The AsyncRouter finishes the transition when this returns: the next command waits for the animation."""
        self.events.append(event)
        if event.kind == "state_changed":
            self.render_state()
            screen = self.tabs_screen.query_one("#screen", Static)
            screen.styles.opacity = 0.2
            screen.styles.animate("opacity", 1.0, duration=ANIMATION_SECONDS)
            await asyncio.sleep(ANIMATION_SECONDS)
            self.finished.append(event.transition)

    def login_requested(self, router: Router | None, flow: FlowToken, destination: navrouter.Match) -> None:
        self.login_flow = flow
        self.call_later(self.set_status, f"log in to open {destination.route}: type 'login' (or 'login fail')")

    # ---- drawing ----

    @property
    def tabs_screen(self) -> Screen[object]:
        assert self.main is not None, "the app is not mounted"
        return self.main

    def compose(self) -> ComposeResult:
        yield Tabs(id="tabs")
        yield Static(id="breadcrumb")
        yield Static(id="screen")
        yield Static(id="state")  # the state as every host prints it (router.state_text())
        yield Static(id="status")
        yield Input(placeholder="a deep link (/shop/product/7) or back, tab N, login, logout", id="command")
        yield Footer()

    def on_mount(self) -> None:
        self.main = self.screen
        self.run_worker(self.router.start())
        self.query_one("#command", Input).focus()

    def render_state(self) -> None:
        state = self.router.state
        tabs = self.tabs_screen.query_one("#tabs", Tabs)
        if tabs.tab_count != len(state.tabs):
            tabs.clear()
            for index, tab in enumerate(state.tabs):
                tabs.add_tab(Tab(tab.route or "main", id=f"tab-{index}"))
        tabs.active = f"tab-{state.selected_tab}"
        stack = state.tabs[state.selected_tab].stack
        self.tabs_screen.query_one("#breadcrumb", Static).update(" › ".join(entry.route for entry in stack))
        self.tabs_screen.query_one("#screen", Static).update(describe(stack[-1]) if stack else "")
        self.tabs_screen.query_one("#state", Static).update(self.router.state_text())
        while len(self.layers) > len(state.layers):
            self.layers.pop()
            self.pop_screen()
        for index, layer in enumerate(state.layers):
            if index == len(self.layers):
                screen = LayerScreen(index, layer)
                self.layers.append(screen)
                self.push_screen(screen)
            else:
                self.layers[index].show(layer)

    def set_status(self, text: str) -> None:
        self.tabs_screen.query_one("#status", Static).update(text)

    # ---- the user's side ----

    def on_tabs_tab_activated(self, message: Tabs.TabActivated) -> None:
        index = int((message.tab.id or "tab-0").removeprefix("tab-"))
        if index != self.router.state.selected_tab:
            self.run_command(f"tab {index}")

    async def action_back(self) -> None:  # App.action_back is a coroutine: so is its override
        self.run_command("back")

    def on_input_submitted(self, message: Input.Submitted) -> None:
        message.input.value = ""
        self.run_command(message.value.strip())

    def run_command(self, line: str) -> None:
        """Runs a typed command as a worker: it returns once its animation is over (queued behind earlier ones)."""
        if line.split():
            self.run_worker(self.perform(line))

    async def perform(self, line: str) -> None:
        words = line.split(maxsplit=1)
        try:
            if words[0] == "back":
                outcome = await self.router.back()
            elif words[0] == "tab" and len(words) > 1:
                outcome = await self.router.select_tab(int(words[1]))
            elif words[0] == "login" and self.login_flow is not None:
                success = words[1:] != ["fail"]
                self.registry.authenticated = success
                flow, self.login_flow = self.login_flow, None
                outcome = await self.router.complete_login(flow, success)
            elif words[0] == "logout":
                self.registry.authenticated = False
                self.set_status("logged out")
                return
            else:
                outcome = await self.router.navigate(line, external="://" in line)
            self.set_status(outcome.status)
        except (navrouter.NavRouterError, ValueError) as error:
            self.set_status(f"{type(error).__name__}: {error}")

    def on_unmount(self) -> None:
        self.router.close()
        self.registry.close()


def main() -> None:
    manifest = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "examples" / "manifests" / "shop.json"
    try:
        text = manifest.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        reason = error.strerror if isinstance(error, OSError) else "not UTF-8 text"
        print(
            f"shop_tui: cannot read the manifest {manifest}: {reason}\nusage: shop_tui.py [MANIFEST]", file=sys.stderr
        )
        sys.exit(2)
    try:
        app = ShopApp(text)
    except navrouter.NavRouterError as error:
        print(f"shop_tui: the manifest {manifest} was refused: {error}", file=sys.stderr)
        sys.exit(1)
    app.run()


if __name__ == "__main__":
    main()
