"""The binding's types catch a user's mistakes: each line of tests/type_mistakes/mistakes.py marked `# error: WORDS` is
reported by mypy --strict on that line with those words, and no other line is."""

import re
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
MISTAKES = HERE / "type_mistakes" / "mistakes.py"


def test_mypy_reports_every_deliberate_mistake_on_its_line():
    result = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-error-summary", "--hide-error-context", str(MISTAKES)],
        capture_output=True,
        text=True,
        cwd=HERE.parent,  # bindings/python: the package next to the file mypy checks
        timeout=300,
    )
    reported: dict[int, list[str]] = {}
    for line in result.stdout.splitlines():
        found = re.match(r"(?:.*/)?mistakes\.py:(\d+): error: (.*)", line)  # the path as mypy prints it
        if found:
            reported.setdefault(int(found.group(1)), []).append(found.group(2))
    expected = {
        number: text.split("# error:")[1].strip()
        for number, text in enumerate(MISTAKES.read_text().splitlines(), start=1)
        if "# error:" in text
    }
    assert len(expected) == 16
    for number, words in expected.items():
        messages = reported.get(number, [])
        assert any(words in message for message in messages), f"line {number}: {words!r} not in {messages}"
    assert set(reported) <= set(expected), f"errors on other lines: {result.stdout}"
