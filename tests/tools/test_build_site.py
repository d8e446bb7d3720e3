"""The built site and its start page (web/tools/sitebuild/start_page.py, web/tools/publish.py):
precache.json, the config, the first screens inlined, and what the built bundle and
runtime hold."""

from __future__ import annotations

import base64
import fnmatch
import hashlib
import json
import shutil
from pathlib import Path

import publish  # web/tools/publish.py, the site folder
import pytest
from sitebuild import imports, layout, runtime, start_page
from sitebuild.files import BuildError

from tests.support.build_support import ROOT, SITE, WEB, built, built_bundle, bundle_names, sha

# --------------------------------------------------------------------------- precache


@built
def test_built_precache_lists_every_file_of_the_site_the_pages_use() -> None:
    manifest = json.loads((SITE / "vendor" / "precache.json").read_text())
    served = {p.relative_to(SITE).as_posix() for p in SITE.rglob("*") if p.is_file()}
    not_listed = {"sw.js", "vendor/precache.json", "_headers", ".nojekyll"}
    unused = {f for f in served if any(fnmatch.fnmatchcase(f, pat)
                                       for pat in publish.NOT_PRECACHED)}
    assert set(manifest["files"]) == served - not_listed - unused
    # what the game page does load stays precached (offline play); PyScript, which only
    # the test pages run, is not in the site
    assert {"index.html", "worker.js", "client.js", "vendor/pyodide/python_stdlib.zip",
            "vendor/pyodide/pyodide.asm.wasm"} <= set(manifest["files"])
    assert not any(f.startswith("vendor/pyscript/") for f in served)
    for f in manifest["files"]:
        assert sha((SITE / f).read_bytes()) == manifest["sha256"][f], f


def _lock_closure(lock: dict, names: list[str]) -> set[str]:
    """The lock keys of `names` and everything they depend on."""
    todo, seen = [runtime.lock_key(n) for n in names], set()
    while todo:
        key = todo.pop()
        if key not in seen:
            seen.add(key)
            todo += [runtime.lock_key(d) for d in lock["packages"][key]["depends"]]
    return seen


@built
def test_built_config_points_at_local_files_only() -> None:
    config = json.loads((WEB / "vendor" / "config.json").read_text())
    lock = json.loads((WEB / "vendor" / "pyodide" / "pyodide-lock.json").read_text())
    # PyScript resolves `interpreter` against the page (web/)
    assert (WEB / config["interpreter"]).is_file()
    # no package at all: our code is the code bundle (web/boot.py), and nothing the game
    # needs (saving included) waits for a later download
    assert "packages" not in config and "later_packages" not in config
    assert "samarkand-core" not in lock["packages"]
    assert not list((WEB / "vendor" / "wheels").glob("*.whl"))
    assert config["packages_cache"] == "passthrough"
    # the bundle: a local file, named after its content, with the sha256 the browser
    # checks the download against
    bundle = WEB / config["code"]["url"]
    data = bundle.read_bytes()
    assert bundle.parent == WEB / layout.CODE_DIR and sha(data)[:16] in bundle.name
    assert config["code"]["integrity"] == (
        "sha256-" + base64.b64encode(hashlib.sha256(data).digest()).decode())


@built
def test_built_start_page_holds_the_first_screens_and_starts_the_pages_worker() -> None:
    page = (WEB / "vendor" / "index.html").read_text()
    config = json.loads((WEB / "vendor" / "config.json").read_text())
    for lang in ("en", "de", "fr", "it"):
        assert f'<template id="first-screen-{lang}" lang="{lang}">' in page
    assert "<!-- first-screen:" not in page
    # the page's Python runs in a worker that client.js starts: no PyScript on the page
    assert '<script type="module" src="./client.js"></script>' in page
    assert 'type="py"' not in page and "pyscript" not in page
    # first.js starts the bundle's download, checked against its hash
    code = config["code"]
    assert (f'<script src="./first.js" data-code="{code["url"]}" '
            f'data-code-integrity="{code["integrity"]}"></script>') in page
    # the worker starts from the same bundle, and boot.py compiled by Pyodide's Python
    # (built with Node), else its source
    worker = json.loads((WEB / "vendor" / "code.json").read_text())
    assert {k: worker[k] for k in ("url", "integrity")} == code
    if "compiled" in worker["boot"]:
        compiled = base64.b64decode(worker["boot"]["compiled"])
        assert all(name in compiled for name in (b"BundleFinder", b"install"))
    else:
        assert worker["boot"]["source"] == (WEB / "boot.py").read_text()
    # the source stays the source: web/index.html keeps its slot
    assert "<!-- first-screen:" in (WEB / "index.html").read_text()
    # the site serves the built page as its own index.html
    assert (SITE / "index.html").read_bytes() == (WEB / "vendor" / "index.html").read_bytes()


