"""A phone held upright in Chromium (360x740, touch) with a game against a bot open, the
person first (seed 81), in a given language; the page's language read back; the
person's turn awaited. Shared by tests/e2e/test_phone.py and test_phone_reach.py.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Page, ViewportSize, expect

from tests.e2e.pages import ContextPool, Guard, answered, guarded_page, open_page

PHONE: ViewportSize = {"width": 360, "height": 740}
NAMES = {"en": "Ann", "de": "Anna", "fr": "Anne"}


def game_url(site_url: str, lang: str) -> str:
    return (site_url + f"index.html?players={NAMES[lang]},bot:random&seed=81&first=1"
            "&speed=instant")


def phone_options(lang: str) -> dict[str, Any]:
    """A phone's context: its screen, touch, and the language `lang`."""
    return {"viewport": PHONE, "has_touch": True, "is_mobile": True,
            "device_scale_factor": 2, "locale": lang}


Shared = tuple[tuple[BrowserContext, Guard], str]  # a shared context, and its language


def phone_fixtures(langs: list[str]) -> tuple[Any, Any]:
    """A test module's fixtures `phone_context` (a phone's context of the session's
    pool, one a language of `langs`, shared with the other modules' tests: each test's
    page starts from its service worker and snapshot) and `phone` (a
    page of it, its storage emptied first, with the game of open_phone open). A module
    takes them as `phone_context, phone = phone_fixtures([...])`."""

    @pytest.fixture(scope="module", params=langs)
    def phone_context(request: pytest.FixtureRequest, context_pool: ContextPool) -> Shared:
        lang = str(request.param)
        return context_pool.get(**phone_options(lang)), lang

    @pytest.fixture
    def phone(phone_context: Shared, site_url: str) -> Iterator[Page]:
        warm, lang = phone_context
        for page in guarded_page(warm, site_url):
            show_game(page, site_url, lang)
            yield page

    return phone_context, phone


def open_phone(fresh_context: Callable[..., BrowserContext], site_url: str,
               lang: str) -> Page:
    """A phone in `lang`, with a game against a bot open, the person first (seed 81)."""
    page = fresh_context(**phone_options(lang)).new_page()
    show_game(page, site_url, lang)
    return page


def show_game(page: Page, site_url: str, lang: str) -> None:
    """The game against a bot opened on the phone's page, its language read back."""
    open_page(page, game_url(site_url, lang))
    expect(page.locator("html")).to_have_attribute("lang", lang)
    expect(page.locator("#board svg")).to_be_visible()
    for button in page.locator('#messages [data-action="dismiss"]').all():
        button.tap()  # "added to your saved games": not part of the layout


def lang_of(page: Page) -> str:
    return str(page.locator("html").get_attribute("lang"))


def wait_for_my_turn(page: Page) -> None:
    # the click's answer first: until it is drawn, the page still shows the turn the
    # click ended (the person's name and a decision), which would pass at once
    answered(page)
    name = NAMES[lang_of(page)]
    expect(page.locator("#status-line")).to_contain_text(name, timeout=30_000)
    expect(page.locator("#actions .decision")).to_be_visible(timeout=30_000)
