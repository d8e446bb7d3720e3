"""The start page (vendor/index.html): web/index.html with the start screen drawn in
(one template per language), the Content-Security-Policy as a meta element and first.js
told where the code bundle is; what the page's worker starts from (vendor/code.json:
the code bundle and web/boot.py compiled by Pyodide's Python); and the PyScript config
(vendor/config.json) of the test pages that still run PyScript (web/pages: smoke, the
benchmark's floor)."""

from __future__ import annotations

import base64
import json
import re
import subprocess
import sys
from html import escape
from pathlib import Path
from typing import Any

import publish  # web/tools/publish.py: the site's Content-Security-Policy

from .bytecode import Bytecode
from .files import BuildError, write_if_changed
from .layout import FIRST_SCREEN_MODULE

HERE = Path(__file__).resolve().parent
# The page's first Python (web/boot.py): it installs the code bundle in the worker.
BOOT = "boot.py"
FIRST_JS_TAG = '<script src="./first.js"></script>'
FIRST_SCREEN_SLOT = re.compile(r"[ \t]*<!-- first-screen:[^>]*-->\n?")
# PyScript 0.7's plugins the test pages do not use (see write_config).
UNUSED_PLUGINS = ("codemirror", "deprecations-manager", "donkey", "py-editor", "py-game",
                  "py-terminal")

Config = dict[str, Any]


def write_config(vendor: Path, code: dict[str, str] | None = None) -> Config:
    """PyScript config (vendor/config.json) of the test pages that run PyScript
    (web/pages/smoke.html, floor.html; web/tools/serve.py serves it to them).
    `interpreter` is resolved by PyScript against the page (so the pages live at web/).
    No `packages`: PyScript then neither fetches its package graph nor has Pyodide
    install anything while it boots, and nothing the game needs is a later download.
    `code`: the code bundle's URL and sha256 (web/boot.py loads it)."""
    config: Config = {
        "interpreter": "./vendor/pyodide/pyodide.mjs",
        # Hand the names straight to Pyodide's loadPackage, which fetches them while
        # the interpreter boots. PyScript's default installs them with micropip after
        # the boot (micropip and its imports: about a second more on a first visit)
        # and keeps a lock in IndexedDB for the next one.
        "packages_cache": "passthrough",
        # PyScript's plugins that no page of ours uses: not loaded (five requests
        # less), and py-editor would watch the whole document for <script
        # type="py-editor"> on every change the page makes. "error" stays: it shows a
        # Python error on the page.
        "plugins": [f"!{name}" for name in UNUSED_PLUGINS],
        **({"code": code} if code else {}),
    }
    write_if_changed(vendor / "config.json", (json.dumps(config, indent=2) + "\n").encode())
    return config


def write_worker_code(vendor: Path, code: dict[str, str], web: Path,
                      boot_code: bytes | None) -> Path:
    """vendor/code.json, what the worker (web/worker.js) starts from: the code bundle's
    URL and sha256, and web/boot.py, which installs it: compiled by Pyodide's Python
    (base64 marshal data: Pyodide parsed boot.py into Python's AST objects before it
    compiled it, which took longer than the whole of boot.py then runs) or, without
    Node at build time, its source. The site serves no .py file."""
    boot = ({"compiled": base64.b64encode(boot_code).decode()} if boot_code is not None
            else {"source": (web / BOOT).read_text(encoding="utf-8")})
    path = vendor / "code.json"
    write_if_changed(path, (json.dumps({**code, "boot": boot}, indent=2) + "\n").encode())
    return path


def render_first_screen(web: Path) -> str:
    """The start screen's templates (FIRST_SCREEN_MODULE's templates()), drawn in a
    Python of its own with the page's package from `web` (draw_first_screen.py)."""
    proc = subprocess.run([sys.executable, str(HERE / "draw_first_screen.py"), str(web),
                           FIRST_SCREEN_MODULE], capture_output=True, text=True,
                          encoding="utf-8")
    if proc.returncode != 0:
        raise BuildError(f"drawing the first screen failed:\n{proc.stderr.strip()[-2000:]}")
    return proc.stdout


def compiled_boot(web: Path, bytecode: Bytecode) -> bytes | None:
    """web/boot.py compiled lean by Pyodide's Python (marshal data, no .pyc header), or
    None without Node."""
    name = f"/{BOOT}"
    pyc = bytecode.compile({name: (web / BOOT).read_bytes()}, lean=[name]).get(name)
    return pyc[16:] if pyc else None


def add_csp_meta(page: str) -> str:
    """The page with the site's Content-Security-Policy as a meta element right after its
    charset (before anything it loads): a host that sends no headers (GitHub Pages, a
    plain static server) still runs the page under the policy, less what a meta element
    cannot carry (publish.NOT_IN_META)."""
    charset = '<meta charset="utf-8">'
    at = page.find(charset)
    if at < 0:
        raise BuildError(f"web/index.html has no {charset}")
    line = page.rindex("\n", 0, at) + 1
    return (page[:at + len(charset)] + "\n" + page[line:at] + publish.meta_tag()
            + page[at + len(charset):])


def _tell_first_js(page: str, code: dict[str, str]) -> str:
    """first.js told the code bundle's URL and sha256: it starts the download."""
    if FIRST_JS_TAG not in page:
        raise BuildError(f"web/index.html has no {FIRST_JS_TAG}")
    return page.replace(FIRST_JS_TAG, f'<script src="./first.js" '
                        f'data-code="{escape(code["url"])}" '
                        f'data-code-integrity="{escape(code["integrity"])}"></script>', 1)


def write_start_page(web: Path, code: dict[str, str] | None, first_screen: str) -> Path:
    """vendor/index.html: web/index.html with the first screen in its marked slot, the
    Content-Security-Policy as a meta element, and first.js told the code bundle's URL
    and sha256 (`code`: it starts the download, which client.js hands to the worker)."""
    source = (web / "index.html").read_text(encoding="utf-8")
    if not FIRST_SCREEN_SLOT.search(source):
        raise BuildError("web/index.html has no <!-- first-screen: ... --> slot")
    page = FIRST_SCREEN_SLOT.sub(lambda _m: first_screen + "\n", source, count=1)
    page = add_csp_meta(page)
    if code:
        page = _tell_first_js(page, code)
    path = web / "vendor" / "index.html"
    write_if_changed(path, page.encode("utf-8"))
    return path
