"""Loading libnavrouter.so and declaring its functions: one table of signatures, applied once at load."""

from __future__ import annotations

import ctypes
import operator
import os
from collections.abc import Iterable, Iterator
from ctypes import POINTER, c_bool, c_char_p, c_int, c_size_t, c_uint32, c_void_p
from pathlib import Path
from typing import Any, SupportsIndex

from ._constants import ABI_VERSION, EINVAL, ENOTFOUND
from ._errors import InvalidArgumentError, LibraryNotFoundError, error_for

_SONAME = f"libnavrouter.so.{ABI_VERSION}"
#: Jansson as libnavrouter.so links it (bundled beside it in a wheel).
_JANSSON_SONAME = "libjansson.so.4"
_library_path: str | None = None
_lib: ctypes.CDLL | None = None
_jansson: ctypes.CDLL | None = None


class _Registry(ctypes.Structure):
    """Opaque navrouter_registry."""


class _Match(ctypes.Structure):
    """Opaque navrouter_match."""


class RouteSpec(ctypes.Structure):
    """navrouter_route_spec."""

    _fields_ = [("name", c_char_p), ("pattern", c_char_p), ("flags", c_uint32)]


class Range(ctypes.Structure):
    """navrouter_range: a byte range [start, end)."""

    _fields_ = [("start", c_uint32), ("end", c_uint32)]


class _Router(ctypes.Structure):
    """Opaque navrouter_router."""


class NavOptions(ctypes.Structure):
    """navrouter_nav_options (version 2)."""

    _fields_ = [
        ("version", c_uint32),
        ("flags", c_uint32),
        ("props_json", c_char_p),
        ("pop_up_to", c_char_p),
        ("tab", c_char_p),
        ("flow_deadline_ms", ctypes.c_int64),
    ]


RegistryPtr = POINTER(_Registry)
MatchPtr = POINTER(_Match)
RouterPtr = POINTER(_Router)

# Callback types (borrowed pointers are passed as c_void_p).
NAVIGATOR_FN = ctypes.CFUNCTYPE(c_int, c_void_p, c_void_p)
MAKE_VIEW_FN = ctypes.CFUNCTYPE(c_void_p, c_void_p, c_void_p)
RELEASE_VIEW_FN = ctypes.CFUNCTYPE(None, c_void_p, c_void_p, c_void_p)
INTERCEPTOR_FN = ctypes.CFUNCTYPE(c_int, c_void_p, c_void_p)
LOGIN_FN = ctypes.CFUNCTYPE(None, c_void_p, ctypes.c_uint64, c_void_p, c_void_p)
#: navrouter_migrate_fn: returns a malloc'd string (as an address), or NULL.
MIGRATE_FN = ctypes.CFUNCTYPE(c_void_p, c_char_p, c_void_p)
CLAIM_FN = ctypes.CFUNCTYPE(c_bool, c_void_p, c_char_p, c_void_p)
DESTROY_FN = ctypes.CFUNCTYPE(None, c_void_p)

# NULL function pointers of each type (a CFUNCTYPE made without a function is NULL).
NO_NAVIGATOR = NAVIGATOR_FN()
NO_MAKE_VIEW = MAKE_VIEW_FN()
NO_RELEASE_VIEW = RELEASE_VIEW_FN()
NO_LOGIN = LOGIN_FN()
NO_CLAIM = CLAIM_FN()
NO_DESTROY = DESTROY_FN()


def set_library_path(path: str) -> None:
    """Use this libnavrouter.so; call before the first use of the library."""
    global _library_path
    if _lib is not None:
        raise RuntimeError("navrouter: the library is already loaded")
    _library_path = path


def _check(status: int, func: Any, args: Any) -> int:
    """errcheck for functions returning a status: raise on a negative one, reading the message at once."""
    if status < 0:
        raise error_for(status, last_error())
    return status


