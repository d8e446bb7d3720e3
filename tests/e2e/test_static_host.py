"""The site folder (site/, web/tools/publish.py) as a static host serves it: a plain static
server with no headers and no rewrites, under a sub-path (a GitHub Pages project site);
the Content-Security-Policy of the page's meta element alone; and the service worker
checking what it serves (a damaged cache entry is fetched again)."""

from __future__ import annotations

import http.server
import json
import threading
from collections.abc import Callable, Iterator
from functools import partial
from pathlib import Path
from typing import Any

import publish  # web/tools/publish.py
import pytest
from playwright.sync_api import BrowserContext, Page, Response, expect

from tests.e2e.conftest import SITE

READY_MS = 180_000
SUB = "samarkand/"
# Every Content-Security-Policy violation the page reports (also those a console line
# would not show), from its first script on.
CSP_WATCH = """
window.__csp = [];
document.addEventListener('securitypolicyviolation', (e) =>
  window.__csp.push(`${e.violatedDirective} ${e.blockedURI}`));
"""
SCOPE = "navigator.serviceWorker.getRegistration().then((r) => r && r.active && r.scope)"
WAIT_ACTIVE = """async () => {
    for (let i = 0; i < 1200; i++) {
        const reg = await navigator.serviceWorker.getRegistration();
        if (reg && reg.active) return reg.scope;
        await new Promise((r) => setTimeout(r, 100));
    }
    return null;
}"""


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    """Python's own static server, as it is: no headers of ours, no rewrites."""

    def log_message(self, format: str, *args: object) -> None:  # noqa: A002
        pass


@pytest.fixture
def plain_host(tmp_path: Path) -> Iterator[str]:
    """site/ at <root>/samarkand/ (a symlink), <root> served by http.server; the URL of
    the sub-path."""
    if not (SITE / "index.html").is_file():
        pytest.fail("site/ is not built: run `make web` first")
    root = tmp_path / "root"
    root.mkdir()
    (root / SUB.strip("/")).symlink_to(SITE, target_is_directory=True)
    server = http.server.ThreadingHTTPServer(
        ("127.0.0.1", 0), partial(QuietHandler, directory=str(root)))
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    host, port = server.server_address[:2]
    assert isinstance(host, str)  # an IPv4 server's address is text
    try:
        yield f"http://{host}:{port}/{SUB}"
    finally:
        server.shutdown()
        server.server_close()


def wait_ready(page: Page) -> None:
    expect(page.locator("body")).to_have_attribute("data-ready", "1", timeout=READY_MS)


def test_the_site_runs_from_a_plain_static_server_under_a_sub_path(
        fresh_context: Callable[..., BrowserContext], plain_host: str) -> None:
    """The folder's address opens the start screen; a new game offers a move and is in
    the address under the sub-path; its share link opens it in another tab; the service
    worker's scope is the sub-path; a reload offline works; nothing fetched is missing;
    and the page runs under its meta Content-Security-Policy (the server sends none)
    with no violation."""
    ctx = fresh_context()
    ctx.add_init_script(CSP_WATCH)
    responses: list[Response] = []
    ctx.on("response", lambda r: responses.append(r))
    page = ctx.new_page()
    first = page.goto(plain_host)
    assert first is not None and "content-security-policy" not in first.headers
    wait_ready(page)
    expect(page.locator("#new-game")).to_be_visible()
    page.locator("#setup-toggle").click()  # the full setup
    page.locator('#start-form [data-action="start"]').click()
    page.locator("#overlay #reveal").click()
    expect(page.locator("#board [data-family].legal").first).to_be_visible()
    page.wait_for_url(lambda url: url.startswith(plain_host + "?game=")
                      or url.startswith(plain_host + "index.html?game="), timeout=READY_MS)

    # the share link: the sub-path's address with the game in its fragment
    page.locator('#header [data-action="share"]').click()
    link = page.locator("#overlay #share-link").input_value()
    assert link.startswith(plain_host) and "#" in link, link
    shared = ctx.new_page()
    shared.goto(link)
    wait_ready(shared)
    shared.locator("#overlay #reveal").click()
    expect(shared.locator("#board [data-family].legal").first).to_be_visible()
    shared.close()

    assert page.evaluate(WAIT_ACTIVE) == plain_host  # the worker's scope: the sub-path
    ctx.set_offline(True)
    page.reload()
    wait_ready(page)
    expect(page.locator("#game")).to_be_visible()
    ctx.set_offline(False)

    missing = [(r.status, r.url) for r in responses if r.status >= 400]
    assert not missing, missing
    assert all(r.url.startswith(plain_host) for r in responses
               if r.url.startswith("http")), "a request left the sub-path"
    assert page.evaluate("window.__csp") == []
    meta = page.locator('meta[http-equiv="Content-Security-Policy"]').get_attribute("content")
    assert meta == publish.csp(meta=True)



