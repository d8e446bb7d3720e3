"""Zoom and pan of the board: the arithmetic of web/zoom.js, which the page's main thread
runs (web/zoompan.js; docs/phone.md, "Glue moved to JavaScript"), run here in Node
(tests/support/js_support.py). The buttons step within bounds, a pinch follows the fingers and
keeps the point between them where it is, a phone starts zoomed in with the board's
height in a share of its screen, the upright board pans inside that share, and the
page scrolls what was chosen clear of the decision bar."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.support.js_support import (
    js_constants,
    zoom_call,
    zoom_calls,
    zoom_constant,
    zoompan_case,
)

STYLE = Path(__file__).resolve().parents[2] / "web" / "assets" / "style.css"

MIN_ZOOM, MAX_ZOOM = 1.0, 4.0


def test_the_constants_are_the_ones_the_page_and_style_css_use() -> None:
    assert zoom_constant("MIN_ZOOM") == MIN_ZOOM and zoom_constant("MAX_ZOOM") == MAX_ZOOM
    # the board is drawn upright below 600 CSS px (the worker is told: Start's portrait)
    assert zoom_constant("PORTRAIT_WIDTH") == 600
    assert zoom_calls(("portrait", [359]), ("portrait", [600]),
                      ("portrait", [1280])) == [True, False, False]


def test_zoom_buttons_step_and_stay_within_bounds() -> None:
    z = MIN_ZOOM
    seen = []
    for _ in range(6):
        z = zoom_call("step", z, "in")
        seen.append(z)
    assert seen[0] == 1.5 and seen[-1] == MAX_ZOOM and seen == sorted(seen)
    out_twice, fit, clamped = zoom_calls(("step", [zoom_call("step", 1.5, "out"), "out"]),
                                         ("step", [3.3, "fit"]), ("clamp", [1.05]))
    assert out_twice == MIN_ZOOM
    assert fit == MIN_ZOOM
    assert clamped == MIN_ZOOM  # a pinch back to nearly 1 is the fit


def test_pinch_follows_the_fingers() -> None:
    assert zoom_calls(("pinch", [1.0, 100, 200]), ("pinch", [2.0, 100, 50]),
                      ("pinch", [3.0, 100, 1000]), ("pinch", [2.0, 0, 50])) == [
        2.0, 1.0, MAX_ZOOM, 2.0]


def test_zoom_keeps_the_point_under_the_fingers() -> None:
    share = zoom_constant("PHONE_FRAME_SHARE")
    # a 360 px frame showing a board 352 x 206 at fit; zoom 1 -> 2 around (100, 50)
    f, g, back = zoom_calls(
        ("rezoom", [1.0, 2.0, 0, 0, 100, 50, 352, 206, 740, True]),
        ("rezoom", [2.0, 4.0, 300, 0, 176, 100, 352, 206, 740, True]),
        ("rezoom", [2.0, 1.0, 100, 50, 0, 0, 352, 206, 740, True]))
    assert f["left"] == 100.0  # board point x=100 is now at 200, still under the finger
    assert f["height"] == 412.0  # the frame grows with the board: 2 x 206 < 62% of 740...
    assert f["top"] == 0.0  # ...so the whole height shows and nothing scrolls up or down
    assert g["height"] == pytest.approx(740 * share)
    assert g["left"] == 776.0 and 0 <= g["top"] <= 4 * 206 - g["height"]
    # the whole board: nothing to scroll
    assert back == {"height": None, "left": 0.0, "top": 0.0}


def test_wide_screens_keep_the_frame_and_phones_start_zoomed_in() -> None:
    phone_width, start_max = zoom_constant("PHONE_WIDTH"), zoom_constant("PHONE_START_ZOOM")
    kept, wide_start, *whole, z = zoom_calls(
        ("frameHeight", [550, 3.0, 800, False]), ("startZoom", [1280, 800, 550]),
        ("startsWhole", [1280]), ("startsWhole", [phone_width]),
        ("startsWhole", [360]), ("startsWhole", [phone_width - 1]),
        ("startZoom", [360, 740, 205]))
    assert kept == 550
    assert wide_start == MIN_ZOOM
    # ... as drawn: a wide screen needs no measure of the board (zoompan.js skips it)
    assert whole == [True, True, False, False]
    assert 2.0 < z <= start_max
    share = zoom_constant("PHONE_FRAME_SHARE")
    assert 205 * z <= 740 * share + 1  # both bands of domains in view


def test_scroll_to_show_brings_a_box_into_view() -> None:
    seen, away = zoom_calls(("scrollToShow", [10, 10, 40, 40, 300, 200, 50, 60]),
                            ("scrollToShow", [500, 10, 540, 40, 300, 200, 50, 60]))
    assert seen == [50, 60]  # visible
    assert away == [50 + 520 - 150, 60]


def test_zoom_of_a_board_taller_than_the_screen() -> None:
    """The upright board is taller than a phone: zoomed in, it pans inside a frame of the
    screen's share (the page around it still scrolls); a button zooms to the middle of
    the part of the frame on the screen; the page scrolls to what was chosen."""
    share = zoom_constant("PHONE_FRAME_SHARE")
    tall = 1329.0
    start, framed_tall, framed_short, mid_above, mid_below, up, down, stays = zoom_calls(
        ("startZoom", [360, 740, tall]), ("frameHeight", [tall, 1.5, 740, True]),
        ("frameHeight", [205, 1.5, 740, True]), ("visibleMiddle", [-600, 729, 740]),
        ("visibleMiddle", [100, 1400, 740]), ("pageScrollToShow", [500, 570, 555]),
        ("pageScrollToShow", [-40, 30, 555]), ("pageScrollToShow", [10, 300, 555]))
    assert start == MIN_ZOOM  # its whole width first
    assert framed_tall == pytest.approx(740 * share)
    # a short board (the landscape one) grows with the zoom as before
    assert framed_short == pytest.approx(205 * 1.5)
    assert mid_above == pytest.approx((0 + 729) / 2 + 600)
    assert mid_below == pytest.approx((100 + 740) / 2 - 100)
    # a box under the bar (its top at 555): up, its bottom just above the bar
    assert up == pytest.approx(570 - 555 + 8)
    assert down == pytest.approx(-48)  # above: down
    assert stays == 0  # in sight: stays


def test_the_page_tells_what_it_drew_and_a_pinch_marks_the_frame() -> None:
    """web/zoompan.js's side of the messages with the page's Python (wiring.py): the
    zoomed frame's name in the page's language comes with each drawing, only a board
    drawn anew is zoomed and scrolled; two fingers mark the frame while they pinch, so
    that tips.py keeps its tooltip while the board scrolls under them."""
    told = zoompan_case("painted_message")
    assert told["label"] == "Das Brett, vergrößert"
    assert told["framesWithoutBoard"] == 0 and told["framesWithBoard"] == 1
    assert zoompan_case("pinch_marks_the_frame") == {"during": True, "after": False}


def test_a_zoomed_board_scrolls_to_its_new_choice_before_the_frame() -> None:
    """web/zoompan.js (run in Node on fakes that count the layout's reads): nothing is
    read in the paint's task; the choice, once, just before the frame."""
    seen = zoompan_case("new_choice_before_the_frame")
    assert seen["inTask"] == {"legal": 0, "wrap": 0}
    assert seen["atFrame"]["legal"] == 1
    assert seen["atFrame"]["left"] > 0 and seen["atFrame"]["top"] > 0
    assert seen["framesAfterSame"] == 0  # the same first choice: the board stays


def test_the_bars_height_is_written_where_it_is_read_and_only_when_it_changed() -> None:
    """web/zoompan.js's BarRoom (docs/phone.md, "The decision bar's height"): the height
    in whole px on #game and #messages, each time it changed and only then; the board's
    parts' room the tallest the bar has been, in steps of BAR_STEP px, never less, so
    that #board's inherited property (and the board's style with it) seldom changes."""
    [step] = js_constants("zoompan.js", "BAR_STEP")
    steps = zoompan_case("bar_room")
    assert [s["game"] for s in steps] == ["0px", "120px", "120px", "60px", "200px", "0px"]
    assert all(s["messages"] == s["game"] for s in steps)
    assert [len(s["writes"]) for s in steps] == [2, 3, 0, 2, 3, 2]
    assert [s.get("board") for s in steps] == [
        None, f"{step * 3}px", f"{step * 3}px", f"{step * 3}px", f"{step * 5}px", f"{step * 5}px"]
    assert step * 2 < 120 <= step * 3 and step * 4 < 200 <= step * 5


def test_only_the_elements_barroom_writes_on_read_the_bars_height() -> None:
    """style.css registers --bar-h as not inherited (a change restyles the element it is
    set on alone), so a rule that read it anywhere else than on #game (.game) and
    #messages (.messages), where BarRoom sets it, would read 0px; the board's parts read
    --bar-room, which #board's descendants inherit."""
    css = re.sub(r"/\*.*?\*/", "", STYLE.read_text(), flags=re.S)
    assert re.search(r'@property --bar-h \{[^}]*inherits: false', css)
    readers = set()
    for selectors, body in re.findall(r"([^{};]+)\{([^{}]*)\}", css):
        if "var(--bar-h)" in body:
            readers.add(selectors.strip())
        if "var(--bar-room)" in body:
            assert all(s.strip().startswith("#board ") for s in selectors.split(",")), selectors
    assert readers == {".game", ".messages"}
