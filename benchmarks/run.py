"""`make bench`: every speed figure of the project from one run, as benchmarks/results.json.

CPython figures come from benchmarks/engine_bench.py; the same code runs inside
Pyodide in Chromium (benchmarks/pyodide_bench.py); load and click times come
from the e2e measurement (tests/e2e/test_game.py::test_measure_start_and_click_times),
which times the game page against a bare Pyodide page in the same browser run.
Compare figures as ratios within one run: absolute numbers depend on the machine.
"""

from __future__ import annotations

import json
import os
import platform
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks import engine_bench, pyodide_bench  # noqa: E402

CHROMIUM = Path("/usr/bin/chromium")
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]
TIMINGS = ROOT / "build" / "e2e" / "web-timings.json"


def _serve() -> object:
    import importlib.util

    spec = importlib.util.spec_from_file_location("serve", ROOT / "web" / "serve.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def pyodide_figures(games: int, seed: int) -> dict[str, float | str]:
    from playwright.sync_api import sync_playwright

    serve = _serve()
    server, url = serve.start_server(ROOT / "web", 0)  # type: ignore[attr-defined]
    try:
        with sync_playwright() as p:
            launch = {"executable_path": str(CHROMIUM)} if CHROMIUM.exists() else {}
            browser = p.chromium.launch(args=ARGS, **launch)
            try:
                return pyodide_bench.run_in_pyodide(
                    browser.new_page(), url, ROOT / "web", games, seed)
            finally:
                browser.close()
    finally:
        server.shutdown()
        server.server_close()


def page_figures() -> dict[str, float]:
    subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
         "tests/e2e/test_game.py::test_measure_start_and_click_times"],
        cwd=ROOT, check=True, stdout=subprocess.DEVNULL,
    )
    t = json.loads(TIMINGS.read_text())
    app, bare = t["clickable_board_ms"], t["bare_pyodide_ms"]
    return {
        "load.bare_pyodide_cold_s": bare["cold"] / 1000,
        "load.app_cold_s": app["cold"] / 1000,
        "load.cold_ratio": round(app["cold"] / bare["cold"], 2),
        "load.bare_pyodide_warm_s": bare["warm"] / 1000,
        "load.app_warm_s": app["warm"] / 1000,
        "load.warm_ratio": round(app["warm"] / bare["warm"], 2),
        "click_to_board_ms.p50": t["click_to_board_ms"]["median"],
        "click_to_board_ms.p95": t["click_to_board_ms"].get("p95", t["click_to_board_ms"]["max"]),
        "load.first_visit_bytes": t["first_visit_bytes"],
        # The default search bot's turns in the game page (thinking in slices between
        # frames, the move drawn): issue 4 asks for a decision within 2 seconds.
        "bot.search_decision_s_pyodide": t["search_decision_s"]["median"],
        "bot.search_decision_s_pyodide_max": t["search_decision_s"]["max"],
    }


def coach_figures() -> dict[str, float | None]:
    """The coach in the page (issue 11): the longest main-thread task while it thinks
    (longtask entries: over 50 ms; None when there was none) and the median time from its
    first look to the suggestion drawn (tests/e2e/test_coaching.py::test_measure_the_coach)."""
    subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                    "tests/e2e/test_coaching.py::test_measure_the_coach"],
                   cwd=ROOT, check=True, stdout=subprocess.DEVNULL)
    t = json.loads((ROOT / "build" / "e2e" / "coach-timings.json").read_text())
    return {"coach.longest_task_ms": t["longest_task_ms"],
            "coach.longest_tick_ms": t["longest_tick_ms"],
            "coach.suggestion_s_pyodide": t["suggestion_s"]["median"]}


def machine() -> dict[str, object]:
    """What the figures were measured on: they mean little without it."""
    chromium = shutil.which("chromium") or ""
    version = ""
    if chromium:
        out = subprocess.run([chromium, "--version"], capture_output=True, text=True)
        version = out.stdout.strip()
    return {
        "machine": f"{platform.machine()}, {platform.system()}, Python {platform.python_version()}",
        "machine.cpus": os.cpu_count() or 0,
        "machine.load_average_1min_at_start": round(os.getloadavg()[0], 2),
        "machine.chromium": version or "Playwright's bundled Chromium",
    }


def main() -> int:
    games, seed = 200, 1
    results: dict[str, object] = machine()
    results.update(engine_bench.run_all(games, seed))
    results.update(pyodide_figures(games, seed))  # the same games as CPython's
    results.update(page_figures())
    results.update(coach_figures())
    cp, py = results["engine.cpython_games_per_s"], results["engine.pyodide_games_per_s"]
    assert isinstance(cp, float) and isinstance(py, float)
    results["engine.pyodide_to_cpython_ratio"] = round(py / cp, 2)
    results["machine.load_average_1min_at_end"] = round(os.getloadavg()[0], 2)
    out = ROOT / "benchmarks" / "results.json"
    out.write_text(json.dumps(results, indent=2) + "\n")
    print(json.dumps(results, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
