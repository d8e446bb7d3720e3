"""The static site in Chromium: Pyodide and PyScript from local files only, the CSP,
the service worker, an offline reload and a new build's worker waiting for the player."""

from __future__ import annotations

import importlib.util
import json
import re
import shutil
import sys
import urllib.request
from collections.abc import Callable
from pathlib import Path
from typing import Any

import publish  # web/tools/publish.py: the site's headers
from playwright.sync_api import BrowserContext, Page, expect

ROOT = Path(__file__).resolve().parents[2]
WEB = ROOT / "web"
SITE = ROOT / "site"
# Python startup in Pyodide on a loaded 2-core machine can take a while.
READY_TIMEOUT_MS = 180_000
GAME = "index.html?players=Ann,Bob&seed=21&first=1"


def head(url: str) -> dict[str, str]:
    req = urllib.request.Request(url, method="HEAD")
    with urllib.request.urlopen(req, timeout=10) as resp:
        return {k.lower(): v for k, v in resp.headers.items()}


def wait_ready(page: Page) -> None:
    status = page.locator("#status")
    # fail at once with the traceback rather than at the timeout
    expect(status).not_to_have_text("loading", timeout=READY_TIMEOUT_MS)
    expect(status).to_have_text("ready", timeout=1)


def test_bare_pyodide_runs_python(page: Page, site_url: str) -> None:
    page.goto(site_url + "bare.html")
    wait_ready(page)
    expect(page.locator("#result")).to_have_text("3.14.2: 42")


def test_smoke_imports_samarkand_core_and_reads_a_save_without_pydantic(
    page: Page, site_url: str, offsite_guard: Any
) -> None:
    page.goto(site_url + "smoke.html")
    wait_ready(page)
    info = page.locator("#info")
    expect(info).to_contain_text("samarkand_core imported")
    expect(info).to_contain_text("save smoke001 read back at turn 1")
    # the guard fails the test on any request off localhost; check it saw the load
    assert any("pyodide.asm.wasm" in u for u in offsite_guard.requests)
    assert not any(u.endswith(".whl") for u in offsite_guard.requests)  # no wheel at all
    assert offsite_guard.offsite == []


def test_offsite_guard_flags_other_hosts(offsite_guard: Any) -> None:
    is_local = offsite_guard.is_local
    assert is_local("http://127.0.0.1:8000/vendor/pyodide/pyodide.mjs")
    assert is_local("http://localhost:1/")
    assert is_local("data:,")
    assert not is_local("https://cdn.jsdelivr.net/pyodide/v314.0.7/full/pyodide.mjs")
    assert not is_local("https://pypi.org/simple/pydantic/")


def wait_game(page: Page) -> None:
    expect(page.locator("body")).to_have_attribute("data-ready", "1", timeout=READY_TIMEOUT_MS)


def test_headers_csp_and_mime_types(site_url: str) -> None:
    csp = publish.csp()
    for directive in ("default-src 'self'", "connect-src 'self'", "object-src 'none'",
                      "frame-ancestors 'none'"):
        assert directive in csp
    for path in ("", "index.html", "smoke.html", "bare.html", "vendor/pyodide/pyodide.mjs"):
        assert head(site_url + path)["content-security-policy"] == csp

    expected = {
        "smoke.html": "text/html",
        "smoke.py": "text/plain",
        "sw.js": "text/javascript",
        "vendor/config.json": "application/json",
        "vendor/precache.json": "application/json",
        "vendor/pyodide/pyodide.mjs": "text/javascript",
        "vendor/pyodide/pyodide.asm.wasm": "application/wasm",
        "vendor/pyscript/core.js": "text/javascript",
        "vendor/pyscript/core.css": "text/css",
    }
    for path, mime in expected.items():
        headers = head(site_url + path)
        assert headers["content-type"].split(";")[0] == mime, path
        assert headers["x-content-type-options"] == "nosniff"

    assert head(site_url + "sw.js")["cache-control"] == "no-cache"
    assert head(site_url + "vendor/precache.json")["cache-control"] == "no-cache"
    bundle = json.loads((WEB / "vendor" / "config.json").read_text())["code"]["url"]
    assert "immutable" in head(site_url + bundle.removeprefix("./"))["cache-control"]


WAIT_FOR_WORKER = """async (version) => {
    // until the worker of `version` is active and its cache the only one of sw.js's
    // ("samarkand-*"; the start's snapshot has a cache of its own, web/snapshot.js)
    for (let i = 0; i < 1200; i++) {
        const reg = await navigator.serviceWorker.getRegistration();
        const names = (await caches.keys()).filter((n) => n.startsWith('samarkand-'));
        if (reg && reg.active && reg.active.scriptURL.endsWith(`sw.js?v=${version}`)
                && names.length === 1 && names[0] === `samarkand-${version}`)
            return {script: reg.active.scriptURL, caches: names};
        await new Promise((r) => setTimeout(r, 100));
    }
    return null;
}"""
CONTROLLER = "navigator.serviceWorker.controller && navigator.serviceWorker.controller.scriptURL"


