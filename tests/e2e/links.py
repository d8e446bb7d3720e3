"""Play by link in Chromium, as the e2e tests drive it: a link opened on a device (who
plays there answered), the link's signature awaited, the link the page offers read, a
sale round's question answered, a device's person playing until the page offers the
link, and the position whose sale round ends with the card's holder. Shared by
tests/e2e/test_remote.py, test_fit.py and test_a11y.py.
"""

from __future__ import annotations

import random

from playwright.sync_api import Page, expect
from samarkand_web.state.remote import play_goes_on, round_order

from samarkand_core import GameState, Place, apply_action, legal_actions
from samarkand_core.state import MAIN, SELL
from tests.e2e.pages import open_page, play_one_step


def open_link(page: Page, url: str) -> None:
    """A game link opened; on a device new to the game, the question of who plays there
    (issue 39, W3) answered with the preselected person, the link's recipient."""
    open_page(page, url)
    settled(page)
    question = page.locator("#overlay .remote-seat")
    if question.count():
        question.locator("button.primary").click()
        expect(question).to_have_count(0)


def settled(page: Page) -> None:
    """The link's signature checked (WebCrypto answers later): the page has left the
    link's address, whether it opened the game, asked who plays, or refused it."""
    page.wait_for_function("() => !location.hash.startsWith('#r')")


def the_link(page: Page) -> str:
    field = page.locator("#actions [data-remote-link]")
    expect(field).to_have_count(1)
    url = field.get_attribute("data-remote-link")
    assert url
    return url


def answer_round(page: Page, rng: random.Random) -> bool:
    """A sale round's question on this device: the holder keeps (or sells, now and then),
    anyone else passes it on. False: nothing asked here."""
    actions = page.locator("#actions")
    if actions.locator("#round-pass").count():
        actions.locator("#round-pass").click()
    elif actions.locator("#round-keep").count():
        actions.locator("#round-sell" if rng.random() < 0.25 else "#round-keep").click()
    else:
        return False
    expect(actions.locator(".remote-sale")).to_have_count(0)
    return True


def play_until_link(page: Page, rng: random.Random, limit: int = 300) -> str:
    """This device's person plays (clicking like a person) until the page offers the link
    to someone on another device."""
    for _ in range(limit):
        if page.locator("#actions [data-remote-link]").count():
            return the_link(page)
        if answer_round(page, rng):
            continue
        try:
            assert play_one_step(page, rng), "the game ended before a link was offered"
        except AssertionError:
            if page.locator("#actions [data-remote-link]").count():
                continue  # a bot's move brought the link meanwhile (it is checked above)
            raise
    raise AssertionError("no link offered")


PEOPLE = ("human", "human", "human")


def round_ends_with_holder(s: GameState) -> Place | None:
    """Ann's camel (MAIN) that takes a goods marker whose card another person holds, and
    whose sale round ends with that holder (so it visits everyone else first)."""
    if s.turn_player != 0 or s.phase != MAIN:
        return None
    for a in legal_actions(s):
        if not isinstance(a, Place) or s.occ[a.space]:
            continue
        after = apply_action(s, a)
        if after.phase != SELL or after.pending_holder == 0:
            continue
        order = round_order(PEOPLE, 0, play_goes_on(after, PEOPLE))
        if order[-1] == after.pending_holder:
            return a
    return None
