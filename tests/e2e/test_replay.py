"""Replays in Chromium: from the end screen, stepping with the keys and the
slider, playback, a position link in a fresh browser (no save made) and "Play on from
here" (exactly one new save). Games are played with samarkand_core in the test and
opened through links, as a person would; the offsite guard of conftest.py watches
every context."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from samarkand_core import decode_save, encode_save
from samarkand_core.replay import Replay
from tests.e2e.pages import open_page, reveal_if_asked
from tests.support.web_support import random_game

GAME = random_game(3, 31)
CODE = encode_save(GAME)
RP = Replay.from_state(GAME)
SAVE_KEYS = ("Object.keys(localStorage).filter(k => k.startsWith('samarkand.save.'))")


def position(page: Page) -> int:
    """The move the replay shows, from its status line ("... move 12 of 91")."""
    text = page.locator("#status-line").inner_text()
    m = re.search(r"move (\d+) of (\d+)", text)
    assert m, text
    return int(m.group(1))


def expect_move(page: Page, m: int) -> None:
    expect(page.locator("#status-line")).to_contain_text(f"move {m} of {RP.n_moves}")


def camels_on_map(page: Page) -> int:
    return int(page.evaluate(
        "document.querySelectorAll('#board [data-space] [data-camel]').length"))


def expected_camels(m: int) -> int:
    return sum(len(o) for o in RP.state_after_move(m).occ)


def test_replay_from_the_end_screen_with_keys_and_slider(wpage: Page, site_url: str) -> None:
    open_page(wpage, f"{site_url}index.html?lang=en#{CODE}")
    dialog = wpage.locator("#overlay .scores-dialog")
    expect(dialog.locator("svg.breakdown")).to_be_visible()
    dialog.locator('[data-action="replay"]').click()
    expect_move(wpage, 0)
    expect(wpage.locator("#status")).to_be_focused()
    assert camels_on_map(wpage) == expected_camels(0)

    wpage.keyboard.press("ArrowRight")
    expect_move(wpage, 1)
    wpage.keyboard.press("ArrowRight")
    expect_move(wpage, 2)
    wpage.keyboard.press("ArrowLeft")
    expect_move(wpage, 1)
    wpage.keyboard.press("Shift+ArrowRight")
    expect_move(wpage, RP.next_turn(1))
    wpage.keyboard.press("ArrowDown")
    expect_move(wpage, RP.next_turn(RP.next_turn(1)))
    wpage.keyboard.press("ArrowUp")
    expect_move(wpage, RP.next_turn(1))
    wpage.keyboard.press("End")
    expect_move(wpage, RP.n_moves)
    assert camels_on_map(wpage) == expected_camels(RP.n_moves)
    wpage.keyboard.press("Home")
    expect_move(wpage, 0)

    slider = wpage.locator("#replay-seek")
    slider.fill("40")
    expect_move(wpage, 40)
    assert camels_on_map(wpage) == expected_camels(40)
    expect(wpage.locator("#replay-seek")).to_be_focused()
    wpage.keyboard.press("ArrowRight")  # the slider's own arrow: one move
    expect_move(wpage, 41)
    expect(wpage.locator("#replay-seek")).to_have_value("41")
    # the log follows: one line per move up to here, and the chart marks the move
    expect(wpage.locator("#log li")).to_have_count(41)
    expect(wpage.locator("#chart svg .now")).to_have_count(1)

    wpage.locator('[data-action="replay-close"]').click()
    expect(wpage.locator("#overlay .scores-dialog")).to_be_visible()


def test_playback_moves_on_by_itself_and_pauses(wpage: Page, site_url: str) -> None:
    open_page(wpage, f"{site_url}index.html?lang=en#{CODE}&at=5")
    expect_move(wpage, 5)
    wpage.locator('select[data-action="replay-speed"]').select_option("fastest")
    wpage.locator('[data-action="replay-play"]').click()
    expect(wpage.locator("#status-line")).not_to_contain_text("move 5 of", timeout=30_000)
    expect(wpage.locator("#status-line")).not_to_contain_text("move 6 of", timeout=30_000)
    wpage.locator('[data-action="replay-play"]').click()  # pause
    expect(wpage.locator('[data-action="replay-play"]')).to_contain_text("Play")
    stopped = position(wpage)
    wpage.wait_for_timeout(800)
    assert position(wpage) == stopped


def test_position_link_in_a_fresh_browser_makes_no_save(
        wpage: Page, site_url: str) -> None:
    page = wpage  # the module's shared context, no save in its storage
    open_page(page, f"{site_url}index.html?lang=en#{CODE}&at=25")
    expect_move(page, 25)
    assert camels_on_map(page) == expected_camels(25)
    # hands stay hidden: no hand on the screen, only counts
    expect(page.locator("#hand .card")).to_have_count(0)
    assert page.evaluate(SAVE_KEYS) == []
    page.keyboard.press("ArrowRight")
    expect_move(page, 26)
    page.locator('[data-action="replay-share"]').click()
    link = page.locator("#share-link").input_value()
    assert link.endswith("&at=26") and f"#{CODE}" in link
    page.locator('#overlay [data-action="close"]').click()
    page.locator('[data-action="replay-close"]').click()
    expect(page.locator("#saves")).to_be_visible()
    expect(page.locator("#saves .save")).to_have_count(0)
    assert page.evaluate(SAVE_KEYS) == []


def test_play_on_from_here_makes_exactly_one_new_save(
        wpage: Page, site_url: str) -> None:
    page = wpage  # the module's shared context, no save in its storage
    open_page(page, f"{site_url}index.html?lang=en#{CODE}&at=30")
    expect_move(page, 30)
    assert page.evaluate(SAVE_KEYS) == []
    page.locator('[data-action="replay-play-on"]').click()
    expect(page.locator('.message[data-message="replay.played_on"]')).to_be_visible()
    keys = page.evaluate(SAVE_KEYS)
    assert len(keys) == 1
    assert "?game=" in page.url and "#" not in page.url
    stored = page.evaluate(f"JSON.parse(localStorage.getItem('{keys[0]}')).code")
    assert stored == encode_save(RP.state_after_move(30))
    expect(page.locator("#status-line")).to_be_visible()
    assert camels_on_map(page) == expected_camels(30)


UNFINISHED = RP.state_after_move(60)  # the same game, stopped at move 60 of its replay


def test_a_position_link_of_an_unfinished_game_holds_its_moves_up_to_there_only(
        wpage: Page, site_url: str) -> None:
    page = wpage  # the module's shared context, no save in its storage
    open_page(page, f"{site_url}index.html?lang=en#{encode_save(UNFINISHED)}&at=25")
    expect(page.locator("#status-line")).to_contain_text("move 25 of 60")
    page.keyboard.press("ArrowRight")
    expect(page.locator("#status-line")).to_contain_text("move 26 of 60")
    page.locator('[data-action="replay-share"]').click()
    link = page.locator("#share-link").input_value()
    assert link.endswith("&at=26")
    code = link.split("#", 1)[1].split("&")[0]
    assert Replay.from_code(code).n_moves == 26  # nothing played after the position
    assert decode_save(code).actions == RP.state_after_move(26).actions
    expect(page.locator("#overlay .share-secret")).to_be_visible()
    assert page.evaluate(SAVE_KEYS) == []


def test_a_repeated_at_in_a_link_is_refused_with_a_message_and_nothing_is_saved(
        wpage: Page, site_url: str) -> None:
    page = wpage  # the module's shared context, no save in its storage
    open_page(page, f"{site_url}index.html?lang=en#{CODE}&at=3&at=7")
    refused = page.locator('.message[data-message="link.repeated_game"]')
    expect(refused).to_contain_text("“at” more than once (3, 7)")
    expect(page.locator("#saves")).to_be_visible()
    expect(page.locator("#saves .save")).to_have_count(0)
    assert page.evaluate(SAVE_KEYS) == []
    assert "#" not in page.url


def test_the_share_dialog_warns_what_the_link_reveals_for_an_unfinished_game_only(
        wpage: Page, site_url: str) -> None:
    page = wpage  # the module's shared context, no save in its storage
    open_page(page, f"{site_url}index.html?lang=en#{encode_save(UNFINISHED)}")
    expect(page.locator('.message[data-message="link.imported"]')).to_be_visible()
    reveal_if_asked(page)  # three people at one device: the curtain first
    page.locator('#header [data-action="share"]').click()
    secret = page.locator("#overlay .share-secret")
    expect(secret).to_contain_text("every hand and the order of the cards still to be drawn")
    expect(page.locator('#overlay [data-action="copy"]')).to_have_text(
        "Copy the link (the game up to now)")
    link = page.locator("#share-link").input_value()
    assert decode_save(link.split("#", 1)[1].split("&")[0]).actions == UNFINISHED.actions
    page.locator('#overlay [data-action="close"]').click()
    open_page(page, f"{site_url}index.html?lang=en#{CODE}")  # the finished game
    page.locator('#overlay [data-action="share"]').click()  # from the final scores
    expect(page.locator("#share-link")).to_be_visible()
    expect(page.locator("#overlay .share-secret")).to_have_count(0)
    expect(page.locator('#overlay [data-action="copy"]')).to_have_text("Copy the link")
