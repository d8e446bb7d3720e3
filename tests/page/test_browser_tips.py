"""Tooltips never cover the decision (samarkand_web/browser/tips.py, view/tooltips.py),
with a fake document: they open on hover, on a keyboard focus the person moved and on a
long press or a tap on what is not a choice; never on a focus the page moved after a
move; they are placed clear of the decision's controls or not shown; on a touch screen
a tap either acts or informs, and a tap elsewhere closes the tooltip (docs/play.md,
"Tooltips")."""

from __future__ import annotations

import random
from types import SimpleNamespace

from samarkand_web.browser.clicks import Clicks
from samarkand_web.browser.focus import Focus
from samarkand_web.browser.tips import Tips

from tests.support.browser_fakes import FakeBridge, FakeDocument, FakeElement, FakeEvent, FakeWindow
from tests.support.js_support import js_calls, tips_case
from tests.support.web_support import make_app

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


# --------------------------------------------------------------------------- Tips

def setup(page_moves: list[bool] | None = None
          ) -> tuple[Tips, FakeWindow, dict[str, FakeElement], FakeDocument]:
    app = make_app()
    app.boot("?players=Ann,Bob&seed=3", "")
    ids = {name: FakeElement(id=name) for name in
           ("tip", "board", "hand", "decision-bar", "overlay")}
    ids["overlay"].hidden = ids["tip"].hidden = True  # as the page starts
    doc = FakeDocument(*ids.values())
    win = FakeWindow()
    moving = page_moves if page_moves is not None else [False]
    tips = Tips(app, win, FakeBridge(), ids, lambda: False, lambda: moving[0])
    return tips, win, ids, doc


def hover(tips: Tips, win: FakeWindow, el: FakeElement) -> None:
    """The pointer comes to rest on `el` (dom.js tells the page)."""
    tips.rested(el, True)


def shown(ids: dict[str, FakeElement]) -> bool:
    """A tooltip written and open (web/tips.js places it: tests/js/tips_cases.mjs)."""
    tip = ids["tip"]
    return not tip.hidden and bool(tip.innerHTML)


def space_at(ids: dict[str, FakeElement], space: str, box: Box,
             **attrs: str) -> FakeElement:
    el = ids["board"].append(FakeElement("g", data_space=space, **attrs))
    el.box.left, el.box.top, el.box.right, el.box.bottom = box
    return el


def test_a_focus_without_a_moving_key_opens_no_tooltip() -> None:
    """The page moves the focus after a move, and a click may focus: neither is the
    person asking what the space is (the issue: "Wine 8" over "Discard 1 card")."""
    tips, win, ids, _doc = setup()
    space = space_at(ids, "7", (600, 400, 640, 420))
    tips.on_focusin(FakeEvent(target=space))
    tips.on_keydown(FakeEvent(key="Enter"))  # a move by keyboard: the focus follows it
    tips.on_focusin(FakeEvent(target=space))
    win.run_frames()
    assert tips.key is None and ids["tip"].hidden


def test_tab_or_an_arrow_then_a_focus_opens_the_tooltip_once() -> None:
    tips, win, ids, _doc = setup()
    a = space_at(ids, "7", (600, 400, 640, 420))
    b = space_at(ids, "8", (700, 400, 740, 420))
    tips.on_keydown(FakeEvent(key="ArrowRight"))
    tips.on_focusin(FakeEvent(target=a))
    win.run_frames()
    assert tips.key == "space:7" and shown(ids)
    tips.left()  # the focus left (dom.js)
    tips.on_focusin(FakeEvent(target=b))  # a later focus, no key: the page's
    assert tips.key is None
    tips.on_keydown(FakeEvent(key="Tab"))
    tips.pointer.presses += 1  # then a press of the mouse: its focus is no keyboard's
    tips.on_focusin(FakeEvent(target=b))
    assert tips.key is None


