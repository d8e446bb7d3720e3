"""A camel placed and not yet confirmed survives a reload, in Chromium: the page opened
again shows it where it was, still pending (the turn's second camel is asked for, "Take
back" is offered), and the saved game still holds the committed moves only."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from samarkand_core import encode_save
from tests.e2e.pages import Guard, guarded_page, wait_ready
from tests.support.web_support import found_in_play, two_quiet_camels

# the saved games as stored (the page's own keys)
STORED = """() => Object.fromEntries(Object.keys(localStorage)
  .filter(k => k.startsWith('samarkand.save.')).map(k => [k, localStorage.getItem(k)]))"""
CAMELS = """f => document.querySelectorAll(`#board [data-camel="${f}"]`).length"""


@pytest.fixture
def desk(warm: tuple[BrowserContext, Guard], site_url: str) -> Iterator[Page]:
    """A page of the session's shared 1280x800 context, its storage emptied."""
    for page in guarded_page(warm, site_url):
        page.set_default_timeout(60_000)
        yield page


def test_an_unconfirmed_camel_is_still_there_after_a_reload(desk: Page, site_url: str) -> None:
    s, (first, _second) = found_in_play(two_quiet_camels, players=2)
    desk.goto(site_url + "index.html#" + encode_save(s) + "&bots=2:random")
    wait_ready(desk)
    expect(desk.locator("#status-line")).to_be_visible()
    for button in desk.locator('#messages [data-action="dismiss"]').all():
        button.click()
    camels = desk.evaluate(CAMELS, first.family)
    expand = desk.locator(f'#actions [data-action="expand"][data-value="{first.family}"]')
    if expand.count() and expand.get_attribute("aria-pressed") != "true":
        expand.click()
    desk.locator(f'#board [data-space="{first.space}"]').click()
    expect(desk.locator("#take-back")).to_be_visible()
    assert desk.evaluate(CAMELS, first.family) == camels + 1
    saved = desk.evaluate(STORED)
    assert "?game=" in desk.url

    desk.reload()
    wait_ready(desk)
    expect(desk.locator("#status-line")).to_be_visible()
    assert desk.evaluate(CAMELS, first.family) == camels + 1  # where it was placed
    expect(desk.locator("#take-back")).to_be_visible()  # still pending: it can go back
    assert desk.evaluate(STORED) == saved  # the save holds committed moves only
    (entry,) = (json.loads(v) for v in saved.values())
    assert entry["code"] == encode_save(s)

    desk.locator("#take-back").click()
    expect(desk.locator("#take-back")).to_have_count(0)
    assert desk.evaluate(CAMELS, first.family) == camels
