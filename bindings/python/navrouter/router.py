"""Router: the navigation state of one window or scene (tabs, modal layers, stacks), driven by commands."""

from __future__ import annotations

import ctypes
import json
from collections.abc import Callable, Mapping, Sequence
from ctypes import c_uint64, c_void_p
from typing import TYPE_CHECKING, Any, Literal, cast

from . import _constants as K
from ._callbacks import DESTROY, MAKE_VIEW, NAVIGATOR, RELEASE_VIEW, drop, invoke, new_key, register, reraise
from ._ffi import (
    MIGRATE_FN,
    NO_DESTROY,
    NO_MAKE_VIEW,
    NO_NAVIGATOR,
    NO_RELEASE_VIEW,
    NavOptions,
    RouterPtr,
    encode,
    encode_list,
    encode_optional,
    flag_argument,
    id_argument,
    lib,
    size_argument,
    string_array,
    take_string,
)
from ._json import dump_json
from ._owned import OwnedHandle
from ._routers import remember
from .events import entry_from_c, event_from_c
from .registry import Registry
from .typed import TypedRoute
from .types import (
    JSON,
    MAX_DOCUMENT_DEPTH,
    AnyEvent,
    BackPreview,
    Entry,
    EntryId,
    FlowToken,
    GestureId,
    JSONObject,
    NavigateOptions,
    Outcome,
    OutcomeStatus,
    Plan,
    Presentation,
    Resumption,
    Snapshot,
    State,
    TransitionId,
)

if TYPE_CHECKING:
    from typing import Unpack  # annotations only: Python 3.9 and 3.10 never import it

_STATUSES: dict[int, OutcomeStatus] = {0: "applied", 1: "queued", 2: "pending", 3: "handled"}
_NAV_PRESENTATIONS = {
    None: 0,
    "push": K.NAV_PUSH,
    "sheet": K.NAV_MODAL_SHEET,
    "fullscreen": K.NAV_MODAL_FULLSCREEN,
    "root": K.NAV_ROOT,
    "replace_top": K.NAV_REPLACE_TOP,
}
#: navigate's flags and their bits in navrouter_nav_options.flags (animated is NOT_ANIMATED when False).
_NAV_FLAGS = {
    "replace": K.NAV_REPLACE,
    "prevent_dismissal": K.NAV_PREVENT_DISMISSAL,
    "single_top": K.NAV_SINGLE_TOP,
    "clear_top": K.NAV_CLEAR_TOP,
    "expects_result": K.NAV_EXPECTS_RESULT,
    "external": K.NAV_EXTERNAL,
    "pop_up_to_inclusive": K.NAV_POP_UP_TO_INCLUSIVE,
}
_RESUMPTIONS = {"proceed": K.DECISION_PROCEED, "cancel": K.DECISION_CANCEL, "redirect": K.DECISION_REDIRECT}
#: The longest flow_deadline (about 31.7 million years): its milliseconds fit the C options' int64_t.
_MAX_FLOW_DEADLINE_SECONDS = 10**15

#: A navigator: receives every Event; returning False refuses the change (the command is rolled back).
Navigator = Callable[[AnyEvent], Any]

#: navigate's keyword arguments and their defaults (plan and restore's link take the same).
_NAVIGATE_DEFAULTS: dict[str, Any] = {
    "presentation": None,
    "props": None,
    "replace": False,
    "prevent_dismissal": False,
    "animated": True,
    "single_top": False,
    "clear_top": False,
    "pop_up_to": None,
    "pop_up_to_inclusive": False,
    "build_back_stack": None,
    "expects_result": False,
    "external": False,
    "tab": None,
    "flow_deadline": None,
}

_libc = ctypes.CDLL(None)
_libc.malloc.restype = c_void_p
_libc.malloc.argtypes = [ctypes.c_size_t]


def _malloc_string(text: bytes) -> int | None:
    """A malloc'd copy of text with its NUL (the library frees it), as an address."""
    address: int | None = _libc.malloc(len(text) + 1)
    if address:
        ctypes.memmove(address, text + b"\0", len(text) + 1)
    return address


