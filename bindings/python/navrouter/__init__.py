"""navrouter: an embeddable, UI-agnostic navigation router (Python bindings over libnavrouter.so via ctypes).

The library is found through, in order: the NAVROUTER_LIBRARY environment variable, set_library_path(),
a copy bundled in this package, then libnavrouter.so.1 on the loader's path.
"""

from ._errors import (CallbackError, CancelledError, ConflictError, DeniedError, DestroyedError,
                      InvalidArgumentError, JSONError, LimitError, MalformedURLError, NavRouterError, ParameterError,
                      PatternError, RouteNotFoundError)
from ._ffi import set_library_path
from .registry import Match, Registry


def version() -> str:
    """The loaded library's version, e.g. "0.1.0"."""
    from ._ffi import lib

    return lib().navrouter_version_string().decode()


__all__ = [
    "CallbackError", "CancelledError", "ConflictError", "DeniedError", "DestroyedError", "InvalidArgumentError",
    "JSONError", "LimitError", "MalformedURLError", "Match", "NavRouterError", "ParameterError", "PatternError",
    "Registry", "RouteNotFoundError", "set_library_path", "version",
]