def test_a_focus_the_page_moves_opens_no_tooltip_even_after_tab() -> None:
    moving = [False]
    tips, _win, ids, doc = setup(moving)
    space = space_at(ids, "7", (600, 400, 640, 420))
    focus = Focus(doc, FakeBridge(), FakeElement(id="loading"), lambda fn: None)
    moving_seen: list[bool] = []

    def focused(options: object = None) -> None:  # the browser's focusin, inside focus()
        moving_seen.append(focus.moving)
        moving[0] = focus.moving
        tips.on_focusin(FakeEvent(target=space))

    space.focus = focused  # type: ignore[method-assign]
    tips.on_keydown(FakeEvent(key="Tab"))
    focus.now('#board [data-space="7"]')
    assert moving_seen == [True] and focus.moving is False
    assert tips.key is None and ids["tip"].hidden


def test_the_tooltip_avoids_a_decision_button_and_hides_when_none_is_clear() -> None:
    """web/tips.js: a decision button on every side of the space leaves no place, and it
    says so; one side freed, the tooltip goes there. The page's Python closes the
    tooltip it is told has no place."""
    seen = tips_case("avoids_the_decision")
    assert seen["boxed"] == {"placed": False, "told": ["samarkand:tip-unplaced"]}
    assert seen["placed"]
    x, y = (float(v.removesuffix("px")) for v in
            seen["transform"].removeprefix("translate(").rstrip(")").split(", "))
    assert x == 648.0  # right of the space, GAP away: the one side left clear
    tip = (x, y, x + 100, y + 30)  # the fake tooltip's size
    assert not any(overlaps(tip, tuple(box)) for side, box in seen["walls"].items()
                   if side != "right")
    tips, _win, ids, _doc = setup()
    hover(tips, _win, space_at(ids, "7", (600, 400, 640, 420)))
    assert shown(ids)
    tips.on_unplaced()
    assert tips.key is None and ids["tip"].hidden


def test_a_dialogs_buttons_are_avoided_only_while_it_is_open() -> None:
    seen = tips_case("dialog_buttons_only_while_open")
    assert seen["closed"] == "translate(570px, 362px)"  # above: the dialog is closed
    assert seen["open"] == "translate(570px, 428px)"  # below its button


def test_a_new_decision_closes_the_tooltip() -> None:
    tips, win, ids, _doc = setup()
    space = space_at(ids, "7", (600, 400, 640, 420))
    hover(tips, win, space)
    win.run_frames()
    tips.painted({"log", "players"})
    assert shown(ids)
    tips.painted({"actions"})
    assert tips.key is None and ids["tip"].hidden


def test_the_pointer_leaving_closes_the_tooltip_and_dom_js_knows_what_is_open() -> None:
    tips, win, ids, _doc = setup()
    space = space_at(ids, "7", (600, 400, 640, 420))
    assert tips.pointer.open is False
    hover(tips, win, space)
    win.run_frames()
    assert shown(ids) and tips.pointer.open is True
    tips.left()
    assert ids["tip"].hidden and tips.key is None and tips.pointer.open is False
    card = ids["hand"].append(FakeElement("button", data_map="7"))
    tips.rested(card, False)  # a line naming a space: its ring only
    assert tips.ring == "7" and tips.key is None and tips.pointer.open is True


# --------------------------------------------------------------------------- taps

def tap_setup() -> tuple[Clicks, Tips, FakeWindow, dict[str, FakeElement], list[tuple]]:
    tips, win, ids, doc = setup()
    tips.app.touch = True
    runs: list[tuple] = []

    def run(action: str, value: str = "", form: dict | None = None,
            t0: float | None = None) -> None:
        runs.append((action, value))

    focus = Focus(doc, FakeBridge(), FakeElement(id="loading"), lambda fn: None)
    return Clicks(tips.app, doc, focus, tips, run), tips, win, ids, runs


