"""axe-core on every screen of the page, at 1280x800 and 360x740: zero
violations. axe (pinned in tests/e2e/test-tools.lock.json, fetched by web/tools/build.py into
build/test-tools/, never part of the site) is added to each page by Playwright's
add_init_script: the browser runs it as DevTools would, so the site's own CSP headers
stay as strict as they are (conftest's guard fails a test on any CSP violation).

Each screen's violation count is written to build/e2e/axe.json for the closing note."""

from __future__ import annotations

import importlib.util
import json
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Page, Route, expect

from samarkand_core import GameState, Place, apply_action, encode_save, legal_actions
from samarkand_core.state import MAIN, SELL
from tests.e2e.figures import keep
from tests.e2e.pages import ContextPool, Guard, guarded_page, place_camel, wait_ready
from tests.support.web_support import found_in_play, play_until, random_game, two_quiet_camels

ROOT = Path(__file__).resolve().parents[2]
VIEWPORTS = {"desktop": {"width": 1280, "height": 800},
             "phone": {"width": 360, "height": 740}}
COUNTS: dict[str, int] = {}


def _build() -> Any:
    spec = importlib.util.spec_from_file_location("samarkand_web_build_a11y",
                                                  ROOT / "web" / "tools" / "build.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="session")
def axe_source() -> str:
    """axe.min.js, fetched and hash-checked into build/test-tools/ if it is not there."""
    build = _build()
    path = build.TEST_TOOLS / "axe-core" / "axe.min.js"
    if not path.is_file():
        build.build_test_tools()
    return path.read_text()


@pytest.fixture(scope="module", autouse=True)
def write_counts() -> Iterator[None]:
    yield
    keep("axe.json", COUNTS)


def axe_violations(page: Page, within: str | None = None) -> list[dict[str, Any]]:
    """axe's violations of the page as it is now, or of the part the selector `within`
    picks (WCAG 2.x A and AA, best practices)."""
    return list(page.evaluate("""async (within) => {
        const r = await axe.run(within ?? document, {resultTypes: ['violations']});
        return r.violations.map(v => ({id: v.id, impact: v.impact, help: v.help,
            nodes: v.nodes.slice(0, 4).map(n => n.target.join(' ') + ' :: ' +
                                              n.failureSummary)}));
    }""", within))


def check(page: Page, screen: str, viewport: str, within: str | None = None) -> None:
    """axe finds nothing on the page (recorded as screen@viewport). With `within`, only
    that part, and at once: it shows a passing state (the coach or the analysis thinking)
    that a pause could miss."""
    if within is None:
        page.wait_for_timeout(200)  # let a focus move or an animation frame settle
    found = axe_violations(page, within)
    COUNTS[f"{screen}@{viewport}"] = len(found)
    assert found == [], json.dumps(found, indent=1)


def check_shown(page: Page, selector: str, screen: str, viewport: str) -> None:
    """Once `selector` shows: axe finds nothing on the page (recorded as screen@viewport)."""
    expect(page.locator(selector)).to_be_visible()
    check(page, screen, viewport)


def screen_options(name: str) -> dict[str, Any]:
    """The context's options for a screen: its size, and touch on the phone."""
    extra = {"has_touch": True, "is_mobile": True} if name == "phone" else {}
    return {"viewport": VIEWPORTS[name], **extra}


@pytest.fixture(scope="module", params=list(VIEWPORTS))
def screen(request: pytest.FixtureRequest, context_pool: ContextPool,
           axe_source: str) -> tuple[tuple[BrowserContext, Guard], str]:
    """One context a screen size (the session's pool's, of its own: axe is added to
    each of its pages), shared by these tests: each test's page starts from its service
    worker and snapshot instead of downloading and booting Python anew."""
    name = request.param
    return context_pool.get("axe", lambda ctx: ctx.add_init_script(script=axe_source),
                        **screen_options(name)), name


@pytest.fixture
def apage(screen: tuple[tuple[BrowserContext, Guard], str],
          site_url: str) -> Iterator[tuple[Page, str]]:
    """A page of the screen's shared context, the site's storage emptied first."""
    warm, name = screen
    for page in guarded_page(warm, site_url):
        yield page, name


@pytest.fixture(params=list(VIEWPORTS))
def cold_apage(request: pytest.FixtureRequest, fresh_context: Callable[..., BrowserContext],
               axe_source: str) -> Iterator[tuple[Page, str]]:
    """A page of a new context (no cache, no service worker yet), axe added."""
    name = request.param
    ctx = fresh_context(**screen_options(name))
    ctx.add_init_script(script=axe_source)
    yield ctx.new_page(), name


def open_page(page: Page, url: str) -> None:
    page.goto(url)
    wait_ready(page)


def link(state: GameState, base: str, bots: str = "") -> str:
    return f"{base}index.html#{encode_save(state)}" + (f"&bots={bots}" if bots else "")


def test_start_screen_and_saved_games(apage: tuple[Page, str], site_url: str) -> None:
    page, vp = apage
    open_page(page, site_url + "index.html")
    check_shown(page, "#new-game", "start", vp)
    page.locator("#setup-toggle").click()  # the full setup
    expect(page.locator("#setup")).to_be_visible()
    check(page, "start-setup", vp)
    page.locator("#start-form summary").click()  # More options: the seed
    check(page, "start-more-options", vp)
    open_page(page, site_url + "index.html?players=Ann,bot:random&seed=3")
    page.locator('#header [data-action="home"]').click()
    expect(page.locator("#saves li.save")).to_have_count(1)
    check(page, "saved-games", vp)
    page.locator('#saves [data-action="delete"]').click()
    check(page, "saved-games-delete", vp)


def test_board_own_turn_rules_and_take_back(apage: tuple[Page, str], site_url: str) -> None:
    page, vp = apage
    open_page(page, site_url + "index.html?players=Ann,bot:heuristic&seed=81&first=1")
    check_shown(page, "#actions .decision", "own-turn", vp)
    page.locator("#board [data-family].legal").first.click()
    check_shown(page, "#confirm-marriage", "marriage-pending", vp)
    page.locator("#rules-button").click()
    check_shown(page, "#overlay .rules-dialog", "rules", vp)
    page.keyboard.press("Escape")
    page.locator("#confirm-marriage").click()
    check_shown(page, '#actions [data-action="discard"]', "discard", vp)


def test_sale(apage: tuple[Page, str], site_url: str) -> None:
    page, vp = apage

    def sells_to_ann(s: GameState) -> bool:
        return s.phase == MAIN and s.turn_player == 1 and any(
            isinstance(a, Place) and (t := apply_action(s, a)).phase == SELL
            and t.pending_holder == 0 for a in legal_actions(s))

    s = play_until(sells_to_ann, players=2)
    a = next(a for a in legal_actions(s) if isinstance(a, Place)
             and apply_action(s, a).phase == SELL and apply_action(s, a).pending_holder == 0)
    open_page(page, link(apply_action(s, a), site_url, "2:random"))
    check_shown(page, '#actions [data-action="sell"]', "sale", vp)
    # hotseat (no bots): the public sale window (docs/rules.md, Goods), then its names
    page.goto(site_url + "bare.html")
    page.evaluate("localStorage.clear()")
    open_page(page, link(apply_action(s, a), site_url))
    check_shown(page, "#overlay .sale-window #sale-pass", "sale-window", vp)
    page.locator("#overlay #sale-claim").click()
    check_shown(page, "#overlay #sale-claim-0", "sale-window-names", vp)


def test_curtain_and_recap(apage: tuple[Page, str], site_url: str) -> None:
    page, vp = apage
    open_page(page, site_url + "index.html?players=Ann,Bob,Cem&seed=5&first=1")
    check_shown(page, "#overlay .curtain", "curtain", vp)
    page.locator("#overlay #reveal").click()
    page.locator("#board [data-family].legal").first.click()
    page.locator("#confirm-marriage").click()
    page.locator('#actions [data-action="discard"]').click()
    check_shown(page, "#overlay .curtain .recap", "curtain-recap", vp)
    page.locator("#overlay #reveal").click()
    expect(page.locator("#recap .recap, #actions .recap-fold")).to_have_count(2)
    if vp == "phone":
        page.locator("#recap-toggle").click()
    check(page, "recap", vp)


def test_held_turn_and_second_camel(apage: tuple[Page, str], site_url: str) -> None:
    page, vp = apage
    s, (a, b) = found_in_play(two_quiet_camels, players=2)
    open_page(page, link(s, site_url, "2:random"))
    place_camel(page, a)
    check_shown(page, "#take-back", "second-camel", vp)
    page.locator(f'#board [data-space="{b.space}"].legal').click()
    expect(page.locator("#end-turn")).to_be_focused()
    check(page, "turn-complete", vp)


def test_scores(apage: tuple[Page, str], site_url: str) -> None:
    page, vp = apage
    open_page(page, link(random_game(3, 2), site_url))
    check_shown(page, "#overlay .scores-dialog", "scores", vp)


def test_start_screen_while_loading_and_a_finished_save(
        cold_apage: tuple[Page, str], site_url: str) -> None:
    """The start screen before the page is live (controls said not to be live
    yet, a start click kept; the first visit of this context, before a service worker
    could answer in place of the held download); a finished game in the saves list."""
    page, vp = cold_apage
    held: list[Route] = []
    page.route("**/vendor/app/samarkand-*.bin", lambda route: held.append(route))
    page.goto(site_url + "index.html")
    expect(page.locator("#early-note")).to_be_visible()
    check(page, "start-loading", vp)
    page.locator("#quick-play").click()
    expect(page.locator("#quick-play")).to_have_attribute("aria-busy", "true")
    check(page, "start-loading-kept", vp)
    assert page.locator("body").get_attribute("data-ready") is None  # still loading
    for route in held:
        route.fallback()
    wait_ready(page)
    expect(page.locator("#game")).to_be_visible()  # the kept click, carried out
    page.unroute("**/vendor/app/samarkand-*.bin")
    open_page(page, link(random_game(2, 7), site_url))
    page.keyboard.press("Escape")
    page.locator('#header [data-action="home"]').click()
    expect(page.locator("#saves .finished-tag")).to_have_count(1)
    check(page, "saved-games-finished", vp)


def bots_for(state: GameState, person: int, level: str = "heuristic") -> str:
    """The link's bots: every seat but the person's (seats are counted from 1)."""
    return ",".join(f"{q + 1}:{level}" for q in range(state.n) if q != person)


def test_coach(apage: tuple[Page, str], site_url: str) -> None:
    """The coach: thinking, a suggested marriage, a suggested camel (its space
    and its family's button marked), and the coach switched off. The end screen's count
    is in test_scores (every finished game with people shows it)."""
    from tests.support.positions import position

    page, vp = apage
    open_page(page, site_url + "index.html?players=Ann,bot:heuristic&seed=81&first=1")
    page.locator("#coach-suggest").click()
    # Thinking lasts about a second or two: axe looks at the decision while it is shown.
    check(page, "coach-thinking", vp, within="#decision-bar")
    expect(page.locator("#coach-advice")).to_be_visible(timeout=120_000)
    check(page, "coach-marriage", vp)
    s = position(3, "main", 0)  # the coach suggests a camel; two families to choose from
    p = s.current_player
    open_page(page, f"{site_url}index.html#{encode_save(s)}&bots={bots_for(s, p)}")
    page.locator("#coach-suggest").click()
    expect(page.locator("#coach-advice")).to_be_visible(timeout=120_000)
    expect(page.locator("#board [data-space].suggested")).to_have_count(1)
    expect(page.locator("#actions .family-choice.suggested")).to_have_count(1)
    check(page, "coach-camel", vp)
    page.locator("#coach-switch").click()
    expect(page.locator("#coach-switch")).to_have_attribute("aria-checked", "false")
    check(page, "coach-off", vp)


def test_play_by_link(apage: tuple[Page, str], site_url: str) -> None:
    """Play by link: the form's choice and its note, a device opening a link (the
    recipient's own view), the panel that sends the game on with its QR code and the
    game's links, and the saves list's status."""
    import random

    from samarkand_web.saves.remote import RemoteLink, Send, encode_link

    from samarkand_core import new_game
    from tests.e2e.links import open_link, play_until_link, settled

    page, vp = apage
    open_page(page, site_url + "index.html")
    page.locator("#setup-toggle").click()  # the full setup, folded away at first
    page.locator("#where").select_option("link")
    expect(page.locator("#remote-note")).to_be_visible()
    check(page, "remote-form", vp)
    s = new_game(["Ann", "Bob"], 12, 1)  # Bob starts: the link is for him
    sent = RemoteLink(encode_save(s), ("human", "human"), 1, 0, (Send(0, 0, 1, 29_000_000),))
    open_page(page, f"{site_url}index.html#{encode_link(sent)}")
    settled(page)
    # a device new to the game asks who plays on it before it shows anything (issue 39, W3)
    question = page.locator("#overlay .remote-seat")
    expect(question).to_be_visible()
    check(page, "remote-seat", vp)
    question.locator("button.primary").click()
    expect(page.locator("#hand [data-card]").first).to_be_visible()
    check(page, "remote-recipient", vp)
    play_until_link(page, random.Random(2))
    page.locator("#remote-qr-toggle").click()
    expect(page.locator("#actions svg.qr")).to_be_visible()
    page.locator("#actions .remote-links summary").click()
    check(page, "remote-send", vp)
    page.locator('#header [data-action="home"]').click()
    expect(page.locator("#saves li.save")).to_contain_text("waiting for Ann")
    check(page, "remote-saves", vp)
    # a sale round's question on the device of a person who holds the card
    from samarkand_core import apply_action
    from tests.e2e.links import round_ends_with_holder
    from tests.support.web_support import found_in_play

    state, place = found_in_play(round_ends_with_holder, players=3)
    after = apply_action(state, place)
    people = ("human",) * 3
    asked = RemoteLink(encode_save(after), people, after.pending_holder, 0,
                       (Send(len(after.actions), 0, after.pending_holder, 29_000_000, True),))
    open_link(page, f"{site_url}index.html#{encode_link(asked)}")
    expect(page.locator("#actions #round-keep")).to_be_visible()
    check(page, "remote-round", vp)


def test_analysis_and_statistics(apage: tuple[Page, str], site_url: str) -> None:
    """The analysis on the replay (running: its progress bar and Stop; then its list and
    the marked chart) and the statistics dialog over the saves list."""
    from tests.e2e.games import ANALYSED, ANALYSIS_TIMEOUT

    page, vp = apage
    open_page(page, link(ANALYSED, site_url))
    page.locator('#overlay [data-action="analyse"]').click()
    expect(page.locator("#analysis-bar")).to_be_visible()
    check(page, "analysis-running", vp, within="#analysis")
    expect(page.locator("#analysis .analysis-summary")).to_be_visible(timeout=ANALYSIS_TIMEOUT)
    check(page, "analysis", vp)
    page.locator('[data-action="replay-close"]').click()
    page.locator('#overlay [data-action="home"]').click()
    page.locator("#stats-open").click()
    expect(page.locator("#overlay .stats-dialog")).to_be_visible()
    check(page, "statistics", vp)


def test_bot_moves(apage: tuple[Page, str], site_url: str) -> None:
    """The bots' moves marked on the board with their captions, and "Watch again"
    running (its status and its Stop)."""
    from tests.e2e.games import bots_next_link

    page, vp = apage
    open_page(page, bots_next_link(site_url))
    expect(page.locator("#watch-again")).to_be_visible(timeout=120_000)
    expect(page.locator("#board [data-bot-action]").first).to_be_visible()
    check(page, "bot-moves", vp)
    page.locator("#watch-again").click()
    check_shown(page, "#watch-stop", "bot-moves-watching", vp)


def test_guided_first_game(apage: tuple[Page, str], site_url: str) -> None:
    """The guided first game's screens: its panel and the marked targets of its first
    steps (a domain, the marriage's button, the discard, a space after the bots)."""
    page, vp = apage
    open_page(page, site_url + "index.html?guide=1&speed=instant")
    expect(page.locator("#board .suggested")).to_have_count(1)
    check(page, "guide-marry", vp)
    page.locator("#board .suggested").click()
    expect(page.locator("#confirm-marriage.guided")).to_be_visible()
    check(page, "guide-draw", vp)
    page.locator("#confirm-marriage").click()
    expect(page.locator("#actions button.guided")).to_be_visible()
    check(page, "guide-discard", vp)
    page.locator("#actions button.guided").click()
    expect(page.locator("#board .suggested")).to_have_count(1, timeout=60_000)
    check(page, "guide-expand", vp)
