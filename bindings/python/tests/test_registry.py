import threading

import navrouter
import navrouter.registry
import pytest
from conftest import ROOT
from navrouter import (
    ConflictError,
    DeniedError,
    DestroyedError,
    InvalidArgumentError,
    JSONError,
    LimitError,
    MalformedURLError,
    ParameterError,
    PatternError,
    RouteNotFoundError,
)


def test_version():
    assert navrouter.version() == "0.1.0"


def test_resolve_gives_everything_decoded(shop):
    match = shop.resolve("myapp://Shop/product/42?ref=a+b&tag=1&tag=2#top")
    assert match.route == "product"
    assert match.path_parameters == {"id": "42"}
    assert match.parameters == {"id": "42", "ref": "a b", "tag": "2"}
    assert match.query_items == [("ref", "a b"), ("tag", "1"), ("tag", "2")]
    assert match.query["tag"] == "2"
    assert match.fragment == "top"
    assert match.props is None


def test_errors_become_exception_classes(shop):
    with pytest.raises(RouteNotFoundError, match="no route matches '/nope'") as info:
        shop.resolve("/nope")
    assert isinstance(info.value, LookupError) and info.value.status == -2
    with pytest.raises(MalformedURLError, match="empty path segment"):
        shop.resolve("/shop//cart")
    with pytest.raises(DeniedError, match="web domain"):
        shop.resolve("https://evil.example.com/shop/cart")
    with pytest.raises(ParameterError, match="'q'"):
        shop.resolve("/shop/search")
    with pytest.raises(LimitError):
        shop.resolve("/shop/category/" + "x" * (1 << 20))
    with pytest.raises(InvalidArgumentError, match="NUL"):
        shop.resolve("/shop/cart\0")
    with pytest.raises(MalformedURLError, match="not valid UTF-8"):
        shop.resolve("/shop/category/\udcff")


def test_routes_and_registration_errors(shop):
    assert len(shop) == 17
    review = shop.route("review")
    assert review["presentation"] == "modal" and review["style"] == "sheet" and review["parent"] == "product"
    assert [route["name"] for route in shop.routes()][:3] == ["home", "catalog", "cart"]
    with pytest.raises(ConflictError, match="'p2'.*'product'"):
        shop.add_route("p2", "shop/product/<int:other>")
    with pytest.raises(PatternError, match="unknown parameter type 'float'"):
        shop.add_route("bad", "x/<float:y>")
    with pytest.raises(JSONError, match="module 'm', route 'r'"):
        shop.load_manifest({"module": "m", "routes": [{"name": "r", "pattern": "r", "external": "yes"}]})
    shop.add_route("typed", "shop/product/<uuid:ref>", presentation="sheet", external=True)
    assert shop.route("typed")["style"] == "sheet"
    shop.remove_route("typed")
    assert shop.remove_module("account") == 5
    with pytest.raises(RouteNotFoundError):
        shop.resolve("/account/profile")


def test_policy(shop):
    shop.set_web_domains(["shop.example.com"])
    shop.set_schemes(["myapp"])
    assert shop.resolve("https://shop.example.com/shop/cart").route == "cart"
    with pytest.raises(DeniedError, match="scheme 'other'"):
        shop.resolve("other://shop/cart")
    with pytest.raises(InvalidArgumentError):
        shop.set_schemes(["https"])
    shop.set_limits(max_url_length=32)
    with pytest.raises(LimitError, match="limit is 32 bytes"):
        shop.resolve("/shop/category/" + "x" * 40)


