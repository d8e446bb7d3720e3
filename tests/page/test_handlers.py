"""The action table (samarkand_web/handlers/__init__.py): every action the page can send
to App.dispatch has a handler there, and every handler there is one the page sends.

The names are read from the code that emits them, so a control added without a
handler (or a handler left behind by a control taken away) fails here:
- the view's markup: `button(label, "action", ...)`, literal `data-action="..."`, and
  the (text key, action[, value]) pairs that messages and the storage alert offer;
- the worker's side (web/main.py, samarkand_web/worker/): its `run("action", ...)` and
  `dispatch("action", ...)` calls (the address's #fragment);
- the main thread's JavaScript (web/*.js): the Events it sends, `action: "action"`
  (keys, data-space/data-family clicks, the form's fields), and first.js's
  `remember("action", ...)` (what was done before the page was live).
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

from samarkand_web.handlers import HANDLERS
from samarkand_web.view.render import render

from tests.support.app_play import click_legal
from tests.support.web_support import make_app

WEB = Path(__file__).resolve().parents[2] / "web"
PAGE = WEB / "samarkand_web"
ACTION = re.compile(r"^[a-z][a-z-]*$")
DATA_ACTION = re.compile(r'data-action="([^"]*)"')


def _call_name(node: ast.Call) -> str:
    func = node.func
    return func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")


def _is_text_key(node: ast.expr) -> bool:
    return isinstance(node, ast.Constant) and isinstance(node.value, str) and "." in node.value


def markup_actions(path: Path) -> tuple[set[str], list[str]]:
    """The action names a view module emits, and its button() calls whose action is
    neither a constant nor a (text key, action) pair's (where they come from is unknown)."""
    found: set[str] = set()
    unknown: list[str] = []
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            found |= set(DATA_ACTION.findall(node.value))
        elif (isinstance(node, ast.Tuple) and len(node.elts) in (2, 3)
              and _is_text_key(node.elts[0]) and isinstance(node.elts[1], ast.Constant)
              and isinstance(node.elts[1].value, str) and ACTION.match(node.elts[1].value)):
            found.add(node.elts[1].value)  # a (label key, action[, value]) way out
        elif (isinstance(node, ast.Call) and len(node.args) >= 2
              and _is_text_key(node.args[0]) and isinstance(node.args[1], ast.Constant)
              and isinstance(node.args[1].value, str) and ACTION.match(node.args[1].value)):
            found.add(node.args[1].value)  # a helper's (label key, action, ...) call
        elif isinstance(node, ast.Call) and _call_name(node) == "button":
            arg = node.args[1] if len(node.args) > 1 else next(
                (k.value for k in node.keywords if k.arg == "action"), None)
            if isinstance(arg, ast.Constant):
                found.add(str(arg.value))
            elif not isinstance(arg, ast.Name):
                unknown.append(f"{path.name}:{node.lineno}")
    return found, unknown


def browser_actions(path: Path) -> set[str]:
    """The names the browser side dispatches itself: run("x", ...), dispatch("x", ...)."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if (isinstance(node, ast.Call) and _call_name(node) in ("run", "dispatch")
                and node.args and isinstance(node.args[0], ast.Constant)
                and isinstance(node.args[0].value, str)):
            found.add(node.args[0].value)
    return found


def emitted_actions() -> set[str]:
    found: set[str] = set()
    unknown: list[str] = []
    for path in sorted(PAGE.rglob("*.py")):
        names, dynamic = markup_actions(path)
        found |= names
        unknown += dynamic
    assert unknown == [], f"button() with an action of unknown origin: {unknown}"
    for path in [WEB / "main.py", *sorted((PAGE / "worker").glob("*.py"))]:
        found |= browser_actions(path)
    # the main thread's Events (input.js, effects.js ...): eventMessage(kind, {action: "x"})
    for path in sorted(WEB.glob("*.js")):
        found |= set(re.findall(r'\baction: "([a-z][a-z-]*)"', path.read_text(encoding="utf-8")))
    # first.js keeps what was done before the page was live: remember("action", value)
    found |= set(re.findall(r'remember\("([a-z][a-z-]*)"', (WEB / "first.js").read_text()))
    return found


def test_every_action_the_page_emits_has_a_handler() -> None:
    emitted = emitted_actions()
    # the scan finds the page's controls (a broken scan would pass the next line)
    assert {"space", "family", "take-back", "start", "replay-key", "hash", "escape",
            "share", "link-copy", "update", "export"} <= emitted
    assert sorted(emitted - HANDLERS.keys()) == []


def test_every_handler_is_reached_from_the_page() -> None:
    assert sorted(HANDLERS.keys() - emitted_actions()) == []


def test_the_actions_of_drawn_screens_have_handlers() -> None:
    """The markup as drawn (the start screen, a game in play, its end): every
    data-action in it is a name of the table."""
    app = make_app()
    seen = set()
    for part in render(app).regions.values():
        seen |= set(DATA_ACTION.findall(part))
    app.dispatch("setup")  # the full setup, folded away at first
    for part in render(app).regions.values():
        seen |= set(DATA_ACTION.findall(part))
    app.boot("?players=Ann,Bob&seed=3", "")
    for i in range(40):
        for part in render(app).regions.values():
            seen |= set(DATA_ACTION.findall(part))
        assert app.ctl is not None
        if app.ctl.is_over:
            break
        click_legal(app, i)
    assert {"quick", "setup", "start", "form", "take-back", "end-turn"} <= seen
    assert sorted(seen - HANDLERS.keys()) == []


def test_an_unknown_action_changes_nothing() -> None:
    """App.dispatch: a name the table lacks is ignored (nothing redrawn)."""
    app = make_app()
    assert app.dispatch("no-such-action").render is False
    assert app.dispatch("take_back").render is False  # names are the markup's, exactly