# (name, argtypes, restype, errcheck)
_SIGNATURES: list[tuple[str, list[Any], Any, Any]] = [
    ("navrouter_version", [], c_uint32, None),
    ("navrouter_version_string", [], c_char_p, None),
    ("navrouter_abi_version", [], c_uint32, None),
    ("navrouter_last_error", [], c_char_p, None),
    ("navrouter_status_name", [c_int], c_char_p, None),
    ("navrouter_string_free", [c_void_p], None, None),
    ("navrouter_registry_new", [POINTER(RegistryPtr), c_uint32], c_int, _check),
    ("navrouter_registry_free", [RegistryPtr], None, None),
    ("navrouter_registry_set_web_domains", [RegistryPtr, POINTER(c_char_p), c_size_t], c_int, _check),
    ("navrouter_registry_set_schemes", [RegistryPtr, POINTER(c_char_p), c_size_t], c_int, _check),
    ("navrouter_registry_set_limits", [RegistryPtr, c_size_t, c_size_t], c_int, _check),
    ("navrouter_registry_add_route", [RegistryPtr, c_char_p, c_char_p, c_uint32], c_int, _check),
    ("navrouter_registry_add_routes", [RegistryPtr, POINTER(RouteSpec), c_size_t], c_int, _check),
    ("navrouter_registry_load_manifest", [RegistryPtr, c_char_p, POINTER(c_size_t)], c_int, _check),
    ("navrouter_registry_remove_route", [RegistryPtr, c_char_p], c_int, _check),
    ("navrouter_registry_remove_module", [RegistryPtr, c_char_p, POINTER(c_size_t)], c_int, _check),
    ("navrouter_registry_route_count", [RegistryPtr, POINTER(c_size_t)], c_int, _check),
    ("navrouter_registry_route_json", [RegistryPtr, c_char_p, POINTER(c_void_p)], c_int, _check),
    ("navrouter_registry_routes_json", [RegistryPtr, POINTER(c_void_p)], c_int, _check),
    ("navrouter_registry_resolve", [RegistryPtr, c_char_p, POINTER(MatchPtr)], c_int, _check),
    (
        "navrouter_registry_lookup",
        [RegistryPtr, c_char_p, c_size_t, POINTER(c_uint32), POINTER(Range), c_size_t, POINTER(c_size_t)],
        c_int,
        _check,
    ),
    (
        "navrouter_registry_resolve_packed",
        [RegistryPtr, c_char_p, c_size_t, c_void_p, c_size_t, POINTER(c_size_t)],
        c_int,
        _check,
    ),
    ("navrouter_registry_route_name", [RegistryPtr, c_uint32, POINTER(c_void_p)], c_int, _check),
    ("navrouter_registry_explain", [RegistryPtr, c_char_p, POINTER(c_void_p)], c_int, _check),
    (
        "navrouter_registry_build_url",
        [RegistryPtr, c_char_p, c_char_p, c_char_p, c_char_p, POINTER(c_void_p)],
        c_int,
        _check,
    ),
    ("navrouter_registry_check_manifest", [RegistryPtr, c_char_p, POINTER(c_void_p)], c_int, _check),
    ("navrouter_registry_check_route", [RegistryPtr, c_char_p, c_char_p, c_char_p], c_int, _check),
    (
        "navrouter_registry_build_universal_link",
        [RegistryPtr, c_char_p, c_char_p, c_char_p, c_char_p, POINTER(c_void_p)],
        c_int,
        _check,
    ),
    (
        "navrouter_registry_build_url_for_path",
        [RegistryPtr, c_char_p, c_char_p, c_char_p, POINTER(c_void_p)],
        c_int,
        _check,
    ),
    ("navrouter_match_route", [MatchPtr], c_char_p, None),
    ("navrouter_match_url", [MatchPtr], c_char_p, None),
    ("navrouter_match_param", [MatchPtr, c_char_p], c_char_p, None),
    ("navrouter_match_remainder", [MatchPtr], c_char_p, None),
    ("navrouter_match_fragment", [MatchPtr], c_char_p, None),
    ("navrouter_match_props", [MatchPtr], c_char_p, None),
    ("navrouter_match_params_json", [MatchPtr], c_char_p, None),
    ("navrouter_match_path_params_json", [MatchPtr], c_char_p, None),
    ("navrouter_match_query_json", [MatchPtr], c_char_p, None),
    ("navrouter_match_json", [MatchPtr], c_char_p, None),
    ("navrouter_match_free", [MatchPtr], None, None),
    (
        "navrouter_registry_add_interceptor",
        [
            RegistryPtr,
            c_char_p,
            c_uint32,
            c_uint32,
            c_char_p,
            POINTER(c_char_p),
            c_size_t,
            c_uint32,
            c_char_p,
            INTERCEPTOR_FN,
            c_void_p,
            DESTROY_FN,
            POINTER(ctypes.c_uint64),
        ],
        c_int,
        _check,
    ),
    ("navrouter_registry_remove_interceptor", [RegistryPtr, ctypes.c_uint64], c_int, _check),
    ("navrouter_registry_set_authenticated", [RegistryPtr, c_bool], c_int, _check),
    ("navrouter_registry_is_authenticated", [RegistryPtr, POINTER(c_bool)], c_int, _check),
    ("navrouter_registry_set_auth_handler", [RegistryPtr, LOGIN_FN, CLAIM_FN, c_void_p, DESTROY_FN], c_int, _check),
    ("navrouter_registry_set_guard_options", [RegistryPtr, c_uint32, c_char_p], c_int, _check),
    ("navrouter_registry_set_guard_flags", [RegistryPtr, c_uint32], c_int, _check),
    ("navrouter_interception_phase", [c_void_p], c_uint32, None),
    ("navrouter_interception_route", [c_void_p], c_char_p, None),
    ("navrouter_interception_url", [c_void_p], c_char_p, None),
    ("navrouter_interception_params_json", [c_void_p], c_char_p, None),
    ("navrouter_interception_flow", [c_void_p], ctypes.c_uint64, None),
    ("navrouter_interception_authenticated", [c_void_p], c_bool, None),
    ("navrouter_interception_external", [c_void_p], c_bool, None),
    ("navrouter_interception_set_argument", [c_void_p, c_char_p], c_int, None),
    ("navrouter_interception_json", [c_void_p], c_char_p, None),
    ("navrouter_router_new", [POINTER(RouterPtr), RegistryPtr], c_int, _check),
    ("navrouter_router_free", [RouterPtr], None, None),
    ("navrouter_router_set_navigator", [RouterPtr, NAVIGATOR_FN, c_void_p, DESTROY_FN], c_int, _check),
    (
        "navrouter_router_set_handler",
        [RouterPtr, c_char_p, MAKE_VIEW_FN, RELEASE_VIEW_FN, c_void_p, DESTROY_FN],
        c_int,
        _check,
    ),
    ("navrouter_router_set_transition_mode", [RouterPtr, c_uint32], c_int, _check),
    ("navrouter_router_transition_finished", [RouterPtr, ctypes.c_uint64], c_int, _check),
    ("navrouter_router_start", [RouterPtr, POINTER(ctypes.c_uint64)], c_int, _check),
    (
        "navrouter_router_set_tabs",
        [RouterPtr, POINTER(c_char_p), c_size_t, c_size_t, POINTER(ctypes.c_uint64)],
        c_int,
        _check,
    ),
    ("navrouter_router_navigate", [RouterPtr, c_char_p, POINTER(NavOptions), POINTER(ctypes.c_uint64)], c_int, _check),
    ("navrouter_router_pop", [RouterPtr, c_size_t, c_char_p, POINTER(ctypes.c_uint64)], c_int, _check),
    ("navrouter_router_pop_to_root", [RouterPtr, POINTER(ctypes.c_uint64)], c_int, _check),
    ("navrouter_router_pop_to", [RouterPtr, ctypes.c_uint64, POINTER(ctypes.c_uint64)], c_int, _check),
    ("navrouter_router_pop_after", [RouterPtr, c_size_t, POINTER(ctypes.c_uint64)], c_int, _check),
    ("navrouter_router_set_stack", [RouterPtr, POINTER(c_char_p), c_size_t, POINTER(ctypes.c_uint64)], c_int, _check),
    ("navrouter_router_dismiss", [RouterPtr, c_size_t, c_char_p, POINTER(ctypes.c_uint64)], c_int, _check),
    ("navrouter_router_select_tab", [RouterPtr, c_size_t, POINTER(ctypes.c_uint64)], c_int, _check),
    ("navrouter_router_select_tab_route", [RouterPtr, c_char_p, POINTER(ctypes.c_uint64)], c_int, _check),
    ("navrouter_router_back", [RouterPtr, POINTER(ctypes.c_uint64)], c_int, _check),
    ("navrouter_router_user_popped", [RouterPtr, ctypes.c_uint64, POINTER(ctypes.c_uint64)], c_int, _check),
    ("navrouter_router_user_dismissed", [RouterPtr, c_size_t, POINTER(ctypes.c_uint64)], c_int, _check),
    ("navrouter_router_refresh", [RouterPtr, POINTER(ctypes.c_uint64)], c_int, _check),
    (
        "navrouter_router_resume_flow",
        [RouterPtr, ctypes.c_uint64, c_int, c_char_p, POINTER(ctypes.c_uint64)],
        c_int,
        _check,
    ),
    ("navrouter_router_complete_login", [RouterPtr, ctypes.c_uint64, c_bool, POINTER(ctypes.c_uint64)], c_int, _check),
    ("navrouter_router_snapshot", [RouterPtr, POINTER(c_void_p)], c_int, _check),
    ("navrouter_router_restore", [RouterPtr, c_char_p, POINTER(ctypes.c_uint64)], c_int, _check),
    ("navrouter_router_entry_view", [RouterPtr, ctypes.c_uint64, POINTER(c_void_p)], c_int, _check),
    ("navrouter_router_state_json", [RouterPtr, POINTER(c_void_p)], c_int, _check),
    ("navrouter_router_state_text", [RouterPtr, POINTER(c_void_p)], c_int, _check),
    (
        "navrouter_router_restore_ex",
        [RouterPtr, c_char_p, c_uint32, MIGRATE_FN, c_void_p, c_char_p, POINTER(NavOptions), POINTER(ctypes.c_uint64)],
        c_int,
        _check,
    ),
    ("navrouter_router_snapshot_ex", [RouterPtr, c_char_p, POINTER(c_void_p)], c_int, _check),
    (
        "navrouter_router_update_entry",
        [RouterPtr, ctypes.c_uint64, c_char_p, c_char_p, POINTER(ctypes.c_uint64)],
        c_int,
        _check,
    ),
    (
        "navrouter_router_set_saved_state",
        [RouterPtr, ctypes.c_uint64, c_char_p, POINTER(ctypes.c_uint64)],
        c_int,
        _check,
    ),
    ("navrouter_router_set_options_json", [RouterPtr, c_char_p], c_int, _check),
    ("navrouter_router_options_json", [RouterPtr, POINTER(c_void_p)], c_int, _check),
    ("navrouter_router_can_go_back", [RouterPtr, POINTER(c_bool)], c_int, _check),
    ("navrouter_router_can_dismiss", [RouterPtr, POINTER(c_bool)], c_int, _check),
    ("navrouter_router_back_preview", [RouterPtr, POINTER(c_void_p)], c_int, None),
    ("navrouter_router_begin_back_gesture", [RouterPtr, POINTER(ctypes.c_uint64), POINTER(c_void_p)], c_int, _check),
    ("navrouter_router_commit_back_gesture", [RouterPtr, ctypes.c_uint64, POINTER(ctypes.c_uint64)], c_int, _check),
    ("navrouter_router_cancel_back_gesture", [RouterPtr, ctypes.c_uint64], c_int, _check),
    ("navrouter_router_plan", [RouterPtr, c_char_p, POINTER(NavOptions), POINTER(c_void_p)], c_int, _check),
    ("navrouter_router_expire_flows", [RouterPtr], c_int, _check),
    ("navrouter_router_transaction_log", [RouterPtr, POINTER(c_void_p)], c_int, _check),
    ("navrouter_router_clear_transaction_log", [RouterPtr], c_int, _check),
    ("navrouter_router_replay", [RouterPtr, c_char_p, POINTER(c_void_p)], c_int, _check),
    ("navrouter_interception_param", [c_void_p, c_char_p], c_char_p, None),
    ("navrouter_interception_router", [c_void_p], c_void_p, None),
    ("navrouter_event_kind", [c_void_p], c_int, None),
    ("navrouter_event_kind_name", [c_void_p], c_char_p, None),
    ("navrouter_event_transition", [c_void_p], ctypes.c_uint64, None),
    ("navrouter_event_entry", [c_void_p], c_void_p, None),
    ("navrouter_event_entry_count", [c_void_p], c_size_t, None),
    ("navrouter_event_entry_at", [c_void_p, c_size_t], c_void_p, None),
    ("navrouter_event_removed_count", [c_void_p], c_size_t, None),
    ("navrouter_event_removed_at", [c_void_p, c_size_t], c_void_p, None),
    ("navrouter_event_tab", [c_void_p], ctypes.c_int32, None),
    ("navrouter_event_layer", [c_void_p], ctypes.c_int32, None),
    ("navrouter_event_style", [c_void_p], c_uint32, None),
    ("navrouter_event_animated", [c_void_p], c_bool, None),
    ("navrouter_event_user_initiated", [c_void_p], c_bool, None),
    ("navrouter_event_result_of", [c_void_p], ctypes.c_uint64, None),
    ("navrouter_event_result_json", [c_void_p], c_char_p, None),
    ("navrouter_event_failure_status", [c_void_p], c_int, None),
    ("navrouter_event_failure_message", [c_void_p], c_char_p, None),
    ("navrouter_event_flow", [c_void_p], ctypes.c_uint64, None),
    ("navrouter_event_ticket", [c_void_p], ctypes.c_uint64, None),
    ("navrouter_event_prevent_dismissal", [c_void_p], c_bool, None),
    ("navrouter_event_json", [c_void_p], c_char_p, None),
    ("navrouter_entry_view", [c_void_p], c_void_p, None),
    ("navrouter_entry_expects_result", [c_void_p], c_bool, None),
    ("navrouter_entry_saved_state_json", [c_void_p], c_char_p, None),
    ("navrouter_event_info_json", [c_void_p], c_char_p, None),
    ("navrouter_entry_id", [c_void_p], ctypes.c_uint64, None),
    ("navrouter_entry_route", [c_void_p], c_char_p, None),
    ("navrouter_entry_url", [c_void_p], c_char_p, None),
    ("navrouter_entry_params_json", [c_void_p], c_char_p, None),
    ("navrouter_entry_props_json", [c_void_p], c_char_p, None),
]


