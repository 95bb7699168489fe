"""Callbacks from C: one trampoline per callback type, and the lifetimes of what they call.

Lifetimes. The C library keeps a key per registration (its user data). This module's table maps the key to a weak
reference to the ``Registrations`` of its owner (a Registry or a Router), which keep the callable itself; the owner
holds its Registrations. Nothing global keeps an owner alive, so a host whose navigator is its own bound method, or a
registry whose interceptor closes over it, is an ordinary Python cycle: collected, its ``__del__`` frees the C
object, and C's destroy callbacks drop the keys. While an owner's C object is being freed (weak references to it may
already be cleared), the freeing thread pins its Registrations (``freeing``) so that the release callbacks still
reach them.

Exceptions raised in a callback are stashed (per thread) and re-raised by the API call that led to it, once C has
returned (``invoke``). One raised while the call still succeeded (after its commit) carries a note saying so.

Shutdown. At interpreter exit (``atexit``) the binding stops calling Python from C: trampolines answer at once (a
navigator refuses, an interceptor cancels, a handler declines), owners detach their callbacks from C, later API
calls raise DestroyedError, and the trampolines themselves are never freed, because a daemon thread may still be
inside the library and call one while the interpreter is torn down.
"""

from __future__ import annotations

import atexit
import ctypes
import itertools
import threading
import weakref
from collections.abc import Callable, Generator
from contextlib import contextmanager
from typing import Any

from ._constants import DECISION_CANCEL, DECISION_PROCEED, EDESTROYED
from ._errors import DestroyedError, NavRouterError
from ._ffi import CLAIM_FN, DESTROY_FN, INTERCEPTOR_FN, LOGIN_FN, MAKE_VIEW_FN, NAVIGATOR_FN, RELEASE_VIEW_FN


class Registrations:
    """The registrations of one owner (a Registry or a Router): what C may call, by key, and how to stop C from
    calling (``detach``, at interpreter exit)."""

    def __init__(self, detach: Callable[[], None]) -> None:
        self.targets: dict[int, Any] = {}
        self.detach = detach


_lock = threading.RLock()  # re-entrant: a collection inside register() may run a destroy callback
_keys = itertools.count(1)
_slots: dict[int, weakref.ref[Registrations]] = {}
_owners: weakref.WeakSet[Registrations] = weakref.WeakSet()
_local = threading.local()
shutting_down = False


def register(owner: Registrations, target: Any) -> int:
    """Records a registration: C gets the key; the owner's Registrations keep the target."""
    with _lock:
        key = next(_keys)
        owner.targets[key] = target
        _slots[key] = weakref.ref(owner)
        _owners.add(owner)
    return key


def new_key() -> int:
    """A fresh key (for view handles)."""
    return next(_keys)


def live_count() -> int:
    """How many registrations C still holds (0 once every owner is gone)."""
    return len(_slots)


@contextmanager
def freeing(owner: Registrations) -> Generator[None, None, None]:
    """Pins an owner's registrations on this thread while its C object is freed (its release and destroy callbacks
    still find them)."""
    stack: list[Registrations] = getattr(_local, "freeing", None) or []
    _local.freeing = stack
    stack.append(owner)
    try:
        yield
    finally:
        stack.pop()


def owner_of(key: int | None) -> Registrations | None:
    """The registrations holding a key, or None."""
    ref = _slots.get(key or 0)
    owner = ref() if ref is not None else None
    if owner is None:
        pinned: list[Registrations] = getattr(_local, "freeing", None) or []
        for candidate in reversed(pinned):
            if (key or 0) in candidate.targets:
                return candidate
    return owner


def target(key: int | None) -> tuple[Registrations | None, Any]:
    """The registrations holding a key and what was registered under it, or (None, None)."""
    owner = owner_of(key)
    return (owner, owner.targets.get(key or 0)) if owner is not None else (None, None)


def drop(key: int | None) -> None:
    """Forgets a registration (C destroyed it, or the registration was refused)."""
    with _lock:
        ref = _slots.pop(key or 0, None)
    owner = ref() if ref is not None else None
    if owner is None:
        owner = owner_of(key)
    if owner is not None:
        owner.targets.pop(key or 0, None)


def check_running() -> None:
    """Raises DestroyedError once the interpreter is shutting down."""
    if shutting_down:
        raise DestroyedError(EDESTROYED, "navrouter: the interpreter is shutting down")


# ---- exceptions raised in callbacks ----


def stash(error: BaseException) -> None:
    """Remembers the first exception raised in a callback on this thread."""
    if getattr(_local, "error", None) is None:
        _local.error = error


