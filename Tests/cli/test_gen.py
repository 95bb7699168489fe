"""`navrouter gen swift|python`: typed routes from a manifest, as the checked-in shop routes are; --check for a CI.
Expects build/bin/navrouter (scripts/build-cli.sh)."""

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TOOL = ROOT / "build" / "bin" / "navrouter"
SHOP = str(ROOT / "examples" / "manifests" / "shop.json")
GENERATED = {
    "swift": ROOT / "examples" / "swift" / "Sources" / "shop-app" / "ShopRoutes.swift",
    "python": ROOT / "examples" / "python" / "shop_routes.py",
    "c": ROOT / "examples" / "c" / "shop_routes.h",
}


def run(*arguments: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(TOOL), *arguments], capture_output=True, text=True, timeout=60)


def test_the_checked_in_shop_routes_are_what_gen_writes_now():
    for language, path in GENERATED.items():
        result = run("gen", language, SHOP, "--name", "ShopRoute", "-o", str(path), "--check")
        assert result.returncode == 0, f"{path} is stale: {result.stderr}"
        assert run("gen", language, SHOP, "--name", "ShopRoute").stdout == path.read_text()


def test_check_fails_on_a_stale_file_and_writes_nothing(tmp_path):
    stale = tmp_path / "routes.py"
    stale.write_text("# an older generation\n")
    result = run("gen", "python", SHOP, "-o", str(stale), "--check")
    assert result.returncode == 1
    assert "is stale: run navrouter gen python again" in result.stderr
    assert stale.read_text() == "# an older generation\n"
    assert run("gen", "python", SHOP, "-o", str(stale)).returncode == 0
    assert run("gen", "python", SHOP, "-o", str(stale), "--check").returncode == 0


def test_what_gen_writes_knows_every_route_and_its_parameters():
    swift = run("gen", "swift", SHOP).stdout
    assert "public struct ProductRoute: TypedRoute, Hashable {" in swift
    assert "    public var id: Int64" in swift and "    public static let aliases" not in swift
    assert "    public var q: String" in swift, "a required query parameter is a property too"
    assert "    public var ref: String" in swift, "a uuid is text"
    assert "case oauthCallback(OauthCallbackRoute)" in swift
    assert "public enum AppRoute: Hashable, Sendable {" in swift
    python = run("gen", "python", SHOP).stdout
    assert 'class HelpRoute(TypedRoute):\n    """Route ``help`` (``help/*topic``)."""' in python
    assert '    PRESENTATION: ClassVar[RoutePresentation] = "sheet"' in python
    c = run("gen", "c", SHOP, "--prefix", "shop").stdout
    assert '#define SHOP_ROUTE_OAUTH_CALLBACK "oauth-callback"' in c
    assert "static inline int shop_url_product(navrouter_registry *registry, int64_t id, const char *scheme," in c
    assert "(`help/ *topic`)" in c, "a catch-all's /* does not open a C comment"
    assert run("gen", "c", SHOP, "--prefix", "9x").returncode == 2


def test_names_that_cannot_be_code_are_refused(tmp_path):
    manifest = tmp_path / "manifest.json"
    manifest.write_text(json.dumps({"routes": [{"name": "item", "pattern": "items/:class"}]}))
    assert run("gen", "swift", str(manifest)).returncode == 0, "a Swift keyword goes in backquotes"
    result = run("gen", "python", str(manifest))
    assert result.returncode == 1 and "parameter 'class' cannot be a Python field" in result.stderr
    manifest.write_text(json.dumps({"routes": [{"name": "a-b", "pattern": "a"}, {"name": "a_b", "pattern": "b"}]}))
    result = run("gen", "swift", str(manifest))
    assert result.returncode == 1 and "routes 'a-b' and 'a_b' would both be the type ABRoute" in result.stderr
    assert run("gen", "swift", SHOP, "--check").returncode == 2, "--check needs -o"
    assert run("gen", "swift", SHOP, "--name", "lower").returncode == 2
    assert run("gen", "kotlin", SHOP).returncode == 2