def _candidates() -> Iterator[tuple[str, str]]:
    """Where the library may be, in order, each with the way it was found."""
    env = os.environ.get("NAVROUTER_LIBRARY")
    if env:
        yield env, "the NAVROUTER_LIBRARY environment variable"
    if _library_path:
        yield _library_path, "navrouter.set_library_path()"
    bundled = Path(__file__).with_name(_SONAME)
    yield str(bundled), "the copy bundled in the package"
    yield _SONAME, "the system's library path (ldconfig, LD_LIBRARY_PATH)"


def _load_bundled_jansson() -> None:
    """A wheel bundles the Jansson libnavrouter.so links: load it first (global symbols), so that the loader finds
    it by its soname on a machine without libjansson4."""
    global _jansson
    bundled = Path(__file__).with_name(_JANSSON_SONAME)
    if _jansson is None and bundled.exists():
        _jansson = ctypes.CDLL(str(bundled), mode=ctypes.RTLD_GLOBAL)


def lib() -> ctypes.CDLL:
    """The loaded library (loaded and checked on first use).

    Raises LibraryNotFoundError naming every place it looked (and why each failed) when it cannot be loaded."""
    global _lib
    if _lib is not None:
        return _lib
    _load_bundled_jansson()
    tried: list[str] = []
    for candidate, how in _candidates():
        if how == "the copy bundled in the package" and not Path(candidate).exists():
            tried.append(f"{candidate} ({how}): not there")
            continue
        try:
            loaded = ctypes.CDLL(candidate)
        except OSError as error:
            tried.append(f"{candidate} ({how}): {error}")
            continue
        for name, argtypes, restype, errcheck in _SIGNATURES:
            function = getattr(loaded, name)
            function.argtypes = argtypes
            function.restype = restype
            if errcheck is not None:
                function.errcheck = errcheck
        abi = loaded.navrouter_abi_version()
        if abi != ABI_VERSION:
            tried.append(f"{candidate} ({how}): ABI version {abi}, these bindings need {ABI_VERSION}")
            continue
        _lib = loaded
        return loaded
    raise LibraryNotFoundError(
        ENOTFOUND,
        "navrouter: cannot load libnavrouter. Looked in: "
        + "; ".join(tried)
        + ". Build it (scripts/build-library.sh), install a wheel (pip install navrouter), or point "
        "NAVROUTER_LIBRARY at libnavrouter.so.1.",
    )


