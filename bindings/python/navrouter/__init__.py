"""navrouter: an embeddable, UI-agnostic navigation router (Python bindings over libnavrouter.so via ctypes).

The library is found through, in order: the NAVROUTER_LIBRARY environment variable, set_library_path(), the copy
bundled in this package (a wheel's), then libnavrouter.so.1 on the loader's path.
"""

from __future__ import annotations

from ._errors import (
    CallbackError,
    CancelledError,
    ConflictError,
    DeniedError,
    DestroyedError,
    ExternalLinkError,
    InvalidArgumentError,
    JSONError,
    LibraryNotFoundError,
    LimitError,
    MalformedURLError,
    NavRouterError,
    ParameterError,
    PatternError,
    RouteNotFoundError,
)
from ._ffi import set_library_path
from .aio import AsyncRouter
from .guards import PENDING, PROCEED, Cancel, Decision, Interception, Redirect
from .registry import Registry
from .router import Router
from .typed import TypedRoute
from .types import (
    JSON,
    MAX_DOCUMENT_DEPTH,
    MAX_JSON_DEPTH,
    BackPreview,
    Entry,
    EntryId,
    EntryJSON,
    Event,
    EventKind,
    FlowToken,
    GestureId,
    JSONObject,
    Layer,
    ManifestReport,
    QueryDeclaration,
    Match,
    NavigateOptions,
    Outcome,
    OutcomeStatus,
    Phase,
    Plan,
    Presentation,
    Priority,
    Resumption,
    RoutePresentation,
    Snapshot,
    State,
    Style,
    Tab,
    Ticket,
    TransitionId,
)

#: The binding's version (the library it loads has the same; see version()).
__version__ = "0.1.0"


def version() -> str:
    """The loaded library's version, e.g. "0.1.0"."""
    from ._ffi import lib

    raw: bytes = lib().navrouter_version_string()
    return raw.decode()


for _public in (
    Registry,
    Router,
    AsyncRouter,
    Interception,
    Cancel,
    Redirect,
    Entry,
    Event,
    Match,
    Outcome,
    State,
    Tab,
    Layer,
):
    _public.__module__ = "navrouter"

__all__ = [
    "JSON",
    "MAX_DOCUMENT_DEPTH",
    "MAX_JSON_DEPTH",
    "PENDING",
    "PROCEED",
    "AsyncRouter",
    "CallbackError",
    "Cancel",
    "CancelledError",
    "ConflictError",
    "Decision",
    "DeniedError",
    "DestroyedError",
    "Entry",
    "Event",
    "ExternalLinkError",
    "Interception",
    "InvalidArgumentError",
    "JSONError",
    "JSONObject",
    "Layer",
    "LibraryNotFoundError",
    "LimitError",
    "MalformedURLError",
    "Match",
    "NavRouterError",
    "Outcome",
    "OutcomeStatus",
    "ParameterError",
    "PatternError",
    "Phase",
    "Presentation",
    "Priority",
    "Redirect",
    "Registry",
    "Resumption",
    "RouteNotFoundError",
    "RoutePresentation",
    "Router",
    "State",
    "NavigateOptions",
    "EventKind",
    "ManifestReport",
    "QueryDeclaration",
    "BackPreview",
    "EntryJSON",
    "Plan",
    "Snapshot",
    "EntryId",
    "FlowToken",
    "GestureId",
    "Ticket",
    "TransitionId",
    "TypedRoute",
    "Style",
    "Tab",
    "__version__",
    "set_library_path",
    "version",
]
