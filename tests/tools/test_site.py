"""The site folder (web/tools/publish.py, written by `make web`) without a browser: exactly the
files the site serves, relative URLs, one source for the headers (_headers, web/tools/serve.py,
the start page's CSP meta), the app's icons, the third-party notices, the zip and the
GitHub Pages workflow."""

from __future__ import annotations

import io
import json
import re
import struct
import tomllib
import zipfile
from pathlib import Path

import publish  # web/tools/publish.py
import pytest
from samarkand_web.saves.storage import MemoryStore
from samarkand_web.state.app import App

from tests.support.web_support import Clock, load_module, npm_tarball, shared_link

ROOT = Path(__file__).resolve().parents[2]
WEB = ROOT / "web"
SITE = ROOT / "site"


serve = load_module("samarkand_web_serve_site", WEB / "tools" / "serve.py")
built = pytest.mark.skipif(not (SITE / "vendor" / "precache.json").is_file(),
                           reason="site/ not built (make web)")


# --------------------------------------------------------------------------- a fake build

def _wheel(path: Path, name: str, version: str, license_: str, text: str) -> Path:
    dist = f"{name}-{version}.dist-info"
    with zipfile.ZipFile(path, "w") as zf:
        zf.writestr(f"{name}/__init__.py", "")
        zf.writestr(f"{dist}/METADATA", f"Metadata-Version: 2.4\nName: {name}\n"
                    f"Version: {version}\nLicense-Expression: {license_}\n"
                    "License-File: LICENSE\n\n")
        zf.writestr(f"{dist}/licenses/LICENSE", text)
    return path


SERVED = ["first.js", "dom.js", "zoom.js", "zoompan.js", "tips.js", "sw.js", "sw-register.js",
          "manifest.webmanifest", "worker.js", "snapshot.js", "vendor/code.json", "client.js",
          "paint.js", "store.js", "focus.js", "input.js", "effects.js", "tipwatch.js", "typed.js",
          "assets/style.css",
          "assets/icons/icon-192.png",
          "vendor/pyodide/pyodide.mjs", "vendor/app/samarkand-0123.bin"]
NOT_SERVED = ["tools/build.py", "tools/sitebuild/pipeline.py",
              "tools/sitebuild/run_in_pyodide.mjs", "tools/serve.py", "tools/publish.py",
              "vendor.lock.json", "main.py", "boot.py", "pages/smoke.html", "pages/smoke.py",
              "pages/bare.html", "pages/bare.js", "pages/floor.html", "pages/floor.py",
              "samarkand_web/state/app.py", "licenses/MPL-2.0.txt", "assets/screenshot.png",
              "vendor/config.json", "vendor/precache.json", "vendor/pyscript/LICENSE",
              "vendor/pyscript/core.js",  # PyScript: the test pages' only
              "vendor/pyscript/codemirror_view-Ab12Cd34.js", "vendor/pyscript/xterm-x1.js",
              "vendor/pyscript/py-Dl-y4L1b.js", "vendor/pyscript/py-editor-x.js",
              "assets/.hidden", "vendor/pyodide/x.tmp"]


def fake_web(tmp_path: Path) -> tuple[Path, Path]:
    """(web, pyodide tarball) of a small fake build."""
    web = tmp_path / "web"
    for f in SERVED + NOT_SERVED:
        (web / f).parent.mkdir(parents=True, exist_ok=True)
        (web / f).write_text(f)
    (web / "vendor" / "index.html").write_text("the built start page")
    (web / "vendor" / "wheels").mkdir(parents=True)
    _wheel(web / "vendor" / "wheels" / "tiny-1.0-py3-none-any.whl", "tiny", "1.0", "MIT",
           "MIT License, tiny's authors")
    licenses = web / "licenses"
    (licenses / "pyodide-runtime.txt").write_text("CPython: PSF-2.0")
    (licenses / "MPL-2.0.txt").write_text("Mozilla Public License Version 2.0")
    pyodide = npm_tarball(tmp_path / "pyodide.tgz", {"package.json": json.dumps(
        {"name": "pyodide", "version": "314.0.7", "license": "MPL-2.0"}).encode()})
    return web, pyodide


