"""Tooltips never cover the decision, in Chromium (docs/play.md, "Tooltips"): a whole game of
a person against two bots, on a desktop screen with a mouse and on a phone by touch,
and after every move of the person no tooltip on screen covers a decision button;
hover and a keyboard focus the person moved open a tooltip, the focus the page moves
after a move opens none; on touch a long press opens one and a tap elsewhere closes it.
On a desktop a tooltip waits for the pointer to rest on its element (HOVER_MS).

Nothing here waits a fixed time for the page: every wait is for a state (a frame
drawn, an element shown, the focus moved)."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Locator, Page, expect

from tests.e2e.pages import answered
from tests.support.js_support import js_constants

HOVER_MS, TARGETS = js_constants("tipwatch.js", "HOVER_MS", "TARGETS")  # their one home

READY_MS = 180_000  # Pyodide's first start on a loaded 2-core machine can be slow
STATE_MS = 30_000
GAME = "index.html?players=Ann,bot:random,bot:random&speed=instant&first=1&seed={seed}"
DESKTOP = {"viewport": {"width": 1280, "height": 800}}
PHONE = {"viewport": {"width": 360, "height": 740}, "has_touch": True, "is_mobile": True}

# The decision's buttons as a person sees them: the decision (beside the board, or the
# bar at a phone's bottom) and an open dialog's.
COVERED = """() => {
  const tip = document.getElementById('tip');
  const seen = !tip.hidden && getComputedStyle(tip).visibility !== 'hidden';
  if (!seen) return {seen: false, hits: []};
  const r = tip.getBoundingClientRect();
  const sel = '#decision-bar button, #decision-bar select, #decision-bar [role="button"], '
    + '#overlay:not([hidden]) button';
  const hits = [];
  for (const b of document.querySelectorAll(sel)) {
    const q = b.getBoundingClientRect();
    if (q.width === 0 || q.height === 0) continue;
    if (r.left < q.right && q.left < r.right && r.top < q.bottom && q.top < r.bottom)
      hits.push((b.textContent || b.getAttribute('aria-label') || b.tagName).trim());
  }
  return {seen: true, tip: tip.textContent.trim().slice(0, 60), hits};
}"""
FRAMES = """() => new Promise(done =>
  requestAnimationFrame(() => requestAnimationFrame(() => done(true))))"""


def frames(page: Page) -> None:
    """Two frames drawn: a tooltip shown before them is placed (or hidden) by now."""
    page.evaluate(FRAMES)


def open_game(ctx: BrowserContext, site_url: str, seed: int, lang: str = "en") -> Page:
    page = ctx.new_page()
    page.goto(site_url + GAME.format(seed=seed) + f"&lang={lang}")
    expect(page.locator("body")).to_have_attribute("data-ready", "1", timeout=READY_MS)
    return page


def tip(page: Page) -> Locator:
    return page.locator("#tip")


def person_decides(page: Page) -> bool:
    """Wait until the person decides (True) or the game is over (False)."""
    decision = page.locator("#actions .decision, #overlay .scores-dialog").first
    expect(decision).to_be_visible(timeout=STATE_MS)
    return not page.locator("#overlay .scores-dialog").is_visible()


def no_tip_covers_a_decision(page: Page, where: str) -> bool:
    """Asserts no tooltip on screen covers a decision button; True if one was shown."""
    frames(page)
    found: dict[str, Any] = page.evaluate(COVERED)
    assert not found["hits"], f"{where}: tooltip {found.get('tip')!r} covers {found['hits']}"
    return bool(found["seen"])


# Bounds on the whole game's loops: a person makes far fewer decisions in one game (a
# game has under 100 turns at five players), and marks at most this many cards at once.
MOVES_AT_MOST = 600
CARDS_AT_MOST = 12


def one_move(page: Page, press: Callable[[Locator], None], rng: random.Random) -> str:
    """The person's next decision, made with `press` (a click or a tap); what it was."""
    actions = page.locator("#actions")
    marry = actions.locator("#confirm-marriage")
    if marry.count():
        press(marry)
        return "marry"
    sell = actions.locator('[data-action="sell"]')
    if sell.count():
        press(sell if rng.random() < 0.5 else actions.locator('[data-action="keep"]'))
        return "sell"
    confirm = actions.locator('[data-action="discard"]')
    if confirm.count():
        for _ in range(CARDS_AT_MOST):  # a tap that marks nothing must fail, not loop
            if not confirm.is_disabled():
                break
            press(actions.locator('button[data-action="card"][aria-pressed="false"]').first)
            answered(page)  # the card marked, or not, before the button is read again
        assert not confirm.is_disabled(), "the cards marked for discard were not taken"
        press(confirm)
        return "discard"
    spaces = page.locator("#board [data-space].legal")
    end = actions.locator('[data-action="end-turn"]')
    if end.count():
        press(spaces.nth(rng.randrange(spaces.count()))
              if spaces.count() and rng.random() < 0.5 else end)
        return "second"
    passing = actions.locator('[data-action="pass"]')
    if passing.count():
        press(passing)
        return "pass"
    families = page.locator("#board [data-family].legal")
    expand = actions.locator('[data-action="expand"]')
    if expand.count() and (not families.count() or rng.random() < 0.75):
        if not spaces.count():
            press(expand.nth(rng.randrange(expand.count())))
            expect(spaces.first).to_be_attached()
        press(spaces.nth(rng.randrange(spaces.count())))
        return "expand"
    assert families.count(), actions.inner_html()
    press(families.nth(rng.randrange(families.count())))
    return "marry"


