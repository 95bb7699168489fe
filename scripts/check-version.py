#!/usr/bin/env python3
"""The version is set in include/navrouter.h (NAVROUTER_VERSION_STRING and the MAJOR/MINOR/PATCH macros); the
places that must repeat it (Swift's NavRouterVersion, the Python package's __version__ and pyproject.toml, the
README's `.package(url:from:)` line) are checked here against it; the release's git tag is the same number.
pkg-config, the library's file name and `navrouter --version` read it at build time."""

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def find(path: str, pattern: str) -> str:
    match = re.search(pattern, (ROOT / path).read_text(), re.M)
    return match.group(1) if match else f"(not found in {path})"


def main() -> int:
    header = (ROOT / "include" / "navrouter.h").read_text()
    string = find("include/navrouter.h", r'^#define NAVROUTER_VERSION_STRING "([^"]+)"')
    parts = [
        re.search(rf"^#define NAVROUTER_VERSION_{name} (\d+)", header, re.M) for name in ("MAJOR", "MINOR", "PATCH")
    ]
    copies = {
        "include/navrouter.h MAJOR.MINOR.PATCH": ".".join(part.group(1) if part else "?" for part in parts),
        "Sources/NavRouterCore/NavRouterVersion.swift": find(
            "Sources/NavRouterCore/NavRouterVersion.swift", r'static let string = "([^"]+)"'
        ),
        "bindings/python/navrouter/__init__.py": find(
            "bindings/python/navrouter/__init__.py", r'^__version__ = "([^"]+)"'
        ),
        "bindings/python/pyproject.toml": find("bindings/python/pyproject.toml", r'^version = "([^"]+)"'),
        "README.md .package(url:from:)": find("README.md", r'\.package\(url: "[^"]+", from: "([^"]+)"\)'),
    }
    wrong = {place: value for place, value in copies.items() if value != string}
    for place, value in wrong.items():
        print(f"{place}: {value}, but include/navrouter.h says {string}")
    if not wrong:
        print(f"version {string} everywhere")
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())
