"""The browser side of benchmarks/page_bench.py: the served site, one Chromium with its
cold contexts and warm profiles (Bench), a page load's figures (Load: ready, first
paint, the frame that shows the board, bytes before ready, long tasks) and a first
visit's downloads, counted as a CDN would send them."""

from __future__ import annotations

import gzip
import importlib.util
import statistics
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
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
    """web/tools/serve.py of that build (it serves as that build does); web/serve.py in a
    build from before the build tools moved into web/tools/."""
    script = web / "tools" / "serve.py"
    spec = importlib.util.spec_from_file_location(f"samarkand_bench_serve_{abs(hash(web))}",
                                                  script if script.is_file()
                                                  else web / "serve.py")
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
    # how the worker's Python started (data-python-start: "boot", or "snapshot" when
    # restored from the one a first visit kept, web/snapshot.js); "" without one
    python_start: str = ""


def spread(values: list[float], scale: float = 1.0, digits: int = 3) -> dict[str, float]:
    return {"median": round(statistics.median(values) * scale, digits),
            "min": round(min(values) * scale, digits),
            "max": round(max(values) * scale, digits)}


def wait_ready(page: Any) -> float:
    page.locator("body[data-ready-ms]").wait_for(state="attached", timeout=READY_MS)
    return float(page.locator("body").get_attribute("data-ready-ms") or 0)


# A worker's downloads (the game page's Python runs in one: web/worker.js), on the
# page's timeline: [time origin, entries as RESOURCES gives them].
WORKER_RESOURCES = """() => [performance.timeOrigin,
  performance.getEntriesByType('resource').map((e) => [e.name, e.startTime, e.transferSize])]"""


def resources(page: Any) -> list[list[Any]]:
    """What the page downloaded, its workers' downloads included (each on the page's
    timeline)."""
    out: list[list[Any]] = page.evaluate(RESOURCES)
    origin = float(page.evaluate("performance.timeOrigin"))
    for worker in page.workers:
        try:
            at, entries = worker.evaluate(WORKER_RESOURCES)
        except Exception:  # a worker that has ended meanwhile
            continue
        out += [[name, float(start) + float(at) - origin, size] for name, start, size in entries]
    return out


def load_once(page: Any, url: str, site: Site) -> Load:
    page.goto(url)
    ready = wait_ready(page)
    paint = page.evaluate(FIRST_PAINT)
    # the frame after the ready mark is over once a task after it has run
    page.evaluate("() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)))")
    return Load(ready, paint, bytes_before(site, resources(page), ready),
                page.evaluate("window.__longtasks || []"), page.evaluate(DRAWN, ready),
                str(page.evaluate("document.body.dataset.pythonStart || ''")))


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
        """Fill the warm profiles: each page twice (and the service worker installed),
        the game pages kept open until the start's snapshot is stored, as a player's
        second visit stores it (web/snapshot.js: a first visit keeps only a mark): a
        warm load is a later visit. The warm profile is started once for all its pages:
        what it keeps on disk is the same as after one start per page, and each start
        is a browser's launch."""
        with self.profile("warm") as ctx:
            page = ctx.pages[0] if ctx.pages else ctx.new_page()
            for kind in self.pages:
                for _visit in range(2):
                    load_once(page, self.page_url(kind), self.site_of(kind))
                wait_for_snapshot(page)
        with self.profile("warm_sw", "allow") as ctx:
            page = ctx.pages[0] if ctx.pages else ctx.new_page()
            page.goto(self.page_url("app"))
            wait_ready(page)
            wait_for_worker(page)
            page.goto(self.page_url("app"))
            wait_ready(page)
            wait_for_snapshot(page)


def wait_for_snapshot(page: Any) -> bool:
    """Until the start's snapshot (web/snapshot.js, its cache and key) is stored; False
    at once for a page without Python or a build without snapshots (no
    data-python-start), and after 30 s."""
    from tests.support.js_support import js_constants

    return bool(page.evaluate("""async ([cacheName, key]) => {
        if (!document.body.dataset.pythonStart || !self.caches) return false;
        for (let i = 0; i < 300; i++) {
            const cache = await caches.open(cacheName);
            if (await cache.match(key)) return true;
            await new Promise((r) => setTimeout(r, 100));
        }
        return false;
    }""", js_constants("snapshot.js", "CACHE", "KEY")))


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
