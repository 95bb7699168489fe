"""Routes declared as Python types: registered from the type, navigated to by value, read back typed."""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass
from typing import ClassVar, Optional

import navrouter
import pytest
from navrouter import TypedRoute


@dataclass(frozen=True)
class HomeRoute(TypedRoute):
    ROUTE: ClassVar[str] = "home"
    PATTERN: ClassVar[str] = "home"
    PRESENTATION: ClassVar[navrouter.RoutePresentation] = "root"


@dataclass(frozen=True)
class ProductRoute(TypedRoute):
    ROUTE: ClassVar[str] = "product"
    PATTERN: ClassVar[str] = "shop/product/<int:id>"
    PARENT: ClassVar[str | None] = "home"
    id: int
    ref: str | None = None


@dataclass(frozen=True)
class SearchRoute(TypedRoute):
    ROUTE: ClassVar[str] = "search"
    PATTERN: ClassVar[str] = "search"
    q: str
    page: Optional[int] = None  # noqa: UP045 - the older spelling is read too
    exact: bool = False
    ratio: float = 1.0


def test_a_typed_route_registers_navigates_and_reads_back():
    with navrouter.Registry() as registry:
        for route in (HomeRoute, ProductRoute, SearchRoute):
            registry.register(route)
        assert registry.route("product")["parent"] == "home"
        with navrouter.Router(registry) as router:
            router.start()
            router.push(ProductRoute(id=7, ref="mail"))
            assert router.state.top is not None and router.state.top.url == "/shop/product/7?ref=mail"
            assert ProductRoute.from_entry(router.state.top) == ProductRoute(id=7, ref="mail")
            assert HomeRoute.from_entry(router.state.top) is None
            router.navigate(SearchRoute(q="hose", page=2, exact=True, ratio=0.5))
            searched = SearchRoute.from_entry(router.state.top)
            assert searched == SearchRoute(q="hose", page=2, exact=True, ratio=0.5)
            assert ProductRoute.from_match(registry.resolve("/shop/product/9")) == ProductRoute(id=9)
            assert ProductRoute(id=3).url(registry, scheme="myapp") == "myapp://shop/product/3"


def test_parameters_that_do_not_fit_read_as_no_route():
    assert ProductRoute.from_parameters({"id": "x"}) is None
    assert ProductRoute.from_parameters({}) is None
    assert SearchRoute.from_parameters({"q": "a", "exact": "yes"}) is None
    assert SearchRoute.from_parameters({"q": "a"}) == SearchRoute(q="a")
    assert ProductRoute.from_entry(None) is None


def test_a_typed_route_of_another_registry_is_refused_clearly(shop):
    with navrouter.Router(shop) as router:
        router.start()
        router.push(ProductRoute(id=5))  # the shop manifest's product route has this pattern
        with navrouter.Registry() as other:
            other.add_route("home", "home", presentation="root")
            other.add_route("product", "products/<int:id>")
            with navrouter.Router(other) as elsewhere:
                with pytest.raises(navrouter.ConflictError, match="a typed route of another registry"):
                    elsewhere.push(ProductRoute(id=5))
                other.remove_route("product")
                before = elsewhere.snapshot()
                with pytest.raises(navrouter.RouteNotFoundError, match="ProductRoute is not registered"):
                    elsewhere.navigate(ProductRoute(id=5))
                assert elsewhere.snapshot() == before


def test_a_field_of_another_type_is_refused_when_read():
    @dataclass(frozen=True)
    class Tagged(TypedRoute):
        ROUTE: ClassVar[str] = "tagged"
        PATTERN: ClassVar[str] = "tagged/:tags"
        tags: list[str]

    with pytest.raises(
        TypeError, match="Tagged.tags: a typed route's field is an int, a float, a bool, a str or an enum.Enum"
    ):
        Tagged.from_parameters({"tags": "a"})


@pytest.mark.parametrize("given", ["product", ProductRoute(id=1), None, [ProductRoute], lambda: None, int])
def test_register_takes_a_typed_route_class_and_nothing_else(given):
    with navrouter.Registry() as registry:
        with pytest.raises(TypeError, match="register takes a TypedRoute class"):
            registry.register(given)
        assert len(registry) == 0


