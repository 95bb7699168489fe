"""The URL policy read the way browsers read URLs: no link the library takes into the app is, to a WHATWG URL parser
(ada, the parser of Node.js), a link to another host, and every URL `build_url` makes reads the same to it. The links
are generated from pieces that parsers are known to read differently (spaces before a scheme, backslashes, user
information, ports, single slashes, encoded dots)."""

import random
import urllib.parse

import ada_url
import navrouter
import pytest

DOMAIN = "shop.example.com"
SCHEMES = ["https", "http", "HTTPS", "myapp", "javascript", "file", " https", "https ", "h%74tps", ""]
SEPARATORS = ["://", ":/", ":", ":///", ":\\\\", "://\\", ":/\\", "//", "\\\\", "://%2f", "/\\"]
HOSTS = [
    DOMAIN,
    DOMAIN.upper(),
    DOMAIN + ".",
    "evil.com",
    DOMAIN + ".evil.com",
    "evil.com\\@" + DOMAIN,
    DOMAIN + "@evil.com",
    "user@" + DOMAIN,
    DOMAIN + ":443",
    DOMAIN + ":evil",
    "shop%2eexample.com",
    "sh\u00f6p.example.com",
    "evil.com#@" + DOMAIN,
    "evil.com?@" + DOMAIN,
    "[::1]",
    DOMAIN + "\\",
    "",
    "evil.com%2f" + DOMAIN,
    "evil.com;" + DOMAIN,
]
PATHS = [
    "/home",
    "",
    "/",
    "//evil.com/home",
    "/..//evil.com",
    "?x=1",
    "#frag",
    "/a%2fb",
    "\\home",
    "/home?next=//evil.com",
]
WEB_SCHEMES = ("http:", "https:", "ws:", "wss:", "ftp:", "file:")


def other_host(parsed: ada_url.URL) -> bool:
    return parsed.protocol in WEB_SCHEMES and parsed.hostname.rstrip(".").lower() != DOMAIN


@pytest.fixture
def registry():
    with navrouter.Registry() as registry:
        registry.add_route("home", "home")
        registry.add_route("any", "*rest")  # takes every path: only the policy and the grammar refuse
        registry.set_web_domains([DOMAIN])
        yield registry


def test_no_accepted_link_is_another_host_to_a_browser(registry):
    generator = random.Random(23)
    accepted, absolute, relative = 0, [], []
    for _ in range(20_000):
        url = "".join(generator.choice(pieces) for pieces in (SCHEMES, SEPARATORS, HOSTS, PATHS))
        try:
            registry.resolve(url)
        except navrouter.NavRouterError:
            continue
        accepted += 1
        try:
            if other_host(ada_url.URL(url)):
                absolute.append(url)
            continue
        except ValueError:  # not an absolute URL to a browser
            pass
        try:  # a relative one, read against the app's own pages
            if other_host(ada_url.URL(url, base=f"https://{DOMAIN}/app/")):
                relative.append(url)
        except ValueError:  # no URL at all to a browser (an app link whose host has a port that is not a number)
            pass
    assert accepted > 200, "the generator must reach links the library accepts"
    assert absolute == [] and relative == [], (absolute[:5], relative[:5])


@pytest.mark.parametrize(
    "url", [" https:evil.com/home", "\\\\evil.com\\home", "/\\evil.com", "https :/\\" + DOMAIN + "@evil.com"]
)
def test_the_known_differentials_are_malformed(registry, url):
    with pytest.raises(navrouter.MalformedURLError):
        registry.resolve(url)


def test_built_urls_read_the_same_to_a_browser():
    generator = random.Random(5)
    alphabet = list("aZ/%+?# .;&=\\:@~*[]'-_0!$,(|^`{<") + ["é"]

    def value() -> str:
        return "".join(generator.choice(alphabet) for _ in range(generator.randint(1, 6)))

    with navrouter.Registry() as registry:
        registry.add_route("one", ":a")
        registry.add_route("two", ":a/:b")
        registry.add_route("web", "web/*rest")
        built = 0
        for _ in range(4_000):
            route = generator.choice(["one", "two", "web"])
            parameters = {"one": {"a": value()}, "two": {"a": value(), "b": value()}, "web": {"rest": value()}}[route]
            scheme = generator.choice([None, "myapp"])
            try:
                url = registry.build_url(route, parameters, scheme=scheme)
            except navrouter.NavRouterError:
                continue  # a value the route cannot carry (empty or dot segments, a more specific route's literal)
            built += 1
            parsed = ada_url.URL(url, base=None if scheme else f"https://{DOMAIN}")
            path = parsed.host + parsed.pathname if scheme else parsed.pathname.lstrip("/")
            segments = [urllib.parse.unquote(segment) for segment in path.split("/")]
            match = registry.resolve(url)
            if route == "web":
                expected = ["web", *match.parameters["rest"].split("/")]
            else:
                expected = [match.parameters[name] for name in sorted(parameters)]
            assert segments == expected, (url, parameters)
        assert built > 2_000
