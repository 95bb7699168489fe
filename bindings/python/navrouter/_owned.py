"""The life cycle shared by every object that owns a C handle: close() once, ``with`` blocks, a last-chance free when
garbage-collected, and the registrations (callbacks) the object owns."""

from __future__ import annotations

from types import TracebackType
from typing import Any, TypeVar

from . import _callbacks  # pyright: ignore[reportPrivateUsage]
from ._constants import EDESTROYED
from ._errors import DestroyedError

_Self = TypeVar("_Self", bound="OwnedHandle")


class OwnedHandle:
    """Owns one C handle and its registrations. Subclasses set ``_what`` (for messages) and implement
    ``_free(handle)`` and ``_detach()``."""

    _what = "handle"
    #: How to get a second one instead of a copy (for the message of __copy__, __deepcopy__ and pickling).
    _instead_of_copying = "make a new one"
    _handle: Any = None

    def __init__(self) -> None:
        #: The registrations C holds a key to (see navrouter._callbacks).
        self._registrations = _callbacks.Registrations(self._detach)

    def _ptr(self) -> Any:
        """The live handle; DestroyedError once closed (or once the interpreter is shutting down)."""
        _callbacks.check_running()
        if self._handle is None:
            raise DestroyedError(EDESTROYED, f"the {self._what} is closed")
        return self._handle

    def _free(self, handle: Any) -> None:
        raise NotImplementedError

    def _detach(self) -> None:
        """Stops C from calling this object's callbacks (at interpreter exit)."""

    @property
    def closed(self) -> bool:
        """Whether close() was called."""
        return self._handle is None

    def close(self) -> None:
        """Frees the C object; a second call does nothing."""
        if self._handle is not None:
            handle, self._handle = self._handle, None
            with _callbacks.freeing(self._registrations):
                self._free(handle)

    def __enter__(self: _Self) -> _Self:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, traceback: TracebackType | None
    ) -> None:
        self.close()

    def __copy__(self) -> Any:
        # A copy would share the handle: closing or collecting either would free the other's C object.
        raise TypeError(
            f"a navrouter.{type(self).__name__} cannot be copied or pickled (it owns a C object): "
            f"{self._instead_of_copying}"
        )

    def __deepcopy__(self, memo: Any) -> Any:
        return self.__copy__()

    def __reduce_ex__(self, protocol: Any) -> Any:
        return self.__copy__()

    def __repr__(self) -> str:
        state = "closed" if self._handle is None else f"at 0x{id(self):x}"
        return f"<navrouter.{type(self).__name__} {state}>"

    def __del__(self) -> None:
        try:
            self.close()
        except BaseException:  # noqa: B036 - interpreter shutdown: the library may already be gone
            pass
