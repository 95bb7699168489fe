"""Callbacks from C: one trampoline per callback type, user data as an int key into a table that keeps the
Python callable alive until C calls destroy. Exceptions raised in a callback are stashed (per thread) and
re-raised by the API call that led to it, once C has returned."""

from __future__ import annotations

import itertools
import threading
from typing import Any, Callable

from . import _ffi
from ._errors import NavRouterError

_table: dict[int, Any] = {}
_keys = itertools.count(1)
_lock = threading.Lock()
_stash = threading.local()


def register(obj: Any) -> int:
    """Keeps obj alive under a new key, passed to C as user data."""
    with _lock:
        key = next(_keys)
        _table[key] = obj
        return key


def lookup(key: int | None) -> Any:
    with _lock:
        return _table.get(key or 0)


def stash(error: BaseException) -> None:
    """Remembers the first exception raised in a callback on this thread."""
    if getattr(_stash, "error", None) is None:
        _stash.error = error


def take() -> BaseException | None:
    """The stashed exception, if any, forgetting it."""
    error = getattr(_stash, "error", None)
    _stash.error = None
    return error


def reraise() -> None:
    """Re-raises a stashed exception, if any (called after C returned)."""
    error = take()
    if error is not None:
        raise error


@_ffi.DESTROY_FN
def destroy(key):
    with _lock:
        _table.pop(key or 0, None)


@_ffi.NAVIGATOR_FN
def navigator(event, key):
    try:
        callback: Callable = lookup(key)
        return 1 if callback(event) is False else 0
    except BaseException as error:  # noqa: B902 - stashed and re-raised by the API
        stash(error)
        return 1


@_ffi.MAKE_VIEW_FN
def make_view(entry, key):
    """Calls the handler's make(entry); a view other than None is kept under a key that C holds as the view."""
    try:
        view = lookup(key).make(entry)
        return None if view is None else register(view)
    except BaseException as error:  # noqa: B902
        stash(error)
        return None


@_ffi.RELEASE_VIEW_FN
def release_view(view, entry, key):
    """Calls the handler's release(view, entry) once, then forgets the view."""
    try:
        lookup(key).release(view, entry)
    except BaseException as error:  # noqa: B902
        stash(error)
    finally:
        with _lock:
            _table.pop(view or 0, None)


@_ffi.INTERCEPTOR_FN
def interceptor(interception, key):
    try:
        return lookup(key)(interception)
    except BaseException as error:  # noqa: B902
        stash(error)
        return 1  # NAVROUTER_DECISION_CANCEL


@_ffi.LOGIN_FN
def login(router, flow, match, key):
    try:
        lookup(key).login(router, flow, match)
    except BaseException as error:  # noqa: B902
        stash(error)


@_ffi.CLAIM_FN
def claim(router, url, key):
    try:
        return bool(lookup(key).claim(router, url.decode("utf-8")))
    except BaseException as error:  # noqa: B902
        stash(error)
        return False


def invoke(function, *args):
    """Calls a C function that may run callbacks; an exception raised in one of them is re-raised here (in place
    of the error status it caused), once C has returned."""
    try:
        status = function(*args)
    except NavRouterError as error:
        pending = take()
        if pending is not None:
            raise pending from error
        raise
    reraise()
    return status