def test_web_domains_no_link_carries_are_refused_and_the_old_list_stays(shop):
    shop.set_web_domains(["shop.example.com"])
    for domain, says in [
        ("*.example.com", "wildcards are not supported"),
        ("bücher.example", "list 'xn--bcher-kva.example'"),
        ("shop.example.com.", "without the trailing dot"),
        (" shop.example.com", "U\\+0020 is not a letter"),
    ]:
        with pytest.raises(InvalidArgumentError, match=says):
            shop.set_web_domains(["a.example", domain])
    assert shop.resolve("https://shop.example.com/shop/cart").route == "cart"
    with pytest.raises(DeniedError):
        shop.resolve("https://a.example/shop/cart")
    shop.set_web_domains(["xn--bcher-kva.example"])
    assert shop.resolve("https://xn--bcher-kva.example/shop/cart").route == "cart"


def test_build_url_round_trip_with_props(shop):
    props = {"title": "Ünïcode ✓", "count": 3, "nested": {"list": [True, None, 1.5]}}
    url = shop.build_url("product", {"id": "7", "from": "a b&c"}, props=props, scheme="myapp")
    assert url.startswith("myapp://shop/product/7?from=a%20b%26c&_props=")
    match = shop.resolve(url)
    assert (match.route, match.parameters, match.props) == ("product", {"id": "7", "from": "a b&c"}, props)
    with pytest.raises(ParameterError, match="must be an int"):
        shop.build_url("product", {"id": "x"})
    with pytest.raises(RouteNotFoundError):
        shop.build_url("nope")


def test_universal_links_and_links_from_paths(shop):
    assert shop.resolve("https://shop.example.com/shop/cart").route == "cart", "the manifest lists its web domain"
    shop.set_web_domains([])
    with pytest.raises(navrouter.InvalidArgumentError, match="no web domain is listed"):
        shop.universal_link("product", {"id": "7"})
    shop.set_web_domains(["shop.example.com", "m.example.com"])
    with pytest.raises(navrouter.InvalidArgumentError, match="name the one to use"):
        shop.universal_link("product", {"id": "7"})
    link = shop.universal_link("product", {"id": "7", "ref": "mail"}, props={"n": 1}, domain="M.example.com")
    assert link.startswith("https://m.example.com/shop/product/7?ref=mail&_props=")
    match = shop.resolve(link)
    assert (match.route, match.parameters, match.props) == ("product", {"id": "7", "ref": "mail"}, {"n": 1})
    assert shop.build_url_for_path("SHOP/product/7?b=2&a=1", scheme="myapp") == "myapp://shop/product/7?a=1&b=2"
    assert shop.resolve(shop.build_url_for_path("/shop/product/7", props={"k": "v"})).props == {"k": "v"}
    with pytest.raises(RouteNotFoundError):
        shop.build_url_for_path("shop/nowhere")


def test_explain_and_lookup(shop, resolve_path):
    explanation = shop.explain("/shop/product/abc")
    assert explanation["status"] == "ENOTFOUND" and explanation["winner"] is None
    assert any("is not an int" in candidate["reason"] for candidate in explanation["candidates"])
    assert shop.lookup("/shop/product/42/review") == ("review", [(1, 5), (6, 13), (14, 16), (17, 23)])


def test_closed_registry_raises(resolve_path):
    registry = navrouter.Registry()
    registry.close()
    registry.close()
    with pytest.raises(DestroyedError):
        registry.resolve("/x")
    with pytest.raises(DestroyedError):
        registry.lookup("/x")


@pytest.mark.parametrize("table", ["github", "static"])
def test_bench_tables_resolve_to_their_patterns(bench_table, table):
    registry, lookups = bench_table(table)
    wrong = [
        (url, expected, registry.resolve(url).route)
        for url, expected in lookups
        if registry.resolve(url).route != expected
    ]
    assert wrong == []


