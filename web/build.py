#!/usr/bin/env python3
"""Build web/vendor/: the pinned, hash-checked, offline runtime of the static site.

Run with `make web` (or `.venv/bin/python web/build.py`). What it does:

1. npm packages pinned in web/vendor.lock.json (Pyodide, @pyscript/core) are fetched
   with `npm pack` into build/cache/npm/, their tarball sha256 checked against the
   lock, and the files the pages need are extracted into web/vendor/pyodide/ and
   web/vendor/pyscript/.
2. Wheels pinned in the lock are fetched with `pip download --no-deps
   --only-binary=:all:` (Pyodide's platform tags for compiled ones) into
   build/cache/wheels/, checked against the lock and copied into web/vendor/wheels/
   (micropip goes beside the Pyodide files; the micropip entry of the
   pyodide-lock.json we serve is patched to match that wheel).
3. A pure wheel of samarkand_core (with the page's package web/samarkand_web and
   its binding web/main.py, as the module samarkand_page, inside) is written from
   the working tree into build/own/ (its version carries a content hash,
   <version>+g<hash>). It is not served: its modules, compiled, become the code bundle
   (step 5).
4. Bytecode: Pyodide's python_stdlib.zip and PyPI's wheels hold only .py sources, so
   every start compiled each module it imported (about half of the import time in the
   browser). The build compiles them once with Pyodide's own Python (run in Node, so
   the .pyc magic always matches): the served python_stdlib.zip holds .pyc files
   instead of sources, and each served wheel gets __pycache__/*.pyc beside its
   sources (unchecked-hash pycs: deterministic, never stat-checked). Our own code,
   loaded before the first board, is sourceless and lean: compiled without docstrings
   and column ranges (line numbers kept), and without the modules no import of the
   page reaches (NOT_IN_THE_PAGE, checked). Compiled files are cached in
   build/cache/pyc/; without Node the build warns and serves sources.
5. Our code is served as the code bundle (web/boot.py says why and its format):
   web/vendor/app/samarkand-<hash>.bin, its modules compiled as in step 4 and the data
   files they open, named after its content's hash, with its URL and sha256 in the
   config (first.js fetches it with that integrity). A served wheel (none today: the
   page reads its saves with its own strict reader, samarkand_web/saves/storage_models.py,
   so that saving never waits for a download) gets an entry in the served
   pyodide-lock.json (file name and sha256), so that Pyodide loads it by name and
   checks the download against its hash.
6. web/vendor/config.json (the PyScript config) and web/vendor/index.html (the start
   page: web/index.html with the start screen drawn in, one template per language, by
   samarkand_web.view.first_screen, the config inlined, web/boot.py, compiled by Pyodide's
   Python, as its script, and the Content-Security-Policy as a meta element) are
   written.
7. The site folder, site/ at the repo root (web/publish.py): exactly the files the
   site serves, the start page as its index.html, with _headers, the third-party
   notices and vendor/precache.json (the service worker's list, with a version hash of
   all of it). It works from any static host, at the root or under a sub-path.

Downloads are skipped when the cached file is there with the locked hash, so a
second run takes well under a second. A hash that differs from the lock stops the
build with a message naming the file, the expected and the actual hash.
`--update-lock` (for a maintainer bumping versions: edit "version" in the lock
first) records the hashes and file names of what was downloaded instead.
"""

from __future__ import annotations

import argparse
import ast
import base64
import hashlib
import io
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import tomllib
import zipfile
from collections.abc import Iterable
from html import escape
from pathlib import Path, PurePosixPath

import boot  # web/boot.py, beside this file: it writes the code bundle it reads
import catalogs  # web/catalogs.py: the words' gettext catalogs, compiled into the code
import publish  # web/publish.py: the site folder

ROOT = Path(__file__).resolve().parent.parent
WEB = ROOT / "web"
VENDOR = WEB / "vendor"
# The site folder (web/publish.py): what a static host publishes.
SITE = ROOT / "site"
LICENSES = WEB / "licenses"
LOCK = WEB / "vendor.lock.json"
CACHE = ROOT / "build" / "cache"
PACKAGE = "samarkand_core"
# The page's logic (web/samarkand_web): shipped in the same bundle, not as loose files.
APP_PACKAGE = "samarkand_web"
# web/main.py ships in the code bundle as this module, compiled like the rest: the start
# page only imports it (PAGE_SCRIPT_TAIL). Inlined as source, PyScript parsed and
# compiled its ~1,100 lines at every start, before its first line ran.
PAGE_MODULE = "samarkand_page"
# The compiled methods of the page's dataclasses (samarkand_web/classcode.py).
CLASSCODE = f"{APP_PACKAGE}/classcode.bin"
# The page's first Python (web/boot.py): it installs the code bundle and is inlined into
# the start page's script, followed by PAGE_SCRIPT_TAIL.
BOOT = "boot.py"
PAGE_SCRIPT_TAIL = (f"\n# web/main.py, compiled into the code bundle as {PAGE_MODULE}\n"
                    "from pyscript import config as _config, window as _window\n"
                    "await load(_window, _config)\n"
                    f"import {PAGE_MODULE}  # noqa: E402, F401\n")
# The code bundle (see web/boot.py): our modules compiled, served from here under a name
# with its content hash; first.js starts its download with the page.
CODE_DIR = "vendor/app"
FIRST_JS_TAG = '<script src="./first.js"></script>'

# Files of the npm tarballs that the pages load (paths inside the tarball, under
# "package/"); fnmatch-style patterns, source maps left out.
NPM_FILES: dict[str, list[str]] = {
    "pyodide": [
        "pyodide.mjs",
        "pyodide.asm.mjs",
        "pyodide.asm.wasm",
        "python_stdlib.zip",
    ],  # + pyodide-lock.json, written patched (see patch_pyodide_lock)
    "@pyscript/core": ["dist/*.js", "dist/*.css", "LICENSE"],
}

# Files of our packages the page never imports (command line, tournaments, balance
# runs, the build's own drawing of the first screen): left out of the code bundle
# (selfplay.py stays: make bench plays its games in Pyodide from the code bundle).
# The build checks that no import in the page's code (lazy ones included)
# reaches them (page_modules), but BOARD_SCHEMA's.
NOT_IN_THE_PAGE = ("samarkand_core/__main__.py", "samarkand_core/replay_cli.py",
                   "samarkand_core/bots/tournament.py", "samarkand_core/bots/balance.py",
                   "samarkand_core/bots/fit.py", "samarkand_core/cli.py",
                   "samarkand_web/view/first_screen.py")
# The board's pydantic models: the page trusts the shipped board.json by its recorded
# digest and imports them only when that digest is stale (board.parse_board), so they
# are left out while it is current (the build checks) and shipped when it is not.
BOARD_SCHEMA = "samarkand_core/board_schema.py"
# The page's modules that read what comes from outside (saves, preferences, backups,
# share links): the site ships no pydantic, so none of them may import it.
PAGE_READERS = ("samarkand_web.state.app", "samarkand_web.view.render",
                "samarkand_web.saves.storage", "samarkand_web.saves.backup")
