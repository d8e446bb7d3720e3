"""Engine and bot speed inside Pyodide in Chromium: the same code as in CPython.

Loads web/pages/bare.html (Pyodide only), installs the site's wheels by name with
`pyodide.loadPackage` (the served pyodide-lock.json points at them) and our code from
the code bundle as the game page does (web/boot.py), writes benchmarks/engine_bench.py
into Pyodide's file system and runs its `run_all` there, so both runtimes run the same
measure.
"""

from __future__ import annotations

import json
from pathlib import Path

from playwright.sync_api import Page

HERE = Path(__file__).resolve().parent

_SETUP_JS = """async ([wheels, code, boot, bundle]) => {
  const { loadPyodide } = await import("./vendor/pyodide/pyodide.mjs");
  const py = await loadPyodide();
  await py.loadPackage(wheels);
  py.runPython(boot);
  py.globals.set("bundle_config", py.toPy({ code: bundle }));
  await py.runPythonAsync("import js; await load(js, bundle_config)");
  py.FS.writeFile("/home/pyodide/engine_bench.py", code);
  window.benchPy = py;
  return py.runPython("import sys; sys.version.split()[0]");
}"""


def site_config(site_root: Path) -> dict:
    return dict(json.loads((site_root / "vendor" / "config.json").read_text()))


def package_names(site_root: Path) -> list[str]:
    """The packages the game page loads (vendor/config.json): none today."""
    return list(site_config(site_root).get("packages", []))


def start_pyodide(page: Page, site_url: str, site_root: Path) -> str:
    """Pyodide in `page` with the site's wheels and engine_bench.py; its Python version."""
    page.goto(site_url + "bare.html")
    page.locator("#status").filter(has_text="ready").wait_for(timeout=180_000)
    code = (HERE / "engine_bench.py").read_text()
    boot = (site_root / "boot.py").read_text()
    return str(page.evaluate(_SETUP_JS, [package_names(site_root), code, boot,
                                         site_config(site_root)["code"]]))


def run_started(page: Page, games: int, seed: int) -> dict[str, float]:
    """engine_bench.run_all in the Pyodide of start_pyodide, under the Pyodide names."""
    raw = page.evaluate(
        "(args) => window.benchPy.runPython("
        "`import json, engine_bench; json.dumps(engine_bench.run_all(${args[0]}, ${args[1]}))`)",
        [games, seed],
    )
    cp = json.loads(raw)
    return {
        "engine.pyodide_games_per_s": cp["engine.cpython_games_per_s"],
        "engine.pyodide_steps_per_s": cp["engine.cpython_steps_per_s"],
        "bot.search_iterations_per_s_pyodide": cp["bot.search_iterations_per_s_cpython"],
    }


def run_in_pyodide(
    page: Page, site_url: str, site_root: Path, games: int, seed: int
) -> dict[str, float | str]:
    """The engine.pyodide_* and bot.search_iterations_per_s_pyodide figures."""
    version = start_pyodide(page, site_url, site_root)
    return {"pyodide.python": version, **run_started(page, games, seed)}
