"""The user guide's quick-start snippets (docs/quick-start.md) run as written, so they cannot rot."""

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
