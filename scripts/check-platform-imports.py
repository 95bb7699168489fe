#!/usr/bin/env python3
"""Fails on a platform C library imported without a guard: `import Glibc` (or Musl, Darwin, ucrt, WinSDK) must sit
inside `#if canImport(...)`, so that the package keeps building on Linux distributions with musl and on Apple
platforms. Usage: scripts/check-platform-imports.py [PATH...] (default: Sources, cli/Sources, examples/swift)."""

import re
import sys
from pathlib import Path

PLATFORM = re.compile(r"^\s*(@\w+\s+)?(public |internal |package )?import (Glibc|Musl|Darwin|ucrt|WinSDK|Android)\b")


def unguarded(path: Path) -> list[str]:
    findings: list[str] = []
    conditions: list[bool] = []  # the open #if blocks: whether each tests canImport
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        stripped = line.strip()
        if stripped.startswith("#if"):
            conditions.append(stripped.startswith("#if canImport"))
        elif stripped.startswith("#elseif"):
            if conditions:
                conditions[-1] = stripped.startswith("#elseif canImport")
        elif stripped.startswith("#endif") and conditions:
            conditions.pop()
        elif PLATFORM.match(line) and not any(conditions):
            findings.append(f"{path}:{number}: '{stripped}' outside '#if canImport(...)'")
    return findings


def main() -> int:
    roots = [Path(p) for p in (sys.argv[1:] or ["Sources", "cli/Sources", "examples/swift/Sources"])]
    files = [f for root in roots for f in (sorted(root.rglob("*.swift")) if root.is_dir() else [root])]
    findings = [finding for path in files for finding in unguarded(path)]
    print("\n".join(findings) if findings else f"every platform import of {len(files)} files is guarded")
    return 1 if findings else 0


if __name__ == "__main__":
    sys.exit(main())