def last_error() -> str:
    """This thread's last failure message."""
    raw = lib().navrouter_last_error()
    return raw.decode("utf-8", "replace") if raw else ""


def unconverted(name: str) -> Any:
    """A second handle on a declared function, with no argument conversion and no errcheck (ctypes converts each
    argument through its declared type on every call: a third of a short call's cost). The caller passes ctypes
    values of exactly the declared C types (c_void_p, c_size_t, pointers, arrays; bytes for const char *) and
    checks the status itself."""
    declared = getattr(lib(), name)
    function: Any = lib()[name]
    function.argtypes = None
    function.restype = declared.restype
    return function


def encode(text: str, name: str) -> bytes:
    """A Python string as UTF-8 bytes for the C ABI (NUL is refused here, as C would cut the string)."""
    if not isinstance(text, str):  # pyright: ignore[reportUnnecessaryIsInstance] - checked at run time
        raise TypeError(f"{name} must be a str, not {type(text).__name__}")
    if "\0" in text:
        raise InvalidArgumentError(EINVAL, f"{name} contains a NUL character")
    return text.encode("utf-8", "surrogatepass")


def flag_argument(value: bool, name: str) -> bool:
    """A flag for the C ABI: True or False only. Read for its truth, "no" (a non-empty string) would be True, and a
    typo'd value would log a user in or protect a route silently."""
    if not isinstance(value, bool):  # pyright: ignore[reportUnnecessaryIsInstance] - checked at run time
        raise TypeError(f"{name} must be True or False, not {type(value).__name__}")
    return value


