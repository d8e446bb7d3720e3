"""Where the build reads and writes, and the names of the page's packages and modules.

Every path inside the page's packages that the build names is in the second section, so
that moving a module of the page means one edit here.
"""

from __future__ import annotations

from pathlib import Path

# --------------------------------------------------------------------------- the repository

# The repository (this file is web/tools/sitebuild/layout.py), and web/, the one folder
# the build reads the page from: what ships is at its root (index.html, boot.py, main.py,
# the scripts, assets/, licenses/, samarkand_web/); the build itself is web/tools/ and
# the test and benchmark pages web/pages/ (web/tools/serve.py serves those).
ROOT = Path(__file__).resolve().parents[3]
WEB = ROOT / "web"
# The site folder (web/tools/publish.py): what a static host publishes.
SITE = ROOT / "site"
LICENSES = WEB / "licenses"
# The runtime's pins (Pyodide, PyScript): npm's own files, where an update bot watches
# them; `npm ci --ignore-scripts` installs them into node_modules/ (sitebuild/runtime.py).
PACKAGE_JSON = ROOT / "package.json"
PACKAGE_LOCK = ROOT / "package-lock.json"
NODE_MODULES = "node_modules"
# Downloads and compiled files, shared by later builds (several work trees may share it:
# nothing in it is ever pruned).
CACHE = ROOT / "build" / "cache"
# The code bundle (see web/boot.py): served from here under a name with its content hash.
CODE_DIR = "vendor/app"
# Test-only tools (axe-core for the accessibility e2e tests): pinned in their own lock and
# fetched into build/test-tools/, outside web/ (never served, precached or published).
TEST_LOCK = ROOT / "tests" / "e2e" / "test-tools.lock.json"
TEST_TOOLS = ROOT / "build" / "test-tools"

# --------------------------------------------------------------------------- the page's names

# The rules core, at the repository's root.
PACKAGE = "samarkand_core"
# Packages the core imports that stand at the repository's root beside it (savepack: the
# bytes of both games' save codes): shipped in the bundle with the core.
SHARED = ("savepack",)
# The page's logic (web/samarkand_web): shipped in the same bundle, not as loose files.
APP_PACKAGE = "samarkand_web"
# The page's binding to the browser, web/main.py (it applies the page's Effects).
MAIN = "main.py"
# web/main.py ships in the code bundle as this module, compiled like the rest: the start
# page only imports it. Inlined as source, PyScript parsed and compiled its ~1,100 lines
# at every start, before its first line ran.
PAGE_MODULE = "samarkand_page"
# The dataclasses' compiled methods: the module that records and reads them, and the data
# file of the code bundle that holds them.
CLASSCODE_MODULE = f"{APP_PACKAGE}.classcode"
CLASSCODE = f"{APP_PACKAGE}/classcode.bin"
# Draws the start screen's templates (templates()) for the built start page.
FIRST_SCREEN_MODULE = f"{APP_PACKAGE}.view.first_screen"
# The research tools (tournaments, balance runs, fits): a sub-package the page never
# imports (an import-linter contract in pyproject.toml holds it), left out as a whole.
RESEARCH = tuple(f"{PACKAGE}/research/{name}.py"
                 for name in ("__init__", "tournament", "balance", "fit"))
# Files of our packages the page never imports (command line, the research tools, the
# maps' records kept by board_tool, the build's own drawing of the first screen):
# left out of the code bundle (selfplay.py stays: make bench plays its games in Pyodide
# from the code bundle). The build checks
# that no import in the page's code (lazy ones included) reaches them, but BOARD_SCHEMA's.
NOT_IN_THE_PAGE = (f"{PACKAGE}/__main__.py", f"{PACKAGE}/replay_cli.py", *RESEARCH,
                   f"{PACKAGE}/cli.py", f"{PACKAGE}/board_tool.py",
                   f"{APP_PACKAGE}/view/first_screen.py")
# The board's pydantic models: the page trusts the shipped board.json by its recorded
# digest (BOARD_DIGEST) and imports them only when that digest is stale
# (board.parse_board), so they are left out while it is current and shipped when not.
BOARD_SCHEMA = f"{PACKAGE}/board_schema.py"
BOARD_JSON = "board.json"
BOARD_DIGEST = "board_digest.py"
# The page's modules that read what comes from outside (saves, preferences, backups,
# share links): the site ships no pydantic, so none of them may import it.
PAGE_READERS = (f"{APP_PACKAGE}.state.app", f"{APP_PACKAGE}.view.render",
                f"{APP_PACKAGE}.saves.storage", f"{APP_PACKAGE}.saves.backup")
