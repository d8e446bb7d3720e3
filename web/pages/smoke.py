"""Smoke test page (web/pages/smoke.html): import the app's packages in Pyodide, say "ready".

Our code comes from the config's code bundle, installed by web/boot.py as on the game
page; a saved game's entry is written and read back with the page's own strict reader
(the site ships no pydantic).

#status becomes "ready", or "error: ..." with the traceback (so that a test fails at
once with the reason rather than by timing out).
"""

import sys
import traceback

from pyscript import config, document, window

status = document.getElementById("status")
started = window.performance.now()
try:
    boot: dict = {"__name__": "samarkand_boot"}
    exec((await (await window.fetch("./boot.py")).text()), boot)  # noqa: F704, PLE1142, S102
    await boot["load"](window, config)  # noqa: F704, PLE1142

    from samarkand_web.saves.storage import MemoryStore, Saves

    import samarkand_core

    imported = window.performance.now()
    store = MemoryStore()
    saves = Saves(store, lambda: 0.0, lambda: "smoke001")
    entry = saves.create(samarkand_core.new_game(["Ann", "Bob"], 1), ("human", "human"))
    back = saves.get(entry.id)  # read back and checked
    document.getElementById("info").textContent = (
        f"Python {sys.version.split()[0]}, {samarkand_core.__name__} imported, "
        f"save {back.id} read back at turn {back.turn}"
    )
    now = window.performance.now()
    # for benchmarks: when Python code started, and what the imports cost (ms)
    document.body.dataset.pythonStartMs = str(round(started))
    document.body.dataset.importSamarkandMs = str(round(imported - started))
    document.body.dataset.readyMs = str(round(now))
    status.textContent = "ready"
except BaseException:
    status.textContent = "error: " + traceback.format_exc()
    raise
