"""A phone's style work over a game's taps: a 360x740 touch screen at 4x CPU throttling,
a game against a random bot (instant speed, the person first, a fixed seed) played by
taps as the e2e tests play a step (tests/e2e/pages.py's play_one_step, each click a
tap), traced. `--screen desk`: the same game at 1280x800 with a mouse's clicks.

It reports, over the taps (after the page is ready and the first paint is done):

- the main thread's long tasks (PerformanceObserver "longtask", over 50 ms): count, sum,
  longest;
- the style recalculations (the trace's UpdateLayoutTree): count, elements styled, ms;
  and those that styled more than WHOLE_PAGE elements (the game screen has about 1,000:
  such a recalculation worked out the style of nearly the whole page);
- the elements whose inline style was changed before a recalculation, by element (the
  trace's invalidation tracking): an inherited custom property set on <html> restyles
  every element (docs/phone.md, "The decision bar's height").

The figures are a run's, on this machine; compare builds in one run, back to back
(`--web` of each), as the other benchmarks do.

    .venv/bin/python benchmarks/phone_taps.py [--web other/web] [--steps 25] [--seed 7]
        [--screen phone|desk] [--trace build/bench/phone-taps.json]
"""

from __future__ import annotations

import argparse
import collections
import json
import random
import sys
import tempfile
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

if __package__ in (None, ""):
    # Run as a script: make the checkout importable (benchmarks.*, tests.*).
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

WHOLE_PAGE = 500  # elements: more than half of the game screen's
# the screens: width, height, touch
SCREENS = {"phone": (360, 740, True), "desk": (1280, 800, False)}
THROTTLE = 4.0
CATEGORIES = ["disabled-by-default-devtools.timeline.invalidationTracking",
              "devtools.timeline", "disabled-by-default-devtools.timeline", "toplevel", "blink"]
LONGTASKS = """window.__longtasks = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) window.__longtasks.push(e.duration);
}).observe({type: 'longtask', buffered: true});"""


def style_figures(events: Iterable[Mapping[str, Any]]) -> dict[str, Any]:
    """The style recalculations of a trace: counts, elements, ms, the whole-page ones,
    and the inline style mutations by element."""
    recalcs = [e for e in events if e.get("name") == "UpdateLayoutTree" and e.get("ph") == "X"]
    count = [int(e.get("args", {}).get("elementCount") or 0) for e in recalcs]
    ms = [float(e.get("dur", 0)) / 1000 for e in recalcs]
    whole = [m for n, m in zip(count, ms, strict=True) if n > WHOLE_PAGE]
    inline: collections.Counter[str] = collections.Counter()
    for e in events:
        if e.get("name") != "StyleRecalcInvalidationTracking":
            continue
        data = e.get("args", {}).get("data", {})
        if str(data.get("reason", "")).startswith("Inline CSS style"):
            inline[str(data.get("nodeName", ""))[:60]] += 1
    return {"recalcs": len(recalcs), "elements_styled": sum(count),
            "style_ms": round(sum(ms), 1), "whole_page_recalcs": len(whole),
            "whole_page_ms": round(sum(whole), 1), "inline_style_changes": dict(inline)}


def run(web: Path, steps: int, seed: int, trace: Path, screen: str = "phone") -> dict[str, Any]:
    """The taps' figures for the build whose web/ folder is `web` (its site/ served), on
    one of SCREENS."""
    from playwright.sync_api import Locator, sync_playwright

    from benchmarks.page_load import ARGS, CHROMIUM, serve_build
    from tests.e2e.pages import play_one_step, wait_ready

    width, height, touch = SCREENS[screen]
    server, site = serve_build(web)
    clicks = Locator.click
    if touch:
        Locator.click = lambda self, **_: self.tap()  # type: ignore[method-assign]
    try:
        with sync_playwright() as p, tempfile.TemporaryDirectory() as tmp:
            ctx = p.chromium.launch_persistent_context(
                tmp, args=ARGS, viewport={"width": width, "height": height},
                is_mobile=touch, has_touch=touch, device_scale_factor=2 if touch else 1,
                executable_path=str(CHROMIUM) if CHROMIUM.exists() else None)
            ctx.add_init_script(LONGTASKS)
            url = f"{site.url}index.html?players=You,bot:random&first=1&speed=instant&seed={seed}"
            # the first load fills the caches and installs the service worker: the taps
            # are a player's at a later visit
            for warm in (False, True):
                page = ctx.pages[0] if ctx.pages else ctx.new_page()
                cdp = ctx.new_cdp_session(page)
                cdp.send("Emulation.setCPUThrottlingRate", {"rate": THROTTLE})
                page.goto(url)
                wait_ready(page)
                page.wait_for_timeout(1500)
                if warm:
                    before = int(page.evaluate("window.__longtasks.length"))
                    trace.parent.mkdir(parents=True, exist_ok=True)
                    browser = ctx.browser
                    assert browser is not None  # a persistent context's browser (Chromium)
                    browser.start_tracing(page=page, path=str(trace), categories=CATEGORIES)
                    rng = random.Random(seed)
                    taps = 0
                    while taps < steps and play_one_step(page, rng):
                        taps += 1
                    page.wait_for_timeout(1000)
                    long_ms = [float(x) for x in page.evaluate("window.__longtasks")[before:]]
                    browser.stop_tracing()
                cdp.send("Emulation.setCPUThrottlingRate", {"rate": 1})
                page.goto("about:blank")
            ctx.close()
    finally:
        Locator.click = clicks  # type: ignore[method-assign]
        server.shutdown()
        server.server_close()
    data = json.loads(trace.read_text())
    events = data["traceEvents"] if isinstance(data, dict) else data
    return {"steps": taps, "long_tasks": len(long_ms), "long_tasks_ms": round(sum(long_ms)),
            "longest_task_ms": round(max(long_ms, default=0.0))} | style_figures(events)


def figures(web: Path | None = None, steps: int = 25, seed: int = 7) -> dict[str, float]:
    """`make bench`'s `phonetaps.*` and `desktaps.*` (the phone's and the desk's): run()'s
    numbers, the inline style changes counted (on <html>, and on any element)."""
    from benchmarks.page_load import OUT, WEB

    results: dict[str, float] = {}
    for screen in SCREENS:
        out = run(web or WEB, steps, seed, OUT / f"{screen}-taps.json", screen)
        inline = out.pop("inline_style_changes")
        out["inline_style_changes"] = sum(inline.values())
        out["inline_style_changes_html"] = sum(
            n for el, n in inline.items() if el.startswith("HTML"))
        results |= {f"{screen}taps.{k}": v for k, v in out.items()}
    return results


def main(argv: list[str] | None = None) -> int:
    from benchmarks.page_load import OUT, WEB

    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--web", type=Path, default=WEB, help="web/ of the build measured")
    ap.add_argument("--steps", type=int, default=25)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--screen", choices=sorted(SCREENS), default="phone")
    ap.add_argument("--trace", type=Path, default=OUT / "phone-taps.json")
    args = ap.parse_args(argv)
    print(json.dumps(run(args.web, args.steps, args.seed, args.trace, args.screen), indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
