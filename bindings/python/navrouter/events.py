"""Navigation events and entries, copied out of the C callback into plain Python values."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from . import _callbacks, _errors
from ._ffi import decode, lib

#: Event kinds (NAVROUTER_EVENT_...), by name.
TABS_SET_UP = "tabs_set_up"
PUSH = "push"
POP = "pop"
PRESENT = "present"
DISMISS = "dismiss"
STACK_REPLACED = "stack_replaced"
TAB_SELECTED = "tab_selected"
RESULT_DELIVERED = "result_delivered"
RESTORED = "restored"
COMMAND_FAILED = "command_failed"
FLOW_CANCELLED = "flow_cancelled"
STATE_CHANGED = "state_changed"

_STYLES = {0: None, 1: "sheet", 2: "fullscreen"}
_STATE_CHANGED = 12  # NAVROUTER_EVENT_STATE_CHANGED
#: JSON carries 64-bit ids as signed integers: masked back to the unsigned values C gives.
_UINT64 = (1 << 64) - 1


@dataclass(frozen=True)
class Entry:
    """One screen in the navigation state. ``view`` is what the route's handler made for it (or None)."""

    id: int
    route: str
    url: str
    parameters: dict[str, str]
    props: Any | None = None
    expects_result: bool = False
    view: Any = None

    @staticmethod
    def _from_c(pointer) -> Entry | None:
        if not pointer:
            return None
        c = lib()
        props = decode(c.navrouter_entry_props_json(pointer))
        return Entry(
            id=c.navrouter_entry_id(pointer),
            route=decode(c.navrouter_entry_route(pointer)),
            url=decode(c.navrouter_entry_url(pointer)),
            parameters=json.loads(c.navrouter_entry_params_json(pointer)),
            props=json.loads(props) if props is not None else None,
            expects_result=bool(c.navrouter_entry_expects_result(pointer)),
            view=_callbacks.lookup(c.navrouter_entry_view(pointer)),
        )

    @staticmethod
    def _from_json(data: dict[str, Any] | None) -> Entry | None:
        """An entry from its JSON form (see navrouter_event_json)."""
        if data is None:
            return None
        view = data.get("view")
        return Entry(
            data["id"],
            data["route"],
            data["url"],
            data["parameters"],
            data["props"],
            data["expects_result"],
            _callbacks.lookup(view & _UINT64) if view is not None else None,
        )


@dataclass(frozen=True)
class Event:
    """A visible change for the host to render (see the NAVROUTER_EVENT_ kinds in navrouter.h).

    ``entry`` is the entry the event is about (pushed, presented, new top, result opener); ``entries`` the list of
    tabs set up, new stack or restored state; ``removed`` what left the state. ``tab``/``layer`` say where (None
    when not applicable). ``result`` is the decoded JSON result of a RESULT_DELIVERED event (``has_result`` tells a
    null result from none); ``failure_status``/``failure_message``/``flow`` describe COMMAND_FAILED and
    FLOW_CANCELLED events.
    """

    kind: str
    transition: int
    entry: Entry | None = None
    entries: list[Entry] = field(default_factory=list)
    removed: list[Entry] = field(default_factory=list)
    tab: int | None = None
    layer: int | None = None
    style: str | None = None
    animated: bool = True
    user_initiated: bool = False
    result_of: int = 0
    has_result: bool = False
    result: Any = None
    failure_status: int = 0
    failure_message: str | None = None
    flow: int = 0

    @staticmethod
    def _from_c(pointer) -> Event:
        """Copies an event out of the callback: one foreign call for its JSON form (a call per field cost more
        than everything else a command does)."""
        c = lib()
        if c.navrouter_event_kind(pointer) == _STATE_CHANGED:  # half of all events: nothing but a transition
            return Event(STATE_CHANGED, c.navrouter_event_transition(pointer))
        data = json.loads(c.navrouter_event_json(pointer))
        entry = Entry._from_json
        status = data.get("status")
        return Event(
            data["kind"],
            data["transition"] & _UINT64,
            entry(data["entry"]),
            [entry(item) for item in data["entries"]],
            [entry(item) for item in data["removed"]],
            data.get("tab"),
            data.get("layer"),
            data.get("style"),
            data["animated"],
            data["user_initiated"],
            data.get("result_of", 0),
            data.get("has_result", False),
            data.get("result"),
            getattr(_errors, status) if status else 0,
            data.get("failure"),
            data.get("flow", 0) & _UINT64,
        )