PLAIN_SPACES = """() => {
  const f = document.getElementById('board-wrap').getBoundingClientRect();
  const out = [];
  for (const el of document.querySelectorAll('#board [data-space]:not(.legal)')) {
    const r = el.getBoundingClientRect();
    const x = r.left + r.width / 2, y = r.top + r.height / 2;
    if (x < f.left || x > f.right || y < f.top || y > f.bottom) continue;
    const hit = document.elementFromPoint(x, y);
    if (hit && el.contains(hit)) out.push([x, y]);
  }
  return out;
}"""


# The time the pointer last came over an element (performance.now() ms), and whether
# it has rested there `ms` since.
POINTER_SINCE = """document.addEventListener('pointerover',
  () => { window.__pointerSince = performance.now(); }, true);"""
RESTED = "(ms) => performance.now() - (window.__pointerSince || 0) > ms"


def tap_plain_space(page: Page, rng: random.Random) -> None:
    """On touch: a tap on a space that is no choice (one in view, not under the zoom
    buttons), which tells what it is."""
    spots: list[list[float]] = page.evaluate(PLAIN_SPACES)
    assert spots, "no space in view that is no choice"
    x, y = rng.choice(spots)
    page.touchscreen.tap(x, y)


@pytest.mark.slow
@pytest.mark.parametrize("screen", ["desktop", "phone"])
def test_a_whole_game_no_tooltip_ever_covers_a_decision_button(
        fresh_context: Callable[..., BrowserContext], site_url: str, screen: str) -> None:
    """After every move of the person (a click, which leaves the mouse over what it
    clicked; or a tap, with now and then a tap on a space that is no choice) no
    tooltip on screen covers a decision button, to the end of the game."""
    phone = screen == "phone"
    ctx = fresh_context(**(PHONE if phone else DESKTOP), service_workers="block")
    ctx.add_init_script(POINTER_SINCE)
    page = open_game(ctx, site_url, seed=5)
    rng = random.Random(5)

    def press(locator: Locator) -> None:
        locator.tap() if phone else locator.click()

    def rested() -> None:
        """On a desktop, the mouse left over what it clicked has rested long enough for
        its tooltip (a state of the page: the time since the pointer came there)."""
        if not phone:
            page.wait_for_function(RESTED, arg=HOVER_MS + 50)

    moves = seen = 0
    while person_decides(page):
        # a move that changes nothing must fail the test, never keep it going for ever
        assert moves < MOVES_AT_MOST, f"no end after {moves} moves of the person"
        rested()
        seen += no_tip_covers_a_decision(page, f"before move {moves}")
        if moves % 3 == 1:  # now and then what a space that is no choice is
            if phone:
                tap_plain_space(page, rng)
            else:
                page.mouse.move(*rng.choice(page.evaluate(PLAIN_SPACES)))
                expect(tip(page)).to_be_visible(timeout=STATE_MS)
            seen += no_tip_covers_a_decision(page, f"a space's tooltip at move {moves}")
        before = page.locator("#status-line").inner_text()
        what = one_move(page, press, rng)
        moves += 1
        answered(page)  # the page as it answers the move: what the checks look at
        rested()
        seen += no_tip_covers_a_decision(page, f"after move {moves} ({what})")
        if page.locator("#status-line").inner_text() == before:
            expect(page.locator("#status-line")).not_to_have_text(before, timeout=STATE_MS)
    print(f"{screen}: {moves} moves of the person, a tooltip on screen at {seen} checks")
    assert moves > 10  # a whole game was played
    assert seen > 0  # tooltips were on screen: the checks looked at real ones


