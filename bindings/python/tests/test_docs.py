"""The user guide's quick-start snippets (docs/quick-start.md) and the README's snippets run as written, so they cannot
rot."""

import os
import re
import subprocess
import sys

from conftest import ROOT

GUIDE = (ROOT / "docs" / "quick-start.md").read_text()


def snippet(language: str) -> str:
    return next(code for lang, code in re.findall(r"```(\w+)\n(.*?)```", GUIDE, re.S) if lang == language)


def test_the_c_quick_start_builds_and_runs(tmp_path):
    source = tmp_path / "app.c"
    source.write_text(snippet("c"))
    environment = dict(os.environ, PKG_CONFIG_PATH=str(ROOT / "build" / "lib" / "pkgconfig"))
    flags = subprocess.run(
        ["pkg-config", "--cflags", "--libs", "navrouter"], capture_output=True, text=True, env=environment, check=True
    ).stdout.split()
    binary = tmp_path / "app"
    subprocess.run(
        ["gcc", "-std=c99", "-Wall", "-Wextra", "-Werror", str(source), *flags, f"-Wl,-rpath,{ROOT / 'build' / 'lib'}"]
        + ["-o", str(binary)],
        check=True,
    )
    result = subprocess.run([str(binary)], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines()[2:5] == ["push product", "state_changed ", "pop home"]


def test_the_python_quick_start_runs(tmp_path):
    script = tmp_path / "app.py"
    script.write_text(snippet("python"))
    environment = dict(os.environ, PYTHONPATH=str(ROOT / "bindings" / "python"))
    result = subprocess.run(
        [sys.executable, str(script)], capture_output=True, text=True, cwd=ROOT, env=environment, timeout=60
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines()[-1] == "['catalog']"


README = (ROOT / "README.md").read_text()


def readme_snippets(language: str) -> list[str]:
    return [code for lang, code in re.findall(r"```(\w+)\n(.*?)```", README, re.S) if lang == language]


def test_the_readme_c_snippets_build_and_run(tmp_path):
    """The README's two C fragments, put in a main() one after the other (the router uses the first's registry)."""
    registry_part, router_part = readme_snippets("c")[:2]
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
    source = tmp_path / "readme.c"
    source.write_text(program)
    environment = dict(os.environ, PKG_CONFIG_PATH=str(ROOT / "build" / "lib" / "pkgconfig"))
    flags = subprocess.run(
        ["pkg-config", "--cflags", "--libs", "navrouter"], capture_output=True, text=True, env=environment, check=True
    ).stdout.split()
    binary = tmp_path / "readme"
    subprocess.run(
        ["gcc", "-std=c99", "-Wall", "-Werror", str(source), *flags, f"-Wl,-rpath,{ROOT / 'build' / 'lib'}"]
        + ["-o", str(binary)],
        check=True,
    )
    result = subprocess.run([str(binary)], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0 and result.stderr == "", result.stderr
    assert result.stdout.splitlines()[0] == "product id=42"
    assert "push product" in result.stdout and "pop product" in result.stdout


def test_the_readme_python_snippets_run(tmp_path):
    """The README's Python snippets, each with what it leaves to the reader (a login screen, a view class)."""
    first, second = readme_snippets("python")[:2]
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
        script = tmp_path / f"readme{number}.py"
        script.write_text(code)
        environment = dict(os.environ, PYTHONPATH=str(ROOT / "bindings" / "python"))
        result = subprocess.run(
            [sys.executable, str(script)], capture_output=True, text=True, cwd=ROOT, env=environment, timeout=60
        )
        assert result.returncode == 0, result.stderr
