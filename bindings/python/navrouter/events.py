"""Navigation events and entries, copied out of the C callback into plain Python values (see navrouter.types)."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from . import _speed
from ._errors import status_of
from ._ffi import decode, lib
from .types import EVENT_CLASSES, AnyEvent, Entry, EntryId, StateChangedEvent, made

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
GUARD_ERROR = "guard_error"
LAYERS_HIDDEN = "layers_hidden"
LAYERS_SHOWN = "layers_shown"
NAVIGATION_PENDING = "navigation_pending"
PENDING_ENDED = "pending_ended"
ENTRY_UPDATED = "entry_updated"


def event_from_c(pointer: int | None, views: Mapping[int, Any]) -> AnyEvent:
    """Copies an event out of the callback: its data in one call (see navrouter._speed.event_data), a state_changed
    event from its transition and ticket, any other from its JSON form (a call per field cost more than everything
    else a command does)."""
    data = _speed.event_data(pointer)
    if isinstance(data, tuple):  # half of all events: a transition and maybe a ticket
        transition, ticket = data
        return made(StateChangedEvent, {"kind": STATE_CHANGED, "transition": transition, "ticket": ticket})
    entries = tuple(entry for entry in (Entry.from_json(item, views) for item in data["entries"]) if entry)
    removed = tuple(entry for entry in (Entry.from_json(item, views) for item in data["removed"]) if entry)
    return made(  # type: ignore[return-value]  # the class of its kind
        EVENT_CLASSES[data["kind"]],
        {
            "kind": data["kind"],
            "transition": data["transition"],
            "entry": Entry.from_json(data["entry"], views),
            "entries": entries,
            "removed": removed,
            "tab": data.get("tab"),
            "layer": data.get("layer"),
            "style": data.get("style"),
            "prevent_dismissal": data.get("prevent_dismissal", False),
            "animated": data["animated"],
            "user_initiated": data["user_initiated"],
            "result_of": data.get("result_of", 0),
            "has_result": data.get("has_result", False),
            "result": data.get("result"),
            "failure_status": status_of(data.get("status")),
            "failure_message": data.get("failure"),
            "flow": data.get("flow", 0),
            "ticket": data.get("ticket", 0),
            "info": data.get("info"),
        },
    )


def entry_from_c(pointer: int | None, views: Mapping[int, Any]) -> Entry | None:
    """Copies a borrowed entry (a handler's argument)."""
    if not pointer:
        return None
    c = lib()
    props = decode(c.navrouter_entry_props_json(pointer))
    saved = decode(c.navrouter_entry_saved_state_json(pointer))
    view = c.navrouter_entry_view(pointer)
    return Entry(
        id=EntryId(int(c.navrouter_entry_id(pointer))),
        route=decode(c.navrouter_entry_route(pointer)) or "",
        url=decode(c.navrouter_entry_url(pointer)) or "",
        parameters=json.loads(c.navrouter_entry_params_json(pointer)),
        props=json.loads(props) if props is not None else None,
        expects_result=bool(c.navrouter_entry_expects_result(pointer)),
        view=views.get(view) if view else None,
        saved_state=json.loads(saved) if saved is not None else None,
    )