def test_the_site_holds_exactly_what_it_serves(tmp_path: Path) -> None:
    web, pyodide = fake_web(tmp_path)
    site = tmp_path / "site"
    (site / "stale").mkdir(parents=True)
    (site / "stale" / "old.js").write_text("a file of an older build")
    publish.write_site(web, site, pyodide, web / "licenses")
    files = {p.relative_to(site).as_posix() for p in site.rglob("*") if p.is_file()}
    assert files == {*SERVED, "index.html", "_headers", ".nojekyll", publish.NOTICES,
                     "vendor/precache.json", "vendor/wheels/tiny-1.0-py3-none-any.whl"}
    assert (site / "index.html").read_text() == "the built start page"
    assert not (site / "stale").exists()


def test_the_precache_lists_every_file_of_the_site_with_its_hash(tmp_path: Path) -> None:
    web, pyodide = fake_web(tmp_path)
    site = tmp_path / "site"
    manifest = publish.write_site(web, site, pyodide, web / "licenses")
    # all but the service worker, its own list and the host's files
    assert manifest["files"] == sorted(
        {*SERVED, "index.html", publish.NOTICES, "vendor/wheels/tiny-1.0-py3-none-any.whl"}
        - {"sw.js"})
    on_disk = json.loads((site / "vendor" / "precache.json").read_text())
    assert on_disk == manifest and len(manifest["version"]) == 16
    assert publish.write_precache(site)["version"] == manifest["version"]
    (site / "first.js").write_text("changed")
    assert publish.write_precache(site)["version"] != manifest["version"]
    (site / "sw.js").write_text("changed")  # a new service worker is a new build
    v3 = publish.write_precache(site)["version"]
    publish.write_site(web, site, pyodide, web / "licenses")  # back as built
    assert publish.write_precache(site)["version"] == manifest["version"] != v3


def test_the_notices_name_each_shipped_component_with_its_license_texts(
        tmp_path: Path) -> None:
    """Read from the build's own inputs: Pyodide's npm metadata, the license files and
    each shipped wheel's metadata, so a wheel that stops being shipped leaves them;
    PyScript, not shipped (the test pages' only), is not named."""
    web, pyodide = fake_web(tmp_path)
    site = tmp_path / "site"
    publish.write_site(web, site, pyodide, web / "licenses")
    text = (site / publish.NOTICES).read_text()
    for expected in ("Pyodide 314.0.7 (MPL-2.0)", "Mozilla Public License Version 2.0",
                     "CPython: PSF-2.0", "tiny 1.0 (MIT)", "MIT License, tiny's authors"):
        assert expected in text, expected
    assert "PyScript" not in text and "vendor/pyscript" not in text
    (site / "vendor" / "wheels" / "tiny-1.0-py3-none-any.whl").unlink()
    (web / "vendor" / "wheels" / "tiny-1.0-py3-none-any.whl").unlink()
    publish.write_site(web, site, pyodide, web / "licenses")
    assert "tiny" not in (site / publish.NOTICES).read_text()


def test_the_zip_of_the_site_is_the_same_bytes_each_time(tmp_path: Path) -> None:
    web, pyodide = fake_web(tmp_path)
    site = tmp_path / "site"
    publish.write_site(web, site, pyodide, web / "licenses")
    one = publish.write_zip(site, tmp_path / "dist" / "a.zip").read_bytes()
    (site / "first.js").touch()  # a newer date changes nothing
    two = publish.write_zip(site, tmp_path / "dist" / "b.zip").read_bytes()
    assert one == two
    with zipfile.ZipFile(io.BytesIO(one)) as zf:
        names = zf.namelist()
        assert names == sorted(names)
        # Every file under one folder: unpacked, the zip makes samarkand-site/, not 30
        # files in the current folder.
        assert set(names) == {f"samarkand-site/{p.relative_to(site).as_posix()}"
                              for p in site.rglob("*") if p.is_file()}
    with pytest.raises(FileNotFoundError, match="make web"):
        publish.write_zip(tmp_path / "empty", tmp_path / "c.zip")


# --------------------------------------------------------------------------- headers

