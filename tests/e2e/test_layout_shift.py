"""No layout shift at start (issue 33, item 5): the loading indicator has its final size
and place from the page's first frame (the start screen's bar at the window's foot, or a
game's full indicator), and nothing the first frame shows moves while the page starts.

Measured as Lighthouse and browsers measure it: the layout-shift entries of a
PerformanceObserver from the page's first script on, summed (the page's Cumulative Layout
Shift), until the page is live and a second after. Each start runs with Chromium's CPU
throttled (CDP Emulation.setCPUThrottlingRate) from before the navigation: a slow device,
on which the first frame can come before first.js has run, the case that moved the
indicator. A layout shift is a layout measure, not a time: no test here times anything."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, expect

READY_MS = 240_000
# At most this much layout shift over the start (the limit; "good" CLS is 0.1)
MOST = 0.05

SHIFTS = """
window.__shifts = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) {
    window.__shifts.push({value: e.value, input: e.hadRecentInput,
      nodes: (e.sources || []).map((s) => s.node
        ? (s.node.id || s.node.className || s.node.nodeName) : "?")});
  }
}).observe({type: "layout-shift", buffered: true});
"""

PHONE = {"width": 412, "height": 823}
DESKTOP = {"width": 1280, "height": 800}


@pytest.mark.parametrize(("address", "viewport", "rate"), [
    ("index.html?lang=en", DESKTOP, 4),
    ("index.html?lang=de", PHONE, 6),
    ("index.html?players=Ann,bot:random&first=1&seed=5&lang=fr", PHONE, 4),
], ids=["start-page-desktop-4x", "start-page-phone-6x", "game-phone-4x"])
def test_nothing_moves_while_the_page_starts(
        fresh_context: Callable[..., BrowserContext], site_url: str,
        address: str, viewport: dict[str, int], rate: int) -> None:
    """From the first frame to a second after the page is live, the layout shifts sum
    to at most MOST, on a CPU throttled `rate` times; and the loading indicator was seen
    in its place (shown, then gone once the page is live)."""
    ctx = fresh_context(viewport=viewport, service_workers="block")
    ctx.add_init_script(SHIFTS)
    page = ctx.new_page()
    ctx.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": rate})
    page.goto(site_url + address)
    expect(page.locator("#loading")).to_be_visible()
    expect(page.locator("body")).to_have_attribute("data-ready", "1", timeout=READY_MS)
    expect(page.locator("#loading")).to_be_hidden()
    page.wait_for_timeout(1000)  # what the page draws in the tasks after it went live
    shifts: list[dict[str, Any]] = page.evaluate("window.__shifts")
    total = sum(s["value"] for s in shifts if not s["input"])
    moved = [(round(s["value"], 4), s["nodes"]) for s in shifts if s["value"] > 0.001]
    assert total <= MOST, f"layout shift {total:.3f} while the page started: {moved}"
