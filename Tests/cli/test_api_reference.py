"""scripts/api_reference.py, which writes docs/api/c.md and docs/api/python.md: the checked-in references are the
ones the sources give, and a hole (a header function without a comment, a public Python name without a docstring)
or a stale file fails its --check (the lint step runs it)."""

import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "scripts" / "api_reference.py"


def check(root: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(SCRIPT), "--check", "--root", str(root)], capture_output=True, text=True, timeout=120
    )


def copy_of_the_sources(tmp_path: Path) -> Path:
    root = tmp_path / "tree"
    shutil.copytree(ROOT / "include", root / "include")
    shutil.copytree(ROOT / "docs" / "api", root / "docs" / "api")
    shutil.copytree(
        ROOT / "bindings" / "python" / "navrouter",
        root / "bindings" / "python" / "navrouter",
        ignore=shutil.ignore_patterns("*.so*", "__pycache__"),
    )
    return root


def test_the_checked_in_references_are_current():
    result = check(ROOT)
    assert result.returncode == 0, result.stdout + result.stderr
    c = (ROOT / "docs" / "api" / "c.md").read_text()
    header = (ROOT / "include" / "navrouter.h").read_text()
    for name in ("navrouter_registry_new", "navrouter_router_select_tab_route", "navrouter_entry_json"):
        assert f"### `{name}`" in c and name in header
    python = (ROOT / "docs" / "api" / "python.md").read_text()
    assert "## class `Router`" in python and "### `Router.select_tab(self, tab:" in python


def test_a_hole_or_a_stale_file_fails_the_check(tmp_path):
    root = copy_of_the_sources(tmp_path)
    assert check(root).returncode == 0
    header = root / "include" / "navrouter.h"
    text = header.read_text()
    documented = "/** The number of routes (a route's aliases are not counted)."
    assert documented in text
    header.write_text(text.replace(documented, "/* The number of routes (a route's aliases are not counted)."))
    result = check(root)
    assert result.returncode == 1
    assert "navrouter_registry_route_count is not in the reference" in result.stdout, result.stdout
    assert "docs/api/c.md is stale" in result.stdout
    header.write_text(text)
    router = root / "bindings" / "python" / "navrouter" / "router.py"
    code = router.read_text()
    router.write_text(code.replace('"""Pops, or dismisses at a modal\'s root."""', "pass"))
    hole = check(root)
    assert hole.returncode == 1 and "navrouter.Router.back: no docstring" in hole.stdout, hole.stdout
    router.write_text(code)
    (root / "docs" / "api" / "python.md").write_text("old\n")
    stale = check(root)
    assert stale.returncode == 1 and "docs/api/python.md is stale" in stale.stdout, stale.stdout
