"""Routes declared as Python types: a frozen dataclass per route whose fields are its URL's parameters, so that a
type checker sees every navigation to it and an entry reads back as a value of the type.

    @dataclass(frozen=True)
    class ProductRoute(TypedRoute):
        ROUTE: ClassVar[str] = "product"
        PATTERN: ClassVar[str] = "shop/product/<int:id>"
        id: int
        ref: str | None = None          # a query parameter; None leaves it out

    registry.register(ProductRoute)     # or name a route of a loaded manifest
    router.push(ProductRoute(id=7))     # navigate, push, present and replace_top take one as the URL
    ProductRoute.from_entry(router.state.top)   # ProductRoute(id=7, ref=None); None for another route's entry

A field is an int, a float, a bool ("true" / "false" in the URL), a str, an enum.Enum whose values are strings (a
pattern's <enum(a|b):name>), or one of them or None. QUERY declares the route's typed query parameters as
Registry.add_route's query takes them (a field not in the pattern is a query parameter). A typed route
given to a router whose registry has no route of its name, or has one with another pattern, raises
RouteNotFoundError or ConflictError naming the type, before anything changes.
"""

from __future__ import annotations

import dataclasses
import enum
import sys
import types
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, ClassVar, TypeVar, Union, get_args, get_origin

if TYPE_CHECKING:
    from .registry import Registry
    from .types import Entry, Match, QueryDeclaration, RoutePresentation

_Route = TypeVar("_Route", bound="TypedRoute")
_FIELD_TYPES = {"int": int, "float": float, "bool": bool, "str": str}


class TypedRoute:
    """The base of a route declared as a frozen dataclass (see the module's documentation)."""

    #: The route's name in the registry.
    ROUTE: ClassVar[str]
    #: The route's pattern ("shop/product/<int:id>").
    PATTERN: ClassVar[str]
    #: How the route is shown: push, sheet, fullscreen or root.
    PRESENTATION: ClassVar[RoutePresentation] = "push"
    #: The route before this one in a back stack, or None.
    PARENT: ClassVar[str | None] = None
    #: Only an authenticated user may open it.
    REQUIRES_AUTH: ClassVar[bool] = False
    #: An external link may open it.
    EXTERNAL: ClassVar[bool] = False
    #: Its typed query parameters by name (see Registry.add_route), or None.
    QUERY: ClassVar[Mapping[str, str | QueryDeclaration] | None] = None

    def parameters(self) -> dict[str, str]:
        """The URL's parameters as text (a None field is left out)."""
        values: dict[str, str] = {}
        for field in dataclasses.fields(self):  # type: ignore[arg-type]
            value = getattr(self, field.name)
            if value is None:
                continue
            if isinstance(value, bool):
                values[field.name] = "true" if value else "false"
            elif isinstance(value, enum.Enum):
                values[field.name] = str(value.value)  # pyright: ignore[reportUnknownArgumentType]
            else:
                values[field.name] = str(value)
        return values

    @classmethod
    def from_parameters(cls: type[_Route], parameters: Mapping[str, str]) -> _Route | None:
        """The route from a URL's parameters (path and query merged), or None when they do not fit its fields."""
        values: dict[str, Any] = {}
        for field in dataclasses.fields(cls):  # type: ignore[arg-type]
            kind, optional = _field_type(cls, field)
            text = parameters.get(field.name)
            if text is None:
                if not optional and field.default is dataclasses.MISSING:
                    return None
                continue
            value = _parse(kind, text)
            if value is None:
                return None
            values[field.name] = value
        return cls(**values)

    @classmethod
    def from_match(cls: type[_Route], match: Match) -> _Route | None:
        """The route a match opened, when it is this one and its parameters fit."""
        return cls.from_parameters(match.parameters) if match.route == cls.ROUTE else None

    @classmethod
    def from_entry(cls: type[_Route], entry: Entry | None) -> _Route | None:
        """The route an entry shows, when it is this one and its parameters fit (None for None)."""
        if entry is None or entry.route != cls.ROUTE:
            return None
        return cls.from_parameters(entry.parameters)

    def url(self, registry: Registry, scheme: str | None = None) -> str:
        """Its deep link on the registry (Registry.build_url). RouteNotFoundError when the registry has no route of
        its name, ConflictError when its route of that name has another pattern."""
        type(self).check_registered(registry)
        return registry.build_url(self.ROUTE, self.parameters(), scheme=scheme)

    @classmethod
    def check_registered(cls, registry: Registry) -> None:
        """Raises when the registry's route of this name is not this type's (see url; Registry.check_route)."""
        registry.check_route(cls.ROUTE, cls.PATTERN, cls.__name__)


def _field_type(cls: type[TypedRoute], field: dataclasses.Field[Any]) -> tuple[type, bool]:
    """A field's type (int, float, bool or str) and whether it may be None, from its annotation: a type, or its
    text under `from __future__ import annotations` ("int", "str | None", "Optional[str]")."""
    annotation: Any = field.type
    kinds: list[type | None]
    if isinstance(annotation, str):
        parts = [part.strip() for part in annotation.replace("Optional[", "").rstrip("]").split("|")]
        names = [part for part in parts if part != "None"]
        optional = len(names) != len(parts) or annotation.startswith("Optional[")
        kinds = [_FIELD_TYPES.get(name) or _enum_named(cls, name) for name in names]
    else:
        unions = (Union, getattr(types, "UnionType", Union))  # `X | None` is a types.UnionType from Python 3.10
        arguments = get_args(annotation) if get_origin(annotation) in unions else (annotation,)
        given = [argument for argument in arguments if argument is not type(None)]
        optional = len(given) != len(arguments)
        kinds = [argument if argument in _FIELD_TYPES.values() or _is_enum(argument) else None for argument in given]
    if len(kinds) != 1 or kinds[0] is None:
        raise TypeError(
            f"{cls.__name__}.{field.name}: a typed route's field is an int, a float, a bool, a str or an enum.Enum"
        )
    return kinds[0], optional


def _is_enum(kind: Any) -> bool:
    """Whether an annotation is an enum.Enum class."""
    return isinstance(kind, type) and issubclass(kind, enum.Enum)


def _enum_named(cls: type, name: str) -> type | None:
    """The enum.Enum class an annotation's text names in the route's module (or as an attribute of the route), or
    None."""
    found = getattr(sys.modules.get(cls.__module__), name, None) or getattr(cls, name, None)
    return found if _is_enum(found) else None


def _parse(kind: type, text: str) -> Any:
    """A parameter's text as its field's type, or None when it is not one."""
    if kind is str:
        return text
    if _is_enum(kind):
        try:
            return kind(text)
        except ValueError:
            return None
    if kind is bool:
        return {"true": True, "false": False}.get(text)
    try:
        return kind(text)
    except ValueError:
        return None
