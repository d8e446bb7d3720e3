"""A phone held upright in Chromium (360x740, touch) with a game against a bot open, the
person first (seed 81), in a given language; the page's language read back; the
person's turn awaited. Shared by tests/e2e/test_phone.py and test_phone_reach.py.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from playwright.sync_api import Browser, BrowserContext, Page, ViewportSize, expect

from tests.e2e.pages import Guard, guarded_context, guarded_page, open_page

PHONE: ViewportSize = {"width": 360, "height": 740}
NAMES = {"en": "Ann", "de": "Anna", "fr": "Anne"}


def game_url(site_url: str, lang: str) -> str:
    return (site_url + f"index.html?players={NAMES[lang]},bot:random&seed=81&first=1"
            "&speed=instant")


def phone_options(lang: str) -> dict[str, Any]:
    """A phone's context: its screen, touch, and the language `lang`."""
    return {"viewport": PHONE, "has_touch": True, "is_mobile": True,
            "device_scale_factor": 2, "locale": lang}


def phones(browser: Browser, lang: str) -> Iterator[tuple[BrowserContext, Guard]]:
    """A phone's context in `lang` shared by a module's tests (the body of its
    module-scoped fixture): after its first load the site comes from the service
    worker's cache, so each test's page starts in seconds."""
    yield from guarded_context(browser, **phone_options(lang))


def phone_page(warm: tuple[BrowserContext, Guard], site_url: str, lang: str) -> Iterator[Page]:
    """A page of a shared phone context (its storage emptied first) with the game of
    open_phone open."""
    for page in guarded_page(warm, site_url):
        show_game(page, site_url, lang)
        yield page


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
    name = NAMES[lang_of(page)]
    expect(page.locator("#status-line")).to_contain_text(name, timeout=30_000)
    expect(page.locator("#actions .decision")).to_be_visible(timeout=30_000)
