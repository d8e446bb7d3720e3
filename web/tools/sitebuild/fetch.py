"""Pinned downloads of the test tools: every file is named, with its sha256, in a lock
(tests/e2e/test-tools.lock.json), and nothing is used before its hash is checked. (The
runtime the site ships is pinned in package.json and package-lock.json: runtime.py.)

Downloads go to the cache and are skipped when the cached file has the locked hash. A
hash that differs stops the build with a message naming the file, the expected and the
actual hash. `update=True` (`web/tools/build.py --update-lock`, for a maintainer bumping a
version: edit "version" in the lock first) records what was downloaded instead.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path, PurePosixPath

from .files import BuildError, ensure_dir, sha256_file, write_if_changed
from .layout import CACHE, TEST_LOCK

# One pinned file: name, version, file, sha256, and for a wheel the tags pip fetches it
# for (python_version, platform, abi).
Entry = dict[str, str]
# {"npm": [Entry], "wheels": [Entry]}
Lock = dict[str, list[Entry]]


def load_lock(path: Path = TEST_LOCK) -> Lock:
    try:
        lock: Lock = json.loads(path.read_text())
    except FileNotFoundError:
        raise BuildError(f"{path} is missing: it pins every downloaded file") from None
    except json.JSONDecodeError as e:
        raise BuildError(f"{path} is not valid JSON: {e}") from None
    return lock


def save_lock(lock: Lock, path: Path = TEST_LOCK) -> None:
    path.write_text(json.dumps(lock, indent=2) + "\n")


def check_hash(path: Path, expected: str | None, what: str) -> str:
    """Return the file's sha256; raise BuildError if it is not `expected`."""
    actual = sha256_file(path)
    if not expected:
        raise BuildError(
            f"{what}: no sha256 in {TEST_LOCK.name} for {path.name} (actual {actual}); "
            "run `web/tools/build.py --update-lock` to record it after checking the file"
        )
    if actual != expected:
        raise BuildError(
            f"sha256 mismatch for {path.name} ({what}):\n"
            f"  expected {expected}\n  actual   {actual}\n"
            f"  file     {path}\n"
            "Refusing to use it: nothing was installed. If the lock's version was bumped "
            "on purpose, check the file and run `web/tools/build.py --update-lock`; otherwise "
            "the download (or the lock) is not what was pinned."
        )
    return actual


def cached_ok(path: Path, expected: str | None) -> bool:
    return bool(expected) and path.is_file() and sha256_file(path) == expected


def _checked_into_cache(got: Path, entry: Entry, update: bool, what: str,
                        cache: Path) -> Path:
    """Move a download into the cache once it is what the lock pins (or, `update`,
    record it in the lock); a file that is not stays out of the cache."""
    if update:
        entry["file"], entry["sha256"] = got.name, sha256_file(got)
    else:
        if entry.get("file") and got.name != entry["file"]:
            raise BuildError(f"{what} gave {got.name}, the lock says {entry['file']}")
        check_hash(got, entry.get("sha256"), what)
    final = cache / got.name
    os.replace(got, final)
    return final


# --------------------------------------------------------------------------- npm

def npm_pack(name: str, version: str, dest: Path) -> Path:
    """`npm pack name@version` into dest; return the tarball path."""
    npm = shutil.which("npm")
    if not npm:
        raise BuildError(f"npm is needed to fetch {name}@{version} (install Node.js)")
    ensure_dir(dest)
    cmd = [npm, "pack", f"{name}@{version}", "--json", "--pack-destination", str(dest),
           "--ignore-scripts", "--silent"]
    proc = subprocess.run(cmd, capture_output=True, text=True)
    if proc.returncode != 0:
        raise BuildError(f"`{' '.join(cmd)}` failed:\n{proc.stderr.strip()}")
    try:
        filename = str(json.loads(proc.stdout)[0]["filename"])
    except (ValueError, LookupError, TypeError):
        raise BuildError(f"unexpected output of npm pack: {proc.stdout[:500]!r}") from None
    # npm names scoped packages "scope-name-version.tgz"
    path = dest / Path(filename).name
    if not path.is_file():
        raise BuildError(f"npm pack reported {filename} but {path} does not exist")
    return path


