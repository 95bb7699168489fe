"""Router: the navigation state of one window or scene (tabs, modal layers, stacks), driven by commands."""

from __future__ import annotations

import ctypes
import json
import weakref
from collections.abc import Iterable, Sequence
from ctypes import c_char_p, c_uint64, c_void_p
from dataclasses import dataclass
from typing import Any, Callable

from . import _callbacks, _ffi
from ._ffi import encode, lib, take_string
from ._owned import OwnedHandle
from .events import Entry, Event

_STATUSES = {0: "applied", 1: "queued", 2: "pending", 3: "handled"}
_PRESENTATIONS = {None: 0, "push": 0x1, "sheet": 0x2, "fullscreen": 0x3, "root": 0x4, "replace_top": 0x5}
_DECISIONS = {"proceed": 0, "cancel": 1, "redirect": 2}

_routers: weakref.WeakValueDictionary[int, Router] = weakref.WeakValueDictionary()


def router_for(address: int | None) -> Router | None:
    """The Python Router wrapping a C router pointer (None when it has none)."""
    return _routers.get(address or 0)


@dataclass(frozen=True)
class Outcome:
    """What a command did. status: "applied" (id = its transition id, 0 when nothing changed), "queued" (id = a
    ticket; a later failure reaches the navigator as a command_failed event), "pending" (id = the flow token) or
    "handled" (an authentication callback URL was claimed)."""

    status: str
    id: int

    @property
    def applied(self) -> bool:
        return self.status == "applied"

    @property
    def queued(self) -> bool:
        return self.status == "queued"

    @property
    def pending(self) -> bool:
        return self.status == "pending"

    @property
    def handled(self) -> bool:
        return self.status == "handled"


class _Handler:
    """A route handler as the C trampolines see it: C pointers in, Python values out."""

    def __init__(self, make: Callable[[Entry], Any], release: Callable[[Any, Entry], None] | None):
        self._make, self._release = make, release

    def make(self, entry_pointer):
        return self._make(Entry._from_c(entry_pointer))

    def release(self, view_key, entry_pointer):
        if self._release is not None:
            self._release(_callbacks.lookup(view_key), Entry._from_c(entry_pointer))


def _url_array(urls: Iterable[str]):
    encoded = [encode(url, "url") for url in urls]
    return (c_char_p * max(1, len(encoded)))(*encoded), len(encoded)


