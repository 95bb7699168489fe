"""Registry: routes, deep-link resolution, explanations, reverse routing, interceptors and authentication."""

from __future__ import annotations

import ctypes
import json
from collections.abc import Callable, Iterable, Mapping
from ctypes import c_bool, c_size_t, c_void_p
from typing import TYPE_CHECKING, Any, cast

from . import _callbacks, _speed
from . import _constants as K
from ._callbacks import CLAIM, DESTROY, INTERCEPTOR, LOGIN, drop, invoke, register
from ._ffi import (
    NO_CLAIM,
    NO_DESTROY,
    NO_LOGIN,
    MatchPtr,
    RegistryPtr,
    RouteSpec,
    encode,
    encode_list,
    encode_optional,
    flag_argument,
    id_argument,
    lib,
    size_argument,
    string_array,
    take_string,
    uint32_argument,
)
from ._json import dump_json
from ._owned import OwnedHandle
from ._routers import router_for
from ._speed import RouteNames
from .guards import PHASES, PRIORITIES, Decision, Interception, apply_decision
from .typed import TypedRoute
from .types import (
    MAX_DOCUMENT_DEPTH,
    FlowToken,
    JSONObject,
    ManifestReport,
    Match,
    Phase,
    Priority,
    QueryDeclaration,
    RoutePresentation,
)

if TYPE_CHECKING:
    from .router import Router

#: Route flags (see navrouter.h).
_ROUTE_PRESENTATIONS = {
    "push": K.ROUTE_PUSH,
    "sheet": K.ROUTE_MODAL_SHEET,
    "fullscreen": K.ROUTE_MODAL_FULLSCREEN,
    "root": K.ROUTE_ROOT,
}
_REQUIRES_AUTH = K.ROUTE_REQUIRES_AUTH
_EXTERNAL = K.ROUTE_EXTERNAL


def match_from(handle: Any) -> Match:
    """Copies a (borrowed or owned) navrouter_match into a Match (one call: the match's JSON)."""
    data = json.loads(lib().navrouter_match_json(handle))
    return Match(
        data["route"],
        data["url"],
        data["parameters"],
        data["path_parameters"],
        [(name, value) for name, value in data["query"]],
        data["remainder"],
        data["fragment"],
        data["props"],
    )


class _AuthHandler:
    """The authentication handler as the C trampolines see it."""

    def __init__(
        self,
        login: Callable[[Router | None, FlowToken, Match], None] | None,
        claim: Callable[[Router | None, str], bool] | None,
    ) -> None:
        self._login, self._claim = login, claim

    def login(self, router_address: int | None, flow: int, match_pointer: int | None) -> None:
        if self._login is not None:
            pointer = ctypes.cast(c_void_p(match_pointer), MatchPtr)
            self._login(router_for(router_address), FlowToken(flow), match_from(pointer))

    def claim(self, router_address: int | None, url: str) -> bool:
        return self._claim is not None and bool(self._claim(router_for(router_address), url))