def fetch_npm(entry: Entry, update: bool, cache_root: Path = CACHE) -> Path:
    """The npm tarball `entry` pins, from the cache or `npm pack`, hash-checked."""
    name, version = entry["name"], entry["version"]
    cache = cache_root / "npm"
    if entry.get("file") and cached_ok(cache / entry["file"], entry.get("sha256")) \
            and f"-{version}.tgz" in entry["file"]:
        return cache / entry["file"]
    print(f"  fetching {name}@{version} (npm pack)")
    with tempfile.TemporaryDirectory(dir=ensure_dir(cache)) as tmp:
        got = npm_pack(name, version, Path(tmp))
        return _checked_into_cache(got, entry, update, f"npm pack {name}@{version}", cache)


def extract_npm(tarball: Path, patterns: list[str], dest: Path) -> list[Path]:
    """Extract members of an npm tarball matching `patterns` (relative to package/)
    into dest, keeping their path below the pattern's directory."""
    out: list[Path] = []
    with tarfile.open(tarball, "r:gz") as tar:
        for member in tar.getmembers():
            rel = _package_path(member)
            pattern = next((p for p in patterns if _matches(rel, p)), None) if rel else None
            if rel is None or pattern is None:
                continue
            target = dest / rel.relative_to(PurePosixPath(pattern).parent)
            f = tar.extractfile(member)
            assert f is not None  # a regular file (_package_path)
            write_if_changed(target, f.read())
            out.append(target)
    missing = [p for p in patterns if "*" not in p and not any(o.name == p for o in out)]
    if missing:
        raise BuildError(f"{tarball.name} has no {', '.join(missing)}")
    return out


def _package_path(member: tarfile.TarInfo) -> PurePosixPath | None:
    """A regular file's path below the tarball's package/ (None for anything else, or a
    path that would leave it)."""
    rel = PurePosixPath(member.name)
    if not member.isfile() or rel.parts[0] != "package" or ".." in rel.parts:
        return None
    return PurePosixPath(*rel.parts[1:])


def _matches(rel: PurePosixPath, pattern: str) -> bool:
    """A whole-path match: dist/*.js takes dist/core.js, not dist/sub/core.js."""
    return rel.match(pattern) and len(rel.parts) == len(PurePosixPath(pattern).parts)


# --------------------------------------------------------------------------- wheels

def pip_download_args(entry: Entry) -> list[str]:
    args = ["--no-deps", "--only-binary=:all:", "--disable-pip-version-check"]
    if entry.get("platform"):
        args += ["--platform", entry["platform"], "--implementation", "cp"]
    if entry.get("python_version"):
        args += ["--python-version", entry["python_version"]]
    if entry.get("abi"):
        args += ["--abi", entry["abi"]]
    return args + [f"{entry['name']}=={entry['version']}"]


def pip_download(entry: Entry, dest: Path) -> Path:
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


def fetch_wheel(entry: Entry, update: bool, cache_root: Path = CACHE) -> Path:
    """The wheel `entry` pins, from the cache or `pip download`, hash-checked."""
    cache = cache_root / "wheels"
    if entry.get("file") and cached_ok(cache / entry["file"], entry.get("sha256")):
        return cache / entry["file"]
    spec = f"{entry['name']}=={entry['version']}"
    print(f"  fetching {spec} (pip download)")
    with tempfile.TemporaryDirectory(dir=ensure_dir(cache)) as tmp:
        whl = pip_download(entry, Path(tmp))
        return _checked_into_cache(whl, entry, update, f"pip download {spec}", cache)