def key_to_next(page: Page, items: Locator, key: str) -> None:
    """A focus given without a key (as the page gives it) on the first of `items` opens
    no tooltip; `key`, pressed by the person, moves the focus to the second and opens
    its tooltip."""
    items.first.focus()
    frames(page)
    expect(tip(page)).to_be_hidden()
    page.keyboard.press(key)
    expect(items.nth(1)).to_be_focused()
    expect(tip(page)).to_be_visible()


def test_hover_and_a_keyboard_focus_open_a_tooltip_a_focus_after_a_move_does_not(
        fresh_context: Callable[..., BrowserContext], site_url: str) -> None:
    page = open_game(fresh_context(**DESKTOP, service_workers="block"), site_url, seed=7)
    assert person_decides(page)
    domains = page.locator("#board [data-family].legal [role='button']")
    assert domains.count() >= 2
    # hover
    page.locator("#board [data-space]:not(.legal)").nth(10).hover()
    expect(tip(page)).to_be_visible()
    page.mouse.move(5, 5)
    expect(tip(page)).to_be_hidden()
    # an arrow key from a domain to the next choice: that one's tooltip
    key_to_next(page, domains, "ArrowRight")
    expect(tip(page)).to_contain_text("House of")
    # Tab from a card in hand to the next one: that card's tooltip
    cards = page.locator("#hand [data-card]")
    assert cards.count() >= 2
    key_to_next(page, cards, "Tab")
    # a marriage by keyboard: the page moves the focus to the next decision, the
    # discard (issue 35: the decision's box, not the first card, which Enter would mark);
    # no tooltip opens for a focus the page gave
    domains.first.focus()
    page.keyboard.press("Enter")
    expect(page.locator("#confirm-marriage")).to_be_focused(timeout=STATE_MS)
    page.keyboard.press("Enter")
    first_card = page.locator('#actions button[data-action="card"]').first
    expect(page.locator("#actions .decision")).to_be_focused(timeout=STATE_MS)
    frames(page)
    expect(tip(page)).to_be_hidden()
    # by mouse: a card chosen, the mouse taken away; once the frame is drawn no tooltip
    # opens either, and the page puts no focus on a card (a second Enter would mark it)
    card = page.locator('#actions button[data-action="card"]').last
    card.click()
    page.mouse.move(5, 5)
    expect(card).to_have_attribute("aria-pressed", "true", timeout=STATE_MS)
    frames(page)
    expect(first_card).not_to_be_focused()
    expect(tip(page)).to_be_hidden()


# Every tooltip written while shown, and how long the pointer had been on the element it
# is on by then (performance.now() ms since it came there).
WATCH_RESTS = """(targets) => {
  const rests = [];
  let on = null, since = 0;
  document.addEventListener('pointerover', (event) => {
    const el = event.target instanceof Element ? event.target.closest(targets) : null;
    if (el !== on) { on = el; since = performance.now(); }
  }, true);
  const tip = document.getElementById('tip');
  new MutationObserver(() => {
    if (!tip.hidden) rests.push(performance.now() - since);
  }).observe(tip, {childList: true});
  window.__rests = rests;
}"""


def test_a_tooltip_waits_for_the_pointer_to_rest_and_a_press_leaves_no_focus_behind(
        fresh_context: Callable[..., BrowserContext], site_url: str) -> None:
    """A pointer crossing the map opens no tooltip on its way: one opens only once the
    pointer has rested HOVER_MS on its space. A press on a game control does not focus
    it and takes the focus from the control that had it, before its click redraws the
    page (dom.js, samarkandPointer). Whatever the machine's speed: a slow one only
    makes the pointer rest longer."""
    page = open_game(fresh_context(**DESKTOP, service_workers="block"), site_url, seed=7)
    assert person_decides(page)
    page.evaluate(WATCH_RESTS, TARGETS)
    board = page.locator("#board svg").first.bounding_box()
    assert board is not None
    y = board["y"] + board["height"] / 2
    page.mouse.move(board["x"] + 5, y)
    page.mouse.move(board["x"] + board["width"] - 5, y, steps=40)  # across the map
    space = page.locator("#board [data-space]:not(.legal)").nth(10)
    space.hover()  # and rests there
    expect(tip(page)).to_be_visible()
    rests = page.evaluate("window.__rests")
    assert rests and min(rests) >= HOVER_MS - 1, rests
    # the focus on a choice (as a keyboard leaves it), then a press on another one
    domains = page.locator("#board [data-family].legal [role='button']")
    assert domains.count() >= 2
    domains.first.focus()
    box = domains.nth(1).bounding_box()
    assert box is not None
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.down()
    assert page.evaluate("document.activeElement === document.body")
    page.mouse.up()
    expect(page.locator("#confirm-marriage")).to_be_visible(timeout=STATE_MS)