def test_threads(shop):
    errors = []

    def worker(index):
        try:
            for step in range(200):
                assert shop.resolve(f"/shop/product/{step}").parameters["id"] == str(step)
                if index == 0:
                    shop.add_route(f"t{step}", f"t/{step}")
        except Exception as error:  # pragma: no cover - reported below
            errors.append(error)

    threads = [threading.Thread(target=worker, args=(index,)) for index in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    assert len(shop) == 17 + 200


def test_random_input_never_crashes_and_fails_cleanly(shop):
    """Random URLs (bytes from a biased alphabet, invalid UTF-8 included) give a Match or a NavRouterError."""
    import random

    alphabet = [
        "/",
        "/",
        "shop",
        "product",
        "42",
        "%",
        "%2F",
        "%zz",
        "?",
        "#",
        "&",
        "=",
        "+",
        ".",
        "..",
        "A",
        "é",
        "\x01",
        "\x7f",
        "myapp://",
        "https://",
        "shop.example.com",
        ":",
        "_props=",
        "\udcff",
        " ",
    ]
    rng = random.Random(20261122)
    router = navrouter.Router(shop)
    for _ in range(3000):
        url = "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 12)))
        for call in (shop.resolve, shop.lookup, shop.explain, router.navigate):
            try:
                call(url)
            except navrouter.NavRouterError as error:
                assert error.status < 0 and error.message
    router.close()


def test_lookup_names_follow_every_change(shop, resolve_path):
    assert shop.lookup("/shop/cart")[0] == "cart"  # fills the name cache
    shop.remove_route("home")  # indices shift
    assert shop.lookup("/shop/cart")[0] == "cart"
    shop.add_route("deals", "shop/deals")
    assert shop.lookup("/shop/deals")[0] == "deals"
    shop.remove_module("account")
    assert shop.lookup("/shop/deals")[0] == "deals"
    shop.load_manifest({"module": "m", "routes": [{"name": "extra", "pattern": "extra/:id"}]})
    assert shop.lookup("/extra/7") == ("extra", [(1, 6), (7, 8)])
    with pytest.raises(RouteNotFoundError):
        shop.lookup("/account/profile")


def test_lookup_notices_a_change_between_the_look_up_and_the_name(shop, monkeypatch, resolve_path):
    """A change that lands right after the C look-up (as another thread's could) must not pair the index of one
    table with the names of another."""
    from navrouter import _speed

    assert shop.lookup("/shop/product/42")[0] == "product"  # names cached
    original = _speed.lookup
    moved = []

    def look_up_then_change(address, url):
        found = original(address, url)
        if not moved:  # once: move "home" to the end, so every index after it shifts
            moved.append(True)
            shop.remove_route("home")
            shop.add_route("home", "shop/home", presentation="root")
        return found

    monkeypatch.setattr(_speed, "lookup", look_up_then_change)
    assert shop.lookup("/shop/product/42")[0] == "product"
    assert moved == [True]


def test_lookup_while_routes_change_on_another_thread(shop):
    stop = threading.Event()
    wrong = []

    def churn():  # moves "home" to the end and back: the indices of the routes after it shift each time
        while not stop.is_set():
            shop.remove_route("home")
            shop.add_route("home", "shop/home", presentation="root")

    worker = threading.Thread(target=churn)
    worker.start()
    try:
        for _ in range(3000):
            name, _ = shop.lookup("/shop/product/42")
            if name != "product":
                wrong.append(name)
            match = shop.resolve("/shop/product/42?ref=x")  # the packed match carries its route's name
            if match.route != "product" or match.parameters != {"id": "42", "ref": "x"}:
                wrong.append(match)
    finally:
        stop.set()
        worker.join()
    assert wrong == []


def _resolve_through_json(registry, url):
    """The match as navrouter_registry_resolve + navrouter_match_json give it (the path before the packed one)."""
    import ctypes

    from navrouter import _ffi
    from navrouter._ffi import encode, lib
    from navrouter.registry import match_from

    handle = _ffi.MatchPtr()
    lib().navrouter_registry_resolve(registry._ptr(), encode(url, "url"), ctypes.byref(handle))
    try:
        return match_from(handle)
    finally:
        lib().navrouter_match_free(handle)


def test_packed_resolve_agrees_with_the_json_match(shop, resolve_path):
    """resolve() reads the packed match; every field must equal the JSON match's, for every kind of URL."""
    import base64
    import json
    import random

    shop.add_route("files", "files/*path")
    shop.add_route("review-reply", "shop/product/:id/review/:review/reply")
    props = base64.urlsafe_b64encode(json.dumps({"k": [1, "é"]}).encode()).decode().rstrip("=")
    urls = [
        "/shop/product/42",
        "myapp://Shop/product/42?ref=a+b&tag=1&tag=2#top",
        "/shop/product/7?id=9&x=%C3%A9",
        "/files/a/b%20c/d.txt#fr%C3%A8re",
        f"/shop/product/1?_props={props}",
        "/shop/category/caf%C3%A9",
        "/shop/cart",
        "/shop/product/42/review/7/reply",
        "/shop/product/%C3%A9/review/a%20b/reply",
        "/files/a/b",
        "/shop/search?q=" + "z" * 5000,
    ]
    rng = random.Random(7)
    pieces = ["a", "%C3%A9", "%2F", "+", "b%20c", "é", "X"]
    for _ in range(300):
        value = "".join(rng.choice(pieces) for _ in range(rng.randint(1, 5)))
        urls.append(f"/shop/product/{value}?q={value}&{value}=1#{value}")
    for url in urls:
        try:
            expected = _resolve_through_json(shop, url)
        except navrouter.NavRouterError as error:
            with pytest.raises(type(error)):
                shop.resolve(url)
            continue
        assert shop.resolve(url) == expected, url


def test_packed_resolve_grows_its_buffer_and_keeps_dicts_apart(shop, resolve_path):
    long_value = "é" * 1500  # 3,000 bytes of UTF-8, packed twice (query item, merged parameter): over 4 KiB
    match = shop.resolve(f"/shop/product/1?note={long_value}")
    assert match.path_parameters == {"id": "1"} and match.query == {"note": long_value}
    match.parameters["extra"] = "x"
    assert "extra" not in match.path_parameters
    plain = shop.resolve("/shop/product/1")  # no query: the usual case, decoded apart
    assert plain.path_parameters == {"id": "1"}
    plain.parameters["extra"] = "x"
    assert plain.path_parameters == {"id": "1"}


def test_add_routes_registers_all_or_nothing():
    registry = navrouter.Registry()
    assert registry.add_routes([("list", "items"), ("item", "items/<int:id>", "sheet")]) == 2
    assert registry.resolve("/items/7").route == "item"
    assert registry.route("item")["presentation"] == "modal"
    assert registry.route("item")["style"] == "sheet"
    with pytest.raises(ConflictError, match="'item2'"):
        registry.add_routes([("c", "c"), ("item2", "items/<int:other>")])
    with pytest.raises(ValueError, match=r"routes\[1\]: presentation"):
        registry.add_routes([("d", "d"), ("e", "e", "tab")])  # type: ignore[list-item]
    with pytest.raises(TypeError, match=r"routes\[0\]"):
        registry.add_routes(["f"])  # type: ignore[list-item]
    assert len(registry) == 2
    with pytest.raises(RouteNotFoundError):
        registry.resolve("/c")


def test_a_host_checks_its_manifest_with_its_registry(shop):
    report = shop.check_manifest((ROOT / "examples" / "manifests" / "shop.json").read_text())
    assert report["routes"] == 17 and report["errors"] == [] and report["warnings"] == []
    broken = shop.check_manifest({"routes": [{"name": "a", "pattern": "a", "presentaton": "sheet"}]})
    assert broken["warnings"] == [] and "did you mean 'presentation'?" in broken["errors"][0]
    finding = broken["findings"][0]  # where it is, for FILE:LINE:COLUMN
    assert (finding["severity"], finding["path"], finding["line"], finding["message"]) == (
        "error",
        "routes[0].presentaton",
        1,
        broken["errors"][0],
    )
    assert finding["column"] == 43
    assert len(shop) == 17, "checking loads nothing"
    with pytest.raises(navrouter.JSONError):
        shop.check_manifest("not json")
