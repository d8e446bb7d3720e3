"""The built site and its start page (web/tools/sitebuild/start_page.py, web/tools/publish.py):
precache.json, the config, the first screens inlined, and what the built bundle and
runtime hold."""

from __future__ import annotations

import base64
import fnmatch
import hashlib
import json
import re
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
    # what the game page does load stays precached (offline play)
    assert {"index.html", "vendor/pyscript/core.js", "vendor/pyodide/python_stdlib.zip",
            "vendor/pyodide/pyodide.asm.wasm"} <= set(manifest["files"])
    assert any(f.startswith("vendor/pyscript/pyodide_graph-") for f in manifest["files"])
    assert not any("codemirror" in f or "xterm" in f for f in served)
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
def test_built_start_page_inlines_the_config_and_holds_the_first_screens() -> None:
    page = (WEB / "vendor" / "index.html").read_text()
    config = json.loads((WEB / "vendor" / "config.json").read_text())
    assert "config=\'" + json.dumps(config, separators=(",", ":")) + "\'" in page
    assert 'config="./vendor/config.json"' not in page
    for lang in ("en", "de", "fr", "it"):
        assert f'<template id="first-screen-{lang}" lang="{lang}">' in page
    assert "<!-- first-screen:" not in page
    # main.py's script inlined (PyScript would fetch a src only once Python is ready):
    # web/boot.py, which installs the code bundle, and an import of the module the
    # bundle holds compiled, not 1,100 lines to compile
    assert 'src="./main.py"' not in page
    assert start_page.PAGE_SCRIPT_TAIL in page
    assert start_page.PAGE_SCRIPT_TAIL.endswith(
        f"import {layout.PAGE_MODULE}  # noqa: E402, F401\n")
    # boot.py compiled by Pyodide's Python (built with Node), else its source
    payload = re.search(r'_binascii\.a2b_base64\("([A-Za-z0-9+/=]+)"\)', page)
    if payload:
        code = base64.b64decode(payload.group(1))
        assert all(name in code for name in (b"fetch_bundle", b"BundleFinder", b"install"))
    else:
        assert start_page.page_script(WEB) in page
    # first.js starts the bundle's download, checked against the config's hash
    code = config["code"]
    assert (f'<script src="./first.js" data-code="{code["url"]}" '
            f'data-code-integrity="{code["integrity"]}"></script>') in page
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


def test_the_start_page_gets_the_first_screen_and_the_inlined_config(tmp_path: Path) -> None:
    (tmp_path / "vendor").mkdir()
    (tmp_path / "index.html").write_text(
        '<head>\n  <meta charset="utf-8">\n</head>\n<body>\n  <!-- first-screen: here -->\n'
        '  <script type="py" src="./main.py" config="./vendor/config.json"></script>\n')
    config = {"interpreter": "./vendor/pyodide/pyodide.mjs", "packages": ["a"],
              "plugins": ["it's"]}
    path = start_page.write_start_page(tmp_path, config, "<template>X</template>")
    page = path.read_text()
    assert path == tmp_path / "vendor" / "index.html"
    assert "<template>X</template>" in page and "first-screen:" not in page
    assert "config='{\"interpreter\":\"./vendor/pyodide/pyodide.mjs\"" in page
    assert "it&#39;s" in page  # the attribute stays closed
    (tmp_path / "index.html").write_text("<body></body>")
    with pytest.raises(BuildError, match="slot"):
        start_page.write_start_page(tmp_path, config, "")


def test_the_start_page_announces_pyscripts_chain_of_modules(tmp_path: Path) -> None:
    """PyScript's core chunk, its error chunk and pyodide.mjs are modulepreload
    links before PyScript's script, found by pattern in vendor/ (and the package graph
    chunk when the config names packages: only then does PyScript import it); a
    pattern that matches no file (or two) stops the build rather than preload a 404."""
    for rel in ("pyscript/core-Ab1.js", "pyscript/error-Cd2.js", "pyscript/pyodide_graph-Ef3.js",
                "pyodide/pyodide.mjs", "pyscript/toml-Gh4.js"):
        (tmp_path / "vendor" / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / "vendor" / rel).write_text("")
    (tmp_path / "index.html").write_text(
        '<head>\n  <meta charset="utf-8">\n  ' + start_page.CORE_SCRIPT
        + "\n</head>\n<body>\n  <!-- first-screen: here -->\n"
        '  <script type="py" src="./main.py" config="./vendor/config.json"></script>\n')
    page = start_page.write_start_page(tmp_path, {}, "").read_text()
    links = re.findall(r'<link rel="modulepreload" href="([^"]+)">', page)
    assert links == ["./vendor/pyscript/core-Ab1.js", "./vendor/pyscript/error-Cd2.js",
                     "./vendor/pyodide/pyodide.mjs"]
    with_packages = start_page.write_start_page(tmp_path, {"packages": ["a"]}, "").read_text()
    assert re.findall(r'<link rel="modulepreload" href="([^"]+)">', with_packages) == [
        *links[:2], "./vendor/pyscript/pyodide_graph-Ef3.js", links[2]]
    assert page.index("modulepreload") < page.index(start_page.CORE_SCRIPT)
    assert '  <link rel="modulepreload"' in page  # indented like the script
    (tmp_path / "vendor" / "pyscript" / "core-Zz9.js").write_text("")
    with pytest.raises(BuildError, match="core-"):
        start_page.write_start_page(tmp_path, {}, "")


def test_the_page_script_runs_boot_py_compiled_when_the_build_could_compile_it() -> None:
    compiled = start_page.page_script(WEB, b"\xe3code")
    assert compiled.startswith("# web/boot.py, compiled by Pyodide's Python")
    assert 'exec(_marshal.loads(_binascii.a2b_base64("42NvZGU=")))' in compiled
    assert "def fetch_bundle" not in compiled  # nothing of the source left to parse
    source = start_page.page_script(WEB)
    assert (WEB / "boot.py").read_text() in source
    for script in (compiled, source):
        assert script.endswith(start_page.PAGE_SCRIPT_TAIL)


def test_main_py_is_inlined_unless_it_would_end_the_script(tmp_path: Path) -> None:
    page = '<body>\n  <script type="py" src="./main.py" config=\'{}\'></script>\n</body>'
    out = start_page.inline_script(page, "./main.py", "x = '<b>'\n")
    assert out == "<body>\n  <script type=\"py\" config='{}'>\nx = '<b>'\n</script>\n</body>"
    for bad in ("s = '</SCRIPT>'\n", "s = '<!-- x'\n"):
        with pytest.raises(BuildError, match="cannot be inlined"):
            start_page.inline_script(page, "./main.py", bad)