class Router(OwnedHandle):
    """A navigation state on a registry: optional tabs, modal layers above them, a stack in each.

    Commands are transactions: they succeed (returning an Outcome) or raise a NavRouterError and leave the state
    exactly as it was. Events go to the navigator, a callable taking an Event; it may return False to refuse a
    change (the command is rolled back and raises CallbackError) and may issue commands itself (they are queued
    and run in order). An exception raised in any callback is re-raised by the call that led to it.
    Every method is thread-safe. close() (or a ``with`` block) frees the router and releases every view.
    """

    def __init__(self, registry, navigator: Callable[[Event], bool | None] | None = None):
        handle = _ffi.RouterPtr()
        lib().navrouter_router_new(ctypes.byref(handle), registry._ptr())
        self._handle: _ffi.RouterPtr | None = handle
        self.registry = registry
        _routers[ctypes.addressof(handle.contents)] = self
        if navigator is not None:
            self.set_navigator(navigator)

    _what = "router"

    def _free(self, handle) -> None:
        """Frees the router; views are released through their handlers (their exceptions are re-raised)."""
        lib().navrouter_router_free(handle)
        _callbacks.reraise()

    def _command(self, function, *args) -> Outcome:
        out = c_uint64()
        status = _callbacks.invoke(function, self._ptr(), *args, ctypes.byref(out))
        return Outcome(_STATUSES.get(status, str(status)), out.value)

    # Host callbacks

    def set_navigator(self, navigator: Callable[[Event], bool | None] | None) -> None:
        """Sets the callable that receives every Event (None: none)."""
        if navigator is None:
            lib().navrouter_router_set_navigator(
                self._ptr(), ctypes.cast(None, _ffi.NAVIGATOR_FN), None, ctypes.cast(None, _ffi.DESTROY_FN)
            )
            return
        key = _callbacks.register(lambda pointer: navigator(Event._from_c(pointer)))
        try:
            lib().navrouter_router_set_navigator(self._ptr(), _callbacks.navigator, key, _callbacks.destroy)
        except BaseException:
            _callbacks.destroy(key)
            raise

    def set_handler(
        self,
        route: str | None,
        make: Callable[[Entry], Any] | None,
        release: Callable[[Any, Entry], None] | None = None,
    ) -> None:
        """Sets the view handler of a route (route None: the default for routes without their own).

        make(entry) builds the host's view (any object; None declines, and the command fails with CallbackError);
        release(view, entry) is called exactly once when the entry leaves the state. make None removes the handler.
        """
        name = encode(route, "route") if route is not None else None
        if make is None:
            lib().navrouter_router_set_handler(
                self._ptr(),
                name,
                ctypes.cast(None, _ffi.MAKE_VIEW_FN),
                ctypes.cast(None, _ffi.RELEASE_VIEW_FN),
                None,
                ctypes.cast(None, _ffi.DESTROY_FN),
            )
            return
        key = _callbacks.register(_Handler(make, release))
        try:
            lib().navrouter_router_set_handler(
                self._ptr(), name, _callbacks.make_view, _callbacks.release_view, key, _callbacks.destroy
            )
        except BaseException:
            _callbacks.destroy(key)
            raise

    def set_transition_mode(self, wait: bool) -> None:
        """wait=True: a transition lasts until transition_finished(id); commands issued meanwhile are queued.
        wait=False (the default): a transition is finished when the navigator returns."""
        _callbacks.invoke(lib().navrouter_router_set_transition_mode, self._ptr(), 1 if wait else 0)

    def transition_finished(self, transition: int) -> None:
        """Tells the router the awaited transition is finished; queued commands then run on this thread."""
        _callbacks.invoke(lib().navrouter_router_transition_finished, self._ptr(), transition)

    # Commands

    def start(self) -> Outcome:
        """Sets up the tabs from the registry's root routes (or one main stack)."""
        return self._command(lib().navrouter_router_start)

    def set_tabs(self, urls: Sequence[str], selected: int = 0) -> Outcome:
        """Sets the tabs explicitly: one per URL."""
        array, count = _url_array(urls)
        return self._command(lib().navrouter_router_set_tabs, array, count, selected)

    def navigate(
        self,
        url: str,
        *,
        presentation: str | None = None,
        props: Any = None,
        replace: bool = False,
        prevent_dismissal: bool = False,
        animated: bool = True,
        single_top: bool = False,
        clear_top: bool = False,
        pop_up_to: str | None = None,
        pop_up_to_inclusive: bool = False,
        build_back_stack: bool | None = None,
        expects_result: bool = False,
        external: bool = False,
    ) -> Outcome:
        """Opens a URL as its route's presentation says, unless presentation overrides it ("push", "sheet",
        "fullscreen", "root", "replace_top"). props: a JSON-serialisable dict for the entry. build_back_stack:
        None = the default (on for external links), True/False to force. external: the link came from outside
        the app (only routes flagged external may open; ExternalLinkError otherwise)."""
        if presentation not in _PRESENTATIONS:
            raise ValueError(
                f"presentation must be one of {', '.join(p for p in _PRESENTATIONS if p)}, not {presentation!r}"
            )
        flags = _PRESENTATIONS[presentation]
        flags |= 0x10 if replace else 0
        flags |= 0x20 if prevent_dismissal else 0
        flags |= 0 if animated else 0x40
        flags |= 0x80 if single_top else 0
        flags |= 0x100 if clear_top else 0
        flags |= {None: 0, True: 0x200, False: 0x400}[build_back_stack]
        flags |= 0x800 if expects_result else 0
        flags |= 0x1000 if external else 0
        flags |= 0x2000 if pop_up_to_inclusive else 0
        options = _ffi.NavOptions(
            1,
            flags,
            encode(json.dumps(props), "props") if props is not None else None,
            encode(pop_up_to, "pop_up_to") if pop_up_to is not None else None,
        )
        return self._command(lib().navrouter_router_navigate, encode(url, "url"), ctypes.byref(options))

    def pop(self, count: int = 1, result: Any = None) -> Outcome:
        """Pops count entries (never a stack's root); result (JSON-serialisable) goes to the opener of the
        top-most popped entry that expects one."""
        return self._command(lib().navrouter_router_pop, count, self._result(result))

    def pop_to_root(self) -> Outcome:
        return self._command(lib().navrouter_router_pop_to_root)

    def pop_to(self, entry: int) -> Outcome:
        """Pops down to an entry (kept); RouteNotFoundError when it is not in the current stack."""
        return self._command(lib().navrouter_router_pop_to, entry)

    def pop_after(self, index: int) -> Outcome:
        """Keeps the current stack's entries up to index."""
        return self._command(lib().navrouter_router_pop_after, index)

    def set_stack(self, urls: Sequence[str]) -> Outcome:
        """Replaces the current stack with entries for these URLs (a tab keeps its root)."""
        array, count = _url_array(urls)
        return self._command(lib().navrouter_router_set_stack, array, count)

    def dismiss(self, count: int = 1, result: Any = None) -> Outcome:
        """Dismisses the top count modal layers (0: all)."""
        return self._command(lib().navrouter_router_dismiss, count, self._result(result))

    def select_tab(self, index: int) -> Outcome:
        return self._command(lib().navrouter_router_select_tab, index)

    def back(self) -> Outcome:
        """Pops, or dismisses at a modal's root."""
        return self._command(lib().navrouter_router_back)

    def user_popped(self, entry: int) -> Outcome:
        """The user popped to entry directly (swipe back): the state follows, events say user_initiated."""
        return self._command(lib().navrouter_router_user_popped, entry)

    def user_dismissed(self, count: int = 1) -> Outcome:
        """The user dismissed the top count layers directly."""
        return self._command(lib().navrouter_router_user_dismissed, count)

    def refresh(self) -> Outcome:
        """Re-checks the state against the guards."""
        return self._command(lib().navrouter_router_refresh)

    def resume_flow(self, flow: int, decision: str = "proceed", argument: str | None = None) -> Outcome:
        """Resumes a pending flow: "proceed", "cancel" (argument: the reason) or "redirect" (argument: the URL).
        A stale, reused or forged token raises InvalidArgumentError."""
        if decision not in _DECISIONS:
            raise ValueError(f"decision must be proceed, cancel or redirect, not {decision!r}")
        return self._command(
            lib().navrouter_router_resume_flow,
            flow,
            _DECISIONS[decision],
            encode(argument, "argument") if argument is not None else None,
        )

    def complete_login(self, flow: int, success: bool) -> Outcome:
        """Completes a login flow: on success the original navigation goes on, else it is dropped."""
        return self._command(lib().navrouter_router_complete_login, flow, success)

    # State

    def snapshot(self) -> dict:
        """The whole state as a dict (the versioned JSON of navrouter_router_snapshot)."""
        out = c_void_p()
        lib().navrouter_router_snapshot(self._ptr(), ctypes.byref(out))
        return json.loads(take_string(out))

    def restore(self, snapshot: dict | str) -> Outcome:
        """Replaces the state with a snapshot (dict or JSON text); a bad one raises JSONError, state kept."""
        text = snapshot if isinstance(snapshot, str) else json.dumps(snapshot)
        return self._command(lib().navrouter_router_restore, encode(text, "snapshot"))

    def view(self, entry: int) -> Any:
        """The view the handler made for an entry in the state (None when it has none)."""
        out = c_void_p()
        lib().navrouter_router_entry_view(self._ptr(), entry, ctypes.byref(out))
        return _callbacks.lookup(out.value)

    @staticmethod
    def _result(result: Any) -> bytes | None:
        return encode(json.dumps(result), "result") if result is not None else None