def test_the_generated_python_type_checks_and_navigates():
    generated = GENERATED["python"]
    checked = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", str(generated)],
        capture_output=True,
        text=True,
        cwd=ROOT / "bindings" / "python",
        timeout=300,
    )
    assert checked.returncode == 0, checked.stdout
    program = f"""
import sys
sys.path.insert(0, {str(generated.parent)!r})
import navrouter
from shop_routes import ROUTES, ProductRoute, route_of
with navrouter.Registry() as registry:
    registry.load_manifest(open({SHOP!r}).read())
    with navrouter.Router(registry) as router:
        router.start()
        router.push(ProductRoute(id=7))
        print(route_of(router.state.top), len(ROUTES))
"""
    environment = dict(
        os.environ,
        PYTHONPATH=str(ROOT / "bindings" / "python"),
        NAVROUTER_LIBRARY=str(ROOT / "build" / "lib" / "libnavrouter.so.1"),
    )
    result = subprocess.run(
        [sys.executable, "-c", program], capture_output=True, text=True, timeout=60, env=environment
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["ProductRoute(id=7)", "17"]


TYPED = {
    "routes": [
        {"name": "home", "pattern": "home", "presentation": "root"},
        {
            "name": "list",
            "pattern": "list/<enum(new|top|1st):sort>/<bool:all>",
            "query": {"page": {"type": "int", "default": 1}, "ratio": "double", "q": {"required": True}},
        },
        {"name": "point", "pattern": "p/<double:x>"},
    ]
}


def write_typed_manifest(tmp_path: Path) -> Path:
    manifest = tmp_path / "typed.json"
    manifest.write_text(json.dumps(TYPED))
    return manifest


def test_generated_python_reads_typed_parameters_back(tmp_path):
    manifest = write_typed_manifest(tmp_path)
    assert run("gen", "python", str(manifest), "-o", str(tmp_path / "typed_routes.py")).returncode == 0
    checked = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", str(tmp_path / "typed_routes.py")],
        capture_output=True, text=True, cwd=ROOT / "bindings" / "python", timeout=300,
    )  # fmt: skip
    assert checked.returncode == 0, checked.stdout
    program = f"""
import sys
sys.path.insert(0, {str(tmp_path)!r})
import navrouter
from typed_routes import ROUTES, ListRoute, ListRouteSort, PointRoute, route_of
with navrouter.Registry() as registry:
    for route in ROUTES:
        registry.register(route)
    print(ListRoute(sort=ListRouteSort.V_1ST, all=False, q="a b", ratio=0.5).url(registry))
    with navrouter.Router(registry) as router:
        router.start()
        router.push(ListRoute(sort=ListRouteSort.TOP, all=True, q="x"))
        print(route_of(router.state.top))
        router.navigate("/p/-2.5e3")
        print(route_of(router.state.top))
"""
    environment = dict(
        os.environ,
        PYTHONPATH=str(ROOT / "bindings" / "python"),
        NAVROUTER_LIBRARY=str(ROOT / "build" / "lib" / "libnavrouter.so.1"),
    )
    result = subprocess.run(
        [sys.executable, "-c", program], capture_output=True, text=True, timeout=60, env=environment
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines() == [
        "/list/1st/false?page=1&q=a%20b&ratio=0.5",
        "ListRoute(sort=<ListRouteSort.TOP: 'top'>, all=True, q='x', page=1, ratio=None)",
        "PointRoute(x=-2500.0)",
    ]


def test_generated_c_builds_typed_links(tmp_path):
    manifest = write_typed_manifest(tmp_path)
    assert run("gen", "c", str(manifest), "-o", str(tmp_path / "typed_routes.h")).returncode == 0
    program = tmp_path / "typed.c"
    program.write_text(
        '#include "typed_routes.h"\n'
        "int main(int argc, char **argv) {\n"
        "    navrouter_registry *registry = NULL;\n"
        "    if (argc < 2 || navrouter_registry_new(&registry, 0) != NAVROUTER_OK) return 2;\n"
        '    FILE *file = fopen(argv[1], "r");\n'
        "    char manifest[4096] = {0};\n"
        "    if (!file || fread(manifest, 1, sizeof manifest - 1, file) == 0) return 2;\n"
        "    fclose(file);\n"
        "    if (navrouter_registry_load_manifest(registry, manifest, NULL) != NAVROUTER_OK) return 3;\n"
        "    char *url = NULL;\n"
        "    int64_t page = 3;\n"
        "    double ratio = 0.25;\n"
        '    if (nr_url_list(registry, NR_LIST_SORT_TOP, true, &page, "a", &ratio, "myapp", &url)) return 4;\n'
        '    printf("%s\\n", url);\n'
        "    navrouter_string_free(url);\n"
        '    if (nr_url_list(registry, NR_LIST_SORT_1ST, false, NULL, "b", NULL, NULL, &url)) return 5;\n'
        '    printf("%s\\n", url);\n'
        "    navrouter_string_free(url);\n"
        "    if (nr_url_point(registry, -1.5, NULL, &url)) return 6;\n"
        '    printf("%s\\n", url);\n'
        "    navrouter_string_free(url);\n"
        '    printf("%d\\n", nr_url_list(registry, (nr_list_sort)7, true, NULL, "c", NULL, NULL, &url));\n'
        "    navrouter_registry_free(registry);\n"
        "    return 0;\n"
        "}\n"
    )
    flags = subprocess.run(
        ["pkg-config", "--cflags", "--libs", "navrouter", "jansson"],
        capture_output=True, text=True, check=True,
        env=dict(os.environ, PKG_CONFIG_PATH=str(ROOT / "build" / "lib" / "pkgconfig")),
    ).stdout.split()  # fmt: skip
    built = subprocess.run(
        ["gcc", "-std=c99", "-Wall", "-Wextra", "-Werror", "-pedantic", str(program), *flags, "-o",
         str(tmp_path / "typed")],
        capture_output=True, text=True,
    )  # fmt: skip
    assert built.returncode == 0, built.stderr
    ran = subprocess.run(
        [str(tmp_path / "typed"), str(manifest)], capture_output=True, text=True, timeout=60,
        env=dict(os.environ, LD_LIBRARY_PATH=str(ROOT / "build" / "lib")),
    )  # fmt: skip
    assert ran.returncode == 0, ran.stderr
    assert ran.stdout.splitlines() == [
        "myapp://list/top/true?page=3&q=a&ratio=0.25",
        "/list/1st/false?q=b",
        "/p/-1.5",
        "-1",  # NAVROUTER_EINVAL: not a value of the enumeration
    ]
