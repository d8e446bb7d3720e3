"""The site folder: site/ at the repo root, exactly the files the site serves.

web/tools/build.py builds the runtime, the code bundle and the start page into web/vendor/ (its
working folder) and then calls write_site, which copies what is served into site/ and
writes what only the site has:

- index.html: the built start page (web/vendor/index.html), at its own address, so that
  any static host serves it for "/" and "/index.html" with no rewrite;
- the page's scripts, styles, icons and manifest, and the runtime (vendor/) but the
  build's own files (config.json: inlined in the start page) and PyScript, which only
  the test pages run (LEFT_OUT);
- _headers: the security and caching headers (HEADERS), in the format Netlify and
  Cloudflare Pages read (web/tools/serve.py reads it too, so `make play` and the tests serve
  the same headers);
- .nojekyll: GitHub Pages serves the folder as it is, even when published from a branch;
- THIRD-PARTY-NOTICES.txt: the licenses of everything the site ships (notices);
- vendor/precache.json: the service worker's list, every URL with its sha256.

Every URL in the site is relative, so the folder works unchanged at a host's root or
under any sub-path (a GitHub Pages project site at /<repo>/). Build tooling, sources,
lock files and the test-only pages (bench, smoke) never go in: the test server serves
those from web/pages/ (web/tools/serve.py, TEST_ROUTES).
"""

from __future__ import annotations

import email.parser
import fnmatch
import hashlib
import json
import os
import shutil
import sys
import tarfile
import zipfile
from collections.abc import Iterable
from pathlib import Path, PurePosixPath
from typing import Any

from sitebuild.files import sha256_file

# --------------------------------------------------------------------------- headers

# The Content-Security-Policy: nothing from another host. script-src: 'wasm-unsafe-eval'
# is what Pyodide needs; PyScript 0.7.31 also needs 'unsafe-eval' (it hangs without it).
# No 'unsafe-inline' anywhere: pages load their scripts from files.
CSP_DIRECTIVES: tuple[tuple[str, str], ...] = (
    ("default-src", "'self'"),
    ("script-src", "'self' 'wasm-unsafe-eval' 'unsafe-eval'"),
    ("style-src", "'self'"),
    ("img-src", "'self' data: blob:"),
    ("font-src", "'self'"),
    ("connect-src", "'self'"),
    ("worker-src", "'self'"),
    ("manifest-src", "'self'"),
    ("object-src", "'none'"),
    ("base-uri", "'self'"),
    ("frame-ancestors", "'none'"),
    ("form-action", "'self'"),
)
# What a <meta http-equiv> policy cannot carry (the browser ignores them there).
NOT_IN_META = ("frame-ancestors", "report-uri", "sandbox")
IMMUTABLE = "public, max-age=31536000, immutable"
REVALIDATE = "public, max-age=0, must-revalidate"


def csp(meta: bool = False) -> str:
    """The policy as the header sends it, or (meta) as the pages' meta element says it."""
    return "; ".join(f"{name} {value}" for name, value in CSP_DIRECTIVES
                     if not (meta and name in NOT_IN_META))


# (path pattern, {header: value}), for Netlify's and Cloudflare Pages' _headers: "*"
# matches anything. Every header name is set by one rule only for any path (those
# hosts join the values of a header that several matching rules set).
HEADERS: tuple[tuple[str, dict[str, str]], ...] = (
    ("/*", {
        "Content-Security-Policy": csp(),
        "X-Content-Type-Options": "nosniff",
        "Referrer-Policy": "no-referrer",
        "X-Frame-Options": "DENY",
        "Cross-Origin-Opener-Policy": "same-origin",
        "Cross-Origin-Resource-Policy": "same-origin",
        "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=()",
    }),
    # The code bundle carries its content's hash in its name: a URL never changes content.
    ("/vendor/app/*", {"Cache-Control": IMMUTABLE}),
    # Pyodide and PyScript keep their file names across versions (pyodide.mjs, core.js,
    # ...): revalidated (cheap 304s); the service worker serves repeat visits anyway.
    ("/vendor/pyodide/*", {"Cache-Control": REVALIDATE}),
    ("/vendor/pyscript/*", {"Cache-Control": REVALIDATE}),
    # What says which build is live: never cached without asking.
    *((path, {"Cache-Control": "no-cache"}) for path in (
        "/", "/index.html", "/sw.js", "/sw-register.js", "/first.js",
        "/manifest.webmanifest", "/vendor/precache.json", "/worker.js",
        "/vendor/code.json")),
)


