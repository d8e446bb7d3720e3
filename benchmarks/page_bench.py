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

The site served is site/ (`make web`), by web/serve.py with its headers; bare.html and
floor.html are test pages, answered from web/ (serve.py's test routes).

Bytes are counted as a CDN would send them (benchmarks' `cdn_size`): text and wasm
gzip-compressed (level 9; brotli, which CDNs also use, is smaller still), zip and
wheel files and images as they are.

Clicks: 40 clicks of a game against a random bot, click to updated board, unthrottled
and under Chromium's CPU throttling (4x, a slower phone's main thread), each with its
split into the page's dispatch, render and paint (its user timings) and the browser's
rest.

    .venv/bin/python benchmarks/page_bench.py [--reps 5] [--trace build/bench/trace.json]
        [--parts clicks] [--compare other/web] [--click-rounds 3]
"""

from __future__ import annotations

import argparse
import gzip
import importlib.util
import json
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager, nullcontext
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parent.parent
WEB = ROOT / "web"
SITE = ROOT / "site"
OUT = ROOT / "build" / "bench"
CHROMIUM = Path("/usr/bin/chromium")
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]
READY_MS = 180_000
VIEWPORT = {"width": 1280, "height": 800}

GAME = "index.html?players=Ann,bot:random&first=1&seed={seed}"
PAGES = {"bare": "bare.html", "floor": "floor.html", "app": GAME, "home": "index.html"}

# Files a CDN sends as they are (already compressed: zips, wheels, the code bundle);
# everything else is compressed.
STORED = (".zip", ".whl", ".bin", ".png", ".jpg", ".jpeg", ".webp", ".woff2", ".ico")

# Long tasks (PerformanceObserver "longtask"), from the page's first script on.
LONGTASKS = """
window.__longtasks = [];
try {
  new PerformanceObserver((list) => {
    for (const e of list.getEntries())
      window.__longtasks.push({start: e.startTime, duration: e.duration});
  }).observe({type: 'longtask', buffered: true});
} catch (e) { window.__longtasks = null; }
"""

# Frames that took over 50 ms, with the task before them (Long Animation Frames): the
# frame that first shows the board is one of them (the task that draws it is long), and
# its end is when the board is on screen. The page's "ready" mark is set inside that
# task, before the browser lays the page out and paints it in the frame.
FRAMES = """
window.__frames = [];
try {
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__frames.push([e.startTime, e.duration]);
  }).observe({type: 'long-animation-frame', buffered: true});
} catch (e) { window.__frames = null; }
"""
# The end of the frame whose task set the page's ready mark (ms), or null.
DRAWN = """(ready) => {
  const f = (window.__frames || []).find(([start, span]) =>
    start <= ready && ready <= start + span);
  return f ? f[0] + f[1] : null;
}"""

# What the page fetched, with when it started (ms since navigation).
RESOURCES = """() => [performance.getEntriesByType('navigation')[0],
                      ...performance.getEntriesByType('resource')]
  .map((e) => [e.name, e.startTime, e.transferSize])"""

# The first screen: the frame that shows what first.js drew (the start screen, or the
# loading indicator in the page's language), else the first contentful paint.
FIRST_PAINT = """() => {
  const e = performance.getEntriesByName('first-screen')[0]
    || performance.getEntriesByName('first-contentful-paint')[0];
  return e ? e.startTime : null;
}"""


def _serve(web: Path = WEB) -> Any:
    """web/serve.py of that build (it serves as that build does)."""
    spec = importlib.util.spec_from_file_location(f"samarkand_bench_serve_{abs(hash(web))}",
                                                  web / "serve.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


serve = _serve()


def serve_build(web: Path) -> tuple[Any, Site]:
    """Serve the build of the work tree whose web/ folder is `web` on a free port: its
    site/ folder with the test pages, or, for a build from before the site folder, web/
    itself as its own serve.py did (with its rewrites). (server, Site)."""
    module = _serve(web)
    site = web.parent / "site"
    if hasattr(module, "TEST_ROUTES") and (site / "_headers").is_file():
        server, url = module.start_server(site, 0, test_pages=True)
        routes = module.test_routes(site)
        return server, Site(url, lambda path: module.resolve_path(site, path, routes))
    server, url = module.start_server(web, 0)
    return server, Site(url, lambda path: module.resolve_path(web, path))


# --------------------------------------------------------------------------- bytes

@cache
def _file_sizes(path: Path, mtime: float) -> tuple[int, int]:
    data = path.read_bytes()
    if path.suffix.lower() in STORED:
        return len(data), len(data)
    return len(data), len(gzip.compress(data, 9, mtime=0))


def file_sizes(site: Site, url_path: str) -> tuple[int, int]:
    """(bytes as stored, bytes as a CDN sends them) of the file served for url_path."""
    path = site.resolve(url_path)
    if path is None or not path.is_file():
        return 0, 0
    return _file_sizes(path, path.stat().st_mtime)


def cdn_size(site: Site, url_path: str) -> int:
    return file_sizes(site, url_path)[1]


def bytes_before(site: Site, resources: list[list[Any]], ready_ms: float) -> int:
    """CDN bytes of what the page downloaded (not from its cache) before ready_ms."""
    total = 0
    for name, start, transfer in resources:
        if start < ready_ms and transfer:
            total += cdn_size(site, urlsplit(name).path)
    return total


# --------------------------------------------------------------------------- figures

@dataclass
class Load:
    ready_ms: float
    first_paint_ms: float | None
    bytes_before_ready: int
    longtasks: list[dict[str, float]] = field(default_factory=list)
    drawn_ms: float | None = None  # the end of the frame that shows what "ready" drew


def spread(values: list[float], scale: float = 1.0, digits: int = 3) -> dict[str, float]:
    return {"median": round(statistics.median(values) * scale, digits),
            "min": round(min(values) * scale, digits),
            "max": round(max(values) * scale, digits)}


def wait_ready(page: Any) -> float:
    page.locator("body[data-ready-ms]").wait_for(state="attached", timeout=READY_MS)
    return float(page.locator("body").get_attribute("data-ready-ms") or 0)


def load_once(page: Any, url: str, site: Site) -> Load:
    page.goto(url)
    ready = wait_ready(page)
    paint = page.evaluate(FIRST_PAINT)
    # the frame after the ready mark is over once a task after it has run
    page.evaluate("() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)))")
    return Load(ready, paint, bytes_before(site, page.evaluate(RESOURCES), ready),
                page.evaluate("window.__longtasks || []"), page.evaluate(DRAWN, ready))


@dataclass
class Site:
    url: str
    resolve: Callable[[str], Path | None]  # the file that answers a URL path


class Bench:
    """One browser (for cold contexts) and the on-disk profiles for warm loads.
    `pages`: label -> (site, path); the site "" is the one measured, others (e.g. a
    build of an older commit) are compared with it in the same interleaved run."""

    def __init__(self, playwright: Any, sites: dict[str, Site], tmp: Path,
                 pages: dict[str, tuple[str, str]]) -> None:
        self.p = playwright
        self.sites = sites
        self.url = sites[""].url
        self.site = sites[""]
        self.pages = pages
        self.tmp = tmp
        self.launch: dict[str, Any] = {"args": ARGS}
        if CHROMIUM.exists():
            self.launch["executable_path"] = str(CHROMIUM)
        self.browser = playwright.chromium.launch(**self.launch)
        self.seed = 100

    def close(self) -> None:
        self.browser.close()

    def page_url(self, kind: str) -> str:
        self.seed += 1
        site, path = self.pages[kind]
        return self.sites[site].url + path.format(seed=self.seed)

    def site_of(self, kind: str) -> Site:
        return self.sites[self.pages[kind][0]]

    def cold(self, kind: str) -> Load:
        ctx = self.browser.new_context(service_workers="block", viewport=VIEWPORT)
        ctx.add_init_script(LONGTASKS)
        ctx.add_init_script(FRAMES)
        try:
            return load_once(ctx.new_page(), self.page_url(kind), self.site_of(kind))
        finally:
            ctx.close()

    @contextmanager
    def profile(self, name: str, service_workers: str = "block") -> Iterator[Any]:
        ctx = self.p.chromium.launch_persistent_context(
            str(self.tmp / name), service_workers=service_workers, viewport=VIEWPORT,
            **self.launch)
        ctx.add_init_script(FRAMES)
        try:
            yield ctx
        finally:
            ctx.close()

    def warm(self, kind: str, profile: str = "warm", service_workers: str = "block") -> Load:
        with self.profile(profile, service_workers) as ctx:
            page = ctx.pages[0] if ctx.pages else ctx.new_page()
            return load_once(page, self.page_url(kind), self.site_of(kind))

    def prime(self) -> None:
        """Fill the warm profiles: each page once (and the service worker installed)."""
        for kind in self.pages:
            self.warm(kind)
        with self.profile("warm_sw", "allow") as ctx:
            page = ctx.pages[0] if ctx.pages else ctx.new_page()
            page.goto(self.page_url("app"))
            wait_ready(page)
            wait_for_worker(page)


def wait_for_worker(page: Any) -> bool:
    """Until the service worker is active, its precache complete (False after two
    minutes: its install failed, e.g. a file changed since `make web`). It serves the
    profile's next loads (a page that started without it finishes without it)."""
    return bool(page.evaluate("""async () => {
        if (!('serviceWorker' in navigator)) return false;
        const active = async () => {
            const reg = await navigator.serviceWorker.getRegistration();
            return !!(reg && reg.active && reg.active.state === 'activated');
        };
        for (let i = 0; i < 1200 && !await active(); i++)
            await new Promise((r) => setTimeout(r, 100));
        return active();
    }"""))


