"""The guided first game in Chromium: started by ?guide=1, from the start screen and from
the Rules panel; followed from its first step to its last, every highlighted target is a
legal move at that moment (a board piece marked legal, an enabled control of the
decision) and is accepted (the guide moves on, no error); leaving it mid-way leaves a
normal game."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from tests.e2e.guide_steps import SIGNATURE, STEP_MS, WAITING, next_signature, take_step
from tests.e2e.pages import Guard, guarded_page, wait_ready

MAX_STEPS = 60


@pytest.fixture
def gpage(warm: tuple[BrowserContext, Guard], site_url: str) -> Iterator[Page]:
    for page in guarded_page(warm, site_url):
        page.set_default_timeout(60_000)
        yield page


def open_guide(page: Page, url: str) -> None:
    page.goto(url)
    wait_ready(page)
    expect(page.locator("#guide")).to_be_visible()


def test_the_guided_game_from_its_first_step_to_its_last(gpage: Page, site_url: str) -> None:
    page = gpage
    open_guide(page, site_url + "index.html?guide=1&speed=instant")
    expect(page.locator("#guide")).to_contain_text("Step 1")
    used: list[str] = []
    sig = str(page.evaluate(SIGNATURE))
    for _ in range(MAX_STEPS):
        page.wait_for_function(WAITING, timeout=STEP_MS)  # (not while the bots play)
        if page.locator("#guide-finish").count():
            break
        used.append(take_step(page))
        sig = next_signature(page, sig)
    else:
        raise AssertionError(f"no last step after {used}")
    # the last step: its own button ends the guide; the game goes on as a normal game
    assert {"button:confirm-marriage", "button:discard"} <= set(used), used
    assert any(u.startswith("space:") for u in used) and any(
        u.startswith("family:") for u in used), used
    page.locator("#guide-finish").click()
    expect(page.locator("#guide")).to_have_count(0)
    expect(page.locator("#board .suggested, #actions .guided")).to_have_count(0)
    expect(page.locator("#actions .decision")).to_be_visible()


def test_leaving_the_guide_mid_way_gives_a_normal_game(gpage: Page, site_url: str) -> None:
    page = gpage
    open_guide(page, site_url + "index.html?guide=1&speed=instant")
    sig = str(page.evaluate(SIGNATURE))
    for _ in range(3):  # marry, draw the cards, keep them
        take_step(page)
        sig = next_signature(page, sig)
    page.locator("#guide-leave").click()  # (the bots may be playing: it is there too)
    expect(page.locator("#guide")).to_have_count(0)
    expect(page.locator("#board .suggested, #actions .guided")).to_have_count(0)
    # a normal game: the person's legal moves are offered, and one is played
    legal = page.locator("#board [data-space].legal")
    expect(legal.first).to_be_visible(timeout=STEP_MS)
    turn = page.locator("#status-line").inner_text()
    legal.first.click()
    expect(page.locator("#status-line")).not_to_have_text(turn, timeout=STEP_MS)
    expect(page.locator("#messages .message.error")).to_have_count(0)
    # and it is saved as any game (a reload opens it, without the guide)
    page.reload()
    wait_ready(page)
    expect(page.locator("#actions")).to_be_visible()
    expect(page.locator("#guide")).to_have_count(0)


def test_the_start_screen_and_the_rules_start_the_guided_game(
        gpage: Page, site_url: str) -> None:
    page = gpage
    page.goto(site_url + "index.html?lang=it")
    wait_ready(page)
    page.locator("#guide-start-button").click()
    expect(page.locator("#guide")).to_contain_text("Prima partita guidata")
    expect(page.locator("#board .suggested")).to_have_count(1)
    page.locator("#guide-leave").click()
    page.locator("#rules-button").click()
    page.locator("#rules-guide").click()
    expect(page.locator("#overlay .rules-dialog")).to_have_count(0)
    expect(page.locator("#guide")).to_be_visible()
    expect(page.locator("#guide")).to_contain_text("Passo 1")
