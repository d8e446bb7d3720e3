"""Test-only tools (axe-core for the accessibility e2e tests): pinned in their own lock,
fetched and hash-checked like the runtime, but into build/test-tools/, which is outside
web/ (never served, never precached, never published) and git-ignored."""

from __future__ import annotations

from pathlib import Path

from .fetch import extract_npm, fetch_npm, load_lock, save_lock
from .files import BuildError, prune
from .layout import CACHE, TEST_LOCK, TEST_TOOLS

# The files each tool's npm tarball gives the tests.
TEST_NPM_FILES: dict[str, list[str]] = {"axe-core": ["axe.min.js", "LICENSE"]}


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
        prune(target, extract_npm(tarball, TEST_NPM_FILES[name], target))
        out[name] = target
    if update_lock:
        save_lock(lock, lock_path)
        print(f"wrote {lock_path}")
    return out