def wait_quiet(server: Any, quiet_s: float = 2.0, limit_s: float = 120.0) -> None:
    """Until the server has answered nothing new for quiet_s seconds."""
    end = time.monotonic() + limit_s
    seen, since = len(server.request_log), time.monotonic()
    while time.monotonic() < end:
        time.sleep(0.2)
        if len(server.request_log) != seen:
            seen, since = len(server.request_log), time.monotonic()
        elif time.monotonic() - since >= quiet_s:
            return


def load_figures(bench: Bench, reps: int) -> dict[str, Any]:
    """Every page cold and warm, `reps` times, interleaved."""
    runs: dict[str, list[Load]] = {}
    bench.prime()
    for _ in range(reps):
        for kind in bench.pages:
            runs.setdefault(f"{kind}_cold", []).append(bench.cold(kind))
            runs.setdefault(f"{kind}_warm", []).append(bench.warm(kind))
        runs.setdefault("app_warm_sw", []).append(bench.warm("app", "warm_sw", "allow"))
    return {k: v for k, v in runs.items()}


def first_visit(bench: Bench, server: Any) -> dict[str, Any]:
    """Everything a first visit downloads (the page, then the service worker's
    precache), counted on the server: bytes, and files fetched more than once."""
    server.request_log.clear()
    with bench.profile(f"first-{time.monotonic_ns()}", "allow") as ctx:
        page = ctx.pages[0] if ctx.pages else ctx.new_page()
        page.goto(bench.page_url("app"))
        wait_ready(page)
        worker_active = wait_for_worker(page)
        wait_quiet(server)
        log = list(server.request_log)
    fetched: dict[str, int] = {}
    raw = cdn = 0
    for _method, path, status in log:
        if status == 200:
            fetched[path] = fetched.get(path, 0) + 1
            r, c = file_sizes(bench.site, path)
            raw, cdn = raw + r, cdn + c
    return {"bytes": raw, "bytes_cdn": cdn, "worker_active": worker_active,
            "twice": sorted(p for p, n in fetched.items() if n > 1),
            "requests": len(log)}


