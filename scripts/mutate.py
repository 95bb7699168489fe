"""Mutation testing of the core and the C layer: plants one small defect at a time (a flipped comparison, a dropped
condition or early return, an off-by-one bound, a swapped boolean, a dropped statement: a call or an assignment that
no longer happens), runs the suites that reach it, and reports which mutants every suite let pass. Run through
scripts/mutate.sh, which gives it a worktree of its own.

    python3 scripts/mutate.py [--dirs DIR,...] [--limit N] [--seed S] [--operators NAME,...] [--list]

Each mutant is built and run in the worktree: XCTest first (the cheapest), then, if XCTest passed, the C test
programs, the reference model and the Python suite's semantics against a debug library built with the mutant. A
mutant is killed by the first suite that fails (or does not build); it survives when all pass. The report
(build/mutate/report.md) lists the score and every survivor with its line, for a test or a note in TESTING.md.
"""

from __future__ import annotations

import argparse
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_DIRS = [
    "Sources/NavRouterCore/Guards",
    "Sources/NavRouterCore/URL",
    "Sources/NavRouterCore/Navigation",
    "Sources/NavRouterCABI/LiveHandleTable.swift",
    "Sources/NavRouterCABI/Handles.swift",
]

# (name, pattern, replacement): applied to one occurrence on one line.
OPERATORS: list[tuple[str, str, str]] = [
    ("== to !=", r"(?<![=!<>])==(?!=)", "!="),
    ("!= to ==", r"!=(?!=)", "=="),
    ("< to <=", r"(?<![<\-])\s<\s(?!=)", " <= "),
    ("<= to <", r"\s<=\s", " < "),
    ("> to >=", r"(?<![->])\s>\s(?!=)", " >= "),
    (">= to >", r"\s>=\s", " > "),
    ("&& to ||", r"&&", "||"),
    ("|| to &&", r"\|\|", "&&"),
    ("true to false", r"\btrue\b", "false"),
    ("false to true", r"\bfalse\b", "true"),
    ("+ 1 to + 2", r"\+ 1\b", "+ 2"),
    ("- 1 dropped", r" - 1\b", ""),
    ("if negated", r"\bif (?!let |var |case )(.+?) \{\s*$", r"if !(\1) {"),
    ("guard negated", r"\bguard (?!let |var |case )(.+?) else \{", r"guard !(\1) else {"),
    ("continue to break", r"\bcontinue\b", "break"),
]

# A statement on a line of its own that calls something or assigns: dropped, it is the realistic defect of a step
# forgotten (a state not updated, a callback not made). Declarations, control flow and lines that open or continue a
# block or an expression are not statements here.
STATEMENT = re.compile(
    r"^\s*(?!(?:let|var|return|if|guard|for|while|switch|case|func|throw|defer|else|do|catch|init|deinit|private|"
    r"public|internal|fileprivate|static|struct|class|enum|extension|protocol|typealias|break|continue|fallthrough|"
    r"repeat|default|mutating|nonisolated|override|final|lazy|weak|unowned|get|set|willSet|didSet|throws|rethrows|"
    r"async|where)\b)"
    r"(?:try |_ = )?[A-Za-z_][\w.]*(?:\[[^\]]*\])?(?:\.[A-Za-z_]\w*)*\s*(?:\(.*\)|(?:[+\-*|&]?=|\.append\().+)\s*$"
)
OPENS_OR_CONTINUES = re.compile(r"(\{|\(|,|\[|\+|-|&&|\|\||\?|:|=|in)\s*$")
CONTINUATION = re.compile(r"^\s*(\.|\+|-|&&|\|\||\?|:|\)|\])")
DROPPED = "statement dropped"


def droppable(lines: list[str], index: int, code: str) -> bool:
    """Whether the line is a whole statement (one call or assignment) that can go without breaking the build."""
    if not STATEMENT.match(code) or OPENS_OR_CONTINUES.search(code) or code.count("(") != code.count(")"):
        return False
    previous = lines[index - 1].split("//")[0].rstrip() if index > 0 else ""
    following = lines[index + 1] if index + 1 < len(lines) else ""
    return not OPENS_OR_CONTINUES.search(previous) or previous.endswith("{") and not CONTINUATION.match(following)


