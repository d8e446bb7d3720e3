"""Issue 34 in Chromium: a first-time player reaches the setup of a game by link from the
start screen in one tap (a phone, touch) or one click (a desktop), and on a touch device
the link goes out through the system's share sheet (navigator.share, stubbed here by an
init script that records the call) with whose turn, which game and the game's address."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, expect
from samarkand_web.saves.remote import decode_link

from tests.e2e.pages import open_page

PHONE: dict[str, Any] = {"viewport": {"width": 360, "height": 740}, "has_touch": True,
                         "is_mobile": True}
DESKTOP: dict[str, Any] = {"viewport": {"width": 1280, "height": 800}}

# navigator.share as a phone has it, recording what it was given (and resolving, as a
# sheet whose person picked an app does)
SHARE_STUB = """
window.__shared = [];
Object.defineProperty(Navigator.prototype, 'share', {
  configurable: true,
  value: function (data) { window.__shared.push(data); return Promise.resolve(); },
});
"""


@pytest.mark.parametrize("kind", [PHONE, DESKTOP], ids=["360x740-touch", "1280x800"])
def test_a_first_time_player_reaches_the_setup_by_link_in_one_tap(
        fresh_context: Callable[..., BrowserContext], site_url: str,
        kind: dict[str, Any]) -> None:
    """Item 1: nothing opened before, the start screen shows "Play with friends, each on
    their own device" beside "Play against the computer"; one tap (phone) or click
    (desktop) shows the setup by link, its first field focused, "Where" set to by link."""
    page = fresh_context(service_workers="block", **kind).new_page()
    open_page(page, site_url + "index.html")
    entry = page.get_by_role("button", name="Play with friends, each on their own device")
    expect(entry).to_be_visible()
    expect(entry).to_have_attribute("aria-expanded", "false")
    expect(page.locator("#setup")).to_have_count(0)
    entry.tap() if kind.get("has_touch") else entry.click()
    expect(page.locator("#setup")).to_be_visible()
    expect(page.locator("#count")).to_be_focused()
    expect(page.locator("#where")).to_have_value("link")
    expect(page.locator("#remote-note")).to_be_visible()
    expect(entry).to_have_attribute("aria-expanded", "true")
    start = page.locator('#start-form [data-action="start"]')
    start.scroll_into_view_if_needed()
    expect(start).to_be_visible()


def test_on_a_touch_device_the_link_goes_out_through_the_share_sheet(
        fresh_context: Callable[..., BrowserContext], site_url: str) -> None:
    """Item 3: a phone (touch, navigator.share) starts a game by link from the start
    screen, Bob to start on his own device; "Send to Bob" hands the share sheet the
    game's name, "your turn, Bob" with the game's people and turn, and the game's link
    (the one the page shows), and nothing of anybody's cards."""
    ctx = fresh_context(service_workers="block", **PHONE)
    ctx.add_init_script(SHARE_STUB)
    page = ctx.new_page()
    open_page(page, site_url + "index.html")
    page.locator("#setup-link").tap()
    page.locator("#count").select_option("2")
    page.locator("#name0").fill("Ann")
    page.locator("#name1").fill("Bob")
    page.locator("#first").select_option("2")  # Bob starts: the link goes out at once
    page.locator('#start-form [data-action="start"]').tap()
    share = page.locator("#actions #remote-share")
    expect(share).to_be_visible()
    url = page.locator("#actions [data-remote-link]").get_attribute("data-remote-link")
    assert url and url.startswith(site_url + "index.html#r")
    share.tap()
    page.wait_for_function("() => window.__shared.length > 0")
    shared = page.evaluate("window.__shared")
    assert shared == [{"title": "Samarkand",
                       "text": "Samarkand: your turn, Bob (the game of Ann, Bob, turn 1)",
                       "url": url}], json.dumps(shared)
    link, _state = decode_link(url.split("#", 1)[1])
    assert link.to == 1 and link.sender == 0
    expect(page.locator("#actions .copied")).to_have_count(0)  # shared, not copied
