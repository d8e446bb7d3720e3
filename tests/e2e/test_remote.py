"""Play by link in Chromium: two browser contexts are two devices (each its own
storage), the game passed between them as the address the page offers
(`[data-remote-link]`). Each test names what of the feature it guards."""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterator

import pytest
from playwright.sync_api import BrowserContext, Page, expect
from samarkand_web.saves.remote import RemoteLink, Send, decode_link, encode_link

from samarkand_core import GameState, encode_save
from samarkand_core.state import SELL
from tests.e2e.test_game import open_page, play_one_step
from tests.web_support import play_until

PREFIX = "samarkand.save."


@pytest.fixture
def devices(fresh_context: Callable[..., BrowserContext]) -> Iterator[Callable[[], Page]]:
    """A new device (a browser context of its own, so storage of its own) per call."""

    def make() -> Page:
        ctx = fresh_context(viewport={"width": 1280, "height": 800})
        return ctx.new_page()

    yield make


def saves(page: Page) -> dict[str, str]:
    return dict(page.evaluate(
        "() => Object.fromEntries(Object.entries(localStorage)"
        ".filter(([k]) => k.startsWith('samarkand.')))"))


def save_keys(page: Page) -> list[str]:
    return [k for k in saves(page) if k.startswith(PREFIX)]


def the_link(page: Page) -> str:
    field = page.locator("#actions [data-remote-link]")
    expect(field).to_have_count(1)
    url = field.get_attribute("data-remote-link")
    assert url
    return url


def play_until_link(page: Page, rng: random.Random, limit: int = 300) -> str:
    """This device's person plays (clicking like a person) until the page offers the link
    to someone on another device."""
    for _ in range(limit):
        if page.locator("#actions [data-remote-link]").count():
            return the_link(page)
        try:
            assert play_one_step(page, rng), "the game ended before a link was offered"
        except AssertionError:
            if page.locator("#actions [data-remote-link]").count():
                continue  # a bot's move brought the link meanwhile (it is checked above)
            raise
    raise AssertionError("no link offered")


def shown_cards(page: Page) -> set[int]:
    return {int(c) for c in page.locator("#hand [data-card]").evaluate_all(
        "els => els.map(e => e.dataset.card)")}


def test_two_devices_pass_a_game_back_and_forth_into_one_save(
        devices: Callable[[], Page], site_url: str) -> None:
    """Ann starts a game by link and sends it; Bob's device opens it with Bob's cards and
    not Ann's, no curtain, plays and sends it back; Ann's device merges it into the same
    save; an older link opened again changes nothing."""
    rng = random.Random(5)
    ann, bob = devices(), devices()
    open_page(ann, site_url + "index.html?players=Ann,Bob&remote=1&seed=17&first=1")
    expect(ann.locator("#overlay #reveal")).to_have_count(0)
    first = play_until_link(ann, rng)
    expect(ann.locator("#actions #remote-title")).to_contain_text("Bob")
    link, state = decode_link(first.split("#", 1)[1])
    assert link.to == 1 and link.sender == 0

    open_page(bob, first)
    expect(bob.locator("#overlay #reveal")).to_have_count(0)  # nobody else at this screen
    expect(bob.locator("#overlay")).to_be_hidden()
    expect(bob.locator("#hand [data-card]").first).to_be_visible()
    cards = shown_cards(bob)
    assert cards == set(state.hands[1])
    assert not cards & set(state.hands[0])
    assert len(save_keys(bob)) == 1
    back = play_until_link(bob, rng)
    assert decode_link(back.split("#", 1)[1])[0].to == 0

    open_page(ann, back)
    assert len(save_keys(ann)) == 1  # the same save, brought up to date
    expect(ann.locator("#messages")).to_contain_text("Bob")
    _, back_state = decode_link(back.split("#", 1)[1])
    assert shown_cards(ann) == set(back_state.hands[0])
    stored = saves(ann)
    game_key = save_keys(ann)[0]
    assert encode_save(back_state) in stored[game_key]

    open_page(ann, first)  # the first link again: older than the game here
    expect(ann.locator("#messages")).to_contain_text("older")
    assert {k: v for k, v in saves(ann).items() if k.startswith(PREFIX)} == {
        k: v for k, v in stored.items() if k.startswith(PREFIX)}
    ann.locator('#header [data-action="home"]').click()
    expect(ann.locator("#saves li.save")).to_have_count(1)
    expect(ann.locator("#saves li.save")).to_contain_text("your turn")