def headers_text(rules: Iterable[tuple[str, dict[str, str]]] = HEADERS) -> str:
    """The _headers file: a path line, then its headers indented."""
    out = ["# Written by web/tools/build.py (web/tools/publish.py, HEADERS): the site's",
           "# headers for hosts that read it (Netlify, Cloudflare Pages) and web/tools/serve.py."]
    for path, values in rules:
        out.append(path)
        out += [f"  {name}: {value}" for name, value in values.items()]
    return "\n".join(out) + "\n"


def meta_tag() -> str:
    return f'<meta http-equiv="Content-Security-Policy" content="{csp(meta=True)}">'


# --------------------------------------------------------------------------- files

# Files of web/ the site serves as they are (the start page is web/vendor/index.html).
PAGE_FILES = ("first.js", "dom.js", "zoom.js", "zoompan.js", "tips.js", "sw.js",
              "sw-register.js", "manifest.webmanifest",
              # the page's Python in a module worker, and the main thread's modules that
              # speak to it (docs/phone.md)
              "worker.js", "snapshot.js", "client.js", "paint.js", "store.js", "focus.js",
              "input.js", "effects.js", "tipwatch.js", "typed.js")
# Under web/assets/ and web/vendor/: what the site does not serve.
LEFT_OUT = (
    "assets/screenshot.png",  # for the README
    "vendor/index.html",  # served as index.html
    "vendor/config.json",  # inlined in the start page
    "vendor/precache.json",  # written for the site's own files
    # PyScript: the game page runs its Python in a module worker (worker.js) and loads
    # none of it; only the test pages run it (web/pages: smoke, the benchmark's floor),
    # and web/tools/serve.py's test routes answer them from web/vendor/pyscript/.
    "vendor/pyscript/*",
)
# Served but not precached (patterns): none today (micropip, the one such file, is no
# longer shipped: nothing loads it).
NOT_PRECACHED: tuple[str, ...] = ()
# Files of the site that are about the host, not the app: never precached.
HOST_FILES = ("_headers", ".nojekyll")
PRECACHE = "vendor/precache.json"
NOTICES = "THIRD-PARTY-NOTICES.txt"


def _matches(rel: str, patterns: Iterable[str]) -> bool:
    return any(fnmatch.fnmatchcase(rel, pat) for pat in patterns)


def site_sources(web: Path) -> dict[str, Path]:
    """{URL relative to the site: the file of web/ that answers it} for every copied file."""
    out: dict[str, Path] = {"index.html": web / "vendor" / "index.html"}
    out |= {name: web / name for name in PAGE_FILES}
    for folder in ("assets", "vendor"):
        for p in sorted((web / folder).rglob("*")):
            rel = p.relative_to(web).as_posix()
            if p.is_file() and not _matches(rel, LEFT_OUT) and not _skipped(p):
                out[rel] = p
    missing = sorted(rel for rel, p in out.items() if not p.is_file())
    if missing:
        raise FileNotFoundError(f"the site needs {', '.join(missing)}: not built")
    return out


def _skipped(p: Path) -> bool:
    """Editor and build leftovers: dotfiles, caches, temporary files."""
    return (any(part.startswith(".") or part == "__pycache__" for part in p.parts)
            or p.suffix in (".pyc", ".tmp") or p.name.endswith("~"))


def write_bytes_if_changed(path: Path, data: bytes) -> None:
    if path.is_file() and path.read_bytes() == data:
        return
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_bytes(data)
    os.replace(tmp, path)


def copy_if_changed(src: Path, dst: Path) -> None:
    if dst.is_file() and dst.stat().st_size == src.stat().st_size \
            and sha256_file(dst) == sha256_file(src):
        return
    dst.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(src, dst)