def take() -> BaseException | None:
    """The stashed exception, if any, forgetting it."""
    error: BaseException | None = getattr(_local, "error", None)
    _local.error = None
    return error


def reraise() -> None:
    """Re-raises a stashed exception, if any (called after C returned)."""
    error = take()
    if error is not None:
        raise error


def invoke(function: Any, *args: Any) -> int:
    """Calls a C function that may run callbacks; an exception raised in one of them is re-raised here (in place
    of the error status it caused), once C has returned."""
    check_running()
    try:
        status: int = function(*args)
    except NavRouterError as error:
        pending = take()
        if pending is not None:
            raise pending from error
        raise
    raised = take()
    if raised is not None:
        _add_note(raised, _RAISED_AFTER_SUCCESS)
        raise raised
    return status


#: The note on an exception a callback raised while the call still succeeded: the callback ran after the change was
#: committed (a view's release, the ``state_changed`` event) or belonged to a command queued behind the call's own.
_RAISED_AFTER_SUCCESS = (
    "navrouter: a callback raised this after the call had succeeded (a view's release, the state_changed event, or a "
    "command queued behind it): the call's own change was applied and is not rolled back"
)


def _add_note(error: BaseException, note: str) -> None:
    """``error.add_note(note)``, also before Python 3.11 (where ``__notes__`` is kept but not printed)."""
    if hasattr(error, "add_note"):
        error.add_note(note)
    else:  # pragma: no cover - Python < 3.11
        error.__notes__ = [*getattr(error, "__notes__", []), note]


# ---- trampolines (kept for the life of the process: see the module's documentation) ----


def _destroy(key: int | None) -> None:
    drop(key)


def _navigator(event: int | None, key: int | None) -> int:
    if shutting_down:
        return 1
    try:
        _, callback = target(key)
        return 0 if callback is None else int(callback(event))
    except BaseException as error:  # noqa: B036 - stashed and re-raised by the API
        stash(error)
        return 1


def _make_view(entry: int | None, key: int | None) -> int | None:
    if shutting_down:
        return None
    try:
        _, handler = target(key)
        return None if handler is None else handler.make(entry)
    except BaseException as error:  # noqa: B036
        stash(error)
        return None


def _release_view(view: int | None, entry: int | None, key: int | None) -> None:
    if shutting_down:
        return
    try:
        _, handler = target(key)
        if handler is not None:
            handler.release(view, entry)
    except BaseException as error:  # noqa: B036
        stash(error)


def _interceptor(interception: int | None, key: int | None) -> int:
    if shutting_down:
        return DECISION_CANCEL  # a guard fails closed
    try:
        _, callback = target(key)
        return DECISION_PROCEED if callback is None else int(callback(interception))
    except BaseException as error:  # noqa: B036
        stash(error)
        return DECISION_CANCEL


def _login(router: int | None, flow: int, match: int | None, key: int | None) -> None:
    if shutting_down:
        return
    try:
        _, handler = target(key)
        if handler is not None:
            handler.login(router, flow, match)
    except BaseException as error:  # noqa: B036
        stash(error)


def _claim(router: int | None, url: bytes, key: int | None) -> bool:
    if shutting_down:
        return False
    try:
        _, handler = target(key)
        return handler is not None and bool(handler.claim(router, url.decode("utf-8")))
    except BaseException as error:  # noqa: B036
        stash(error)
        return False


# The trampolines C calls: typed as Any (ctypes' function types are not generic).
DESTROY: Any = DESTROY_FN(_destroy)
NAVIGATOR: Any = NAVIGATOR_FN(_navigator)
MAKE_VIEW: Any = MAKE_VIEW_FN(_make_view)
RELEASE_VIEW: Any = RELEASE_VIEW_FN(_release_view)
INTERCEPTOR: Any = INTERCEPTOR_FN(_interceptor)
LOGIN: Any = LOGIN_FN(_login)
CLAIM: Any = CLAIM_FN(_claim)
_TRAMPOLINES = (DESTROY, NAVIGATOR, MAKE_VIEW, RELEASE_VIEW, INTERCEPTOR, LOGIN, CLAIM)
# Immortal: module teardown must not free code that C may still call from a daemon thread.
for _trampoline in _TRAMPOLINES:
    ctypes.pythonapi.Py_IncRef(ctypes.py_object(_trampoline))


@atexit.register
def _shutdown() -> None:
    """Stops calling Python from C (see the module's documentation)."""
    global shutting_down
    shutting_down = True
    for owner in list(_owners):
        try:
            owner.detach()
        except BaseException:  # noqa: B036 - at exit, a failed detach only means C keeps refusing
            pass