def test_headers_have_one_source_and_serve_py_reads_the_sites_file(tmp_path: Path) -> None:
    assert serve.parse_headers(publish.headers_text()) == [
        (path, values) for path, values in publish.HEADERS]
    (tmp_path / "_headers").write_text(publish.headers_text())
    rules = serve.load_header_rules(tmp_path)
    csp = serve.headers_for("/index.html", rules)["Content-Security-Policy"]
    assert csp == publish.csp()
    assert "'unsafe-inline'" not in csp and "frame-ancestors 'none'" in csp
    for path in ("/", "/index.html", "/sw.js", "/sw-register.js", "/vendor/precache.json"):
        assert serve.headers_for(path, rules)["Cache-Control"] == "no-cache", path
        assert serve.headers_for(path, rules)["Content-Security-Policy"] == csp
    assert "immutable" in serve.headers_for("/vendor/app/samarkand-1.bin", rules)[
        "Cache-Control"]
    assert "immutable" not in serve.headers_for("/vendor/pyodide/pyodide.mjs", rules)[
        "Cache-Control"]
    # one rule per header per path: Netlify and Cloudflare join duplicates with commas
    for path in ("/", "/index.html", "/vendor/app/a.bin", "/vendor/pyodide/a.mjs",
                 "/vendor/pyscript/core.js", "/sw.js", "/first.js", "/assets/style.css"):
        seen: dict[str, int] = {}
        for rx, values in rules:
            if rx.match(path):
                for name in values:
                    seen[name] = seen.get(name, 0) + 1
        assert all(n == 1 for n in seen.values()), (path, seen)
    with pytest.raises(ValueError, match="line 2"):
        serve.parse_headers("/*\n  no header here\n")


def test_netlify_publishes_the_site_folder_with_no_rewrites_and_no_headers_of_its_own(
        ) -> None:
    """Netlify reads site/_headers; a header set in netlify.toml as well would be joined
    with it."""
    data = tomllib.loads((ROOT / "netlify.toml").read_text())
    assert data["build"]["command"] == "make web" and data["build"]["publish"] == "site"
    assert "redirects" not in data and "headers" not in data


def test_the_meta_policy_is_the_header_policy_less_what_a_meta_cannot_carry() -> None:
    header = [d.strip() for d in publish.csp().split(";")]
    meta = [d.strip() for d in publish.csp(meta=True).split(";")]
    assert meta == [d for d in header if d.split()[0] not in publish.NOT_IN_META]
    assert any(d.startswith("frame-ancestors") for d in header)
    script = next(d for d in meta if d.startswith("script-src"))
    assert script == "script-src 'self' 'wasm-unsafe-eval' 'unsafe-eval'"  # PyScript 0.7.31


def test_serve_answers_test_pages_from_web_only_when_asked(tmp_path: Path) -> None:
    assert serve.resolve_path(tmp_path, "/smoke.html", serve.TEST_ROUTES) == (
        WEB / "pages" / "smoke.html")
    assert serve.resolve_path(tmp_path, "/smoke.html") == (tmp_path / "smoke.html").resolve()
    assert serve.resolve_path(tmp_path, "/index.html?players=Ann,Bob") == (
        tmp_path / "index.html").resolve()
    assert serve.resolve_path(tmp_path, "/../etc/passwd") is None
    for route in serve.TEST_ROUTES.values():
        assert WEB in route.parents
    # PyScript, which the site leaves out, for smoke.html and floor.html; a file an older
    # site still holds is the site's
    if (WEB / "vendor" / "pyscript").is_dir():
        site = tmp_path / "site"
        core = next((WEB / "vendor" / "pyscript").glob("core-*.js"))
        (site / "vendor" / "pyscript").mkdir(parents=True)
        (site / "vendor" / "pyscript" / core.name).write_text("in the site")
        routes = serve.test_routes(site)
        assert f"/vendor/pyscript/{core.name}" not in routes
        left_out = [r for r in routes if r.startswith("/vendor/pyscript/")]
        assert left_out and all(not (site / r.lstrip("/")).exists() for r in left_out)


# --------------------------------------------------------------------------- the built site

