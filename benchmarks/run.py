"""`make bench`: every speed figure of the project from one run, as benchmarks/results.json.

CPython figures come from benchmarks/engine_bench.py; the same code runs inside
Pyodide in Chromium (benchmarks/pyodide_bench.py), the two interleaved, 7 repetitions,
medians with minimum and maximum (engine_figures); load, bytes, click and long-task
figures come from benchmarks/page_bench.py, which loads the game page, a bare Pyodide
page and the PyScript floor (PyScript with no packages) interleaved, cold and warm,
medians of at least 5 repetitions with their minimum and maximum; importing a backup of
100, 400 and 1,000 saves of the same players from benchmarks/import_bench.py (CPython),
and of 1,000 in the page from tests/e2e/test_saves.py; Lighthouse's mobile and desktop
presets on the game page, the start page and a bare Pyodide page
(benchmarks/lighthouse.py); a game link opened in a fresh profile, to its board shown and
to playable, normal and at 4x CPU throttling, over the bare Pyodide page's load at the same
throttling (`linkopen.*`, benchmarks/link_open.py); a phone's style work and long tasks
over 25 taps of a game at 4x, and a desk's over as many clicks (`phonetaps.*`,
`desktaps.*`, benchmarks/phone_taps.py); what preparing every legal click's answer on
a copy of the worker's host would cost (`fork_ms.*`, CPython, benchmarks/fork_cost.py);
the main-thread long tasks while a Hard bot,
the coach and an analysis think (`longtasks.*`: count and longest). Compare
figures as ratios within one run: absolute numbers depend on the machine.

    .venv/bin/python benchmarks/run.py [--reps 5] [--compare other/web]
        [--parts lighthouse] [--lighthouse-runs 2]   (or --parts linkopen)

`--parts` runs some of PARTS only (comma-separated; e.g. `--parts lighthouse`); their
figures then replace their own keys of an existing results.json and keep the rest.
"""

from __future__ import annotations

import json
import os
import platform
import shutil
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks import (  # noqa: E402
    engine_bench,
    fork_cost,
    import_bench,
    lighthouse,
    link_open,
    page_bench,
    phone_taps,
    pyodide_bench,
    worker_floor,
)

CHROMIUM = Path("/usr/bin/chromium")
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]


def _serve() -> object:
    import importlib.util

    spec = importlib.util.spec_from_file_location("serve", ROOT / "web" / "tools" / "serve.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


ENGINE_REPS = 7


def engine_figures(games: int, seed: int, reps: int = ENGINE_REPS) -> dict[str, object]:
    """engine.* and bot.search_iterations_* of CPython (here) and Pyodide (one Chromium
    page): `reps` interleaved repetitions, each the same games and positions in CPython
    and then in Pyodide, so that a busy or slow moment of the machine hits both. Each
    figure is the median, with _min and _max beside it; the Pyodide/CPython ratio is
    the median of the repetitions' own ratios."""
    from playwright.sync_api import sync_playwright

    serve = _serve()
    # site/ with the test pages (bare.html: Pyodide alone), as the e2e tests serve it
    server, url = serve.start_server(ROOT / "site", 0, test_pages=True)  # type: ignore[attr-defined]
    runs: dict[str, list[float]] = {}
    ratios: list[float] = []
    try:
        with sync_playwright() as p:
            launch = {"executable_path": str(CHROMIUM)} if CHROMIUM.exists() else {}
            browser = p.chromium.launch(args=ARGS, **launch)
            try:
                page = browser.new_page()
                version = pyodide_bench.start_pyodide(page, url, ROOT / "web")
                for _ in range(reps):
                    both = {**engine_bench.run_all(games, seed),
                            **pyodide_bench.run_started(page, games, seed)}
                    for key, value in both.items():
                        runs.setdefault(key, []).append(float(value))
                    ratios.append(both["engine.pyodide_games_per_s"]
                                  / both["engine.cpython_games_per_s"])
            finally:
                browser.close()
    finally:
        server.shutdown()
        server.server_close()
    out: dict[str, object] = {"pyodide.python": version, "engine.reps": reps}
    for key, values in runs.items():
        out[key] = round(statistics.median(values), 1)
        out[key + "_min"] = round(min(values), 1)
        out[key + "_max"] = round(max(values), 1)
    out["engine.pyodide_to_cpython_ratio"] = round(statistics.median(ratios), 2)
    out["engine.pyodide_to_cpython_ratio_min"] = round(min(ratios), 2)
    out["engine.pyodide_to_cpython_ratio_max"] = round(max(ratios), 2)
    return out


# What `make bench` runs, in this order; the page's parts are page_bench's.
PAGE_PARTS = ("load", "visit", "clicks", "bots", "search", "analysis")
PARTS = ("engine", *PAGE_PARTS, "workerfloor", "forkcost", "phonetaps", "linkopen", "coach",
         "import", "lighthouse")


# Click runs of 40 clicks each, of the page and of the floor in turn: issue 33's click
# targets compare p95s, and three rounds make each of 120 clicks.
CLICK_ROUNDS = 3


def page_figures(reps: int, compare: Path | None,
                 parts: tuple[str, ...] = PAGE_PARTS) -> dict[str, object]:
    figures, details = page_bench.run(reps, compare=compare, parts=parts,
                                      click_rounds=CLICK_ROUNDS)
    page_bench.OUT.mkdir(parents=True, exist_ok=True)
    (page_bench.OUT / "page.json").write_text(json.dumps(details, indent=1) + "\n")
    return figures


def coach_figures() -> dict[str, float | bool | None]:
    """The coach in the page: the longest main-thread task while it thinks
    (longtask entries: over 50 ms; None when there was none) and the median time from its
    first look to the suggestion drawn (tests/e2e/test_coaching.py::test_measure_the_coach)."""
    timings = ROOT / "build" / "e2e" / "coach-timings.json"
    timings.unlink(missing_ok=True)  # a figure from an earlier run must not pass for this one
    run = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                          "tests/e2e/test_coaching.py::test_measure_the_coach"],
                         cwd=ROOT, capture_output=True, text=True)
    if run.returncode:
        # Say why, and keep the run's other figures (they took minutes): the coach's
        # keys are None and the bench exits with an error once results.json is written.
        print(run.stdout[-6000:], run.stderr[-2000:], sep="\n", file=sys.stderr)
        return {"coach.longest_task_ms": None, "coach.longest_tick_ms": None,
                "coach.suggestion_s_pyodide": None, "coach.failed": True}
    t = json.loads(timings.read_text())
    return {"coach.long_tasks": t["long_tasks_while_thinking"],
            "coach.longest_task_ms": t["longest_task_ms"],
            "coach.longest_tick_ms": t["longest_tick_ms"],
            "coach.suggestion_s_pyodide": t["suggestion_s"]["median"]}


