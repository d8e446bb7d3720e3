"""Sounds and motion in Chromium (issue 35): the header's "Sounds" switch, off by default
on a touch screen and on at a desk, remembered across a reload, by mouse, touch and
keyboard; a sound played through WebAudio once switched on; and the motion of the cards
drawn and of the money, which runs only when motion is welcome (prefers-reduced-motion:
reduce leaves no animation). No test here times anything."""

from __future__ import annotations

from collections.abc import Callable

from playwright.sync_api import BrowserContext, Page, expect

from tests.e2e.pages import legal, open_page, reveal_if_asked

GAME = "index.html?players=Ann,bot:random&seed=5&first=1&speed=instant"
PHONE = {"viewport": {"width": 360, "height": 740}, "has_touch": True, "is_mobile": True}
DESK = {"viewport": {"width": 1280, "height": 800}}

# The animations running in the hand and the players strip.
RUNNING = """() => document.getAnimations()
  .filter((a) => a.effect && a.effect.target
    && a.effect.target.closest("#hand, #actions, #players"))
  .map((a) => a.animationName)"""


def test_the_switch_is_off_on_a_phone_and_remembered_across_a_reload(
        fresh_context: Callable[..., BrowserContext], site_url: str) -> None:
    """A touch screen starts quiet; a tap turns the sounds on (and one sounds, through
    WebAudio); the next visit finds them on."""
    page = fresh_context(**PHONE).new_page()
    open_page(page, site_url + GAME)
    button = page.locator("#sound-switch")
    expect(button).to_have_attribute("role", "switch")
    expect(button).to_have_attribute("aria-checked", "false")
    expect(button).to_have_accessible_name("Sounds")
    button.tap()
    expect(button).to_have_attribute("aria-checked", "true")
    expect(page.locator("body")).to_have_attribute("data-sounds", "1")  # played, no error
    page.reload()
    open_page(page, page.url)
    expect(page.locator("#sound-switch")).to_have_attribute("aria-checked", "true")


def test_the_switch_is_on_at_a_desk_and_works_from_the_keyboard(
        wpage: Page, site_url: str) -> None:
    """At a desk (the shared 1280x800 context, its storage emptied: no choice kept) the
    sounds start on; Enter on the focused switch turns them off, Space on again, and the
    state stays over a reload (French words: "Sons")."""
    page = wpage
    open_page(page, site_url + GAME + "&lang=fr")
    button = page.locator("#sound-switch")
    expect(button).to_have_attribute("aria-checked", "true")
    expect(button).to_have_accessible_name("Sons")
    button.focus()
    page.keyboard.press("Enter")
    expect(button).to_have_attribute("aria-checked", "false")
    page.reload()
    open_page(page, page.url)
    button = page.locator("#sound-switch")
    expect(button).to_have_attribute("aria-checked", "false")
    button.focus()
    page.keyboard.press("Space")
    expect(button).to_have_attribute("aria-checked", "true")


# Three people at one device: Ann's marriage draws more cards than her hand may keep, so
# the page stays on her discard, the cards drawn among those offered (test_game.py).
DISCARD = "index.html?players=Ann,Bob,Cem&seed=5&first=1"


def _draw(page: Page) -> None:
    """Ann marries: the cards are drawn, and she is asked which to discard."""
    reveal_if_asked(page)
    legal(page, "family").first.click()
    page.locator("#confirm-marriage").click()


def test_drawn_cards_and_money_move_only_when_motion_is_welcome(
        wpage: Page, site_url: str) -> None:
    """The cards just drawn slide in and Ann's money springs up (card-in, money-in); with
    prefers-reduced-motion: reduce (emulated from before the page's load on) the same
    cards show with no animation at all."""
    names: dict[str, tuple[str, str, list[str]]] = {}
    page = wpage
    for motion in ("no-preference", "reduce"):
        page.emulate_media(reduced_motion=motion)
        open_page(page, site_url + DISCARD)
        _draw(page)
        expect(page.locator('#actions button[data-action="card"]')).to_have_count(5)
        fresh = page.locator("#hand li.fresh, #actions li.fresh").first
        expect(fresh).to_be_visible()
        money = page.locator('#players [data-player="0"] .stat.money.moved > span[aria-hidden]')
        expect(money).to_have_count(1)
        running = page.evaluate(RUNNING) if motion == "reduce" else []
        names[motion] = (fresh.evaluate("e => getComputedStyle(e).animationName"),
                         money.evaluate("e => getComputedStyle(e).animationName"), running)
    assert names["no-preference"][:2] == ("card-in", "money-in"), names
    assert names["reduce"] == ("none", "none", []), names
