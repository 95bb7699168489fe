"""The binding's numeric constants are the header's: each name in navrouter/_constants.py is NAVROUTER_<name> in
include/navrouter.h with the same value (read by a C program compiled against the header), and no other module of the
binding writes a C constant of its own (no hexadecimal literal, no bare decision or status number)."""

from __future__ import annotations

import ast
import re
import shutil
import subprocess
from pathlib import Path
from typing import get_args

import navrouter.types
import pytest
from navrouter import _constants

ROOT = Path(__file__).resolve().parents[3]
HEADER = ROOT / "include" / "navrouter.h"
PACKAGE = ROOT / "bindings" / "python" / "navrouter"


def header_values(names: list[str], tmp_path: Path) -> dict[str, int]:
    """Each NAVROUTER_<name>'s value, as the C compiler reads the header."""
    compiler = shutil.which("gcc") or shutil.which("cc")
    if compiler is None:
        pytest.skip("no C compiler")
    lines = ["#include <stdio.h>", '#include "navrouter.h"', "int main(void) {"]
    lines += [f'    printf("%s %lld\\n", "{name}", (long long)(NAVROUTER_{name}));' for name in names]
    lines += ["    return 0;", "}"]
    source = tmp_path / "constants.c"
    source.write_text("\n".join(lines) + "\n")
    program = tmp_path / "constants"
    built = subprocess.run(
        [compiler, "-std=c99", f"-I{ROOT / 'include'}", str(source), "-o", str(program)],
        capture_output=True, text=True,
    )  # fmt: skip
    assert built.returncode == 0, built.stderr  # a name the header does not define fails here, naming it
    output = subprocess.run([str(program)], capture_output=True, text=True, check=True).stdout
    return {name: int(value) for name, value in (line.split() for line in output.splitlines())}


def test_every_constant_is_the_headers(tmp_path: Path) -> None:
    names = [name for name in vars(_constants) if name.isupper()]
    assert len(names) > 75
    assert header_values(names, tmp_path) == {name: getattr(_constants, name) for name in names}


def test_every_event_kind_of_the_header_has_its_name(tmp_path: Path) -> None:
    from navrouter import events

    defined = set(re.findall(r"#define NAVROUTER_EVENT_([A-Z_]+) [0-9]+", HEADER.read_text()))
    assert {name for name in vars(_constants) if name.startswith("EVENT_")} == {f"EVENT_{name}" for name in defined}
    assert {name for name in vars(events) if name.isupper() and isinstance(getattr(events, name), str)} >= defined
    assert set(get_args(navrouter.types.EventKind)) == {name.lower() for name in defined}, "the EventKind literal"


def test_no_other_module_writes_a_constant_of_its_own() -> None:
    offenders: list[str] = []
    for path in PACKAGE.glob("*.py"):
        if path.name == "_constants.py":
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Constant) and isinstance(node.value, int) and not isinstance(node.value, bool):
                segment = ast.get_source_segment(path.read_text(), node) or ""
                if segment.lower().startswith("0x") and not segment.startswith("0x{"):
                    offenders.append(f"{path.name}:{node.lineno}: {segment}")
    assert offenders == [], "hexadecimal constants belong in navrouter/_constants.py"
