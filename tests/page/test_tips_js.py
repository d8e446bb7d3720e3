"""Tooltips never cover the decision: where web/tips.js places a tooltip (run in Node,
tests/js/tips_cases.mjs): beside its box, on screen, clear of the decision's controls,
or not at all; its layout read once in the frame (docs/play.md, "Tooltips"). When a
tooltip opens (hover, a moved focus, a long press, a tap) is tipwatch.js's:
tests/page/test_tipwatch_js.py."""

from __future__ import annotations

import random

from tests.support.js_support import js_calls, tips_case

VIEW = (1280.0, 800.0)
GAP = 8.0  # web/tips.js's: px between a tooltip and its box, and from the screen's edge
Box = tuple[float, float, float, float]


def places(*layouts: tuple[Box, float, float, float, float, tuple[Box, ...]]
           ) -> list[tuple[float, float] | None]:
    """web/tips.js's place() (run in Node) for each (anchor, width, height, view width,
    view height, avoid): the tooltip's top left corner, or None where it fits nowhere."""
    found = js_calls("tips.js", *(("place", [a, w, h, vw, vh, list(avoid)])
                                  for a, w, h, vw, vh, avoid in layouts))
    return [None if spot is None else (float(spot[0]), float(spot[1])) for spot in found]


def place(anchor: Box, w: float, h: float, vw: float, vh: float,
          avoid: tuple[Box, ...] = ()) -> tuple[float, float] | None:
    return places((anchor, w, h, vw, vh, avoid))[0]


def overlaps(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


# ------------------------------------------------------------- place() (web/tips.js)

def test_a_tooltip_goes_above_its_box_centred_when_nothing_is_in_the_way() -> None:
    assert place((600, 400, 640, 420), 100, 30, *VIEW) == (570.0, 362.0)


def test_a_tooltip_goes_below_when_there_is_no_room_above() -> None:
    assert place((600, 10, 640, 30), 100, 30, *VIEW) == (570.0, 38.0)


def test_the_discard_button_above_a_card_is_never_covered() -> None:
    """The card "Wine 8" chosen to discard, the "Discard 1 card" button just above it
    (the issue's screenshot): the tooltip goes where it covers neither."""
    card = (975.0, 345.0, 1085.0, 370.0)
    discard = (975.0, 300.0, 1180.0, 335.0)
    others = ((1095.0, 345.0, 1200.0, 370.0), (975.0, 380.0, 1085.0, 405.0))
    spot = place(card, 300, 120, *VIEW, avoid=(discard, *others))
    assert spot is not None
    tip = (spot[0], spot[1], spot[0] + 300, spot[1] + 120)
    assert not any(overlaps(tip, box) for box in (card, discard, *others))


def test_a_card_among_the_cards_to_discard_gets_its_tooltip_beside_them_all() -> None:
    """A card in the middle of a grid of cards (all of them controls): no side of it is
    clear, so the tooltip goes out past the cards, on the side where that is nearest
    (here below them: right of them is off screen, above and left further), still in line
    with the card."""
    grid = tuple((975.0 + 115 * col, 300.0 + 35 * row, 1085.0 + 115 * col, 330.0 + 35 * row)
                 for row in range(4) for col in range(2))
    card = grid[5]  # the third row's right card
    spot = place(card, 300, 120, *VIEW, avoid=grid)
    assert spot is not None
    tip = (spot[0], spot[1], spot[0] + 300, spot[1] + 120)
    assert not any(overlaps(tip, box) for box in grid)
    assert tip[1] >= grid[-1][3] + 8  # below the whole grid: the nearest way out
    assert tip[0] <= card[2] and tip[2] >= card[0]  # still over the card's column


def test_no_place_clear_of_the_decision_means_no_tooltip() -> None:
    """A phone: the tooltip is nearly as wide as the screen, and the decision's buttons
    fill the screen above and below the card's row."""
    card = (20.0, 500.0, 160.0, 540.0)
    rows = ((0.0, 0.0, 360.0, 495.0), (0.0, 545.0, 360.0, 740.0))
    assert place(card, 340, 150, 360, 740, avoid=rows) is None


def test_every_place_is_on_screen_beside_its_box_and_clear_of_the_decision() -> None:
    """Many layouts (a fixed seed): a place found is inside the screen, touches the
    box's side (shares its extent across), and covers neither it nor any control."""
    rng = random.Random(20)
    layouts = []
    for _ in range(600):
        vw, vh = rng.choice(((1280.0, 800.0), (360.0, 740.0)))

        def box(vw: float = vw, vh: float = vh) -> Box:
            x, y = rng.uniform(0, vw - 20), rng.uniform(0, vh - 20)
            return (x, y, x + rng.uniform(10, 200), y + rng.uniform(10, 60))

        anchor, avoid = box(), tuple(box() for _ in range(rng.randrange(6)))
        w, h = rng.uniform(80, min(340, vw - 20)), rng.uniform(30, 200)
        layouts.append((anchor, w, h, vw, vh, avoid))
    found = 0
    for (anchor, w, h, vw, vh, avoid), spot in zip(layouts, places(*layouts), strict=True):
        if spot is None:
            continue
        found += 1
        x, y = spot
        tip = (x, y, x + w, y + h)
        assert GAP - 0.1 <= x and x + w <= vw - GAP + 0.1
        assert GAP - 0.1 <= y and y + h <= vh - GAP + 0.1
        assert not overlaps(tip, anchor)
        assert not any(overlaps(tip, b) for b in avoid)
        across_x = x <= anchor[2] and x + w >= anchor[0]
        across_y = y <= anchor[3] and y + h >= anchor[1]
        assert across_x or across_y
    assert found > 300  # most layouts leave room: the test looked at real places


def test_the_tooltip_avoids_a_decision_button_and_hides_when_none_is_clear() -> None:
    """web/tips.js: a decision button on every side of the space leaves no place, and it
    says so; one side freed, the tooltip goes there."""
    seen = tips_case("avoids_the_decision")
    assert seen["boxed"] == {"placed": False, "told": ["samarkand:tip-unplaced"]}
    assert seen["placed"]
    x, y = (float(v.removesuffix("px")) for v in
            seen["transform"].removeprefix("translate(").rstrip(")").split(", "))
    assert x == 648.0  # right of the space, GAP away: the one side left clear
    tip = (x, y, x + 100, y + 30)  # the fake tooltip's size
    assert not any(overlaps(tip, tuple(box)) for side, box in seen["walls"].items()
                   if side != "right")


def test_a_dialogs_buttons_are_avoided_only_while_it_is_open() -> None:
    seen = tips_case("dialog_buttons_only_while_open")
    assert seen["closed"] == "translate(570px, 362px)"  # above: the dialog is closed
    assert seen["open"] == "translate(570px, 428px)"  # below its button


def test_the_frame_reads_each_box_once() -> None:
    """web/tips.js, told to place a tooltip (an event on the space) before the next
    frame: every box (its element, itself, each decision button) is read once in that
    frame, none before it, then one write of its place."""
    seen = tips_case("each_box_read_once")
    assert seen["before"] == [0, 0, 0, 0, 0]  # the space, the tooltip, three buttons
    assert seen["space"] == 1 and seen["tip"] == 2  # box; width, height
    assert seen["buttons"] == [1, 1, 1]
    assert seen["placed"] and seen["frames"] == 0


def test_a_tooltip_is_placed_before_the_next_frame_not_in_the_events_task() -> None:
    """web/tips.js, told by an event on the element: nothing is read in the event's task;
    just before the next frame the space's box and the tooltip's size, once, then its
    place."""
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
