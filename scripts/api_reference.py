"""Writes the API references a user reads without a compiler at hand, from the sources that define the API:
docs/api/c.md from include/navrouter.h (every section, constant, type and function with its comment) and
docs/api/python.md from the Python binding's docstrings (every public name of `navrouter`, with its signature).

    python3 scripts/api_reference.py          # writes both
    python3 scripts/api_reference.py --check  # exits 1 when a file is stale or something public is undocumented

A function of the header without a comment, or a public Python name, method or property without a docstring, is
an error: the reference would have a hole. The lint step runs --check.
"""

from __future__ import annotations

import argparse
import inspect
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

SECTION = re.compile(r"/\* -{20,}\n \* (.+?)\n \* -{20,} \*/", re.S)
DOC = re.compile(r"/\*\*(.*?)\*/", re.S)


def comment_text(raw: str) -> str:
    """A doc comment's text, without its stars, as Markdown lines."""
    lines = [re.sub(r"^\s*\*? ?", "", line).rstrip() for line in raw.strip().split("\n")]
    return "\n".join(lines).strip()


def c_reference(root: Path, problems: list[str]) -> str:
    text = (root / "include" / "navrouter.h").read_text()
    out = [
        "# C API reference",
        "",
        "Generated from `include/navrouter.h` by `scripts/api_reference.py` (do not edit: edit the header). The",
        "header's opening comment says how ownership, threading and errors work for every function below.",
        "",
    ]
    position = text.index("#define NAVROUTER_VERSION_MAJOR")
    position = text.rfind("/* ----", 0, position)
    end = text.rindex("#ifdef __cplusplus")
    documented: set[str] = set()
    while position < end:
        section = SECTION.match(text, position)
        if section:
            # The section's title, then what its comment says beyond its first line.
            lines = [re.sub(r"^\s*\* ?", "", line).strip() for line in section.group(1).split("\n")]
            title = lines[0]
            for separator in (" (", ". "):
                if separator in title:
                    head, _, rest = title.partition(separator)
                    title, lines[0] = head, ("(" if separator == " (" else "") + rest
                    break
            else:
                lines = lines[1:]
            out += [f"## {title.rstrip('.')}", ""]
            if any(lines):
                out += [" ".join(line for line in lines if line), ""]
            position = section.end()
            continue
        doc = DOC.match(text, position)
        if doc:
            # The comment, then the declarations up to the next blank line or comment.
            after = doc.end()
            stop = len(text)
            for marker in ("\n\n", "\n/*"):
                found = text.find(marker, after)
                if found != -1:
                    stop = min(stop, found)
            code = text[after:stop].strip()
            names = re.findall(r"\b(navrouter_\w+)\s*\(", code) or re.findall(r"#define (NAVROUTER_\w+)", code)
            names += re.findall(r"typedef\s+(?:struct\s+)?\w+\s+\**(\w+)\s*;", code)
            documented.update(names)
            title = ", ".join(f"`{name}`" for name in dict.fromkeys(names)) or "(declarations)"
            out += [f"### {title}", "", comment_text(doc.group(1)), ""]
            if code:
                out += ["```c", code, "```", ""]
            position = stop
            continue
        next_item = min(
            (found for found in (text.find("/**", position), text.find("/* ----", position)) if found != -1),
            default=end,
        )
        skipped = text[position:next_item]
        for name in re.findall(r"NAVROUTER_API[^;]*?\b(navrouter_\w+)\s*\(", skipped):
            if name not in documented:
                problems.append(f"include/navrouter.h: {name} has no doc comment")
        position = max(next_item, position + 1)
    declared = set(re.findall(r"NAVROUTER_API[^;]*?\b(navrouter_\w+)\s*\(", text))
    for name in sorted(declared - documented):
        problems.append(f"include/navrouter.h: {name} is not in the reference (no doc comment before it)")
    return "\n".join(out).rstrip() + "\n"


def signature(value: object) -> str:
    try:
        return str(inspect.signature(value))  # type: ignore[arg-type]
    except (TypeError, ValueError):
        return "(...)"


def python_reference(root: Path, problems: list[str]) -> str:
    sys.path.insert(0, str(root / "bindings" / "python"))
    import navrouter  # noqa: PLC0415  (the binding under this checkout, not an installed one)

    out = [
        "# Python API reference",
        "",
        "Generated from the `navrouter` package's docstrings by `scripts/api_reference.py` (do not edit: edit the",
        "docstrings). Every name below is exported by `import navrouter`; `help(navrouter.Router)` shows the same.",
        "",
        comment_text(inspect.getdoc(navrouter) or ""),
        "",
    ]
    for name in sorted(navrouter.__all__, key=lambda n: (not inspect.isclass(getattr(navrouter, n)), n.lower())):
        value = getattr(navrouter, name)
        if inspect.isclass(value):
            doc = inspect.getdoc(value)
            if not doc:
                problems.append(f"navrouter.{name}: no docstring")
            out += [f"## class `{name}`", "", doc or "", ""]
            for member_name, member in sorted(vars(value).items()):
                if member_name.startswith("_") and member_name != "__init__":
                    continue
                if isinstance(member, property):
                    member_doc = inspect.getdoc(member)
                    heading = f"### `{name}.{member_name}` (property)"
                elif inspect.isfunction(member) or isinstance(member, (classmethod, staticmethod)):
                    function = member.__func__ if isinstance(member, (classmethod, staticmethod)) else member
                    member_doc = inspect.getdoc(function)
                    if member_name == "__init__":
                        if not function.__doc__:
                            continue  # the class's docstring says how it is made (getdoc would give object's)
                        member_doc = inspect.cleandoc(function.__doc__)
                    heading = f"### `{name}.{member_name}{signature(function)}`"
                else:
                    continue
                if not member_doc:
                    problems.append(f"navrouter.{name}.{member_name}: no docstring")
                out += [heading, "", member_doc or "", ""]
        elif inspect.isfunction(value):
            doc = inspect.getdoc(value)
            if not doc:
                problems.append(f"navrouter.{name}: no docstring")
            out += [f"## `{name}{signature(value)}`", "", doc or "", ""]
        else:
            shown = repr(value)
            if len(shown) > 100:
                shown = shown[:99] + "…"
            out += [f"## `{name}`", "", f"`{shown}`", ""]
    return "\n".join(out).rstrip() + "\n"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--check", action="store_true", help="exit 1 when a reference is stale or has a hole")
    parser.add_argument("--root", default=str(ROOT), help="the checkout to read and write (default: this one)")
    arguments = parser.parse_args()
    root = Path(arguments.root).resolve()
    problems: list[str] = []
    references = {
        root / "docs" / "api" / "c.md": c_reference(root, problems),
        root / "docs" / "api" / "python.md": python_reference(root, problems),
    }
    for problem in problems:
        print(f"api-reference: {problem}")
    stale = [path for path, text in references.items() if not path.exists() or path.read_text() != text]
    if arguments.check:
        for path in stale:
            print(f"api-reference: {path.relative_to(root)} is stale: run scripts/api_reference.py")
        return 1 if problems or stale else 0
    for path, text in references.items():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
        print(f"wrote {path.relative_to(root)} ({len(text.splitlines())} lines)")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
