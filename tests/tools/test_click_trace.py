"""benchmarks/click_trace.py: a click's browser work summed from a Chrome trace, inside the
click's own span and on the renderer's main thread only."""

from __future__ import annotations

from typing import Any

from benchmarks.click_trace import click_work, summary

MAIN, OTHER = (1, 10), (1, 11)


def thread(ids: tuple[int, int], name: str) -> dict[str, Any]:
    return {"ph": "M", "name": "thread_name", "pid": ids[0], "tid": ids[1],
            "args": {"name": name}}


def span(ph: str, ts: float) -> dict[str, Any]:
    return {"ph": ph, "name": "click-to-frame", "cat": "blink.user_timing", "ts": ts,
            "id2": {"local": "0x1"}, "pid": 1, "tid": 10}


def work(name: str, ts: float, dur: float, ids: tuple[int, int] = MAIN,
         **args: Any) -> dict[str, Any]:
    return {"ph": "X", "name": name, "ts": ts, "dur": dur, "pid": ids[0], "tid": ids[1],
            "args": args}


def test_work_inside_the_click_span_on_the_main_thread_is_summed_by_kind() -> None:
    events = [thread(MAIN, "CrRendererMain"), thread(OTHER, "Compositor"),
              span("b", 1000), span("e", 21000),
              work("FunctionCall", 2000, 5000),
              work("UpdateLayoutTree", 8000, 2000, elementCount=40),
              work("Layout", 10000, 3000, beginData={"dirtyObjects": 70}),
              work("Layout", 14000, 1000, ids=OTHER),  # another thread: not the click's
              work("Paint", 30000, 4000)]  # after the span
    (click,) = click_work(events)
    assert click.span_ms == 20.0
    assert (click.ms["script"], click.ms["style"], click.ms["layout"]) == (5.0, 2.0, 3.0)
    assert click.ms["paint"] == 0.0
    assert (click.styled, click.laid_out) == (40, 70)
    assert click.other_ms == 10.0


def test_an_event_nested_in_one_of_its_kind_counts_once() -> None:
    """A script calling a script (a handler calling into Python) is one span of script."""
    events = [thread(MAIN, "CrRendererMain"), span("b", 0), span("e", 10000),
              work("FunctionCall", 1000, 6000), work("FunctionCall", 2000, 3000)]
    (click,) = click_work(events)
    assert click.ms["script"] == 6.0
    figures = summary([click])
    assert figures["script_p50"] == 6.0 and figures["other_p50"] == 4.0


def raster(ts: float, layer: int, cpu: float, pid: int = 1) -> dict[str, Any]:
    return {"ph": "X", "name": "RasterTask", "ts": ts, "dur": cpu * 3, "tdur": cpu,
            "pid": pid, "tid": 12, "args": {"tileData": {"layerId": layer}}}


def test_a_click_counts_the_layers_made_anew_and_the_raster_cpu_until_the_next_click() -> None:
    """From a click's start to the next click's: the raster tasks' thread time (not their
    wall time) and the layers first rastered then; a layer rastered before is not new,
    and another process's raster (the browser's own) is not the page's."""
    events = [thread(MAIN, "CrRendererMain"),
              raster(500, 4, 100),  # before the first click: layer 4 is old
              span("b", 1000), span("e", 5000), span("b", 9000), span("e", 12000),
              raster(6000, 4, 2000), raster(7000, 8, 3000),  # after the first click
              raster(7500, 9, 1000, pid=2),  # the browser's process
              raster(10000, 8, 500)]  # the second click: layer 8 already made
    first, second = click_work(events)
    assert (first.new_layers, first.raster_cpu_ms) == (1, 5.0)
    assert (second.new_layers, second.raster_cpu_ms) == (0, 0.5)
    figures = summary([first, second])
    assert figures["new_layers_mean"] == 0.5 and figures["raster_cpu_p50"] == 2.75
