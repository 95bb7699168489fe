#!/usr/bin/env python3
"""Fails on Swift lines longer than 120 characters, strings and comments included: swift-format wraps code but not
string literals or comments. Usage: scripts/check-line-length.py [PATH...] (default: every Swift source)."""

import sys
from pathlib import Path

LIMIT = 120
ROOTS = [
    "Package.swift",
    "Sources",
    "Tests",
    "cli/Package.swift",
    "cli/Sources",
    "benchmarks/swift/Package.swift",
    "benchmarks/swift/Sources",
    "examples/swift/Package.swift",
    "examples/swift/Sources",
]


def swift_files(paths: list[str]) -> list[Path]:
    files: list[Path] = []
    for path in map(Path, paths):
        files += sorted(path.rglob("*.swift")) if path.is_dir() else [path]
    return files


def main() -> int:
    long_lines = [
        f"{path}:{number}: {len(line)} characters (limit {LIMIT})"
        for path in swift_files(sys.argv[1:] or ROOTS)
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if len(line) > LIMIT
    ]
    print("\n".join(long_lines) if long_lines else f"no Swift line over {LIMIT} characters")
    return 1 if long_lines else 0


if __name__ == "__main__":
    sys.exit(main())