def write_site(web: Path, site: Path, pyodide_tgz: Path, licenses: Path) -> dict[str, Any]:
    """Write `site` from the built `web` (see the module's docstring), with the notices
    of what it ships (Pyodide's npm tarball, web/licenses/); remove
    whatever else is in it. Returns the precache manifest."""
    sources = site_sources(web)
    for rel, src in sources.items():
        copy_if_changed(src, site / rel)
    wheels = {rel: p for rel, p in sources.items() if rel.endswith(".whl")}
    written = {"_headers": headers_text().encode(), ".nojekyll": b"",
               NOTICES: notices_text(wheels, pyodide_tgz, licenses).encode()}
    for rel, data in written.items():
        write_bytes_if_changed(site / rel, data)
    keep = {*sources, *written, PRECACHE}
    for p in sorted(site.rglob("*"), reverse=True):
        rel = p.relative_to(site).as_posix()
        if p.is_file() and rel not in keep:
            p.unlink()
        elif p.is_dir() and not any(p.iterdir()):
            p.rmdir()
    return write_precache(site)


# --------------------------------------------------------------------------- precache

def precache_files(site: Path) -> list[str]:
    """Every URL (relative to the site) the app needs offline, sorted: every file of the
    site but the service worker, its list, the host's files and NOT_PRECACHED."""
    out = []
    for p in site.rglob("*"):
        rel = p.relative_to(site).as_posix()
        if not p.is_file() or rel in ("sw.js", PRECACHE, *HOST_FILES):
            continue
        if _matches(rel, NOT_PRECACHED) or p.suffix == ".tmp":
            continue
        out.append(rel)
    return sorted(out)


def write_precache(site: Path) -> dict[str, Any]:
    """vendor/precache.json: {"version": hash of the build, "files": [URLs],
    "sha256": {URL: sha256}}. The service worker names its cache after the version,
    checks every file it stores and serves against its sha256 and, on an update,
    copies the files whose sha256 did not change from the old cache instead of
    downloading them again."""
    files = precache_files(site)
    hashes = {rel: sha256_file(site / rel) for rel in files}
    h = hashlib.sha256()
    for rel in files:
        h.update(rel.encode() + b"\0" + bytes.fromhex(hashes[rel]))
    sw = site / "sw.js"
    if sw.is_file():  # a new service worker is a new build too
        h.update(b"sw.js\0" + bytes.fromhex(sha256_file(sw)))
    manifest = {"version": h.hexdigest()[:16], "files": files, "sha256": hashes}
    write_bytes_if_changed(site / PRECACHE, (json.dumps(manifest, indent=1) + "\n").encode())
    return manifest


# --------------------------------------------------------------------------- notices

RULE = "=" * 78
LICENSE_NAMES = ("LICENSE", "LICENCE", "NOTICE", "COPYING")


def npm_package(tarball: Path) -> tuple[dict[str, Any], dict[str, str]]:
    """(package.json, {license file name: text}) of an npm tarball or an installed
    package's folder (node_modules/NAME)."""
    texts: dict[str, str] = {}
    meta: dict[str, Any] = {}
    if tarball.is_dir():
        for p in sorted(tarball.iterdir()):
            if p.name == "package.json":
                meta = json.loads(p.read_bytes())
            elif p.is_file() and p.name.upper().startswith(LICENSE_NAMES):
                texts[p.name] = p.read_text(encoding="utf-8", errors="replace")
        return meta, texts
    with tarfile.open(tarball, "r:gz") as tar:
        for member in tar.getmembers():
            name = PurePosixPath(member.name)
            f = tar.extractfile(member) if member.isfile() else None
            if f is None or len(name.parts) != 2:
                continue
            if name.name == "package.json":
                meta = json.loads(f.read())
            elif name.name.upper().startswith(LICENSE_NAMES):
                texts[name.name] = f.read().decode("utf-8", "replace")
    return meta, texts


