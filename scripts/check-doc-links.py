#!/usr/bin/env python3
"""Every relative link of the repository's Markdown pages leads somewhere: the file (or directory) exists, and a
`#fragment` names a heading of the page it points at. Prints each broken link as FILE:LINE: ...; exit 1 when there is
one. (Links to the web are not followed: the machine that checks may be offline.)"""

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LINK = re.compile(r"(?<!!)\[[^\]]*\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)|!\[[^\]]*\]\(([^)\s]+)\)")


def anchors(page: Path) -> set[str]:
    """GitHub's anchors of a page's headings: lowercased, punctuation dropped, spaces as '-'."""
    found = set()
    inside_code = False
    for line in page.read_text(encoding="utf-8").splitlines():
        if line.startswith("```"):
            inside_code = not inside_code
        if inside_code or not line.startswith("#"):
            continue
        title = line.lstrip("#").strip().lower()
        found.add(re.sub(r"[^\w\- ]", "", title).replace(" ", "-"))
    return found


def main() -> int:
    pages = subprocess.run(
        ["git", "ls-files", "--cached", "--others", "--exclude-standard", "*.md"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    broken = []
    for name in pages:
        page = ROOT / name
        if not page.exists():
            continue
        inside_code = False
        for number, line in enumerate(page.read_text(encoding="utf-8").splitlines(), 1):
            if line.lstrip().startswith("```"):
                inside_code = not inside_code
            if inside_code:
                continue
            for match in LINK.finditer(re.sub(r"`[^`]*`", "", line)):
                target = match.group(1) or match.group(2)
                if re.match(r"^[a-z][a-z0-9+.-]*:", target):
                    continue  # https:, mailto:, ...: not followed
                path, _, fragment = target.partition("#")
                destination = (page.parent / path).resolve() if path else page
                if not destination.exists():
                    broken.append(f"{name}:{number}: '{target}': no such file")
                elif fragment and destination.suffix == ".md" and fragment.lower() not in anchors(destination):
                    broken.append(f"{name}:{number}: '{target}': no heading '#{fragment}' in {path or name}")
    for line in broken:
        print(line)
    return 1 if broken else 0


if __name__ == "__main__":
    sys.exit(main())
