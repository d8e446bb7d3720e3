"""No event handler of the page forces a layout: the tooltip is placed, and a zoomed
board scrolled to its choices, just before the next frame, not in the event's task
after the page was written (samarkand_web/browser/tips.py, web/zoompan.js). Fakes count
every read of the layout (getBoundingClientRect, offsetWidth, ...)."""

from __future__ import annotations

from browser_fakes import FakeBridge, FakeDocument, FakeElement, FakeEvent, FakeWindow
from js_support import zoompan_case
from samarkand_web.browser.tips import Tips
from test_app import make_app


def tips_setup() -> tuple[Tips, FakeWindow, dict[str, FakeElement]]:
    app = make_app()
    app.boot("?players=Ann,Bob&seed=3", "")
    ids = {"tip": FakeElement(id="tip"), "board": FakeElement(id="board"),
           "hand": FakeElement(id="hand"), "decision-bar": FakeElement(id="decision-bar"),
           "overlay": FakeElement(id="overlay")}
    ids["overlay"].hidden = True
    FakeDocument(*ids.values())
    win = FakeWindow()
    tips = Tips(app, win, FakeBridge(), ids, lambda fn: win.frames.append(lambda _ts: fn()),
                lambda: False)
    return tips, win, ids


def test_a_tooltip_is_written_at_once_and_placed_before_the_next_frame() -> None:
    tips, win, ids = tips_setup()
    space = ids["board"].append(FakeElement("g", data_space="7"))
    tips.on_keydown(FakeEvent(key="Tab"))  # the person moves the focus
    tips.on_focusin(FakeEvent(target=space))
    assert ids["tip"].innerHTML and ids["tip"].hidden is False  # its words, at once
    assert space.layout_reads == 0 and ids["tip"].layout_reads == 0  # no layout read
    assert ids["tip"].style.transform == ""
    win.run_frames()
    assert space.layout_reads == 1 and ids["tip"].layout_reads == 2  # box, its size
    assert ids["tip"].style.transform.startswith("translate(")


def test_one_placement_per_frame_and_none_for_a_tooltip_gone() -> None:
    tips, win, ids = tips_setup()
    a = ids["board"].append(FakeElement("g", data_space="7"))
    b = ids["board"].append(FakeElement("g", data_space="8"))
    for el in (a, b):  # the pointer rests on one, then on the other, before a frame
        tips.rested(el, True)
    assert len(win.frames) == 1
    win.run_frames()
    assert a.layout_reads == 0 and b.layout_reads == 1  # beside the last one only
    tips.rested(a, True)
    tips.left()  # the focus left (dom.js)
    win.run_frames()
    assert a.layout_reads == 0 and ids["tip"].hidden is True


def test_a_zoomed_board_scrolls_to_its_new_choice_before_the_frame() -> None:
    """web/zoompan.js (run in Node on fakes that count the layout's reads): nothing is
    read in the paint's task; the choice, once, just before the frame."""
    seen = zoompan_case("new_choice_before_the_frame")
    assert seen["inTask"] == {"legal": 0, "wrap": 0}
    assert seen["atFrame"]["legal"] == 1
    assert seen["atFrame"]["left"] > 0 and seen["atFrame"]["top"] > 0
    assert seen["framesAfterSame"] == 0  # the same first choice: the board stays
