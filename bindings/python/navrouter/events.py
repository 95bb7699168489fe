"""Navigation events and entries, copied out of the C callback into plain Python values."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional

from . import _callbacks
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


@dataclass(frozen=True)
class Entry:
    """One screen in the navigation state. ``view`` is what the route's handler made for it (or None)."""

    id: int
    route: str
    url: str
    parameters: Dict[str, str]
    props: Optional[Any] = None
    expects_result: bool = False
    view: Any = None

    @staticmethod
    def _from_c(pointer) -> Optional["Entry"]:
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
    entry: Optional[Entry] = None
    entries: List[Entry] = field(default_factory=list)
    removed: List[Entry] = field(default_factory=list)
    tab: Optional[int] = None
    layer: Optional[int] = None
    style: Optional[str] = None
    animated: bool = True
    user_initiated: bool = False
    result_of: int = 0
    has_result: bool = False
    result: Any = None
    failure_status: int = 0
    failure_message: Optional[str] = None
    flow: int = 0

    @staticmethod
    def _from_c(pointer) -> "Event":
        c = lib()
        result = decode(c.navrouter_event_result_json(pointer))
        tab = c.navrouter_event_tab(pointer)
        layer = c.navrouter_event_layer(pointer)
        return Event(
            kind=decode(c.navrouter_event_kind_name(pointer)),
            transition=c.navrouter_event_transition(pointer),
            entry=Entry._from_c(c.navrouter_event_entry(pointer)),
            entries=[Entry._from_c(c.navrouter_event_entry_at(pointer, i))
                     for i in range(c.navrouter_event_entry_count(pointer))],
            removed=[Entry._from_c(c.navrouter_event_removed_at(pointer, i))
                     for i in range(c.navrouter_event_removed_count(pointer))],
            tab=tab if tab >= 0 else None,
            layer=layer if layer >= 0 else None,
            style=_STYLES.get(c.navrouter_event_style(pointer)),
            animated=bool(c.navrouter_event_animated(pointer)),
            user_initiated=bool(c.navrouter_event_user_initiated(pointer)),
            result_of=c.navrouter_event_result_of(pointer),
            has_result=result is not None,
            result=json.loads(result) if result is not None else None,
            failure_status=c.navrouter_event_failure_status(pointer),
            failure_message=decode(c.navrouter_event_failure_message(pointer)),
            flow=c.navrouter_event_flow(pointer),
        )
