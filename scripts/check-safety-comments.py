#!/usr/bin/env python3
"""Fails when a Swift source line uses a construct that the compiler cannot check for memory or thread safety
and no `Safety:` comment within the lines above it (on the line, or in the first lines of the declaration it opens)
says why it is sound.

The constructs: `@unchecked Sendable`, `nonisolated(unsafe)`, `unsafelyUnwrapped`, `_withUnsafeGuaranteedRef`,
`Unmanaged`, `assumingMemoryBound`, `bindMemory`, `loadUnaligned`, `.allocate(`, `.deallocate()` and
`baseAddress!`. Usage: scripts/check-safety-comments.py [DIR...] (default: Sources).
"""

import re
import sys
from pathlib import Path

CONSTRUCTS = re.compile(
    r"@unchecked Sendable|nonisolated\(unsafe\)|unsafelyUnwrapped|_withUnsafeGuaranteedRef|\bUnmanaged\b"
    r"|assumingMemoryBound|bindMemory|loadUnaligned|\.allocate\(|\.deallocate\(\)|baseAddress!"
)
# How far above a construct its `Safety:` comment may be: the comment of the declaration or block that holds it.
REACH = 30


def findings(path: Path) -> list[str]:
    lines = path.read_text(encoding="utf-8").splitlines()
    found = []
    for number, line in enumerate(lines):
        code = line.split("//", 1)[0]
        if not CONSTRUCTS.search(code):
            continue
        window = lines[max(0, number - REACH) : number + 4]  # or just inside the declaration it opens
        if not any("Safety:" in above for above in window):
            found.append(f"{path}:{number + 1}: no `Safety:` comment above: {line.strip()}")
    return found


def main() -> int:
    roots = [Path(arg) for arg in sys.argv[1:]] or [Path("Sources")]
    problems = [item for root in roots for path in sorted(root.rglob("*.swift")) for item in findings(path)]
    for problem in problems:
        print(problem)
    print(f"safety comments: {len(problems)} constructs without one")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
