"""Everything fits, in Chromium, at 1280x800 and on a 360x740 phone, in English, German,
French and Italian: every dialog's box inside the screen with its last button reachable
(inside it, or scrolled to within it), no sideways scrolling on any screen, the recap
beside the board without a scrollbar of its own, the game log on the first screen with
the coach's advice open, and a counted phrase on screen in the form its language's
plural rule (CLDR) picks.

Page loads are few: one page per kind of position and size (a game being played, a
finished game, an analysed game, a game by link), reused for every language; the
language changes through the header's menu, as a person would change it. The figures
go to build/e2e/fit.json.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from samarkand_core import encode_save
from tests.e2e.figures import keep
from tests.e2e.games import ANALYSED, ANALYSIS_TIMEOUT
from tests.e2e.links import play_until_link
from tests.e2e.pages import ContextPool, Guard, emptied_page, wait_ready
from tests.support.web_support import random_game

ROOT = Path(__file__).resolve().parents[2]
SIZES: dict[str, dict[str, Any]] = {
    "desktop": {"viewport": {"width": 1280, "height": 800}},
    "phone": {"viewport": {"width": 360, "height": 740}, "has_touch": True, "is_mobile": True},
}
LANGS = ("en", "de", "fr", "it")
CASES = [(size, lang) for size in SIZES for lang in LANGS]
THINK_MS = 120_000  # the coach in Pyodide on a busy machine; no time is asserted
# The recap of the two bots' turns beside the board (tests/e2e/test_flow.py's position).
PLAY = "index.html?players=Ann,bot:heuristic,bot:heuristic&seed=7&first=1&speed=instant"
# A finished game of five: the tallest table of scores; each person's use of the coach
# comes with the link, one count of each plural form the four languages have.
FINISHED = random_game(5, 7)
COACHED = (0, 1, 2, 5, 1)

# The box's rectangle, and its last button's once scrolled into view (scrolling whatever
# holds it: the dialog, the overlay): a button cut off by the box stays outside it.
MEASURE = """(sel) => {
  const box = document.querySelector(sel);
  const buttons = box.querySelectorAll('button');
  const last = buttons[buttons.length - 1];
  const out = {vw: innerWidth, vh: innerHeight,
               pageWidth: document.scrollingElement.scrollWidth};
  const r = box.getBoundingClientRect();
  Object.assign(out, {top: r.top, bottom: r.bottom, left: r.left, right: r.right,
                      height: r.height, scrollHeight: box.scrollHeight,
                      clientHeight: box.clientHeight});
  if (last) {
    last.scrollIntoView({block: 'nearest', inline: 'nearest'});
    const b = last.getBoundingClientRect(), r2 = box.getBoundingClientRect();
    Object.assign(out, {last: last.textContent.trim(), lastTop: b.top, lastBottom: b.bottom,
                        lastLeft: b.left, lastRight: b.right, boxTop: r2.top,
                        boxBottom: r2.bottom, boxLeft: r2.left, boxRight: r2.right});
    box.scrollTop = 0;
  }
  return out;
}"""
PAGE_WIDTH = "() => [document.scrollingElement.scrollWidth, innerWidth]"


def record(key: str, value: Any) -> None:
    """Keep a measured figure for the report (build/e2e/fit.json)."""
    keep("fit.json", {key: value})


def fits(page: Page, selector: str, key: str, buttons: bool = True) -> dict[str, Any]:
    """The box `selector` is inside the screen, its last button reachable, the page not
    wider than the screen."""
    expect(page.locator(selector).first).to_be_visible()
    m: dict[str, Any] = page.evaluate(MEASURE, selector)
    record(key, {k: round(v) if isinstance(v, float) else v for k, v in m.items()})
    eps = 0.5
    assert m["pageWidth"] <= m["vw"], f"{key}: sideways scroll, {m['pageWidth']} > {m['vw']}"
    assert m["top"] >= -eps and m["bottom"] <= m["vh"] + eps, f"{key}: taller than the screen {m}"
    assert m["left"] >= -eps and m["right"] <= m["vw"] + eps, f"{key}: wider than the screen {m}"
    if buttons:
        assert "last" in m, f"{key}: no button"
        inside_box = (m["lastTop"] >= m["boxTop"] - eps and m["lastBottom"] <= m["boxBottom"] + eps
                      and m["lastLeft"] >= m["boxLeft"] - eps
                      and m["lastRight"] <= m["boxRight"] + eps)
        on_screen = m["lastBottom"] <= m["vh"] + eps and m["lastRight"] <= m["vw"] + eps
        assert inside_box and on_screen, f"{key}: its last button {m['last']!r} cut off {m}"
    return m


def no_sideways_scroll(page: Page, key: str) -> None:
    width, screen = page.evaluate(PAGE_WIDTH)
    record(key + ":pageWidth", width)
    assert width <= screen, f"{key}: the page is {width} px wide on a {screen} px screen"


# Every table shown (and the analysis's list): its width, and that of the box it sits in
# (the region that would scroll it sideways, or its parent): wider, a part is off-screen.
TABLE_WIDTHS = """() => [...document.querySelectorAll('table, .analysis-list')]
  .filter(t => t.getClientRects().length)
  .map(t => {
    const box = t.closest('.table-wrap') || t.parentElement;
    return {what: t.className || t.tagName, width: t.getBoundingClientRect().width,
            box: box.getBoundingClientRect().width, boxScroll: box.scrollWidth,
            boxClient: box.clientWidth};
  })"""


def tables_fit(page: Page, key: str) -> int:
    """No table (nor the analysis's list) wider than its box: every column on screen
    without scrolling sideways. Returns how many were measured."""
    found: list[dict[str, Any]] = page.evaluate(TABLE_WIDTHS)
    record(key + ":tables", found)
    for t in found:
        assert t["width"] <= t["box"] + 0.5 and t["boxScroll"] <= t["boxClient"], f"{key}: {t}"
    return len(found)


def set_lang(page: Page, lang: str) -> None:
    """The language from the header's menu (no dialog may be open: it makes the page inert)."""
    expect(page.locator("#overlay .dialog")).to_have_count(0)
    page.locator("#header select#lang").select_option(lang)
    expect(page.locator("html")).to_have_attribute("lang", lang)


def close_overlay(page: Page) -> None:
    if page.locator("#overlay .dialog").count():
        page.keyboard.press("Escape")
    expect(page.locator("#overlay .dialog")).to_have_count(0)


# --------------------------------------------------------------------------- pages

class Tables:
    """One page per (size, kind of position), opened on first use and kept for the
    module, in contexts of the session's pool (conftest's `context_pool`) of this
    module's own: a page kept open across tests must not hear another test's storage
    emptied in its context."""

    def __init__(self, pool: ContextPool, site_url: str) -> None:
        self.pool = pool
        self.site_url = site_url
        self.used: dict[str, Guard] = {}
        self.pages: dict[tuple[str, str], Page] = {}

    def page(self, size: str, kind: str, setup: Callable[[Page, str], None]) -> Page:
        if (size, kind) not in self.pages:
            ctx, guard = self.pool.get("fit", **SIZES[size])
            if size not in self.used:
                guard.clear()  # from here to the module's end: these tests' requests
                self.used[size] = guard
            page = emptied_page(ctx, self.site_url)[0]  # kept open: its snapshot is kept
            page.set_default_timeout(60_000)
            setup(page, self.site_url)
            self.pages[(size, kind)] = page
        return self.pages[(size, kind)]

    def close(self) -> None:
        for page in self.pages.values():
            page.close()
        for guard in self.used.values():
            guard.check()


@pytest.fixture(scope="module")
def tables(context_pool: ContextPool, site_url: str) -> Iterator[Tables]:
    made = Tables(context_pool, site_url)
    yield made
    made.close()


def open_game(page: Page, url: str) -> None:
    page.goto(url)
    wait_ready(page)
    if page.locator("#overlay .dialog").count():
        return  # the final scores: the page behind them, its messages too, are inert
    for button in page.locator('#messages [data-action="dismiss"]').all():
        button.click()  # "added to your saved games": not part of the layout


def play_setup(page: Page, site_url: str) -> None:
    """Ann marries; the two bots play; the recap of their turns is beside the board."""
    open_game(page, site_url + PLAY)
    page.locator("#board [data-family].legal").first.click()
    page.locator("#confirm-marriage").click()
    page.locator('#actions [data-action="discard"]').click()
    expect(page.locator("#recap .recap-turn")).to_have_count(2, timeout=THINK_MS)


def finished_setup(page: Page, site_url: str) -> None:
    coached = ",".join(map(str, COACHED))
    open_game(page, site_url + f"index.html#{encode_save(FINISHED)}&coached={coached}")
    expect(page.locator("#overlay .scores-dialog")).to_be_visible()


def analysed_setup(page: Page, site_url: str) -> None:
    open_game(page, site_url + f"index.html#{encode_save(ANALYSED)}")
    page.locator('#overlay [data-action="analyse"]').click()
    expect(page.locator("#analysis .analysis-summary")).to_be_visible(timeout=ANALYSIS_TIMEOUT)


def remote_setup(page: Page, site_url: str) -> None:
    open_game(page, site_url + "index.html?players=Ann,Bob&remote=1&seed=17&first=1")
    play_until_link(page, random.Random(5))


# --------------------------------------------------------------------------- the game

@pytest.mark.parametrize(("size", "lang"), CASES)
def test_the_game_screen_fits_with_the_recap_and_the_coachs_advice(
        tables: Tables, size: str, lang: str) -> None:
    """Beside the board (1280x800) the recap of the bots' turns shows whole, without a
    scrollbar of its own; with the coach's advice open, nothing is wider than the screen
    and the game log is still on the first screen. The Rules fit too."""
    page = tables.page(size, "play", play_setup)
    close_overlay(page)
    set_lang(page, lang)
    hide = page.locator("#coach-advice .coach-hide")
    if hide.count():
        hide.click()
    expect(page.locator("#coach-advice")).to_have_count(0)
    no_sideways_scroll(page, f"game@{size}/{lang}")
    if size == "desktop":
        turns = page.locator("#recap .recap-turns")
        expect(turns).to_be_visible()
        inner = turns.evaluate("e => [e.scrollHeight, e.clientHeight]")
        record(f"recap@{size}/{lang}", inner)
        assert inner[0] <= inner[1], f"the recap scrolls inside its box: {inner}"

    page.locator("#coach-suggest").click()
    expect(page.locator("#coach-advice")).to_be_visible(timeout=THINK_MS)
    no_sideways_scroll(page, f"coach@{size}/{lang}")
    if size == "desktop":
        log = page.locator(".log-box summary").bounding_box()
        height, screen = page.evaluate(
            "() => [document.scrollingElement.scrollHeight, innerHeight]")
        record(f"coach@{size}/{lang}", {"logHeadingBottom": log and round(log["y"] + log["height"]),
                                        "pageHeight": height})
        assert log is not None and log["y"] + log["height"] <= screen, log
        assert height <= screen, f"the page is {height} px tall with the coach's advice"

    page.locator('#header [data-action="rules"]').click()
    fits(page, "#overlay .dialog", f"rules@{size}/{lang}")
    close_overlay(page)


# --------------------------------------------------------------------------- the end

PLURALS = {  # coach.used for 0, 1, 2, 5 (CLDR: French "one" is 0 and 1)
    "en": ("0 suggestions", "1 suggestion", "2 suggestions", "5 suggestions"),
    "de": ("0 Vorschläge", "1 Vorschlag", "2 Vorschläge", "5 Vorschläge"),
    "fr": ("0 suggestion", "1 suggestion", "2 suggestions", "5 suggestions"),
    "it": ("0 suggerimenti", "1 suggerimento", "2 suggerimenti", "5 suggerimenti"),
}


@pytest.mark.parametrize(("size", "lang"), CASES)
def test_the_end_dialogs_the_saves_and_the_replay_fit(
        tables: Tables, size: str, lang: str) -> None:
    """The final scores of five players (up to "Saved games", the last button), the share
    dialog, the saves list with its delete confirmation, the statistics and the replay:
    inside the screen, nothing wider than it. The scores say each person's use of the
    coach in the plural form of the count (CLDR)."""
    page = tables.page(size, "end", finished_setup)
    close_overlay(page)
    set_lang(page, lang)
    page.locator('#actions [data-action="scores"]').click()
    scores = fits(page, "#overlay .scores-dialog", f"scores@{size}/{lang}")
    assert tables_fit(page, f"scores@{size}/{lang}") == 1
    assert scores["last"] == page.locator('#overlay [data-action="home"]').inner_text()
    if size == "desktop":  # the chart beside the table: all of it at once, no scrolling
        assert scores["scrollHeight"] <= scores["clientHeight"], scores
    dialog = page.locator("#overlay .scores-dialog")
    for seat, n in enumerate(COACHED[:4]):
        words = PLURALS[lang][(0, 1, 2, 5).index(n)]
        expect(dialog.locator(f'[data-coach-used="{seat}"]')).to_contain_text(words)

    dialog.locator('[data-action="share"]').click()
    fits(page, "#overlay .dialog", f"share@{size}/{lang}")
    page.locator('#overlay [data-action="close"]').click()
    close_overlay(page)

    page.locator('#header [data-action="home"]').click()
    expect(page.locator("#saves li.save")).to_have_count(1)
    no_sideways_scroll(page, f"saves@{size}/{lang}")
    page.locator("#stats-open").click()
    fits(page, "#overlay .stats-dialog", f"stats@{size}/{lang}")
    assert tables_fit(page, f"stats@{size}/{lang}") >= 3
    close_overlay(page)
    page.locator('#saves [data-action="delete"]').click()
    fits(page, "#saves li.save", f"delete-confirm@{size}/{lang}")
    page.locator('#saves [data-action="delete-no"]').click()

    page.locator('#saves [data-action="replay-save"]').click()
    expect(page.locator("#status-line")).to_be_visible()
    no_sideways_scroll(page, f"replay@{size}/{lang}")
    page.locator("details.chart-table summary").click()  # the scores turn by turn
    expect(page.locator("table.race-table")).to_be_visible()
    assert tables_fit(page, f"replay@{size}/{lang}") == 1
    page.locator('[data-action="replay-close"]').first.click()
    page.locator('#saves [data-action="resume"]').click()  # back to the game, for the next
    expect(page.locator("#overlay .scores-dialog")).to_be_visible()


@pytest.mark.parametrize(("size", "lang"), CASES)
def test_the_analysis_fits(tables: Tables, size: str, lang: str) -> None:
    """The analysis of a finished game (its summary and its list of decisions, beside the
    replay) is no wider than the screen."""
    page = tables.page(size, "analysis", analysed_setup)
    set_lang(page, lang)
    expect(page.locator("#analysis .analysis-summary")).to_be_visible()
    no_sideways_scroll(page, f"analysis@{size}/{lang}")
    assert tables_fit(page, f"analysis@{size}/{lang}") >= 1
    box = page.locator("#analysis").bounding_box()
    width = SIZES[size]["viewport"]["width"]
    record(f"analysis-panel@{size}/{lang}", box)
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width, box


@pytest.mark.parametrize(("size", "lang"), CASES)
def test_play_by_links_panel_fits(tables: Tables, size: str, lang: str) -> None:
    """The panel that sends a game by link to the next person: no wider than the screen,
    its buttons within it."""
    page = tables.page(size, "remote", remote_setup)
    set_lang(page, lang)
    panel = page.locator("#actions [data-remote-link]")
    expect(panel).to_have_count(1)
    no_sideways_scroll(page, f"remote@{size}/{lang}")
    width = SIZES[size]["viewport"]["width"]
    for button in page.locator("#actions button").all():
        box = button.bounding_box()
        if box is not None:
            assert box["x"] >= 0 and box["x"] + box["width"] <= width, (button.inner_text(), box)
