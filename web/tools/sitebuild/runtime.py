"""The runtime in web/vendor/: Pyodide and PyScript, pinned in the repository's
package.json and package-lock.json (exact versions, each tarball's sha512 integrity),
installed by `npm ci --ignore-scripts` into node_modules/ (npm checks every tarball
against the lock's integrity and stops on a mismatch) and copied from there.

The pins are where an update bot (dependabot's npm ecosystem) watches them; the build
checks that package.json pins each runtime package exactly and that the lock holds that
version with an integrity hash before it installs anything. The site ships no wheel:
our code is the code bundle (bundle.py) and nothing loads micropip (the config lists
no packages), so Pyodide's own pyodide-lock.json is served as it comes.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from dataclasses import dataclass, field
from pathlib import Path

from .files import BuildError, ensure_dir, sha256_file, write_if_changed
from .layout import NODE_MODULES, PACKAGE_JSON, PACKAGE_LOCK

# Files of the npm packages that the pages load (paths inside the package); fnmatch-style
# patterns, source maps left out (and the comments that name them: strip_source_maps).
NPM_FILES: dict[str, list[str]] = {
    "pyodide": ["pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip",
                "pyodide-lock.json"],
    "@pyscript/core": ["dist/*.js", "dist/*.css", "LICENSE"],
}
# The last line of a script that names its source map: `//# sourceMappingURL=core.js.map`
# (or the old `//@`), as bundlers write it.
SOURCE_MAP_RE = re.compile(rb"\n?//[#@] sourceMappingURL=(\S+)[ \t]*\n?$")
# In node_modules/: what the last `npm ci` installed, {"lock": package-lock.json's
# sha256, "files": {path: sha256} of the runtime packages' files}, so that a second build
# does not install again, yet uses no file that changed since npm checked it.
INSTALLED = ".samarkand-installed.json"


@dataclass
class Runtime:
    """What the later steps need of the installed runtime."""

    packages: dict[str, Path]  # npm name -> its installed folder (node_modules/NAME)
    pyodide_dir: Path  # web/vendor/pyodide
    pyodide_id: str  # "<version>:<integrity>": compiled files are cached under it
    python: str  # the Python version Pyodide runs, "3.14"
    files: list[Path] = field(default_factory=list)  # written here, kept by the prune

    @property
    def site_packages(self) -> str:
        return f"/lib/python{self.python}/site-packages"

    @property
    def stdlib_zip(self) -> str:
        """Where Pyodide mounts python_stdlib.zip (its modules' file names)."""
        return f"/lib/python{self.python.replace('.', '')}.zip"


@dataclass(frozen=True)
class Pin:
    """One runtime package as package.json and package-lock.json pin it."""

    name: str
    version: str
    integrity: str  # "sha512-..." (Subresource Integrity), what npm checks


def runtime_pins(package_json: Path = PACKAGE_JSON,
                 package_lock: Path = PACKAGE_LOCK) -> dict[str, Pin]:
    """The runtime packages' pins, checked: package.json names each of NPM_FILES at an
    exact version and package-lock.json holds that version with a sha512 integrity."""
    try:
        wanted = json.loads(package_json.read_text())["dependencies"]
        locked = json.loads(package_lock.read_text())["packages"]
    except FileNotFoundError as e:
        raise BuildError(f"{e.filename} is missing: it pins the runtime") from None
    except (ValueError, KeyError, TypeError) as e:
        raise BuildError(f"{package_json.name} or {package_lock.name} is not what npm "
                         f"writes ({e!r})") from None
    pins: dict[str, Pin] = {}
    for name in NPM_FILES:
        version = str(wanted.get(name, ""))
        if not re.fullmatch(r"\d+\.\d+\.\d+", version):
            raise BuildError(f"{package_json.name} must pin {name} at one exact version, "
                             f"not {version!r}")
        entry = locked.get(f"node_modules/{name}") or {}
        if entry.get("version") != version:
            raise BuildError(f"{package_lock.name} has {name} {entry.get('version')}, "
                             f"{package_json.name} pins {version}: run `npm install "
                             "--package-lock-only --ignore-scripts`")
        integrity = str(entry.get("integrity", ""))
        if not integrity.startswith("sha512-"):
            raise BuildError(f"{package_lock.name} has no sha512 integrity for {name}")
        pins[name] = Pin(name, version, integrity)
    return pins


def npm_ci(root: Path, cache: Path) -> None:
    """`npm ci --ignore-scripts` in `root`: node_modules/ exactly as package-lock.json
    says, each tarball checked against its integrity, no install script run; downloads
    cached in `cache`/npm-ci. Skipped when the last install was of this lock and the
    runtime packages' files still have the hashes they had right after it."""
    stamp = root / NODE_MODULES / INSTALLED
    digest = sha256_file(root / PACKAGE_LOCK.name)
    if _still_installed(root, stamp, digest):
        return
    npm = shutil.which("npm")
    if not npm:
        raise BuildError("npm is needed to install the runtime (install Node.js)")
    cmd = [npm, "ci", "--ignore-scripts", "--no-audit", "--no-fund", "--loglevel=error",
           "--cache", str(ensure_dir(cache / "npm-ci"))]
    print("  npm ci --ignore-scripts")
    proc = subprocess.run(cmd, cwd=root, capture_output=True, text=True)
    if proc.returncode != 0:
        raise BuildError(f"`{' '.join(cmd)}` failed (an integrity error means a download "
                         f"is not what package-lock.json pins):\n{proc.stderr.strip()}")
    files = _runtime_files(root)
    stamp.write_text(json.dumps({"lock": digest, "files": files}, indent=0) + "\n")


def _runtime_files(root: Path) -> dict[str, str]:
    """{path below node_modules/: sha256} of every file of the runtime packages."""
    base = root / NODE_MODULES
    return {p.relative_to(base).as_posix(): sha256_file(p)
            for name in NPM_FILES for p in sorted((base / name).rglob("*")) if p.is_file()}


def _still_installed(root: Path, stamp: Path, digest: str) -> bool:
    try:
        last = json.loads(stamp.read_text())
    except (OSError, ValueError):
        return False
    return (isinstance(last, dict) and last.get("lock") == digest
            and bool(last.get("files")) and last["files"] == _runtime_files(root))


def installed(root: Path, pins: dict[str, Pin]) -> dict[str, Path]:
    """Each runtime package's folder in node_modules/, at its pinned version."""
    out: dict[str, Path] = {}
    for name, pin in pins.items():
        folder = root / NODE_MODULES / name
        try:
            version = json.loads((folder / "package.json").read_text())["version"]
        except (OSError, ValueError, KeyError) as e:
            raise BuildError(f"{folder} is not an installed package ({e!r})") from None
        if version != pin.version:
            raise BuildError(f"{folder} is {name} {version}, the lock pins {pin.version}")
        out[name] = folder
    return out


def fetch_runtime(vendor: Path, cache: Path, root: Path | None = None) -> Runtime:
    """Install the pinned runtime (npm ci) and write web/vendor/pyodide/ and
    web/vendor/pyscript/ from it."""
    root = root or PACKAGE_JSON.parent
    print("npm packages")
    pins = runtime_pins(root / PACKAGE_JSON.name, root / PACKAGE_LOCK.name)
    npm_ci(root, cache)
    packages = installed(root, pins)
    pyodide_dir = vendor / "pyodide"
    files = copy_package(packages["pyodide"], NPM_FILES["pyodide"], pyodide_dir)
    files += copy_package(packages["@pyscript/core"], NPM_FILES["@pyscript/core"],
                          vendor / "pyscript")
    stock = (pyodide_dir / "pyodide-lock.json").read_bytes()
    pyodide = pins["pyodide"]
    return Runtime(packages, pyodide_dir, f"{pyodide.version}:{pyodide.integrity}",
                   python_version(stock), files)


def copy_package(folder: Path, patterns: list[str], dest: Path) -> list[Path]:
    """Copy the files of an installed npm package that match `patterns` into dest,
    keeping their path below the pattern's folder; scripts lose a source-map comment
    naming a file that is not copied too (strip_source_maps)."""
    chosen: dict[Path, str] = {}
    for pattern in patterns:
        matches = sorted(p for p in folder.glob(pattern) if p.is_file())
        if not matches and "*" not in pattern:
            raise BuildError(f"{folder.name} has no {pattern}")
        for p in matches:
            chosen[p] = pattern
    names = {p.relative_to(folder).as_posix() for p in chosen}
    out = []
    for src, pattern in sorted(chosen.items()):
        rel = src.relative_to(folder)
        target = dest / rel.relative_to(Path(pattern).parent)
        data = src.read_bytes()
        if src.suffix in (".js", ".mjs", ".css"):
            data = strip_source_maps(data, rel.parent.as_posix(), names)
        write_if_changed(target, data)
        out.append(target)
    return out


def strip_source_maps(data: bytes, folder: str, shipped: set[str]) -> bytes:
    """The script without its `sourceMappingURL` comment when the map it names is not
    among the `shipped` files (paths in the package): a browser's devtools would ask
    the site for a file it does not hold."""
    m = SOURCE_MAP_RE.search(data)
    if m is None:
        return data
    target = m.group(1).decode("utf-8", "replace")
    rel = f"{folder}/{target}" if folder not in ("", ".") else target
    if not target.startswith("data:") and rel not in shipped:
        return data[:m.start()] + b"\n"
    return data


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