def test_a_damaged_link_is_refused_and_stores_nothing(
        devices: Callable[[], Page], site_url: str) -> None:
    """A link changed on the way is refused with a clear message; nothing is stored."""
    rng = random.Random(2)
    ann, bob = devices(), devices()
    open_page(ann, site_url + "index.html?players=Ann,Bob&remote=1&seed=23&first=1")
    url = play_until_link(ann, rng)
    i = len(url) - 12
    tampered = url[:i] + ("Q" if url[i] != "Q" else "R") + url[i + 1:]
    open_page(bob, tampered)
    expect(bob.locator("#messages")).to_contain_text("damaged")
    expect(bob.locator("#new-game")).to_be_visible()
    assert save_keys(bob) == []
    assert not [k for k in saves(bob) if k.startswith("samarkand.remote.")]


def sale_for_bob(s: GameState) -> bool:
    return s.phase == SELL and s.pending_holder == 1 and s.turn_player == 0


def test_a_sale_goes_to_the_cards_holder_by_link(
        devices: Callable[[], Page], site_url: str) -> None:
    """Ann's camel took a goods marker whose card Bob holds: the link goes to Bob, whose
    device asks him to sell or keep (RULES-NOTES, Goods), then sends the game on."""
    state = play_until(sale_for_bob, players=2)
    link = RemoteLink(encode_save(state), ("human", "human"), 1, 0,
                      (Send(len(state.actions), 0, 1, 29_000_000),))
    bob = devices()
    open_page(bob, f"{site_url}index.html#{encode_link(link)}")
    actions = bob.locator("#actions")
    expect(actions.locator('[data-action="sell"]')).to_be_visible()
    expect(actions.locator('[data-action="keep"]')).to_be_visible()
    assert shown_cards(bob) == set(state.hands[1])
    actions.locator('[data-action="keep"]').click()
    url = play_until_link(bob, random.Random(4))
    nxt, after = decode_link(url.split("#", 1)[1])
    assert nxt.to == 0 and after.current_player == 0
    assert len(after.actions) > len(state.actions)


def test_a_game_by_link_with_a_bot(devices: Callable[[], Page], site_url: str) -> None:
    """A bot plays on the device that holds the turn; the link goes to the next person."""
    rng = random.Random(9)
    ann, bob = devices(), devices()
    open_page(ann, site_url + "index.html?players=Ann,bot:random,Bob&remote=1&seed=31"
              "&first=1&speed=instant")
    url = play_until_link(ann, rng)
    link, state = decode_link(url.split("#", 1)[1])
    assert link.to == 2 and link.seats[1] == "random"
    assert any(t == 1 for t in turn_players(state))  # the bot moved on Ann's device
    open_page(bob, url)
    assert shown_cards(bob) == set(state.hands[2])
    expect(bob.locator("#overlay #reveal")).to_have_count(0)


def turn_players(state: GameState) -> list[int]:
    from samarkand_core import apply_action, new_game

    s = new_game(list(state.names), state.options.seed, state.options.first_player,
                 board=state.board)
    out = []
    for a in state.actions:
        out.append(s.current_player)
        s = apply_action(s, a)
    return out


def test_the_form_offers_play_by_link_and_says_what_the_link_holds(
        devices: Callable[[], Page], site_url: str) -> None:
    page = devices()
    open_page(page, site_url + "index.html")
    expect(page.locator("#remote-note")).to_have_count(0)
    page.locator("#setup-toggle").click()  # the full setup, folded away at first
    page.locator("#where").select_option("link")
    expect(page.locator("#remote-note")).to_contain_text("trusts the players")
    page.locator("#count").select_option("2")
    page.locator("#name0").fill("Ann")
    page.locator("#name1").fill("Bob")
    page.locator('[data-action="start"]').click()
    url = play_until_link(page, random.Random(1))
    assert re.search(r"#r1\.hh\.21\.", url)
