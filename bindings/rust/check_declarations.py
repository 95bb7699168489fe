#!/usr/bin/env python3
"""Checks the Rust binding's hand-written declarations (bindings/rust/src/ffi.rs) against include/navrouter.h: every
function it declares exists in the header with the same argument and result types, every callback type has the
header's signature, and navrouter_nav_options has the header's fields in order. A wrong width or a missing argument
would not fail a call; it would read garbage or corrupt memory on some inputs. The header is read by clang's JSON AST.

Usage: bindings/rust/check_declarations.py. Prints one line per problem; the last line is
"rust declarations: N passed, N failed" (one check per declaration)."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
HEADER = ROOT / "include" / "navrouter.h"
FFI = Path(__file__).resolve().parent / "src" / "ffi.rs"

# Rust spellings of the header's C types (after const is dropped from pointers' pointees).
SCALARS = {
    "int": "c_int",
    "bool": "bool",
    "_Bool": "bool",
    "uint32_t": "u32",
    "int32_t": "i32",
    "uint64_t": "u64",
    "int64_t": "i64",
    "size_t": "usize",
    "double": "f64",
    "void": "()",
}


def header() -> tuple[dict[str, tuple[str, list[str]]], dict[str, str], list[tuple[str, str]]]:
    """The header's functions (name → result, argument types), typedefs (name → type) and nav options fields."""
    clang = shutil.which("clang")
    if clang is None:
        sys.exit("check_declarations: clang is not on PATH")
    dump = subprocess.run(
        [clang, "-Xclang", "-ast-dump=json", "-fsyntax-only", "-x", "c", "-std=c99", str(HEADER)],
        capture_output=True,
        text=True,
        check=True,
    )
    functions: dict[str, tuple[str, list[str]]] = {}
    typedefs: dict[str, str] = {}
    fields: list[tuple[str, str]] = []
    for node in json.loads(dump.stdout)["inner"]:
        name = node.get("name", "")
        if node.get("kind") == "FunctionDecl" and name.startswith("navrouter_"):
            result = node["type"]["qualType"].split("(", 1)[0].strip()
            arguments = [p["type"]["qualType"] for p in node.get("inner", []) if p.get("kind") == "ParmVarDecl"]
            functions[name] = (result, arguments)
        elif node.get("kind") == "TypedefDecl" and name.startswith("navrouter_"):
            typedefs[name] = node["type"]["qualType"]
        elif node.get("kind") == "RecordDecl" and name == "navrouter_nav_options":
            fields = [(f["name"], f["type"]["qualType"]) for f in node.get("inner", []) if f.get("kind") == "FieldDecl"]
    return functions, typedefs, fields


def rust_of(c_type: str, typedefs: dict[str, str]) -> str:
    """The Rust type the binding must use for a C type, normalised (`*const c_char`, `*mut navrouter_router`)."""
    c_type = c_type.strip()
    if c_type.endswith("*"):
        pointee = c_type[:-1].strip()
        if pointee.endswith("const"):  # a const pointer (`char *const`): the pointee object is const
            constant, pointee = True, pointee[: -len("const")].strip()
        elif pointee.startswith("const ") and not pointee.endswith("*"):  # `const char`
            constant, pointee = True, pointee[len("const ") :].strip()
        else:
            constant = False
        inner = "c_char" if pointee == "char" else "c_void" if pointee == "void" else rust_of(pointee, typedefs)
        return f"*{'const' if constant else 'mut'} {inner}"
    c_type = c_type.replace("const ", "").strip()
    if c_type in SCALARS:
        return SCALARS[c_type]
    if c_type.startswith("navrouter_") and c_type.endswith("_fn"):
        return c_type  # a callback type: checked on its own
    if c_type.startswith("navrouter_") or c_type.startswith("struct navrouter_"):
        return c_type.replace("struct ", "")
    return f"<unmapped {c_type}>"


def normalise(rust: str) -> str:
    """A Rust type as written in ffi.rs, without spaces or module paths."""
    rust = re.sub(r"\s+", " ", rust.strip()).replace("ffi::", "")
    return rust


