"""The user guide's quick-start snippets (docs/quick-start.md) and the README's snippets run as written, so they cannot
rot."""

import inspect
import os
import re
import subprocess
import sys
from pathlib import Path

from conftest import ROOT

GUIDE = (ROOT / "docs" / "quick-start.md").read_text()
README = (ROOT / "README.md").read_text()
TYPED = (ROOT / "docs" / "typed-routes.md").read_text()


def code_blocks(text: str, language: str) -> list[str]:
    return [code for lang, code in re.findall(r"```(\w+)\n(.*?)```", text, re.S) if lang == language]


def run_c(program: str, directory: Path, warnings: list[str]) -> subprocess.CompletedProcess[str]:
    """Builds a C program against the library in build/ (pkg-config) and runs it."""
    source = directory / "program.c"
    source.write_text(program)
    environment = dict(os.environ, PKG_CONFIG_PATH=str(ROOT / "build" / "lib" / "pkgconfig"))
    flags = subprocess.run(
        ["pkg-config", "--cflags", "--libs", "navrouter"], capture_output=True, text=True, env=environment, check=True
    ).stdout.split()
    binary = directory / "program"
    subprocess.run(
        ["gcc", "-std=c99", *warnings, str(source), *flags, f"-Wl,-rpath,{ROOT / 'build' / 'lib'}", "-o", str(binary)],
        check=True,
    )
    return subprocess.run([str(binary)], capture_output=True, text=True, timeout=60)


def run_python(code: str, script: Path) -> subprocess.CompletedProcess[str]:
    """Runs Python code from the repository's root with the binding on the path."""
    script.write_text(code)
    environment = dict(os.environ, PYTHONPATH=str(ROOT / "bindings" / "python"))
    return subprocess.run(
        [sys.executable, str(script)], capture_output=True, text=True, cwd=ROOT, env=environment, timeout=60
    )


def test_the_c_quick_start_builds_and_runs(tmp_path):
    result = run_c(code_blocks(GUIDE, "c")[0], tmp_path, ["-Wall", "-Wextra", "-Werror"])
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines()[2:5] == ["push product", "state_changed ", "pop home"]


def test_the_python_quick_start_runs(tmp_path):
    result = run_python(code_blocks(GUIDE, "python")[0], tmp_path / "app.py")
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines()[-1] == "['catalog']"


def test_the_python_typed_route_quick_start_runs(tmp_path):
    result = run_python(code_blocks(GUIDE, "python")[1], tmp_path / "typed.py")
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines()[-1] == "ProductRoute(id=7, ref='mail')"


def test_the_typed_routes_c_snippet_builds_and_runs(tmp_path):
    result = run_c(code_blocks(TYPED, "c")[0], tmp_path, ["-Wall", "-Wextra", "-Werror"])
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines() == [
        "top page 1 gift 1",
        "route 'list': query parameter 'page' must be an int, not 'two'",
    ]


def test_the_typed_routes_python_snippet_runs(tmp_path):
    result = run_python(code_blocks(TYPED, "python")[0], tmp_path / "typed.py")
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines() == [
        "/shop/list/top?gift=true&page=1",
        "ListRoute(sort=<Sort.TOP: 'top'>, page=1, gift=True)",
        "no route matches '/shop/list/hot' (nearest: route 'list' (shop/list/<enum(new|top):sort>): segment 3 'hot' is"
        " not one of new, top (parameter 'sort'))",
    ]


def test_the_readme_c_snippets_build_and_run(tmp_path):
    """The README's two C fragments, put in a main() one after the other (the router uses the first's registry)."""
    registry_part, router_part = code_blocks(README, "c")[:2]
    statements = [line for line in registry_part.splitlines() if not line.startswith("#include")]
    statements = [line for line in statements if line.strip() != "navrouter_registry_free(registry);"]
    function, _, router_statements = router_part.partition("\n}\n")
    program = "\n".join(
        [
            "#include <navrouter.h>",
            "#include <stdio.h>",
            function + "\n}",
            "int main(void) {",
            *statements,
            router_statements,
            "navrouter_registry_free(registry);",
            "return 0;",
            "}",
        ]
    )
    result = run_c(program, tmp_path, ["-Wall", "-Werror"])
    assert result.returncode == 0 and result.stderr == "", result.stderr
    assert result.stdout.splitlines()[0] == "product id=42"
    assert "push product" in result.stdout and "pop product" in result.stdout


def test_the_readme_python_snippets_run(tmp_path):
    """The README's Python snippets, each with what it leaves to the reader (a login screen, a view class)."""
    first, second = code_blocks(README, "python")[:2]
    prelude = "\n".join(
        [
            "import navrouter",
            "registry = navrouter.Registry()",
            'registry.load_manifest(open("examples/manifests/shop.json").read())',
            "def show_login(router, flow): pass",
            "class MyView:",
            "    def __init__(self, entry): self.entry = entry",
            "    def close(self): pass",
        ]
    )
    for number, code in enumerate([first, prelude + "\n" + second]):
        result = run_python(code, tmp_path / f"readme{number}.py")
        assert result.returncode == 0, result.stderr


def public_callables() -> list[tuple[str, object]]:
    """Every public class, function, method and property of the package's public modules, by its dotted name."""
    import navrouter
    import navrouter.aio

    found: dict[str, object] = {}
    for module in (navrouter, navrouter.aio):
        for name in getattr(module, "__all__", None) or [n for n in vars(module) if not n.startswith("_")]:
            value = getattr(module, name)
            if not (inspect.isclass(value) or inspect.isfunction(value)):
                continue
            if getattr(value, "__module__", "").split(".")[0] != "navrouter":
                continue  # re-exported from the standard library (typing's Callable, ...)
            found[f"{value.__module__}.{value.__qualname__}"] = value
            if inspect.isclass(value):
                for member, attribute in vars(value).items():
                    if member.startswith("_"):
                        continue
                    if isinstance(attribute, (staticmethod, classmethod)):
                        attribute = attribute.__func__
                    if inspect.isfunction(attribute) or isinstance(attribute, property):
                        found[f"{value.__module__}.{value.__qualname__}.{member}"] = attribute
    return sorted(found.items())


def test_every_public_class_function_method_and_property_has_a_docstring():
    """help() and an editor's hover show what each does (the typed signatures say only what it takes)."""
    missing = [name for name, value in public_callables() if not inspect.getdoc(value)]
    assert not missing, "\n".join(missing)


RECIPES = (ROOT / "docs" / "recipes.md").read_text()


def test_every_recipe_runs_and_checks_what_it_claims(tmp_path):
    recipes = code_blocks(RECIPES, "python")
    assert len(recipes) == 5  # protected tab, onboarding, OAuth, tablet and phone, analytics
    for number, recipe in enumerate(recipes, start=1):
        result = run_python(recipe, tmp_path / f"recipe{number}.py")
        assert result.returncode == 0 and result.stdout.strip().endswith("ok"), (number, result.stderr)
