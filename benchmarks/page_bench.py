"""Page load, bytes, clicks and long tasks in Chromium: the `load.*`, `click_to_board_ms.*`
and `bot.*` figures of `make bench` (benchmarks/run.py).

Load times are medians of interleaved repetitions (each repetition loads every page
once, in turn, so that a busy moment of the machine hits all pages alike), with the
minimum and maximum beside each median:

- cold: a fresh browser context (empty HTTP cache), service workers blocked;
- warm: a persistent on-disk profile (launch_persistent_context) that has loaded the
  page before, started anew for each load, service workers blocked, so that what the
  HTTP cache and V8's code cache keep is really reused;
- warm_sw: the game page in a profile whose service worker is installed (a player's
  repeat visit).

Pages: bare.html (Pyodide alone, one line of Python), floor.html (PyScript with no
packages, one line of Python), the game (index.html?players=...: the board
clickable) and the start screen (index.html: first screen painted, controls live).

The site served is site/ (`make web`), by web/tools/serve.py with its headers; bare.html
and floor.html are test pages, answered from web/pages/ (serve.py's test routes).

Bytes are counted as a CDN would send them (benchmarks' `cdn_size`): text and wasm
gzip-compressed (level 9; brotli, which CDNs also use, is smaller still), zip and
wheel files and images as they are.

Clicks: 40 clicks of a game against a random bot, click to updated board, unthrottled
and under Chromium's CPU throttling (4x, a slower phone's main thread), each with its
split into the page's dispatch, render and paint (its user timings) and the browser's
rest. The clicks are mouse input released at once, as Playwright's click does (with
--compare, interleaved with the other build's); then once more held 80 ms as a person
holds a click (`held_`), and the same two kinds of click on a page whose click does
nothing (`floor_`, `floor_held_`): the wait for the display's next frame that no page
can go below.

    .venv/bin/python benchmarks/page_bench.py [--reps 5] [--trace build/bench/trace.json]
        [--parts clicks] [--compare other/web] [--click-rounds 3]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
from collections.abc import Callable, Sequence
from contextlib import nullcontext
from pathlib import Path
from typing import Any

if __package__ in (None, ""):
    # Run as a script: make the checkout importable (benchmarks.*, tests.*).
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.page_load import (  # noqa: E402
    GAME,
    LONGTASKS,
    OUT,
    PAGES,
    ROOT,
    WEB,
    Bench,
    Load,
    first_visit,
    load_figures,
    serve_build,
    spread,
)
from benchmarks.page_play import (  # noqa: E402
    THROTTLE,
    WATCHED,
    Clicks,
    LongTasks,
    analysis_run,
    click_figures,
    click_runs,
    decision_figures,
    longest_task_while_bots_think,
    search_decisions,
)

__all__ = ["LONGTASKS", "OUT", "main", "run", "summarize"]

# --------------------------------------------------------------------------- all

def ratio(a: float, b: float) -> float:
    return round(a / b, 2) if b else 0.0



def summarize(runs: dict[str, list[Load]], visit: dict[str, Any], clicks: dict[str, Clicks],
              longest: dict[str, LongTasks], decisions: list[tuple[float, str]],
              decisions4: Sequence[tuple[float, str]] = (),
              decisions5: Sequence[tuple[float, str]] = ()) -> dict[str, Any]:
    out: dict[str, Any] = {}

    def secs(key: str, loads: list[Load], attr: str = "ready_ms") -> dict[str, float]:
        values = [getattr(x, attr) for x in loads if getattr(x, attr) is not None]
        s = spread(values, 1 / 1000)
        out[key] = s["median"]
        out[key + "_min"], out[key + "_max"] = s["min"], s["max"]
        return s

    names = {"bare": "load.bare_pyodide", "floor": "load.pyscript_floor", "app": "load.app",
             "home": "load.home_controls_live", "app_base": "load.compared_app",
             "home_base": "load.compared_home_controls_live"}
    for kind, name in names.items():
        for mode in ("cold", "warm"):
            if f"{kind}_{mode}" in runs:
                secs(f"{name}_{mode}_s", runs[f"{kind}_{mode}"])
                # the loads whose Python was restored from the start's snapshot
                out[f"{name}_{mode}_restored"] = sum(
                    x.python_start == "snapshot" for x in runs[f"{kind}_{mode}"])
    if runs:
        secs("load.app_warm_sw_s", runs["app_warm_sw"])
        out["load.app_warm_sw_restored"] = sum(
            x.python_start == "snapshot" for x in runs["app_warm_sw"])
        for mode in ("cold", "warm"):
            secs(f"load.first_screen_{mode}_s", runs[f"home_{mode}"], "first_paint_ms")
            app, bare, floor = (out[f"load.app_{mode}_s"], out[f"load.bare_pyodide_{mode}_s"],
                                out[f"load.pyscript_floor_{mode}_s"])
            out[f"load.{mode}_ratio"] = ratio(app, bare)
            out[f"load.app_to_pyscript_floor_{mode}_ratio"] = ratio(app, floor)
            out[f"load.pyscript_floor_to_bare_{mode}_ratio"] = ratio(floor, bare)
            # the board on screen: the end of the frame that first shows it (the ready
            # mark comes before that frame's layout and paint)
            drawn = [x for x in runs[f"app_{mode}"] if x.drawn_ms is not None]
            if drawn:
                secs(f"load.app_board_drawn_{mode}_s", drawn, "drawn_ms")
                out[f"load.app_board_drawn_{mode}_ratio"] = ratio(
                    out[f"load.app_board_drawn_{mode}_s"], bare)
        app_bytes = statistics.median(x.bytes_before_ready for x in runs["app_cold"])
        bare_bytes = statistics.median(x.bytes_before_ready for x in runs["bare_cold"])
        out["load.bytes_before_clickable"] = int(app_bytes)
        out["load.bare_pyodide_bytes"] = int(bare_bytes)
        out["load.bytes_before_clickable_over_bare"] = int(app_bytes - bare_bytes)
        if "app_base_cold" in runs:
            out["load.compared_bytes_before_clickable"] = int(statistics.median(
                x.bytes_before_ready for x in runs["app_base_cold"]))
    if "bytes" in visit and visit.get("requests"):
        out["load.first_visit_bytes"] = visit["bytes"]
        out["load.first_visit_bytes_cdn"] = visit["bytes_cdn"]
        out["load.first_visit_files_fetched_twice"] = len(visit["twice"])
    out |= click_figures(clicks)
    for level, tasks in longest.items():
        out[f"bot.longest_task_ms_while_{level}_thinks"] = round(tasks.longest_ms, 1)
        out[f"bot.long_tasks_while_{level}_thinks"] = tasks.count
    if longest:
        out["bot.longest_task_ms_while_bots_think"] = round(
            max(t.longest_ms for t in longest.values()), 1)
    out |= decision_figures(decisions)
    out |= decision_figures(decisions4, "_4p")  # three other players' turns a rollout
    out |= decision_figures(decisions5, "_5p")  # four
    return out


def run(reps: int = 5, trace: Path | None = None, web: Path = WEB,
        parts: tuple[str, ...] = ("load", "visit", "clicks", "bots", "search"),
        progress: Callable[[str], None] = print,
        compare: Path | None = None,
        playwright: Any = None, click_rounds: int = 1,
        n_clicks: int = 40) -> tuple[dict[str, Any], dict[str, Any]]:
    """(figures for results.json, details for build/bench/page.json). `web`: the web/
    folder of the build measured (its site/ beside it is served). `compare`: the web/
    directory of another build, whose game and start pages are loaded in the same
    interleaved run (labels app_base, home_base in the details). `playwright`: a
    running sync Playwright (the tests'), else one is started here. `click_rounds`:
    click runs of each kind (unthrottled, throttled; this build, the compared one), each
    of `n_clicks` clicks (the bench's 40; fewer where only the machinery is checked)."""
    from playwright.sync_api import sync_playwright

    server, measured = serve_build(web)
    sites = {"": measured}
    pages = {kind: ("", path) for kind, path in PAGES.items()}
    servers = [server]
    if compare is not None:
        other, base = serve_build(compare)
        servers.append(other)
        sites["base"] = base
        pages |= {"app_base": ("base", GAME), "home_base": ("base", "index.html")}
    runs: dict[str, list[Load]] = {}
    visit: dict[str, Any] = {"bytes": 0, "bytes_cdn": 0, "twice": []}
    clicks: dict[str, Clicks] = {}
    longest: dict[str, LongTasks] = {}
    decisions: list[tuple[float, str]] = []
    decisions4: list[tuple[float, str]] = []
    decisions5: list[tuple[float, str]] = []
    analysis: dict[str, float] = {}
    try:
        with (nullcontext(playwright) if playwright is not None else sync_playwright()) as p, \
                tempfile.TemporaryDirectory() as tmp:
            bench = Bench(p, sites, Path(tmp), pages)
            try:
                if "load" in parts:
                    progress(f"loads: {reps} interleaved repetitions")
                    runs = load_figures(bench, reps)
                if "visit" in parts:
                    progress("first visit")
                    visit = first_visit(bench, server)
                if "clicks" in parts:
                    progress(f"clicks, unthrottled and at {THROTTLE:g}x CPU throttling")
                    rounds = click_rounds if compare is None else max(click_rounds, 3)
                    clicks = click_runs(bench, rounds, compare is not None, trace, n_clicks)
                if "bots" in parts:
                    for level in WATCHED:
                        progress(f"long tasks while {level} bots think")
                        longest[level] = longest_task_while_bots_think(bench, level)
                if "search" in parts:
                    progress("search bot decisions")
                    decisions = search_decisions(bench)
                    decisions4 = search_decisions(bench, players=4)
                    decisions5 = search_decisions(bench, players=5)
                if "analysis" in parts:
                    progress("the analysis of a three-player game")
                    analysis = analysis_run(bench)
            finally:
                bench.close()
    finally:
        for s in servers:
            s.shutdown()
            s.server_close()
    details = {"loads": {k: [vars(x) | {"longtasks": len(x.longtasks)} for x in v]
                         for k, v in runs.items()},
               "first_visit": visit,
               "clicks_ms": {k: v.ms for k, v in clicks.items()},
               "click_split_ms": {k: v.split for k, v in clicks.items()},
               "longest_task_ms": {k: v.longest_ms for k, v in longest.items()},
               "search_decisions_ms": decisions, "search_decisions_4p_ms": decisions4,
               "search_decisions_5p_ms": decisions5}
    figures = summarize(runs, visit, clicks, longest, decisions, decisions4,
                        decisions5) | analysis
    details["analysis"] = analysis
    return figures, details


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--reps", type=int, default=5)
    ap.add_argument("--trace", type=Path, help="write a Chrome trace of the click run here")
    ap.add_argument("--parts", default="load,visit,clicks,bots,search",
                    help="comma-separated; also: analysis (the analysis of a finished "
                         "three-player game in the page: its longest task and time)")
    ap.add_argument("--compare", type=Path,
                    help="web/ of another build (e.g. of main), loaded in the same run")
    ap.add_argument("--click-rounds", type=int, default=1,
                    help="click runs of each kind, interleaved (3 or more with --compare)")
    args = ap.parse_args(argv)
    sys.path.insert(0, str(ROOT))
    figures, details = run(args.reps, args.trace, parts=tuple(args.parts.split(",")),
                           compare=args.compare, click_rounds=args.click_rounds)
    OUT.mkdir(parents=True, exist_ok=True)
    (OUT / "page.json").write_text(json.dumps(details, indent=1) + "\n")
    print(json.dumps(figures, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
