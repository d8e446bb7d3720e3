"""The page laid out around the board, in Chromium.

Measured, not assumed: the rendered height of the smallest word or number on the board
at 1280x800, every opponent's money inside the first screen, no sideways scrolling on
a 360x740 phone, the board on a phone's first screen above the decision bar, tooltips
(hover, focus, long press) and the highlight of a card's space on the map. The figures
go to build/e2e/layout.json, to be read beside the screenshots.

Positions are played with samarkand_core and opened through a share link, as a person
would open one; the offsite guard of conftest.py watches every context.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, ViewportSize, expect

from samarkand_core import GameState, encode_save
from samarkand_core.state import MAIN
from tests.e2e.conftest import OffsiteGuard
from tests.e2e.figures import keep
from tests.e2e.measures import LABEL_SIZES
from tests.e2e.pages import ContextPool, Guard, guarded_page, wait_ready
from tests.e2e.phones import phone_options
from tests.support.web_support import play_until

ROOT = Path(__file__).resolve().parents[2]
DESKTOP: ViewportSize = {"width": 1280, "height": 800}
PHONE: ViewportSize = {"width": 360, "height": 740}
BOTS5 = "&bots=2:heuristic,3:heuristic,4:random,5:random"


def record(key: str, value: Any) -> None:
    """Keep a measured figure for the closing note (build/e2e/layout.json)."""
    keep("layout.json", {key: value})


def midgame(players: int = 5) -> GameState:
    """A position in the middle of a game where seat 1 (the person) chooses a move."""
    return play_until(lambda s: s.turn > 14 and s.phase == MAIN and s.current_player == 0
                      and bool(s.hands[0]) and any(s.tiles[0]), players=players)


def settled(page: Page, script: str, ok: Callable[[float], bool]) -> float:
    """The value of `script` once `ok` holds (a click is handled in a task of its own;
    wait_for_function cannot run under the site's CSP), else its last value."""
    value = float(page.evaluate(script))
    for _ in range(100):
        if ok(value):
            break
        page.wait_for_timeout(50)
        value = float(page.evaluate(script))
    return value


def open_game(page: Page, url: str) -> None:
    page.goto(url)
    wait_ready(page)
    expect(page.locator("#board svg")).to_be_visible()
    for button in page.locator('#messages [data-action="dismiss"]').all():
        button.click()  # "added to your saved games": not part of the layout
    expect(page.locator("#messages .message")).to_have_count(0)


@pytest.fixture
def desk(warm: tuple[BrowserContext, Guard], site_url: str) -> Iterator[Page]:
    """A page of the session's shared desktop context, its storage emptied."""
    yield from guarded_page(warm, site_url)


@pytest.fixture
def phone(context_pool: ContextPool, site_url: str) -> Iterator[Page]:
    """A page of the session's shared phone context (phones.py's, in English: 360x740,
    touch, two device pixels to a CSS pixel), its storage emptied."""
    yield from guarded_page(context_pool.get(**phone_options("en")), site_url)


# --------------------------------------------------------------------------- desktop



def test_smallest_board_label_is_at_least_11px_at_1280x800(desk: Page, site_url: str) -> None:
    """Map labels (space names, goods numbers) at least 11 CSS px at
    1280x800. Every text of the drawing counts: names, numbers, domains, badges."""
    open_game(desk, site_url + "index.html#" + encode_save(midgame()) + BOTS5)
    sizes = desk.evaluate(LABEL_SIZES)
    assert len(sizes) > 150
    smallest = sizes[0]
    smallest_font = min(x["fontPx"] for x in sizes)
    board = desk.locator("#board svg").bounding_box()
    assert board is not None
    record("desktop_1280x800", {
        "smallest_label_height_px": round(smallest["height"], 2),
        "smallest_label_text": smallest["text"],
        "smallest_font_size_px": round(smallest_font, 2),
        "labels_measured": len(sizes),
        "board_px": [round(board["width"]), round(board["height"])],
    })
    assert smallest["height"] >= 11, smallest
    assert smallest_font >= 11, smallest_font


def test_every_opponents_summary_is_in_the_first_viewport(desk: Page, site_url: str) -> None:
    """With five players, every opponent's name, money, families, cards,
    goods and relationship markers are on the first screen without scrolling."""
    state = midgame()
    open_game(desk, site_url + "index.html#" + encode_save(state) + BOTS5)
    assert desk.evaluate("window.scrollY") == 0
    inside = desk.evaluate("""() => Array.from(document.querySelectorAll('#players .player'))
      .map(p => Array.from(p.querySelectorAll('h3, .stat, .fams')).every(el => {
        const r = el.getBoundingClientRect();
        return r.width > 0 && r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight
               && r.right <= innerWidth;
      }))""")
    money = desk.evaluate("""() => Array.from(document.querySelectorAll('#players .money'))
      .map(el => el.getBoundingClientRect().bottom <= innerHeight)""")
    record("desktop_1280x800_opponents", {"players": state.n, "money_in_first_viewport": money,
                                          "whole_summary_in_first_viewport": inside})
    assert money == [True] * state.n
    assert inside == [True] * state.n
    for p in range(1, state.n):
        panel = desk.locator(f'#players .player[data-player="{p}"]')
        expect(panel.locator(".money")).to_contain_text(f"{state.money[p]} dirham")
        fams = sum(1 for t in state.tiles[p] if t)
        expect(panel.locator(".fams svg.chip")).to_have_count(fams)


def test_the_board_fills_its_column_and_the_log_sits_beside_it(desk: Page, site_url: str) -> None:
    """At 1280x800 the board is the main area with no gutter under it,
    the log in the column beside it; the whole page fits the screen."""
    open_game(desk, site_url + "index.html#" + encode_save(midgame()) + BOTS5)
    box = desk.evaluate("""() => {
      const b = document.querySelector('#board svg').getBoundingClientRect();
      const log = document.querySelector('#log').getBoundingClientRect();
      const hand = document.querySelector('#hand').getBoundingClientRect();
      return {board: b.toJSON(), log: log.toJSON(), hand: hand.toJSON(),
              page: document.scrollingElement.scrollHeight, vh: innerHeight, vw: innerWidth};
    }""")
    board, log = box["board"], box["log"]
    assert board["width"] >= 0.7 * box["vw"]
    # beside the board and on the first screen (at a person's turn the recap since their
    # last turn comes first in the column, over the log)
    assert log["left"] >= board["right"] and log["top"] < box["vh"] - 80
    assert box["hand"]["top"] - board["bottom"] < 16  # the hand right under the board
    assert box["page"] <= box["vh"]


def test_wide_screen_board_grows(browser: Browser, site_url: str) -> None:
    """At 1920x1080 the board uses the screen."""
    ctx = browser.new_context(viewport={"width": 1920, "height": 1080})
    guard = OffsiteGuard()
    guard.watch(ctx)
    try:
        page = ctx.new_page()
        open_game(page, site_url + "index.html#" + encode_save(midgame()) + BOTS5)
        board = page.locator("#board svg").bounding_box()
        assert board is not None
        record("desktop_1920x1080", {"board_px": [round(board["width"]),
                                                  round(board["height"])]})
        assert board["width"] >= 1300 and board["y"] + board["height"] <= 1080
    finally:
        ctx.close()
    guard.check()


def test_tooltips_on_cards_spaces_and_domains_and_the_cards_space_lit_up(
        desk: Page, site_url: str) -> None:
    """Hovering or focusing a goods card shows what it is worth and
    highlights its space on the map; spaces and domains have tooltips too; a card
    names the good and number the map shows, never a place it does not."""
    state = midgame()
    board = state.board
    open_game(desk, site_url + "index.html#" + encode_save(state) + BOTS5)
    tip = desk.locator("#tip")
    ring = desk.locator("#board .map-highlight polygon")
    good = state.hands[0][0]
    space = board.good_space[good]
    card = desk.locator(f'#hand .card[data-card="{good}"]')
    expect(card).to_contain_text(board.good_names[good])
    for town in (n for n in board.space_names if n):
        if town != board.good_names[good]:
            assert town not in card.inner_text()
    card.hover()
    expect(tip).to_be_visible()
    expect(tip).to_contain_text(f"{board.good_names[good]} {good}")
    expect(tip).to_contain_text("Worth")
    expect(ring).to_have_count(2)
    lit = ring.first.bounding_box()
    hexagon = desk.locator(f'#board [data-space="{space}"] .hex').bounding_box()
    assert lit and hexagon
    assert abs((lit["x"] + lit["width"] / 2) - (hexagon["x"] + hexagon["width"] / 2)) < 3
    assert abs((lit["y"] + lit["height"] / 2) - (hexagon["y"] + hexagon["height"] / 2)) < 3
    desk.mouse.move(2, 2)
    expect(tip).to_be_hidden()
    expect(ring).to_have_count(0)
    # from the keyboard: a focus the person moves (Tab back onto the card) opens it; the
    # focus given without a key, as the page gives it, does not (browser/tips.py)
    card.focus()
    desk.keyboard.press("Shift+Tab")
    desk.keyboard.press("Tab")
    expect(card).to_be_focused()
    expect(tip).to_be_visible()
    expect(tip).to_contain_text(f"{board.good_names[good]} {good}")
    expect(ring).to_have_count(2)
    desk.keyboard.press("Escape")
    expect(tip).to_be_hidden()
    # a space and a domain
    desk.locator(f'#board [data-space="{board.home[0]}"] .hex').hover()
    expect(tip).to_contain_text(f"Home city of the {board.family_names[0]}")
    fid = board.family_ids[3]
    desk.locator(f'#board [data-family="{fid}"] .domain-box').hover(position={"x": 20, "y": 30})
    expect(tip).to_contain_text(f"Marriage portion: {board.portion[3]} dirhams")
    expect(tip).to_contain_text(f"Camels left: {state.camels_left[3]}")
    # a goods card named in the log lights up its space too
    mention = desk.locator("#log .map-ref[data-map]").first
    mention.hover()
    expect(ring).to_have_count(2)
    record("tooltips", {"card_hover": True, "card_focus": True, "log_mention": True})


def test_married_players_badges_are_on_the_board(desk: Page, site_url: str) -> None:
    """Each family domain shows the badge of every player who married
    in; the strip shows each player's badge beside their name."""
    state = midgame()
    open_game(desk, site_url + "index.html#" + encode_save(state) + BOTS5)
    badges = [desk.locator(f'#players .player[data-player="{p}"] .pbadge').inner_text()
              for p in range(state.n)]
    assert len(set(badges)) == state.n
    for f, fid in enumerate(state.board.family_ids):
        shown = desk.locator(f'#board [data-family="{fid}"] text.tile-badge').evaluate_all(
            "els => els.map(e => e.textContent)")
        expected = [badges[p] for p in range(state.n) for _ in range(state.tiles[p][f])]
        assert sorted(shown) == sorted(expected), fid


# --------------------------------------------------------------------------- phone

def test_phone_never_scrolls_sideways_and_shows_the_board_first(
        phone: Page, site_url: str) -> None:
    """On a 360x740 phone the board starts on the first screen above the
    decision bar fixed at the bottom (drawn upright, it is taller than the screen: the
    page scrolls down it), and the page never scrolls sideways (also zoomed in, and on
    the start of a game)."""
    open_game(phone, site_url + "index.html#" + encode_save(midgame()) + BOTS5)
    layout = """() => {
      const frame = document.querySelector('#board-frame').getBoundingClientRect();
      const bar = document.querySelector('#decision-bar');
      const b = bar.getBoundingClientRect();
      return {scrollWidth: document.scrollingElement.scrollWidth, innerWidth,
              innerHeight, frameTop: frame.top, frameBottom: frame.bottom,
              barTop: b.top, barBottom: b.bottom,
              barPosition: getComputedStyle(bar).position};
    }"""
    first = phone.evaluate(layout)
    assert first["scrollWidth"] <= first["innerWidth"]
    assert first["barPosition"] == "fixed" and abs(first["barBottom"] - 740) < 1
    # most of the first screen above the bar is board
    assert 0 <= first["frameTop"] and first["barTop"] - first["frameTop"] >= 0.6 * (
        first["barTop"])
    assert first["frameBottom"] > first["barTop"]
    expect(phone.locator("#actions")).to_contain_text("tap")
    expect(phone.locator("#actions")).not_to_contain_text("click")
    phone.locator('[data-zoom="in"]').tap()
    phone.locator('[data-zoom="in"]').tap()
    zoomed = phone.evaluate(layout)
    assert zoomed["scrollWidth"] <= zoomed["innerWidth"]
    phone.evaluate("window.scrollTo(400, 0)")
    assert phone.evaluate("window.scrollX") == 0
    record("phone_360x740", {"scrollWidth": first["scrollWidth"],
                             "innerWidth": first["innerWidth"],
                             "scrollWidth_zoomed": zoomed["scrollWidth"],
                             "board_frame_px": [first["frameTop"], first["frameBottom"]],
                             "decision_bar_top": first["barTop"]})


def test_phone_zoom_buttons_and_pinch(phone: Page, site_url: str) -> None:
    """Zoom by buttons (+, -, fit) and by a two-finger pinch. An upright phone starts with
    the board's whole width (its names readable at that size: tests/e2e/test_phone.py)."""
    open_game(phone, site_url + "index.html#" + encode_save(midgame()) + BOTS5)
    width = "() => document.querySelector('#board svg').getBoundingClientRect().width"
    frame = phone.evaluate("() => document.querySelector('#board-frame').clientWidth")
    start = phone.evaluate(width)
    assert abs(start - frame) < 2  # the upright board's whole width
    phone.locator('[data-zoom="fit"]').tap()
    assert abs(settled(phone, width, lambda w: abs(w - frame) < 2) - frame) < 2
    phone.locator('[data-zoom="in"]').tap()
    assert settled(phone, width, lambda w: w > frame * 1.4) > frame * 1.4
    phone.locator('[data-zoom="out"]').tap()
    assert abs(settled(phone, width, lambda w: abs(w - frame) < 2) - frame) < 2
    # a pinch: two fingers moving apart on the board
    cdp = phone.context.new_cdp_session(phone)
    box = phone.locator("#board-wrap").bounding_box()
    assert box is not None
    # between the fingers: the middle of the part of the board on the screen (the
    # upright board is taller than it)
    cx = box["x"] + box["width"] / 2
    cy = (max(box["y"], 0) + min(box["y"] + box["height"], 740 - 200)) / 2

    def touch(kind: str, gap: float) -> None:
        points = [] if kind == "touchEnd" else [
            {"x": cx - gap, "y": cy, "id": 1}, {"x": cx + gap, "y": cy, "id": 2}]
        cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})

    touch("touchStart", 30)
    for gap in range(35, 95, 10):
        touch("touchMove", gap)
    touch("touchEnd", 0)
    pinched = settled(phone, width, lambda w: w > frame * 2)
    record("phone_pinch", {"fit_width": frame, "after_pinch_width": pinched})
    assert pinched > frame * 2


def test_phone_long_press_shows_a_tooltip(phone: Page, site_url: str) -> None:
    """On a touch screen a long press shows the tooltip (and does not
    count as a tap on the board)."""
    state = midgame()
    open_game(phone, site_url + "index.html#" + encode_save(state) + BOTS5)
    phone.locator('[data-zoom="fit"]').tap()
    fid = state.board.family_ids[0]
    box = phone.locator(f'#board [data-family="{fid}"] .domain-box').bounding_box()
    assert box is not None
    cdp = phone.context.new_cdp_session(phone)
    x, y = box["x"] + 10, box["y"] + box["height"] - 6
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart",
                                          "touchPoints": [{"x": x, "y": y, "id": 1}]})
    tip = phone.locator("#tip")
    expect(tip).to_be_visible(timeout=5000)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    expect(tip).to_contain_text("Marriage portion")
    # a tap elsewhere closes it (a tap on the map would only close it: test_tooltips);
    # then a tap on a space that is not a choice shows what it is
    phone.locator("#status-line").tap()
    expect(tip).to_be_hidden()
    phone.locator(f'#board [data-space="{state.board.home[1]}"] .hex').tap()
    expect(tip).to_contain_text("Home city")