def rust_functions(text: str) -> dict[str, tuple[str, list[str]]]:
    """The functions of ffi.rs's extern block: name → (result, argument types)."""
    block = text[text.index('extern "C" {') :]
    found: dict[str, tuple[str, list[str]]] = {}
    for match in re.finditer(r"pub fn (navrouter_\w+)\((.*?)\)\s*(?:->\s*([^;]+))?;", block, re.S):
        name, arguments, result = match.group(1), match.group(2), match.group(3)
        types = []
        for argument in filter(None, (part.strip() for part in split_arguments(arguments))):
            types.append(normalise(argument.split(":", 1)[1]))
        found[name] = (normalise(result or "()"), types)
    return found


def split_arguments(text: str) -> list[str]:
    """Splits on commas outside brackets."""
    parts, depth, current = [], 0, ""
    for character in text:
        depth += character in "(<[" and 1 or character in ")>]" and -1 or 0
        if character == "," and depth == 0:
            parts.append(current)
            current = ""
        else:
            current += character
    parts.append(current)
    return parts


def rust_callbacks(text: str) -> dict[str, tuple[str, list[str]]]:
    """The callback types: name → (result, argument types)."""
    found = {}
    pattern = r'pub type (navrouter_\w+_fn)\s*=\s*Option<unsafe extern "C" fn\(([^;]*?)\)\s*(?:->\s*([^>;]+?))?>;'
    for match in re.finditer(pattern, text, re.S):
        arguments = [normalise(part) for part in split_arguments(match.group(2)) if part.strip()]
        found[match.group(1)] = (normalise(match.group(3) or "()"), arguments)
    return found


def rust_fields(text: str) -> list[tuple[str, str]]:
    """navrouter_nav_options's fields: (name, Rust type)."""
    body = re.search(r"pub struct navrouter_nav_options \{(.*?)\}", text, re.S)
    assert body is not None, "ffi.rs declares navrouter_nav_options"
    return [(m.group(1), normalise(m.group(2))) for m in re.finditer(r"pub (\w+): ([^,]+),", body.group(1))]


def main() -> int:
    functions, typedefs, fields = header()
    text = FFI.read_text()
    problems: list[str] = []
    checks = 0
    for name, (result, arguments) in rust_functions(text).items():
        checks += 1
        if name not in functions:
            problems.append(f"{name}: not in the header")
            continue
        c_result, c_arguments = functions[name]
        if len(arguments) != len(c_arguments):
            problems.append(f"{name}: {len(arguments)} arguments, the header has {len(c_arguments)}")
            continue
        wanted = [rust_of(c, typedefs) for c in c_arguments]
        for index, (have, want) in enumerate(zip(arguments, wanted)):
            if have != want:
                problems.append(f"{name} argument {index + 1}: {have}, the header's {c_arguments[index]} is {want}")
        if result != rust_of(c_result, typedefs):
            problems.append(f"{name} result: {result}, the header's {c_result} is {rust_of(c_result, typedefs)}")
    for name, (result, arguments) in rust_callbacks(text).items():
        checks += 1
        signature = typedefs.get(name, "")
        parsed = re.match(r"(.*?)\(\*\)\((.*)\)", signature)
        if parsed is None:
            problems.append(f"{name}: not a function pointer type in the header")
            continue
        c_result, c_arguments = parsed.group(1).strip(), [a for a in split_arguments(parsed.group(2)) if a.strip()]
        wanted = [rust_of(c, typedefs) for c in c_arguments]
        if arguments != wanted or result != rust_of(c_result, typedefs):
            problems.append(f"{name}: ({', '.join(arguments)}) -> {result}, the header's is {signature}")
    checks += 1
    mirrored = rust_fields(text)
    expected = [(field, rust_of(c_type, typedefs)) for field, c_type in fields]
    if mirrored != expected:
        problems.append(f"navrouter_nav_options: fields {mirrored}, the header's {expected}")
    for problem in problems:
        print(problem)
    print(f"rust declarations: {checks - len(problems)} passed, {len(problems)} failed")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