def size_argument(value: SupportsIndex, name: str) -> int:
    """A count or index for a C `size_t` parameter (the library reads it as a signed 64-bit number and says what is
    wrong with a negative one). TypeError for what is not an int; InvalidArgumentError for an int that does not fit,
    which ctypes would otherwise wrap silently (2**64 would become 0)."""
    return _integer(value, name, -(1 << 63), (1 << 63) - 1)


def id_argument(value: SupportsIndex, name: str) -> int:
    """An id for a C `uint64_t` parameter (entry, flow, transition, gesture, interceptor): the checks of
    `size_argument`, from 0 to 2**64 - 1."""
    return _integer(value, name, 0, (1 << 64) - 1)


def uint32_argument(value: SupportsIndex, name: str) -> int:
    """A number for a C `uint32_t` parameter: the checks of `size_argument`, from 0 to 2**32 - 1."""
    return _integer(value, name, 0, (1 << 32) - 1)


def _integer(value: SupportsIndex, name: str, low: int, high: int) -> int:
    if isinstance(value, bool):  # an int to Python, but True is no entry id, count or index
        raise TypeError(f"{name} must be an int, not bool")
    try:
        number = operator.index(value)
    except TypeError:
        raise TypeError(f"{name} must be an int, not {type(value).__name__}") from None
    if not low <= number <= high:
        raise InvalidArgumentError(EINVAL, f"{name} {number} is out of range ({low} to {high})")
    return number


def encode_optional(text: str | None, name: str) -> bytes | None:
    """`encode`, with None passed on as NULL."""
    return None if text is None else encode(text, name)


def encode_list(values: Iterable[str], name: str) -> list[bytes]:
    """An iterable of strings (a single str is refused: it would be split into its letters)."""
    if isinstance(values, (str, bytes)):
        raise TypeError(f"{name} must be an iterable of str, not a str")
    return [encode(value, f"{name}[{index}]") for index, value in enumerate(values)]


def string_array(encoded: list[bytes]) -> Any:
    """A C array of strings (at least one slot, so that it is never a NULL pointer)."""
    return (c_char_p * max(1, len(encoded)))(*encoded)


def decode(raw: bytes | None) -> str | None:
    """Borrowed C string → Python string (None stays None)."""
    return None if raw is None else raw.decode("utf-8")


def take_string(pointer: c_void_p) -> str:
    """Copies an owned C string, then frees it."""
    try:
        return ctypes.string_at(pointer.value).decode("utf-8") if pointer.value else ""
    finally:
        lib().navrouter_string_free(pointer)
