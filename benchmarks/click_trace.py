"""Where a click's time goes in the browser: a Chrome trace of a click run (page_play's
click_run with `trace=`), summed per click over the renderer's main thread.

Each click is the page's own "click-to-frame" user-timing span (from the release's time
stamp to the next animation frame's callback, the figure `click_to_board_ms` reports).
Inside it the trace's events are summed by kind: the page's script (FunctionCall: the
handlers, Python included), style (UpdateLayoutTree), layout, hit tests, pre-paint
(paint properties and compositing inputs), HTML/SVG parsing, and paint, layerize and
commit (these come after the frame's callback, so they are seldom inside the span). An
event nested in another of the same kind is counted once (its outermost). The rest of
the span ("other") is input routing, tasks' own overhead and the wait for the frame.
Besides the times, the elements styled and the layout objects laid out per click: counts
that do not depend on the machine's speed. And what a click leaves to the raster threads,
from its span's start to the next click's: the compositing layers made anew (a layer id
not rastered before: Chromium rasters a new layer whole) and the raster tasks' thread
time (CPU ms, which the CPU throttling does not slow and the machine's load hardly
changes). On a 2-core machine that raster competes with the main thread and the worker.

    .venv/bin/python benchmarks/click_trace.py [--web other/web] [--clicks 30]
        [--throttle 4] [--trace build/bench/click-trace.json] [--read]
"""

from __future__ import annotations

import argparse
import importlib
import json
import statistics
import sys
import tempfile
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

if __package__ in (None, ""):
    # Run as a script: make the checkout importable (benchmarks.*, tests.*).
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

# The trace's event names, by the kind of work they are.
KINDS = {"FunctionCall": "script", "UpdateLayoutTree": "style", "Layout": "layout",
         "HitTest": "hittest", "PrePaint": "prepaint", "ParseHTML": "parse",
         "Paint": "paint", "Layerize": "layerize", "Commit": "commit"}
SPAN = "click-to-frame"
MAIN_THREAD = "CrRendererMain"
RASTER = "RasterTask"


@dataclass
class ClickWork:
    """One click's span (ms) and the main thread's work inside it by kind (ms), with the
    elements styled and the layout objects laid out."""

    span_ms: float
    ms: dict[str, float] = field(default_factory=dict)
    styled: int = 0
    laid_out: int = 0
    new_layers: int = 0
    raster_cpu_ms: float = 0.0

    @property
    def other_ms(self) -> float:
        return max(0.0, self.span_ms - sum(self.ms.values()))


def _key(event: Mapping[str, Any]) -> str:
    return json.dumps(event.get("id", event.get("id2")), sort_keys=True)


def click_spans(events: Iterable[Mapping[str, Any]]) -> list[tuple[float, float]]:
    """The clicks' spans (start, end in the trace's microseconds), in order."""
    open_: dict[str, float] = {}
    spans = []
    for e in events:
        if e.get("name") != SPAN or not str(e.get("cat", "")).startswith("blink.user_timing"):
            continue
        if e.get("ph") in ("b", "B"):
            open_[_key(e)] = float(e["ts"])
        elif e.get("ph") in ("e", "E") and _key(e) in open_:
            spans.append((open_.pop(_key(e)), float(e["ts"])))
        elif e.get("ph") == "X":
            spans.append((float(e["ts"]), float(e["ts"]) + float(e["dur"])))
    return sorted(spans)


def click_work(events: Sequence[Mapping[str, Any]]) -> list[ClickWork]:
    """Each click's span and the renderer main thread's work inside it (see the module's
    docstring)."""
    mains = {(e["pid"], e["tid"]) for e in events
             if e.get("ph") == "M" and e.get("name") == "thread_name"
             and e.get("args", {}).get("name") == MAIN_THREAD}
    work = sorted((e for e in events if (e.get("pid"), e.get("tid")) in mains
                   and e.get("ph") == "X" and "dur" in e and e.get("name") in KINDS),
                  key=lambda e: (float(e["ts"]), -float(e["dur"])))
    out = []
    spans = click_spans(events)
    rasters = _rasters(events, {pid for pid, _ in mains})
    seen: set[Any] = set()
    for n, (start, end) in enumerate(spans):
        click = ClickWork((end - start) / 1000, {kind: 0.0 for kind in KINDS.values()})
        until: dict[str, float] = {}  # the end of the outermost event of each kind
        for e in work:
            ts = float(e["ts"])
            if not start <= ts <= end:
                continue
            kind = KINDS[e["name"]]
            args = e.get("args", {})
            if kind == "style":
                click.styled += int(args.get("elementCount", 0))
            elif kind == "layout":
                click.laid_out += int(args.get("beginData", {}).get("dirtyObjects", 0))
            if until.get(kind, -1.0) > ts:
                continue
            until[kind] = ts + float(e["dur"])
            click.ms[kind] += min(float(e["dur"]), end - ts) / 1000
        until_next = spans[n + 1][0] if n + 1 < len(spans) else float("inf")
        for ts, layer, cpu in rasters:
            if ts < start:
                seen.add(layer)  # rastered before this click: not made by it
            elif ts < until_next:
                click.raster_cpu_ms += cpu / 1000
                if layer not in seen:
                    seen.add(layer)
                    click.new_layers += 1
        out.append(click)
    return out


