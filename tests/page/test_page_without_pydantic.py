"""Saving never depends on a download that can fail: the site ships no pydantic, and
the page saves, lists, resumes, opens share links and backs up with its own modules
alone. Here all of it runs with pydantic unimportable, as in the browser."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

WEB = Path(__file__).resolve().parents[2] / "web"

WITHOUT_PYDANTIC = r"""
import ast, importlib.abc, sys
class Block(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in ("pydantic", "pydantic_core"):
            raise ImportError("the site ships no pydantic")
sys.meta_path.insert(0, Block())
sys.path[:0] = [sys.argv[1], sys.argv[2]]  # web/ and the repository (tests.*)
# what main.py imports of the game
tree = ast.parse(open(sys.argv[1] + "/main.py").read())
for node in tree.body:
    if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("samarkand"):
        __import__(node.module)
from samarkand_web.state.app import App
from samarkand_web.view.render import render
from samarkand_web.saves.storage import PREFIX, MemoryStore
from samarkand_web.handlers import page, saves
from tests.support.app_play import click_legal
from tests.support.web_support import ORIGIN, PATH, Clock, Ids

def app_on(store):
    return App(store, now=Clock(), new_id=Ids(), path=PATH, origin=ORIGIN)

store = MemoryStore()
app = app_on(store)
fx = app.boot("?players=Ann,bot:heuristic&seed=9&first=1&speed=instant", "")
assert fx.url and "game=" in fx.url, fx.url  # saved at once: the address has its id
for i in range(30):
    if app.ctl.bot_to_move:
        app.game.bot_tick(app.game.bot_token)
    else:
        click_legal(app, i)
    render(app)
saved = [k for k in store.data if k.startswith(PREFIX)]
assert len(saved) == 1, saved
moves = len(app.ctl.committed.actions)
assert moves > 5
app.set_lang("de")  # preferences are written at once too
# a reload of the tab: the game comes back from the store with its moves
again = app_on(store)
again.boot("?game=" + saved[0][len(PREFIX):], "")
assert again.ctl is not None and len(again.ctl.state.actions) == moves
assert again.lang == "de"
# the saves list reads the entry
again.boot("", "")
assert "Ann" in render(again).regions["home"]
# a share link opens on another device as a new save
link = page.share_url_for(again, app.ctl.committed, ["human", "heuristic"])
other = MemoryStore()
device = app_on(other)
device.boot("", "#" + link.split("#", 1)[1])
assert device.ctl is not None and sum(k.startswith(PREFIX) for k in other.data) == 1
# a backup from the first device imported on the second: the same game is not added twice
fx = app.dispatch("export")
name, text = fx.download
saves.import_backup_text(device, text)
assert sum(k.startswith(PREFIX) for k in other.data) == 1
assert "pydantic" not in sys.modules
print("ok", moves)
"""


def test_the_page_saves_and_reads_its_saves_without_pydantic() -> None:
    """A game against a bot played by clicks and saved at once (its id in the address),
    the tab reloaded from the store, the saves list, a share link opened on another
    store, a backup exported and imported: all with pydantic unimportable."""
    root = WEB.parent
    proc = subprocess.run([sys.executable, "-c", WITHOUT_PYDANTIC, str(WEB), str(root)],
                          capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr[-3000:]
    assert proc.stdout.startswith("ok")
