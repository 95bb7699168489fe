"""The wheel: platform-tagged, bundling libnavrouter.so.1 and the Jansson it links and holding the C speedups module
(CPython 3.10+, stable ABI), installable and usable in a fresh virtualenv on a machine without Swift (Swift taken off
PATH, no NAVROUTER_LIBRARY)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import navrouter
import pytest

ROOT = Path(__file__).resolve().parents[3]


def build_wheel(tmp_path: Path) -> Path:
    """A wheel of the binding, bundling the freshly built library."""
    wheels = tmp_path / "wheels"
    environment = dict(os.environ)
    environment["NAVROUTER_LIBRARY"] = str(ROOT / "build" / "lib" / "libnavrouter.so.1")  # the freshly built one
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", str(ROOT / "bindings" / "python"), "-w", str(wheels)],
        check=True,
        env=environment,
        cwd=tmp_path,
    )
    (wheel,) = wheels.glob("navrouter-*.whl")
    return wheel


def run_in_a_fresh_virtualenv(wheel: Path, program: str, tmp_path: Path) -> subprocess.CompletedProcess[str]:
    """Installs the wheel into a new virtualenv and runs the program there, with Swift off PATH and no
    NAVROUTER_LIBRARY, PYTHON* or LD_LIBRARY_PATH: a machine with the wheel and nothing else of ours."""
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    python = venv / "bin" / "python"
    subprocess.run([str(python), "-m", "pip", "install", "-q", "--no-deps", "--no-index", str(wheel)], check=True)
    clean = {key: value for key, value in os.environ.items() if not key.startswith(("NAVROUTER", "PYTHON"))}
    clean["PATH"] = os.pathsep.join(
        entry for entry in os.environ["PATH"].split(os.pathsep) if not (Path(entry) / "swift").exists()
    )
    clean.pop("LD_LIBRARY_PATH", None)
    return subprocess.run(
        [str(python), "-c", program], capture_output=True, text=True, env=clean, cwd=tmp_path, check=False
    )


def test_a_wheel_installs_and_runs_without_swift(tmp_path: Path) -> None:
    wheel = build_wheel(tmp_path)
    assert wheel.name == f"navrouter-{navrouter.__version__}-cp310-abi3-linux_x86_64.whl"
    names = zipfile.ZipFile(wheel).namelist()
    assert "navrouter/libnavrouter.so.1" in names and "navrouter/libjansson.so.4" in names
    assert "navrouter/py.typed" in names and "navrouter/_speedups.abi3.so" in names
    assert "navrouter/_speedups.c" not in names

    program = """
import navrouter
with navrouter.Registry() as registry:
    registry.add_route("product", "shop/product/<int:id>", external=True)
    print(registry.resolve("myapp://shop/product/42").parameters["id"], navrouter.version(), navrouter.__version__)
    from navrouter import _speed
    print("speedups" if _speed.speedups_in_use() else "ctypes")
    events = []
    with navrouter.Router(registry, navigator=events.append) as router:
        router.navigate("/shop/product/7")
        print(router.state.top.route, "+".join(event.kind for event in events))
maps = open("/proc/self/maps").read()
print("bundled" if "site-packages/navrouter/libnavrouter.so.1" in maps else "system",
      "bundled-jansson" if "site-packages/navrouter/libjansson.so.4" in maps else "system-jansson")
