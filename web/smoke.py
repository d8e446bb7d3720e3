"""Smoke test page (web/smoke.html): import the app's packages in Pyodide, say "ready".

Our code comes from the config's code bundle, installed by web/boot.py as on the game
page; pydantic is one of the config's `later_packages`, loaded here as the game page
does once its board is clickable.

#status becomes "ready", or "error: ..." with the traceback (so that a test fails at
once with the reason rather than by timing out).
"""

import sys
import traceback

from pyodide.ffi import to_js
from pyscript import config, document, window

status = document.getElementById("status")
started = window.performance.now()
try:
    import pyodide_js

    boot: dict = {"__name__": "samarkand_boot"}
    exec((await (await window.fetch("./boot.py")).text()), boot)  # noqa: F704, PLE1142, S102
    await boot["load"](window, config)  # noqa: F704, PLE1142

    await pyodide_js.loadPackage(to_js(list(config.get("later_packages") or [])))  # noqa: F704, PLE1142
    import pydantic

    imported_pydantic = window.performance.now()
    import samarkand_core

    number = pydantic.TypeAdapter(int).validate_python("42")  # exercises pydantic-core
    document.getElementById("info").textContent = (
        f"Python {sys.version.split()[0]}, pydantic {pydantic.VERSION}, "
        f"{samarkand_core.__name__} imported, check {number}"
    )
    now = window.performance.now()
    # for benchmarks: when Python code started, and what the imports cost (ms)
    document.body.dataset.pythonStartMs = str(round(started))
    document.body.dataset.importPydanticMs = str(round(imported_pydantic - started))
    document.body.dataset.importSamarkandMs = str(round(now - imported_pydantic))
    document.body.dataset.readyMs = str(round(now))
    status.textContent = "ready"
except BaseException:
    status.textContent = "error: " + traceback.format_exc()
    raise