# --------------------------------------------------------------------------- clicks

# Chromium's CPU throttling for the second click run: a slower phone's main thread.
THROTTLE = 4.0

# The page's own user-timing measures (main.py): where a click's time goes.
MEASURES = """() => performance.getEntriesByType('measure')
  .map((e) => [e.name, e.startTime, e.duration])"""


@dataclass
class Clicks:
    """A click run: click to updated board (ms) per click, and inside each click the
    page's Python work, from its user timings: dispatch (the App's handler), render
    (the regions' HTML and the board's pieces) and paint (writing what changed into
    the DOM); the rest of a click is the browser's (event, style, layout, paint of
    the frame)."""

    ms: list[float] = field(default_factory=list)
    split: dict[str, list[float]] = field(default_factory=dict)

    def __iadd__(self, other: Clicks) -> Clicks:
        self.ms += other.ms
        for name, values in other.split.items():
            self.split.setdefault(name, []).extend(values)
        return self


def click_split(measures: list[list[Any]]) -> dict[str, list[float]]:
    """Per click (each "click-to-frame" measure): the time of the page's dispatch,
    render and paint measures inside it, and the rest ("browser")."""
    frames = [(start, start + span) for name, start, span in measures
              if name == "click-to-frame"]
    out: dict[str, list[float]] = {k: [] for k in ("dispatch", "render", "paint", "browser")}
    for a, b in frames:
        inside = {k: 0.0 for k in ("dispatch", "render", "paint")}
        for name, start, span in measures:
            if name in inside and a <= start and start + span <= b:
                inside[name] += span
        for name, ms in inside.items():
            out[name].append(ms)
        out["browser"].append(max(0.0, (b - a) - sum(inside.values())))
    return out


