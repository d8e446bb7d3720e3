"""benchmarks/worker_floor.py: the figures of a click answered by a worker that does
nothing, and the page and worker it serves (a worker of the page's own origin)."""

from __future__ import annotations

from benchmarks.worker_floor import PAGE, WORKER, figures


def test_each_run_gives_its_median_its_95th_percentile_and_its_count() -> None:
    runs = {"floor": [float(x) for x in range(1, 101)], "worker_0_cpu4x": [20.0, 30.0]}
    out = figures(runs)
    assert out["worker_floor_ms.floor_p50"] == 50.5
    assert out["worker_floor_ms.floor_p95"] == 95.0
    assert out["worker_floor_ms.floor_n"] == 100
    assert out["worker_floor_ms.worker_0_cpu4x_p50"] == 25.0


def test_a_run_with_fewer_than_two_clicks_gives_no_figure() -> None:
    assert figures({"floor": [3.0]}) == {}


def test_the_click_is_timed_to_the_frame_after_the_workers_answer() -> None:
    """As web/client.js times the game's click: from the click's time stamp, the frame
    requested when the answer arrives, not at the click."""
    click = PAGE.index('addEventListener("click"')
    answer = PAGE.index("worker.onmessage")
    assert "requestAnimationFrame" in PAGE[answer:click]
    assert "requestAnimationFrame" not in PAGE[click:]
    assert "postMessage" in PAGE[click:]
    assert WORKER % 5 == WORKER.replace("%d", "5")