class Sort(enum.Enum):
    NEW = "new"
    TOP = "top"


@dataclass(frozen=True)
class ListRoute(TypedRoute):
    ROUTE: ClassVar[str] = "list"
    PATTERN: ClassVar[str] = "list/<enum(new|top):sort>/<bool:all>"
    QUERY: ClassVar[Mapping[str, str | navrouter.QueryDeclaration] | None] = {
        "page": {"type": "int", "default": 1},
        "ratio": "double",
    }
    sort: Sort
    all: bool
    page: int = 1
    ratio: Optional[float] = None  # noqa: UP045


def test_typed_parameters_and_declared_query_parameters():
    with navrouter.Registry() as registry:
        registry.register(ListRoute)
        match = registry.resolve("/list/top/true")
        assert match.parameters == {"sort": "top", "all": "true", "page": "1"}, "the declared default is added"
        assert ListRoute.from_match(match) == ListRoute(sort=Sort.TOP, all=True, page=1)
        for url in ("/list/old/true", "/list/top/yes"):
            with pytest.raises(navrouter.RouteNotFoundError):
                registry.resolve(url)
        with pytest.raises(navrouter.ParameterError, match="query parameter 'ratio' must be a double, not 'x'"):
            registry.resolve("/list/new/false?ratio=x")
        assert ListRoute(sort=Sort.NEW, all=False, ratio=0.5).url(registry) == "/list/new/false?page=1&ratio=0.5"
        with pytest.raises(navrouter.ParameterError, match="must be an int, not 'two'"):
            registry.build_url("list", {"sort": "new", "all": "true", "page": "two"})
        route = registry.route("list")
        assert route["parameter_types"] == {"sort": "enum(new|top)", "all": "bool"}
        assert route["query"] == {"page": {"type": "int", "default": "1"}, "ratio": {"type": "double"}}


def test_add_route_declares_query_parameters_and_refuses_bad_ones():
    with navrouter.Registry() as registry:
        registry.add_route("search", "search", query={"q": {"required": True}, "n": "int"})
        with pytest.raises(navrouter.ParameterError, match="requires the query parameter 'q'"):
            registry.resolve("/search")
        assert registry.resolve("/search?q=a&n=2").parameters == {"q": "a", "n": "2"}
        with pytest.raises(navrouter.JSONError, match="did you mean 'int'"):
            registry.add_route("other", "other", query={"n": "itn"})


@dataclass(frozen=True)
class AccountRoute(TypedRoute):
    ROUTE: ClassVar[str] = "account"
    PATTERN: ClassVar[str] = "account"
    PRESENTATION: ClassVar[navrouter.RoutePresentation] = "root"


def test_tabs_and_pop_up_to_take_typed_routes():
    with navrouter.Registry() as registry:
        for route in (HomeRoute, AccountRoute, ProductRoute):
            registry.register(route)
        with navrouter.Router(registry) as router:
            router.start()
            router.select_tab(AccountRoute)
            assert router.state.selected_tab == 1
            router.select_tab("home")
            assert router.state.selected_tab == 0
            with pytest.raises(navrouter.RouteNotFoundError, match="no tab has the root route 'product'"):
                router.select_tab(ProductRoute)
            with pytest.raises(navrouter.RouteNotFoundError, match="did you mean 'home'"):
                router.select_tab("hom")
            for product in (1, 2, 3):
                router.push(ProductRoute(id=product))
            router.push(ProductRoute(id=9), pop_up_to=HomeRoute)
            assert [entry.route for entry in router.state.current_stack] == ["home", "product"]
            with pytest.raises(TypeError, match="TypedRoute class"):
                router.select_tab(int)  # type: ignore[arg-type]
            with pytest.raises(TypeError, match="TypedRoute class"):
                router.push(ProductRoute(id=9), pop_up_to=dict)  # type: ignore[arg-type]
            router.push(ProductRoute(id=10), tab=AccountRoute)
            assert router.state.selected_tab == 0
            assert [entry.route for entry in router.state.tabs[1].stack] == ["account", "product"]
