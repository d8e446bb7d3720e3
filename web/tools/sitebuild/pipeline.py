"""The build's steps in order: the runtime (runtime.py), bytecode (bytecode.py), the
code bundle (bundle.py), the config and start page (start_page.py), then the site
folder (web/tools/publish.py: the files the site serves, _headers, the notices and the
service worker's precache list)."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import catalogs  # web/tools/catalogs.py: the words' gettext catalogs, compiled into the bundle
import publish  # web/tools/publish.py: the site folder

from .bundle import (
    bundle_sources,
    class_code,
    code_bundle,
    runtime_sources,
    sources_digest,
    write_code_bundle,
)
from .bytecode import Bytecode, serve_stdlib
from .files import BuildError, prune
from .imports import (
    left_out_of_the_page,
    module_name,
    page_modules,
    page_needs_pydantic,
    page_roots,
)
from .layout import (
    APP_PACKAGE,
    CACHE,
    CLASSCODE,
    CODE_DIR,
    MAIN,
    PACKAGE,
    ROOT,
    SITE,
    WEB,
)
from .runtime import Runtime, fetch_runtime
from .start_page import (
    compiled_boot,
    render_first_screen,
    write_config,
    write_start_page,
    write_worker_code,
)

# precache.json's manifest: {"version", "files", "sha256"} (web/tools/publish.py).
Manifest = dict[str, Any]


def build(web: Path = WEB, cache: Path = CACHE, root: Path = ROOT,
          site_dir: Path = SITE) -> Manifest:
    """Build web/vendor/ and the site folder; return the precache manifest."""
    vendor = web / "vendor"
    runtime = fetch_runtime(vendor, cache, root)
    print("bytecode")
    bytecode = Bytecode(runtime.pyodide_dir, runtime.pyodide_id, cache / "pyc")
    keep = [*runtime.files, serve_stdlib(runtime.pyodide_dir / "python_stdlib.zip",
                                         bytecode, runtime.stdlib_zip, cache / "pyc")]
    print("code bundle")
    catalogs.compile_all(root)
    bundle, code = make_code_bundle(web, root, runtime, bytecode)
    print("start page")
    keep += [bundle, *write_page(web, code, bytecode)]
    for d in (vendor / "pyodide", vendor / "pyscript", web / CODE_DIR):
        for p in prune(d, keep):
            print(f"  removed stale {p.relative_to(web)}")
    print("site")
    remove_older_builds_files(vendor)
    return dict(publish.write_site(web, site_dir, runtime.packages["pyodide"],
                                   web / "licenses"))


def make_code_bundle(web: Path, root: Path, runtime: Runtime,
                     bytecode: Bytecode) -> tuple[Path, dict[str, str]]:
    """Our code, from the source tree, as the code bundle (bundle.py): sourceless and
    lean (loaded before the first board; nothing of it reads __doc__)."""
    files = bundle_sources(root, web, left_out_of_the_page(web, root / PACKAGE))
    sources = runtime_sources(files, runtime.site_packages)
    pyc = bytecode.compile(sources, lean=sources)
    modules = sorted(module_name(rel) for rel in page_modules(web / MAIN, page_roots(root, web)))
    table = class_code(bytecode, root, web, modules,
                       f"{runtime.pyodide_id}:{sources_digest(files)}")
    return write_code_bundle(web, code_bundle(files, pyc, runtime.site_packages,
                                              {CLASSCODE: table} if table else None))


def write_page(web: Path, code: dict[str, str], bytecode: Bytecode) -> list[Path]:
    """The config and the start page (start_page.py); the files written."""
    why = page_needs_pydantic(web) if (web / APP_PACKAGE).is_dir() else ""
    if why:
        raise BuildError(f"the page's modules import pydantic, which the site does not "
                         f"ship: {why}")
    config = write_config(web / "vendor", code)
    boot_code = compiled_boot(web, bytecode)
    written = [web / "vendor" / "config.json",
               write_worker_code(web / "vendor", code, web, boot_code)]
    if (web / "index.html").is_file() and (web / APP_PACKAGE).is_dir():
        written.append(write_start_page(web, config.get("code"), render_first_screen(web)))
    return written


def remove_older_builds_files(vendor: Path) -> None:
    """What older builds wrote into web/vendor/ and no longer do: the site folder would
    publish it (vendor/wheels/: the site serves no wheel; vendor/pyodide/micropip-*.whl:
    nothing loads micropip; vendor/precache.json: written into site/ now)."""
    shutil.rmtree(vendor / "wheels", ignore_errors=True)
    for whl in (vendor / "pyodide").glob("*.whl"):
        whl.unlink()
    (vendor / "precache.json").unlink(missing_ok=True)


def summary(site: Path, manifest: Manifest) -> str:
    """The site's size, by folder, and the precache's."""
    files = [p for p in site.rglob("*") if p.is_file()]
    total = sum(p.stat().st_size for p in files)
    pre = sum((site / f).stat().st_size for f in manifest["files"])
    groups: dict[str, int] = {}
    for p in files:
        rel = p.relative_to(site).parts
        key = "/".join(rel[:2]) + "/" if rel[0] == "vendor" and len(rel) > 2 else \
            (rel[0] + "/" if len(rel) > 1 else ".")
        groups[key] = groups.get(key, 0) + p.stat().st_size
    parts = ", ".join(f"{k} {v / 1e6:.2f} MB" for k, v in sorted(groups.items()))
    return (f"{site.name}/: {len(files)} files, {total:,} bytes ({parts})\n"
            f"precache: {len(manifest['files'])} URLs, {pre:,} bytes, "
            f"version {manifest['version']}")