def wheel_license(whl: Path) -> tuple[str, str, str, dict[str, str]]:
    """(name, version, license, {license file: text}) from a wheel's own metadata."""
    with zipfile.ZipFile(whl) as zf:
        names = zf.namelist()
        meta_name = next(n for n in names if n.endswith(".dist-info/METADATA"))
        meta = email.parser.Parser().parsestr(zf.read(meta_name).decode("utf-8"),
                                              headersonly=True)
        info = meta_name.rsplit("/", 1)[0]
        files = set(meta.get_all("License-File") or [])
        texts = {n.removeprefix(info + "/"): zf.read(n).decode("utf-8", "replace")
                 for n in names if n.startswith(info + "/")
                 and (n.startswith(info + "/licenses/") or n.rsplit("/", 1)[-1] in files)}
    classifiers = [c.rsplit(" :: ", 1)[-1] for c in meta.get_all("Classifier") or []
                   if c.startswith("License ::")]
    license_ = (meta.get("License-Expression") or meta.get("License")
                or ", ".join(classifiers) or "see its license files")
    return str(meta["Name"]), str(meta["Version"]), str(license_).strip(), texts


def _section(title: str, lines: Iterable[str], texts: dict[str, str]) -> list[str]:
    out = ["", RULE, title, RULE, *lines]
    for name, text in texts.items():
        out += ["", f"--- {name} ---", "", text.rstrip()]
    return out


def notices_text(wheels: dict[str, Path], pyodide_tgz: Path, licenses: Path) -> str:
    """THIRD-PARTY-NOTICES.txt for what the site ships: Pyodide (and what its runtime
    includes: web/licenses/pyodide-runtime.txt) and every wheel the site serves ({URL:
    file}), each with the license its own distribution states and its license texts.
    PyScript is not shipped (the test pages' only: LEFT_OUT)."""
    pyodide, _ = npm_package(pyodide_tgz)
    out = ["Third-party software in this site",
           "",
           "Samarkand runs in the browser on the software below, shipped with the site",
           "(nothing is loaded from another host). Each part is listed with the files it",
           "came in, its license, and the license texts its distribution carries."]
    out += _section(
        f"Pyodide {pyodide.get('version', '?')} ({pyodide.get('license', '?')})",
        ["Files: vendor/pyodide/ (pyodide.mjs, pyodide.asm.mjs, pyodide.asm.wasm,",
         "python_stdlib.zip, pyodide-lock.json)", f"Home: {pyodide.get('homepage', '')}",
         "The npm package carries no license file; the text of the MPL-2.0 follows."],
        {"MPL-2.0": (licenses / "MPL-2.0.txt").read_text(encoding="utf-8")})
    out += ["", (licenses / "pyodide-runtime.txt").read_text(encoding="utf-8").rstrip()]
    for rel, whl in sorted(wheels.items()):
        name, version, license_, texts = wheel_license(whl)
        out += _section(f"{name} {version} ({license_})", [f"File: {rel}"], texts)
    return "\n".join(out) + "\n"


# --------------------------------------------------------------------------- zip

# The one folder the zip unpacks into (not the current folder's files).
ZIP_FOLDER = "samarkand-site"


def write_zip(site: Path, out: Path, folder: str = ZIP_FOLDER) -> Path:
    """The site folder as one zip whose files are all under `folder`/: its files in
    sorted order, each with the same date and mode, so that the same site gives the
    same bytes."""
    files = sorted(p for p in site.rglob("*") if p.is_file())
    if not files:
        raise FileNotFoundError(f"{site} is empty: run `make web` first")
    out.parent.mkdir(parents=True, exist_ok=True)
    tmp = out.with_name(out.name + ".tmp")
    with zipfile.ZipFile(tmp, "w") as zf:
        for p in files:
            info = zipfile.ZipInfo(f"{folder}/{p.relative_to(site).as_posix()}",
                                   date_time=(1980, 1, 1, 0, 0, 0))
            info.external_attr = 0o644 << 16
            info.compress_type = zipfile.ZIP_DEFLATED
            zf.writestr(info, p.read_bytes(), compresslevel=9)
    os.replace(tmp, out)
    return out


def main(argv: list[str]) -> int:
    if len(argv) != 3 or argv[0] != "zip":
        print("usage: web/tools/publish.py zip SITE_FOLDER OUT.zip", file=sys.stderr)
        return 2
    try:
        out = write_zip(Path(argv[1]), Path(argv[2]))
    except FileNotFoundError as exc:
        print(f"publish.py: error: {exc}", file=sys.stderr)
        return 1
    print(f"wrote {out} ({out.stat().st_size:,} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
