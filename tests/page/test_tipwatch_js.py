"""Tooltips when the page's Python runs in a worker (issue 33; web/tipwatch.js, wired by
web/client.js), run in Node on a page of fakes (tests/js/tipwatch_cases.mjs): the
tooltips' timing and intent on the main thread (a rest, a focus the person's keys moved,
a long press, a tap on what is not a choice; closed by leaving, Escape, a scroll, a
redrawn region, no place clear of the decision), the worker asked for the words of the
one target (a TipAsk) and its answer (a Tip) shown only while its ask still stands."""

from __future__ import annotations

from typing import Any

from tests.support.js_support import CASES, js_constants, run


def case(name: str) -> Any:
    return run([str(CASES / "tipwatch_cases.mjs"), name])


CLOSED = {"shown": False, "markup": "", "ring": "", "open": False}


# tipwatch.js is the one home of these (browser/tips.py, their Python twin, is gone)
TARGETS, HOVER_MS, LONG_PRESS_MS = js_constants(
    "tipwatch.js", "TARGETS", "HOVER_MS", "LONG_PRESS_MS")


def test_a_pointer_at_rest_asks_the_worker_and_its_answer_is_shown_until_it_leaves() -> None:
    """dom.js's pointer watch is started with the tooltips' targets and rest; a rest on
    a space asks for that space's tooltip alone, shows nothing until the answer comes
    (dom.js is told something is open, so that leaving closes the ask), then writes it
    invisible until tips.js places it (told by "samarkand:tip" on the space). A second
    rest on the same space asks nothing; leaving closes it."""
    seen = case("hover_asks_and_the_answer_shows")
    assert (seen["targets"], seen["ms"]) == (TARGETS, HOVER_MS)
    assert seen["asked"] == {"type": "tip-ask", "kind": "space", "value": "7", "ring": ""}
    assert seen["whileAsking"] == {**CLOSED, "open": True}
    assert seen["answered"] == {"shown": True, "markup": '<p class="tip-title">Seven</p>',
                                "ring": "", "open": True}
    assert seen["placedCleared"] and seen["told"] == ["samarkand:tip"]
    assert seen["asksAfterSecondRest"] == 1
    assert seen["left"] == CLOSED


def test_nothing_is_asked_before_the_worker_is_ready() -> None:
    assert case("nothing_asked_before_ready") == {"sent": ["start"], "state": CLOSED}


def test_an_answer_that_comes_too_late_is_dropped() -> None:
    """The pointer left before the answer came; another target was asked since; a
    Paint redrew the decision meanwhile; the element was drawn away: nothing is shown.
    The answer to the ask that still stands is."""
    seen = case("stale_answers_are_dropped")
    assert seen["afterLeft"] == CLOSED
    assert seen["oldAnswer"] == {**CLOSED, "open": True}  # the second ask still waits
    assert seen["newAnswer"]["markup"] == "<p>Eight</p>"
    assert seen["afterRedraw"] == CLOSED
    assert seen["elementGone"] == CLOSED


def test_a_new_decision_closes_the_tooltip_and_a_new_log_line_does_not() -> None:
    seen = case("redrawn_regions_close_it")
    assert seen["afterLog"]["shown"] is True
    assert seen["afterStatus"] == CLOSED


def test_a_card_rings_its_space_and_a_log_line_asks_its_ring_only() -> None:
    seen = case("rings")
    assert seen["cardAsk"] == {"type": "tip-ask", "kind": "card", "value": "5", "ring": "31"}
    assert seen["card"] == {"shown": True, "markup": "<p>Wine 5</p>",
                            "ring": '<polygon class="hl-ring"/>', "open": True}
    assert seen["left"] == CLOSED
    assert seen["lineAsk"] == {"type": "tip-ask", "kind": "", "value": "", "ring": "12"}
    assert seen["line"] == {"shown": False, "markup": "",
                            "ring": '<polygon class="hl-ring" id="12"/>', "open": True}


def test_only_a_focus_the_persons_keys_moved_opens_a_tooltip() -> None:
    """No key, Enter (a move: the page's focus follows), Tab and then the page moving
    the focus, Tab and then a press: nothing asked. An arrow key then a focus asks once;
    a later focus is the page's. Escape closes."""
    seen = case("focus_by_the_persons_keys_only")
    assert seen["seen"] == [["a focus with no key", 0], ["after Enter", 0],
                            ["Tab, then the page's focus", 0], ["Tab, then a press", 0],
                            ["an arrow key", 1], ["a second focus", 1]]
    assert seen["open"] is True and seen["afterEscape"] == CLOSED


def test_a_tap_informs_or_acts_never_both_and_a_tap_elsewhere_closes() -> None:
    assert case("taps") == [
        ["a tap on a plain space", 1, [], True],
        ["a tap on another space closes", 1, [], False],
        ["a tap there again", 2, [], True],
        ["a tap on a choice acts and closes", 2, ["9"], False]]


def test_a_click_with_a_mouse_only_acts() -> None:
    assert case("mouse_clicks_only_act") == {"asks": 0, "events": 1}


def test_a_long_press_asks_its_click_does_nothing_and_a_scroll_or_pinch_cancels() -> None:
    """A finger held LONG_PRESS_MS asks; the click that ends it is swallowed (the
    worker gets no click) and the browser's menu is not shown; a new press's tap closes
    the tooltip. A finger that moves 15 px scrolls, a second finger pinches: nothing
    asked; a shake of a few px is still a press."""
    seen = case("long_press")
    assert seen["delay"] == [LONG_PRESS_MS] == [seen["longPress"]]
    assert seen["beforeHeld"] == 0
    assert seen["held"] == {"type": "tip-ask", "kind": "space", "value": "7", "ring": ""}
    assert seen["click"] == {"prevented": True, "events": 0, "shown": True}
    assert seen["menuPrevented"] is True and seen["nextTap"] is False
    assert (seen["movedAsks"], seen["pinchAsks"], seen["shakeAsks"]) == (0, 0, 1)


def test_a_scroll_closes_it_unless_the_board_is_pinched_and_no_place_keeps_the_ring() -> None:
    seen = case("scroll_and_unplaced")
    assert seen["pinching"]["shown"] is True
    assert seen["scrolled"] == CLOSED
    assert seen["unplaced"] == {"shown": False, "markup": "", "ring": "<ring/>", "open": True}