def import_page_figures() -> dict[str, object]:
    """A backup of 1,000 saves of the same players imported in the page (Chromium): the
    time from the file read to the list drawn, its slices and the longest of them, and the
    longest main-thread task meanwhile (tests/e2e/test_saves.py, the thousand saves)."""
    timings = ROOT / "build" / "e2e" / "import-timings.json"
    timings.unlink(missing_ok=True)  # a figure from an earlier run must not pass for this one
    run = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                          "tests/e2e/test_saves.py", "-k", "thousand_saves"],
                         cwd=ROOT, capture_output=True, text=True)
    if run.returncode:
        print(run.stdout[-6000:], run.stderr[-2000:], sep="\n", file=sys.stderr)
        return {"import.page_s_1000": None, "import.page_failed": True}
    t = json.loads(timings.read_text())
    return {"import.page_s_1000": t["import_s"], "import.page_slices_1000": t["slices"],
            "import.page_longest_slice_ms": t["longest_slice_ms"],
            "import.page_longest_task_ms": t["longest_task_ms"]}


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


def long_task_figures(results: dict[str, object]) -> dict[str, object]:
    """The main-thread long tasks (over 50 ms) while a Hard bot (the search level), the
    coach and an analysis think, gathered from their own parts: `longtasks.<who>_count`
    and `longtasks.<who>_longest_ms` (0 when there was none)."""
    sources = {"hard_bot": ("bot.long_tasks_while_search_thinks",
                            "bot.longest_task_ms_while_search_thinks"),
               "coach": ("coach.long_tasks", "coach.longest_task_ms"),
               "analysis": ("analysis.long_tasks", "analysis.longest_task_ms")}
    out: dict[str, object] = {}
    for who, (count, longest) in sources.items():
        if count in results:
            out[f"longtasks.{who}_count"] = results[count]
            out[f"longtasks.{who}_longest_ms"] = results.get(longest) or 0.0
    return out


def main(argv: list[str] | None = None) -> int:
    import argparse

    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--reps", type=int, default=5, help="repetitions of each page load")
    ap.add_argument("--compare", type=Path, help="web/ of another build, loaded beside")
    ap.add_argument("--parts", default=",".join(PARTS),
                    help=f"comma-separated, of: {', '.join(PARTS)} (default: all)")
    ap.add_argument("--lighthouse-runs", type=int, default=2,
                    help="interleaved rounds of Lighthouse (at least 2)")
    args = ap.parse_args(argv)
    parts = tuple(p.strip() for p in args.parts.split(",") if p.strip())
    unknown = sorted(set(parts) - set(PARTS))
    if unknown:
        ap.error(f"unknown part(s) {', '.join(unknown)}: choose from {', '.join(PARTS)}")
    games, seed = 200, 1
    out = ROOT / "benchmarks" / "results.json"
    results: dict[str, object] = {}
    if set(parts) != set(PARTS) and out.is_file():
        results = json.loads(out.read_text())  # a partial run updates its own keys
    results.update(machine())
    if "engine" in parts:
        results.update(engine_figures(games, seed))  # the same games in both runtimes
    page_parts = tuple(p for p in PAGE_PARTS if p in parts)
    if page_parts:
        results.update(page_figures(max(args.reps, 1), args.compare, page_parts))
    if "workerfloor" in parts:
        # a click's round trip through a worker that does nothing: the least the game's
        # click (its Python in a worker) can take, beside the floor's
        results.update(worker_floor.run(rounds=3, clicks=40, sizes=(0, 120_000)))
    if "forkcost" in parts:
        # what preparing every legal click's answer ahead would cost the worker (CPython)
        results.update(fork_cost.figures())
    if "phonetaps" in parts:
        # a phone's (and a desk's) style work and long tasks over 25 taps of a game at 4x
        results.update(phone_taps.figures())
    if "linkopen" in parts:
        results.update(link_open.figures(max(args.reps, 1)))
    if "coach" in parts:
        results.update(coach_figures())
    if "import" in parts:
        results.update(import_bench.import_figures())  # CPython: 100, 400 and 1,000 saves
        results.update(import_page_figures())
    if "lighthouse" in parts:
        results.update(lighthouse.run(max(args.lighthouse_runs, 1)))
    results.update(long_task_figures(results))
    results["machine.load_average_1min_at_end"] = round(os.getloadavg()[0], 2)
    out.write_text(json.dumps(results, indent=2) + "\n")
    print(json.dumps(results, indent=2))
    return 1 if results.get("coach.failed") or results.get("import.page_failed") else 0


if __name__ == "__main__":
    sys.exit(main())
