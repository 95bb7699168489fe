"""Interceptors and their decisions: what a Python interceptor receives and may return."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from ._ffi import decode, encode, lib

#: Phases of an interceptor.
BEFORE = "before"
AFTER = "after"
LEAVE = "leave"
PHASES = {BEFORE: 0, AFTER: 1, LEAVE: 2}
_PHASE_NAMES = {code: name for name, code in PHASES.items()}

#: Priorities: higher runs first; equal priorities run in registration order.
PRIORITIES = {"low": 0, "medium": 1, "high": 2, "mandatory": 3}


@dataclass(frozen=True)
class Cancel:
    """Decision: cancel the navigation (the command fails with CancelledError carrying the reason)."""

    reason: str = ""


@dataclass(frozen=True)
class Redirect:
    """Decision: open this URL instead (redirect chains are bounded; see Registry.set_guard_options)."""

    url: str


class _Pending:
    """Decision: hold the navigation; resume it later with Router.resume_flow(interception.flow, ...)."""

    def __repr__(self) -> str:
        return "PENDING"


#: Decision: proceed (returning None or True means the same).
PROCEED = None
#: Decision: hold the navigation as a pending flow.
PENDING = _Pending()


class Interception:
    """What an interceptor is asked about. Valid only during the callback; copy what you keep."""

    def __init__(self, pointer):
        self._pointer = pointer

    @property
    def phase(self) -> str:
        """ "before", "after" or "leave"."""
        return _PHASE_NAMES[lib().navrouter_interception_phase(self._pointer)]

    @property
    def route(self) -> str:
        """The destination's route name (before, after) or the leaving entry's (leave)."""
        return decode(lib().navrouter_interception_route(self._pointer))

    @property
    def url(self) -> str:
        """The destination URL (before, after) or the leaving entry's URL (leave)."""
        return decode(lib().navrouter_interception_url(self._pointer))

    @property
    def parameters(self) -> dict[str, str]:
        """The destination's (or leaving entry's) parameters."""
        return json.loads(lib().navrouter_interception_params_json(self._pointer))

    def parameter(self, name: str) -> str | None:
        """One parameter, or None."""
        return decode(lib().navrouter_interception_param(self._pointer, encode(name, "name")))

    @property
    def flow(self) -> int:
        """The flow token to keep when returning PENDING."""
        return lib().navrouter_interception_flow(self._pointer)

    @property
    def authenticated(self) -> bool:
        return bool(lib().navrouter_interception_authenticated(self._pointer))

    @property
    def external(self) -> bool:
        """Whether the navigation came from outside the app."""
        return bool(lib().navrouter_interception_external(self._pointer))

    @property
    def router(self) -> Any:
        """The navrouter.Router asking (commands issued on it from the callback are queued), or None."""
        from .router import router_for

        return router_for(lib().navrouter_interception_router(self._pointer))


def apply_decision(pointer, decision: Any) -> int:
    """Maps a Python decision onto the C decision code (setting the reason or URL)."""
    c = lib()
    if decision is None or decision is True:
        return 0
    if decision is False:
        return 1
    if isinstance(decision, Cancel):
        c.navrouter_interception_set_argument(pointer, encode(decision.reason, "reason"))
        return 1
    if isinstance(decision, Redirect):
        c.navrouter_interception_set_argument(pointer, encode(decision.url, "url"))
        return 2
    if decision is PENDING:
        return 3
    raise TypeError(f"an interceptor returns None/True, False, Cancel(...), Redirect(...) or PENDING, not {decision!r}")
