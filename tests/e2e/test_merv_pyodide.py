"""Merv in Pyodide: the same seeded games as in CPython (issue 38).

merv_core is not part of the page (nor of its bundle): this test writes its sources into
the file system of a bare Pyodide (bare.html, from the built site), plays a few seeded
games there with both bots and compares every final state's digest and save code with
CPython's. Pyodide has no pydantic here, so this also checks that the shipped
components.json loads without it.
"""

from __future__ import annotations

import json
from pathlib import Path

from playwright.sync_api import Page, expect

ROOT = Path(__file__).resolve().parents[2]
# Merv's core and the save codes' byte format it shares with Samarkand's (savepack).
PACKAGES = (ROOT / "merv_core", ROOT / "savepack")
READY_TIMEOUT_MS = 180_000

# Run in both interpreters: the games' save codes and the digests of their end states.
GAMES = """
import hashlib, json
from merv_core.engine import apply_action, decider, new_game
from merv_core.bots import make_bot
from merv_core.savecode import encode_save, decode_save

def run():
    out = []
    for n, seed, bot in ((2, 1, "heuristic"), (3, 2, "random"), (4, 3, "random")):
        state = new_game([f"P{i}" for i in range(n)], seed)
        bots = [make_bot(bot, seed * 10 + i) for i in range(n)]
        while not state.is_over:
            state = apply_action(state, bots[decider(state)](state))
        code = encode_save(state)
        assert decode_save(code) == state
        out.append([code, hashlib.sha256(repr(state).encode()).hexdigest()])
    return json.dumps(out)
"""

_JS = """async ([files, games]) => {
  const { loadPyodide } = await import("./vendor/pyodide/pyodide.mjs");
  const py = await loadPyodide();
  py.FS.mkdirTree("/home/pyodide/merv_core/bots");
  py.FS.mkdirTree("/home/pyodide/savepack");
  for (const [path, text] of Object.entries(files)) {
    py.FS.writeFile("/home/pyodide/" + path, text);
  }
  py.runPython("import sys; sys.path.insert(0, '/home/pyodide')");
  py.runPython(games);
  return py.runPython("run()");
}"""


def sources() -> dict[str, str]:
    files = {}
    for path in sorted(p for package in PACKAGES for p in package.rglob("*")):
        if path.suffix in (".py", ".json") and "__pycache__" not in path.parts:
            files[str(path.relative_to(ROOT))] = path.read_text(encoding="utf-8")
    return files


def test_merv_games_are_the_same_in_pyodide_as_in_cpython(wpage: Page, site_url: str) -> None:
    page = wpage  # the shared context's page, the site's storage emptied
    namespace: dict[str, object] = {}
    exec(GAMES, namespace)  # noqa: S102 - our own test code, run in both interpreters
    cpython = json.loads(namespace["run"]())  # type: ignore[operator]
    page.goto(site_url + "bare.html")
    expect(page.locator("#status")).to_have_text("ready", timeout=READY_TIMEOUT_MS)
    pyodide = json.loads(page.evaluate(_JS, [sources(), GAMES]))
    assert pyodide == cpython
    assert all(code.startswith("merv1-") for code, _ in cpython)
