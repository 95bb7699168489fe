#!/usr/bin/env python3
"""Fails when a Swift source line uses a construct that the compiler cannot check for memory or thread safety
and no `Safety:` comment at the site says why it is sound: on the line, among the three lines of code above it
(comment lines do not count), in the documentation of the declaration the line opens, or at the head of a run of
such lines, one after another, that it covers.

The constructs: `@unchecked Sendable`, `nonisolated(unsafe)`, `unsafelyUnwrapped`, `_withUnsafeGuaranteedRef`,
`Unmanaged`, `assumingMemoryBound`, `bindMemory`, `withMemoryRebound`, `loadUnaligned`, `unsafeBitCast`,
`.allocate(`, `.deallocate()`, `.initialize(`, `.deinitialize(`, `baseAddress!` and `memcpy`/`memcmp`/`memmove`.
Usage: scripts/check-safety-comments.py [DIR...] (default: Sources), or `--self-test` to check the check.
"""

import re
import sys
from pathlib import Path

CONSTRUCTS = re.compile(
    r"@unchecked Sendable|nonisolated\(unsafe\)|unsafelyUnwrapped|_withUnsafeGuaranteedRef|\bUnmanaged\b"
    r"|assumingMemoryBound|bindMemory|loadUnaligned|\.allocate\(|\.deallocate\(\)|baseAddress!|withMemoryRebound"
    r"|unsafeBitCast|\bmem(?:cpy|cmp|move)\(|\.(?:de)?initialize\("
)
# How far above a construct its `Safety:` comment may be: three lines of code (comment lines between them do not
# count, so a comment of several lines reaches as far as a one-line one).
REACH = 3


def is_comment(line: str) -> bool:
    return line.strip().startswith("//")


def comment_block_above(lines: list[str], number: int) -> list[str]:
    """The comment lines (and attributes) directly above line `number`: a declaration's documentation."""
    block = []
    index = number - 1
    while index >= 0 and (is_comment(lines[index]) or lines[index].strip().startswith("@")):
        block.append(lines[index])
        index -= 1
    return block


def comments_within_reach(lines: list[str], number: int) -> list[str]:
    """The line itself and the comment lines among the `REACH` lines of code above it."""
    seen = [lines[number]]
    code_lines = 0
    index = number - 1
    while index >= 0 and code_lines < REACH:
        if is_comment(lines[index]):
            seen.append(lines[index])
        else:
            code_lines += 1
        index -= 1
    return seen


def findings(path: Path) -> list[str]:
    lines = path.read_text(encoding="utf-8").splitlines()
    found = []
    covered = set()  # construct lines with a comment: a run of them, line after line, shares it
    for number, line in enumerate(lines):
        code = line.split("//", 1)[0]
        if not CONSTRUCTS.search(code):
            continue
        window = comments_within_reach(lines, number) + comment_block_above(lines, number)
        if any("Safety:" in seen for seen in window) or number - 1 in covered:
            covered.add(number)
        else:
            found.append(f"{path}:{number + 1}: no `Safety:` comment above: {line.strip()}")
    return found


SELF_TEST = {  # source -> the 1-based lines the check must report
    "let a = p.allocate(capacity: 1)\n": [1],
    "// Safety: mine.\nlet a = p.allocate(capacity: 1)\n": [],
    "let b = p.load(as: Int.self)  // Safety: inside.\n": [],
    "// Safety: one\n// reason on two lines.\nx()\ny()\nz()\nq.deallocate()\n": [6],
    "// Safety: one\n// reason on two lines.\nx()\ny()\nq.deallocate()\n": [],
    "// Safety: a run.\nq.deallocate()\nr.deallocate()\ns.deallocate()\nt.deallocate()\n": [],
    "// Safety: a run.\nq.deallocate()\nr.deallocate()\n\nx()\ny()\nt.deallocate()\n": [7],
    "/// Docs.\n///\n/// Safety: mine.\n@inline(__always)\nfinal class A: @unchecked Sendable {}\n": [],
    "p.withMemoryRebound(to: UInt8.self, capacity: 1) { _ in }\nunsafeBitCast(x, to: Int.self)\n": [1, 2],
    "x()  // memcpy(a, b, 1) in a comment only\n": [],
}


def self_test() -> int:
    """Checks the check: each source in `SELF_TEST` gives exactly the findings listed."""
    import tempfile

    failures = 0
    with tempfile.TemporaryDirectory() as directory:
        path = Path(directory) / "Sample.swift"
        for source, expected in SELF_TEST.items():
            path.write_text(source, encoding="utf-8")
            reported = [int(item.split(":")[1]) for item in findings(path)]
            if reported != expected:
                failures += 1
                print(f"self-test: {source!r}: reported lines {reported}, expected {expected}")
    print(f"safety comments self-test: {len(SELF_TEST) - failures} passed, {failures} failed")
    return 1 if failures else 0


def main() -> int:
    if sys.argv[1:] == ["--self-test"]:
        return self_test()
    roots = [Path(arg) for arg in sys.argv[1:]] or [Path("Sources")]
    problems = [item for root in roots for path in sorted(root.rglob("*.swift")) for item in findings(path)]
    for problem in problems:
        print(problem)
    print(f"safety comments: {len(problems)} constructs without one")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