def click_run(bench: Bench, clicks: int = 40, trace: Path | None = None,
              kind: str = "app", throttle: float = 1.0) -> Clicks:
    """Click to updated board (ms) over `clicks` clicks of a game against a random bot
    (instant speed), in a warm profile, with Chromium's CPU `throttle` (4: four times
    slower) from the loaded page on. With `trace`, a Chrome trace of the run is written
    there."""
    from tests.e2e.test_game import play_one_step, timings

    with bench.profile(f"warm_sw_{kind}", "allow") as ctx:
        page = ctx.pages[0] if ctx.pages else ctx.new_page()
        page.goto(bench.page_url(kind) + "&speed=instant")
        wait_ready(page)
        page.wait_for_timeout(1500)  # start-up work after "ready" (service worker, idle loads)
        if throttle != 1.0:
            cdp = ctx.new_cdp_session(page)
            cdp.send("Emulation.setCPUThrottlingRate", {"rate": throttle})
        browser = ctx.browser
        if trace is not None and browser is not None:
            trace.parent.mkdir(parents=True, exist_ok=True)
            browser.start_tracing(page=page, path=str(trace), categories=[
                "devtools.timeline", "disabled-by-default-devtools.timeline", "toplevel",
                "blink.user_timing", "v8.execute", "blink", "cc", "gpu",
                "disabled-by-default-devtools.timeline.frame", "latencyInfo", "input"])
        rng = random.Random(1)
        for _ in range(600):
            if len(timings(page)) >= clicks or not play_one_step(page, rng):
                break
        if trace is not None and browser is not None:
            browser.stop_tracing()
        timed = timings(page)
        if len(timed) < clicks:  # a count, whatever each click took
            raise RuntimeError(f"the click run recorded {len(timed)} clicks of {clicks}: the "
                               "game ended first, or the page stopped recording them")
        return Clicks(timed, click_split(page.evaluate(MEASURES)))


def click_runs(bench: Bench, rounds: int, compare: bool, trace: Path | None = None
               ) -> dict[str, Clicks]:
    """Click runs, unthrottled and at THROTTLE, `rounds` of each, interleaved (and with
    the compared build's in turn, so that a busy moment of the machine hits both)."""
    runs: dict[str, Clicks] = {}
    kinds = ("app", "app_base") if compare else ("app",)
    for r in range(rounds):
        for throttle in (1.0, THROTTLE):
            for kind in kinds:
                label = kind + ("" if throttle == 1.0 else "_throttled")
                first = trace if (r == 0 and throttle == 1.0 and kind == "app") else None
                runs.setdefault(label, Clicks())
                runs[label] += click_run(bench, trace=first, kind=kind, throttle=throttle)
    return runs


def percentile(values: list[float], q: float) -> float:
    return statistics.quantiles(values, n=100, method="inclusive")[int(q) - 1]


# --------------------------------------------------------------------------- bots

WATCHED = {
    "random": ("bot:random,bot:random,bot:random", 12),
    "heuristic": ("bot:heuristic,bot:heuristic,bot:heuristic", 12),
    "search": ("bot:search,bot:heuristic,bot:heuristic", 7),
}


def longest_task_while_bots_think(bench: Bench, level: str) -> float:
    """The longest main-thread task (ms) once the page has started (a second after the
    board) to the given turn of a game of bots at the fast speed."""
    players, turn = WATCHED[level]
    with bench.profile("warm_sw", "allow") as ctx:
        ctx.add_init_script(LONGTASKS)
        page = ctx.new_page()
        page.goto(bench.url + f"index.html?players={players}&speed=fast&seed=5")
        ready = wait_ready(page)
        page.locator("#status-line").filter(has_text=f"Turn {turn}").wait_for(
            timeout=240_000)
        tasks = page.evaluate("window.__longtasks || []")
        page.close()
    # from the end of start-up on
    late = [t["duration"] for t in tasks if t["start"] > ready + 1000]
    return max(late, default=0.0)


