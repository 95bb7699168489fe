"""JSON text for the library: a Python value written as the library reads it, refused (with the library's own error)
when it could not be. Shared by the registry and the router."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any, cast

from ._constants import EJSON
from ._errors import JSONError
from .types import MAX_JSON_DEPTH, json_depth


def dump_json(value: Any, what: str, limit: int = MAX_JSON_DEPTH) -> bytes:
    """A value as JSON text for the library, refusing nesting deeper than the library reads: MAX_JSON_DEPTH for a
    value, MAX_DOCUMENT_DEPTH for a document that carries values (a snapshot, a manifest)."""
    try:
        depth = json_depth(value, limit)
    except TypeError as error:  # an object key that is not a str
        raise TypeError(f"{what}: {error}") from None
    if depth > limit:
        raise JSONError(EJSON, f"{what}: JSON nested deeper than {limit} arrays and objects")
    try:
        text = json.dumps(value, allow_nan=False, ensure_ascii=False)
    except ValueError:  # NaN or an infinity (a circular value is refused above, as too deep)
        raise JSONError(EJSON, f"{what}: NaN and infinite numbers are not JSON") from None
    except TypeError as error:  # a value json cannot write (bytes, a set, an object): say where it was
        raise TypeError(f"{what}: {error}") from None
    try:
        return text.encode("utf-8")  # JSON text holds no raw NUL: json escapes every control character
    except UnicodeEncodeError:  # a lone surrogate (os.fsdecode's stand-in for a bad byte): name the string
        raise JSONError(
            EJSON, f"{what}: the string {_first_not_utf8(value)!r} holds a lone surrogate, which is not UTF-8 text"
        ) from None


def _first_not_utf8(value: Any) -> str:
    """The first string (key or value) in a JSON-serialisable value that cannot be encoded as UTF-8."""
    stack: list[Any] = [value]
    while stack:
        current = stack.pop()
        if isinstance(current, str):
            try:
                current.encode("utf-8")
            except UnicodeEncodeError:
                return current
        elif isinstance(current, dict):
            mapping = cast("Mapping[str, Any]", current)
            stack.extend(mapping.keys())
            stack.extend(mapping.values())
        elif isinstance(current, (list, tuple)):
            stack.extend(cast("Sequence[Any]", current))
    return ""
