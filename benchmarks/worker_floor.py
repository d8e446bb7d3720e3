"""The least a click can take when its answer comes from a worker: the floor page's click
(click to the next frame, page_play.FLOOR_PAGE) beside pages whose click asks a module
worker that answers at once, with an answer of a given size (a Paint of a click is JSON
text with markup in it), unthrottled and at 4x CPU throttling, interleaved.

The game page's click crosses the same boundary (web/client.js -> web/worker.js and
back) before its frame: `worker_<size>` is that round trip alone, with no game in it,
so `click_to_board_ms` can be read against it as well as against the floor (issue 33's
click targets are ratios to the floor page; docs/phone.md says what this shows).

    .venv/bin/python benchmarks/worker_floor.py [--rounds 3] [--clicks 40]
        [--sizes 0,8000,120000]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

# Served by the page's own route (Page.route): a worker needs a URL of the page's origin.
ORIGIN = "http://floor.test/"

# The click's time: from the release's time stamp to the callback of the frame after the
# answer came (as web/client.js's clickShown measures the game's click).
PAGE = """<!doctype html><title>worker floor</title><button id="floor">nothing</button>
<script>
window.samarkandTimings = [];
const worker = new Worker("worker.js");
let t0 = 0;
worker.onmessage = (event) => {
  const start = t0;
  void event.data.text.length;
  requestAnimationFrame(() => window.samarkandTimings.push(performance.now() - start));
};
document.addEventListener("click", (event) => {
  t0 = event.timeStamp;
  worker.postMessage({ type: "event", action: "floor" });
});
</script>"""

# The answer: one object with a string of `size` characters, made once (the worker's
# own work is not what is measured).
WORKER = """const text = "x".repeat(%d);
self.onmessage = () => postMessage({ type: "paint", text });"""


def worker_clicks(bench: Any, size: int, clicks: int, throttle: float) -> list[float]:
    """Click to the frame after the worker's answer (ms), `clicks` clicks."""
    from benchmarks.page_play import mouse_clicks

    with bench.profile(f"worker_floor_{size}") as ctx:
        page = ctx.pages[0] if ctx.pages else ctx.new_page()
        page.route(ORIGIN, lambda route: route.fulfill(body=PAGE, content_type="text/html"))
        page.route(ORIGIN + "worker.js", lambda route: route.fulfill(
            body=WORKER % size, content_type="text/javascript"))
        page.goto(ORIGIN)
        page.wait_for_timeout(300)
        if throttle != 1.0:
            ctx.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": throttle})
        button = page.locator("#floor")
        with mouse_clicks(0):
            for _ in range(clicks):
                button.click()
                page.wait_for_timeout(60)
        return [float(ms) for ms in page.evaluate("window.samarkandTimings")]


def figures(runs: dict[str, list[float]]) -> dict[str, float]:
    """p50 and p95 of each run (`worker_floor_ms.<kind>_p50`, `_p95`, `_n`)."""
    from benchmarks.page_play import percentile

    out: dict[str, float] = {}
    for kind, values in runs.items():
        if len(values) < 2:
            continue
        out[f"worker_floor_ms.{kind}_p50"] = round(statistics.median(values), 1)
        out[f"worker_floor_ms.{kind}_p95"] = round(percentile(values, 95), 1)
        out[f"worker_floor_ms.{kind}_n"] = len(values)
    return out


def run(rounds: int, clicks: int, sizes: Sequence[int]) -> dict[str, float]:
    import tempfile

    from playwright.sync_api import sync_playwright

    from benchmarks.page_load import Bench, Site
    from benchmarks.page_play import THROTTLE, floor_run

    runs: dict[str, list[float]] = {}
    with sync_playwright() as p, tempfile.TemporaryDirectory() as tmp:
        bench = Bench(p, {"": Site(ORIGIN, lambda _path: None)}, Path(tmp), {})
        try:
            for _ in range(rounds):
                for throttle in (1.0, THROTTLE):
                    tag = "" if throttle == 1.0 else "_cpu4x"
                    runs.setdefault("floor" + tag, []).extend(
                        floor_run(bench, clicks, throttle=throttle).ms)
                    for size in sizes:
                        runs.setdefault(f"worker_{size}{tag}", []).extend(
                            worker_clicks(bench, size, clicks, throttle))
        finally:
            bench.close()
    return figures(runs)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--clicks", type=int, default=40)
    ap.add_argument("--sizes", default="0,8000,120000",
                    help="the answers' sizes in characters, comma-separated")
    args = ap.parse_args(argv)
    sizes = [int(s) for s in args.sizes.split(",") if s]
    print(json.dumps(run(args.rounds, args.clicks, sizes), indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
