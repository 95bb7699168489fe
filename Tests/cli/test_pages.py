"""The pages `navrouter graph --format html` and `navrouter play --html` write, opened in headless Chromium (Debian's
`chromium`, installed by scripts/setup.sh) and used as a user uses them: clicking routes in the list and the graph,
typing links, stepping through a timeline with the keys. The page's link explanation is compared with the library's
(`navrouter explain --json`), candidate by candidate. Screenshots go to build/pages/ (docs/images has copies).
Expects build/bin/navrouter (scripts/build-cli.sh)."""

import json
import re
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest
from browser import Browser, chromium
from test_play import RECORDED_COMMANDS, record_log

ROOT = Path(__file__).resolve().parents[2]
TOOL = ROOT / "build" / "bin" / "navrouter"
SHOP = ROOT / "examples" / "manifests" / "shop.json"
SHOTS = ROOT / "build" / "pages"

# Every kind of segment, aliases, typed query parameters, required parameters, a web domain and a custom scheme: the
# page's copy of the matcher's rules meets each of them.
TYPED = {
    "web_domains": ["example.com"],
    "schemes": ["myapp"],
    "modules": [
        {
            "module": "feed",
            "routes": [
                {"name": "feed", "pattern": "feed", "presentation": "root"},
                {"name": "sorted", "pattern": "feed/<enum(new|top):sort>", "parent": "feed"},
                {"name": "page", "pattern": "feed/<int:page>", "parent": "feed", "aliases": ["f/<int:page>"]},
                {"name": "flag", "pattern": "feed/<bool:on>/x", "parent": "feed"},
                {"name": "score", "pattern": "feed/<double:score>/x", "parent": "feed"},
                {"name": "item", "pattern": "feed/<uuid:ref>", "parent": "feed", "requires_auth": True},
                {"name": "topic", "pattern": "feed/:topic", "parent": "feed", "external": True},
                {"name": "deep", "pattern": "feed/*rest", "parent": "feed"},
                {
                    "name": "topic-posts",
                    "pattern": "feed/:topic/posts",
                    "parent": "topic",
                    "query": {
                        "page": {"type": "int", "default": 1},
                        "order": {"type": "enum(asc|desc)", "required": True},
                    },
                },
                {
                    "name": "search",
                    "pattern": "search",
                    "required_parameters": ["q"],
                    "presentation": "modal",
                    "style": "sheet",
                },
                {"name": "café", "pattern": "Café/<int:n>"},
            ],
        }
    ],
}

LINKS = [
    "/feed",
    "/feed/new",
    "/feed/top",
    "/feed/NEW",
    "/feed/7",
    "/f/7",
    "/feed/-9223372036854775808",
    "/feed/9223372036854775808",
    "/feed/true/x",
    "/feed/1.5e3/x",
    "/feed/2/x",
    "/feed/abc/x",
    "/feed/123e4567-e89b-12d3-a456-426614174000",
    "/feed/123e4567-e89b-12d3-a456-42661417400Z",
    "/feed/cats",
    "/feed/a/b/c",
    "/feed/cats/posts?order=asc",
    "/feed/cats/posts",
    "/feed/cats/posts?order=up",
    "/feed/cats/posts?order=desc&page=x",
    "/search",
    "/search?q=",
    "/search?q=shoes#top",
    "/café/3",
    "/CAFÉ/3",
    "/caf%C3%A9/3",
    "/feed/ca%74s",
    "/feed/%2E%2E",
    "/feed/%zz",
    "/feed//x",
    "/feed/./x",
    "feed/7/",
    "https://example.com/feed/7",
    "https://EXAMPLE.com:443/feed",
    "https://evil.com/feed",
    "myapp://feed/7",
    "other://feed",
    "javascript:alert(1)",
    "myapp:feed/7",
    "https://example.com",
    "MyApp://feed/7",
    "/nowhere",
    "/",
    "/feed/cats/posts/x/y",
]


