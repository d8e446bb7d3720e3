"""Prepared answers in Chromium (docs/phone.md, "Prepared answers"): a person who reads
the board before each click finds its answer prepared by the worker and shown in the
click's own task, and the game so played is the game saved: opened again, the page
shows the same position, and its save is the one the page had written."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from playwright.sync_api import BrowserContext, ConsoleMessage, Page, expect

from tests.e2e.pages import Guard, answered, guarded_page, play_one_step, wait_ready

GAME = "index.html?players=Ann,bot:random&first=1&seed=4&speed=instant"
SAVES = """() => Object.fromEntries(Object.keys(localStorage)
  .filter(k => k.startsWith('samarkand.save.')).map(k => [k, localStorage.getItem(k)]))"""
READING_MS = 400  # a person reads the board before a click (the bench clicks at once)


@pytest.fixture
def desk(warm: tuple[BrowserContext, Guard], site_url: str) -> Iterator[Page]:
    for page in guarded_page(warm, site_url):
        page.set_default_timeout(60_000)
        yield page


def test_clicks_after_a_look_at_the_board_are_answered_from_prepared_answers(
        desk: Page, site_url: str) -> None:
    errors: list[str] = []

    def console(message: ConsoleMessage) -> None:
        if message.type == "error":
            errors.append(message.text)

    desk.on("console", console)
    desk.on("pageerror", lambda exc: errors.append(str(exc)))
    desk.goto(site_url + GAME)
    wait_ready(desk)
    rng = random.Random(3)
    clicks = 0
    for _ in range(30):
        answered(desk)
        desk.wait_for_timeout(READING_MS)
        before = desk.evaluate("window.samarkandTimings.length")
        if not play_one_step(desk, rng):
            break
        clicks += desk.evaluate("window.samarkandTimings.length") - before
    answered(desk)
    shown = desk.evaluate("window.samarkandPreparedShown()")
    assert clicks >= 10
    assert shown >= 1, f"none of {clicks} clicks found its answer prepared"
    assert not errors, errors

    expect(desk.locator("#actions .decision")).not_to_have_count(0)  # Ann's turn: bots done
    answered(desk)
    status = desk.locator("#status-line").inner_text()
    saves = desk.evaluate(SAVES)
    assert len(saves) == 1
    desk.reload()
    wait_ready(desk)
    expect(desk.locator("#status-line")).to_have_text(status)
    assert desk.evaluate(SAVES) == saves