# Comments, declarations and lines with a string literal (their operators are mostly in messages: a mutant there
# changes only what an error says).
SKIP_LINE = re.compile(r"^\s*(//|///|\*|import |@|case .*:$|default:)|precondition|fatalError|\"")


@dataclass
class Mutant:
    path: str
    line: int
    operator: str
    original: str
    mutated: str


def candidates(paths: list[Path]) -> list[Mutant]:
    mutants: list[Mutant] = []
    for path in paths:
        lines = path.read_text().split("\n")
        for number, text in enumerate(lines, start=1):
            code = text.split("//")[0]
            if not code.strip() or SKIP_LINE.search(text):
                continue
            if droppable(lines, number - 1, code) and not CONTINUATION.match(
                lines[number] if number < len(lines) else ""
            ):
                indent = code[: len(code) - len(code.lstrip())]
                mutants.append(Mutant(str(path.relative_to(ROOT)), number, DROPPED, text, f"{indent}// (dropped)"))
            for name, pattern, replacement in OPERATORS:
                match = re.search(pattern, code)
                if match is None:
                    continue
                mutated = code[: match.start()] + match.expand(replacement) + code[match.end() :]
                if mutated != code:
                    mutants.append(Mutant(str(path.relative_to(ROOT)), number, name, text, mutated + text[len(code) :]))
    return mutants


def descendants(pid: int) -> list[int]:
    """Every process under `pid`, read from /proc before any is stopped (a child orphaned by its parent's death is
    adopted by init, and its ancestry is lost)."""
    found: list[int] = []
    pending = [pid]
    while pending:
        parent = pending.pop()
        for children in Path(f"/proc/{parent}/task").glob("*/children"):
            try:
                pids = [int(child) for child in children.read_text().split()]
            except OSError:
                continue
            found += pids
            pending += pids
    return found


def run(command: list[str], cwd: Path, log: Path, env: dict[str, str] | None = None, timeout: int = 900) -> bool:
    with log.open("a") as out:
        out.write(f"$ {' '.join(command)}\n")
        out.flush()
        # A session of its own: a mutant that hangs a test is stopped whole (`swift test` runs the tests in a child).
        process = subprocess.Popen(
            command, cwd=cwd, stdout=out, stderr=subprocess.STDOUT, env=env, start_new_session=True
        )
        try:
            return process.wait(timeout=timeout) == 0
        except subprocess.TimeoutExpired:
            # `swift test` starts the test bundle in a session of its own: its process group is not the command's,
            # so each process under the command is stopped by its id (a hung one left behind spun on a core for
            # the rest of the runs).
            for child in descendants(process.pid):
                try:
                    os.kill(child, signal.SIGKILL)
                except ProcessLookupError:
                    pass
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
            out.write("(timed out: a hang, counted as killed)\n")
            return False


