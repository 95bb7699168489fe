"""The binding's modules import one another one way: no cycle among their module-level imports, and no module imports
a sibling inside a function to get round one (only the `_speedups` C module, which may be missing, is imported late)."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "navrouter"
LATE_ALLOWED = {"_speedups", "_ffi"}  # the optional C module; __init__'s lazy version() reads the library late


def sibling_imports(tree: ast.Module, *, top_level: bool) -> set[str]:
    """The package modules a module imports: at its top level (outside `if TYPE_CHECKING:`), or inside functions."""
    found: set[str] = set()

    def visit(node: ast.AST, in_function: bool) -> None:
        if isinstance(node, ast.If) and getattr(node.test, "id", "") == "TYPE_CHECKING":
            return
        if isinstance(node, ast.ImportFrom) and node.level == 1 and in_function != top_level:
            if node.module:
                found.add(node.module.split(".")[0])
            else:
                found.update(alias.name for alias in node.names)
        for child in ast.iter_child_nodes(node):
            visit(child, in_function or isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)))

    visit(tree, False)
    return found


def test_module_imports_form_no_cycle_and_none_is_hidden_in_a_function() -> None:
    graph: dict[str, set[str]] = {}
    late: list[str] = []
    for path in PACKAGE.glob("*.py"):
        tree = ast.parse(path.read_text())
        graph[path.stem] = sibling_imports(tree, top_level=True)
        late += [f"{path.stem} imports {name} in a function" for name in sibling_imports(tree, top_level=False)]
    assert [item for item in late if item.split()[2] not in LATE_ALLOWED] == []
    visiting: list[str] = []
    done: set[str] = set()

    def walk(module: str) -> None:
        assert module not in visiting, f"an import cycle: {' -> '.join(visiting[visiting.index(module) :] + [module])}"
        if module in done or module not in graph:
            return
        visiting.append(module)
        for imported in sorted(graph[module]):
            walk(imported)
        visiting.pop()
        done.add(module)

    for module in sorted(graph):
        walk(module)