def tool(*arguments: str, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    """The tool, run from `cwd` (the pages' titles then name the files as a user typed them)."""
    return subprocess.run([str(TOOL), *arguments], capture_output=True, text=True, timeout=120, cwd=cwd)


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    executable = chromium()
    assert executable, "Chromium is not installed (scripts/setup.sh installs Debian's chromium)"
    with Browser(executable) as opened:
        yield opened


def graph_page(tmp_path: Path, manifest: Path) -> Path:
    page = tmp_path / "routes.html"
    name = str(manifest.relative_to(ROOT)) if manifest.is_relative_to(ROOT) else str(manifest)
    result = tool("graph", name, "--format", "html", "-o", str(page))
    assert result.returncode == 0, result.stderr
    return page


def test_pages_are_self_contained(tmp_path):
    page = graph_page(tmp_path, SHOP).read_text()
    script = tmp_path / "s.txt"
    script.write_text("push /shop/product/7\n")
    timeline = tmp_path / "t.html"
    assert tool("play", str(SHOP), str(script), "--html", str(timeline)).returncode == 0
    for html in (page, timeline.read_text()):
        assert html.startswith("<!DOCTYPE html>")
        # Nothing is fetched: no external script, style, image or font (the SVG namespace is a name, not a fetch).
        assert not re.search(r"""(src|href)\s*=\s*["']?(https?:)?//""", html), "the page fetches from the network"
        assert "<link" not in html and "@import" not in html and "url(" not in html


def test_the_graph_page_shows_a_route_clicked_in_the_graph(browser, tmp_path):
    browser.open(graph_page(tmp_path, SHOP))
    listed = browser.evaluate("[...document.querySelectorAll('#route-list button.item')].map(b => b.dataset.route)")
    assert listed == [route["name"] for module in json.loads(SHOP.read_text())["modules"] for route in module["routes"]]
    assert browser.visible("#graph-picture svg"), "Graphviz's picture is on the page"
    assert browser.text("#route-name").startswith("home")

    # A real click on the review node of the graph (its outline: where the mouse lands is what counts).
    browser.click("#graph-picture g.node[data-route='review'] > :is(polygon, path)")
    details = browser.text("#route-details")
    assert details.startswith("review")
    assert "/shop/product/<int:id>/review" in details
    assert "modal (sheet)" in details
    assert "requires login: the authentication guard runs" in details
    assert "catalog › product › review" in details
    assert browser.evaluate("document.querySelector('#route-list button.selected').dataset.route") == "review"
    assert browser.evaluate("document.querySelector('#graph-picture g.node.selected').dataset.route") == "review"
    # Its sample link is explained, and it wins.
    assert browser.evaluate("document.getElementById('link').value") == "/shop/product/1/review"
    assert browser.text("#explanation .verdict") == "✓ opens review"
    SHOTS.mkdir(parents=True, exist_ok=True)
    assert browser.screenshot(SHOTS / "graph-page.png")[:8] == b"\x89PNG\r\n\x1a\n"


def test_the_graph_page_explains_a_typed_link(browser, tmp_path):
    browser.open(graph_page(tmp_path, SHOP))
    browser.type_into("#link", "/shop/product/abc")
    verdict = browser.text("#explanation .verdict")
    assert verdict.startswith("✗ ENOTFOUND: no route matches '/shop/product/abc'")
    assert "nearest: route 'product'" in verdict
    reasons = browser.text("#explanation ol")
    assert "segment 3 'abc' is not an int (parameter 'id')" in reasons
    # A candidate clicked in the explanation is shown.
    browser.click("#explanation li[data-route='review'] button")
    assert browser.text("#route-name").startswith("review")
    # A link from a domain the app does not own.
    browser.type_into("#link", "https://evil.example/shop/home")
    assert browser.text("#explanation .verdict").startswith("✗ EDENIED")
    browser.type_into("#link", "https://shop.example.com/shop/product/7?ref=mail")
    assert browser.text("#explanation .verdict") == "✓ opens product"
    assert browser.evaluate(
        "[...document.querySelectorAll('#graph-picture g.node.won title')].map(t => t.textContent)"
    ) == ["product"]


@pytest.mark.parametrize("manifest", ["shop", "typed"])
def test_the_page_explains_links_as_the_library_does(browser, tmp_path, manifest):
    if manifest == "shop":
        path = SHOP
        links = [
            "/shop/product/abc",
            "/shop/product/7/review",
            "/shop/search",
            "/help",
            "/help/a/b/c",
            "/SHOP/Home/",
            "/account/orders/not-a-uuid",
            "/shop",
            "shop://shop/home",
            "/not-found?x=1",
        ]
    else:
        path = tmp_path / "typed.json"
        path.write_text(json.dumps(TYPED, ensure_ascii=False))
        links = list(LINKS)
    browser.open(graph_page(tmp_path, path))
    links += [sample for sample in browser.evaluate("pageData.routes.map(r => r.sample)") if sample]
    for link in links:
        page = browser.evaluate(f"explainLink({json.dumps(link)})")
        result = tool("explain", str(path), link, "--json")
        library = json.loads(result.stdout)
        assert page["status"] == library["status"], (link, page, library)
        assert page["winner"] == library["winner"], (link, page, library)
        if library["status"] in ("EMALFORMED", "EDENIED"):
            continue  # the library's message for a link it refuses says more than the page's
        assert page["error"] == library["error"], link
        assert page["candidates"] == library["candidates"], link


def test_a_page_that_cannot_be_written_is_exit_status_2(tmp_path):
    script = tmp_path / "s.txt"
    script.write_text("push /shop/product/7\n")
    for arguments in (
        ["play", str(SHOP), str(script), "--html", str(tmp_path / "missing" / "t.html")],
        ["graph", str(SHOP), "--format", "html", "-o", str(tmp_path / "missing" / "g.html")],
        ["play", str(SHOP), str(script), "--html", "/dev/full"],
    ):
        result = tool(*arguments)
        assert result.returncode == 2, (arguments, result.stdout, result.stderr)
        assert "cannot write the file" in result.stderr, result.stderr


def test_the_graph_page_without_graphviz_lists_the_routes(browser, tmp_path):
    page = tmp_path / "plain.html"
    result = subprocess.run(
        [str(TOOL), "graph", str(SHOP), "--format", "html", "-o", str(page)],
        capture_output=True,
        text=True,
        env={"PATH": "/nonexistent"},
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    browser.open(page, "#checkout")
    assert browser.visible("#graph-missing")
    assert "apt-get install graphviz" in browser.text("#graph-missing")
    assert browser.text("#route-name").startswith("checkout"), "#NAME opens at that route"
    assert browser.text("#explanation .verdict") == "✓ opens checkout"
    # A link in the fragment is explained at once; a bad escape there is taken as written.
    browser.open(page, "#/shop/product/abc")
    assert browser.evaluate("document.getElementById('link').value") == "/shop/product/abc"
    assert browser.text("#explanation .verdict").startswith("✗ ENOTFOUND")
    browser.open(page, "#/shop/%zz")
    assert browser.text("#explanation .verdict").startswith("✗ EMALFORMED: bad percent escape '%zz'")


def test_names_and_metadata_cannot_break_the_page(browser, tmp_path):
    hostile = tmp_path / "hostile.json"
    hostile.write_text(
        json.dumps(
            {
                "routes": [
                    {
                        "name": "</script><script>document.title='owned'</script>",
                        "pattern": "a",
                        "metadata": {"note": "<img src=x onerror=\"document.title='owned'\">"},
                    },
                    {"name": "b", "pattern": "b/<int:id>"},
                ]
            }
        )
    )
    browser.open(graph_page(tmp_path, hostile))
    assert browser.evaluate("document.title").startswith("navrouter routes")
    assert browser.evaluate("document.querySelectorAll('img').length") == 0
    assert browser.evaluate("pageData.routes.length") == 2
    assert "<img src=x" in browser.text("#route-details")


def test_the_timeline_page_steps_through_a_session(browser, tmp_path):
    script = tmp_path / "session.txt"
    script.write_text(
        "push /shop/product/7\nexpect top product\nopen /settings\nexpect top cart\nopen /nowhere\nback\n"
        "open /shop/checkout\n"
    )
    page = tmp_path / "timeline.html"
    result = tool("play", str(SHOP), script.name, "--html", str(page), cwd=tmp_path)
    assert result.returncode == 1, "a failed step and an unmet expectation"
    browser.open(page)
    steps = browser.evaluate("[...document.querySelectorAll('#step-list button.item')].map(b => b.innerText)")
    assert len(steps) == 6 and "push /shop/product/7" in steps[1] and steps[0].endswith("start")
    assert "6 steps, 1 failed, 1 of 2 expectations failed" in browser.text("#summary")
    # It opens at the first step that went wrong: the unmet expectation after `open /settings`.
    assert browser.text("#step-banner") == "expect top cart: FAILED, top is settings"
    assert browser.evaluate("document.getElementById('step-banner').className") == "failed"
    assert "line 3" in browser.text("#step-position")
    assert "layer 0 sheet: +settings#6" in browser.text("#step-state")
    assert "present settings#6" in browser.text("#step-events")
    assert "line 4: expect top cart: FAILED, top is settings" in browser.text("#step-expectations")
    assert browser.visible("#step-picture svg")
    # Drawn whole, scaled to the panel: its box keeps the picture's proportions (nothing cut off).
    shown, drawn = browser.evaluate(
        "(() => { const svg = document.querySelector('#step-picture svg'); const box = svg.getBoundingClientRect();"
        " return [box.height / box.width, svg.viewBox.baseVal.height / svg.viewBox.baseVal.width]; })()"
    )
    assert abs(shown - drawn) < 0.01
    SHOTS.mkdir(parents=True, exist_ok=True)
    browser.screenshot(SHOTS / "timeline-page.png")

    browser.press("ArrowRight")
    assert browser.text("#step-banner") == "ENOTFOUND: no route matches '/nowhere'"
    browser.press("j")
    assert "dismiss" in browser.text("#step-events") and "left: settings#6" in browser.text("#step-state")
    browser.click("#next-step")
    assert browser.text("#step-command") == "open /shop/checkout"
    assert browser.evaluate("document.getElementById('step-banner').className") == "waiting"
    assert browser.evaluate("document.getElementById('next-step').disabled")
    browser.press("k")
    browser.click("#step-list button[data-index='1']")
    assert browser.text("#step-command") == "push /shop/product/7"
    assert "line 2: expect top product: holds" in browser.text("#step-expectations")
    assert browser.evaluate("location.hash") == "#step-1"


def test_the_timeline_page_draws_a_recorded_log(browser, tmp_path):
    log = record_log(tmp_path)
    page = tmp_path / "log.html"
    result = tool("play", str(SHOP), "--log", str(log), "--html", str(page))
    assert result.returncode == 1, "the app's failed navigation is a failed step"
    browser.open(page)
    commands = browser.evaluate(
        "[...document.querySelectorAll('#step-list button.item')].map(b => b.lastChild.textContent)"
    )
    assert commands == RECORDED_COMMANDS
    assert browser.text("#step-banner") == "ENOTFOUND: no route matches '/nowhere'", "opens at the failure"
    assert "line 4" in browser.text("#step-position")
    browser.press("ArrowRight")
    assert browser.text("#step-command") == "back"
    assert "dismiss" in browser.text("#step-events") and "left: settings#" in browser.text("#step-state")


def test_the_timeline_page_opens_at_a_named_step(browser, tmp_path):
    script = tmp_path / "s.txt"
    script.write_text("push /shop/product/7\nopen /settings\n")
    page = tmp_path / "named.html"
    assert tool("play", str(SHOP), str(script), "--html", str(page)).returncode == 0
    browser.open(page, "#step-1")
    assert browser.text("#step-command") == "push /shop/product/7", "#step-N opens at that step"
    assert browser.evaluate("document.getElementById('step-banner').className") == "ok"
    assert browser.evaluate("document.getElementById('previous-step').disabled") is False
