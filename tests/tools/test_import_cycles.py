"""No module-level import cycle in the rules core (issue 36): the modules `samarkand_core`
imports when it is imported, each at its top level (not inside a function, not only for
the type checker), form a graph without a cycle, so that any module of the core can be
imported first and no module sees another half made."""

from __future__ import annotations

import ast
from pathlib import Path

CORE = Path(__file__).resolve().parents[2] / "samarkand_core"


def module_name(path: Path) -> str:
    parts = path.relative_to(CORE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def top_level_imports(path: Path, modules: set[str], deferred: bool = False) -> set[str]:
    """The core modules `path` needs when it runs: import statements at its top level,
    also inside a top-level try or if (but not `if TYPE_CHECKING`); with `deferred`,
    every import statement of the module (in functions and for the type checker too).
    `from p import m` needs the module p.m; `from p import name` needs p itself (its
    namespace must be filled by then), even when p is a package the module is in."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()

    def visit(body: list[ast.stmt]) -> None:
        for node in body:
            if isinstance(node, ast.Import):
                found.update(a.name for a in node.names)
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    up = package.split(".")[: len(package.split(".")) - node.level + 1]
                    base = ".".join(up + ([base] if base else []))
                for alias in node.names:
                    sub = f"{base}.{alias.name}"
                    found.add(sub if sub in modules else base)
            elif isinstance(node, ast.If) and not is_type_checking(node.test):
                visit(node.body)
                visit(node.orelse)
            elif isinstance(node, ast.Try):
                visit(node.body)
                for h in node.handlers:
                    visit(h.body)
                visit(node.orelse)
                visit(node.finalbody)

    tree = ast.parse(path.read_text())
    if deferred:
        visit([n for n in ast.walk(tree) if isinstance(n, (ast.Import, ast.ImportFrom))])
    else:
        visit(tree.body)
    return found


def core_graph(deferred: bool = False) -> dict[str, set[str]]:
    """Each core module -> the core modules it needs at import. Importing a.b.c runs the
    packages a and a.b first: an edge each, except to the packages the importing module
    is in (they are running already, or have run)."""
    modules = {module_name(p): p for p in CORE.rglob("*.py")}
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        mine = {".".join(name.split(".")[:i]) for i in range(1, name.count(".") + 1)}
        edges = set()
        for target in top_level_imports(path, set(modules), deferred):
            parts = target.split(".")
            for i in range(1, len(parts) + 1):
                prefix = ".".join(parts[:i])
                if prefix in modules and prefix != name and (
                        prefix == target or prefix not in mine):
                    edges.add(prefix)
        graph[name] = edges
    return graph


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One cycle of `graph`, as the modules along it, or None."""
    state: dict[str, int] = {}  # 1: on the path, 2: done
    path: list[str] = []

    def walk(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for nxt in sorted(graph[node]):
            if state.get(nxt) == 1:
                return path[path.index(nxt):] + [nxt]
            if nxt not in state:
                found = walk(nxt)
                if found:
                    return found
        path.pop()
        state[node] = 2
        return None

    for node in sorted(graph):
        if node not in state:
            found = walk(node)
            if found:
                return found
    return None


def test_the_graph_is_read_from_the_code() -> None:
    graph = core_graph()
    assert "samarkand_core.engine" in graph["samarkand_core"]
    assert "samarkand_core.state" in graph["samarkand_core.engine"]
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": set()}) is None


def all_cycles(graph: dict[str, set[str]]) -> list[str]:
    cycles = []
    while (cycle := find_cycle(graph)) is not None:  # every cycle, one edge cut at a time
        cycles.append(" -> ".join(cycle))
        graph[cycle[-2]].discard(cycle[-1])
    return cycles


def test_the_core_has_no_module_level_import_cycle() -> None:
    cycles = all_cycles(core_graph())
    assert not cycles, "\n".join(cycles)


def test_nor_a_cycle_through_a_deferred_import() -> None:
    """Not even through an import inside a function or for the type checker: such a cycle
    (board with board_schema, state with tables, issue 36) ties two modules that a reader
    and a static tool must then take as one."""
    cycles = all_cycles(core_graph(deferred=True))
    assert not cycles, "\n".join(cycles)
