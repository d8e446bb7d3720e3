"""The table at a glance, in Chromium: a player sees their whole hand on the first screen
at 1280x800 and 1920x1080 with ten cards (the hand limit of a 2-3 player game) while the
board stays the main area (its labels at least 11 CSS px), and a message floats over
the page: it moves nothing, can be dismissed, a note fades, an error stays; on a phone
it sits above the decision bar.

The position: Ann's turn 16 of a game of heuristic bots (seed 7), ten cards in hand,
opened from a share link as a person would open it; the page then says "The shared game
was added to your saved games.", the message the lead's screenshot showed. Figures go to
build/e2e/table.json."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from samarkand_core import encode_save
from tests.e2e.conftest import OffsiteGuard
from tests.e2e.figures import keep
from tests.e2e.games import BOTS, ten_cards
from tests.e2e.measures import LABEL_SIZES
from tests.e2e.pages import Guard, guarded_page, wait_ready

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def browser_page(browser: Browser, request: pytest.FixtureRequest,
                 warm: tuple[BrowserContext, Guard], site_url: str) -> Iterator[Page]:
    """A page at the size (width, height, touch) of the test's parameter: of the
    session's shared context at 1280x800 (its storage emptied), else of a new context."""
    width, height, touch = request.param
    if (width, height, touch) == (1280, 800, False):
        yield from guarded_page(warm, site_url)
        return
    guard = OffsiteGuard()
    ctx = browser.new_context(viewport={"width": width, "height": height}, has_touch=touch,
                              is_mobile=touch)
    guard.watch(ctx)
    page = ctx.new_page()
    yield page
    ctx.close()
    guard.check()


def open_shared(page: Page, site_url: str) -> None:
    page.goto(site_url + "index.html#" + encode_save(ten_cards()) + BOTS)
    wait_ready(page)
    expect(page.locator("#board svg")).to_be_visible()


TABLE = """() => {
  const box = sel => {
    const e = document.querySelector(sel);
    return e ? e.getBoundingClientRect().toJSON() : null;
  };
  return {players: box('#players'), board: box('#board svg'), hand: box('#hand'),
          bar: box('#decision-bar'), frame: box('#board-frame'),
          cards: Array.from(document.querySelectorAll('#hand .card'))
                 .map(c => c.getBoundingClientRect().toJSON()),
          scrollY: window.scrollY, page: document.scrollingElement.scrollHeight,
          vw: innerWidth, vh: innerHeight};
}"""

# resolves once the element's entrance animation is over (its fade, 8 s later, not awaited)
SETTLED = """e => Promise.all(e.getAnimations()
  .filter(a => a.animationName === 'message-in').map(a => a.finished))"""


@pytest.mark.parametrize("browser_page", [(1280, 800, False), (1920, 1080, False)],
                         indirect=True, ids=["1280x800", "1920x1080"])
def test_the_whole_hand_is_on_the_first_screen_and_the_board_stays_the_main_area(
        browser_page: Page, site_url: str) -> None:
    page = browser_page
    open_shared(page, site_url)
    expect(page.locator('#messages [data-message="link.imported"]')).to_be_visible()
    t = page.evaluate(TABLE)
    assert t["scrollY"] == 0 and t["page"] <= t["vh"]
    assert len(t["cards"]) == 10
    for card in t["cards"]:  # every card whole, inside the first screen
        assert card["top"] >= 0 and card["bottom"] <= t["vh"], card
        assert card["left"] >= 0 and card["right"] <= t["vw"], card
    rows = len({round(c["top"]) for c in t["cards"]})
    board = t["board"]
    assert board["width"] >= 0.7 * t["vw"]  # the main area
    assert t["hand"]["top"] - board["bottom"] < 16  # right under it
    sizes = page.evaluate(LABEL_SIZES)
    smallest = min(x["fontPx"] for x in sizes)
    keep("table.json", {f"{t['vw']}x{t['vh']}": {
        "card_rows": rows, "hand_px": [round(t["hand"]["top"]), round(t["hand"]["bottom"])],
        "board_px": [round(board["width"]), round(board["height"])],
        "smallest_board_font_px": round(smallest, 2), "with_message": True}})
    assert smallest >= 11


@pytest.mark.parametrize("browser_page", [(1280, 800, False)], indirect=True,
                         ids=["1280x800"])
def test_a_message_moves_nothing_and_a_note_fades(browser_page: Page, site_url: str) -> None:
    page = browser_page
    open_shared(page, site_url)
    note = page.locator('#messages [data-message="link.imported"]')
    expect(note).to_be_visible()
    expect(note).to_have_attribute("role", "status")
    with_message = page.evaluate(TABLE)
    # a note fades by itself (an error, a warning or one with buttons would stay: the
    # animation is only on .fades, see tests/page/test_table_page.py)
    names = note.evaluate("e => getComputedStyle(e).animationName")
    assert "message-out" in names
    expect(note).to_be_hidden(timeout=60_000)
    # once faded it is dismissed (main.py): gone from the page, so that the next
    # message does not bring it back
    expect(page.locator("#messages .message")).to_have_count(0)
    faded = page.evaluate(TABLE)
    for part in ("players", "board", "hand"):
        assert with_message[part] == faded[part], part
    # dismissed by its button, before it fades (the link again: "already saved")
    open_shared(page, site_url)
    again = page.locator("#messages .message")
    expect(again).to_have_count(1)
    page.locator('#messages [data-action="dismiss"]').click()
    expect(again).to_have_count(0)
    dismissed = page.evaluate(TABLE)
    for part in ("players", "board", "hand"):
        assert with_message[part] == dismissed[part], part


@pytest.mark.parametrize("browser_page", [(360, 740, True)], indirect=True, ids=["phone"])
def test_on_a_phone_a_message_sits_above_the_decision_bar(browser_page: Page,
                                                         site_url: str) -> None:
    page = browser_page
    open_shared(page, site_url)
    note = page.locator('#messages [data-message="link.imported"]')
    expect(note).to_be_visible()
    # the message slides in from 12 px lower (message-in, 0.25 s): measure where it rests,
    # not a frame of its entrance (a busy machine caught it 3 px over the bar mid-slide)
    note.evaluate(SETTLED)
    box = note.bounding_box()
    t = page.evaluate(TABLE)
    assert box is not None
    assert box["y"] + box["height"] <= t["bar"]["top"] + 1
    assert box["x"] >= 0 and box["x"] + box["width"] <= t["vw"]
    page.locator('#messages [data-action="dismiss"]').first.tap()
    expect(page.locator("#messages .message")).to_have_count(0)
    after = page.evaluate(TABLE)
    assert after["frame"] == t["frame"] and after["bar"] == t["bar"]
