"""The board's art stays still (issue 33, item 4): an SVG element's animation runs on the
main thread (style and paint of the board every frame, which a click then waits behind).
So once a move's brief marks have played, nothing on the board animates while a person
decides (the legal spaces' dashed rings do not march, the last camel's ring does not
pulse). No test here times anything."""

from __future__ import annotations

import random

from playwright.sync_api import Page, expect

from tests.e2e.pages import open_page, play_one_step

# Animations of the board's elements still running (CSS animations of SVG elements).
RUNNING = """() => {
  const board = document.querySelector("#board svg");
  return document.getAnimations()
    .filter((a) => a.playState === "running" && a.effect && board.contains(a.effect.target))
    .map((a) => a.animationName + " on " + a.effect.target.getAttribute("class"));
}"""


def test_nothing_on_the_board_moves_while_a_person_decides(
        wpage: Page, site_url: str) -> None:
    """At three decisions with legal spaces and camels on the board (the marching rings
    and the last camel's ring), a second and a half after the bot's move: no animation of
    the board's elements runs."""
    page = wpage  # the shared context's page, the site's storage emptied
    open_page(page, site_url + "index.html?players=Ann,bot:random&seed=4&first=1"
              "&speed=instant")
    rng = random.Random(3)
    checked = 0
    for _ in range(80):
        if not play_one_step(page, rng):
            break
        legal = page.locator("#board [data-space].legal")
        if legal.count() and page.locator("#board [data-space] .camel").count():
            expect(page.locator("#actions .decision")).to_have_count(1)  # the bot is done
            page.wait_for_timeout(1500)  # a move's marks play once, under a second
            assert page.evaluate(RUNNING) == []
            checked += 1
            if checked == 3:
                break
    assert checked == 3
