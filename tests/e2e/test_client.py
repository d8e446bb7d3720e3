"""web/client.js and the modules it imports (issue 33; docs/phone.md, "The main
thread's side") in Chromium, from the built site under its CSP, with a stand-in for the
worker (tests/js/stand_in_worker.js: the protocol's messages without Pyodide;
tests/e2e/stand_in.py): Start carries the page and the game's keys; a Paint's writes
are in localStorage before its patch is on the page; a write over the quota undoes the
Paint's earlier write and answers full; a click on the start screen made while the
worker starts reaches it after Ready."""

from __future__ import annotations

import json
from typing import Any

from playwright.sync_api import Page, expect

from tests.e2e.stand_in import READY_MS, open_client

# localStorage as it is at the moment #messages changes: the Paint's writes must be in
WATCH_WRITES = """() => {
  window.__seen = [];
  new MutationObserver(() => window.__seen.push(localStorage.getItem("samarkand.last")))
    .observe(document.getElementById("messages"), {childList: true});
}"""


def said(page: Page) -> Any:
    return json.loads(page.locator("#said").inner_text())


def test_start_carries_the_page_and_a_paints_writes_come_before_it_shows(
        page: Page, site_url: str) -> None:
    """Start: the address, the store's health and only the samarkand.* keys. A click on
    a data-action is an Event with its value and time; its Paint's write is in
    localStorage when the Paint's markup reaches the page, Stored ok answers it, and the
    click's time to the frame is recorded (window.samarkandTimings)."""
    page.add_init_script("localStorage.setItem('samarkand.kept', '1');"
                         "localStorage.setItem('other.site', '2');")
    open_client(page, f"{site_url}index.html?lang=en")
    expect(page.locator("body")).to_have_attribute("data-ready", "1", timeout=READY_MS)
    start = json.loads(page.locator("#start").inner_text())
    assert start["path"].endswith("/index.html") and start["search"] == "?lang=en"
    assert start["storage"] == "ok" and start["store"] == {"samarkand.kept": "1"}
    assert page.locator("#loading").is_hidden()
    page.evaluate(WATCH_WRITES)
    page.locator("#play").click()
    expect(page.locator("#said")).to_be_visible()
    event = said(page)["event"]
    assert (event["type"], event["kind"], event["action"], event["value"]) == (
        "event", "click", "quick", "1")
    assert isinstance(event["t0"], float | int)
    assert page.evaluate("window.__seen") == [str(event["seq"])]
    page.locator("#play").click()  # the next Event shows the first Paint's answer
    expect(page.locator("#said")).to_contain_text('"result":"ok"')
    assert len(page.evaluate("window.samarkandTimings")) >= 1


def test_a_write_over_the_quota_undoes_the_paints_writes_and_answers_full(
        page: Page, site_url: str) -> None:
    """A Paint writes samarkand.last, then a value larger than localStorage holds: the
    browser refuses the second, samarkand.last is back to what the Paint before wrote,
    nothing of the large value is kept, and the worker is answered full with the
    browser's words."""
    open_client(page, f"{site_url}index.html?lang=en")
    expect(page.locator("body")).to_have_attribute("data-ready", "1", timeout=READY_MS)
    page.locator("#play").click()
    expect(page.locator("#said")).to_contain_text('"action":"quick"')
    before = page.evaluate("localStorage.getItem('samarkand.last')")
    page.locator("#big").click()
    expect(page.locator("#said")).to_contain_text('"action":"big"')
    assert page.evaluate("localStorage.getItem('samarkand.last')") == before
    assert page.evaluate("localStorage.getItem('samarkand.big')") is None
    page.locator("#play").click()
    expect(page.locator("#said")).to_contain_text('"result":"full"')
    refused = [s for s in said(page)["stored"] if s["result"] == "full"]
    assert len(refused) == 1 and "quota" in refused[0]["text"].lower()


def test_a_click_made_while_the_worker_starts_reaches_it_after_ready(
        page: Page, site_url: str) -> None:
    """The start screen's "Play" clicked before the worker is Ready (its start held back
    1.5 s): first.js keeps it, and client.js sends it as the first Event after Ready."""
    open_client(page, f"{site_url}index.html?lang=en&slow=1")
    page.locator("#quick-play").click()
    expect(page.locator("body")).to_have_attribute("data-ready", "1", timeout=READY_MS)
    expect(page.locator("#said")).to_be_visible()
    assert said(page)["event"]["action"] == "quick"