"""
    result = run_in_a_fresh_virtualenv(wheel, program, tmp_path)
    assert result.returncode == 0, result.stderr
    events = "tabs_set_up+push+state_changed"
    assert result.stdout.split() == [
        "42",
        "0.1.0",
        "0.1.0",
        "speedups",
        "product",
        events,
        "bundled",
        "bundled-jansson",
    ]


def test_auditwheel_makes_it_a_manylinux_wheel_that_installs_without_swift(tmp_path: Path) -> None:
    """A wheel PyPI takes: `auditwheel repair` tags it manylinux (the glibc its symbols need; libstdc++ and libgcc_s
    are the policy's), and the repaired wheel installs and runs in a fresh virtualenv with Swift off the path."""
    wheel = build_wheel(tmp_path)
    shown = subprocess.run(
        [sys.executable, "-m", "auditwheel", "show", str(wheel)], capture_output=True, text=True, check=True
    ).stdout
    tag = shown.split('consistent with the\nfollowing platform tag: "')[1].split('"')[0]
    assert tag.startswith("manylinux_2_") and tag.endswith("_x86_64"), shown
    repaired = tmp_path / "repaired"
    subprocess.run(
        [sys.executable, "-m", "auditwheel", "repair", "--plat", tag, "-w", str(repaired), str(wheel)],
        check=True,
        capture_output=True,
    )
    (manylinux,) = repaired.glob("navrouter-*.whl")
    assert manylinux.name == f"navrouter-{navrouter.__version__}-cp310-abi3-{tag}.whl"
    program = """
import navrouter
with navrouter.Registry() as registry:
    registry.add_route("home", "home", presentation="root")
    with navrouter.Router(registry) as router:
        router.start()
        print(router.state.top.route, registry.resolve("/home").route)
"""
    result = run_in_a_fresh_virtualenv(manylinux, program, tmp_path)
    assert result.returncode == 0 and result.stdout.split() == ["home", "home"], result.stderr


def test_without_a_compiler_the_wheel_is_for_any_python_3(tmp_path: Path) -> None:
    """The speedups module is optional: when it cannot be compiled, the wheel says why, carries no extension module
    (nor the checkout's in-place build) and is tagged for any Python 3 (everything through ctypes)."""
    source = tmp_path / "python"
    shutil.copytree(ROOT / "bindings" / "python", source, ignore=shutil.ignore_patterns("build", "*.egg-info"))
    wheels = tmp_path / "wheels"
    environment = dict(os.environ)
    environment["NAVROUTER_LIBRARY"] = str(ROOT / "build" / "lib" / "libnavrouter.so.1")
    environment["NAVROUTER_SOURCE_ROOT"] = str(ROOT)
    environment["CC"] = "false"  # a compiler that always fails
    result = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "-v", str(source), "-w", str(wheels)],
        capture_output=True,
        text=True,
        env=environment,
        cwd=tmp_path,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "the C speedups module was not built" in result.stdout + result.stderr
    (wheel,) = wheels.glob("navrouter-*.whl")
    assert wheel.name == f"navrouter-{navrouter.__version__}-py3-none-linux_x86_64.whl"
    names = zipfile.ZipFile(wheel).namelist()
    assert "navrouter/libnavrouter.so.1" in names
    assert not [name for name in names if "_speedups" in name and not name.endswith(".pyi")]


def test_every_module_the_tests_import_is_declared_in_the_test_extra():
    """`pip install "./bindings/python[test]"` gives a fresh virtualenv every module the tests import (the README
    says so), so that `python3 -m pytest bindings/python/tests` collects there."""
    import ast
    import re
    import sys

    tomllib = pytest.importorskip("tomllib")  # Python 3.11 and later

    package = Path(__file__).resolve().parents[1]
    declared = tomllib.loads((package / "pyproject.toml").read_text())["project"]["optional-dependencies"]["test"]
    names = {re.split(r"[<>=!~\[ ;]", requirement, maxsplit=1)[0].lower().replace("-", "_") for requirement in declared}
    local = {"navrouter", "conftest", "helpers"} | {path.stem for path in (package / "tests").glob("*.py")}
    imported: set[str] = set()
    for path in (package / "tests").glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Import):
                imported |= {alias.name.split(".")[0] for alias in node.names}
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                imported.add(node.module.split(".")[0])
    third_party = {name for name in imported if name not in sys.stdlib_module_names and name not in local}
    assert third_party - names == set(), "imported by the tests but not in the [test] extra of pyproject.toml"
    readme = (package / "README.md").read_text()
    assert '[test]"' in readme and "pytest" in readme