# A game gives the Hard level only six to twelve turns' first decisions with a real
# choice: the medians pool several games.
SEARCH_SEEDS = (11, 12, 13)


def search_decisions(bench: Bench, players: int = 3,
                     seeds: Sequence[int] = SEARCH_SEEDS) -> list[tuple[float, str]]:
    """The default search bot's decisions in the page (ms from its first look to its
    move drawn, and the phase: "main" is a turn's first decision, the one the Hard
    level rolls out), over games (one per seed) against `players` - 1 heuristic bots
    at the instant speed."""
    seats = ",".join(["bot:search"] + ["bot:heuristic"] * (players - 1))
    out: list[tuple[float, str]] = []
    with bench.profile("warm_sw", "allow") as ctx:
        for seed in seeds:
            page = ctx.new_page()
            page.goto(bench.url + f"index.html?players={seats}&speed=instant&seed={seed}")
            wait_ready(page)
            deadline = time.monotonic() + 240
            while time.monotonic() < deadline and not page.locator(
                    "#overlay .scores-dialog").is_visible():
                page.wait_for_timeout(1000)
            found = page.evaluate("Array.from(window.samarkandBotDecisions || [])")
            page.close()
            out += [(float(d["ms"]), str(d.get("phase", ""))) for d in found
                    if d["level"] == "search"]
    return out


# The analysis of a whole three-player game (three heuristic bots, seed 11: 31 decisions
# of the first player) with the Hard level's budget, as a person runs it from the end
# screen of a game opened from its link.
ANALYSIS_GAME = (("heuristic",) * 3, 11)


def analysis_code() -> str:
    from samarkand_core import apply_action, encode_save, new_game, view_for
    from samarkand_core.bots import make_bot

    levels, seed = ANALYSIS_GAME
    s = new_game([f"P{i + 1}" for i in range(len(levels))], seed)
    bots = [make_bot(lv, seed + i) for i, lv in enumerate(levels)]
    while not s.is_over:
        s = apply_action(s, bots[s.current_player].choose(view_for(s, s.current_player)))
    return encode_save(s)


def analysis_run(bench: Bench) -> dict[str, float]:
    """The longest main-thread task (ms) from the analysis's first slice to its result
    drawn (and apart, the longest from the click on "Analyse" to that slice: the replay
    opening), and how many over 50 ms;
    the analysis's wall time in the page (its first slice to its result drawn, ms), its
    slices, its longest slice with the page drawn after it, and its longest thinking alone
    (main.py's record, window.samarkandAnalysis)."""
    with bench.profile("warm_sw", "allow") as ctx:
        ctx.add_init_script(LONGTASKS)
        page = ctx.new_page()
        page.goto(bench.url + "index.html?lang=en#" + analysis_code())
        wait_ready(page)
        page.locator('#overlay [data-action="analyse"]').wait_for(timeout=60_000)
        page.wait_for_timeout(1500)  # the start-up's own tasks are over
        start = float(page.evaluate("performance.now()"))
        page.locator('#overlay [data-action="analyse"]').click()
        page.locator("#analysis .analysis-summary").wait_for(timeout=900_000)
        tasks = page.evaluate("window.__longtasks || []")
        record = page.evaluate("JSON.parse(JSON.stringify(window.samarkandAnalysis))")
        page.close()
    # From the analysis's first slice on (the click's own task opens the replay: that is
    # the replay's cost, counted apart).
    first = float(record["start"])
    during = [t["duration"] for t in tasks if t["start"] >= first - 1]
    click = [t["duration"] for t in tasks if start <= t["start"] < first - 1]
    return {"analysis.longest_task_ms": round(max(during, default=0.0), 1),
            "analysis.long_tasks": float(len(during)),
            "analysis.longest_task_before_ms": round(max(click, default=0.0), 1),
            "analysis.total_s": round(float(record["ms"]) / 1000, 2),
            "analysis.slices": float(record["slices"]),
            "analysis.longest_slice_ms": round(float(record["longest_ms"]), 1),
            "analysis.longest_think_ms": round(float(record["longest_think_ms"]), 1)}


