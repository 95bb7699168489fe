"""navrouter: an embeddable, UI-agnostic navigation router (Python bindings over libnavrouter.so via ctypes).

The library is found through, in order: the NAVROUTER_LIBRARY environment variable, set_library_path(),
a copy bundled in this package, then libnavrouter.so.1 on the loader's path.
"""

from ._errors import (
    CallbackError,
    CancelledError,
    ConflictError,
    DeniedError,
    DestroyedError,
    ExternalLinkError,
    InvalidArgumentError,
    JSONError,
    LimitError,
    MalformedURLError,
    NavRouterError,
    ParameterError,
    PatternError,
    RouteNotFoundError,
)
from ._ffi import set_library_path
from .events import Entry, Event
from .guards import PENDING, PROCEED, Cancel, Interception, Redirect
from .registry import Match, Registry
from .router import Outcome, Router


def version() -> str:
    """The loaded library's version, e.g. "0.1.0"."""
    from ._ffi import lib

    return lib().navrouter_version_string().decode()


__all__ = [
    "CallbackError",
    "Cancel",
    "CancelledError",
    "ConflictError",
    "DeniedError",
    "DestroyedError",
    "Entry",
    "Event",
    "ExternalLinkError",
    "Interception",
    "InvalidArgumentError",
    "JSONError",
    "LimitError",
    "MalformedURLError",
    "Match",
    "NavRouterError",
    "Outcome",
    "PENDING",
    "PROCEED",
    "ParameterError",
    "PatternError",
    "Redirect",
    "Registry",
    "RouteNotFoundError",
    "Router",
    "set_library_path",
    "version",
]
