"""A reference model of navrouter's navigation semantics: DESIGN.md and the README's rules as a small, readable
program, to run side by side with the library (model_check.py) and to read as an executable specification.

What it models: tabs (from root routes, or set), modal layers and their stacks; navigate with every option
(presentation override, replace, single_top, clear_top, pop_up_to, build_back_stack from parent routes,
expects_result, external, props); pop, pop to root / to an entry / after an index, set stack, dismiss, select tab,
back, user-made pops and dismissals, refresh, restore; results handed to openers; before / after / leave guards
with cancel, redirect and pending flows resumed by token; the login flow and logout pruning; every command a
transaction (a failure, or a refused event, leaves the state as it was); the transition handshake (waiting for the
host, queued commands, commands queued by a failed command discarded); the router options back_behavior (none,
initial, order, history, with the tab history) and reselect_pops_to_root; a new navigation superseding pending
flows, and the navigation_pending / pending_ended events (with how each flow ended); flow deadlines (time stands
still: a deadline of 0 passes before the next piece of work); restores strict and tolerant, through migrations,
with what they dropped. What it takes from the library: matching a
URL to a route and building a URL from parameters (that is the matcher's semantics, not the navigator's).

Events are tuples: (kind, transition, entry id, ids of entries, ids of removed, tab, layer, style, result_of,
result, user_initiated, prevent_dismissal, ticket), which model_check.py compares with the library's.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any, Callable

MAX_ENTRY_ID = (1 << 53) - 1


class Failure(Exception):
    """A command failed: status name (as the library's exceptions say it) and a message."""

    def __init__(self, status: str, message: str) -> None:
        super().__init__(message)
        self.status = status


@dataclass
class Entry:
    id: int
    route: str
    url: str
    parameters: dict[str, str]
    props: Any = None
    expects_result: bool = False
    opener: int | None = None
    requires_auth: bool = False
    saved_state: Any = None

    def snapshot(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "route": self.route,
            "url": self.url,
            "parameters": self.parameters,
            "props": self.props,
            "expects_result": self.expects_result,
            "opener": self.opener,
            "saved_state": self.saved_state,
        }


@dataclass
class Layer:
    style: str
    prevent_dismissal: bool
    stack: list[Entry]

    def snapshot(self) -> dict[str, Any]:
        return {
            "style": self.style,
            "prevent_dismissal": self.prevent_dismissal,
            "stack": [e.snapshot() for e in self.stack],
        }


@dataclass
class Tab:
    route: str | None
    stack: list[Entry]
    hidden_layers: list[Layer] = field(default_factory=list)  # the layers it presented, while another tab shows


def cut_stack(stack: list[Entry], keep: int, should_go: Callable[[Entry], bool]) -> list[Entry]:
    """Cuts a stack at the first entry picked past the first `keep`; returns what was cut."""
    index = next((i for i in range(keep, len(stack)) if should_go(stack[i])), None)
    if index is None:
        return []
    gone = stack[index:]
    del stack[index:]
    return gone


def cut_layers(layers: list[Layer], should_go: Callable[[Entry], bool]) -> list[Entry]:
    """The first layer whose root goes takes the layers above it; the stacks below are cut at their first entry
    picked. Returns the entries cut."""
    gone: list[Entry] = []
    first = next((i for i, layer in enumerate(layers) if layer.stack and should_go(layer.stack[0])), None)
    if first is not None:
        gone += [e for layer in layers[first:] for e in layer.stack]
        del layers[first:]
    for layer in layers:
        gone += cut_stack(layer.stack, 1, should_go)
    return gone


@dataclass
class State:
    tabs: list[Tab] = field(default_factory=lambda: [Tab(None, [])])
    selected: int = 0
    layers: list[Layer] = field(default_factory=list)
    next_id: int = 1
    tab_history: list[int] = field(default_factory=list)  # tabs visited, each once, the latest last

    def location(self) -> tuple[str, int]:
        return ("layer", len(self.layers) - 1) if self.layers else ("tab", self.selected)

    def stack(self, location: tuple[str, int]) -> list[Entry]:
        return self.layers[location[1]].stack if location[0] == "layer" else self.tabs[location[1]].stack

    def set_stack(self, location: tuple[str, int], stack: list[Entry]) -> None:
        if location[0] == "layer":
            self.layers[location[1]].stack = stack
        else:
            self.tabs[location[1]].stack = stack

    def current(self) -> list[Entry]:
        return self.stack(self.location())

    def top(self) -> Entry | None:
        current = self.current()
        return current[-1] if current else None

    def shown(self) -> list[Entry]:
        return [e for t in self.tabs for e in t.stack] + [e for layer in self.layers for e in layer.stack]

    def entries(self) -> list[Entry]:
        """Every entry: the tabs', the shown layers', then the hidden layers' tab by tab (the library's order)."""
        return self.shown() + [e for t in self.tabs for layer in t.hidden_layers for e in layer.stack]

    def find(self, entry_id: int) -> Entry | None:
        return next((e for e in self.entries() if e.id == entry_id), None)

    def cut(self, should_go: Callable[[Entry], bool]) -> list[Entry]:
        """Removes the entries picked with those above them, as plain data (no events): what a restore leaves out."""
        gone: list[Entry] = []
        for tab in self.tabs:
            gone += cut_stack(tab.stack, 0 if tab.route is None else 1, should_go)
            gone += cut_layers(tab.hidden_layers, should_go)
        gone += cut_layers(self.layers, should_go)
        if gone:
            ids = {e.id for e in self.entries()}
            for e in self.entries():
                if e.opener is not None and e.opener not in ids:
                    e.opener = None
        return gone

    def snapshot(self) -> dict[str, Any]:
        return {
            "format": "navrouter-state",
            "version": 2,
            "app": None,
            "next_entry_id": self.next_id,
            "selected_tab": self.selected,
            "tab_history": list(self.tab_history),
            "tabs": [
                {
                    "route": t.route,
                    "stack": [e.snapshot() for e in t.stack],
                    "hidden_layers": [layer.snapshot() for layer in t.hidden_layers],
                }
                for t in self.tabs
            ],
            "layers": [layer.snapshot() for layer in self.layers],
        }


@dataclass
class Route:
    name: str
    presentation: str  # push, modal, root
    style: str | None
    requires_auth: bool
    external: bool
    parent: str | None
    parameters: list[str]
    required: list[str]


@dataclass
class Options:
    presentation: str | None = None  # push, sheet, fullscreen, root, replace_top
    replace: bool = False
    prevent_dismissal: bool = False
    single_top: bool = False
    clear_top: bool = False
    pop_up_to: str | None = None
    pop_up_to_inclusive: bool = False
    build_back_stack: bool | None = None
    expects_result: bool = False
    external: bool = False
    props: Any = None
    flow_deadline: float | None = None  # seconds the navigation may wait as a flow (None: the router's option)


class Matcher:
    """What the model takes from the library: resolve (route, merged and path parameters, props), build_url, and
    resolve_by (a URL's merged parameters by one route's own patterns alone, or None when they do not match it)."""

    def __init__(
        self,
        resolve: Callable[[str], Any],
        build: Callable[[str, dict[str, str]], str],
        routes: dict[str, Route],
        resolve_by: Callable[[str, str], dict[str, str] | None] = lambda route, url: None,
    ) -> None:
        self.resolve_url, self.build_url, self.routes, self.resolve_by = resolve, build, routes, resolve_by

    def resolve(self, url: str) -> tuple[Route, dict[str, str], dict[str, str], Any]:
        match = self.resolve_url(url)
        return self.routes[match.route], match.parameters, match.path_parameters, match.props


class Transaction:
    """A command applied to a copy of the state, collecting events, created and removed entries."""

    def __init__(
        self, state: State, matcher: Matcher, transition: int, authenticated: bool, options: dict[str, Any]
    ) -> None:
        self.options = options
        self.state = copy.deepcopy(state)
        self.matcher = matcher
        self.transition = transition
        self.events: list[tuple[Any, ...]] = []
        self.created: list[Entry] = []
        self.removed: list[Entry] = []
        self.user_back = False  # the back of a committed back gesture: the user's

    # ---- helpers ----

    def event(
        self,
        kind: str,
        entry: Entry | None = None,
        entries: list[Entry] = (),
        removed: list[Entry] = (),
        location: tuple[str, int] | None = None,
        style: str | None = None,
        result_of: int = 0,
        result: Any = None,
        user: bool = False,
        prevent: bool = False,
        detail: Any = None,
    ) -> None:
        tab = location[1] if location and location[0] == "tab" else None
        layer = location[1] if location and location[0] == "layer" else None
        self.events.append(
            (
                kind,
                self.transition,
                entry.id if entry else None,
                tuple(e.id for e in entries),
                tuple(e.id for e in removed),
                tab,
                layer,
                style,
                result_of,
                result,
                user,
                prevent,
                detail,
            )
        )

    def keep(self, location: tuple[str, int]) -> int:
        return 1 if location[0] == "tab" and self.state.tabs[location[1]].route is not None else 0

    def make(
        self,
        route: Route,
        url: str,
        parameters: dict[str, str],
        props: Any,
        options: Options,
        opener: int | None,
        tab_root: bool = False,
    ) -> Entry:
        if route.presentation == "root" and not tab_root:
            raise Failure("EINVAL", f"route '{route.name}' is the root of a tab")
        if self.state.next_id >= MAX_ENTRY_ID:
            raise Failure("ELIMIT", "no entry id is left")
        entry = Entry(
            self.state.next_id,
            route.name,
            url,
            parameters,
            options.props if options.props is not None else props,
            options.expects_result,
            opener if options.expects_result else None,
            route.requires_auth,
        )
        self.state.next_id += 1
        self.created.append(entry)
        return entry

    def leave(self, entries: list[Entry], result: Any = None, deliver: bool = True) -> None:
        """Entries left; the top-most expecting a result gets it, the others are told they closed without."""
        self.removed += entries
        if not deliver:
            return
        pending = result
        for entry in reversed(entries):
            if entry.expects_result:
                opener = self.state.find(entry.opener) if entry.opener is not None else None
                self.event("result_delivered", entry=opener, result_of=entry.id, result=pending)
                pending = None

    def replace_stack(self, location: tuple[str, int], stack: list[Entry], gone: list[Entry]) -> None:
        self.state.set_stack(location, stack)
        self.event("stack_replaced", entry=stack[-1] if stack else None, entries=stack, removed=gone, location=location)
        self.leave(gone)

    def replace_all(self, new: State, keep_counter: bool = True) -> None:
        old = self.state.entries()
        counter = max(self.state.next_id, new.next_id) if keep_counter else new.next_id
        self.state = new
        self.state.next_id = counter
        self.leave(old, deliver=False)

    # ---- commands ----

    def start(self, roots: list[str]) -> None:
        if not roots:
            self.replace_all(State(next_id=self.state.next_id))
            self.event("tabs_set_up", location=self.state.location())
            return
        urls = [self.matcher.build_url(name, {}) for name in roots]
        self.set_tabs(urls, 0)

    def set_tabs(self, urls: list[str], selected: int) -> None:
        if not urls:
            raise Failure("EINVAL", "at least one tab is needed")
        if not 0 <= selected < len(urls):
            raise Failure("EINVAL", "the selected tab does not exist")
        tabs: list[Tab] = []
        for url in urls:
            route, parameters, _, props = self.matcher.resolve(url)
            if route.requires_auth:
                raise Failure("EINVAL", f"route '{route.name}' requires authentication")
            entry = self.make(route, url, parameters, props, Options(), None, tab_root=True)
            if any(t.route == entry.route for t in tabs):
                raise Failure("ECONFLICT", "a route given for two tabs")
            tabs.append(Tab(entry.route, [entry]))
        self.replace_all(State(tabs, selected, [], self.state.next_id, [selected]))
        self.event("tabs_set_up", entries=[t.stack[0] for t in tabs], location=("tab", selected))

    def navigate(self, url: str, options: Options) -> None:
        route, parameters, path_parameters, props = self.matcher.resolve(url)
        presentation = options.presentation
        if presentation is None:
            presentation = route.style if route.presentation == "modal" else route.presentation
        if presentation == "root":
            self.open_tab(route, options)
        elif presentation in ("sheet", "fullscreen"):
            build = options.build_back_stack if options.build_back_stack is not None else options.external
            if build and route.parent is not None:
                # A deep-linked modal gets its parents' stack under it, in their tab, as a pushed route would.
                self.push_with_back_stack(
                    route, url, parameters, path_parameters, props, options, presenting=presentation
                )
            else:
                self.present(route, url, parameters, props, options, presentation)
        elif presentation == "replace_top":
            location = self.state.location()
            stack = list(self.state.stack(location))
            entry = self.make(route, url, parameters, props, options, stack[-1].opener if stack else None)
            if len(stack) == 1 and location[0] == "tab" and self.state.tabs[location[1]].route is not None:
                raise Failure("EINVAL", "the top entry is a tab's root")
            old = [stack.pop()] if stack else []
            stack.append(entry)
            self.replace_stack(location, stack, old)
        else:
            if self.options.get("push_dismisses_modals") and self.state.layers:
                self.dismiss_all_layers()  # a push lands on the tab, under no modal
            build = options.build_back_stack if options.build_back_stack is not None else options.external
            if build and route.parent is not None:
                self.push_with_back_stack(route, url, parameters, path_parameters, props, options)
            else:
                self.push(route, url, parameters, props, options)

    def push(self, route: Route, url: str, parameters: dict[str, str], props: Any, options: Options) -> None:
        location = self.state.location()
        original = list(self.state.stack(location))
        stack = list(original)
        keep = self.keep(location)
        if options.replace:
            del stack[min(keep, len(stack)) :]
        if options.pop_up_to is not None:
            index = next((i for i in reversed(range(len(stack))) if stack[i].route == options.pop_up_to), None)
            if index is not None:
                del stack[max(keep, index if options.pop_up_to_inclusive else index + 1) :]
        reuse = False
        if options.clear_top:
            index = next((i for i in reversed(range(len(stack))) if stack[i].route == route.name), None)
            if index is not None and index >= keep:
                reuse = options.single_top and stack[index].parameters == parameters
                del stack[index + 1 if reuse else index :]
        if options.single_top and stack and stack[-1].route == route.name and stack[-1].parameters == parameters:
            reuse = True
        gone = original[len(stack) :]
        if not reuse:
            stack.append(self.make(route, url, parameters, props, options, original[-1].id if original else None))
        if not gone:
            if reuse:
                return
            self.state.set_stack(location, stack)
            self.event("push", entry=stack[-1], location=location)
        else:
            self.replace_stack(location, stack, gone)

    def present(
        self, route: Route, url: str, parameters: dict[str, str], props: Any, options: Options, style: str
    ) -> None:
        top = self.state.top()
        entry = self.make(route, url, parameters, props, options, top.id if top else None)
        self.state.layers.append(Layer(style, options.prevent_dismissal, [entry]))
        self.event(
            "present",
            entry=entry,
            location=("layer", len(self.state.layers) - 1),
            style=style,
            prevent=options.prevent_dismissal,
        )

    def push_with_back_stack(
        self,
        route: Route,
        url: str,
        parameters: dict[str, str],
        path_parameters: dict[str, str],
        props: Any,
        options: Options,
        presenting: str | None = None,
    ) -> None:
        chain: list[Route] = []
        name = route.parent
        while name is not None:
            parent = self.matcher.routes[name]
            chain.insert(0, parent)
            name = parent.parent
        location = self.state.location()
        stack = list(self.state.stack(location))
        found = None
        for position in reversed(range(len(chain))):
            index = next((i for i in reversed(range(len(stack))) if stack[i].route == chain[position].name), None)
            if index is not None:
                found = (position, index)
                break
        if found is not None:
            position, index = found
            gone = stack[index + 1 :]
            del stack[index + 1 :]
            self.build_chain(
                chain[position + 1 :],
                route,
                url,
                parameters,
                path_parameters,
                props,
                options,
                stack,
                location,
                gone,
                presenting,
            )
            return
        missing = chain
        tab = next((i for i, t in enumerate(self.state.tabs) if chain and t.route == chain[0].name), None)
        if tab is not None:
            self.select_tab(tab, reselecting=False)
            self.dismiss_all_layers()  # the tab's own layers (modals per tab) go too: the link's chain is on the tab
            location = ("tab", tab)
            stack = list(self.state.tabs[tab].stack)
            missing = chain[1:]
        keep = self.keep(location)
        gone = stack[min(keep, len(stack)) :]
        del stack[min(keep, len(stack)) :]
        self.build_chain(
            missing, route, url, parameters, path_parameters, props, options, stack, location, gone, presenting
        )

    def build_chain(
        self,
        chain: list[Route],
        route: Route,
        url: str,
        parameters: dict[str, str],
        path_parameters: dict[str, str],
        props: Any,
        options: Options,
        stack: list[Entry],
        location: tuple[str, int],
        gone: list[Entry],
        presenting: str | None = None,
    ) -> None:
        before = len(stack)
        for ancestor in chain:
            if ancestor.presentation == "root":
                continue
            names = set(ancestor.parameters + ancestor.required)
            inherited = {k: v for k, v in path_parameters.items() if k in names}
            try:
                parent_url = self.matcher.build_url(ancestor.name, inherited)
            except Failure as failure:
                raise Failure(failure.status, f"cannot build the back stack at '{ancestor.name}'") from failure
            parent_route, parent_parameters, _, parent_props = self.matcher.resolve(parent_url)
            stack.append(
                self.make(
                    parent_route,
                    parent_url,
                    parent_parameters,
                    parent_props,
                    Options(),
                    stack[-1].id if stack else None,
                )
            )
        if presenting is not None:
            if len(stack) != before or gone:
                self.replace_stack(location, stack, gone)
            self.present(route, url, parameters, props, options, presenting)
            return
        stack.append(self.make(route, url, parameters, props, options, stack[-1].id if stack else None))
        self.replace_stack(location, stack, gone)

    def open_tab(self, route: Route, options: Options) -> None:
        index = next((i for i, t in enumerate(self.state.tabs) if t.route == route.name), None)
        if index is None:
            raise Failure("ENOTFOUND", f"route '{route.name}' is not the root of a tab")
        self.select_tab(index)
        if options.replace:
            self.pop_to(0)

    def select_tab(self, index: int, reselecting: bool = True, history_back: bool = False) -> None:
        """Reselecting the selected tab pops it to its root with reselect_pops_to_root (the user's reselection, not
        a link landing on the tab)."""
        if not 0 <= index < len(self.state.tabs):
            raise Failure("EINVAL", f"tab {index} does not exist")
        old = self.state.selected
        if old == index:
            self.dismiss_all_layers()
            if reselecting and self.options.get("reselect_pops_to_root"):
                self.pop_stack(("tab", index), 0, None, False)
            return
        if self.options.get("modals_per_tab"):
            self.hide_layers(old)
        else:
            self.dismiss_all_layers()
        self.state.selected = index
        if not history_back:
            self.note_visit(old, index)
        self.event(
            "tab_selected",
            entry=self.state.tabs[index].stack[-1] if self.state.tabs[index].stack else None,
            location=("tab", index),
            user=self.user_back,
        )
        self.show_layers(index)  # whatever the option says now: hidden layers are never lost

    def hide_layers(self, tab: int) -> None:
        """Modals per tab: the shown layers go with the tab that presented them."""
        if not self.state.layers:
            return
        layers, self.state.layers = self.state.layers, []
        self.state.tabs[tab].hidden_layers = layers
        self.event("layers_hidden", entries=[layer.stack[0] for layer in layers], location=("tab", tab))

    def show_layers(self, tab: int) -> None:
        """A tab's hidden layers come back (over any shown)."""
        layers = self.state.tabs[tab].hidden_layers
        if not layers:
            return
        self.state.tabs[tab].hidden_layers = []
        self.state.layers += layers
        self.event("layers_shown", entries=[layer.stack[0] for layer in layers], location=("tab", tab))

    def note_visit(self, old: int, new: int) -> None:
        if not self.state.tab_history:
            self.state.tab_history = [old]
        self.state.tab_history = [t for t in self.state.tab_history if t != new] + [new]

    def tab_back_target(self) -> int | None:
        """The tab back selects at a tab's root, by back_behavior."""
        selected, behavior = self.state.selected, self.options.get("back_behavior", "none")
        if behavior == "initial":
            return 0 if selected != 0 else None
        if behavior == "order":
            return selected - 1 if selected > 0 else None
        if behavior == "history":
            history = self.state.tab_history
            return history[-2] if len(history) >= 2 and history[-1] == selected else None
        return None

    def pop(self, count: int, result: Any) -> None:
        stack = self.state.current()
        if count < 1:
            raise Failure("EINVAL", "the pop count must be at least 1")
        if count >= len(stack):
            raise Failure("EINVAL", "cannot pop that many")
        self.pop_to(len(stack) - 1 - count, result)

    def pop_to(self, index: int, result: Any = None, user: bool = False) -> None:
        self.pop_stack(self.state.location(), index, result, user)

    def pop_stack(self, location: tuple[str, int], index: int, result: Any, user: bool) -> None:
        stack = list(self.state.stack(location))
        if index + 1 >= len(stack):
            return
        gone = stack[index + 1 :]
        del stack[index + 1 :]
        self.state.set_stack(location, stack)
        self.event("pop", entry=stack[-1] if stack else None, removed=gone, location=location, user=user)
        self.leave(gone, result)

    def pop_to_entry(self, entry_id: int) -> None:
        stack = self.state.current()
        index = next((i for i, e in enumerate(stack) if e.id == entry_id), None)
        if index is None:
            raise Failure("ENOTFOUND", f"entry {entry_id} is not in the current stack")
        self.pop_to(index)

    def pop_after(self, index: int) -> None:
        if not 0 <= index < len(self.state.current()):
            raise Failure("EINVAL", f"index {index} is not in the current stack")
        self.pop_to(index)

    def set_stack(self, urls: list[str]) -> None:
        if not urls:
            raise Failure("EINVAL", "a stack needs at least one URL")
        location = self.state.location()
        old = list(self.state.stack(location))
        matches = [self.matcher.resolve(url) + (url,) for url in urls]
        stack: list[Entry] = []
        root = self.state.tabs[location[1]].route if location[0] == "tab" else None
        if root is not None and matches[0][0].name != root:
            stack.append(old[0])
        for position, (route, parameters, _, props, url) in enumerate(matches):
            stack.append(
                self.make(
                    route,
                    url,
                    parameters,
                    props,
                    Options(),
                    stack[-1].id if stack else None,
                    tab_root=position == 0 and route.name == root,
                )
            )
        kept = {e.id for e in stack}
        self.replace_stack(location, stack, [e for e in old if e.id not in kept])

    def dismiss(self, count: int, result: Any, user: bool) -> None:
        if count < 1:
            raise Failure("EINVAL", "the dismiss count must be at least 1")
        if not self.state.layers:
            raise Failure("ENOTFOUND", "there is no modal layer to dismiss")
        if user and any(layer.prevent_dismissal for layer in self.state.layers[-min(count, len(self.state.layers)) :]):
            raise Failure("EDENIED", "a layer prevents dismissal by the user")
        for _ in range(min(count, len(self.state.layers))):
            self.dismiss_top(result, user)
            result = None

    def dismiss_all_layers(self) -> None:
        while self.state.layers:
            self.dismiss_top(None, False)

    def dismiss_top(self, result: Any, user: bool, appearing: Any = "top") -> None:
        """Dismisses the top layer; the event names `appearing` as on top when given (a prune's cascade)."""
        layer = self.state.layers.pop()
        self.event(
            "dismiss",
            entry=self.state.top() if appearing == "top" else appearing,
            removed=layer.stack,
            location=("layer", len(self.state.layers)),
            style=layer.style,
            user=user,
        )
        self.leave(layer.stack, result)

    def back(self) -> None:
        if len(self.state.current()) > 1:
            self.pop_to(len(self.state.current()) - 2, None, self.user_back)
        elif self.state.layers:
            if self.state.layers[-1].prevent_dismissal:
                raise Failure("EDENIED", "the top modal layer prevents dismissal")
            self.dismiss(1, None, self.user_back)
        elif (tab := self.tab_back_target()) is not None:
            if self.options.get("back_behavior") == "history":
                self.state.tab_history.pop()
            self.select_tab(tab, reselecting=False, history_back=True)
        else:
            raise Failure("ENOTFOUND", "nothing to go back to")

    def update_entry(self, entry_id: int, parameters: dict[str, str] | None, props: Any) -> None:
        """Changes an entry in place: its URL built again from new parameters (same route), and/or its props."""
        entry = self.state.find(entry_id)
        if entry is None:
            raise Failure("ENOTFOUND", f"entry {entry_id} is not in the state")
        url, merged = entry.url, entry.parameters
        if parameters is not None:
            url = self.matcher.build_url(entry.route, parameters)
            route, merged, _, _ = self.matcher.resolve(url)
            if route.name != entry.route:
                raise Failure("EINVAL", f"the parameters give a URL of route '{route.name}'")
        new_props = props if props is not None else entry.props
        if (url, merged, new_props) == (entry.url, entry.parameters, entry.props):
            return
        entry.url, entry.parameters, entry.props = url, merged, new_props
        location = next(
            (
                place
                for place in [("tab", i) for i in range(len(self.state.tabs))]
                + [("layer", i) for i in range(len(self.state.layers))]
                if any(e.id == entry_id for e in self.state.stack(place))
            ),
            None,
        )
        self.event("entry_updated", entry=entry, location=location)

    def user_popped(self, entry_id: int) -> None:
        for location in [("tab", i) for i in range(len(self.state.tabs))] + [
            ("layer", i) for i in range(len(self.state.layers))
        ]:
            stack = self.state.stack(location)
            index = next((i for i, e in enumerate(stack) if e.id == entry_id), None)
            if index is not None:
                self.pop_stack(location, index, None, True)
                return
        raise Failure("ENOTFOUND", f"entry {entry_id} is not in the state")

    def prune(self, should_go: Callable[[Entry], bool], removes_tab: Callable[[Entry], bool]) -> None:
        """Entries that go, with everything above them; a layer whose root goes, with the layers above; a tab keeps
        its root unless removes_tab picks the root: the whole tab goes. No event names an entry that goes as the one
        on top: the stacks under the layers that go are cut first, and those layers go last, each dismissal naming
        what is on top once they have all gone."""

        def first_layer_going() -> int | None:
            return next(
                (i for i, layer in enumerate(self.state.layers) if layer.stack and should_go(layer.stack[0])), None
            )

        first = first_layer_going()
        for i in range(len(self.state.layers) if first is None else first):
            index = next((j for j, e in enumerate(self.state.layers[i].stack) if should_go(e)), None)
            if index is not None:
                self.pop_stack(("layer", i), index - 1, None, False)
        # Hidden layers, by the same rule: nothing on screen changes; their entries leave without events.
        for tab in self.state.tabs:
            if tab.hidden_layers:
                gone = cut_layers(tab.hidden_layers, should_go)
                if gone:
                    self.leave(gone, deliver=False)
        doomed = {
            i for i, t in enumerate(self.state.tabs) if t.route is not None and t.stack and removes_tab(t.stack[0])
        }
        if doomed:
            if self.state.selected in doomed and self.options.get("modals_per_tab"):
                self.dismiss_all_layers()  # the layers shown are the selected tab's: they go with it
            gone = [e for i in sorted(doomed) for e in self.state.tabs[i].stack]
            hidden = [e for i in sorted(doomed) for layer in self.state.tabs[i].hidden_layers for e in layer.stack]
            kept, selected = [], 0
            for i, tab in enumerate(self.state.tabs):
                if i in doomed:
                    continue
                if i <= self.state.selected:
                    selected = len(kept)
                kept.append(tab)
            new_index = {old: new for new, old in enumerate(i for i in range(len(self.state.tabs)) if i not in doomed)}
            self.state.tab_history = [new_index[t] for t in self.state.tab_history if t in new_index]
            self.state.tabs = kept or [Tab(None, [])]
            self.state.selected = selected
            if hidden:
                self.leave(hidden, deliver=False)
            self.event(
                "tabs_set_up",
                entries=[t.stack[0] for t in self.state.tabs if t.stack],
                removed=gone,
                location=("tab", selected),
            )
            self.leave(gone, deliver=False)
            self.show_layers(selected)  # the tab selected now brings back the layers it hid
        for i in range(len(self.state.tabs)):
            keep = self.keep(("tab", i))
            stack = self.state.tabs[i].stack
            index = next((j for j in range(keep, len(stack)) if should_go(stack[j])), None)
            if index is None:
                continue
            if index == 0:
                gone = list(stack)
                self.state.tabs[i].stack = []
                self.event("pop", removed=gone, location=("tab", i))
                self.leave(gone)
            else:
                self.pop_stack(("tab", i), index - 1, None, False)
        first = first_layer_going()
        if first is not None:
            below = self.state.layers[first - 1].stack if first > 0 else self.state.tabs[self.state.selected].stack
            appearing = below[-1] if below else None
            while len(self.state.layers) > first:
                self.dismiss_top(None, False, appearing=appearing)

    def structural_violation(self) -> str | None:
        if not self.state.tabs:
            return "no tab"
        if not 0 <= self.state.selected < len(self.state.tabs):
            return "selected tab missing"
        if any(not layer.stack for layer in self.state.layers):
            return "empty layer"
        for index, tab in enumerate(self.state.tabs):
            if tab.route is not None and (not tab.stack or tab.stack[0].route != tab.route):
                return "tab without its root"
            if tab.hidden_layers and index == self.state.selected:
                return "the selected tab has hidden layers"
            if any(not layer.stack for layer in tab.hidden_layers):
                return "empty hidden layer"
        return None


# ---------------------------------------------------------------------------------------------------------------
# The router: guards, flows, commits, the queue and the transition handshake.
# ---------------------------------------------------------------------------------------------------------------


@dataclass
class Interceptor:
    """A guard: name, phase, priority (0 low .. 3 mandatory), the routes it applies to, and its decision function
    (taking the route, the parameters and the flow token; returning "proceed", ("cancel", reason),
    ("redirect", url) or "pending")."""

    name: str
    phase: str
    priority: int
    routes: set[str]
    decide: Callable[[str, dict[str, str], int], Any]
    requires_auth: bool = False  # asked only while the user is authenticated


@dataclass
class Guards:
    """What a registry shares between its routers: interceptors, the authentication state, the login handler, the
    guard options, and the routers (logging out prunes each)."""

    interceptors: list[Interceptor] = field(default_factory=list)
    authenticated: bool = True
    login: Callable[[int], None] | None = None
    claims: Callable[[str], bool] | None = None  # the authentication handler claims OAuth callback URLs
    before_login: bool = False  # interceptors_before_login: those not requiring authentication run before login
    max_redirects: int = 8
    fallback: str | None = None
    routers: list[Any] = field(default_factory=list)

    def applying(self, phase: str, route: str) -> list[Interceptor]:
        """The interceptors of a phase for a route, in running order; those requiring authentication only while
        authenticated."""
        found = [
            i
            for i in self.interceptors
            if i.phase == phase and route in i.routes and (self.authenticated or not i.requires_auth)
        ]
        return sorted(found, key=lambda i: -i.priority)  # stable: registration order within a priority

    def set_authenticated(self, value: bool) -> None:
        was = self.authenticated
        self.authenticated = value
        if was and not value:
            for router in self.routers:
                try:
                    router.perform(("refresh",), urgent=True)
                except Failure:
                    pass


@dataclass
class Flow:
    command: tuple[Any, ...]
    stage: Any  # ("login" | "interceptor", ids of the interceptors that answered it), or "leave"
    redirects: list[str]
    approved: set[int]
    requires_auth: bool
    order: int
    expires: bool = False  # its deadline is 0: it expires at the router's next piece of work


class Router:
    """One router of the model. ``delivered`` collects the events the navigator received (model_check.py compares
    them with the library's); ``refuse`` is an event kind the navigator refuses (or None)."""

    def __init__(self, matcher: Matcher, guards: Guards, roots: list[str], new_token: Callable[[], int]) -> None:
        self.matcher, self.guards, self.roots, self.new_token = matcher, guards, roots, new_token
        self.state = State()
        self.started = False
        self.wait = False
        self.awaiting: int | None = None
        self.queue: list[dict[str, Any]] = []
        self.next_transition = 1
        self.next_ticket = 1
        self.flows: dict[int, Flow] = {}
        self.flow_order = 0
        self.delivered: list[tuple[Any, ...]] = []
        self.refuse: str | None = None
        self.running = False
        self.current = 0
        self.current_ticket: int | None = None
        self.current_urgent = False
        self.numbers = 0
        self.from_callback = False
        self.options: dict[str, Any] = {}
        self.gestures = 0
        # The steps a transaction log holds: every command run (queued ones when they run, a callback's too, refused
        # ones with their error), every gesture the host begins or cancels (refused ones too), not `expire_flows`.
        self.logged = 0
        self.gesture: tuple[int, dict[str, Any], set[int]] | None = None
        guards.routers.append(self)

    # ---- commands: queued or run ----

    def perform(self, command: tuple[Any, ...], urgent: bool = False) -> tuple[str, int]:
        if (self.awaiting is None or urgent) and not self.running:
            return self.run(command, None, urgent)
        ticket = self.next_ticket
        self.next_ticket += 1
        self.queue.append(
            {"ticket": ticket, "command": command, "by": self.current if self.running else None, "urgent": urgent}
        )
        return ("queued", ticket)

    def run(self, command: tuple[Any, ...], ticket: int | None, urgent: bool) -> tuple[str, int]:
        self.running = True
        try:
            result = self.counted(command, ticket, urgent)
            self.drain()
        finally:
            self.running = False
        if isinstance(result, Failure):
            raise result
        return result

    def counted(self, command: tuple[Any, ...], ticket: int | None, urgent: bool, from_callback: bool = False) -> Any:
        self.numbers += 1
        if command[0] != "expire_flows":
            self.logged += 1
        number = self.current = self.numbers
        self.current_ticket, self.current_urgent, self.from_callback = ticket, urgent, from_callback
        try:
            self.expire_due()
            return self.execute(command)
        except Failure as failure:
            discarded = [item for item in self.queue if item["by"] == number]
            self.queue = [item for item in self.queue if item["by"] != number]
            for item in discarded:
                self.notify("command_failed", ticket=item["ticket"], status="ECANCELLED")
            return failure

    def drain(self) -> None:
        while True:
            if self.awaiting is None:
                item = self.queue.pop(0) if self.queue else None
            else:
                index = next((i for i, item in enumerate(self.queue) if item["urgent"]), None)
                item = self.queue.pop(index) if index is not None else None
            if item is None:
                return
            result = self.counted(item["command"], item["ticket"], item["urgent"], item["by"] is not None)
            if isinstance(result, Failure):
                self.notify("command_failed", ticket=item["ticket"], status=result.status)

    def transition_finished(self, transition: int) -> None:
        if self.awaiting is None or self.awaiting != transition:
            raise Failure("EINVAL", "no such transition is awaited")
        self.awaiting = None
        if not self.running:
            self.running = True
            try:
                self.drain()
            finally:
                self.running = False

    def set_wait(self, wait: bool) -> None:
        self.wait = wait
        if not wait and self.awaiting is not None:
            self.awaiting = None
            if not self.running:
                self.running = True
                try:
                    self.drain()
                finally:
                    self.running = False

    # ---- events ----

    def deliver(self, event: tuple[Any, ...]) -> bool:
        """Hands a transaction's event to the navigator: (12 fields, detail) becomes (12 fields, ticket, flow,
        status, detail)."""
        detail = event[12] if len(event) > 12 else None
        event = event[:12] + (self.current_ticket, None, None, detail)
        self.delivered.append(event)
        return event[0] != self.refuse

    def notify(
        self,
        kind: str,
        ticket: int | None = None,
        flow: int | None = None,
        status: str | None = None,
        reason: str | None = None,
    ) -> None:
        transition = self.next_transition
        self.next_transition += 1
        self.delivered.append(
            (kind, transition, None, (), (), None, None, None, 0, None, False, False, ticket, flow, status, reason)
        )

    # ---- the pipeline ----

    def execute(self, command: tuple[Any, ...]) -> tuple[str, int]:
        kind = command[0]
        if kind == "navigate":
            # A navigation the host issued (not one queued by a callback) supersedes the flows held before it, once it
            # is applied or held itself: a refused or claimed link changes nothing.
            earlier = []
            if self.options.get("supersede_pending_flows", True) and not self.from_callback:
                earlier = sorted(self.flows, key=lambda t: self.flows[t].order)
            outcome = self.navigate(command[1], command[2], None, [], set())
            if outcome[0] in ("applied", "pending"):  # not "handled": a claimed link is no navigation
                for token in earlier:
                    if self.flows.pop(token, None) is not None:
                        self.cancelled(token, "superseded")
            return outcome
        if kind == "resume":
            return self.resume(command[1], command[2], command[3])
        if kind == "refresh":
            return self.refresh()
        if kind == "restore_with_link":
            # The link goes through the guards as any navigation; held, the snapshot is restored without it.
            return self.navigate(command[2], command[3], None, [], set(), restoring=command[1])
        if kind == "begin_back_gesture":
            return self.begin_back_gesture()
        if kind == "expire_flows":
            return ("applied", 0)
        if kind == "commit_back_gesture":
            gesture, self.gesture = self.gesture, None
            if gesture is None or gesture[0] != command[1]:
                raise Failure("EINVAL", f"gesture {command[1]} is not the one in progress")
            if gesture[1] != self.state.snapshot():
                raise Failure("EINVAL", "the state changed since the gesture began")
            return self.commit(("back",), True, approved=gesture[2], user_back=True)
        vetoable = kind not in ("user_popped", "user_dismissed", "start", "set_tabs", "restore", "set_saved_state")
        return self.commit(command, vetoable)

    # ---- back gestures ----

    def begin_back_gesture_from_host(self) -> tuple[str, int]:
        """The host begins a gesture: urgent work of the router (it runs while a transition is awaited), so the
        flows whose deadline passed expire first."""
        self.logged += 1
        self.expire_due()
        return self.begin_back_gesture()

    def begin_back_gesture(self) -> tuple[str, int]:
        """Asks the leave guards of what back would remove (a veto or a hold refuses the gesture) and records the
        gesture with the state it began on. Nothing changes."""
        tx = Transaction(self.state, self.matcher, 0, self.guards.authenticated, self.options)
        try:
            if not self.started:
                tx.start(self.roots)
            tx.events = []
            tx.back()
        except Failure:
            raise Failure("ENOTFOUND", "nothing to go back to") from None
        changes = [e for e in tx.events if e[0] in ("pop", "dismiss", "tab_selected")]
        leaving = [e for e in tx.removed if e.id in set(changes[0][4])] if changes else []
        for entry in reversed(leaving):
            for interceptor in self.guards.applying("leave", entry.route):
                decision = interceptor.decide(entry.route, entry.parameters, 0)
                if decision == "proceed":
                    continue
                raise Failure("ECANCELLED", "a leave guard keeps the entry")
        self.gestures += 1
        self.gesture = (self.gestures, self.state.snapshot(), {e.id for e in leaving})
        return ("gesture", self.gestures)

    def cancel_back_gesture(self, gesture: int) -> None:
        self.logged += 1
        if self.gesture is None or self.gesture[0] != gesture:
            raise Failure("EINVAL", f"gesture {gesture} is not the one in progress")
        self.gesture = None

    def hold(self, flow: Flow, token: int) -> None:
        """Holds a flow and tells the navigator it waits (navigation_pending). Its deadline is the navigation's own
        (flow_deadline) or else the router's option (flow_deadline_ms); a leave guard's flow has the router's. Time
        stands still in the model: a deadline of 0 passes before the router's next piece of work (expire_due); a
        longer one never passes within a sequence."""
        self.flow_order += 1
        flow.order = self.flow_order
        own = flow.command[2].flow_deadline if flow.stage != "leave" and flow.command[0] == "navigate" else None
        deadline = max(1, round(own * 1000)) if own is not None else self.options.get("flow_deadline_ms")
        flow.expires = deadline == 0
        self.flows[token] = flow
        self.notify("navigation_pending", flow=token, ticket=self.current_ticket)

    def expire_due(self) -> None:
        """Before each piece of the router's work (a command, a gesture's begin, expire_flows): the flows whose
        deadline passed are cancelled, in the order they were held (flow_cancelled, pending_ended "expired")."""
        for token in sorted((t for t, f in self.flows.items() if f.expires), key=lambda t: self.flows[t].order):
            del self.flows[token]
            self.cancelled(token, "expired")

    def expire_flows(self) -> tuple[str, int] | None:
        """The host's expire_flows(): nothing without held flows; else work in the router's order (queued while the
        router waits for the host's transition)."""
        if not self.flows:
            return None
        return self.perform(("expire_flows",))

    def cancelled(self, token: int, ended: str = "cancelled") -> None:
        """A held flow was dropped: flow_cancelled, then pending_ended saying how it ended."""
        self.notify("flow_cancelled", flow=token, status="ECANCELLED")
        self.notify("pending_ended", flow=token, reason=ended)

    def resume(self, token: int, decision: str, argument: str | None) -> tuple[str, int]:
        flow = self.flows.pop(token, None)
        if flow is None:
            raise Failure("EINVAL", f"flow {token} is unknown")
        if decision == "cancel":
            self.cancelled(token)
            return ("applied", 0)
        self.notify("pending_ended", flow=token, reason="resumed")
        if decision == "redirect":
            if flow.command[0] != "navigate":
                raise Failure("EINVAL", "only a navigation can be redirected")
            options = copy.copy(flow.command[2])
            options.external = False
            chain = flow.redirects + [flow.command[1]]
            if len(chain) >= self.guards.max_redirects:
                raise Failure("ELIMIT", "too many redirects")
            return self.navigate(argument or "", options, None, chain, flow.approved)
        if flow.command[0] == "navigate":
            return self.navigate(flow.command[1], flow.command[2], flow.stage, flow.redirects, flow.approved)
        return self.commit(flow.command, True, approved=flow.approved)

    def navigate(
        self,
        url: str,
        options: Options,
        stage: Any,
        redirects: list[str],
        approved: set[int],
        restoring: dict[str, Any] | None = None,
    ) -> tuple[str, int]:
        while True:
            if stage is None and restoring is None and self.guards.claims is not None and self.guards.claims(url):
                return ("handled", 0)  # an OAuth callback the authentication handler takes: not routed
            try:
                route, _, _, _ = self.matcher.resolve(url)
            except Failure as failure:
                if failure.status != "ENOTFOUND" or self.guards.fallback is None:
                    raise
                fallback_url = self.matcher.build_url(self.guards.fallback, {"url": url})
                route, _, _, _ = self.matcher.resolve(fallback_url)
                if options.external and not route.external:
                    raise
                url = fallback_url
            if options.external and not route.external:
                raise Failure("EEXTERNAL", f"route '{route.name}' may not be opened by an external link")
            # A resumed flow asks every interceptor that has not answered it yet, by identity, in today's order.
            answered = set(stage[1]) if isinstance(stage, tuple) else set()
            at_login = isinstance(stage, tuple) and stage[0] == "login"
            _, parameters, _, _ = self.matcher.resolve(url)

            asked = (route, parameters, answered, url, options, redirects, approved, restoring)
            decided = self.ask_before(*asked, without_auth_only=True) if self.guards.before_login else None
            if decided is None and route.requires_auth and not self.guards.authenticated:
                if at_login or self.guards.login is None:
                    raise Failure("EDENIED", f"route '{route.name}' requires authentication")
                if restoring is not None:
                    self.commit(("restore", restoring), False)
                token = self.new_token()
                flow = Flow(("navigate", url, options), ("login", frozenset(answered)), redirects, approved, True, 0)
                self.hold(flow, token)
                self.guards.login(token)
                return ("pending", token)
            if decided is None:
                decided = self.ask_before(*asked, without_auth_only=False)
            redirect = None
            if decided is not None:
                if decided[0] == "pending":
                    return decided
                redirect = decided[1]
            if redirect is not None:
                chain = redirects + [url]
                if len(chain) >= self.guards.max_redirects:
                    raise Failure("ELIMIT", "too many redirects")
                redirects, url, stage = chain, redirect, None
                options = copy.copy(options)
                options.external = False
                continue
            if restoring is not None:
                outcome = self.commit(("restore_link", restoring, url, options), False)
            else:
                outcome = self.commit(("navigate", url, options), True, approved=approved)
            if outcome[0] == "applied" and outcome[1]:
                self.after(route.name, parameters)
            return outcome

    def ask_before(
        self,
        route: Route,
        parameters: dict[str, str],
        answered: set[int],
        url: str,
        options: Options,
        redirects: list[str],
        approved: set[int],
        restoring: dict[str, Any] | None,
        without_auth_only: bool,
    ) -> Any:
        """The before interceptors that have not answered the navigation yet (`answered` grows): None when all
        proceed, else ("pending", token) once the flow is held, or ("redirect", url); a cancel raises."""
        for interceptor in self.guards.applying("before", route.name):
            if id(interceptor) in answered:
                continue
            if interceptor.requires_auth and (without_auth_only or not self.guards.authenticated):
                continue
            token = self.new_token()
            decision = interceptor.decide(route.name, parameters, token)
            if decision == "proceed":
                answered.add(id(interceptor))
                continue
            if decision == "pending":
                if restoring is not None:
                    self.commit(("restore", restoring), False)
                answered.add(id(interceptor))
                flow = Flow(
                    ("navigate", url, options),
                    ("interceptor", frozenset(answered)),
                    redirects,
                    approved,
                    route.requires_auth,
                    0,
                )
                self.hold(flow, token)
                return ("pending", token)
            if decision[0] == "cancel":
                raise Failure("ECANCELLED", decision[1])
            return ("redirect", decision[1])
        return None

    def after(self, route: str, parameters: dict[str, str]) -> None:
        for interceptor in self.guards.applying("after", route):
            decision = interceptor.decide(route, parameters, 0)
            if decision == "proceed":
                continue
            if decision != "pending" and decision[0] == "redirect":
                try:
                    self.perform(("navigate", decision[1], Options()))
                except Failure:
                    self.notify("guard_error", status="EINVAL")
            else:
                self.notify("guard_error", status="EINVAL")

    def leave_guards(self, removed: list[Entry], command: tuple[Any, ...], approved: set[int]) -> int | None:
        if not self.guards.interceptors:
            return None
        passed = set(approved)
        for entry in reversed(removed):
            if entry.id in approved:
                continue
            for interceptor in self.guards.applying("leave", entry.route):
                token = self.new_token()
                decision = interceptor.decide(entry.route, entry.parameters, token)
                if decision == "proceed":
                    continue
                if decision == "pending":
                    self.hold(Flow(command, "leave", [], passed | {entry.id}, False, 0), token)
                    return token
                if decision[0] == "cancel":
                    raise Failure("ECANCELLED", decision[1])
                raise Failure("EINVAL", "a leave guard cannot redirect")
            passed.add(entry.id)
        return None

    def refresh(self) -> tuple[str, int]:
        authenticated = self.guards.authenticated
        if not authenticated:
            dropped = sorted((t for t, f in self.flows.items() if f.requires_auth), key=lambda t: self.flows[t].order)
            for token in dropped:
                del self.flows[token]
            for token in dropped:
                self.cancelled(token, "logged_out")
        routes = self.matcher.routes
        transition = self.next_transition  # the context is made before the interceptors are asked
        # Entries a before interceptor would now cancel or redirect go (asked with flow 0; pending counts as kept).
        refused: set[int] = set()
        if self.guards.interceptors:
            for entry in self.state.entries():
                try:
                    _, parameters, _, _ = self.matcher.resolve(entry.url)
                except Failure:
                    continue  # its URL no longer resolves (its route went): the prune below takes it
                for interceptor in self.guards.applying("before", entry.route):
                    decision = interceptor.decide(entry.route, parameters, 0)
                    if decision not in ("proceed", "pending"):
                        refused.add(entry.id)

        def still_reads(entry: Entry) -> bool:
            """The registry still reads the entry's link as its route's: the route is there, the URL policy takes the
            link, and it resolves to the route (or is one of its patterns' where a newer route wins it)."""
            if entry.route not in routes:
                return False
            try:
                route, _, _, _ = self.matcher.resolve(entry.url)
            except Failure:
                return False
            return route.name == entry.route or self.matcher.resolve_by(entry.route, entry.url) is not None

        def prune(tx: Transaction) -> None:
            tx.prune(
                lambda e: (
                    e.id in refused
                    or not still_reads(e)
                    or (not authenticated and (e.requires_auth or routes[e.route].requires_auth))
                ),
                lambda e: not still_reads(e),
            )

        assert transition == self.next_transition

        return self.commit(("refresh",), False, refusable=False, extra=prune)

    # ---- commits ----

    def commit(
        self,
        command: tuple[Any, ...],
        vetoable: bool,
        refusable: bool = True,
        approved: set[int] = frozenset(),
        extra: Callable[[Transaction], None] | None = None,
        user_back: bool = False,
    ) -> tuple[str, int]:
        transition = self.next_transition
        self.next_transition += 1
        tx = Transaction(self.state, self.matcher, transition, self.guards.authenticated, self.options)
        tx.user_back = user_back
        kind = command[0]
        if kind not in ("start", "set_tabs", "restore", "restore_link") and not self.started:
            tx.start(self.roots)
        self.apply(tx, command)
        if extra is not None:
            extra(tx)
        if tx.removed:  # an opener that left is forgotten by the entries it opened
            ids = {e.id for e in tx.state.entries()}
            for e in tx.state.entries():
                if e.opener is not None and e.opener not in ids:
                    e.opener = None
        if tx.structural_violation() is not None:
            raise Failure("EINVAL", "the command would break the state")
        if not self.guards.authenticated:
            if kind in ("restore", "restore_link"):
                tx.prune(lambda e: e.requires_auth, lambda e: False)
            ids = {e.id for e in tx.state.entries()}
            if any(e.requires_auth and e.id in ids for e in tx.created):
                raise Failure("EDENIED", "a protected route")
        if vetoable:
            flow = self.leave_guards(tx.removed, command, set(approved))
            if flow is not None:
                return ("pending", flow)
        for event in tx.events:
            if not self.deliver(event) and refusable:
                raise Failure("ECALLBACK", f"the navigator refused the {event[0]} event")
        changed = bool(tx.events)
        self.state = tx.state
        self.started = True
        if changed and self.wait and not self.current_urgent:
            self.awaiting = transition
        if not changed:
            return ("applied", 0)
        self.deliver(("state_changed", transition, None, (), (), None, None, None, 0, None, False, False))
        return ("applied", transition)

    def apply(self, tx: Transaction, command: tuple[Any, ...]) -> None:
        kind = command[0]
        if kind == "start":
            tx.start(self.roots)
        elif kind == "set_tabs":
            tx.set_tabs(command[1], command[2])
        elif kind == "navigate":
            tx.navigate(command[1], command[2])
        elif kind == "pop":
            tx.pop(command[1], command[2])
        elif kind == "pop_to_root":
            tx.pop_to(0)
        elif kind == "pop_to":
            tx.pop_to_entry(command[1])
        elif kind == "pop_after":
            tx.pop_after(command[1])
        elif kind == "set_stack":
            tx.set_stack(command[1])
        elif kind == "dismiss":
            tx.dismiss(command[1], command[2], False)
        elif kind == "select_tab" and isinstance(command[1], str):  # by the root route's name: the first such tab
            index = next((i for i, tab in enumerate(tx.state.tabs) if tab.route == command[1]), None)
            if index is None:
                raise Failure("ENOTFOUND", f"no tab has the root route '{command[1]}'")
            tx.select_tab(index)
        elif kind == "select_tab":
            tx.select_tab(command[1])
        elif kind == "back":
            tx.back()
        elif kind == "user_popped":
            tx.user_popped(command[1])
        elif kind == "user_dismissed":
            tx.dismiss(command[1], None, True)
        elif kind in ("restore", "restore_link"):
            # ("restore", snapshot[, tolerant[, migrate]]): the migration rewrites the snapshot before it is read.
            tolerant = kind == "restore" and len(command) > 2 and bool(command[2])
            migrate = command[3] if kind == "restore" and len(command) > 3 else None
            snapshot = migrate(copy.deepcopy(command[1])) if migrate is not None else command[1]
            restored, dropped = self.decode(snapshot, tolerant)
            if not self.guards.authenticated:
                # What a logged-out user may not see is left out before any event names it (and is listed as dropped).
                gone = restored.cut(lambda e: e.requires_auth or self.matcher.routes[e.route].requires_auth)
                dropped += [(e.id, e.route, e.url) for e in gone]
            tx.replace_all(restored, keep_counter=False)
            detail = (command[1].get("version"), tuple(dropped)) if dropped or tolerant or migrate else None
            tx.event("restored", entries=tx.state.entries(), location=tx.state.location(), detail=detail)
            if kind == "restore_link":
                route, _, _, _ = self.matcher.resolve(command[2])
                if command[3].external and not route.external:
                    raise Failure("EEXTERNAL", f"route '{route.name}' may not be opened by an external link")
                tx.navigate(command[2], command[3])
        elif kind == "update_entry":
            tx.update_entry(command[1], command[2], command[3])
        elif kind == "set_saved_state":
            entry = tx.state.find(command[1])
            if entry is None:
                raise Failure("ENOTFOUND", f"entry {command[1]} is not in the state")
            entry.saved_state = command[2]
        elif kind == "refresh":
            pass

    def decode(self, snapshot: dict[str, Any], tolerant: bool = False) -> tuple[State, list[tuple[int, str, str]]]:
        """A snapshot as a state, and what a tolerant restore dropped ((id, route, URL), in the order it dropped
        them). An entry fits when its route is registered and its URL resolves to it with its parameters (or, when
        a route added since wins the URL, the URL is still one of its own route's with those parameters). Strictly
        read, an entry that does not fit fails the restore (EJSON). Tolerantly: it and the entries above it go; a
        layer left empty goes; a tab whose route is gone or whose root entry went goes with its entries (the kept
        ones of its stack, then of its hidden layers); the others move down, the selection and the history follow;
        a dropped selected tab takes the layers shown over it along, and the first tab is selected, showing the
        layers it hid; an opener that went is forgotten; no tab left fails the restore."""
        routes = self.matcher.routes
        dropped: list[tuple[int, str, str]] = []

        def fits(data: dict[str, Any]) -> bool:
            if data["route"] not in routes:
                return False
            try:
                route, parameters, _, _ = self.matcher.resolve(data["url"])
            except Failure:
                return False
            if route.name != data["route"]:
                return self.matcher.resolve_by(data["route"], data["url"]) == data["parameters"]
            return bool(parameters == data["parameters"])

        def entry(data: dict[str, Any]) -> Entry:
            return Entry(
                data["id"],
                data["route"],
                data["url"],
                data["parameters"],
                data["props"],
                data["expects_result"],
                data["opener"],
                routes[data["route"]].requires_auth,
                data.get("saved_state"),
            )

        def stack(items: list[dict[str, Any]]) -> list[Entry]:
            kept: list[Entry] = []
            for position, data in enumerate(items):
                if not fits(data):
                    if not tolerant:
                        raise Failure("EJSON", f"entry {data['id']} no longer fits")
                    dropped.extend((e["id"], e["route"], e["url"]) for e in items[position:])
                    return kept
                kept.append(entry(data))
            return kept

        def layer(data: dict[str, Any]) -> Layer | None:
            entries = stack(data["stack"])
            return Layer(data["style"], data["prevent_dismissal"], entries) if entries or not tolerant else None

        def layers(items: list[dict[str, Any]]) -> list[Layer]:
            return [read for read in (layer(data) for data in items) if read is not None]

        def tab(data: dict[str, Any]) -> Tab | None:
            hidden = layers(data.get("hidden_layers", []))
            entries = stack(data["stack"])
            route = data["route"]
            if route is not None:
                gone = route not in routes or routes[route].requires_auth or not entries or entries[0].route != route
                if gone:
                    if not tolerant:
                        raise Failure("EJSON", f"tab route '{route}' no longer fits")
                    dropped.extend((e.id, e.route, e.url) for e in entries + [e for h in hidden for e in h.stack])
                    return None
            return Tab(route, entries, hidden)

        tabs = [tab(data) for data in snapshot["tabs"]]
        shown = layers(snapshot["layers"])
        selected = snapshot["selected_tab"]
        history = list(snapshot.get("tab_history", []))
        if tolerant:
            kept = [t for t in tabs if t is not None]
            new_index = {index: len([t for t in tabs[:index] if t is not None]) for index, t in enumerate(tabs) if t}
            if not kept:
                raise Failure("EJSON", "no tab of the snapshot is left")
            if selected in new_index:
                selected = new_index[selected]
            else:
                dropped.extend((e.id, e.route, e.url) for layer in shown for e in layer.stack)
                selected = 0
                shown, kept[0].hidden_layers = kept[0].hidden_layers, []
            history = [new_index[index] for index in history if index in new_index]
            tabs = kept
        state = State([t for t in tabs if t is not None], selected, shown, snapshot["next_entry_id"], history)
        if tolerant:
            ids = {e.id for e in state.entries()}
            for e in state.entries():
                if e.opener is not None and e.opener not in ids:
                    e.opener = None
        return state, dropped
