"""The PyScript config (vendor/config.json) and the start page (vendor/index.html):
web/index.html with the start screen drawn in (one template per language), the config
inlined, web/boot.py (compiled by Pyodide's Python) as its script, the
Content-Security-Policy as a meta element and PyScript's chain of modules announced."""

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
from .layout import FIRST_SCREEN_MODULE, MAIN, PAGE_MODULE

HERE = Path(__file__).resolve().parent
# The page's first Python (web/boot.py): it installs the code bundle and is inlined into
# the start page's script, followed by PAGE_SCRIPT_TAIL.
BOOT = "boot.py"
PAGE_SCRIPT_TAIL = (f"\n# web/main.py, compiled into the code bundle as {PAGE_MODULE}\n"
                    "from pyscript import config as _config, window as _window\n"
                    "await load(_window, _config)\n"
                    f"import {PAGE_MODULE}  # noqa: E402, F401\n")
FIRST_JS_TAG = '<script src="./first.js"></script>'
FIRST_SCREEN_SLOT = re.compile(r"[ \t]*<!-- first-screen:[^>]*-->\n?")
CONFIG_ATTR = 'config="./vendor/config.json"'
CORE_SCRIPT = '<script type="module" src="./vendor/pyscript/core.js"></script>'
# PyScript 0.7's plugins our pages do not use (see write_config).
UNUSED_PLUGINS = ("codemirror", "deprecations-manager", "donkey", "py-editor", "py-game",
                  "py-terminal")
# The chain of modules PyScript loads one after the other before Pyodide starts: its core
# chunk (core.js's one import), the two chunks the core imports on demand for this page
# (the error plugin, the one not switched off, and the Pyodide glue) and Pyodide's own
# module. Each request began only once the one before was in and run: announced as
# modulepreload, they download at once, beside the page's styles (on a cold load the lock
# file was asked for about 95 ms sooner, the board clickable ~60 ms sooner; 15
# interleaved loads each, medians). Glob patterns, each for exactly one file.
PRELOAD_MODULES = ("pyscript/core-*.js", "pyscript/error-*.js", "pyodide/pyodide.mjs")
# ... and the package graph, which PyScript imports only when the config names packages.
PRELOAD_WITH_PACKAGES = ("pyscript/pyodide_graph-*.js",)

Config = dict[str, Any]


def write_config(vendor: Path, code: dict[str, str] | None = None) -> Config:
    """PyScript config (vendor/config.json; the built start page inlines it).
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
    (base64 marshal data, as the start page inlines it: see page_script) or, without
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


def inline_script(page: str, src: str, code: str) -> str:
    """The page with `<script type="py" src="{src}" ...></script>` holding `code` itself:
    PyScript fetches a script's src only once Python is ready, so that fetch (and its
    revalidation, the file being no-cache) came after everything else."""
    tag = f'src="{src}"'
    start = page.index(tag)
    if re.search(r"</script|<!--", code, re.IGNORECASE):
        raise BuildError(f"{src} holds '</script' or '<!--': it cannot be inlined")
    close = page.index("></script>", start)
    return page[:start] + page[start + len(tag):close].lstrip() + ">\n" + code + \
        page[close + 1:]


def module_preloads(web: Path, packages: bool = False) -> list[str]:
    """The URLs (relative to the start page) of PRELOAD_MODULES in web/vendor (and of
    PRELOAD_WITH_PACKAGES when the config names packages)."""
    out = []
    # in the chain's order: the graph comes before Pyodide's module
    chain = PRELOAD_MODULES[:-1] + (PRELOAD_WITH_PACKAGES if packages else ()) + \
        PRELOAD_MODULES[-1:]
    for pattern in chain:
        found = sorted((web / "vendor").glob(pattern))
        if len(found) != 1:
            raise BuildError(f"vendor/{pattern} matches {len(found)} files, not one: "
                             "PyScript or Pyodide changed their files (PRELOAD_MODULES)")
        out.append("./" + found[0].relative_to(web).as_posix())
    return out


def add_module_preloads(page: str, urls: list[str]) -> str:
    """The page with a modulepreload link for each URL just before PyScript's script."""
    at = page.find(CORE_SCRIPT)
    if at < 0:
        raise BuildError(f"web/index.html has no {CORE_SCRIPT}")
    line = page.rindex("\n", 0, at) + 1
    indent = page[line:at]
    links = "".join(f'{indent}<link rel="modulepreload" href="{escape(u)}">\n' for u in urls)
    return page[:line] + links + page[line:]