class Registry(OwnedHandle):
    """A set of routes, with the interceptors and authentication state shared by its routers. Thread-safe; close()
    (or a ``with`` block) frees it (routers made on it keep the C registry alive until they are freed)."""

    _what = "registry"
    _instead_of_copying = "make another Registry and load the same manifest (or add the same routes) into it"

    def __init__(self, *, case_sensitive: bool = False) -> None:
        super().__init__()
        handle = RegistryPtr()
        lib().navrouter_registry_new(
            ctypes.byref(handle), K.REGISTRY_CASE_SENSITIVE if flag_argument(case_sensitive, "case_sensitive") else 0
        )
        self._handle = handle
        self._address: int = ctypes.cast(handle, c_void_p).value or 0  # for the calls of navrouter._speed
        _speed.bind()
        self._names = RouteNames()
        self._interceptors: set[int] = set()

    @property
    def _as_parameter_(self) -> Any:
        return self._ptr()

    def _free(self, handle: Any) -> None:
        lib().navrouter_registry_free(handle)

    def _detach(self) -> None:
        handle = self._handle
        if handle is None:
            return
        for identifier in list(self._interceptors):
            try:
                lib().navrouter_registry_remove_interceptor(handle, identifier)
            except Exception:  # noqa: BLE001 - at exit: an interceptor a module already took away
                pass
        lib().navrouter_registry_set_auth_handler(
            handle,
            NO_LOGIN,
            NO_CLAIM,
            None,
            NO_DESTROY,
        )

    # Routes

    def add_route(
        self,
        name: str,
        pattern: str,
        *,
        presentation: RoutePresentation = "push",
        requires_auth: bool = False,
        external: bool = False,
        required_parameters: Iterable[str] = (),
        metadata: JSONObject | None = None,
        parent: str | None = None,
        module: str | None = None,
        query: Mapping[str, str | QueryDeclaration] | None = None,
    ) -> None:
        """Registers a route. presentation: push, sheet, fullscreen or root. required_parameters: names a match must
        carry (from the path or the query); metadata: a JSON object for the host; parent: the parent route (for
        back stacks; it must be registered); module: the module it belongs to (remove_module removes it); query:
        typed query parameters by name, each a type name ("int", "bool", "double", "enum(new|top)") or
        {"type", "default", "required"}: every value a link gives must have the type (else ParameterError), a
        missing one gets its default."""
        if presentation not in _ROUTE_PRESENTATIONS:
            raise ValueError(f"presentation must be one of {', '.join(_ROUTE_PRESENTATIONS)}, not {presentation!r}")
        requires_auth = flag_argument(requires_auth, "requires_auth")
        external = flag_argument(external, "external")
        required = [value.decode() for value in encode_list(required_parameters, "required_parameters")]
        if not required and metadata is None and parent is None and module is None and not query:
            flags = _ROUTE_PRESENTATIONS[presentation] | (_REQUIRES_AUTH if requires_auth else 0)
            flags |= _EXTERNAL if external else 0
            with self._names.changing():
                lib().navrouter_registry_add_route(self._ptr(), encode(name, "name"), encode(pattern, "pattern"), flags)
            return
        route: dict[str, Any] = {"name": name, "pattern": pattern, "requires_auth": requires_auth, "external": external}
        if presentation in ("sheet", "fullscreen"):
            route.update(presentation="modal", style=presentation)
        else:
            route["presentation"] = presentation
        if required:
            route["required_parameters"] = required
        if metadata is not None:
            route["metadata"] = metadata
        if parent is not None:
            route["parent"] = parent
        if query:
            route["query"] = dict(query)
        manifest: dict[str, Any] = {"routes": [route]}
        if module is not None:
            manifest["module"] = module
        self.load_manifest(manifest)

    def add_routes(self, routes: Iterable[tuple[str, str] | tuple[str, str, RoutePresentation]]) -> int:
        """Registers many routes at once, all or nothing: (name, pattern) or (name, pattern, presentation) tuples. The
        table is compiled once (100k routes take about half the time of 100k add_route calls). Routes with required
        parameters, metadata, parents or modules go through add_route or load_manifest. Returns the count."""
        specs: list[RouteSpec] = []
        for index, route in enumerate(routes):
            if not isinstance(route, tuple) or len(route) not in (2, 3):  # pyright: ignore[reportUnnecessaryIsInstance]
                raise TypeError(f"routes[{index}] must be a (name, pattern[, presentation]) tuple, not {route!r}")
            presentation = route[2] if len(route) == 3 else "push"
            if presentation not in _ROUTE_PRESENTATIONS:
                raise ValueError(
                    f"routes[{index}]: presentation must be one of {', '.join(_ROUTE_PRESENTATIONS)}, "
                    f"not {presentation!r}"
                )
            name = encode(route[0], f"routes[{index}] name")
            pattern = encode(route[1], f"routes[{index}] pattern")
            specs.append(RouteSpec(name, pattern, _ROUTE_PRESENTATIONS[presentation]))
        array = (RouteSpec * len(specs))(*specs)
        with self._names.changing():
            lib().navrouter_registry_add_routes(self._ptr(), array, len(specs))
        return len(specs)

    def load_manifest(self, manifest: str | Mapping[str, Any] | list[Any]) -> int:
        """Loads a JSON manifest (text, or a dict/list to be written as JSON) all-or-nothing; returns the count."""
        text = (
            encode(manifest, "manifest")
            if isinstance(manifest, str)
            else dump_json(manifest, "manifest", MAX_DOCUMENT_DEPTH)
        )
        count = c_size_t()
        with self._names.changing():
            lib().navrouter_registry_load_manifest(self._ptr(), text, ctypes.byref(count))
        return count.value

    def register(self, route: type[TypedRoute]) -> None:
        """Registers a route declared as a type (navrouter.typed.TypedRoute): its ROUTE, PATTERN, PRESENTATION,
        PARENT, REQUIRES_AUTH, EXTERNAL and QUERY, as add_route takes them. TypeError for anything but such a class."""
        if not _is_typed_route_class(route):
            raise TypeError(f"register takes a TypedRoute class, not {route!r}")
        self.add_route(
            route.ROUTE,
            route.PATTERN,
            presentation=route.PRESENTATION,
            requires_auth=route.REQUIRES_AUTH,
            external=route.EXTERNAL,
            parent=route.PARENT,
            query=route.QUERY,
        )

    def check_route(self, name: str, pattern: str, declared_by: str | None = None) -> None:
        """Checks that the registry holds a route of this name with this pattern, however each is spelt (what a typed
        route expects of the registry it is given to): RouteNotFoundError without such a route, ConflictError when
        its pattern is another. declared_by names the declaration in the messages."""
        invoke(
            lib().navrouter_registry_check_route,
            self._ptr(),
            encode(name, "name"),
            encode(pattern, "pattern"),
            encode_optional(declared_by, "declared_by"),
        )

    def check_manifest(self, manifest: str | Mapping[str, Any] | list[Any]) -> ManifestReport:
        """Checks a manifest as load_manifest would load it into an empty registry with this registry's options
        (case sensitivity, URL policy), listing every problem where loading stops at the first; this registry is not
        changed. For a host's own tests: assert not report["errors"]. JSONError when it is no manifest at all."""
        text = (
            encode(manifest, "manifest")
            if isinstance(manifest, str)
            else dump_json(manifest, "manifest", MAX_DOCUMENT_DEPTH)
        )
        out = c_void_p()
        lib().navrouter_registry_check_manifest(self._ptr(), text, ctypes.byref(out))
        report: ManifestReport = json.loads(take_string(out))
        return report

    def remove_route(self, name: str) -> None:
        """Removes a route by name (ConflictError while other routes name it as their parent)."""
        with self._names.changing():
            invoke(lib().navrouter_registry_remove_route, self._ptr(), encode(name, "name"))

    def remove_module(self, module: str) -> int:
        """Removes every route and interceptor of a module; returns how many routes."""
        removed = c_size_t()
        with self._names.changing():
            invoke(lib().navrouter_registry_remove_module, self._ptr(), encode(module, "module"), ctypes.byref(removed))
        return removed.value

    def __len__(self) -> int:
        count = c_size_t()
        lib().navrouter_registry_route_count(self._ptr(), ctypes.byref(count))
        return count.value

    def route(self, name: str) -> dict[str, Any]:
        """One route as a dict (name, pattern, presentation, style, flags, parameters, metadata, parent, module)."""
        out = c_void_p()
        lib().navrouter_registry_route_json(self._ptr(), encode(name, "name"), ctypes.byref(out))
        return cast(dict[str, Any], json.loads(take_string(out)))

    def routes(self) -> list[dict[str, Any]]:
        """Every route, in registration order."""
        out = c_void_p()
        lib().navrouter_registry_routes_json(self._ptr(), ctypes.byref(out))
        return cast(list[dict[str, Any]], json.loads(take_string(out)))

    # Policy

    def set_web_domains(self, domains: Iterable[str]) -> None:
        """The app's web domains: http/https links to them address the app (a single str is refused). A domain is
        written as links carry it: no wildcards, an internationalised one in its ``xn--`` form (the error gives it).
        A change refreshes every router on the registry (as removing a route does): an entry whose link the new
        policy refuses goes, and its router's navigator hears of it during this call."""
        encoded = encode_list(domains, "domains")
        invoke(lib().navrouter_registry_set_web_domains, self._ptr(), string_array(encoded), len(encoded))

    def set_schemes(self, schemes: Iterable[str]) -> None:
        """The app's custom schemes; empty accepts any but the reserved ones (a single str is refused). A change
        refreshes every router on the registry (see set_web_domains)."""
        encoded = encode_list(schemes, "schemes")
        invoke(lib().navrouter_registry_set_schemes, self._ptr(), string_array(encoded), len(encoded))

    def set_limits(self, max_url_length: int = 8192, max_segments: int = 64) -> None:
        """Limits applied to every URL. A change refreshes every router on the registry (see set_web_domains)."""
        invoke(
            lib().navrouter_registry_set_limits,
            self._ptr(),
            size_argument(max_url_length, "max_url_length"),
            size_argument(max_segments, "max_segments"),
        )

    # Resolving

    def resolve(self, url: str) -> Match:
        """Resolves a deep link; raises RouteNotFoundError, MalformedURLError, DeniedError, ... on failure.
        One foreign call: the whole match comes packed into a buffer and is decoded in C (the speedups module) or
        in Python."""
        if self._handle is None or _callbacks.shutting_down:  # _ptr()'s checks, without its call on the hot path
            self._ptr()
        return _speed.resolve(self._address, url)

    def lookup(self, url: str) -> tuple[str, list[tuple[int, int]]]:
        """The zero-allocation look-up: the route's name and each path segment's byte range in the UTF-8 URL
        (at most 64 segments, the default limit)."""
        if self._handle is None or _callbacks.shutting_down:  # _ptr()'s checks, without its call on the hot path
            self._ptr()
        names = self._names
        generation = names.generation
        if generation % 2 == 0:
            index, segments = _speed.lookup(self._address, url)
            cache = names.cache
            if cache is None or cache[0] != generation:
                # Look-up indexes count a route's aliases after it (each one index, with the route's name).
                listed = self.routes()
                cache = (
                    generation,
                    [route["name"] for route in listed for _ in range(1 + len(route.get("aliases", [])))],
                )
                if names.generation == generation:
                    names.cache = cache
            if names.generation == generation and index < len(cache[1]):
                return cache[1][index], segments
        # Routes changed meanwhile: look up again with changes held off, so index and name agree.
        with names.lock:
            index, segments = _speed.lookup(self._address, url)
            name = c_void_p()
            lib().navrouter_registry_route_name(self._ptr(), index, ctypes.byref(name))
            return take_string(name), segments

    def explain(self, url: str) -> dict[str, Any]:
        """Why a URL resolves as it does: {"winner", "status", "error", "candidates": [...]}."""
        out = c_void_p()
        lib().navrouter_registry_explain(self._ptr(), encode(url, "url"), ctypes.byref(out))
        return cast(dict[str, Any], json.loads(take_string(out)))

    def build_url(
        self,
        route: str,
        parameters: Mapping[str, str] | None = None,
        props: Mapping[str, Any] | None = None,
        scheme: str | None = None,
    ) -> str:
        """Builds a deep link to a route (reverse routing), optionally carrying JSON props."""
        return self._link(
            lib().navrouter_registry_build_url,
            encode(route, "route"),
            dump_json(dict(parameters), "parameters") if parameters is not None else None,
            dump_json(dict(props), "props") if props is not None else None,
            encode_optional(scheme, "scheme"),
        )

    def universal_link(
        self,
        route: str,
        parameters: Mapping[str, str] | None = None,
        props: Mapping[str, Any] | None = None,
        domain: str | None = None,
    ) -> str:
        """Builds a universal link to a route, "https://DOMAIN/...", on one of the app's web domains (domain may be
        None when exactly one is listed); InvalidArgumentError when none fits. Otherwise as build_url."""
        return self._link(
            lib().navrouter_registry_build_universal_link,
            encode(route, "route"),
            dump_json(dict(parameters), "parameters") if parameters is not None else None,
            dump_json(dict(props), "props") if props is not None else None,
            encode_optional(domain, "domain"),
        )

    def build_url_for_path(self, path: str, props: Mapping[str, Any] | None = None, scheme: str | None = None) -> str:
        """Builds a deep link from a path ("shop/product/7", "/shop/product/7?ref=mail") rather than a route's name:
        the route's canonical URL for it, carrying props (or, when None, the props the path carried); NotFoundError
        when no route takes the path."""
        return self._link(
            lib().navrouter_registry_build_url_for_path,
            encode(path, "path"),
            dump_json(dict(props), "props") if props is not None else None,
            encode_optional(scheme, "scheme"),
        )

    def _link(self, function: Callable[..., int], *arguments: bytes | None) -> str:
        """A link one of the C builders makes from these arguments (after the registry, before the out pointer)."""
        out = c_void_p()
        function(self._ptr(), *arguments, ctypes.byref(out))
        return take_string(out)

    # Guards

    def add_interceptor(
        self,
        interceptor: Callable[[Interception], Decision],
        *,
        phase: Phase = "before",
        priority: Priority = "medium",
        pattern: str | None = None,
        routes: Iterable[str] | None = None,
        requires_auth: bool = False,
        module: str | None = None,
        name: str = "",
    ) -> int:
        """Registers an interceptor for routes whose path matches pattern, or for the named routes (each must be
        registered), or (neither) for every route; returns its id.

        interceptor(interception) decides: None/True proceeds, False or Cancel(reason) cancels, Redirect(url)
        redirects, PENDING holds the navigation as a flow (resume it with Router.resume_flow(interception.flow)).
        phase: "before"; "after" (runs once applied: may proceed or redirect, which navigates next); "leave" (may
        veto popping its entry, or hold it). priority: "low", "medium", "high", "mandatory"; higher first, then
        registration order. requires_auth: run only when the user is authenticated. module: removed with
        remove_module(module). The interception is a copy, readable after the call.
        """
        if not callable(interceptor):
            raise TypeError(f"interceptor must be callable, not {type(interceptor).__name__}")
        if phase not in PHASES:
            raise ValueError(f"phase must be before, after or leave, not {phase!r}")
        if priority not in PRIORITIES:
            raise ValueError(f"priority must be one of {', '.join(PRIORITIES)}, not {priority!r}")
        names = encode_list(routes, "routes") if routes is not None else []
        array = string_array(names) if routes is not None else None

        def call(pointer: int | None) -> int:
            return apply_decision(pointer, interceptor(Interception.from_c(pointer)))

        key = register(self._registrations, call)
        identifier = ctypes.c_uint64()
        try:
            lib().navrouter_registry_add_interceptor(
                self._ptr(),
                encode(name, "name"),
                PHASES[phase],
                PRIORITIES[priority],
                encode_optional(pattern, "pattern"),
                array,
                len(names),
                K.INTERCEPTOR_REQUIRES_AUTH if flag_argument(requires_auth, "requires_auth") else 0,
                encode_optional(module, "module"),
                INTERCEPTOR,
                key,
                DESTROY,
                ctypes.byref(identifier),
            )
        except BaseException:
            drop(key)
            raise
        self._interceptors.add(identifier.value)
        return identifier.value

    def remove_interceptor(self, identifier: int) -> None:
        """Removes an interceptor by id."""
        lib().navrouter_registry_remove_interceptor(self._ptr(), id_argument(identifier, "identifier"))
        self._interceptors.discard(identifier)

    @property
    def authenticated(self) -> bool:
        """Whether the user is authenticated (set it to log in or out)."""
        out = c_bool()
        lib().navrouter_registry_is_authenticated(self._ptr(), ctypes.byref(out))
        return out.value

    @authenticated.setter
    def authenticated(self, value: bool) -> None:
        self.set_authenticated(value)

    def set_authenticated(self, authenticated: bool) -> None:
        """Logs in or out. Logging out prunes protected entries from every router on this registry (with events the
        navigator cannot refuse) and cancels pending flows towards protected routes."""
        invoke(lib().navrouter_registry_set_authenticated, self._ptr(), flag_argument(authenticated, "authenticated"))

    def set_auth_handler(
        self,
        login: Callable[[Router | None, FlowToken, Match], None] | None = None,
        claim: Callable[[Router | None, str], bool] | None = None,
    ) -> None:
        """Sets the authentication handler.

        login(router, flow, destination) is called when a protected route is opened while logged out: show the
        login UI, then call router.complete_login(flow, success) (after setting authenticated on success).
        claim(router, url) returns True for an authentication callback URL (an OAuth redirect) it handles: the
        navigate call then returns an Outcome with status "handled". Neither: protected routes raise DeniedError
        while logged out.
        """
        for function, what in ((login, "login"), (claim, "claim")):
            if function is not None and not callable(function):
                raise TypeError(f"{what} must be callable, not {type(function).__name__}")
        if login is None and claim is None:
            lib().navrouter_registry_set_auth_handler(
                self._ptr(),
                NO_LOGIN,
                NO_CLAIM,
                None,
                NO_DESTROY,
            )
            return
        key = register(self._registrations, _AuthHandler(login, claim))
        try:
            lib().navrouter_registry_set_auth_handler(
                self._ptr(),
                LOGIN if login is not None else NO_LOGIN,
                CLAIM if claim is not None else NO_CLAIM,
                key,
                DESTROY,
            )
        except BaseException:
            drop(key)
            raise

    def set_guard_options(
        self, max_redirects: int = 8, fallback_route: str | None = None, interceptors_before_login: bool = False
    ) -> None:
        """The longest redirect chain (beyond it a command raises LimitError listing the chain), a route opened
        for unmatched URLs (with the URL as its "url" parameter) or None, and whether before interceptors that do
        not require authentication run before the login step (the others after it)."""
        before_login = flag_argument(interceptors_before_login, "interceptors_before_login")
        lib().navrouter_registry_set_guard_options(
            self._ptr(), uint32_argument(max_redirects, "max_redirects"), encode_optional(fallback_route, "route")
        )
        lib().navrouter_registry_set_guard_flags(self._ptr(), K.GUARD_INTERCEPTORS_BEFORE_LOGIN if before_login else 0)


def _is_typed_route_class(value: object) -> bool:
    """Whether a value is a class declared as a typed route (checked at run time, whatever a caller's types say)."""
    return isinstance(value, type) and issubclass(value, TypedRoute) and value is not TypedRoute
