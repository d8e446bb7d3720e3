"""The static site in Chromium: Pyodide and PyScript from local files only, the CSP,
the service worker and an offline reload."""

from __future__ import annotations

import importlib.util
import json
import shutil
import sys
import tomllib
import urllib.request
from collections.abc import Callable
from pathlib import Path
from typing import Any

from playwright.sync_api import BrowserContext, Page, expect

ROOT = Path(__file__).resolve().parents[2]
WEB = ROOT / "web"
# Python startup in Pyodide on a loaded 2-core machine can take a while.
READY_TIMEOUT_MS = 180_000


def netlify_csp() -> str:
    data = tomllib.loads((ROOT / "netlify.toml").read_text())
    for rule in data["headers"]:
        csp = rule.get("values", {}).get("Content-Security-Policy")
        if csp:
            return str(csp)
    raise AssertionError("netlify.toml sets no Content-Security-Policy")


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


def test_headers_csp_and_mime_types(site_url: str) -> None:
    csp = netlify_csp()
    for directive in ("default-src 'self'", "connect-src 'self'", "object-src 'none'",
                      "frame-ancestors 'none'"):
        assert directive in csp
    for path in ("smoke.html", "bare.html", "vendor/pyodide/pyodide.mjs"):
        assert head(site_url + path)["content-security-policy"] == csp

    expected = {
        "smoke.html": "text/html",
        "smoke.py": "text/plain",
        "sw.js": "text/javascript",
        "vendor/config.json": "application/json",
        "vendor/precache.json": "application/json",
        "vendor/pyodide/pyodide.mjs": "text/javascript",
        "vendor/pyodide/pyodide.asm.wasm": "application/wasm",
        "vendor/pyodide/micropip-0.11.1-py3-none-any.whl": "application/zip",
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
    // until the worker of `version` controls the page and its cache is the only one
    for (let i = 0; i < 1200; i++) {
        const reg = await navigator.serviceWorker.getRegistration();
        const ctl = navigator.serviceWorker.controller;
        const names = await caches.keys();
        if (reg && reg.active && ctl && (!version || (
                ctl.scriptURL.endsWith(`sw.js?v=${version}`)
                && names.length === 1 && names[0] === `samarkand-${version}`)))
            return {script: ctl.scriptURL, caches: names};
        await new Promise((r) => setTimeout(r, 100));
    }
    return null;
}"""


def test_service_worker_then_offline_reload(
    fresh_context: Callable[..., BrowserContext], site_url: str
) -> None:
    context = fresh_context()
    page = context.new_page()
    page.goto(site_url + "smoke.html")
    wait_ready(page)

    # sw-register.js registers sw.js?v=<build> after py:all-done; install precaches
    # everything, activate claims this page.
    version = json.loads((WEB / "vendor" / "precache.json").read_text())["version"]
    state = page.evaluate(WAIT_FOR_WORKER, version)
    assert state, "the service worker of this build never took control"

    served_by_sw: list[str] = []
    page.on("response", lambda r: r.from_service_worker and served_by_sw.append(r.url))
    context.set_offline(True)
    page.reload()
    wait_ready(page)
    expect(page.locator("#info")).to_contain_text("samarkand_core imported")
    assert any(u.endswith("smoke.html") for u in served_by_sw), served_by_sw
    assert any(u.endswith("pyodide.asm.wasm") for u in served_by_sw), served_by_sw


def test_service_worker_updates_with_the_build(
    fresh_context: Callable[..., BrowserContext], tmp_path: Path
) -> None:
    """A new build (new precache version) installs a new worker and cache, downloads
    only the files that changed, drops the old cache, and serves the new files."""
    site = tmp_path / "web"
    shutil.copytree(WEB, site, ignore=shutil.ignore_patterns("__pycache__"))
    builder = _load("build")
    v1 = builder.write_precache(site)["version"]
    server, url = _load("serve").start_server(site, 0)
    try:
        context = fresh_context()
        page = context.new_page()
        page.goto(url + "smoke.html")
        wait_ready(page)
        assert page.evaluate(WAIT_FOR_WORKER, v1), "first worker never took control"

        # the next build: smoke.py changed
        smoke = site / "smoke.py"
        smoke.write_text(smoke.read_text() + "\ndocument.body.dataset.build = 'two'\n")
        v2 = builder.write_precache(site)["version"]
        assert v2 != v1
        server.request_log.clear()

        page.reload()  # still the old build (cache first); registers sw.js?v=<v2>
        wait_ready(page)
        assert page.evaluate(WAIT_FOR_WORKER, v2), "the new build's worker never took control"
        fetched = {path for _, path, _ in server.request_log}
        assert "/smoke.py" in fetched
        assert "/vendor/pyodide/pyodide.asm.wasm" not in fetched, sorted(fetched)
        assert not any(p.endswith(".whl") for p in fetched), sorted(fetched)

        page.reload()
        wait_ready(page)
        expect(page.locator("body")).to_have_attribute("data-build", "two")
    finally:
        server.shutdown()
        server.server_close()


def _load(name: str) -> Any:
    """web/<name>.py as a module (web/ is no package)."""
    spec = importlib.util.spec_from_file_location(f"samarkand_web_{name}_e2e", WEB / f"{name}.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module
