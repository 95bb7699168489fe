"""The Python Router behind each C router pointer: what callbacks (interceptors, login) receive as their router. The
router module registers each Router here; the registry and the guards read it, so that no module imports the router
module back."""

from __future__ import annotations

import weakref
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .router import Router

_routers: weakref.WeakValueDictionary[int, Router] = weakref.WeakValueDictionary()


def remember(address: int, router: Router) -> None:
    """Records the Router wrapping the C router at `address` (forgotten when the Router is collected)."""
    _routers[address] = router


def router_for(address: int | None) -> Router | None:
    """The Python Router wrapping a C router pointer (None when it has none)."""
    return _routers.get(address or 0)
