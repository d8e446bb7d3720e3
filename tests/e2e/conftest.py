"""End-to-end setup: Chromium through pytest-playwright, the site folder served by
web/tools/serve.py.

- Chromium: /usr/bin/chromium (Debian's) when it exists, else Playwright's own.
- `site_url`: site/ (written by `make web`) served on a free localhost port, in a
  thread, for the session, with its _headers, and the test pages (bare.html,
  smoke.html, ...) answered from web/ (serve.py's test routes: never in site/).
- Every test here is marked `e2e`, and every browser context made through the
  `context`/`page` fixtures or `fresh_context` is watched: a request to anything but
  localhost, or a Content-Security-Policy violation, fails the test.

Note: under the site's CSP, `page.wait_for_function("...")` with a string is refused
(it evals in the page); wait with locators (`expect(...).to_have_text`) or
`page.evaluate`, which the CSP does not cover.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Browser, BrowserContext, ConsoleMessage, Page, Request

from tests.e2e.pages import ContextPool, Guard, guarded_page
from tests.support.web_support import load_module

ROOT = Path(__file__).resolve().parents[2]
WEB = ROOT / "web"
SITE = ROOT / "site"
CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
LOCAL_HOSTS = {"127.0.0.1", "localhost", "::1", "[::1]"}


serve = load_module("samarkand_web_serve", WEB / "tools" / "serve.py")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    here = Path(__file__).parent
    for item in items:
        if here in item.path.parents:
            item.add_marker(pytest.mark.e2e)
            # pytest-playwright's own base_url fixture trips a pytest 9 deprecation
            item.add_marker(pytest.mark.filterwarnings(
                "ignore:Session-scoped fixtures defined as instance methods"))


# --------------------------------------------------------------------------- browser

@pytest.fixture(scope="session")
def browser_type_launch_args(
    browser_type_launch_args: dict[str, Any], browser_name: str | None
) -> dict[str, Any]:
    args = dict(browser_type_launch_args)
    if browser_name in (None, "chromium"):
        if CHROMIUM.exists() and "executable_path" not in args:
            args["executable_path"] = str(CHROMIUM)
        args["args"] = [*args.get("args", []), *CHROMIUM_ARGS]
    return args


# --------------------------------------------------------------------------- site

@pytest.fixture(scope="session")
def site_url() -> Iterator[str]:
    """Base URL (ending in "/") of site/, served by web/tools/serve.py in a thread."""
    if not (SITE / "vendor" / "precache.json").is_file():
        pytest.fail("site/ is not built: run `make web` first")
    server, url = serve.start_server(SITE, 0, test_pages=True)
    try:
        yield url
    finally:
        server.shutdown()
        server.server_close()


# --------------------------------------------------------------------------- offsite guard

def is_local(url: str) -> bool:
    """True for URLs that stay on this machine (localhost, or no network at all)."""
    parts = urlsplit(url)
    if parts.scheme in ("data", "blob", "about", "chrome-extension", "devtools"):
        return True
    return parts.hostname in LOCAL_HOSTS


class OffsiteGuard:
    """Records every request of the contexts/pages it watches, and CSP violations."""

    is_local = staticmethod(is_local)

    def __init__(self) -> None:
        self.requests: list[str] = []
        self.csp_violations: list[str] = []

    def watch(self, target: BrowserContext | Page) -> None:
        target.on("request", self._on_request)
        target.on("console", self._on_console)

    def _on_request(self, request: Request) -> None:
        self.requests.append(request.url)

    def _on_console(self, message: ConsoleMessage) -> None:
        text = message.text
        if "Content Security Policy" in text or "Content-Security-Policy" in text:
            self.csp_violations.append(text)

    @property
    def offsite(self) -> list[str]:
        return [u for u in self.requests if not is_local(u)]

    def check(self) -> None:
        assert not self.offsite, f"requests left localhost: {self.offsite}"
        assert not self.csp_violations, f"CSP violations: {self.csp_violations}"


@pytest.fixture
def offsite_guard() -> Iterator[OffsiteGuard]:
    """Fails the test (at teardown) if a watched context sent a request off localhost
    or hit a CSP violation. `context`, `page` and `fresh_context` are watched."""
    guard = OffsiteGuard()
    yield guard
    guard.check()


@pytest.fixture
def context(context: BrowserContext, offsite_guard: OffsiteGuard) -> BrowserContext:
    offsite_guard.watch(context)
    return context


@pytest.fixture
def fresh_context(
    browser: Browser, browser_context_args: dict[str, Any], offsite_guard: OffsiteGuard
) -> Iterator[Callable[..., BrowserContext]]:
    """Factory of new (cold: empty cache, no service worker) watched contexts."""
    made: list[BrowserContext] = []

    def make(**kwargs: Any) -> BrowserContext:
        ctx = browser.new_context(**{**browser_context_args, **kwargs})
        offsite_guard.watch(ctx)
        made.append(ctx)
        return ctx

    yield make
    for ctx in made:
        ctx.close()


@pytest.fixture(scope="session")
def context_pool(browser: Browser) -> Iterator[ContextPool]:
    """The browser contexts the tests of a session (of each pytest-xdist worker) share
    (pages.ContextPool: one for each set of options; each test's page restores Python
    from the context's snapshot once one is kept)."""
    pool = ContextPool(browser)
    yield pool
    pool.close()


@pytest.fixture
def warm(context_pool: ContextPool) -> tuple[BrowserContext, Guard]:
    """The shared 1280x800 context, watched by a Guard. Nothing changes the context
    itself (no init script, route or permission on it): a test that needs one makes its
    own."""
    return context_pool.get()


@pytest.fixture
def wpage(warm: tuple[BrowserContext, Guard], site_url: str) -> Iterator[Page]:
    """A page of the shared context, with the site's storage emptied first."""
    yield from guarded_page(warm, site_url)
