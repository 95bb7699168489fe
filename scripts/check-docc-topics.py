#!/usr/bin/env python3
"""Every top-level symbol a Swift product documents is curated: named (``Name``) in its DocC catalog's pages, so that
nothing lands in the index's "Other" group unasked, where types the library only shares with its own C layer and tools
would show up (those stay out of the index: `package` access, or `@_documentation(visibility: internal)` when a tool
of another package needs them). Reads the symbol graphs scripts/docs.sh wrote (build/symbol-graphs/MODULE). Prints
each symbol no page names; exit 1 when there is one."""

import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def main() -> int:
    missing = []
    for module in ("NavRouterCore", "NavRouter"):
        graph = json.loads((ROOT / "build" / "symbol-graphs" / module / f"{module}.symbols.json").read_text())
        catalog = ROOT / "Sources" / module / f"{module}.docc"
        named = set()
        for page in catalog.rglob("*.md"):
            named.update(re.findall(r"``(?:[A-Za-z]+/)?([A-Za-z_][A-Za-z0-9_]*)", page.read_text()))
        for symbol in graph["symbols"]:
            name = symbol["pathComponents"]
            # A module's own symbols (NavRouter re-exports the core's, which the core's catalog curates).
            declared_here = f"/Sources/{module}/" in symbol.get("location", {}).get("uri", f"/Sources/{module}/")
            if len(name) == 1 and declared_here and name[0] not in named:
                missing.append(f"{module}: {symbol['kind']['displayName'].lower()} {name[0]} is in no topic group")
    for line in sorted(missing):
        print(line)
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main())