def _deadline_milliseconds(seconds: float | None) -> int | None:
    """A flow deadline in seconds (navigate's flow_deadline, the router option) as whole milliseconds, at least 1;
    None stays None. TypeError for what is not an int or a float; ValueError for one that is not a positive, finite
    number of seconds up to _MAX_FLOW_DEADLINE_SECONDS."""
    if seconds is None:
        return None
    number = isinstance(seconds, (int, float))  # pyright: ignore[reportUnnecessaryIsInstance] - checked at run time
    if isinstance(seconds, bool) or not number:
        raise TypeError(f"flow_deadline must be an int or a float, not {type(seconds).__name__}")
    if not 0 < seconds <= _MAX_FLOW_DEADLINE_SECONDS:  # NaN fails every comparison
        raise ValueError(
            f"flow_deadline must be a positive number of seconds up to {_MAX_FLOW_DEADLINE_SECONDS}, not {seconds!r}"
        )
    return max(1, round(seconds * 1000))


class _Handler:
    """A route handler as the C trampolines see it: C pointers in, Python values out. The views it makes are kept
    in its router's view table under keys that C holds as the views' pointers."""

    def __init__(
        self, views: dict[int, Any], make: Callable[[Entry], Any], release: Callable[[Any, Entry], None] | None
    ) -> None:
        self._views = views
        self._make, self._release = make, release

    def make(self, entry_pointer: int | None) -> int | None:
        views = self._views
        entry = entry_from_c(entry_pointer, views)
        view = self._make(entry) if entry is not None else None
        if view is None:
            return None
        key = new_key()
        views[key] = view
        return key

    def release(self, view_key: int | None, entry_pointer: int | None) -> None:
        views = self._views
        view = views.pop(view_key or 0, None)
        if self._release is not None:
            entry = entry_from_c(entry_pointer, views)
            if entry is not None:
                self._release(view, entry)


def _route_name(route: str | type[TypedRoute] | None) -> str | None:
    """A route given by name or as a TypedRoute class (pop_up_to, tab), as its name (TypeError for another class)."""
    if isinstance(route, type):
        if not issubclass(route, TypedRoute):  # pyright: ignore[reportUnnecessaryIsInstance]
            raise TypeError(f"a route is a name or a TypedRoute class, not {route!r}")
        return route.ROUTE
    return route


