"""The binding's hot paths, kept out of the public classes: the resolve through the C speedups module when it is
there, per-thread buffers for look-ups and packed matches, calls without ctypes' argument conversion, the decoder of
a packed match, and the route-name cache."""

from __future__ import annotations

import ctypes
import json
import os
import struct
import sys
import threading
from collections.abc import Callable
from ctypes import c_size_t, c_uint32, c_void_p
from typing import Any

from ._constants import ELIMIT, EVENT_STATE_CHANGED, PACKED_FRAGMENT, PACKED_PROPS, PACKED_REMAINDER
from ._errors import error_for
from ._ffi import Range, encode, last_error, lib, unconverted
from .types import JSONObject, Match

try:  # Registry.resolve in one C call (CPython 3.10+, built with the package); else the ctypes path below
    from . import _speedups
except ImportError:
    _speedups = None  # type: ignore[assignment]

#: navrouter_packed_match: route index, flags, path parameter, query item and merged parameter counts, strings.
_HEAD = struct.Struct("6I")
_unpack_head = _HEAD.unpack_from
_HEAD_SIZE = _HEAD.size
_REMAINDER, _FRAGMENT, _PROPS = PACKED_REMAINDER, PACKED_FRAGMENT, PACKED_PROPS
#: struct formats reading N navrouter_range values (two native uint32 each) at once.
_RANGE_FORMATS = [f"{2 * count}I" for count in range(65)]
#: Builds a Match from a full tuple of its fields without NamedTuple's Python-level __new__ (half its cost).
_new_match: Callable[..., Match] = vars(tuple)["__new__"]


class _Functions:
    """navrouter_registry_lookup and _resolve_packed without argument conversion or errcheck (made on first use)."""

    lookup: Any = None
    resolve_packed: Any = None

    @classmethod
    def loaded(cls) -> type[_Functions]:
        if cls.lookup is None:
            cls.lookup = unconverted("navrouter_registry_lookup")
            cls.resolve_packed = unconverted("navrouter_registry_resolve_packed")
        return cls


class _LookupBuffers(threading.local):
    """Per-thread out-parameters of navrouter_registry_lookup, with the arguments already in their C types.

    A call reads them as one tuple, ``parts``: each attribute read of a threading.local is a per-thread dictionary
    look-up (~50 ns)."""

    def __init__(self) -> None:
        index = c_uint32()
        count = c_size_t()
        ranges = (Range * 64)()
        length = c_size_t()
        #: After the registry and the URL: its length (set per call), out_route_index, segments, capacity, count.
        arguments = (length, ctypes.pointer(index), ranges, c_size_t(64), ctypes.pointer(count))
        #: The URL's length, the arguments, the route index, the segment count and the ranges.
        self.parts = (length, arguments, index, count, ranges)


