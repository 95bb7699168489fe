"""Types of the C speedups module (_speedups.c): the binding's, not an API."""

from collections.abc import Callable
from typing import Any

from .types import Match

#: The library functions bind() needs the addresses of.
LIBRARY_FUNCTIONS: tuple[str, ...]

def bind(
    functions: dict[str, int],
    match_type: type[Match],
    json_loads: Callable[[str], Any],
    error_for_status: Callable[[int], Exception],
    resolve_fallback: Callable[[int, str], Match],
    lookup_fallback: Callable[[int, str], tuple[int, list[tuple[int, int]]]],
    event_fallback: Callable[[int | None], tuple[int, int] | dict[str, Any]],
    /,
) -> None: ...
def resolve(registry_address: int, url: str, /) -> Match: ...
def lookup(registry_address: int, url: str, /) -> tuple[int, list[tuple[int, int]]]: ...
def event_data(event_address: int | None, /) -> tuple[int, int] | dict[str, Any]: ...
