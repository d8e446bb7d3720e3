"""The main thread's JavaScript (web/client.js and its modules) in Chromium with a
stand-in for the worker (tests/js/stand_in_worker.js: the protocol's messages without
Pyodide), shared by tests/e2e/test_client.py and test_client_tips.py: the built start
page as it is (it loads client.js), its worker.js answered by the stand-in."""

from __future__ import annotations

from playwright.sync_api import Page

from tests.e2e.conftest import ROOT

STAND_IN = (ROOT / "tests" / "js" / "stand_in_worker.js").read_text(encoding="utf-8")
READY_MS = 30_000


def open_client(page: Page, url: str) -> None:
    """The page at `url`, its worker the stand-in."""
    page.route("**/worker.js", lambda route: route.fulfill(
        body=STAND_IN, content_type="text/javascript; charset=utf-8"))
    page.goto(url)
