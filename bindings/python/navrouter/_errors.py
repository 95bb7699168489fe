"""Status codes of the C ABI and the exceptions they become (all shown as ``navrouter.X``, all picklable)."""

from __future__ import annotations

from typing import Any

from ._constants import (
    ECALLBACK,
    ECANCELLED,
    ECONFLICT,
    EDENIED,
    EDESTROYED,
    EEXTERNAL,
    EINVAL,
    EJSON,
    ELIMIT,
    EMALFORMED,
    ENOTFOUND,
    EPARAM,
    EPATTERN,
    OK,
)

#: Status names, as navrouter_status_name() gives them without the prefix.
STATUS_NAMES = {
    OK: "OK",
    EINVAL: "EINVAL",
    ENOTFOUND: "ENOTFOUND",
    ECONFLICT: "ECONFLICT",
    EDENIED: "EDENIED",
    ECANCELLED: "ECANCELLED",
    ECALLBACK: "ECALLBACK",
    EMALFORMED: "EMALFORMED",
    EPATTERN: "EPATTERN",
    EJSON: "EJSON",
    ELIMIT: "ELIMIT",
    EPARAM: "EPARAM",
    EDESTROYED: "EDESTROYED",
    EEXTERNAL: "EEXTERNAL",
}
STATUSES = {name: code for code, name in STATUS_NAMES.items()}


class NavRouterError(Exception):
    """A navrouter call failed. ``status`` is the C status code, ``message`` the library's message."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message

    def __reduce__(self) -> tuple[Any, ...]:
        # Pickled by status and message (the default pickles Exception.args, one value, and fails to rebuild).
        return (type(self), (self.status, self.message))

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.status}, {self.message!r})"


class InvalidArgumentError(NavRouterError, ValueError):
    """An argument is invalid (NAVROUTER_EINVAL)."""


class RouteNotFoundError(NavRouterError, LookupError):
    """No route matches, or no route has that name (NAVROUTER_ENOTFOUND)."""


class ConflictError(NavRouterError):
    """A route's name is taken, it matches exactly the same URLs as another, or it is another's parent
    (NAVROUTER_ECONFLICT)."""


class DeniedError(NavRouterError, PermissionError):
    """Refused by policy: an unlisted web domain or scheme, a protected route while logged out, a layer that
    prevents dismissal (NAVROUTER_EDENIED)."""


class CancelledError(NavRouterError):
    """The command was cancelled (NAVROUTER_ECANCELLED)."""


class CallbackError(NavRouterError):
    """A host callback failed or refused (NAVROUTER_ECALLBACK)."""


class MalformedURLError(NavRouterError, ValueError):
    """The URL is malformed (NAVROUTER_EMALFORMED)."""


class PatternError(NavRouterError, ValueError):
    """A route pattern is invalid (NAVROUTER_EPATTERN)."""


class JSONError(NavRouterError, ValueError):
    """JSON text is invalid, of the wrong shape, or nested deeper than MAX_JSON_DEPTH (NAVROUTER_EJSON)."""


class LimitError(NavRouterError, ValueError):
    """A limit was exceeded (NAVROUTER_ELIMIT)."""


class ParameterError(NavRouterError, ValueError):
    """A required parameter is missing or mistyped (NAVROUTER_EPARAM)."""


class DestroyedError(NavRouterError):
    """The handle was already freed, or the interpreter is shutting down (NAVROUTER_EDESTROYED)."""


class ExternalLinkError(NavRouterError, PermissionError):
    """An external link addressed a route not flagged external (NAVROUTER_EEXTERNAL)."""


class LibraryNotFoundError(NavRouterError, ImportError):
    """libnavrouter.so could not be loaded; the message says every place the binding looked."""

    def __init__(self, status: int, message: str) -> None:
        NavRouterError.__init__(self, status, message)


_CLASSES: dict[int, type[NavRouterError]] = {
    EINVAL: InvalidArgumentError,
    ENOTFOUND: RouteNotFoundError,
    ECONFLICT: ConflictError,
    EDENIED: DeniedError,
    ECANCELLED: CancelledError,
    ECALLBACK: CallbackError,
    EMALFORMED: MalformedURLError,
    EPATTERN: PatternError,
    EJSON: JSONError,
    ELIMIT: LimitError,
    EPARAM: ParameterError,
    EDESTROYED: DestroyedError,
    EEXTERNAL: ExternalLinkError,
}

for _class in (NavRouterError, LibraryNotFoundError, *_CLASSES.values()):
    _class.__module__ = "navrouter"


def error_for(status: int, message: str) -> NavRouterError:
    """The exception for a negative status code."""
    return _CLASSES.get(status, NavRouterError)(status, message)


def status_of(name: str | None) -> int:
    """The status code of a name such as "ENOTFOUND" (0 for none)."""
    return STATUSES.get(name or "OK", 0)