class _PackedBuffer(threading.local):
    """Per-thread buffer for navrouter_registry_resolve_packed (grown when a match needs more), read by a call as
    one tuple, ``parts`` (see _LookupBuffers)."""

    def __init__(self) -> None:
        self.length = c_size_t()
        self.size = c_size_t()
        self.size_pointer = ctypes.pointer(self.size)
        self.resize(4096)

    def resize(self, capacity: int) -> None:
        buffer = (c_uint32 * ((capacity + 3) // 4))()  # uint32-aligned, as the head needs
        #: After the registry and the URL: the URL's length (set per call), the buffer, its capacity, out_size.
        arguments = (self.length, buffer, c_size_t(capacity), self.size_pointer)
        #: The URL's length, the arguments, the size the match took, the buffer as bytes, and its capacity.
        self.parts = (self.length, arguments, self.size, memoryview(buffer).cast("B"), capacity)


_lookup_buffers = _LookupBuffers()
_packed_buffers = _PackedBuffer()


def _error_for_status(status: int) -> Exception:
    """The exception of a failed library call, with this thread's message."""
    return error_for(status, last_error())


def _resolve_with_ctypes(address: int, url: str) -> Match:
    """Registry.resolve through ctypes: the URL checked and encoded here, the packed match decoded in Python."""
    return resolve_packed(c_void_p(address), url, encode(url, "url"))


def _lookup_with_ctypes(address: int, url: str) -> tuple[int, list[tuple[int, int]]]:
    """Registry.lookup's foreign call through ctypes: the route's index and the segments' byte ranges."""
    return lookup_index(c_void_p(address), encode(url, "url"))


#: Half of all events, made from its transition and ticket alone.
_STATE_CHANGED = EVENT_STATE_CHANGED

#: What a navigator's Event is made from: (transition, ticket) for a state_changed event, else its JSON, parsed.
EventData = tuple[int, int] | dict[str, Any]


def _event_data_with_ctypes(pointer: int | None) -> EventData:
    """event_data through ctypes: a call for the kind, then two for a state_changed event or one for the JSON."""
    c = lib()
    if c.navrouter_event_kind(pointer) == _STATE_CHANGED:
        return int(c.navrouter_event_transition(pointer)), int(c.navrouter_event_ticket(pointer))
    data: dict[str, Any] = json.loads(c.navrouter_event_json(pointer))
    return data


#: Registry.resolve's work, from the registry's address and the URL: through ctypes until bind() puts the speedups
#: module's in its place. Called as ``_speed.resolve`` (the name is rebound).
resolve: Callable[[int, str], Match] = _resolve_with_ctypes
#: Registry.lookup's foreign call, from the registry's address and the URL: the route's index and the segments' byte
#: ranges (at most 64), through ctypes or (once bound) the speedups module. Called as ``_speed.lookup``.
lookup: Callable[[int, str], tuple[int, list[tuple[int, int]]]] = _lookup_with_ctypes
#: A navigator event's data (see EventData), read inside the callback, through ctypes or (once bound) the speedups
#: module. Called as ``_speed.event_data``.
event_data: Callable[[int | None], EventData] = _event_data_with_ctypes
_bound = False


def bind() -> None:
    """Puts the speedups module's resolve, look-up and event reader in place of the ctypes paths, bound to the loaded
    library, unless the module is missing or switched off with NAVROUTER_PYTHON_SPEEDUPS=0. Once: every Registry
    calls it when it is made (every resolve, look-up and event comes after that), and the library is loaded then."""
    global resolve, lookup, event_data, _bound
    if _bound:
        return
    _bound = True
    if _speedups is None or os.environ.get("NAVROUTER_PYTHON_SPEEDUPS", "1") == "0" or sys.version_info < (3, 10):
        return  # (3.9 loads an abi3 build too, and cannot run it)
    loaded = lib()
    functions = {name: ctypes.cast(getattr(loaded, name), c_void_p).value or 0 for name in _speedups.LIBRARY_FUNCTIONS}
    _speedups.bind(
        functions,
        Match,
        json.loads,
        _error_for_status,
        _resolve_with_ctypes,
        _lookup_with_ctypes,
        _event_data_with_ctypes,
    )
    resolve, lookup, event_data = _speedups.resolve, _speedups.lookup, _speedups.event_data


def speedups_in_use() -> bool:
    """Whether Registry.resolve, Registry.lookup and navigator events go through the C speedups module."""
    bind()
    return resolve is not _resolve_with_ctypes


def resolve_packed(address: c_void_p, url: str, raw: bytes) -> Match:
    """Resolves raw (url's UTF-8) into a Match in one ctypes call: the match comes packed into this thread's
    buffer (see navrouter_packed_match), and is decoded here."""
    function = _Functions.resolve_packed or _Functions.loaded().resolve_packed
    length, arguments, size, view, capacity = _packed_buffers.parts
    length.value = len(raw)
    status = function(address, raw, *arguments)
    if status == ELIMIT and size.value > capacity:
        _packed_buffers.resize(size.value)
        length, arguments, size, view, capacity = _packed_buffers.parts
        length.value = len(raw)
        status = function(address, raw, *arguments)
    if status < 0:
        raise error_for(status, last_error())
    return decode_packed(url, view, size.value)


def decode_packed(url: str, packed: memoryview, size: int) -> Match:
    """A Match from a packed match: the head, then NUL-terminated strings: the route's name, path parameter pairs,
    query item pairs, merged parameter pairs (0 when there are no query items), then the remainder, fragment and
    props when their flags are set."""
    head: tuple[int, int, int, int, int, int] = _unpack_head(packed)
    _, flags, path_count, query_count, merged_count, _ = head
    strings: list[str] = str(packed[_HEAD_SIZE : size - 1], "utf-8").split("\0")
    if not flags and not query_count:  # the usual case: the route's name, then path parameter pairs only
        if not path_count:
            return _new_match(Match, (strings[0], url, {}, {}, [], None, None, None))
        pairs = iter(strings)
        route = next(pairs)
        path_parameters = dict(zip(pairs, pairs))
        return _new_match(Match, (route, url, path_parameters.copy(), path_parameters, [], None, None, None))
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
    remainder: str | None = None
    fragment: str | None = None
    props: JSONObject | None = None
    if flags & _REMAINDER:
        remainder = strings[position]
        position += 1
    if flags & _FRAGMENT:
        fragment = strings[position]
        position += 1
    if flags & _PROPS:
        props = json.loads(strings[position])
    fields = (strings[0], url, parameters, path_parameters, query_items, remainder, fragment, props)
    return _new_match(Match, fields)


def lookup_index(address: c_void_p, raw: bytes) -> tuple[int, list[tuple[int, int]]]:
    """navrouter_registry_lookup with this thread's buffers: the route's index and the segments' byte ranges."""
    function = _Functions.lookup or _Functions.loaded().lookup
    length, arguments, index, count, ranges = _lookup_buffers.parts
    length.value = len(raw)
    status = function(address, raw, *arguments)
    if status < 0:
        raise error_for(status, last_error())
    found = count.value
    flat = struct.unpack_from(_RANGE_FORMATS[found], ranges) if found else ()
    return index.value, list(zip(flat[0::2], flat[1::2]))


class RouteNames:
    """Route names by table index, so that a look-up need not ask C for the name.

    Every change of the registry's routes goes through ``changing()``, which bumps ``generation`` under a lock; the
    cache is one immutable (generation, names) tuple, replaced whole. A look-up takes the generation, looks up, and
    uses the cached names only when the cache is of that generation and the generation has not moved (else it looks
    up again with changes held off). Each step reads or writes one attribute bound to an immutable value, so this
    holds without the GIL as well as with it."""

    def __init__(self) -> None:
        self.generation = 0
        self.cache: tuple[int, list[str]] | None = None
        self.lock = threading.Lock()

    def changing(self) -> _Changing:
        """Context manager around a change of routes."""
        return _Changing(self)


class _Changing:
    def __init__(self, names: RouteNames) -> None:
        self.names = names

    def __enter__(self) -> None:
        self.names.lock.acquire()
        self.names.generation += 1
        self.names.cache = None

    def __exit__(self, *exc_info: object) -> None:
        self.names.generation += 1
        self.names.cache = None
        self.names.lock.release()