@built
def test_built_code_bundle_holds_samarkand_core_and_the_page_package() -> None:
    body = built_bundle()
    names = bundle_names(body)
    assert body["root"] == "/lib/python3.14/site-packages"
    assert "samarkand_core/__init__.py" in names
    assert "samarkand_core/board.json" in names
    if (WEB / "samarkand_web" / "__init__.py").is_file():
        assert "samarkand_web/__init__.py" in names
        # the page's translations, a data file its words read (words/catalog.py)
        assert "samarkand_web/words/catalog.json" in names
    # the compiled methods of the page's dataclasses (made by Pyodide in Node)
    if shutil.which("node"):
        assert layout.CLASSCODE in names
    # the page's binding, compiled like the rest (the start page imports it)
    assert f"{layout.PAGE_MODULE}.py" in names
    # what the page never imports stays out of its download; the board's pydantic
    # models too, while the shipped board.json has its recorded digest
    assert layout.BOARD_SCHEMA in imports.left_out_of_the_page(WEB, ROOT / "samarkand_core")
    assert not names & set(imports.left_out_of_the_page(WEB, ROOT / "samarkand_core"))


@built
def test_the_served_pyodide_lock_is_pyodides_own() -> None:
    """Nothing is patched into pyodide-lock.json any more (micropip is not shipped): the
    served file is the one of the installed, integrity-checked npm package."""
    served = WEB / "vendor" / "pyodide" / "pyodide-lock.json"
    assert served.read_bytes() == (ROOT / "node_modules" / "pyodide" /
                                   "pyodide-lock.json").read_bytes()
    assert not list((WEB / "vendor" / "pyodide").glob("*.whl"))


def test_the_start_page_gets_the_first_screen_and_tells_first_js_the_code(
        tmp_path: Path) -> None:
    (tmp_path / "vendor").mkdir()
    (tmp_path / "index.html").write_text(
        '<head>\n  <meta charset="utf-8">\n</head>\n<body>\n  <!-- first-screen: here -->\n'
        '  <script src="./first.js"></script>\n')
    code = {"url": "./vendor/app/samarkand-1.bin", "integrity": "sha256-x"}
    path = start_page.write_start_page(tmp_path, code, "<template>X</template>")
    page = path.read_text()
    assert path == tmp_path / "vendor" / "index.html"
    assert "<template>X</template>" in page and "first-screen:" not in page
    assert 'data-code="./vendor/app/samarkand-1.bin" data-code-integrity="sha256-x"' in page
    assert "Content-Security-Policy" in page
    (tmp_path / "index.html").write_text("<body></body>")
    with pytest.raises(BuildError, match="slot"):
        start_page.write_start_page(tmp_path, code, "")


def test_the_worker_starts_from_boot_py_compiled_when_the_build_could_compile_it(
        tmp_path: Path) -> None:
    """vendor/code.json: the code bundle's URL and sha256, and boot.py as Pyodide's
    compiled code (base64) or, without it, as its source: nothing left to parse."""
    code = {"url": "./vendor/app/samarkand-1.bin", "integrity": "sha256-x"}
    path = start_page.write_worker_code(tmp_path, code, WEB, b"\xe3code")
    compiled = json.loads(path.read_text())
    assert compiled == {**code, "boot": {"compiled": "42NvZGU="}}
    source = json.loads(start_page.write_worker_code(tmp_path, code, WEB, None).read_text())
    assert source["boot"] == {"source": (WEB / "boot.py").read_text()}
