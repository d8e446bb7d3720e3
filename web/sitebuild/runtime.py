"""The runtime in web/vendor/: Pyodide and PyScript from their npm tarballs, micropip
beside Pyodide's files, and the pyodide-lock.json that points at it.

The site ships no other wheel: our code is the code bundle (bundle.py) and the page
reads its saves with its own strict reader, so nothing waits for a package download.
"""

from __future__ import annotations

import json
import re
import tarfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .fetch import Entry, Lock, extract_npm, fetch_npm, fetch_wheel
from .files import BuildError, copy_if_changed, sha256_file, write_if_changed
from .layout import LOCK

# Files of the npm tarballs that the pages load (paths inside the tarball, under
# "package/"); fnmatch-style patterns, source maps left out. Pyodide's
# pyodide-lock.json is written patched (patch_pyodide_lock).
NPM_FILES: dict[str, list[str]] = {
    "pyodide": ["pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip"],
    "@pyscript/core": ["dist/*.js", "dist/*.css", "LICENSE"],
}
# PyScript installs packages with micropip: the one wheel the site serves.
MICROPIP = "micropip"
PIP_PLATFORM_RE = re.compile(r"^pyemscripten_(\d+_\d+)_wasm32$")


@dataclass
class Runtime:
    """What the later steps need of the fetched runtime."""

    tarballs: dict[str, Path]  # npm name -> its checked tarball
    pyodide_dir: Path  # web/vendor/pyodide
    pyodide_id: str  # "<version>:<sha256>": compiled files are cached under it
    python: str  # the Python version Pyodide runs, "3.14"
    files: list[Path] = field(default_factory=list)  # written here, kept by the prune

    @property
    def site_packages(self) -> str:
        return f"/lib/python{self.python}/site-packages"

    @property
    def stdlib_zip(self) -> str:
        """Where Pyodide mounts python_stdlib.zip (its modules' file names)."""
        return f"/lib/python{self.python.replace('.', '')}.zip"


def fetch_runtime(lock: Lock, update: bool, vendor: Path, cache: Path) -> Runtime:
    """Fetch and check the lock's npm packages and micropip; write web/vendor/pyodide/
    and web/vendor/pyscript/ (with the patched pyodide-lock.json)."""
    print("npm packages")
    npm = {e["name"]: e for e in lock["npm"]}
    missing = [name for name in NPM_FILES if name not in npm]
    if missing:
        raise BuildError(f"{LOCK.name} has no npm entry for {', '.join(missing)}")
    tarballs = {name: fetch_npm(e, update, cache) for name, e in npm.items()}
    pyodide_dir = vendor / "pyodide"
    files = extract_npm(tarballs["pyodide"], NPM_FILES["pyodide"], pyodide_dir)
    files += extract_npm(tarballs["@pyscript/core"], NPM_FILES["@pyscript/core"],
                         vendor / "pyscript")
    print("wheels")
    wheel = fetch_micropip(lock["wheels"], update, cache)
    micropip = pyodide_dir / wheel.name
    copy_if_changed(wheel, micropip)
    stock = stock_pyodide_lock(tarballs["pyodide"])
    check_pyodide_matches_wheels(stock, lock["wheels"])
    served_lock = pyodide_dir / "pyodide-lock.json"
    write_if_changed(served_lock, patch_pyodide_lock(stock, micropip))
    pyodide = npm["pyodide"]
    return Runtime(tarballs, pyodide_dir, f"{pyodide['version']}:{pyodide.get('sha256')}",
                   python_version(stock), [*files, micropip, served_lock])


def fetch_micropip(entries: list[Entry], update: bool, cache: Path) -> Path:
    """The lock's micropip wheel (PyScript needs it); a BuildError if the lock pins any
    other wheel, which the site would not serve."""
    others = [e["name"] for e in entries if e["name"] != MICROPIP]
    if others:
        raise BuildError(f"{LOCK.name} pins {', '.join(others)}: the site serves no wheel "
                         "but micropip (our code is the code bundle)")
    pinned = [e for e in entries if e["name"] == MICROPIP]
    if not pinned:
        raise BuildError(f"{LOCK.name} pins no micropip wheel (PyScript needs it)")
    return fetch_wheel(pinned[0], update, cache)


def stock_pyodide_lock(tarball: Path) -> bytes:
    """The pyodide-lock.json of Pyodide's npm tarball."""
    with tarfile.open(tarball, "r:gz") as tar:
        try:
            f = tar.extractfile("package/pyodide-lock.json")
        except KeyError:
            f = None
        if f is None:
            raise BuildError(f"{tarball.name} has no pyodide-lock.json")
        return f.read()


def python_version(pyodide_lock: bytes) -> str:
    """"3.14" of the Python version a pyodide-lock.json names."""
    version = str(json.loads(pyodide_lock).get("info", {}).get("python", ""))
    major, minor = (version.split(".") + ["", ""])[:2]
    if not (major.isdigit() and minor.isdigit()):
        raise BuildError(f"pyodide-lock.json names no Python version ({version!r})")
    return f"{major}.{minor}"


def lock_key(dist: str) -> str:
    """pyodide-lock.json's key for a distribution name (PEP 503, as Pyodide does)."""
    return re.sub(r"[-_.]+", "-", dist).lower()


def patch_pyodide_lock(lock_bytes: bytes, micropip_whl: Path) -> bytes:
    """Point the micropip entry of pyodide-lock.json at the PyPI wheel we serve, with its
    sha256 (Pyodide checks the download against it)."""
    data: dict[str, Any] = json.loads(lock_bytes)
    pkgs = data.get("packages", {})
    if MICROPIP not in pkgs:
        raise BuildError("pyodide-lock.json has no micropip entry to patch")
    m = re.match(r"^micropip-([^-]+)-", micropip_whl.name)
    if not m:
        raise BuildError(f"unexpected micropip wheel name {micropip_whl.name}")
    pkgs[MICROPIP].update(
        file_name=micropip_whl.name,
        sha256=sha256_file(micropip_whl),
        version=m.group(1),
        depends=[],
        imports=[MICROPIP],
        install_dir="site",
        package_type="package",
    )
    return (json.dumps(data, indent=None, separators=(",", ":"), sort_keys=False)
            + "\n").encode()


def check_pyodide_matches_wheels(pyodide_lock: bytes, wheel_entries: list[Entry]) -> None:
    """The Pyodide build must accept the platform/python tags the wheels were fetched
    for (a Pyodide bump without re-fetching a wheel fails here, not in the browser)."""
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