class Router(OwnedHandle):
    """A navigation state on a registry: optional tabs, modal layers above them, a stack in each.

    Commands are transactions: they succeed (returning an Outcome) or raise a NavRouterError and leave the state
    exactly as it was. Events go to the navigator, a callable taking an Event; it may return False to refuse a
    change (the command is rolled back and raises CallbackError) and may issue commands itself (they are queued
    and run in order). An exception raised in any callback is re-raised by the call that led to it (with a note when
    the callback ran after the commit, so that the change stands: a view's release, the state_changed event).
    Every method is thread-safe: a command from another thread waits for the running one, then runs on its own
    thread. close() (or a ``with`` block) frees the router and releases every view.
    """

    _what = "router"
    _instead_of_copying = (
        "to copy a navigation state, make another Router and restore(router.snapshot()) into it (a plain dict)"
    )

    def __init__(
        self, registry: Registry, navigator: Navigator | None = None, options: Mapping[str, Any] | None = None
    ) -> None:
        super().__init__()
        if not isinstance(registry, Registry):  # pyright: ignore[reportUnnecessaryIsInstance] - checked at run time
            raise TypeError(f"registry must be a navrouter.Registry, not {type(registry).__name__}")
        #: The views made by this router's handlers, by the key C holds as their pointer.
        self._views: dict[int, Any] = {}
        handle = RouterPtr()
        lib().navrouter_router_new(ctypes.byref(handle), registry._ptr())
        self._handle = handle
        self.registry = registry
        remember(ctypes.addressof(handle.contents), self)
        if navigator is not None:
            self.set_navigator(navigator)
        if options is not None:
            self.set_options(**options)

    def _free(self, handle: Any) -> None:
        """Frees the router; views are released through their handlers (their exceptions are re-raised)."""
        lib().navrouter_router_free(handle)
        reraise()

    def _detach(self) -> None:
        handle = self._handle
        if handle is not None:
            lib().navrouter_router_set_navigator(handle, NO_NAVIGATOR, None, NO_DESTROY)

    def _command(self, function: Any, *args: Any) -> Outcome:
        out = c_uint64()
        status = invoke(function, self._ptr(), *args, ctypes.byref(out))
        return Outcome(_STATUSES.get(status, "applied"), out.value)

    # Host callbacks

    def set_navigator(self, navigator: Navigator | None) -> None:
        """Sets the callable that receives every Event (None: none)."""
        if navigator is None:
            lib().navrouter_router_set_navigator(self._ptr(), NO_NAVIGATOR, None, NO_DESTROY)
            return
        if not callable(navigator):
            raise TypeError(f"navigator must be callable, not {type(navigator).__name__}")
        views = self._views

        def call(pointer: int | None) -> int:
            return 1 if navigator(event_from_c(pointer, views)) is False else 0

        key = register(self._registrations, call)
        try:
            lib().navrouter_router_set_navigator(self._ptr(), NAVIGATOR, key, DESTROY)
        except BaseException:
            drop(key)
            raise

    def set_handler(
        self,
        route: str | None,
        make: Callable[[Entry], Any] | None,
        release: Callable[[Any, Entry], None] | None = None,
    ) -> None:
        """Sets the view handler of a route (route None: the default for routes without their own).

        make(entry) builds the host's view (any object; None declines, and the command fails with CallbackError);
        release(view, entry) is called exactly once when the entry leaves the state, by the handler that made the
        view (also after it was replaced). make None removes the handler. An unknown route raises
        RouteNotFoundError.
        """
        name = encode_optional(route, "route")
        if make is None:
            lib().navrouter_router_set_handler(
                self._ptr(),
                name,
                NO_MAKE_VIEW,
                NO_RELEASE_VIEW,
                None,
                NO_DESTROY,
            )
            return
        for function, what in ((make, "make"), (release, "release")):
            if function is not None and not callable(function):
                raise TypeError(f"{what} must be callable, not {type(function).__name__}")
        key = register(self._registrations, _Handler(self._views, make, release))
        try:
            lib().navrouter_router_set_handler(self._ptr(), name, MAKE_VIEW, RELEASE_VIEW, key, DESTROY)
        except BaseException:
            drop(key)
            raise

    def set_transition_mode(self, wait: bool) -> None:
        """wait=True: a transition lasts until transition_finished(id); commands issued meanwhile are queued.
        wait=False (the default): a transition is finished when the navigator returns."""
        mode = K.TRANSITION_WAIT if flag_argument(wait, "wait") else K.TRANSITION_IMMEDIATE
        invoke(lib().navrouter_router_set_transition_mode, self._ptr(), mode)

    def transition_finished(self, transition: TransitionId) -> None:
        """Tells the router the awaited transition is finished (also from inside its own events); queued commands
        then run on this thread."""
        invoke(lib().navrouter_router_transition_finished, self._ptr(), id_argument(transition, "transition"))

    # Commands

    def start(self) -> Outcome:
        """Sets up the tabs from the registry's root routes (or one main stack)."""
        return self._command(lib().navrouter_router_start)

    def set_tabs(self, urls: Sequence[str], selected: int = 0) -> Outcome:
        """Sets the tabs explicitly: one per URL (a protected route cannot be a tab's root)."""
        encoded = encode_list(urls, "urls")
        return self._command(
            lib().navrouter_router_set_tabs, string_array(encoded), len(encoded), size_argument(selected, "selected")
        )

    def navigate(
        self,
        url: str | TypedRoute,
        *,
        presentation: Presentation | None = None,
        props: JSONObject | None = None,
        replace: bool = False,
        prevent_dismissal: bool = False,
        animated: bool = True,
        single_top: bool = False,
        clear_top: bool = False,
        pop_up_to: str | type[TypedRoute] | None = None,
        pop_up_to_inclusive: bool = False,
        build_back_stack: bool | None = None,
        expects_result: bool = False,
        external: bool = False,
        tab: str | type[TypedRoute] | None = None,
        flow_deadline: float | None = None,
    ) -> Outcome:
        """Opens a URL as its route's presentation says, unless presentation overrides it ("push", "sheet",
        "fullscreen", "root", "replace_top"). props: a JSON-serialisable dict for the entry. build_back_stack:
        None = the default (on for external links), True/False to force. external: the link came from outside
        the app (only routes flagged external may open; ExternalLinkError otherwise). tab: push onto the stack of
        the tab with this root route, without selecting it. flow_deadline: seconds the navigation may wait as a
        pending flow before it is cancelled. url may be a typed route (navrouter.typed.TypedRoute): its link on this
        router's registry."""
        if isinstance(url, TypedRoute):
            url = url.url(self.registry)
        return self._command(lib().navrouter_router_navigate, encode(url, "url"), ctypes.byref(self._options(locals())))

    @classmethod
    def _navigate_options(cls, options: object, what: str = "navigate options", **defaults: Any) -> NavOptions:
        """navrouter_nav_options from a mapping of navigate's keyword arguments (for plan and a restore's link):
        TypeError for a key navigate does not take, or for what is not a mapping, as navigate itself raises."""
        if not isinstance(options, Mapping):
            raise TypeError(f"{what} must be a mapping of navigate's keyword arguments, not {type(options).__name__}")
        mapping = cast("Mapping[str, Any]", options)
        given = dict(_NAVIGATE_DEFAULTS, **defaults)
        unknown = sorted(str(key) for key in mapping if key not in given)
        if unknown:
            raise TypeError(f"unknown navigate options in {what}: {', '.join(unknown)}")
        given.update(mapping)
        return cls._options(given)

    @staticmethod
    def _options(given: Mapping[str, Any]) -> NavOptions:
        """navrouter_nav_options from navigate's keyword arguments."""
        presentation = given["presentation"]
        if presentation not in _NAV_PRESENTATIONS:
            names = ", ".join(p for p in _NAV_PRESENTATIONS if p)
            raise ValueError(f"presentation must be one of {names}, not {presentation!r}")
        flags = _NAV_PRESENTATIONS[presentation]
        for name, bit in _NAV_FLAGS.items():
            flags |= bit if flag_argument(given[name], name) else 0
        flags |= 0 if flag_argument(given["animated"], "animated") else K.NAV_NOT_ANIMATED
        build_back_stack = given["build_back_stack"]
        if build_back_stack not in (None, True, False):
            raise TypeError(f"build_back_stack must be None, True or False, not {build_back_stack!r}")
        if build_back_stack is not None:
            flags |= K.NAV_BUILD_BACK_STACK if build_back_stack else K.NAV_NO_BACK_STACK
        props = given["props"]
        deadline = _deadline_milliseconds(given["flow_deadline"])
        return NavOptions(
            K.NAV_OPTIONS_VERSION,
            flags,
            dump_json(props, "props") if props is not None else None,
            encode_optional(_route_name(given["pop_up_to"]), "pop_up_to"),
            encode_optional(_route_name(given["tab"]), "tab"),
            deadline if deadline is not None else 0,
        )

    def push(self, url: str | TypedRoute, **options: Unpack[NavigateOptions]) -> Outcome:
        """Pushes a URL onto the current stack, whatever the route's presentation (navigate's options)."""
        return self.navigate(url, presentation="push", **options)

    def present(
        self, url: str | TypedRoute, style: Literal["sheet", "fullscreen"] = "sheet", **options: Unpack[NavigateOptions]
    ) -> Outcome:
        """Presents a URL in a new modal layer ("sheet" or "fullscreen"; navigate's options)."""
        if style not in ("sheet", "fullscreen"):
            raise ValueError(f"style must be sheet or fullscreen, not {style!r}")
        return self.navigate(url, presentation=style, **options)

    def pop(self, count: int = 1, result: JSON = None) -> Outcome:
        """Pops count entries (never a stack's root); result (JSON-serialisable) goes to the opener of the
        top-most popped entry that expects one."""
        return self._command(lib().navrouter_router_pop, size_argument(count, "count"), self._result(result))

    def pop_to_root(self) -> Outcome:
        """Pops the current stack to its root."""
        return self._command(lib().navrouter_router_pop_to_root)

    def pop_to(self, entry: EntryId) -> Outcome:
        """Pops down to an entry (kept); RouteNotFoundError when it is not in the current stack."""
        return self._command(lib().navrouter_router_pop_to, id_argument(entry, "entry"))

    def pop_after(self, index: int) -> Outcome:
        """Keeps the current stack's entries up to index."""
        return self._command(lib().navrouter_router_pop_after, size_argument(index, "index"))

    def set_stack(self, urls: Sequence[str]) -> Outcome:
        """Replaces the current stack with entries for these URLs (a tab keeps its root)."""
        encoded = encode_list(urls, "urls")
        return self._command(lib().navrouter_router_set_stack, string_array(encoded), len(encoded))

    def dismiss(self, count: int = 1, result: JSON = None) -> Outcome:
        """Dismisses the top count modal layers (0: all)."""
        return self._command(lib().navrouter_router_dismiss, size_argument(count, "count"), self._result(result))

    def select_tab(self, tab: int | str | type[TypedRoute]) -> Outcome:
        """Selects a tab (dismissing modal layers): by its index, by its root route's name, or by its root route's
        TypedRoute class (RouteNotFoundError when no tab has that root; ConflictError for a typed route of another
        registry)."""
        if isinstance(tab, str):
            return self._command(lib().navrouter_router_select_tab_route, encode(tab, "tab"))
        if isinstance(tab, type):
            if not issubclass(tab, TypedRoute):  # pyright: ignore[reportUnnecessaryIsInstance]
                raise TypeError(f"tab must be an index, a root route's name or a TypedRoute class, not {tab!r}")
            tab.check_registered(self.registry)
            return self._command(lib().navrouter_router_select_tab_route, encode(tab.ROUTE, "tab"))
        return self._command(lib().navrouter_router_select_tab, size_argument(tab, "index"))

    def back(self) -> Outcome:
        """Pops, or dismisses at a modal's root."""
        return self._command(lib().navrouter_router_back)

    def user_popped(self, entry: EntryId) -> Outcome:
        """The user popped to entry directly (swipe back): the state follows, events say user_initiated."""
        return self._command(lib().navrouter_router_user_popped, id_argument(entry, "entry"))

    def user_dismissed(self, count: int = 1) -> Outcome:
        """The user dismissed the top count layers directly (DeniedError for a layer that prevents it)."""
        return self._command(lib().navrouter_router_user_dismissed, size_argument(count, "count"))

    def refresh(self) -> Outcome:
        """Re-checks the state against the guards and the registry."""
        return self._command(lib().navrouter_router_refresh)

    def resume_flow(self, flow: FlowToken, decision: Resumption = "proceed", argument: str | None = None) -> Outcome:
        """Resumes a pending flow: "proceed", "cancel" (argument: the reason) or "redirect" (argument: the URL).
        A stale, reused or forged token raises InvalidArgumentError."""
        if decision not in _RESUMPTIONS:
            raise ValueError(f"decision must be proceed, cancel or redirect, not {decision!r}")
        return self._command(
            lib().navrouter_router_resume_flow,
            id_argument(flow, "flow"),
            _RESUMPTIONS[decision],
            encode_optional(argument, "argument"),
        )

    def complete_login(self, flow: FlowToken, success: bool) -> Outcome:
        """Completes a login flow: on success the original navigation goes on, else it is dropped."""
        return self._command(
            lib().navrouter_router_complete_login, id_argument(flow, "flow"), flag_argument(success, "success")
        )

    # State

    @property
    def state(self) -> State:
        """The current state: tabs, layers and entries, with the views the handlers made. Read inside the navigator,
        it is the state before the command until the command is committed (the state_changed event comes after)."""
        out = c_void_p()
        lib().navrouter_router_state_json(self._ptr(), ctypes.byref(out))
        return State.from_json(json.loads(take_string(out)), self._views)

    def state_text(self) -> str:
        """The state as every host's tools print it: a line per tab and modal layer, "tab 0 home *: home#1 ›
        product#5 id=7", "layer 0 sheet: settings#9" (navrouter_router_state_text)."""
        out = c_void_p()
        lib().navrouter_router_state_text(self._ptr(), ctypes.byref(out))
        return take_string(out)

    def snapshot(self, app: JSON = None) -> Snapshot:
        """The whole state as a dict (the versioned JSON of navrouter_router_snapshot), to restore later. app: the
        host's own JSON value (its app version, say), kept in the snapshot's "app" field for a migration hook."""
        out = c_void_p()
        app_json = dump_json(app, "app") if app is not None else None
        lib().navrouter_router_snapshot_ex(self._ptr(), app_json, ctypes.byref(out))
        snapshot: Snapshot = json.loads(take_string(out))
        return snapshot

    def restore(
        self,
        snapshot: Snapshot | Mapping[str, Any] | str,
        *,
        tolerant: bool = False,
        migrate: Callable[[dict[str, Any]], dict[str, Any]] | None = None,
        link: str | None = None,
        link_options: Mapping[str, Any] | None = None,
    ) -> Outcome:
        """Replaces the state with a snapshot (dict or JSON text); a bad one raises JSONError, state kept.
        tolerant: drop what no longer fits (listed in the restored event's info["dropped"]) instead of refusing.
        migrate: rewrites the snapshot (a dict with its "version" and "app") before it is read. link: a deep link
        applied on top in the same transaction (navigate's keyword arguments in link_options; external unless
        they say otherwise)."""
        text = (
            encode(snapshot, "snapshot")
            if isinstance(snapshot, str)
            else dump_json(snapshot, "snapshot", MAX_DOCUMENT_DEPTH)
        )
        if not flag_argument(tolerant, "tolerant") and migrate is None and link is None:
            return self._command(lib().navrouter_router_restore, text)
        failures: list[BaseException] = []

        def hook(snapshot_json: bytes | None, _data: int | None) -> int | None:
            try:
                rewritten = migrate(json.loads(snapshot_json or b"null")) if migrate else None
                encoded = dump_json(rewritten, "the migrated snapshot", MAX_DOCUMENT_DEPTH)
            except BaseException as error:  # re-raised below, after the C call returns
                failures.append(error)
                return None
            return _malloc_string(encoded)

        callback = MIGRATE_FN(hook) if migrate is not None else MIGRATE_FN()
        options = None
        if link is not None:
            options = ctypes.byref(self._navigate_options(link_options or {}, "link_options", external=True))
        try:
            return self._command(
                lib().navrouter_router_restore_ex,
                text,
                K.RESTORE_TOLERANT if tolerant else 0,
                callback,
                None,
                encode_optional(link, "link"),
                options,
            )
        except BaseException:
            if failures:
                raise failures[0] from None
            raise

    # Router options, previews, gestures, entries, plans and the transaction log

    def set_options(self, **options: Any) -> None:
        """Sets the router's options; absent ones take their defaults: back_behavior ("none", "initial", "order",
        "history"), reselect_pops_to_root, modals_per_tab, push_dismisses_modals, supersede_pending_flows (True),
        flow_deadline (seconds, more than 0, or None), records_log, flow_token_seed (an int from 0 to 2**64 - 1, or
        None). Checked as navigate checks its arguments: TypeError for a value of the wrong type, ValueError or
        InvalidArgumentError for one out of range."""
        known = {
            "back_behavior",
            "reselect_pops_to_root",
            "modals_per_tab",
            "push_dismisses_modals",
            "supersede_pending_flows",
            "flow_deadline",
            "records_log",
            "flow_token_seed",
        }
        unknown = sorted(set(options) - known)
        if unknown:
            raise TypeError(f"unknown router options: {', '.join(unknown)}")
        data = dict(options)
        if "flow_deadline" in data:
            data["flow_deadline_ms"] = _deadline_milliseconds(data.pop("flow_deadline"))
        if data.get("flow_token_seed") is not None:  # the options' JSON holds the seed as its signed 64-bit pattern
            seed = id_argument(data["flow_token_seed"], "flow_token_seed")
            data["flow_token_seed"] = seed - (1 << 64) if seed >= 1 << 63 else seed
        lib().navrouter_router_set_options_json(self._ptr(), dump_json(data, "options"))

    @property
    def options(self) -> dict[str, Any]:
        """The router's options (every field; flow_deadline in seconds or None)."""
        out = c_void_p()
        lib().navrouter_router_options_json(self._ptr(), ctypes.byref(out))
        data: dict[str, Any] = json.loads(take_string(out))
        milliseconds = data.pop("flow_deadline_ms")
        data["flow_deadline"] = None if milliseconds is None else milliseconds / 1000
        if data["flow_token_seed"] is not None:
            data["flow_token_seed"] %= 1 << 64  # back from its signed pattern
        return data

    @property
    def can_go_back(self) -> bool:
        """Whether back would do something now."""
        out = ctypes.c_bool()
        lib().navrouter_router_can_go_back(self._ptr(), ctypes.byref(out))
        return out.value

    @property
    def can_dismiss(self) -> bool:
        """Whether the user may dismiss the top modal layer now."""
        out = ctypes.c_bool()
        lib().navrouter_router_can_dismiss(self._ptr(), ctypes.byref(out))
        return out.value

    def back_preview(self) -> BackPreview | None:
        """What back would do, without doing it ({"action", "leaving", "appearing", "tab" | "layer"}), or None."""
        out = c_void_p()
        if lib().navrouter_router_back_preview(self._ptr(), ctypes.byref(out)) != 0:
            return None
        preview: BackPreview = json.loads(take_string(out))
        return preview

    def begin_back_gesture(self) -> tuple[GestureId, BackPreview]:
        """Begins an interactive back gesture: the leave guards are asked now (CancelledError on a veto); returns
        the gesture's id and the preview. Nothing changes until commit_back_gesture (a command a guard issues is
        queued, runs right after, and so makes the commit fail). An exception a guard raises is raised here."""
        gesture = c_uint64()
        out = c_void_p()
        invoke(lib().navrouter_router_begin_back_gesture, self._ptr(), ctypes.byref(gesture), ctypes.byref(out))
        preview: BackPreview = json.loads(take_string(out))
        return GestureId(gesture.value), preview

    def commit_back_gesture(self, gesture: GestureId) -> Outcome:
        """Finishes a back gesture: back, as the user did it (events are user-initiated)."""
        return self._command(lib().navrouter_router_commit_back_gesture, id_argument(gesture, "gesture"))

    def cancel_back_gesture(self, gesture: GestureId) -> None:
        """Cancels a back gesture: nothing changed, nothing does."""
        invoke(lib().navrouter_router_cancel_back_gesture, self._ptr(), id_argument(gesture, "gesture"))

    def update_entry(
        self, entry: EntryId, parameters: Mapping[str, str] | None = None, props: JSONObject | None = None
    ) -> Outcome:
        """Changes an entry in place: new parameters (its URL is built again) and/or props; its id and view stay,
        and the navigator gets an entry_updated event."""
        return self._command(
            lib().navrouter_router_update_entry,
            id_argument(entry, "entry"),
            dump_json(dict(parameters), "parameters") if parameters is not None else None,
            dump_json(props, "props") if props is not None else None,
        )

    def set_saved_state(self, entry: EntryId, state: JSONObject | None) -> Outcome:
        """Keeps the host's saved state for an entry (a JSON-serialisable dict; None clears it). It is in snapshots
        and comes back with the entry after a restore (Entry.saved_state). No event."""
        return self._command(
            lib().navrouter_router_set_saved_state,
            id_argument(entry, "entry"),
            dump_json(state, "state") if state is not None else None,
        )

    def plan(self, url: str, **options: Any) -> Plan:
        """What navigating to url would do, without doing it: {"route", "needs_login", "interceptors", "events"}
        (navigate's keyword arguments)."""
        out = c_void_p()
        lib().navrouter_router_plan(
            self._ptr(), encode(url, "url"), ctypes.byref(self._navigate_options(options)), ctypes.byref(out)
        )
        plan: Plan = json.loads(take_string(out))
        return plan

    def expire_flows(self) -> None:
        """Cancels the pending flows whose deadline passed (it also happens before every command)."""
        invoke(lib().navrouter_router_expire_flows, self._ptr())

    def transaction_log(self) -> list[dict[str, Any]]:
        """The transaction log (with records_log on): per command {"seq", "command", "outcome" | "error", "events",
        "state"}."""
        out = c_void_p()
        lib().navrouter_router_transaction_log(self._ptr(), ctypes.byref(out))
        return [json.loads(line) for line in take_string(out).splitlines() if line]

    def clear_transaction_log(self) -> None:
        """Empties the transaction log."""
        invoke(lib().navrouter_router_clear_transaction_log, self._ptr())

    def replay(self, log: str | Sequence[Mapping[str, Any]]) -> dict[str, Any]:
        """Runs a transaction log (JSON lines, or the list transaction_log gives) on this router, comparing each
        outcome and state: {"steps", "divergence": None | {"seq", "field", "expected", "actual"}}."""
        # A list's steps are checked as every JSON argument is (keys, NaN, depth), one line each.
        text = (
            encode(log, "log")
            if isinstance(log, str)
            else b"\n".join(dump_json(step, f"log[{index}]", MAX_DOCUMENT_DEPTH) for index, step in enumerate(log))
        )
        out = c_void_p()
        lib().navrouter_router_replay(self._ptr(), text, ctypes.byref(out))
        report: dict[str, Any] = json.loads(take_string(out))
        return report

    def view(self, entry: EntryId) -> Any:
        """The view the handler made for an entry in the state (None when it has none)."""
        out = c_void_p()
        lib().navrouter_router_entry_view(self._ptr(), id_argument(entry, "entry"), ctypes.byref(out))
        return self._views.get(out.value or 0)

    @staticmethod
    def _result(result: JSON) -> bytes | None:
        return dump_json(result, "result") if result is not None else None
