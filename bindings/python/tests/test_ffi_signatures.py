"""The binding's ctypes declarations say what include/navrouter.h says: each declared function's arguments and result,
each callback type's, and the layout of each structure the binding mirrors. A wrong width or a missing argument would
not fail a call; it would read garbage or corrupt memory on some inputs. The header is read by clang's JSON AST (the
toolchain's clang), the structures' layouts (size, and each field's offset and size) by a C program built with the
header."""

from __future__ import annotations

import ctypes
import json
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
from navrouter import _ffi

ROOT = Path(__file__).resolve().parents[3]
HEADER = ROOT / "include" / "navrouter.h"

SCALARS: dict[str, Any] = {
    "int": ctypes.c_int,
    "_Bool": ctypes.c_bool,
    "bool": ctypes.c_bool,
    "uint32_t": ctypes.c_uint32,
    "int32_t": ctypes.c_int32,
    "uint64_t": ctypes.c_uint64,
    "int64_t": ctypes.c_int64,
    "size_t": ctypes.c_size_t,
}
CALLBACKS = {
    "navrouter_navigator_fn": _ffi.NAVIGATOR_FN,
    "navrouter_make_view_fn": _ffi.MAKE_VIEW_FN,
    "navrouter_release_view_fn": _ffi.RELEASE_VIEW_FN,
    "navrouter_interceptor_fn": _ffi.INTERCEPTOR_FN,
    "navrouter_login_fn": _ffi.LOGIN_FN,
    "navrouter_migrate_fn": _ffi.MIGRATE_FN,
    "navrouter_claim_callback_fn": _ffi.CLAIM_FN,
    "navrouter_destroy_fn": _ffi.DESTROY_FN,
}
STRUCTURES = {
    "navrouter_route_spec": _ffi.RouteSpec,
    "navrouter_range": _ffi.Range,
    "navrouter_nav_options": _ffi.NavOptions,
}


def clang() -> str:
    found = shutil.which("clang")
    if found is None:
        pytest.skip("clang is not on PATH")
    return found


@pytest.fixture(scope="module")
def header() -> dict[str, dict[str, Any]]:
    """The header's functions (name → (result type, [argument types])) and typedefs (name → underlying type)."""
    dump = subprocess.run(
        [clang(), "-Xclang", "-ast-dump=json", "-fsyntax-only", "-x", "c", "-std=c99", str(HEADER)],
        capture_output=True, text=True, check=True,
    )  # fmt: skip
    functions: dict[str, Any] = {}
    typedefs: dict[str, str] = {}
    for node in json.loads(dump.stdout)["inner"]:
        name = node.get("name", "")
        if node.get("kind") == "FunctionDecl" and name.startswith("navrouter_"):
            result = node["type"]["qualType"].split("(", 1)[0].strip()
            arguments = [p["type"]["qualType"] for p in node.get("inner", []) if p.get("kind") == "ParmVarDecl"]
            functions[name] = (result, arguments)
        elif node.get("kind") == "TypedefDecl" and name.startswith("navrouter_"):
            typedefs[name] = node["type"]["qualType"]
    return {"functions": functions, "typedefs": typedefs}


def is_pointer(ctype: Any) -> bool:
    return (
        ctype in (ctypes.c_void_p, ctypes.c_char_p)
        or isinstance(ctype, type)
        and issubclass(ctype, (ctypes._Pointer, ctypes._CFuncPtr))  # type: ignore[attr-defined]
    )


def mismatch(c_type: str, ctype: Any) -> str | None:
    """Why ctypes type `ctype` does not pass or return C type `c_type` (None when it does)."""
    c_type = c_type.replace("const ", "").strip()
    if c_type == "void":
        return None if ctype is None else "a result where the header returns void"
    if c_type in CALLBACKS:
        return None if ctype is CALLBACKS[c_type] else f"{c_type} is not passed as its own CFUNCTYPE"
    if c_type in SCALARS:
        expected = SCALARS[c_type]
        if ctype is expected or ctypes.sizeof(ctype) == ctypes.sizeof(expected) and not is_pointer(ctype):
            if ctype is not expected and (c_type.startswith("u") or c_type == "size_t") != _unsigned(ctype):
                return f"{ctype.__name__} differs in sign from {c_type}"
            return None
        return f"{getattr(ctype, '__name__', ctype)} is not {c_type}"
    if c_type.endswith("*"):
        if not is_pointer(ctype):
            return f"{getattr(ctype, '__name__', ctype)} is not a pointer ({c_type})"
        pointee = c_type[:-1].strip()
        target = getattr(ctype, "_type_", None)
        if pointee in SCALARS and isinstance(target, type) and not issubclass(target, ctypes.Structure):
            return mismatch(pointee, target)
        if pointee in STRUCTURES and target is not None:
            return None if target is STRUCTURES[pointee] else f"{pointee} * is not POINTER({pointee})"
        return None
    return f"unmapped C type {c_type}"


