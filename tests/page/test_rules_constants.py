"""One module of rule constants (samarkand_core/rules.py): the engine, scoring, the
drawings and the page read the same objects, and no module keeps a copy of its own."""

from __future__ import annotations

import ast
from pathlib import Path

from samarkand_web.state import controller, gamelog
from samarkand_web.view import overlays
from samarkand_web.view.panels import coach as panel_coach
from samarkand_web.view.panels import end as panel_end
from samarkand_web.view.screens import game as screen_game

import samarkand_core
from samarkand_core import engine, rules, scoring, state
from samarkand_core.draw import board as board_drawing

ROOT = Path(__file__).resolve().parents[2]
RULE_NAMES = [n for n in vars(rules) if n.isupper()]


def test_the_page_and_the_drawings_read_the_cores_objects() -> None:
    """Every use of a rule constant is the object of rules.py (an int's identity alone
    would hold for a copy of a small number too: see the next test)."""
    users = [engine, scoring, state, board_drawing, gamelog, controller, overlays, panel_coach,
             panel_end, screen_game]
    seen = 0
    for module in users:
        for name in RULE_NAMES:
            if hasattr(module, name):
                assert getattr(module, name) is getattr(rules, name), (module.__name__, name)
                seen += 1
    assert seen >= 20
    assert state.HAND_LIMITS is rules.HAND_LIMITS  # a dict: identity means no copy


def test_no_module_assigns_a_rule_constant_of_its_own() -> None:
    """Outside rules.py, no module of the core or the page binds a rule constant's name
    at module level other than by importing it (so copies cannot creep back)."""
    files = [p for p in Path(samarkand_core.__file__).parent.rglob("*.py")
             if p.name != "rules.py"]
    files += list((ROOT / "web" / "samarkand_web").rglob("*.py"))
    assert len(files) > 40
    copies = []
    for path in files:
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            targets: list[ast.expr] = []
            if isinstance(node, ast.Assign):
                targets = node.targets
            elif isinstance(node, ast.AnnAssign):
                targets = [node.target]
            for target in targets:
                if isinstance(target, ast.Name) and target.id in RULE_NAMES:
                    copies.append(f"{path.name}: {target.id}")
    assert copies == []
