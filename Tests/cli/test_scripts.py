"""The scripts the README and TESTING.md give users, called with arguments they cannot take: a usage message and exit
status 2 at once, before anything is built (a typo is not a run of zero commands, nor a traceback)."""

import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize(
    ("script", "arguments", "complaint"),
    [
        ("model-check.sh", ["abc"], "model-check: SEQUENCES must be a whole number of 1 or more, not 'abc'"),
        ("model-check.sh", ["10", "-1"], "model-check: SEED must be a whole number of 0 or more, not '-1'"),
        ("model-check.sh", ["10", "1", "0"], "model-check: STEPS must be a whole number of 1 or more, not '0'"),
        ("stress.sh", ["abc"], "stress: COMMANDS_PER_THREAD must be a whole number of 1 or more, not 'abc'"),
        ("sanitize.sh", ["many"], "sanitize: STRESS_N must be a whole number of 1 or more, not 'many'"),
        ("bench.sh", ["1.5"], "bench: ROUNDS must be a whole number of 1 or more, not '1.5'"),
        ("fuzz.sh", ["resolve", "ten"], "fuzz: SECONDS must be a whole number of 1 or more, not 'ten'"),
        ("fuzz.sh", ["resolve", "10", "x"], "fuzz: RUNS must be a whole number of 1 or more, not 'x'"),
        ("fuzz.sh", ["nosuch", "5"], "fuzz: no target named 'nosuch' (all, build, commands, manifest, pattern,"),
    ],
)
def test_a_script_refuses_arguments_it_cannot_take(script, arguments, complaint):
    result = subprocess.run(
        [str(ROOT / "scripts" / script), *arguments], capture_output=True, text=True, timeout=60, cwd=ROOT
    )
    assert result.returncode == 2, (result.returncode, result.stdout[-500:], result.stderr[-500:])
    assert complaint in result.stderr, result.stderr
    assert "building" not in result.stdout + result.stderr