def page_script(web: Path, boot_code: bytes | None = None) -> str:
    """The start page's Python: web/boot.py, which installs the code bundle, then an
    import of PAGE_MODULE (web/main.py, compiled in the bundle). `boot_code`: boot.py
    compiled by Pyodide's Python (marshal data), inlined as base64 and run with exec:
    Pyodide parses a script into Python's AST objects before it compiles it, and for
    boot.py's 200 lines that took longer than the whole of boot.py then runs (cold loads,
    medians: the first line ran 25-60 ms sooner after py:ready). Without it (no Node at
    build time) the source is inlined."""
    if boot_code is None:
        boot = (f"# web/{BOOT}, inlined by web/tools/build.py\n"
                + (web / BOOT).read_text(encoding="utf-8"))
    else:
        payload = base64.b64encode(boot_code).decode()
        boot = (f"# web/{BOOT}, compiled by Pyodide's Python (web/tools/build.py)\n"
                "import binascii as _binascii, marshal as _marshal\n"
                f"exec(_marshal.loads(_binascii.a2b_base64(\"{payload}\")))\n")
    return boot + PAGE_SCRIPT_TAIL


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


def _inline_config(page: str, config: Config) -> str:
    """The config in the Python script's attribute: one request less before Python
    starts (escaped for a single-quoted attribute)."""
    inline = json.dumps(config, separators=(",", ":")).replace("&", "&amp;").replace(
        "'", "&#39;")
    return page.replace(CONFIG_ATTR, f"config='{inline}'", 1)


def _tell_first_js(page: str, code: dict[str, str]) -> str:
    """first.js told the code bundle's URL and sha256: it starts the download."""
    if FIRST_JS_TAG not in page:
        raise BuildError(f"web/index.html has no {FIRST_JS_TAG}")
    return page.replace(FIRST_JS_TAG, f'<script src="./first.js" '
                        f'data-code="{escape(code["url"])}" '
                        f'data-code-integrity="{escape(code["integrity"])}"></script>', 1)


def _add_mpy_config(page: str, config: Config) -> str:
    """PyScript loads its plugins once per interpreter it knows, MicroPython's too, whose
    config (none: all plugins) is an <mpy-config>: the same plugins off there."""
    mpy = json.dumps({"plugins": config.get("plugins", [])}, separators=(",", ":"))
    script = page.index('<script type="py"')
    line = page.rindex("\n", 0, script) + 1
    return (page[:line] + " " * (script - line) + f"<mpy-config hidden>{escape(mpy)}"
            "</mpy-config>\n" + page[line:])


def write_start_page(web: Path, config: Config, first_screen: str,
                     boot_code: bytes | None = None) -> Path:
    """vendor/index.html: web/index.html with the first screen in its marked slot, the
    PyScript config inlined, main.py's script inlined (web/boot.py, then an import of
    PAGE_MODULE, which the code bundle holds compiled), first.js told the code bundle's
    URL and sha256 and PyScript's chain of modules announced (PRELOAD_MODULES)."""
    source = (web / "index.html").read_text(encoding="utf-8")
    if not FIRST_SCREEN_SLOT.search(source):
        raise BuildError("web/index.html has no <!-- first-screen: ... --> slot")
    if CONFIG_ATTR not in source:
        raise BuildError(f"web/index.html has no {CONFIG_ATTR} on its Python script")
    page = FIRST_SCREEN_SLOT.sub(lambda _m: first_screen + "\n", source, count=1)
    page = _inline_config(add_csp_meta(page), config)
    if (web / MAIN).is_file() and f'src="./{MAIN}"' in page:
        page = inline_script(page, f"./{MAIN}", page_script(web, boot_code))
    if config.get("code"):
        page = _tell_first_js(page, config["code"])
    page = _add_mpy_config(page, config)
    if CORE_SCRIPT in page:
        page = add_module_preloads(page, module_preloads(web, bool(config.get("packages"))))
    path = web / "vendor" / "index.html"
    write_if_changed(path, page.encode("utf-8"))
    return path
