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
    """(file, module, name) of every `from samarkand_core... import name` of the page."""
    out: list[tuple[str, str, str]] = []
    for path in sorted(PAGE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.ImportFrom) and node.module
                    and node.module.startswith("samarkand_core")):
                out.extend((path.name, node.module, a.name) for a in node.names)
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
