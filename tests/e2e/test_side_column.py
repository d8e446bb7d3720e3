"""The side column beside the board at 1280x800, in Chromium: it shares the screen's
height among what it shows and never makes the page taller. The coach's explanation
shows whole (no scrollbar of its own, inside the screen, not cut by the decision's
box); "Since your last turn" keeps its heading and its first lines on the screen under
it; the log gives its room to the recap first, down to its heading.

The position: Ann's turn 16 of a game of heuristic bots (tests/e2e/games.py's ten cards), a
share link; the coach's advice there is long (two reasons, an estimate, the next best),
and the recap holds two bots' turns. English and French (the longer words). And the
guided first game's fourth step (its panel over the decision): the recap keeps its
heading and first turn's heading on the screen, the page no taller than the screen."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Page, expect

from samarkand_core import encode_save
from tests.e2e.games import BOTS, ten_cards
from tests.e2e.guide_steps import SIGNATURE, WAITING, next_signature, take_step
from tests.e2e.pages import wait_ready

THINK_MS = 120_000  # the coach in Pyodide on a busy machine; no time is asserted

# Each box: its place on the screen, its own scroll and client heights; the decision
# bar's visible box (it may scroll); the page's height.
COLUMN = """() => {
  const box = sel => {
    const e = document.querySelector(sel);
    if (!e) return null;
    const r = e.getBoundingClientRect();
    return {top: r.top, bottom: r.bottom, height: r.height,
            scroll: e.scrollHeight, client: e.clientHeight};
  };
  return {advice: box('#coach-advice'), bar: box('#decision-bar'), recap: box('#recap'),
          recapHead: box('#recap .recap-title'), firstTurn: box('#recap .recap-head'),
          turns: box('#recap .recap-turns'), log: box('#log'), logHead: box('#log summary'),
          page: document.scrollingElement.scrollHeight, vh: innerHeight};
}"""


@pytest.fixture
def desk(wpage: Page, site_url: str, request: pytest.FixtureRequest) -> Iterator[Page]:
    """A game in the session's shared 1280x800 context (conftest's `wpage`, the site's
    storage emptied first)."""
    wpage.set_default_timeout(60_000)
    wpage.goto(site_url + f"index.html?lang={request.param}#" + encode_save(ten_cards())
               + BOTS)
    wait_ready(wpage)
    expect(wpage.locator("html")).to_have_attribute("lang", request.param)
    for button in wpage.locator('#messages [data-action="dismiss"]').all():
        button.click()  # "added to your saved games": not part of the column
    yield wpage


def on_screen(part: dict[str, float], vh: float) -> bool:
    return part["top"] >= 0 and part["bottom"] <= vh + 0.5


LOG_LINES_PX = 80  # the log's few lines (5rem), what the recap's cap leaves it


@pytest.mark.parametrize("desk", ["en", "fr"], indirect=True)
def test_the_recap_takes_the_logs_room_before_it_scrolls(desk: Page) -> None:
    """Without the coach's advice: the recap grows to its turns; while it is still cut
    (it scrolls), the log keeps no more than its few lines."""
    c = desk.evaluate(COLUMN)
    assert c["page"] <= c["vh"], c
    assert on_screen(c["recap"], c["vh"]) and on_screen(c["logHead"], c["vh"]), c
    if c["turns"]["scroll"] > c["turns"]["client"]:
        assert c["log"]["height"] <= LOG_LINES_PX + 1, c


@pytest.mark.parametrize("desk", ["en", "fr"], indirect=True)
def test_the_coachs_explanation_shows_whole_and_the_recap_stays_on_screen(
        desk: Page) -> None:
    """With the coach's advice open: the advice is whole (no scrollbar of its own) and
    inside the screen and the decision's visible box; the page is no taller than the
    screen; the recap's heading and its first turn's heading, and the log's heading, are
    on the screen."""
    desk.locator("#coach-suggest").click()
    advice = desk.locator("#coach-advice")
    expect(advice).to_be_visible(timeout=THINK_MS)
    expect(advice.locator(".coach-reasons li").first).to_be_visible()
    c = desk.evaluate(COLUMN)
    a, bar = c["advice"], c["bar"]
    assert a["scroll"] <= a["client"], f"the advice scrolls inside its box: {c}"
    assert on_screen(a, c["vh"]), c
    assert a["top"] >= bar["top"] - 0.5 and a["bottom"] <= bar["bottom"] + 0.5, c
    assert c["page"] <= c["vh"], f"the page is {c['page']} px tall: {c}"
    for part in ("recapHead", "firstTurn", "logHead"):
        assert on_screen(c[part], c["vh"]), (part, c)


def test_beside_the_guides_words_the_recap_keeps_its_first_lines(
        wpage: Page, site_url: str) -> None:
    """The guided first game at its fourth step (the screenshot of issue 35): the
    guide's panel and the decision take the column's top; the recap under them keeps its
    heading and its first turn's heading on the screen, the log its heading, and the
    page is no taller than the screen."""
    wpage.set_default_timeout(60_000)
    recap_beside_the_guides_step_4(wpage, site_url)


def recap_beside_the_guides_step_4(page: Page, site_url: str) -> None:
    page.goto(site_url + "index.html?guide=1&lang=en")
    wait_ready(page)
    signature = str(page.evaluate(SIGNATURE))
    for _ in range(3):
        take_step(page)
        signature = next_signature(page, signature)
    page.wait_for_function(WAITING, timeout=60_000)
    expect(page.locator("#guide .guide-step")).to_contain_text("4")
    expect(page.locator("#recap .recap-turn").first).to_be_visible()
    c = page.evaluate(COLUMN)
    assert c["page"] <= c["vh"], f"the page is {c['page']} px tall: {c}"
    for part in ("recapHead", "firstTurn", "logHead"):
        assert on_screen(c[part], c["vh"]), (part, c)
    assert c["turns"]["client"] >= c["firstTurn"]["height"] * 2, c  # more than a line