def test_service_worker_then_offline_reload(
    fresh_context: Callable[..., BrowserContext], site_url: str
) -> None:
    """The game page registers the worker once it is idle; the worker precaches the
    whole site, and the page then reloads offline, every file from the worker."""
    context = fresh_context()
    page = context.new_page()
    page.goto(site_url + GAME)
    wait_game(page)

    version = json.loads((SITE / "vendor" / "precache.json").read_text())["version"]
    state = page.evaluate(WAIT_FOR_WORKER, version)
    assert state, "the service worker of this build never became active"
    # it did not take over the page that started without it (no clients.claim)
    assert page.evaluate(CONTROLLER) is None

    served_by_sw: list[str] = []
    page.on("response", lambda r: r.from_service_worker and served_by_sw.append(r.url))
    context.set_offline(True)
    page.reload()
    wait_game(page)
    assert page.evaluate(CONTROLLER).endswith(f"sw.js?v={version}")
    assert any("/index.html?" in u for u in served_by_sw), served_by_sw
    assert any(u.endswith("pyodide.asm.wasm") for u in served_by_sw), served_by_sw


def test_a_new_build_waits_for_the_player_and_then_serves_its_files(
    fresh_context: Callable[..., BrowserContext], tmp_path: Path
) -> None:
    """A new build (new precache version) installs a new worker and cache, downloading
    only the files that changed, and waits: the page's game keeps the files it started
    with, and the page says "A new version is ready" with a Reload button. The button
    makes the new worker take over (this is the site's only tab); the page reloads on
    the new files, and the old cache is gone."""
    site = tmp_path / "site"
    shutil.copytree(SITE, site)
    v1 = publish.write_precache(site)["version"]
    server, url = _load("serve").start_server(site, 0)
    try:
        context = fresh_context()
        page = context.new_page()
        page.goto(url + GAME)
        wait_game(page)
        assert page.evaluate(WAIT_FOR_WORKER, v1), "the first worker never became active"
        page.reload()  # now under the first worker
        wait_game(page)
        assert page.evaluate(CONTROLLER).endswith(f"v={v1}")
        assert page.locator('[data-message="update.ready"]').count() == 0

        # the next build: dom.js changed
        dom = site / "dom.js"
        dom.write_text(dom.read_text() + "\nwindow.samarkandBuild = 'two';\n")
        v2 = publish.write_precache(site)["version"]
        assert v2 != v1
        server.request_log.clear()

        page.reload()  # still the old build (cache first); registers sw.js?v=<v2>
        wait_game(page)
        notice = page.locator('[data-message="update.ready"]')
        expect(notice).to_contain_text("A new version is ready. Reload to use it.",
                                       timeout=READY_TIMEOUT_MS)
        # the running page is still the first build's, and its worker too
        assert page.evaluate("window.samarkandBuild") is None
        assert page.evaluate(CONTROLLER).endswith(f"v={v1}")
        waiting = page.evaluate("navigator.serviceWorker.getRegistration()"
                                ".then((r) => r.waiting && r.waiting.scriptURL)")
        assert waiting and waiting.endswith(f"v={v2}")
        fetched = {path for _, path, _ in server.request_log}
        assert "/dom.js" in fetched
        assert "/vendor/pyodide/pyodide.asm.wasm" not in fetched, sorted(fetched)
        assert not any(p.endswith(".whl") for p in fetched), sorted(fetched)

        page.locator("#overlay #reveal").click()  # the pass-the-device screen
        with page.expect_navigation():
            notice.get_by_role("button", name="Reload").click()
        wait_game(page)
        assert page.evaluate("window.samarkandBuild") == "two"
        assert page.evaluate(WAIT_FOR_WORKER, v2), "the new build's worker never took over"
        assert page.evaluate(CONTROLLER).endswith(f"v={v2}")
        expect(page.locator('[data-message="update.ready"]')).to_have_count(0)
    finally:
        server.shutdown()
        server.server_close()


def test_the_new_build_waits_while_the_site_is_open_in_another_tab(
    fresh_context: Callable[..., BrowserContext], tmp_path: Path
) -> None:
    """Reload in one tab while another tab of the site is open: the new worker does not
    take over (the other tab's game keeps its files); the page says why."""
    site = tmp_path / "site"
    shutil.copytree(SITE, site)
    v1 = publish.write_precache(site)["version"]
    server, url = _load("serve").start_server(site, 0)
    try:
        context = fresh_context(locale="de-DE")
        page = context.new_page()
        page.goto(url + GAME)
        wait_game(page)
        assert page.evaluate(WAIT_FOR_WORKER, v1), "the first worker never became active"
        other = context.new_page()
        other.goto(url + "index.html")
        wait_game(other)
        dom = site / "dom.js"
        dom.write_text(dom.read_text() + "\nwindow.samarkandBuild = 'two';\n")
        v2 = publish.write_precache(site)["version"]
        page.reload()
        wait_game(page)
        notice = page.locator('[data-message="update.ready"]')
        expect(notice).to_contain_text("Eine neue Version ist bereit", timeout=READY_TIMEOUT_MS)
        page.locator("#overlay #reveal").click()  # the pass-the-device screen
        notice.get_by_role("button", name="Neu laden").click()
        expect(page.locator('[data-message="update.other_tabs"]')).to_contain_text(
            "auch in anderen Tabs offen")
        for tab in (page, other):
            assert tab.evaluate(CONTROLLER).endswith(f"v={v1}")
            assert tab.evaluate("window.samarkandBuild") is None
        waiting = page.evaluate("navigator.serviceWorker.getRegistration()"
                                ".then((r) => r.waiting && r.waiting.scriptURL)")
        assert re.search(f"v={v2}$", waiting or "")
    finally:
        server.shutdown()
        server.server_close()


def _load(name: str) -> Any:
    """web/<name>.py as a module (web/ is no package)."""
    spec = importlib.util.spec_from_file_location(f"samarkand_web_{name}_e2e",
                                                  WEB / "tools" / f"{name}.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module
