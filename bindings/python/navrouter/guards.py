"""Interceptors and their decisions: what a Python interceptor receives (a copy) and may return."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Union

from . import _constants as c_constants
from ._ffi import encode, lib
from ._routers import router_for
from .types import Phase

#: Phases of an interceptor.
BEFORE: Phase = "before"
AFTER: Phase = "after"
LEAVE: Phase = "leave"
PHASES: dict[str, int] = {
    BEFORE: c_constants.PHASE_BEFORE,
    AFTER: c_constants.PHASE_AFTER,
    LEAVE: c_constants.PHASE_LEAVE,
}

#: Priorities: higher runs first; equal priorities run in registration order.
PRIORITIES: dict[str, int] = {
    "low": c_constants.PRIORITY_LOW,
    "medium": c_constants.PRIORITY_MEDIUM,
    "high": c_constants.PRIORITY_HIGH,
    "mandatory": c_constants.PRIORITY_MANDATORY,
}


@dataclass(frozen=True)
class Cancel:
    """Decision: cancel the navigation (the command fails with CancelledError carrying the reason), or veto a
    leave."""

    reason: str = ""


@dataclass(frozen=True)
class Redirect:
    """Decision: open this URL instead (before), or next (after); redirect chains are bounded (see
    Registry.set_guard_options)."""

    url: str


class _Pending:
    """Decision: hold the navigation; resume it later with Router.resume_flow(interception.flow, ...)."""

    def __repr__(self) -> str:
        return "PENDING"


#: Decision: proceed (returning None or True means the same).
PROCEED = None
#: Decision: hold the navigation as a pending flow.
PENDING = _Pending()

#: What an interceptor may return.
Decision = Union[None, bool, Cancel, Redirect, _Pending]


@dataclass(frozen=True)
class Interception:
    """What an interceptor is asked about: a copy, readable also after the callback returned.

    ``route`` and ``url`` are the destination's (before, after) or the leaving entry's (leave); ``flow`` is the
    token to keep when returning PENDING; ``router`` is the navrouter.Router asking (commands issued on it from the
    callback are queued), or None."""

    phase: Phase
    route: str
    url: str
    parameters: dict[str, str] = field(default_factory=dict[str, str])
    flow: int = 0
    authenticated: bool = False
    external: bool = False
    router: Any = field(default=None, repr=False, compare=False)

    def parameter(self, name: str) -> str | None:
        """One parameter, or None."""
        return self.parameters.get(name)

    @staticmethod
    def from_c(pointer: int | None) -> Interception:
        """Copies a borrowed navrouter_interception (one foreign call for its fields, one for its router)."""
        c = lib()
        data: dict[str, Any] = json.loads(c.navrouter_interception_json(pointer))
        return Interception(
            phase=data["phase"],
            route=data["route"],
            url=data["url"],
            parameters=data["parameters"],
            flow=data["flow"],
            authenticated=data["authenticated"],
            external=data["external"],
            router=router_for(c.navrouter_interception_router(pointer)),
        )


def apply_decision(pointer: int | None, decision: Any) -> int:
    """Maps a Python decision onto the C decision code (setting the reason or URL)."""
    c = lib()
    if decision is None or decision is True:
        return c_constants.DECISION_PROCEED
    if decision is False:
        return c_constants.DECISION_CANCEL
    if isinstance(decision, Cancel):
        c.navrouter_interception_set_argument(pointer, encode(decision.reason, "reason"))
        return c_constants.DECISION_CANCEL
    if isinstance(decision, Redirect):
        c.navrouter_interception_set_argument(pointer, encode(decision.url, "url"))
        return c_constants.DECISION_REDIRECT
    if decision is PENDING:
        return c_constants.DECISION_PENDING
    raise TypeError(f"an interceptor returns None/True, False, Cancel(...), Redirect(...) or PENDING, not {decision!r}")