def test_a_long_press_opens_a_tooltip_and_a_tap_elsewhere_closes_it(
        fresh_context: Callable[..., BrowserContext], site_url: str) -> None:
    """On a phone: a long press on a space shows what it is (held until the tooltip is
    shown: no fixed wait), the finger lifted it stays; a tap elsewhere closes it; a tap
    on another space that is no choice closes it too, and does not open that one."""
    page = open_game(fresh_context(**PHONE, service_workers="block"), site_url, seed=7)
    assert person_decides(page)
    frame = page.locator("#board-wrap").bounding_box()
    bar = page.locator("#decision-bar").bounding_box()
    assert frame is not None and bar is not None
    # the middle of the board in sight: the upright board runs on below the decision bar
    bottom = min(frame["y"] + frame["height"], bar["y"])
    middle = (frame["x"] + frame["width"] / 2, (max(frame["y"], 0) + bottom) / 2)
    cdp = page.context.new_cdp_session(page)
    point = {"x": middle[0], "y": middle[1]}
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [point]})
    expect(tip(page)).to_be_visible(timeout=STATE_MS)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    frames(page)
    expect(tip(page)).to_be_visible()
    no_tip_covers_a_decision(page, "a long press")
    page.locator("#status-line").tap()
    expect(tip(page)).to_be_hidden()
    # a tap on a space that is no choice tells what it is; the next tap, on the map, closes
    rng = random.Random(7)
    tap_plain_space(page, rng)
    expect(tip(page)).to_be_visible()
    tap_plain_space(page, rng)
    frames(page)
    expect(tip(page)).to_be_hidden()



def test_no_tooltip_opens_under_a_pointer_that_has_not_moved_since_its_click(
        fresh_context: Callable[..., BrowserContext], site_url: str) -> None:
    """A click redraws the page under a pointer at rest: what comes there (the guided
    game's board where its start button was, the guide's next step over the space just
    clicked) opens no tooltip, which would cover what the click brought (the guide's
    words, the zoom buttons); once the pointer moves, hover opens one as before
    (dom.js, samarkandPointer)."""
    for first in (True, False):
        ctx = fresh_context(**DESKTOP, service_workers="block")
        ctx.add_init_script(POINTER_SINCE)
        page = ctx.new_page()
        page.goto(site_url + "index.html?lang=en")
        expect(page.locator("body")).to_have_attribute("data-ready", "1", timeout=READY_MS)
        start = page.locator("#guide-start-button").bounding_box()
        assert start is not None
        at = (start["x"] + start["width"] / 2, start["y"] + start["height"] / 2)
        page.mouse.move(*at)
        page.mouse.click(*at)
        expect(page.locator("#board .suggested")).to_have_count(1, timeout=STATE_MS)
        if not first:  # the guide's first move, clicked; the pointer rests there
            target = page.locator("#board .suggested")
            box = target.bounding_box()
            assert box is not None
            at = (box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
            page.mouse.move(*at)
            expect(tip(page)).to_be_visible(timeout=STATE_MS)  # it moved there: a tooltip
            before = page.locator("#guide").inner_text()
            page.mouse.click(*at)
            expect(page.locator("#guide")).not_to_have_text(before, timeout=STATE_MS)
        page.wait_for_function(RESTED, arg=HOVER_MS + 50)
        frames(page)
        assert page.evaluate(UNDER, [at[0], at[1], TARGETS]), "no tooltip's element there"
        expect(tip(page)).to_be_hidden()
        page.mouse.move(at[0] + 6, at[1] + 6)  # the pointer moves: hover as before
        expect(tip(page)).to_be_visible(timeout=STATE_MS)
        ctx.close()


# What is under the pointer: a tooltip's element (a space, a domain, a card) or not.
UNDER = """([x, y, targets]) => {
  const hit = document.elementFromPoint(x, y);
  return !!(hit && hit.closest(targets));
}"""
