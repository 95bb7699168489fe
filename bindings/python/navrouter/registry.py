"""Registry: routes, deep-link resolution, explanations and reverse routing."""

from __future__ import annotations

import contextlib
import ctypes
import json
import struct
import threading
from collections.abc import Iterable, Mapping
from ctypes import c_bool, c_char_p, c_size_t, c_uint32, c_void_p
from typing import Any, Callable, NamedTuple

from . import _callbacks, _ffi
from ._errors import ELIMIT, error_for
from ._ffi import decode, encode, lib, take_string
from ._owned import OwnedHandle
from .guards import BEFORE, PHASES, PRIORITIES, Interception, apply_decision

#: Route flags (see navrouter.h).
PUSH = 0x0
MODAL_SHEET = 0x1
MODAL_FULLSCREEN = 0x2
ROOT = 0x3
REQUIRES_AUTH = 0x10
EXTERNAL = 0x20

_PRESENTATIONS = {"push": PUSH, "sheet": MODAL_SHEET, "fullscreen": MODAL_FULLSCREEN, "root": ROOT}


class Match(NamedTuple):
    """A resolved deep link: the route and everything the URL carried, decoded. Immutable."""

    route: str
    url: str
    parameters: dict[str, str]
    path_parameters: dict[str, str]
    query_items: list[tuple[str, str]]
    remainder: str | None = None
    fragment: str | None = None
    props: dict[str, Any] | None = None

    @property
    def query(self) -> dict[str, str]:
        """Query parameters; for a repeated key the last value wins."""
        return {name: value for name, value in self.query_items}


def match_from(handle) -> Match:
    """Copies a (borrowed or owned) navrouter_match into a Match (one call: the match's JSON)."""
    data = json.loads(lib().navrouter_match_json(handle))
    return Match(
        route=data["route"],
        url=data["url"],
        parameters=data["parameters"],
        path_parameters=data["path_parameters"],
        query_items=[tuple(item) for item in data["query"]],
        remainder=data["remainder"],
        fragment=data["fragment"],
        props=data["props"],
    )


class _AuthHandler:
    """The authentication handler as the C trampolines see it."""

    def __init__(self, login, claim):
        self._login, self._claim = login, claim

    def login(self, router_address, flow, match_pointer):
        from .router import router_for

        if self._login is not None:
            self._login(router_for(router_address), flow, match_from(ctypes.cast(match_pointer, _ffi.MatchPtr)))

    def claim(self, router_address, url):
        from .router import router_for

        return self._claim is not None and bool(self._claim(router_for(router_address), url))


class _RouteNames:
    """Route names by table index, so that lookup() need not ask C for the name. Valid while no route changes:
    `generation` is odd while a change runs and grows by two per change; a lookup uses the cache only when the
    generation is even and the same before and after (the GIL makes each read and write atomic)."""

    def __init__(self):
        self.generation = 0
        self.names: list[str] | None = None
        self._lock = threading.Lock()

    def holding(self):
        """Holds changes off (for a look-up that must see one table throughout)."""
        return self._lock

    @contextlib.contextmanager
    def changing(self):
        with self._lock:
            self.generation += 1
            self.names = None
            try:
                yield
            finally:
                self.generation += 1
                self.names = None


class _LookupBuffers(threading.local):
    """Per-thread out-parameters of navrouter_registry_lookup, made once, with the arguments already converted
    to their C types."""

    def __init__(self):
        self.index = c_uint32()
        self.count = c_size_t()
        self.ranges = (_ffi.Range * 64)()
        self.length = c_size_t()
        #: After the registry and the URL: its length (set per call), out_route_index, segments, capacity, count.
        arguments = (self.length, ctypes.pointer(self.index), self.ranges, c_size_t(64), ctypes.pointer(self.count))
        #: What a look-up reads, in one attribute look-up (each one on a threading.local costs).
        self.state = (self.length, arguments, self.index, self.count, self.ranges)


_lookup_buffers = _LookupBuffers()