@built
def test_the_built_site_has_no_tooling_sources_or_test_pages() -> None:
    files = {p.relative_to(SITE).as_posix() for p in SITE.rglob("*") if p.is_file()}
    assert "index.html" in files and "sw.js" in files and "_headers" in files
    for name in files:
        assert not name.endswith((".py", ".lock.json", ".toml", ".map")), name
        assert not re.match(r"(smoke|bare|floor)\.", name), name
        assert not name.startswith(("samarkand_web/", "licenses/")), name
    assert not any(route.lstrip("/") in files for route in serve.TEST_ROUTES)
    assert (SITE / "_headers").read_text() == publish.headers_text()


@built
def test_the_built_start_page_uses_relative_urls_and_carries_the_meta_policy() -> None:
    page = (SITE / "index.html").read_text()
    # "./..." or "#id" (an element of the page itself: rel=expect's): both hold under a
    # sub-path
    urls = re.findall(r'(?:src|href|data-code)="([^"]*)"', page)
    assert urls and all(u.startswith(("./", "#")) for u in urls), [
        u for u in urls if not u.startswith(("./", "#"))]
    # the worker's start (vendor/code.json) names the code bundle relative to the site
    worker = json.loads((SITE / "vendor" / "code.json").read_text())
    assert worker["url"].startswith("./")
    head = page[:page.index("</head>")]
    meta = publish.meta_tag()
    assert meta in head
    # the policy the site's _headers send, less what a meta element cannot carry
    sent = serve.headers_for("/index.html", serve.load_header_rules(SITE))[
        "Content-Security-Policy"]
    kept = "; ".join(d.strip() for d in sent.split(";")
                     if d.split()[0] not in ("frame-ancestors", "report-uri", "sandbox"))
    assert f'<meta http-equiv="Content-Security-Policy" content="{kept}">' == meta
    # before anything the page loads: the policy covers all of it
    assert head.index(meta) < min(head.index(tag) for tag in ("<link", "<script"))
    manifest = json.loads((SITE / "manifest.webmanifest").read_text())
    assert manifest["start_url"] == "./index.html"
    assert manifest["scope"] == "./" and manifest["id"] == "./"
    assert "register(\n      `./sw.js?v=" in (SITE / "sw-register.js").read_text()
    assert 'scope: "./"' in (SITE / "sw-register.js").read_text()


def png_size(path: Path) -> tuple[int, int]:
    data = path.read_bytes()[:24]
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR", path
    width, height = struct.unpack(">II", data[16:24])
    return width, height


@built
def test_the_manifests_icons_are_in_the_site_with_their_declared_sizes() -> None:
    manifest = json.loads((SITE / "manifest.webmanifest").read_text())
    pngs = [i for i in manifest["icons"] if i["type"] == "image/png"]
    assert {(i["sizes"], i.get("purpose", "any")) for i in pngs} >= {
        ("192x192", "any"), ("512x512", "any"), ("512x512", "maskable")}
    for icon in pngs:
        path = SITE / icon["src"]
        w, h = map(int, icon["sizes"].split("x"))
        assert png_size(path) == (w, h), icon
        assert path.stat().st_size < 100_000
    touch = re.search(r'<link rel="apple-touch-icon" href="([^"]+)">',
                      (SITE / "index.html").read_text())
    assert touch and png_size(SITE / touch.group(1)) == (180, 180)


def test_the_notices_read_an_installed_package_folder_as_its_tarball(
        tmp_path: Path) -> None:
    """The build reads Pyodide's and PyScript's metadata from node_modules/ (npm ci):
    a package's folder gives what its tarball gives."""
    files = {"package.json": json.dumps({"name": "@pyscript/core", "version": "0.7.31",
                                         "license": "APACHE-2.0"}).encode(),
             "LICENSE": b"Apache License Version 2.0 (PyScript)", "dist/core.js": b"js"}
    tgz = npm_tarball(tmp_path / "core.tgz", files)
    folder = tmp_path / "node_modules" / "core"
    for name, data in files.items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_bytes(data)
    assert publish.npm_package(folder) == publish.npm_package(tgz)
    assert publish.npm_package(folder)[1] == {
        "LICENSE": "Apache License Version 2.0 (PyScript)"}


