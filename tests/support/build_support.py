"""What the build's tests share (tests/tools/test_build*.py): where the tree and the built
site are, and the served code bundle read back."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import boot  # web/boot.py, which writes and reads the code bundle
import pytest

ROOT = Path(__file__).resolve().parents[2]
WEB = ROOT / "web"
SITE = ROOT / "site"
built = pytest.mark.skipif(not (SITE / "vendor" / "precache.json").is_file(),
                           reason="site/ not built (make web)")


def sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def built_bundle() -> dict:
    """The served code bundle's dict (web/boot.py's format)."""
    config = json.loads((WEB / "vendor" / "config.json").read_text())
    return dict(boot.read((WEB / config["code"]["url"]).read_bytes()))


def bundle_names(body: dict) -> set[str]:
    """The bundle's modules as the file names they have in the source tree, and its files."""
    names = {m.replace(".", "/") + ("/__init__.py" if package else ".py")
             for m, (package, _code) in body["modules"].items()}
    return names | set(body["files"])