def _rasters(events: Iterable[Mapping[str, Any]], renderers: set[Any]) -> list[
        tuple[float, Any, float]]:
    """The page's raster tasks (in a renderer that holds a main thread): (time stamp,
    layer id, thread time in microseconds; the wall time where the trace has none)."""
    out = []
    for e in events:
        if e.get("name") != RASTER or e.get("ph") != "X" or e.get("pid") not in renderers:
            continue
        layer = e.get("args", {}).get("tileData", {}).get("layerId")
        out.append((float(e["ts"]), layer, float(e.get("tdur", e.get("dur", 0)))))
    return sorted(out, key=lambda r: r[0])


def summary(clicks: list[ClickWork]) -> dict[str, float]:
    """p50 and mean (ms) of each kind of work, of the rest and of the span, and the p50
    counts of elements styled and layout objects laid out per click."""
    if not clicks:
        return {}
    out: dict[str, float] = {"clicks": len(clicks)}
    columns = {kind: [c.ms[kind] for c in clicks] for kind in clicks[0].ms}
    columns |= {"other": [c.other_ms for c in clicks], "span": [c.span_ms for c in clicks]}
    for name, values in columns.items():
        out[f"{name}_p50"] = round(statistics.median(values), 2)
        out[f"{name}_mean"] = round(statistics.mean(values), 2)
    out["styled_p50"] = statistics.median(c.styled for c in clicks)
    out["laid_out_p50"] = statistics.median(c.laid_out for c in clicks)
    out["new_layers_mean"] = round(statistics.mean(c.new_layers for c in clicks), 2)
    out["raster_cpu_p50"] = round(statistics.median(c.raster_cpu_ms for c in clicks), 2)
    out["raster_cpu_mean"] = round(statistics.mean(c.raster_cpu_ms for c in clicks), 2)
    return out


def record(web: Path, trace: Path, clicks: int, throttle: float) -> None:
    """A click run of the build whose web/ folder is `web` (its site/ served), traced."""
    from playwright.sync_api import sync_playwright

    from benchmarks.page_load import PAGES, Bench, serve_build

    # imported by name: page_play uses the e2e tests' helpers, which the typed tests
    # (tests/tools, which import this module) do not type-check
    click_run = importlib.import_module("benchmarks.page_play").click_run

    server, site = serve_build(web)
    try:
        with sync_playwright() as p, tempfile.TemporaryDirectory() as tmp:
            bench = Bench(p, {"": site}, Path(tmp), {k: ("", v) for k, v in PAGES.items()})
            try:
                click_run(bench, clicks, trace=trace, throttle=throttle)
            finally:
                bench.close()
    finally:
        server.shutdown()
        server.server_close()


def main(argv: list[str] | None = None) -> int:
    from benchmarks.page_load import OUT, WEB

    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--web", type=Path, default=WEB, help="web/ of the build traced")
    ap.add_argument("--clicks", type=int, default=30)
    ap.add_argument("--throttle", type=float, default=4.0, help="CPU throttling (4: 4x slower)")
    ap.add_argument("--trace", type=Path, default=OUT / "click-trace.json")
    ap.add_argument("--read", action="store_true", help="read --trace, do not record it")
    args = ap.parse_args(argv)
    if not args.read:
        record(args.web, args.trace, args.clicks, args.throttle)
    data = json.loads(args.trace.read_text())
    events = data["traceEvents"] if isinstance(data, dict) else data
    print(json.dumps(summary(click_work(events)), indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
