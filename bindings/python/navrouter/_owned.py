"""The life cycle shared by every object that owns a C handle: close() once, ``with`` blocks, and a last-chance
free when garbage-collected."""

from __future__ import annotations

from typing import Any

from ._errors import EDESTROYED, DestroyedError


class OwnedHandle:
    """Owns one C handle. Subclasses set ``_what`` (for messages) and implement ``_free(handle)``."""

    _what = "handle"
    _handle: Any | None = None

    def _ptr(self) -> Any:
        """The live handle; DestroyedError once closed."""
        if self._handle is None:
            raise DestroyedError(EDESTROYED, f"the {self._what} is closed")
        return self._handle

    def _free(self, handle: Any) -> None:
        raise NotImplementedError

    def close(self) -> None:
        """Frees the C object; a second call does nothing."""
        if self._handle is not None:
            handle, self._handle = self._handle, None
            self._free(handle)

    def __enter__(self):
        return self

    def __exit__(self, *exc_info) -> None:
        self.close()

    def __del__(self):
        try:
            self.close()
        except Exception:  # interpreter shutdown: the library may already be gone
            pass
