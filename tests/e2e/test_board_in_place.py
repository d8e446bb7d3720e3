"""The board changed in place in Chromium is the board drawn whole: dom.js changes a
move's pieces child by child (patchChildren: a domain's face changed in place, the new
children of all pieces parsed in one go, the pieces found through an index). After
moves by clicks and bot moves, the board's elements, attributes and text are those of
the board drawn anew (the language switched there and back redraws it whole)."""

from __future__ import annotations

import random

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.pages import answered, open_page, play_one_step

# The board's SVG as a string: each element with its attributes sorted, and its text.
BOARD_TREE = """() => {
  const tree = (n) => n.nodeType === Node.TEXT_NODE ? JSON.stringify(n.data)
    : n.nodeType !== Node.ELEMENT_NODE ? ""
    : "<" + n.tagName + " " + Array.from(n.attributes, (a) => a.name + "=" + a.value)
        .sort().join(" ") + ">" + Array.from(n.childNodes, tree).join("") + "</>";
  return tree(document.querySelector("#board svg"));
}"""

# How often the page changed the board in place (dom.js's samarkandPatchPieces).
COUNT_PATCHES = """() => {
  const patch = window.samarkandPatchPieces;
  window.piecePatches = 0;
  window.samarkandPatchPieces = (root, ops) => {
    window.piecePatches += 1;
    return patch(root, ops);
  };
}"""


def redrawn_board(page: Page) -> str:
    """The board drawn whole, in the language it was in (English)."""
    page.locator("#lang").select_option("de")
    expect(page.locator("html")).to_have_attribute("lang", "de")
    answered(page)
    page.locator("#lang").select_option("en")
    expect(page.locator("html")).to_have_attribute("lang", "en")
    answered(page)
    return str(page.evaluate(BOARD_TREE))


@pytest.mark.slow
def test_a_board_changed_in_place_is_the_board_drawn_whole(wpage: Page, site_url: str) -> None:
    page = wpage  # the shared context's page, the site's storage emptied
    open_page(page, site_url + "index.html?players=Ann,bot:random&seed=4&first=1"
              "&speed=instant")
    page.evaluate(COUNT_PATCHES)
    rng = random.Random(5)
    compared = 0
    for step in range(72):
        if not play_one_step(page, rng):
            break
        if step % 12 == 11:
            # the answer to the last click drawn (it comes from the worker a little after
            # the click: the board read before it is the board of the move before), then
            # the bot done
            answered(page)
            expect(page.locator("#actions .decision")).to_have_count(1)
            answered(page)
            patched = str(page.evaluate(BOARD_TREE))
            assert patched == redrawn_board(page), f"after step {step}"
            compared += 1
    assert compared >= 4
    assert int(page.evaluate("window.piecePatches")) > compared


# dom.js finds no board piece where a patch expects one (as when the board is not what
# the worker last drew): the patch is refused, as dom.js refuses it.
REFUSE_PATCHES = """() => {
  window.refusedPatches = 0;
  window.samarkandPatchPieces = () => {
    window.refusedPatches += 1;
    return false;
  };
}"""


@pytest.mark.slow
def test_a_board_patch_refused_is_drawn_whole_by_the_workers_redraw(wpage: Page,
                                                                   site_url: str) -> None:
    """A Paint carries the board's changed pieces without the whole board: when dom.js
    cannot apply them, the page asks the worker for the board whole (Redraw) and draws
    its answer; the board is then the board drawn anew, move after move."""
    page = wpage  # the shared context's page, the site's storage emptied
    open_page(page, site_url + "index.html?players=Ann,bot:random&seed=4&first=1"
              "&speed=instant")
    page.evaluate(REFUSE_PATCHES)
    rng = random.Random(6)
    for _ in range(12):
        if not play_one_step(page, rng):
            break
    answered(page)
    expect(page.locator("#actions .decision")).to_have_count(1)
    answered(page)
    assert int(page.evaluate("window.refusedPatches")) >= 3
    patched = str(page.evaluate(BOARD_TREE))
    assert patched == redrawn_board(page)
