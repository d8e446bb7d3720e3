"""A newcomer's first game in Chromium: one click to a game against the
computer, a click made while the page loads carried out once it is ready, a finished game
in the saves list offering its replay, the coach's counts travelling in a share link."""

from __future__ import annotations

import re
from collections.abc import Callable

from playwright.sync_api import BrowserContext, Page, Route, expect

from samarkand_core import encode_save
from tests.e2e.pages import answered, go_home, open_page, wait_ready
from tests.support.web_support import random_game

BUNDLE = "**/vendor/app/samarkand-*.bin"  # the game's code (web/boot.py): Python waits for it


def held_bundle(page: Page) -> list[Route]:
    """Hold the code bundle's download until the test lets it go (route.fallback): the
    start screen shows and takes clicks, and the page cannot be live before."""
    held: list[Route] = []
    page.route(BUNDLE, lambda route: held.append(route))
    return held


def let_go(page: Page, held: list[Route]) -> None:
    for _ in range(1200):  # the download is asked for with the page (first.js)
        if held:
            break
        page.wait_for_timeout(100)
    assert held, "the code bundle was never asked for"
    for route in held:
        route.fallback()
    wait_ready(page)


def test_one_click_to_a_game_against_the_computer_and_the_name_is_remembered(
        fresh_context: Callable[..., BrowserContext], site_url: str) -> None:
    page = fresh_context(service_workers="block").new_page()
    open_page(page, site_url + "index.html")
    page.locator("#my-name").fill("Zoë")
    page.locator("#quick-play").click()  # the one click
    expect(page.locator("#game")).to_be_visible()
    expect(page).to_have_url(re.compile(r"\?game="))
    players = page.locator("#players")
    expect(players).to_contain_text("Zoë")
    expect(players).to_contain_text("Bot 2 (Medium)")
    expect(players).to_contain_text("Bot 3 (Medium)")
    # the next visit: the name is there before Python runs (first.js) and after
    held = held_bundle(page)
    page.goto(site_url + "index.html")
    expect(page.locator("#my-name")).to_have_value("Zoë")
    let_go(page, held)
    expect(page.locator("#my-name")).to_have_value("Zoë")


def test_the_full_setup_is_one_click_away(fresh_context: Callable[..., BrowserContext],
                                          site_url: str) -> None:
    page = fresh_context(service_workers="block").new_page()
    open_page(page, site_url + "index.html")
    expect(page.locator("#setup")).to_have_count(0)
    toggle = page.locator("#setup-toggle")
    expect(toggle).to_have_attribute("aria-expanded", "false")
    toggle.click()
    expect(page.locator("#count")).to_be_focused()
    expect(toggle).to_have_attribute("aria-expanded", "true")
    expect(page.locator("#start-form .seat-row")).to_have_count(3)
    page.locator('#start-form [data-action="start"]').click()
    expect(page.locator("#game")).to_be_visible()


def test_a_click_made_while_loading_is_carried_out_when_the_game_is_ready(
        fresh_context: Callable[..., BrowserContext], site_url: str) -> None:
    """The start screen shows long before the page is live; a name typed and a click on
    "Play against the computer" meanwhile are kept, the button says so, and the game
    starts (with that name) once the page is ready. What does not work yet says so."""
    page = fresh_context(service_workers="block").new_page()
    held = held_bundle(page)
    page.goto(site_url + "index.html")
    play = page.locator("#quick-play")
    expect(play).to_be_visible()
    lang = page.locator("#header select")
    expect(lang).to_have_attribute("aria-disabled", "true")  # not live yet, and says so
    expect(page.locator("#early-note")).to_be_visible()
    expect(lang).to_be_disabled()  # what assistive technology and Playwright see
    lang.focus()
    page.keyboard.press("ArrowDown")  # a key on it changes nothing
    expect(lang).to_have_value("en")
    page.locator("#my-name").fill("Ann")
    play.click()
    expect(play).to_have_attribute("aria-busy", "true")
    expect(play).to_have_text("Starting as soon as the game is ready…")
    assert page.locator("body").get_attribute("data-ready") is None  # the click came first
    let_go(page, held)
    expect(page.locator("#game")).to_be_visible()
    expect(page.locator("#players")).to_contain_text("Ann")
    expect(page.locator("#players")).to_contain_text("Bot 2 (Medium)")


def test_a_name_typed_while_loading_is_kept(fresh_context: Callable[..., BrowserContext],
                                            site_url: str) -> None:
    page = fresh_context(service_workers="block").new_page()
    held = held_bundle(page)
    page.goto(site_url + "index.html?lang=de")
    page.locator("#my-name").fill("Jörg")
    let_go(page, held)
    expect(page.locator("#my-name")).to_have_value("Jörg")
    expect(page.locator("#home")).to_be_visible()  # nothing was started


def test_a_finished_game_in_the_saves_list_offers_its_replay(
        fresh_context: Callable[..., BrowserContext], site_url: str) -> None:
    page = fresh_context(service_workers="block").new_page()
    open_page(page, site_url + f"index.html#{encode_save(random_game(2, 7))}")
    expect(page.locator("#overlay")).to_be_visible()  # the final scores
    page.keyboard.press("Escape")
    answered(page)  # the worker's answer to the key closes the scores
    go_home(page)
    save = page.locator("#saves li.save")
    expect(save).to_have_count(1)
    expect(save.locator(".finished-tag")).to_have_text("Finished")
    expect(save.locator('[data-action="resume"]')).to_have_text("Final scores")
    expect(save).not_to_contain_text("Resume")
    replay = save.locator('[data-action="replay-save"]')
    expect(replay).to_have_class("primary")
    replay.click()
    expect(page.locator("#status-line")).to_contain_text("move")


def test_a_share_link_carries_the_coachs_counts(
        fresh_context: Callable[..., BrowserContext], site_url: str) -> None:
    """A game opened from a link with counts shows them at the end; the share link it
    gives carries them on, and a copy opened from that link shows them too."""
    game = random_game(2, 9)
    page = fresh_context(service_workers="block").new_page()
    open_page(page, site_url + f"index.html#{encode_save(game)}&coached=2,1")
    scores = page.locator("#overlay")
    expect(scores.locator('[data-coach-used="0"]')).to_contain_text("2 suggestions")
    expect(scores.locator('[data-coach-used="1"]')).to_contain_text("1 suggestion")
    scores.locator('[data-action="share"]').click()
    link = page.locator("#share-link").input_value()
    assert link.endswith(f"#{encode_save(game)}&coached=2,1"), link
    other = fresh_context(service_workers="block").new_page()  # another device
    open_page(other, link)
    expect(other.locator('#overlay [data-coach-used="0"]')).to_contain_text("2 suggestions")
