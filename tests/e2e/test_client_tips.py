"""Tooltips with the page's Python in a worker (issue 33; web/tipwatch.js) in Chromium,
from the built site under its CSP, the start page loading client.js and worker.js
routed to the stand-in (tests/js/stand_in_worker.js, as in test_client.py), which
answers each TipAsk with the asked target's name: dom.js's pointer watch, tipwatch.js,
the worker's answer and tips.js's placement, together."""

from __future__ import annotations

import json
from collections.abc import Callable

from playwright.sync_api import BrowserContext, FloatRect, Page, expect

from tests.e2e.stand_in import READY_MS, open_client

FAR = (5, 5)  # the page's corner: on no space, no card


def overlaps(a: FloatRect, b: FloatRect) -> bool:
    return (a["x"] < b["x"] + b["width"] and b["x"] < a["x"] + a["width"]
            and a["y"] < b["y"] + b["height"] and b["y"] < a["y"] + a["height"])


def test_a_pointer_at_rest_shows_the_workers_tooltip_beside_its_space_and_leaving_closes(
        page: Page, site_url: str) -> None:
    """The mouse rests on a space: its tooltip, in the worker's words, placed beside it
    (tips.js's data-placed) without covering it; the pointer leaves: it closes. A card
    in hand shows its tooltip and rings its space on the map, and leaving takes both
    away. A click on a choice sends the click and, the pointer at rest since its press,
    asks no tooltip: the worker was asked only for what the pointer rested on."""
    open_client(page, f"{site_url}index.html?lang=en")
    expect(page.locator("body")).to_have_attribute("data-ready", "1", timeout=READY_MS)
    page.locator("#board-on").click()
    space = page.locator('#board [data-space="7"] rect')
    expect(space).to_be_visible()
    tip = page.locator("#tip")
    page.mouse.move(*FAR)
    box = space.bounding_box()
    assert box is not None
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    expect(tip).to_have_text("space 7")
    expect(tip).to_have_attribute("data-placed", "")
    tip_box = tip.bounding_box()
    assert tip_box is not None and not overlaps(tip_box, box)
    page.mouse.move(*FAR)
    expect(tip).to_be_hidden()
    page.locator('#hand [data-card="3"]').hover()
    expect(tip).to_have_text("card 3")
    ring = page.locator("#board .map-highlight polygon.hl-ring")
    expect(ring).to_have_count(1)
    page.mouse.move(*FAR)
    expect(tip).to_be_hidden()
    expect(ring).to_have_count(0)
    page.locator('#board [data-space="8"] rect').click()
    expect(page.locator("#said")).to_be_visible()
    page.wait_for_timeout(600)  # more than the rest a tooltip waits for
    expect(tip).to_be_hidden()
    said = json.loads(page.locator("#said").inner_text())
    assert said["event"]["action"] == "space" and said["event"]["value"] == "8"
    assert [(a["kind"], a["value"], a["ring"]) for a in said["asks"]] == [
        ("space", "7", ""), ("card", "3", "7")]


def test_on_a_phone_a_tap_on_a_plain_space_tells_what_it_is_and_a_tap_on_a_choice_acts(
        fresh_context: Callable[..., BrowserContext], site_url: str) -> None:
    """A touch screen ((pointer: coarse)): a tap on a space that is not a choice asks
    its tooltip and sends the worker no click; a tap on a choice closes the tooltip and
    is the click it is."""
    page = fresh_context(viewport={"width": 360, "height": 740}, has_touch=True,
                         is_mobile=True, service_workers="block").new_page()
    open_client(page, f"{site_url}index.html?lang=en")
    expect(page.locator("body")).to_have_attribute("data-ready", "1", timeout=READY_MS)
    page.locator("#board-on").tap()
    tip = page.locator("#tip")
    page.locator('#board [data-space="7"] rect').tap()
    expect(tip).to_have_text("space 7")
    expect(tip).to_have_attribute("data-placed", "")
    expect(page.locator("#said")).to_have_count(0)  # no click reached the worker
    page.locator('#board [data-space="8"] rect').tap()
    expect(tip).to_be_hidden()
    expect(page.locator("#said")).to_be_visible()
    said = json.loads(page.locator("#said").inner_text())
    assert (said["event"]["action"], said["event"]["value"]) == ("space", "8")
