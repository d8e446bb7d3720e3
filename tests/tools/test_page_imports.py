"""The page reads the core through its public API: no private name of samarkand_core, and
the phases from samarkand_core itself rather than the state's module."""

from __future__ import annotations

import ast
from pathlib import Path

import samarkand_core
from samarkand_core import DISCARD, MAIN, OVER, SECOND, SELL
from tests.support.helpers import random_game

PAGE = Path(__file__).resolve().parents[2] / "web" / "samarkand_web"
INTERNAL = {"samarkand_core.state", "samarkand_core.engine", "samarkand_core.tables"}


def core_imports() -> list[tuple[str, str, str]]:
    """(file, module, name) of every `from samarkand_core... import name` of the page, and
    of every `alias.name` read through an `import samarkand_core... as alias`."""
    out: list[tuple[str, str, str]] = []
    for path in sorted(PAGE.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        aliases: dict[str, str] = {}  # the name an import binds -> the module
        for node in ast.walk(tree):
            if (isinstance(node, ast.ImportFrom) and node.module
                    and node.module.startswith("samarkand_core")):
                out.extend((path.name, node.module, a.name) for a in node.names)
            elif isinstance(node, ast.Import):
                for a in node.names:
                    if a.name.startswith("samarkand_core") and (a.asname or "." not in a.name):
                        aliases[a.asname or a.name] = a.name
        out.extend((path.name, aliases[node.value.id], node.attr) for node in ast.walk(tree)
                   if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)
                   and node.value.id in aliases)
    return out


def test_the_page_imports_no_private_name_and_no_engine_internals() -> None:
    found = core_imports()
    assert len(found) > 30
    assert [f for f in found if f[2].startswith("_")] == []
    assert [f for f in found if f[1] in INTERNAL] == []


def test_the_public_phases_are_those_a_game_goes_through() -> None:
    """The phases exported by samarkand_core are every phase a played game takes."""
    assert {"MAIN", "SECOND", "SELL", "DISCARD", "OVER"} <= set(samarkand_core.__all__)
    seen: set[object] = set()
    for seed in range(1, 6):
        _, states = random_game(3, seed)
        seen.update(s.phase for s in states)
    assert seen == {MAIN, SECOND, SELL, DISCARD, OVER}
