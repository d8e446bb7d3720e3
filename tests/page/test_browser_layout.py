"""No event handler of the page forces a layout: the tooltip is placed, and a zoomed
board scrolled to its choices, just before the next frame, not in the event's task
after the page was written (web/tips.js, web/zoompan.js). Fakes count
every read of the layout (getBoundingClientRect, offsetWidth, ...)."""

from __future__ import annotations

from samarkand_web.browser.tips import Tips

from tests.support.browser_fakes import FakeBridge, FakeDocument, FakeElement, FakeEvent, FakeWindow
from tests.support.js_support import tips_case, zoompan_case
from tests.support.web_support import make_app


def tips_setup() -> tuple[Tips, FakeWindow, dict[str, FakeElement]]:
    app = make_app()
    app.boot("?players=Ann,Bob&seed=3", "")
    ids = {"tip": FakeElement(id="tip"), "board": FakeElement(id="board"),
           "hand": FakeElement(id="hand"), "decision-bar": FakeElement(id="decision-bar"),
           "overlay": FakeElement(id="overlay")}
    ids["overlay"].hidden = True
    FakeDocument(*ids.values())
    win = FakeWindow()
    tips = Tips(app, win, FakeBridge(), ids, lambda: False)
    return tips, win, ids


def test_a_tooltip_is_written_at_once_and_placed_before_the_next_frame() -> None:
    """The page's Python writes the tooltip's words at once and reads no layout; it tells
    web/tips.js (an event on the element), which places it just before the next frame."""
    tips, _win, ids = tips_setup()
    space = ids["board"].append(FakeElement("g", data_space="7"))
    tips.on_keydown(FakeEvent(key="Tab"))  # the person moves the focus
    tips.on_focusin(FakeEvent(target=space))
    assert ids["tip"].innerHTML and ids["tip"].hidden is False  # its words, at once
    assert space.layout_reads == 0 and ids["tip"].layout_reads == 0  # no layout read
    assert space.events == ["samarkand:tip"] and ids["tip"].style.transform == ""
    seen = tips_case("placed_before_the_next_frame")
    assert seen["before"] == {"space": 0, "tip": 0, "transform": ""}
    assert seen["space"] == 1 and seen["tip"] == 2  # box, its size
    assert seen["transform"].startswith("translate(") and seen["placed"]


def test_one_placement_per_frame_and_none_for_a_tooltip_gone() -> None:
    """web/tips.js: two tooltips written before a frame are placed once, beside the last;
    one closed before its frame reads nothing."""
    seen = tips_case("one_placement_per_frame")
    assert seen["frames"] == 1
    assert seen["reads"] == [0, 1]  # beside the last one only
    assert seen["aAfterClosed"] == 0


def test_a_zoomed_board_scrolls_to_its_new_choice_before_the_frame() -> None:
    """web/zoompan.js (run in Node on fakes that count the layout's reads): nothing is
    read in the paint's task; the choice, once, just before the frame."""
    seen = zoompan_case("new_choice_before_the_frame")
    assert seen["inTask"] == {"legal": 0, "wrap": 0}
    assert seen["atFrame"]["legal"] == 1
    assert seen["atFrame"]["left"] > 0 and seen["atFrame"]["top"] > 0
    assert seen["framesAfterSame"] == 0  # the same first choice: the board stays