def judge(tree: Path, log: Path) -> str:
    """The first suite that kills the mutant planted in the worktree, or 'survived'."""
    if not run(["swift", "build", "--build-tests"], tree, log):
        return "build"
    if not run(["swift", "test", "--skip-build", "--disable-swift-testing"], tree, log, timeout=300):
        return "xctest"
    if not run(["swift", "build", "--product", "navrouter", "--scratch-path", ".build-mutlib"], tree, log):
        return "build"
    library = tree / "build" / "mutlib"
    library.mkdir(parents=True, exist_ok=True)
    shutil.copy(tree / ".build-mutlib" / "debug" / "libnavrouter.so", library / "libnavrouter.so.1")
    env = dict(os.environ, LD_LIBRARY_PATH=str(library), NAVROUTER_LIBRARY=str(library / "libnavrouter.so.1"))
    # The C test programs, and the program that counts what ended threads leave (valgrind cannot see those leaks).
    out = ROOT / "Tests" / "c" / "out"
    for program in sorted(out.glob("test_*")) + [out / "thread_exit_frees"]:
        if program.suffix == "" and os.access(program, os.X_OK):
            if not run([str(program), str(ROOT / "examples/manifests/shop.json")], ROOT, log, env, timeout=120):
                return "c"
    if not run([sys.executable, "Tests/model/model_check.py", "300", "1", "30"], tree, log, env, timeout=300):
        return "model"
    python_tests = ["test_semantics.py", "test_guards.py", "test_router.py", "test_vectors.py", "test_asyncio.py"]
    pytest = [sys.executable, "-m", "pytest", "-q", "-x", "-p", "no:cacheprovider"]
    if not run(pytest + [f"bindings/python/tests/{name}" for name in python_tests], tree, log, env, timeout=300):
        return "python"
    return "survived"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--dirs", default=",".join(DEFAULT_DIRS))
    parser.add_argument("--limit", type=int, default=60)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--tree", default=str(ROOT / "build" / "mutate" / "tree"))
    parser.add_argument("--list", action="store_true", help="list the candidate mutants and stop")
    parser.add_argument(
        "--operators", default="", help="only these operators, comma-separated (e.g. 'statement dropped')"
    )
    parser.add_argument("--only", default="", help="only the mutants at these PATH:LINE places, comma-separated")
    arguments = parser.parse_args()
    paths: list[Path] = []
    for entry in arguments.dirs.split(","):
        target = ROOT / entry
        paths += sorted(target.glob("*.swift")) if target.is_dir() else [target]
    everything = candidates(paths)
    if arguments.operators:
        wanted = set(arguments.operators.split(","))
        everything = [mutant for mutant in everything if mutant.operator in wanted]
    if arguments.only:
        places = set(arguments.only.split(","))
        everything = [mutant for mutant in everything if f"{mutant.path}:{mutant.line}" in places]
    random.Random(arguments.seed).shuffle(everything)
    chosen = everything[: arguments.limit]
    if arguments.list:
        for mutant in chosen:
            print(f"{mutant.path}:{mutant.line}: {mutant.operator}: {mutant.mutated.strip()}")
        print(f"{len(chosen)} of {len(everything)} candidates")
        return 0
    # Absolute: the suites run in the worktree and are handed the mutant library's path (a relative one pointed
    # nowhere from there, so every mutant that passed XCTest and the C programs was counted as killed by the model).
    tree = Path(arguments.tree).resolve()
    out = ROOT / "build" / "mutate"
    out.mkdir(parents=True, exist_ok=True)
    results: list[tuple[Mutant, str, float]] = []
    for index, mutant in enumerate(chosen, start=1):
        source = tree / mutant.path
        original = source.read_text()
        lines = original.split("\n")
        if lines[mutant.line - 1] != mutant.original:
            print(f"skip {mutant.path}:{mutant.line} (the worktree's line differs)")
            continue
        lines[mutant.line - 1] = mutant.mutated
        source.write_text("\n".join(lines))
        log = out / f"mutant-{index:03d}.log"
        log.write_text(f"{mutant.path}:{mutant.line}: {mutant.operator}\n- {mutant.original}\n+ {mutant.mutated}\n")
        started = time.monotonic()
        try:
            verdict = judge(tree, log)
        finally:
            source.write_text(original)
        seconds = time.monotonic() - started
        results.append((mutant, verdict, seconds))
        print(f"[{index}/{len(chosen)}] {verdict:8} {mutant.path}:{mutant.line} {mutant.operator} ({seconds:.0f} s)")
        sys.stdout.flush()
    killed = [r for r in results if r[1] != "survived"]
    survivors = [r for r in results if r[1] == "survived"]
    score = 100.0 * len(killed) / max(1, len(results))
    report = [
        "# Mutation testing report",
        "",
        f"{len(results)} mutants of {len(everything)} candidates (seed {arguments.seed}) in {arguments.dirs}:",
        f"{len(killed)} killed, {len(survivors)} survived: **{score:.1f} %**.",
        "",
        "| killed by | mutants |",
        "| --- | --- |",
    ]
    for suite in ("build", "xctest", "c", "model", "python"):
        report.append(f"| {suite} | {sum(1 for r in results if r[1] == suite)} |")
    report += ["", "## Survivors", ""]
    for mutant, _, _ in survivors:
        report.append(f"- `{mutant.path}:{mutant.line}` ({mutant.operator}): `{mutant.mutated.strip()}`")
    (out / "report.md").write_text("\n".join(report) + "\n")
    print("\n".join(report))
    print(f"mutate: {len(killed)} killed, {len(survivors)} survived ({score:.1f} %)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