#: navrouter_packed_match: route index, flags, path parameter, query item and merged parameter counts, strings.
_PACKED_HEAD = struct.Struct("6I")
_unpack_head = _PACKED_HEAD.unpack_from
_HEAD_SIZE = _PACKED_HEAD.size
_PACKED_REMAINDER, _PACKED_FRAGMENT, _PACKED_PROPS = 0x1, 0x2, 0x4


class _PackedBuffer(threading.local):
    """Per-thread buffer for navrouter_registry_resolve_packed (grown when a match needs more), with its
    arguments already converted to their C types."""

    def __init__(self):
        self.length = c_size_t()
        self.size = c_size_t()
        self.size_pointer = ctypes.pointer(self.size)
        self.resize(4096)

    def resize(self, capacity: int) -> None:
        self.capacity = capacity
        self.buffer = (c_uint32 * ((capacity + 3) // 4))()  # uint32-aligned, as the head needs
        self.view = memoryview(self.buffer).cast("B")
        #: After the registry and the URL: the URL's length (set per call), the buffer, its capacity, out_size.
        self.arguments = (self.length, self.buffer, c_size_t(capacity), self.size_pointer)
        #: What a resolve reads, in one attribute look-up (each one on a threading.local costs).
        self.state = (self.length, self.arguments, self.view, self.size)


_packed_buffers = _PackedBuffer()
#: Builds a Match from a full tuple of its fields without NamedTuple's Python-level __new__ (half its cost).
_new_match = tuple.__new__


def _unpack_match(url: str, packed: memoryview, size: int) -> Match:
    """A Match from a packed match: the head, then NUL-terminated strings (see navrouter_packed_match).
    Registry.resolve unpacks the usual case (path parameters only) itself."""
    _, flags, path_count, query_count, merged_count, _ = _unpack_head(packed)
    strings = str(packed[_HEAD_SIZE : size - 1], "utf-8").split("\0")
    end = 1 + 2 * path_count
    path_parameters = dict(zip(strings[1:end:2], strings[2:end:2]))
    query_end = end + 2 * query_count
    query_items = list(zip(strings[end:query_end:2], strings[end + 1 : query_end : 2]))
    position = query_end
    if merged_count:
        end = position + 2 * merged_count
        parameters = dict(zip(strings[position:end:2], strings[position + 1 : end : 2]))
        position = end
    else:
        parameters = path_parameters.copy()  # the same values, but not the same (mutable) dict
    remainder = fragment = props = None
    if flags & _PACKED_REMAINDER:
        remainder = strings[position]
        position += 1
    if flags & _PACKED_FRAGMENT:
        fragment = strings[position]
        position += 1
    if flags & _PACKED_PROPS:
        props = json.loads(strings[position])
    return Match(strings[0], url, parameters, path_parameters, query_items, remainder, fragment, props)


#: struct formats reading N navrouter_range values (two native uint32 each) at once.
_RANGE_FORMATS = [f"{2 * count}I" for count in range(65)]
#: navrouter_registry_lookup and _resolve_packed without argument conversion or errcheck (set when the first
#: registry is made; see _ffi.unconverted).
_raw_lookup = None
_raw_resolve_packed = None


class Registry(OwnedHandle):
    """A set of routes. Thread-safe; close() (or a ``with`` block) frees it."""

    def __init__(self, *, case_sensitive: bool = False):
        handle = _ffi.RegistryPtr()
        lib().navrouter_registry_new(ctypes.byref(handle), 0x1 if case_sensitive else 0)
        self._handle: _ffi.RegistryPtr | None = handle
        self._address = c_void_p(ctypes.cast(handle, c_void_p).value)  # for calls without argument conversion
        self._names = _RouteNames()
        global _raw_lookup, _raw_resolve_packed
        if _raw_lookup is None:
            _raw_lookup = _ffi.unconverted("navrouter_registry_lookup")
            _raw_resolve_packed = _ffi.unconverted("navrouter_registry_resolve_packed")

    _what = "registry"

    @property
    def _as_parameter_(self):
        return self._ptr()

    def _free(self, handle) -> None:
        lib().navrouter_registry_free(handle)

    # Routes

    def add_route(
        self,
        name: str,
        pattern: str,
        *,
        presentation: str = "push",
        requires_auth: bool = False,
        external: bool = False,
    ) -> None:
        """Registers a route. presentation: push, sheet, fullscreen or root."""
        if presentation not in _PRESENTATIONS:
            raise ValueError(f"presentation must be one of {', '.join(_PRESENTATIONS)}, not {presentation!r}")
        flags = _PRESENTATIONS[presentation] | (REQUIRES_AUTH if requires_auth else 0) | (EXTERNAL if external else 0)
        with self._names.changing():
            lib().navrouter_registry_add_route(self._ptr(), encode(name, "name"), encode(pattern, "pattern"), flags)

    def load_manifest(self, manifest: Any) -> int:
        """Loads a JSON manifest (text, or a dict/list to be written as JSON) all-or-nothing; returns the count."""
        text = manifest if isinstance(manifest, str) else json.dumps(manifest)
        count = c_size_t()
        with self._names.changing():
            lib().navrouter_registry_load_manifest(self._ptr(), encode(text, "manifest"), ctypes.byref(count))
        return count.value

    def remove_route(self, name: str) -> None:
        """Removes a route by name."""
        with self._names.changing():
            lib().navrouter_registry_remove_route(self._ptr(), encode(name, "name"))

    def remove_module(self, module: str) -> int:
        """Removes every route of a module; returns how many."""
        removed = c_size_t()
        with self._names.changing():
            lib().navrouter_registry_remove_module(self._ptr(), encode(module, "module"), ctypes.byref(removed))
        return removed.value

    def __len__(self) -> int:
        count = c_size_t()
        lib().navrouter_registry_route_count(self._ptr(), ctypes.byref(count))
        return count.value

    def route(self, name: str) -> dict[str, Any]:
        """One route as a dict (name, pattern, presentation, style, flags, parameters, metadata, parent, module)."""
        out = c_void_p()
        lib().navrouter_registry_route_json(self._ptr(), encode(name, "name"), ctypes.byref(out))
        return json.loads(take_string(out))

    def routes(self) -> list[dict[str, Any]]:
        """Every route, in registration order."""
        out = c_void_p()
        lib().navrouter_registry_routes_json(self._ptr(), ctypes.byref(out))
        return json.loads(take_string(out))

    # Policy

    def set_web_domains(self, domains: Iterable[str]) -> None:
        """The app's web domains: http/https links to them address the app."""
        self._set_list(lib().navrouter_registry_set_web_domains, domains, "domains")

    def set_schemes(self, schemes: Iterable[str]) -> None:
        """The app's custom schemes; empty accepts any."""
        self._set_list(lib().navrouter_registry_set_schemes, schemes, "schemes")

    def set_limits(self, max_url_length: int = 8192, max_segments: int = 64) -> None:
        """Limits applied to every URL."""
        lib().navrouter_registry_set_limits(self._ptr(), max_url_length, max_segments)

    def _set_list(self, function, values: Iterable[str], name: str) -> None:
        encoded = [encode(value, name) for value in values]
        array = (c_char_p * max(1, len(encoded)))(*encoded)
        function(self._ptr(), array, len(encoded))

    # Resolving

    def resolve(self, url: str) -> Match:
        """Resolves a deep link; raises RouteNotFoundError, MalformedURLError, DeniedError, ... on failure.
        One foreign call: the whole match comes packed into a per-thread buffer."""
        raw = url.encode("utf-8", "surrogatepass") if type(url) is str and "\0" not in url else encode(url, "url")
        if self._handle is None:
            self._ptr()  # raises DestroyedError
        length, arguments, packed, size = _packed_buffers.state
        length.value = len(raw)
        status = _raw_resolve_packed(self._address, raw, *arguments)
        if status == ELIMIT and size.value > _packed_buffers.capacity:
            _packed_buffers.resize(size.value)
            length, arguments, packed, size = _packed_buffers.state
            length.value = len(raw)
            status = _raw_resolve_packed(self._address, raw, *arguments)
        if status < 0:
            raise error_for(status, decode(lib().navrouter_last_error()))
        end = size.value
        _, flags, _, query_count, _, _ = _unpack_head(packed)
        if flags or query_count:
            return _unpack_match(url, packed, end)
        # The usual case, inline: the route's name, then path parameter pairs only.
        strings = str(packed[_HEAD_SIZE : end - 1], "utf-8").split("\0")
        rest = iter(strings)
        route = next(rest)
        path_parameters = dict(zip(rest, rest))
        return _new_match(Match, (route, url, path_parameters.copy(), path_parameters, [], None, None, None))

    def lookup(self, url: str) -> tuple[str, list[tuple[int, int]]]:
        """The zero-allocation look-up: the route's name and each path segment's byte range in the UTF-8 URL
        (at most 64 segments, the default limit)."""
        raw = encode(url, "url")
        names = self._names
        generation = names.generation
        if generation % 2 == 0:
            index, segments = self._lookup_index(raw)
            cached = names.names
            if cached is None:
                cached = [route["name"] for route in self.routes()]
                if names.generation == generation:
                    names.names = cached
            if names.generation == generation and index < len(cached):
                return cached[index], segments
        # Routes changed meanwhile: look up again with changes held off, so index and name agree.
        with names.holding():
            index, segments = self._lookup_index(raw)
            name = c_void_p()
            lib().navrouter_registry_route_name(self._ptr(), index, ctypes.byref(name))
            return take_string(name), segments

    def _lookup_index(self, raw: bytes) -> tuple[int, list[tuple[int, int]]]:
        """navrouter_registry_lookup with this thread's buffers: the route's index and the segments' ranges."""
        if self._handle is None:
            self._ptr()  # raises DestroyedError
        length, arguments, index, count, ranges = _lookup_buffers.state
        length.value = len(raw)
        status = _raw_lookup(self._address, raw, *arguments)
        if status < 0:
            raise error_for(status, decode(lib().navrouter_last_error()))
        found = count.value
        flat = struct.unpack_from(_RANGE_FORMATS[found], ranges) if found else ()
        return index.value, list(zip(flat[0::2], flat[1::2]))

    def explain(self, url: str) -> dict[str, Any]:
        """Why a URL resolves as it does: {"winner", "status", "error", "candidates": [...]}."""
        out = c_void_p()
        lib().navrouter_registry_explain(self._ptr(), encode(url, "url"), ctypes.byref(out))
        return json.loads(take_string(out))

    def build_url(
        self,
        route: str,
        parameters: Mapping[str, str] | None = None,
        props: Mapping[str, Any] | None = None,
        scheme: str | None = None,
    ) -> str:
        """Builds a deep link to a route (reverse routing), optionally carrying JSON props."""
        out = c_void_p()
        lib().navrouter_registry_build_url(
            self,
            encode(route, "route"),
            encode(json.dumps(dict(parameters)), "parameters") if parameters is not None else None,
            encode(json.dumps(dict(props)), "props") if props is not None else None,
            encode(scheme, "scheme") if scheme is not None else None,
            ctypes.byref(out),
        )
        return take_string(out)

    # Guards

    def add_interceptor(
        self,
        interceptor: Callable[[Interception], Any],
        *,
        phase: str = BEFORE,
        priority: str = "medium",
        pattern: str | None = None,
        routes: Iterable[str] | None = None,
        requires_auth: bool = False,
        module: str | None = None,
        name: str = "",
    ) -> int:
        """Registers an interceptor for routes whose path matches pattern, or for the named routes, or (neither)
        for every route; returns its id.

        interceptor(interception) decides: None/True proceeds, False or Cancel(reason) cancels, Redirect(url)
        redirects, PENDING holds the navigation as a flow (resume it with Router.resume_flow(interception.flow)).
        phase: "before", "after" (runs once applied; cannot cancel) or "leave" (may veto popping its entry).
        priority: "low", "medium", "high", "mandatory"; higher first, then registration order.
        requires_auth: run only when the user is authenticated. module: removed with remove_module(module).
        """
        if phase not in PHASES:
            raise ValueError(f"phase must be before, after or leave, not {phase!r}")
        if priority not in PRIORITIES:
            raise ValueError(f"priority must be one of {', '.join(PRIORITIES)}, not {priority!r}")
        names = [encode(route, "route") for route in routes] if routes is not None else []
        array = (c_char_p * max(1, len(names)))(*names) if routes is not None else None
        key = _callbacks.register(lambda pointer: apply_decision(pointer, interceptor(Interception(pointer))))
        identifier = ctypes.c_uint64()
        try:
            lib().navrouter_registry_add_interceptor(
                self._ptr(),
                encode(name, "name"),
                PHASES[phase],
                PRIORITIES[priority],
                encode(pattern, "pattern") if pattern is not None else None,
                array,
                len(names),
                0x1 if requires_auth else 0,
                encode(module, "module") if module is not None else None,
                _callbacks.interceptor,
                key,
                _callbacks.destroy,
                ctypes.byref(identifier),
            )
        except BaseException:
            _callbacks.destroy(key)
            raise
        return identifier.value

    def remove_interceptor(self, identifier: int) -> None:
        """Removes an interceptor by id."""
        lib().navrouter_registry_remove_interceptor(self._ptr(), identifier)

    @property
    def authenticated(self) -> bool:
        """Whether the user is authenticated (set it to log in or out)."""
        out = c_bool()
        lib().navrouter_registry_is_authenticated(self._ptr(), ctypes.byref(out))
        return out.value

    @authenticated.setter
    def authenticated(self, value: bool) -> None:
        self.set_authenticated(value)

    def set_authenticated(self, authenticated: bool) -> None:
        """Logs in or out. Logging out prunes protected entries from every router on this registry (events are
        emitted) and cancels pending flows towards protected routes."""
        _callbacks.invoke(lib().navrouter_registry_set_authenticated, self._ptr(), bool(authenticated))

    def set_auth_handler(
        self,
        login: Callable[[Any, int, Match], None] | None = None,
        claim: Callable[[Any, str], bool] | None = None,
    ) -> None:
        """Sets the authentication handler.

        login(router, flow, destination) is called when a protected route is opened while logged out: show the
        login UI, then call router.complete_login(flow, success) (after setting authenticated on success).
        claim(router, url) returns True for an authentication callback URL (an OAuth redirect) it handles: the
        navigate call then returns an Outcome with status "handled". Neither: protected routes raise DeniedError
        while logged out.
        """
        if login is None and claim is None:
            lib().navrouter_registry_set_auth_handler(
                self._ptr(),
                ctypes.cast(None, _ffi.LOGIN_FN),
                ctypes.cast(None, _ffi.CLAIM_FN),
                None,
                ctypes.cast(None, _ffi.DESTROY_FN),
            )
            return
        key = _callbacks.register(_AuthHandler(login, claim))
        try:
            lib().navrouter_registry_set_auth_handler(
                self._ptr(),
                _callbacks.login if login is not None else ctypes.cast(None, _ffi.LOGIN_FN),
                _callbacks.claim if claim is not None else ctypes.cast(None, _ffi.CLAIM_FN),
                key,
                _callbacks.destroy,
            )
        except BaseException:
            _callbacks.destroy(key)
            raise

    def set_guard_options(self, max_redirects: int = 8, fallback_route: str | None = None) -> None:
        """The longest redirect chain (beyond it a command raises LimitError listing the chain) and a route opened
        for unmatched URLs (with the URL as its "url" parameter), or None."""
        lib().navrouter_registry_set_guard_options(
            self._ptr(), max_redirects, encode(fallback_route, "route") if fallback_route else None
        )
