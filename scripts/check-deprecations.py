"""Every deprecated spelling of the Swift API lives in Sources/NavRouterCore/Deprecated.swift and says the release it
goes away in ("goes away in X.Y.Z"), which must be a release after the current version (include/navrouter.h), so
that none outlives its announced removal. Prints the offenders; exit status 1 when there are any."""

from __future__ import annotations

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
HOME = ROOT / "Sources" / "NavRouterCore" / "Deprecated.swift"


def main() -> int:
    header = (ROOT / "include" / "navrouter.h").read_text()
    current = tuple(int(part) for part in re.search(r'NAVROUTER_VERSION_STRING "([0-9.]+)"', header)[1].split("."))
    problems: list[str] = []
    for path in sorted((ROOT / "Sources").rglob("*.swift")):
        for number, line in enumerate(path.read_text().split("\n"), start=1):
            if "@available(" not in line or "deprecated" not in line:
                continue
            where = f"{path.relative_to(ROOT)}:{number}"
            if path != HOME:
                problems.append(f"{where}: a deprecation outside {HOME.relative_to(ROOT)}")
            removal = re.search(r"goes away in ([0-9]+)\.([0-9]+)\.([0-9]+)", line)
            if removal is None:
                problems.append(f"{where}: says no release it goes away in ('goes away in X.Y.Z')")
            elif tuple(int(part) for part in removal.groups()) <= current:
                problems.append(f"{where}: was to go away in {'.'.join(removal.groups())}, and this is {current}")
    for problem in problems:
        print(problem)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