FIRST_SCREEN_SLOT = re.compile(r"[ \t]*<!-- first-screen:[^>]*-->\n?")
CONFIG_ATTR = 'config="./vendor/config.json"'

# PyScript 0.7's plugins our pages do not use (see write_config).
UNUSED_PLUGINS = ("codemirror", "deprecations-manager", "donkey", "py-editor", "py-game",
                  "py-terminal")

# Test-only tools (axe-core for the accessibility e2e tests): pinned in their own lock,
# fetched and hash-checked like the runtime, but into build/test-tools/, which is outside
# web/ (never served, never precached, never published) and git-ignored.
TEST_LOCK = ROOT / "tests" / "e2e" / "test-tools.lock.json"
TEST_TOOLS = ROOT / "build" / "test-tools"
TEST_NPM_FILES: dict[str, list[str]] = {"axe-core": ["axe.min.js", "LICENSE"]}

PIP_PLATFORM_RE = re.compile(r"^pyemscripten_(\d+_\d+)_wasm32$")


class BuildError(Exception):
    """A build step failed; the message says which file and why."""


# --------------------------------------------------------------------------- hashing

def sha256_bytes(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def sha256_file(path: Path) -> str:
    h = hashlib.sha256()
    with path.open("rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def check_hash(path: Path, expected: str | None, what: str) -> str:
    """Return the file's sha256; raise BuildError if it is not `expected`."""
    actual = sha256_file(path)
    if not expected:
        raise BuildError(
            f"{what}: no sha256 in {LOCK.name} for {path.name} (actual {actual}); "
            "run `web/build.py --update-lock` to record it after checking the file"
        )
    if actual != expected:
        raise BuildError(
            f"sha256 mismatch for {path.name} ({what}):\n"
            f"  expected {expected}\n  actual   {actual}\n"
            f"  file     {path}\n"
            "Refusing to use it: nothing was installed. If the lock's version was bumped "
            "on purpose, check the file and run `web/build.py --update-lock`; otherwise "
            "the download (or the lock) is not what was pinned."
        )
    return actual


def cached_ok(path: Path, expected: str | None) -> bool:
    return bool(expected) and path.is_file() and sha256_file(path) == expected


# --------------------------------------------------------------------------- lock

def load_lock(path: Path = LOCK) -> dict:
    try:
        return json.loads(path.read_text())
    except FileNotFoundError:
        raise BuildError(f"{path} is missing: it pins every downloaded file") from None
    except json.JSONDecodeError as e:
        raise BuildError(f"{path} is not valid JSON: {e}") from None


def save_lock(lock: dict, path: Path = LOCK) -> None:
    path.write_text(json.dumps(lock, indent=2) + "\n")


# --------------------------------------------------------------------------- writing

def write_if_changed(path: Path, data: bytes) -> bool:
    """Write `data` to `path` unless it already holds exactly that. True if written."""
    if path.is_file() and path.stat().st_size == len(data) and path.read_bytes() == data:
        return False
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_bytes(data)
    os.replace(tmp, path)
    return True


def copy_if_changed(src: Path, dst: Path) -> bool:
    if dst.is_file() and dst.stat().st_size == src.stat().st_size \
            and sha256_file(dst) == sha256_file(src):
        return False
    dst.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(src, dst)
    return True


def prune(directory: Path, keep: Iterable[Path]) -> list[Path]:
    """Delete files under `directory` that are not in `keep` (stale versions)."""
    keep_set = {p.resolve() for p in keep}
    removed = []
    if not directory.is_dir():
        return removed
    for p in sorted(directory.rglob("*"), reverse=True):
        if p.is_file() and p.resolve() not in keep_set:
            p.unlink()
            removed.append(p)
        elif p.is_dir() and not any(p.iterdir()):
            p.rmdir()
    return removed


# --------------------------------------------------------------------------- npm

def npm_pack(name: str, version: str, dest: Path) -> Path:
    """`npm pack name@version` into dest; return the tarball path."""
    npm = shutil.which("npm")
    if not npm:
        raise BuildError("npm is needed to fetch " f"{name}@{version} (install Node.js)")
    dest.mkdir(parents=True, exist_ok=True)
    cmd = [npm, "pack", f"{name}@{version}", "--json", "--pack-destination", str(dest),
           "--ignore-scripts", "--silent"]
    proc = subprocess.run(cmd, capture_output=True, text=True)
    if proc.returncode != 0:
        raise BuildError(f"`{' '.join(cmd)}` failed:\n{proc.stderr.strip()}")
    try:
        filename = json.loads(proc.stdout)[0]["filename"]
    except (ValueError, LookupError, TypeError):
        raise BuildError(f"unexpected output of npm pack: {proc.stdout[:500]!r}") from None
    # npm names scoped packages "scope-name-version.tgz"
    path = dest / Path(filename).name
    if not path.is_file():
        raise BuildError(f"npm pack reported {filename} but {path} does not exist")
    return path


def fetch_npm(entry: dict, update: bool, cache_root: Path = CACHE) -> Path:
    name, version = entry["name"], entry["version"]
    cache = cache_root / "npm"
    expected = entry.get("sha256")
    if entry.get("file") and cached_ok(cache / entry["file"], expected) \
            and f"-{version}.tgz" in entry["file"]:
        return cache / entry["file"]
    print(f"  fetching {name}@{version} (npm pack)")
    with tempfile.TemporaryDirectory(dir=ensure_dir(cache)) as tmp:
        got = npm_pack(name, version, Path(tmp))
        if update:
            entry["file"], entry["sha256"] = got.name, sha256_file(got)
        else:
            if entry.get("file") and got.name != entry["file"]:
                raise BuildError(f"npm pack {name}@{version} gave {got.name}, the lock "
                                 f"says {entry['file']}")
            check_hash(got, expected, f"npm {name}@{version}")
        final = cache / got.name
        os.replace(got, final)
    return final


def extract_npm(tarball: Path, patterns: list[str], dest: Path) -> list[Path]:
    """Extract members of an npm tarball matching `patterns` (relative to package/)
    flat into dest, keeping their path below the pattern's directory."""
    out: list[Path] = []
    with tarfile.open(tarball, "r:gz") as tar:
        for member in tar.getmembers():
            if not member.isfile():
                continue
            rel = PurePosixPath(member.name)
            if rel.parts[0] != "package" or ".." in rel.parts:
                continue
            rel = PurePosixPath(*rel.parts[1:])
            for pat in patterns:
                if rel.match(pat) and len(rel.parts) == len(PurePosixPath(pat).parts):
                    parent = PurePosixPath(pat).parent
                    target = dest / rel.relative_to(parent)
                    f = tar.extractfile(member)
                    assert f is not None
                    write_if_changed(target, f.read())
                    out.append(target)
                    break
    missing = [p for p in patterns if "*" not in p and not any(o.name == p for o in out)]
    if missing:
        raise BuildError(f"{tarball.name} has no {', '.join(missing)}")
    return out


# --------------------------------------------------------------------------- wheels

def pip_download_args(entry: dict) -> list[str]:
    args = ["--no-deps", "--only-binary=:all:", "--disable-pip-version-check"]
    platform = entry.get("platform")
    if platform:
        args += ["--platform", platform, "--implementation", "cp"]
    if entry.get("python_version"):
        args += ["--python-version", entry["python_version"]]
    if entry.get("abi"):
        args += ["--abi", entry["abi"]]
    return args + [f"{entry['name']}=={entry['version']}"]


def pip_download(entry: dict, dest: Path) -> Path:
    """`pip download` one pinned wheel into dest; return its path."""
    spec = f"{entry['name']}=={entry['version']}"
    cmd = [sys.executable, "-m", "pip", "download", "-q", "-d", str(dest),
           *pip_download_args(entry)]
    proc = subprocess.run(cmd, capture_output=True, text=True)
    if proc.returncode != 0:
        err = "\n".join(line for line in proc.stderr.splitlines() if "is ignored" not in line)
        raise BuildError(f"`{' '.join(cmd)}` failed:\n{err.strip()}")
    got = [p for p in dest.iterdir() if p.suffix == ".whl"]
    if len(got) != 1:
        raise BuildError(f"pip download {spec} gave {[p.name for p in got]}")
    return got[0]


def fetch_wheel(entry: dict, update: bool, cache_root: Path = CACHE) -> Path:
    cache = cache_root / "wheels"
    expected = entry.get("sha256")
    if entry.get("file") and cached_ok(cache / entry["file"], expected):
        return cache / entry["file"]
    spec = f"{entry['name']}=={entry['version']}"
    print(f"  fetching {spec} (pip download)")
    with tempfile.TemporaryDirectory(dir=ensure_dir(cache)) as tmp:
        whl = pip_download(entry, Path(tmp))
        if update:
            entry["file"], entry["sha256"] = whl.name, sha256_file(whl)
        else:
            if entry.get("file") and whl.name != entry["file"]:
                raise BuildError(f"pip download {spec} gave {whl.name}, the lock says "
                                 f"{entry['file']}")
            check_hash(whl, expected, f"PyPI {spec}")
        final = cache / whl.name
        os.replace(whl, final)
    return final


def ensure_dir(p: Path) -> Path:
    p.mkdir(parents=True, exist_ok=True)
    return p


# --------------------------------------------------------------------------- pyodide-lock

WHEEL_NAME_RE = re.compile(r"^([A-Za-z0-9_.]+)-([^-]+)-")


def lock_key(dist: str) -> str:
    """pyodide-lock.json's key for a distribution name (PEP 503, as Pyodide does)."""
    return re.sub(r"[-_.]+", "-", dist).lower()


def patch_pyodide_lock(lock_bytes: bytes, micropip_whl: Path,
                       served: Iterable[Path] = ()) -> bytes:
    """Point the micropip entry of pyodide-lock.json at the PyPI wheel we serve, and
    the entries of the `served` wheels (web/vendor/wheels/) at those files, with their
    sha256: Pyodide then loads them by name and checks each against its hash. (Our own
    code is not a package: it is the code bundle, web/boot.py.)"""
    data = json.loads(lock_bytes)
    pkgs = data.get("packages", {})
    for whl in served:
        m = WHEEL_NAME_RE.match(whl.name)
        if not m:
            raise BuildError(f"unexpected wheel name {whl.name}")
        dist, version = m.groups()
        key = lock_key(dist)
        entry = pkgs.get(key)
        if entry is None:
            raise BuildError(f"pyodide-lock.json has no entry for {dist}: its "
                             "dependencies would be unknown")
        entry.update(file_name=f"../wheels/{whl.name}", sha256=sha256_file(whl),
                     version=version, unvendored_tests=False)
        entry.pop("shared_library", None)
    if "micropip" not in pkgs:
        raise BuildError("pyodide-lock.json has no micropip entry to patch")
    m = re.match(r"^micropip-([^-]+)-", micropip_whl.name)
    if not m:
        raise BuildError(f"unexpected micropip wheel name {micropip_whl.name}")
    pkgs["micropip"].update(
        file_name=micropip_whl.name,
        sha256=sha256_file(micropip_whl),
        version=m.group(1),
        depends=[],
        imports=["micropip"],
        install_dir="site",
        package_type="package",
    )
    return (json.dumps(data, indent=None, separators=(",", ":"), sort_keys=False)
            + "\n").encode()


def check_pyodide_matches_wheels(pyodide_lock: bytes, wheel_entries: list[dict]) -> None:
    """The Pyodide build must accept the platform/python tags the wheels were fetched
    for (a Pyodide bump without re-fetching pydantic-core fails here, not in the
    browser)."""
    info = json.loads(pyodide_lock).get("info", {})
    abi, py = info.get("abi_version"), info.get("python", "")
    for e in wheel_entries:
        m = PIP_PLATFORM_RE.match(e.get("platform") or "")
        if m and abi and m.group(1) != abi:
            raise BuildError(f"{e['name']} is pinned for pyemscripten_{m.group(1)} but "
                             f"this Pyodide is abi {abi}")
        pv = e.get("python_version")
        if pv and py and not (py == pv or py.startswith(pv + ".")):
            raise BuildError(f"{e['name']} is pinned for Python {pv} but this Pyodide "
                             f"runs Python {py}")


# --------------------------------------------------------------------------- own wheel

def _record_hash(data: bytes) -> str:
    digest = hashlib.sha256(data).digest()
    return "sha256=" + base64.urlsafe_b64encode(digest).rstrip(b"=").decode()


def _zip_write(zf: zipfile.ZipFile, name: str, data: bytes) -> None:
    info = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
    info.external_attr = 0o644 << 16
    info.compress_type = zipfile.ZIP_DEFLATED
    zf.writestr(info, data)


def package_files(src: Path, exclude: Iterable[str] = ()) -> list[tuple[str, bytes]]:
    """(archive name, content) of the package's .py/.json/py.typed files, sorted,
    but those named in `exclude`."""
    files = []
    skip = set(exclude)
    for p in sorted(src.rglob("*")):
        if not p.is_file() or "__pycache__" in p.parts:
            continue
        if p.suffix in (".py", ".json") or p.name == "py.typed":
            rel = p.relative_to(src.parent).as_posix()
            if rel not in skip:
                files.append((rel, p.read_bytes()))
    return files


def build_own_wheel(src: Path, pyproject: Path, out_dir: Path,
                    extra: Iterable[Path] = (), exclude: Iterable[str] = (),
                    modules: dict[str, Path] | None = None) -> Path:
    """Write a deterministic pure wheel of `src` (same input, same bytes) into out_dir.
    Its version gets a local label with a hash of the content: 1.0.0+g<hash> (the
    version is pyproject's, or the package's `__version__` when pyproject names it
    dynamic, as ours does).
    `extra`: more package directories shipped in the same wheel (the page's logic,
    web/samarkand_web). `exclude`: files (archive names) left out. `modules`:
    top-level modules shipped too, {module name: source file} (the page's binding,
    web/main.py, as PAGE_MODULE)."""
    meta = tomllib.loads(pyproject.read_text())["project"]
    name = meta["name"]
    extra = [e for e in extra if e.is_dir()]
    exclude = tuple(exclude)
    singles = {m: f for m, f in (modules or {}).items() if f.is_file()}
    files = package_files(src, exclude) + [f for e in extra for f in package_files(e, exclude)]
    files += [(f"{m}.py", f.read_bytes()) for m, f in sorted(singles.items())]
    if not files:
        print(f"  warning: {src} has no .py/.json files yet; building an empty package")
        files = [(f"{src.name}/__init__.py", b"")]
    h = hashlib.sha256()
    for rel, data in files:
        h.update(rel.encode() + b"\0" + hashlib.sha256(data).digest())
    h.update(json.dumps(meta, sort_keys=True).encode())
    version = f"{meta.get('version') or package_version(src)}+g{h.hexdigest()[:12]}"
    dist = f"{name.replace('-', '_')}-{version}"
    lines = ["Metadata-Version: 2.1", f"Name: {name}", f"Version: {version}"]
    if meta.get("description"):
        lines.append(f"Summary: {meta['description']}")
    if meta.get("requires-python"):
        lines.append(f"Requires-Python: {meta['requires-python']}")
    lines += [f"Requires-Dist: {d}" for d in meta.get("dependencies", [])]
    metadata = ("\n".join(lines) + "\n").encode()
    wheel = (b"Wheel-Version: 1.0\nGenerator: samarkand web/build.py\n"
             b"Root-Is-Purelib: true\nTag: py3-none-any\n")
    entries = files + [(f"{dist}.dist-info/METADATA", metadata),
                       (f"{dist}.dist-info/WHEEL", wheel),
                       (f"{dist}.dist-info/top_level.txt",
                        "".join(f"{n}\n" for n in [src.name, *(e.name for e in extra),
                                                     *sorted(singles)]).encode())]
    record = "".join(f"{n},{_record_hash(d)},{len(d)}\n" for n, d in entries)
    record += f"{dist}.dist-info/RECORD,,\n"
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as zf:
        for n, d in entries:
            _zip_write(zf, n, d)
        _zip_write(zf, f"{dist}.dist-info/RECORD", record.encode())
    path = out_dir / f"{dist}-py3-none-any.whl"
    write_if_changed(path, buf.getvalue())
    return path


def package_version(src: Path) -> str:
    """`__version__ = "..."` of src/__init__.py, read without importing the package (as
    setuptools' `attr:` reads it); a BuildError if there is none."""
    init = src / "__init__.py"
    tree = ast.parse(init.read_bytes(), str(init)) if init.is_file() else ast.Module([], [])
    for node in tree.body:
        if (isinstance(node, ast.Assign) and len(node.targets) == 1
                and isinstance(node.targets[0], ast.Name)
                and node.targets[0].id == "__version__"
                and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str)):
            return node.value.value
    raise BuildError(f"{init} sets no __version__ and pyproject.toml names no version")


def _module_file(name: str, roots: dict[str, Path]) -> Path | None:
    base = roots.get(name.split(".")[0])
    if base is None:
        return None
    p = base.joinpath(*name.split("."))
    for f in (p / "__init__.py", p.with_suffix(".py")):
        if f.is_file():
            return f
    return None


def _imported_names(name: str, path: Path) -> set[str]:
    """Every module an import statement of `path` names (at the top or inside a
    function: lazy imports count), relative ones resolved, `from m import x` giving m
    and m.x (x may be a submodule)."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_bytes(), str(path))):
        if isinstance(node, ast.Import):
            out |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                parts = package.split(".")[:len(package.split(".")) - node.level + 1]
                module = ".".join(parts + ([node.module] if node.module else []))
            else:
                module = node.module or ""
            out.add(module)
            out |= {f"{module}.{a.name}" for a in node.names}
    return out


def page_modules(main: Path, roots: dict[str, Path]) -> dict[str, str]:
    """{archive name (samarkand_core/board.py): the module that first imports it} of
    every module of our packages (`roots`: top-level package -> directory holding it)
    that the page's main.py can reach through import statements, lazy ones included."""
    reached: dict[str, str] = {}
    todo = [("__main__", main)]
    while todo:
        importer, path = todo.pop()
        name = "" if importer == "__main__" else importer
        for imported in sorted(_imported_names(name, path)):
            parts = imported.split(".")
            for i in range(1, len(parts) + 1):  # a module imports its parents first
                module = ".".join(parts[:i])
                f = _module_file(module, roots)
                if f is None:
                    continue
                rel = f.relative_to(roots[parts[0]]).as_posix()
                if rel not in reached:
                    reached[rel] = importer
                    todo.append((module, f))
    return reached


def _module_name(archive_name: str) -> str:
    """samarkand_core/bots/__init__.py -> samarkand_core.bots"""
    parts = archive_name.removesuffix(".py").split("/")
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def board_digest_current(src: Path) -> bool:
    """Whether `src`/board.json has the digest board_digest.py records (the page then
    loads it without board_schema's models)."""
    digest = re.search(r'^BOARD_JSON_SHA256 = "([0-9a-f]{64})"',
                       (src / "board_digest.py").read_text(), re.MULTILINE)
    return bool(digest) and sha256_file(src / "board.json") == digest.group(1)


def left_out_of_the_page(web: Path, src: Path) -> tuple[str, ...]:
    """NOT_IN_THE_PAGE, and BOARD_SCHEMA while the shipped board's digest is current;
    a BuildError if main.py's imports reach one of them."""
    out = NOT_IN_THE_PAGE + ((BOARD_SCHEMA,) if board_digest_current(src) else ())
    main = web / "main.py"
    if not main.is_file():
        return out
    reached = page_modules(main, {src.name: src.parent, APP_PACKAGE: web})
    for rel in out:
        if rel in reached and rel != BOARD_SCHEMA:
            raise BuildError(f"{rel} is imported by {reached[rel]} in the page: take it "
                             "out of NOT_IN_THE_PAGE")
    return out


# --------------------------------------------------------------------------- bytecode

# Run by Node: start the Pyodide in argv[2] and compile each job of argv[3]/jobs.json
# ([source file, runtime file name]) into argv[3]/out/<n>.pyc; failures are listed in
# out/failed.json (such a module is simply served as source).
# argv[4] == "lean": compiled for a sourceless module, smaller. Without docstrings: the
# source's syntax tree is compiled without them (the code keeps its line numbers), those
# of modules, functions and classes but decorated classes' (a dataclass without one
# builds a docstring from inspect.signature when it is defined: time at import). And
# without column ranges (PYTHONNODEBUGRANGES, read when the interpreter starts):
# tracebacks keep file and line, and lose only the ^^^ under the source line's text,
# which a sourceless module cannot show anyway.
_COMPILE_MJS = r"""
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
const [pyodideDir, work, mode] = process.argv.slice(2);
const lean = mode === "lean";
const { loadPyodide } = await import(pathToFileURL(pyodideDir + "/pyodide.mjs").href);
const options = { indexURL: pyodideDir + "/" };
if (lean) options.env = { PYTHONNODEBUGRANGES: "1" };
const py = await loadPyodide(options);
py.globals.set("LEAN", lean);
py.FS.mkdirTree("/work");
py.FS.mount(py.FS.filesystems.NODEFS, { root: work }, "/work");
py.runPython(readFileSync(work + "/compile.py", "utf8"));
"""

# The syntax-tree transform of a lean compile (run in Pyodide; the tests run it here).
STRIP_DOCSTRINGS_PY = r"""
import ast

DOCUMENTED = (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)


def strip_docstrings(tree):
    for node in ast.walk(tree):
        if not isinstance(node, DOCUMENTED):
            continue
        if isinstance(node, ast.ClassDef) and node.decorator_list:
            continue
        body = node.body
        first = body[0] if body else None
        if (isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant)
                and isinstance(first.value.value, str)):
            if len(body) == 1:  # the body of a function that is only a docstring
                body[0] = ast.copy_location(ast.Pass(), first)
            else:
                del body[0]
    return tree
"""

_COMPILE_PY = STRIP_DOCSTRINGS_PY + r"""
import importlib.util, json, py_compile
from importlib._bootstrap_external import _code_to_hash_pyc

jobs = json.load(open("/work/jobs.json"))
failed = []
for n, (src, dfile) in enumerate(jobs):
    try:
        if LEAN:
            source = open("/work/src/" + src, "rb").read()
            code = compile(strip_docstrings(ast.parse(source, dfile)), dfile, "exec",
                           dont_inherit=True)
            pyc = _code_to_hash_pyc(code, importlib.util.source_hash(source), checked=False)
            open("/work/out/%d.pyc" % n, "wb").write(pyc)
        else:
            py_compile.compile("/work/src/" + src, "/work/out/%d.pyc" % n, dfile=dfile,
                               doraise=True,
                               invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
    except Exception as exc:
        failed.append([dfile, str(exc)[:200]])
json.dump(failed, open("/work/out/failed.json", "w"))
"""


def run_in_node(node: str, pyodide_dir: Path, work: Path, stem: str, mjs: str, py: str,
                *args: str) -> subprocess.CompletedProcess[str]:
    """Write <stem>.mjs and <stem>.py into `work` (with an empty out/) and run the first
    with Node: argv[2] is the Pyodide directory, argv[3] `work`, then `args`."""
    (work / "out").mkdir(exist_ok=True)
    (work / f"{stem}.mjs").write_text(mjs)
    (work / f"{stem}.py").write_text(py)
    return subprocess.run([node, str(work / f"{stem}.mjs"), str(pyodide_dir.resolve()),
                           str(work), *args], capture_output=True, text=True)


class Bytecode:
    """Compiles Python sources with the served Pyodide's own interpreter (in Node).

    `compile({runtime file name: source})` gives {runtime file name: .pyc bytes}; the
    runtime name (e.g. /lib/python3.14/site-packages/pydantic/main.py) is what
    tracebacks show. Results are cached by (Pyodide, name, source) in cache_dir, so a
    build that changed one file starts Node once, and an unchanged build not at all.
    """

    def __init__(self, pyodide_dir: Path, pyodide_id: str, cache_dir: Path) -> None:
        self.pyodide_dir = pyodide_dir
        self.pyodide_id = pyodide_id
        self.cache = cache_dir
        self.node = shutil.which("node")
        self.warned = False

    def _key(self, name: str, source: bytes, lean: bool) -> str:
        return sha256_bytes(self.pyodide_id.encode() + b"\0" + name.encode() + b"\0"
                            + (b"lean\0" if lean else b"") + source)

    def compile(self, sources: dict[str, bytes], lean: Iterable[str] = ()) -> dict[str, bytes]:
        """`lean`: the names of `sources` compiled smaller, for sourceless modules
        (without docstrings and column ranges: see _COMPILE_MJS)."""
        small = set(lean)
        out: dict[str, bytes] = {}
        todo: dict[bool, dict[str, bytes]] = {False: {}, True: {}}
        for name, src in sources.items():
            cached = self.cache / (self._key(name, src, name in small) + ".pyc")
            if cached.is_file():
                out[name] = cached.read_bytes()
            else:
                todo[name in small][name] = src
        for mode, group in todo.items():
            if group:
                out.update(self._run_node(group, mode))
        return out

    def _run_node(self, todo: dict[str, bytes], lean: bool) -> dict[str, bytes]:
        if not self.node:
            if not self.warned:
                print("  warning: no `node`: serving Python sources without bytecode "
                      "(the game starts slower)")
                self.warned = True
            return {}
        print(f"  compiling {len(todo)} modules with Pyodide's Python (node)"
              + (", lean" if lean else ""))
        ensure_dir(self.cache)
        with tempfile.TemporaryDirectory(dir=self.cache) as tmp:
            work = Path(tmp)
            names = sorted(todo)
            jobs = []
            for n, name in enumerate(names):
                write_if_changed(work / "src" / f"{n}.py", todo[name])
                jobs.append([f"{n}.py", name])
            (work / "jobs.json").write_text(json.dumps(jobs))
            proc = run_in_node(self.node, self.pyodide_dir, work, "compile", _COMPILE_MJS,
                               _COMPILE_PY, "lean" if lean else "full")
            failed_file = work / "out" / "failed.json"
            if proc.returncode != 0 or not failed_file.is_file():
                print("  warning: compiling with Pyodide in node failed, serving sources:\n"
                      + proc.stderr.strip()[-2000:])
                return {}
            for name, why in json.loads(failed_file.read_text()):
                print(f"  note: {name} not compiled ({why}); served as source")
            out: dict[str, bytes] = {}
            for n, name in enumerate(names):
                pyc = work / "out" / f"{n}.pyc"
                if pyc.is_file():
                    out[name] = pyc.read_bytes()
                    key = self._key(name, todo[name], lean)
                    write_if_changed(self.cache / (key + ".pyc"), out[name])
            return out


# Run by Node: import the page's modules (argv[3]/modules.json) from the source tree
# (NODEFS at /src) in the served Pyodide, with dataclasses compiling through a
# recording samarkand_web.classcode.CodeTable; the table goes to out/classcode.bin,
# modules that do not import here (those needing pydantic) to out/failed.json.
_CLASSCODE_MJS = r"""
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
const [pyodideDir, work, src] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(pyodideDir + "/pyodide.mjs").href);
const py = await loadPyodide({ indexURL: pyodideDir + "/" });
for (const [dir, root] of [["/work", work], ["/src", src]]) {
  py.FS.mkdirTree(dir);
  py.FS.mount(py.FS.filesystems.NODEFS, { root }, dir);
}
py.runPython(readFileSync(work + "/classcode.py", "utf8"));
"""

_CLASSCODE_PY = r"""
import importlib, json, marshal, sys
sys.path[:0] = ["/src", "/src/web"]
sys.dont_write_bytecode = True
from samarkand_web import classcode
hook = classcode.install(record=True)
failed = []
for name in json.load(open("/work/modules.json")):
    try:
        importlib.import_module(name)
    except Exception as exc:
        failed.append([name, repr(exc)[:200]])
open("/work/out/classcode.bin", "wb").write(marshal.dumps(hook.table))
json.dump(failed, open("/work/out/failed.json", "w"))
"""


def class_code(bytecode: Bytecode, root: Path, modules: list[str], key: str) -> bytes | None:
    """samarkand_web/classcode.bin: the compiled methods of the dataclasses that
    `modules` define (see samarkand_web/classcode.py), made by the served Pyodide in
    Node from the source tree at `root`; cached by `key` (the Pyodide and our wheel's
    content hash). None without Node (the page then compiles them itself)."""
    cached = bytecode.cache / f"classcode-{sha256_bytes(key.encode())[:24]}.bin"
    if cached.is_file():
        return cached.read_bytes()
    if not bytecode.node:
        return None
    ensure_dir(bytecode.cache)
    with tempfile.TemporaryDirectory(dir=bytecode.cache) as tmp:
        work = Path(tmp)
        (work / "modules.json").write_text(json.dumps(modules))
        proc = run_in_node(bytecode.node, bytecode.pyodide_dir, work, "classcode",
                           _CLASSCODE_MJS, _CLASSCODE_PY, str(root.resolve()))
        out = work / "out" / "classcode.bin"
        if proc.returncode != 0 or not out.is_file():
            print("  warning: no dataclass code table (Pyodide in node failed):\n"
                  + proc.stderr.strip()[-2000:])
            return None
        data = out.read_bytes()
    write_if_changed(cached, data)
    return data


def _zip_entries(path: Path) -> list[tuple[zipfile.ZipInfo, bytes]]:
    with zipfile.ZipFile(path) as zf:
        return [(i, zf.read(i)) for i in zf.infolist() if not i.is_dir()]


def _write_zip(entries: Iterable[tuple[str, bytes]]) -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as zf:
        for name, data in entries:
            _zip_write(zf, name, data)
    return buf.getvalue()


def compiled_stdlib(stock: Path, bytecode: Bytecode, zip_name: str) -> bytes:
    """python_stdlib.zip with each module as .pyc instead of .py (zipimport reads
    `mod.pyc` beside where `mod.py` was); other files unchanged. `zip_name` is where
    Pyodide mounts it (/lib/python314.zip), for the file names in tracebacks."""
    entries = _zip_entries(stock)
    sources = {f"{zip_name}/{i.filename}": d for i, d in entries
               if i.filename.endswith(".py")}
    pyc = bytecode.compile(sources)
    out = []
    for info, data in entries:
        runtime = f"{zip_name}/{info.filename}"
        if runtime in pyc:
            out.append((info.filename + "c", pyc[runtime]))
        else:
            out.append((info.filename, data))
    return _write_zip(out)


def wheel_sources(wheel: Path, site_packages: str) -> dict[str, bytes]:
    """{runtime file name: source} of the modules in a wheel."""
    return {f"{site_packages}/{i.filename}": d for i, d in _zip_entries(wheel)
            if i.filename.endswith(".py") and ".dist-info/" not in i.filename}


def add_bytecode(wheel: Path, pyc: dict[str, bytes], site_packages: str, cache_tag: str,
                 dest: Path, sources: bool = True, extra: dict[str, bytes] | None = None) -> None:
    """Write `wheel` to `dest` with __pycache__/<module>.<cache_tag>.pyc beside each
    module compiled in `pyc` (the sources stay: tracebacks show their lines).
    Unchecked-hash pycs are used by the import system without a look at the source.
    `sources=False`: each compiled module is shipped as <module>.pyc in place of its
    source (a sourceless module: a smaller download; tracebacks show file and line but
    not the line's text). `extra`: more files ({archive name: content}), added."""
    compiled = {}
    for runtime in wheel_sources(wheel, site_packages):
        if runtime in pyc:
            compiled[runtime[len(site_packages) + 1:]] = pyc[runtime]
    out = []
    for info, data in _zip_entries(wheel):
        if not sources and info.filename in compiled:
            out.append((info.filename + "c", compiled.pop(info.filename)))
        else:
            out.append((info.filename, data))
    for name, code in sorted(compiled.items()):
        rel = PurePosixPath(name)
        out.append(((rel.parent / "__pycache__" / f"{rel.stem}.{cache_tag}.pyc").as_posix(),
                    code))
    out += sorted((extra or {}).items())
    write_if_changed(dest, _write_zip(out))


def code_bundle(wheel: Path, pyc: dict[str, bytes], site_packages: str,
                extra: dict[str, bytes] | None = None) -> bytes:
    """The code bundle (web/boot.py) of our wheel: each module's code compiled by Pyodide
    (`pyc`, keyed by runtime file name; a module missing there ships as source), the
    wheel's other files and `extra` ({name: content}) as data files under site-packages."""
    modules: dict[str, tuple[bool, bytes | str]] = {}
    files: dict[str, bytes] = {}
    magic: set[bytes] = set()
    for info, data in _zip_entries(wheel):
        name = info.filename
        if ".dist-info/" in name or name.endswith("py.typed"):
            continue
        if not name.endswith(".py"):
            files[name] = data
            continue
        package = name.endswith("/__init__.py")
        module = (name[:-len("/__init__.py")] if package else name[:-3]).replace("/", ".")
        compiled = pyc.get(f"{site_packages}/{name}")
        if compiled:
            magic.add(compiled[:4])
            modules[module] = (package, compiled[16:])  # the code after the .pyc header
        else:
            modules[module] = (package, data.decode("utf-8"))
    if len(magic) > 1:
        raise BuildError("the code bundle's modules were compiled by different Pythons")
    files.update(extra or {})
    return boot.pack(modules, files, site_packages, magic.pop() if magic else b"")


def write_code_bundle(web: Path, bundle: bytes) -> tuple[Path, dict[str, str]]:
    """vendor/app/samarkand-<hash>.bin and the config's "code" entry for it: its URL and
    the sha256 the browser checks the download against (fetch's `integrity`)."""
    digest = hashlib.sha256(bundle).digest()
    path = web / CODE_DIR / f"samarkand-{digest.hex()[:16]}.bin"
    ensure_dir(path.parent)
    write_if_changed(path, bundle)
    return path, {"url": f"./{CODE_DIR}/{path.name}",
                  "integrity": "sha256-" + base64.b64encode(digest).decode()}


# --------------------------------------------------------------------------- config / precache

def write_config(vendor: Path, code: dict[str, str] | None = None) -> dict:
    """PyScript config (vendor/config.json; the built start page inlines it).
    `interpreter` is resolved by PyScript against the page (so the pages live at web/).
    No `packages`: PyScript then neither fetches its package graph nor has Pyodide
    install anything while it boots, and nothing the game needs is a later download.
    `code`: the code bundle's URL and sha256 (web/boot.py loads it)."""
    config: dict = {
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


_BLOCK_PYDANTIC = """
import importlib.abc, sys
class Block(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name == "pydantic" or name.startswith(("pydantic.", "pydantic_core")):
            raise ImportError("the site ships no pydantic")
sys.meta_path.insert(0, Block())
sys.path[:0] = sys.argv[1:2]
for name in sys.argv[2:]:
    __import__(name)
"""


def page_needs_pydantic(web: Path, modules: Iterable[str] = PAGE_READERS) -> str:
    """"" when the page's modules import without pydantic (the site does not ship it),
    else why not (the import error)."""
    proc = subprocess.run([sys.executable, "-c", _BLOCK_PYDANTIC, str(web), *modules],
                          capture_output=True, text=True)
    if proc.returncode == 0:
        return ""
    return (proc.stderr.strip().splitlines() or ["failed"])[-1]


def render_first_screen(web: Path) -> str:
    """The templates of samarkand_web.view.first_screen, drawn in a Python of its own (the
    page's package from `web`)."""
    code = ("import sys; sys.path.insert(0, sys.argv[1]); "
            "from samarkand_web.view.first_screen import templates; "
            "sys.stdout.write(templates())")
    proc = subprocess.run([sys.executable, "-c", code, str(web)], capture_output=True,
                          text=True, encoding="utf-8")
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


# The chain of modules PyScript loads one after the other before Pyodide starts: its core
# chunk (core.js's one import), the two chunks the core imports on demand for this page
# (the error plugin, the one not switched off, and the Pyodide glue) and Pyodide's own
# module. Each request began only once the one before was in and run: announced as
# modulepreload, they download at once, beside the page's styles (issue 9: on a cold
# load the lock file was asked for about 95 ms sooner, the board clickable ~60 ms
# sooner; 15 interleaved loads each, medians). Glob patterns, each for exactly one file.
PRELOAD_MODULES = ("pyscript/core-*.js", "pyscript/error-*.js", "pyodide/pyodide.mjs")
# ... and the package graph, which PyScript imports only when the config names packages.
PRELOAD_WITH_PACKAGES = ("pyscript/pyodide_graph-*.js",)
CORE_SCRIPT = '<script type="module" src="./vendor/pyscript/core.js"></script>'


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
        boot = f"# web/{BOOT}, inlined by web/build.py\n" + (web / BOOT).read_text(encoding="utf-8")
    else:
        boot = (f"# web/{BOOT}, compiled by Pyodide's Python (web/build.py)\n"
                "import binascii as _binascii, marshal as _marshal\n"
                f"exec(_marshal.loads(_binascii.a2b_base64(\"{base64.b64encode(boot_code).decode()}\")))\n")
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


def write_start_page(web: Path, config: dict, first_screen: str,
                     boot_code: bytes | None = None) -> Path:
    """vendor/index.html: web/index.html with the first screen in its marked slot, the
    PyScript config inlined (one request less before Python starts), main.py's
    script inlined (web/boot.py, then an import of PAGE_MODULE, which the code bundle
    holds compiled), first.js told the code bundle's URL and sha256 (it starts the
    download) and PyScript's chain of modules announced (PRELOAD_MODULES)."""
    source = (web / "index.html").read_text(encoding="utf-8")
    if not FIRST_SCREEN_SLOT.search(source):
        raise BuildError("web/index.html has no <!-- first-screen: ... --> slot")
    if CONFIG_ATTR not in source:
        raise BuildError(f"web/index.html has no {CONFIG_ATTR} on its Python script")
    page = FIRST_SCREEN_SLOT.sub(lambda _m: first_screen + "\n", source, count=1)
    page = add_csp_meta(page)
    inline = json.dumps(config, separators=(",", ":")).replace("&", "&amp;").replace(
        "'", "&#39;")
    page = page.replace(CONFIG_ATTR, f"config='{inline}'", 1)
    if (web / "main.py").is_file() and 'src="./main.py"' in page:
        page = inline_script(page, "./main.py", page_script(web, boot_code))
    code = config.get("code")
    if code:
        if FIRST_JS_TAG not in page:
            raise BuildError(f"web/index.html has no {FIRST_JS_TAG}")
        page = page.replace(FIRST_JS_TAG, f'<script src="./first.js" '
                            f'data-code="{escape(code["url"])}" '
                            f'data-code-integrity="{escape(code["integrity"])}"></script>', 1)
    # PyScript loads its plugins once per interpreter it knows, MicroPython's too, whose
    # config (none: all plugins) is an <mpy-config>: the same plugins off there.
    mpy = json.dumps({"plugins": config.get("plugins", [])}, separators=(",", ":"))
    script = page.index('<script type="py"')
    line = page.rindex("\n", 0, script) + 1
    page = (page[:line] + " " * (script - line) + f"<mpy-config hidden>{escape(mpy)}"
            "</mpy-config>\n" + page[line:])
    if CORE_SCRIPT in page:
        page = add_module_preloads(page, module_preloads(web, bool(config.get("packages"))))
    path = web / "vendor" / "index.html"
    write_if_changed(path, page.encode("utf-8"))
    return path


# --------------------------------------------------------------------------- main

def build(update_lock: bool = False, web: Path = WEB, lock_path: Path = LOCK,
          cache: Path = CACHE, root: Path = ROOT, site_dir: Path = SITE) -> dict:
    vendor = web / "vendor"
    lock = load_lock(lock_path)
    wheel_dir = vendor / "wheels"
    pyodide_dir = vendor / "pyodide"
    keep: list[Path] = []

    # 1. npm packages
    print("npm packages")
    npm_entries = {e["name"]: e for e in lock["npm"]}
    for name in NPM_FILES:
        if name not in npm_entries:
            raise BuildError(f"{LOCK.name} has no npm entry for {name}")
    tarballs = {name: fetch_npm(e, update_lock, cache) for name, e in npm_entries.items()}
    keep += extract_npm(tarballs["pyodide"], NPM_FILES["pyodide"], pyodide_dir)
    keep += extract_npm(tarballs["@pyscript/core"], NPM_FILES["@pyscript/core"],
                        vendor / "pyscript")

    # 2. wheels (fetched and checked; served with bytecode in step 5)
    print("wheels")
    pypi: list[Path] = []
    micropip: Path | None = None
    for e in lock["wheels"]:
        whl = fetch_wheel(e, update_lock, cache)
        if e["name"] == "micropip":
            micropip = pyodide_dir / whl.name
            copy_if_changed(whl, micropip)
            keep.append(micropip)
        else:
            pypi.append(whl)
    if micropip is None:
        raise BuildError(f"{LOCK.name} pins no micropip wheel (PyScript needs it)")

    # 3. pyodide-lock.json: micropip entry -> our wheel
    with tarfile.open(tarballs["pyodide"], "r:gz") as tar:
        try:
            f = tar.extractfile("package/pyodide-lock.json")
        except KeyError:
            f = None
        if f is None:
            raise BuildError(f"{tarballs['pyodide'].name} has no pyodide-lock.json")
        original = f.read()
    check_pyodide_matches_wheels(original, lock["wheels"])

    # 4. our own wheel (built into the cache; served with bytecode in step 5)
    print(f"{PACKAGE} wheel")
    # Built into this tree's build/own/, not the download cache, which several work
    # trees may share (pruning a shared directory would delete another tree's wheel).
    own_dir = ensure_dir(root / "build" / "own")
    catalogs.compile_all(root)
    own = build_own_wheel(root / PACKAGE, root / "pyproject.toml", own_dir,
                          extra=[web / APP_PACKAGE],
                          exclude=left_out_of_the_page(web, root / PACKAGE),
                          modules={PAGE_MODULE: web / "main.py"})
    prune(own_dir, [own])

    # 5. bytecode: the stdlib zip and every served wheel
    print("bytecode")
    py_version = json.loads(original).get("info", {}).get("python", "")
    major, minor = (py_version.split(".") + ["", ""])[:2]
    if not (major.isdigit() and minor.isdigit()):
        raise BuildError(f"pyodide-lock.json names no Python version ({py_version!r})")
    npm_pyodide = npm_entries["pyodide"]
    # Node's loadPyodide reads pyodide-lock.json beside pyodide.mjs: on a fresh machine
    # the served (patched) one is not written yet, so the stock one stands in meanwhile
    # (without it every module was served as source).
    if not (pyodide_dir / "pyodide-lock.json").is_file():
        write_if_changed(pyodide_dir / "pyodide-lock.json", original)
    bytecode = Bytecode(pyodide_dir, f"{npm_pyodide['version']}:{npm_pyodide.get('sha256')}",
                        cache / "pyc")
    stdlib = pyodide_dir / "python_stdlib.zip"
    compiled = cache / "pyc" / f"python_stdlib-{sha256_file(stdlib)[:16]}.zip"
    if not compiled.is_file():
        data = compiled_stdlib(stdlib, bytecode, f"/lib/python{major}{minor}.zip")
        if bytecode.node:
            write_if_changed(compiled, data)
    else:
        data = compiled.read_bytes()
    write_if_changed(stdlib, data)
    site = f"/lib/python{major}.{minor}/site-packages"
    # Our wheel is loaded before the first board: sourceless and lean (nothing of it
    # reads __doc__; PyPI's wheels keep their sources and docstrings: pydantic reads
    # them).
    pyc = bytecode.compile({k: v for whl in [*pypi, own]
                            for k, v in wheel_sources(whl, site).items()},
                           lean=wheel_sources(own, site))
    modules = sorted(_module_name(rel) for rel in page_modules(
        web / "main.py", {PACKAGE: root, APP_PACKAGE: web}))
    table = class_code(bytecode, root, modules,
                       f"{npm_pyodide['version']}:{npm_pyodide.get('sha256')}:{own.name}")
    served: list[Path] = []
    for whl in pypi:
        served.append(wheel_dir / whl.name)
        add_bytecode(whl, pyc, site, f"cpython-{major}{minor}", served[-1])
    keep += served
    # Our code is served as the code bundle, sourceless (web/boot.py).
    bundle, code = write_code_bundle(web, code_bundle(
        own, pyc, site, {CLASSCODE: table} if table else None))
    keep.append(bundle)
    keep.append(pyodide_dir / "pyodide-lock.json")
    write_if_changed(keep[-1], patch_pyodide_lock(original, micropip, served))

    # 6. config, start page
    print("start page")
    why = page_needs_pydantic(web) if (web / APP_PACKAGE).is_dir() else ""
    if why:
        raise BuildError(f"the page's modules import pydantic, which the site does not "
                         f"ship: {why}")
    config = write_config(vendor, code)
    keep.append(vendor / "config.json")
    if (web / "index.html").is_file() and (web / APP_PACKAGE).is_dir():
        keep.append(write_start_page(web, config, render_first_screen(web),
                                     compiled_boot(web, bytecode)))
    for d in (wheel_dir, pyodide_dir, vendor / "pyscript", web / CODE_DIR):
        for p in prune(d, keep):
            print(f"  removed stale {p.relative_to(web)}")
    if update_lock:
        save_lock(lock, lock_path)
        print(f"wrote {lock_path}")
    # 7. the site folder
    print("site")
    (vendor / "precache.json").unlink(missing_ok=True)  # written by older builds
    return publish.write_site(web, site_dir, tarballs["pyodide"], tarballs["@pyscript/core"],
                              web / "licenses")


def build_test_tools(update_lock: bool = False, lock_path: Path = TEST_LOCK,
                     dest: Path = TEST_TOOLS, cache: Path = CACHE) -> dict[str, Path]:
    """Fetch the test-only npm packages of `lock_path` (hash-checked) and extract their
    files into `dest` (outside web/); return {package name: its directory}."""
    lock = load_lock(lock_path)
    out: dict[str, Path] = {}
    for entry in lock["npm"]:
        name = entry["name"]
        if name not in TEST_NPM_FILES:
            raise BuildError(f"{lock_path.name} pins {name}, which the build does not know")
        tarball = fetch_npm(entry, update_lock, cache)
        target = dest / name
        kept = extract_npm(tarball, TEST_NPM_FILES[name], target)
        prune(target, kept)
        out[name] = target
    if update_lock:
        save_lock(lock, lock_path)
        print(f"wrote {lock_path}")
    return out


def summary(site: Path, manifest: dict) -> str:
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


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--update-lock", action="store_true",
                    help="record file names and sha256 of what is downloaded in "
                         "web/vendor.lock.json instead of checking them")
    ap.add_argument("--test-tools", action="store_true",
                    help="fetch the test-only tools of tests/e2e/test-tools.lock.json "
                         "(axe-core) into build/test-tools/ instead of building web/vendor")
    args = ap.parse_args(argv)
    try:
        if args.test_tools:
            for name, where in build_test_tools(update_lock=args.update_lock).items():
                print(f"{name}: {where.relative_to(ROOT)}")
            return 0
        manifest = build(update_lock=args.update_lock)
    except BuildError as e:
        print(f"build.py: error: {e}", file=sys.stderr)
        return 1
    print(summary(SITE, manifest))
    return 0


if __name__ == "__main__":
    sys.exit(main())