def started_with_worker(fresh_context: Callable[..., BrowserContext], site_url: str
                        ) -> tuple[Page, str, dict[str, Any], str]:
    """A game page whose service worker is active: (page, the game's address, the
    precache list, the worker's cache name)."""
    manifest = json.loads((SITE / "vendor" / "precache.json").read_text())
    page = fresh_context().new_page()
    game = site_url + "index.html?players=Ann,Bob&seed=21&first=1"
    page.goto(game)
    wait_ready(page)
    assert page.evaluate(WAIT_ACTIVE) == site_url
    return page, game, manifest, f"samarkand-{manifest['version']}"


def damage_in_cache(page: Page, cache: str, url: str) -> None:
    """Once the worker's precache holds `url`, put a damaged copy in its place."""
    assert page.evaluate("""async ([cache, url]) => {
        for (let i = 0; i < 1200; i++) {
            if (await (await caches.open(cache)).match(url)) break;
            await new Promise((r) => setTimeout(r, 100));
        }
        await (await caches.open(cache)).put(url, new Response('damaged'));
        return (await (await (await caches.open(cache)).match(url)).text()) === 'damaged';
    }""", [cache, url])


def test_a_damaged_cache_entry_is_dropped_and_fetched_again(
        fresh_context: Callable[..., BrowserContext], site_url: str) -> None:
    """The service worker checks each cached file against the sha256 of the precache
    list as it serves it: the code bundle damaged in Cache Storage fails the page's own
    check, whose retry asks past the cache; the worker fetches it again from the server,
    the page starts, and the cache holds the right bytes again."""
    page, game, manifest, cache = started_with_worker(fresh_context, site_url)
    (bundle,) = [f for f in manifest["files"] if f.startswith("vendor/app/")]
    # wait for the precache to be complete, then damage the bundle in it
    damage_in_cache(page, cache, site_url + bundle)

    page.reload()
    wait_ready(page)
    expect(page.locator("#loading")).to_be_hidden()
    digest = page.evaluate("""async ([cache, url]) => {
        const hit = await (await caches.open(cache)).match(url);
        const sum = await crypto.subtle.digest('SHA-256', await hit.arrayBuffer());
        return Array.from(new Uint8Array(sum), (b) => b.toString(16).padStart(2, '0')).join('');
    }""", [cache, site_url + bundle])
    assert digest == manifest["sha256"][bundle]


def test_a_damaged_runtime_file_in_the_cache_is_whole_again_for_the_next_load(
        fresh_context: Callable[..., BrowserContext], site_url: str) -> None:
    """A damaged copy of a file the page does not check itself (dom.js) is served once,
    found damaged beside that, dropped and fetched again: the next load starts, from
    the right bytes. The page never stays stuck on a damaged cache while online."""
    page, game, manifest, cache = started_with_worker(fresh_context, site_url)
    url = site_url + "dom.js"
    damage_in_cache(page, cache, url)
    page.goto(game)  # the first page was not the worker's: this is its first dom.js
    whole = page.evaluate("""async ([cache, url, want]) => {
        for (let i = 0; i < 1200; i++) {
            const hit = await (await caches.open(cache)).match(url);
            if (hit) {
                const sum = await crypto.subtle.digest('SHA-256', await hit.arrayBuffer());
                const hex = Array.from(new Uint8Array(sum),
                                       (b) => b.toString(16).padStart(2, '0')).join('');
                if (hex === want) return true;
            }
            await new Promise((r) => setTimeout(r, 100));
        }
        return false;
    }""", [cache, url, manifest["sha256"]["dom.js"]])
    assert whole
    page.goto(game)
    wait_ready(page)
    expect(page.locator("#loading")).to_be_hidden()
