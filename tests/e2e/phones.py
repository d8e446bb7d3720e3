"""A phone held upright in Chromium (360x740, touch) with a game against a bot open, the
person first (seed 81), in a given language; the page's language read back; the
person's turn awaited. Shared by tests/e2e/test_phone.py and test_phone_reach.py.
"""

from __future__ import annotations

from collections.abc import Callable

from playwright.sync_api import BrowserContext, Page, ViewportSize, expect

from tests.e2e.pages import answered, open_page

PHONE: ViewportSize = {"width": 360, "height": 740}
NAMES = {"en": "Ann", "de": "Anna", "fr": "Anne"}


def game_url(site_url: str, lang: str) -> str:
    return (site_url + f"index.html?players={NAMES[lang]},bot:random&seed=81&first=1"
            "&speed=instant")


def open_phone(fresh_context: Callable[..., BrowserContext], site_url: str,
               lang: str) -> Page:
    """A phone in `lang`, with a game against a bot open, the person first (seed 81)."""
    ctx = fresh_context(viewport=PHONE, has_touch=True, is_mobile=True,
                        device_scale_factor=2, locale=lang)
    page = ctx.new_page()
    open_page(page, game_url(site_url, lang))
    expect(page.locator("html")).to_have_attribute("lang", lang)
    expect(page.locator("#board svg")).to_be_visible()
    for button in page.locator('#messages [data-action="dismiss"]').all():
        button.tap()  # "added to your saved games": not part of the layout
    return page


def lang_of(page: Page) -> str:
    return str(page.locator("html").get_attribute("lang"))


def wait_for_my_turn(page: Page) -> None:
    # the click's answer first: until it is drawn, the page still shows the turn the
    # click ended (the person's name and a decision), which would pass at once
    answered(page)
    name = NAMES[lang_of(page)]
    expect(page.locator("#status-line")).to_contain_text(name, timeout=30_000)
    expect(page.locator("#actions .decision")).to_be_visible(timeout=30_000)