def _unsigned(ctype: Any) -> bool:
    return ctype in (ctypes.c_uint8, ctypes.c_uint16, ctypes.c_uint32, ctypes.c_uint64, ctypes.c_size_t, ctypes.c_bool)


def signature_mismatches(name: str, declared: tuple[str, list[str]], mirrored: tuple[Any, list[Any]]) -> list[str]:
    """How a ctypes signature (result, arguments) differs from a C one (result type, argument types)."""
    (c_result, c_arguments), (result, arguments) = declared, mirrored
    if len(arguments) != len(c_arguments):
        return [f"{name}: {len(arguments)} arguments, the header has {len(c_arguments)}"]
    found = [f"{name} result: {why}"] if (why := mismatch(c_result, result)) else []
    for index, (c_type, ctype) in enumerate(zip(c_arguments, arguments)):
        if why := mismatch(c_type, ctype):
            found.append(f"{name} argument {index + 1}: {why}")
    return found


def test_every_declared_function_has_the_headers_signature(header):
    functions = header["functions"]
    wrong = []
    for name, arguments, result, _ in _ffi._SIGNATURES:
        if name not in functions:
            wrong.append(f"{name}: not in the header")
            continue
        c_result, c_arguments = functions[name]
        wrong += signature_mismatches(name, (c_result, c_arguments), (result, arguments))
    assert not wrong, "\n".join(wrong)


def test_every_callback_type_has_the_headers_signature(header):
    wrong = []
    for name, functype in CALLBACKS.items():
        declared = header["typedefs"][name]
        match = re.fullmatch(r"(.*?)\s*\(\*\)\((.*)\)", declared)
        assert match, declared
        c_result, c_arguments = match.group(1), [a.strip() for a in match.group(2).split(",")]
        if c_arguments == ["void"]:
            c_arguments = []
        wrong += signature_mismatches(name, (c_result, c_arguments), (functype._restype_, list(functype._argtypes_)))
    assert not wrong, "\n".join(wrong)


def test_the_mirrored_structures_have_the_headers_layout(tmp_path):
    if shutil.which("cc") is None:
        pytest.skip("no C compiler")
    lines = []
    for c_name, structure in STRUCTURES.items():
        lines.append(f'printf("{c_name} size %zu\\n", sizeof({c_name}));')
        for field_name, _ in structure._fields_:
            lines.append(
                f'printf("{c_name}.{field_name} %zu+%zu\\n", offsetof({c_name}, {field_name}), '
                f"sizeof((({c_name} *)0)->{field_name}));"
            )
    source = tmp_path / "layout.c"
    source.write_text(
        "#include <stddef.h>\n#include <stdio.h>\n#include <navrouter.h>\nint main(void) {\n"
        + "\n".join("    " + line for line in lines)
        + "\n    return 0;\n}\n"
    )
    program = tmp_path / "layout"
    subprocess.run(["cc", "-std=c99", "-I", str(ROOT / "include"), str(source), "-o", str(program)], check=True)
    c_layout = dict(
        line.rsplit(" ", 1)
        for line in subprocess.run([str(program)], capture_output=True, text=True, check=True).stdout.splitlines()
    )
    python_layout = {}
    for c_name, structure in STRUCTURES.items():
        python_layout[f"{c_name} size"] = str(ctypes.sizeof(structure))
        for field_name, _ in structure._fields_:
            described = getattr(structure, field_name)
            python_layout[f"{c_name}.{field_name}"] = f"{described.offset}+{described.size}"
    assert python_layout == c_layout