def test_a_tap_informs_or_acts_never_both_and_a_tap_elsewhere_closes() -> None:
    clicks, tips, win, ids, runs = tap_setup()
    plain = space_at(ids, "7", (600, 400, 640, 420))
    other = space_at(ids, "8", (700, 400, 740, 420))
    choice = space_at(ids, "9", (800, 400, 840, 420), role="button", **{"class": "legal"})
    clicks.on_click(FakeEvent(target=plain))
    win.run_frames()
    assert tips.key == "space:7" and shown(ids) and runs == []  # informs
    clicks.on_click(FakeEvent(target=other))  # the map is all spaces: a tap there closes
    assert tips.key is None and ids["tip"].hidden and runs == []
    clicks.on_click(FakeEvent(target=other))
    assert tips.key == "space:8"
    clicks.on_click(FakeEvent(target=ids["hand"]))  # elsewhere: closes
    assert tips.key is None and runs == []
    clicks.on_click(FakeEvent(target=plain))
    clicks.on_click(FakeEvent(target=choice))  # a choice: acts (and closes)
    assert runs == [("space", "9")] and tips.key is None
    clicks.on_click(FakeEvent(target=choice))
    assert runs == [("space", "9")] * 2 and tips.key is None  # acts, shows nothing


def test_a_tap_after_a_long_press_closes_its_tooltip() -> None:
    """A long press shows the tooltip and swallows its own click; the browser may send
    none, and the next tap (a new press) still closes the tooltip."""
    clicks, tips, win, ids, runs = tap_setup()
    plain = space_at(ids, "7", (600, 400, 640, 420))
    touch = SimpleNamespace(item=lambda i: SimpleNamespace(clientX=620.0, clientY=410.0),
                            length=1)
    tips.pointer.presses += 1  # the finger's press (dom.js counts it)
    tips.start(FakeEvent(target=plain, touches=touch))
    win.run_timers()  # held long enough
    win.run_frames()
    assert tips.key == "space:7" and shown(ids)
    tips.pointer.presses += 1  # no click came after the press: the next tap
    clicks.on_click(FakeEvent(target=ids["hand"]))
    assert tips.key is None and ids["tip"].hidden and runs == []


def test_a_tap_reads_no_layout_and_the_frame_reads_each_box_once() -> None:
    """No forced layout in the click: the tooltip is written in the tap's task, and
    web/tips.js told to place it (an event on the space) before the next frame, where
    every box (its element, itself, each decision button) is read once, then one write
    of its place."""
    clicks, tips, _win, ids, _runs = tap_setup()
    plain = space_at(ids, "7", (600, 400, 640, 420))
    buttons = [ids["decision-bar"].append(FakeElement("button")) for _ in range(3)]
    clicks.on_click(FakeEvent(target=plain))
    assert tips.key == "space:7" and shown(ids)
    assert plain.events == ["samarkand:tip"]
    assert plain.layout_reads == 0 and ids["tip"].layout_reads == 0
    assert all(b.layout_reads == 0 for b in buttons)
    seen = tips_case("each_box_read_once")
    assert seen["before"] == [0, 0, 0, 0, 0]  # the space, the tooltip, three buttons
    assert seen["space"] == 1 and seen["tip"] == 2  # box; width, height
    assert seen["buttons"] == [1, 1, 1]
    assert seen["placed"] and seen["frames"] == 0


def test_a_second_finger_is_a_pinch_not_a_long_press() -> None:
    """tips.py's own touch listeners: one finger held long enough shows the tooltip; a
    second finger down (a pinch, web/zoompan.js's) cancels the press: nothing shows."""
    tips, win, ids, _doc = setup()
    plain = space_at(ids, "7", (600, 400, 640, 420))

    def fingers(n: int) -> SimpleNamespace:
        return SimpleNamespace(item=lambda i: SimpleNamespace(clientX=620.0 + 30 * i,
                                                              clientY=410.0), length=n)

    tips.on_touchstart(FakeEvent(target=plain, touches=fingers(1)))
    tips.on_touchstart(FakeEvent(target=plain, touches=fingers(2)))
    win.run_timers()
    assert tips.key is None and ids["tip"].hidden
    tips.on_touchend(FakeEvent(touches=fingers(0)))
    tips.on_touchstart(FakeEvent(target=plain, touches=fingers(1)))
    win.run_timers()  # held long enough
    assert tips.key == "space:7" and shown(ids)
