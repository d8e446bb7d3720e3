"""The test-only tools (axe-core): pinned with a sha256 in
tests/e2e/test-tools.lock.json, fetched by web/tools/build.py --test-tools into
build/test-tools/, outside the site that is served, precached and published; a tarball
that is not the pinned one installs nothing. No network here: npm is replaced by a fake."""

from __future__ import annotations

import hashlib
import io
import json
import tarfile
from pathlib import Path

import pytest
from sitebuild import fetch, layout
from sitebuild.files import BuildError
from sitebuild.test_tools import build_test_tools

ROOT = Path(__file__).resolve().parents[2]
WEB = ROOT / "web"


def _tarball(path: Path, files: dict[str, bytes]) -> Path:
    with tarfile.open(path, "w:gz") as tar:
        for name, data in files.items():
            info = tarfile.TarInfo("package/" + name)
            info.size = len(data)
            tar.addfile(info, io.BytesIO(data))
    return path


def test_the_test_lock_pins_axe_core_with_a_sha256() -> None:
    lock = json.loads(layout.TEST_LOCK.read_text())
    (entry,) = lock["npm"]
    assert entry["name"] == "axe-core" and entry["version"] == "4.14.1"
    assert entry["file"] == "axe-core-4.14.1.tgz"
    assert len(entry["sha256"]) == 64 and int(entry["sha256"], 16) >= 0


def test_test_tools_live_outside_the_site() -> None:
    """Never served nor precached: not under web/ nor in the site folder (what hosts
    publish, and the service worker precaches), and git-ignored (build/)."""
    assert WEB not in layout.TEST_TOOLS.parents
    assert layout.SITE not in layout.TEST_TOOLS.parents
    assert layout.TEST_TOOLS.parts[-2:] == ("build", "test-tools")
    assert "build/" in (ROOT / ".gitignore").read_text().split()
    if (layout.SITE / "vendor" / "precache.json").is_file():
        files = json.loads((layout.SITE / "vendor" / "precache.json").read_text())["files"]
        assert not [f for f in files if "axe" in f]
        assert not [p for p in layout.SITE.rglob("*") if "axe" in p.name]


def _lock(tmp_path: Path, sha: str) -> Path:
    path = tmp_path / "test-tools.lock.json"
    path.write_text(json.dumps({"npm": [{"name": "axe-core", "version": "4.14.1",
                                          "file": "axe-core-4.14.1.tgz", "sha256": sha}]}))
    return path


def test_pinned_axe_is_extracted_into_the_test_folder(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    made = _tarball(tmp_path / "src.tgz", {"axe.min.js": b"window.axe={}", "LICENSE": b"MPL",
                                           "axe.js": b"unminified"})
    sha = hashlib.sha256(made.read_bytes()).hexdigest()

    def npm_pack(name: str, version: str, dest: Path) -> Path:
        out = dest / f"axe-core-{version}.tgz"
        out.write_bytes(made.read_bytes())
        return out

    monkeypatch.setattr(fetch, "npm_pack", npm_pack)
    out = build_test_tools(lock_path=_lock(tmp_path, sha), dest=tmp_path / "tools",
                           cache=tmp_path / "cache")
    where = out["axe-core"]
    assert sorted(p.name for p in where.iterdir()) == ["LICENSE", "axe.min.js"]
    assert (where / "axe.min.js").read_bytes() == b"window.axe={}"


def test_a_tarball_that_is_not_the_pinned_one_installs_nothing(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def npm_pack(name: str, version: str, dest: Path) -> Path:
        return _tarball(dest / f"axe-core-{version}.tgz", {"axe.min.js": b"evil"})

    monkeypatch.setattr(fetch, "npm_pack", npm_pack)
    with pytest.raises(BuildError, match="sha256 mismatch"):
        build_test_tools(lock_path=_lock(tmp_path, "0" * 64), dest=tmp_path / "tools",
                         cache=tmp_path / "cache")
    assert not (tmp_path / "tools").exists()