@built
def test_every_source_map_a_shipped_file_names_is_shipped() -> None:
    """A script or style sheet that names its source map (`sourceMappingURL=`) names a
    file the site holds: devtools would otherwise ask the site for a missing file (the
    build strips the comment when it leaves the map out)."""
    for p in SITE.rglob("*"):
        if p.suffix not in (".js", ".mjs", ".css") or not p.is_file():
            continue
        for target in re.findall(rb"sourceMappingURL=([^\s*'\"`]+)", p.read_bytes()):
            if target.startswith(b"data:"):
                continue
            assert (p.parent / target.decode()).is_file(), (p.relative_to(SITE), target)


@built
def test_the_site_ships_no_micropip() -> None:
    """Nothing loads micropip (the config lists no packages): the site does not ship it."""
    assert not list(SITE.rglob("micropip*"))
    config = json.loads((ROOT / "web" / "vendor" / "config.json").read_text())
    assert not config.get("packages")


@built
def test_the_notices_name_everything_the_built_site_ships() -> None:
    text = (SITE / publish.NOTICES).read_text()
    for name in ("Pyodide", "CPython", "PSF", "Mozilla Public License"):
        assert name in text, name
    assert "PyScript" not in text and not (SITE / "vendor" / "pyscript").exists()
    for whl in SITE.rglob("*.whl"):
        name, version, license_, texts = publish.wheel_license(whl)
        assert f"{name} {version} ({license_})" in text, whl.name
        assert texts and all(body.strip()[:200] in text for body in texts.values()), whl.name
    # the page links to them (the start screen's "How to play")
    assert 'href="./THIRD-PARTY-NOTICES.txt"' in (SITE / "index.html").read_text()


def test_the_github_pages_workflow_builds_and_deploys_the_site_folder() -> None:
    flow = (ROOT / ".github" / "workflows" / "pages.yml").read_text()
    for step in ("actions/checkout@", "actions/setup-python@", "python-version: \"3.11\"",
                 "actions/setup-node@", "make web", "actions/upload-pages-artifact@",
                 "path: site", "actions/deploy-pages@", "pages: write", "id-token: write"):
        assert step in flow, step


def test_pages_deploys_only_after_ci_passed_on_main() -> None:
    """No deploy on a bare push: Pages runs when the CI workflow completed, on main, with
    success, and builds the commit CI tested."""
    flow = (ROOT / ".github" / "workflows" / "pages.yml").read_text()
    trigger = flow.split("\non:\n", 1)[1].split("\npermissions:", 1)[0]
    assert "push:" not in trigger and "pull_request" not in trigger
    for part in ("workflow_run:", "workflows: [CI]", "types: [completed]", "branches: [main]"):
        assert part in trigger, part
    assert "github.event.workflow_run.conclusion == 'success'" in flow
    assert "ref: ${{ github.event.workflow_run.head_sha" in flow


def test_ci_runs_every_test_on_pushes_and_pull_requests() -> None:
    flow = (ROOT / ".github" / "workflows" / "ci.yml").read_text()
    assert flow.splitlines()[flow.splitlines().index("name: CI")] == "name: CI"
    trigger = flow.split("\non:\n", 1)[1].split("\npermissions:", 1)[0]
    assert "  push:" in trigger and "  pull_request:" in trigger
    for part in ("runs-on: ubuntu-latest", "python:3.11", "actions/setup-node@",
                 "apt-get install", "chromium", "run: .ci/run"):
        assert part in flow, part
    assert "make test" in (ROOT / ".ci" / "run").read_text()


def test_dependabot_watches_pip_npm_and_the_actions() -> None:
    config = (ROOT / ".github" / "dependabot.yml").read_text()
    ecosystems = re.findall(r"package-ecosystem: (\S+)", config)
    assert sorted(ecosystems) == ["github-actions", "npm", "pip"]


# --------------------------------------------------------------------------- links

def test_links_keep_the_sub_path_the_page_is_served_at() -> None:
    """A GitHub Pages project site serves the page at /<repo>/: the game's address and its
    share link keep that path (links are built from the page's own path,
    location.pathname; a replay's position link is the share link plus &at=N)."""
    app = App(MemoryStore(), now=Clock(), lang="en", path="/samarkand/",
              origin="https://someone.github.io")
    fx = app.boot("?players=Ann,Bob&seed=3", "")
    assert fx.url is not None and fx.url.startswith("/samarkand/?game=")
    app.dispatch("share")
    assert shared_link(app).startswith("https://someone.github.io/samarkand/#")
