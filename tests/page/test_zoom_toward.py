"""Where a phone's "+" zooms (web/zoom.js, run in Node: tests/support/js_support.py): toward the
choices on the board: their middle when they fit the frame once zoomed, else the choice
nearest the middle of the view; the frame then has that point in its middle (as far as
the board's edges allow)."""

from __future__ import annotations

from tests.support.js_support import zoom_call, zoom_calls


def test_choices_that_fit_are_zoomed_toward_together() -> None:
    boxes = [(100.0, 100.0, 120.0, 120.0), (160.0, 140.0, 180.0, 160.0)]
    assert zoom_call("toward", boxes, 1.5, (300.0, 400.0), (0.0, 0.0)) == [140.0, 130.0]


def test_choices_far_apart_give_the_one_nearest_the_view() -> None:
    boxes = [(0.0, 0.0, 20.0, 20.0), (400.0, 0.0, 420.0, 20.0), (800.0, 0.0, 820.0, 20.0)]
    assert zoom_call("toward", boxes, 1.5, (300.0, 400.0), (390.0, 50.0)) == [410.0, 10.0]


def test_the_point_zoomed_toward_is_in_the_frames_middle_inside_the_board() -> None:
    frame, edge = zoom_calls(
        ("centred", [1.0, 2.0, 200.0, 300.0, 340.0, 1200.0, 740.0, True, 400.0]),
        ("centred", [1.0, 2.0, 335.0, 5.0, 340.0, 1200.0, 740.0, True, 400.0]))
    assert frame["left"] == 400.0 - 170.0 and frame["top"] == 600.0 - 200.0
    assert edge["left"] == 340.0 and edge["top"] == 0.0  # the board's right edge, its top
