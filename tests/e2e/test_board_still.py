"""The board's art stays still and out of the way of input (issue 33, item 4): an SVG
element's animation runs on the main thread (style and paint of the board every frame,
which a click then waits behind), and every element under the pointer is hit-tested at
each move, press and release. So: once a move's brief marks have played, nothing on the
board animates while a person decides (the legal spaces' dashed rings do not march), and
a press on the art drawn over a space (a camel, say) lands on the space's hexagon, which
still makes it the space's click. No test here times anything."""

from __future__ import annotations

import random

from playwright.sync_api import Page, expect

from tests.e2e.test_game import open_page, play_one_step

# Animations of the board's elements still running (CSS animations of SVG elements).
RUNNING = """() => {
  const board = document.querySelector("#board svg");
  return document.getAnimations()
    .filter((a) => a.playState === "running" && a.effect && board.contains(a.effect.target))
    .map((a) => a.animationName + " on " + a.effect.target.getAttribute("class"));
}"""

# What a press at the centre of each camel on the board lands on: [its space, the space
# of the element hit, the class of that element].
CAMEL_HITS = """() => Array.from(document.querySelectorAll("#board [data-space] .camel"))
  .map((camel) => {
    const r = camel.getBoundingClientRect();
    const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
    const space = (el) => el && el.closest("[data-space]")
      ? el.closest("[data-space]").dataset.space : null;
    return [space(camel), space(hit), hit ? hit.getAttribute("class") : null];
  })"""


def test_nothing_on_the_board_moves_while_a_person_decides_and_art_takes_no_press(
        page: Page, site_url: str) -> None:
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
            hits = page.evaluate(CAMEL_HITS)
            assert hits and all(space == hit and cls == "hex" for space, hit, cls in hits), hits
            checked += 1
            if checked == 3:
                break
    assert checked == 3
