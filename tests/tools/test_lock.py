"""requirements-dev.lock (`make lock`): one version of each dependency, hash-checked, and
the same version as the page wherever the page ships the same package."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name
from packaging.version import Version

ROOT = Path(__file__).resolve().parents[2]
LOCK = ROOT / "requirements-dev.lock"
# `name==version [; marker] \` and the `--hash=sha256:...` lines under it.
PIN = re.compile(r"^([A-Za-z0-9._-]+)==([^\s;\\]+)")
HASH = re.compile(r"^\s+--hash=sha256:[0-9a-f]{64}")


def lock_entries() -> dict[str, tuple[str, int]]:
    """{canonical name: (pinned version, number of hashes)} of the lock."""
    out: dict[str, tuple[str, int]] = {}
    current = ""
    for line in LOCK.read_text().splitlines():
        m = PIN.match(line)
        if m:
            current = canonicalize_name(m.group(1))
            assert current not in out, f"{current} is pinned twice"
            out[current] = (m.group(2), 0)
        elif HASH.match(line):
            version, n = out[current]
            out[current] = (version, n + 1)
    return out


def test_every_pin_is_hash_checked_and_once() -> None:
    pins = lock_entries()
    assert len(pins) > 10
    for name, (version, hashes) in pins.items():
        assert hashes >= 1, f"{name}=={version} has no hash"


def test_lock_answers_every_requirement_of_pyproject() -> None:
    """The base dependencies and the dev and tournament extras are pinned at versions
    their specifiers allow (`make lock` after editing them)."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    wanted = project["dependencies"] + [
        r for extra in ("dev", "tournament") for r in project["optional-dependencies"][extra]]
    pins = lock_entries()
    for spec in wanted:
        req = Requirement(spec)
        name = canonicalize_name(req.name)
        if name == canonicalize_name(project["name"]):
            continue  # the package's own extra, listed by its own entries
        assert name in pins, f"{spec} is not in {LOCK.name}: run make lock"
        assert Version(pins[name][0]) in req.specifier, f"{spec}: {pins[name][0]}"


def _pins_with_hashes(path: Path) -> dict[str, tuple[str, frozenset[str]]]:
    out: dict[str, tuple[str, frozenset[str]]] = {}
    current = ""
    for line in path.read_text().splitlines():
        m = PIN.match(line)
        if m:
            current = canonicalize_name(m.group(1))
            out[current] = (m.group(2), frozenset())
        elif HASH.match(line):
            version, hashes = out[current]
            out[current] = (version, hashes | {line.split("sha256:")[1].strip(" \\")})
    return out


def test_the_build_lock_is_a_part_of_the_dev_lock() -> None:
    """`make web` installs requirements-build.lock alone (what building the site needs):
    each of its pins is the dev lock's, version and hashes, so the site is built with
    what the tests run."""
    build = _pins_with_hashes(ROOT / "requirements-build.lock")
    dev = _pins_with_hashes(LOCK)
    assert "babel" in build
    for name, (version, hashes) in build.items():
        assert hashes, f"{name} has no hash"
        assert dev.get(name) == (version, hashes), name
