"""Status codes of the C ABI and the exceptions they become."""

OK = 0
EINVAL = -1
ENOTFOUND = -2
ECONFLICT = -3
EDENIED = -4
ECANCELLED = -5
ECALLBACK = -6
EMALFORMED = -7
EPATTERN = -8
EJSON = -9
ELIMIT = -10
EPARAM = -11
EDESTROYED = -12
EEXTERNAL = -13


class NavRouterError(Exception):
    """A navrouter call failed. ``status`` is the C status code, ``message`` the library's message."""

    def __init__(self, status: int, message: str):
        super().__init__(message)
        self.status = status
        self.message = message


class InvalidArgumentError(NavRouterError, ValueError):
    """An argument is invalid (NAVROUTER_EINVAL)."""


class RouteNotFoundError(NavRouterError, LookupError):
    """No route matches, or no route has that name (NAVROUTER_ENOTFOUND)."""


class ConflictError(NavRouterError):
    """A route's name is taken or it matches exactly the same URLs as another (NAVROUTER_ECONFLICT)."""


class DeniedError(NavRouterError, PermissionError):
    """Refused by policy: an unlisted web domain or scheme (NAVROUTER_EDENIED)."""


class CancelledError(NavRouterError):
    """The command was cancelled (NAVROUTER_ECANCELLED)."""


class CallbackError(NavRouterError):
    """A host callback failed (NAVROUTER_ECALLBACK)."""


class MalformedURLError(NavRouterError, ValueError):
    """The URL is malformed (NAVROUTER_EMALFORMED)."""


class PatternError(NavRouterError, ValueError):
    """A route pattern is invalid (NAVROUTER_EPATTERN)."""


class JSONError(NavRouterError, ValueError):
    """JSON text is invalid or of the wrong shape (NAVROUTER_EJSON)."""


class LimitError(NavRouterError, ValueError):
    """A limit was exceeded (NAVROUTER_ELIMIT)."""


class ParameterError(NavRouterError, ValueError):
    """A required parameter is missing or mistyped (NAVROUTER_EPARAM)."""


class DestroyedError(NavRouterError):
    """The handle was already freed (NAVROUTER_EDESTROYED)."""


class ExternalLinkError(NavRouterError, PermissionError):
    """An external link addressed a route not flagged external (NAVROUTER_EEXTERNAL)."""


_CLASSES = {
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


def error_for(status: int, message: str) -> NavRouterError:
    """The exception for a negative status code."""
    return _CLASSES.get(status, NavRouterError)(status, message)