# --------------------------------------------------------------------------- all

def ratio(a: float, b: float) -> float:
    return round(a / b, 2) if b else 0.0


def decision_figures(decisions: Sequence[tuple[float, str]], tag: str = "") -> dict[str, float]:
    """Medians and longest of the Hard level's decisions in the page, seconds: every
    decision, and a turn's first ("main": the one the rollouts decide)."""
    out: dict[str, float] = {}
    for key, ms in (("decision", [ms for ms, _phase in decisions]),
                    ("first_decision", [ms for ms, phase in decisions if phase == "main"])):
        if ms:
            out[f"bot.search_{key}_s_pyodide{tag}"] = round(statistics.median(ms) / 1000, 3)
            out[f"bot.search_{key}_s_pyodide{tag}_max"] = round(max(ms) / 1000, 3)
            out[f"bot.search_{key}_s_pyodide{tag}_n"] = len(ms)
    return out


def click_figures(clicks: dict[str, Clicks]) -> dict[str, float]:
    """p50, p95 and the longest click of each run, and the medians of its split."""
    out: dict[str, float] = {}
    names = {"app": "", "app_throttled": f"cpu{THROTTLE:g}x_", "app_base": "compared_",
             "app_base_throttled": f"compared_cpu{THROTTLE:g}x_"}
    for label, run in clicks.items():
        if not run.ms:
            continue
        tag = names[label]
        out[f"click_to_board_ms.{tag}p50"] = round(statistics.median(run.ms), 1)
        out[f"click_to_board_ms.{tag}p95"] = round(percentile(run.ms, 95), 1)
        out[f"click_to_board_ms.{tag}max"] = round(max(run.ms), 1)
        out[f"click_to_board_ms.{tag}n"] = len(run.ms)
        for part, values in run.split.items():
            if values:
                out[f"click_split_ms.{tag}{part}_p50"] = round(statistics.median(values), 1)
    return out


def summarize(runs: dict[str, list[Load]], visit: dict[str, Any], clicks: dict[str, Clicks],
              longest: dict[str, float], decisions: list[tuple[float, str]],
              decisions4: Sequence[tuple[float, str]] = ()) -> dict[str, Any]:
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
    if runs:
        secs("load.app_warm_sw_s", runs["app_warm_sw"])
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
    for level, ms in longest.items():
        out[f"bot.longest_task_ms_while_{level}_thinks"] = round(ms, 1)
    if longest:
        out["bot.longest_task_ms_while_bots_think"] = round(max(longest.values()), 1)
    out |= decision_figures(decisions)
    out |= decision_figures(decisions4, "_4p")  # three other players' turns a rollout
    return out


def run(reps: int = 5, trace: Path | None = None, web: Path = WEB,
        parts: tuple[str, ...] = ("load", "visit", "clicks", "bots", "search"),
        progress: Callable[[str], None] = print,
        compare: Path | None = None,
        playwright: Any = None, click_rounds: int = 1) -> tuple[dict[str, Any], dict[str, Any]]:
    """(figures for results.json, details for build/bench/page.json). `web`: the web/
    folder of the build measured (its site/ beside it is served). `compare`: the web/
    directory of another build, whose game and start pages are loaded in the same
    interleaved run (labels app_base, home_base in the details). `playwright`: a
    running sync Playwright (the tests'), else one is started here. `click_rounds`:
    click runs of each kind (unthrottled, throttled; this build, the compared one)."""
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
    longest: dict[str, float] = {}
    decisions: list[tuple[float, str]] = []
    decisions4: list[tuple[float, str]] = []
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
                    clicks = click_runs(bench, rounds, compare is not None, trace)
                if "bots" in parts:
                    for level in WATCHED:
                        progress(f"long tasks while {level} bots think")
                        longest[level] = longest_task_while_bots_think(bench, level)
                if "search" in parts:
                    progress("search bot decisions")
                    decisions = search_decisions(bench)
                    decisions4 = search_decisions(bench, players=4)
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
               "longest_task_ms": longest,
               "search_decisions_ms": decisions, "search_decisions_4p_ms": decisions4}
    figures = summarize(runs, visit, clicks, longest, decisions, decisions4) | analysis
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
